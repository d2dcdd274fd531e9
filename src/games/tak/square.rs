//! Squares and directions.
//!
//! Squares are numbered `rank * 8 + file` on every board size, so that one
//! 64-bit bitboard layout serves sizes 3 to 8 and a step north is always +8.

use std::fmt;
use std::str::FromStr;

/// Largest supported board size.
pub const MAX_SIZE: u8 = 8;
/// Smallest supported board size.
pub const MIN_SIZE: u8 = 3;

/// A square: file `a`.. and rank `1`.., `a1` at the bottom left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at `file` and `rank` (both from 0), if both are below 8.
    pub fn new(file: u8, rank: u8) -> Option<Square> {
        (file < MAX_SIZE && rank < MAX_SIZE).then_some(Square(rank * 8 + file))
    }

    /// The square with this index (`rank * 8 + file`), if it is below 64.
    pub fn from_index(index: u8) -> Option<Square> {
        (index < 64).then_some(Square(index))
    }

    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        Square(index)
    }

    pub fn index(self) -> usize {
        self.0 as usize
    }

    pub fn file(self) -> u8 {
        self.0 % 8
    }

    pub fn rank(self) -> u8 {
        self.0 / 8
    }

    /// Whether the square lies on a board of this size.
    pub fn is_on(self, size: u8) -> bool {
        self.file() < size && self.rank() < size
    }

    /// The neighbour in `direction`, if it lies on a board of this size.
    pub fn step(self, direction: Direction, size: u8) -> Option<Square> {
        let (file, rank) = (self.file() as i8, self.rank() as i8);
        let (df, dr) = direction.delta();
        let (file, rank) = (file + df, rank + dr);
        let inside = (0..size as i8).contains(&file) && (0..size as i8).contains(&rank);
        inside.then(|| Square((rank * 8 + file) as u8))
    }

    /// Every square of a board of this size, a1, b1, ... then a2, ...
    pub fn all(size: u8) -> impl Iterator<Item = Square> {
        (0..size).flat_map(move |rank| (0..size).map(move |file| Square(rank * 8 + file)))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl FromStr for Square {
    type Err = String;

    fn from_str(s: &str) -> Result<Square, String> {
        let bytes = s.as_bytes();
        if bytes.len() != 2 {
            return Err(format!(
                "`{s}` is not a square (a file a-h then a rank 1-8, like c3)"
            ));
        }
        let file = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        Square::new(file, rank)
            .ok_or_else(|| format!("`{s}` is not a square (a file a-h then a rank 1-8, like c3)"))
    }
}

/// One of the four directions a stack moves in, with its PTN symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// `+`: towards higher ranks.
    Up,
    /// `-`: towards rank 1.
    Down,
    /// `<`: towards file a.
    Left,
    /// `>`: towards higher files.
    Right,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    pub fn symbol(self) -> char {
        match self {
            Direction::Up => '+',
            Direction::Down => '-',
            Direction::Left => '<',
            Direction::Right => '>',
        }
    }

    pub fn from_symbol(c: char) -> Option<Direction> {
        match c {
            '+' => Some(Direction::Up),
            '-' => Some(Direction::Down),
            '<' => Some(Direction::Left),
            '>' => Some(Direction::Right),
            _ => None,
        }
    }

    /// (file step, rank step)
    pub fn delta(self) -> (i8, i8) {
        match self {
            Direction::Up => (0, 1),
            Direction::Down => (0, -1),
            Direction::Left => (-1, 0),
            Direction::Right => (1, 0),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Direction::Up => "up",
            Direction::Down => "down",
            Direction::Left => "left",
            Direction::Right => "right",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a1_is_bottom_left_and_steps_stay_on_the_board() {
        // RULINGS Tak 7: a1 bottom left, `+` towards higher ranks, `>` towards higher files.
        let a1: Square = "a1".parse().unwrap();
        assert_eq!((a1.file(), a1.rank()), (0, 0));
        assert_eq!(a1.step(Direction::Up, 5).unwrap().to_string(), "a2");
        assert_eq!(a1.step(Direction::Right, 5).unwrap().to_string(), "b1");
        assert_eq!(a1.step(Direction::Left, 5), None);
        assert_eq!(a1.step(Direction::Down, 5), None);
        let e5: Square = "e5".parse().unwrap();
        assert_eq!(e5.step(Direction::Up, 5), None);
        assert_eq!(e5.step(Direction::Up, 6).unwrap().to_string(), "e6");
        assert!(!"f1".parse::<Square>().unwrap().is_on(5));
        assert!("i1".parse::<Square>().is_err());
        assert!("a9".parse::<Square>().is_err());
        assert!("a".parse::<Square>().is_err());
        assert_eq!(Square::all(3).count(), 9);
    }
}
