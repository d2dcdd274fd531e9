//! A first Takkure coach for the computer (issue 30): at every step it
//! picks one of the legal inputs ([`Game::legal_inputs`]) by a static
//! score of the input alone, ties broken by the seed. It never plays an
//! input on a copy of the match to see what follows: the dice come from
//! the match's own generator, so a look ahead would read the rolls to come.
//!
//! The score is rugby in a few words: score a try when it is on; with the
//! ball, carry it forward and pass it on; without it, tackle, steal and
//! press the carrier and come up to it; elsewhere the seed chooses. The
//! chance of each action's success (RULINGS Takkure, the characteristics
//! and modifiers) is not weighed yet.
//!
//! Not hooked into the bot yet: the hosted game keeps `has_computer`
//! false until the coach has levels and is measured (issue 30 asks level
//! 5 above 0.9 against a random coach).

use super::game::Game;
use super::input::{Action, Input, Second};
use super::side::Side;
use super::square::Square;
use crate::games::tak::search::mix;

/// The input the coach plays for the awaited side, or `None` when the
/// match is over.
pub fn coach_input(game: &Game, seed: u64) -> Option<Input> {
    let side = game.awaiting()?;
    game.legal_inputs()
        .into_iter()
        .enumerate()
        .max_by_key(|(index, input)| {
            let tie = mix(seed ^ (*index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
            (score(game, side, input), tie)
        })
        .map(|(_, input)| input)
}

/// How far up the field `sq` is for `side` (its rows towards the in-goal
/// it scores in).
fn progress(side: Side, sq: Square) -> i32 {
    side.forward() * sq.row()
}

/// The carrier's square, and whether `side` holds the ball.
fn ball(game: &Game, side: Side) -> Option<(Square, bool)> {
    let id = game.carrier()?;
    let square = game.player(id).square?;
    Some((square, id.side == side))
}

fn score(game: &Game, side: Side, input: &Input) -> i32 {
    let carrier = ball(game, side);
    let attacking = carrier.is_some_and(|(_, ours)| ours);
    let toward_carrier = |to: Square| match carrier {
        Some((at, false)) => 30 - to.distance(at).min(30),
        _ => 0,
    };
    match input {
        Input::Second(Second::Try) => 1_000,
        Input::Second(Second::PickUp) => 500,
        Input::Act { action, .. } => match action {
            Action::Tackle(_) => 400,
            Action::Steal(_) => 350,
            Action::Pressure(_) => 200,
            Action::Move { to, .. } if attacking => 100 + progress(side, *to),
            Action::Move { to, .. } => 100 + toward_carrier(*to),
            Action::Pass { .. } => 90,
            Action::Hold | Action::Stand => 20,
            Action::Rest => 0,
        },
        Input::Second(Second::Move(to)) if attacking => 100 + progress(side, *to),
        Input::Second(Second::Move(to)) => 100 + toward_carrier(*to),
        Input::Second(Second::Pass { .. }) => 80,
        Input::Second(_) => 50,
        Input::To(to) if attacking => 50 + progress(side, *to),
        Input::To(to) => 50 + toward_carrier(*to),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::super::game::Outcome;
    use super::super::squad::Squad;
    use super::*;

    /// Plays a match of the coach (on `coach`'s side) against a seeded
    /// random coach; every input the coach chooses must be legal.
    fn against_random(seed: u64, coach: Side) -> Option<Outcome> {
        let mut game = Game::new(Squad::Yamato, Squad::Teriomorph, seed);
        let mut state = seed;
        let mut inputs = 0;
        while game.outcome().is_none() && inputs < 20_000 {
            let Some(side) = game.awaiting() else { break };
            let input = if side == coach {
                coach_input(&game, seed + inputs).expect("a legal input")
            } else {
                let legal = game.legal_inputs();
                state = mix(state.wrapping_add(1));
                legal[(state % legal.len() as u64) as usize].clone()
            };
            game.play(&input)
                .unwrap_or_else(|e| panic!("{input} refused: {e}"));
            inputs += 1;
        }
        game.outcome()
    }

    #[test]
    fn the_coach_plays_legal_inputs_to_the_end_of_a_match() {
        for seed in 1..=3u64 {
            assert!(against_random(seed, Side::Home).is_some(), "seed {seed}");
        }
    }

    /// The coach against a random coach, 100 matches, each side 50 times
    /// (run by hand: `-- --ignored --nocapture`).
    #[test]
    #[ignore]
    fn against_a_random_coach() {
        let (mut won, mut lost, mut drawn) = (0, 0, 0);
        for seed in 1..=100u64 {
            let coach = if seed % 2 == 0 {
                Side::Home
            } else {
                Side::Away
            };
            match against_random(seed, coach) {
                Some(Outcome::Win(side)) if side == coach => won += 1,
                Some(Outcome::Win(_)) => lost += 1,
                _ => drawn += 1,
            }
        }
        println!("coach v random: +{won} -{lost} ={drawn}");
    }
}
