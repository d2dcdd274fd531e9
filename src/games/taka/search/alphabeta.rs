//! The search: negamax alpha-beta over whole turns with iterative
//! deepening, principal variation search and a transposition table.
//!
//! A ply is a whole turn (RULINGS Taka 3: one action with its follow-ups,
//! [`Turn`]), so the tree is wide: a few hundred turns a position. Two
//! things keep it exact about goals however shallow it is:
//! - every node first asks whether the side to move can score at once
//!   ([`threat::can_score`]); when that goal ends the game, the node is a
//!   win in one ply without searching further. So a goal in one is never
//!   missed (depth 1 sees the scoring turn itself), and a turn that lets
//!   the opponent score at once is seen as a loss at depth 1, so the
//!   search never fails to stop a goal that can be stopped;
//! - decided games score `WIN - plies`, so the quickest goal is preferred
//!   and the latest loss.
//!
//! Repetition (RULINGS Taka 16) is checked at the root only: a root turn
//! that makes a position occur a third time scores a draw.

use std::collections::HashMap;
use std::time::Instant;

use super::super::key::repetition_hash;
use super::super::position::Position;
use super::super::turn::Turn;
use super::eval::{self, GOAL};
use super::key::key;
use super::node::{Node, Status};
use super::ordering;
use super::threat;
use crate::games::kit::search::{noise, Entry, Limits, WinScale};

/// How a decided game scores, in points (hundredths of a ball).
pub const SCORES: WinScale = WinScale::new(100_000);
/// The score of a won game, less the plies to the win.
pub const WIN: i32 = SCORES.win;
/// Scores beyond this are forced results.
pub const DECIDED: i32 = SCORES.decided();
const INFINITY: i32 = WIN + 1;
const MAX_DEPTH: u32 = 32;
/// Entries kept before the table is emptied.
const TABLE_LIMIT: usize = 1_000_000;
/// A goal the side to move can score at a leaf, when it does not end the
/// game (a "first to N" game): most of a goal.
const GOAL_IN_ONE: i32 = GOAL * 3 / 4;
/// What a draw by repetition costs the side that makes it: it plays on
/// unless every other turn looks worse than that.
const CONTEMPT: i32 = 30;
/// Nodes this deep and deeper order their turns by the evaluation of
/// each child; shallower ones by the balls alone.
const ORDER_BY_EVALUATION: u32 = 3;

/// How one search plays: its limits and the evaluation's seeded noise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    pub limits: Limits,
    /// The noise's amplitude in points, added to every leaf.
    pub noise: i32,
    pub seed: u64,
    /// How many root turns the last iteration (at `limits.depth`)
    /// searches: the best of the iteration before, all when `None`. Every
    /// turn that lets the opponent score at once was found out by that
    /// iteration, so a narrow last iteration still never lets a goal in
    /// that it could stop.
    pub width: Option<usize>,
}

/// What a search found; the score in points, beyond [`DECIDED`] a forced
/// result.
pub type Report = crate::games::kit::search::Report<Turn>;

/// How many turns of a node are picked by a scan before the rest is
/// sorted.
const SELECTED: usize = 3;

/// A node's turns in the order to search them (see
/// [`Searcher::candidates`]), with the child where it is already played.
struct Candidates {
    items: Vec<(Turn, Option<Node>)>,
    /// Indices into `items` in the low 32 bits.
    order: Vec<u64>,
    next: usize,
}

impl Iterator for Candidates {
    type Item = (Turn, Option<Node>);

    fn next(&mut self) -> Option<(Turn, Option<Node>)> {
        let rest = self.order.get_mut(self.next..)?;
        if self.next < SELECTED {
            // The least key of the rest, found by a scan (most nodes cut
            // off after a few turns): the same order as a sort.
            let least = (0..rest.len()).min_by_key(|&j| rest[j])?;
            rest.swap(0, least);
        } else if self.next == SELECTED {
            rest.sort_unstable();
        }
        let &i = self.order.get(self.next)?;
        self.next += 1;
        let (turn, child) = &mut self.items[(i & 0xFFFF_FFFF) as usize];
        Some((*turn, child.take()))
    }
}

struct RootMove {
    turn: Turn,
    child: Node,
    /// A draw by repetition the turn would make (RULINGS Taka 16).
    draw: bool,
    score: i32,
}

/// A searcher; one per game keeps its table from turn to turn.
#[derive(Default)]
pub struct Searcher {
    table: HashMap<u64, Entry<Turn>>,
    nodes: u64,
    settings: Settings,
    start: Option<Instant>,
    stopped: bool,
    may_stop: bool,
    killers: Vec<[Option<Turn>; 2]>,
}

impl Searcher {
    pub fn new() -> Searcher {
        Searcher::default()
    }

    /// Searches `position`; `None` when the game is over or the side to
    /// move has no legal turn.
    pub fn search(&mut self, position: &Position, settings: Settings) -> Option<Report> {
        if position.is_over() {
            return None;
        }
        if self.table.len() > TABLE_LIMIT {
            self.table.clear();
        }
        self.settings = settings;
        self.nodes = 0;
        self.start = Some(Instant::now());
        self.stopped = false;
        self.may_stop = false;
        let root = Node::of(position);
        let mut moves: Vec<RootMove> = position
            .legal_turns()
            .into_iter()
            .filter_map(|turn| {
                let child = root.play(&turn)?;
                let repeated = position
                    .history()
                    .binary_search_by_key(&repetition_hash(&child.board, child.side), |e| e.0)
                    .is_ok_and(|i| position.history()[i].1 >= 2);
                let draw = repeated && matches!(child.status(), Status::Going);
                Some(RootMove {
                    turn,
                    child,
                    draw,
                    score: 0,
                })
            })
            .collect();
        if moves.is_empty() {
            return None;
        }
        // The first order: as at any node of depth 2.
        for m in moves.iter_mut() {
            m.score = -self.order_score(&m.child);
        }
        moves.sort_by_key(|m| std::cmp::Reverse(m.score));
        let max_depth = settings
            .limits
            .depth
            .unwrap_or(MAX_DEPTH)
            .clamp(1, MAX_DEPTH);
        let mut report: Option<Report> = None;
        for depth in 1..=max_depth {
            self.may_stop = depth > 1;
            let mut alpha = -INFINITY;
            let mut best: Option<(usize, i32)> = None;
            let width = match settings.width {
                Some(w) if depth == max_depth && depth > 1 => w.max(1).min(moves.len()),
                _ => moves.len(),
            };
            for (i, m) in moves.iter_mut().enumerate().take(width) {
                let score = if m.draw {
                    -CONTEMPT
                } else {
                    let child = m.child;
                    if i == 0 {
                        -self.negamax(&child, depth - 1, 1, -INFINITY, -alpha)
                    } else {
                        let s = -self.negamax(&child, depth - 1, 1, -alpha - 1, -alpha);
                        if s > alpha && !self.stopped {
                            -self.negamax(&child, depth - 1, 1, -INFINITY, -alpha)
                        } else {
                            s
                        }
                    }
                };
                if self.stopped {
                    break;
                }
                m.score = score;
                if score > alpha {
                    alpha = score;
                    best = Some((i, score));
                }
            }
            if let Some((i, score)) = best {
                report = Some(Report {
                    best: moves[i].turn,
                    score,
                    depth,
                    nodes: self.nodes,
                });
            }
            if self.stopped {
                break;
            }
            // Best first for the next iteration (the rest by their bounds).
            if let Some((i, _)) = best {
                let chosen = moves.remove(i);
                moves.sort_by_key(|m| std::cmp::Reverse(m.score));
                moves.insert(0, chosen);
            }
            if alpha.abs() > DECIDED || self.budget_spent() {
                break;
            }
        }
        report
    }

    fn budget_spent(&self) -> bool {
        let elapsed = self.start.map(|s| s.elapsed()).unwrap_or_default();
        self.settings.limits.spent(self.nodes, elapsed)
    }

    fn check_stop(&mut self) {
        if !self.may_stop {
            return;
        }
        let limits = self.settings.limits;
        if limits.nodes.is_some_and(|n| self.nodes >= n)
            || (self.nodes % 256 == 0
                && limits
                    .movetime
                    .is_some_and(|t| self.start.map(|s| s.elapsed()).unwrap_or_default() >= t))
        {
            self.stopped = true;
        }
    }

    fn negamax(&mut self, node: &Node, depth: u32, ply: u32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        self.check_stop();
        if self.stopped {
            return 0;
        }
        let ply_i = ply as i32;
        match node.status() {
            Status::Over(Some(winner)) if winner == node.side => return WIN - ply_i,
            Status::Over(Some(_)) => return -(WIN - ply_i),
            Status::Over(None) => return 0,
            Status::Going => {}
        }
        let goal_now = threat::can_score(&node.board, node.side);
        if goal_now && node.goal_wins() {
            return WIN - ply_i - 1;
        }
        if depth == 0 {
            return self.leaf(node, goal_now);
        }
        let k = key(node);
        let entry = self.table.get(&k).copied();
        if let Some(e) = entry {
            if e.depth >= depth {
                let score = SCORES.shifted(e.score, -ply_i);
                if e.cuts(score, alpha, beta) {
                    return score;
                }
            }
        }
        // The table's turn first, before the others are generated: when it
        // cuts off, they never are.
        let table_best = entry.and_then(|e| e.best);
        let mut first = table_best.and_then(|t| node.play(&t).map(|c| (t, c)));
        let searched_first = first.map(|(t, _)| t);
        let mut rest: Option<Candidates> = None;
        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_turn = None;
        let mut n = 0;
        loop {
            let (turn, child) = match first.take() {
                Some((turn, child)) => (turn, Some(child)),
                None => {
                    let candidates =
                        rest.get_or_insert_with(|| self.candidates(node, depth, ply, table_best));
                    match candidates.next() {
                        Some((turn, _)) if Some(turn) == searched_first => continue,
                        Some(next) => next,
                        None => break,
                    }
                }
            };
            let Some(child) = child.or_else(|| node.play(&turn)) else {
                continue;
            };
            let child = &child;
            let score = if n == 0 {
                -self.negamax(child, depth - 1, ply + 1, -beta, -alpha)
            } else {
                let s = -self.negamax(child, depth - 1, ply + 1, -alpha - 1, -alpha);
                if s > alpha && s < beta && !self.stopped {
                    -self.negamax(child, depth - 1, ply + 1, -beta, -alpha)
                } else {
                    s
                }
            };
            n += 1;
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_turn = Some(turn);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                self.add_killer(ply, turn);
                break;
            }
        }
        if n == 0 {
            // No legal turn: the rules say nothing (docs/taka.md, reading
            // 18); the search calls it even.
            return 0;
        }
        self.table.insert(
            k,
            Entry {
                depth,
                score: SCORES.shifted(best_score, ply_i),
                lower: best_score > original_alpha,
                upper: best_score < beta,
                best: best_turn,
            },
        );
        best_score
    }

    fn add_killer(&mut self, ply: u32, turn: Turn) {
        let ply = ply as usize;
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, [None; 2]);
        }
        let k = &mut self.killers[ply];
        if k[0] != Some(turn) {
            k[1] = k[0];
            k[0] = Some(turn);
        }
    }

    /// The turns of `node` in the order to search them: the table's
    /// turn, the killers, then the rest. Deep nodes play every turn and
    /// order by the evaluation of the child (which they then keep); shallow
    /// ones order the generator's proposals by [`ordering::prior`] and
    /// play each only when its turn comes (an illegal one is skipped).
    fn candidates(
        &self,
        node: &Node,
        depth: u32,
        ply: u32,
        table_best: Option<Turn>,
    ) -> Candidates {
        let killers = self.killers.get(ply as usize).copied().unwrap_or([None; 2]);
        let first = |turn: &Turn| {
            if Some(*turn) == table_best {
                Some(2 * INFINITY)
            } else if killers[0] == Some(*turn) || killers[1] == Some(*turn) {
                Some(INFINITY)
            } else {
                None
            }
        };
        let (items, keys): (Vec<(Turn, Option<Node>)>, Vec<i32>) = if depth >= ORDER_BY_EVALUATION {
            node.children()
                .into_iter()
                .map(|(turn, child)| {
                    let score = first(&turn).unwrap_or_else(|| -self.order_score(&child));
                    ((turn, Some(child)), score)
                })
                .unzip()
        } else {
            node.proposals()
                .into_iter()
                .map(|turn| {
                    let score = first(&turn).unwrap_or_else(|| ordering::prior(node, &turn));
                    ((turn, None), score)
                })
                .unzip()
        };
        // Highest key first, ties in the generator's order: one word each,
        // the key inverted above the index.
        let order: Vec<u64> = keys
            .iter()
            .enumerate()
            .map(|(i, &k)| ((i64::from(i32::MAX) - i64::from(k)) as u64) << 32 | i as u64)
            .collect();
        Candidates {
            items,
            order,
            next: 0,
        }
    }

    /// A static look at a child for ordering, for its side to move: the
    /// evaluation where the child's subtree is deep enough to pay for it,
    /// else the balls alone.
    fn order_score(&self, child: &Node) -> i32 {
        match child.status() {
            Status::Over(Some(w)) if w == child.side => WIN,
            Status::Over(Some(_)) => -WIN,
            Status::Over(None) => 0,
            Status::Going => eval::evaluate(child),
        }
    }

    /// The score of a leaf for its side to move: the evaluation, a goal it
    /// could score (one that does not end the game), and the level's noise.
    fn leaf(&self, node: &Node, goal_now: bool) -> i32 {
        let mut score = eval::evaluate(node);
        if goal_now {
            score += GOAL_IN_ONE;
        }
        score + noise(self.settings.noise, self.settings.seed, key(node))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kit::search::mix;

    /// Positions along a seeded random game.
    pub(crate) fn random_positions(seed: u64, count: usize, every: usize) -> Vec<Position> {
        let mut state = seed;
        let mut position = Position::start();
        let mut out = Vec::new();
        let mut plies = 0;
        while out.len() < count {
            let turns = position.legal_turns();
            if turns.is_empty() {
                position = Position::start();
                continue;
            }
            state = mix(state.wrapping_add(1));
            position
                .play(&turns[(state % turns.len() as u64) as usize])
                .unwrap();
            plies += 1;
            if position.is_over() {
                position = Position::start();
            } else if plies % every == 0 {
                out.push(position.clone());
            }
        }
        out
    }

    #[test]
    #[ignore]
    fn speeds() {
        for (depth, width) in [(4u32, None), (5, Some(2))] {
            for position in random_positions(5, 4, 15) {
                let start = Instant::now();
                let settings = Settings {
                    limits: Limits {
                        depth: Some(depth),
                        nodes: Some(3_000_000),
                        ..Limits::default()
                    },
                    width,
                    ..Settings::default()
                };
                let report = Searcher::new().search(&position, settings).unwrap();
                println!(
                    "depth {depth}: {} turns, {:?} nodes {} in {:?} score {} best {}",
                    position.legal_turns().len(),
                    report.depth,
                    report.nodes,
                    start.elapsed(),
                    report.score,
                    report.best
                );
            }
        }
    }
}
