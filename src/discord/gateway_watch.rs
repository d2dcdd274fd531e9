//! A watch on serenity's gateway connections (issue 40). serenity 0.12.5 resumes a connection
//! Discord reset (1006) once; when that resume cannot connect (Discord unreachable, a reset),
//! its shard runner is left "connecting" and reads the dead socket in a loop that never waits:
//! a whole core, deaf to every event, until its next heartbeat (Discord's interval is 41.25 s)
//! makes it start again. Read in its source: `ShardRunner::recv_event`, the `Io` error's arm,
//! and `run`, which restarts a failed shard only when it is not connecting.
//!
//! This watch looks at each shard's stage every [`LOOK_EVERY`]. A shard the runner reported
//! "connecting" is one whose connection attempt failed (serenity reports the stage between
//! events only, so a connection under way is not seen as one): it is restarted at once through
//! the shard manager, whose queue then tries again every 5 seconds until Discord takes it.
//!
//! The stuck runner is first made to end: a close sent to it fails on the dead socket, which
//! ends its loop. (Asking it to shut down would not: serenity then waits for Discord's close
//! frame on a stream that has ended, in another loop that never waits.) A shard whose resume
//! failed another way (Discord closed the connection without a close frame) is also reported
//! "connecting" while its runner asks the manager for a restart, which waits 5 s for a shutdown
//! confirmation no runner will send: the watch confirms it first, and restarts the shard itself
//! only if it is still listed "connecting" [`TAKEN_OVER_WITHIN`] later (taken over by the
//! manager, it has left the list or been started again by then), so a shard is never started
//! twice.
//!
//! The watch runs on a thread of its own: the busy runner starves the bot's whole runtime
//! (measured: a 6-s sleep on it woke after 41 s, at the heartbeat), so a task there would wait
//! as long as everything else.
//!
//! `tests/discord/gateway_recovery.rs` measures it (docs/discord.md, "The gateway's recovery").

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{ConnectionStage, ShardId, ShardManager, ShardRunnerMessage};
use tokio::sync::watch;
use tokio::time::Instant;
use tracing::warn;

/// How often the shards' stages are looked at.
const LOOK_EVERY: Duration = Duration::from_millis(100);

/// How long a shard may stay "connecting" before it is restarted: a runner that reported the
/// stage is already stuck, the margin only lets a restart under way finish.
const STUCK_AFTER: Duration = Duration::from_millis(300);

/// How long a shard whose shutdown was confirmed takes to leave the manager's list when its
/// runner asked for the restart itself.
const TAKEN_OVER_WITHIN: Duration = Duration::from_millis(500);

/// Starts watching the shards of `manager`, on a thread of its own, until `stop` turns true.
pub(crate) fn start(manager: Arc<ShardManager>, stop: watch::Receiver<bool>) {
    let started = std::thread::Builder::new()
        .name("gateway-watch".into())
        .spawn(move || {
            match tokio::runtime::Builder::new_current_thread()
                .enable_time()
                .build()
            {
                Ok(runtime) => runtime.block_on(run(manager, stop)),
                Err(why) => warn!("the gateway watch could not start: {why}"),
            }
        });
    if let Err(why) = started {
        warn!("the gateway watch could not start: {why}");
    }
}

/// Watches the shards of `manager` until `stop` turns true.
async fn run(manager: Arc<ShardManager>, mut stop: watch::Receiver<bool>) {
    let mut connecting_since: HashMap<ShardId, Instant> = HashMap::new();
    let mut every = tokio::time::interval(LOOK_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = every.tick() => {}
            changed = stop.changed() => {
                if changed.is_err() || *stop.borrow() {
                    return;
                }
            }
        }
        let now = Instant::now();
        let stuck: Vec<(ShardId, serenity::ShardMessenger)> = {
            let runners = manager.runners.lock().await;
            connecting_since.retain(|id, _| runners.contains_key(id));
            runners
                .iter()
                .filter_map(|(id, runner)| {
                    if runner.stage != ConnectionStage::Connecting {
                        connecting_since.remove(id);
                        return None;
                    }
                    let since = *connecting_since.entry(*id).or_insert(now);
                    (now - since >= STUCK_AFTER).then(|| (*id, runner.runner_tx.clone()))
                })
                .collect()
        };
        for (id, runner) in stuck {
            warn!(
                shard = id.0,
                "a gateway connection could not resume: it is started again"
            );
            connecting_since.remove(&id);
            runner.send_to_shard(ShardRunnerMessage::Close(4000, None));
            manager.shutdown_finished(id);
            tokio::time::sleep(TAKEN_OVER_WITHIN).await;
            let still_stuck = manager
                .runners
                .lock()
                .await
                .get(&id)
                .is_some_and(|r| r.stage == ConnectionStage::Connecting);
            if still_stuck {
                manager.restart(id).await;
            }
        }
    }
}
