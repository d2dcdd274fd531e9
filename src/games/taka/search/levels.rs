//! Levels 1-10 for Taka: the depth of the search in whole turns, how many
//! root turns its last iteration searches, and the noise on its
//! evaluation. No level reads the clock, so each replays exactly for a
//! seed and plays alike on a loaded machine (the bot adds
//! [`crate::games::tak::search::MOVE_TIME_CEILING`] on top).
//!
//! Every level sees a goal in one and a goal in one of the opponent's (the
//! search's threat check at every node), whatever its depth and noise.

use super::alphabeta::Settings;

/// (depth, noise in points, root turns of the last iteration) of levels
/// 1 to 10.
const LEVELS: [(u32, i32, Option<usize>); 10] = [
    (1, 300, None),
    (1, 100, None),
    (1, 0, None),
    (2, 100, None),
    (2, 0, None),
    (3, 0, None),
    (4, 0, Some(2)),
    (4, 0, Some(5)),
    (4, 0, Some(12)),
    (4, 0, None),
];

/// A ceiling on any level's nodes, should a position be far wider than
/// usual: level 10 searches 100,000 to 300,000 nodes a turn in most
/// positions (docs/ai.md).
const NODE_CEILING: u64 = 2_000_000;

/// The settings of `level` (1-10, clamped); `seed` picks the noise.
pub fn level_settings(level: u8, seed: u64) -> Settings {
    let (depth, noise, width) = LEVELS[usize::from(level.clamp(1, 10)) - 1];
    let mut settings = Settings {
        noise,
        seed,
        width,
        ..Settings::default()
    };
    settings.limits.depth = Some(depth);
    settings.limits.nodes = Some(NODE_CEILING);
    settings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_searches_deeper_or_wider_or_with_less_noise() {
        let all: Vec<Settings> = (1..=10).map(|l| level_settings(l, 0)).collect();
        for pair in all.windows(2) {
            let (low, high) = (pair[0], pair[1]);
            assert!(high.limits.depth >= low.limits.depth);
            if high.limits.depth == low.limits.depth {
                assert!(high.noise <= low.noise);
                let width = |s: Settings| s.width.unwrap_or(usize::MAX);
                assert!(width(high) >= width(low));
                assert!((high.noise, width(high)) != (low.noise, width(low)));
            }
            // No level reads the clock.
            assert_eq!(high.limits.movetime, None);
        }
        assert_eq!(level_settings(0, 0), all[0]);
        assert_eq!(level_settings(11, 0), all[9]);
    }
}
