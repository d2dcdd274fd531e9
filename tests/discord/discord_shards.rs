//! A big deployment: four gateway shards run by two bot processes (`DISCORD_SHARDS=4`,
//! `DISCORD_SHARD_RANGE=0..2` and `2..4`) against one Discord stand-in, which routes each
//! server's events to its shard's connection as Discord does (`(guild_id >> 22) % 4`). Games are
//! started in servers of every shard; each shard's database file holds its servers' games and no
//! other's. An event sent on the wrong shard is refused with an answer and changes nothing;
//! direct messages go to shard 0 and touch no server data; the commands are registered once.
//!
//! The two processes are two bots in this test process (as the other stand-in tests run one):
//! each runs a connection, core and SQLite file per shard, and shares nothing with the other but
//! the stand-in. A process starts its connections 5.5 s apart, so starting takes about 6 s.

use std::path::{Path, PathBuf};

use crate::support::discord_standin::{
    button_id, Interaction, Options, Player, RecordedRequest, StandIn,
};
use crate::support::harness::{logs, unique_token, RunningBot, WAIT};
use hyper::Method;
use serde_json::json;
use taktable::discord::{shard_of, Error};
use taktable::store::{GameStatus, Store};

const TOTAL: u32 = 4;

/// Two servers on each shard: the shard comes from the id's bits 22 and up.
fn servers() -> Vec<u64> {
    (0..2 * u64::from(TOTAL))
        .map(|n| ((250_000_000_000 + n) << 22) | 0x2a_1234)
        .collect()
}

/// A channel of its own in each server.
fn channel_of(guild: u64) -> u64 {
    guild + 1
}

fn bob() -> Player {
    Player::new(1_100_000_000_000_000_301, "bob")
}

/// `/tak challenge opponent:@bob` from alice in `guild`.
fn challenge(standin: &StandIn, guild: u64) -> Interaction {
    let alice = standin.options().player.clone();
    standin.add_player(&bob());
    let options = json!([{ "type": 1, "name": "challenge", "options": [
        { "name": "opponent", "type": 6, "value": bob().id.to_string() },
    ] }]);
    let mut interaction = standin.slash_command_as(&alice, "tak", options);
    standin.in_guild(&mut interaction, guild, channel_of(guild));
    interaction
}

async fn answer(standin: &StandIn, interaction: &Interaction) -> RecordedRequest {
    let callback = standin
        .wait_for(Method::POST, &interaction.callback_path(), WAIT)
        .await;
    assert_eq!(callback.status, 204, "{}", standin.summary());
    callback
}

/// Starts a game in `guild`: alice challenges bob, bob accepts.
async fn start_game(standin: &StandIn, guild: u64) {
    let asked = challenge(standin, guild);
    standin.send_interaction(&asked);
    let offer = answer(standin, &asked).await.message_data();
    let message = standin.bot_message(&offer);
    let mut accept = standin.button_press_as(&bob(), &button_id(&offer, "Accept"), message);
    standin.in_guild(&mut accept, guild, channel_of(guild));
    standin.send_interaction(&accept);
    let accepted = answer(standin, &accept).await.json();
    assert!(
        !accepted
            .to_string()
            .contains("another of the bot's connections"),
        "server {guild} (shard {}) was refused: {accepted}",
        shard_of(guild, TOTAL)
    );
}

/// The servers whose games (all in progress) and challenges (all accepted) the database at
/// `path` holds.
fn servers_in(path: &Path) -> (Vec<u64>, Vec<u64>) {
    let store = Store::open(path).unwrap();
    let mut games: Vec<u64> = store
        .all_games()
        .unwrap()
        .into_iter()
        .inspect(|game| assert_eq!(game.status, GameStatus::Active, "{game:?}"))
        .map(|game| game.guild.parse().unwrap())
        .collect();
    games.sort_unstable();
    drop(store);
    let conn = rusqlite::Connection::open(path).unwrap();
    let mut statement = conn
        .prepare("SELECT guild, status FROM challenges")
        .unwrap();
    let mut challenges: Vec<u64> = statement
        .query_map([], |row| {
            Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?))
        })
        .unwrap()
        .map(|row| {
            let (guild, status) = row.unwrap();
            assert_eq!(status, "accepted", "server {guild}");
            guild.parse().unwrap()
        })
        .collect();
    challenges.sort_unstable();
    (games, challenges)
}

/// The bot process running `range` of the four shards, with `database` as DATABASE_PATH.
fn process(standin: &StandIn, token: &str, database: &Path, range: &str) -> RunningBot {
    RunningBot::start_on(
        standin.share(),
        token,
        &[
            ("DATABASE_PATH", &database.display().to_string()),
            ("DISCORD_SHARDS", &TOTAL.to_string()),
            ("DISCORD_SHARD_RANGE", range),
        ],
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn four_shards_in_two_processes_keep_each_server_in_one_database() {
    let token = unique_token();
    let standin = StandIn::start(Options::new(&token)).await;
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("taktable.db");
    let mut first = process(&standin, &token, &database, "0..2");
    let mut second = process(&standin, &token, &database, "2..4");

    // Each process identifies its own shards, each once: 0 and 1, then 2 and 3 (serenity's
    // inclusive range end would have made the first process run shard 2 as well).
    standin.wait_for_dispatch("READY", 4, 2 * WAIT).await;
    assert_eq!(
        standin.identified_shards(),
        vec![(0, 4), (1, 4), (2, 4), (3, 4)],
        "{}",
        standin.summary()
    );
    standin.wait_for_commands(None, WAIT).await;

    let servers = servers();
    let shards: Vec<u32> = servers.iter().map(|&g| shard_of(g, TOTAL)).collect();
    assert_eq!(
        shards,
        vec![0, 1, 2, 3, 0, 1, 2, 3],
        "every shard has servers"
    );
    for &guild in &servers {
        start_game(&standin, guild).await;
    }

    // A command sent on the wrong shard (a server of shard 3 on shard 0, which the first
    // process runs) is refused with a reason and stored nowhere.
    let stray = servers[3];
    let wrong = challenge(&standin, stray);
    standin
        .dispatch_on_shard(0, "INTERACTION_CREATE", wrong.payload.clone())
        .unwrap();
    let refused = answer(&standin, &wrong).await.message_data();
    let text = refused["content"].as_str().unwrap_or_default();
    assert!(
        text.contains("gateway shard 3 of 4") && text.contains("nothing was done"),
        "{refused}"
    );
    assert_eq!(refused["flags"].as_u64().unwrap_or(0) & 64, 64, "ephemeral");
    assert!(
        logs().contains("refused an event for a server of another shard"),
        "the refusal is logged"
    );

    // A direct message goes to shard 0 and is answered without touching server data.
    let mut direct = challenge(&standin, servers[0]);
    standin.in_direct_messages(&mut direct, 1_100_000_000_000_000_777);
    standin.send_interaction(&direct);
    let refused = answer(&standin, &direct).await.message_data();
    assert!(
        refused["content"]
            .as_str()
            .unwrap_or_default()
            .contains("Games are played in servers"),
        "{refused}"
    );

    first.stop().await.unwrap();
    second.stop().await.unwrap();
    // The commands are registered once, by shard 0's connection, not once a shard.
    let commands = standin.commands_path(None);
    let registrations = standin
        .requests()
        .iter()
        .filter(|r| r.method == Method::PUT && r.path == commands)
        .count();
    assert_eq!(registrations, 1, "{}", standin.summary());
    // No process started a shard past its range while it ran (serenity boots a process's
    // shards 5 s apart: a third shard of the first process would have come by now).
    assert_eq!(
        standin.identified_shards(),
        vec![(0, 4), (1, 4), (2, 4), (3, 4)],
        "{}",
        standin.summary()
    );

    // Each shard's file holds exactly the servers of its shard: one game and its accepted
    // challenge each (the stray and direct challenges were stored nowhere).
    for shard in 0..TOTAL {
        let path: PathBuf = dir.path().join(format!("taktable.shard-{shard}-of-4.db"));
        let expected: Vec<u64> = servers
            .iter()
            .copied()
            .filter(|&g| shard_of(g, TOTAL) == shard)
            .collect();
        let (games, challenges) = servers_in(&path);
        assert_eq!(games, expected, "games in {}", path.display());
        assert_eq!(challenges, expected, "challenges in {}", path.display());
    }
    assert!(!database.exists(), "no unsharded file was made");
}

#[tokio::test]
async fn a_database_is_refused_by_a_process_running_other_shards() {
    let token = unique_token();
    let standin = StandIn::start(Options::new(&token)).await;
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("taktable.db");
    let mut first = process(&standin, &token, &database, "0..2");
    standin.wait_for_commands(None, WAIT).await;
    first.stop().await.unwrap();

    // The file of shard 0, given to a process running every shard unsharded: refused, as it
    // holds only some servers' data (and the unsharded process would write any server's).
    let file = dir.path().join("taktable.shard-0-of-4.db");
    let mut unsharded = RunningBot::start_on(
        standin.share(),
        &token,
        &[("DATABASE_PATH", &file.display().to_string())],
    );
    let outcome = unsharded.stopped().await;
    let Err(error @ Error::ShardMismatch { .. }) = outcome else {
        panic!("expected a shard mismatch, got {outcome:?}");
    };
    let text = error.to_string();
    assert!(
        text.contains("shard 0 of 4") && text.contains("every shard"),
        "{text}"
    );
}

/// `taktable run ARGS` in a fresh directory whose `.env` holds `dotenv`: its exit status and
/// standard error. Nothing connects: each case fails on its settings first.
fn run_with(args: &[&str], dotenv: &str) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(".env"), dotenv).unwrap();
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_taktable"));
    command.arg("run").args(args).current_dir(dir.path());
    for variable in ["DISCORD_SHARDS", "DISCORD_SHARD_RANGE", "DATABASE_PATH"] {
        command.env_remove(variable);
    }
    let output = command.output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn bad_shard_settings_stop_the_run_with_a_clear_error() {
    let token = "DISCORD_TOKEN=MTEw.not-used.secret\n";
    for (args, dotenv, expected) in [
        (
            &["--shards", "4", "--shard-range", "3..5"][..],
            "",
            "the shard range 3..5 goes past the last shard: with 4 shards the range ends at 4 \
             at most (shards are numbered 0 to 3)",
        ),
        (
            &["--shards", "4", "--shard-range", "2..2"],
            "",
            "the shard range 2..2 holds no shard",
        ),
        (
            &["--shards", "0"],
            "",
            "the number of shards (--shards or DISCORD_SHARDS) must be a whole number of at \
             least 1, not \"0\"",
        ),
        (
            &["--shard-range", "0..2"],
            "",
            "a shard range (--shard-range or DISCORD_SHARD_RANGE) needs the number of shards too",
        ),
        // The variables, read from .env, are checked alike...
        (
            &[],
            "DISCORD_SHARDS=4\nDISCORD_SHARD_RANGE=0-2\n",
            "must be written A..B with whole numbers, such as 0..2 for shards 0 and 1, not \"0-2\"",
        ),
        // ...and a flag wins over its variable.
        (&["--shards", "four"], "DISCORD_SHARDS=4\n", "not \"four\""),
    ] {
        let (status, stderr) = run_with(args, &format!("{token}{dotenv}"));
        assert_eq!(status, Some(2), "{args:?} {dotenv:?}: {stderr}");
        assert!(
            stderr.contains(expected),
            "{args:?} {dotenv:?}: expected {expected:?} in\n{stderr}"
        );
    }
}
