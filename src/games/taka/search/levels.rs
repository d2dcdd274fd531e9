//! Levels 1-10 for Taka: the depth of the search in whole turns, how many
//! root turns its last iteration searches, and the noise on its
//! evaluation. No level reads the clock, so each replays exactly for a
//! seed and plays alike on a loaded machine (the bot adds
//! [`crate::games::kit::search::MOVE_TIME_CEILING`] on top).
//!
//! Every level sees a goal in one and a goal in one of the opponent's (the
//! search's threat check at every node), whatever its depth and noise.

use super::alphabeta::Settings;

/// (depth, noise in points, root turns of the last iteration) of levels
/// 1 to 10. Each level plays with less noise than the one below or
/// searches a turn deeper (docs/ai.md, "Taka levels": noise 50 against 100
/// at depth 4 was no step, +14 -15 =3 over 32 games, so depth 4 has two
/// levels and depth 2 three; a last iteration narrowed to the best 2 turns
/// of depth 3 scored even against depth 3, so no level narrows it).
const LEVELS: [(u32, i32, Option<usize>); 10] = [
    (1, 300, None),
    (1, 100, None),
    (1, 0, None),
    (2, 300, None),
    (2, 100, None),
    (2, 0, None),
    (3, 100, None),
    (3, 0, None),
    (4, 100, None),
    (4, 0, None),
];

/// A ceiling on any level's nodes, should a position be far wider than
/// usual: level 10 searched about 220,000 nodes a turn on average in a
/// game, at under 2 microseconds of CPU a node on the 2-core machine, so
/// a turn stays near 1 s of CPU at most (docs/ai.md).
const NODE_CEILING: u64 = 500_000;

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

    /// The time of every turn of a game between two players of a level
    /// (`TAKA_LEVEL`, 10 when unset; after two seeded random turns): run
    /// by hand, `cargo test --release --lib taka::search::levels --
    /// --ignored --nocapture` (docs/ai.md, "Taka measurements").
    #[test]
    #[ignore]
    fn level_ten_turn_times() {
        use super::super::super::position::Position;
        use super::super::Searcher;
        use std::time::{Duration, Instant};
        let mut position = Position::start();
        let mut state = 1u64;
        for _ in 0..2 {
            let turns = position.legal_turns();
            state = crate::games::kit::search::mix(state + 1);
            position
                .play(&turns[(state % turns.len() as u64) as usize])
                .unwrap();
        }
        let mut searchers = [Searcher::new(), Searcher::new()];
        let mut times = Vec::new();
        let level = std::env::var("TAKA_LEVEL")
            .ok()
            .and_then(|l| l.parse().ok())
            .unwrap_or(10);
        let mut nodes = Vec::new();
        let mut cpu = Vec::new();
        // The thread's own CPU time, which the machine's load leaves alone.
        let thread_cpu = || {
            let mut t = libc::timespec {
                tv_sec: 0,
                tv_nsec: 0,
            };
            // SAFETY: `t` is a valid timespec for the call to fill.
            unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
            Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
        };
        while !position.is_over() && times.len() < 300 {
            let start = Instant::now();
            let start_cpu = thread_cpu();
            let settings = level_settings(level, times.len() as u64);
            let Some(report) = searchers[times.len() % 2].search(&position, settings) else {
                break;
            };
            times.push(start.elapsed());
            cpu.push(thread_cpu() - start_cpu);
            nodes.push(report.nodes);
            position.play(&report.best).unwrap();
        }
        let total: Duration = times.iter().sum();
        println!(
            "level {level}: {} turns, wall slowest {:?} mean {:?}, CPU slowest {:?} mean {:?}, nodes most {} mean {}, {} at the ceiling, {}",
            times.len(),
            times.iter().max().unwrap(),
            total / times.len() as u32,
            cpu.iter().max().unwrap(),
            cpu.iter().sum::<Duration>() / cpu.len() as u32,
            nodes.iter().max().unwrap(),
            nodes.iter().sum::<u64>() / nodes.len() as u64,
            nodes.iter().filter(|&&n| n >= NODE_CEILING).count(),
            position
                .outcome()
                .map_or("unfinished".to_string(), |o| o.to_string())
        );
    }
}
