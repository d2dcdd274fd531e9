//! Counting the leaves of the game tree, to check turn generation.

use super::position::Position;

/// The number of turn sequences of length `depth` from `pos`. Depth 0 counts
/// the position itself; a finished position has no turns, so it counts 0 at
/// depth 1 and more.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let turns = pos.legal_turns();
    if depth == 1 {
        return turns.len() as u64;
    }
    turns
        .into_iter()
        .map(|turn| {
            let mut next = pos.clone();
            next.apply(turn);
            perft(&next, depth - 1)
        })
        .sum()
}

/// The perft count below each legal turn, in [`Position::legal_turns`] order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(super::Turn, u64)> {
    pos.legal_turns()
        .into_iter()
        .map(|turn| {
            let mut next = pos.clone();
            next.apply(turn);
            (turn, perft(&next, depth.saturating_sub(1)))
        })
        .collect()
}
