//! A first guess at how good a turn is, from the turn and the board before
//! it, without playing it: the order in which the search tries the turns
//! of a shallow node (it plays them one by one and stops at a cut-off, so
//! most are never played). Taking a ball comes first (a tackle, a
//! pick-up), then passes up the pitch, dribbles and moves forward.

use super::super::square::Spot;
use super::super::turn::{Leg, Link, Turn};
use super::node::Node;

/// The guess for `turn` by the side to move at `node` (higher first).
pub fn prior(node: &Node, turn: &Turn) -> i32 {
    let board = &node.board;
    let side = node.side;
    let progress = |spot: Spot| spot.square().map_or(side.circle_row(), |s| s.row());
    let gain = |from: Spot, to: Spot| {
        side.progress(progress(to)) as i32 - side.progress(progress(from)) as i32
    };
    let last = turn.second.or(turn.first).map_or(turn.from, |l| l.to);
    match turn.first {
        Some(Leg {
            link: Link::Tackle,
            to,
        }) => 3_000 + 10 * gain(to, last),
        Some(Leg {
            link: Link::Go,
            to: Spot::Square(to),
        }) if board.loose_at(to) => 2_500 + 10 * gain(Spot::Square(to), last),
        Some(Leg {
            link: Link::Pass,
            to,
        }) => {
            let held = turn.facing.is_some() || turn.runner.is_some();
            let base = if held { 1_000 } else { 200 };
            base + 20 * gain(turn.from, last) - 200 * (to == Spot::Circle) as i32
        }
        Some(Leg { link: Link::Go, to }) => {
            let dribble = turn
                .from
                .square()
                .is_some_and(|s| board.carried(s).is_some());
            (if dribble { 500 } else { 0 }) + 10 * gain(turn.from, to)
        }
        None => 100,
    }
}
