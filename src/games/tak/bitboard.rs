//! Bitboards: one bit per square, bit `rank * 8 + file`.

use super::square::{Direction, Square};

/// A set of squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);

    pub fn contains(self, sq: Square) -> bool {
        self.0 >> sq.index() & 1 != 0
    }

    pub fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq.index())
    }

    pub fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq.index()))
    }

    pub fn set(&mut self, sq: Square, on: bool) {
        let bit = 1u64 << sq.index();
        if on {
            self.0 |= bit;
        } else {
            self.0 &= !bit;
        }
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    pub fn squares(self) -> impl Iterator<Item = Square> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let index = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Square::from_index_unchecked(index))
        })
    }
}

impl std::ops::BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}

impl std::ops::BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}

impl std::ops::Not for Bitboard {
    type Output = Bitboard;
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// The masks of one board size: the board itself and its four edges.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    pub size: u8,
    pub board: u64,
    /// Rank 1.
    pub south: u64,
    /// The last rank.
    pub north: u64,
    /// File a.
    pub west: u64,
    /// The last file.
    pub east: u64,
}

const fn geometry(size: u8) -> Geometry {
    let mut board = 0u64;
    let mut west = 0u64;
    let mut east = 0u64;
    let mut rank = 0;
    while rank < size {
        let row = ((1u64 << size) - 1) << (rank * 8);
        board |= row;
        west |= 1 << (rank * 8);
        east |= 1 << (rank * 8 + size - 1);
        rank += 1;
    }
    let south = (1u64 << size) - 1;
    Geometry {
        size,
        board,
        south,
        north: south << ((size - 1) * 8),
        west,
        east,
    }
}

const GEOMETRIES: [Geometry; 9] = [
    geometry(1),
    geometry(1),
    geometry(2),
    geometry(3),
    geometry(4),
    geometry(5),
    geometry(6),
    geometry(7),
    geometry(8),
];

impl Geometry {
    /// The masks for a board of `size` (3..=8).
    pub fn of(size: u8) -> &'static Geometry {
        &GEOMETRIES[size.min(8) as usize]
    }

    /// Every square next to a square of `b`, on the board.
    pub fn neighbours(&self, b: u64) -> u64 {
        let up = b << 8;
        let down = b >> 8;
        let left = (b & !self.west) >> 1;
        let right = (b & !self.east) << 1;
        (up | down | left | right) & self.board
    }

    /// The edge a stack reaches last when it moves in `direction`.
    pub fn edge(&self, direction: Direction) -> u64 {
        match direction {
            Direction::Up => self.north,
            Direction::Down => self.south,
            Direction::Left => self.west,
            Direction::Right => self.east,
        }
    }

    /// The squares of `within` connected to `seeds` through orthogonal steps
    /// inside `within`.
    pub fn flood(&self, seeds: u64, within: u64) -> u64 {
        let mut reached = seeds & within;
        loop {
            let next = (reached | self.neighbours(reached)) & within;
            if next == reached {
                return reached;
            }
            reached = next;
        }
    }

    /// The road pieces of `roads` that connect two opposite edges, or 0 when
    /// there is no road (RULINGS Tak 5). The result is the union of every
    /// connected group that spans the board.
    pub fn road(&self, roads: u64) -> u64 {
        let mut found = 0;
        // Cheap rejection: a road touches every rank or every file.
        if self.spans(roads, Axis::Ranks) {
            let from_south = self.flood(roads & self.south, roads);
            if from_south & self.north != 0 {
                found |= self.flood(from_south & self.north, from_south);
            }
        }
        if self.spans(roads, Axis::Files) {
            let from_west = self.flood(roads & self.west, roads);
            if from_west & self.east != 0 {
                found |= self.flood(from_west & self.east, from_west);
            }
        }
        found
    }

    /// Whether `roads` is a road for its owner.
    pub fn has_road(&self, roads: u64) -> bool {
        if self.spans(roads, Axis::Ranks) {
            let from_south = self.flood(roads & self.south, roads);
            if from_south & self.north != 0 {
                return true;
            }
        }
        if self.spans(roads, Axis::Files) {
            let from_west = self.flood(roads & self.west, roads);
            if from_west & self.east != 0 {
                return true;
            }
        }
        false
    }

    /// The squares of `candidates` that each, added alone to `roads`, make
    /// a road (every candidate when `roads` already is one). Four floods
    /// instead of one per candidate: the group a new square joins reaches
    /// an edge when the square is on it or next to a group that is.
    pub fn road_completions(&self, roads: u64, candidates: u64) -> u64 {
        let mut wins = 0;
        for (first, second) in [(self.south, self.north), (self.west, self.east)] {
            let from_first = self.flood(roads & first, roads);
            if from_first & second != 0 {
                return candidates;
            }
            if from_first == 0 && candidates & first == 0 {
                continue;
            }
            let from_second = self.flood(roads & second, roads);
            let joins_first = first | self.neighbours(from_first);
            let joins_second = second | self.neighbours(from_second);
            wins |= candidates & joins_first & joins_second;
        }
        wins
    }

    /// Whether `b` has a square on every rank (or every file) of the board.
    fn spans(&self, b: u64, axis: Axis) -> bool {
        match axis {
            Axis::Ranks => {
                // The top bit of each byte, set when the byte (a rank) is
                // not empty.
                const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
                let ranks = (((b & LOW7) + LOW7) | b) & !LOW7;
                let every_rank = self.west << 7;
                ranks & every_rank == every_rank
            }
            Axis::Files => {
                let mut files = b | b >> 32;
                files |= files >> 16;
                files |= files >> 8;
                files & self.south == self.south
            }
        }
    }
}

enum Axis {
    Ranks,
    Files,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(squares: &[&str]) -> u64 {
        squares
            .iter()
            .map(|s| 1u64 << s.parse::<Square>().unwrap().index())
            .fold(0, |a, b| a | b)
    }

    #[test]
    fn edges_of_a_5x5_board() {
        let g = Geometry::of(5);
        assert_eq!(g.board.count_ones(), 25);
        assert_eq!(g.south, bits(&["a1", "b1", "c1", "d1", "e1"]));
        assert_eq!(g.north, bits(&["a5", "b5", "c5", "d5", "e5"]));
        assert_eq!(g.west, bits(&["a1", "a2", "a3", "a4", "a5"]));
        assert_eq!(g.east, bits(&["e1", "e2", "e3", "e4", "e5"]));
    }

    #[test]
    fn neighbours_do_not_wrap_around_the_edges() {
        let g = Geometry::of(8);
        assert_eq!(g.neighbours(bits(&["h4"])), bits(&["h3", "h5", "g4"]));
        assert_eq!(g.neighbours(bits(&["a4"])), bits(&["a3", "a5", "b4"]));
        let g = Geometry::of(3);
        assert_eq!(g.neighbours(bits(&["c3"])), bits(&["c2", "b3"]));
    }

    #[test]
    fn roads_connect_opposite_edges_orthogonally() {
        // RULINGS Tak 5: orthogonal connection between opposite edges.
        let g = Geometry::of(5);
        let straight = bits(&["a3", "b3", "c3", "d3", "e3"]);
        assert!(g.has_road(straight));
        assert_eq!(g.road(straight), straight);
        let bent = bits(&["c1", "c2", "d2", "d3", "d4", "c4", "c5"]);
        assert!(g.has_road(bent));
        let diagonal = bits(&["a1", "b2", "c3", "d4", "e5"]);
        assert!(!g.has_road(diagonal));
        let adjacent_edges = bits(&["a1", "a2", "a3", "b1", "c1"]);
        assert!(!g.has_road(adjacent_edges));
        // The corner square serves both directions.
        let corner_turn = bits(&["a1", "a2", "a3", "a4", "a5", "b1", "c1", "d1", "e1"]);
        assert!(g.has_road(corner_turn));
    }

    /// A pseudo-random bitboard (splitmix64), for comparing the fast road
    /// functions with the plain ones.
    fn scramble(seed: &mut u64) -> u64 {
        *seed = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = *seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    #[test]
    fn road_completions_are_the_squares_whose_placement_makes_a_road() {
        // RULINGS Tak 5: a road is a connected chain of road pieces that
        // joins opposite edges. Compared with adding each square in turn.
        let mut seed = 7;
        for size in 3..=8u8 {
            let g = Geometry::of(size);
            for _ in 0..20_000 {
                // About half the board, so that roads are often one short.
                let roads = scramble(&mut seed) & scramble(&mut seed) | scramble(&mut seed);
                let roads = roads & g.board & scramble(&mut seed);
                let candidates = !roads & g.board & scramble(&mut seed);
                let mut expected = 0;
                for index in 0..64 {
                    let bit = 1u64 << index;
                    if candidates & bit != 0 && g.has_road(roads | bit) {
                        expected |= bit;
                    }
                }
                assert_eq!(
                    g.road_completions(roads, candidates),
                    expected,
                    "size {size}, roads {roads:#x}, candidates {candidates:#x}"
                );
            }
        }
    }

    #[test]
    fn spans_agree_with_counting_ranks_and_files() {
        let mut seed = 11;
        for size in 3..=8u8 {
            let g = Geometry::of(size);
            for _ in 0..20_000 {
                let b = scramble(&mut seed) & scramble(&mut seed) & g.board;
                let ranks = (0..size).all(|r| b & (g.south << (r * 8)) != 0);
                let files = (0..size).all(|f| b & (g.west << f) != 0);
                assert_eq!(g.spans(b, Axis::Ranks), ranks, "{b:#x}");
                assert_eq!(g.spans(b, Axis::Files), files, "{b:#x}");
            }
        }
    }
}
