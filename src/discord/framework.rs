//! The poise framework: command registration on the first Ready, routing of button presses and
//! (with `PLAIN_MOVES`) messages, and error reporting.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use tracing::{error, info, warn};

use super::config::Registration;
use super::data::{Command, CommandError, Data};
use super::registration::application_commands;
use super::{interaction, plain, shards};
use crate::bot::PlaceLost;

/// Builds the framework serving `commands`, which registers the application commands where
/// `registration` says once the gateway is ready (`None`: another connection does), and then
/// makes its data with `data` (given the client's REST client).
#[allow(clippy::field_reassign_with_default)]
pub(crate) fn build(
    commands: Vec<Command>,
    registration: Option<Registration>,
    data: impl FnOnce(Arc<serenity::Http>) -> Data + Send + Sync + 'static,
) -> poise::Framework<Data, CommandError> {
    // poise's option structs have a hidden field: made with `Default`, then filled in.
    let mut options = poise::FrameworkOptions::default();
    options.commands = commands;
    options.on_error = |error| Box::pin(on_error(error));
    options.event_handler = |framework, event| {
        Box::pin(on_event(
            framework.serenity_context,
            event,
            framework.user_data,
        ))
    };
    // No prefix commands: a message mentioning the bot is not a command.
    options.prefix_options.mention_as_prefix = false;
    poise::Framework::builder()
        .options(options)
        // No owner-only commands: skip the application-info request at start-up. (Setting
        // `FrameworkOptions::initialize_owners` is not enough: the builder overwrites it.)
        .initialize_owners(false)
        .setup(move |ctx, ready, _framework| {
            Box::pin(async move {
                info!(
                    user = %ready.user.name,
                    servers = ready.guilds.len(),
                    "connected to Discord"
                );
                // A failed setup would leave poise waiting for user data forever, dropping every
                // later event, so registration errors are logged rather than returned.
                if let Some(registration) = registration {
                    register(ctx, registration).await;
                }
                let data = data(Arc::clone(&ctx.http));
                // The bot's own user is the computer opponent (`opponent:@bot`).
                data.bot.set_computer(crate::bot::User {
                    id: ready.user.id.get(),
                    name: ready.user.name.clone(),
                    is_admin: false,
                });
                Ok(data)
            })
        })
        .build()
}

async fn register(ctx: &serenity::Context, registration: Registration) {
    let commands = application_commands();
    let count = commands.len();
    let outcome = match registration {
        Registration::Global => serenity::Command::set_global_commands(ctx, commands)
            .await
            .map(drop),
        Registration::Guild(id) => serenity::GuildId::new(id)
            .set_commands(ctx, commands)
            .await
            .map(drop),
    };
    match (outcome, registration) {
        (Ok(()), Registration::Global) => {
            info!(count, "registered slash commands globally")
        }
        (Ok(()), Registration::Guild(id)) => {
            info!(
                count,
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
    match event {
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(press),
        } => interaction::button(ctx, press, data).await?,
        serenity::FullEvent::Message { new_message } if data.plain_moves => {
            plain::on_message(data, new_message).await
        }
        serenity::FullEvent::ChannelDelete { channel, .. } => {
            place_deleted(data, channel.guild_id, channel.id).await
        }
        serenity::FullEvent::ThreadDelete { thread, .. } => {
            place_deleted(data, thread.guild_id, thread.id).await
        }
        // Removed from a server (not an outage, which Discord marks `unavailable`), or in one
        // (again): see `bot::hooks::servers`.
        serenity::FullEvent::GuildDelete { incomplete, .. } if !incomplete.unavailable => {
            server_event(data, incomplete.id, false).await
        }
        serenity::FullEvent::GuildCreate { guild, .. } => server_event(data, guild.id, true).await,
        serenity::FullEvent::Ready { .. } => session_begun(super::metrics::session::READY),
        serenity::FullEvent::Resume { .. } => session_begun(super::metrics::session::RESUME),
        _ => {}
    }
    Ok(())
}

/// A channel or thread was deleted (issue 40): its game is settled at once (moved to the
/// thread's parent, set aside or aborted; see [`crate::bot::correspondence::vanished`]) and
/// what that says is kept and posted by the courier.
async fn place_deleted(data: &Data, guild: serenity::GuildId, channel: serenity::ChannelId) {
    let Some(place) = interaction::place(Some(guild), channel) else {
        return;
    };
    if data.refusal(&place).is_some() {
        return;
    }
    info!(server = %place.guild, channel = %place.channel, "a channel was deleted");
    let settled = data
        .courier
        .outbox()
        .on_core(move |bot| {
            let mut told = bot.place_lost(&place, PlaceLost::Gone);
            bot.keep(&mut told, &place.guild, |_| false);
            !told.is_empty()
        })
        .await;
    if settled == Some(true) {
        data.courier.wake();
    }
}

/// A gateway session began: counted in the metrics.
fn session_begun(kind: &'static str) {
    super::metrics::record(|m| {
        m.gateway_sessions
            .get_or_create(&super::metrics::KindLabel { kind })
            .inc();
    });
}

/// Marks a server as left by the bot, or unmarks it, in the store of the shard that keeps it.
async fn server_event(data: &Data, guild: serenity::GuildId, present: bool) {
    let guild = guild.get().to_string();
    if shards::refusal(data.shards.as_ref(), &guild).is_some() {
        return;
    }
    let bot = Arc::clone(&data.bot);
    let marked = tokio::task::spawn_blocking(move || {
        if present {
            bot.server_returned(&guild);
        } else {
            bot.server_left(&guild);
        }
    })
    .await;
    if let Err(why) = marked {
        error!("could not record a server's departure or return: {why}");
    }
}

async fn on_error(error: poise::FrameworkError<'_, Data, CommandError>) {
    match error {
        // The command's own answer failed to go out; another attempt would fail the same way.
        poise::FrameworkError::Command { error, ctx, .. } => {
            error!(command = %ctx.command().qualified_name, "command failed: {error}");
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
