//! Issue 40, the gateway's recovery (measurements, ignored: each takes 30-120 s). The real bot
//! against the stand-in, whose gateway drops the connection with a TCP reset (the bot sees
//! 1006), resets every reconnection for a while (Discord unreachable), or stops acknowledging
//! heartbeats (a zombie connection). Each prints its figures; docs/discord.md has them.
//!
//! ```text
//! cargo test --release --test discord gateway_recovery::measure_a_30_s_outage -- --ignored --nocapture
//! ```
//!
//! One at a time, each in a process of its own: a runner serenity left busy in one would count
//! in the next one's figures.
//!
//! `TAKTABLE_HEARTBEAT_MS` sets the heartbeat interval the stand-in gives (Discord's, 41 250 ms,
//! by default): serenity notices some failures only at its next heartbeat.

use std::time::{Duration, Instant};

use crate::support::discord_standin::{Frame, GatewayDrop, Options, StandIn};
use crate::support::harness::{capture_logs_at, unique_token, RunningBot, WAIT};
use serde_json::json;

/// The heartbeat interval the stand-in gives.
fn heartbeat_interval() -> Duration {
    let ms = std::env::var("TAKTABLE_HEARTBEAT_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(41_250);
    Duration::from_millis(ms)
}

/// The bot, connected, its commands registered, logging as deployed (the default filter: the
/// TRACE capture of the other tests would log every turn of a busy loop, and measure that).
async fn bot() -> RunningBot {
    let filter = taktable::discord::logging::DEFAULT_FILTER;
    assert_eq!(
        capture_logs_at(filter),
        filter,
        "another test of this process set the log capture first: run one measurement at a time"
    );
    let token = unique_token();
    let mut options = Options::new(&token);
    options.heartbeat_interval_ms = heartbeat_interval().as_millis() as u64;
    let bot = RunningBot::start_with(options, &token, &[]).await;
    bot.standin.wait_for_commands(None, WAIT).await;
    bot
}

/// The CPU time this process has used (user and system), from /proc/self/stat (in ticks of
/// 10 ms, Linux's USER_HZ).
fn cpu_used() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    // The fields after the command's name (in parentheses, which may hold spaces).
    let after = &stat[stat.rfind(')').unwrap() + 2..];
    let fields: Vec<u64> = after
        .split(' ')
        .skip(11)
        .take(2)
        .map(|f| f.parse().unwrap())
        .collect();
    Duration::from_millis((fields[0] + fields[1]) * 10)
}

/// Sends `/board` in a channel without a game, again each second, until one is answered; when.
async fn answered_again(standin: &StandIn, timeout: Duration) -> Instant {
    let deadline = Instant::now() + timeout;
    while Instant::now() < deadline {
        let mut board = standin.slash_command("board", json!([]));
        let options = standin.options();
        standin.in_guild(&mut board, options.guild_id, options.channel_id + 1);
        if standin
            .dispatch("INTERACTION_CREATE", board.payload.clone())
            .is_ok()
        {
            let path = board.callback_path();
            let answered = tokio::time::timeout(
                Duration::from_secs(1),
                standin.wait_until("the answer", WAIT, |requests, _| {
                    requests.iter().find(|r| r.path == path).cloned()
                }),
            )
            .await;
            if answered.is_ok() {
                return Instant::now();
            }
        } else {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
    panic!(
        "no command answered within {timeout:?}\n{}",
        standin.summary()
    );
}

/// The gateway frames recorded since `from` (an index), as a short account.
fn frames_since(standin: &StandIn, from: usize) -> String {
    standin
        .frames()
        .iter()
        .skip(from)
        .filter_map(|f| match f {
            Frame::Received { op, .. } if *op != 1 => Some(format!("bot op {op}")),
            Frame::Sent { t: Some(t), .. } => Some(format!("stand-in {t}")),
            Frame::Sent { op: 9, .. } => Some("stand-in INVALID_SESSION".to_string()),
            Frame::ClosedByBot { code } => Some(format!("bot closed {code}")),
            Frame::ClosedByStandIn { code } => Some(format!("stand-in closed {code}")),
            _ => None,
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The connection drops (1006) and Discord refuses reconnections for `outage`: how long after
/// Discord's return commands are answered again, how much CPU the process used meanwhile, and
/// when the bot tried to connect.
async fn outage(outage: Duration, how: GatewayDrop) {
    let mut bot = bot().await;
    let standin = &bot.standin;
    answered_again(standin, WAIT).await;
    let frames = standin.frames().len();
    let connections = standin.connections();
    let cpu = cpu_used();
    let dropped = Instant::now();
    standin.refuse_gateway_for(outage);
    standin.cut_gateway(how);
    tokio::time::sleep(outage).await;
    let cpu_during = cpu_used() - cpu;
    // A busy runtime may wake the test late: the outage ended when the stand-in said.
    let elapsed = dropped.elapsed();
    let back = dropped + outage;
    let answered = answered_again(standin, Duration::from_secs(120)).await;
    let tries: Vec<String> = standin
        .refused_connections()
        .iter()
        .map(|at| format!("{:.1}", at.duration_since(dropped).as_secs_f64()))
        .collect();
    println!(
        "{how:?}, outage of {} s (heartbeat every {} ms): CPU {:.2} s in the {:.1} s after the drop \
         ({:.1}% of a core); refused connection attempts at {:?} s; commands answered again \
         {:.1} s after Discord's return; {} new connections; gateway: {}",
        outage.as_secs(),
        heartbeat_interval().as_millis(),
        cpu_during.as_secs_f64(),
        elapsed.as_secs_f64(),
        100.0 * cpu_during.as_secs_f64() / elapsed.as_secs_f64(),
        tries,
        answered.duration_since(back).as_secs_f64(),
        standin.connections() - connections,
        frames_since(standin, frames),
    );
    bot.stop().await.unwrap();
}

/// 1006, reconnections refused for 6 s (issue 40: commands answered again within 10 s of
/// Discord's return).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: 10-60 s"]
async fn measure_a_drop_with_reconnections_refused_for_6_s() {
    outage(Duration::from_secs(6), GatewayDrop::Reset).await;
}

/// 1006, reconnections refused for 30 s (issue 40: under 5% of a core meanwhile).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: 30-80 s"]
async fn measure_a_30_s_outage() {
    outage(Duration::from_secs(30), GatewayDrop::Reset).await;
}

/// The stream ends cleanly (FIN, no close frame), reconnections refused for 6 s: serenity's
/// own restart path, the watch stepping in only if a shard is still stuck.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: 10-60 s"]
async fn measure_a_clean_close_with_reconnections_refused_for_6_s() {
    outage(Duration::from_secs(6), GatewayDrop::Ended).await;
}

/// A 2-minute outage: how the reconnection attempts are spaced and what they cost.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: 2-3 minutes"]
async fn measure_a_2_min_outage() {
    outage(Duration::from_secs(120), GatewayDrop::Reset).await;
}

/// Heartbeats no longer acknowledged (the connection is a zombie): how long until the bot
/// opens a new connection, in heartbeat intervals (issue 40: about two).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: two or three heartbeat intervals"]
async fn measure_a_zombie_connection() {
    let mut bot = bot().await;
    let standin = &bot.standin;
    answered_again(standin, WAIT).await;
    let connections = standin.connections();
    let frames = standin.frames().len();
    let stopped = Instant::now();
    standin.ack_heartbeats(false);
    let interval = heartbeat_interval();
    standin
        .wait_until("a new connection", interval * 4, |_, _| {
            (standin.connections() > connections).then_some(())
        })
        .await;
    let noticed = stopped.elapsed();
    standin.ack_heartbeats(true);
    let answered = answered_again(standin, Duration::from_secs(60)).await;
    println!(
        "zombie connection (heartbeat every {} ms): a new connection {:.1} s after the acks \
         stopped ({:.2} intervals), commands answered {:.1} s after that; gateway: {}",
        interval.as_millis(),
        noticed.as_secs_f64(),
        noticed.as_secs_f64() / interval.as_secs_f64(),
        answered.duration_since(stopped + noticed).as_secs_f64(),
        frames_since(standin, frames),
    );
    bot.stop().await.unwrap();
}
