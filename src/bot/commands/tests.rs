use chrono::Duration;

use super::*;
use crate::games::{GameKind, GameSettings, Seat, TakSettings, TakatSettings};

fn s(v: &str) -> OptionValue {
    OptionValue::String(v.into())
}

#[test]
fn challenge_defaults_are_size_5_komi_0_random_swap_standard_rated() {
    // Issue 3: defaults size 5, komi 0, random colour, swap, standard reserves, rated.
    let Command::Challenge(c) = build("tak challenge", vec![]).unwrap() else {
        panic!()
    };
    assert_eq!(c.opponent, None);
    assert_eq!(c.seat, None);
    assert!(c.rated);
    assert_eq!(
        c.settings,
        GameSettings::Tak(TakSettings::standard(5).unwrap())
    );
}

#[test]
fn takat_challenge_has_colour_and_rated_only() {
    let Command::Challenge(c) = build(
        "takat challenge",
        vec![
            ("color".into(), s("black")),
            ("rated".into(), OptionValue::Boolean(false)),
        ],
    )
    .unwrap() else {
        panic!()
    };
    assert_eq!(c.settings, GameSettings::Takat(TakatSettings::default()));
    assert_eq!(c.settings.kind().name(), "takat");
    assert_eq!(c.seat, Some(Seat::Player2));
    assert!(!c.rated);
    assert!(build(
        "takat challenge",
        vec![("size".into(), OptionValue::Integer(5))]
    )
    .unwrap_err()
    .contains("no option `size`"));
    assert_eq!(
        build("rules", vec![("game".into(), s("takat"))]).unwrap(),
        Command::Rules(GameKind::Takat)
    );
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
    assert!(
        err("tak challenge", vec![("size", OptionValue::Integer(9))])
            .contains("size must be from 3 to 8")
    );
    assert!(
        err("tak challenge", vec![("komi", OptionValue::Number(1.25))]).contains("steps of 0.5")
    );
    assert!(err("tak challenge", vec![("color", s("green"))]).contains("white, black, random"));
    assert!(err("tak challenge", vec![("colour", s("white"))]).contains("no option"));
    assert!(
        err("tak challenge", vec![("caps", OptionValue::Integer(6))])
            .contains("caps must be from 0 to 5")
    );
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
    assert!(is_group("tak"));
    assert!(is_group("takat"));
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
    assert_eq!(
        build("leaderboard", vec![("game", s("tak"))]).unwrap(),
        Command::Leaderboard {
            game: Some(GameKind::Tak),
            page: None
        }
    );
    assert!(build("leaderboard", vec![("game", s("chess"))])
        .unwrap_err()
        .contains("game must be one of tak"));
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
