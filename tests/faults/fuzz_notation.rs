//! Fuzz targets for every game's notation and position format (issue 16,
//! "Faults and bad input"): Tak PTN moves, PTN files and TPS; Takat turns,
//! positions and records; Taka turns and positions; Takkure inputs and
//! positions. Each input must give a value or an error, never a panic, in
//! well under a second; whatever parses must print and parse back to the
//! same value, and be safe to play on. See `support/fuzz.rs` for the
//! mutations and `FUZZ_CASES` for long runs.

use crate::fuzz::Target;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::fmt::{Debug, Display};
use std::str::FromStr;

fn text(path: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/data/{path}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// Reads `text` as a `T`. What reads must print in the canonical form and
/// read back as the same value (RULINGS Tak 7 for PTN and TPS; each game's
/// notation text says the same of its own); what does not must say why.
fn read_back<T>(text: &str) -> Option<T>
where
    T: FromStr + Display + PartialEq + Debug,
    T::Err: Display,
{
    match text.parse::<T>() {
        Ok(value) => {
            let written = value.to_string();
            match written.parse::<T>() {
                Ok(again) => assert_eq!(again, value, "{text:?} -> {written:?}"),
                Err(e) => panic!("{text:?} -> {written:?} does not read back: {e}"),
            }
            Some(value)
        }
        Err(e) => {
            assert!(!e.to_string().is_empty(), "{text:?}: an empty error");
            None
        }
    }
}

mod tak {
    use super::*;
    use taktable::games::tak::ptn_file::RESULT_TOKENS;
    use taktable::games::tak::{write_ptn, Komi, Move, Opening, Position, PtnGame, Rules};

    /// Random games of every size: their positions, moves and PTN files.
    struct Seeds {
        positions: Vec<Position>,
        moves: Vec<String>,
        files: Vec<String>,
    }

    fn seeds() -> Seeds {
        let mut rng = SmallRng::seed_from_u64(16);
        let mut seeds = Seeds {
            positions: Vec::new(),
            moves: Vec::new(),
            files: Vec::new(),
        };
        for game in 0..24 {
            let size = 3 + (game % 6) as u8;
            let mut rules = Rules::standard(size)
                .unwrap()
                .with_komi(Komi::from_halves(rng.random_range(-4..=4)).unwrap());
            if game % 5 == 0 {
                rules = rules.with_opening(Opening::NoSwap);
            }
            let start = Position::new(rules);
            let mut p = start.clone();
            let mut played = Vec::new();
            for _ in 0..rng.random_range(0..120) {
                let legal = p.legal_moves();
                if legal.is_empty() || p.is_over() {
                    break;
                }
                let mv = legal[rng.random_range(0..legal.len())];
                seeds.moves.push(p.ptn(mv));
                p.play(mv).unwrap();
                played.push(mv);
            }
            let result = p.outcome().map_or("", |o| o.result_string());
            let tags = [
                ("Player1", "alice".to_string()),
                ("Player2", "bob".to_string()),
                ("Size", size.to_string()),
                ("Komi", rules.komi.to_string()),
            ];
            seeds.files.push(write_ptn(&tags, &start, &played, result));
            seeds.positions.push(p);
        }
        for name in ["flat-win", "road-win", "illegal-move", "wrong-result"] {
            seeds.files.push(text(&format!("tak/games/{name}.ptn")));
        }
        seeds
    }

    fn tokens() -> Vec<String> {
        strings(&[
            "3c3>12",
            "Sa1",
            "Cb2",
            "8a1+1111112",
            "c3-",
            "5e5<",
            "*",
            "'",
            "!?",
            "1.",
            "R-0",
            "F-0",
            "1/2-1/2",
            "--",
            "{",
            "}",
            "[Size \"",
            "[TPS \"",
            "[Komi \"",
            "[Opening \"",
            "[Flats \"",
            "[Caps2 \"",
            "\"]\n",
            "x8",
            "x",
            "12C",
            "21S",
            " 1 1",
            " 2 ",
            "/",
        ])
    }

    #[test]
    fn ptn_moves() {
        let seeds = seeds();
        let target = Target {
            name: "tak-ptn-move",
            seeds: seeds.moves.clone(),
            tokens: tokens(),
            regressions: strings(&[
                "", "*", "9a1>", "0a1", "a0", "i1", "a9", "3c3>9", "C", "8h8+",
            ]),
        };
        target.run(|text| {
            let Some(mv) = read_back::<Move>(text) else {
                return false;
            };
            // Any parsed move is safe to try on any position.
            for p in seeds.positions.iter().step_by(5) {
                let mut q = p.clone();
                if q.play(mv).is_ok() {
                    assert_eq!(q.ply(), p.ply() + 1);
                }
            }
            true
        });
    }

    #[test]
    fn ptn_files() {
        let seeds = seeds();
        let target = Target {
            name: "tak-ptn-file",
            seeds: seeds.files,
            tokens: tokens(),
            regressions: strings(&[
                "",
                "[",
                "[Size \"",
                "{",
                "[Size \"5\"]\n1. a1 {",
                "[Size \"5\"][Flats \"-1\"]",
                "[Size \"5\"][Caps \"300\"]",
                "[TPS \"x3/x3/x3 1 1\"][Size \"4\"]",
                "[Size \"18446744073709551616\"]",
                "[Size \"8\"][Flats \"255\"][Caps \"255\"]\n1. a1 b1",
            ]),
        };
        target.run(|text| {
            let Ok(game) = PtnGame::parse(text) else {
                return false;
            };
            let Ok(replay) = game.replay() else {
                return true;
            };
            // Written back out, the file reads and replays to the same game.
            let tags: Vec<(&str, String)> = game
                .tags
                .iter()
                .map(|(name, value)| (name.as_str(), value.clone()))
                .collect();
            // Only a result token goes in the move text (a Result tag may say anything).
            let result = game
                .result
                .as_deref()
                .filter(|r| RESULT_TOKENS.contains(r))
                .unwrap_or("");
            let written = write_ptn(&tags, &game.start, &replay.moves, result);
            let again = PtnGame::parse(&written)
                .unwrap_or_else(|e| panic!("{e}: {text:?} written as {written:?}"));
            let again_replay = again
                .replay()
                .unwrap_or_else(|e| panic!("{e}: {text:?} written as {written:?}"));
            assert_eq!(again.tags, game.tags, "{written:?}");
            assert_eq!(again_replay.moves, replay.moves, "{written:?}");
            assert_eq!(again_replay.position, replay.position, "{written:?}");
            true
        });
    }

    #[test]
    fn tps() {
        let seeds = seeds();
        let target = Target {
            name: "tak-tps",
            seeds: seeds.positions.iter().map(Position::tps).collect(),
            tokens: tokens(),
            regressions: strings(&[
                "",
                "x5/x5/x5/x5/x5 1 1",
                "x9/x9/x9/x9/x9/x9/x9/x9/x9 1 1",
                "x3/x3/x3 1 4294967296",
                "x3/x3/x3 1 2147483648",
                "x3/x3/x3 2 0",
                "x3/x3/x0,x3 1 1",
                "[TPS \"x3/x3/x3 1 1\"",
            ]),
        };
        target.run(|text| {
            let Ok(p) = Position::from_tps_standard(text) else {
                return false;
            };
            // RULINGS Tak 7: the canonical TPS reads back as the same position.
            let written = p.tps();
            assert_eq!(
                Position::from_tps_standard(&written).as_ref(),
                Ok(&p),
                "{text:?} -> {written:?}"
            );
            // A position read is one the engine can play on.
            let _ = p.outcome();
            for mv in p.legal_moves().into_iter().take(12) {
                let mut q = p.clone();
                q.play(mv)
                    .unwrap_or_else(|e| panic!("legal {mv} refused in {written}: {e}"));
            }
            true
        });
    }
}

mod takat {
    use super::*;
    use taktable::games::takat::{parse_record, Cell, Color, Position, Record, Turn};

    fn games() -> Vec<Record> {
        let mut rng = SmallRng::seed_from_u64(16);
        let mut records = Vec::new();
        for _ in 0..24 {
            let mut record = Record::default();
            let mut p = Position::start();
            for _ in 0..rng.random_range(0..80) {
                let turns = p.legal_turns();
                if turns.is_empty() || p.is_over() {
                    break;
                }
                let t = turns[rng.random_range(0..turns.len())];
                p.play(t).unwrap();
                record.turns.push(t);
            }
            records.push(record);
        }
        records
    }

    fn positions(records: &[Record]) -> Vec<Position> {
        records
            .iter()
            .flat_map(|r| r.positions().unwrap().into_iter().step_by(7))
            .collect()
    }

    fn tokens() -> Vec<String> {
        strings(&[
            "+N",
            "+SE",
            "N-C",
            "NW-SW",
            "C",
            "x",
            "w",
            "b",
            "n",
            "W",
            "B",
            "[Game \"Takat\"]\n",
            "[Position \"",
            "\"]\n",
            "# ",
            "{",
            "}",
            "\n",
            "\r\n",
            "/",
        ])
    }

    #[test]
    fn turns() {
        let records = games();
        let positions = positions(&records);
        let mut seeds: Vec<String> = Vec::new();
        for p in &positions {
            seeds.extend(p.legal_turns().iter().map(Turn::to_string));
        }
        seeds.extend(["C", "NE", "SW"].map(String::from));
        let target = Target {
            name: "takat-turn",
            seeds,
            tokens: tokens(),
            regressions: strings(&["", "N\u{2212}C", "N-", "-C", "++N", "+", "N-N"]),
        };
        target.run(|text| {
            let _ = read_back::<Cell>(text);
            let Some(turn) = read_back::<Turn>(text) else {
                return false;
            };
            for p in positions.iter().step_by(9) {
                if p.check(turn).is_ok() {
                    p.clone().play(turn).unwrap();
                }
            }
            true
        });
    }

    #[test]
    fn positions_format() {
        let positions = positions(&games());
        let target = Target {
            name: "takat-position",
            seeds: positions.iter().map(Position::to_string).collect(),
            tokens: tokens(),
            regressions: strings(&[
                "",
                "x/x/x/x/x/x/x w n",
                "bbbbbbbbbbbbbbbbbbbb/x/x/x/x/x/x w n",
            ]),
        };
        target.run(|text| {
            let Some(p) = read_back::<Position>(text) else {
                return false;
            };
            // RULINGS Takat 2: 6 white and 15 black pieces at most.
            assert!(p.on_board(Color::White) <= 6 && p.on_board(Color::Black) <= 15);
            let _ = p.outcome();
            for turn in p.legal_turns() {
                p.clone().play(turn).unwrap();
            }
            true
        });
    }

    #[test]
    fn records() {
        let records = games();
        let mut seeds: Vec<String> = records.iter().map(Record::to_string).collect();
        for name in ["white-wins", "black-wins"] {
            seeds.push(text(&format!("takat/games/{name}.takat")));
        }
        let target = Target {
            name: "takat-record",
            seeds,
            tokens: tokens(),
            regressions: strings(&["", "[Game \"Takat\"", "+N\r+S\r", "{", "[A \"\\\"]"]),
        };
        target.run(|text| {
            let Ok(record) = parse_record(text) else {
                return false;
            };
            let written = record.to_string();
            assert_eq!(
                parse_record(&written).as_ref(),
                Ok(&record),
                "{text:?} -> {written:?}"
            );
            true
        });
    }
}

mod taka {
    use super::*;
    use taktable::games::taka::{Position, Settings, Turn};

    fn positions() -> Vec<Position> {
        let mut rng = SmallRng::seed_from_u64(16);
        let mut out = Vec::new();
        for game in 0..16 {
            let mut p = if game % 2 == 0 {
                Position::start()
            } else {
                Position::start_with(Settings::new(3, 75).unwrap())
            };
            for _ in 0..rng.random_range(0..60) {
                let turns = p.legal_turns();
                if turns.is_empty() {
                    break;
                }
                out.push(p.clone());
                let t = turns[rng.random_range(0..turns.len())];
                p.play(&t).unwrap();
            }
            out.push(p);
        }
        out
    }

    fn tokens() -> Vec<String> {
        strings(&[
            "A1", "K11", "B9-A9", "-", ">", "<", "=", "*", "x", "/", ",", ":",
        ])
    }

    #[test]
    fn turns() {
        let positions = positions();
        let mut seeds: Vec<String> = Vec::new();
        for p in positions.iter().step_by(3) {
            seeds.extend(p.legal_turns().iter().take(40).map(Turn::to_string));
        }
        let target = Target {
            name: "taka-turn",
            seeds,
            tokens: tokens(),
            regressions: strings(&["", "B9\u{2212}A9", "Z99-A1", "A0-A1", "A1-A1-A1-A1-A1"]),
        };
        target.run(|text| {
            let Some(turn) = read_back::<Turn>(text) else {
                return false;
            };
            for p in positions.iter().step_by(11) {
                if p.check(&turn).is_ok() {
                    p.clone().play(&turn).unwrap();
                }
            }
            true
        });
    }

    #[test]
    fn positions_format() {
        let positions = positions();
        let target = Target {
            name: "taka-position",
            seeds: positions
                .iter()
                .step_by(2)
                .map(Position::to_string)
                .collect(),
            tokens: tokens(),
            regressions: strings(&[""]),
        };
        target.run(|text| {
            let Some(p) = read_back::<Position>(text) else {
                return false;
            };
            let _ = p.outcome();
            for turn in p.legal_turns().into_iter().take(12) {
                p.clone().play(&turn).unwrap();
            }
            true
        });
    }
}

mod takkure {
    use super::*;
    use taktable::games::takkure::{Game, Input, Squad};

    fn games() -> Vec<Game> {
        let mut rng = SmallRng::seed_from_u64(16);
        let mut out = Vec::new();
        for g in 0..12u64 {
            let (home, away) = if g % 2 == 0 {
                (Squad::Yamato, Squad::Teriomorph)
            } else {
                (Squad::Teriomorph, Squad::Yamato)
            };
            let mut game = Game::new(home, away, g);
            for _ in 0..rng.random_range(0..150) {
                let inputs = game.legal_inputs();
                if inputs.is_empty() || game.outcome().is_some() {
                    break;
                }
                if rng.random_ratio(1, 6) {
                    out.push(game.clone());
                }
                let input = inputs[rng.random_range(0..inputs.len())].clone();
                game.play(&input).unwrap();
            }
            out.push(game);
        }
        out
    }

    fn tokens() -> Vec<String> {
        strings(&[
            "runner", "oni", "beast", "stalker", "move", "pass", "a1", "l8", " ", "\"", "null",
            "true", "false", "[", "]", "{", "}", ":", ",", "-1", "999999",
        ])
    }

    #[test]
    fn inputs() {
        let games = games();
        let mut seeds: Vec<String> = Vec::new();
        for game in &games {
            seeds.extend(game.legal_inputs().iter().take(40).map(Input::to_string));
        }
        let target = Target {
            name: "takkure-input",
            seeds,
            tokens: tokens(),
            regressions: strings(&[""]),
        };
        target.run(|text| {
            let Some(input) = read_back::<Input>(text) else {
                return false;
            };
            for game in games.iter().step_by(5) {
                if game.check(&input).is_ok() {
                    game.clone().play(&input).unwrap();
                }
            }
            true
        });
    }

    #[test]
    fn positions_format() {
        let games = games();
        let target = Target {
            name: "takkure-position",
            seeds: games.iter().map(Game::to_string).collect(),
            tokens: tokens(),
            regressions: strings(&["", "{}", "null", "[]"]),
        };
        target.run(|text| {
            let Some(game) = read_back::<Game>(text) else {
                return false;
            };
            let _ = (game.outcome(), game.prompt());
            for input in game.legal_inputs().into_iter().take(3) {
                game.clone().play(&input).unwrap_or_else(|e| {
                    panic!("legal {input} refused in {game}: {e}");
                });
            }
            true
        });
    }
}
