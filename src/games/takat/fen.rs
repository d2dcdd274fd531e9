//! The position format: one line, like Tak's TPS.
//!
//! ```text
//! <C>/<N>/<NE>/<SE>/<S>/<SW>/<NW> <side to move> <last touched>
//! ```
//!
//! - The seven stacks in [`Cell::ALL`] order (centre, then the ring clockwise
//!   from `N`), separated by `/`. A stack is its pieces bottom to top, `w`
//!   for White and `b` for Black; `x` is an empty cell.
//! - The side to move, `w` or `b`.
//! - The cell whose top piece the opponent just moved or entered (which the
//!   side to move may not move, RULINGS Takat 7), or `-` for none.
//!
//! Pieces in hand are derived (6 White and 15 Black in all). The start is
//! `x/x/x/x/x/x/x w -`. Input ignores case, accepts `-` for an empty stack and
//! allows the last field to be left out (meaning `-`); output is canonical.
//!
//! A position is rejected when no game could reach it in the ways checked
//! here: too many pieces of a colour, a stack above six, two stacks of six,
//! two adjacent tall stacks capped by safe pieces of one colour
//! (RULINGS Takat 6), or a last-touched cell that is empty.

use std::fmt;
use std::str::FromStr;

use super::cell::{Cell, ParseCellError};
use super::color::Color;
use super::position::{Position, MAX_HEIGHT};

/// Why a string is not a valid position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsePositionError {
    /// The string is blank.
    Empty,
    /// Not 2 or 3 space-separated fields.
    FieldCount(usize),
    /// Not seven stacks separated by `/`.
    CellCount(usize),
    /// A stack with a character other than `w`/`b`, or a mix of `x`/`-`
    /// with pieces.
    BadStack { cell: Cell, text: String },
    /// A stack of more than six pieces.
    StackTooTall { cell: Cell, height: usize },
    /// More than one stack of six (the first ends the game).
    SeveralStacksOfSix,
    /// More pieces of a colour on the board than it has.
    TooManyPieces { color: Color, count: usize },
    /// The side to move is not `w` or `b`.
    BadSide(String),
    /// The last-touched field is neither `-` nor a cell.
    BadLastTouched(ParseCellError),
    /// The last-touched cell holds no piece.
    LastTouchedEmpty(Cell),
    /// Two adjacent stacks of four or more capped by safe pieces of one
    /// colour, which no legal move leaves (RULINGS Takat 6).
    TallSafeStacks { a: Cell, b: Cell, color: Color },
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParsePositionError::*;
        match self {
            Empty => write!(f, "empty position; the start is \"x/x/x/x/x/x/x w -\""),
            FieldCount(n) => write!(
                f,
                "a position has 3 fields (stacks, side to move, last-touched cell), \
                 e.g. \"x/wb/x/x/x/x/x w N\"; found {n}"
            ),
            CellCount(n) => write!(
                f,
                "a position lists 7 stacks separated by '/' (C/N/NE/SE/S/SW/NW); found {n}"
            ),
            BadStack { cell, text } => write!(
                f,
                "the stack on {cell}, \"{text}\", must be w and b (bottom to top), or x for empty"
            ),
            StackTooTall { cell, height } => write!(
                f,
                "the stack on {cell} has {height} pieces; a stack never exceeds {MAX_HEIGHT}"
            ),
            SeveralStacksOfSix => write!(
                f,
                "there are several stacks of six; the first one ends the game"
            ),
            TooManyPieces { color, count } => write!(
                f,
                "there are {count} {color} pieces on the board; {color} has only {}",
                color.pieces()
            ),
            BadSide(text) => write!(f, "the side to move must be w or b, not \"{text}\""),
            BadLastTouched(e) => write!(f, "last-touched cell: {e}, or - for none"),
            LastTouchedEmpty(cell) => write!(
                f,
                "the last-touched cell {cell} is empty; it must hold the piece just moved or entered"
            ),
            TallSafeStacks { a, b, color } => write!(
                f,
                "{a} and {b} are adjacent stacks of four or more both capped by safe {color} pieces, \
                 which the rules forbid"
            ),
        }
    }
}

impl std::error::Error for ParsePositionError {}

fn parse_stack(cell: Cell, text: &str) -> Result<Vec<Color>, ParsePositionError> {
    if text.eq_ignore_ascii_case("x") || text == "-" {
        return Ok(Vec::new());
    }
    let bad = || ParsePositionError::BadStack {
        cell,
        text: text.to_string(),
    };
    if text.is_empty() {
        return Err(bad());
    }
    let mut stack = Vec::new();
    for ch in text.chars() {
        stack.push(Color::from_char(ch).ok_or_else(bad)?);
        if stack.len() > MAX_HEIGHT {
            return Err(ParsePositionError::StackTooTall {
                cell,
                height: text.chars().count(),
            });
        }
    }
    Ok(stack)
}

impl FromStr for Position {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        if fields.is_empty() {
            return Err(ParsePositionError::Empty);
        }
        if !(2..=3).contains(&fields.len()) {
            return Err(ParsePositionError::FieldCount(fields.len()));
        }
        let parts: Vec<&str> = fields[0].split('/').collect();
        if parts.len() != 7 {
            return Err(ParsePositionError::CellCount(parts.len()));
        }
        let mut stacks: [Vec<Color>; 7] = Default::default();
        for (cell, part) in Cell::ALL.into_iter().zip(&parts) {
            stacks[cell.index()] = parse_stack(cell, part)?;
        }
        let to_move = match fields[1] {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            other => return Err(ParsePositionError::BadSide(other.to_string())),
        };
        let last = match fields.get(2) {
            None | Some(&"-") => None,
            Some(text) => Some(
                text.parse::<Cell>()
                    .map_err(ParsePositionError::BadLastTouched)?,
            ),
        };
        if stacks.iter().filter(|s| s.len() == MAX_HEIGHT).count() > 1 {
            return Err(ParsePositionError::SeveralStacksOfSix);
        }
        for color in Color::ALL {
            let count = stacks.iter().flatten().filter(|&&p| p == color).count();
            if count > color.pieces() as usize {
                return Err(ParsePositionError::TooManyPieces { color, count });
            }
        }
        if let Some(cell) = last {
            if stacks[cell.index()].is_empty() {
                return Err(ParsePositionError::LastTouchedEmpty(cell));
            }
        }
        // Heights were checked above, so building cannot fail; report a
        // too-tall stack anyway rather than panic.
        let pos = Position::from_parts(&stacks, to_move, last).ok_or(
            ParsePositionError::StackTooTall {
                cell: Cell::C,
                height: MAX_HEIGHT + 1,
            },
        )?;
        if let Some((a, b, color)) = pos.tall_safe_pair() {
            return Err(ParsePositionError::TallSafeStacks { a, b, color });
        }
        Ok(pos)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, cell) in Cell::ALL.into_iter().enumerate() {
            if i > 0 {
                f.write_str("/")?;
            }
            let stack = self.stack(cell);
            if stack.is_empty() {
                f.write_str("x")?;
            }
            for piece in stack {
                write!(f, "{}", piece.char())?;
            }
        }
        write!(f, " {} ", self.to_move().char())?;
        match self.last_touched() {
            Some(cell) => write!(f, "{cell}"),
            None => f.write_str("-"),
        }
    }
}
