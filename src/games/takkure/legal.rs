//! Every input the current step accepts: candidates are drawn wide from the
//! step's kind and kept when [`Game::check`] accepts them, so an input is
//! listed exactly when it is legal (the tests also throw random inputs at
//! `check` to see that nothing accepted is missing here).

use super::game::{Game, Step};
use super::input::{Action, Input, Second};
use super::player::PlayerId;
use super::side::Side;
use super::squad::Role;
use super::square::Square;

/// Permutations of a short list (at most four tacklers).
fn permutations(items: &[Role]) -> Vec<Vec<Role>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let head = rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, head);
            out.push(tail);
        }
    }
    out
}

impl Game {
    /// The legal inputs, in a fixed order, without duplicates.
    pub fn legal_inputs(&self) -> Vec<Input> {
        let mut candidates: Vec<Input> = Vec::new();
        match self.step {
            Step::Over => {}
            Step::Choose { .. } => candidates.extend([Input::Kick, Input::Receive]),
            Step::Place { side } => {
                for role in self.squad(side).roles() {
                    for square in Square::all() {
                        candidates.push(Input::Place { role, square });
                    }
                }
            }
            Step::Target => {
                let kicker = self.kickoff.kicker.unwrap_or(Side::Home);
                for role in self.squad(kicker).roles() {
                    for target in Square::all().filter(|&sq| kicker.other().kick_target(sq)) {
                        candidates.push(Input::KickAt {
                            target,
                            kicker: role,
                        });
                    }
                }
            }
            Step::KickMoves { side } => {
                candidates.push(Input::Done);
                for id in Game::ids(side) {
                    let role = self.role(id);
                    for (square, _) in self.reach(id, self.defensive_reach(id)) {
                        candidates.push(Input::Place { role, square });
                    }
                }
            }
            Step::BallLands => {
                if let Some(target) = self.kickoff.target {
                    candidates.extend(
                        Square::all()
                            .filter(|sq| sq.distance(target) <= 2)
                            .map(Input::Ball),
                    );
                }
            }
            Step::First => {
                candidates.push(Input::EndHalf);
                for id in Game::ids(self.attack) {
                    self.first_candidates(id, &mut candidates);
                }
            }
            Step::Defence => {
                candidates.push(Input::Done);
                for id in Game::ids(self.attack.other()) {
                    self.defence_candidates(id, &mut candidates);
                }
            }
            Step::Second => self.second_candidates(&mut candidates),
            Step::DodgeTo | Step::ReceiverTo => {
                candidates.extend(Square::all().map(Input::To));
            }
        }
        candidates.retain(|input| self.check(input).is_ok());
        candidates
    }

    fn first_candidates(&self, id: PlayerId, out: &mut Vec<Input>) {
        let role = self.role(id);
        let Some(at) = self.player(id).square else {
            return;
        };
        let act = |action| Input::Act { role, action };
        out.push(act(Action::Hold));
        out.push(act(Action::Stand));
        for to in self.squad(id.side).roles() {
            out.push(act(Action::Pass { to }));
        }
        let mov = self.stats(id).mov_attack;
        let near: Vec<Square> = Square::all().filter(|sq| sq.distance(at) <= mov).collect();
        for &to in &near {
            out.push(act(Action::Move { to, via: None }));
            for &via in &near {
                if at.distance(via) + via.distance(to) <= mov {
                    out.push(act(Action::Move { to, via: Some(via) }));
                }
            }
        }
    }

    fn defence_candidates(&self, id: PlayerId, out: &mut Vec<Input>) {
        let role = self.role(id);
        let act = |action| Input::Act { role, action };
        out.push(act(Action::Stand));
        out.push(act(Action::Rest));
        if let Some(a) = self.activation.as_ref() {
            for &sq in &a.marked {
                out.push(act(Action::Tackle(sq)));
            }
        }
        if let Some(sq) = self.carrier().and_then(|c| self.player(c).square) {
            out.push(act(Action::Tackle(sq)));
        }
        for (sq, _) in self.reach(id, self.defensive_reach(id)) {
            out.push(act(Action::Pressure(sq)));
            out.push(act(Action::Steal(sq)));
        }
        // A tackle point can be listed twice (the carrier stands on its path).
        let mut seen = std::collections::HashSet::new();
        out.retain(|i| seen.insert(i.clone()));
    }

    fn second_candidates(&self, out: &mut Vec<Input>) {
        let Some(id) = self.active() else {
            return;
        };
        let second = |s| Input::Second(s);
        out.push(second(Second::None));
        out.push(second(Second::Try));
        out.push(second(Second::PickUp));
        for (sq, _) in self.reach(id, self.stats(id).mov_attack) {
            out.push(second(Second::Move(sq)));
        }
        if let Some(act) = self.activation.as_ref() {
            for to in self.squad(id.side).roles() {
                out.push(second(Second::Pass { to, from: None }));
                for &from in &act.executed {
                    out.push(second(Second::Pass {
                        to,
                        from: Some(from),
                    }));
                }
            }
        }
        let contact: Vec<Role> = self
            .tacklers_in_contact()
            .into_iter()
            .map(|t| self.role(t))
            .collect();
        let mut orders = vec![Vec::new()];
        if contact.len() > 1 {
            orders.extend(permutations(&contact));
        }
        for order in orders {
            out.push(second(Second::Dodge(order.clone())));
            out.push(second(Second::Break(order)));
        }
    }
}
