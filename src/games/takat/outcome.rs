//! How a game of Takat ends (RULINGS Takat 8).

use std::fmt;

use super::color::Color;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// A stack reached six pieces, whoever built it: White wins.
    StackOfSix,
    /// The side to move had no legal turn: it loses.
    NoLegalTurn,
}

/// The result of a finished game. Takat has no draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    pub winner: Color,
    pub reason: WinReason,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.reason {
            WinReason::StackOfSix => write!(f, "{} wins: a stack of six was built", self.winner),
            WinReason::NoLegalTurn => write!(
                f,
                "{} wins: {} has no legal turn",
                self.winner,
                self.winner.other()
            ),
        }
    }
}
