//! The Takat computer opponent: an alpha-beta search that proves wins and
//! losses where it can reach them, levels 1-10 like Tak's.
//!
//! The game is small (seven cells, 21 pieces, stacks below six) but has no
//! repetition rule, so its graph has cycles and no draw. The search is a
//! negamax over the legal turns with a transposition table keyed by the
//! whole position; a score beyond [`DECIDED`] is a proof: every line within
//! the horizon ends in a stack of six or a player without a legal turn
//! (RULINGS Takat 8), and the score tells in how many plies. Undecided
//! leaves get a heuristic: how close the tallest stacks are to six (White's
//! goal), and how many turns the player to move has (Black's goal is to
//! leave White none).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use super::cell::Cell;
use super::color::Color;
use super::position::{Position, Safety, MAX_HEIGHT};
use super::turn::Turn;
pub use crate::games::kit::search::Limits;
use crate::games::kit::search::{mix, noise, Entry, WinScale};

/// How a decided game scores, in the leaf heuristic's points.
pub const SCORES: WinScale = WinScale::new(100_000);
/// The score of a won game, less the plies to the win.
pub const WIN: i32 = SCORES.win;
/// Scores beyond this are proven wins or losses.
pub const DECIDED: i32 = SCORES.decided();
const MAX_DEPTH: u32 = 64;
/// Entries kept before the table is emptied.
const TABLE_LIMIT: usize = 2_000_000;

/// A level's settings: limits and seeded evaluation noise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub limits: Limits,
    pub noise: i32,
    pub seed: u64,
}

/// The node ceiling of the fixed-depth levels (below level 7's budget).
const DEPTH_CEILING: u64 = 40_000;

/// Levels 1-10 for Takat, as Tak's: levels 1-6 search a fixed depth (with
/// a node ceiling), levels 7-10 double a node budget, so that no level
/// reads the clock and each plays the same on a loaded machine (the bot
/// adds [`crate::games::kit::search::MOVE_TIME_CEILING`] on top). Level
/// 10's budget takes about a second of one idle core (docs/ai.md).
pub fn level_settings(level: u8, seed: u64) -> Settings {
    let (depth, nodes, noise) = match level.clamp(1, 10) {
        1 => (Some(1), None, 60),
        2 => (Some(2), None, 40),
        3 => (Some(3), Some(DEPTH_CEILING), 25),
        4 => (Some(4), Some(DEPTH_CEILING), 15),
        5 => (Some(5), Some(DEPTH_CEILING), 8),
        6 => (Some(6), Some(DEPTH_CEILING), 4),
        7 => (None, Some(LEVEL_10_NODES / 8), 2),
        8 => (None, Some(LEVEL_10_NODES / 4), 0),
        9 => (None, Some(LEVEL_10_NODES / 2), 0),
        _ => (None, Some(LEVEL_10_NODES), 0),
    };
    Settings {
        limits: Limits {
            depth,
            nodes,
            ..Limits::default()
        },
        noise,
        seed,
    }
}

/// Level 10's node budget: about 0.8 million nodes a second of one core
/// were measured (docs/ai.md), so about a second.
const LEVEL_10_NODES: u64 = 800_000;

/// What a search found; the score in points, beyond [`DECIDED`] a proven
/// result ([`SCORES`] reads it).
pub type Report = crate::games::kit::search::Report<Turn>;

/// Hashes a [`Position::code`] by mixing its bits (the code is already
/// one-to-one, so no general-purpose hashing is needed).
#[derive(Default)]
pub struct CodeHasher(u64);

impl Hasher for CodeHasher {
    fn finish(&self) -> u64 {
        mix(self.0)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A set or map keyed by [`Position::code`].
pub type CodeHash = BuildHasherDefault<CodeHasher>;

/// A searcher; keep one per game so the table carries over.
#[derive(Default)]
pub struct Searcher {
    table: HashMap<u64, Entry<Turn>, CodeHash>,
    nodes: u64,
    settings: Option<Settings>,
    start: Option<Instant>,
    stopped: bool,
    may_stop: bool,
    /// The best root turn of the iteration under way and its score, once
    /// its first turn is searched: a budget that runs out mid-iteration
    /// still plays it (the first turn is the last iteration's best, so
    /// another replaces it only when proven better).
    root_best: Option<(Turn, i32)>,
}

fn is_stack_of_six(position: &Position) -> bool {
    Cell::ALL.iter().any(|&c| position.height(c) >= MAX_HEIGHT)
}

impl Searcher {
    pub fn new() -> Searcher {
        Searcher::default()
    }

    /// Searches `position`; `None` when the game is over.
    pub fn search(&mut self, position: &Position, settings: Settings) -> Option<Report> {
        if position.is_over() {
            return None;
        }
        if self.table.len() > TABLE_LIMIT {
            self.table.clear();
        }
        self.settings = Some(settings);
        self.nodes = 0;
        self.start = Some(Instant::now());
        self.stopped = false;
        let max_depth = settings
            .limits
            .depth
            .unwrap_or(MAX_DEPTH)
            .clamp(1, MAX_DEPTH);
        let mut last = None;
        for depth in 1..=max_depth {
            self.may_stop = depth > 1;
            self.root_best = None;
            let score = self.negamax(position, depth, 0, -WIN - 1, WIN + 1);
            if self.stopped {
                if let Some((best, score)) = self.root_best {
                    last = Some(Report {
                        best,
                        score,
                        depth,
                        nodes: self.nodes,
                    });
                }
                break;
            }
            let Some(best) = self.table.get(&position.code()).and_then(|e| e.best) else {
                break;
            };
            last = Some(Report {
                best,
                score,
                depth,
                nodes: self.nodes,
            });
            if score.abs() > DECIDED || self.budget_spent(settings.limits) {
                break;
            }
        }
        last
    }

    fn budget_spent(&self, limits: Limits) -> bool {
        let elapsed = self.start.map(|s| s.elapsed()).unwrap_or_default();
        limits.spent(self.nodes, elapsed)
    }

    fn negamax(
        &mut self,
        position: &Position,
        depth: u32,
        ply: i32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.may_stop {
            if let Some(settings) = self.settings {
                let limits = settings.limits;
                if limits.nodes.is_some_and(|n| self.nodes >= n)
                    || (self.nodes % 256 == 0
                        && limits.movetime.is_some_and(|t| {
                            self.start.map(|s| s.elapsed()).unwrap_or_default() >= t
                        }))
                {
                    self.stopped = true;
                }
            }
        }
        if self.stopped {
            return 0;
        }
        // RULINGS Takat 8: a stack of six wins for White; a player with no
        // legal turn loses.
        if is_stack_of_six(position) {
            let white_to_move = position.to_move() == Color::White;
            return if white_to_move {
                WIN - ply
            } else {
                -(WIN - ply)
            };
        }
        let turns = position.legal_turns();
        if turns.is_empty() {
            return -(WIN - ply);
        }
        if depth == 0 {
            return self.leaf(position, turns.len());
        }
        let code = position.code();
        let entry = self.table.get(&code).copied();
        if let Some(e) = entry {
            if e.depth >= depth {
                let score = SCORES.shifted(e.score, -ply);
                if e.cuts(score, alpha, beta) {
                    return score;
                }
            }
        }
        let mut ordered = turns;
        if let Some(best) = entry.and_then(|e| e.best) {
            if let Some(i) = ordered.iter().position(|&t| t == best) {
                ordered.swap(0, i);
            }
        }
        let original_alpha = alpha;
        let mut best_score = -WIN - 1;
        let mut best_turn = None;
        for turn in ordered {
            let mut child = position.clone();
            child.apply(turn);
            let score = -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_turn = Some(turn);
                if ply == 0 {
                    self.root_best = Some((turn, score));
                }
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.table.insert(
            code,
            Entry {
                depth,
                score: SCORES.shifted(best_score, ply),
                lower: best_score > original_alpha,
                upper: best_score < beta,
                best: best_turn,
            },
        );
        best_score
    }

    /// The heuristic score of an undecided leaf, for the player to move.
    fn leaf(&self, position: &Position, mobility: usize) -> i32 {
        let mut white = 0i32;
        for cell in Cell::ALL {
            let h = position.height(cell) as i32;
            // Tall stacks bring White's six nearer, whoever tops them;
            // a safe White top is a stack White keeps.
            white += h * h * 6;
            if position.top(cell) == Some(Color::White) && position.safety(cell) != Safety::Unsafe {
                white += 10 * h;
            }
        }
        white += position.in_hand(Color::White) as i32 * 8;
        let mover = position.to_move();
        let mut score = if mover == Color::White { white } else { -white };
        score += mobility.min(20) as i32 * 6;
        if let Some(settings) = self.settings {
            score += noise(settings.noise, settings.seed, position.code());
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn exact(depth: u32) -> Settings {
        Settings {
            limits: Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            noise: 0,
            seed: 0,
        }
    }

    #[test]
    fn a_stack_of_six_in_one_is_played() {
        // RULINGS Takat 8: White wins when a stack reaches six. C and N
        // hold five each; White's top piece on N can move onto C.
        let position: Position = "bwbwb/wbwbw/x/x/x/x/x w -".parse().unwrap();
        let mut searcher = Searcher::new();
        let report = searcher.search(&position, exact(3)).unwrap();
        assert_eq!(SCORES.proven(report.score), Some(true));
        assert_eq!(SCORES.plies_to_end(report.score), Some(1));
        let mut after = position.clone();
        after.play(report.best).unwrap();
        assert!(is_stack_of_six(&after));
    }

    /// Positions along a seeded random game, over or not.
    fn random_positions(seed: u64, count: usize) -> Vec<Position> {
        let mut state = seed;
        let mut position = Position::start();
        let mut out = Vec::new();
        let mut plies = 0;
        while out.len() < count {
            let turns = position.legal_turns();
            plies += 1;
            if turns.is_empty() || plies % 60 == 0 {
                position = Position::start();
                continue;
            }
            state = crate::games::kit::search::mix(state.wrapping_add(1));
            position.apply(turns[(state % turns.len() as u64) as usize]);
            if !position.is_over() {
                out.push(position.clone());
            }
        }
        out
    }

    #[test]
    fn levels_are_bounded_by_depth_then_by_doubling_node_budgets() {
        // No level reads the clock (the bot adds its ceiling), so a level
        // plays alike on a loaded machine.
        let limits: Vec<Limits> = (1..=10).map(|l| level_settings(l, 0).limits).collect();
        assert!(limits.iter().all(|l| l.movetime.is_none()));
        for (i, l) in limits[..6].iter().enumerate() {
            assert_eq!(l.depth, Some(i as u32 + 1));
        }
        for pair in limits[6..].windows(2) {
            assert_eq!(pair[0].depth, None);
            assert_eq!(pair[1].nodes, pair[0].nodes.map(|n| n * 2));
        }
        assert!(limits[6].nodes > Some(DEPTH_CEILING));
        // Noise falls with the level and is gone from level 8.
        let noise: Vec<i32> = (1..=10).map(|l| level_settings(l, 0).noise).collect();
        assert!(noise.windows(2).all(|w| w[0] >= w[1]));
        assert_eq!(noise[7..], [0, 0, 0]);
    }

    #[test]
    fn a_node_budget_bounds_the_search_and_still_gives_a_turn() {
        for position in random_positions(7, 20) {
            let settings = Settings {
                limits: Limits {
                    nodes: Some(3_000),
                    ..Limits::default()
                },
                noise: 0,
                seed: 0,
            };
            let report = Searcher::new().search(&position, settings).unwrap();
            // Depth 1 always completes; past it the budget stops the
            // search within a node of the limit.
            assert!(
                report.depth == 1 || report.nodes <= 3_000,
                "{position}: {report:?}"
            );
            assert!(position.check(report.best).is_ok());
        }
    }

    #[test]
    fn a_stack_of_six_in_one_is_played_at_every_level_from_two() {
        // RULINGS Takat 8: White wins at once when a stack reaches six.
        // White to move with two stacks of five: N's White top may climb
        // onto C, or C's onto N (C's top is Black: either player may move
        // an unsafe top, RULINGS Takat 5).
        for fen in ["bwbwb/wbwbw/x/x/x/x/x w -", "bwbwb/x/x/x/wbwbw/x/x w -"] {
            let position: Position = fen.parse().unwrap();
            for level in 2..=10 {
                let report = Searcher::new()
                    .search(&position, level_settings(level, level as u64))
                    .unwrap();
                let mut after = position.clone();
                after.play(report.best).unwrap();
                assert!(
                    is_stack_of_six(&after),
                    "level {level} at {fen}: {report:?}"
                );
            }
        }
    }

    #[test]
    fn every_level_returns_legal_turns() {
        // Cheap levels at many positions; every level, with its own
        // budget, at a few.
        for (i, position) in random_positions(11, 60).iter().enumerate() {
            let level = (i % 10 + 1) as u8;
            let mut settings = level_settings(level, i as u64);
            settings.limits.nodes = Some(settings.limits.nodes.unwrap_or(u64::MAX).min(5_000));
            let report = Searcher::new().search(position, settings).unwrap();
            assert!(
                position.check(report.best).is_ok(),
                "{position}: {report:?}"
            );
        }
        for position in random_positions(13, 2) {
            for level in 1..=10 {
                let report = Searcher::new()
                    .search(&position, level_settings(level, 5))
                    .unwrap();
                assert!(
                    position.check(report.best).is_ok(),
                    "{position}: {report:?}"
                );
            }
        }
    }

    #[test]
    fn the_position_code_is_one_to_one_along_random_games() {
        for position in random_positions(17, 300) {
            assert_eq!(Position::from_code(position.code()), Some(position.clone()));
        }
    }

    /// Speed of each level at a few positions (run by hand).
    #[test]
    #[ignore]
    fn level_speeds() {
        for level in [5u8, 6, 7, 8, 9, 10] {
            let mut total = std::time::Duration::ZERO;
            let mut nodes = 0;
            let mut depths = Vec::new();
            for position in random_positions(19, 12) {
                let start = Instant::now();
                let report = Searcher::new()
                    .search(&position, level_settings(level, 1))
                    .unwrap();
                total += start.elapsed();
                nodes += report.nodes;
                depths.push(report.depth);
            }
            println!(
                "level {level}: {nodes} nodes in {total:?} ({:.0} nodes/s), depths {depths:?}",
                nodes as f64 / total.as_secs_f64()
            );
        }
    }

    #[test]
    fn every_returned_turn_is_legal_and_levels_complete() {
        let mut position = Position::start();
        let mut searcher = Searcher::new();
        for ply in 0..40u64 {
            if position.is_over() {
                break;
            }
            let level = (ply % 10 + 1) as u8;
            let report = searcher
                .search(&position, level_settings(level.min(6), ply))
                .unwrap();
            position.play(report.best).unwrap();
        }
    }
}
