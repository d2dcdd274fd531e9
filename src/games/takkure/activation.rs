//! An activation's declarations (rulebook 1.02-1.13, RULINGS Takkure 5-6):
//! the first action, the defence, the movement execution, the second action,
//! the moves chosen after the rolls, the token removal; and the time
//! dashboard and possession between activations.

use super::error::{refuse, InputError};
use super::game::{Activation, Ball, Game, Step, TryResult};
use super::input::{Action, Second};
use super::player::PlayerId;
use super::side::Side;
use super::squad::Role;
use super::square::Square;

impl Game {
    /// The active player.
    pub fn active(&self) -> Option<PlayerId> {
        self.activation.as_ref().map(|a| PlayerId {
            side: self.attack,
            slot: a.slot,
        })
    }

    /// The defenders who declared a TACKLE, in declaration order.
    pub fn tacklers(&self) -> Vec<PlayerId> {
        self.declared(|a| matches!(a, Action::Tackle(_)))
    }

    pub(super) fn declared(&self, which: impl Fn(&Action) -> bool) -> Vec<PlayerId> {
        let side = self.attack.other();
        self.activation
            .iter()
            .flat_map(|a| a.declared.iter())
            .filter(|(_, action)| which(action))
            .map(|&(slot, _)| PlayerId { side, slot })
            .filter(|&id| self.player(id).on_field())
            .collect()
    }

    /// Whether a tackler ends in contact with the carrier's executed path
    /// (the active carrier) or with the carrier (RULINGS Takkure 6).
    pub fn in_contact(&self, tackler: PlayerId) -> bool {
        let (Some(at), Some(carrier), Some(act)) = (
            self.player(tackler).square,
            self.carrier(),
            self.activation.as_ref(),
        ) else {
            return false;
        };
        if Some(carrier) == self.active() {
            act.executed.iter().any(|sq| sq.distance(at) <= 1)
        } else {
            self.player(carrier)
                .square
                .is_some_and(|sq| sq.distance(at) <= 1)
        }
    }

    /// The tacklers in contact, in declaration order.
    pub fn tacklers_in_contact(&self) -> Vec<PlayerId> {
        self.tacklers()
            .into_iter()
            .filter(|&t| self.in_contact(t))
            .collect()
    }

    /// The marked path of a first-action MOVE: straight to `via`, then
    /// straight to `to`.
    pub(super) fn marked_path(
        &self,
        id: PlayerId,
        to: Square,
        via: Option<Square>,
    ) -> Result<Vec<Square>, InputError> {
        let name = self.role(id).title();
        let Some(start) = self.player(id).square else {
            refuse!("the {name} is not on the field");
        };
        if to == start {
            refuse!("the {name} is already on {to}: mark another square");
        }
        let mut path = match via {
            None => start.line_to(to),
            Some(via) => {
                if via == start || via == to {
                    refuse!("the turn square must differ from where the move starts and ends");
                }
                if start.line_to(to).contains(&via) {
                    refuse!("{via} is on the straight line to {to}: leave out `via`");
                }
                let mut path = start.line_to(via);
                path.extend(via.line_to(to).into_iter().skip(1));
                path
            }
        };
        let mov = self.stats(id).mov_attack;
        if path.len() as i32 - 1 > mov {
            refuse!(
                "the {name} moves at most {mov} squares (attack MOV): mark a square it reaches \
                 (this path is {} long)",
                path.len() - 1
            );
        }
        path.dedup();
        Ok(path)
    }

    /// A pass's receiver, if the rules allow it.
    pub(super) fn check_receiver(
        &self,
        passer: PlayerId,
        from: Square,
        to: Role,
        from_ground: bool,
    ) -> Result<PlayerId, InputError> {
        let receiver = self.id_of(passer.side, to)?;
        let name = to.title();
        if receiver == passer {
            refuse!("the {name} can't pass to itself");
        }
        let Some(at) = self.player(receiver).square else {
            refuse!("the {name} is not on the field");
        };
        if self.player(receiver).ground {
            refuse!("the {name} is on the ground: it can't receive a pass");
        }
        if passer.side.ahead(at, from) {
            refuse!(
                "a pass can't go forward: the {name} is nearer the opponent's in-goal than the \
                 passer"
            );
        }
        if from_ground && from.distance(at) > 8 {
            refuse!(
                "a pass from the ground reaches at most 8 squares: the {name} is {} away",
                from.distance(at)
            );
        }
        Ok(receiver)
    }

    pub(super) fn check_first(&self, role: Role, action: &Action) -> Result<(), InputError> {
        let id = self.id_of(self.attack, role)?;
        let name = role.title();
        let player = self.player(id);
        let Some(at) = player.square else {
            refuse!("the {name} is not on the field");
        };
        let carries = self.carrier() == Some(id);
        match action {
            Action::Move { to, via } => {
                if player.ground {
                    if carries {
                        refuse!("the {name} is on the ground with the ball: it can only pass from the ground");
                    }
                    refuse!("the {name} is on the ground: it can only stand up");
                }
                if self.ball == Ball::Loose(*to) {
                    // The move would push the ball away (step 3): what a
                    // coach marking the ball means is to pick it up.
                    let beside = to
                        .neighbours()
                        .filter(|&n| !self.filled(n) && self.marked_path(id, n, None).is_ok())
                        .min_by_key(|&n| {
                            let (dc, dr) = (n.col() - at.col(), n.row() - at.row());
                            (n.distance(at), dc * dc + dr * dr, n)
                        })
                        .map_or(String::new(), |n| format!(" (`{} move {n}`)", role.name()));
                    refuse!(
                        "the ball lies loose on {to}, and a move onto it would push it away: \
                         mark a square beside it{beside}, then pick it up with `pickup` as the \
                         second action"
                    );
                }
                self.marked_path(id, *to, *via).map(|_| ())
            }
            Action::Stand => {
                if !player.ground {
                    refuse!("the {name} is not on the ground");
                }
                if carries {
                    refuse!(
                        "the {name} holds the ball: once tackled you cannot get up with the ball; \
                         it may pass from the ground"
                    );
                }
                Ok(())
            }
            Action::Pass { to } => {
                if !carries {
                    refuse!("only the ball carrier passes");
                }
                if !player.ground {
                    refuse!(
                        "the {name} is standing: it passes as its second action (`pass {to}`); \
                         a first-action pass is made from the ground"
                    );
                }
                self.check_receiver(id, at, *to, true).map(|_| ())
            }
            Action::Hold => Ok(()),
            Action::Tackle(_) | Action::Pressure(_) | Action::Steal(_) | Action::Rest => refuse!(
                "{} is a defensive action: an activation starts with move, stand, pass (from the \
                 ground) or hold",
                action.to_string().split(' ').next().unwrap_or("that")
            ),
        }
    }

    /// Step 1: spends an activation token (a third one brings fatigue) and
    /// declares the first action.
    pub(super) fn first(&mut self, role: Role, action: &Action, log: &mut Vec<String>) {
        let id = PlayerId {
            side: self.attack,
            slot: role.slot() as u8,
        };
        self.tokens = self.tokens.saturating_sub(1);
        let player = self.player_mut(id);
        player.activations += 1;
        let third = player.activations == 3;
        log.push(format!(
            "{} activates the {} ({} token(s) left): {action}",
            self.attack,
            role.title(),
            self.tokens
        ));
        let Some(start) = self.player(id).square else {
            return;
        };
        let marked = match action {
            Action::Move { to, via } => self.marked_path(id, *to, *via).unwrap_or(vec![start]),
            _ => vec![start],
        };
        if *action == Action::Stand {
            self.player_mut(id).ground = false;
            log.push(format!("the {} stands up", self.name(id)));
        }
        self.activation = Some(Activation {
            slot: id.slot,
            first: action.clone(),
            marked,
            executed: Vec::new(),
            declared: Vec::new(),
            second: None,
            dodge: 0,
            receiver: None,
            tried: None,
        });
        if third {
            self.tire(id, log);
            if !self.player(id).on_field() {
                self.finish(log);
                return;
            }
        }
        self.next_declaration(log);
    }

    /// The defence declares while some defender on the field has not.
    fn next_declaration(&mut self, log: &mut Vec<String>) {
        let defence = self.attack.other();
        let declared: Vec<u8> = self
            .activation
            .iter()
            .flat_map(|a| a.declared.iter().map(|&(slot, _)| slot))
            .collect();
        let pending =
            Game::ids(defence).any(|id| self.player(id).on_field() && !declared.contains(&id.slot));
        if pending {
            self.step = Step::Defence;
        } else {
            self.defence_done(log);
        }
    }

    pub(super) fn check_defence(&self, role: Role, action: &Action) -> Result<(), InputError> {
        let id = self.id_of(self.attack.other(), role)?;
        let name = role.title();
        let player = self.player(id);
        if !player.on_field() {
            refuse!("the {name} is not on the field");
        }
        let Some(act) = self.activation.as_ref() else {
            refuse!("no activation is under way");
        };
        if act.declared.iter().any(|&(slot, _)| slot == id.slot) {
            refuse!("the {name} has already declared its action");
        }
        if player.ground && *action != Action::Stand {
            refuse!("the {name} is on the ground: it can only stand up");
        }
        match action {
            Action::Stand => {
                if !player.ground {
                    refuse!("the {name} is not on the ground");
                }
            }
            Action::Rest => {
                if player.fatigue == 0 {
                    refuse!("the {name} has no fatigue token to rest");
                }
            }
            Action::Tackle(point) => {
                let Some(carrier) = self.carrier().filter(|c| c.side == self.attack) else {
                    refuse!("there is no ball carrier to tackle: only the carrier can be tackled");
                };
                if Some(carrier) == self.active() {
                    if !act.marked.contains(point) {
                        refuse!(
                            "{point} is not on the {}'s marked path ({}): tackle a square of it",
                            self.role(carrier).title(),
                            act.marked
                                .iter()
                                .map(Square::to_string)
                                .collect::<Vec<_>>()
                                .join(" ")
                        );
                    }
                } else if self.player(carrier).square != Some(*point) {
                    refuse!(
                        "the {} carries the ball but is not the active player: tackle it on its square{}",
                        self.role(carrier).title(),
                        self.player(carrier)
                            .square
                            .map_or(String::new(), |s| format!(", {s}"))
                    );
                }
            }
            Action::Pressure(to) | Action::Steal(to) => {
                let steps = self.defensive_reach(id);
                if !self.reach(id, steps).iter().any(|&(sq, _)| sq == *to) {
                    refuse!(
                        "the {name} can't reach {to}: its defensive move is {steps} squares around the other players"
                    );
                }
            }
            Action::Move { .. } | Action::Pass { .. } | Action::Hold => refuse!(
                "the defence doesn't move, pass or hold: it may tackle, pressure, steal, rest, \
                 stand up or do nothing (`done`)"
            ),
        }
        Ok(())
    }

    /// Where a tackler ends its defensive move: as close to its point as its
    /// defensive MOV allows; among equally close squares, first one in
    /// contact with the path the carrier will execute (the marked path) or,
    /// against a carrier who is not the active player, with the carrier;
    /// then the one nearest the point in a straight line; then the first in
    /// reading order (RULINGS Takkure 6).
    pub fn tackle_square(&self, id: PlayerId, point: Square) -> Option<Square> {
        let touched: Vec<Square> = match (self.carrier(), self.activation.as_ref()) {
            (Some(c), Some(act)) if Some(c) == self.active() => act.marked.clone(),
            (Some(c), _) => self.player(c).square.into_iter().collect(),
            (None, _) => Vec::new(),
        };
        self.reach(id, self.defensive_reach(id))
            .into_iter()
            .map(|(sq, _)| sq)
            .min_by_key(|&sq| {
                let apart = !touched.iter().any(|t| t.distance(sq) <= 1);
                let (dc, dr) = (sq.col() - point.col(), sq.row() - point.row());
                (sq.distance(point), apart, dc * dc + dr * dr, sq)
            })
    }

    /// Step 2, one defender: its declaration and defensive move.
    pub(super) fn declare(&mut self, role: Role, action: &Action, log: &mut Vec<String>) {
        let id = PlayerId {
            side: self.attack.other(),
            slot: role.slot() as u8,
        };
        let name = self.name(id);
        match action {
            Action::Stand => {
                self.player_mut(id).ground = false;
                log.push(format!("the {name} stands up"));
            }
            Action::Rest => {
                self.player_mut(id).rest();
                log.push(format!(
                    "the {name} rests ({} fatigue token(s), {} active)",
                    self.player(id).fatigue,
                    self.player(id).active_fatigue()
                ));
            }
            Action::Tackle(point) => {
                let to = self.tackle_square(id, *point);
                self.player_mut(id).square = to;
                log.push(format!(
                    "the {name} goes for a tackle at {point}, moving to {}",
                    to.map_or("nowhere".into(), |s| s.to_string())
                ));
            }
            Action::Pressure(to) => {
                self.player_mut(id).square = Some(*to);
                log.push(format!("the {name} pressures from {to}"));
            }
            Action::Steal(to) => {
                self.player_mut(id).square = Some(*to);
                log.push(format!("the {name} goes for the ball, moving to {to}"));
            }
            _ => {}
        }
        if let Some(act) = self.activation.as_mut() {
            act.declared.push((id.slot, action.clone()));
        }
        self.next_declaration(log);
    }

    /// The defence is done: step 3, the marked move is executed, ignoring
    /// the other players, who are then pushed to the nearest free squares.
    pub(super) fn defence_done(&mut self, log: &mut Vec<String>) {
        let Some(id) = self.active() else {
            return;
        };
        let Some(act) = self.activation.as_mut() else {
            return;
        };
        act.executed = act.marked.clone();
        let end = act.marked.last().copied();
        let first = act.first.clone();
        if let (Action::Move { .. }, Some(end)) = (&first, end) {
            let pushed = self.occupant(end).filter(|&o| o != id);
            let ball_there = self.ball == Ball::Loose(end);
            self.player_mut(id).square = Some(end);
            log.push(format!("the {} moves to {end}", self.name(id)));
            if let Some(other) = pushed {
                self.player_mut(other).square = None;
                let to = self.nearest_free(end.col(), end.row());
                self.player_mut(other).square = to;
                log.push(format!(
                    "the {} is pushed to {}",
                    self.name(other),
                    to.map_or("nowhere".into(), |s| s.to_string())
                ));
            }
            if ball_there {
                if let Some(to) = self.nearest_free(end.col(), end.row()) {
                    self.ball = Ball::Loose(to);
                    log.push(format!("the loose ball is pushed to {to}"));
                }
            }
        }
        if matches!(first, Action::Pass { .. }) {
            // A pass from the ground leaves no second action.
            self.resolve(log);
            self.after_rolls(log);
        } else {
            self.step = Step::Second;
        }
    }

    pub(super) fn check_second(&self, second: &Second) -> Result<(), InputError> {
        let (Some(id), Some(act)) = (self.active(), self.activation.as_ref()) else {
            refuse!("no activation is under way");
        };
        let name = self.role(id).title();
        let player = self.player(id);
        let Some(at) = player.square else {
            refuse!("the {name} is not on the field");
        };
        let carries = self.carrier() == Some(id);
        if *second == Second::None {
            return Ok(());
        }
        if player.ground {
            refuse!("the {name} is on the ground: its only second action is `none`");
        }
        match second {
            Second::None => Ok(()),
            Second::Move(to) => {
                if matches!(act.first, Action::Move { .. }) && player.one_move_only() {
                    refuse!(
                        "the {name} has two active fatigue tokens: only one MOV action per activation"
                    );
                }
                if *to == at {
                    refuse!("the {name} is already on {to}: write `none` to stay");
                }
                let mov = self.stats(id).mov_attack;
                if !self.reach(id, mov).iter().any(|&(sq, _)| sq == *to) {
                    refuse!(
                        "the {name} can't reach {to}: it moves {mov} squares (attack MOV) around the other players"
                    );
                }
                Ok(())
            }
            Second::Pass { to, from } => {
                if !carries {
                    refuse!("only the ball carrier passes");
                }
                let from_sq = match from {
                    None => at,
                    Some(sq) if *sq == at => {
                        refuse!("{sq} is where the {name} stopped: write just `pass {to}`")
                    }
                    Some(sq) if !act.executed.contains(sq) => refuse!(
                        "{sq} is not on the path the {name} moved along: pass from a square of it"
                    ),
                    Some(sq) => *sq,
                };
                self.check_receiver(id, from_sq, *to, false).map(|_| ())
            }
            Second::PickUp => {
                if carries {
                    refuse!("the {name} already holds the ball");
                }
                let near = |sq: Square| sq.distance(at) <= 1;
                // RULINGS Takkure 13: a teammate holding the ball, standing
                // or on the ground, hands it off.
                let ok = match self.ball {
                    Ball::Loose(sq) => near(sq),
                    Ball::Held(c) => {
                        c.side == self.attack && self.player(c).square.is_some_and(near)
                    }
                    Ball::Out => false,
                };
                if !ok {
                    refuse!(
                        "the {name} must be in contact with the loose ball, or with the teammate \
                         holding it, to pick it up"
                    );
                }
                Ok(())
            }
            Second::Dodge(order) | Second::Break(order) => {
                let verb = if matches!(second, Second::Dodge(_)) {
                    "dodge"
                } else {
                    "break"
                };
                if !carries {
                    refuse!(
                        "only the ball carrier can {verb}: the tackles are against the carrier"
                    );
                }
                if self.tacklers().is_empty() {
                    refuse!(
                        "nobody declared a tackle against the {name}: there is nothing to {verb}"
                    );
                }
                if order.is_empty() {
                    return Ok(());
                }
                let contact: Vec<Role> = self
                    .tacklers_in_contact()
                    .into_iter()
                    .map(|t| self.role(t))
                    .collect();
                let mut sorted = order.clone();
                sorted.sort_by_key(|r| r.slot());
                let mut expected = contact.clone();
                expected.sort_by_key(|r| r.slot());
                if sorted != expected
                    || order
                        .iter()
                        .any(|r| r.squad() != self.squad(self.attack.other()))
                {
                    refuse!(
                        "name every tackler in contact ({}) once, in the order to face them, or \
                         none for the order they declared in",
                        contact
                            .iter()
                            .map(|r| r.name())
                            .collect::<Vec<_>>()
                            .join(", ")
                    );
                }
                if *order == contact {
                    refuse!("that is the order the tackles were declared in: write just `{verb}`");
                }
                Ok(())
            }
            Second::Try => {
                if !carries {
                    refuse!("only the ball carrier can try");
                }
                if !self.attack.scores_in(at) {
                    let rows = if self.attack == Side::Home {
                        "27-28"
                    } else {
                        "1-2"
                    };
                    refuse!("the {name} must be in the opponent's in-goal (rows {rows}) to try");
                }
                Ok(())
            }
        }
    }

    /// Step 4, then the rolls of step 5.
    pub(super) fn second(&mut self, second: &Second, log: &mut Vec<String>) {
        let Some(id) = self.active() else {
            return;
        };
        if let Some(act) = self.activation.as_mut() {
            act.second = Some(second.clone());
        }
        if let Second::Move(to) = second {
            self.player_mut(id).square = Some(*to);
            log.push(format!("the {} moves on to {to}", self.name(id)));
        }
        self.resolve(log);
        self.after_rolls(log);
    }

    /// After the rolls: the choices they opened, or the end of the
    /// activation.
    fn after_rolls(&mut self, log: &mut Vec<String>) {
        let Some(id) = self.active() else {
            return;
        };
        let Some(act) = self.activation.as_ref() else {
            return;
        };
        let standing = |g: &Game, id: PlayerId| g.player(id).on_field() && !g.player(id).ground;
        if act.dodge > 0 && standing(self, id) {
            self.step = Step::DodgeTo;
        } else if let Some(slot) = act.receiver.filter(|&slot| {
            standing(
                self,
                PlayerId {
                    side: self.attack,
                    slot,
                },
            )
        }) {
            let _ = slot;
            self.step = Step::ReceiverTo;
        } else {
            self.finish(log);
        }
    }

    /// The player moving now, and how far, in the steps after the rolls.
    fn mover(&self) -> Option<(PlayerId, i32)> {
        let act = self.activation.as_ref()?;
        match self.step {
            Step::DodgeTo => Some((self.active()?, i32::from(act.dodge))),
            Step::ReceiverTo => Some((
                PlayerId {
                    side: self.attack,
                    slot: act.receiver?,
                },
                2,
            )),
            _ => None,
        }
    }

    pub(super) fn check_to(&self, to: Square) -> Result<(), InputError> {
        let Some((id, steps)) = self.mover() else {
            refuse!("nobody is to move now");
        };
        if !self.reach(id, steps).iter().any(|&(sq, _)| sq == to) {
            refuse!(
                "the {} can't reach {to}: it moves {steps} squares around the other players \
                 (name its own square to stay)",
                self.role(id).title()
            );
        }
        Ok(())
    }

    pub(super) fn move_to(&mut self, to: Square, log: &mut Vec<String>) {
        if let Some((id, _)) = self.mover() {
            self.player_mut(id).square = Some(to);
            log.push(format!("the {} moves to {to}", self.name(id)));
        }
        self.finish(log);
    }

    /// Step 6: tokens removed; attackers not activated in this cycle stand
    /// up; then a try's kick-off, a change of possession, or the next
    /// activation.
    pub(super) fn finish(&mut self, log: &mut Vec<String>) {
        let tried = self.activation.take().and_then(|a| a.tried);
        match tried {
            Some(TryResult::Scored) => {
                let score = &mut self.score[self.attack.index()];
                *score = score.saturating_add(1);
                log.push(format!(
                    "TRY! {} scores: home {} - away {}",
                    self.attack, self.score[0], self.score[1]
                ));
                self.ball = Ball::Out;
                self.step = Step::Choose {
                    chooser: self.attack.other(),
                };
                return;
            }
            Some(TryResult::Missed) => {
                log.push(format!(
                    "the try is missed: a kick-off follows, {} decides who kicks",
                    self.attack.other()
                ));
                self.ball = Ball::Out;
                self.step = Step::Choose {
                    chooser: self.attack.other(),
                };
                return;
            }
            None => {}
        }
        for id in Game::ids(self.attack) {
            let p = self.player(id);
            if p.on_field() && p.ground && p.activations == 0 && self.carrier() != Some(id) {
                self.player_mut(id).ground = false;
                log.push(format!(
                    "the {} stands up (not activated this cycle)",
                    self.name(id)
                ));
            }
        }
        match self.carrier() {
            Some(c) if c.side != self.attack => {
                log.push(format!("{} wins the ball: change of possession", c.side));
                self.take_tokens(c.side, false, log);
            }
            _ if self.tokens == 0 => {
                log.push(format!(
                    "{} spent its 4 activations and keeps the ball ({})",
                    self.attack,
                    self.ball_words()
                ));
                self.take_tokens(self.attack, true, log);
            }
            // Its last players on the field injured: the team spends its
            // tokens at once (take_tokens passes on such a team).
            _ if !Game::ids(self.attack).any(|id| self.player(id).on_field()) => {
                self.take_tokens(self.attack, true, log);
            }
            _ => self.step = Step::First,
        }
    }

    /// `side` takes its 4 activation tokens, moving the time dashboard
    /// (6.04); the half ends when a token reaches box 0. A team with nobody
    /// on the field spends its tokens at once.
    pub(super) fn take_tokens(&mut self, side: Side, kept: bool, log: &mut Vec<String>) {
        self.attack = side;
        self.activation = None;
        let mut kept = kept;
        loop {
            if !self.time.take_tokens(side, kept) {
                log.push("time is over".to_string());
                self.end_half(log);
                return;
            }
            for id in Game::ids(side) {
                self.player_mut(id).activations = 0;
            }
            log.push(format!(
                "{side} takes 4 activation tokens; {}",
                self.time.describe()
            ));
            if Game::ids(side).any(|id| self.player(id).on_field()) {
                break;
            }
            log.push(format!("{side} has nobody on the field"));
            kept = true;
        }
        self.tokens = 4;
        self.step = Step::First;
    }

    pub(super) fn check_end_half(&self) -> Result<(), InputError> {
        let attack = self.attack;
        if self.time.clock != 1
            || self.score[attack.index()] >= self.score[attack.other().index()]
            || self.carrier().map(|c| c.side) != Some(attack)
        {
            refuse!(
                "only the team behind on the scoreboard, attacking with the ball on time box 1, \
                 may put the ball out to end the half"
            );
        }
        Ok(())
    }

    /// Half time (each player removes a fatigue token, those out for the
    /// half return, a new referee roll) or the end of the match.
    pub(super) fn end_half(&mut self, log: &mut Vec<String>) {
        self.activation = None;
        self.tokens = 0;
        self.ball = Ball::Out;
        if self.half >= 2 {
            self.step = Step::Over;
            log.push(format!(
                "the match is over: home {} - away {}",
                self.score[0], self.score[1]
            ));
            return;
        }
        self.half = 2;
        self.time = Default::default();
        for side in Side::BOTH {
            for id in Game::ids(side) {
                let p = self.player_mut(id);
                p.recover();
                if p.out == Some(super::player::Absence::Half) {
                    p.out = None;
                }
            }
        }
        let chooser = if self.dice.coin() {
            Side::Home
        } else {
            Side::Away
        };
        log.push(format!(
            "half time: home {} - away {}; {chooser} wins the referee's coin flip",
            self.score[0], self.score[1]
        ));
        self.step = Step::Choose { chooser };
    }
}
