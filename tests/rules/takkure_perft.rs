//! Perft counts from `tests/data/takkure/perft.txt`: distinct input
//! sequences, with the dice fixed by each position's generator.

use crate::perft_suite;
use crate::takkure_support;
use taktable::games::takkure::{divide, perft, Game, Role, Side, Squad};

struct Case {
    id: String,
    game: Game,
    expected: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    perft_suite::read(include_str!("../data/takkure/perft.txt"))
        .into_iter()
        .map(|case| {
            let game = if let Some(text) = case.field("position") {
                text.parse().unwrap_or_else(|e| panic!("{}: {e}", case.id))
            } else {
                let new = case.field("new").expect("a case needs `new` or `position`");
                let words: Vec<&str> = new.split_whitespace().collect();
                let [seed, home, away] = words.as_slice() else {
                    panic!("new SEED HOME AWAY: {new}");
                };
                let home: Squad = home.parse().unwrap();
                let away: Squad = away.parse().unwrap();
                Game::new(home, away, seed.parse().unwrap())
            };
            Case {
                id: case.id,
                game,
                expected: case.counts,
            }
        })
        .collect()
}

#[test]
fn perft_counts_match_the_data_file() {
    for case in cases() {
        let game = &case.game;
        for &(depth, count) in &case.expected {
            assert_eq!(perft(game, depth), count, "{} depth {depth}", case.id);
        }
    }
}

#[test]
fn divide_sums_to_perft() {
    // Depth 2 from the start only: the activation's takes half a minute.
    for case in cases().into_iter().filter(|c| c.id == "start") {
        let game = &case.game;
        let total: u64 = divide(game, 2).iter().map(|(_, n)| n).sum();
        assert_eq!(total, perft(game, 2), "{}", case.id);
    }
}

/// Prints the activation case's position (to regenerate the data file).
#[test]
#[ignore]
fn print_activation_position() {
    use Role::*;
    let game = takkure_support::Setup::new(Side::Home)
        .at(&[
            (Runner, "H10"),
            (Playmaker, "F8"),
            (Guard, "K9"),
            (Oni, "D11"),
            (Stalker, "H16"),
            (Thrower, "E15"),
            (Brute, "J14"),
            (Beast, "M16"),
        ])
        .carrier(Runner)
        .game();
    println!("{game}");
    for depth in 1..=2 {
        let start = std::time::Instant::now();
        println!(
            "perft {depth} {} ({:?})",
            perft(&game, depth),
            start.elapsed()
        );
    }
}
