//! The rules of a turn: checking a whole [`Turn`] against a board and
//! producing the board after it, or the rule it breaks.
//!
//! Every rule lives here once; legal turn generation ([`super::movegen`])
//! proposes turns and keeps those this module accepts, so a turn is legal
//! exactly when [`execute`] accepts it. References are to RULINGS.md,
//! Taka 1-16.

use super::board::{Ball, Board, Piece};
use super::error::TurnError;
use super::facing::Facing;
use super::side::Side;
use super::square::{Direction, Spot, Square};
use super::turn::{Leg, Link, Placement, Turn};

/// What a legal turn did.
#[derive(Clone, Copy, Debug)]
pub(super) struct Done {
    pub board: Board,
    /// Whether the mover scored.
    pub goal: bool,
}

/// Whether `sq` is one of the eight goal squares.
pub fn is_goal_square(sq: Square) -> bool {
    Side::White.is_own_goal(sq) || Side::Black.is_own_goal(sq)
}

/// How far a piece without the ball may move in `dir`: 3 forward, 2
/// backward, 2 sideways (RULINGS Taka 5).
pub fn reach(side: Side, dir: Direction) -> u8 {
    if side.is_forward(dir) {
        3
    } else {
        2
    }
}

/// Which directions a passer may use.
#[derive(Clone, Copy, Debug)]
pub(super) enum Open {
    /// A carrier on a square: its five open directions (RULINGS Taka 3).
    Facing(Facing),
    /// A follow-up pass after a pick-up or tackle: the facing is chosen
    /// first, so every direction is open to some choice (see [`Turn`]).
    Any,
    /// The goalie in its circle: the two diagonals away from its goal
    /// (RULINGS Taka 4).
    Circle,
}

/// Where a pass ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Target {
    /// On a teammate without a ball, who holds it.
    Teammate(Square),
    /// On the own goalie in its circle.
    Circle,
    /// On an empty square, as a loose ball (or for a runner).
    Empty(Square),
    /// In the opponent's goal.
    Goal(Square),
}

/// A pass that the rules allow, and what it is.
#[derive(Clone, Copy, Debug)]
pub(super) struct PassInfo {
    pub target: Target,
    /// The direction the ball travels.
    pub dir: Direction,
    /// Whether it flies over a piece (RULINGS Taka 7).
    pub chip: bool,
    /// Whether it goes from the passer's own shooting zone into the
    /// opponent's (RULINGS Taka 11).
    pub cross_zone: bool,
}

/// Whether a teammate receiving on `receiver_row` from a passer on
/// `passer_row` is offside: strictly nearer the opponent's goal line than
/// both the passer and the second-to-last opponent, goalie included and a
/// goalie in its circle counted on its circle row (RULINGS Taka 13, 4).
pub fn is_offside(board: &Board, side: Side, passer_row: u8, receiver_row: u8) -> bool {
    let receiver = side.progress(receiver_row);
    if receiver <= side.progress(passer_row) {
        return false;
    }
    // The two opponents deepest towards their own goal, seen from `side`.
    let mut deepest = [0u8; 2];
    for row in board.piece_rows(side.other()) {
        let p = side.progress(row);
        if p > deepest[0] {
            deepest = [p, deepest[0]];
        } else if p > deepest[1] {
            deepest[1] = p;
        }
    }
    receiver > deepest[1]
}

/// The squares a pass crosses (not its ends), as a start and a count.
fn pass_path(
    side: Side,
    from: Spot,
    to: Spot,
) -> Result<(Direction, Option<Square>, u8), TurnError> {
    match (from, to) {
        (Spot::Square(f), Spot::Square(t)) => {
            let (dir, dist) = f.line_to(t).ok_or(TurnError::NotALine { from, to })?;
            Ok((dir, f.step(dir), dist - 1))
        }
        (Spot::Square(f), Spot::Circle) => {
            for (s, d) in side.circle_diagonals() {
                if f == s {
                    return Ok((d, None, 0));
                }
                if let Some((dir, k)) = f.line_to(s) {
                    if dir == d {
                        return Ok((d, f.step(d), k));
                    }
                }
            }
            Err(TurnError::NotOnCircleDiagonal(f))
        }
        (Spot::Circle, Spot::Square(t)) => {
            for (s, d) in side.circle_diagonals() {
                let away = d.reverse();
                if t == s {
                    return Ok((away, None, 0));
                }
                if let Some((dir, k)) = s.line_to(t) {
                    if dir == away {
                        return Ok((away, Some(s), k));
                    }
                }
            }
            Err(TurnError::CircleDiagonalsOnly)
        }
        (Spot::Circle, Spot::Circle) => Err(TurnError::NotALine { from, to }),
    }
}

/// Checks a pass by `side` from the ball holder at `from` to `to`
/// (RULINGS Taka 3, 4, 7, 8, 11, 13).
pub(super) fn check_pass(
    board: &Board,
    side: Side,
    from: Spot,
    to: Spot,
    open: Open,
    chip_allowed: bool,
) -> Result<PassInfo, TurnError> {
    let (dir, first, count) = pass_path(side, from, to)?;
    if let Open::Facing(facing) = open {
        if !facing.is_open(dir) {
            return Err(TurnError::PassBehind { facing, dir });
        }
    }
    let passer_row = Board::row_of(side, from);
    let mut chip = false;
    let mut over_goalie = false;
    let mut sq = first;
    for i in 0..count {
        let Some(s) = sq else { break };
        if is_goal_square(s) {
            return Err(TurnError::GoalMouth(s));
        }
        if let Some(piece) = board.piece(s) {
            if i == 0 {
                return Err(TurnError::ChipBlocked(s));
            }
            chip = true;
            over_goalie |= piece.goalie;
        }
        sq = s.step(dir);
    }
    if chip {
        if !chip_allowed {
            return Err(TurnError::SecondChip);
        }
        if over_goalie && passer_row == side.goal_row() && from != Spot::Circle {
            return Err(TurnError::ChipOverGoalie);
        }
    }
    let target = match to {
        Spot::Circle => {
            if !board.goalie_in_circle(side) {
                return Err(TurnError::GoalieNotInCircle);
            }
            if board.circle_ball(side) {
                return Err(TurnError::ReceiverHolds(to));
            }
            Target::Circle
        }
        Spot::Square(t) => {
            if side.is_own_goal(t) {
                return Err(TurnError::OwnGoal);
            }
            if side.other().is_own_goal(t) {
                if board.piece(t).is_some() {
                    return Err(TurnError::ShotBlocked(t));
                }
                if !side.in_attacking_zone(passer_row) {
                    return Err(TurnError::ShotOutOfZone(side));
                }
                Target::Goal(t)
            } else {
                match board.piece(t) {
                    Some(p) if p.side != side => return Err(TurnError::PassToOpponent(t)),
                    Some(_) if board.carried(t).is_some() => {
                        return Err(TurnError::ReceiverHolds(to))
                    }
                    Some(_) => Target::Teammate(t),
                    None if board.loose_at(t) => return Err(TurnError::OntoLooseBall(t)),
                    None => Target::Empty(t),
                }
            }
        }
    };
    let receiver_row = match target {
        Target::Teammate(t) => Some(t.row()),
        Target::Circle => Some(side.circle_row()),
        _ => None,
    };
    if let Some(row) = receiver_row {
        if is_offside(board, side, passer_row, row) {
            return Err(TurnError::Offside(to));
        }
    }
    let target_row = to.square().map(|t| t.row());
    let cross_zone =
        side.in_own_zone(passer_row) && target_row.is_some_and(|r| side.in_attacking_zone(r));
    Ok(PassInfo {
        target,
        dir,
        chip,
        cross_zone,
    })
}

/// Checks a whole turn by `mover` on `board`. `goal_wins`: whether a goal
/// now ends the game (no re-placement then).
pub(super) fn execute(
    board: &Board,
    mover: Side,
    goal_wins: bool,
    turn: &Turn,
) -> Result<Done, TurnError> {
    let mut ex = Exec {
        b: *board,
        mover,
        goal_wins,
        turn,
        goal: false,
    };
    match turn.first {
        None => ex.face()?,
        Some(Leg { link: Link::Go, to }) => ex.go(to)?,
        Some(Leg {
            link: Link::Tackle,
            to,
        }) => ex.tackle(to)?,
        Some(Leg {
            link: Link::Pass,
            to,
        }) => ex.pass(to)?,
    }
    Ok(Done {
        board: ex.b,
        goal: ex.goal,
    })
}

struct Exec<'a> {
    b: Board,
    mover: Side,
    goal_wins: bool,
    turn: &'a Turn,
    goal: bool,
}

impl Exec<'_> {
    fn own_piece(&self, spot: Spot) -> Result<Piece, TurnError> {
        match spot {
            Spot::Square(sq) => match self.b.piece(sq) {
                Some(p) if p.side == self.mover => Ok(p),
                _ => Err(TurnError::NoPiece {
                    side: self.mover,
                    at: sq,
                }),
            },
            Spot::Circle if self.b.goalie_in_circle(self.mover) => Ok(Piece {
                side: self.mover,
                goalie: true,
            }),
            Spot::Circle => Err(TurnError::GoalieNotInCircle),
        }
    }

    fn no_second(&self, after: &'static str) -> Result<(), TurnError> {
        match self.turn.second {
            Some(_) => Err(TurnError::NothingMayFollow(after)),
            None => Ok(()),
        }
    }

    fn no_runner(&self) -> Result<(), TurnError> {
        match self.turn.runner {
            Some(r) => Err(TurnError::RunnerNotHere(r)),
            None => Ok(()),
        }
    }

    fn no_placement(&self) -> Result<(), TurnError> {
        match self.turn.placement {
            Some(_) => Err(TurnError::NoGoalToReplace),
            None => Ok(()),
        }
    }

    fn no_facing(&self, why: &'static str) -> Result<(), TurnError> {
        match self.turn.facing {
            Some(_) => Err(TurnError::NoFacingToChoose(why)),
            None => Ok(()),
        }
    }

    fn need_facing(&self, holder: Spot) -> Result<Facing, TurnError> {
        self.turn.facing.ok_or(TurnError::NeedFacing(holder))
    }

    /// Only the final facing may remain to be read.
    fn only_facing(&self, after: &'static str) -> Result<(), TurnError> {
        self.no_second(after)?;
        self.no_runner()?;
        self.no_placement()
    }

    /// A turn: the carrier changes its facing (RULINGS Taka 3; text 5).
    fn face(&mut self) -> Result<(), TurnError> {
        let Spot::Square(at) = self.turn.from else {
            return Err(TurnError::CircleNoTurning);
        };
        self.own_piece(self.turn.from)?;
        let old = self
            .b
            .carried(at)
            .ok_or(TurnError::NoBall(Spot::Square(at)))?;
        self.only_facing("a turn")?;
        let facing = self.need_facing(self.turn.from)?;
        if facing == old {
            return Err(TurnError::SameFacing { at, facing });
        }
        self.b
            .move_ball(Ball::Held(at, old), Ball::Held(at, facing));
        Ok(())
    }

    /// Checks that `piece` may step onto `to` (a dribble, a runner, an
    /// activation): no piece there, no loose ball, no goal square for a
    /// field piece (RULINGS Taka 5, 6).
    fn may_enter(&self, piece: Piece, to: Square) -> Result<(), TurnError> {
        if self.b.piece(to).is_some() {
            return Err(TurnError::Occupied(to));
        }
        if self.b.loose_at(to) {
            return Err(TurnError::LooseBallThere(to));
        }
        if !piece.goalie && is_goal_square(to) {
            return Err(TurnError::GoalSquare(to));
        }
        Ok(())
    }

    fn go(&mut self, to: Spot) -> Result<(), TurnError> {
        let from = self.turn.from;
        let piece = self.own_piece(from)?;
        match (from, to) {
            (Spot::Circle, Spot::Circle) => Err(TurnError::NotALine { from, to }),
            (Spot::Circle, Spot::Square(t)) => self.activate(piece, t),
            (Spot::Square(f), _) if self.b.carried(f).is_some() => {
                let Spot::Square(t) = to else {
                    return Err(TurnError::CircleWithBall);
                };
                self.no_second("a dribble")?;
                self.dribble(piece, f, t)
            }
            (Spot::Square(f), Spot::Circle) => {
                if !piece.goalie {
                    return Err(TurnError::CircleOnlyGoalie);
                }
                if !self.mover.circle_neighbours().contains(&f) {
                    return Err(TurnError::NotNextToCircle(f));
                }
                self.only_facing("a return to the circle")?;
                self.no_facing("the goalie returns without a ball")?;
                self.b.set_piece(f, None);
                self.b.set_in_circle(self.mover, true);
                Ok(())
            }
            (Spot::Square(f), Spot::Square(t)) => self.move_piece(piece, f, t),
        }
    }

    /// Goalie activation: a jump from the circle to an empty square of the
    /// 3x4 area in front of its goal; the whole turn (RULINGS Taka 14).
    fn activate(&mut self, piece: Piece, to: Square) -> Result<(), TurnError> {
        if !self.mover.in_activation_area(to) {
            return Err(TurnError::OutsideActivationArea(to));
        }
        self.may_enter(piece, to)?;
        self.only_facing("an activation")?;
        if self.b.circle_ball(self.mover) {
            let facing = self.need_facing(Spot::Square(to))?;
            self.b
                .move_ball(Ball::InCircle(self.mover), Ball::Held(to, facing));
        } else {
            self.no_facing("the goalie has no ball")?;
        }
        self.b.set_in_circle(self.mover, false);
        self.b.set_piece(to, Some(piece));
        Ok(())
    }

    /// A dribble: one square in any direction with the ball, then the
    /// facing (RULINGS Taka 5, 6).
    fn dribble(&mut self, piece: Piece, from: Square, to: Square) -> Result<(), TurnError> {
        if !from.is_next_to(to) {
            return Err(TurnError::DribbleOneSquare { from, to });
        }
        self.may_enter(piece, to)?;
        self.no_runner()?;
        self.no_placement()?;
        let facing = self.need_facing(Spot::Square(to))?;
        let old = self
            .b
            .carried(from)
            .ok_or(TurnError::NoBall(Spot::Square(from)))?;
        self.b.set_piece(from, None);
        self.b.set_piece(to, Some(piece));
        self.b
            .move_ball(Ball::Held(from, old), Ball::Held(to, facing));
        Ok(())
    }

    /// A move without the ball: a straight line, 3 forward, 2 backward or
    /// sideways, through empty squares, stopping at a loose ball, which it
    /// picks up (RULINGS Taka 5, 6).
    fn move_piece(&mut self, piece: Piece, from: Square, to: Square) -> Result<(), TurnError> {
        let (dir, dist) = from.line_to(to).ok_or(TurnError::NotALine {
            from: Spot::Square(from),
            to: Spot::Square(to),
        })?;
        let max = reach(self.mover, dir);
        if dist > max {
            return Err(TurnError::TooFar {
                from,
                to,
                max,
                forward: self.mover.is_forward(dir),
            });
        }
        let mut sq = from;
        for _ in 1..dist {
            let Some(next) = sq.step(dir) else { break };
            sq = next;
            if self.b.piece(sq).is_some() {
                return Err(TurnError::PathBlocked(sq));
            }
            if !piece.goalie && is_goal_square(sq) {
                return Err(TurnError::GoalSquare(sq));
            }
            if self.b.loose_at(sq) {
                return Err(TurnError::OverLooseBall(sq));
            }
        }
        if self.b.piece(to).is_some() {
            return Err(TurnError::Occupied(to));
        }
        if !piece.goalie && is_goal_square(to) {
            return Err(TurnError::GoalSquare(to));
        }
        self.b.set_piece(from, None);
        self.b.set_piece(to, Some(piece));
        if self.b.loose_at(to) {
            // The pick-up: the ball is the piece's now; its facing is chosen
            // at the end of the follow-up.
            self.b.move_ball(Ball::Loose(to), Ball::Held(to, Facing::N));
            return self.follow_up(to);
        }
        self.only_facing("a move")?;
        self.no_facing("the piece has no ball")
    }

    /// The follow-up after a pick-up or a tackle: keep the ball (facing
    /// chosen), dribble one square, or make one pass with no runner and no
    /// second pass (RULINGS Taka 5, 12).
    fn follow_up(&mut self, at: Square) -> Result<(), TurnError> {
        let piece = self.own_piece(Spot::Square(at))?;
        match self.turn.second {
            None => {
                self.no_runner()?;
                self.no_placement()?;
                let facing = self.need_facing(Spot::Square(at))?;
                let old = self
                    .b
                    .carried(at)
                    .ok_or(TurnError::NoBall(Spot::Square(at)))?;
                self.b
                    .move_ball(Ball::Held(at, old), Ball::Held(at, facing));
                Ok(())
            }
            Some(Leg {
                link: Link::Go,
                to: Spot::Square(to),
            }) => self.dribble(piece, at, to),
            Some(Leg {
                link: Link::Go,
                to: Spot::Circle,
            }) => Err(TurnError::CircleWithBall),
            Some(Leg {
                link: Link::Tackle, ..
            }) => Err(TurnError::FollowUpTackle),
            Some(Leg {
                link: Link::Pass,
                to,
            }) => {
                let from = Spot::Square(at);
                let info = check_pass(&self.b, self.mover, from, to, Open::Any, true)?;
                if self.turn.runner.is_some() {
                    return Err(TurnError::RunnerNotAfterFollowUp);
                }
                self.land(from, info)
            }
        }
    }

    /// A tackle: from a neighbouring square on one of the carrier's open
    /// directions, by a piece without a ball; the two swap and the tackler
    /// takes the ball, then the follow-up (RULINGS Taka 6, 12).
    fn tackle(&mut self, at: Spot) -> Result<(), TurnError> {
        let Spot::Square(from) = self.turn.from else {
            return Err(TurnError::CircleOnlyActivation);
        };
        let tackler = self.own_piece(self.turn.from)?;
        if self.b.carried(from).is_some() {
            return Err(TurnError::TacklerHolds(from));
        }
        let Spot::Square(at) = at else {
            return Err(TurnError::NoCarrier(at));
        };
        let carrier = match self.b.piece(at) {
            Some(p) if p.side != self.mover => p,
            _ => return Err(TurnError::NoCarrier(Spot::Square(at))),
        };
        let facing = self
            .b
            .carried(at)
            .ok_or(TurnError::NoCarrier(Spot::Square(at)))?;
        let Some((dir, 1)) = at.line_to(from) else {
            return Err(TurnError::TackleNotAdjacent { from, at });
        };
        if !facing.is_open(dir) {
            return Err(TurnError::TackleProtected { at, facing, from });
        }
        if (!tackler.goalie && is_goal_square(at)) || (!carrier.goalie && is_goal_square(from)) {
            return Err(TurnError::TackleOntoGoal);
        }
        self.b.set_piece(from, Some(carrier));
        self.b.set_piece(at, Some(tackler));
        self.follow_up(at)
    }

    /// A pass as the turn's action, possibly followed by a second pass
    /// (RULINGS Taka 7-11).
    fn pass(&mut self, to: Spot) -> Result<(), TurnError> {
        let from = self.turn.from;
        self.own_piece(from)?;
        let open = match from {
            Spot::Square(sq) => Open::Facing(self.b.carried(sq).ok_or(TurnError::NoBall(from))?),
            Spot::Circle if self.b.circle_ball(self.mover) => Open::Circle,
            Spot::Circle => return Err(TurnError::CircleNoBall),
        };
        let info = check_pass(&self.b, self.mover, from, to, open, true)?;
        let Some(second) = self.turn.second else {
            return self.land(from, info);
        };
        if second.link != Link::Pass {
            return Err(TurnError::OnlyPassAfterPass);
        }
        let mid = match info.target {
            Target::Teammate(t) => Spot::Square(t),
            Target::Circle => Spot::Circle,
            _ => return Err(TurnError::SecondPassNeedsTeammate),
        };
        if info.cross_zone {
            return Err(TurnError::CrossZoneEndsTurn);
        }
        if self.turn.runner.is_some() {
            return Err(TurnError::RunnerNotWithSecondPass);
        }
        // The middle piece faces where the ball came from (RULINGS Taka 9).
        let (mid_open, mid_ball) = match mid {
            Spot::Square(t) => {
                let f = Facing::towards_origin(info.dir);
                (Open::Facing(f), Ball::Held(t, f))
            }
            Spot::Circle => (Open::Circle, Ball::InCircle(self.mover)),
        };
        let ball = self
            .b
            .ball_held_at(self.mover, from)
            .ok_or(TurnError::NoBall(from))?;
        self.b.move_ball(ball, mid_ball);
        let info2 = check_pass(&self.b, self.mover, mid, second.to, mid_open, !info.chip)?;
        self.land(mid, info2)
    }

    /// Where the last pass of the turn ends: the receiver holds it (facing
    /// chosen), a runner takes it, it lies loose, or it is a goal.
    fn land(&mut self, from: Spot, info: PassInfo) -> Result<(), TurnError> {
        let ball = self
            .b
            .ball_held_at(self.mover, from)
            .ok_or(TurnError::NoBall(from))?;
        match info.target {
            Target::Teammate(t) => {
                self.no_runner_for_teammate()?;
                self.no_placement()?;
                let facing = self.need_facing(Spot::Square(t))?;
                self.b.move_ball(ball, Ball::Held(t, facing));
            }
            Target::Circle => {
                self.no_runner_for_teammate()?;
                self.no_placement()?;
                self.no_facing("the goalie holds the ball in its circle without a facing")?;
                self.b.move_ball(ball, Ball::InCircle(self.mover));
            }
            Target::Empty(t) => {
                self.no_placement()?;
                match self.turn.runner {
                    Some(r) => self.runner_receives(from, r, t, info)?,
                    None => {
                        self.no_facing("the ball lies loose")?;
                        self.b.move_ball(ball, Ball::Loose(t));
                    }
                }
            }
            Target::Goal(t) => {
                if let Some(r) = self.turn.runner {
                    return Err(TurnError::RunnerNotHere(r));
                }
                self.no_facing("the ball is in the goal")?;
                self.goal = true;
                self.b.move_ball(ball, Ball::Loose(t));
                match (self.turn.placement, self.goal_wins) {
                    (None, true) => {}
                    (Some(_), true) => return Err(TurnError::WinningGoalNoReplacement),
                    (None, false) => return Err(TurnError::ReplacementNeeded),
                    (Some(p), false) => self.replace(Ball::Loose(t), p)?,
                }
            }
        }
        Ok(())
    }

    fn no_runner_for_teammate(&self) -> Result<(), TurnError> {
        match self.turn.runner {
            Some(r) => Err(TurnError::RunnerNeedsEmptySquare(r)),
            None => Ok(()),
        }
    }

    /// Move-to-receive: after a single ground pass to an empty square that
    /// is not cross-zone, a teammate next to it (not the passer) steps in
    /// and receives; offside is judged where it receives (RULINGS Taka 10,
    /// 13).
    fn runner_receives(
        &mut self,
        from: Spot,
        runner: Square,
        to: Square,
        info: PassInfo,
    ) -> Result<(), TurnError> {
        let single =
            self.turn.second.is_none() && self.turn.first.is_some_and(|l| l.link == Link::Pass);
        if !single {
            return Err(TurnError::RunnerNotAfterFollowUp);
        }
        if info.chip {
            return Err(TurnError::RunnerNotOnChip);
        }
        if info.cross_zone {
            return Err(TurnError::CrossZoneEndsTurn);
        }
        let piece = match self.b.piece(runner) {
            Some(p) if p.side == self.mover => p,
            _ => {
                return Err(TurnError::NoPiece {
                    side: self.mover,
                    at: runner,
                })
            }
        };
        if Spot::Square(runner) == from {
            return Err(TurnError::RunnerIsPasser);
        }
        if !runner.is_next_to(to) {
            return Err(TurnError::RunnerNotNext { runner, to });
        }
        if self.b.carried(runner).is_some() {
            return Err(TurnError::ReceiverHolds(Spot::Square(runner)));
        }
        self.may_enter(piece, to)?;
        if is_offside(
            &self.b,
            self.mover,
            Board::row_of(self.mover, from),
            to.row(),
        ) {
            return Err(TurnError::Offside(Spot::Square(to)));
        }
        let facing = self.need_facing(Spot::Square(to))?;
        let ball = self
            .b
            .ball_held_at(self.mover, from)
            .ok_or(TurnError::NoBall(from))?;
        self.b.set_piece(runner, None);
        self.b.set_piece(to, Some(piece));
        self.b.move_ball(ball, Ball::Held(to, facing));
        Ok(())
    }

    /// The re-placement after a goal in a "first to N" game: on an own
    /// piece without a ball in the own shooting zone (facing chosen), or
    /// loose on an empty square there (RULINGS Taka 15).
    fn replace(&mut self, scored: Ball, p: Placement) -> Result<(), TurnError> {
        if !self.mover.in_own_zone(p.at.row()) {
            return Err(TurnError::PlacementOutsideZone(p.at));
        }
        match self.b.piece(p.at) {
            Some(piece) if piece.side != self.mover => Err(TurnError::PlacementOnOpponent(p.at)),
            Some(_) if self.b.carried(p.at).is_some() => {
                Err(TurnError::ReceiverHolds(Spot::Square(p.at)))
            }
            Some(_) => {
                let facing = p.facing.ok_or(TurnError::NeedFacing(Spot::Square(p.at)))?;
                self.b.move_ball(scored, Ball::Held(p.at, facing));
                Ok(())
            }
            None => {
                if is_goal_square(p.at) {
                    return Err(TurnError::GoalSquare(p.at));
                }
                if self.b.loose_at(p.at) {
                    return Err(TurnError::OntoLooseBall(p.at));
                }
                if p.facing.is_some() {
                    return Err(TurnError::NoFacingToChoose("the ball lies loose"));
                }
                self.b.move_ball(scored, Ball::Loose(p.at));
                Ok(())
            }
        }
    }
}
