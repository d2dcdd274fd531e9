//! Takat: a stacking game for two on seven cells, by William Wragg, with
//! unequal forces (6 White pieces against 15 Black).
//!
//! A pure rules engine: no I/O, no clock, no global state, and no panic on
//! any input. The rules are those of the rules text as settled by
//! `RULINGS.md` (Takat 1-8); `docs/takat.md` describes them together with
//! the notation, the position format and the record format.
//!
//! ```
//! use taktable::games::takat::{Cell, Position, Turn};
//!
//! let mut pos = Position::start();
//! pos.play("+N".parse().unwrap()).unwrap();
//! assert_eq!(pos.stack(Cell::N), &[taktable::games::takat::Color::White]);
//! // Black has fewer pieces on the board, so Black must enter.
//! assert!(pos.check(Turn::Move { from: Cell::N, to: Cell::C }).is_err());
//! assert_eq!(pos.to_string(), "x/w/x/x/x/x/x b N");
//! ```

pub mod analysis;
pub mod cell;
pub mod color;
pub mod error;
pub mod fen;
pub mod hosted;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod position;
pub mod reachable;
pub mod record;
pub mod search;
pub mod turn;

pub use cell::{Cell, ParseCellError};
pub use color::Color;
pub use error::TurnError;
pub use fen::ParsePositionError;
pub use notation::ParseTurnError;
pub use outcome::{Outcome, WinReason};
pub use perft::{divide, perft};
pub use position::{Position, Safety, MAX_HEIGHT};
pub use record::{parse_record, Record, RecordError, RecordErrorKind};
pub use turn::Turn;
