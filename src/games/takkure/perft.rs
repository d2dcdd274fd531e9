//! Counting input sequences, to check input generation: the dice are those
//! of the position's generator, so a seed fixes every count.

use super::game::Game;
use super::input::Input;

/// The number of legal input sequences of length `depth` from `game`.
pub fn perft(game: &Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let inputs = game.legal_inputs();
    if depth == 1 {
        return inputs.len() as u64;
    }
    inputs
        .iter()
        .map(|input| {
            let mut next = game.clone();
            match next.play(input) {
                Ok(_) => perft(&next, depth - 1),
                Err(_) => 0,
            }
        })
        .sum()
}

/// The perft count below each legal input.
pub fn divide(game: &Game, depth: u32) -> Vec<(Input, u64)> {
    game.legal_inputs()
        .into_iter()
        .map(|input| {
            let mut next = game.clone();
            let count = match next.play(&input) {
                Ok(_) => perft(&next, depth.saturating_sub(1)),
                Err(_) => 0,
            };
            (input, count)
        })
        .collect()
}
