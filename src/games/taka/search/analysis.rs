//! The searches behind `/analyze` for Taka ([`crate::games::kit::judged`]
//! runs them over a game): a fixed depth without noise, so that every
//! score is measured alike.
//!
//! Each position gets a [`DEPTH`]-ply search (its score and best turn);
//! the turn played is valued by a search one ply shorter from the position
//! it led to (the same horizon), and a [`SHALLOW`]-ply search tells what a
//! quick look makes of the position. A ply is a whole turn, a few hundred
//! of them a position, so the searches are short; every node still sees a
//! goal in one (the search's threat check), so a goal let in or missed is
//! always marked.

use super::super::outcome::Outcome;
use super::super::position::Position;
use super::super::side::Side;
use super::super::turn::Turn;
use std::time::Duration;

use super::alphabeta::{Searcher, Settings, DECIDED, WIN};
use crate::games::kit::judged::Horizon;
use crate::games::kit::search::Limits;

/// The hundredths of a ball one unit of the logistic that turns scores
/// into winning chances stands for (docs/analyze.md).
pub const CHANCE_SCALE: i32 = 150;

/// The plies searched at each position.
pub const DEPTH: u32 = 3;
/// The quick look's depth.
pub const SHALLOW: u32 = 1;
/// A ceiling, should a position be far wider than usual.
const NODES: u64 = 150_000;
/// The longest one search of one position may take: well above what
/// [`NODES`] costs on a loaded machine, so the node ceiling, not the clock,
/// ends a search and the same game is always judged alike.
pub const SEARCH_TIME: Duration = Duration::from_millis(1500);

/// A search to `horizon` without noise: its score for White and its turn.
pub fn search(
    searcher: &mut Searcher,
    position: &Position,
    horizon: Horizon,
) -> (i32, Option<Turn>) {
    let settings = Settings {
        limits: Limits {
            depth: Some(horizon.depth),
            nodes: Some(NODES),
            movetime: horizon.movetime,
            soft: None,
        },
        ..Settings::default()
    };
    let for_white = |score: i32| match position.to_move() {
        Side::White => score,
        Side::Black => -score,
    };
    match searcher.search(position, settings) {
        Some(report) => (for_white(report.score), Some(report.best)),
        None => match position.outcome() {
            Some(Outcome::Win { winner, .. }) => (
                match winner {
                    Side::White => WIN,
                    Side::Black => -WIN,
                },
                None,
            ),
            _ => (0, None),
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
    use crate::games::kit::judged::judge_game;

    /// White's E11 faces S with E12 and E13 free: a shot into E14 wins
    /// (RULINGS Taka 8).
    const SHOT: &str = "x10/x10/x4,w,w,x4/x2,w,x4,w,x2/x3,w,x2,w,x3/x,w,x6,w,x/x5,w,x4/\
        x4,b,b,x4/x,b,x6,b,x/x3,b,x2,b,x3/x2,b,x,w*S,x2,b,x2/b,x4,b*N,x4/x10/x10 W,B w";

    fn judge(start: &Position, turns: &[Turn]) -> Vec<crate::games::kit::judged::Judged<Turn>> {
        let mut searcher = Searcher::new();
        judge_game(
            start,
            turns,
            (DEPTH, SHALLOW),
            (&crate::budget::Budget::unlimited(), SEARCH_TIME),
            |position, horizon| search(&mut searcher, position, horizon),
            |position, turn| position.play(&turn).is_ok(),
        )
    }

    #[test]
    fn a_missed_goal_in_one_is_valued_below_the_shot() {
        let start: Position = SHOT.parse().unwrap();
        let turns: Vec<Turn> = ["E11 W"].iter().map(|t| t.parse().unwrap()).collect();
        let judged = judge(&start, &turns);
        assert_eq!(judged.len(), 2);
        assert_eq!(judged[0].white_score, WIN - 1);
        let mut after = start.clone();
        after.play(&judged[0].best.unwrap()).unwrap();
        assert!(after.is_over());
        assert!(judged[0].played_score.unwrap() < WIN - 1, "{:?}", judged[0]);
    }

    #[test]
    fn a_finished_game_scores_its_winner() {
        let start: Position = SHOT.parse().unwrap();
        let judged = judge(&start, &["E11>E14".parse().unwrap()]);
        assert_eq!(judged.len(), 2);
        assert_eq!(judged[1].white_score, WIN);
        assert_eq!(judged[1].best, None);
        assert!(is_decided(judged[0].played_score.unwrap()));
    }
}
