//! Why a move is illegal, in words a player can act on.

use super::piece::Color;
use super::square::{Direction, Square};

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    #[error("the game is over")]
    GameOver,
    #[error("{square} is off the {size}x{size} board")]
    OffBoard { square: Square, size: u8 },
    #[error("{square} is occupied: pieces are only placed on empty squares")]
    Occupied { square: Square },
    #[error("in the opening each player places a flat stone of the opponent's colour: no walls or capstones yet")]
    OpeningFlatOnly,
    #[error("in the opening each player places a flat stone of the opponent's colour: stacks can't move yet")]
    OpeningNoSpread,
    #[error("{color} has no stones left in reserve")]
    NoStones { color: Color },
    #[error("{color} has no capstones left in reserve")]
    NoCaps { color: Color },
    #[error("there is nothing on {square} to move")]
    EmptySquare { square: Square },
    #[error("the stack on {square} is controlled by {owner}: you can only move stacks with your piece on top")]
    NotYourStack { square: Square, owner: Color },
    #[error("carry limit is {limit}; you tried to carry {tried}")]
    CarryLimit { limit: u8, tried: u8 },
    #[error("the stack on {square} has only {height} piece(s); you tried to carry {tried}")]
    NotEnoughPieces {
        square: Square,
        height: usize,
        tried: u8,
    },
    #[error("that move runs off the board: {from} {direction} leaves the board after {on_board} square(s)")]
    RunsOffBoard {
        from: Square,
        direction: DirectionName,
        on_board: u8,
    },
    #[error("a wall on {square} blocks that move")]
    BlockedByWall { square: Square },
    #[error("a capstone on {square} blocks that move: nothing can go on a capstone")]
    BlockedByCap { square: Square },
    #[error("a capstone flattens the wall on {square} only by moving onto it alone: drop 1 piece there, not {dropped}")]
    FlattenNotAlone { square: Square, dropped: u8 },
}

/// A direction named in words for messages ("up", "left", ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DirectionName(pub Direction);

impl std::fmt::Display for DirectionName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ({})", self.0.symbol(), self.0.name())
    }
}
