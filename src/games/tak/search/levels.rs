//! Playing levels 1-10: how much the search may do and how much noise
//! blurs its evaluation. Every level is bounded by depth or by nodes, never
//! by the clock, so a seeded game replays exactly and a level plays the
//! same on a loaded machine (the bot adds a clock only as a ceiling, see
//! [`super::best_move`]).
//!
//! Levels 3-6 search a fixed depth (2 to 5 plies; a node ceiling keeps the
//! big boards bounded): a node budget reaches a shallower depth on a bigger
//! board, which made two levels search the same depth at 6x6 and play
//! alike. Levels 7-10 double a node budget; an interrupted iteration keeps
//! the best root move it finished, so every node counts. Level 10's budget
//! takes under a second on one idle core of the test machine (about 1.4
//! million nodes a second), well within the two seconds a move may take.

use super::alphabeta::Settings;
use crate::games::kit::search::Limits;
use std::fmt;
use std::str::FromStr;

/// The node ceiling of the fixed-depth levels (below level 7's budget).
const DEPTH_CEILING: u64 = 120_000;

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
            3 => (Some(2), Some(DEPTH_CEILING), 30),
            4 => (Some(3), Some(DEPTH_CEILING), 15),
            5 => (Some(4), Some(DEPTH_CEILING), 8),
            6 => (Some(5), Some(DEPTH_CEILING), 4),
            7 => (None, Some(150_000), 2),
            8 => (None, Some(300_000), 0),
            9 => (None, Some(600_000), 0),
            _ => (None, Some(1_200_000), 0),
        };
        Settings {
            limits: Limits {
                depth,
                nodes,
                movetime: None,
                soft: None,
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
            // Reproducible: no level reads the clock.
            assert_eq!(s.limits.movetime, None, "level {level}");
            assert!(s.limits.depth.is_some() || s.limits.nodes.is_some());
            if let Some(p) = previous {
                assert!(s.noise <= p.noise, "level {level}");
                let effort = |s: &Settings| {
                    (
                        s.limits.depth.unwrap_or(u32::MAX),
                        s.limits.nodes.unwrap_or(u64::MAX),
                    )
                };
                assert!(effort(&s) >= effort(&p), "level {level}");
            }
            previous = Some(s);
        }
        assert!(!Level::MIN.settings(0).sees_threats);
        assert_eq!(
            "11".parse::<Level>().unwrap_err(),
            "the level must be a whole number from 1 to 10, not `11`"
        );
        assert_eq!("0".parse::<Level>().ok(), None);
        assert_eq!(" 7 ".parse::<Level>(), Ok(Level(7)));
    }
}
