//! What an input may lead to, with the chance of each outcome: the input
//! is played on copies of the match whose dice are forced
//! ([`Dice::scripted`]), every face of the first dice in turn, so the
//! chances of the rolls that decide the action (the action's own roll, the
//! tackler's, the reception...) are exact; the dice after those come from
//! the coach's own generator. The match's generator is never used: a coach
//! reading it would know the rolls to come.

use super::super::dice::Dice;
use super::super::game::Game;
use super::super::input::Input;
use crate::games::kit::search::mix;

/// Calls `each` with every outcome of `input` and its chance (the chances
/// sum to 1): the first `exact` dice thrown take each of their 12 faces,
/// later ones come from `seed`. Nothing is called for an illegal input.
pub fn outcomes(
    game: &Game,
    input: &Input,
    exact: usize,
    seed: u64,
    each: &mut dyn FnMut(&Game, f64),
) {
    let mut faces = Vec::with_capacity(exact);
    branch(game, input, exact, seed, &mut faces, 1.0, each);
}

fn branch(
    game: &Game,
    input: &Input,
    exact: usize,
    seed: u64,
    faces: &mut Vec<u8>,
    chance: f64,
    each: &mut dyn FnMut(&Game, f64),
) {
    let mut next = game.clone();
    let key = faces.iter().fold(seed, |k, &f| mix(k ^ u64::from(f)));
    next.dice = Dice::scripted(key, faces);
    if next.play(input).is_err() {
        return;
    }
    let drawn = next.dice.drawn();
    if drawn <= faces.len() || faces.len() >= exact {
        each(&next, chance);
        return;
    }
    for face in 1..=12 {
        faces.push(face);
        branch(game, input, exact, seed, faces, chance / 12.0, each);
        faces.pop();
    }
}

/// The expected value of `input` under `value`.
pub fn expected(
    game: &Game,
    input: &Input,
    exact: usize,
    seed: u64,
    value: &dyn Fn(&Game) -> f64,
) -> Option<f64> {
    let mut total = 0.0;
    let mut seen = false;
    outcomes(game, input, exact, seed, &mut |g, p| {
        seen = true;
        total += p * value(g);
    });
    seen.then_some(total)
}
