//! Taka: a football game on a 14x10 pitch, two balls, facing, passes and
//! goalies.
//!
//! A pure rules engine: no I/O, no clock, no global state, and no panic on
//! any input. The rules are those of the rules text as settled by
//! `RULINGS.md` (Taka 1-16); `docs/taka.md` describes them together with
//! the notation and the position format, and every reading made where they
//! leave something open.
//!
//! ```
//! use taktable::games::taka::{Position, Turn};
//!
//! let mut pos = Position::start();
//! // F3 passes to the teammate on E3, who faces S.
//! pos.play(&"F3>E3 S".parse::<Turn>().unwrap()).unwrap();
//! // Black's E12 cannot pass behind itself.
//! let err = pos.check(&"E12>E13 S".parse().unwrap()).unwrap_err();
//! assert!(err.to_string().starts_with("you can't pass behind you while facing N (S is closed)"));
//! ```

pub mod board;
pub mod describe;
pub mod error;
pub mod facing;
pub mod hosted;
mod key;
pub mod movegen;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod position;
pub mod rules;
pub mod search;
pub mod settings;
pub mod side;
pub mod square;
pub mod tps;
pub mod turn;

pub use board::{Ball, Board, Piece};
pub use describe::describe;
pub use error::TurnError;
pub use facing::Facing;
pub use notation::ParseTurnError;
pub use outcome::{DrawReason, Outcome, WinReason};
pub use perft::{divide, perft};
pub use position::Position;
pub use settings::Settings;
pub use side::Side;
pub use square::{Direction, ParseSquareError, Spot, Square};
pub use tps::ParsePositionError;
pub use turn::{Leg, Link, Placement, Turn};
