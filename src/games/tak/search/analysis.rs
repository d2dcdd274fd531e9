//! The evaluation of every position of a game, for `/analyze`: searches
//! of a fixed depth, so that every score is measured alike.
//!
//! Each position gets a 4-ply search (its score and best move). The move
//! played is valued by a 3-ply search of the position it led to: the same
//! horizon, so a move's loss is the best move's score less the played
//! move's, with no bias from whose turn it is (scores of consecutive
//! positions differ by such a bias, which would mark every move). A 2-ply
//! search tells what a quick look makes of the position: a best move that
//! only the deeper search finds is a good one.
//!
//! Each search has at most [`SEARCH_TIME`] (a big board's 4 plies may not
//! fit: the deepest finished iteration counts), and the whole game its
//! [`Budget`]: once spent, the list ends where it got to.

use std::time::Duration;

use super::alphabeta::{Limits, Searcher, Settings, DECIDED};
use crate::budget::Budget;
use crate::games::judged::{self, Horizon};
use crate::games::tak::{Color, Move, Position};

/// The plies searched at each position.
pub const DEPTH: u32 = 4;
/// The quick look's depth.
const SHALLOW: u32 = 2;
/// A ceiling for the big boards, where 4 plies may take long.
const NODES: u64 = 300_000;
/// The longest one search of one position may take.
pub const SEARCH_TIME: Duration = Duration::from_millis(400);

/// One position's evaluation (see [`judged::Judged`]).
pub type Judged = judged::Judged<Move>;

/// Every position from `start` through `moves` (one more than the moves),
/// judged by the same searches (see [`judged::judge_game`]). A game over
/// scores its result: a win by road or flats is decided, a draw is even.
/// Once `budget` is spent the list ends (at least the start is judged).
pub fn judge_game(start: &Position, moves: &[Move], budget: &Budget) -> Vec<Judged> {
    let mut searcher = Searcher::new(16);
    judged::judge_game(
        start,
        moves,
        (DEPTH, SHALLOW),
        (budget, SEARCH_TIME),
        |position, horizon| search(&mut searcher, position, horizon),
        |position, mv| position.play(mv).is_ok(),
    )
}

/// A search to `horizon`: its score for White and its move.
fn search(searcher: &mut Searcher, position: &Position, horizon: Horizon) -> (i32, Option<Move>) {
    let settings = Settings::with_limits(Limits {
        depth: Some(horizon.depth),
        nodes: Some(NODES),
        movetime: horizon.movetime,
        soft: None,
    });
    let for_white = |score: i32| {
        if position.to_move() == Color::White {
            score
        } else {
            -score
        }
    };
    match searcher.search(position, settings, |_| {}) {
        Some(report) => (for_white(report.score), Some(report.best())),
        None => (
            match position.outcome().and_then(|o| o.winner()) {
                Some(Color::White) => DECIDED + 1,
                Some(Color::Black) => -(DECIDED + 1),
                None => 0,
            },
            None,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missed_block_turns_the_evaluation_and_the_best_move_blocks() {
        // White has a1-d1 on 5x5; Black to move must fill e1 (or lose to
        // the road, RULINGS Tak 5) but plays c5: the score for White jumps
        // to a win, and the search's move at that position is e1 or a
        // black move that breaks the line.
        let start = Position::from_tps_standard("x5/x5/x5/2,2,x3/1,1,1,1,x 2 5").unwrap();
        let moves: Vec<Move> = ["c5", "e1"].iter().map(|m| m.parse().unwrap()).collect();
        let judged = judge_game(&start, &moves, &Budget::unlimited());
        assert_eq!(judged.len(), 3);
        assert!(judged[0].white_score.abs() < DECIDED, "{:?}", judged[0]);
        assert!(judged[1].white_score > DECIDED, "{:?}", judged[1]);
        // c5 valued at the same horizon: the road follows.
        assert!(judged[0].played_score.unwrap() > DECIDED, "{:?}", judged[0]);
        assert_eq!(judged[2].played_score, None);
        assert_eq!(judged[1].best, Some("e1".parse().unwrap()));
        assert_eq!(judged[2].best, None);
        let mut blocked = start.clone();
        blocked.play(judged[0].best.unwrap()).unwrap();
        assert!(blocked.road_wins_for(Color::White).is_empty());
    }
}
