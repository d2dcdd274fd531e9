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
use std::time::{Duration, Instant};

use super::cell::Cell;
use super::color::Color;
use super::position::{Position, Safety, MAX_HEIGHT};
use super::turn::Turn;

/// The score of a won game, less the plies to the win.
pub const WIN: i32 = 100_000;
/// Scores beyond this are proven wins or losses.
pub const DECIDED: i32 = WIN - 1_000;
const MAX_DEPTH: u32 = 64;
/// Entries kept before the table is emptied (each holds a whole position).
const TABLE_LIMIT: usize = 2_000_000;

/// When to stop, as for Tak: depth 1 always completes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
}

/// A level's settings: limits and seeded evaluation noise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub limits: Limits,
    pub noise: i32,
    pub seed: u64,
}

/// Levels 1-10 for Takat, by depth, nodes and noise (level 10: 2 s).
pub fn level_settings(level: u8, seed: u64) -> Settings {
    let (depth, nodes, noise) = match level.clamp(1, 10) {
        1 => (Some(1), None, 60),
        2 => (Some(2), None, 40),
        3 => (Some(3), None, 25),
        4 => (Some(4), None, 15),
        5 => (None, Some(5_000), 10),
        6 => (None, Some(15_000), 6),
        7 => (None, Some(40_000), 3),
        8 => (None, Some(100_000), 1),
        9 => (None, Some(250_000), 0),
        _ => (None, None, 0),
    };
    Settings {
        limits: Limits {
            depth,
            nodes,
            movetime: (level >= 10).then_some(Duration::from_secs(2)),
        },
        noise,
        seed,
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub best: Turn,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
}

impl Report {
    /// Whether the score is proven: `Some(true)` a forced win for the
    /// player to move, `Some(false)` a forced loss.
    pub fn proven(&self) -> Option<bool> {
        (self.score.abs() > DECIDED).then_some(self.score > 0)
    }

    /// Plies to the end of a proven result.
    pub fn plies_to_end(&self) -> Option<u32> {
        self.proven().map(|_| (WIN - self.score.abs()) as u32)
    }
}

#[derive(Clone, Copy)]
struct Entry {
    depth: u32,
    score: i32,
    lower: bool,
    upper: bool,
    best: Option<Turn>,
}

/// A searcher; keep one per game so the table carries over.
#[derive(Default)]
pub struct Searcher {
    table: HashMap<Position, Entry>,
    nodes: u64,
    settings: Option<Settings>,
    start: Option<Instant>,
    stopped: bool,
    may_stop: bool,
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
            let score = self.negamax(position, depth, 0, -WIN - 1, WIN + 1);
            if self.stopped {
                break;
            }
            let Some(best) = self.table.get(position).and_then(|e| e.best) else {
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
        limits.nodes.is_some_and(|n| self.nodes >= n)
            || limits.movetime.is_some_and(|t| elapsed * 2 >= t)
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
        let entry = self.table.get(position).copied();
        if let Some(e) = entry {
            if e.depth >= depth {
                let score = from_table(e.score, ply);
                let usable = match (e.lower, e.upper) {
                    (true, true) => true,
                    (true, false) => score >= beta,
                    (false, true) => score <= alpha,
                    (false, false) => false,
                };
                if usable {
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
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.table.insert(
            position.clone(),
            Entry {
                depth,
                score: to_table(best_score, ply),
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
            let amplitude = settings.noise;
            if amplitude > 0 {
                let key = hash_position(position) ^ settings.seed;
                let h = crate::games::tak::search::mix(key);
                score += (h % (2 * amplitude as u64 + 1)) as i32 - amplitude;
            }
        }
        score
    }
}

fn hash_position(position: &Position) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    position.hash(&mut hasher);
    hasher.finish()
}

fn to_table(score: i32, ply: i32) -> i32 {
    if score > DECIDED {
        score + ply
    } else if score < -DECIDED {
        score - ply
    } else {
        score
    }
}

fn from_table(score: i32, ply: i32) -> i32 {
    if score > DECIDED {
        score - ply
    } else if score < -DECIDED {
        score + ply
    } else {
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
        assert_eq!(report.proven(), Some(true));
        assert_eq!(report.plies_to_end(), Some(1));
        let mut after = position.clone();
        after.play(report.best).unwrap();
        assert!(is_stack_of_six(&after));
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
