//! Perft counts from `tests/data/takkure/perft.txt`: distinct input
//! sequences, with the dice fixed by each position's generator.

#[path = "support/takkure.rs"]
mod support;

use taktable::games::takkure::{divide, perft, Game, Role, Side, Squad};

struct Case {
    id: String,
    game: Option<Game>,
    expected: Vec<(u32, u64)>,
}

fn last(cases: &mut [Case]) -> &mut Case {
    cases.last_mut().expect("a case starts with `id`")
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/takkure/perft.txt");
    let mut cases: Vec<Case> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => cases.push(Case {
                id: value.to_string(),
                game: None,
                expected: Vec::new(),
            }),
            "new" => {
                let words: Vec<&str> = value.split_whitespace().collect();
                let [seed, home, away] = words.as_slice() else {
                    panic!("new SEED HOME AWAY: {value}");
                };
                let home: Squad = home.parse().unwrap();
                let away: Squad = away.parse().unwrap();
                last(&mut cases).game = Some(Game::new(home, away, seed.parse().unwrap()));
            }
            "position" => last(&mut cases).game = Some(value.parse().unwrap()),
            "perft" => {
                let (depth, count) = value.split_once(' ').unwrap();
                last(&mut cases)
                    .expected
                    .push((depth.parse().unwrap(), count.parse().unwrap()));
            }
            other => panic!("unknown key {other}"),
        }
    }
    cases
}

#[test]
fn perft_counts_match_the_data_file() {
    for case in cases() {
        let game = case.game.as_ref().expect("a case needs a game");
        for &(depth, count) in &case.expected {
            assert_eq!(perft(game, depth), count, "{} depth {depth}", case.id);
        }
    }
}

#[test]
fn divide_sums_to_perft() {
    // Depth 2 from the start only: the activation's takes half a minute.
    for case in cases().into_iter().filter(|c| c.id == "start") {
        let game = case.game.as_ref().unwrap();
        let total: u64 = divide(game, 2).iter().map(|(_, n)| n).sum();
        assert_eq!(total, perft(game, 2), "{}", case.id);
    }
}

/// Prints the activation case's position (to regenerate the data file).
#[test]
#[ignore]
fn print_activation_position() {
    use Role::*;
    let game = support::Setup::new(Side::Home)
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
