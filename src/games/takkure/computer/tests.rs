//! The coach's behaviour (issue 30).

use super::super::game::{Ball, Outcome};
use super::super::player::{Absence, PlayerId};
use super::super::squad::{Role, Squad};
use super::*;

const SQUADS: [Squad; 2] = [Squad::Yamato, Squad::Teriomorph];

/// Level 5 against a random coach, `n` matches, each side half the time
/// (run by hand: `-- --ignored --nocapture`).
fn tally(a: Coach, b: Coach, seeds: std::ops::Range<u64>) -> (u32, u32, u32, usize) {
    let (mut won, mut lost, mut drawn, mut inputs) = (0, 0, 0, 0);
    for seed in seeds {
        let a_home = seed % 2 == 0;
        let (home, away) = if a_home { (a, b) } else { (b, a) };
        let a_side = if a_home { Side::Home } else { Side::Away };
        let (outcome, n) = play_match(home, away, SQUADS, seed, 50_000);
        inputs += n;
        match outcome {
            Some(Outcome::Win(side)) if side == a_side => won += 1,
            Some(Outcome::Win(_)) => lost += 1,
            _ => drawn += 1,
        }
    }
    (won, lost, drawn, inputs)
}

/// How many matches a pair the measuring tests play: `MATCHES`, 100 by
/// default.
fn matches() -> u64 {
    std::env::var("MATCHES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(100)
}

/// "+W -L =D, score S ± E": the score counts a draw half, the error is
/// one standard error of the mean.
fn figures(won: u32, lost: u32, drawn: u32) -> String {
    let n = f64::from(won + lost + drawn);
    let points: Vec<f64> = [(won, 1.0), (lost, 0.0), (drawn, 0.5)]
        .iter()
        .flat_map(|&(k, p)| std::iter::repeat(p).take(k as usize))
        .collect();
    let mean = points.iter().sum::<f64>() / n;
    let var = points.iter().map(|p| (p - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    format!(
        "+{won} -{lost} ={drawn}, score {mean:.2} ± {:.2}",
        (var / n).sqrt()
    )
}

/// Level 5 against a coach choosing uniformly among the legal inputs
/// (issue 30 asks at least 0.9). Run by hand (docs/ai.md, "Takkure"):
/// `nice -n 10 cargo test --release --lib takkure::computer::tests::level_five_against_random -- --ignored --nocapture`.
#[test]
#[ignore]
fn level_five_against_random() {
    let start = std::time::Instant::now();
    let (won, lost, drawn, inputs) = tally(Coach::Level(5), Coach::Random, 0..matches());
    println!(
        "level 5 v random: {} ({inputs} inputs, {:.0?})",
        figures(won, lost, drawn),
        start.elapsed()
    );
}

/// Each level against the one below (issue 30: above 0.5 by more than
/// its error); `LEVELS=5` for one pair. Run by hand as above.
#[test]
#[ignore]
fn each_level_against_the_one_below() {
    let only: Option<u8> = std::env::var("LEVELS").ok().and_then(|n| n.parse().ok());
    for level in 2..=5u8 {
        if only.is_some_and(|l| l != level) {
            continue;
        }
        let start = std::time::Instant::now();
        let (won, lost, drawn, inputs) = tally(
            Coach::Level(level),
            Coach::Level(level - 1),
            1000..1000 + matches(),
        );
        println!(
            "level {level} v {}: {} ({inputs} inputs, {:.0?})",
            level - 1,
            figures(won, lost, drawn),
            start.elapsed()
        );
    }
}

/// The slowest decision of level 5 over a few matches against level 4
/// (issue 30 asks under 2 s).
#[test]
#[ignore]
fn slowest_decision() {
    let mut worst = std::time::Duration::ZERO;
    let mut at = String::new();
    let (mut total, mut count) = (std::time::Duration::ZERO, 0u32);
    for seed in 0..std::env::var("MATCHES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(4u64)
    {
        let mut game = Game::new(SQUADS[0], SQUADS[1], seed);
        let mut n = 0u64;
        while let Some(side) = game.awaiting() {
            let start = std::time::Instant::now();
            let level = if side == Side::Home { 5 } else { 4 };
            let input = coach_input(&game, level, mix(seed ^ n)).expect("an input");
            let took = start.elapsed();
            if level == 5 {
                total += took;
                count += 1;
            }
            if took > worst {
                worst = took;
                at = format!("{:?} -> {input}", game.step());
            }
            game.play(&input).expect("legal");
            n += 1;
        }
    }
    println!(
        "slowest decision {worst:?} ({at}); level 5 mean {:?} over {count}",
        total / count.max(1)
    );
}

fn sq(text: &str) -> Square {
    text.parse().expect("a square")
}

/// A match at the first action of an activation, `attack` with 4 tokens,
/// only the players named on the field, the ball held by `carrier`.
fn position(home: &[(u8, &str)], away: &[(u8, &str)], attack: Side, carrier: PlayerId) -> Game {
    let mut game = Game::new(SQUADS[0], SQUADS[1], 9);
    for (side, placed) in [(Side::Home, home), (Side::Away, away)] {
        for id in Game::ids(side) {
            let p = game.player_mut(id);
            match placed.iter().find(|(slot, _)| *slot == id.slot) {
                Some((_, at)) => p.square = Some(sq(at)),
                None => p.out = Some(Absence::Match),
            }
        }
    }
    game.ball = Ball::Held(carrier);
    game.attack = attack;
    game.tokens = 4;
    game.step = Step::First;
    game
}

const fn home(slot: u8) -> PlayerId {
    PlayerId {
        side: Side::Home,
        slot,
    }
}

/// Rulebook 4.04, RULINGS Takkure 5: a carrier in the opponent's in-goal
/// scores with a TRY as second action; the coach activates it and tries.
#[test]
fn takes_a_try_in_one_when_it_is_on() {
    // The home Playmaker (try BaC 7) stands in the south in-goal; the
    // Teriomorph Stalker is far away.
    let mut game = position(&[(1, "H27"), (0, "C10")], &[(0, "P3")], Side::Home, home(1));
    for level in [5, 4] {
        let first = coach_input(&game, level, 1).expect("an input");
        assert!(
            matches!(
                &first,
                Input::Act {
                    role: Role::Playmaker,
                    ..
                }
            ),
            "level {level}: {first}"
        );
    }
    let first = coach_input(&game, 5, 1).expect("an input");
    game.play(&first).expect("legal");
    while game.step() == Step::Defence {
        game.play(&Input::Done).expect("legal");
    }
    assert_eq!(game.step(), Step::Second);
    assert_eq!(
        coach_input(&game, 5, 1),
        Some(Input::Second(super::super::input::Second::Try))
    );
}

/// Rulebook 4.04, RULINGS Takkure 5 and 10: a carrier in the in-goal
/// tries at once even when its try is poor (the Oni, try BaC 4, a third):
/// the ball kept there brings nothing more later, and nothing once the
/// half's activations run out.
#[test]
fn a_poor_try_is_still_taken_at_once() {
    let mut game = position(&[(3, "H27"), (0, "C10")], &[(0, "P3")], Side::Home, home(3));
    let first = coach_input(&game, 5, 2).expect("an input");
    assert!(
        matches!(
            &first,
            Input::Act {
                role: Role::Oni,
                ..
            }
        ),
        "{first}"
    );
    game.play(&first).expect("legal");
    while game.step() == Step::Defence {
        game.play(&Input::Done).expect("legal");
    }
    assert_eq!(
        coach_input(&game, 5, 2),
        Some(Input::Second(super::super::input::Second::Try))
    );
}

/// Rulebook 1.12, 3.07: the defence tackles a carrier in contact when the
/// odds are good (the Beast, STR 10, against the Runner, STR 5 and REF 8).
#[test]
fn tackles_the_carrier_in_contact() {
    let mut game = position(&[(0, "H14")], &[(3, "H16")], Side::Home, home(0));
    game.play(&Input::Act {
        role: Role::Runner,
        action: Action::Hold,
    })
    .expect("legal");
    assert_eq!(game.step(), Step::Defence);
    let declared = coach_input(&game, 5, 3).expect("an input");
    assert!(
        matches!(
            declared,
            Input::Act {
                role: Role::Beast,
                action: Action::Tackle(_)
            }
        ),
        "{declared}"
    );
}

/// The attacker with the ball and an open field runs it up: its first
/// action moves the carrier towards the in-goal.
#[test]
fn runs_the_ball_up_an_open_field() {
    let game = position(&[(0, "H10"), (1, "E8")], &[(0, "A27")], Side::Home, home(0));
    let first = coach_input(&game, 5, 5).expect("an input");
    let Input::Act {
        role: Role::Runner,
        action: Action::Move { to, .. },
    } = first
    else {
        panic!("{first}");
    };
    assert!(to.row() >= sq("H14").row(), "{to}");
}

/// Every input the coach chooses at every level is legal, whatever the
/// seed, through kick-offs, activations, defences and second actions.
#[test]
fn never_an_illegal_input() {
    for seed in 0..6u64 {
        let level = (seed % 5) as u8 + 1;
        let mut game = Game::new(SQUADS[(seed % 2) as usize], SQUADS[1], seed);
        for n in 0..300u64 {
            let Some(side) = game.awaiting() else { break };
            let coach = if side == Side::Home {
                Coach::Level(level)
            } else {
                Coach::Level(6 - level)
            };
            let input = coach.input(&game, mix(seed ^ n)).expect("an input");
            if let Err(e) = game.play(&input) {
                panic!("seed {seed}, level {level}: {input} refused: {e}");
            }
        }
    }
}

/// The same match and seed give the same input (RULINGS Takkure 4: a
/// match replays identically).
#[test]
fn the_seed_decides() {
    let game = position(&[(0, "H10"), (1, "E8")], &[(0, "H13")], Side::Home, home(0));
    for level in LEVELS {
        assert_eq!(coach_input(&game, level, 11), coach_input(&game, level, 11));
    }
}

/// Prints one match of level 5 against the random coach as
/// `level_five_against_random` plays it (`SEED`, 1 by default), input by
/// input with the time box, tokens, score and ball before it: for reading
/// why a match ends 0-0. `AT=n` also prints level 5's best-judged inputs
/// before input n. Run by hand with `-- --ignored --nocapture`.
#[test]
#[ignore]
fn watch_a_match() {
    let var = |name: &str| std::env::var(name).ok().and_then(|n| n.parse::<u64>().ok());
    let seed = var("SEED").unwrap_or(1);
    let at = var("AT");
    let level_five = if seed % 2 == 0 {
        Side::Home
    } else {
        Side::Away
    };
    let mut game = Game::new(SQUADS[0], SQUADS[1], seed);
    let mut played = 0u64;
    while let Some(side) = game.awaiting() {
        let (coach, who) = if side == level_five {
            (Coach::Level(5), "L5 ")
        } else {
            (Coach::Random, "rnd")
        };
        let key = mix(seed.wrapping_mul(31) ^ played);
        if at == Some(played) && side == level_five {
            let dice = mix(key ^ 0x6c6f_6f6b);
            let judge = |g: &Game| value::value(g, side);
            let mut rows: Vec<(f64, Input)> = candidates(&game)
                .into_iter()
                .filter_map(|i| look::expected(&game, &i, 2, dice, &judge).map(|v| (v, i)))
                .collect();
            rows.sort_by(|a, b| b.0.total_cmp(&a.0));
            for (v, input) in rows.iter().take(12) {
                println!("    {v:8.2} {input}");
            }
        }
        let Some(input) = coach.input(&game, key) else {
            break;
        };
        let ball = match game.ball() {
            Ball::Held(c) => match game.player(c).square {
                Some(sq) => format!("{} on {sq}", game.name(c)),
                None => game.name(c),
            },
            Ball::Loose(sq) => format!("loose on {sq}"),
            Ball::Out => "out".to_string(),
        };
        let (clock, tokens) = (game.time().clock, game.tokens());
        let (home, away) = (game.score(Side::Home), game.score(Side::Away));
        let logs = game.play(&input).expect("legal");
        println!(
            "{played} {who} {side} box {clock} t{tokens} {home}-{away} [{ball}] {input} | {}",
            logs.join(" / ")
        );
        played += 1;
    }
    println!("{:?}", game.outcome());
}
