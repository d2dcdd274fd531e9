//! The squares of one winning road: what the board picture frames.
//!
//! The winner's road pieces may hold more than a road: a flat beside it, a
//! branch, a loop. [`Position::road_squares`] gives every piece connected to
//! the road; [`Position::winning_road`] gives one road alone, a shortest
//! chain of road pieces from one edge to the opposite one (RULINGS Tak 5).

use super::bitboard::Geometry;
use super::position::{Outcome, Position};
use super::square::Square;

impl Position {
    /// The squares of one road of the winner, in order from the south or
    /// west edge to the opposite one; empty unless the game was won by a
    /// road.
    pub fn winning_road(&self) -> Vec<Square> {
        match self.outcome() {
            Some(Outcome::Road(color)) => {
                shortest_road(Geometry::of(self.size()), self.road_pieces(color))
            }
            _ => Vec::new(),
        }
    }
}

/// A shortest chain of orthogonally adjacent squares of `roads` joining
/// two opposite edges, in order from the south or west edge; empty if
/// `roads` holds no road. Of a north-south and an east-west road of the
/// same length, the north-south one.
pub fn shortest_road(geometry: &Geometry, roads: u64) -> Vec<Square> {
    let roads = roads & geometry.board;
    let north_south = chain(geometry, roads, geometry.south, geometry.north);
    let west_east = chain(geometry, roads, geometry.west, geometry.east);
    match (north_south, west_east) {
        (Some(a), Some(b)) if b.len() < a.len() => b,
        (Some(a), _) => a,
        (None, Some(b)) => b,
        (None, None) => Vec::new(),
    }
}

/// A shortest chain through `roads` from a square of `from` to one of `to`:
/// breadth first, one ring of newly reached squares at a time, then back
/// from the far edge through one neighbour in each earlier ring (the
/// lowest-numbered, so the answer is the same every time).
fn chain(geometry: &Geometry, roads: u64, from: u64, to: u64) -> Option<Vec<Square>> {
    let mut ring = roads & from;
    let mut rings = Vec::new();
    let mut seen = ring;
    while ring & to == 0 {
        if ring == 0 {
            return None;
        }
        rings.push(ring);
        ring = geometry.neighbours(ring) & roads & !seen;
        seen |= ring;
    }
    let mut at = lowest(ring & to);
    let mut path = vec![at];
    for &earlier in rings.iter().rev() {
        at = lowest(earlier & geometry.neighbours(1 << at));
        path.push(at);
    }
    path.reverse();
    Some(path.into_iter().filter_map(Square::from_index).collect())
}

/// The lowest-numbered square of a non-empty set.
fn lowest(set: u64) -> u8 {
    set.trailing_zeros() as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tak::Color;

    fn names(squares: &[Square]) -> Vec<String> {
        squares.iter().map(|s| s.to_string()).collect()
    }

    /// `tps`, then `mv` played: the game must end with it.
    fn after(tps: &str, mv: &str) -> Position {
        let mut p = Position::from_tps_standard(tps).unwrap();
        p.play(mv.parse().unwrap()).unwrap();
        assert!(p.is_over(), "{tps} then {mv}");
        p
    }

    #[test]
    fn a_branch_beside_the_road_is_not_part_of_it() {
        // RULINGS Tak 5: White's road runs along rank 3; the flat on c4
        // touches it but connects no edges (the picture framed it: issue 13).
        let p = after("2,2,x3/x2,1,x2/1,1,1,1,x/x5/2,2,x3 1 6", "e3");
        assert_eq!(p.outcome(), Some(Outcome::Road(Color::White)));
        assert!(names(&p.road_squares()).contains(&"c4".to_string()));
        assert_eq!(names(&p.winning_road()), ["a3", "b3", "c3", "d3", "e3"]);
    }

    #[test]
    fn the_shorter_of_two_ways_is_taken() {
        // RULINGS Tak 5: from a1 the road may go straight up file a or
        // round through b2-b4; the straight way is shorter.
        let g = Geometry::of(5);
        let sq = |n: &str| n.parse::<Square>().unwrap();
        let bits = |ns: &[&str]| ns.iter().fold(0u64, |b, n| b | 1 << sq(n).index());
        let roads = bits(&["a1", "a2", "a3", "a4", "a5", "b2", "b3", "b4", "c2", "c3"]);
        assert_eq!(
            names(&shortest_road(g, roads)),
            ["a1", "a2", "a3", "a4", "a5"]
        );
        // A winding road: every step is to an orthogonal neighbour.
        let winding = bits(&["b1", "b2", "c2", "d2", "d3", "d4", "c4", "c5"]);
        assert_eq!(
            names(&shortest_road(g, winding)),
            ["b1", "b2", "c2", "d2", "d3", "d4", "c4", "c5"]
        );
        // No two opposite edges joined: no road.
        assert!(shortest_road(g, bits(&["a1", "a2", "a3", "a4", "b4"])).is_empty());
        assert!(shortest_road(g, 0).is_empty());
    }

    #[test]
    fn a_corner_square_belongs_to_both_edges() {
        // RULINGS Tak 5: a1 is on the south edge and the west edge; a road
        // along rank 1 starts there.
        let g = Geometry::of(3);
        let sq = |n: &str| n.parse::<Square>().unwrap();
        let roads = ["a1", "b1", "c1"]
            .iter()
            .fold(0u64, |b, n| b | 1 << sq(n).index());
        assert_eq!(names(&shortest_road(g, roads)), ["a1", "b1", "c1"]);
    }

    #[test]
    fn a_capstone_carries_a_road_and_a_wall_breaks_it() {
        // RULINGS Tak 5: the capstone on c3 is part of the road.
        let p = after("2,2,x3/x5/1,1,1C,1,x/x5/2,2,x3 1 6", "e3");
        assert_eq!(names(&p.winning_road()), ["a3", "b3", "c3", "d3", "e3"]);
        // A wall of White's on c3 is no road piece: e3 does not win.
        let mut q = Position::from_tps_standard("2,2,x3/x5/1,1,1S,1,x/x5/2,2,x3 1 6").unwrap();
        q.play("e3".parse().unwrap()).unwrap();
        assert!(!q.is_over());
        assert!(q.winning_road().is_empty());
    }

    #[test]
    fn only_a_road_win_has_a_road() {
        // RULINGS Tak 4 (c): a flat win shows no road; a game still on has none.
        let on = Position::from_tps_standard("x5/x5/x5/x5/1,x4 2 1").unwrap();
        assert!(on.winning_road().is_empty());
        let flats = after(
            "1,1,1,2,2/2,2,1,1,2/1,1,2,2,1/2,1,1,2,2/1,2,x,1,2 1 13",
            "c1",
        );
        assert_eq!(flats.outcome(), Some(Outcome::Flats(Color::White)));
        assert!(flats.winning_road().is_empty());
    }

    #[test]
    fn the_movers_road_is_framed_when_both_are_made() {
        // RULINGS Tak 4 (a): White's flat on e4 steps down to e3, which
        // completes White's road on rank 3 and uncovers Black's flat on e4,
        // which completes Black's on rank 4. The mover wins; the frame is
        // on the mover's road.
        let p = after("x5/2,2,2,2,21/1,1,1,1,x/x5/x5 1 10", "e4-");
        assert_eq!(p.outcome(), Some(Outcome::Road(Color::White)));
        assert_eq!(names(&p.winning_road()), ["a3", "b3", "c3", "d3", "e3"]);
    }
}
