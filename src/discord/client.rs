//! Starting and stopping the serenity client.

use std::future::Future;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use poise::serenity_prelude as serenity;
use tokio::sync::{watch, Notify};
use tracing::{info, warn};

use super::config::Config;
use super::courier::Courier;
use super::data::Data;
use super::error::Error;
use super::framework;
use super::gate::Gate;
use super::lanes::Lanes;
use super::outbox::Outbox;
use super::seen::Seen;
use super::shards::ShardRange;
use super::status::{self, Status};
use super::unreadable::UnreadableEvents;
use super::{backups, commands, computer, gateway_watch, rest, scheduler};
use crate::bot::{Bot, SystemClock};
use crate::store::{Shard, Store, StoreError};

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
    // A client with timeouts: serenity's own waits on a held request until the connection drops.
    let builder = serenity::HttpBuilder::new(config.token.expose()).client(rest::client());
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

/// How long apart the connections of one process start (each one shard of a sharded process):
/// Discord takes one IDENTIFY every 5 s (per bucket of `max_concurrency`).
const IDENTIFY_GAP: Duration = Duration::from_millis(5500);

/// One gateway connection of this process and what serves it: every shard of Discord's
/// recommended count with one database (unsharded), or one shard with its own file.
struct Connection {
    client: serenity::Client,
    bot: Arc<Bot>,
    /// The shard it runs (`None`: every shard, autosharded).
    shard: Option<Shard>,
}

/// Runs the bot until `shutdown` completes (or the connection fails for good), then shuts down
/// cleanly within 10 s, whether Discord is there or not: jobs (replays, analyses) are told to
/// stop, new commands are turned away, those under way finish (at most 5 s, then they answer
/// that the bot is restarting), the scheduler stops, the gateway connection is closed (code 1000;
/// given up after 7.5 s) and the database is closed.
///
/// Sharded (`--shards`), each shard of the process's range has its own connection, core,
/// scheduler and database file (see [`open_store`]), so a shard's file can move to another
/// process; the process's lanes (fairness, members' buckets) and its shutdown are shared.
pub async fn run_until(
    config: &Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> Result<(), Error> {
    if config.api_proxy.is_some() {
        info!("sending Discord API calls through the configured proxy");
    }
    let shards: Vec<Option<Shard>> = match &config.shards {
        None => vec![None],
        Some(range) => range
            .range()
            .filter_map(|index| Shard::new(index, range.total()))
            .map(Some)
            .collect(),
    };
    refuse_old_shard_files(config)?;
    // Every file is opened (and held) before anything connects: a wrong one stops the start.
    let mut stores = Vec::new();
    for &shard in &shards {
        stores.push((shard, open_store(config, shard).await?));
    }
    let gate = Arc::new(Gate::default());
    let lanes = Arc::new(Lanes::default());
    let (stop_scheduler, scheduler_stopped) = watch::channel(false);
    let stop_scheduler = Arc::new(stop_scheduler);
    let mut connections = Vec::new();
    let mut tasks = Vec::new();
    let mut files = Vec::new();
    for (shard, store) in stores {
        let bot = Arc::new(Bot::new(store, Arc::new(SystemClock)));
        bot.set_data_grace(config.data_grace);
        files.push((
            Arc::clone(&bot),
            shard.map_or_else(
                || config.database_path.clone(),
                |s| s.path(&config.database_path),
            ),
        ));
        if let Some(web) = &config.web {
            // Set before anything posts: a game's result links to its page.
            bot.set_web_base(&web.base_url);
        }
        let wake = Arc::new(Notify::new());
        // The courier is made once the client (and its REST client) is; the framework's data,
        // made at the first Ready, takes it from here.
        let courier_slot: Arc<OnceLock<Arc<Courier>>> = Arc::default();
        let data = {
            let (bot, gate, wake) = (Arc::clone(&bot), Arc::clone(&gate), Arc::clone(&wake));
            let lanes = Arc::clone(&lanes);
            let slot = Arc::clone(&courier_slot);
            let (plain_moves, defer_after) = (config.plain_moves, config.defer_after);
            // A connection answers the servers of its own shard only.
            let shards =
                shard.and_then(|s| ShardRange::new(s.index()..s.index() + 1, s.total()).ok());
            move |http| Data {
                courier: Arc::clone(slot.get_or_init(|| {
                    Arc::new(Courier::new(Arc::new(Outbox::new(http, Arc::clone(&bot)))))
                })),
                bot,
                gate,
                lanes,
                scheduler: wake,
                plain_moves,
                defer_after,
                shards,
                seen: Seen::default(),
            }
        };
        // The commands are the bot's, not a shard's: shard 0's connection
        // registers them (once, wherever it runs), the others leave them be.
        let registration = shard
            .map_or(true, |s| s.index() == 0)
            .then_some(config.registration);
        let framework = framework::build(commands::all(), registration, data);
        let client =
            serenity::ClientBuilder::new_with_http(http(config), intents(config.plain_moves))
                .framework(framework)
                .raw_event_handler(UnreadableEvents)
                .await?;

        // The courier starts at once: what was not said before the bot stopped is posted now.
        let courier = Arc::clone(courier_slot.get_or_init(|| {
            Arc::new(Courier::new(Arc::new(Outbox::new(
                Arc::clone(&client.http),
                Arc::clone(&bot),
            ))))
        }));
        tasks.push(tokio::spawn(
            Arc::clone(&courier).run(scheduler_stopped.clone()),
        ));
        // What the scheduler and the computer say is kept, then posted by the courier.
        let post: scheduler::Post = Arc::new(move |replies| {
            let courier = Arc::clone(&courier);
            Box::pin(async move {
                let kept = courier
                    .outbox()
                    .on_core(move |bot| {
                        let mut replies = replies;
                        bot.keep(&mut replies, "", |_| false);
                        replies
                    })
                    .await
                    .unwrap_or_default();
                courier.take(kept).await;
            })
        });
        // The computer opponent: plays the games awaiting the bot's own user.
        tasks.push(tokio::spawn(computer::run(
            Arc::clone(&bot),
            Arc::clone(&post),
            scheduler_stopped.clone(),
        )));
        tasks.push(tokio::spawn(scheduler::run(
            Arc::clone(&bot),
            wake,
            post,
            scheduler_stopped.clone(),
        )));
        // serenity leaves a shard whose resume failed deaf and busy until its next heartbeat.
        gateway_watch::start(Arc::clone(&client.shard_manager), scheduler_stopped.clone());
        connections.push(Connection { client, bot, shard });
    }

    if let Some(backups) = &config.backups {
        let paths = files.iter().map(|(_, path)| path.clone()).collect();
        tasks.push(tokio::spawn(backups::run(
            backups.clone(),
            paths,
            scheduler_stopped.clone(),
        )));
    }
    if let Some(addr) = config.metrics_addr {
        let managers = connections
            .iter()
            .map(|c| Arc::clone(&c.client.shard_manager))
            .collect();
        let status = Arc::new(Status::new(files));
        let serving = status::serve(addr, status, managers, scheduler_stopped.clone())
            .await
            .map_err(|error| Error::Metrics { addr, error })?;
        tasks.push(serving);
    }

    let forgetting = {
        let lanes = Arc::clone(&lanes);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(FORGET_QUIET_MEMBERS);
            loop {
                every.tick().await;
                lanes.forget_quiet_members();
            }
        })
    };

    let (stopping, stop_asked) = watch::channel(false);
    // Set when a connection ends by itself (it failed): the others are stopped too.
    let ended = Arc::new(Notify::new());
    let managers: Vec<_> = connections
        .iter()
        .map(|c| c.client.shard_manager.clone())
        .collect();
    let bots: Vec<Arc<Bot>> = connections.iter().map(|c| Arc::clone(&c.bot)).collect();
    // The web pages (issue 45), served until the shutdown starts.
    let web = match &config.web {
        None => None,
        Some(web) => {
            let mut asked = stop_asked.clone();
            let stop = async move {
                let _ = asked.wait_for(|asked| *asked).await;
            };
            let serving = crate::web::start(web, bots.clone(), stop)
                .await
                .map_err(|error| Error::Web {
                    addr: web.addr,
                    error,
                })?;
            Some(tokio::spawn(serving))
        }
    };
    let stopper = {
        let stop_scheduler = Arc::clone(&stop_scheduler);
        let ended = Arc::clone(&ended);
        tokio::spawn(async move {
            tokio::select! {
                () = shutdown => info!("shutting down"),
                () = ended.notified() => warn!("a gateway connection ended: stopping the others"),
            }
            let _ = stopping.send(true);
            for bot in &bots {
                bot.stop_jobs();
            }
            let unfinished = gate.close(FINISH_LIMIT).await;
            if unfinished > 0 {
                warn!(unfinished, "abandoning the commands still under way");
                gate.abandon();
                gate.close(ABANDON_LIMIT).await;
            }
            let _ = stop_scheduler.send(true);
            // serenity's `shutdown_all` does nothing while no shard has started yet (a stop
            // asked for during start-up would be lost and the bot would run on): ask again
            // until the clients have returned, which aborts this task.
            loop {
                for manager in &managers {
                    manager.shutdown_all().await;
                }
                tokio::time::sleep(SHUTDOWN_RETRY).await;
            }
        })
    };
    let gateway_given_up = {
        let mut stop_asked = stop_asked.clone();
        async move {
            let _ = stop_asked.wait_for(|asked| *asked).await;
            tokio::time::sleep(GATEWAY_LIMIT).await;
        }
    };

    let mut bots = Vec::new();
    let mut starts = Vec::new();
    for (order, connection) in connections.into_iter().enumerate() {
        let Connection {
            mut client,
            bot,
            shard,
        } = connection;
        bots.push(bot);
        let mut stop_asked = stop_asked.clone();
        let ended = Arc::clone(&ended);
        starts.push(async move {
            let gap = IDENTIFY_GAP * u32::try_from(order).unwrap_or(u32::MAX);
            tokio::select! {
                () = tokio::time::sleep(gap) => {}
                _ = stop_asked.wait_for(|asked| *asked) => return Ok(()),
            }
            let outcome = match shard {
                None => client.start_autosharded().await,
                Some(shard) => client.start_shard(shard.index(), shard.total()).await,
            };
            ended.notify_one();
            drop(client);
            outcome
        });
    }
    let start = serenity::futures::future::join_all(starts);
    let outcome = tokio::select! {
        outcomes = start => outcomes.into_iter().find(Result::is_err).unwrap_or(Ok(())),
        () = gateway_given_up => {
            warn!("the gateway did not close in time (is Discord reachable?); leaving it");
            Ok(())
        }
    };
    stopper.abort();
    forgetting.abort();
    if let Some(web) = web {
        web.abort();
    }
    let _ = stop_scheduler.send(true);
    let tasks = serenity::futures::future::join_all(tasks);
    if tokio::time::timeout(TASKS_LIMIT, tasks).await.is_err() {
        warn!("the scheduler or the computer opponent did not stop in time");
    }
    // The framework's data holds the core too; serenity's shard tasks let it go as they end.
    let deadline = tokio::time::Instant::now() + TASKS_LIMIT;
    while bots.iter().any(|bot| Arc::strong_count(bot) > 1)
        && tokio::time::Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    for bot in bots {
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
    }
    outcome?;
    info!("disconnected from Discord");
    Ok(())
}

/// Refuses to start beside files of the old per-range naming (`taktable.shards-0..2-of-4.db`),
/// naming them and the `taktable reshard` command that converts them.
fn refuse_old_shard_files(config: &Config) -> Result<(), Error> {
    let old = crate::store::shards::old_ranges_beside(&config.database_path);
    let Some(total) = old.first().map(|range| range.total) else {
        return Ok(());
    };
    let files = old
        .iter()
        .map(|range| range.path(&config.database_path).display().to_string())
        .collect::<Vec<_>>()
        .join(", ");
    let to = config.shards.as_ref().map_or(total, ShardRange::total);
    Err(Error::OldShardFiles {
        files,
        command: format!(
            "taktable reshard --from {total} --to {to} --database {}",
            config.database_path.display()
        ),
    })
}

/// How long a start waits for a file another taktable holds before it gives up.
const HELD_WAIT: Duration = Duration::from_secs(3);

/// Opens and holds the database of `shard` (see [`Shard::path`]: `taktable.db` gives
/// `taktable.shard-3-of-8.db`), or unsharded `DATABASE_PATH` itself. A shard's file records its
/// shard when first used; a file recording another shard (or one of the unsharded bot, with
/// games in it) is refused, and so is a shard's file for the unsharded bot, so a server's data
/// can never land in two files. A file another taktable holds (a running bot, a reshard) is
/// refused too, after [`HELD_WAIT`].
async fn open_store(config: &Config, shard: Option<Shard>) -> Result<Store, Error> {
    let path = match shard {
        None => config.database_path.clone(),
        Some(shard) => shard.path(&config.database_path),
    };
    let database = |error| Error::Database {
        path: path.clone(),
        error,
    };
    // A bot restarting in place may find its previous run still letting go of the file.
    let deadline = tokio::time::Instant::now() + HELD_WAIT;
    let store = loop {
        match Store::open_exclusive(&path) {
            Err(StoreError::InUse(_)) if tokio::time::Instant::now() < deadline => {
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            opened => break opened.map_err(database)?,
        }
    };
    let recorded = store.shard().map_err(database)?;
    match (recorded, shard) {
        (None, None) => {}
        (Some(recorded), Some(running)) if recorded == running => {}
        (None, Some(running)) if !store.holds_games().map_err(database)? => {
            store.claim_shard(running).map_err(database)?
        }
        (recorded, running) => {
            let recorded = recorded.map_or_else(
                || {
                    "every shard (it is an unsharded database: split it with `taktable reshard \
                     --from 1 --to TOTAL`)"
                        .to_string()
                },
                Shard::words,
            );
            let running = running.map_or_else(|| "every shard".to_string(), Shard::words);
            return Err(Error::ShardMismatch {
                path,
                recorded,
                running,
            });
        }
    }
    match shard {
        Some(shard) => info!(
            database = %path.display(),
            "running {}: its connection keeps the servers of this shard only",
            shard.words()
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
