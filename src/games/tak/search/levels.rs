//! Playing levels 1-10: how much the search may do and how much noise
//! blurs its evaluation. Levels 1-9 are bounded by depth or nodes, so a
//! seeded game replays exactly; level 10 is the strongest search that fits
//! in two seconds.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use super::alphabeta::{Limits, Settings};

/// A playing level, 1 (a beginner can beat it) to 10 (the strongest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

impl Level {
    pub const MIN: Level = Level(1);
    pub const MAX: Level = Level(10);

    pub fn new(level: u8) -> Option<Level> {
        (1..=10).contains(&level).then_some(Level(level))
    }

    pub fn number(self) -> u8 {
        self.0
    }

    pub fn all() -> impl Iterator<Item = Level> {
        (1..=10).map(Level)
    }

    /// The search settings of this level; `seed` picks the noise.
    pub fn settings(self, seed: u64) -> Settings {
        // (depth, nodes, noise in centiflats)
        let (depth, nodes, noise) = match self.0 {
            1 => (Some(1), None, 150),
            2 => (Some(1), None, 50),
            3 => (Some(2), None, 30),
            4 => (None, Some(8_000), 20),
            5 => (None, Some(20_000), 12),
            6 => (None, Some(50_000), 8),
            7 => (None, Some(120_000), 4),
            8 => (None, Some(300_000), 2),
            9 => (None, Some(800_000), 0),
            _ => (None, None, 0),
        };
        let movetime = (self.0 == 10).then_some(Duration::from_secs(2));
        Settings {
            limits: Limits {
                depth,
                nodes,
                movetime,
            },
            noise,
            seed,
            sees_threats: self.0 > 1,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| format!("the level must be a whole number from 1 to 10, not `{s}`"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_in_effort_and_shrink_in_noise() {
        let mut previous: Option<Settings> = None;
        for level in Level::all() {
            let s = level.settings(0);
            if let Some(p) = previous {
                assert!(s.noise <= p.noise, "level {level}");
            }
            previous = Some(s);
        }
        assert_eq!(
            Level::MAX.settings(0).limits.movetime,
            Some(Duration::from_secs(2))
        );
        assert!(!Level::MIN.settings(0).sees_threats);
        assert_eq!(
            "11".parse::<Level>().unwrap_err(),
            "the level must be a whole number from 1 to 10, not `11`"
        );
        assert_eq!("0".parse::<Level>().ok(), None);
        assert_eq!(" 7 ".parse::<Level>(), Ok(Level(7)));
    }
}
