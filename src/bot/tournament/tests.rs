//! The pairings' properties over many random tournaments (issue 32: 3 to
//! 64 players, random results): round robin meets every pair exactly
//! once; Swiss never pairs a pair twice, gives nobody two byes, keeps
//! every colour difference within 2, and fails only when no legal pairing
//! exists. The random tournaments come from a seeded generator, so a
//! failure names its seed and replays.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::colour::{allocate, History};
use super::record::{Colour, Outcome, Pairing, Record, Round, DRAW, WIN};
use super::round_robin::schedule;
use super::standings::{standings, Format, TieBreak};
use super::swiss::pair;
use super::tiebreak::{buchholz, head_to_head, sonneborn_berger};

/// How many random Swiss tournaments the property test plays.
const SWISS_TOURNAMENTS: u64 = 400;

fn random_outcome(rng: &mut SmallRng) -> Outcome {
    match rng.random_range(0..10) {
        0..=3 => Outcome::WhiteWins,
        4..=6 => Outcome::BlackWins,
        7..=8 => Outcome::Draw,
        _ => Outcome::BothLose,
    }
}

fn colour_difference(record: &Record, player: usize) -> i32 {
    History::of(&record.colours(player)).difference
}

#[test]
fn round_robin_meets_every_pair_exactly_once_with_balanced_colours() {
    for players in 2..=64 {
        let rounds = schedule(players);
        let expected_rounds = if players % 2 == 0 {
            players - 1
        } else {
            players
        };
        assert_eq!(rounds.len(), expected_rounds, "{players} players");
        let mut met = vec![vec![0; players]; players];
        let mut byes = vec![0; players];
        let mut record = Record::new(players);
        for round in rounds {
            let mut seen = vec![false; players];
            for p in &round.pairings {
                for player in [p.white, p.black] {
                    assert!(player < players);
                    assert!(
                        !seen[player],
                        "{players} players: {player} twice in a round"
                    );
                    seen[player] = true;
                }
                met[p.white][p.black] += 1;
                met[p.black][p.white] += 1;
            }
            if let Some(bye) = round.bye {
                assert!(!seen[bye]);
                seen[bye] = true;
                byes[bye] += 1;
            }
            assert!(
                seen.iter().all(|&s| s),
                "{players} players: someone left out"
            );
            assert_eq!(round.bye.is_some(), players % 2 == 1);
            record.rounds.push(round);
            // Colours stay balanced round by round, not only at the end.
            for player in 0..players {
                assert!(colour_difference(&record, player).abs() <= 2);
            }
        }
        for (a, row) in met.iter().enumerate() {
            for (b, &count) in row.iter().enumerate() {
                assert_eq!(count, usize::from(a != b), "{players} players: {a} v {b}");
            }
            assert_eq!(byes[a], players % 2, "{players} players: byes of {a}");
            assert!(
                colour_difference(&record, a).abs() <= 1,
                "{players} players: colours of {a} end unbalanced"
            );
        }
    }
}

#[test]
fn round_robin_of_six_is_fides_berger_table() {
    // FIDE Handbook C.05 Annex 1, 5 or 6 players (seeds from 1).
    let table = [
        "1-6 2-5 3-4",
        "6-4 5-3 1-2",
        "2-6 3-1 4-5",
        "6-5 1-4 2-3",
        "3-6 4-2 5-1",
    ];
    let rounds = schedule(6);
    for (round, expected) in rounds.iter().zip(table) {
        let shown: Vec<String> = round
            .pairings
            .iter()
            .map(|p| format!("{}-{}", p.white + 1, p.black + 1))
            .collect();
        assert_eq!(shown.join(" "), expected);
    }
    // Five players: the sixth is the phantom, and its opponent has the bye.
    let five = schedule(5);
    assert_eq!(five[0].bye, Some(0));
    assert_eq!(five[1].bye, Some(3));
}

/// Whether `active` can be paired legally at all: every choice of bye (if
/// odd), every perfect matching, by brute force.
fn legal_pairing_exists(record: &Record, active: &[usize]) -> bool {
    fn matchable(record: &Record, left: &[usize]) -> bool {
        let Some((&first, rest)) = left.split_first() else {
            return true;
        };
        rest.iter().enumerate().any(|(i, &other)| {
            let a = History::of(&record.colours(first));
            let b = History::of(&record.colours(other));
            if record.met(first, other) || allocate(&a, &b, true).is_none() {
                return false;
            }
            let mut remaining = rest.to_vec();
            remaining.remove(i);
            matchable(record, &remaining)
        })
    }
    if active.len() % 2 == 0 {
        return matchable(record, active);
    }
    active.iter().enumerate().any(|(i, &bye)| {
        let mut remaining = active.to_vec();
        remaining.remove(i);
        record.byes(bye) == 0 && matchable(record, &remaining)
    })
}

fn check_swiss_round(record: &Record, active: &[usize], round: &Round, seed: u64) {
    let mut seen = vec![false; record.players];
    for p in &round.pairings {
        assert!(
            !record.met(p.white, p.black),
            "seed {seed}: {p:?} met before"
        );
        for player in [p.white, p.black] {
            assert!(
                active.contains(&player),
                "seed {seed}: {player} is not active"
            );
            assert!(!seen[player], "seed {seed}: {player} paired twice");
            seen[player] = true;
        }
    }
    if let Some(bye) = round.bye {
        assert_eq!(
            active.len() % 2,
            1,
            "seed {seed}: a bye with an even number"
        );
        assert_eq!(record.byes(bye), 0, "seed {seed}: a second bye for {bye}");
        assert!(!seen[bye]);
        seen[bye] = true;
    }
    assert_eq!(
        seen.iter().filter(|&&s| s).count(),
        active.len(),
        "seed {seed}: someone active was left out"
    );
}

#[test]
fn swiss_never_repeats_a_pair_nor_a_bye_and_keeps_colours_within_two() {
    let mut rounds_paired = 0;
    let mut failures_confirmed = 0;
    for seed in 0..SWISS_TOURNAMENTS {
        let mut rng = SmallRng::seed_from_u64(seed);
        let players = rng.random_range(3..=64);
        // Small fields play until no pairing is left, to reach the
        // backtracking; large ones a usual number of rounds.
        let rounds = if players <= 10 {
            players + 1
        } else {
            rng.random_range(1..=12)
        };
        let ratings: Vec<i32> = (0..players).map(|_| rng.random_range(1000..2000)).collect();
        let mut record = Record::new(players);
        let mut active: Vec<usize> = (0..players).collect();
        for _ in 0..rounds {
            // Now and then a player withdraws.
            if active.len() > 3 && rng.random_range(0..12) == 0 {
                let leaving = rng.random_range(0..active.len());
                active.remove(leaving);
            }
            let Some(mut round) = pair(&record, &active, &ratings) else {
                if active.len() <= 11 {
                    assert!(
                        !legal_pairing_exists(&record, &active),
                        "seed {seed}: no pairing found, but one exists"
                    );
                    failures_confirmed += 1;
                }
                break;
            };
            check_swiss_round(&record, &active, &round, seed);
            for p in &mut round.pairings {
                p.outcome = random_outcome(&mut rng);
            }
            record.rounds.push(round);
            rounds_paired += 1;
            for &player in &active {
                assert!(
                    colour_difference(&record, player).abs() <= 2,
                    "seed {seed}: colour difference of {player} past 2"
                );
            }
        }
    }
    // The property held over this many rounds, and the pairer's failures
    // were all confirmed by brute force.
    println!(
        "{SWISS_TOURNAMENTS} Swiss tournaments, {rounds_paired} rounds paired, {failures_confirmed} failures confirmed by brute force"
    );
    assert!(rounds_paired > 2000, "{rounds_paired} rounds");
    assert!(
        failures_confirmed > 20,
        "{failures_confirmed} failures confirmed"
    );
}

#[test]
fn swiss_first_round_pairs_the_top_half_against_the_bottom_half() {
    // Dutch system: seeds 1-5, 6-2, 3-7, 8-4 with 8 players (colours
    // alternating by board).
    let ratings = [1800, 1700, 1600, 1500, 1400, 1300, 1200, 1100];
    let record = Record::new(8);
    let round = pair(&record, &(0..8).collect::<Vec<_>>(), &ratings).unwrap();
    let shown: Vec<String> = round
        .pairings
        .iter()
        .map(|p| format!("{}-{}", p.white + 1, p.black + 1))
        .collect();
    assert_eq!(shown.join(" "), "1-5 6-2 3-7 8-4");
    assert_eq!(round.bye, None);
}

#[test]
fn swiss_bye_goes_to_the_lowest_ranked_and_is_worth_a_win() {
    let ratings = [1500, 1400, 1300];
    let mut record = Record::new(3);
    let round = pair(&record, &[0, 1, 2], &ratings).unwrap();
    assert_eq!(round.bye, Some(2));
    record.rounds.push(round);
    assert_eq!(record.points(2), WIN);
    // Next round the bye passes to someone who has not had one.
    record.rounds[0].pairings[0].outcome = Outcome::WhiteWins;
    let next = pair(&record, &[0, 1, 2], &ratings).unwrap();
    assert_ne!(next.bye, Some(2));
}

#[test]
fn swiss_pairs_players_on_equal_points_first() {
    // After round 1 of 4 players: the two winners meet, and the two losers.
    let ratings = [1800, 1700, 1600, 1500];
    let mut record = Record::new(4);
    let mut round = pair(&record, &[0, 1, 2, 3], &ratings).unwrap();
    for p in &mut round.pairings {
        // The higher rated wins every game.
        p.outcome = if p.white < p.black {
            Outcome::WhiteWins
        } else {
            Outcome::BlackWins
        };
    }
    record.rounds.push(round);
    let next = pair(&record, &[0, 1, 2, 3], &ratings).unwrap();
    let pairs: Vec<(usize, usize)> = next
        .pairings
        .iter()
        .map(|p| (p.white.min(p.black), p.white.max(p.black)))
        .collect();
    assert_eq!(pairs, [(0, 1), (2, 3)]);
    // And each player's colour alternates.
    for p in &next.pairings {
        assert_eq!(record.colours(p.white), [Colour::Black]);
        assert_eq!(record.colours(p.black), [Colour::White]);
    }
}

/// A small hand-worked Swiss: 4 players, 2 rounds.
///
/// Round 1: A-B 1-0, C-D ½-½. Round 2: A-C 1-0, B-D 0-1 (B loses).
/// Points: A 2, B 0, C ½, D 1½.
fn worked_example() -> Record {
    let game = |white, black, outcome| Pairing {
        white,
        black,
        outcome,
    };
    Record {
        players: 4,
        bye_points: WIN,
        rounds: vec![
            Round {
                pairings: vec![game(0, 1, Outcome::WhiteWins), game(2, 3, Outcome::Draw)],
                bye: None,
            },
            Round {
                pairings: vec![
                    game(0, 2, Outcome::WhiteWins),
                    game(1, 3, Outcome::BlackWins),
                ],
                bye: None,
            },
        ],
    }
}

#[test]
fn buchholz_and_sonneborn_berger_of_a_worked_example() {
    let record = worked_example();
    let points: Vec<u32> = (0..4).map(|p| record.points(p)).collect();
    assert_eq!(points, [2 * WIN, 0, DRAW, WIN + DRAW]);
    // Buchholz: the opponents' points. A met B (0) and C (½): ½.
    assert_eq!(buchholz(&record, 0), 1);
    // D met C (½) and B (0): ½.
    assert_eq!(buchholz(&record, 3), 1);
    // Sonneborn-Berger: beaten opponents' points, half of drawn ones'.
    // A beat B (0) and C (½): ½ = 2 quarters. D drew C (½ × ½) and beat
    // B (0): ¼ = 1 quarter.
    assert_eq!(sonneborn_berger(&record, 0), 2);
    assert_eq!(sonneborn_berger(&record, 3), 1);
    assert_eq!(head_to_head(&record, 3, &[1, 2]), WIN + DRAW);
    let order: Vec<usize> = standings(&record, Format::Swiss)
        .iter()
        .map(|l| l.player)
        .collect();
    assert_eq!(order, [0, 3, 2, 1]);
}

#[test]
fn round_robin_ties_are_broken_by_sonneborn_berger_then_head_to_head() {
    // Three players, each beats one (a cycle), a fourth loses to all:
    // the three tie on points and on Sonneborn-Berger, and on head to
    // head too, so they share first place.
    let mut record = Record::new(4);
    for (round, results) in schedule(4).into_iter().zip(0..) {
        let mut round = round;
        for p in &mut round.pairings {
            let winner = match (p.white.min(p.black), p.white.max(p.black)) {
                (_, 3) => p.white.min(p.black),
                (0, 1) => 0,
                (1, 2) => 1,
                _ => 2,
            };
            p.outcome = if winner == p.white {
                Outcome::WhiteWins
            } else {
                Outcome::BlackWins
            };
        }
        let _: i32 = results;
        record.rounds.push(round);
    }
    let table = standings(&record, Format::RoundRobin);
    let ranks: Vec<(usize, usize)> = table.iter().map(|l| (l.player, l.rank)).collect();
    assert_eq!(ranks, [(0, 1), (1, 1), (2, 1), (3, 4)]);
    assert!(matches!(table[0].tiebreaks[1], TieBreak::HeadToHead(2)));
    // Now 0 beats 2 instead: 0 alone has 3 points.
    for round in &mut record.rounds {
        for p in &mut round.pairings {
            if (p.white.min(p.black), p.white.max(p.black)) == (0, 2) {
                p.outcome = if p.white == 0 {
                    Outcome::WhiteWins
                } else {
                    Outcome::BlackWins
                };
            }
        }
    }
    let table = standings(&record, Format::RoundRobin);
    assert_eq!(
        (table[0].player, table[0].rank, table[0].points),
        (0, 1, 3 * WIN)
    );
}

#[test]
fn a_double_loss_scores_nothing_for_either() {
    assert_eq!(Outcome::BothLose.points(Colour::White), Some(0));
    assert_eq!(Outcome::BothLose.points(Colour::Black), Some(0));
    assert_eq!(Outcome::Pending.points(Colour::White), None);
}

/// Pairing time for 64 players over 12 rounds (run by hand:
/// `cargo test --release --lib tournament::tests::swiss_pairing_time -- --ignored --nocapture`).
#[test]
#[ignore]
fn swiss_pairing_time_for_64_players() {
    let mut rng = SmallRng::seed_from_u64(64);
    let ratings: Vec<i32> = (0..64).map(|_| rng.random_range(1000..2000)).collect();
    let mut record = Record::new(64);
    let active: Vec<usize> = (0..64).collect();
    let mut slowest = std::time::Duration::ZERO;
    for _ in 0..20 {
        let start = std::time::Instant::now();
        let Some(mut round) = pair(&record, &active, &ratings) else {
            break;
        };
        slowest = slowest.max(start.elapsed());
        for p in &mut round.pairings {
            p.outcome = random_outcome(&mut rng);
        }
        record.rounds.push(round);
    }
    println!(
        "64 players, {} rounds paired, slowest round {slowest:?}",
        record.rounds.len()
    );
}
