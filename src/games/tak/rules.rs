//! The settings of one game: size, reserves, komi and opening (RULINGS Tak 1-3).

use std::fmt;
use std::str::FromStr;

use super::piece::Color;
use super::square::{MAX_SIZE, MIN_SIZE};

/// Komi in half points, added to Player 2's flat count (RULINGS Tak 3).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Komi(i8);

impl Komi {
    pub const MAX_HALVES: i8 = 9;

    /// Komi from a number of half points, within -4.5..=4.5.
    pub fn from_halves(halves: i8) -> Option<Komi> {
        (-Self::MAX_HALVES..=Self::MAX_HALVES)
            .contains(&halves)
            .then_some(Komi(halves))
    }

    pub fn halves(self) -> i8 {
        self.0
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let abs = self.0.unsigned_abs();
        if abs % 2 == 0 {
            write!(f, "{sign}{}", abs / 2)
        } else {
            write!(f, "{sign}{}.5", abs / 2)
        }
    }
}

impl FromStr for Komi {
    type Err = String;

    fn from_str(s: &str) -> Result<Komi, String> {
        let err = || format!("komi must be a number from -4.5 to 4.5 in steps of 0.5, not `{s}`");
        let value: f64 = s.trim().parse().map_err(|_| err())?;
        let halves = value * 2.0;
        if !halves.is_finite() || halves.fract() != 0.0 || halves.abs() > Self::MAX_HALVES as f64 {
            return Err(err());
        }
        Ok(Komi(halves as i8))
    }
}

/// How the game opens (RULINGS Tak 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Opening {
    /// The first two plies place the opponent's flat.
    #[default]
    Swap,
    /// Every ply is a normal ply.
    NoSwap,
}

impl Opening {
    pub fn name(self) -> &'static str {
        match self {
            Opening::Swap => "swap",
            Opening::NoSwap => "no-swap",
        }
    }
}

impl FromStr for Opening {
    type Err = String;
    fn from_str(s: &str) -> Result<Opening, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "swap" => Ok(Opening::Swap),
            "no-swap" | "noswap" | "no_swap" | "none" => Ok(Opening::NoSwap),
            _ => Err(format!("opening must be `swap` or `no-swap`, not `{s}`")),
        }
    }
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a set of rules is not playable.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    #[error("the board size must be 3 to 8, not {0}")]
    Size(i64),
    #[error("each player needs 1 to 80 flat stones, not {0}")]
    Flats(i64),
    #[error("each player may have 0 to 5 capstones, not {0}")]
    Caps(i64),
}

/// The settings of one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub size: u8,
    /// Stones (flats and walls) per player, White first.
    pub stones: [u8; 2],
    /// Capstones per player, White first.
    pub caps: [u8; 2],
    pub komi: Komi,
    pub opening: Opening,
}

pub const MAX_FLATS: u8 = 80;
pub const MAX_CAPS: u8 = 5;

impl Rules {
    /// The standard reserves of a size (RULINGS Tak 1).
    pub fn standard_reserves(size: u8) -> (u8, u8) {
        match size {
            3 => (10, 0),
            4 => (15, 0),
            5 => (21, 1),
            6 => (30, 1),
            7 => (40, 2),
            _ => (50, 2),
        }
    }

    /// Standard rules for a size: standard reserves, no komi, swap opening.
    pub fn standard(size: u8) -> Result<Rules, RulesError> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(RulesError::Size(size as i64));
        }
        let (stones, caps) = Self::standard_reserves(size);
        Ok(Rules {
            size,
            stones: [stones; 2],
            caps: [caps; 2],
            komi: Komi::default(),
            opening: Opening::Swap,
        })
    }

    pub fn with_komi(mut self, komi: Komi) -> Rules {
        self.komi = komi;
        self
    }

    pub fn with_opening(mut self, opening: Opening) -> Rules {
        self.opening = opening;
        self
    }

    /// Sets one player's reserves, checking the limits of RULINGS Tak 1.
    pub fn with_reserves(
        mut self,
        color: Color,
        stones: i64,
        caps: i64,
    ) -> Result<Rules, RulesError> {
        if !(1..=MAX_FLATS as i64).contains(&stones) {
            return Err(RulesError::Flats(stones));
        }
        if !(0..=MAX_CAPS as i64).contains(&caps) {
            return Err(RulesError::Caps(caps));
        }
        self.stones[color.index()] = stones as u8;
        self.caps[color.index()] = caps as u8;
        Ok(self)
    }

    /// Whether both players have the standard reserves of the size.
    pub fn has_standard_reserves(&self) -> bool {
        let (stones, caps) = Self::standard_reserves(self.size);
        self.stones == [stones; 2] && self.caps == [caps; 2]
    }

    /// The carry limit: the board's width.
    pub fn carry_limit(&self) -> u8 {
        self.size
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_reserves_per_size() {
        // RULINGS Tak 1.
        let expected = [
            (3, 10, 0),
            (4, 15, 0),
            (5, 21, 1),
            (6, 30, 1),
            (7, 40, 2),
            (8, 50, 2),
        ];
        for (size, stones, caps) in expected {
            let rules = Rules::standard(size).unwrap();
            assert_eq!(rules.stones, [stones; 2]);
            assert_eq!(rules.caps, [caps; 2]);
        }
        assert_eq!(Rules::standard(2), Err(RulesError::Size(2)));
        assert_eq!(Rules::standard(9), Err(RulesError::Size(9)));
    }

    #[test]
    fn custom_reserves_are_bounded() {
        // RULINGS Tak 1: flats 1..=80, capstones 0..=5, per player.
        let rules = Rules::standard(5).unwrap();
        let custom = rules.with_reserves(Color::Black, 80, 5).unwrap();
        assert_eq!(custom.stones, [21, 80]);
        assert_eq!(custom.caps, [1, 5]);
        assert!(!custom.has_standard_reserves());
        assert_eq!(
            rules.with_reserves(Color::White, 0, 1),
            Err(RulesError::Flats(0))
        );
        assert_eq!(
            rules.with_reserves(Color::White, 81, 1),
            Err(RulesError::Flats(81))
        );
        assert_eq!(
            rules.with_reserves(Color::White, 10, 6),
            Err(RulesError::Caps(6))
        );
    }

    #[test]
    fn komi_is_half_points_within_four_and_a_half() {
        // RULINGS Tak 3.
        assert_eq!("2.5".parse::<Komi>().unwrap().halves(), 5);
        assert_eq!("-4.5".parse::<Komi>().unwrap().halves(), -9);
        assert_eq!("0".parse::<Komi>().unwrap().to_string(), "0");
        assert_eq!(Komi::from_halves(-3).unwrap().to_string(), "-1.5");
        assert!("5".parse::<Komi>().is_err());
        assert!("1.25".parse::<Komi>().is_err());
        assert!("NaN".parse::<Komi>().is_err());
        assert!("x".parse::<Komi>().is_err());
    }
}
