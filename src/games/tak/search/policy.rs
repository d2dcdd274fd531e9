//! A move policy: how likely a strong player is to choose each move, from
//! features of the move seen on the board before it is played (no move is
//! made to score it). A linear score per move, a softmax over a node's
//! moves; [`fit`] fits the weights to the moves a teacher chose in
//! recorded games (multinomial logistic regression). The tree search
//! ([`super::mcts`]) takes it as its prior when one is given: the
//! experiment of docs/ai.md, "A learned policy for the tree search".

use super::eval::{placement_wins, square_class};
use super::feature::CLASSES;
use super::numbers::numbers_line;
use crate::games::tak::bitboard::{Bitboard, Geometry};
use crate::games::tak::moves::Move;
use crate::games::tak::piece::{Color, Role};
use crate::games::tak::position::Position;
use crate::games::tak::square::Square;

/// The feature blocks, by first index. Placements, per role (flat, wall,
/// capstone), `ROLES` slots apart.
const ROLES: usize = 3;
/// The square's class (the evaluation's classes).
const PLACE_CLASS: usize = 0;
/// Own road pieces next to the square: 0-4.
const PLACE_OWN_NEXT: usize = PLACE_CLASS + ROLES * CLASSES;
/// The opponent's tops next to the square: 0-4.
const PLACE_THEIR_NEXT: usize = PLACE_OWN_NEXT + ROLES * 5;
/// An opponent's capstone next to the square.
const PLACE_THEIR_CAP_NEXT: usize = PLACE_THEIR_NEXT + ROLES * 5;
/// The square completes the opponent's road by placement (filling it
/// stops that road).
const PLACE_BLOCKS: usize = PLACE_THEIR_CAP_NEXT + ROLES;
/// The opponent has such a square and this placement fills another.
const PLACE_IGNORES_THREAT: usize = PLACE_BLOCKS + ROLES;
/// A road piece placed here leaves the mover a road by placement (a Tak
/// threat; flats and capstones only).
const PLACE_THREATENS: usize = PLACE_IGNORES_THREAT + ROLES;
/// Own road pieces in the square's rank and file: 0, 1-2, 3-4, 5 or more.
const PLACE_LINE: usize = PLACE_THREATENS + ROLES;
/// The game's phase: the mover's reserve used, in quarters.
const PLACE_PHASE: usize = PLACE_LINE + ROLES * 4;
/// The swap opening: the opponent's flat by class.
const SWAP_CLASS: usize = PLACE_PHASE + ROLES * 4;
/// Spreads: pieces lifted, 1-6 or more.
const SPREAD_LIFT: usize = SWAP_CLASS + CLASSES;
/// Squares entered, 1-7.
const SPREAD_LENGTH: usize = SPREAD_LIFT + 6;
/// The moving top's role.
const SPREAD_TOP: usize = SPREAD_LENGTH + 7;
/// Squares whose top turns from the opponent's to the mover's: 0-3.
const SPREAD_CAPTURES: usize = SPREAD_TOP + ROLES;
/// Squares whose top turns from the mover's to the opponent's: 0-3.
const SPREAD_GIVES: usize = SPREAD_CAPTURES + 4;
/// The square left: its new top is the mover's, the opponent's, or none.
const SPREAD_LEAVES: usize = SPREAD_GIVES + 4;
/// A capstone flattens a wall.
const SPREAD_FLATTENS: usize = SPREAD_LEAVES + 3;
/// An own top ends on a square that completes the opponent's road.
const SPREAD_BLOCKS: usize = SPREAD_FLATTENS + 1;
/// The opponent has a road by placement and the spread covers none.
const SPREAD_IGNORES_THREAT: usize = SPREAD_BLOCKS + 1;
/// The change in the mover's tops, -3 to +3.
const SPREAD_NET: usize = SPREAD_IGNORES_THREAT + 1;
/// The opponent's pieces carried: 0-3 or more.
const SPREAD_CAPTIVES: usize = SPREAD_NET + 7;
/// Own road pieces next to the last square: 0-4.
const SPREAD_END_NEXT: usize = SPREAD_CAPTIVES + 4;
/// The game's phase as for placements.
const SPREAD_PHASE: usize = SPREAD_END_NEXT + 5;
// The blocks below came after the first fit; their place in the file's
// order is kept.
/// A road piece placed here joins own groups into one missing this many
/// ranks or files (the fewer) to a road: 1, 2, 3 or more.
const PLACE_MISSING: usize = SPREAD_PHASE + 4;
/// That group misses fewer than the mover's best group did.
const PLACE_GAINS: usize = PLACE_MISSING + ROLES * 3;
/// The opponent's groups next to the square: the fewest ranks or files
/// one misses (1, 2, 3 or more), or none next to it.
const PLACE_THEIR_GROUP: usize = PLACE_GAINS + ROLES;
/// A spread's last square, when its top ends the mover's road piece: the
/// group it joins misses 1, 2, 3 or more; or the top is not one.
const SPREAD_MISSING: usize = PLACE_THEIR_GROUP + ROLES * 4;
/// Features in all.
pub const FEATURES: usize = SPREAD_MISSING + 4;

/// A player's connected road groups: each square's group, and each
/// group's ranks and files (a bit per index).
struct Groups {
    of: [u8; 64],
    lines: Vec<(u8, u8)>,
    /// The fewest ranks or files any group misses to a road.
    best_missing: u32,
}

const NO_GROUP: u8 = u8::MAX;

impl Groups {
    fn new(road: u64, g: &Geometry, size: u8) -> Groups {
        let mut groups = Groups {
            of: [NO_GROUP; 64],
            lines: Vec::new(),
            best_missing: size as u32,
        };
        let mut left = road;
        while left != 0 {
            let group = g.flood(left & left.wrapping_neg(), road);
            left &= !group;
            let id = groups.lines.len() as u8;
            let (mut ranks, mut files) = (0u8, 0u8);
            for square in Bitboard(group).squares() {
                groups.of[square.index()] = id;
                ranks |= 1 << square.rank();
                files |= 1 << square.file();
            }
            groups.lines.push((ranks, files));
            groups.best_missing = groups.best_missing.min(missing(ranks, files, size));
        }
        groups
    }

    /// The groups next to a square: each one's ranks and files.
    fn next_to(&self, square: Square, g: &Geometry) -> impl Iterator<Item = (u8, u8)> + '_ {
        Bitboard(g.neighbours(bit(square)))
            .squares()
            .filter_map(|at| self.lines.get(self.of[at.index()] as usize).copied())
    }

    /// The ranks and files of the groups next to `square`, with its own.
    fn joined(&self, square: Square, g: &Geometry) -> (u8, u8) {
        let own = (1u8 << square.rank(), 1u8 << square.file());
        self.next_to(square, g)
            .fold(own, |(ranks, files), (r, f)| (ranks | r, files | f))
    }

    /// The fewest ranks or files missed by a group next to `square`.
    fn nearest_missing(&self, square: Square, g: &Geometry, size: u8) -> Option<u32> {
        self.next_to(square, g)
            .map(|(ranks, files)| missing(ranks, files, size))
            .min()
    }
}

/// The ranks or files (the fewer) a group covering these misses.
fn missing(ranks: u8, files: u8, size: u8) -> u32 {
    size as u32 - ranks.count_ones().max(files.count_ones())
}

/// A count of missing lines as a slot: 1, 2, 3 or more (0, a road, as 1).
fn missing_slot(missing: u32) -> usize {
    (missing.clamp(1, 3) - 1) as usize
}

/// What every move of a position shares, computed once per node.
pub struct Context {
    size: u8,
    mover: Color,
    swap: bool,
    own_road: u64,
    own_tops: u64,
    their_tops: u64,
    their_caps: u64,
    /// Squares where a placement completes the opponent's road.
    their_wins: u64,
    phase: usize,
    own_groups: Groups,
    their_groups: Groups,
}

impl Context {
    pub fn new(position: &Position) -> Context {
        let mover = position.to_move();
        let their = mover.opponent();
        let reserve = position.rules().stones[mover.index()] as usize;
        let used = reserve.saturating_sub(position.stones_left(mover) as usize);
        let g = Geometry::of(position.size());
        let own_road = position.road_pieces(mover);
        Context {
            own_groups: Groups::new(own_road, g, position.size()),
            their_groups: Groups::new(position.road_pieces(their), g, position.size()),
            size: position.size(),
            mover,
            swap: position.in_swap_opening(),
            own_road,
            own_tops: position.controlled(mover),
            their_tops: position.controlled(their),
            their_caps: position.controlled(their) & position.caps(),
            their_wins: placement_wins(position, their),
            phase: (used * 4 / reserve.max(1)).min(3),
        }
    }
}

fn bit(square: Square) -> u64 {
    1 << square.index()
}

/// Calls `add` with each feature of `mv` (all count one).
pub fn features(position: &Position, context: &Context, mv: Move, mut add: impl FnMut(usize)) {
    let g = Geometry::of(context.size);
    match mv {
        Move::Place { square, role } => {
            let class = square_class(square, context.size);
            if context.swap {
                add(SWAP_CLASS + class);
                return;
            }
            let r = role.index();
            let b = bit(square);
            let next = g.neighbours(b);
            add(PLACE_CLASS + r * CLASSES + class);
            add(PLACE_OWN_NEXT + r * 5 + (next & context.own_road).count_ones() as usize);
            add(PLACE_THEIR_NEXT + r * 5 + (next & context.their_tops).count_ones() as usize);
            if next & context.their_caps != 0 {
                add(PLACE_THEIR_CAP_NEXT + r);
            }
            if context.their_wins & b != 0 {
                add(PLACE_BLOCKS + r);
            } else if context.their_wins != 0 {
                add(PLACE_IGNORES_THREAT + r);
            }
            if role != Role::Wall {
                let road = context.own_road | b;
                let empty = position.empty_squares() & !b;
                if g.road_completions(road, empty & g.neighbours(road)) != 0 {
                    add(PLACE_THREATENS + r);
                }
            }
            let line = line_mask(square, context.size);
            let in_line = match (line & context.own_road).count_ones() {
                0 => 0,
                1..=2 => 1,
                3..=4 => 2,
                _ => 3,
            };
            add(PLACE_LINE + r * 4 + in_line);
            if role != Role::Wall {
                let (ranks, files) = context.own_groups.joined(square, g);
                let m = missing(ranks, files, context.size);
                add(PLACE_MISSING + r * 3 + missing_slot(m));
                if m < context.own_groups.best_missing {
                    add(PLACE_GAINS + r);
                }
            }
            let theirs = context
                .their_groups
                .nearest_missing(square, g, context.size);
            add(PLACE_THEIR_GROUP + r * 4 + theirs.map_or(3, missing_slot));
            add(PLACE_PHASE + r * 4 + context.phase);
        }
        Move::Spread {
            square,
            direction,
            drops,
        } => {
            let stack = position.stack(square);
            let height = stack.height();
            let lifted = drops.count() as usize;
            let top_role = stack.top_role().unwrap_or(Role::Flat);
            add(SPREAD_LIFT + lifted.min(6) - 1);
            add(SPREAD_LENGTH + (drops.squares() as usize).min(7) - 1);
            add(SPREAD_TOP + top_role.index());
            let left = height - lifted;
            let mut net: i32 = 0;
            match left {
                0 => {
                    add(SPREAD_LEAVES + 2);
                    net -= 1;
                }
                _ if stack.color_at(left - 1) == context.mover => add(SPREAD_LEAVES),
                _ => {
                    add(SPREAD_LEAVES + 1);
                    net -= 1;
                }
            }
            let captives = (left..height)
                .filter(|&h| stack.color_at(h) != context.mover)
                .count();
            add(SPREAD_CAPTIVES + captives.min(3));
            let (mut captures, mut gives) = (0usize, 0usize);
            let mut blocks = false;
            let mut at = square;
            let mut carried = 0usize;
            for amount in drops.amounts() {
                let Some(next) = at.step(direction, context.size) else {
                    break;
                };
                at = next;
                carried += amount as usize;
                // The piece left on top: the highest of those dropped here.
                let top = stack.color_at(left + carried - 1);
                let b = bit(at);
                let was_own = context.own_tops & b != 0;
                let was_theirs = context.their_tops & b != 0;
                if top == context.mover {
                    if was_theirs {
                        captures += 1;
                    }
                    if !was_own {
                        net += 1;
                    }
                    if context.their_wins & b != 0 {
                        blocks = true;
                    }
                } else {
                    if was_own {
                        gives += 1;
                        net -= 1;
                    }
                }
            }
            add(SPREAD_CAPTURES + captures.min(3));
            add(SPREAD_GIVES + gives.min(3));
            if top_role == Role::Cap && drops.last() == 1 && position.walls() & bit(at) != 0 {
                add(SPREAD_FLATTENS);
            }
            if blocks {
                add(SPREAD_BLOCKS);
            } else if context.their_wins != 0 {
                add(SPREAD_IGNORES_THREAT);
            }
            add(SPREAD_NET + (net.clamp(-3, 3) + 3) as usize);
            let end_next = (g.neighbours(bit(at)) & context.own_road).count_ones() as usize;
            add(SPREAD_END_NEXT + end_next.min(4));
            add(SPREAD_PHASE + context.phase);
            let last_top = stack.color_at(height - 1);
            if last_top == context.mover && top_role != Role::Wall {
                let (ranks, files) = context.own_groups.joined(at, g);
                add(SPREAD_MISSING + missing_slot(missing(ranks, files, context.size)));
            } else {
                add(SPREAD_MISSING + 3);
            }
        }
    }
}

/// The squares of a square's rank and file, on a board of `size`.
fn line_mask(square: Square, size: u8) -> u64 {
    let row = ((1u64 << size) - 1) << (square.rank() * 8);
    let column = (0..size).fold(0u64, |m, r| m | 1 << (r * 8 + square.file()));
    row | column
}

/// The policy's weights, one per feature.
#[derive(Clone, Debug, PartialEq)]
pub struct Policy {
    pub weights: Vec<f32>,
}

/// The file's first word, then the weights in thousandths.
const HEADER: &str = "policy";
const FIXED: f32 = 1000.0;

impl Policy {
    /// Every move alike.
    pub fn uniform() -> Policy {
        Policy {
            weights: vec![0.0; FEATURES],
        }
    }

    /// A move's score (the log of its unnormalised probability).
    pub fn score(&self, position: &Position, context: &Context, mv: Move) -> f32 {
        let mut total = 0.0;
        features(position, context, mv, |i| total += self.weights[i]);
        total
    }

    /// The policy as its file's text.
    pub fn to_text(&self) -> String {
        let numbers: Vec<i32> = self
            .weights
            .iter()
            .map(|w| (w * FIXED).round() as i32)
            .collect();
        format!("{HEADER} {FEATURES}\n{}\n", numbers_line(&numbers))
    }

    pub fn from_text(text: &str) -> Result<Policy, String> {
        let mut lines = text.lines();
        let header = lines.next().unwrap_or_default();
        if header != format!("{HEADER} {FEATURES}") {
            return Err(format!(
                "a policy file starts `{HEADER} {FEATURES}`, not `{header}`"
            ));
        }
        let weights: Vec<f32> = lines
            .next()
            .unwrap_or_default()
            .split_whitespace()
            .map(|w| {
                w.parse::<i32>()
                    .map(|x| x as f32 / FIXED)
                    .map_err(|_| format!("`{w}` is not a weight"))
            })
            .collect::<Result<_, _>>()?;
        if weights.len() != FEATURES {
            return Err(format!("{} weights, not {FEATURES}", weights.len()));
        }
        Ok(Policy { weights })
    }
}

/// One teaching position: each legal move's features and the index of the
/// move the teacher chose.
pub struct Sample {
    moves: Vec<Vec<u16>>,
    chosen: usize,
}

/// The positions a teacher moved from in a PTN text of games (racetrack's
/// files): the moves of the player whose `Player1`/`Player2` tag contains
/// `teacher` that carry a comment (racetrack comments an engine's moves,
/// not a book's).
pub fn samples_from_ptn(text: &str, teacher: &str) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    let mut legal = Vec::new();
    for game in crate::games::tak::ptn_file::split_games(text) {
        let parsed =
            crate::games::tak::ptn_file::PtnGame::parse(&game).map_err(|e| e.to_string())?;
        let mut position = parsed.start.clone();
        for (i, text) in parsed.moves.iter().enumerate() {
            let mv: Move = text.parse().map_err(|e| format!("`{text}`: {e:?}"))?;
            let teaches = parsed
                .player_of_ply(i)
                .is_some_and(|name| name.contains(teacher));
            let searched = parsed.comments.get(i).is_some_and(|c| c.is_some());
            if teaches && searched && !position.is_over() {
                legal.clear();
                position.legal_moves_into(&mut legal);
                let context = Context::new(&position);
                let moves: Vec<Vec<u16>> = legal
                    .iter()
                    .map(|&m| {
                        let mut active = Vec::new();
                        features(&position, &context, m, |f| active.push(f as u16));
                        active
                    })
                    .collect();
                if let Some(chosen) = legal.iter().position(|&m| m == mv) {
                    samples.push(Sample { moves, chosen });
                }
            }
            position.play(mv).map_err(|e| format!("`{text}`: {e}"))?;
        }
    }
    Ok(samples)
}

/// What [`fit`] measured on the positions it held out.
#[derive(Clone, Debug, PartialEq)]
pub struct PolicyFit {
    pub policy: Policy,
    pub train: usize,
    pub held_out: usize,
    /// The mean cross-entropy of the teacher's move, and how often the
    /// policy's top move is the teacher's, on the held-out positions.
    pub cross_entropy: f64,
    pub top_one: f64,
    /// The same for every move alike.
    pub uniform_cross_entropy: f64,
}

/// Fits the weights by Adam on the cross-entropy of the teacher's move,
/// `epochs` passes in batches of 256. Every tenth block of 50 positions
/// (about one player's moves in a game) is held out, so that most held-out
/// positions come from games the fit did not see.
pub fn fit(samples: &[Sample], epochs: usize) -> PolicyFit {
    let held = |i: usize| (i / 50) % 10 == 9;
    let mut policy = Policy::uniform();
    let (mut m, mut v) = (vec![0.0f64; FEATURES], vec![0.0f64; FEATURES]);
    let (rate, beta1, beta2, l2) = (0.02, 0.9, 0.999, 1e-5);
    let mut step = 0i32;
    let mut gradient = vec![0.0f64; FEATURES];
    let train: Vec<&Sample> = samples
        .iter()
        .enumerate()
        .filter(|(i, _)| !held(*i))
        .map(|(_, s)| s)
        .collect();
    for _ in 0..epochs {
        for batch in train.chunks(256) {
            gradient.iter_mut().for_each(|g| *g = 0.0);
            for sample in batch {
                let probabilities = softmax(&policy, sample);
                for (j, active) in sample.moves.iter().enumerate() {
                    let error = probabilities[j] - (j == sample.chosen) as i32 as f64;
                    for &f in active {
                        gradient[f as usize] += error;
                    }
                }
            }
            step += 1;
            for f in 0..FEATURES {
                let g = gradient[f] / batch.len() as f64 + l2 * policy.weights[f] as f64;
                m[f] = beta1 * m[f] + (1.0 - beta1) * g;
                v[f] = beta2 * v[f] + (1.0 - beta2) * g * g;
                let m_hat = m[f] / (1.0 - beta1.powi(step));
                let v_hat = v[f] / (1.0 - beta2.powi(step));
                policy.weights[f] -= (rate * m_hat / (v_hat.sqrt() + 1e-8)) as f32;
            }
        }
    }
    let (mut cross_entropy, mut uniform, mut top, mut held_out) = (0.0, 0.0, 0usize, 0usize);
    for (_, sample) in samples.iter().enumerate().filter(|(i, _)| held(*i)) {
        let probabilities = softmax(&policy, sample);
        cross_entropy -= probabilities[sample.chosen].max(1e-12).ln();
        uniform += (sample.moves.len() as f64).ln();
        let best = (0..probabilities.len())
            .max_by(|&a, &b| probabilities[a].total_cmp(&probabilities[b]))
            .unwrap_or(0);
        top += (best == sample.chosen) as usize;
        held_out += 1;
    }
    let n = held_out.max(1) as f64;
    PolicyFit {
        policy,
        train: train.len(),
        held_out,
        cross_entropy: cross_entropy / n,
        top_one: top as f64 / n,
        uniform_cross_entropy: uniform / n,
    }
}

fn softmax(policy: &Policy, sample: &Sample) -> Vec<f64> {
    let scores: Vec<f64> = sample
        .moves
        .iter()
        .map(|active| {
            active
                .iter()
                .map(|&f| policy.weights[f as usize] as f64)
                .sum()
        })
        .collect();
    let top = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let exps: Vec<f64> = scores.iter().map(|s| (s - top).exp()).collect();
    let sum: f64 = exps.iter().sum();
    exps.into_iter().map(|e| e / sum).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn active(position: &Position, mv: &str) -> Vec<usize> {
        let context = Context::new(position);
        let mut found = Vec::new();
        let mv: Move = mv.parse().unwrap();
        features(position, &context, mv, |f| found.push(f));
        found
    }

    #[test]
    fn filling_the_square_of_the_opponents_road_is_a_block() {
        // 5x5, White to move; Black holds a2-d2 and completes its road by
        // placing on e2 (RULINGS Tak 5: a road by placement ends the game).
        let position = Position::from_tps_standard("x5/x5/x5/2,2,2,2,x/1,1,x3 1 3").unwrap();
        let flat = Role::Flat.index();
        let wall = Role::Wall.index();
        assert!(active(&position, "e2").contains(&(PLACE_BLOCKS + flat)));
        assert!(active(&position, "Se2").contains(&(PLACE_BLOCKS + wall)));
        let elsewhere = active(&position, "c1");
        assert!(elsewhere.contains(&(PLACE_IGNORES_THREAT + flat)));
        assert!(!elsewhere.contains(&(PLACE_BLOCKS + flat)));
        // c1 joins a1-b1 into a group covering three files of five.
        assert!(elsewhere.contains(&(PLACE_MISSING + flat * 3 + 1)));
        assert!(elsewhere.contains(&(PLACE_GAINS + flat)));
    }

    #[test]
    fn a_spread_counts_the_tops_it_takes_and_gives() {
        // 5x5, White to move. a1 holds Black then White (White on top);
        // moving both right drops Black on b1 (White's) and White on c1
        // (Black's): one top given, one taken, a1 left empty.
        let position = Position::from_tps_standard("x5/x5/x5/x5/21,1,2,x2 1 3").unwrap();
        let found = active(&position, "2a1>11");
        assert!(found.contains(&(SPREAD_LIFT + 1)));
        assert!(found.contains(&(SPREAD_LENGTH + 1)));
        assert!(found.contains(&(SPREAD_CAPTURES + 1)));
        assert!(found.contains(&(SPREAD_GIVES + 1)));
        assert!(found.contains(&(SPREAD_LEAVES + 2)));
        assert!(found.contains(&(SPREAD_CAPTIVES + 1)));
        // Tops: lost a1 and b1, gained c1.
        assert!(found.contains(&(SPREAD_NET + 3 - 1)));
    }

    #[test]
    fn every_feature_index_is_in_range_on_every_legal_move() {
        let position =
            Position::from_tps_standard("2,x4,1/x,1,2S,x2,1/x,2,12C,x3/x2,1,21,x2/x,2,x4/1,x5 1 9")
                .unwrap();
        let context = Context::new(&position);
        let mut moves = Vec::new();
        position.legal_moves_into(&mut moves);
        assert!(moves.len() > 50);
        for mv in moves {
            features(&position, &context, mv, |f| assert!(f < FEATURES, "{mv:?}"));
        }
    }

    #[test]
    fn the_fit_learns_the_teachers_preference_and_the_file_reads_back() {
        // The teacher always picks the move with feature 7, among moves
        // with features 3 and 5: the fit must name it on held-out positions.
        let samples: Vec<Sample> = (0..2000)
            .map(|_| Sample {
                moves: vec![vec![3], vec![7], vec![5]],
                chosen: 1,
            })
            .collect();
        let fit = fit(&samples, 30);
        assert_eq!(fit.held_out, 200);
        assert_eq!(fit.top_one, 1.0);
        assert!(fit.cross_entropy < 0.1 && fit.uniform_cross_entropy > 1.0);
        let text = fit.policy.to_text();
        let read = Policy::from_text(&text).unwrap();
        assert_eq!(read.to_text(), text);
        assert!(Policy::from_text("policy 3\n1 2 3\n").is_err());
    }
}
