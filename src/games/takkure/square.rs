//! The field's squares: a grid of 16 columns `A`..`P` by 28 rows `1`..`28`
//! (RULINGS Takkure 1), distances counted the way a king moves (Takkure 2),
//! and the straight lines that marked moves and passes follow.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Columns `A`..`P`.
pub const COLS: u8 = 16;
/// Rows `1`..`28`: 1-2 the north in-goal, 27-28 the south in-goal.
pub const ROWS: u8 = 28;

/// One square of the grid. Only squares on the grid can be built.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Square {
    /// Row index, 0 for row 1 (north) to 27 for row 28 (south); first so
    /// that the derived order is reading order (A1, B1, ..., P1, A2, ...).
    row: u8,
    col: u8,
}

impl Square {
    /// The square at column index `col` (0 = A) and row index `row`
    /// (0 = row 1), if it is on the grid.
    pub fn new(col: i32, row: i32) -> Option<Square> {
        if (0..COLS as i32).contains(&col) && (0..ROWS as i32).contains(&row) {
            Some(Square {
                col: col as u8,
                row: row as u8,
            })
        } else {
            None
        }
    }

    /// Column index, 0 for `A`.
    pub fn col(self) -> i32 {
        self.col as i32
    }

    /// Row index, 0 for row `1`.
    pub fn row(self) -> i32 {
        self.row as i32
    }

    /// Its place in reading order, 0 for A1 to 447 for P28.
    pub fn index(self) -> usize {
        usize::from(self.row) * usize::from(COLS) + usize::from(self.col)
    }

    /// Every square in reading order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..ROWS).flat_map(|row| (0..COLS).map(move |col| Square { row, col }))
    }

    /// King-move distance: diagonal steps count 1 (RULINGS Takkure 2).
    pub fn distance(self, other: Square) -> i32 {
        (self.col() - other.col())
            .abs()
            .max((self.row() - other.row()).abs())
    }

    /// The squares at distance 1.
    pub fn neighbours(self) -> impl Iterator<Item = Square> {
        (-1..=1)
            .flat_map(move |dr| (-1..=1).map(move |dc| (dc, dr)))
            .filter(|&(dc, dr)| dc != 0 || dr != 0)
            .filter_map(move |(dc, dr)| Square::new(self.col() + dc, self.row() + dr))
    }

    /// The straight line from `self` to `to`, one king step at a time, both
    /// ends included: step `i` of `n` lies at the rounded fraction `i/n` of
    /// the way (rounding halves away from `self`'s side is avoided by
    /// rounding halves up, so the line is the same whichever way it is
    /// walked only up to that rounding).
    pub fn line_to(self, to: Square) -> Vec<Square> {
        let n = self.distance(to);
        let (dc, dr) = (to.col() - self.col(), to.row() - self.row());
        let mut line = Vec::with_capacity(n as usize + 1);
        line.push(self);
        for i in 1..=n {
            let col = self.col() + round_div(i * dc, n);
            let row = self.row() + round_div(i * dr, n);
            if let Some(square) = Square::new(col, row) {
                line.push(square);
            }
        }
        line
    }
}

/// `a / b` rounded to the nearest integer, halves away from zero (`b > 0`).
fn round_div(a: i32, b: i32) -> i32 {
    if a >= 0 {
        (2 * a + b) / (2 * b)
    } else {
        -((-2 * a + b) / (2 * b))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.col) as char, self.row + 1)
    }
}

/// Text that names no square of the grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not a square: write a column A-P and a row 1-28, like F12",
            self.0
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let text = s.trim();
        let err = || ParseSquareError(text.to_string());
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(err)?.to_ascii_uppercase();
        let digits = chars.as_str();
        if !letter.is_ascii_uppercase()
            || digits.is_empty()
            || digits.len() > 2
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return Err(err());
        }
        let row: i32 = digits.parse().map_err(|_| err())?;
        Square::new(letter as i32 - 'A' as i32, row - 1).ok_or_else(err)
    }
}

impl TryFrom<String> for Square {
    type Error = ParseSquareError;
    fn try_from(s: String) -> Result<Square, ParseSquareError> {
        s.parse()
    }
}

impl From<Square> for String {
    fn from(s: Square) -> String {
        s.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_read_and_print() {
        let sq: Square = "f12".parse().unwrap();
        assert_eq!(sq.to_string(), "F12");
        assert_eq!(Square::all().count(), 16 * 28);
        for s in ["Q1", "A0", "A29", "A01", "", "12", "F1x"] {
            assert!(s.parse::<Square>().is_err(), "{s}");
        }
    }

    #[test]
    fn lines_take_king_steps() {
        let a: Square = "A1".parse().unwrap();
        let b: Square = "D2".parse().unwrap();
        let line = a.line_to(b);
        assert_eq!(line.len(), 4);
        assert!(line.windows(2).all(|w| w[0].distance(w[1]) == 1));
        assert_eq!(*line.last().unwrap(), b);
    }
}
