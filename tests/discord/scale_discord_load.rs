//! The load figure of issue 16: 10,000 games in progress in one database,
//! moves arriving in many channels at once through the Discord stand-in.
//! Run by hand, alone in its process (it prints the figures; docs/scale.md
//! has them):
//!
//! `cargo test --release --test discord scale_discord_load:: -- --ignored --nocapture`
//!
//! The games are seeded straight into the store (one per channel, 5x5
//! Tak, alice against bob); then `CHANNELS` of those channels each play a
//! random legal game of `MOVES / CHANNELS` moves, every channel at once,
//! each move waiting for the previous one's answer in its channel. The
//! figures: moves per second, the reply time (interaction sent to its
//! callback recorded) at the 50th and 99th percentile, the CPU time per
//! move and the peak memory of this process (bot and stand-in together:
//! the stand-in keeps every request, pictures included; log lines are
//! captured with the bot's default filter, not at TRACE as in the other
//! stand-in tests). Override with `TAKTABLE_LOAD=GAMES,CHANNELS,MOVES`.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::support::discord_standin::{Frame, Options, Player, RecordedRequest, StandIn, API};
use crate::support::harness::{capture_logs_at, unique_token, RunningBot, WAIT};
use chrono::Utc;
use futures_util::future::join_all;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::json;
use taktable::games::tak::{Position, Rules};
use taktable::games::{GameSettings, GameState, TakSettings};
use taktable::store::{NewGame, Store};
use tokio::sync::oneshot;

/// The first channel's id; channel `i` is `FIRST_CHANNEL + i`.
const FIRST_CHANNEL: u64 = 1_100_000_000_000_100_000;

/// The two members playing the game of channel `FIRST_CHANNEL + i`: each game has its own,
/// as in a real server (one member moving in 200 channels at once would be rate-limited).
fn players(i: u64) -> [Player; 2] {
    const FIRST_PLAYER: u64 = 1_100_000_000_001_000_000;
    [
        Player::new(FIRST_PLAYER + 2 * i, &format!("white{i}")),
        Player::new(FIRST_PLAYER + 2 * i + 1, &format!("black{i}")),
    ]
}

/// A random legal 5x5 game, `plies` moves long at most, as PTN.
fn random_game(rng: &mut SmallRng, plies: usize) -> Vec<String> {
    let mut p = Position::new(Rules::standard(5).unwrap());
    let mut moves = Vec::new();
    while !p.is_over() && moves.len() < plies {
        let legal = p.legal_moves();
        let mv = legal[rng.random_range(0..legal.len())];
        moves.push(p.ptn(mv));
        p.play(mv).unwrap();
    }
    moves
}

/// One game in progress in each of `games` channels, created through the
/// store as the bot's `/accept` creates them.
fn seed(store: &Store, games: usize, options: &Options) {
    let now = Utc::now();
    let settings = GameSettings::Tak(TakSettings::standard(5).unwrap());
    let snapshot = GameState::new(&settings).unwrap().snapshot();
    for i in 0..games as u64 {
        let [white, black] = players(i);
        store.upsert_user(white.id, &white.name, now).unwrap();
        store.upsert_user(black.id, &black.name, now).unwrap();
        store
            .create_game(&NewGame {
                guild: options.guild_id.to_string(),
                channel: (FIRST_CHANNEL + i).to_string(),
                settings: settings.clone(),
                players: [white.id, black.id],
                rated: false,
                snapshot: snapshot.clone(),
                created_at: now,
                blind: false,
            })
            .unwrap();
    }
}

/// This process's CPU time (user and system) in seconds, and its peak
/// resident memory in MB.
fn usage() -> (f64, f64) {
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
    let cpu = usage.ru_utime.tv_sec as f64
        + usage.ru_utime.tv_usec as f64 / 1e6
        + usage.ru_stime.tv_sec as f64
        + usage.ru_stime.tv_usec as f64 / 1e6;
    (cpu, usage.ru_maxrss as f64 / 1024.0)
}

/// Who waits for which interaction's callback.
type Waiting = Mutex<HashMap<String, oneshot::Sender<(Instant, u16)>>>;

/// Hands every callback the stand-in records to whoever waits for it, in
/// one pass over the recordings (a wait per move would rescan them all).
async fn collect(standin: &StandIn, waiting: &Waiting, total: usize) {
    let application = standin.options().application_id;
    let (mut seen, mut answered) = (0, 0);
    let all_answered = |requests: &[RecordedRequest], _: &[Frame]| {
        let now = Instant::now();
        let mut waiting = waiting.lock().unwrap();
        for r in &requests[seen..] {
            let Some(tx) = waiting.remove(&r.path) else {
                continue;
            };
            // A deferred answer (type 5): the reply is the edit of the
            // original answer that follows.
            let deferred = r.try_json().is_ok_and(|body| body["type"] == 5);
            match r.path.strip_suffix("/callback") {
                Some(interaction) if deferred => {
                    let token = interaction.rsplit('/').next().unwrap_or_default();
                    let edit = format!("{API}/webhooks/{application}/{token}/messages/@original");
                    waiting.insert(edit, tx);
                }
                _ => {
                    let _ = tx.send((now, r.status));
                    answered += 1;
                }
            }
        }
        seen = requests.len();
        (answered >= total).then_some(())
    };
    standin
        .wait_until(
            "every move's answer",
            Duration::from_secs(3600),
            all_answered,
        )
        .await;
}

/// Plays `game` in `channel`, each move after the previous one's answer:
/// the reply times.
async fn play(
    standin: &StandIn,
    waiting: &Waiting,
    players: &[Player; 2],
    channel: u64,
    game: &[String],
) -> Vec<Duration> {
    let mut times = Vec::new();
    for (ply, mv) in game.iter().enumerate() {
        let options = json!([{ "name": "notation", "type": 3, "value": mv }]);
        let mut interaction = standin.slash_command_as(&players[ply % 2], "move", options);
        interaction.payload["channel_id"] = json!(channel.to_string());
        interaction.payload["channel"]["id"] = json!(channel.to_string());
        let (tx, rx) = oneshot::channel();
        waiting
            .lock()
            .unwrap()
            .insert(interaction.callback_path(), tx);
        let sent = Instant::now();
        standin.send_interaction(&interaction);
        let (answered, status) = rx.await.expect("the collector answers");
        assert!(status < 300, "channel {channel}, move {mv}: {status}");
        times.push(answered - sent);
    }
    times
}

/// The text of `/metrics` on `port`.
async fn scrape(port: u16) -> Option<String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", port))
        .await
        .ok()?;
    stream
        .write_all(b"GET /metrics HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
        .await
        .ok()?;
    let mut response = String::new();
    stream.read_to_string(&mut response).await.ok()?;
    Some(response.split_once("\r\n\r\n")?.1.to_string())
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "a load figure, run by hand"]
async fn ten_thousand_games_with_moves_in_many_channels_at_once() {
    let figures: Vec<usize> = std::env::var("TAKTABLE_LOAD")
        .unwrap_or_default()
        .split(',')
        .filter_map(|n| n.trim().parse().ok())
        .collect();
    let (games, channels, moves) = match figures[..] {
        [g, c, m] => (g, c, m),
        _ => (10_000, 200, 4_000),
    };
    assert!(channels <= games, "more channels than games");

    let token = unique_token();
    let options = Options::new(&token);
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("load.db");
    let start = Instant::now();
    seed(&Store::open(&database).unwrap(), games, &options);
    eprintln!(
        "{games} games seeded in {:.1} s",
        start.elapsed().as_secs_f64()
    );

    // Log lines are kept as the bot logs by default (and checked for the token at the end), not
    // the TRACE dump of every request: that capture would be most of the memory measured. The
    // capture is the process's: run with the other stand-in tests, whichever bot starts first
    // sets its level.
    let filter = taktable::discord::logging::DEFAULT_FILTER;
    assert_eq!(
        capture_logs_at(filter),
        filter,
        "another test of this process set the log capture first: run this test alone \
         (cargo test --release --test discord scale_discord_load:: -- --ignored --nocapture)"
    );
    let standin = StandIn::start(options.clone()).await;
    let path = database.display().to_string();
    // Answers are deferred after 2.5 s, the longest allowed: the reply
    // measured is then the edit with the picture.
    // TAKTABLE_LOAD_METRICS=1 (issue 43): with /metrics served and scraped every second (the
    // metrics are off otherwise), to measure what they cost.
    let metrics_port = std::env::var("TAKTABLE_LOAD_METRICS")
        .is_ok_and(|v| v == "1")
        .then(|| {
            std::net::TcpListener::bind("127.0.0.1:0")
                .unwrap()
                .local_addr()
                .unwrap()
                .port()
        });
    let metrics_addr = metrics_port.map(|port| format!("127.0.0.1:{port}"));
    let mut vars = vec![
        ("DATABASE_PATH", path.as_str()),
        ("DISCORD_DEFER_AFTER_MS", "2500"),
    ];
    if let Some(addr) = &metrics_addr {
        vars.push(("METRICS_ADDR", addr));
    }
    let mut bot = RunningBot::start_on(standin, &token, &vars);
    let standin = &bot.standin;
    standin.wait_for_commands(None, WAIT).await;
    let scraping = metrics_port.map(|port| {
        tokio::spawn(async move {
            let mut scrapes = 0u32;
            let mut bytes = 0usize;
            loop {
                tokio::time::sleep(Duration::from_secs(1)).await;
                if let Some(text) = scrape(port).await {
                    scrapes += 1;
                    bytes = text.len();
                }
                if scrapes > 10_000 {
                    return (scrapes, bytes);
                }
            }
        })
    });

    // The channels that play: spread over all the games.
    let mut rng = SmallRng::seed_from_u64(16);
    let per_channel = moves / channels;
    let plays: Vec<(u64, Vec<String>)> = (0..channels)
        .map(|c| {
            let channel = FIRST_CHANNEL + (c * games / channels) as u64;
            (channel, random_game(&mut rng, per_channel))
        })
        .collect();
    let total: usize = plays.iter().map(|(_, game)| game.len()).sum();
    let waiting = Waiting::default();
    let waiting = &waiting;

    let (cpu_before, _) = usage();
    let start = Instant::now();
    let ((), times) = tokio::join!(
        collect(standin, waiting, total),
        join_all(plays.iter().map(|(channel, game)| {
            let players = players(channel - FIRST_CHANNEL);
            async move { play(standin, waiting, &players, *channel, game).await }
        }))
    );
    let mut times: Vec<Duration> = times.into_iter().flatten().collect();
    let elapsed = start.elapsed().as_secs_f64();
    if let (Some(scraping), Some(port)) = (scraping, metrics_port) {
        scraping.abort();
        let text = scrape(port).await.expect("a last scrape");
        let served = text
            .lines()
            .filter(|l| l.starts_with("taktable_commands_total{command=\"move\""))
            .map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
            .sum::<u64>();
        eprintln!(
            "metrics on: served on {port}, scraped every second; /metrics counts {served} moves, \
             {} bytes",
            text.len()
        );
        assert!(
            served as usize >= total,
            "{served} of {total} moves counted"
        );
    }
    let (cpu_after, peak) = usage();
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize].as_secs_f64() * 1000.0;
    eprintln!(
        "{games} games, {channels} channels at once: {total} moves in {elapsed:.1} s = {:.0} moves/s; \
         reply p50 {:.0} ms, p99 {:.0} ms; CPU {:.1} s ({:.2} ms per move, bot and stand-in); peak RSS {peak:.0} MB",
        total as f64 / elapsed,
        at(0.5),
        at(0.99),
        cpu_after - cpu_before,
        (cpu_after - cpu_before) * 1000.0 / total as f64,
    );
    assert_eq!(times.len(), total);
    // Every move played is in the database.
    let store = Store::open(&database).unwrap();
    let first = store
        .latest_game(&options.guild_id.to_string(), &FIRST_CHANNEL.to_string())
        .unwrap()
        .expect("the first channel's game");
    assert_eq!(store.moves(first.id).unwrap().len(), plays[0].1.len());
    bot.stop().await.unwrap();
}
