//! A Takat turn: enter a piece or move a top piece (RULINGS Takat 3).
//!
//! The text form (`+NE`, `C-NE`) lives in [`super::notation`].

use super::cell::Cell;

/// One turn. Turns order entries first (by cell), then moves (by the cell
/// left, then the cell reached), cells in [`Cell::ALL`] order; this is the
/// order of [`super::Position::legal_turns`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Turn {
    /// Enter one of the mover's pieces from hand on an empty ring cell.
    Enter(Cell),
    /// Move the top piece of the stack on `from` (either colour) to the
    /// adjacent cell `to`.
    Move { from: Cell, to: Cell },
}

impl Turn {
    /// The cell whose top piece is, after the turn, the piece just entered or
    /// moved (the piece the opponent may not move next, RULINGS Takat 7).
    pub const fn destination(self) -> Cell {
        match self {
            Turn::Enter(cell) => cell,
            Turn::Move { to, .. } => to,
        }
    }

    /// Whether the turn enters a piece.
    pub const fn is_entry(self) -> bool {
        matches!(self, Turn::Enter(_))
    }
}
