//! Why a turn is illegal, in words a player can act on.

use std::fmt;

use super::cell::Cell;
use super::color::Color;

/// An illegal turn. Each message names the rule that forbids it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TurnError {
    /// The game has ended (a stack of six, or the side to move has no legal
    /// turn): no turn is legal (RULINGS Takat 8).
    GameOver,
    /// The mover has no piece left in hand to enter (RULINGS Takat 2, 3).
    NoPieceInHand(Color),
    /// Pieces are never entered on the centre (RULINGS Takat 3).
    EnterOnCentre,
    /// Pieces are entered only on empty cells (RULINGS Takat 3).
    Occupied(Cell),
    /// Black has fewer pieces on the board than White and can enter, so Black
    /// must enter (RULINGS Takat 4).
    MustEnter,
    /// A move must leave its cell.
    SameCell(Cell),
    /// A piece moves only to an adjacent cell (RULINGS Takat 1, 3).
    NotAdjacent { from: Cell, to: Cell },
    /// There is no piece to move on that cell.
    EmptyCell(Cell),
    /// The top piece there is the one the opponent just moved or entered
    /// (RULINGS Takat 7).
    JustMoved(Cell),
    /// The top piece rests on two more of its colour on a red cell: nobody
    /// may move it (RULINGS Takat 5).
    PermanentlySafe { cell: Cell, color: Color },
    /// The top piece rests on a piece of its own colour: only its owner may
    /// move it (RULINGS Takat 5).
    Safe { cell: Cell, owner: Color },
    /// The stack reached is higher than the stack left (RULINGS Takat 3).
    TooHigh {
        from: Cell,
        to: Cell,
        from_height: u8,
        to_height: u8,
    },
    /// The move would leave two adjacent stacks of four or more capped by
    /// safe pieces of the same colour (RULINGS Takat 6).
    TallSafeStacks { a: Cell, b: Cell, color: Color },
}

impl fmt::Display for TurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TurnError::GameOver => write!(f, "the game is over"),
            TurnError::NoPieceInHand(color) => write!(
                f,
                "{color} has no piece left in hand to enter: move a piece instead"
            ),
            TurnError::EnterOnCentre => write!(
                f,
                "a piece may not be entered on the centre C: enter it on an empty ring cell"
            ),
            TurnError::Occupied(cell) => write!(
                f,
                "{cell} is occupied: a piece may only be entered on an empty cell"
            ),
            TurnError::MustEnter => write!(
                f,
                "Black must enter a piece (Black has fewer pieces on the board than White)"
            ),
            TurnError::SameCell(cell) => {
                write!(f, "a piece must move to a cell next to {cell}, not stay on it")
            }
            TurnError::NotAdjacent { from, to } => write!(f, "{to} is not next to {from}"),
            TurnError::EmptyCell(cell) => write!(f, "there is no piece on {cell} to move"),
            TurnError::JustMoved(cell) => write!(
                f,
                "you may not move the piece your opponent just moved or entered (the top piece on {cell})"
            ),
            TurnError::PermanentlySafe { cell, color } => write!(
                f,
                "the piece on {cell} is permanently safe (three {color} pieces in a row on a red cell): no one may move it"
            ),
            TurnError::Safe { cell, owner } => write!(
                f,
                "the piece on {cell} is safe (it rests on a {owner} piece): only {owner} may move it"
            ),
            TurnError::TooHigh {
                from,
                to,
                from_height,
                to_height,
            } => write!(
                f,
                "the piece on {from} cannot climb onto {to}: a piece may go up at most one level \
                 (the stack on {to} has {to_height}, the stack on {from} only {from_height})"
            ),
            TurnError::TallSafeStacks { a, b, color } => write!(
                f,
                "that move would leave two adjacent stacks of four or more ({a} and {b}) \
                 both capped by safe {color} pieces"
            ),
        }
    }
}

impl std::error::Error for TurnError {}
