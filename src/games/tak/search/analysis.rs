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

use super::alphabeta::{Searcher, Settings, DECIDED};
use crate::budget::Budget;
use crate::games::kit::judged::{self, Horizon};
use crate::games::kit::search::Limits;
use crate::games::tak::{Color, Move, Position};

/// The centiflats one unit of the logistic that turns scores into
/// winning chances stands for: fitted to the results of self-play games
/// (`fit_the_chance_scale` below; docs/analyze.md), a little wider than
/// the static evaluation's tuning scale ([`super::tune::SCALE`], 150), as
/// a search's scores spread wider than the evaluation's.
pub const CHANCE_SCALE: i32 = 185;

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

    /// Measures [`CHANCE_SCALE`] against games (docs/analyze.md): every
    /// `TAKTABLE_FIT_EVERY`-th position (default 4) of a `selfplay
    /// --record` file named by `TAKTABLE_FIT_RECORD` is searched as
    /// `/analyze` searches (`TAKTABLE_FIT_DEPTH` plies, default 3), and
    /// the scale whose logistic best predicts the games' results (least
    /// cross-entropy, a grid in steps of 5) is printed with the loss at
    /// [`CHANCE_SCALE`] and how the chances compare with the results.
    /// `TAKTABLE_FIT_RECORD=F cargo test --release --lib
    /// fit_the_chance_scale -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn fit_the_chance_scale() {
        let Ok(path) = std::env::var("TAKTABLE_FIT_RECORD") else {
            eprintln!("TAKTABLE_FIT_RECORD names no record");
            return;
        };
        let number = |name: &str, default: usize| {
            std::env::var(name)
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(default)
        };
        let every = number("TAKTABLE_FIT_EVERY", 4).max(1);
        let depth = number("TAKTABLE_FIT_DEPTH", 3) as u32;
        let text = std::fs::read_to_string(path).unwrap();
        let mut searcher = Searcher::new(16);
        let mut samples: Vec<(f64, f64)> = Vec::new();
        let mut decided = 0;
        for line in text.lines().step_by(every) {
            let (position, result) = super::super::tune::parse_line(line).unwrap();
            if position.is_over() {
                continue;
            }
            let horizon = Horizon {
                depth,
                movetime: None,
            };
            let (score, _) = search(&mut searcher, &position, horizon);
            if score.abs() > DECIDED {
                decided += 1;
                continue;
            }
            samples.push((score as f64, result as f64));
        }
        let loss = |scale: f64| {
            let total: f64 = samples
                .iter()
                .map(|&(score, result)| {
                    let p = (1.0 / (1.0 + (-score / scale).exp())).clamp(1e-9, 1.0 - 1e-9);
                    -(result * p.ln() + (1.0 - result) * (1.0 - p).ln())
                })
                .sum();
            total / samples.len().max(1) as f64
        };
        let (best, best_loss) = (5..=400)
            .map(|k| (k as f64 * 5.0, loss(k as f64 * 5.0)))
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .unwrap();
        println!(
            "{} positions searched {depth} plies ({decided} decided left out): best scale {best} (cross-entropy {best_loss:.4}); at {CHANCE_SCALE}: {:.4}; at 75: {:.4}; at 300: {:.4}; a constant 50%: {:.4}",
            samples.len(),
            loss(CHANCE_SCALE as f64),
            loss(75.0),
            loss(300.0),
            std::f64::consts::LN_2,
        );
        println!("| chance at {CHANCE_SCALE} | positions | mean chance | White's mean result |");
        println!("|---|---|---|---|");
        for bin in 0..10 {
            let (low, high) = (bin as f64 / 10.0, (bin + 1) as f64 / 10.0);
            let inside: Vec<(f64, f64)> = samples
                .iter()
                .map(|&(score, result)| {
                    (1.0 / (1.0 + (-score / CHANCE_SCALE as f64).exp()), result)
                })
                .filter(|&(p, _)| p >= low && (p < high || bin == 9))
                .collect();
            if inside.is_empty() {
                continue;
            }
            let n = inside.len() as f64;
            println!(
                "| {:.0}-{:.0}% | {} | {:.1}% | {:.1}% |",
                low * 100.0,
                high * 100.0,
                inside.len(),
                inside.iter().map(|s| s.0).sum::<f64>() / n * 100.0,
                inside.iter().map(|s| s.1).sum::<f64>() / n * 100.0,
            );
        }
    }
}
