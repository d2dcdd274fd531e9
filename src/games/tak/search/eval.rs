//! The static evaluation of a Tak position, in centiflats (100 = one top
//! flat) from the view of the player to move.
//!
//! A linear function of features: the flat count with komi; where the
//! top flats, walls and capstones stand (by their distance from the
//! edges); what lies under each top (own pieces it can spread, captives);
//! road potential (connected groups by the ranks or files they still miss,
//! lines by the road pieces in them); the capstone's neighbours; the open
//! road threats. Each feature has two weights, one for a young game and one
//! for a game whose reserves or board are nearly used up, blended by how
//! far the game has gone. The weights ([`super::weights`]) were fitted by
//! logistic regression on the results of self-play games
//! ([`super::tune`], `docs/ai.md`).

use crate::games::tak::bitboard::Geometry;
use crate::games::tak::piece::{Color, Role};
use crate::games::tak::position::Position;
use crate::games::tak::square::Square;

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
    g.road_completions(road, candidates)
}

/// Whether `color`, having the turn, has a piece it may place on its own
/// behalf (not during the swap opening).
pub fn can_place(position: &Position, color: Color) -> bool {
    let swap = position.in_swap_opening();
    !swap && (position.stones_left(color) > 0 || position.caps_left(color) > 0)
}

/// Whether `color`, having the turn, completes a road by placing a piece.
pub fn road_in_one_by_placement(position: &Position, color: Color) -> bool {
    can_place(position, color) && placement_wins(position, color) != 0
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

pub use super::feature;
use super::network::{Network, HIDDEN, PHASE_INPUT};
pub use super::weights::Weights;
use feature::*;

/// How far the game has gone, 0 (start) to [`PHASE_MAX`]: the fuller
/// reserve or the board, whichever is closer to running out.
pub const PHASE_MAX: i32 = 100;

/// Where the features go: summed with weights when searching, recorded
/// when tuning.
pub trait Sink {
    fn add(&mut self, feature: usize, value: i32);
}

/// Sums weights, and the network's hidden units: the evaluation.
struct Sum<'a> {
    weights: &'a Weights,
    early: i32,
    late: i32,
    network: Option<(&'a Network, [i32; HIDDEN])>,
}

impl Sink for Sum<'_> {
    #[inline(always)]
    fn add(&mut self, feature: usize, value: i32) {
        self.early += self.weights.early[feature] * value;
        self.late += self.weights.late[feature] * value;
        if let Some((network, hidden)) = &mut self.network {
            network.add(hidden, feature, value);
        }
    }
}

impl Sum<'_> {
    /// The evaluation once every feature is in, at `phase`.
    fn total(mut self, phase: i32) -> i32 {
        let linear = (self.early * (PHASE_MAX - phase) + self.late * phase) / PHASE_MAX;
        match &mut self.network {
            None => linear,
            Some((network, hidden)) => {
                network.add(hidden, PHASE_INPUT, phase);
                linear + network.output(hidden)
            }
        }
    }
}

/// The evaluation from the view of the player to move, with the weights
/// of its board size. A finished game is scored by the search, not here.
pub fn evaluate(position: &Position) -> i32 {
    evaluate_with(position, true, super::weights::for_size(position.size()))
}

/// The evaluation, with or without the road-threat terms (the weakest
/// level plays without them, and so sometimes leaves a road open).
pub fn evaluate_with(position: &Position, sees_threats: bool, weights: &Weights) -> i32 {
    evaluate_searched(position, sees_threats, weights, true)
}

/// The evaluation, where the search may already know that the player to
/// move cannot complete a road by placing a piece (`check_mover_road`
/// false): it then does not look again.
pub fn evaluate_searched(
    position: &Position,
    sees_threats: bool,
    weights: &Weights,
    check_mover_road: bool,
) -> i32 {
    let mut sum = Sum {
        weights,
        early: 0,
        late: 0,
        network: weights.network.as_deref().map(|n| (n, n.start())),
    };
    match features(position, sees_threats, check_mover_road, &mut sum) {
        Features::RoadInOne => sum.total(phase(position)) + ROAD_IN_ONE,
        Features::Phase(phase) => sum.total(phase),
    }
}

/// What [`features`] found besides the features.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Features {
    /// The player to move completes a road by placing a piece: the
    /// features stop there.
    RoadInOne,
    /// The game's phase, 0 to [`PHASE_MAX`].
    Phase(i32),
}

/// Game progress, 0 to [`PHASE_MAX`].
pub fn phase(position: &Position) -> i32 {
    let rules = position.rules();
    let g = Geometry::of(position.size());
    let fill = |color: Color| {
        let total = (rules.stones[color.index()] + rules.caps[color.index()]) as i32;
        let left = (position.stones_left(color) + position.caps_left(color)) as i32;
        PHASE_MAX - left * PHASE_MAX / total.max(1)
    };
    let board_fill = PHASE_MAX
        - (position.empty_squares().count_ones() as i32 * PHASE_MAX / g.board.count_ones() as i32);
    fill(Color::White).max(fill(Color::Black)).max(board_fill)
}

/// Sends every feature of `position` to `sink`, from the view of the player
/// to move. With `check_mover_road` false, the caller knows the player to
/// move has no road in one by placement.
pub fn features<S: Sink>(
    position: &Position,
    sees_threats: bool,
    check_mover_road: bool,
    sink: &mut S,
) -> Features {
    let mover = position.to_move();
    let opponent = mover.opponent();
    sink.add(TEMPO, 1);
    // Flats and komi: komi goes to Black (RULINGS Tak 3).
    let [white, black] = position.flat_counts();
    let komi_halves = position.rules().komi.halves() as i32;
    let white_lead = (white as i32 - black as i32) * 2 - komi_halves;
    let lead = match mover {
        Color::White => white_lead,
        Color::Black => -white_lead,
    };
    sink.add(FLAT_LEAD, lead);
    let pieces_left = |c: Color| (position.stones_left(c) + position.caps_left(c)) as u32;
    let closest = pieces_left(Color::White)
        .min(pieces_left(Color::Black))
        .min(position.empty_squares().count_ones());
    if closest <= 4 {
        sink.add(FLAT_LEAD_CLOSE, lead);
    }
    side(position, mover, MOVER, 1, sink);
    side(position, opponent, OPPONENT, -1, sink);
    if sees_threats {
        // Threats of one placement: the mover wins with one; the
        // opponent's must be answered, and two apart usually cannot both be.
        if check_mover_road && road_in_one_by_placement(position, mover) {
            return Features::RoadInOne;
        }
        if position.stones_left(opponent) > 0 || position.caps_left(opponent) > 0 {
            match placement_wins(position, opponent).count_ones() {
                0 => {}
                1 => sink.add(THREAT_ONE, 1),
                _ => sink.add(THREAT_TWO, 1),
            }
        }
    }
    Features::Phase(phase(position))
}

/// A square's class (see [`CLASSES`]) on a board of `size`.
pub(crate) fn square_class(square: Square, size: u8) -> usize {
    let near = |x: u8| x.min(size - 1 - x).min(3) as usize;
    let (a, b) = (near(square.file()), near(square.rank()));
    let (lo, hi) = (a.min(b), a.max(b));
    // Index of (lo, hi) with lo <= hi <= 3, row by row.
    [0, 4, 7, 9][lo] + (hi - lo)
}

/// The class masks of a board size: the squares of each class.
fn class_masks(size: u8) -> &'static [u64; CLASSES] {
    static MASKS: std::sync::OnceLock<[[u64; CLASSES]; 9]> = std::sync::OnceLock::new();
    let all = MASKS.get_or_init(|| {
        let mut all = [[0u64; CLASSES]; 9];
        for (size, masks) in all.iter_mut().enumerate().skip(3) {
            for square in Square::all(size as u8) {
                masks[square_class(square, size as u8)] |= 1 << square.index();
            }
        }
        all
    });
    &all[size.min(8) as usize]
}

/// One player's features, at `base`, counted `sign` (1 for the mover, -1
/// for the opponent).
fn side<S: Sink>(position: &Position, color: Color, base: usize, sign: i32, sink: &mut S) {
    let size = position.size();
    let g = Geometry::of(size);
    let road = position.road_pieces(color);
    let mine = position.controlled(color);
    let theirs = position.controlled(color.opponent());
    let walls = position.walls();
    let caps = position.caps();
    let flats = mine & !(walls | caps);

    let masks = class_masks(size);
    for (class, &mask) in masks.iter().enumerate() {
        let f = (flats & mask).count_ones() as i32;
        if f != 0 {
            sink.add(base + FLAT_AT + class, sign * f);
        }
        let w = (mine & walls & mask).count_ones() as i32;
        if w != 0 {
            sink.add(base + WALL_AT + class, sign * w);
        }
        let c = (mine & caps & mask).count_ones() as i32;
        if c != 0 {
            sink.add(base + CAP_AT + class, sign * c);
        }
    }

    sink.add(
        base + STONES_LEFT,
        sign * position.stones_left(color) as i32,
    );
    sink.add(base + CAPS_LEFT, sign * position.caps_left(color) as i32);

    // Road groups: how many ranks or files each still misses.
    let mut best = size as i32;
    let mut rest = road;
    while rest != 0 {
        let seed = rest & rest.wrapping_neg();
        let group = g.flood(seed, road);
        rest &= !group;
        let (ranks, files) = coverage(group, size);
        let span = ranks.count_ones().max(files.count_ones()) as i32;
        let missing = size as i32 - span;
        if (1..=3).contains(&missing) {
            sink.add(base + GROUP_MISSING + missing as usize - 1, sign);
        }
        best = best.min(missing);
    }
    if best >= 1 {
        sink.add(base + BEST_MISSING + best.min(4) as usize - 1, sign);
    }

    // Lines: own road pieces in a rank or file.
    let hard_blockers = theirs & (walls | caps);
    for i in 0..size {
        let rank = g.south << (i * 8);
        let file = g.west << i;
        for line in [rank, file] {
            let n = (road & line).count_ones() as i32;
            let missing = size as i32 - n;
            if n >= 1 && (1..=4).contains(&missing) {
                let at = if hard_blockers & line != 0 {
                    LINE_BLOCKED
                } else {
                    LINE_OPEN
                };
                sink.add(base + at + missing as usize - 1, sign);
            }
        }
    }

    // Walls next to the opponent's road pieces; liberties.
    let their_road = theirs & !walls;
    let own_walls = mine & walls;
    let mut rest = own_walls;
    let mut blocks = 0;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest &= rest - 1;
        blocks += (g.neighbours(bit) & their_road).count_ones() as i32;
    }
    if blocks != 0 {
        sink.add(base + WALL_BLOCKS, sign * blocks);
    }
    let liberties = (g.neighbours(road) & position.empty_squares()).count_ones() as i32;
    sink.add(base + LIBERTIES, sign * liberties);

    // Capstones' neighbours.
    let mut rest = mine & caps;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let next = g.neighbours(bit);
        sink.add(
            base + CAP_OWN_NEXT,
            sign * (next & road).count_ones() as i32,
        );
        sink.add(
            base + CAP_THEIRS_NEXT,
            sign * (next & theirs).count_ones() as i32,
        );
        sink.add(base + CAP_FREE, sign * (next & !caps).count_ones() as i32);
    }

    // What lies under the tops: own pieces the stack can spread (up to the
    // carry limit), captives.
    let limit = position.rules().carry_limit() as usize;
    let mut supports = [0i32; 3];
    let mut captives = [0i32; 3];
    let mut bits = mine;
    while bits != 0 {
        let index = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        let stack = position.stack(Square::from_index_unchecked(index));
        let height = stack.height();
        if height < 2 {
            continue;
        }
        let role = match stack.top_role() {
            Some(Role::Wall) => 1,
            Some(Role::Cap) => 2,
            _ => 0,
        };
        let reach = (height - 1).min(limit - 1);
        for h in height - 1 - reach..height - 1 {
            if stack.color_at(h) == color {
                supports[role] += 1;
            } else {
                captives[role] += 1;
            }
        }
    }
    for role in 0..3 {
        if supports[role] != 0 {
            sink.add(base + SUPPORT + role, sign * supports[role]);
        }
        if captives[role] != 0 {
            sink.add(base + CAPTIVE + role, sign * captives[role]);
        }
    }
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

    #[test]
    fn square_classes_cover_the_board_once() {
        for size in 3..=8u8 {
            let masks = class_masks(size);
            let union = masks.iter().fold(0, |a, m| a | m);
            assert_eq!(union, Geometry::of(size).board, "size {size}");
            let total: u32 = masks.iter().map(|m| m.count_ones()).sum();
            assert_eq!(total, (size as u32).pow(2), "size {size}");
        }
        // 6x6: four corners, four centre squares.
        let masks = class_masks(6);
        assert_eq!(masks[0].count_ones(), 4);
        assert_eq!(masks[7].count_ones(), 4);
    }

    #[test]
    fn the_features_are_the_same_seen_from_either_side() {
        // Swapping colours and the side to move mirrors every feature: the
        // evaluation of a position and of its colour swap are equal (komi 0).
        let p = position("x5/x5/x,2,1C,x2/x,1,2,x2/x5 1 4");
        let q = position("x5/x5/x,1,2C,x2/x,2,1,x2/x5 2 4");
        assert_eq!(evaluate(&p), evaluate(&q));
    }
}
