//! Counting the leaves of the game tree, to check turn generation.

use super::position::Position;
use super::turn::Turn;

/// The number of turn sequences of length `depth` from `pos`. Depth 0 counts
/// the position itself; a finished position has no turns.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let turns = pos.legal_turns();
    if depth == 1 {
        return turns.len() as u64;
    }
    turns
        .iter()
        .filter_map(|t| pos.after(t).ok())
        .map(|next| perft(&next, depth - 1))
        .sum()
}

/// The perft count below each legal turn, in [`Position::legal_turns`] order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Turn, u64)> {
    pos.legal_turns()
        .into_iter()
        .map(|t| {
            let n = pos
                .after(&t)
                .map_or(0, |next| perft(&next, depth.saturating_sub(1)));
            (t, n)
        })
        .collect()
}
