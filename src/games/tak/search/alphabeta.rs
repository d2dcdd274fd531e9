//! Alpha-beta search: iterative deepening with aspiration windows,
//! principal variation search, a transposition table, null-move pruning,
//! late-move reductions, and killer/history move ordering.
//!
//! Scores are centiflats from the view of the player to move; a decided
//! game scores [`WIN`] less the plies to reach it, so shorter wins rank
//! first and every road in one is found at depth 1.

use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::eval::{self, placement_wins, road_in_one_by_placement, Weights};
use super::ordering::{Ordering, MAX_PLY};
use super::tt::{Bound, Entry, Table};
use super::zobrist::{move_delta, position_key};
use crate::games::kit::search::{noise, Limits, WinScale};
use crate::games::tak::moves::Move;
use crate::games::tak::piece::Role;
use crate::games::tak::position::Position;

/// How a decided game scores, in centiflats.
pub const SCORES: WinScale = WinScale::new(1_000_000);
/// The score of a won game (less the plies to the win).
pub const WIN: i32 = SCORES.win;
/// Scores beyond this are decided games.
pub const DECIDED: i32 = SCORES.decided();
const INFINITY: i32 = WIN + 1;
/// How often (in nodes) the clock is read.
const CLOCK_INTERVAL: u64 = 1024;
/// Reverse futility pruning: at depths up to this, a static evaluation
/// this many centiflats a ply above beta stands pat.
const RFP_DEPTH: i32 = 3;
const RFP_MARGIN: i32 = 80;
/// Late-move pruning: at depths up to this, quiet moves from the
/// `LMP_BASE + 3 depth^2`-th on are not searched.
const LMP_DEPTH: i32 = 3;
const LMP_BASE: i32 = 8;
/// Late-move reductions: `ln(depth) ln(move number) / LMR_DIVISOR` plies.
const LMR_DIVISOR: f64 = 2.0;
/// Null move: the pass is searched `NULL_MOVE_BASE + depth /
/// NULL_MOVE_DIVISOR` plies shallower than a move.
const NULL_MOVE_BASE: i32 = 2;
const NULL_MOVE_DIVISOR: i32 = 4;
/// Internal iterative reduction: from this depth, a node without a table
/// move is searched a ply shallower.
const IIR_DEPTH: i32 = 4;
/// Aspiration windows: from `ASPIRATION_DEPTH`, an iteration first searches
/// `ASPIRATION_WINDOW` centiflats either side of the last iteration's
/// score; the side the score falls out of is widened by the window, then
/// twice that, and so on, and opened whole once the doubled step passes
/// `ASPIRATION_FULL` (100, 200, 400, then whole). The narrow window cuts
/// more of the tree than its re-searches cost: to depth 9 on 114 positions
/// of real games, 21.7 M nodes instead of 29.1 M (docs/ai.md "Aspiration
/// windows"; 50 centiflats took 23.6 M).
const ASPIRATION_DEPTH: u32 = 4;
const ASPIRATION_WINDOW: i32 = 100;
const ASPIRATION_FULL: i32 = 1000;

/// How one search plays: its limits, and the evaluation's noise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub limits: Limits,
    /// Each leaf's score moves by up to this many centiflats, by a hash of
    /// the position and the seed: weaker play that is still deterministic.
    pub noise: i32,
    pub seed: u64,
    /// Whether leaves count the opponent's open road threats (off only for
    /// the weakest level, which then sometimes leaves a road open).
    pub sees_threats: bool,
}

impl Settings {
    pub fn with_limits(limits: Limits) -> Settings {
        Settings {
            limits,
            noise: 0,
            seed: 0,
            sees_threats: true,
        }
    }
}

/// What one finished iteration found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub depth: u32,
    pub score: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    /// The principal variation, best move first.
    pub pv: Vec<Move>,
}

impl Report {
    pub fn best(&self) -> Move {
        self.pv[0]
    }
}

/// A searcher keeps its table and ordering between searches of one game.
pub struct Searcher {
    table: Table,
    ordering: Ordering,
    /// Move lists by ply and their ordering scores, kept to avoid
    /// allocating in the tree.
    lists: Vec<Vec<Move>>,
    scores: Vec<Vec<i64>>,
    nodes: u64,
    start: Instant,
    settings: Settings,
    /// Set once a limit is reached; the search unwinds.
    stopped: bool,
    /// Depth 1 is never interrupted.
    may_stop: bool,
    /// The best root move of the current iteration so far, with its score
    /// (each one searched to the end): an interrupted iteration still
    /// improves on the last one, so every node of a budget counts.
    root_best: Option<(Move, i32)>,
    /// Set from outside (TEI's `stop`) to end the search as a limit would.
    stop: Option<Arc<AtomicBool>>,
    /// Weights to evaluate with instead of the board size's own.
    weights: Option<Arc<Weights>>,
    /// Late-move reductions by depth and move number.
    reductions: Vec<[u8; 64]>,
    /// A move the root leaves out ([`Searcher::search_without`]).
    excluded: Option<Move>,
    /// The first window's half width ([`ASPIRATION_WINDOW`]; 0 searches
    /// every iteration with the whole window, as the tests compare).
    aspiration_window: i32,
}

impl Searcher {
    /// A searcher with a table of about `megabytes` MB.
    pub fn new(megabytes: usize) -> Searcher {
        Searcher {
            table: Table::with_megabytes(megabytes),
            ordering: Ordering::default(),
            lists: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(256)).collect(),
            scores: (0..MAX_PLY + 1).map(|_| Vec::with_capacity(256)).collect(),
            nodes: 0,
            start: Instant::now(),
            settings: Settings::with_limits(Limits::default()),
            stopped: false,
            may_stop: false,
            root_best: None,
            stop: None,
            weights: None,
            reductions: Vec::new(),
            excluded: None,
            aspiration_window: ASPIRATION_WINDOW,
        }
    }

    /// [`Searcher::search`] with `excluded` left out at the root: what the
    /// position is worth without that move (`/analyze` asks it of the
    /// best move, to tell an only move). `None` also when no other move
    /// is legal. The table then holds the position's value without the
    /// move: give such searches a searcher of their own.
    pub fn search_without(
        &mut self,
        position: &Position,
        settings: Settings,
        excluded: Move,
    ) -> Option<Report> {
        self.excluded = Some(excluded);
        let report = self.search(position, settings, |_| {});
        self.excluded = None;
        report
    }

    /// Evaluates with these weights instead of the board size's own (for
    /// measuring a new set against the current one).
    pub fn set_weights(&mut self, weights: Arc<Weights>) {
        self.weights = Some(weights);
    }

    /// A flag that, once set, stops the search under way as a reached
    /// limit does (checked with the clock; depth 1 still completes).
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = Some(flag);
    }

    fn stop_requested(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|flag| flag.load(AtomicOrdering::Relaxed))
    }

    /// Forgets everything learnt (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.ordering = Ordering::default();
    }

    /// Searches `position` and returns the last finished iteration, or
    /// `None` when the game is over. `on_iteration` sees every iteration.
    pub fn search(
        &mut self,
        position: &Position,
        settings: Settings,
        mut on_iteration: impl FnMut(&Report),
    ) -> Option<Report> {
        if position.is_over() {
            return None;
        }
        let mut position = position.clone();
        self.settings = settings;
        self.nodes = 0;
        self.start = Instant::now();
        self.stopped = false;
        self.ordering.new_search();
        if self.reductions.is_empty() {
            self.reductions = (0..64)
                .map(|depth| {
                    let mut row = [0u8; 64];
                    for (index, r) in row.iter_mut().enumerate().skip(1) {
                        let x = (depth.max(1) as f64).ln() * (index as f64).ln() / LMR_DIVISOR;
                        *r = x.clamp(0.0, 60.0) as u8;
                    }
                    row
                })
                .collect();
        }
        let key = position_key(&position);
        let max_depth = settings.limits.depth.unwrap_or(MAX_PLY as u32 - 8).max(1);
        let mut last: Option<Report> = None;
        for depth in 1..=max_depth {
            self.may_stop = depth > 1;
            self.root_best = None;
            let score = match last.as_ref().map(|report| report.score) {
                Some(expected)
                    if depth >= ASPIRATION_DEPTH
                        && self.aspiration_window > 0
                        && expected.abs() < DECIDED / 2 =>
                {
                    self.search_around(&mut position, key, depth, expected)
                }
                _ => self.negamax(&mut position, key, depth as i32, 0, -INFINITY, INFINITY),
            };
            if self.stopped {
                if let (Some((mv, score)), Some(done)) = (self.root_best, last.as_mut()) {
                    done.depth = depth;
                    done.score = score;
                    done.nodes = self.nodes;
                    done.elapsed = self.start.elapsed();
                    if done.pv[0] != mv {
                        done.pv = vec![mv];
                    }
                }
                break;
            }
            let pv = self.principal_variation(&position, depth as usize);
            if pv.is_empty() {
                break;
            }
            let report = Report {
                depth,
                score,
                nodes: self.nodes,
                elapsed: self.start.elapsed(),
                pv,
            };
            on_iteration(&report);
            let decided = score.abs() > DECIDED;
            last = Some(report);
            if decided || self.out_of_budget_for_next_iteration() || self.stop_requested() {
                break;
            }
        }
        last
    }

    /// One iteration searched in a window around `expected` (the last
    /// iteration's score), widened on the side the score falls out of
    /// until it lands inside: a score on the window's edge is only a
    /// bound, never reported.
    fn search_around(
        &mut self,
        position: &mut Position,
        key: u64,
        depth: u32,
        expected: i32,
    ) -> i32 {
        let mut step = self.aspiration_window;
        let (mut low, mut high) = (expected - step, expected + step);
        loop {
            let score = self.negamax(position, key, depth as i32, 0, low, high);
            if self.stopped || (low < score && score < high) {
                return score;
            }
            if score <= low {
                low = (low - step).max(-INFINITY);
            } else {
                high = (high + step).min(INFINITY);
            }
            step *= 2;
            if step > ASPIRATION_FULL {
                low = -INFINITY;
                high = INFINITY;
            }
        }
    }

    /// Whether starting another iteration is pointless: it would be cut
    /// off long before it finished.
    fn out_of_budget_for_next_iteration(&self) -> bool {
        let limits = self.settings.limits;
        if let Some(nodes) = limits.nodes {
            if self.nodes >= nodes {
                return true;
            }
        }
        let elapsed = self.start.elapsed();
        if let Some(soft) = limits.soft {
            if elapsed >= soft * 3 / 5 {
                return true;
            }
        }
        if let Some(movetime) = limits.movetime {
            // The next iteration costs several times the last ones.
            if elapsed * 2 >= movetime {
                return true;
            }
        }
        false
    }

    fn check_limits(&mut self) {
        if !self.may_stop {
            return;
        }
        let limits = self.settings.limits;
        if limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        }
        if self.nodes % CLOCK_INTERVAL == 0
            && (limits.movetime.is_some_and(|t| self.start.elapsed() >= t) || self.stop_requested())
        {
            self.stopped = true;
        }
    }

    /// The best line stored in the table, each move checked legal.
    fn principal_variation(&self, position: &Position, depth: usize) -> Vec<Move> {
        let mut position = position.clone();
        let mut pv = Vec::new();
        while pv.len() < depth.max(1) {
            let Some(entry) = self.table.get(position_key(&position)) else {
                break;
            };
            let Some(mv) = entry.best else { break };
            if position.check(mv).is_err() {
                break;
            }
            position.play_unchecked(mv);
            pv.push(mv);
            if position.is_over() {
                break;
            }
        }
        pv
    }

    /// The score of a leaf: the evaluation, plus the level's noise. Never
    /// at the root: the player to move is known to have no road in one by
    /// placement (else the search has returned the win).
    fn leaf(&self, position: &Position, key: u64) -> i32 {
        let weights = match &self.weights {
            Some(w) => w,
            None => super::weights::for_size(position.size()),
        };
        let score = eval::evaluate_searched(position, self.settings.sees_threats, weights, false);
        score + noise(self.settings.noise, self.settings.seed, key)
    }

    fn negamax(
        &mut self,
        position: &mut Position,
        key: u64,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        // A stopped search unwinds without counting more nodes (the
        // re-searches of a move come one after another).
        if self.stopped {
            return 0;
        }
        if let Some(outcome) = position.outcome() {
            return match outcome.winner() {
                None => 0,
                Some(w) if w == position.to_move() => WIN - ply as i32,
                Some(_) => -(WIN - ply as i32),
            };
        }
        self.nodes += 1;
        self.check_limits();
        if self.stopped {
            return 0;
        }
        let mover = position.to_move();
        // A road in one by placement: exact, and cheaper than any search.
        // Not at the root, which must name the move; not for the weakest
        // level, which then misses some of the opponent's roads.
        if ply > 0 && self.settings.sees_threats && road_in_one_by_placement(position, mover) {
            return WIN - ply as i32 - 1;
        }
        if depth <= 0 || ply >= MAX_PLY {
            return self.leaf(position, key);
        }
        let pv_node = beta - alpha > 1;
        let entry = self.table.get(key);
        let left_out = if ply == 0 { self.excluded } else { None };
        let tt_move = entry
            .and_then(|e| e.best)
            .filter(|&mv| Some(mv) != left_out && position.check(mv).is_ok());
        if let Some(e) = entry {
            if !pv_node && e.depth as i32 >= depth {
                let score = from_table(e.score, ply);
                let usable = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if usable {
                    return score;
                }
            }
        }

        // Internal iterative reduction: a node the table knows nothing
        // about is searched a ply shallower (its first move is a guess).
        let mut depth = depth;
        if tt_move.is_none() && depth >= IIR_DEPTH {
            depth -= 1;
        }
        let opponent = mover.opponent();
        let threatened = placement_wins(position, opponent);
        let quiet_node = !pv_node && threatened == 0 && beta.abs() < DECIDED;
        let static_eval = if quiet_node {
            self.leaf(position, key)
        } else {
            0
        };
        // Reverse futility: far above beta near the leaves, stand pat.
        if quiet_node && depth <= RFP_DEPTH && static_eval - RFP_MARGIN * depth >= beta {
            return static_eval;
        }
        // Null move: if passing still holds beta, a real move will too.
        // Not when the opponent threatens a road, nor in the opening plies.
        if quiet_node && depth >= 3 && position.ply() >= 4 && static_eval >= beta {
            let mut passed = position.clone();
            passed.pass_turn();
            let passed_key = position_key(&passed);
            let r = NULL_MOVE_BASE + depth / NULL_MOVE_DIVISOR;
            let score = -self.negamax(
                &mut passed,
                passed_key,
                (depth - 1 - r).max(0),
                ply + 1,
                -beta,
                -beta + 1,
            );
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return score;
            }
        }

        // The table's move is searched before the others are generated:
        // when it refutes the position, they never are.
        let mut moves = std::mem::take(&mut self.lists[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        moves.clear();
        scores.clear();
        let mut generated = false;
        if let Some(mv) = tt_move {
            moves.push(mv);
            scores.push(TT_SCORE);
        }

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        let mut index = 0;
        loop {
            if index == moves.len() {
                if generated {
                    break;
                }
                generated = true;
                position.legal_moves_into(&mut moves);
                if let Some(tt) = tt_move {
                    if let Some(at) = moves[1..].iter().position(|&m| m == tt) {
                        moves.swap_remove(at + 1);
                    }
                }
                if let Some(out) = left_out {
                    if let Some(at) = moves[index..].iter().position(|&m| m == out) {
                        moves.swap_remove(index + at);
                    }
                }
                let killers = self.ordering.killers(ply);
                for &mv in &moves[index..] {
                    scores.push(self.order_score(mv, killers, threatened, position));
                }
                if index == moves.len() {
                    break;
                }
            }
            // Selection sort: most moves are never reached after a cutoff.
            let mut pick = index;
            for j in index + 1..moves.len() {
                if scores[j] > scores[pick] {
                    pick = j;
                }
            }
            moves.swap(index, pick);
            scores.swap(index, pick);
            let mv = moves[index];
            let quiet = scores[index] < KILLER_SCORE;
            // Late quiet moves near the leaves are not searched at all.
            if quiet_node
                && quiet
                && depth <= LMP_DEPTH
                && index as i32 >= LMP_BASE + 3 * depth * depth
                && best_score > -DECIDED
            {
                break;
            }

            let before = move_delta(position, mv);
            let undo = position.play_unchecked(mv);
            let child_key = key ^ before ^ move_delta(position, mv);
            let score = if index == 0 {
                -self.negamax(position, child_key, depth - 1, ply + 1, -beta, -alpha)
            } else {
                // Late quiet moves are searched shallower first.
                let reduction = if depth >= 3 && index >= 3 && quiet {
                    let r = self.reductions[depth.min(63) as usize][index.min(63)] as i32
                        - pv_node as i32;
                    r.clamp(1, depth - 2)
                } else {
                    0
                };
                let mut s = -self.negamax(
                    position,
                    child_key,
                    depth - 1 - reduction,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                );
                if s > alpha && reduction > 0 {
                    s = -self.negamax(position, child_key, depth - 1, ply + 1, -alpha - 1, -alpha);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(position, child_key, depth - 1, ply + 1, -beta, -alpha);
                }
                s
            };
            position.undo(mv, undo);
            if self.stopped {
                self.lists[ply] = moves;
                self.scores[ply] = scores;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                // Under a window, a move that failed low is not proven
                // better than the last iteration's best.
                if ply == 0 && score > original_alpha {
                    self.root_best = Some((mv, score));
                }
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if quiet {
                    self.ordering.record_cutoff(mv, mover, ply, depth);
                    // The quiet moves tried before it did not cut off.
                    for (j, &other) in moves[..index].iter().enumerate() {
                        if scores[j] < KILLER_SCORE {
                            self.ordering.record_failure(other, mover, depth);
                        }
                    }
                }
                break;
            }
            index += 1;
        }
        self.lists[ply] = moves;
        self.scores[ply] = scores;
        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table.put(Entry {
            key,
            best: best_move,
            score: to_table(best_score, ply),
            depth: depth.min(i8::MAX as i32) as i8,
            bound,
        });
        best_score
    }

    /// How promising a move looks before it is searched.
    fn order_score(
        &self,
        mv: Move,
        killers: [Option<Move>; 2],
        threatened: u64,
        position: &Position,
    ) -> i64 {
        if let Move::Place { square, role } = mv {
            // Filling a square where the opponent would complete a road.
            if threatened >> square.index() & 1 == 1 {
                return (1 << 36) + if role == Role::Wall { 2 } else { 1 };
            }
        }
        if killers[0] == Some(mv) {
            return KILLER_SCORE + 1;
        }
        if killers[1] == Some(mv) {
            return KILLER_SCORE;
        }
        let prior = match mv {
            Move::Place {
                role: Role::Flat, ..
            } => 300,
            Move::Place {
                role: Role::Cap, ..
            } => 200,
            Move::Place {
                role: Role::Wall, ..
            } => 100,
            Move::Spread { drops, .. } => 150 - drops.squares() as i64 * 20,
        };
        self.ordering.history(mv, position.to_move()) as i64 * 16 + prior
    }
}

const KILLER_SCORE: i64 = 1 << 32;
const TT_SCORE: i64 = 1 << 40;

/// Decided scores count plies from the root; the table stores them from
/// the node so that they stay right at another ply.
fn to_table(score: i32, ply: usize) -> i32 {
    SCORES.shifted(score, ply as i32)
}

fn from_table(score: i32, ply: usize) -> i32 {
    SCORES.shifted(score, -(ply as i32))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every iteration's score to `depth`, the first window `window`
    /// centiflats either side of the last score (0: the whole window).
    fn iteration_scores(tps: &str, depth: u32, window: i32) -> Vec<i32> {
        let position = Position::from_tps_standard(tps).unwrap();
        let mut searcher = Searcher::new(16);
        searcher.aspiration_window = window;
        let settings = Settings::with_limits(Limits {
            depth: Some(depth),
            ..Limits::default()
        });
        let mut scores = Vec::new();
        searcher.search(&position, settings, |report| scores.push(report.score));
        scores
    }

    /// Checks that a decided score first seen at the last depth, far
    /// outside the window around the depth before, is reported exactly as
    /// the whole window finds it, not as the window's edge.
    fn check_decided_beyond_the_window(tps: &str, depth: u32) {
        let narrow = iteration_scores(tps, depth, ASPIRATION_WINDOW);
        let full = iteration_scores(tps, depth, 0);
        assert_eq!(narrow.len(), depth as usize, "{narrow:?}");
        let before = narrow[depth as usize - 2];
        assert!(before.abs() < DECIDED / 2, "{narrow:?}");
        assert!(depth > ASPIRATION_DEPTH, "the window must be in use");
        assert_eq!(narrow.last(), full.last(), "{narrow:?} against {full:?}");
        assert!(narrow.last().is_some_and(|score| score.abs() > DECIDED));
    }

    // Positions of tests/data/tak/games/racetrack-5x5-tc30.ptn (our games
    // against tiltak), where a road first shows at depth 5 or 6.

    #[test]
    fn a_road_found_past_the_window_is_reported_as_a_win() {
        // Black to move, 4.7 flats ahead at depth 4: a road in three plies
        // (its move, White's, its move), pruned from depths 1-4, shows at
        // depth 5, far above the window around 4.7.
        check_decided_beyond_the_window(
            "1,21,2S,11,12121/x,2,221S,x,2S/121112C,x,1S,1,1/2,2,21C,2,2/1,21S,2,212S,12 2 33",
            5,
        );
    }

    #[test]
    fn a_road_against_found_past_the_window_is_reported_as_a_loss() {
        // Black to move, 1.6 flats behind through depth 5: at depth 6 no
        // move stops White's road on its third move; the window is opened
        // downward until the loss fits.
        check_decided_beyond_the_window(
            "1,1,x,11,221/x,121S,1,x,212/2,112S,12C,2S,x/2,111212,x,221C,112S/2,2,1,1,2 2 30",
            6,
        );
    }
}
