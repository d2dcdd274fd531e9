//! The application commands the bot registers, built from the core's registry
//! ([`crate::bot::commands::commands`]): one top-level command per registry entry, or per group
//! (`tak challenge` is the subcommand `challenge` of `/tak`). `taktable commands --json` prints
//! exactly what [`application_commands`] returns, serialised as the registration request body.
//!
//! The registration is built here rather than by poise's `create_application_commands`: poise's
//! parameters set their type through a plain function pointer (so bounds could not differ per
//! option) and express fixed choices as integer indexes. Here string choices stay strings
//! (`color: white`), numbers keep the registry's bounds, and a small integer range (size 3 to 8)
//! is offered as choices. The poise command tree that serves the interactions
//! ([`super::commands::all`]) is built from the same registry, with the same names.

use poise::serenity_prelude as serenity;

use crate::bot::commands::{commands, CommandSpec, OptionKind, OptionSpec};
use crate::games::GameKind;

/// Integer options with at most this many values are offered as choices.
const MAX_INTEGER_CHOICES: f64 = 10.0;

/// Whether an option is filled in by autocomplete (the legal moves for `/move notation`).
pub(crate) fn autocompleted(command: &str, option: &str) -> bool {
    command == "move" && option == "notation"
}

/// The subcommands of a group: `(subcommand name, registry entry)`.
pub(crate) type Subcommands = Vec<(&'static str, &'static CommandSpec)>;

/// The top-level commands, in registry order: `(name, Some(entries))` for a group of
/// subcommands, `(name, None)` for a plain command. Each entry is `(subcommand name, spec)`.
pub(crate) fn tree() -> Vec<(&'static str, Option<Subcommands>)> {
    let mut tree: Vec<(&'static str, Option<Subcommands>)> = Vec::new();
    for spec in commands() {
        let full: &'static str = spec.name.as_str();
        match full.split_once(' ') {
            None => tree.push((full, None)),
            Some((group, sub)) => match tree.iter_mut().find(|(name, _)| *name == group) {
                Some((_, Some(subs))) => subs.push((sub, spec)),
                _ => tree.push((group, Some(vec![(sub, spec)]))),
            },
        }
    }
    tree
}

/// The description of a group of subcommands (`/tak`), which the registry has no entry for.
pub(crate) fn group_description(group: &str) -> String {
    match GameKind::parse(group) {
        Some(kind) => format!("Play {}", kind.title()),
        None => format!("/{group} commands"),
    }
}

/// The options of a command, required ones first (Discord refuses them otherwise), keeping the
/// registry's order among each.
pub(crate) fn ordered_options(spec: &'static CommandSpec) -> Vec<&'static OptionSpec> {
    let (required, optional): (Vec<_>, Vec<_>) = spec.options.iter().partition(|o| o.required);
    required.into_iter().chain(optional).collect()
}

/// Discord's option type for a registry option kind.
pub(crate) fn option_type(kind: OptionKind) -> serenity::CommandOptionType {
    match kind {
        OptionKind::User => serenity::CommandOptionType::User,
        OptionKind::Integer => serenity::CommandOptionType::Integer,
        OptionKind::Number => serenity::CommandOptionType::Number,
        OptionKind::String => serenity::CommandOptionType::String,
        OptionKind::Boolean => serenity::CommandOptionType::Boolean,
    }
}

/// The integer values offered as choices for a small bounded integer option.
fn integer_choices(option: &OptionSpec) -> Option<std::ops::RangeInclusive<i64>> {
    match (option.kind, option.min, option.max) {
        (OptionKind::Integer, Some(lo), Some(hi)) if hi >= lo && hi - lo < MAX_INTEGER_CHOICES => {
            Some(lo.ceil() as i64..=hi.floor() as i64)
        }
        _ => None,
    }
}

fn option(command: &CommandSpec, spec: &OptionSpec) -> serenity::CreateCommandOption {
    let mut option =
        serenity::CreateCommandOption::new(option_type(spec.kind), spec.name, spec.description)
            .required(spec.required);
    if autocompleted(&command.name, spec.name) {
        return option.set_autocomplete(true);
    }
    for choice in spec.choices {
        option = option.add_string_choice(*choice, *choice);
    }
    if let Some(values) = integer_choices(spec) {
        for value in values {
            // Within i32: the range is small and comes from the registry's bounds.
            let value = i32::try_from(value).unwrap_or_default();
            option = option.add_int_choice(value.to_string(), value);
        }
        return option;
    }
    match spec.kind {
        OptionKind::Integer => {
            // Integer bounds in the registry are whole numbers from 0 up.
            if let Some(min) = spec.min {
                option = option.min_int_value(min.max(0.0) as u64);
            }
            if let Some(max) = spec.max {
                option = option.max_int_value(max.max(0.0) as u64);
            }
        }
        OptionKind::Number => {
            if let Some(min) = spec.min {
                option = option.min_number_value(min);
            }
            if let Some(max) = spec.max {
                option = option.max_number_value(max);
            }
        }
        _ => {}
    }
    option
}

/// Every application command, as registered.
pub fn application_commands() -> Vec<serenity::CreateCommand> {
    tree()
        .into_iter()
        .map(|(name, subs)| {
            let mut command = serenity::CreateCommand::new(name)
                // Games are played in servers: the commands are not offered in direct messages.
                .contexts(vec![serenity::InteractionContext::Guild]);
            match subs {
                None => {
                    let spec = crate::bot::commands::spec(name)
                        .expect("the tree is built from the registry");
                    command = command.description(spec.description.as_str());
                    for o in ordered_options(spec) {
                        command = command.add_option(option(spec, o));
                    }
                }
                Some(subs) => {
                    command = command.description(group_description(name));
                    for (sub, spec) in subs {
                        let mut subcommand = serenity::CreateCommandOption::new(
                            serenity::CommandOptionType::SubCommand,
                            sub,
                            spec.description.as_str(),
                        );
                        for o in ordered_options(spec) {
                            subcommand = subcommand.add_sub_option(option(spec, o));
                        }
                        command = command.add_option(subcommand);
                    }
                }
            }
            command
        })
        .collect()
}

/// [`application_commands`] as the JSON array sent to Discord, pretty-printed.
pub fn application_commands_json() -> String {
    serde_json::to_string_pretty(&application_commands())
        .expect("command builders always serialise")
}

#[cfg(test)]
mod tests {
    use serde_json::Value;

    use super::*;

    fn commands() -> Vec<Value> {
        match serde_json::from_str(&application_commands_json()).unwrap() {
            Value::Array(list) => list,
            other => panic!("{other}"),
        }
    }

    fn find<'a>(list: &'a [Value], name: &str) -> &'a Value {
        list.iter()
            .find(|c| c["name"] == name)
            .unwrap_or_else(|| panic!("no {name}"))
    }

    #[test]
    fn every_registry_command_is_registered_once() {
        let commands = commands();
        let mut names = Vec::new();
        for command in &commands {
            let name = command["name"].as_str().unwrap();
            match command["options"].as_array() {
                Some(options) if options.iter().any(|o| o["type"] == 1) => {
                    for sub in options {
                        names.push(format!("{name} {}", sub["name"].as_str().unwrap()));
                    }
                }
                _ => names.push(name.to_string()),
            }
        }
        let registry: Vec<String> = crate::bot::commands::commands()
            .iter()
            .map(|c| c.name.clone())
            .collect();
        assert_eq!(names, registry);
    }

    #[test]
    fn choices_bounds_and_autocomplete_come_from_the_registry() {
        let commands = commands();
        let tak = find(&commands, "tak");
        assert_eq!(tak["description"], "Play Tak");
        let challenge = &tak["options"][0];
        assert_eq!(challenge["type"], 1);
        let option = |name: &str| {
            challenge["options"]
                .as_array()
                .unwrap()
                .iter()
                .find(|o| o["name"] == name)
                .unwrap()
                .clone()
        };
        assert_eq!(option("opponent")["type"], 6);
        let size = option("size");
        assert_eq!(size["type"], 4);
        let sizes: Vec<i64> = size["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["value"].as_i64().unwrap())
            .collect();
        assert_eq!(sizes, [3, 4, 5, 6, 7, 8]);
        let komi = option("komi");
        assert_eq!(
            (komi["type"].clone(), komi["min_value"].as_f64()),
            (10.into(), Some(-4.5))
        );
        assert_eq!(komi["max_value"].as_f64(), Some(4.5));
        let flats = option("flats");
        assert_eq!(
            (flats["min_value"].as_i64(), flats["max_value"].as_i64()),
            (Some(1), Some(80))
        );
        assert_eq!(
            option("color")["choices"],
            serde_json::json!([
                { "name": "white", "value": "white" },
                { "name": "black", "value": "black" },
                { "name": "random", "value": "random" },
            ])
        );
        let notation = &find(&commands, "move")["options"][0];
        assert_eq!(notation["autocomplete"], true);
        assert_eq!(notation["required"], true);
        assert!(notation
            .get("choices")
            .map_or(true, |c| c == &serde_json::json!([])));
        let theme = &find(&commands, "theme")["options"][0];
        assert_eq!(theme["choices"].as_array().unwrap().len(), 4);
        assert_eq!(find(&commands, "export")["options"][0]["min_value"], 1);
        for command in &commands {
            assert_eq!(command["contexts"], serde_json::json!([0]), "{command}");
        }
    }

    #[test]
    fn integer_bounds_are_whole_numbers_from_zero() {
        for command in crate::bot::commands::commands() {
            for option in &command.options {
                if option.kind == OptionKind::Integer {
                    for bound in [option.min, option.max].into_iter().flatten() {
                        assert!(bound >= 0.0 && bound.fract() == 0.0, "{}", command.name);
                    }
                }
            }
        }
    }
}
