//! Every position of a game judged by an engine, for `/analyze`: the same
//! fixed-depth searches at every position, so that every score is
//! measured alike. Each game with an engine (Tak, Takat, Taka) gives its
//! search and its depths; how the moves are then marked is the bot's.

use super::seat::Seat;

use std::time::Duration;

use crate::budget::Budget;

/// The computer's evaluation of each position of a game (`/analyze`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluations {
    /// The score (in the game's hundredths) that is one unit of the
    /// logistic turning scores into winning chances ([`Evaluations::chance`]).
    pub scale: i32,
    /// The search behind the scores, in words ("a 4-ply search").
    pub search: String,
    /// One per position, the start first.
    pub positions: Vec<PositionEvaluation>,
}

/// One position as the computer sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionEvaluation {
    /// Who is to move here (for the last position of a finished game, who
    /// would be).
    pub to_move: Seat,
    /// The move number here as the game's notation writes it (PTN's `17`
    /// of `17. Sf1` and `17... c3`).
    pub move_number: u32,
    /// The score for the first player, in hundredths of the unit; beyond
    /// [`DECIDED_EVALUATION`] either way, a win the search found by force.
    pub score: i32,
    /// The action the search prefers here (`None` when the game is over).
    pub best: Option<String>,
    /// The action the game played here (`None` for the last position).
    pub played: Option<String>,
    /// The played action's value for the first player, searched to the
    /// same horizon as `score` (`None` for the last position).
    pub played_score: Option<i32>,
    /// What a shallower search makes of the position, for the first
    /// player: a best action it does not see is one hard to find.
    pub shallow_score: i32,
    /// What the position is worth for the first player without its best
    /// action, to the same horizon as `score` (searched by games that can,
    /// when the best action was played): an action whose every other
    /// loses much is an only move.
    pub second_score: Option<i32>,
}

impl PositionEvaluation {
    /// A position nothing was played from, every search of it scoring
    /// `score` (the end of a game, or a test's).
    pub fn end(to_move: Seat, move_number: u32, score: i32) -> PositionEvaluation {
        PositionEvaluation {
            to_move,
            move_number,
            score,
            best: None,
            played: None,
            played_score: None,
            shallow_score: score,
            second_score: None,
        }
    }
}

/// Scores at least this large (either way) are forced results.
pub const DECIDED_EVALUATION: i32 = 100_000;

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
    /// The score one unit of the winning chance's logistic stands for
    /// ([`Evaluations::scale`]).
    pub scale: i32,
    /// The search in words ([`Evaluations::search`]).
    pub search: String,
    /// The whole analysis's budget, and each search's time.
    pub budget: (&'a Budget, Duration),
}

/// The evaluations `/analyze` shows: every position judged by
/// [`judge_game`], each with whose turn it was, the engine's forced results
/// put at [`DECIDED_EVALUATION`]. `turn(moves played, position)` tells
/// who is to move there and the move number the game's notation writes.
pub fn evaluations<P: Clone, M: Copy + std::fmt::Display>(
    judging: Judging<'_, P, M>,
    search: impl FnMut(&P, Horizon) -> (i32, Option<M>),
    mut play: impl FnMut(&mut P, M) -> bool,
    turn: impl Fn(usize, &P) -> (Seat, u32),
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
        let (to_move, move_number) = turn(index, &position);
        positions.push(PositionEvaluation {
            to_move,
            move_number,
            score: scale(judged.white_score),
            best: judged.best.map(|mv| mv.to_string()),
            played: played.map(|mv| mv.to_string()),
            played_score: judged.played_score.map(scale),
            shallow_score: scale(judged.shallow_score),
            second_score: None,
        });
        if let Some(mv) = played {
            if !play(&mut position, mv) {
                break;
            }
        }
    }
    Evaluations {
        scale: judging.scale,
        search: judging.search,
        positions,
    }
}

impl Evaluations {
    /// The first player's winning chance at `score` (for the first
    /// player): `1 / (1 + e^(-score / scale))`, a forced result 0 or 1.
    pub fn chance(&self, score: i32) -> f32 {
        if score >= DECIDED_EVALUATION {
            1.0
        } else if score <= -DECIDED_EVALUATION {
            0.0
        } else {
            1.0 / (1.0 + (-(score as f32) / self.scale.max(1) as f32).exp())
        }
    }

    /// The first player's winning chance at each position, every one from
    /// a search whose horizon ends on a ply of the same parity: a position
    /// an even number of plies from the first is its own search's, the
    /// others the search of the move that led there (one ply shorter, to
    /// the same horizon as the position before). Consecutive searches of
    /// the usual kind end on alternate plies and so lean alternately to
    /// the side that moves last in them: plotted, that zigzags every ply.
    pub fn level_chances(&self) -> Vec<f32> {
        let positions = &self.positions;
        (0..positions.len())
            .map(|index| {
                let score = match index.checked_sub(1) {
                    Some(before) if index % 2 == 1 => positions[before]
                        .played_score
                        .unwrap_or(positions[index].score),
                    _ => positions[index].score,
                };
                self.chance(score)
            })
            .collect()
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

    fn evaluation(to_move: Seat, score: i32, played_score: Option<i32>) -> PositionEvaluation {
        PositionEvaluation {
            played_score,
            ..PositionEvaluation::end(to_move, 1, score)
        }
    }

    #[test]
    fn winning_chances_follow_the_logistic_of_the_games_scale() {
        // Issue 29: one scale, the first player's winning chance.
        let evaluations = Evaluations {
            scale: 150,
            search: String::new(),
            positions: Vec::new(),
        };
        assert_eq!(evaluations.chance(0), 0.5);
        assert!((evaluations.chance(150) - 0.731).abs() < 0.001);
        assert!((evaluations.chance(-150) - 0.269).abs() < 0.001);
        assert_eq!(evaluations.chance(DECIDED_EVALUATION), 1.0);
        assert_eq!(evaluations.chance(-DECIDED_EVALUATION), 0.0);
        // A game of another scale: the same lead is worth less.
        let wide = Evaluations {
            scale: 300,
            ..evaluations
        };
        assert!((wide.chance(150) - 0.622).abs() < 0.001);
    }

    #[test]
    fn the_graph_takes_every_chance_from_searches_of_the_same_parity() {
        // Issue 29: each position's own search leans by half a flat to
        // whoever moves last in it (+50 then -50 alternately here); the
        // move's search, one ply shorter from the position after it, ends
        // on the same ply as the position before's. Taking odd positions
        // from the move's search leaves a flat line, not a zigzag.
        let positions = vec![
            evaluation(Seat::Player1, 50, Some(50)),
            evaluation(Seat::Player2, -50, Some(50)),
            evaluation(Seat::Player1, 50, Some(50)),
            evaluation(Seat::Player2, -50, None),
        ];
        let evaluations = Evaluations {
            scale: 150,
            search: String::new(),
            positions,
        };
        let chances = evaluations.level_chances();
        assert_eq!(chances.len(), 4);
        assert!(
            chances.iter().all(|&c| c == evaluations.chance(50)),
            "{chances:?}"
        );
    }
}
