//! Legal turn generation.
//!
//! The generator proposes every turn the rules could allow (a superset:
//! every straight line a piece or pass may take, every follow-up, every
//! facing) and keeps those [`rules::execute`] accepts. So a generated turn
//! is legal by construction, and completeness rests on the proposals
//! covering every shape of turn; `tests/rules/taka_random.rs` checks both ways.

use super::board::{Ball, Board};
use super::facing::Facing;
use super::rules::{self, check_pass, Open, PassInfo, Target};
use super::side::Side;
use super::square::{Direction, Spot, Square};
use super::turn::{Link, Turn};

/// The legal turns of `side` on `board`, sorted.
pub(super) fn legal_turns(board: &Board, side: Side, goal_wins: bool) -> Vec<Turn> {
    let mut turns = proposals(board, side, goal_wins);
    turns.retain(|t| rules::execute(board, side, goal_wins, t).is_ok());
    turns.sort_unstable();
    turns.dedup();
    turns
}

/// Every turn the generator proposes for `side` on `board`, legal or not,
/// in its own order (no two alike): the search checks each with
/// [`rules::execute`] as it plays it, which also gives the board after it.
pub(super) fn proposals(board: &Board, side: Side, goal_wins: bool) -> Vec<Turn> {
    let mut gen = Gen {
        board,
        side,
        goal_wins,
        out: Vec::with_capacity(1024),
    };
    gen.all();
    gen.out
}

struct Gen<'a> {
    board: &'a Board,
    side: Side,
    goal_wins: bool,
    out: Vec<Turn>,
}

/// The squares on the ray from `from` in `dir`, nearest first.
fn ray(from: Square, dir: Direction) -> impl Iterator<Item = Square> {
    std::iter::successors(from.step(dir), move |s| s.step(dir))
}

impl Gen<'_> {
    fn all(&mut self) {
        let side = self.side;
        if self.board.goalie_in_circle(side) {
            let with_ball = self.board.circle_ball(side);
            for to in Square::all().filter(|&s| side.in_activation_area(s)) {
                let t = Turn::leg(Spot::Circle, Link::Go, Spot::Square(to));
                if with_ball {
                    self.with_facings(t);
                } else {
                    self.out.push(t);
                }
            }
            if with_ball {
                self.main_passes(Spot::Circle, Open::Circle);
            }
        }
        for sq in Square::all() {
            let Some(piece) = self.board.piece(sq) else {
                continue;
            };
            if piece.side != side {
                continue;
            }
            let from = Spot::Square(sq);
            if let Some(facing) = self.board.carried(sq) {
                for f in Facing::ALL.into_iter().filter(|&f| f != facing) {
                    self.out.push(Turn::face(sq, f));
                }
                for to in Direction::ALL.into_iter().filter_map(|d| sq.step(d)) {
                    if self.board.piece(to).is_none() && !self.board.loose_at(to) {
                        self.with_facings(Turn::leg(from, Link::Go, Spot::Square(to)));
                    }
                }
                self.main_passes(from, Open::Facing(facing));
                continue;
            }
            for dir in Direction::ALL {
                for to in ray(sq, dir).take(rules::reach(side, dir) as usize) {
                    let t = Turn::leg(from, Link::Go, Spot::Square(to));
                    if self.board.loose_at(to) {
                        self.follow_ups(t, to);
                        break;
                    }
                    self.out.push(t);
                    if self.board.piece(to).is_some() {
                        break;
                    }
                }
                if let Some(at) = sq.step(dir) {
                    if self.board.carried(at).is_some()
                        && self.board.piece(at).is_some_and(|p| p.side != side)
                    {
                        self.follow_ups(Turn::leg(from, Link::Tackle, Spot::Square(at)), at);
                    }
                }
            }
            if piece.goalie && side.circle_neighbours().contains(&sq) {
                self.out.push(Turn::leg(from, Link::Go, Spot::Circle));
            }
        }
    }

    fn with_facings(&mut self, t: Turn) {
        for f in Facing::ALL {
            self.out.push(t.facing(f));
        }
    }

    /// Every spot a pass from `from` could reach: the squares of the eight
    /// rays and the own circle.
    fn pass_targets(&self, from: Spot) -> Vec<Spot> {
        let mut targets = Vec::with_capacity(64);
        match from {
            Spot::Square(sq) => {
                for dir in Direction::ALL {
                    targets.extend(ray(sq, dir).map(Spot::Square));
                }
                targets.push(Spot::Circle);
            }
            Spot::Circle => {
                for (s, d) in self.side.circle_diagonals() {
                    targets.push(Spot::Square(s));
                    targets.extend(ray(s, d.reverse()).map(Spot::Square));
                }
            }
        }
        targets
    }

    /// The endings of a turn whose last pass goes to `to`: a loose ball or
    /// a teammate's facing, or a goal with its re-placement.
    fn endings(&mut self, t: Turn, to: Spot) {
        match to {
            Spot::Square(sq) if rules::is_goal_square(sq) => {
                if self.goal_wins {
                    self.out.push(t);
                } else {
                    for at in Square::all().filter(|s| self.side.in_own_zone(s.row())) {
                        self.out.push(t.placement(at, None));
                        for f in Facing::ALL {
                            self.out.push(t.placement(at, Some(f)));
                        }
                    }
                }
            }
            _ => {
                self.out.push(t);
                self.with_facings(t);
            }
        }
    }

    /// The endings of a turn whose last pass is known to reach `target`.
    fn endings_for(&mut self, t: Turn, target: Target) {
        match target {
            Target::Teammate(_) => self.with_facings(t),
            Target::Circle | Target::Empty(_) => self.out.push(t),
            Target::Goal(sq) => self.endings(t, Spot::Square(sq)),
        }
    }

    /// Passes as the turn's action: single (with runners) or consecutive.
    fn main_passes(&mut self, from: Spot, open: Open) {
        for to in self.pass_targets(from) {
            let Ok(info) = check_pass(self.board, self.side, from, to, open, true) else {
                continue;
            };
            let t = Turn::leg(from, Link::Pass, to);
            self.endings_for(t, info.target);
            match info.target {
                Target::Empty(sq) if !info.chip && !info.cross_zone => {
                    for r in Direction::ALL.into_iter().filter_map(|d| sq.step(d)) {
                        if self.board.piece(r).is_some_and(|p| p.side == self.side) {
                            self.with_facings(t.runner(r));
                        }
                    }
                }
                Target::Teammate(_) | Target::Circle if !info.cross_zone => {
                    self.second_passes(t, from, to, info)
                }
                _ => {}
            }
        }
    }

    /// The second passes of a consecutive pass whose first pass `t` went
    /// from `from` to the teammate at `mid` (RULINGS Taka 9).
    fn second_passes(&mut self, t: Turn, from: Spot, mid: Spot, info: PassInfo) {
        let mut board = *self.board;
        let (open, ball) = match mid {
            Spot::Square(sq) => {
                let f = Facing::towards_origin(info.dir);
                (Open::Facing(f), Ball::Held(sq, f))
            }
            Spot::Circle => (Open::Circle, Ball::InCircle(self.side)),
        };
        let Some(held) = board.ball_held_at(self.side, from) else {
            return;
        };
        board.move_ball(held, ball);
        for to2 in self.pass_targets(mid) {
            if let Ok(info2) = check_pass(&board, self.side, mid, to2, open, !info.chip) {
                self.endings_for(t.then(Link::Pass, to2), info2.target);
            }
        }
    }

    /// The follow-ups after a pick-up or tackle that leaves the piece on
    /// `at`: keep the ball, dribble, or pass once. The passes are checked
    /// on the board after the first leg; when that leg is illegal, so is
    /// every turn that starts with it.
    fn follow_ups(&mut self, t: Turn, at: Square) {
        let Ok(done) = rules::execute(self.board, self.side, self.goal_wins, &t.facing(Facing::N))
        else {
            return;
        };
        let after = done.board;
        self.with_facings(t);
        for to in Direction::ALL.into_iter().filter_map(|d| at.step(d)) {
            if after.piece(to).is_none() && !after.loose_at(to) {
                self.with_facings(t.then(Link::Go, Spot::Square(to)));
            }
        }
        let from = Spot::Square(at);
        for to in self.pass_targets(from) {
            if let Ok(info) = check_pass(&after, self.side, from, to, Open::Any, true) {
                self.endings_for(t.then(Link::Pass, to), info.target);
            }
        }
    }
}
