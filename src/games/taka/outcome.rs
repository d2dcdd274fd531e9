//! How a game of Taka ends (RULINGS Taka 15, 16).

use std::fmt;

use super::side::Side;

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A side won.
    Win { winner: Side, reason: WinReason },
    /// Nobody won.
    Draw(DrawReason),
}

/// Why a side won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// It scored the goals the game is played to.
    Goals,
    /// The turn limit ran out with it ahead.
    TurnLimit,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The same position (pieces, balls, facings, goalies, side to move)
    /// occurred a third time (RULINGS Taka 16).
    Repetition,
    /// The turn limit ran out with the scores level (RULINGS Taka 16).
    TurnLimit,
}

impl Outcome {
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win {
                winner,
                reason: WinReason::Goals,
            } => write!(f, "{winner} wins by scoring"),
            Outcome::Win {
                winner,
                reason: WinReason::TurnLimit,
            } => write!(f, "{winner} wins on score at the turn limit"),
            Outcome::Draw(DrawReason::Repetition) => {
                write!(f, "draw: the same position occurred three times")
            }
            Outcome::Draw(DrawReason::TurnLimit) => {
                write!(f, "draw: the turn limit ran out with the scores level")
            }
        }
    }
}
