//! The computer's Takkure coach (issue 30), levels 1 to 5. It plays every
//! step of the exchange, one input at a time as a person does: kick or
//! receive, the kick-off placements, target and moves, the first action,
//! the defence's declarations, the second action, the moves after a dodge
//! or a critical pass.
//!
//! At each step it weighs the inputs by what they lead to
//! ([`look::expected`]): the input is played on copies of the match whose
//! first dice take each of their faces, so the chance of each action's
//! success is exact (the dice after those come from the coach's own seeded
//! generator, never the match's: the coach can't know the rolls to come),
//! and each outcome is judged by [`value::value`], rugby in numbers (the
//! ball, how far up the field, the tacklers' exact odds, support, the
//! players' condition). The kick-off's placements and target follow a plan
//! ([`kickoff`]). Level 5 plays the best input so judged; lower levels
//! judge with fewer exact dice, add noise to the judgement and sometimes
//! play any legal input. Everything follows from the match and the seed:
//! the same seed gives the same input.

pub mod kickoff;
pub mod look;
pub mod odds;
pub mod value;

#[cfg(test)]
mod tests;

use super::game::{Ball, Game, Step};
use super::input::{Action, Input, Second};
use super::side::Side;
use super::square::Square;
use crate::games::kit::search::mix;

/// The levels the coach plays at.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=5;

/// A small generator for the coach's own choices.
struct Choices(u64);

impl Choices {
    fn next(&mut self) -> u64 {
        self.0 = mix(self.0);
        self.0
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// How a level plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    /// The chance of playing any legal input instead of the best judged.
    pub random: f64,
    /// Noise added to each input's value, in points (a try is 100).
    pub noise: f64,
    /// How many dice of an action are weighed exactly.
    pub exact: usize,
}

/// The style of `level` (1 to 5; outside, the nearest).
pub fn style(level: u8) -> Style {
    let (random, noise, exact) = match level.clamp(*LEVELS.start(), *LEVELS.end()) {
        1 => (0.5, 40.0, 1),
        2 => (0.25, 20.0, 1),
        3 => (0.1, 10.0, 1),
        4 => (0.03, 4.0, 2),
        _ => (0.0, 0.0, 2),
    };
    Style {
        random,
        noise,
        exact,
    }
}

/// The input the coach plays at `level` for the awaited side, or `None`
/// when the match is over. Always a legal input.
pub fn coach_input(game: &Game, level: u8, seed: u64) -> Option<Input> {
    let me = game.awaiting()?;
    let style = style(level);
    if level >= 2 {
        if let Some(pick_up) = loose_ball_beside(game) {
            return Some(pick_up);
        }
    }
    let mut choices = Choices(mix(seed ^ 0x7a6b_6b75_7265));
    if style.random > 0.0 && choices.unit() < style.random {
        let legal = game.legal_inputs();
        if !legal.is_empty() {
            let pick = choices.below(legal.len());
            return legal.into_iter().nth(pick);
        }
    }
    if let Some(planned) = kickoff::planned(game).filter(|i| game.check(i).is_ok()) {
        return Some(planned);
    }
    let mut candidates = candidates(game);
    if candidates.is_empty() {
        candidates = game.legal_inputs();
    }
    // The same dice for every input weighed (fairer comparisons).
    let dice = mix(seed ^ 0x6c6f_6f6b);
    let judge = |g: &Game| value::value(g, me);
    let mut best: Option<(f64, u64, Input)> = None;
    for input in candidates {
        let Some(v) = look::expected(game, &input, style.exact, dice, &judge) else {
            continue;
        };
        let noisy = v + style.noise * (2.0 * choices.unit() - 1.0);
        let tie = choices.next();
        if best.as_ref().map_or(true, |(bv, bt, _)| {
            noisy > *bv || (noisy == *bv && tie > *bt)
        }) {
            best = Some((noisy, tie, input));
        }
    }
    best.map(|(_, _, input)| input)
        .or_else(|| game.legal_inputs().into_iter().next())
}

/// `pickup` when the active player stands beside a loose ball at its
/// second action and no `try` is open (issue 42: the coach moved on past
/// a ball it could take). Nothing a second action does is worth more than
/// the ball, but a try; the weaker levels' first one may still miss it.
fn loose_ball_beside(game: &Game) -> Option<Input> {
    let pick_up = Input::Second(Second::PickUp);
    let loose = matches!(game.ball(), Ball::Loose(_));
    (game.step() == Step::Second
        && loose
        && game.check(&pick_up).is_ok()
        && game.check(&Input::Second(Second::Try)).is_err())
    .then_some(pick_up)
}

/// The inputs worth weighing now: every legal one, except at the first
/// action, where a move is marked straight (a turn square adds nothing
/// the coach weighs) to any square in reach.
fn candidates(game: &Game) -> Vec<Input> {
    if game.step() != Step::First {
        return game.legal_inputs();
    }
    let side = game.attacker();
    let mut out = vec![Input::EndHalf];
    for id in Game::ids(side) {
        let Some(at) = game.player(id).square else {
            continue;
        };
        let role = game.role(id);
        let act = |action| Input::Act { role, action };
        out.push(act(Action::Hold));
        out.push(act(Action::Stand));
        for to in game.squad(side).roles() {
            out.push(act(Action::Pass { to }));
        }
        let mov = game.stats(id).mov_attack;
        for to in Square::all().filter(|sq| sq.distance(at) <= mov && *sq != at) {
            out.push(act(Action::Move { to, via: None }));
        }
    }
    out.retain(|input| game.check(input).is_ok());
    out
}

/// Who the coach is, for matches between coaches (tests, `selfplay`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coach {
    /// Any legal input, uniformly.
    Random,
    /// The coach at a level.
    Level(u8),
}

impl Coach {
    /// The input this coach plays, from `seed`.
    pub fn input(self, game: &Game, seed: u64) -> Option<Input> {
        match self {
            Coach::Random => {
                let legal = game.legal_inputs();
                let n = legal.len();
                legal
                    .into_iter()
                    .nth((mix(seed) % n.max(1) as u64) as usize)
            }
            Coach::Level(level) => coach_input(game, level, seed),
        }
    }
}

/// A match between two coaches from `seed` (the dice and the coaches'
/// choices), to its end or `limit` inputs: the outcome, if over, and the
/// number of inputs played.
pub fn play_match(
    home: Coach,
    away: Coach,
    squads: [super::squad::Squad; 2],
    seed: u64,
    limit: usize,
) -> (Option<super::game::Outcome>, usize) {
    let mut game = Game::new(squads[0], squads[1], seed);
    let mut played = 0;
    while played < limit {
        let Some(side) = game.awaiting() else { break };
        let coach = if side == Side::Home { home } else { away };
        let Some(input) = coach.input(&game, mix(seed.wrapping_mul(31) ^ played as u64)) else {
            break;
        };
        if game.play(&input).is_err() {
            break;
        }
        played += 1;
    }
    (game.outcome(), played)
}
