//! The evaluation of every position of a game, for `/analyze` (issue 42:
//! as deep as the computer's strongest level plays).
//!
//! Each position gets what a level-10 move gets: iterative deepening until
//! [`Level::MAX`]'s node budget is spent. A whole analysis has at most
//! [`NODES`], shared evenly by the game's positions: a long game's positions
//! get fewer each ([`nodes_per_position`]), and the reply says how many.
//! Nodes, not time, bound every search, so an analysis is the same on any
//! machine, loaded or not, and its cost is bounded. Its score and best move
//! are those of the deepest iteration finished to an even depth: every
//! search of the game then ends on a ply of the same parity, and the graph
//! does not zigzag ([`crate::games::Evaluations::level_chances`]). A move
//! played other than the best is valued by a search of the position it led
//! to, one ply shorter: the same horizon, so a move's loss is the best
//! move's score less the played move's, with no bias from whose turn it
//! is. When the move played was the best one, its value is the search's
//! score, and the position is searched again to the same depth without it:
//! what every other move is worth, which tells an only move. Each of these
//! second searches has at most the position's nodes too.
//!
//! The whole game also has its [`Budget`] (the bot's ceiling on a job's
//! time, and its stop): once spent, the list ends where it got to.

use super::alphabeta::{Report, Searcher, Settings, DECIDED};
use super::Level;
use crate::budget::Budget;
use crate::games::kit::search::Limits;
use crate::games::tak::{Color, Move, Position};

/// The centiflats one unit of the logistic that turns scores into
/// winning chances stands for: fitted to the results of self-play games
/// (`fit_the_chance_scale` below; docs/analyze.md), a little wider than
/// the static evaluation's tuning scale ([`super::tune::SCALE`], 150), as
/// a search's scores spread wider than the evaluation's.
pub const CHANCE_SCALE: i32 = 185;

/// The nodes one analysis may search in its positions' main searches, shared
/// evenly: a game of up to 33 positions gets level 10's 1,200,000 a position,
/// one of 44 (a 43-ply game) 909,090. Each position adds at most one search of
/// as many nodes (the move played, or the position without its best move).
/// Issue 44 asked for a position to get at least the time a level-10 move
/// gets, within the job's time: on the test machine a 43-ply 6x6 game's
/// level-10 moves took 0.76-0.83 CPU s on average, and its analysis 39.9 s,
/// 0.91 s a position (32,000,000 nodes: 0.65); a 99-ply game's took 48.2 s
/// (docs/analyze.md "The searches").
pub const NODES: u64 = 40_000_000;

/// The nodes each position of a game of `positions` positions is searched
/// with: level 10's, or an even share of [`NODES`] when the game is longer.
pub fn nodes_per_position(positions: usize) -> u64 {
    let level_10 = Level::MAX.settings(0).limits.nodes.unwrap_or(NODES);
    level_10.min(NODES / positions.max(1) as u64)
}

/// One position's evaluation; scores are for White in centiflats, a
/// decided game beyond [`DECIDED`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judged {
    pub white_score: i32,
    /// The search's move (`None` when the game is over).
    pub best: Option<Move>,
    /// The plies of the search that gave the score (even, unless it
    /// found a forced result sooner).
    pub depth: u32,
    /// The move played here, searched to the same horizon.
    pub played_score: Option<i32>,
    /// The position without its best move, to the same depth: searched
    /// when the best move was the one played.
    pub second_score: Option<i32>,
}

/// Every position from `start` through `moves` (one more than the moves),
/// judged as the module says. A game over scores its result: a win by road
/// or flats is decided, a draw is even. Once `budget` is spent the list
/// ends (at least the start is judged). The budget hears of each position
/// as it starts.
pub fn judge_game(start: &Position, moves: &[Move], budget: &Budget) -> Vec<Judged> {
    let mut searcher = Searcher::new(16);
    // The searches without the best move keep a table of their own: an
    // entry of theirs is no value of the position.
    let mut without = Searcher::new(16);
    let nodes = nodes_per_position(moves.len() + 1);
    let mut position = start.clone();
    let mut judged = Vec::with_capacity(moves.len() + 1);
    for index in 0..=moves.len() {
        budget.report(index, moves.len() + 1);
        // The budget's time is a ceiling for a machine far slower than
        // the nodes were meant for (and the bot's stop): it never cuts a
        // search otherwise.
        let deepest = Limits {
            depth: None,
            nodes: Some(nodes),
            movetime: budget.remaining(),
            soft: None,
        };
        let (white_score, best, depth) = deep_search(&mut searcher, &position, deepest);
        let mut entry = Judged {
            white_score,
            best,
            depth,
            played_score: None,
            second_score: None,
        };
        let Some(&mv) = moves.get(index) else {
            judged.push(entry);
            break;
        };
        if budget.spent() || position.check(mv).is_err() {
            judged.push(entry);
            break;
        }
        // One more search of at most the same nodes: what every other move
        // is worth when the best was played (the best move's own value at
        // this horizon is the search's score), else the move played.
        let to = |depth: u32| Limits {
            depth: Some(depth.max(1)),
            nodes: Some(nodes),
            movetime: budget.remaining(),
            soft: None,
        };
        if best == Some(mv) {
            entry.played_score = Some(white_score);
            entry.second_score = without
                .search_without(&position, Settings::with_limits(to(depth)), mv)
                .map(|report| for_white(&position, report.score));
            position.play_unchecked(mv);
        } else {
            position.play_unchecked(mv);
            let played = search(&mut searcher, &position, to(depth.saturating_sub(1)));
            entry.played_score = Some(played.0);
        }
        judged.push(entry);
    }
    judged
}

/// The deepest search of `position` within `limits`: its score for White,
/// its move and its depth, from the deepest iteration finished to an even
/// depth (or to a forced result).
fn deep_search(
    searcher: &mut Searcher,
    position: &Position,
    limits: Limits,
) -> (i32, Option<Move>, u32) {
    let mut kept: Option<Report> = None;
    let last = searcher.search(position, Settings::with_limits(limits), |report| {
        if report.depth % 2 == 0 || report.score.abs() > DECIDED {
            kept = Some(report.clone());
        }
    });
    match kept.or(last) {
        Some(report) => (
            for_white(position, report.score),
            Some(report.best()),
            report.depth,
        ),
        None => (over_score(position), None, 0),
    }
}

/// A search within `limits`: its score for White and its move.
fn search(searcher: &mut Searcher, position: &Position, limits: Limits) -> (i32, Option<Move>) {
    match searcher.search(position, Settings::with_limits(limits), |_| {}) {
        Some(report) => (for_white(position, report.score), Some(report.best())),
        None => (over_score(position), None),
    }
}

/// A score of the player to move at `position`, for White.
fn for_white(position: &Position, score: i32) -> i32 {
    if position.to_move() == Color::White {
        score
    } else {
        -score
    }
}

/// The score of a game over: its result.
fn over_score(position: &Position) -> i32 {
    match position.outcome().and_then(|o| o.winner()) {
        Some(Color::White) => DECIDED + 1,
        Some(Color::Black) => -(DECIDED + 1),
        None => 0,
    }
}

/// Searches of a fixed depth, as the chance scale was fitted with.
#[cfg(test)]
fn fixed_depth(depth: u32) -> Limits {
    Limits {
        depth: Some(depth),
        nodes: None,
        movetime: None,
        soft: None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missed_block_turns_the_evaluation_and_the_best_move_blocks() {
        // White has a1-d1 on 5x5; Black to move must fill e1 (or lose to
        // the road, RULINGS Tak 5) but plays c5: the score for White jumps
        // to a win, and the search's move at that position is the road at
        // e1.
        let start = Position::from_tps_standard("x5/x5/x5/2,2,x3/1,1,1,1,x 2 5").unwrap();
        let moves: Vec<Move> = ["c5", "e1"].iter().map(|m| m.parse().unwrap()).collect();
        let judged = judge_game(&start, &moves, &Budget::unlimited());
        assert_eq!(judged.len(), 3);
        assert!(judged[0].white_score.abs() < DECIDED, "{:?}", judged[0]);
        assert!(judged[1].white_score > DECIDED, "{:?}", judged[1]);
        // c5 valued at the same horizon: the road follows.
        assert!(judged[0].played_score.unwrap() > DECIDED, "{:?}", judged[0]);
        assert_eq!(judged[2].played_score, None);
        // The best move there is a road at e1 (a flat or the capstone: both
        // count for a road, RULINGS Tak 5).
        let mut after_c5 = start.clone();
        after_c5.play(moves[0]).unwrap();
        let best = judged[1].best.unwrap();
        assert!(
            after_c5.road_wins_for(Color::White).contains(&best),
            "{best:?}"
        );
        assert_eq!(judged[2].best, None);
        let mut blocked = start.clone();
        blocked.play(judged[0].best.unwrap()).unwrap();
        assert!(blocked.road_wins_for(Color::White).is_empty());
        // Each search finished an even depth (or found a forced result).
        assert!(
            judged[0].depth >= 2 && judged[0].depth % 2 == 0,
            "{judged:?}"
        );
        // c5 was not the best move: no search without it.
        assert_eq!(judged[0].second_score, None);
    }

    #[test]
    fn a_short_game_gets_level_10_a_position_and_a_long_one_shares_the_nodes() {
        // Issue 42: every position at least a level-10 move's search, within
        // the analysis's bound, which a long game shares (issue 44: up to 33
        // positions in full).
        let level_10 = Level::MAX.settings(0).limits.nodes.unwrap();
        assert_eq!(nodes_per_position(1), level_10);
        assert_eq!(nodes_per_position(33), level_10);
        assert!(nodes_per_position(34) < level_10);
        assert_eq!(nodes_per_position(40), NODES / 40);
        assert!(nodes_per_position(40) < level_10);
        assert_eq!(nodes_per_position(0), level_10);
    }

    #[test]
    fn the_only_winning_move_is_searched_without_and_the_rest_do_not_win() {
        // Issue 42 ("! for an only move"): White has a1-c1 on 4x4 (no
        // capstones) and d1 free: the flat d1 is a road (RULINGS Tak 5); a
        // wall there is not, and any other move lets Black fill d1. The
        // game plays d1: the search without it finds no win.
        let start = Position::from_tps_standard("x4/x4/2,2,x2/1,1,1,x 1 4").unwrap();
        let moves: Vec<Move> = vec!["d1".parse().unwrap()];
        let judged = judge_game(&start, &moves, &Budget::unlimited());
        assert_eq!(judged[0].best, moves.first().copied());
        assert!(judged[0].white_score > DECIDED, "{judged:?}");
        let second = judged[0].second_score.expect("searched without d1");
        assert!(second < DECIDED, "{judged:?}");
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
            let (score, _) = search(&mut searcher, &position, fixed_depth(depth));
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
