//! The Tak computer opponent: an alpha-beta search on the rules engine's
//! move generator.
//!
//! - [`zobrist`]: position keys, updated move by move.
//! - [`tt`]: the transposition table.
//! - [`eval`]: the static evaluation (flats with komi, roads, stacks, caps),
//!   a weighted sum of features and a small [`network`] on them;
//!   [`weights`]: the weights per board size; [`tune`]: fitting them to
//!   teaching data.
//! - [`ordering`]: killer moves and the history table.
//! - [`alphabeta`]: iterative deepening PVS with null move and reductions.
//! - [`levels`]: levels 1-10.
//! - [`mcts`]: a tree search that averages leaves (an experiment, TEI only);
//!   [`policy`]: a move policy fitted to a teacher's moves, its prior.
//! - [`analysis`]: every position of a game judged alike (`/analyze`).
//!
//! `docs/ai.md` describes the design and the measurements.

pub mod alphabeta;
pub mod analysis;
pub mod eval;
pub mod feature;
pub mod levels;
pub mod mcts;
pub mod network;
pub mod numbers;
pub mod ordering;
pub mod policy;
pub mod tt;
pub mod tune;
pub mod weights;
pub mod zobrist;

pub use crate::games::kit::search::Limits;
pub use alphabeta::{Report, Searcher, Settings, DECIDED, WIN};
pub use levels::Level;

use super::{Move, Position};
use crate::games::kit::search::MOVE_TIME_CEILING;

/// The move a level plays here (a fresh searcher; `None` when the game is
/// over), within [`MOVE_TIME_CEILING`]. Engines that play a whole game keep
/// one [`Searcher`] instead.
pub fn best_move(position: &Position, level: Level, seed: u64) -> Option<Move> {
    let mut settings = level.settings(seed);
    settings.limits.movetime = Some(MOVE_TIME_CEILING);
    let mut searcher = Searcher::new(16);
    searcher
        .search(position, settings, |_| {})
        .map(|report| report.best())
}
