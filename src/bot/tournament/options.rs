//! What `/tournament create` reads beyond plain values: the game's
//! settings, written as the game's own challenge options in one text
//! (`settings:"size:6 komi:2"`, since a Discord command has one fixed list
//! of options and each game has its own), read by the same option specs
//! and the same trait call as a challenge; and the time a round has.

use chrono::Duration;

use crate::bot::commands::check_value;
#[cfg(test)]
use crate::bot::commands::ROUND_TIME_CHOICES;
use crate::bot::ground::escape;
use crate::games::options::challenge::LEVEL;
use crate::games::options::own_options;
use crate::games::{Chosen, GameKind, GameSettings};

/// The shortest and longest round.
pub fn round_time_bounds() -> (Duration, Duration) {
    (Duration::days(1), Duration::weeks(2))
}

/// A round's time as typed (`1d`, `3d`, `1w`, `2w`), from a day to two weeks.
pub fn round_time(text: &str) -> Result<Duration, String> {
    let typed = escape::echo(text);
    let time = humantime::parse_duration(text.trim())
        .ok()
        .and_then(|d| Duration::from_std(d).ok())
        .ok_or_else(|| format!("round-time needs a duration such as 1d, 3d or 1w, not {typed}"))?;
    let (shortest, longest) = round_time_bounds();
    if time < shortest || time > longest {
        return Err(format!(
            "round-time must be from 1 day to 2 weeks, not {typed}"
        ));
    }
    Ok(time)
}

/// The settings of a `kind` game from its own challenge options written as
/// `name:value` words (empty: the game's defaults).
pub fn game_settings(kind: GameKind, text: &str) -> Result<GameSettings, String> {
    // The computer's level is no setting of a game between people.
    let options = || own_options(kind.challenge_options()).filter(|o| o.name != LEVEL.name);
    let names: Vec<&str> = options().map(|o| o.name).collect();
    let mut values = Vec::new();
    for word in text.split_whitespace() {
        let Some((name, raw)) = word.split_once(':') else {
            return Err(format!(
                "write each of the game's settings as name:value, e.g. {}:...; {} isn't",
                names.first().copied().unwrap_or("name"),
                escape::echo(word)
            ));
        };
        let Some(spec) = options().find(|o| o.name == name) else {
            return Err(if names.is_empty() {
                format!("{} has no settings to choose", kind.title())
            } else {
                format!(
                    "{} has no setting {}; its settings are {}",
                    kind.title(),
                    escape::echo(name),
                    names.join(", ")
                )
            });
        };
        if values.iter().any(|(given, _)| given == name) {
            return Err(format!("the setting {name} is given twice"));
        }
        let value = spec.read(raw)?;
        check_value(spec, &value)?;
        values.push((name.to_string(), value));
    }
    kind.settings_from_options(Chosen(&values))
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_games_settings_are_read_as_its_challenge_reads_them() {
        for &kind in GameKind::ALL {
            let defaults = kind.settings_from_options(Chosen(&[])).unwrap();
            let read = game_settings(kind, "").unwrap();
            // A game that draws something at random (a seed) differs each
            // time; the others are the same settings.
            if defaults == kind.settings_from_options(Chosen(&[])).unwrap() {
                assert_eq!(read, defaults);
            }
            assert_eq!(read.kind(), kind);
            // Every own option written with its documented default gives
            // the game's defaults too.
            let written: Vec<String> = own_options(kind.challenge_options())
                .filter_map(|o| Some(format!("{}:{}", o.name, o.default?)))
                .filter(|w| !w.contains(' '))
                .collect();
            if let Ok(settings) = game_settings(kind, &written.join(" ")) {
                assert_eq!(settings.kind(), kind);
            }
        }
    }

    #[test]
    fn unknown_repeated_and_malformed_settings_are_refused_with_the_list() {
        let kind = GameKind::ALL[0];
        let first = own_options(kind.challenge_options())
            .find(|o| o.name != LEVEL.name)
            .unwrap();
        // The computer's level is no tournament setting.
        assert!(game_settings(kind, "level:3").is_err());
        let err = game_settings(kind, "nosuch:1").unwrap_err();
        assert!(err.contains(first.name), "{err}");
        assert!(game_settings(kind, "nonsense")
            .unwrap_err()
            .contains("name:value"));
        let twice = format!("{0}:x {0}:y", first.name);
        let err = game_settings(kind, &twice).unwrap_err();
        assert!(
            err.contains("given twice") || err.contains(first.name),
            "{err}"
        );
    }

    #[test]
    fn a_round_lasts_from_a_day_to_two_weeks() {
        for choice in ROUND_TIME_CHOICES {
            assert!(round_time(choice).is_ok(), "{choice}");
        }
        assert_eq!(round_time("3d").unwrap(), Duration::days(3));
        assert!(round_time("12h").is_err());
        assert!(round_time("3w").is_err());
        assert!(round_time("soon").is_err());
    }
}
