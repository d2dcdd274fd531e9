//! Fuzz targets for command input (issue 16, "Faults and bad input"): the
//! terminal adapter's line parser, the option values the Discord adapter
//! hands to the core (`bot::commands::build`, which turns named options
//! into a typed command) and buttons' custom ids. Each input must give a
//! command or an error, never a panic, in well under a second; a command
//! read must not depend on the order its options were written in.

use crate::fuzz::Target;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use taktable::bot::button_ids::{self, Press};
use taktable::bot::commands::{self, OptionKind, OptionSpec, OptionValue, UserRef};
use taktable::console::parse::{parse_command, user_id};
use taktable::store::OfferKind;

/// A command as text, with any dice seed masked: a challenge that does not fix the seed draws
/// one nobody can guess (Takkure), so two readings of it differ there and only there.
fn unseeded<T: std::fmt::Debug>(command: &T) -> String {
    let text = format!("{command:?}");
    let mut masked = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(at) = rest.find("seed: ") {
        let (head, tail) = rest.split_at(at + "seed: ".len());
        masked.push_str(head);
        masked.push('_');
        rest = tail.trim_start_matches(|c: char| c.is_ascii_digit());
    }
    masked.push_str(rest);
    masked
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// A value an option of this spec might take: one of its choices, a
/// number in or near its bounds, a user, a word.
fn sample(rng: &mut SmallRng, spec: &OptionSpec) -> String {
    if !spec.choices.is_empty() {
        return spec.choices[rng.random_range(0..spec.choices.len())].to_string();
    }
    match spec.kind {
        OptionKind::User => ["@bob", "@alice", "@carol.x"][rng.random_range(0..3)].to_string(),
        OptionKind::Boolean => ["true", "false", "yes", "no"][rng.random_range(0..4)].to_string(),
        OptionKind::Integer | OptionKind::Number => {
            let low = spec.min.unwrap_or(-10.0) as i64 - 1;
            let high = spec.max.unwrap_or(10.0) as i64 + 1;
            let n = rng.random_range(low..=high);
            if spec.kind == OptionKind::Number && rng.random_bool(0.5) {
                format!("{n}.5")
            } else {
                n.to_string()
            }
        }
        OptionKind::String => ["c3", "3c3>12", "+N", "B9-A9", "runner move e4", "hello"]
            [rng.random_range(0..6)]
        .to_string(),
    }
}

/// Lines a player might type: every command with random options, and
/// every command line of the console transcripts.
fn console_lines() -> Vec<String> {
    let mut rng = SmallRng::seed_from_u64(16);
    let mut lines = Vec::new();
    for spec in commands::commands() {
        for _ in 0..6 {
            let mut line = format!("/{}", spec.name);
            for option in &spec.options {
                if option.required || rng.random_bool(0.5) {
                    line.push_str(&format!(" {}:{}", option.name, sample(&mut rng, option)));
                }
            }
            lines.push(line);
        }
    }
    let dir = format!("{}/tests/transcripts", env!("CARGO_MANIFEST_DIR"));
    for entry in std::fs::read_dir(dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        lines.extend(
            text.lines()
                .filter_map(|l| l.strip_prefix("> /"))
                .map(|l| format!("/{l}")),
        );
    }
    lines.sort();
    lines.dedup();
    lines
}

fn tokens() -> Vec<String> {
    let mut tokens = strings(&["/", ":", "@", "\"", " ", "opponent:@", "notation:\""]);
    for spec in commands::commands() {
        tokens.push(spec.name.clone());
        for option in &spec.options {
            tokens.push(format!(" {}:", option.name));
            tokens.extend(option.choices.iter().map(|c| c.to_string()));
        }
    }
    tokens
}

#[test]
fn console_lines_parse_or_are_refused() {
    let target = Target {
        name: "console-line",
        seeds: console_lines(),
        tokens: tokens(),
        regressions: strings(&[
            "",
            "/",
            "//",
            "/tak",
            "/move \"",
            "/move notation:",
            "/tak challenge size:99999999999999999999",
            "/tak challenge komi:NaN",
            "/tak challenge komi:inf",
            "/tak challenge komi:1e309",
            "/tak challenge opponent:@",
            "/TAK CHALLENGE SIZE:6",
            "/move notation:c3 notation:c4",
        ]),
    };
    target.run(|line| {
        let Ok(command) = parse_command(line) else {
            return false;
        };
        // The same line reads the same way twice.
        assert_eq!(
            parse_command(line).as_ref().map(unseeded),
            Ok(unseeded(&command)),
            "{line:?}"
        );
        // Options may come in any order: reversed, they give the same command.
        if !line.contains('"') {
            let words: Vec<&str> = line.split_whitespace().collect();
            if let Some(first) = words.iter().position(|w| w.contains(':')) {
                if first > 0 && words[first..].iter().all(|w| w.contains(':')) {
                    let mut reordered: Vec<&str> = words[..first].to_vec();
                    reordered.extend(words[first..].iter().rev());
                    let reordered = reordered.join(" ");
                    assert_eq!(
                        parse_command(&reordered).as_ref().map(unseeded),
                        Ok(unseeded(&command)),
                        "{line:?} reordered as {reordered:?}"
                    );
                }
            }
        }
        true
    });
}

/// The options the Discord adapter passes to `commands::build`, written one
/// per line as `name<TAB>kind<TAB>value` after the command's name (kind: `i`
/// integer, `n` number, `s` string, `b` boolean, `u` user), so that the
/// text mutations reach names, kinds and values alike.
fn decode(text: &str) -> (String, Vec<(String, OptionValue)>) {
    let mut lines = text.split('\n');
    let name = lines.next().unwrap_or_default().to_string();
    let mut values = Vec::new();
    for line in lines {
        let mut fields = line.splitn(3, '\t');
        let option = fields.next().unwrap_or_default().to_string();
        let kind = fields.next().unwrap_or_default();
        let raw = fields.next().unwrap_or_default();
        let value = match kind {
            "i" => raw.parse().map_or_else(
                |_| OptionValue::String(raw.to_string()),
                OptionValue::Integer,
            ),
            // Any f64, NaN and infinities included: the core must not trust Discord's checks.
            "n" => raw.parse().map_or_else(
                |_| OptionValue::String(raw.to_string()),
                OptionValue::Number,
            ),
            "b" => OptionValue::Boolean(raw == "true"),
            "u" => OptionValue::User(UserRef {
                id: user_id(raw),
                name: raw.to_string(),
            }),
            _ => OptionValue::String(raw.to_string()),
        };
        values.push((option, value));
    }
    (name, values)
}

fn encode(rng: &mut SmallRng, spec: &commands::CommandSpec) -> String {
    let mut text = spec.name.clone();
    for option in &spec.options {
        if !(option.required || rng.random_bool(0.6)) {
            continue;
        }
        let raw = sample(rng, option);
        let (kind, raw) = match option.kind {
            OptionKind::Integer => ("i", raw),
            OptionKind::Number => ("n", raw),
            OptionKind::Boolean => ("b", (raw == "true" || raw == "yes").to_string()),
            OptionKind::User => ("u", raw.trim_start_matches('@').to_string()),
            OptionKind::String => ("s", raw),
        };
        text.push_str(&format!("\n{}\t{kind}\t{raw}", option.name));
    }
    text
}

#[test]
fn discord_options_build_or_are_refused() {
    let mut rng = SmallRng::seed_from_u64(16);
    let seeds: Vec<String> = commands::commands()
        .iter()
        .flat_map(|spec| (0..6).map(|_| encode(&mut rng, spec)).collect::<Vec<_>>())
        .collect();
    let mut tokens = tokens();
    tokens.extend(strings(&[
        "\n", "\t", "\ti\t", "\tn\t", "\ts\t", "\tb\t", "\tu\t",
    ]));
    let target = Target {
        name: "discord-options",
        seeds,
        tokens,
        regressions: strings(&[
            "",
            "tak challenge\nkomi\tn\tNaN",
            "tak challenge\nkomi\tn\tinf",
            "tak challenge\nkomi\tn\t1e300",
            "tak challenge\nsize\ti\t-9223372036854775808",
            "tak challenge\nsize\ts\t6",
            "move\nnotation\ti\t3",
            "move\nnotation\ts\t",
        ]),
    };
    target.run(|text| {
        let (name, values) = decode(text);
        match commands::build(&name, values.clone()) {
            Ok(command) => {
                // Discord sends options in any order.
                let reversed: Vec<_> = values.into_iter().rev().collect();
                assert_eq!(
                    commands::build(&name, reversed).as_ref().map(unseeded),
                    Ok(unseeded(&command)),
                    "{text:?}"
                );
                true
            }
            Err(why) => {
                assert!(!why.is_empty(), "{text:?}");
                false
            }
        }
    });
}

#[test]
fn button_ids_parse_or_are_ignored() {
    let seeds = vec![
        button_ids::challenge_id(12, true),
        button_ids::challenge_id(9_007_199_254_740_993, false),
        button_ids::offer_id(OfferKind::Draw, 3, 17, true),
        button_ids::offer_id(OfferKind::Undo, 4, 0, false),
        button_ids::rematch_id(77),
    ];
    let target = Target {
        name: "button-id",
        seeds,
        tokens: strings(&[
            ":",
            "accept",
            "decline",
            "draw",
            "undo",
            "rematch",
            "replay",
            "challenge",
            "history",
            "games",
            "mygames",
            "leaderboard",
            "rating",
            "tournament",
            "join",
            "leave",
        ]),
        regressions: strings(&[
            "",
            ":",
            "challenge::accept",
            "rematch:",
            "draw:1:2:3:accept",
        ]),
    };
    target.run(|id| {
        let Some(press) = button_ids::parse(id) else {
            return false;
        };
        // What parses is what the bot would have written for that button.
        let written = match press {
            Press::Challenge { id, accept } => button_ids::challenge_id(id, accept),
            Press::Offer {
                kind,
                game,
                version,
                accept,
            } => button_ids::offer_id(kind, game, version, accept),
            Press::Rematch { game } => button_ids::rematch_id(game),
            Press::Replay { game } => button_ids::replay_id(game),
            Press::HistoryPage { user, page } => button_ids::history_page_id(user, page),
            Press::GamesPage { page } => button_ids::games_page_id(page),
            Press::MyGamesPage { page } => button_ids::my_games_page_id(page),
            Press::Leaderboard { game } => button_ids::leaderboard_id(game),
            Press::Rating { user, game } => button_ids::rating_id(user, game),
            Press::Tournament { id, join } => button_ids::tournament_id(id, join),
        };
        assert_eq!(button_ids::parse(&written), Some(press), "{id:?}");
        true
    });
}
