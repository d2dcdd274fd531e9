//! Tak (rules texts 001 and 002, RULINGS Tak 1-9): the pure rules engine.
//!
//! - [`square`], [`piece`], [`stack`], [`bitboard`]: the board's parts.
//! - [`rules`]: size, reserves, komi, opening.
//! - [`position`]: checking and playing moves, the outcome.
//! - [`movegen`], [`perft`]: legal moves, counted or listed.
//! - [`ptn`], [`tps`], [`ptn_file`]: notation.
//! - [`road`]: the squares of one winning road (what a picture frames).
//! - [`threat`]: road threats ("Tak!").
//! - [`search`]: the computer opponent (levels 1-10).

pub mod bitboard;
pub mod error;
pub mod hosted;
pub mod movegen;
pub mod moves;
pub mod perft;
pub mod piece;
pub mod position;
pub mod ptn;
pub mod ptn_file;
pub mod road;
pub mod rules;
pub mod search;
pub mod square;
pub mod stack;
pub mod threat;
pub mod tps;

pub use error::MoveError;
pub use moves::{Drops, Move};
pub use piece::{Color, Piece, Role};
pub use position::{Outcome, Position, Undo};
pub use ptn::ParseMoveError;
pub use ptn_file::{write_ptn, PtnError, PtnGame, Replay, ReplayError};
pub use rules::{Komi, Opening, Rules, RulesError};
pub use square::{Direction, Square};
pub use stack::Stack;
pub use tps::TpsError;
