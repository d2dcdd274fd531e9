//! The static evaluation of a Tak position, in centiflats (100 = one top
//! flat) from the view of the player to move.
//!
//! It weighs the two ways to win: the flat count (with komi, weighted more
//! as reserves run out and the board fills) and road potential (connected
//! groups by how many ranks or files they span, lines filling up, squares
//! where one placement completes a road). Then the material that decides
//! fights: captives and own pieces under each top, walls, the capstone's
//! placement and freedom to move.

use crate::games::tak::bitboard::Geometry;
use crate::games::tak::piece::{Color, Role};
use crate::games::tak::position::Position;
use crate::games::tak::square::{Direction, Square};

/// What the evaluation adds for a player to move who can complete a road
/// by placing a piece (the search sees the win itself; this orders leaves).
const ROAD_IN_ONE: i32 = 2_000;

/// The empty squares where `color` would complete a road by placing a flat
/// or capstone, if it had the turn and a piece to place. Exact for
/// placements; spreads that complete roads are found by the search.
pub fn placement_wins(position: &Position, color: Color) -> u64 {
    let g = Geometry::of(position.size());
    let road = position.road_pieces(color);
    // One new piece covers one rank and one file: a road needs all but at
    // most one of the ranks, or of the files, covered already.
    let (ranks, files) = coverage(road, position.size());
    let size = position.size() as u32;
    if ranks.count_ones() + 1 < size && files.count_ones() + 1 < size {
        return 0;
    }
    let candidates = position.empty_squares() & g.neighbours(road);
    let mut wins = 0;
    let mut rest = candidates;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest &= rest - 1;
        if g.has_road(road | bit) {
            wins |= bit;
        }
    }
    wins
}

/// Whether `color`, having the turn, has a piece it may place on its own
/// behalf (not during the swap opening).
pub fn can_place(position: &Position, color: Color) -> bool {
    let swap = position.in_swap_opening();
    !swap && (position.stones_left(color) > 0 || position.caps_left(color) > 0)
}

/// The ranks and files (bit per index) that a set of squares touches.
fn coverage(squares: u64, size: u8) -> (u32, u32) {
    let mut ranks = 0u32;
    let mut files = 0u32;
    for rank in 0..size {
        let row = (squares >> (rank * 8)) & 0xff;
        if row != 0 {
            ranks |= 1 << rank;
            files |= row as u32;
        }
    }
    (ranks, files)
}

/// The evaluation from the view of the player to move. A finished game is
/// scored by the search, not here.
pub fn evaluate(position: &Position) -> i32 {
    evaluate_with(position, true)
}

/// The evaluation, with or without the road-threat terms (the weakest
/// level plays without them, and so sometimes leaves a road open).
pub fn evaluate_with(position: &Position, sees_threats: bool) -> i32 {
    let mover = position.to_move();
    let mut score = side(position, mover) - side(position, mover.opponent());
    // Flats and komi: komi goes to Black (RULINGS Tak 3).
    let [white, black] = position.flat_counts();
    let komi_halves = position.rules().komi.halves() as i32;
    let flat_lead_halves = (white as i32 - black as i32) * 2 - komi_halves;
    let weight = flat_weight(position);
    let flat_score = flat_lead_halves * weight / 2;
    score += match mover {
        Color::White => flat_score,
        Color::Black => -flat_score,
    };
    if !sees_threats {
        return score + 15;
    }
    // Threats of one placement: the mover wins with one; the opponent's
    // threats must be answered, and two apart usually cannot both be.
    let mover_wins = placement_wins(position, mover);
    if mover_wins != 0 && can_place(position, mover) {
        return score + ROAD_IN_ONE;
    }
    let opponent = mover.opponent();
    let threats = placement_wins(position, opponent).count_ones();
    if position.stones_left(opponent) > 0 || position.caps_left(opponent) > 0 {
        score -= match threats {
            0 => 0,
            1 => 60,
            _ => 500,
        };
    }
    score + 15 // the move itself is worth something
}

/// What a top flat is worth: from 0.8 of a flat when the game is young to
/// 1.6 when a reserve or the board is nearly used up, since then the count
/// decides the game.
fn flat_weight(position: &Position) -> i32 {
    let rules = position.rules();
    let g = Geometry::of(position.size());
    let fill = |color: Color| {
        let total = (rules.stones[color.index()] + rules.caps[color.index()]) as i32;
        let left = (position.stones_left(color) + position.caps_left(color)) as i32;
        100 - left * 100 / total.max(1)
    };
    let board_fill =
        100 - (position.empty_squares().count_ones() * 100 / g.board.count_ones()) as i32;
    let progress = fill(Color::White).max(fill(Color::Black)).max(board_fill);
    80 + progress * progress * 80 / 10_000
}

/// One player's terms, except the flat count.
fn side(position: &Position, color: Color) -> i32 {
    let size = position.size();
    let g = Geometry::of(size);
    let road = position.road_pieces(color);
    let mine = position.controlled(color);
    let theirs = position.controlled(color.opponent());
    let walls = position.walls();
    let caps = position.caps();
    let mut score = 0;

    // Road groups: the span of each connected group, growing fast near a road.
    let mut rest = road;
    while rest != 0 {
        let seed = rest & rest.wrapping_neg();
        let group = g.flood(seed, road);
        rest &= !group;
        let (ranks, files) = coverage(group, size);
        let span = ranks.count_ones().max(files.count_ones()) as i32;
        score += span * span * 7 * 6 / size as i32;
    }

    // Lines: own road pieces in a rank or file, worth less where the
    // opponent has a wall or capstone across it.
    let hard_blockers = theirs & (walls | caps);
    for i in 0..size {
        let rank = g.south << (i * 8);
        let file = g.west << i;
        for line in [rank, file] {
            let n = (road & line).count_ones() as i32;
            if n >= 2 {
                let blocked = (hard_blockers & line) != 0 || (theirs & line).count_ones() >= 2;
                score += if blocked { n * n } else { n * n * 3 };
            }
        }
    }

    // Walls and capstones.
    score += (mine & walls).count_ones() as i32 * 35;
    let centre = (size as i32 - 1) * 2;
    let limit = position.rules().carry_limit() as usize;
    let mut bits = mine;
    while bits != 0 {
        let index = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        let square = Square::from_index_unchecked(index);
        let stack = position.stack(square);
        let is_cap = stack.top_role() == Some(Role::Cap);
        // Central squares reach more lines.
        let distance = (square.file() as i32 * 2 - (size as i32 - 1)).abs()
            + (square.rank() as i32 * 2 - (size as i32 - 1)).abs();
        score += (centre - distance) * if is_cap { 4 } else { 1 };
        if is_cap {
            score += 50;
            for direction in Direction::ALL {
                if let Some(next) = square.step(direction, size) {
                    let bit = 1u64 << next.index();
                    if caps & bit == 0 {
                        score += 4;
                    }
                    if road & bit != 0 {
                        score += 6;
                    }
                }
            }
        }
        // What lies under the top: own pieces are reserves the stack can
        // spread (up to the carry limit); captives are out of play.
        let height = stack.height();
        if height > 1 {
            let (white, black) = stack.count_by_color();
            let (own, captive) = match color {
                Color::White => (white, black),
                Color::Black => (black, white),
            };
            let own_below = own.saturating_sub(1).min(limit) as i32;
            score += own_below * if is_cap { 22 } else { 14 };
            score += captive.min(limit) as i32 * 4;
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tak::Rules;

    fn position(tps: &str) -> Position {
        Position::from_tps_standard(tps).unwrap()
    }

    #[test]
    fn placement_wins_are_the_squares_that_complete_a_road() {
        // RULINGS Tak 5: White a1-d1 on 5x5; e1 completes the road.
        let p = position("x5/x5/x5/2,2,2,x2/1,1,1,1,x 2 5");
        let e1: Square = "e1".parse().unwrap();
        assert_eq!(placement_wins(&p, Color::White), 1 << e1.index());
        assert_eq!(placement_wins(&p, Color::Black), 0);
        // A black wall on e1 leaves nothing to place on.
        let p = position("x5/x5/x5/2,2,2,x2/1,1,1,1,2S 1 6");
        assert_eq!(placement_wins(&p, Color::White), 0);
    }

    #[test]
    fn more_flats_and_komi_move_the_score() {
        // Black to move in both: White has one flat more in the second.
        let rules = Rules::standard(5).unwrap();
        let even = Position::from_tps("x5/x5/x5/x5/1,x3,2 2 2", rules).unwrap();
        let ahead = Position::from_tps("x5/x5/x5/x5/1,x,1,x,2 2 2", rules).unwrap();
        assert!(evaluate(&ahead) < evaluate(&even));
        // RULINGS Tak 3: komi counts for Black.
        let komi = rules.with_komi(crate::games::tak::Komi::from_halves(4).unwrap());
        let with_komi = Position::from_tps("x5/x5/x5/x5/1,x3,2 2 2", komi).unwrap();
        assert!(evaluate(&with_komi) > evaluate(&even));
    }

    #[test]
    fn two_open_threats_weigh_more_than_one() {
        // White threatens e1 (rank 1); Black to move.
        let one = position("x5/x5/x5/2,2,x3/1,1,1,1,x 2 5");
        // White threatens a5-... on file a and e1 on rank 1.
        let two = position("x5/1,x4/1,x4/1,2,2,x2/1,1,1,1,x 2 7");
        assert!(evaluate(&two) < evaluate(&one) - 200);
    }
}
