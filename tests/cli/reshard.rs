//! `taktable reshard` (issue 27: "moving shards between processes"): the database files of
//! four shards, filled through the bot's own commands in servers of every shard, re-split into
//! eight and merged back into four, every row of every table kept: games and their moves,
//! challenges, ratings and their changes, server settings, offers, personal reminders, threads,
//! buttons, artefacts, users and their preferences, the computer opponent's levels. A reshard
//! refuses new files that are already there, files a bot holds, and a `--from` the files do not
//! match.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::Arc;

use chrono::{DateTime, Utc};
use taktable::bot::{Bot, Invocation, OffsetClock, Place, User};
use taktable::console::parse::{parse_command, user_id};
use taktable::store::artefacts::ArtefactKey;
use taktable::store::shards::OldRange;
use taktable::store::tournaments::{NewPairing, NewRound, NewTournament};
use taktable::store::{shard_of_guild, Artefact, GameStatus, Shard, Store};

use super::{stderr, stdout, taktable};

/// Sixteen servers, two per shard of eight (the shard comes from the id's bits 22 and up), and
/// the terminal's server, which belongs to none (shard 0).
fn servers() -> Vec<String> {
    let mut servers: Vec<String> = (0..16u64)
        .map(|n| (((250_000_000_000 + n) << 22) | 0x2a_1234).to_string())
        .collect();
    servers.push("local".into());
    servers
}

/// Every table's rows, each as text (`quote` of every column), sorted: what a reshard keeps.
type Rows = BTreeMap<String, Vec<String>>;

fn rows(path: &Path) -> Rows {
    let conn = rusqlite::Connection::open(path).unwrap();
    let tables: Vec<String> = conn
        .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'
             ORDER BY name",
        )
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut all = Rows::new();
    for table in tables {
        let columns: Vec<String> = conn
            .prepare(&format!("PRAGMA table_info({table})"))
            .unwrap()
            .query_map([], |r| r.get(1))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let text = columns
            .iter()
            .map(|c| format!("quote({c})"))
            .collect::<Vec<_>>()
            .join(" || '|' || ");
        let mut lines: Vec<String> = conn
            .prepare(&format!("SELECT {text} FROM {table}"))
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        lines.sort();
        all.insert(table, lines);
    }
    all
}

/// The rows of several files together, sorted (users and their preferences, which every file
/// made from one old file keeps, once each; each file's record of its shard left out).
fn together(files: &[Rows]) -> Rows {
    let mut all = Rows::new();
    for file in files {
        for (table, lines) in file {
            all.entry(table.clone()).or_default().extend(
                lines
                    .iter()
                    .filter(|l| !l.starts_with("'shard'|") && !l.starts_with("'shard_range'|"))
                    .cloned(),
            );
        }
    }
    for (table, lines) in all.iter_mut() {
        lines.sort();
        if table == "users" || table == "dm_notifications" {
            lines.dedup();
        }
    }
    all
}

fn files(base: &Path, total: u32) -> Vec<PathBuf> {
    (0..total)
        .map(|s| Shard::new(s, total).unwrap().path(base))
        .collect()
}

fn reshard(base: &Path, from: u32, to: u32) -> Output {
    taktable(&[
        "reshard",
        "--from",
        &from.to_string(),
        "--to",
        &to.to_string(),
        "--database",
        &base.display().to_string(),
    ])
}

/// The bots of the four shards' files, each serving its servers as `taktable run` would.
struct Shards {
    bots: Vec<Bot>,
    /// How many shards each file holds (2 for the old per-range files).
    per_file: u32,
}

/// A bot on the file `path`, its clock at `start`.
fn bot_on(store: Store, start: DateTime<Utc>) -> Bot {
    let bot = Bot::new(
        store,
        Arc::new(OffsetClock::new(Some(start), chrono::Duration::zero())),
    );
    bot.set_computer(User {
        id: user_id("taktable"),
        name: "taktable".into(),
        is_admin: false,
    });
    bot
}

impl Shards {
    fn open(base: &Path, total: u32, start: DateTime<Utc>) -> Shards {
        let bots = (0..total)
            .map(|s| {
                let shard = Shard::new(s, total).unwrap();
                let store = Store::open(&shard.path(base)).unwrap();
                store.claim_shard(shard).unwrap();
                bot_on(store, start)
            })
            .collect();
        Shards { bots, per_file: 1 }
    }

    /// The two files of the naming before one file per shard (issue 43): shards 0..2 and
    /// 2..4 of 4, each numbering its games from 1 as SQLite does.
    fn old_ranges(base: &Path, start: DateTime<Utc>) -> Shards {
        let bots = ["0..2-of-4", "2..4-of-4"]
            .iter()
            .map(|range| {
                let path = OldRange::parse(range).unwrap().path(base);
                let store = Store::open(&path).unwrap();
                store.set_meta("shard_range", range).unwrap();
                bot_on(store, start)
            })
            .collect();
        Shards { bots, per_file: 2 }
    }

    fn bot(&self, guild: &str) -> &Bot {
        let total = self.bots.len() as u32 * self.per_file;
        &self.bots[(shard_of_guild(guild, total) / self.per_file) as usize]
    }

    /// `line`, typed by `user` in `channel` of `guild`: the replies' texts.
    fn say(&self, guild: &str, channel: &str, user: &str, line: &str) -> String {
        let command = parse_command(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        let replies = self.bot(guild).handle(&Invocation {
            place: place(guild, channel),
            user: User {
                id: user_id(user),
                name: user.into(),
                is_admin: user == "alice",
            },
            command,
        });
        replies
            .iter()
            .map(|r| format!("{r:?}"))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

fn place(guild: &str, channel: &str) -> Place {
    Place {
        guild: guild.into(),
        channel: channel.into(),
    }
}

/// Fills a server with one of everything the store keeps.
fn fill(shards: &Shards, guild: &str, n: usize) {
    let say = |channel: &str, user: &str, line: &str| shards.say(guild, channel, user, line);
    say("general", "alice", "/settings reminder:12h timeout:3d");
    say("general", "bob", "/theme name:paper");
    say("general", "bob", "/notify dm:true");
    // A rated game, finished: ratings, their changes, a Rematch button, a kept artefact.
    say(
        "general",
        "alice",
        "/tak challenge opponent:@bob color:white",
    );
    say("general", "bob", "/accept");
    for (user, line) in [
        ("alice", "/move a1"),
        ("bob", "/move e5"),
        ("alice", "/move b1"),
        ("bob", "/move d5"),
        ("alice", "/move c1"),
        ("bob", "/resign"),
    ] {
        say("general", user, line);
    }
    let bot = shards.bot(guild);
    let finished = bot
        .store()
        .all_games()
        .unwrap()
        .into_iter()
        .find(|g| g.guild == guild && g.status != GameStatus::Active)
        .expect("the finished game");
    bot.record_buttons(
        &place(guild, "general"),
        &format!("message-{n}"),
        &format!("rematch:{}", finished.id),
    );
    bot.store()
        .keep_artefact(
            ArtefactKey::of(&finished, "replay", "wood"),
            &Artefact {
                meta: "{}".into(),
                bytes: vec![n as u8; 64],
            },
            bot.now(),
        )
        .unwrap();
    // A game in progress with a draw offer and a personal reminder.
    say(
        "play",
        "alice",
        "/tak challenge opponent:@bob size:3 color:white",
    );
    say("play", "bob", "/accept");
    say("play", "alice", "/move a1");
    say("play", "bob", "/move c3");
    say("play", "alice", "/draw");
    say("play", "alice", "/remind in:2h");
    // A game in a thread of its own, a challenge waiting, a game against the computer.
    say(
        "threads",
        "carol",
        "/tak challenge opponent:@dave size:3 color:white thread:true",
    );
    say("threads", "dave", "/accept");
    say("waiting", "erin", "/tak challenge opponent:@frank size:4");
    say(
        "computer",
        "alice",
        "/tak challenge opponent:@taktable level:1 color:white",
    );
    shards.bot(guild).play_computer_turns();
    // A game whose channel was deleted, set aside (issue 40), and a reply
    // still waiting in the outbox to be said.
    say(
        "gone",
        "erin",
        "/tak challenge opponent:@frank size:3 color:white",
    );
    say("gone", "frank", "/accept");
    for (user, line) in [
        ("erin", "/move a1"),
        ("frank", "/move c3"),
        ("erin", "/move b2"),
        ("frank", "/move c2"),
    ] {
        say("gone", user, line);
    }
    let gone = bot
        .store()
        .all_games()
        .unwrap()
        .into_iter()
        .find(|g| g.guild == guild && g.channel == "gone")
        .expect("the game of the deleted channel");
    assert!(bot
        .store()
        .set_game_aside(gone.id, "channel deleted", bot.now())
        .unwrap());
    bot.store()
        .keep_replies(
            &[(guild, format!("{{\"unsaid\":{n}}}"), bot.now())],
            bot.now(),
        )
        .unwrap();
    // A tournament under way: its entrants, a round with a bye and a forfeit without a game.
    let store = bot.store();
    let tournament = store
        .create_tournament(&NewTournament {
            guild: guild.into(),
            channel: "tournament".into(),
            creator: user_id("alice"),
            settings: finished.settings.clone(),
            format: "swiss",
            rounds: 3,
            round_time: chrono::Duration::days(2),
            rated: true,
            starts_at: None,
            created_at: bot.now(),
        })
        .unwrap();
    for name in ["alice", "bob", "carol"] {
        assert!(store
            .join_tournament(tournament, user_id(name), bot.now())
            .unwrap());
    }
    let seeds: Vec<_> = ["alice", "bob", "carol"]
        .iter()
        .map(|name| (user_id(name), 1500))
        .collect();
    store
        .start_tournament(tournament, &seeds, bot.now())
        .unwrap();
    store
        .add_round(
            tournament,
            &NewRound {
                number: 1,
                bye: Some(2),
                started_at: bot.now(),
                deadline: bot.now() + chrono::Duration::days(2),
                warn_at: Some(bot.now() + chrono::Duration::days(1)),
                pairings: vec![NewPairing {
                    white: 0,
                    black: 1,
                    game: None,
                    outcome: "white",
                }],
            },
        )
        .unwrap();
    // Every third server has removed the bot and waits out its grace period (issue 43).
    if n % 3 == 0 {
        bot.server_left(guild);
    }
}

#[test]
fn four_shards_split_into_eight_and_merged_back_keep_every_row() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("taktable.db");
    let start = "2026-03-01T12:00:00Z".parse().unwrap();
    {
        let shards = Shards::open(&base, 4, start);
        for (n, guild) in servers().iter().enumerate() {
            fill(&shards, guild, n);
        }
    }
    let four: Vec<Rows> = files(&base, 4).iter().map(|p| rows(p)).collect();
    // Every table has rows to keep (a table added later without rows here would not be tested).
    let before = together(&four);
    for (table, lines) in &before {
        assert!(!lines.is_empty(), "no rows of {table} to keep");
    }
    assert!(
        before["meta"]
            .iter()
            .any(|l| l.starts_with("'computer.level.")),
        "a computer opponent's level"
    );

    // Four into eight: every row in the file of its server's shard among eight.
    let split = reshard(&base, 4, 8);
    assert!(split.status.success(), "{}", stderr(&split));
    let said = stdout(&split);
    assert!(
        said.contains("Read the 4 files of 4 shards and wrote the 8 files of 8 shards")
            && said.contains(&format!("games: {0} -> {0}", before["games"].len()))
            && said.contains("rm ")
            && said.contains("taktable.shard-3-of-4.db"),
        "{said}"
    );
    let eight: Vec<Rows> = files(&base, 8).iter().map(|p| rows(p)).collect();
    assert_eq!(together(&eight), before, "4 -> 8 kept every row");
    for (shard, path) in files(&base, 8).iter().enumerate() {
        let conn = rusqlite::Connection::open(path).unwrap();
        for table in [
            "games",
            "challenges",
            "ratings",
            "guild_settings",
            "button_messages",
        ] {
            let guilds: Vec<String> = conn
                .prepare(&format!("SELECT DISTINCT guild FROM {table}"))
                .unwrap()
                .query_map([], |r| r.get(0))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            assert_eq!(guilds.len(), if shard == 0 { 3 } else { 2 }, "{table}");
            for guild in guilds {
                assert_eq!(shard_of_guild(&guild, 8), shard as u32, "{table} {guild}");
            }
        }
        let store = Store::open(path).unwrap();
        assert_eq!(store.shard().unwrap(), Shard::new(shard as u32, 8));
    }
    // The old files are still there, untouched.
    for (path, old) in files(&base, 4).iter().zip(&four) {
        assert_eq!(&rows(path), old, "{}", path.display());
    }

    // Back to four: refused while the old files of four are there, and while a bot holds a file.
    let refused = reshard(&base, 8, 4);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        stderr(&refused).contains("the new files are already there"),
        "{}",
        stderr(&refused)
    );
    let old = dir.path().join("old");
    std::fs::create_dir(&old).unwrap();
    for path in files(&base, 4) {
        std::fs::rename(&path, old.join(path.file_name().unwrap())).unwrap();
    }
    let held = Store::open_exclusive(&files(&base, 8)[5]).unwrap();
    let refused = reshard(&base, 8, 4);
    assert_eq!(refused.status.code(), Some(1));
    assert!(
        stderr(&refused).contains("in use by another taktable"),
        "{}",
        stderr(&refused)
    );
    assert!(!files(&base, 4)[0].exists(), "nothing written when refused");
    drop(held);

    let merged = reshard(&base, 8, 4);
    assert!(merged.status.success(), "{}", stderr(&merged));
    for (path, original) in files(&base, 4).iter().zip(&four) {
        assert_eq!(&rows(path), original, "{} is what it was", path.display());
    }

    // New games take ids of their file's shard above every id of every file: no id is ever
    // two games', so files merge again without renumbering.
    let highest = before["games"]
        .iter()
        .map(|line| line.split('|').next().unwrap().parse::<i64>().unwrap())
        .max()
        .unwrap();
    let shards = Shards::open(&base, 4, start);
    let guild = &servers()[2];
    shards.say(
        guild,
        "later",
        "gina",
        "/tak challenge opponent:@hank size:3",
    );
    shards.say(guild, "later", "hank", "/accept");
    let game = shards
        .bot(guild)
        .store()
        .all_games()
        .unwrap()
        .into_iter()
        .map(|g| g.id)
        .max()
        .unwrap();
    assert_eq!(game % 4, 2, "shard 2's residue");
    assert!(game > highest, "{game} is above every old id ({highest})");
}

/// Issue 43, "upgrades that cannot strand data": a bot upgraded in place beside the files of
/// the old naming (one per process, `taktable.shards-0..2-of-4.db`) refuses to start, naming
/// them and the reshard that converts them; that command, run as given, puts every row in the
/// file of its shard.
#[test]
fn old_per_range_files_are_refused_at_start_and_converted_by_the_command_named() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("taktable.db");
    let start = "2026-03-01T12:00:00Z".parse().unwrap();
    {
        let old = Shards::old_ranges(&base, start);
        for (n, guild) in servers().iter().enumerate() {
            fill(&old, guild, n);
        }
    }
    let old_files: Vec<PathBuf> = ["0..2-of-4", "2..4-of-4"]
        .iter()
        .map(|r| OldRange::parse(r).unwrap().path(&base))
        .collect();
    let before = together(&old_files.iter().map(|p| rows(p)).collect::<Vec<_>>());
    let ids = |rows: &Rows| -> Vec<String> {
        rows["games"]
            .iter()
            .map(|l| l.split('|').next().unwrap().to_string())
            .collect()
    };
    let mut game_ids = ids(&before);
    game_ids.dedup();
    assert!(
        game_ids.len() < before["games"].len(),
        "the two old files gave one id to two games"
    );

    let started = std::process::Command::new(env!("CARGO_BIN_EXE_taktable"))
        .arg("run")
        .current_dir(dir.path())
        .env("DISCORD_TOKEN", "not-a-real-token")
        .env("DATABASE_PATH", &base)
        .env("DISCORD_SHARDS", "4")
        .env("DISCORD_API_PROXY", "http://127.0.0.1:9")
        .output()
        .unwrap();
    assert_eq!(started.status.code(), Some(1));
    let said = stderr(&started);
    for file in &old_files {
        assert!(said.contains(&file.display().to_string()), "{said}");
    }
    let command = said
        .lines()
        .map(str::trim)
        .find(|l| l.starts_with("taktable reshard"))
        .unwrap_or_else(|| panic!("no command in\n{said}"));
    assert_eq!(
        command,
        format!(
            "taktable reshard --from 4 --to 4 --database {}",
            base.display()
        )
    );
    for path in files(&base, 4) {
        assert!(!path.exists(), "no new file made by the refused start");
    }

    let args: Vec<&str> = command.split(' ').skip(1).collect();
    let converted = taktable(&args);
    assert!(converted.status.success(), "{}", stderr(&converted));
    let report = stdout(&converted);
    assert!(
        report.contains("Read the 2 files of 4 shards and wrote the 4 files of 4 shards")
            && report.contains("mv ")
            && report.contains("taktable.shards-2..4-of-4.db"),
        "{report}"
    );
    let four: Vec<Rows> = files(&base, 4).iter().map(|p| rows(p)).collect();
    assert_eq!(together(&four), before, "every row kept");
    for (shard, path) in files(&base, 4).iter().enumerate() {
        let conn = rusqlite::Connection::open(path).unwrap();
        let guilds: Vec<String> = conn
            .prepare("SELECT DISTINCT guild FROM games")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert!(!guilds.is_empty());
        for guild in guilds {
            assert_eq!(shard_of_guild(&guild, 4), shard as u32, "{guild}");
        }
        let store = Store::open(path).unwrap();
        assert_eq!(store.shard().unwrap(), Shard::new(shard as u32, 4));
    }
    // Run again, it is refused: the files of each shard are there now.
    let again = taktable(&args);
    assert_eq!(again.status.code(), Some(1), "{}", stdout(&again));
}

#[test]
fn a_wrong_from_names_the_files_that_are_there() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("taktable.db");
    let nothing = reshard(&base, 4, 8);
    assert_eq!(nothing.status.code(), Some(1));
    assert!(
        stderr(&nothing).contains("no shard file is there at all"),
        "{}",
        stderr(&nothing)
    );
    for (shard, path) in files(&base, 4).iter().enumerate() {
        let store = Store::open(path).unwrap();
        store
            .claim_shard(Shard::new(shard as u32, 4).unwrap())
            .unwrap();
    }
    let wrong = reshard(&base, 3, 8);
    assert_eq!(wrong.status.code(), Some(1));
    let text = stderr(&wrong);
    assert!(
        text.contains("--from 3 does not match")
            && text.contains("found the files of shards 0, 1, 2, 3 of 4: did you mean --from 4?"),
        "{text}"
    );
    let same = reshard(&base, 4, 4);
    assert!(stderr(&same).contains("nothing to do"), "{}", stderr(&same));
    let zero = reshard(&base, 4, 0);
    assert_eq!(
        zero.status.code(),
        Some(2),
        "refused by the argument parser"
    );
    // A file missing, then one renamed by hand: its record says another shard than its name.
    std::fs::rename(files(&base, 4)[3].clone(), dir.path().join("x.db")).unwrap();
    let missing = reshard(&base, 4, 8);
    assert!(
        stderr(&missing).contains("these files of 4 shards are missing")
            && stderr(&missing).contains("taktable.shard-3-of-4.db"),
        "{}",
        stderr(&missing)
    );
    std::fs::copy(files(&base, 4)[0].clone(), files(&base, 4)[3].clone()).unwrap();
    let renamed = reshard(&base, 4, 8);
    assert!(
        stderr(&renamed).contains("records shard 0 of 4, not shard 3 of 4"),
        "{}",
        stderr(&renamed)
    );
    assert!(!files(&base, 8)[0].exists(), "nothing written when refused");
}

#[test]
fn the_help_lists_reshard_and_its_options() {
    let help = taktable(&["--help"]);
    assert!(stdout(&help).contains("reshard"), "{}", stdout(&help));
    let help = taktable(&["reshard", "--help"]);
    let text = stdout(&help);
    for option in ["--from <TOTAL>", "--to <TOTAL>", "--database <FILE>"] {
        assert!(text.contains(option), "{option} in\n{text}");
    }
}

/// How long a reshard takes: four files of 10,000 finished games each (20 moves, two rating
/// changes and ratings per game, 64 servers), split into eight and merged back. Run by hand:
/// `cargo test --release --test cli reshard_time -- --ignored --nocapture`.
#[test]
#[ignore]
fn reshard_time_for_forty_thousand_games() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("taktable.db");
    forty_thousand_games(&base);
    let started = std::time::Instant::now();
    let split = reshard(&base, 4, 8);
    let split_time = started.elapsed();
    assert!(split.status.success(), "{}", stderr(&split));
    let old = dir.path().join("old");
    std::fs::create_dir(&old).unwrap();
    for path in files(&base, 4) {
        std::fs::rename(&path, old.join(path.file_name().unwrap())).unwrap();
    }
    let started = std::time::Instant::now();
    let merged = reshard(&base, 8, 4);
    let merge_time = started.elapsed();
    assert!(merged.status.success(), "{}", stderr(&merged));
    for path in files(&base, 4) {
        assert_eq!(rows(&path), rows(&old.join(path.file_name().unwrap())));
    }
    let bytes: u64 = files(&base, 4)
        .iter()
        .map(|p| std::fs::metadata(p).unwrap().len())
        .sum();
    println!("{}", stdout(&split));
    println!(
        "40,000 games, 800,000 moves, {:.1} MB: 4 -> 8 in {:.2} s, 8 -> 4 in {:.2} s",
        bytes as f64 / 1e6,
        split_time.as_secs_f64(),
        merge_time.as_secs_f64()
    );
}

/// The four files of 4 shards of the timing tests (`reshard_time_for_forty_thousand_games`, and
/// `backup_time_for_forty_thousand_games` in `tests/cli/backup.rs`): 10,000 finished games each
/// (20 moves, two rating changes and ratings per game, 64 servers, 200 users).
pub(crate) fn forty_thousand_games(base: &Path) {
    let guilds: Vec<String> = (0..64u64)
        .map(|n| (((250_000_000_000 + n) << 22) | 0x2a_1234).to_string())
        .collect();
    let snapshot = "x5/x5/x5/x5/x5 1 1";
    let settings =
        r#"{"game":"tak","size":5,"komi_halves":0,"swap":true,"flats":[21,21],"caps":[1,1]}"#;
    for shard in 0..4u32 {
        let path = Shard::new(shard, 4).unwrap().path(base);
        let store = Store::open(&path).unwrap();
        store.claim_shard(Shard::new(shard, 4).unwrap()).unwrap();
        drop(store);
        let mut conn = rusqlite::Connection::open(&path).unwrap();
        let tx = conn.transaction().unwrap();
        for user in 1..=200 {
            tx.execute(
                "INSERT INTO users (id, name, updated_at) VALUES (?1, ?2, '2026-01-01T00:00:00Z')",
                rusqlite::params![user, format!("user{user}")],
            )
            .unwrap();
        }
        let mine: Vec<&String> = guilds
            .iter()
            .filter(|g| shard_of_guild(g, 4) == shard)
            .collect();
        for n in 0..10_000i64 {
            let id = n * 4 + i64::from(shard) + 4;
            let guild = mine[n as usize % mine.len()];
            let (p1, p2) = (1 + n % 200, 1 + (n + 7) % 200);
            tx.execute(
                "INSERT INTO games (id, guild, channel, game, settings, player1, player2, rated,
                                    status, result, winner, snapshot, version, created_at,
                                    updated_at)
                 VALUES (?1, ?2, ?3, 'tak', ?4, ?5, ?6, 1, 'finished', 'R-0', 1, ?7, 20,
                         '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')",
                rusqlite::params![id, guild, format!("c{n}"), settings, p1, p2, snapshot],
            )
            .unwrap();
            for ply in 0..20 {
                tx.execute(
                    "INSERT INTO moves (game_id, ply, notation, seat, user_id, played_at)
                     VALUES (?1, ?2, 'a1', ?3, ?4, '2026-01-01T00:00:00Z')",
                    rusqlite::params![id, ply, 1 + ply % 2, if ply % 2 == 0 { p1 } else { p2 }],
                )
                .unwrap();
            }
            for (seat, user) in [(1, p1), (2, p2)] {
                tx.execute(
                    "INSERT INTO rating_changes VALUES (?1, ?2, ?3, 'draw', 1500, 350, 0.06,
                                                        1500, 300, 0.06)",
                    rusqlite::params![id, seat, user],
                )
                .unwrap();
                tx.execute(
                    "INSERT INTO ratings (guild, game, user_id, rating, deviation, volatility,
                                          games, updated_at)
                     VALUES (?1, 'tak', ?2, 1500, 300, 0.06, 1, '2026-01-01T00:00:00Z')
                     ON CONFLICT DO UPDATE SET games = games + 1",
                    rusqlite::params![guild, user],
                )
                .unwrap();
            }
        }
        tx.commit().unwrap();
    }
}
