//! Starting and stopping the serenity client.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::sync::{watch, Notify};
use tracing::{info, warn};

use super::config::Config;
use super::data::Data;
use super::error::Error;
use super::framework;
use super::gate::Gate;
use super::lanes::Lanes;
use super::outbox::Outbox;
use super::shards::ShardRange;
use super::unreadable::UnreadableEvents;
use super::{commands, computer, scheduler};
use crate::bot::{Bot, SystemClock};
use crate::store::Store;

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

/// Runs the bot until Ctrl-C or SIGTERM, then shuts down cleanly.
pub async fn run(config: &Config) -> Result<(), Error> {
    let signal = shutdown_signal()?;
    run_until(config, signal).await
}

/// How long a shutdown waits for the commands under way before it abandons them.
const FINISH_LIMIT: Duration = Duration::from_secs(5);

/// How long abandoned commands have to send their "restarting" answer.
const ABANDON_LIMIT: Duration = Duration::from_millis(1500);

/// How long after the signal the gateway may take to close before the bot leaves it: when
/// Discord cannot be reached the shards may never return (issue 26), and a service manager
/// waits 10 s before it kills.
const GATEWAY_LIMIT: Duration = Duration::from_millis(7500);

/// How long the scheduler, the computer opponent and the last users of the database get once
/// the gateway is closed.
const TASKS_LIMIT: Duration = Duration::from_millis(800);

/// How often the members' quiet buckets are forgotten.
const FORGET_QUIET_MEMBERS: Duration = Duration::from_secs(60);

/// How often a shutdown asks the shards to stop again while none has started yet.
const SHUTDOWN_RETRY: Duration = Duration::from_millis(100);

/// Runs the bot until `shutdown` completes (or the connection fails for good), then shuts down
/// cleanly within 10 s, whether Discord is there or not: jobs (replays, analyses) are told to
/// stop, new commands are turned away, those under way finish (at most 5 s, then they answer
/// that the bot is restarting), the scheduler stops, the gateway connection is closed (code 1000;
/// given up after 7.5 s) and the database is closed.
pub async fn run_until(
    config: &Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), Error> {
    if config.api_proxy.is_some() {
        info!("sending Discord API calls through the configured proxy");
    }
    let store = open_store(config)?;
    let bot = Arc::new(Bot::new(store, Arc::new(SystemClock)));
    let gate = Arc::new(Gate::default());
    let lanes = Arc::new(Lanes::default());
    let wake = Arc::new(Notify::new());

    let data = {
        let (bot, gate, wake) = (Arc::clone(&bot), Arc::clone(&gate), Arc::clone(&wake));
        let lanes = Arc::clone(&lanes);
        let (plain_moves, defer_after) = (config.plain_moves, config.defer_after);
        let shards = config.shards.clone();
        move |http| Data {
            outbox: Arc::new(Outbox::new(http, Arc::clone(&bot))),
            bot,
            gate,
            lanes,
            scheduler: wake,
            plain_moves,
            defer_after,
            shards,
        }
    };
    let framework = framework::build(commands::all(), config.registration, data);
    let mut client =
        serenity::ClientBuilder::new_with_http(http(config), intents(config.plain_moves))
            .framework(framework)
            .raw_event_handler(UnreadableEvents)
            .await?;

    // The scheduler starts at once: what fell due while the bot was down is posted now.
    let (stop_scheduler, scheduler_stopped) = watch::channel(false);
    let stop_scheduler = Arc::new(stop_scheduler);
    let outbox = Arc::new(Outbox::new(Arc::clone(&client.http), Arc::clone(&bot)));
    let post: scheduler::Post = Arc::new(move |replies| {
        let outbox = Arc::clone(&outbox);
        Box::pin(async move {
            for reply in &replies {
                outbox.post(reply).await;
            }
        })
    });
    // The computer opponent: plays the games awaiting the bot's own user.
    let computer = tokio::spawn(computer::run(
        Arc::clone(&bot),
        Arc::clone(&post),
        scheduler_stopped.clone(),
    ));
    let scheduler = tokio::spawn(scheduler::run(
        Arc::clone(&bot),
        wake,
        post,
        scheduler_stopped,
    ));

    let forgetting = tokio::spawn(async move {
        let mut every = tokio::time::interval(FORGET_QUIET_MEMBERS);
        loop {
            every.tick().await;
            lanes.forget_quiet_members();
        }
    });

    let (stopping, mut stop_asked) = watch::channel(false);
    let shard_manager = client.shard_manager.clone();
    let stopper = {
        let stop_scheduler = Arc::clone(&stop_scheduler);
        let bot = Arc::clone(&bot);
        tokio::spawn(async move {
            shutdown.await;
            info!("shutting down");
            let _ = stopping.send(true);
            bot.stop_jobs();
            let unfinished = gate.close(FINISH_LIMIT).await;
            if unfinished > 0 {
                warn!(unfinished, "abandoning the commands still under way");
                gate.abandon();
                gate.close(ABANDON_LIMIT).await;
            }
            let _ = stop_scheduler.send(true);
            // serenity's `shutdown_all` does nothing while no shard has started yet (a stop
            // asked for during start-up would be lost and the bot would run on): ask again
            // until the client has returned, which aborts this task.
            loop {
                shard_manager.shutdown_all().await;
                tokio::time::sleep(SHUTDOWN_RETRY).await;
            }
        })
    };
    let gateway_given_up = async move {
        let _ = stop_asked.wait_for(|asked| *asked).await;
        tokio::time::sleep(GATEWAY_LIMIT).await;
    };

    let start = async {
        match &config.shards {
            None => client.start_autosharded().await,
            Some(shards) => {
                // serenity 0.12's `start_shard_range` runs the shards start..=end (its end is
                // inclusive, unlike Rust's `..`): hence `end - 1` for our half-open range,
                // which `ShardRange` guarantees is not empty.
                let range = shards.range();
                client
                    .start_shard_range(range.start..range.end - 1, shards.total())
                    .await
            }
        }
    };
    let outcome = tokio::select! {
        outcome = start => outcome,
        () = gateway_given_up => {
            warn!("the gateway did not close in time (is Discord reachable?); leaving it");
            Ok(())
        }
    };
    stopper.abort();
    forgetting.abort();
    let _ = stop_scheduler.send(true);
    let tasks = async {
        let _ = tokio::join!(scheduler, computer);
    };
    if tokio::time::timeout(TASKS_LIMIT, tasks).await.is_err() {
        warn!("the scheduler or the computer opponent did not stop in time");
    }
    drop(client);
    // The framework's data holds the core too; serenity's shard tasks let it go as they end.
    let deadline = tokio::time::Instant::now() + TASKS_LIMIT;
    while Arc::strong_count(&bot) > 1 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    match Arc::try_unwrap(bot) {
        Ok(bot) => {
            drop(bot);
            info!("closed the database");
        }
        Err(bot) => warn!(
            holders = Arc::strong_count(&bot) - 1,
            "the database closes when the last task using it ends"
        ),
    }
    outcome?;
    info!("disconnected from Discord");
    Ok(())
}

/// The meta key recording which shards' servers a database file holds.
const SHARDS_KEY: &str = "shard_range";

/// Opens the database: `DATABASE_PATH`, or with shards the file of this process's range (see
/// [`ShardRange::database_path`]). A file records its range when first used and is refused by a
/// process running another range (or none), so a server's data can never land in two files.
fn open_store(config: &Config) -> Result<Store, Error> {
    let path = match &config.shards {
        None => config.database_path.clone(),
        Some(shards) => shards.database_path(&config.database_path),
    };
    let database = |error| Error::Database {
        path: path.clone(),
        error,
    };
    let store = Store::open(&path).map_err(database)?;
    let recorded = store.meta(SHARDS_KEY).map_err(database)?;
    let running = config.shards.as_ref().map(ShardRange::to_string);
    match (recorded, running) {
        (None, None) => {}
        (None, Some(running)) => store.set_meta(SHARDS_KEY, &running).map_err(database)?,
        (Some(recorded), Some(running)) if recorded == running => {}
        (recorded, _) => {
            let words = |shards: Option<&ShardRange>| {
                shards.map_or_else(|| "every shard".to_string(), ShardRange::words)
            };
            let recorded = recorded.map_or_else(
                || "every shard".to_string(),
                |text| format!("shards {}", text.replace("-of-", " of ")),
            );
            return Err(Error::ShardMismatch {
                path,
                recorded,
                running: words(config.shards.as_ref()),
            });
        }
    }
    match &config.shards {
        Some(shards) => info!(
            database = %path.display(),
            "running {}: this process keeps the servers of these shards only",
            shards.words()
        ),
        None => info!(database = %path.display(), "running every shard"),
    }
    Ok(store)
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
