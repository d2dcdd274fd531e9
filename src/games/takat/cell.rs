//! The seven cells of the Takat board, their adjacency and the red cells.
//!
//! The board is a hexagon of seven circles: the centre `C` and a ring of six,
//! named clockwise from the top `N`, `NE`, `SE`, `S`, `SW`, `NW`. Every other
//! ring cell is red: `N`, `SE` and `SW` (RULINGS Takat 1).

use std::fmt;
use std::str::FromStr;

/// One of the seven cells. The declaration order (`C`, then the ring
/// clockwise from `N`) is the order used everywhere: in [`Cell::ALL`], in the
/// position format and in the sorted list of legal turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Cell {
    C,
    N,
    NE,
    SE,
    S,
    SW,
    NW,
}

/// The ring, clockwise from `N`.
const RING: [Cell; 6] = [Cell::N, Cell::NE, Cell::SE, Cell::S, Cell::SW, Cell::NW];

impl Cell {
    /// All seven cells: the centre, then the ring clockwise from `N`.
    pub const ALL: [Cell; 7] = [
        Cell::C,
        Cell::N,
        Cell::NE,
        Cell::SE,
        Cell::S,
        Cell::SW,
        Cell::NW,
    ];

    /// The six ring cells, clockwise from `N`.
    pub const RING: [Cell; 6] = RING;

    /// The position of the cell in [`Cell::ALL`] (0 to 6).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The cell at `index` in [`Cell::ALL`], if any.
    pub fn from_index(index: usize) -> Option<Cell> {
        Cell::ALL.get(index).copied()
    }

    /// The name used in notation: `C`, `N`, `NE`, `SE`, `S`, `SW`, `NW`.
    pub const fn name(self) -> &'static str {
        match self {
            Cell::C => "C",
            Cell::N => "N",
            Cell::NE => "NE",
            Cell::SE => "SE",
            Cell::S => "S",
            Cell::SW => "SW",
            Cell::NW => "NW",
        }
    }

    /// Whether this is the centre cell.
    pub const fn is_centre(self) -> bool {
        matches!(self, Cell::C)
    }

    /// Whether the cell is red: `N`, `SE` and `SW` (RULINGS Takat 1).
    pub const fn is_red(self) -> bool {
        matches!(self, Cell::N | Cell::SE | Cell::SW)
    }

    /// The cells next to this one, in [`Cell::ALL`] order. The centre touches
    /// all six ring cells; a ring cell touches the centre and its two ring
    /// neighbours.
    pub const fn neighbours(self) -> &'static [Cell] {
        use Cell::*;
        match self {
            C => &[N, NE, SE, S, SW, NW],
            N => &[C, NE, NW],
            NE => &[C, N, SE],
            SE => &[C, NE, S],
            S => &[C, SE, SW],
            SW => &[C, S, NW],
            NW => &[C, N, SW],
        }
    }

    /// Whether `other` is next to this cell (a cell is not next to itself).
    pub fn is_next_to(self, other: Cell) -> bool {
        self.neighbours().contains(&other)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A string that names no cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseCellError {
    /// The text that was read (trimmed).
    pub text: String,
}

impl fmt::Display for ParseCellError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.text.is_empty() {
            write!(f, "a cell is missing; cells are C, N, NE, SE, S, SW, NW")
        } else {
            write!(
                f,
                "{} is not a cell; cells are C, N, NE, SE, S, SW, NW",
                crate::games::kit::error::quoted_with(&self.text, '"')
            )
        }
    }
}

impl std::error::Error for ParseCellError {}

impl FromStr for Cell {
    type Err = ParseCellError;

    /// Reads a cell name, ignoring case and surrounding whitespace.
    fn from_str(s: &str) -> Result<Cell, ParseCellError> {
        let text = s.trim();
        Cell::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| ParseCellError {
                text: text.to_string(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjacency_is_symmetric_and_irreflexive() {
        for a in Cell::ALL {
            assert!(!a.is_next_to(a));
            for b in Cell::ALL {
                assert_eq!(a.is_next_to(b), b.is_next_to(a), "{a} {b}");
            }
        }
    }

    #[test]
    fn ring_cells_touch_centre_and_two_ring_neighbours() {
        // RULINGS Takat 1
        assert_eq!(Cell::C.neighbours().len(), 6);
        for (i, r) in RING.iter().enumerate() {
            let next = RING[(i + 1) % 6];
            let prev = RING[(i + 5) % 6];
            assert_eq!(r.neighbours().len(), 3);
            assert!(r.is_next_to(Cell::C) && r.is_next_to(next) && r.is_next_to(prev));
        }
    }

    #[test]
    fn index_round_trip() {
        for (i, c) in Cell::ALL.into_iter().enumerate() {
            assert_eq!(c.index(), i);
            assert_eq!(Cell::from_index(i), Some(c));
        }
        assert_eq!(Cell::from_index(7), None);
    }
}
