//! Monte Carlo tree search (PUCT) on the static evaluation: a search that
//! averages many leaves where [`super::alphabeta`] trusts the one its
//! minimax picks. An experiment for issue 44, played over TEI with
//! `taktable tei --mcts`; the levels and `/analyze` use alpha-beta
//! (docs/ai.md, "A search that averages: MCTS (2026-11-29, evening)").
//!
//! Every node, when first reached, evaluates all its moves one ply deep:
//! the winning chance of each (the evaluation through the tuner's
//! logistic, [`super::tune::SCALE`]) is the move's first value (one
//! virtual visit), and a softmax of those chances is its prior. The node's
//! own value is its best move's chance (a one-ply search at every leaf).
//! Roads are exact: a move that ends the game, or that leaves the opponent
//! a road by placement, has its value fixed; a node with a winning move,
//! or only losing ones, is decided, and so is then the move into it, up
//! the tree (an MCTS-solver: a forced road is proven, not averaged).
//!
//! With a learned [`Policy`] (`tei --mcts --policy FILE`) a node instead
//! evaluates only itself: the prior is the policy's softmax over its
//! moves, each move starts from the node's own evaluation (one virtual
//! visit), and the roads are exact as above (docs/ai.md, "A learned policy
//! for the tree search").

use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};
use std::sync::Arc;
use std::time::Instant;

use super::alphabeta::{Report, WIN};
use super::eval::{self, road_in_one_by_placement, Weights};
use super::policy::{Context, Policy};
use super::tune::{self, SCALE};
use crate::games::kit::search::Limits;
use crate::games::tak::moves::Move;
use crate::games::tak::piece::Color;
use crate::games::tak::position::{Position, Undo};

/// How strongly the prior prefers moves whose one-ply chance is higher:
/// a move 0.1 better is `e^(0.1 SHARPNESS)` times as likely to be tried.
/// Of the settings screened (docs/ai.md), 25 and 1.0 scored best.
const PRIOR_SHARPNESS: f32 = 25.0;
/// The weight of the prior against the averaged value (PUCT's `c`).
const EXPLORATION: f32 = 1.0;
/// The most moves the tree holds (about 24 bytes each): the search stops
/// when it is full.
const MAX_EDGES: usize = 8_000_000;
/// How often, in visits, the clock and the stop flag are read.
const CLOCK_INTERVAL: u64 = 16;

/// A move of a node, with what the search learnt of it, from the view of
/// the player making it.
#[derive(Clone, Copy, Debug)]
struct Edge {
    mv: Move,
    prior: f32,
    visits: u32,
    /// The sum of the values backed up through the move, plus its one-ply
    /// chance (counted as a visit).
    total: f32,
    child: Child,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Child {
    /// Not reached yet.
    None,
    /// A node in the arena.
    Node(u32),
    /// The move's value is known: it ends the game, leaves the opponent
    /// a road by placement, or leads to a node the solver decided.
    Exact(f32),
}

impl Edge {
    fn mean(&self) -> f32 {
        match self.child {
            Child::Exact(value) => value,
            _ => self.total / (self.visits + 1) as f32,
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Node {
    first: u32,
    len: u32,
    visits: u32,
    /// The node's value when it is decided, for the player to move.
    decided: Option<f32>,
    /// Its value when first reached, for the player to move: the best
    /// move's one-ply chance, or with a policy its own evaluation.
    value: f32,
}

/// A tree search that keeps its arena between moves (cleared at each).
pub struct Mcts {
    nodes: Vec<Node>,
    edges: Vec<Edge>,
    weights: Option<Arc<Weights>>,
    policy: Option<Arc<Policy>>,
    stop: Option<Arc<AtomicBool>>,
    /// The current descent: (node, edge) and each move's undo.
    path: Vec<(u32, u32)>,
    undos: Vec<(Move, Undo)>,
    /// The legal moves of the node being expanded.
    moves: Vec<Move>,
}

impl Default for Mcts {
    fn default() -> Mcts {
        Mcts::new()
    }
}

impl Mcts {
    pub fn new() -> Mcts {
        Mcts {
            nodes: Vec::new(),
            edges: Vec::new(),
            weights: None,
            policy: None,
            stop: None,
            path: Vec::new(),
            undos: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// Evaluates with these weights instead of the board size's own.
    pub fn set_weights(&mut self, weights: Arc<Weights>) {
        self.weights = Some(weights);
    }

    /// Scores moves by this policy instead of one ply of evaluation.
    pub fn set_policy(&mut self, policy: Arc<Policy>) {
        self.policy = Some(policy);
    }

    /// A flag that, once set, ends the search under way (TEI's `stop`).
    pub fn set_stop_flag(&mut self, flag: Arc<AtomicBool>) {
        self.stop = Some(flag);
    }

    /// Searches `position` within `limits` (nodes count visits; a depth
    /// ends it when a descent first reaches that many plies; a clock's
    /// target time ends the search, else its most) and reports the most
    /// visited move, or `None` when the game is over.
    pub fn search(&mut self, position: &Position, limits: Limits) -> Option<Report> {
        if position.is_over() {
            return None;
        }
        let start = Instant::now();
        let mut position = position.clone();
        self.nodes.clear();
        self.edges.clear();
        let custom = self.weights.clone();
        let weights = custom
            .as_deref()
            .unwrap_or_else(|| super::weights::for_size(position.size()));
        self.expand(&mut position, weights, true);
        let deadline = limits.soft.or(limits.movetime);
        let mut visits = 0u64;
        let mut deepest = 0usize;
        loop {
            let root = self.nodes[0];
            // A decided root, or a single move: nothing to weigh.
            if root.decided.is_some() || root.len == 1 {
                break;
            }
            deepest = deepest.max(self.visit(&mut position, weights));
            visits += 1;
            if limits.nodes.is_some_and(|n| visits >= n)
                || limits.depth.is_some_and(|d| deepest >= d as usize)
                || self.edges.len() >= MAX_EDGES
            {
                break;
            }
            if visits % CLOCK_INTERVAL == 0
                && (deadline.is_some_and(|t| start.elapsed() >= t) || self.stop_requested())
            {
                break;
            }
        }
        let pv = self.principal_variation();
        let chance = self.best_edge(0).map_or(0.5, |e| e.mean());
        Some(Report {
            depth: deepest as u32,
            score: centiflats(chance),
            nodes: visits,
            elapsed: start.elapsed(),
            pv,
        })
    }

    fn stop_requested(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|flag| flag.load(AtomicOrdering::Relaxed))
    }

    /// One descent from the root to a new node or a known value, and the
    /// value backed up along it. Returns the descent's length.
    fn visit(&mut self, position: &mut Position, weights: &Weights) -> usize {
        self.path.clear();
        self.undos.clear();
        let mut node = 0u32;
        // Whether the descent ends in a decided node.
        let mut settled = false;
        // The value for the player to move where the descent ends.
        let mut value = loop {
            if let Some(value) = self.nodes[node as usize].decided {
                settled = true;
                break value;
            }
            let index = self.select(node);
            self.path.push((node, index));
            let edge = self.edges[index as usize];
            self.undos.push((edge.mv, position.play_unchecked(edge.mv)));
            match edge.child {
                Child::Exact(value) => break 1.0 - value,
                Child::Node(child) => node = child,
                Child::None => {
                    let child = self.expand(position, weights, false);
                    self.edges[index as usize].child = Child::Node(child);
                    let new = self.nodes[child as usize];
                    settled = new.decided.is_some();
                    break new.decided.unwrap_or(new.value);
                }
            }
        };
        for step in (0..self.path.len()).rev() {
            let (node, index) = self.path[step];
            // The edge's value is for the player who made its move.
            value = 1.0 - value;
            let edge = &mut self.edges[index as usize];
            edge.visits += 1;
            edge.total += value;
            // The solver: a move into a decided node is exact, and may
            // decide the node it leaves.
            if settled {
                edge.child = Child::Exact(value);
                settled = self.settle(node);
            }
            self.nodes[node as usize].visits += 1;
        }
        let length = self.undos.len();
        while let Some((mv, undo)) = self.undos.pop() {
            position.undo(mv, undo);
        }
        length
    }

    /// PUCT: the averaged value plus the prior's share of the visits.
    fn select(&self, node: u32) -> u32 {
        let node = self.nodes[node as usize];
        let sqrt = (node.visits as f32 + 1.0).sqrt();
        let mut best = node.first;
        let mut best_score = f32::NEG_INFINITY;
        for index in node.first..node.first + node.len {
            let edge = &self.edges[index as usize];
            let score = edge.mean() + EXPLORATION * edge.prior * sqrt / (1 + edge.visits) as f32;
            if score > best_score {
                best_score = score;
                best = index;
            }
        }
        best
    }

    /// Adds the node of `position` (the player to move there has a move),
    /// its moves evaluated one ply deep or scored by the policy; returns
    /// its index. Below the root, a road by placement decides the node
    /// without its moves (the root must name the move).
    fn expand(&mut self, position: &mut Position, weights: &Weights, root: bool) -> u32 {
        let index = self.nodes.len() as u32;
        let first = self.edges.len() as u32;
        let mover = position.to_move();
        if !root && road_in_one_by_placement(position, mover) {
            self.nodes.push(Node {
                first,
                len: 0,
                visits: 0,
                decided: Some(1.0),
                value: 1.0,
            });
            return index;
        }
        let mut moves = std::mem::take(&mut self.moves);
        moves.clear();
        position.legal_moves_into(&mut moves);
        let (sharpness, value) = match self.policy.clone() {
            Some(policy) => (1.0, self.push_by_policy(position, weights, &policy, &moves)),
            None => (
                PRIOR_SHARPNESS,
                self.push_one_ply(position, weights, &moves),
            ),
        };
        self.moves = moves;
        // The prior: a softmax of the scores the edges were pushed with.
        let edges = &mut self.edges[first as usize..];
        let top = edges
            .iter()
            .map(|e| e.prior)
            .fold(f32::NEG_INFINITY, f32::max);
        let mut sum = 0.0;
        for edge in edges.iter_mut() {
            edge.prior = ((edge.prior - top) * sharpness).exp();
            sum += edge.prior;
        }
        for edge in edges.iter_mut() {
            edge.prior /= sum;
        }
        self.nodes.push(Node {
            first,
            len: edges.len() as u32,
            visits: 0,
            decided: None,
            value,
        });
        self.settle(index);
        index
    }

    /// Pushes the edges of `moves`, each evaluated one ply deep: its
    /// chance is its score for the prior and its first value. Returns the
    /// node's value, its best move's chance.
    fn push_one_ply(&mut self, position: &mut Position, weights: &Weights, moves: &[Move]) -> f32 {
        let mover = position.to_move();
        let mut best = 0.0f32;
        for &mv in moves {
            let undo = position.play_unchecked(mv);
            let child = exact_after(position, mover);
            let chance = match child {
                Child::Exact(value) => value,
                _ => {
                    let score = eval::evaluate_searched(position, true, weights, false);
                    1.0 - tune::chance(score as f64) as f32
                }
            };
            position.undo(mv, undo);
            best = best.max(chance);
            self.edges.push(Edge {
                mv,
                prior: chance,
                visits: 0,
                total: chance,
                child,
            });
        }
        best
    }

    /// Pushes the edges of `moves` with the policy's scores for the prior
    /// and the node's own evaluation as their first value, each move
    /// played only to see whether its value is exact. Returns the node's
    /// value.
    fn push_by_policy(
        &mut self,
        position: &mut Position,
        weights: &Weights,
        policy: &Policy,
        moves: &[Move],
    ) -> f32 {
        let mover = position.to_move();
        let score = eval::evaluate_searched(position, true, weights, false);
        let value = tune::chance(score as f64) as f32;
        let context = Context::new(position);
        for &mv in moves {
            let prior = policy.score(position, &context, mv);
            let undo = position.play_unchecked(mv);
            let child = exact_after(position, mover);
            position.undo(mv, undo);
            self.edges.push(Edge {
                mv,
                prior,
                visits: 0,
                total: value,
                child,
            });
        }
        value
    }

    /// Decides a node by its exact moves (one that wins, or all losing);
    /// returns whether it is decided.
    fn settle(&mut self, node: u32) -> bool {
        let edges = self.edges_of(node);
        let decided = if edges.iter().any(|e| e.child == Child::Exact(1.0)) {
            Some(1.0)
        } else if edges.iter().all(|e| e.child == Child::Exact(0.0)) {
            Some(0.0)
        } else {
            None
        };
        self.nodes[node as usize].decided = decided;
        decided.is_some()
    }

    fn edges_of(&self, node: u32) -> &[Edge] {
        let node = self.nodes[node as usize];
        &self.edges[node.first as usize..(node.first + node.len) as usize]
    }

    /// The move played: a winning one if there is, else the most visited
    /// (the better average on a tie).
    fn best_edge(&self, node: u32) -> Option<&Edge> {
        self.nodes.get(node as usize)?;
        let edges = self.edges_of(node);
        if let Some(win) = edges.iter().find(|e| e.child == Child::Exact(1.0)) {
            return Some(win);
        }
        edges.iter().max_by(|a, b| {
            (a.visits, a.mean())
                .partial_cmp(&(b.visits, b.mean()))
                .unwrap_or(std::cmp::Ordering::Equal)
        })
    }

    /// The most visited line from the root.
    fn principal_variation(&self) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut node = 0u32;
        while let Some(edge) = self.best_edge(node) {
            pv.push(edge.mv);
            match edge.child {
                Child::Node(child) if pv.len() < 32 => node = child,
                _ => break,
            }
        }
        pv
    }
}

/// What a move of `mover`, just played, is worth if that is known at once:
/// it ended the game, or it leaves the opponent a road by placement.
fn exact_after(position: &Position, mover: Color) -> Child {
    match position.outcome() {
        Some(outcome) => Child::Exact(match outcome.winner() {
            None => 0.5,
            Some(w) if w == mover => 1.0,
            Some(_) => 0.0,
        }),
        None if road_in_one_by_placement(position, position.to_move()) => Child::Exact(0.0),
        None => Child::None,
    }
}

/// A winning chance as centiflats (the inverse of [`tune::chance`]);
/// certain results as decided scores.
fn centiflats(chance: f32) -> i32 {
    if chance >= 1.0 {
        return WIN - 1;
    }
    if chance <= 0.0 {
        return -(WIN - 1);
    }
    (SCALE as f32 * (chance / (1.0 - chance)).ln()) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tak::search::DECIDED;

    #[test]
    fn a_fork_is_proven_a_win() {
        // 4x4, White to move: b2, c2 and c3 reach neither edge file; a2
        // joins them to file a, leaving two squares (d2, d3) that each
        // complete a road by placement (RULINGS Tak 5). Black (a4, b4, d1)
        // has no road in one and no piece next to White's, and cannot fill
        // both, so a2 wins in three plies: the solver proves it and the
        // search stops without spending its visits (alpha-beta finds the
        // same win at depth 2).
        let position = Position::from_tps_standard("2,2,x2/x2,1,x/x,1,1,x/x3,2 1 4").unwrap();
        let limits = Limits {
            nodes: Some(100_000),
            ..Limits::default()
        };
        let report = Mcts::new().search(&position, limits).unwrap();
        assert_eq!(report.best().to_string(), "a2");
        assert!(report.score > DECIDED, "score {}", report.score);
        assert!(report.nodes < 100_000);
    }

    #[test]
    fn a_depth_ends_the_search_when_a_descent_reaches_it() {
        // TEI's `go depth`: the tree search's depth is its deepest descent.
        let position = Position::from_tps_standard("x6/x6/x6/x6/x6/1,x4,2 1 2").unwrap();
        for depth in [1, 3, 6] {
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            let report = Mcts::new().search(&position, limits).unwrap();
            assert_eq!(report.depth, depth, "depth {depth}");
            assert!(report.nodes < 100_000, "{} visits", report.nodes);
            assert!(position.check(report.best()).is_ok());
        }
    }

    #[test]
    fn winning_chances_and_centiflats_agree() {
        // The tuner's logistic: 0 is even, and each is the other's inverse.
        assert_eq!(tune::chance(0.0), 0.5);
        for score in [-600, -150, -20, 35, 150, 480] {
            let chance = tune::chance(score as f64) as f32;
            assert!((centiflats(chance) - score).abs() <= 1, "{score}");
        }
        assert!(centiflats(1.0) > DECIDED && centiflats(0.0) < -DECIDED);
    }
}
