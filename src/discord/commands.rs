//! The slash commands, built at run time from the core's registry
//! ([`crate::bot::commands::commands`]): one poise command per registry entry (`tak challenge`
//! is the subcommand `challenge` of `/tak`), with the registry's description, its synopsis as
//! help text and its options as parameters. Every command has the same action: it reads the
//! interaction's options, turns them into the registry's [`OptionValue`]s, builds the
//! [`crate::bot::Command`] with [`commands::build`] (the checks the terminal makes too) and
//! hands the invocation to the core ([`super::interaction::run`]). `/move notation`
//! autocompletes the caller's legal moves.
//!
//! What is registered with Discord is built from the same registry by
//! [`super::registration`]; [`tests`] check that both trees have the same names.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use poise::BoxFuture;
use tracing::warn;

use super::answer::Answer;
use super::data::{Command, CommandError, Data};
use super::interaction::{self, place};
use super::lanes::Work;
use super::registration::{self, autocompleted, ordered_options};
use crate::bot::commands::{self, CommandSpec, OptionKind, OptionSpec, OptionValue, UserRef};
use crate::bot::views::help;
use crate::bot::{suggest, Bot};

type AppContext<'a> = poise::ApplicationContext<'a, Data, CommandError>;
type ActionResult<'a> = Result<(), poise::FrameworkError<'a, Data, CommandError>>;

/// Discord shows at most 25 autocomplete suggestions.
pub(crate) const MAX_SUGGESTIONS: usize = 25;

/// Every command the framework serves, in registry order.
///
/// poise's command structs have a hidden field, so they are made with their public constructors
/// (`Default`, and poise's own macro for a parameter) and then filled in.
#[allow(clippy::field_reassign_with_default)]
pub(crate) fn all() -> Vec<Command> {
    registration::tree()
        .into_iter()
        .map(|(name, subs)| match subs {
            None => {
                let spec = commands::spec(name).expect("the tree is built from the registry");
                leaf(name, spec)
            }
            Some(subs) => {
                let mut group = Command::default();
                group.name = name.into();
                group.qualified_name = name.into();
                group.identifying_name = name.into();
                group.source_code_name = name.into();
                group.description = Some(registration::group_description(name).into());
                group.subcommands = subs
                    .into_iter()
                    .map(|(sub, spec)| leaf(sub, spec))
                    .collect();
                group.subcommand_required = true;
                // Only its subcommands run; poise needs an action to dispatch to them.
                group.slash_action = Some(slash_action);
                group
            }
        })
        .collect()
}

#[allow(clippy::field_reassign_with_default)]
fn leaf(name: &'static str, spec: &'static CommandSpec) -> Command {
    let mut command = Command::default();
    command.name = name.into();
    command.qualified_name = spec.name.as_str().into();
    command.identifying_name = spec.name.as_str().into();
    command.source_code_name = spec.name.as_str().into();
    command.description = Some(spec.description.as_str().into());
    command.help_text = Some(help::synopsis(spec).into());
    command.parameters = ordered_options(spec)
        .into_iter()
        .map(|o| parameter(spec, o))
        .collect();
    command.slash_action = Some(slash_action);
    command.custom_data = Box::new(spec.name.as_str());
    command
}

// The one parameter of `parameter_template` is the model of every parameter: poise makes
// parameters only through this macro (whose doc comment would become a description).
#[poise::command(slash_command)]
async fn parameter_template(
    _ctx: AppContext<'_>,
    #[description = "a value"] _value: String,
) -> Result<(), CommandError> {
    Ok(())
}

fn parameter(
    command: &CommandSpec,
    option: &OptionSpec,
) -> poise::CommandParameter<Data, CommandError> {
    let mut parameter = parameter_template()
        .parameters
        .pop()
        .expect("the template has one parameter");
    parameter.name = option.name.into();
    parameter.description = Some(option.description.into());
    parameter.required = option.required;
    // Choices and bounds are registered by `registration` (poise's choices are integer
    // indexes); the type setter gives poise's own builder the right type at least.
    parameter.choices = Vec::new().into();
    parameter.type_setter = Some(match option.kind {
        OptionKind::User => |b| b.kind(serenity::CommandOptionType::User),
        OptionKind::Integer => |b| b.kind(serenity::CommandOptionType::Integer),
        OptionKind::Number => |b| b.kind(serenity::CommandOptionType::Number),
        OptionKind::String => |b| b.kind(serenity::CommandOptionType::String),
        OptionKind::Boolean => |b| b.kind(serenity::CommandOptionType::Boolean),
    });
    parameter.autocomplete_callback =
        autocompleted(&command.name, option.name).then_some(autocomplete_move as _);
    parameter
}

/// An option value as Discord sent it: a user may come without its resolved data, whose name is
/// then looked up in the store.
enum Given {
    Value(OptionValue),
    User(u64),
    Unsupported,
}

fn given(value: &serenity::ResolvedValue<'_>) -> Given {
    match value {
        serenity::ResolvedValue::Boolean(b) => Given::Value(OptionValue::Boolean(*b)),
        serenity::ResolvedValue::Integer(n) => Given::Value(OptionValue::Integer(*n)),
        serenity::ResolvedValue::Number(x) => Given::Value(OptionValue::Number(*x)),
        serenity::ResolvedValue::String(s) => Given::Value(OptionValue::String(s.to_string())),
        serenity::ResolvedValue::User(user, member) => Given::Value(OptionValue::User(UserRef {
            id: user.id.get(),
            name: member
                .and_then(|m| m.nick.clone())
                .unwrap_or_else(|| user.display_name().to_string()),
        })),
        serenity::ResolvedValue::Unresolved(serenity::Unresolved::User(id)) => {
            Given::User(id.get())
        }
        _ => Given::Unsupported,
    }
}

/// Turns the options into the registry's values and builds the command.
fn build(
    bot: &Bot,
    name: &str,
    options: Vec<(String, Given)>,
) -> Result<crate::bot::Command, String> {
    let mut values = Vec::with_capacity(options.len());
    for (option, given) in options {
        let value = match given {
            Given::Value(value) => value,
            Given::User(id) => OptionValue::User(UserRef {
                id,
                name: bot
                    .store()
                    .user_name(id)
                    .ok()
                    .flatten()
                    .unwrap_or_else(|| format!("user {id}")),
            }),
            Given::Unsupported => {
                return Err(format!(
                    "the option {option} has a kind of value /{name} doesn't take"
                ))
            }
        };
        values.push((option, value));
    }
    commands::build(name, values)
}

fn slash_action(ctx: AppContext<'_>) -> BoxFuture<'_, ActionResult<'_>> {
    Box::pin(async move {
        slash(ctx)
            .await
            .map_err(|error| poise::FrameworkError::new_command(ctx.into(), error))
    })
}

async fn slash(ctx: AppContext<'_>) -> Result<(), CommandError> {
    let interaction = ctx.interaction;
    let Some(name) = ctx
        .command_tree
        .last()
        .and_then(|c| c.custom_data.downcast_ref::<&'static str>())
        .copied()
    else {
        // A group invoked without a subcommand: Discord never sends that.
        warn!(
            command = interaction.data.name,
            "an interaction named no subcommand"
        );
        return Ok(());
    };
    let options: Vec<(String, Given)> = ctx
        .args
        .iter()
        .map(|o| (o.name.to_string(), given(&o.value)))
        .collect();
    let data = ctx.framework.user_data;
    let answer = Answer {
        http: &ctx.framework.serenity_context.http,
        id: interaction.id,
        token: &interaction.token,
        attachment_size_limit: interaction.attachment_size_limit,
    };
    interaction::run(
        data,
        answer,
        place(interaction.guild_id, interaction.channel_id),
        interaction::user(&interaction.user, interaction.member.as_deref()),
        (name, Work::of(name)),
        move |bot| build(bot, name, options),
    )
    .await?;
    Ok(())
}

/// Suggests the caller's legal moves in this channel's game, filtered by what was typed so far
/// (see [`suggest::move_suggestions`] for the order); in a blind game only what was typed,
/// checked; nothing when it is not their move.
fn autocomplete_move<'a>(
    ctx: AppContext<'a>,
    partial: &'a str,
) -> BoxFuture<'a, serenity::CreateAutocompleteResponse> {
    Box::pin(async move {
        let interaction = ctx.interaction;
        let none = serenity::CreateAutocompleteResponse::new();
        let Some(place) = place(interaction.guild_id, interaction.channel_id) else {
            return none;
        };
        if ctx.framework.user_data.refusal(&place).is_some() {
            return none;
        }
        let bot = Arc::clone(&ctx.framework.user_data.bot);
        let user = interaction.user.id.get();
        let typed = partial.to_string();
        let found = tokio::task::spawn_blocking(move || {
            suggest::move_suggestions(&bot, &place, user, &typed, MAX_SUGGESTIONS)
        })
        .await;
        match found {
            Ok(Ok(moves)) => none.set_choices(
                moves
                    .into_iter()
                    .map(|mv| serenity::AutocompleteChoice::new(mv.label, mv.value))
                    .collect(),
            ),
            Ok(Err(why)) => {
                warn!("could not suggest moves: {why}");
                none
            }
            Err(why) => {
                warn!("suggesting moves failed: {why}");
                none
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The poise tree that serves interactions has the names registered with Discord.
    #[test]
    fn the_served_tree_matches_the_registration() {
        let served = all();
        let registered: Vec<serde_json::Value> =
            serde_json::from_str(&registration::application_commands_json()).unwrap();
        assert_eq!(served.len(), registered.len());
        for (command, json) in served.iter().zip(&registered) {
            assert_eq!(json["name"], command.name.as_ref());
            assert_eq!(json["description"], command.description.as_deref().unwrap());
            let leaves: Vec<(&Command, &serde_json::Value)> = if command.subcommands.is_empty() {
                vec![(command, json)]
            } else {
                command
                    .subcommands
                    .iter()
                    .zip(json["options"].as_array().unwrap())
                    .collect()
            };
            for (leaf, json) in leaves {
                assert_eq!(json["name"], leaf.name.as_ref());
                let names: Vec<&str> = leaf.parameters.iter().map(|p| p.name.as_ref()).collect();
                let registered: Vec<&str> = json["options"]
                    .as_array()
                    .map(|o| o.iter().map(|o| o["name"].as_str().unwrap()).collect())
                    .unwrap_or_default();
                assert_eq!(names, registered, "{}", leaf.qualified_name);
                for (parameter, option) in leaf
                    .parameters
                    .iter()
                    .zip(json["options"].as_array().into_iter().flatten())
                {
                    assert_eq!(option["required"], parameter.required);
                    assert_eq!(
                        option["autocomplete"].as_bool().unwrap_or(false),
                        parameter.autocomplete_callback.is_some()
                    );
                }
                assert!(leaf.custom_data.downcast_ref::<&'static str>().is_some());
            }
        }
    }
}
