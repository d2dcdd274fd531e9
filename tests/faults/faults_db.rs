//! The database under faults (issue 16): a file that is not a database, a
//! damaged database, another program's database, one from a newer
//! taktable, a read-only file, a full disk, and a database of every earlier
//! schema. Each gives a clear error and loses nothing: the file is left as
//! it was, every answered move is kept, every game replays to its snapshot.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::{Command as Process, Stdio};
use std::sync::Arc;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use taktable::bot::{Bot, Invocation, Place, SystemClock, User};
use taktable::console::parse::{parse_command, user_id};
use taktable::games::tak::{Position, Rules};
use taktable::store::Store;

const MIGRATIONS: &[&str] = &[
    include_str!("../../migrations/0001_initial.sql"),
    include_str!("../../migrations/0002_user_preferences.sql"),
    include_str!("../../migrations/0003_correspondence.sql"),
    include_str!("../../migrations/0004_game_theme.sql"),
    include_str!("../../migrations/0005_buttons_and_personal_reminders.sql"),
    include_str!("../../migrations/0006_threads_and_blind_play.sql"),
    include_str!("../../migrations/0007_active_games_by_player.sql"),
    include_str!("../../migrations/0008_artefacts.sql"),
    include_str!("../../migrations/0009_tournaments.sql"),
    include_str!("../../migrations/0010_tournament_creators.sql"),
    include_str!("../../migrations/0011_outbox.sql"),
    include_str!("../../migrations/0012_departed_guilds.sql"),
    include_str!("../../migrations/0013_web_pages.sql"),
    include_str!("../../migrations/0014_tournament_warnings.sql"),
];

fn place(channel: &str) -> Place {
    Place {
        guild: "faults".to_string(),
        channel: channel.to_string(),
    }
}

fn run(bot: &Bot, channel: &str, who: &str, line: &str) -> String {
    let command = parse_command(line).unwrap_or_else(|e| panic!("{line}: {e}"));
    bot.handle(&Invocation {
        place: place(channel),
        user: User {
            id: user_id(who),
            name: who.to_string(),
            is_admin: false,
        },
        command,
    })
    .iter()
    .map(|r| r.text.clone())
    .collect::<Vec<_>>()
    .join("\n")
}

/// A Tak game between alice (white) and bob in `channel`.
fn start_game(bot: &Bot, channel: &str) {
    let challenge = run(
        bot,
        channel,
        "alice",
        "/tak challenge opponent:@bob size:5 color:white rated:false",
    );
    assert!(challenge.contains("challenges"), "{challenge}");
    let accept = run(bot, channel, "bob", "/accept");
    assert!(accept.contains("accepts"), "{accept}");
}

/// A database with a few games and moves, closed again. alice, who
/// challenges, chose the wood theme.
fn database_with_games(path: &Path) {
    let bot = Bot::new(Store::open(path).unwrap(), Arc::new(SystemClock));
    let theme = run(&bot, "one", "alice", "/theme name:wood");
    assert!(theme.contains("wood theme"), "{theme}");
    for (channel, moves) in [("one", &["a1", "e5", "c3"][..]), ("two", &["b2", "d4"])] {
        start_game(&bot, channel);
        for (i, mv) in moves.iter().enumerate() {
            let who = if i % 2 == 0 { "alice" } else { "bob" };
            let reply = run(&bot, channel, who, &format!("/move {mv}"));
            assert!(reply.contains("played"), "{reply}");
        }
    }
}

fn open_error(path: &Path) -> String {
    match Store::open(path) {
        Ok(_) => panic!("{} opened", path.display()),
        Err(e) => e.to_string(),
    }
}

fn siblings(path: &Path) -> Vec<PathBuf> {
    ["-wal", "-shm", "-journal"]
        .iter()
        .map(|suffix| PathBuf::from(format!("{}{suffix}", path.display())))
        .filter(|p| p.exists())
        .collect()
}

#[test]
fn a_file_that_is_not_a_database_is_refused_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = SmallRng::seed_from_u64(16);
    let noise: Vec<u8> = (0..65_536).map(|_| rng.random()).collect();
    for (name, bytes) in [
        ("noise.db", noise),
        ("notes.db", b"remember the milk\n".repeat(500)),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, &bytes).unwrap();
        let error = open_error(&path);
        assert!(
            error.contains("not an SQLite database") && error.contains("nothing was written"),
            "{name}: {error}"
        );
        assert_eq!(std::fs::read(&path).unwrap(), bytes, "{name} was changed");
        assert_eq!(siblings(&path), Vec::<PathBuf>::new(), "{name}");
    }
}

#[test]
fn a_damaged_database_is_refused_clearly_and_not_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("damaged.db");
    database_with_games(&path);
    assert_eq!(siblings(&path), Vec::<PathBuf>::new(), "closed cleanly");
    // Keep the header page, scramble every other page.
    let mut bytes = std::fs::read(&path).unwrap();
    let page = u16::from_be_bytes([bytes[16], bytes[17]]) as usize;
    assert!(bytes.len() >= 4 * page, "{} bytes", bytes.len());
    let mut rng = SmallRng::seed_from_u64(16);
    for b in &mut bytes[page..] {
        *b = rng.random();
    }
    std::fs::write(&path, &bytes).unwrap();
    // Either opening fails, or the first reading of the games does: with a
    // message that says the file is damaged, never a panic.
    let error = match Store::open(&path) {
        Err(e) => e.to_string(),
        Ok(store) => {
            let bot = Bot::new(store, Arc::new(SystemClock));
            bot.verify_snapshots()
                .expect_err("a scrambled database read")
        }
    };
    assert!(
        error.contains("damaged") || error.contains("not an SQLite database"),
        "{error}"
    );
    assert_eq!(
        std::fs::read(&path).unwrap(),
        bytes,
        "the damaged file was written"
    );
}

#[test]
fn another_programs_database_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    // One with tables of its own, one that even has a `users` table.
    for (name, schema) in [
        (
            "contacts.db",
            "CREATE TABLE contacts (id INTEGER PRIMARY KEY, name TEXT);
             INSERT INTO contacts (name) VALUES ('Ada'), ('Grace');",
        ),
        (
            "forum.db",
            "CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT);
             CREATE TABLE posts (id INTEGER PRIMARY KEY, body TEXT);
             INSERT INTO users (email) VALUES ('a@example.com');",
        ),
    ] {
        let path = dir.path().join(name);
        rusqlite::Connection::open(&path)
            .unwrap()
            .execute_batch(schema)
            .unwrap();
        let before = std::fs::read(&path).unwrap();
        let error = open_error(&path);
        assert!(
            error.contains("another program's database") && error.contains("nothing was changed"),
            "{name}: {error}"
        );
        let first_table = if name == "forum.db" {
            "posts, users"
        } else {
            "contacts"
        };
        assert!(error.contains(first_table), "{name}: {error}");
        assert_eq!(std::fs::read(&path).unwrap(), before, "{name} was changed");
        assert_eq!(siblings(&path), Vec::<PathBuf>::new(), "{name}");
    }
}

#[test]
fn a_database_of_a_newer_taktable_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("newer.db");
    database_with_games(&path);
    rusqlite::Connection::open(&path)
        .unwrap()
        .pragma_update(None, "user_version", 99)
        .unwrap();
    let error = open_error(&path);
    assert!(
        error.contains("schema version 99") && error.contains("newer taktable"),
        "{error}"
    );
    // Moved back, it opens with every game.
    rusqlite::Connection::open(&path)
        .unwrap()
        .pragma_update(None, "user_version", MIGRATIONS.len() as i64)
        .unwrap();
    let bot = Bot::new(Store::open(&path).unwrap(), Arc::new(SystemClock));
    assert_eq!(bot.verify_snapshots(), Ok(2));
}

/// Copies the rows of `tables` from the database `from` into `to` (of an
/// older schema), the columns the older table has.
fn copy_rows(from: &Path, to: &rusqlite::Connection, tables: &[&str]) {
    to.execute("ATTACH DATABASE ?1 AS current", [from.to_str().unwrap()])
        .unwrap();
    for table in tables {
        let columns: Vec<String> = to
            .prepare(&format!("SELECT name FROM pragma_table_info('{table}')"))
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let columns = columns.join(", ");
        to.execute(
            &format!("INSERT INTO main.{table} ({columns}) SELECT {columns} FROM current.{table}"),
            [],
        )
        .unwrap();
    }
    to.execute("DETACH DATABASE current", []).unwrap();
}

#[test]
fn a_database_of_every_earlier_schema_migrates_and_keeps_everything() {
    let dir = tempfile::tempdir().unwrap();
    let current = dir.path().join("current.db");
    database_with_games(&current);
    let expected_board = {
        let bot = Bot::new(Store::open(&current).unwrap(), Arc::new(SystemClock));
        run(&bot, "one", "carol", "/board")
    };
    for schema in 1..MIGRATIONS.len() {
        // A database as taktable left it at that schema, holding the same games.
        let path = dir.path().join(format!("schema-{schema}.db"));
        {
            let old = rusqlite::Connection::open(&path).unwrap();
            for sql in &MIGRATIONS[..schema] {
                old.execute_batch(sql).unwrap();
            }
            old.pragma_update(None, "user_version", schema as i64)
                .unwrap();
            copy_rows(
                &current,
                &old,
                &["users", "challenges", "games", "moves", "meta"],
            );
        }
        let store = Store::open(&path).unwrap_or_else(|e| panic!("schema {schema}: {e}"));
        let bot = Bot::new(store, Arc::new(SystemClock));
        assert_eq!(bot.verify_snapshots(), Ok(2), "schema {schema}");
        assert_eq!(
            run(&bot, "one", "carol", "/board"),
            expected_board,
            "schema {schema}"
        );
        // And play goes on: it's bob's move in channel one (three plies).
        let reply = run(&bot, "one", "bob", "/move d2");
        assert!(reply.contains("played"), "schema {schema}: {reply}");
        let version: i64 = rusqlite::Connection::open(&path)
            .unwrap()
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(version, MIGRATIONS.len() as i64);
        // One theme per game (issue 13 item 10): a game stored before games
        // had a theme takes its challenger's (schema 2 on; before that no
        // user had a theme).
        let themes: Vec<Option<String>> = rusqlite::Connection::open(&path)
            .unwrap()
            .prepare("SELECT theme FROM games ORDER BY id")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let expected = (schema >= 2).then(|| "wood".to_string());
        assert_eq!(themes, vec![expected; 2], "schema {schema}");
    }
}

/// Runs `taktable local` on `db` with `input`, as an unprivileged user when
/// the tests run as root (for whom no file is read-only).
fn taktable_local(db: &Path, out: &Path, input: &str) -> (bool, String, String) {
    let mut command = Process::new(env!("CARGO_BIN_EXE_taktable"));
    command
        .arg("local")
        .arg("--db")
        .arg(db)
        .arg("--out")
        .arg(out)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: setgid and setuid are async-signal-safe; nothing else runs between fork and exec.
    #[cfg(unix)]
    unsafe {
        use std::os::unix::process::CommandExt;
        if libc::geteuid() == 0 {
            command.pre_exec(|| {
                if libc::setgid(65534) != 0 || libc::setuid(65534) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    let mut child = command.spawn().unwrap();
    let written = child.stdin.take().unwrap().write_all(input.as_bytes());
    // A program that refuses its database exits at start-up, maybe before
    // its input is written: the pipe is then closed, which is no failure.
    if let Err(e) = written {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    let output = child.wait_with_output().unwrap();
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[cfg(unix)]
#[test]
fn a_read_only_database_is_refused_clearly_and_left_as_it_was() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("read-only.db");
    database_with_games(&path);
    let out = dir.path().join("out");
    std::fs::create_dir(&out).unwrap();
    std::fs::set_permissions(&out, std::fs::Permissions::from_mode(0o777)).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).unwrap();
    // The folder is writable: only the file itself is read-only.
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o777)).unwrap();
    let before = std::fs::read(&path).unwrap();
    let (ok, stdout, stderr) =
        taktable_local(&path, &out, ":channel one\n:user bob\n/move d2\n/board\n");
    let said = format!("{stdout}{stderr}");
    // Refused at start-up, saying why, before anything is announced.
    assert!(!ok, "{said}");
    assert!(
        stderr.contains("can't be written") && stderr.contains("nothing was changed"),
        "{said}"
    );
    assert!(!stdout.contains(" played "), "{stdout}");
    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "the file was changed"
    );
    println!("read-only: exit ok {ok}; said: {}", said.trim());
}

const FULL_DB_VAR: &str = "FAULTS_FULL_DISK_DB";
const FULL_TAG: &str = "full:";
const FULL_GAMES: usize = 8;

/// The worker of the full-disk test: plays random legal moves round the
/// games of `FAULTS_FULL_DISK_DB` (under a file size limit its parent set)
/// and reports each answer, until changes have failed 20 times.
#[test]
fn full_disk_worker() {
    let Ok(db) = std::env::var(FULL_DB_VAR) else {
        return;
    };
    let bot = Bot::new(Store::open(Path::new(&db)).unwrap(), Arc::new(SystemClock));
    let mut rng = SmallRng::seed_from_u64(16);
    let mut positions: Vec<Position> = (0..FULL_GAMES)
        .map(|_| Position::new(Rules::standard(5).unwrap()))
        .collect();
    let mut failures = 0;
    let mut out = std::io::stdout().lock();
    for turn in 0..5_000 {
        let game = turn % FULL_GAMES;
        let channel = format!("full-{game}");
        let position = &mut positions[game];
        let legal = position.legal_moves();
        if legal.is_empty() || position.is_over() {
            continue;
        }
        let mv = legal[rng.random_range(0..legal.len())];
        let who = if position.ply() % 2 == 0 {
            "alice"
        } else {
            "bob"
        };
        let ptn = mv.to_string();
        let reply = run(&bot, &channel, who, &format!("/move {ptn}"));
        if reply.contains(&format!("<@{}> played", user_id(who))) {
            writeln!(out, "{FULL_TAG} played {channel} {} {ptn}", position.ply()).unwrap();
            position.play(mv).unwrap();
        } else {
            failures += 1;
            writeln!(out, "{FULL_TAG} refused {}", reply.replace('\n', " ")).unwrap();
            if failures == 1 {
                // What the store itself says (the bot logs it), on a write
                // bigger than the room left.
                let probe = bot
                    .store()
                    .set_meta("probe", &"x".repeat(2_000_000))
                    .unwrap_err();
                writeln!(out, "{FULL_TAG} store {probe}").unwrap();
            }
            if failures == 20 {
                break;
            }
        }
    }
}

#[cfg(unix)]
#[test]
fn a_full_disk_loses_no_answered_move() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("full.db");
    {
        let bot = Bot::new(Store::open(&path).unwrap(), Arc::new(SystemClock));
        for game in 0..FULL_GAMES {
            start_game(&bot, &format!("full-{game}"));
        }
    }
    // Room for the file as it is and about 1 MB more in any one file (the
    // write-ahead log grows a few pages per move): then the "disk" is full.
    let limit = std::fs::metadata(&path).unwrap().len() + 1_000_000;
    let mut command = Process::new(std::env::current_exe().unwrap());
    command
        .args([
            "--exact",
            "faults_db::full_disk_worker",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(FULL_DB_VAR, &path)
        .stdout(Stdio::piped());
    // SAFETY: setrlimit and signal are async-signal-safe; nothing else runs between fork and exec.
    unsafe {
        use std::os::unix::process::CommandExt;
        command.pre_exec(move || {
            // Writing past the limit then fails with EFBIG instead of killing the process.
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let rlimit = libc::rlimit {
                rlim_cur: limit,
                rlim_max: limit,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &rlimit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let output = command.output().unwrap();
    assert!(
        output.status.success(),
        "the worker failed:\n{}\n{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    let mut played: Vec<(String, i64, String)> = Vec::new();
    let mut refusals = Vec::new();
    let mut store_error = String::new();
    for line in output.stdout.lines() {
        let line = line.unwrap();
        // The harness may print `test faults_db::full_disk_worker ... ` on the same line first.
        let Some(at) = line.find(FULL_TAG) else {
            continue;
        };
        let rest = &line[at + FULL_TAG.len()..];
        let words: Vec<&str> = rest.split_whitespace().collect();
        match words[0] {
            "played" => played.push((words[1].into(), words[2].parse().unwrap(), words[3].into())),
            "refused" => refusals.push(words[1..].join(" ")),
            "store" => store_error = words[1..].join(" "),
            _ => panic!("{line}"),
        }
    }
    assert!(
        played.len() >= 20,
        "only {} moves before the disk filled",
        played.len()
    );
    assert_eq!(refusals.len(), 20, "the disk never filled");
    // SQLite says "disk I/O error" when a write passes the size limit; the store knows it
    // by its EFBIG.
    assert!(
        store_error.contains("a full disk")
            && store_error.contains("nothing of this change was saved"),
        "{store_error}"
    );
    // Issue 27: a write past the size limit (EFBIG) is refused as on a full disk.
    for refusal in &refusals {
        assert!(refusal.contains("disk is full"), "{refusal}");
    }
    // With room again: the file is sound, every answered move is there, and
    // nothing else (no refused move was half written).
    let conn = rusqlite::Connection::open(&path).unwrap();
    let check: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(check, "ok");
    let mut stored: Vec<(String, i64, String)> = conn
        .prepare(
            "SELECT g.channel, m.ply, m.notation FROM moves m JOIN games g ON g.id = m.game_id",
        )
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    drop(conn);
    // The store keeps the canonical notation, with PTN's marks (`*` for a road threat).
    for (_, _, notation) in &mut stored {
        *notation = notation.trim_end_matches(['*', '\'', '"']).to_string();
    }
    stored.sort();
    played.sort();
    assert_eq!(stored, played);
    let bot = Bot::new(Store::open(&path).unwrap(), Arc::new(SystemClock));
    assert_eq!(bot.verify_snapshots(), Ok(FULL_GAMES));
    println!(
        "full disk: {} moves answered and kept, then {} refused; the store said: {store_error}",
        played.len(),
        refusals.len()
    );
}

/// What the database holds of a game: its version and its moves.
fn game_record(path: &Path, channel: &str) -> (i64, Vec<String>) {
    let conn = rusqlite::Connection::open(path).unwrap();
    let version = conn
        .query_row(
            "SELECT version FROM games WHERE channel = ?1 AND status = 'active'",
            [channel],
            |r| r.get(0),
        )
        .unwrap();
    let moves = conn
        .prepare(
            "SELECT m.notation FROM moves m JOIN games g ON g.id = m.game_id
             WHERE g.channel = ?1 ORDER BY m.ply",
        )
        .unwrap()
        .query_map([channel], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    (version, moves)
}

#[test]
fn a_move_on_a_full_disk_is_refused_with_the_reason_and_changes_nothing() {
    // Issue 16: a full disk gives a clear error and loses nothing. SQLite's
    // page cap (max_page_count) fails writes with SQLITE_FULL, as a full
    // disk does, without filling the machine's disk.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("capped.db");
    let bot = Bot::new(Store::open(&path).unwrap(), Arc::new(SystemClock));
    for game in 0..FULL_GAMES {
        start_game(&bot, &format!("full-{game}"));
    }
    // No page more than the file has now.
    let pages = bot.store().limit_pages(1).unwrap();
    assert!(pages > 1, "the cap never goes below the pages in use");
    let mut rng = SmallRng::seed_from_u64(16);
    let mut positions: Vec<Position> = (0..FULL_GAMES)
        .map(|_| Position::new(Rules::standard(5).unwrap()))
        .collect();
    let mut played = 0;
    let refused = (0..2_000).find_map(|turn| {
        let game = turn % FULL_GAMES;
        let position = &mut positions[game];
        let legal = position.legal_moves();
        if legal.is_empty() || position.is_over() {
            return None;
        }
        let mv = legal[rng.random_range(0..legal.len())];
        let who = if position.ply() % 2 == 0 {
            "alice"
        } else {
            "bob"
        };
        let channel = format!("full-{game}");
        let before = game_record(&path, &channel);
        let reply = run(&bot, &channel, who, &format!("/move {mv}"));
        if reply.contains(&format!("<@{}> played", user_id(who))) {
            position.play(mv).unwrap();
            played += 1;
            return None;
        }
        Some((channel, who, mv.to_string(), before, reply))
    });
    let (channel, who, ptn, before, reply) = refused.expect("the capped database never filled");
    assert_eq!(reply, taktable::bot::DISK_FULL);
    assert!(reply.contains("disk is full") && reply.contains("not played"));
    assert_eq!(
        game_record(&path, &channel),
        before,
        "the refused move changed the game"
    );
    // A look at the board needs no room and still works.
    assert!(run(&bot, &channel, "carol", "/board").contains("to play"));
    // With room again, the same move is played, and every game replays to its snapshot.
    bot.store().limit_pages(1 << 30).unwrap();
    let again = run(&bot, &channel, who, &format!("/move {ptn}"));
    assert!(again.contains("played"), "{again}");
    let (version, moves) = game_record(&path, &channel);
    assert_eq!(version, before.0 + 1);
    assert_eq!(moves.len(), before.1.len() + 1);
    assert_eq!(bot.verify_snapshots(), Ok(FULL_GAMES));
    println!("page cap: {pages} pages, {played} moves answered, then refused: {reply}");
}

/// Issue 27: the database file replaced under the running bot (a restore or a deploy copying
/// another file over it) is noticed before the next commit: the move is refused with a clear
/// message, not acknowledged into a file nobody will read again, and so is every change after
/// it; the file now at the path is left as it was.
#[test]
fn a_database_file_swapped_under_the_running_bot_is_not_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("swapped.db");
    let bot = Bot::new(Store::open(&path).unwrap(), Arc::new(SystemClock));
    start_game(&bot, "one");
    let played = run(&bot, "one", "alice", "/move a1");
    assert!(played.contains("played"), "{played}");
    assert!(bot.store().file_is_sound());

    let other = dir.path().join("other.db");
    database_with_games(&other);
    let before = std::fs::read(&other).unwrap();
    std::fs::rename(&other, &path).unwrap();

    for (who, mv) in [("bob", "e5"), ("bob", "e4")] {
        let refused = run(&bot, "one", who, &format!("/move {mv}"));
        assert!(
            refused.contains("database file was replaced or removed while it ran")
                && refused.contains("nothing was saved"),
            "{refused}"
        );
    }
    assert!(!bot.store().file_is_sound());
    let challenge = run(
        &bot,
        "three",
        "alice",
        "/tak challenge opponent:@bob size:5",
    );
    assert!(
        challenge.contains("accepts no more moves or changes"),
        "{challenge}"
    );
    drop(bot);

    assert_eq!(
        std::fs::read(&path).unwrap(),
        before,
        "the new file was written"
    );
    let store = Store::open(&path).unwrap();
    assert!(store.active_game("faults", "one").unwrap().is_some());
    assert!(store.active_game("faults", "three").unwrap().is_none());
}

/// Issue 27: the database file emptied (truncated) under the running bot is noticed too.
#[test]
fn a_database_file_truncated_under_the_running_bot_is_not_written() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("truncated.db");
    let bot = Bot::new(Store::open(&path).unwrap(), Arc::new(SystemClock));
    start_game(&bot, "one");
    std::fs::OpenOptions::new()
        .write(true)
        .open(&path)
        .unwrap()
        .set_len(0)
        .unwrap();
    let refused = run(&bot, "one", "alice", "/move a1");
    assert!(refused.contains("accepts no more moves"), "{refused}");
    assert!(!bot.store().file_is_sound());
}

/// Issue 27: a file carrying another program's mark in its header (`PRAGMA application_id`) is
/// refused at start, unchanged; taktable's own files carry taktable's mark.
#[test]
fn a_database_with_another_programs_mark_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let ours = dir.path().join("ours.db");
    drop(Store::open(&ours).unwrap());
    let mark: i32 = rusqlite::Connection::open(&ours)
        .unwrap()
        .query_row("PRAGMA application_id", [], |r| r.get(0))
        .unwrap();
    assert_eq!(mark, taktable::store::database::APPLICATION_ID);

    let theirs = dir.path().join("theirs.db");
    {
        let conn = rusqlite::Connection::open(&theirs).unwrap();
        conn.pragma_update(None, "application_id", 0x0F0F_0F0F)
            .unwrap();
        conn.pragma_update(None, "user_version", 3).unwrap();
    }
    let before = std::fs::read(&theirs).unwrap();
    let said = open_error(&theirs);
    assert!(said.contains("another program's database"), "{said}");
    assert!(said.contains("0xf0f0f0f"), "{said}");
    assert_eq!(std::fs::read(&theirs).unwrap(), before);
}
