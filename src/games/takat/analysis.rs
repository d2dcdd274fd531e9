//! The evaluation of every position of a game of Takat, for `/analyze`:
//! searches of a fixed depth, so that every score is measured alike (as
//! Tak's, `crate::games::tak::search::analysis`).
//!
//! Each position gets a [`DEPTH`]-ply search (its score and best turn).
//! The turn played is valued by a search one ply shorter from the
//! position it led to: the same horizon, so a turn's loss is the best
//! turn's score less the played turn's, with no bias from whose turn it
//! is. A [`SHALLOW`]-ply search tells what a quick look makes of the
//! position: a best turn that only the deeper search finds is a good one.
//! Takat's tree is narrow (about ten turns a position), so these searches
//! go deeper than Tak's. Each search has at most [`SEARCH_TIME`], the
//! whole game its [`Budget`]: once spent, the list ends where it got to.

use std::time::Duration;

use super::search::{Limits, Searcher, Settings, DECIDED, WIN};
use super::{Color, Position, Turn};
use crate::budget::Budget;
use crate::games::kit::judged::{self, Horizon};
use crate::games::kit::{Evaluations, Seat};

/// The plies searched at each position.
pub const DEPTH: u32 = 6;
/// The quick look's depth.
pub const SHALLOW: u32 = 2;
/// A ceiling, should a position be far wider than usual.
const NODES: u64 = 200_000;
/// The longest one search of one position may take.
pub const SEARCH_TIME: Duration = Duration::from_millis(400);

/// The points one unit of the logistic that turns scores into winning
/// chances stands for (docs/analyze.md): the leaf heuristic's scale is
/// about that of Tak's centiflats, so Tak's scale.
pub const CHANCE_SCALE: i32 = 150;

/// One position's evaluation (see [`judged::Judged`]).
pub type Judged = judged::Judged<Turn>;

/// Every position from `start` through `turns` (one more than the turns),
/// judged by the same searches (see [`judged::judge_game`]). A game over
/// scores its result, decided (RULINGS Takat 8: Takat has no draw). An illegal
/// turn ends the list, and so does a spent `budget`.
pub fn judge_game(start: &Position, turns: &[Turn], budget: &Budget) -> Vec<Judged> {
    let mut searcher = Searcher::new();
    judged::judge_game(
        start,
        turns,
        (DEPTH, SHALLOW),
        (budget, SEARCH_TIME),
        |position, horizon| search(&mut searcher, position, horizon),
        |position, mv| position.play(mv).is_ok(),
    )
}

/// What `/analyze` shows of a game: [`judge_game`]'s searches with whose
/// turn it was (`seat` of the side to move) and its move number (a Takat
/// record numbers no turns: a move is a turn of each side from the start,
/// as `/board` counts), forced results at the shared scale.
pub fn evaluations(
    (start, turns): (&Position, &[Turn]),
    budget: &Budget,
    seat: impl Fn(Color) -> Seat,
) -> Evaluations {
    let mut searcher = Searcher::new();
    judged::evaluations(
        judged::Judging {
            start,
            moves: turns,
            depths: (DEPTH, SHALLOW),
            decided: DECIDED,
            scale: CHANCE_SCALE,
            search: format!("a {DEPTH}-ply search"),
            budget: (budget, SEARCH_TIME),
        },
        |position, horizon| search(&mut searcher, position, horizon),
        |position, turn| position.play(turn).is_ok(),
        |played, position| {
            let number = u32::try_from(played / 2 + 1).unwrap_or(u32::MAX);
            (seat(position.to_move()), number)
        },
    )
}

/// A search to `horizon` without noise: its score for White and its turn;
/// a finished game scores a win for its winner.
fn search(searcher: &mut Searcher, position: &Position, horizon: Horizon) -> (i32, Option<Turn>) {
    let settings = Settings {
        limits: Limits {
            depth: Some(horizon.depth),
            nodes: Some(NODES),
            movetime: horizon.movetime,
            soft: None,
        },
        noise: 0,
        seed: 0,
    };
    let for_white = |score: i32| {
        if position.to_move() == Color::White {
            score
        } else {
            -score
        }
    };
    match searcher.search(position, settings) {
        Some(report) => (for_white(report.score), Some(report.best)),
        None => match position.outcome().map(|o| o.winner) {
            Some(Color::Black) => (-WIN, None),
            _ => (WIN, None),
        },
    }
}

/// Whether a score is a forced result.
pub fn is_decided(score: i32) -> bool {
    score.abs() > DECIDED
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missed_stack_of_six_turns_the_evaluation_and_the_best_turn_wins() {
        // RULINGS Takat 8: White to move can crown a stack of six (N's
        // White top onto C's five) but enters a piece instead. That still
        // wins, two plies later (Black, with fewer pieces on the board,
        // must enter, RULINGS Takat 4): the played turn is valued below
        // the win in one, which is the best turn.
        let start: Position = "bwbwb/wbwbw/x/x/x/x/x w -".parse().unwrap();
        let turns: Vec<Turn> = ["+SE"].iter().map(|t| t.parse().unwrap()).collect();
        let judged = judge_game(&start, &turns, &Budget::unlimited());
        assert_eq!(judged.len(), 2);
        assert_eq!(judged[0].white_score, WIN - 1);
        let mut after = start.clone();
        after.play(judged[0].best.unwrap()).unwrap();
        assert!(after.is_over());
        assert!(judged[0].played_score.unwrap() < WIN - 1, "{:?}", judged[0]);
        assert_eq!(judged[1].played_score, None);
    }

    #[test]
    fn a_finished_game_scores_its_winner() {
        // RULINGS Takat 8: a stack of six wins for White.
        let start: Position = "bwbwb/wbwbw/x/x/x/x/x w -".parse().unwrap();
        let win: Turn = "N-C".parse().unwrap();
        let judged = judge_game(&start, &[win], &Budget::unlimited());
        assert_eq!(judged.len(), 2);
        assert_eq!(judged[1].white_score, WIN);
        assert_eq!(judged[1].best, None);
        assert!(is_decided(judged[0].played_score.unwrap()));
    }
}
