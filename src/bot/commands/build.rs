//! A slash command's name and option values, checked against the registry
//! (unknown, repeated and missing options, types, choices, bounds) and made
//! into a typed [`Command`].

use super::command::{ChallengeRequest, Command};
use super::registry::{spec, THREAD};
use super::spec::Action;
use crate::bot::ground::blind::BLIND;
use crate::games::options::challenge as shared;
use crate::games::options::{OptionKind, OptionSpec, OptionValue};
use crate::games::Chosen;

/// Checks one value against its option's registry entry.
pub fn check_value(spec: &OptionSpec, value: &OptionValue) -> Result<(), String> {
    let name = spec.name;
    if value.kind() != spec.kind {
        return Err(format!("{name} takes a {:?} value", spec.kind).to_lowercase());
    }
    let number = match value {
        OptionValue::Integer(n) => Some(*n as f64),
        OptionValue::Number(x) => Some(*x),
        _ => None,
    };
    if let Some(x) = number {
        // Short forms for huge numbers: 1e308, not 309 digits.
        let x = if x.abs() >= 1e6 {
            format!("{x:e}")
        } else {
            x.to_string()
        };
        let (lo, hi) = (spec.min.unwrap_or(f64::MIN), spec.max.unwrap_or(f64::MAX));
        if !(lo..=hi).contains(&number.unwrap_or_default()) {
            return Err(match (spec.min, spec.max) {
                (Some(lo), Some(hi)) => format!("{name} must be from {lo} to {hi}, not {x}"),
                (Some(lo), None) => format!("{name} must be at least {lo}, not {x}"),
                (None, Some(hi)) => format!("{name} must be at most {hi}, not {x}"),
                // Only a value that is not a number (NaN) misses an unbounded range.
                (None, None) => format!("{name} must be a number, not {x}"),
            });
        }
    }
    if let OptionValue::String(s) = value {
        if !spec.choices.is_empty() && !spec.choices.contains(&s.as_str()) {
            return Err(format!(
                "{name} must be one of {}, not `{s}`",
                spec.choices.join(", ")
            ));
        }
        if spec.required && s.trim().is_empty() {
            return Err(format!("{name} can't be empty"));
        }
    }
    Ok(())
}

/// Builds a typed command from its registry name and named option values,
/// checking unknown, repeated and missing options, types, choices and bounds.
pub fn build(name: &str, values: Vec<(String, OptionValue)>) -> Result<Command, String> {
    let spec = spec(name).ok_or_else(|| {
        format!("there is no command `/{name}`; type /help for the list of commands")
    })?;
    let mut seen: Vec<&str> = Vec::new();
    for (option, value) in &values {
        let Some(option_spec) = spec.option(option) else {
            let known: Vec<&str> = spec.options.iter().map(|o| o.name).collect();
            return Err(if known.is_empty() {
                format!("/{name} takes no options (got `{option}`)")
            } else {
                format!(
                    "/{name} has no option `{option}`; its options are {}",
                    known.join(", ")
                )
            });
        };
        if seen.contains(&option.as_str()) {
            return Err(format!("the option {option} is given twice"));
        }
        seen.push(option_spec.name);
        check_value(option_spec, value)?;
    }
    for option in spec.options.iter().filter(|o| o.required) {
        if !seen.contains(&option.name) {
            // Free text (a move) has no example that is right in every
            // position: its form is shown instead.
            let example = match option.choices.first() {
                Some(choice) => format!("e.g. /{name} {0}:{choice}", option.name),
                None => match option.kind {
                    OptionKind::String => format!("as /{name} {0}:<{0}>", option.name),
                    OptionKind::User => format!("e.g. /{name} {0}:@name", option.name),
                    OptionKind::Boolean => format!("e.g. /{name} {0}:true", option.name),
                    OptionKind::Integer | OptionKind::Number => {
                        format!("e.g. /{name} {0}:1", option.name)
                    }
                },
            };
            return Err(format!(
                "/{name} needs the option {0}, {example}",
                option.name
            ));
        }
    }
    let chosen = Chosen(&values);
    match spec.action {
        Action::Challenge(kind) => Ok(Command::Challenge(ChallengeRequest {
            opponent: chosen.user(shared::OPPONENT.name),
            settings: kind
                .settings_from_options(chosen)
                .map_err(|e| e.to_string())?,
            // Left out, `color:` takes the game's own default (random for
            // most; a game whose rules seat the challenger says so).
            seat: chosen
                .string("color")
                .or_else(|| {
                    spec.options
                        .iter()
                        .find(|o| o.name == "color")
                        .and_then(|o| o.default)
                        .map(str::to_string)
                })
                .and_then(|c| shared::seat_of_color(&c)),
            rated: chosen.boolean(shared::RATED.name) != Some(false),
            level: chosen
                .integer(shared::LEVEL.name)
                .and_then(|level| u8::try_from(level).ok()),
            thread: chosen.boolean(THREAD.name),
            blind: chosen.boolean(BLIND.name) == Some(true),
        })),
        Action::Build(build) => build(chosen),
    }
}
