//! The poise framework: shared types, command registration on Ready, routing of button presses
//! and error reporting. It knows nothing of what the commands do: the list of commands and the
//! button handler come from [`super::commands`] (to be replaced by the bot core's registry).

use poise::serenity_prelude as serenity;
use tracing::{error, info, warn};

use super::commands;
use super::config::Registration;

/// What every command handler can reach through `ctx.data()`. Empty for now: the bot core's
/// handle (store, clock, renderer) goes here.
#[derive(Debug, Default)]
pub(crate) struct Data {}

/// The error type of command handlers.
pub(crate) type CommandError = Box<dyn std::error::Error + Send + Sync>;
/// The context handed to command handlers.
pub(crate) type Context<'a> = poise::Context<'a, Data, CommandError>;
/// A command definition.
pub(crate) type Command = poise::Command<Data, CommandError>;

/// Builds the framework serving `commands`, which registers them where `registration` says once
/// the gateway is ready.
pub(crate) fn build(
    commands: Vec<Command>,
    registration: Registration,
) -> poise::Framework<Data, CommandError> {
    let options = poise::FrameworkOptions {
        commands,
        on_error: |error| Box::pin(on_error(error)),
        event_handler: |framework, event| {
            Box::pin(on_event(
                framework.serenity_context,
                event,
                framework.user_data,
            ))
        },
        ..Default::default()
    };
    poise::Framework::builder()
        .options(options)
        // No owner-only commands: skip the application-info request at start-up. (Setting
        // `FrameworkOptions::initialize_owners` is not enough: the builder overwrites it.)
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                info!(
                    user = %ready.user.name,
                    servers = ready.guilds.len(),
                    "connected to Discord"
                );
                // A failed setup would leave poise waiting for user data forever, dropping every
                // later event, so registration errors are logged rather than returned.
                register(ctx, &framework.options().commands, registration).await;
                Ok(Data::default())
            })
        })
        .build()
}

async fn register(ctx: &serenity::Context, commands: &[Command], registration: Registration) {
    let outcome = match registration {
        Registration::Global => poise::builtins::register_globally(ctx, commands).await,
        Registration::Guild(id) => {
            poise::builtins::register_in_guild(ctx, commands, serenity::GuildId::new(id)).await
        }
    };
    match (outcome, registration) {
        (Ok(()), Registration::Global) => {
            info!(count = commands.len(), "registered slash commands globally")
        }
        (Ok(()), Registration::Guild(id)) => {
            info!(
                count = commands.len(),
                server = id,
                "registered slash commands in one server"
            )
        }
        (Err(why), _) => error!("could not register slash commands: {why}"),
    }
}

async fn on_event(
    ctx: &serenity::Context,
    event: &serenity::FullEvent,
    data: &Data,
) -> Result<(), CommandError> {
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(press),
    } = event
    {
        commands::on_button(ctx, press, data).await?;
    }
    Ok(())
}

async fn on_error(error: poise::FrameworkError<'_, Data, CommandError>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            error!(command = %ctx.command().qualified_name, "command failed: {error}");
            let reply = poise::CreateReply::default()
                .content("Something went wrong on my side; please try again.")
                .ephemeral(true);
            if let Err(why) = ctx.send(reply).await {
                warn!("could not report a failed command: {why}");
            }
        }
        poise::FrameworkError::EventHandler { error, event, .. } => {
            error!(
                event = event.snake_case_name(),
                "event handler failed: {error}"
            );
        }
        other => {
            if let Err(why) = poise::builtins::on_error(other).await {
                warn!("could not report an error: {why}");
            }
        }
    }
}
