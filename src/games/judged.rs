//! Every position of a game judged by an engine, for `/analyze`: the same
//! fixed-depth searches at every position, so that every score is
//! measured alike. Each game with an engine (Tak, Takat, Taka) gives its
//! search and its depths; how the moves are then marked is the bot's.

use super::hosted::{Evaluations, PositionEvaluation, DECIDED_EVALUATION};
use super::seat::Seat;

use std::time::Duration;

use crate::budget::Budget;

/// One position's evaluation; scores are for White in the engine's units,
/// a decided game `±WIN` less its plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judged<M> {
    pub white_score: i32,
    /// The search's move (`None` when the game is over).
    pub best: Option<M>,
    /// The move played here, searched to the same horizon.
    pub played_score: Option<i32>,
    /// The quick look's score.
    pub shallow_score: i32,
}

/// How far one search of [`judge_game`] goes: its plies, and at most this
/// long (the deepest finished iteration counts).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Horizon {
    pub depth: u32,
    pub movetime: Option<Duration>,
}

/// Every position from `start` through `moves` (one more than the moves),
/// judged by `search(position, horizon)`, which gives White's score and the
/// best move. Each position is searched `depth` and `shallow` plies; the
/// position a move led to is searched `depth - 1` plies, the same horizon,
/// so a move's loss is the best move's score less the played move's, with
/// no bias from whose turn it is. `play` makes a move and says whether it
/// was legal: an illegal move ends the list. Each search has at most
/// `search_time`; once `budget` is spent the list ends where it got to (it
/// always has the start). The budget hears of each position as it starts.
pub fn judge_game<P: Clone, M: Copy>(
    start: &P,
    moves: &[M],
    (depth, shallow): (u32, u32),
    (budget, search_time): (&Budget, Duration),
    mut search: impl FnMut(&P, Horizon) -> (i32, Option<M>),
    mut play: impl FnMut(&mut P, M) -> bool,
) -> Vec<Judged<M>> {
    let horizon = |depth| Horizon {
        depth,
        movetime: budget.at_most(search_time).remaining(),
    };
    let mut position = start.clone();
    let mut judged = Vec::with_capacity(moves.len() + 1);
    for index in 0..=moves.len() {
        budget.report(index, moves.len() + 1);
        let (white_score, best) = search(&position, horizon(depth));
        let (shallow_score, _) = search(&position, horizon(shallow));
        let mut entry = Judged {
            white_score,
            best,
            played_score: None,
            shallow_score,
        };
        if let Some(&mv) = moves.get(index) {
            if budget.spent() || !play(&mut position, mv) {
                judged.push(entry);
                break;
            }
            entry.played_score = Some(search(&position, horizon(depth - 1)).0);
        }
        judged.push(entry);
    }
    judged
}

/// What [`evaluations`] needs to know of a game and its engine.
pub struct Judging<'a, P, M> {
    pub start: &'a P,
    pub moves: &'a [M],
    /// The plies of the full search and of the quick look.
    pub depths: (u32, u32),
    /// Scores beyond this are forced results in the engine's own scale.
    pub decided: i32,
    /// What a score counts, in hundredths ([`Evaluations::unit`]).
    pub unit: &'static str,
    /// The search in words ([`Evaluations::search`]).
    pub search: String,
    /// The whole analysis's budget, and each search's time.
    pub budget: (&'a Budget, Duration),
}

/// The evaluations `/analyze` shows: every position judged by
/// [`judge_game`], each with whose turn it was, the engine's forced results
/// put at [`DECIDED_EVALUATION`].
pub fn evaluations<P: Clone, M: Copy + std::fmt::Display>(
    judging: Judging<'_, P, M>,
    search: impl FnMut(&P, Horizon) -> (i32, Option<M>),
    mut play: impl FnMut(&mut P, M) -> bool,
    to_move: impl Fn(&P) -> Seat,
) -> Evaluations {
    let judged = judge_game(
        judging.start,
        judging.moves,
        judging.depths,
        judging.budget,
        search,
        &mut play,
    );
    let scale = |score: i32| {
        if score.abs() > judging.decided {
            score.signum() * DECIDED_EVALUATION
        } else {
            score
        }
    };
    let mut position = judging.start.clone();
    let mut positions = Vec::with_capacity(judged.len());
    for (index, judged) in judged.iter().enumerate() {
        let played = judging.moves.get(index).copied();
        positions.push(PositionEvaluation {
            to_move: to_move(&position),
            score: scale(judged.white_score),
            best: judged.best.map(|mv| mv.to_string()),
            played: played.map(|mv| mv.to_string()),
            played_score: judged.played_score.map(scale),
            shallow_score: scale(judged.shallow_score),
        });
        if let Some(mv) = played {
            if !play(&mut position, mv) {
                break;
            }
        }
    }
    Evaluations {
        unit: judging.unit,
        search: judging.search,
        positions,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;

    use super::*;

    /// A counting game: a position is a number, a move adds to it, the
    /// search scores the number and moves 1.
    fn judge(moves: &[u32], budget: &Budget) -> Vec<Judged<u32>> {
        judge_game(
            &0u32,
            moves,
            (2, 1),
            (budget, Duration::from_millis(100)),
            |position, horizon| {
                assert!(!matches!(horizon.movetime, Some(t) if t > Duration::from_millis(100)));
                (*position as i32, Some(1))
            },
            |position, mv| {
                *position += mv;
                true
            },
        )
    }

    #[test]
    fn every_position_is_judged_until_the_budget_is_spent() {
        let whole = judge(&[1, 2, 3], &Budget::unlimited());
        assert_eq!(whole.len(), 4);
        assert_eq!(whole[3].white_score, 6);
        assert_eq!(whole[0].played_score, Some(1));
        // Issue 26: a spent budget (here the bot stopping) ends the list
        // at the start, which is still judged.
        let stopped = Budget::new(Duration::from_secs(60), Arc::new(AtomicBool::new(true)));
        let cut = judge(&[1, 2, 3], &stopped);
        assert_eq!(cut.len(), 1);
        assert_eq!((cut[0].white_score, cut[0].played_score), (0, None));
    }
}
