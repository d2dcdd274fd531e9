//! Starting and stopping the serenity client.

use std::future::Future;

use poise::serenity_prelude as serenity;
use tracing::{info, warn};

use super::config::Config;
use super::error::Error;
use super::unreadable::UnreadableEvents;
use super::{commands, framework};

/// The gateway intents the bot asks for: no privileged ones, except MESSAGE_CONTENT when moves
/// may be typed as plain messages (it must then be switched on in the developer portal).
pub(crate) fn intents(plain_moves: bool) -> serenity::GatewayIntents {
    let intents = serenity::GatewayIntents::non_privileged();
    if plain_moves {
        intents | serenity::GatewayIntents::MESSAGE_CONTENT
    } else {
        intents
    }
}

/// The REST client: to Discord, or to `config.api_proxy` with serenity's own rate limiter off
/// (the proxy is then in charge of rate limits).
fn http(config: &Config) -> serenity::Http {
    let builder = serenity::HttpBuilder::new(config.token.expose());
    match &config.api_proxy {
        Some(url) => builder.proxy(url).ratelimiter_disabled(true).build(),
        None => builder.build(),
    }
}

/// Runs the bot until Ctrl-C or SIGTERM, then shuts the gateway connection down cleanly.
pub async fn run(config: &Config) -> Result<(), Error> {
    let signal = shutdown_signal()?;
    run_until(config, signal).await
}

/// Runs the bot until `shutdown` completes (or the connection fails for good), then closes the
/// gateway connection cleanly.
pub async fn run_until(
    config: &Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), Error> {
    if config.api_proxy.is_some() {
        info!("sending Discord API calls through the configured proxy");
    }
    let framework = framework::build(commands::all(), config.registration);
    let mut client =
        serenity::ClientBuilder::new_with_http(http(config), intents(config.plain_moves))
            .framework(framework)
            .raw_event_handler(UnreadableEvents)
            .await?;

    let shard_manager = client.shard_manager.clone();
    let stopper = tokio::spawn(async move {
        shutdown.await;
        info!("shutting down");
        shard_manager.shutdown_all().await;
    });

    let outcome = client.start_autosharded().await;
    stopper.abort();
    outcome?;
    info!("disconnected from Discord");
    Ok(())
}

/// A future that completes on Ctrl-C, or on SIGTERM where there is such a thing.
fn shutdown_signal() -> Result<impl Future<Output = ()> + Send + 'static, Error> {
    #[cfg(unix)]
    let mut terminate = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    Ok(async move {
        #[cfg(unix)]
        let terminated = terminate.recv();
        #[cfg(not(unix))]
        let terminated = std::future::pending::<Option<()>>();
        tokio::select! {
            outcome = tokio::signal::ctrl_c() => {
                if let Err(why) = outcome {
                    warn!("could not listen for Ctrl-C: {why}");
                    std::future::pending::<()>().await;
                }
            }
            _ = terminated => {}
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_privileged_intent_unless_plain_moves() {
        let privileged = serenity::GatewayIntents::privileged();
        assert!(!intents(false).intersects(privileged));
        assert_eq!(
            intents(true) & privileged,
            serenity::GatewayIntents::MESSAGE_CONTENT
        );
    }
}
