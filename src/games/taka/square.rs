//! The 140 squares of the Taka pitch, the eight directions between them and
//! the spots a piece can stand on (a square or its side's goalie circle).
//!
//! Columns `A`..`J` run left to right, rows `1`..`14` top to bottom; north
//! is towards row 1 (RULINGS Taka 1). White defends row 1, Black row 14.

use std::fmt;
use std::str::FromStr;

/// Number of rows of the pitch.
pub const ROWS: u8 = 14;
/// Number of columns of the pitch.
pub const COLUMNS: u8 = 10;

/// A square, stored as `(row - 1) * 10 + column` with column 0 for `A`.
/// The order (row by row from row 1, west to east) is the order used in the
/// position format and in sorted turn lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(u8);

impl Square {
    /// Number of squares.
    pub const COUNT: usize = (ROWS as usize) * (COLUMNS as usize);

    /// The square in `column` (0 for `A`) and `row` (1 to 14), if it exists.
    pub const fn new(column: u8, row: u8) -> Option<Square> {
        if column < COLUMNS && row >= 1 && row <= ROWS {
            Some(Square((row - 1) * COLUMNS + column))
        } else {
            None
        }
    }

    /// A square from coordinates known to be on the pitch (constants).
    pub(super) const fn known(column: u8, row: u8) -> Square {
        Square((row - 1) * COLUMNS + column)
    }

    /// The square with this index (0 to 139), if any.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < Square::COUNT {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// Every square, in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..Square::COUNT as u8).map(Square)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The column, 0 for `A` to 9 for `J`.
    pub const fn column(self) -> u8 {
        self.0 % COLUMNS
    }

    /// The row, 1 to 14.
    pub const fn row(self) -> u8 {
        self.0 / COLUMNS + 1
    }

    /// The column letter, `A` to `J`.
    pub const fn column_char(self) -> char {
        (b'A' + self.column()) as char
    }

    /// The square one step away in `dir`, if it is on the pitch.
    pub fn step(self, dir: Direction) -> Option<Square> {
        let (dr, dc) = dir.delta();
        let row = self.row() as i8 + dr;
        let column = self.column() as i8 + dc;
        if row < 1 || column < 0 {
            return None;
        }
        Square::new(column as u8, row as u8)
    }

    /// The direction and distance from `self` to `to` when they lie on one
    /// row, column or diagonal (and differ).
    pub fn line_to(self, to: Square) -> Option<(Direction, u8)> {
        let dr = to.row() as i8 - self.row() as i8;
        let dc = to.column() as i8 - self.column() as i8;
        if (dr, dc) == (0, 0) || !(dr == 0 || dc == 0 || dr.abs() == dc.abs()) {
            return None;
        }
        let dir = Direction::from_delta(dr.signum(), dc.signum())?;
        Some((dir, dr.unsigned_abs().max(dc.unsigned_abs())))
    }

    /// Whether the squares touch (one of the eight neighbours).
    pub fn is_next_to(self, other: Square) -> bool {
        matches!(self.line_to(other), Some((_, 1)))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.column_char(), self.row())
    }
}

/// Text that does not name a square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is not a square: write a column A-J and a row 1-14, like E7",
            crate::games::kit::error::quoted_with(&self.0, '"')
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Reads `E7`, `e7`, `J14`; nothing else (no spaces, no leading zero).
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let err = || ParseSquareError(s.to_string());
        let mut chars = s.chars();
        let column = match chars.next() {
            Some(c @ ('a'..='j' | 'A'..='J')) => c.to_ascii_uppercase() as u8 - b'A',
            _ => return Err(err()),
        };
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(err());
        }
        let row: u8 = digits.parse().map_err(|_| err())?;
        Square::new(column, row).ok_or_else(err)
    }
}

/// One of the eight directions. North is towards row 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Direction {
    /// All eight, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::N,
        Direction::NE,
        Direction::E,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::W,
        Direction::NW,
    ];

    /// `(row change, column change)` of one step.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::N => (-1, 0),
            Direction::NE => (-1, 1),
            Direction::E => (0, 1),
            Direction::SE => (1, 1),
            Direction::S => (1, 0),
            Direction::SW => (1, -1),
            Direction::W => (0, -1),
            Direction::NW => (-1, -1),
        }
    }

    /// The direction of a step `(row change, column change)`, each -1, 0 or 1.
    pub const fn from_delta(dr: i8, dc: i8) -> Option<Direction> {
        Some(match (dr, dc) {
            (-1, 0) => Direction::N,
            (-1, 1) => Direction::NE,
            (0, 1) => Direction::E,
            (1, 1) => Direction::SE,
            (1, 0) => Direction::S,
            (1, -1) => Direction::SW,
            (0, -1) => Direction::W,
            (-1, -1) => Direction::NW,
            _ => return None,
        })
    }

    /// The opposite direction.
    pub const fn reverse(self) -> Direction {
        match self {
            Direction::N => Direction::S,
            Direction::NE => Direction::SW,
            Direction::E => Direction::W,
            Direction::SE => Direction::NW,
            Direction::S => Direction::N,
            Direction::SW => Direction::NE,
            Direction::W => Direction::E,
            Direction::NW => Direction::SE,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Direction::N => "N",
            Direction::NE => "NE",
            Direction::E => "E",
            Direction::SE => "SE",
            Direction::S => "S",
            Direction::SW => "SW",
            Direction::W => "W",
            Direction::NW => "NW",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Where a piece can stand: a square, or the goalie circle of the side it
/// belongs to (RULINGS Taka 4). In a turn, `Circle` is always the circle of
/// the side to move: only a side's own goalie ever enters it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Spot {
    Square(Square),
    Circle,
}

impl Spot {
    pub const fn square(self) -> Option<Square> {
        match self {
            Spot::Square(sq) => Some(sq),
            Spot::Circle => None,
        }
    }
}

impl From<Square> for Spot {
    fn from(sq: Square) -> Spot {
        Spot::Square(sq)
    }
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Spot::Square(sq) => write!(f, "{sq}"),
            Spot::Circle => f.write_str("O"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_reject_junk() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            assert_eq!(sq.to_string().to_lowercase().parse::<Square>(), Ok(sq));
        }
        for bad in ["", "E", "K1", "E0", "E15", "E07", "E 7", "7E", "E7x"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn lines_and_steps() {
        let e7: Square = "E7".parse().unwrap();
        assert_eq!(e7.step(Direction::N).unwrap().to_string(), "E6");
        assert_eq!(e7.step(Direction::SE).unwrap().to_string(), "F8");
        assert_eq!(e7.line_to("H10".parse().unwrap()), Some((Direction::SE, 3)));
        assert_eq!(e7.line_to("F9".parse().unwrap()), None);
        let a1: Square = "A1".parse().unwrap();
        assert_eq!(a1.step(Direction::N), None);
        assert_eq!(a1.step(Direction::W), None);
    }
}
