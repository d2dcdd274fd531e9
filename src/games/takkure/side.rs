//! The two teams' sides of the field (RULINGS Takkure 1): the home team
//! (coach 1) defends the north in-goal and scores in the south one.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::square::{Square, ROWS};

/// A team, by the end it defends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Defends the north in-goal (rows 1-2), scores in the south (27-28).
    Home,
    /// Defends the south in-goal (rows 27-28), scores in the north (1-2).
    Away,
}

impl Side {
    pub const BOTH: [Side; 2] = [Side::Home, Side::Away];

    pub fn index(self) -> usize {
        match self {
            Side::Home => 0,
            Side::Away => 1,
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::Home => Side::Away,
            Side::Away => Side::Home,
        }
    }

    /// +1 when forward means going south (rows growing), -1 otherwise.
    pub fn forward(self) -> i32 {
        match self {
            Side::Home => 1,
            Side::Away => -1,
        }
    }

    /// Whether `a` is nearer the opponent's in-goal than `b` (rugby rule
    /// 0.01: a pass may not go to such a player).
    pub fn ahead(self, a: Square, b: Square) -> bool {
        (a.row() - b.row()) * self.forward() > 0
    }

    /// Whether `sq` lies in the in-goal this side scores in.
    pub fn scores_in(self, sq: Square) -> bool {
        match self {
            Side::Home => sq.row() >= ROWS as i32 - 2,
            Side::Away => sq.row() < 2,
        }
    }

    /// Whether `sq` lies in this side's own half of the field, in-goal
    /// excluded (rows 3-14 for home, 15-26 for away).
    pub fn own_half(self, sq: Square) -> bool {
        match self {
            Side::Home => (2..14).contains(&sq.row()),
            Side::Away => (14..26).contains(&sq.row()),
        }
    }

    /// The row index a kicking team stands on: just inside its line of 10
    /// (row 12 for home, row 17 for away; RULINGS Takkure 1, 9).
    pub fn kick_row(self) -> i32 {
        match self {
            Side::Home => 11,
            Side::Away => 16,
        }
    }

    /// Whether a kick-off aimed at this side (the receivers) may target `sq`:
    /// between the receivers' line of 10 and their in-goal, at least 2
    /// squares from the side edges (RULINGS Takkure 9).
    pub fn kick_target(self, sq: Square) -> bool {
        let rows = match self {
            Side::Home => 2..12,
            Side::Away => 16..26,
        };
        rows.contains(&sq.row()) && (2..14).contains(&sq.col())
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Home => "home",
            Side::Away => "away",
        })
    }
}
