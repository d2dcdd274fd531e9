//! Step 5 of an activation: pressure is measured and every roll is made
//! (rulebook 1.13-1.16, 2.01-2.03, 3.05-3.08, 4.04; RULINGS Takkure 4-7),
//! with one log line per roll.

use super::dice::{face_to_face, melee_winner, tied_best, Roll, Target, Verdict};
use super::game::{Ball, Game, TryResult};
use super::input::{Action, Second};
use super::player::PlayerId;
use super::squad::Skill;
use super::square::Square;

/// The distance modifier of a PASS and a BALL RECEPTION (2.01, RULINGS
/// Takkure 7).
pub fn pass_modifier(distance: i32) -> i32 {
    match distance {
        ..=2 => 4,
        3..=4 => 2,
        5..=8 => 0,
        _ => -2,
    }
}

/// The action the active player opposes to the tackles, if any.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Faced {
    Dodge,
    Break,
    Pass,
}

/// Which of a skill's two dice counts, in words (RULINGS Takkure 4: the
/// better die, a critical first, then the highest success, since a higher
/// success wins face to face).
fn kept(dice: &[u8], roll: Roll) -> &'static str {
    let successes = dice
        .iter()
        .filter(|&&die| Roll { die, ..roll }.success())
        .count();
    if roll.critical() {
        "the critical kept"
    } else if successes == 0 {
        "both fail"
    } else if successes == 1 {
        "the success kept"
    } else if dice.iter().all(|&d| d == roll.die) {
        "the same die twice"
    } else {
        "the higher success kept"
    }
}

impl Game {
    /// How many defenders who declared PRESSURE stand within 2 of `id`
    /// (1.06): -1 each to its second action.
    pub fn pressure_on(&self, id: PlayerId) -> i32 {
        self.player(id).square.map_or(0, |at| self.pressure_at(at))
    }

    /// How many defenders who declared PRESSURE stand within 2 of `at`: the
    /// active player's square, or the square a PASS is made from (RULINGS
    /// Takkure 6).
    pub fn pressure_at(&self, at: Square) -> i32 {
        self.declared(|a| matches!(a, Action::Pressure(_)))
            .into_iter()
            .filter(|&d| {
                let p = self.player(d);
                !p.ground && p.square.is_some_and(|sq| sq.distance(at) <= 2)
            })
            .count() as i32
    }

    /// Dice for an action: two when the player's skill covers it (4.05).
    fn roll_for(&mut self, id: PlayerId, skill: Skill) -> Vec<u8> {
        let n = if self.skill(id) == Some(skill) { 2 } else { 1 };
        self.dice(n)
    }

    /// "4 vs REF 8 -1 pressure = 7, success", or with two dice:
    /// "advantage (Counterfoot), two dice [10 4], the success kept: 4 vs
    /// REF 8 -1 pressure = 7, success": every die thrown, why there are two
    /// and which one counts (RULINGS Takkure 4), and the target with its
    /// modifiers.
    fn show(dice: &[u8], roll: Roll, target: &Target, skill: Skill) -> String {
        if dice.len() > 1 {
            let all: Vec<String> = dice.iter().map(u8::to_string).collect();
            format!(
                "advantage ({}), two dice [{}], {}: {}",
                skill.title(),
                all.join(" "),
                kept(dice, roll),
                roll.against(target)
            )
        } else {
            roll.against(target)
        }
    }

    /// A player's characteristic with its fatigue modifier (4.01).
    pub(super) fn characteristic(&self, id: PlayerId, name: &'static str, base: i32) -> Target {
        Target::new(name, base).plus(self.player(id).fatigue_modifier(), "fatigue")
    }

    /// All the rolls of step 5.
    pub(super) fn resolve(&mut self, log: &mut Vec<String>) {
        let Some(act) = self.activation.clone() else {
            return;
        };
        let Some(active) = self.active() else {
            return;
        };
        let second = act.second.clone().unwrap_or(Second::None);
        let pressure = match (&act.first, &second) {
            (Action::Pass { .. }, _) => 0,
            (
                _,
                Second::Pass {
                    from: Some(from), ..
                },
            ) => self.pressure_at(*from),
            _ => self.pressure_on(active),
        };
        if pressure > 0 {
            log.push(format!(
                "the {} is under pressure: -{pressure}",
                self.name(active)
            ));
        }
        // Tackles out of contact fail automatically, with the failure's
        // effects (RULINGS Takkure 6).
        let mut contact = Vec::new();
        for t in self.tacklers() {
            if self.in_contact(t) {
                contact.push(t);
            } else {
                log.push(format!(
                    "the {}'s tackle misses: no contact with the carrier",
                    self.name(t)
                ));
                self.fall(t, log);
                self.stamina(t, log);
            }
        }
        let mut used_stealers: Vec<PlayerId> = Vec::new();
        match &second {
            Second::Dodge(order) | Second::Break(order) => {
                if !order.is_empty() {
                    contact = order
                        .iter()
                        .filter_map(|&r| self.id_of(self.attack.other(), r).ok())
                        .collect();
                }
                let faced = if matches!(second, Second::Dodge(_)) {
                    Faced::Dodge
                } else {
                    Faced::Break
                };
                self.faced_tackles(
                    active,
                    &contact,
                    faced,
                    pressure,
                    None,
                    &mut used_stealers,
                    log,
                );
            }
            Second::Pass { to, from } => {
                let from_sq = from.or(self.player(active).square);
                let receiver = self.id_of(self.attack, *to).ok();
                let (Some(from_sq), Some(receiver)) = (from_sq, receiver) else {
                    return;
                };
                let index = act.executed.iter().position(|&s| s == from_sq);
                let first_contact = act.executed.iter().position(|s| {
                    contact
                        .iter()
                        .any(|&t| self.player(t).square.is_some_and(|q| q.distance(*s) <= 1))
                });
                let unopposed = match (index, first_contact) {
                    (_, None) => true,
                    (Some(i), Some(c)) => i < c,
                    (None, Some(_)) => false,
                };
                if unopposed {
                    self.pass(
                        active,
                        from_sq,
                        receiver,
                        false,
                        pressure,
                        None,
                        &mut used_stealers,
                        log,
                    );
                    self.void_tackles(&contact, active, log);
                } else {
                    self.faced_tackles(
                        active,
                        &contact,
                        Faced::Pass,
                        pressure,
                        Some((from_sq, receiver)),
                        &mut used_stealers,
                        log,
                    );
                }
            }
            Second::Try => self.try_melee(active, &contact, pressure, log),
            _ => {
                // The tackles go for the carrier, active or not (1.12).
                if let Some(carrier) = self.carrier().filter(|c| c.side == self.attack) {
                    self.unopposed_tackles(carrier, &contact, log);
                }
                if let Action::Pass { to } = act.first {
                    // RULINGS Takkure 14: every action declared against the
                    // grounded passer is rolled before the pass; a steal
                    // that takes the ball stops it.
                    self.steals(&mut used_stealers, log);
                    if self.carrier() == Some(active) {
                        if let (Some(at), Ok(receiver)) =
                            (self.player(active).square, self.id_of(self.attack, to))
                        {
                            self.pass(active, at, receiver, true, 0, None, &mut used_stealers, log);
                        }
                    }
                }
                if second == Second::PickUp {
                    self.pick_up(active, pressure, &mut used_stealers, log);
                }
            }
        }
        self.steals(&mut used_stealers, log);
    }

    /// A tackler's roll: STR, with two dice for an Expert Tackler; and how
    /// it reads ("[3 9] 3 vs STR 8, success").
    fn tackle_roll(&mut self, t: PlayerId) -> (Roll, String) {
        let dice = self.roll_for(t, Skill::ExpertTackler);
        let target = self.characteristic(t, "STR", self.stats(t).str);
        let roll = Roll::best(&dice, target.value());
        (roll, Game::show(&dice, roll, &target, Skill::ExpertTackler))
    }

    /// Tackles rolled unopposed, in order; none once they have put the
    /// carrier down (3.07). A carrier already on the ground (a pass from
    /// the ground, a carrier tackled earlier) is still tackled: "their roll
    /// will be unopposed" (3.03).
    fn unopposed_tackles(
        &mut self,
        carrier: PlayerId,
        contact: &[PlayerId],
        log: &mut Vec<String>,
    ) {
        let down_before = self.player(carrier).ground;
        for &t in contact {
            if self.stop_tackling(carrier, t, down_before, log) {
                break;
            }
            let (roll, shown) = self.tackle_roll(t);
            log.push(format!("{} tackles: {shown}", self.name(t)));
            let verdict = if roll.success() {
                Verdict::Success
            } else {
                Verdict::Fail
            };
            self.tackle_effect(t, carrier, verdict, roll.critical(), log);
        }
    }

    /// Tackles on a player who no longer has the ball do nothing: only the
    /// carrier can be tackled (the second rugby rule, 0.01).
    fn void_tackles(&mut self, contact: &[PlayerId], passer: PlayerId, log: &mut Vec<String>) {
        for &t in contact {
            log.push(format!(
                "the {}'s tackle finds no ball: the {} has passed it",
                self.name(t),
                self.name(passer)
            ));
        }
    }

    /// Whether the remaining tackles stop: a tackle has put the carrier
    /// down (3.07; `down_before`: it was on the ground before the rolls),
    /// it is off the field, or it no longer holds the ball.
    fn stop_tackling(
        &self,
        carrier: PlayerId,
        t: PlayerId,
        down_before: bool,
        log: &mut Vec<String>,
    ) -> bool {
        if (self.player(carrier).ground && !down_before) || !self.player(carrier).on_field() {
            log.push(format!(
                "the {} makes no roll: the {} is already down",
                self.name(t),
                self.name(carrier)
            ));
            return true;
        }
        if self.carrier() != Some(carrier) {
            log.push(format!(
                "the {}'s tackle finds no ball: the {} no longer holds it",
                self.name(t),
                self.name(carrier)
            ));
            return true;
        }
        false
    }

    /// A tackle's effects (1.12): success brings both down beside each
    /// other and a stamina roll (a wound on a critical); failure brings the
    /// tackler down with a stamina roll; cancelled, nothing.
    fn tackle_effect(
        &mut self,
        t: PlayerId,
        carrier: PlayerId,
        verdict: Verdict,
        critical: bool,
        log: &mut Vec<String>,
    ) {
        match verdict {
            Verdict::Success => {
                if let (Some(at), Some(c)) = (self.player(t).square, self.player(carrier).square) {
                    if at.distance(c) > 1 {
                        let to = c
                            .neighbours()
                            .filter(|&n| !self.filled(n))
                            .min_by_key(|&n| (n.distance(at), n));
                        if let Some(to) = to {
                            self.player_mut(t).square = Some(to);
                        }
                    }
                }
                log.push(format!(
                    "the {} tackles the {}",
                    self.name(t),
                    self.name(carrier)
                ));
                self.fall(t, log);
                self.fall(carrier, log);
                if critical {
                    self.wound(carrier, log);
                } else {
                    self.stamina(carrier, log);
                }
            }
            Verdict::Fail => {
                self.fall(t, log);
                self.stamina(t, log);
            }
            Verdict::Cancelled => {}
        }
    }

    /// Tackles met by a DODGE, BREAK THROUGH or PASS: the active player's
    /// dice face the tacklers in order, one each (both against a single
    /// tackler); the others roll unopposed (3.07).
    #[allow(clippy::too_many_arguments)]
    fn faced_tackles(
        &mut self,
        active: PlayerId,
        contact: &[PlayerId],
        faced: Faced,
        pressure: i32,
        pass: Option<(Square, PlayerId)>,
        used: &mut Vec<PlayerId>,
        log: &mut Vec<String>,
    ) {
        let (skill, what, base) = match faced {
            Faced::Dodge => (Skill::Counterfoot, "REF", self.stats(active).reflexes),
            Faced::Break => (Skill::Charge, "STR", self.stats(active).str),
            Faced::Pass => (Skill::PrecisePass, "BaC", self.stats(active).bac),
        };
        let mut shown = self.characteristic(active, what, base);
        if let Some((from, receiver)) = pass {
            if let Some(at) = self.player(receiver).square {
                shown = shown.plus(pass_modifier(from.distance(at)), "distance");
            }
        }
        let shown = shown.plus(-pressure, "pressure");
        let target = shown.value();
        if contact.is_empty() {
            // Every tackle missed contact: a dodge is rolled on its own
            // (its move still helps), a break has nobody to hit.
            if faced == Faced::Dodge {
                let dice = self.roll_for(active, skill);
                let roll = Roll::best(&dice, target);
                log.push(format!(
                    "{} dodges: {}",
                    self.name(active),
                    Game::show(&dice, roll, &shown, skill)
                ));
                if roll.success() {
                    if let Some(act) = self.activation.as_mut() {
                        act.dodge = if roll.critical() { 4 } else { 2 };
                    }
                }
            } else if faced == Faced::Break {
                log.push(format!(
                    "the {} has no tackler in contact to break through",
                    self.name(active)
                ));
            }
            return;
        }
        let mut dice = self.roll_for(active, skill);
        let verb = match faced {
            Faced::Dodge => "dodges",
            Faced::Break => "breaks through",
            Faced::Pass => "passes",
        };
        let mut passed = false;
        for (i, &t) in contact.iter().enumerate() {
            if passed {
                log.push(format!(
                    "the {}'s tackle finds no ball: the {} has passed it",
                    self.name(t),
                    self.name(active)
                ));
                continue;
            }
            if self.stop_tackling(active, t, false, log) {
                break;
            }
            let (troll, tshown) = self.tackle_roll(t);
            let mine: Vec<u8> = if contact.len() == 1 {
                std::mem::take(&mut dice)
            } else if i < dice.len() {
                vec![dice[i]]
            } else {
                Vec::new()
            };
            if mine.is_empty() {
                log.push(format!("{} tackles (unopposed): {tshown}", self.name(t)));
                let v = if troll.success() {
                    Verdict::Success
                } else {
                    Verdict::Fail
                };
                self.tackle_effect(t, active, v, troll.critical(), log);
                continue;
            }
            let aroll = Roll::best(&mine, target);
            let (va, vt) = face_to_face(aroll, troll);
            log.push(format!(
                "{} {verb}: {}; {} tackles: {tshown}; {} {}, tackle {}",
                self.name(active),
                Game::show(&mine, aroll, &shown, skill),
                self.name(t),
                verb,
                va.word(),
                vt.word()
            ));
            match faced {
                Faced::Dodge => {
                    if va == Verdict::Success {
                        let reach = if aroll.critical() { 4 } else { 2 };
                        if let Some(act) = self.activation.as_mut() {
                            act.dodge = act.dodge.max(reach);
                        }
                    }
                    self.tackle_effect(t, active, vt, troll.critical(), log);
                }
                Faced::Break => {
                    if va == Verdict::Success {
                        // The break's effect replaces the failed tackle's.
                        log.push(format!(
                            "the {} knocks the {} down",
                            self.name(active),
                            self.name(t)
                        ));
                        self.fall(t, log);
                        if aroll.critical() {
                            self.wound(t, log);
                        } else {
                            self.stamina(t, log);
                        }
                    } else {
                        self.tackle_effect(t, active, vt, troll.critical(), log);
                    }
                }
                Faced::Pass => {
                    self.tackle_effect(t, active, vt, troll.critical(), log);
                    if let Some((from, receiver)) = pass {
                        if va == Verdict::Cancelled {
                            log.push("the pass is not made".to_string());
                            // No later die makes it either: the other
                            // tackles are rolled unopposed.
                            dice.clear();
                        } else if self.carrier() == Some(active) {
                            self.pass(
                                active,
                                from,
                                receiver,
                                false,
                                pressure,
                                Some(aroll),
                                used,
                                log,
                            );
                            passed = true;
                        }
                    }
                }
            }
        }
    }

    /// A PASS (2.01): interceptions by stealers on the ball's line (3.06),
    /// then the pass roll (already made when faced), then the reception or
    /// the scatter (2.02, 2.03).
    #[allow(clippy::too_many_arguments)]
    fn pass(
        &mut self,
        passer: PlayerId,
        from: Square,
        receiver: PlayerId,
        from_ground: bool,
        pressure: i32,
        made: Option<Roll>,
        used: &mut Vec<PlayerId>,
        log: &mut Vec<String>,
    ) {
        let Some(to) = self.player(receiver).square else {
            return;
        };
        let modifier = pass_modifier(from.distance(to));
        let target = self
            .characteristic(passer, "BaC", self.stats(passer).bac)
            .plus(modifier, "distance")
            .plus(-pressure, "pressure")
            .plus(if from_ground { -2 } else { 0 }, "from the ground");
        let roll = match made {
            Some(roll) => roll,
            None => {
                let dice = self.roll_for(passer, Skill::PrecisePass);
                let roll = Roll::best(&dice, target.value());
                log.push(format!(
                    "{} passes to the {} ({}): {}",
                    self.name(passer),
                    self.role(receiver).title(),
                    squares(from.distance(to)),
                    Game::show(&dice, roll, &target, Skill::PrecisePass)
                ));
                roll
            }
        };
        // Interceptions: stealers on the line, nearest the passer first.
        let line = from.line_to(to);
        let mut interceptors: Vec<(i32, PlayerId)> = self
            .declared(|a| matches!(a, Action::Steal(_)))
            .into_iter()
            .filter(|&s| !self.player(s).ground && !used.contains(&s))
            .filter_map(|s| {
                let at = self.player(s).square?;
                (line.contains(&at) && at != from && at != to).then(|| (at.distance(from), s))
            })
            .collect();
        interceptors.sort_by_key(|&(d, s)| (d, self.player(s).square));
        for (_, s) in interceptors {
            used.push(s);
            let target = self
                .characteristic(s, "BaC", self.stats(s).bac)
                .plus(-2, "in the air");
            let r = target.roll(self.dice.d12());
            log.push(format!(
                "{} tries to intercept: {}",
                self.name(s),
                r.against(&target)
            ));
            if r.success() {
                self.ball = Ball::Held(s);
                log.push(format!("the {} intercepts the pass", self.name(s)));
                log.push(self.has_ball(s));
                return;
            }
        }
        if roll.success() {
            self.ball = Ball::Held(receiver);
            log.push(self.has_ball(receiver));
            if roll.critical() {
                if let Some(act) = self.activation.as_mut() {
                    act.receiver = Some(receiver.slot);
                }
            }
            return;
        }
        let target = self
            .characteristic(receiver, "BaC", self.stats(receiver).bac)
            .plus(modifier, "distance");
        let r = target.roll(self.dice.d12());
        log.push(format!(
            "{} reception: {}",
            self.name(receiver),
            r.against(&target)
        ));
        if r.success() {
            self.ball = Ball::Held(receiver);
            log.push(self.has_ball(receiver));
        } else {
            self.ball = Ball::Out;
            self.scatter(to, log);
        }
    }

    /// A TRY (4.04) against tacklers: a melee roll (3.08).
    fn try_melee(
        &mut self,
        active: PlayerId,
        contact: &[PlayerId],
        pressure: i32,
        log: &mut Vec<String>,
    ) {
        let target = self
            .characteristic(active, "try BaC", self.stats(active).bac_try)
            .plus(-i32::from(self.player(active).fatigue), "fatigue tokens")
            .plus(-pressure, "pressure");
        let die = self.dice.d12();
        let try_roll = target.roll(die);
        log.push(format!(
            "{} tries: {}",
            self.name(active),
            try_roll.against(&target)
        ));
        let mut entries = vec![(active, vec![die], try_roll)];
        for &t in contact {
            let (roll, shown) = self.tackle_roll(t);
            log.push(format!("{} tackles: {shown}", self.name(t)));
            entries.push((t, vec![roll.die], roll));
        }
        let winner = self.melee(&entries, log);
        for (i, &(t, _, roll)) in entries.iter().enumerate().skip(1) {
            if Some(i) == winner {
                self.tackle_effect(t, active, Verdict::Success, roll.critical(), log);
            } else if !roll.success() {
                self.tackle_effect(t, active, Verdict::Fail, false, log);
            }
        }
        let tried = if winner == Some(0) {
            Some(TryResult::Scored)
        } else if !try_roll.success() {
            Some(TryResult::Missed)
        } else {
            log.push("the try is stopped".to_string());
            None
        };
        if let Some(act) = self.activation.as_mut() {
            act.tried = tried;
        }
    }

    /// The winner of a melee roll, rerolling a tie for the best once
    /// between the tied players (3.08).
    fn melee(
        &mut self,
        entries: &[(PlayerId, Vec<u8>, Roll)],
        log: &mut Vec<String>,
    ) -> Option<usize> {
        let rolls: Vec<Roll> = entries.iter().map(|e| e.2).collect();
        if let Some(w) = melee_winner(&rolls) {
            return Some(w);
        }
        let tied = tied_best(&rolls);
        if tied.is_empty() {
            return None;
        }
        let rerolls: Vec<Roll> = tied
            .iter()
            .map(|&i| Roll {
                die: self.dice.d12(),
                target: rolls[i].target,
            })
            .collect();
        for (k, &i) in tied.iter().enumerate() {
            log.push(format!(
                "{} rerolls the tie: {}",
                self.name(entries[i].0),
                rerolls[k].describe("target")
            ));
        }
        let (a, b) = match rerolls.as_slice() {
            [a, b] => (*a, *b),
            _ => return melee_winner(&rerolls).map(|k| tied[k]),
        };
        match face_to_face(a, b) {
            (Verdict::Success, _) => Some(tied[0]),
            (_, Verdict::Success) => Some(tied[1]),
            _ => None,
        }
    }

    /// BALL PICK UP (3.05), a melee against stealers going for the same
    /// ball (3.08).
    fn pick_up(
        &mut self,
        active: PlayerId,
        pressure: i32,
        used: &mut Vec<PlayerId>,
        log: &mut Vec<String>,
    ) {
        // A steal goes for a loose ball (BaC +4) or one held on the ground
        // (3.06); a hand-off from a standing teammate (RULINGS Takkure 13)
        // can't be stolen.
        let ball_at = match self.ball {
            Ball::Loose(sq) => Some((sq, Some(4))),
            Ball::Held(c) if c.side == self.attack => self
                .player(c)
                .square
                .map(|sq| (sq, self.player(c).ground.then_some(0))),
            _ => None,
        };
        let Some((at, stealable)) = ball_at else {
            return;
        };
        let target = self
            .characteristic(active, "BaC", self.stats(active).bac)
            .plus(4, "pick-up")
            .plus(-pressure, "pressure");
        let die = self.dice.d12();
        let roll = target.roll(die);
        log.push(format!(
            "{} picks up the ball: {}",
            self.name(active),
            roll.against(&target)
        ));
        let mut entries = vec![(active, vec![die], roll)];
        for s in self.declared(|a| matches!(a, Action::Steal(_))) {
            let p = self.player(s);
            let Some(steal_bonus) = stealable else {
                break;
            };
            if p.ground || !p.square.is_some_and(|sq| sq.distance(at) <= 1) {
                continue;
            }
            let target = self
                .characteristic(s, "BaC", self.stats(s).bac)
                .plus(steal_bonus, "loose ball");
            used.push(s);
            let r = target.roll(self.dice.d12());
            log.push(format!(
                "{} goes for the ball: {}",
                self.name(s),
                r.against(&target)
            ));
            entries.push((s, vec![r.die], r));
        }
        let winner = if entries.len() == 1 {
            roll.success().then_some(0)
        } else {
            self.melee(&entries, log)
        };
        if let Some(w) = winner {
            let id = entries[w].0;
            self.ball = Ball::Held(id);
            log.push(self.has_ball(id));
        }
    }

    /// BALL STEAL (3.06) by the defenders not yet served: a loose ball in
    /// contact (BaC +4), or held by an attacker on the ground in contact.
    /// Those who roll are added to `used`; the first success ends it.
    fn steals(&mut self, used: &mut Vec<PlayerId>, log: &mut Vec<String>) {
        for s in self.declared(|a| matches!(a, Action::Steal(_))) {
            if used.contains(&s) || self.player(s).ground {
                continue;
            }
            let Some(at) = self.player(s).square else {
                continue;
            };
            let (bonus, from) = match self.ball {
                Ball::Loose(sq) if sq.distance(at) <= 1 => (4, None),
                Ball::Held(c)
                    if c.side == self.attack
                        && self.player(c).ground
                        && self.player(c).square.is_some_and(|sq| sq.distance(at) <= 1) =>
                {
                    (0, Some(c))
                }
                _ => continue,
            };
            used.push(s);
            let target = self
                .characteristic(s, "BaC", self.stats(s).bac)
                .plus(bonus, "loose ball");
            let r = target.roll(self.dice.d12());
            let whence = from.map_or("the loose ball".to_string(), |c| {
                format!("the ball from the {}", self.name(c))
            });
            log.push(format!(
                "{} steals {whence}: {}",
                self.name(s),
                r.against(&target)
            ));
            if r.success() {
                self.ball = Ball::Held(s);
                log.push(self.has_ball(s));
                return;
            }
        }
    }
}

impl Game {
    /// What a roll that gave `id` the ball did, where the picture shows
    /// it: "the Yamato Runner has the ball on H13".
    pub(super) fn has_ball(&self, id: PlayerId) -> String {
        let at = self
            .player(id)
            .square
            .map_or(String::new(), |sq| format!(" on {sq}"));
        format!("the {} has the ball{at}", self.name(id))
    }

    /// Where the ball is, in words: "the Yamato Runner has it on H13",
    /// "it lies loose on H13".
    pub(super) fn ball_words(&self) -> String {
        match self.ball {
            Ball::Held(id) => {
                let at = self
                    .player(id)
                    .square
                    .map_or(String::new(), |sq| format!(" on {sq}"));
                let ground = if self.player(id).ground {
                    ", on the ground"
                } else {
                    ""
                };
                format!("the {} has it{at}{ground}", self.name(id))
            }
            Ball::Loose(sq) => format!("it lies loose on {sq}"),
            Ball::Out => "it is out of play".to_string(),
        }
    }
}

/// "1 square", "5 squares".
fn squares(n: i32) -> String {
    if n == 1 {
        "1 square".to_string()
    } else {
        format!("{n} squares")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kept_die_is_named() {
        // RULINGS Takkure 4: two dice against one opponent, the better one
        // counts (issue 42: "[11 5] kept the lower die, [2 4] the higher").
        let kept_of = |dice: &[u8], target: i32| kept(dice, Roll::best(dice, target));
        assert_eq!(kept_of(&[11, 5], 7), "the success kept");
        assert_eq!(Roll::best(&[11, 5], 7).die, 5);
        assert_eq!(kept_of(&[2, 4], 7), "the higher success kept");
        assert_eq!(Roll::best(&[2, 4], 7).die, 4);
        assert_eq!(kept_of(&[4, 1], 7), "the critical kept");
        assert_eq!(kept_of(&[11, 12], 7), "both fail");
        assert_eq!(kept_of(&[3, 3], 7), "the same die twice");
    }
}
