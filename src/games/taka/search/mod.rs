//! The Taka computer opponent: an alpha-beta search over whole turns.
//!
//! - [`node`]: what the search plays on (the board, the score, the turns
//!   left), and the legal turns with what each leads to.
//! - [`threat`]: goals in one, found without generating every turn.
//! - [`eval`]: the static evaluation (balls, tackles, shots, lanes, cover).
//! - [`key`]: node keys for the table and the noise.
//! - [`alphabeta`]: iterative deepening PVS with a transposition table.
//! - [`levels`]: levels 1-10.
//! - [`analysis`]: every position of a game judged alike (`/analyze`).
//!
//! `docs/ai.md` (section Taka) describes the design and the measurements.

pub mod alphabeta;
pub mod analysis;
pub mod eval;
pub mod key;
pub mod levels;
pub mod node;
pub mod ordering;
pub mod threat;

pub use crate::games::kit::search::Limits;
pub use alphabeta::{Report, Searcher, Settings, DECIDED, WIN};
pub use levels::level_settings;
pub use node::Node;
pub use threat::{can_score, scoring_turn};
