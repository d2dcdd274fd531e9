//! The two sides and everything about the pitch that depends on the side:
//! which way is forward, the goal, the shooting zones, the goalie circle.
//!
//! White defends row 1 and attacks south (towards row 14); Black defends
//! row 14 and attacks north (RULINGS Taka 1).

use std::fmt;

use super::square::{Direction, Square};

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    White,
    Black,
}

impl Side {
    pub const ALL: [Side; 2] = [Side::White, Side::Black];

    pub const fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }

    /// `w` or `b`, as in the position format.
    pub const fn char(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }

    /// The row of the side's own goal (its last row): 1 for White, 14 for
    /// Black.
    pub const fn goal_row(self) -> u8 {
        match self {
            Side::White => 1,
            Side::Black => 14,
        }
    }

    /// Whether `sq` is one of the side's own four goal squares (D-G on its
    /// goal row).
    pub fn is_own_goal(self, sq: Square) -> bool {
        sq.row() == self.goal_row() && (3..=6).contains(&sq.column())
    }

    /// How far `row` lies towards the goal this side attacks: 1 on its own
    /// goal row, 14 on the opponent's.
    pub const fn progress(self, row: u8) -> u8 {
        match self {
            Side::White => row,
            Side::Black => 15 - row,
        }
    }

    /// Whether a step in `dir` goes towards the goal the side attacks
    /// (RULINGS Taka 1).
    pub const fn is_forward(self, dir: Direction) -> bool {
        let (dr, _) = dir.delta();
        match self {
            Side::White => dr > 0,
            Side::Black => dr < 0,
        }
    }

    /// Whether a step in `dir` goes towards the side's own goal.
    pub const fn is_backward(self, dir: Direction) -> bool {
        self.other().is_forward(dir)
    }

    /// Whether `row` is in the side's own shooting zone: the five rows
    /// nearest its own goal (White 1-5, Black 10-14). The opponent shoots
    /// from there.
    pub const fn in_own_zone(self, row: u8) -> bool {
        self.progress(row) <= 5
    }

    /// Whether `row` is in the shooting zone of the opponent, where the side
    /// shoots from (White rows 10-14, Black rows 1-5).
    pub const fn in_attacking_zone(self, row: u8) -> bool {
        self.progress(row) >= 10
    }

    /// Whether the goalie of this side may jump to `sq` when activated:
    /// rows 1-3 (Black 12-14), columns D-G (RULINGS Taka 14).
    pub fn in_activation_area(self, sq: Square) -> bool {
        self.progress(sq.row()) <= 3 && (3..=6).contains(&sq.column())
    }

    /// The row the goalie counts as standing on while in its circle, for
    /// offside and the zones: 2 for White, 13 for Black (RULINGS Taka 4).
    pub const fn circle_row(self) -> u8 {
        match self {
            Side::White => 2,
            Side::Black => 13,
        }
    }

    /// The four squares around the circle, from which the goalie may step
    /// into it (RULINGS Taka 4): E1, F1, E2, F2 (Black E13, F13, E14, F14).
    pub fn circle_neighbours(self) -> [Square; 4] {
        let (a, b) = match self {
            Side::White => (1, 2),
            Side::Black => (13, 14),
        };
        [sq(4, a), sq(5, a), sq(4, b), sq(5, b)]
    }

    /// The two diagonals through the circle, each as the square on the
    /// midfield side of the circle and the direction that goes from it
    /// through the circle (towards the goal). White: E2 going NE (on to
    /// F1) and F2 going NW (on to E1); Black: E13 going SE, F13 going SW.
    /// Passes away from the circle travel the reverse directions from those
    /// squares (RULINGS Taka 4).
    pub fn circle_diagonals(self) -> [(Square, Direction); 2] {
        match self {
            Side::White => [(sq(4, 2), Direction::NE), (sq(5, 2), Direction::NW)],
            Side::Black => [(sq(4, 13), Direction::SE), (sq(5, 13), Direction::SW)],
        }
    }
}

const fn sq(column: u8, row: u8) -> Square {
    Square::known(column, row)
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
