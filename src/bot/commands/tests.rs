use chrono::Duration;

use super::*;
use crate::games::{GameKind, Seat};

fn s(v: &str) -> OptionValue {
    OptionValue::String(v.into())
}

/// `name` built with these options.
fn built(name: &str, values: Vec<(&str, OptionValue)>) -> Result<Command, String> {
    build(
        name,
        values
            .into_iter()
            .map(|(n, v)| (n.to_string(), v))
            .collect(),
    )
}

#[test]
fn every_game_is_challenged_with_its_own_defaults_and_the_shared_options() {
    // Issue 3: a challenge without options takes the game's defaults, is
    // open to anyone and rated; color and rated are read by the bot.
    for kind in GameKind::ALL {
        let challenge = format!("{} challenge", kind.name());
        assert!(is_group(kind.name()));
        let Command::Challenge(c) = built(&challenge, vec![]).unwrap() else {
            panic!("{challenge}")
        };
        assert_eq!(c.opponent, None);
        assert!(c.rated);
        assert_eq!(c.settings.kind(), *kind);
        let Command::Challenge(c) = built(
            &challenge,
            vec![
                ("color", s("black")),
                ("rated", OptionValue::Boolean(false)),
            ],
        )
        .unwrap() else {
            panic!("{challenge}")
        };
        assert_eq!(c.seat, Some(Seat::Player2), "{challenge}");
        assert!(!c.rated);
        assert!(built(&challenge, vec![("colour", s("white"))])
            .unwrap_err()
            .contains("no option `colour`"));
        assert!(built(&challenge, vec![("color", s("green"))])
            .unwrap_err()
            .contains("white, black, random"));
        // Every bounded option of the game is checked against its bounds.
        for o in kind.challenge_options() {
            let Some(max) = o.max else { continue };
            let value = match o.kind {
                OptionKind::Integer => OptionValue::Integer(max as i64 + 1),
                _ => OptionValue::Number(max + 1.0),
            };
            let err = built(&challenge, vec![(o.name, value)]).unwrap_err();
            assert!(err.contains(&format!("{} must be", o.name)), "{err}");
        }
        assert_eq!(
            built("rules", vec![("game", s(kind.name()))]).unwrap(),
            Command::Rules(*kind)
        );
        assert_eq!(
            built("leaderboard", vec![("game", s(kind.name()))]).unwrap(),
            Command::Leaderboard {
                game: Some(*kind),
                page: None
            }
        );
    }
}

#[test]
fn descriptions_fit_discord_limits() {
    // Discord allows 100 characters for command and option descriptions.
    for c in commands() {
        assert!(c.description.chars().count() <= 100, "{}", c.name);
        for o in &c.options {
            assert!(
                o.description.chars().count() <= 100,
                "{} {}",
                c.name,
                o.name
            );
        }
    }
}

#[test]
fn options_are_checked_against_the_registry() {
    let err = |name: &str, values: Vec<(&str, OptionValue)>| {
        build(
            name,
            values
                .into_iter()
                .map(|(n, v)| (n.to_string(), v))
                .collect(),
        )
        .unwrap_err()
    };
    assert!(err("move", vec![]).contains("needs the option notation"));
    assert!(err("board", vec![("x", s("1"))]).contains("takes no options"));
    assert!(err("frobnicate", vec![]).contains("no command"));
    assert!(err("move", vec![("notation", s("c3")), ("notation", s("c4"))]).contains("twice"));
}

#[test]
fn every_command_is_built_from_its_registry_name() {
    for spec in commands() {
        let values = spec
            .options
            .iter()
            .filter(|o| o.required)
            .map(|o| {
                let value = match (o.kind, o.choices.first()) {
                    (OptionKind::Boolean, _) => OptionValue::Boolean(true),
                    (_, Some(choice)) => s(choice),
                    _ => s("c3"),
                };
                (o.name.to_string(), value)
            })
            .collect();
        build(&spec.name, values).unwrap_or_else(|e| panic!("{}: {e}", spec.name));
    }
    assert!(!is_group("move"));
}

#[test]
fn correspondence_and_rating_options_become_typed_values() {
    let build = |name: &str, values: Vec<(&str, OptionValue)>| {
        build(
            name,
            values
                .into_iter()
                .map(|(n, v)| (n.to_string(), v))
                .collect(),
        )
    };
    assert_eq!(
        build("remind", vec![("every", s("6h"))]).unwrap(),
        Command::Remind {
            every: Some(Duration::hours(6))
        }
    );
    assert_eq!(
        build("remind", vec![("every", s("off"))]).unwrap(),
        Command::Remind { every: None }
    );
    assert!(build("remind", vec![("every", s("5h"))])
        .unwrap_err()
        .contains("6h, 12h, 1d, 2d, 3d, 1w, off"));
    assert_eq!(
        build("settings", vec![("timeout", s("off"))]).unwrap(),
        Command::Settings {
            reminder: None,
            timeout: Some(None),
            thread: None,
            tournaments: None,
            web: None
        }
    );
    assert!(build("leaderboard", vec![("game", s("chess"))])
        .unwrap_err()
        .contains(&format!("game must be one of {}", GameKind::ALL[0].name())));
    assert!(
        build("leaderboard", vec![("page", OptionValue::Integer(0))])
            .unwrap_err()
            .contains("page must be at least 1")
    );
    assert_eq!(
        build("export", vec![("game", OptionValue::Integer(3))]).unwrap(),
        Command::Export { game: Some(3) }
    );
}

#[test]
fn the_heavy_commands_by_name_are_those_heavy_once_built() {
    // Issue 26: the adapter queues a command by its name before it is
    // built; the name and the built command must agree.
    for spec in commands() {
        let Ok(command) = build(&spec.name, Vec::new()) else {
            continue; // needs options: none of the heavy ones does
        };
        assert_eq!(is_heavy(&spec.name), command.is_heavy(), "{}", spec.name);
    }
    assert!(is_heavy("replay") && is_heavy("analyze"));
    let replay_button = Command::Button(crate::bot::button_ids::replay_id(4));
    assert!(replay_button.is_heavy());
    assert!(!Command::Button(crate::bot::button_ids::rematch_id(4)).is_heavy());
}
