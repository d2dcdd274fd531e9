//! `taktable backup` and `taktable restore` (issue 43): a backup taken while moves are being
//! played holds every move acknowledged before it started, the restored file is a whole
//! database, and a restore refuses to replace a file a bot holds.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use taktable::bot::{Bot, Invocation, OffsetClock, Place, User};
use taktable::console::parse::{parse_command, user_id};
use taktable::store::Store;

use super::{stderr, stdout, taktable};

/// `taktable backup --to PATH` or `taktable restore --from PATH`, with `--database DATABASE`.
fn cli(command: &str, path: &Path, database: &Path) -> std::process::Output {
    let flag = if command == "backup" {
        "--to"
    } else {
        "--from"
    };
    taktable(&[
        command,
        flag,
        &path.display().to_string(),
        "--database",
        &database.display().to_string(),
    ])
}

/// Every move row of a file, in the order they were written: (game, ply, notation).
fn moves(path: &Path) -> Vec<(i64, i64, String)> {
    let conn = rusqlite::Connection::open(path).unwrap();
    let rows = conn
        .prepare("SELECT game_id, ply, notation FROM moves ORDER BY rowid")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    rows
}

/// Plays short games, one command at a time, until `stop`; `acknowledged` counts the moves whose
/// answer came back (each committed before its answer, as the bot promises).
fn play(path: &Path, stop: &AtomicBool, acknowledged: &AtomicU64) {
    let bot = Bot::new(
        Store::open(path).unwrap(),
        Arc::new(OffsetClock::new(
            Some("2026-03-01T12:00:00Z".parse().unwrap()),
            chrono::Duration::zero(),
        )),
    );
    let say = |channel: &str, user: &str, line: &str| {
        let replies = bot.handle(&Invocation {
            place: Place {
                guild: "g".into(),
                channel: channel.into(),
            },
            user: User {
                id: user_id(user),
                name: user.into(),
                is_admin: false,
            },
            command: parse_command(line).unwrap(),
        });
        format!("{replies:?}")
    };
    let mut round = 0;
    while !stop.load(Ordering::Acquire) {
        let channel = format!("c{}", round % 8);
        say(
            &channel,
            "alice",
            "/tak challenge opponent:@bob color:white",
        );
        say(&channel, "bob", "/accept");
        for (user, square) in [
            ("alice", "a1"),
            ("bob", "e5"),
            ("alice", "b1"),
            ("bob", "d5"),
        ] {
            say(&channel, user, &format!("/move {square}"));
            acknowledged.fetch_add(1, Ordering::AcqRel);
        }
        say(&channel, "bob", "/resign");
        round += 1;
    }
}

#[test]
fn a_backup_taken_during_moves_holds_every_move_acknowledged_before_it_and_restores_whole() {
    let dir = tempfile::tempdir().unwrap();
    let live = dir.path().join("taktable.db");
    drop(Store::open(&live).unwrap());
    let stop = Arc::new(AtomicBool::new(false));
    let acknowledged = Arc::new(AtomicU64::new(0));
    let writer = {
        let (live, stop, acknowledged) =
            (live.clone(), Arc::clone(&stop), Arc::clone(&acknowledged));
        std::thread::spawn(move || play(&live, &stop, &acknowledged))
    };
    while acknowledged.load(Ordering::Acquire) < 200 {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let before = acknowledged.load(Ordering::Acquire);
    let copy = dir.path().join("backups").join("copy.db");
    std::fs::create_dir(dir.path().join("backups")).unwrap();
    let backup = cli("backup", &copy, &live);
    let after_backup = acknowledged.load(Ordering::Acquire);
    // The moves go on a while after the backup, then stop.
    while acknowledged.load(Ordering::Acquire) < after_backup + 100 {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    stop.store(true, Ordering::Release);
    writer.join().unwrap();
    assert!(backup.status.success(), "{}", stderr(&backup));
    let said = stdout(&backup);
    assert!(said.contains("integrity checked"), "{said}");

    // Restored in place of a new database: a whole file, holding the first moves of the live one
    // in order, at least every move acknowledged before the backup started, and no more than
    // those acknowledged by its end.
    let restored = dir.path().join("restored.db");
    let restore = cli("restore", &copy, &restored);
    assert!(restore.status.success(), "{}", stderr(&restore));
    let kept = moves(&restored);
    let all = moves(&live);
    assert!(
        // One move may be committed and not yet counted as the count is read.
        kept.len() as u64 >= before && kept.len() as u64 <= after_backup + 1,
        "{} moves kept; {before} acknowledged before the backup, {after_backup} by its end",
        kept.len()
    );
    assert_eq!(kept[..], all[..kept.len()], "the live file's first moves");
    assert!(all.len() > kept.len(), "moves went on after the backup");
    let conn = rusqlite::Connection::open(&restored).unwrap();
    let integrity: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(integrity, "ok");
    drop(conn);
    // The restored file is one the bot opens and plays on.
    let store = Store::open(&restored).unwrap();
    assert!(store.holds_games().unwrap());
    drop(store);

    // A restore over the live file is refused while a bot holds it, and once it is stopped the
    // live file is moved aside, not lost.
    let held = Store::open_exclusive(&live).unwrap();
    let refused = cli("restore", &copy, &live);
    assert_eq!(refused.status.code(), Some(1));
    assert!(stderr(&refused).contains("in use"), "{}", stderr(&refused));
    drop(held);
    let replaced = cli("restore", &copy, &live);
    assert!(replaced.status.success(), "{}", stderr(&replaced));
    assert!(
        stdout(&replaced).contains("before-restore"),
        "{}",
        stdout(&replaced)
    );
    assert_eq!(moves(&live), kept);
}

/// Sharded files go to a folder, one copy each under its own name, and come back from it.
#[test]
fn the_shards_files_are_backed_up_into_a_folder_and_restored_from_it() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("taktable.db");
    for shard in 0..2 {
        let store =
            Store::open(&taktable::store::Shard::new(shard, 2).unwrap().path(&base)).unwrap();
        store
            .claim_shard(taktable::store::Shard::new(shard, 2).unwrap())
            .unwrap();
    }
    let to_file = cli("backup", &dir.path().join("one.db"), &base);
    assert_eq!(to_file.status.code(), Some(1));
    assert!(
        stderr(&to_file).contains("give --to a folder"),
        "{}",
        stderr(&to_file)
    );
    let folder = dir.path().join("nightly/");
    let backup = cli("backup", &folder, &base);
    assert!(backup.status.success(), "{}", stderr(&backup));
    for name in ["taktable.shard-0-of-2.db", "taktable.shard-1-of-2.db"] {
        assert!(folder.join(name).is_file(), "{name}");
    }
    let elsewhere = dir.path().join("elsewhere").join("taktable.db");
    std::fs::create_dir(dir.path().join("elsewhere")).unwrap();
    let restore = cli("restore", &folder, &elsewhere);
    assert!(restore.status.success(), "{}", stderr(&restore));
    for shard in 0..2 {
        let path = taktable::store::Shard::new(shard, 2)
            .unwrap()
            .path(&elsewhere);
        let store = Store::open(&path).unwrap();
        assert_eq!(
            store.shard().unwrap(),
            taktable::store::Shard::new(shard, 2)
        );
    }
}

/// How long a backup of the 40,000-game data set takes (four shard files of 10,000 finished
/// games, 800,000 moves; see `forty_thousand_games`), and its restore. Run by hand:
/// `cargo test --release --test cli backup_time -- --ignored --nocapture`.
#[test]
#[ignore]
fn backup_time_for_forty_thousand_games() {
    let dir = tempfile::tempdir().unwrap();
    let base = dir.path().join("taktable.db");
    super::reshard::forty_thousand_games(&base);
    let live: u64 = (0..4)
        .map(|s| {
            let path = taktable::store::Shard::new(s, 4).unwrap().path(&base);
            std::fs::metadata(path).unwrap().len()
        })
        .sum();
    let folder = dir.path().join("backup/");
    let started = std::time::Instant::now();
    let backup = cli("backup", &folder, &base);
    let took = started.elapsed();
    assert!(backup.status.success(), "{}", stderr(&backup));
    let copies: u64 = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().metadata().unwrap().len())
        .sum();
    let elsewhere = dir.path().join("restored").join("taktable.db");
    std::fs::create_dir(dir.path().join("restored")).unwrap();
    let started = std::time::Instant::now();
    let restore = cli("restore", &folder, &elsewhere);
    let restore_took = started.elapsed();
    assert!(restore.status.success(), "{}", stderr(&restore));
    println!("{}", stdout(&backup));
    println!(
        "40,000 games, 800,000 moves in 4 files of {:.1} MB: backup (4 copies, {:.1} MB, each \
         checked) in {:.2} s, restore (each checked again) in {:.2} s",
        live as f64 / 1e6,
        copies as f64 / 1e6,
        took.as_secs_f64(),
        restore_took.as_secs_f64()
    );
}
