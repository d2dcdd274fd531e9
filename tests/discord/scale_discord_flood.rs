//! The flood figure of issue 26: one member presses `/replay` of a long game 1,000 times into
//! one channel and 20 members ask `/analyze` of long games at once, while 20 other channels play
//! moves. Every other channel's answer must come within 1 s at the 99th percentile, the process
//! stay under 300 MB, and every flooded request be answered (served, queued or refused
//! politely); then the bot is stopped in the middle of analyses, and every deferred answer must
//! be completed within 10 s. Run by hand, alone in its process (figures in docs/scale.md):
//!
//! `cargo test --release --test discord scale_discord_flood:: -- --ignored --nocapture`
//!
//! Peak memory is this process's: the bot and the stand-in, which keeps every request it got
//! (pictures and GIFs included).

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use crate::support::discord_standin::{Options, Player, RecordedRequest, StandIn, API};
use crate::support::harness::{capture_logs_at, unique_token, RunningBot, WAIT};
use chrono::Utc;
use futures_util::future::join_all;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use taktable::games::tak::{Position, Rules};
use taktable::games::{GameSettings, GameState, Seat, TakSettings};
use taktable::store::{Finish, GameStatus, NewGame, Store};

const FLOOD_CHANNEL: u64 = 1_200_000_000_000_000_001;
const ANALYZE_CHANNEL: u64 = 1_200_000_000_000_000_002;
const FIRST_PLAYING_CHANNEL: u64 = 1_200_000_000_000_100_000;
const FIRST_MEMBER: u64 = 1_200_000_000_000_500_000;

const PRESSES: usize = 1_000;
const ANALYSES: usize = 20;
const PLAYING_CHANNELS: usize = 20;
const MOVES_PER_CHANNEL: usize = 12;

fn member(n: u64) -> Player {
    Player::new(FIRST_MEMBER + n, &format!("member{n}"))
}

/// A legal 8x8 game of `plies` plies that goes on to the end: stack moves whenever one keeps
/// the game going (so reserves last), picked at random.
fn long_game(rng: &mut SmallRng, plies: usize) -> Vec<String> {
    let mut position = Position::new(Rules::standard(8).unwrap());
    let mut moves = Vec::new();
    while moves.len() < plies {
        let mut legal = position.legal_moves();
        let turn = rng.random_range(0..legal.len());
        legal.rotate_left(turn);
        let keeps_going = |mv: &_| {
            let mut next = position.clone();
            next.play(*mv).is_ok() && !next.is_over()
        };
        let is_stack_move = |mv: &_| position.ptn(*mv).contains(['<', '>', '+', '-']);
        let Some(mv) = legal
            .iter()
            .find(|mv| is_stack_move(mv) && keeps_going(mv))
            .or_else(|| legal.iter().find(|mv| keeps_going(mv)))
            .copied()
        else {
            break;
        };
        moves.push(position.ptn(mv));
        position.play(mv).unwrap();
    }
    moves
}

/// A finished game of `moves` in `channel` between two members: its id.
fn seed_finished(
    store: &Store,
    guild: &str,
    channel: u64,
    players: [u64; 2],
    moves: &[String],
) -> i64 {
    let now = Utc::now();
    for id in players {
        store.upsert_user(id, &format!("player{id}"), now).unwrap();
    }
    let settings = GameSettings::Tak(TakSettings::standard(8).unwrap());
    let mut state = GameState::new(&settings).unwrap();
    let id = store
        .create_game(&NewGame {
            guild: guild.to_string(),
            channel: channel.to_string(),
            settings: settings.clone(),
            players,
            rated: false,
            snapshot: state.snapshot(),
            created_at: now,
            blind: false,
        })
        .unwrap();
    for (ply, mv) in moves.iter().enumerate() {
        state.play(mv).unwrap();
        let seat = if ply % 2 == 0 {
            Seat::Player1
        } else {
            Seat::Player2
        };
        store
            .record_move(
                id,
                ply as i64,
                mv,
                seat,
                players[ply % 2],
                &state.snapshot(),
                None,
                now,
            )
            .unwrap();
    }
    let finish = Finish {
        status: GameStatus::Finished,
        result: "0-1".into(),
        winner: Some(Seat::Player2),
        reason: "resignation".into(),
    };
    store
        .end_game(id, moves.len() as i64, &finish, now)
        .unwrap();
    id
}

/// A game in progress in each playing channel, between two members of its own.
fn seed_playing(store: &Store, guild: &str) {
    let now = Utc::now();
    let settings = GameSettings::Tak(TakSettings::standard(5).unwrap());
    let snapshot = GameState::new(&settings).unwrap().snapshot();
    for c in 0..PLAYING_CHANNELS as u64 {
        let players = [member(100 + 2 * c), member(101 + 2 * c)];
        for p in &players {
            store.upsert_user(p.id, &p.name, now).unwrap();
        }
        store
            .create_game(&NewGame {
                guild: guild.to_string(),
                channel: (FIRST_PLAYING_CHANNEL + c).to_string(),
                settings: settings.clone(),
                players: [players[0].id, players[1].id],
                rated: false,
                snapshot: snapshot.clone(),
                created_at: now,
                blind: false,
            })
            .unwrap();
    }
}

/// This process's peak resident memory in MB.
fn peak_rss_mb() -> f64 {
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) };
    usage.ru_maxrss as f64 / 1024.0
}

fn in_channel(
    mut interaction: crate::support::discord_standin::Interaction,
    channel: u64,
) -> crate::support::discord_standin::Interaction {
    interaction.payload["channel_id"] = json!(channel.to_string());
    interaction.payload["channel"]["id"] = json!(channel.to_string());
    interaction
}

/// How an interaction was answered, from the stand-in's recordings.
#[derive(Debug, Default)]
struct Answers {
    /// Callback path -> the callback's type (4 answered, 5 deferred).
    callbacks: HashMap<String, u64>,
    /// Interaction tokens whose deferred answer was completed (an edit or a follow-up).
    completed: HashSet<String>,
}

fn answers(requests: &[RecordedRequest], application: u64) -> Answers {
    let mut out = Answers::default();
    let webhooks = format!("{API}/webhooks/{application}/");
    for r in requests {
        if r.path.ends_with("/callback") {
            let kind = if r.is_multipart() {
                4
            } else {
                r.try_json()
                    .ok()
                    .and_then(|b| b["type"].as_u64())
                    .unwrap_or(0)
            };
            out.callbacks.insert(r.path.clone(), kind);
        } else if let Some(rest) = r.path.strip_prefix(&webhooks) {
            let token = rest.split('/').next().unwrap_or_default();
            if r.method != hyper::Method::DELETE {
                out.completed.insert(token.to_string());
            }
        }
    }
    out
}

fn token_of(callback_path: &str) -> String {
    callback_path
        .trim_end_matches("/callback")
        .rsplit('/')
        .next()
        .unwrap_or_default()
        .to_string()
}

#[tokio::test(flavor = "multi_thread")]
#[ignore = "a load figure, run by hand"]
async fn a_flood_of_replays_and_analyses_slows_no_other_channel() {
    let token = unique_token();
    let options = Options::new(&token);
    let guild = options.guild_id.to_string();
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("flood.db");
    let start = Instant::now();
    let mut rng = SmallRng::seed_from_u64(26);
    let (replay_game, analyze_games) = {
        let store = Store::open(&database).unwrap();
        let long = long_game(&mut rng, 1_000);
        assert_eq!(long.len(), 1_000, "the replayed game is as long as wanted");
        let replay_game = seed_finished(
            &store,
            &guild,
            FLOOD_CHANNEL,
            [FIRST_MEMBER, FIRST_MEMBER + 1],
            &long,
        );
        let analyze_games: Vec<i64> = (0..ANALYSES * 2)
            .map(|_| {
                let moves = long_game(&mut rng, 300);
                assert_eq!(moves.len(), 300);
                seed_finished(
                    &store,
                    &guild,
                    ANALYZE_CHANNEL,
                    [FIRST_MEMBER, FIRST_MEMBER + 1],
                    &moves,
                )
            })
            .collect();
        seed_playing(&store, &guild);
        (replay_game, analyze_games)
    };
    eprintln!("seeded in {:.1} s", start.elapsed().as_secs_f64());

    let filter = taktable::discord::logging::DEFAULT_FILTER;
    assert_eq!(capture_logs_at(filter), filter, "run this test alone");
    let standin = StandIn::start(options.clone()).await;
    let path = database.display().to_string();
    let mut bot = RunningBot::start_on(standin, &token, &[("DATABASE_PATH", &path)]);
    let standin = &bot.standin;
    standin.wait_for_commands(None, WAIT).await;
    let application = standin.options().application_id;

    // The flood and the analyses, all sent at once.
    let flooder = member(0);
    let mut flooded = Vec::new();
    for _ in 0..PRESSES {
        let replay = standin.slash_command_as(
            &flooder,
            "replay",
            json!([{ "name": "game", "type": 4, "value": replay_game }]),
        );
        let replay = in_channel(replay, FLOOD_CHANNEL);
        standin.send_interaction(&replay);
        flooded.push(replay.callback_path());
    }
    let analyze = |asker: u64, game: i64| {
        let analyze = standin.slash_command_as(
            &member(asker),
            "analyze",
            json!([{ "name": "game", "type": 4, "value": game }]),
        );
        let analyze = in_channel(analyze, ANALYZE_CHANNEL);
        standin.send_interaction(&analyze);
        analyze.callback_path()
    };
    for (n, game) in analyze_games.iter().take(ANALYSES).enumerate() {
        flooded.push(analyze(1 + n as u64, *game));
    }

    // Meanwhile 20 other channels play, each move after the previous one's answer.
    let play = |c: u64| {
        let mut rng = SmallRng::seed_from_u64(c);
        async move {
            let players = [member(100 + 2 * c), member(101 + 2 * c)];
            let mut position = Position::new(Rules::standard(5).unwrap());
            let mut times = Vec::new();
            for ply in 0..MOVES_PER_CHANNEL {
                if position.is_over() {
                    break;
                }
                let legal = position.legal_moves();
                let mv = legal[rng.random_range(0..legal.len())];
                let notation = position.ptn(mv);
                position.play(mv).unwrap();
                let command = standin.slash_command_as(
                    &players[ply % 2],
                    "move",
                    json!([{ "name": "notation", "type": 3, "value": notation }]),
                );
                let command = in_channel(command, FIRST_PLAYING_CHANNEL + c);
                let sent = Instant::now();
                standin.send_interaction(&command);
                let answer = standin
                    .wait_for(hyper::Method::POST, &command.callback_path(), WAIT)
                    .await;
                times.push(sent.elapsed());
                assert!(answer.status < 300);
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            times
        }
    };
    let mut times: Vec<Duration> = join_all((0..PLAYING_CHANNELS as u64).map(play))
        .await
        .into_iter()
        .flatten()
        .collect();
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q) as usize].as_secs_f64() * 1000.0;
    eprintln!(
        "other channels: {} moves, reply p50 {:.0} ms, p99 {:.0} ms, max {:.0} ms",
        times.len(),
        at(0.5),
        at(0.99),
        at(1.0)
    );

    // Every flooded request gets its callback.
    standin
        .wait_until(
            "every flooded request's callback",
            Duration::from_secs(600),
            |requests, _| {
                let answered = answers(requests, application);
                flooded
                    .iter()
                    .all(|p| answered.callbacks.contains_key(p))
                    .then_some(())
            },
        )
        .await;
    let requests = standin.requests();
    let answered = answers(&requests, application);
    let refusals: HashMap<String, usize> = requests
        .iter()
        .filter(|r| flooded.contains(&r.path))
        .filter_map(|r| r.try_json().ok())
        .filter(|b: &Value| b["data"]["flags"].as_u64() == Some(64))
        .fold(HashMap::new(), |mut counts, b| {
            let text = b["data"]["content"].as_str().unwrap_or_default();
            *counts.entry(text.chars().take(40).collect()).or_default() += 1;
            counts
        });
    let deferred = flooded
        .iter()
        .filter(|p| answered.callbacks[*p] == 5)
        .count();
    eprintln!("flooded: {} answered; {deferred} deferred; private refusals by opening words: {refusals:?}", flooded.len());
    eprintln!("peak RSS so far {:.0} MB", peak_rss_mb());

    // Now stop in the middle of analyses: every deferred answer is completed within 10 s.
    let mut late = Vec::new();
    for (n, game) in analyze_games.iter().skip(ANALYSES).take(8).enumerate() {
        late.push(analyze(50 + n as u64, *game));
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    let stop_asked = Instant::now();
    bot.stop().await.unwrap();
    let stopped_in = stop_asked.elapsed();
    let requests = bot.standin.requests();
    let answered = answers(&requests, application);
    let all: Vec<&String> = flooded.iter().chain(&late).collect();
    let unfinished: Vec<&&String> = all
        .iter()
        .filter(|p| match answered.callbacks.get(p.as_str()) {
            Some(5) => !answered.completed.contains(&token_of(p)),
            Some(_) => false,
            None => true,
        })
        .collect();
    eprintln!(
        "stopped in {:.1} s; {} requests left without a complete answer; peak RSS {:.0} MB",
        stopped_in.as_secs_f64(),
        unfinished.len(),
        peak_rss_mb()
    );
    assert!(at(0.99) < 1000.0, "p99 {:.0} ms", at(0.99));
    assert!(stopped_in < Duration::from_secs(10));
    assert!(unfinished.is_empty(), "{unfinished:?}");
    assert!(peak_rss_mb() < 300.0);
}
