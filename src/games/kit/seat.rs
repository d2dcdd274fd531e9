//! A seat at the table, the one way the bot names a player of any game.

use serde::{Deserialize, Serialize};

/// A seat at the table. Player 1 moves first (White in Tak and Takat).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Seat {
    Player1,
    Player2,
}

impl Seat {
    pub const ALL: [Seat; 2] = [Seat::Player1, Seat::Player2];

    pub fn index(self) -> usize {
        match self {
            Seat::Player1 => 0,
            Seat::Player2 => 1,
        }
    }

    /// 1 or 2.
    pub fn number(self) -> u8 {
        self.index() as u8 + 1
    }

    pub fn from_number(n: i64) -> Option<Seat> {
        match n {
            1 => Some(Seat::Player1),
            2 => Some(Seat::Player2),
            _ => None,
        }
    }

    pub fn other(self) -> Seat {
        match self {
            Seat::Player1 => Seat::Player2,
            Seat::Player2 => Seat::Player1,
        }
    }
}
