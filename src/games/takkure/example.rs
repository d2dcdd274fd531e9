//! What the awaited coach types now, said for a newcomer: the step in
//! words, with examples that are legal in the position and sensible (a
//! carrier runs towards the opponent's in-goal, never into its own; a
//! tackle that reaches the path; only players the team has). Every
//! example is picked from [`Game::legal_inputs`], so it is always accepted.

use super::game::{Ball, Game, Step};
use super::input::{Action, Input, Second};
use super::player::PlayerId;
use super::side::Side;
use super::square::Square;

/// How far `sq` lies towards the in-goal `side` scores in.
fn progress(side: Side, sq: Square) -> i32 {
    sq.row() * side.forward()
}

/// The legal input scoring best (the first of the best, in the order
/// [`Game::legal_inputs`] lists them); `None` scores are left out.
fn best(legal: &[Input], score: impl Fn(&Input) -> Option<i64>) -> Option<Input> {
    let mut best: Option<(i64, &Input)> = None;
    for input in legal {
        if let Some(s) = score(input) {
            if best.map_or(true, |(b, _)| s > b) {
                best = Some((s, input));
            }
        }
    }
    best.map(|(_, i)| i.clone())
}

fn quoted(input: &Input) -> String {
    format!("`{input}`")
}

/// "`a`, `b` or `c`".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

impl Game {
    /// How good a move from `from` to `to` is for the attacker: as far
    /// towards the opponent's in-goal as it goes, then as straight.
    fn forward_score(&self, from: Option<Square>, to: Square) -> i64 {
        let aside = from.map_or(0, |f| (to.col() - f.col()).abs());
        i64::from(progress(self.attack, to)) * 100 - i64::from(aside)
    }

    /// A sensible legal input for the step, as the prompts show it.
    pub fn example(&self) -> Option<Input> {
        let legal = self.legal_inputs();
        match self.step {
            Step::Over => None,
            Step::Choose { .. } => Some(Input::Kick),
            Step::Place { side } => self.placement_example(side, &legal),
            Step::Target => self.target_example(&legal),
            Step::KickMoves { side } => self.kick_move_example(side, &legal),
            Step::BallLands => {
                // Away from the receivers (they try to catch first, 5.03),
                // near the kickers, then near the target.
                let target = self.kickoff.target?;
                let kicker = self.kickoff.kicker?;
                let near = |side: Side, sq: Square| {
                    Game::ids(side)
                        .filter(|&id| self.player(id).square.is_some_and(|p| p.distance(sq) <= 2))
                        .count() as i64
                };
                best(&legal, |i| match i {
                    Input::Ball(sq) => Some(
                        -100 * near(kicker.other(), *sq) + 10 * near(kicker, *sq)
                            - i64::from(sq.distance(target)),
                    ),
                    _ => None,
                })
            }
            Step::First => self.first_example(&legal),
            Step::Defence => self.defence_example(&legal),
            Step::Second => self.second_examples(&legal).into_iter().next(),
            Step::DodgeTo | Step::ReceiverTo => {
                let attack = self.attack;
                let mover = match self.step {
                    Step::ReceiverTo => self
                        .activation
                        .as_ref()
                        .and_then(|a| a.receiver)
                        .map(|slot| PlayerId { side: attack, slot }),
                    _ => self.active(),
                };
                let from = mover.and_then(|id| self.player(id).square);
                best(&legal, |i| match i {
                    Input::To(sq) if !attack.other().scores_in(*sq) => {
                        Some(self.forward_score(from, *sq))
                    }
                    _ => None,
                })
            }
        }
    }

    /// The first player still to place, spread over the kick row (kickers)
    /// or the middle of the own half (receivers).
    fn placement_example(&self, side: Side, legal: &[Input]) -> Option<Input> {
        let role = Game::ids(side)
            .find(|&id| {
                let p = self.player(id);
                p.out.is_none() && p.square.is_none()
            })
            .map(|id| self.role(id))?;
        let slot = role.slot() as i32;
        let col = 4 + 2 * slot;
        let row = if Some(side) == self.kickoff.kicker {
            side.kick_row()
        } else if side == Side::Home {
            7
        } else {
            20
        };
        best(legal, |i| match i {
            Input::Place { role: r, square } if *r == role => Some(-i64::from(
                (square.col() - col).abs() + (square.row() - row).abs(),
            )),
            _ => None,
        })
    }

    /// A kick to the middle of the receivers' half, by the kicker with the
    /// best BaC.
    fn target_example(&self, legal: &[Input]) -> Option<Input> {
        let kicker = self.kickoff.kicker?;
        let row = if kicker == Side::Home { 20 } else { 7 };
        best(legal, |i| match i {
            Input::KickAt { target, kicker: k } => {
                let id = PlayerId {
                    side: kicker,
                    slot: k.slot() as u8,
                };
                let bac = i64::from(self.stats(id).bac);
                let off = (target.col() - 7).abs() + (target.row() - row).abs();
                Some(100 * bac - i64::from(off) - k.slot() as i64)
            }
            _ => None,
        })
    }

    /// The first player not yet moved, towards where the ball comes down.
    fn kick_move_example(&self, side: Side, legal: &[Input]) -> Option<Input> {
        let target = self.kickoff.target?;
        let mover = Game::ids(side).find(|&id| {
            self.player(id).on_field() && !self.kickoff.moved[side.index()][usize::from(id.slot)]
        })?;
        let role = self.role(mover);
        best(legal, |i| match i {
            Input::Place { role: r, square } if *r == role && !side.other().scores_in(*square) => {
                let (dc, dr) = (square.col() - target.col(), square.row() - target.row());
                Some(-i64::from(
                    square.distance(target) * 100 + dc * dc + dr * dr,
                ))
            }
            _ => None,
        })
        .or(Some(Input::Done))
    }

    /// A first action that plays the ball: the carrier runs straight at the
    /// opponent's in-goal (or waits there to try, or passes from the
    /// ground); with the ball loose, the nearest player goes beside it.
    fn first_example(&self, legal: &[Input]) -> Option<Input> {
        let attack = self.attack;
        let own_goal = |sq: &Square| attack.other().scores_in(*sq);
        let of = |role| PlayerId {
            side: attack,
            slot: super::squad::Role::slot(role) as u8,
        };
        // Never backwards: an example that gives ground back undoes the
        // step before (issue 42).
        let moves_forward = |i: &Input, only: Option<PlayerId>| match i {
            Input::Act {
                role,
                action: Action::Move { to, via: None },
            } if !own_goal(to) && only.map_or(true, |p| p == of(*role)) => {
                let from = self.player(of(*role)).square?;
                (progress(attack, *to) >= progress(attack, from))
                    .then(|| self.forward_score(Some(from), *to))
            }
            _ => None,
        };
        let example = match self.ball {
            Ball::Held(c) if c.side == attack => {
                let at = self.player(c).square;
                let role = self.role(c);
                if self.player(c).ground {
                    best(legal, |i| match i {
                        Input::Act {
                            role: r,
                            action: Action::Pass { .. },
                        } if *r == role => Some(0),
                        _ => None,
                    })
                } else if at.is_some_and(|sq| attack.scores_in(sq)) {
                    Some(Input::Act {
                        role,
                        action: Action::Hold,
                    })
                    .filter(|i| legal.contains(i))
                } else {
                    best(legal, |i| moves_forward(i, Some(c)))
                }
            }
            Ball::Loose(ball) => best(legal, |i| match i {
                Input::Act {
                    role,
                    action: Action::Hold,
                } => {
                    let at = self.player(of(*role)).square?;
                    (at.distance(ball) <= 1 && !self.player(of(*role)).ground).then_some(1000)
                }
                Input::Act {
                    role,
                    action: Action::Move { to, via: None },
                } if to.distance(ball) <= 1 && !own_goal(to) => {
                    let at = self.player(of(*role)).square?;
                    Some(-i64::from(at.distance(ball) * 10 + at.distance(*to)))
                }
                _ => None,
            }),
            _ => None,
        };
        example
            .or_else(|| best(legal, |i| moves_forward(i, None)))
            .or_else(|| {
                legal
                    .iter()
                    .find(|i| {
                        !matches!(
                            i,
                            Input::Act {
                                action: Action::Move { .. },
                                ..
                            }
                        )
                    })
                    .cloned()
            })
            .or_else(|| legal.first().cloned())
    }

    /// A tackle that ends in contact, else a steal beside a ball on the
    /// ground, else pressure near the active player, else `done`.
    fn defence_example(&self, legal: &[Input]) -> Option<Input> {
        let defence = self.attack.other();
        let act = self.activation.as_ref()?;
        let end = act.marked.last().copied();
        let id = |role| PlayerId {
            side: defence,
            slot: super::squad::Role::slot(role) as u8,
        };
        let ball_on_ground = match self.ball {
            Ball::Loose(sq) => Some(sq),
            Ball::Held(c) if self.player(c).ground => self.player(c).square,
            _ => None,
        };
        best(legal, |i| match i {
            // A carrier already on the ground is better stolen from: a
            // tackle there takes no ball (issue 42).
            Input::Act {
                action: Action::Tackle(_),
                ..
            } if self.carrier().is_some_and(|c| self.player(c).ground) => None,
            Input::Act {
                role,
                action: Action::Tackle(point),
            } => {
                let to = self.tackle_square(id(*role), *point)?;
                let touched = match self.carrier() {
                    Some(c) if Some(c) == self.active() => {
                        act.marked.iter().any(|sq| sq.distance(to) <= 1)
                    }
                    Some(c) => self.player(c).square.is_some_and(|sq| sq.distance(to) <= 1),
                    None => false,
                };
                touched.then(|| 300 - i64::from(to.distance(*point)))
            }
            Input::Act {
                action: Action::Steal(sq),
                ..
            } => ball_on_ground.filter(|b| b.distance(*sq) <= 1).map(|_| 200),
            Input::Act {
                action: Action::Pressure(sq),
                ..
            } => end
                .filter(|e| e.distance(*sq) <= 2)
                .map(|e| 100 - i64::from(e.distance(*sq))),
            Input::Done => Some(0),
            _ => None,
        })
    }

    /// One legal second action of each kind, the sensible one of its kind:
    /// a move towards the opponent's in-goal (or towards the ball), the
    /// first pass, `pickup`, `dodge`, `break`, `try`, `none`.
    fn second_examples(&self, legal: &[Input]) -> Vec<Input> {
        let attack = self.attack;
        let carries = self.active().is_some() && self.active() == self.carrier();
        let loose = match self.ball {
            Ball::Loose(sq) => Some(sq),
            _ => None,
        };
        let here = self.active().and_then(|a| self.player(a).square);
        // A carrier facing tacklers in contact dodges first; else it runs.
        let dodge_first = carries && !self.tacklers_in_contact().is_empty();
        let kind = |i: &Input| -> u8 {
            match i {
                Input::Second(Second::Try) => 0,
                Input::Second(Second::Dodge(_)) if dodge_first => 1,
                Input::Second(Second::Move(_)) => 2,
                Input::Second(Second::Pass { .. }) => 3,
                Input::Second(Second::PickUp) => 4,
                Input::Second(Second::Dodge(_)) => 5,
                Input::Second(Second::Break(_)) => 6,
                _ => 7,
            }
        };
        let mut out: Vec<Input> = Vec::new();
        for k in 0..=7u8 {
            let pick = best(legal, |i| {
                if kind(i) != k {
                    return None;
                }
                match i {
                    Input::Second(Second::Pass { from: Some(_), .. }) => None,
                    Input::Second(Second::Dodge(o) | Second::Break(o)) if !o.is_empty() => None,
                    Input::Second(Second::Move(to)) if attack.other().scores_in(*to) => None,
                    // Never back towards its own in-goal, undoing the
                    // first action (issue 42: a D5-D8 shuttle), unless to
                    // stand beside a loose ball and pick it up next.
                    Input::Second(Second::Move(to))
                        if progress(attack, *to) < progress(attack, here?)
                            && !loose.is_some_and(|b| b.distance(*to) <= 1) =>
                    {
                        None
                    }
                    Input::Second(Second::Move(to)) if carries => {
                        Some(self.forward_score(Some(here?), *to))
                    }
                    Input::Second(Second::Move(to)) => match loose {
                        Some(b) => Some(-i64::from(b.distance(*to))),
                        // A teammate has the ball: up in support, level
                        // with it or ahead.
                        None => Some(self.forward_score(Some(here?), *to)),
                    },
                    _ => Some(0),
                }
            });
            out.extend(pick);
        }
        out
    }

    /// What the awaited coach types now, in a sentence for a newcomer, with
    /// legal examples; `None` once the match is over.
    pub fn note(&self) -> Option<String> {
        let legal = self.legal_inputs();
        let e_g =
            |ex: Option<Input>| ex.map_or(String::new(), |e| format!(", e.g. {}", quoted(&e)));
        let note = match self.step {
            Step::Over => return None,
            Step::Choose { chooser } => {
                let why = if self.time == Default::default() {
                    format!("{chooser} won the referee's coin flip and chooses")
                } else {
                    format!("after the try, {chooser} chooses")
                };
                format!(
                    "{why}: `kick` to kick off, or `receive` to let {} kick off, e.g. `kick`",
                    chooser.other()
                )
            }
            Step::Place { side } => {
                let todo: Vec<&str> = Game::ids(side)
                    .filter(|&id| {
                        let p = self.player(id);
                        p.out.is_none() && p.square.is_none()
                    })
                    .map(|id| self.role(id).name())
                    .collect();
                let where_ = if Some(side) == self.kickoff.kicker {
                    format!("the kicking team stands on row {}", side.kick_row() + 1)
                } else {
                    let rows = if side == Side::Home { "3-14" } else { "15-26" };
                    format!("the receivers stand in their own half, rows {rows}")
                };
                format!(
                    "place a player for the kick-off ({} to place; {where_}){}",
                    todo.join(", "),
                    e_g(self.example())
                )
            }
            Step::Target => {
                let rows = match self.kickoff.kicker {
                    Some(Side::Home) => "17-26",
                    _ => "3-12",
                };
                format!(
                    "aim the kick-off between the receivers' line of 10 and their in-goal \
                     (rows {rows}, columns C-N) and name the kicker{}",
                    e_g(self.example())
                )
            }
            Step::KickMoves { .. } => format!(
                "the ball is in the air: move a player up to its defensive MOV{}, or `done`",
                e_g(self.example().filter(|i| *i != Input::Done))
            ),
            Step::BallLands => format!(
                "a good kick: place the ball within 2 of the target{}{}",
                self.kickoff
                    .target
                    .map_or(String::new(), |t| format!(" {t}")),
                e_g(self.example())
            ),
            Step::First => {
                let main = self.example();
                let mut others: Vec<String> = Vec::new();
                for word in ["stand", "pass", "hold"] {
                    let pick = legal.iter().find(|i| {
                        Some(*i) != main.as_ref()
                            && matches!(i, Input::Act { action, .. }
                                if action.to_string().starts_with(word))
                    });
                    others.extend(pick.map(quoted));
                }
                if legal.contains(&Input::EndHalf) {
                    others.push("`end half`".to_string());
                }
                let also = if others.is_empty() {
                    String::new()
                } else {
                    format!("; also {}", or_list(&others))
                };
                format!(
                    "activate a player ({} left) with its first action{}{also}",
                    crate::games::kit::plural(u32::from(self.tokens), "activation token"),
                    e_g(main)
                )
            }
            Step::Defence => {
                let ex = self
                    .example()
                    .filter(|i| *i != Input::Done)
                    .map_or(String::new(), |e| format!("e.g. {}; ", quoted(&e)));
                format!(
                    "declare a defensive action for each player (tackle a square of the \
                     marked path, pressure, steal, stand or rest: {ex}the players not named do \
                     nothing), then `done`"
                )
            }
            Step::Second => {
                let name = self.active().map_or("active player".to_string(), |id| {
                    self.role(id).title().to_string()
                });
                let all: Vec<String> = self.second_examples(&legal).iter().map(quoted).collect();
                format!("the {name}'s second action: {}", or_list(&all))
            }
            Step::DodgeTo => {
                let reach = self.activation.as_ref().map_or(2, |a| a.dodge);
                format!(
                    "the dodge worked: the dodger moves up to {reach} squares{} (its own square \
                     to stay)",
                    e_g(self.example())
                )
            }
            Step::ReceiverTo => format!(
                "a critical pass: the receiver may move up to 2 squares{} (its own square to \
                 stay)",
                e_g(self.example())
            ),
        };
        Some(note)
    }

    /// The step in a few words, for the status line and `/board`.
    pub fn step_name(&self) -> &'static str {
        match self.step {
            Step::Choose { .. } => "choosing kick or receive",
            Step::Place { .. } => "placing for the kick-off",
            Step::Target => "aiming the kick-off",
            Step::KickMoves { .. } => "moving while the ball is in the air",
            Step::BallLands => "placing the kicked ball",
            Step::First => "the first action",
            Step::Defence => "the defence's declarations",
            Step::Second => "the second action",
            Step::DodgeTo => "the dodge's move",
            Step::ReceiverTo => "the receiver's move",
            Step::Over => "the match is over",
        }
    }

    /// "Half 1, time box 4, home 0 - away 1: the defence's declarations":
    /// where the match stands, instead of a move number.
    pub fn step_line(&self) -> String {
        format!(
            "Half {}, time box {}, home {} - away {}: {}",
            self.half,
            self.time.clock,
            self.score[0],
            self.score[1],
            self.step_name()
        )
    }
}
