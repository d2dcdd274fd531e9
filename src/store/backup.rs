//! Copies of a database file taken while the bot runs, checked before they
//! are kept, and put back in place by a restore (issue 43).
//!
//! A live WAL database cannot be copied with `cp`: the file and its `-wal`
//! change under the copy, which can come out torn. A backup here is
//! SQLite's online backup API in one step: it reads the whole database in
//! one read transaction (a snapshot that writers do not disturb, in WAL
//! mode they go on meanwhile), so the copy holds every transaction
//! committed before it started and nothing of one committed after. The copy
//! is written under `NAME.partial`, checked (`PRAGMA integrity_check`,
//! taktable's mark and a schema version this taktable knows) and only then
//! renamed to its name: a backup file that is there is a whole one.
//!
//! A restore checks the copy the same way, refuses while a bot holds the
//! file it replaces (the advisory lock `taktable run` holds), moves that
//! file aside (`NAME.before-restore-<seconds>`, nothing is removed) and
//! puts the copy in its place.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, OpenFlags};

use super::database::{Store, APPLICATION_ID, MIGRATIONS};
use super::error::StoreError;
use super::reshard::{partial_path, remove_database};
use super::shards::stem_and_extension;

/// Why a backup or a restore stopped. Nothing was left under the final name.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{} is not there (nothing to copy)", .0.display())]
    NoSource(PathBuf),
    #[error("{} is already there; nothing was written: choose a new name or move it away", .0.display())]
    TargetExists(PathBuf),
    #[error("{}: {error}", path.display())]
    Sqlite {
        path: PathBuf,
        error: rusqlite::Error,
    },
    #[error("{}: {error}", path.display())]
    Store { path: PathBuf, error: StoreError },
    #[error("{} failed its check ({what}); it was not kept", path.display())]
    Check { path: PathBuf, what: String },
    #[error("{}: {error}", path.display())]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
}

/// A checked database file: what a backup or a restore reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    /// Where it is.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// Its schema version (`PRAGMA user_version`).
    pub schema: i64,
    /// Its games and their moves, as a reader's check.
    pub games: u64,
    pub moves: u64,
}

/// Copies the database `source` to `target` (a new file) while other
/// connections may write to it, and checks the copy (see the module's
/// text). Returns the copy, checked, and how long the copy took.
pub fn backup(source: &Path, target: &Path) -> Result<(Checked, Duration), BackupError> {
    if !source.is_file() {
        return Err(BackupError::NoSource(source.to_path_buf()));
    }
    if target.exists() {
        return Err(BackupError::TargetExists(target.to_path_buf()));
    }
    let sql = |path: &Path| {
        let path = path.to_path_buf();
        move |error| BackupError::Sqlite {
            path: path.clone(),
            error,
        }
    };
    let started = Instant::now();
    // Opened for reading and writing, never created: a reader of a WAL
    // database shares its index (`-shm`); `query_only` keeps it from
    // writing anything.
    let from = Connection::open_with_flags(
        source,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(sql(source))?;
    from.busy_timeout(Duration::from_secs(5))
        .map_err(sql(source))?;
    from.pragma_update(None, "query_only", true)
        .map_err(sql(source))?;
    check_mark(&from, source)?;
    let partial = partial_path(target);
    remove_database(&partial);
    let copied = (|| {
        let mut to = Connection::open(&partial).map_err(sql(&partial))?;
        {
            let copy = Backup::new(&from, &mut to).map_err(sql(&partial))?;
            // One step: the whole database read in one snapshot.
            match copy.step(-1).map_err(sql(&partial))? {
                StepResult::Done => {}
                other => {
                    return Err(BackupError::Check {
                        path: partial.clone(),
                        what: format!("the copy did not finish: {other:?}"),
                    })
                }
            }
        }
        // The copy stands alone: no journal beside it.
        to.pragma_update(None, "journal_mode", "DELETE")
            .map_err(sql(&partial))?;
        drop(to);
        check(&partial)
    })();
    let took = started.elapsed();
    let checked = match copied {
        Ok(checked) => checked,
        Err(error) => {
            remove_database(&partial);
            return Err(error);
        }
    };
    std::fs::rename(&partial, target).map_err(|error| BackupError::Io {
        path: target.to_path_buf(),
        error,
    })?;
    Ok((
        Checked {
            path: target.to_path_buf(),
            ..checked
        },
        took,
    ))
}

/// Checks a database file as a backup must be: whole (`PRAGMA
/// integrity_check` says "ok"), taktable's (its mark, or none in a file
/// from before the mark), and of a schema version this taktable knows.
pub fn check(path: &Path) -> Result<Checked, BackupError> {
    let sql = |error| BackupError::Sqlite {
        path: path.to_path_buf(),
        error,
    };
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY).map_err(sql)?;
    check_mark(&conn, path)?;
    let verdict: Vec<String> = conn
        .prepare("PRAGMA integrity_check")
        .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
        .map_err(sql)?;
    if verdict != ["ok"] {
        return Err(BackupError::Check {
            path: path.to_path_buf(),
            what: format!("integrity_check: {}", verdict.join("; ")),
        });
    }
    let schema: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .map_err(sql)?;
    if schema < 1 {
        return Err(BackupError::Check {
            path: path.to_path_buf(),
            what: "it holds no taktable schema".into(),
        });
    }
    let count = |table: &str| {
        conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| {
            r.get::<_, i64>(0)
        })
        .map(|n| n as u64)
        .map_err(sql)
    };
    let (games, moves) = (count("games")?, count("moves")?);
    let bytes = std::fs::metadata(path)
        .map_err(|error| BackupError::Io {
            path: path.to_path_buf(),
            error,
        })?
        .len();
    Ok(Checked {
        path: path.to_path_buf(),
        bytes,
        schema,
        games,
        moves,
    })
}

/// Refuses a file that is not taktable's, or from a newer taktable.
fn check_mark(conn: &Connection, path: &Path) -> Result<(), BackupError> {
    let read = |pragma: &str| {
        conn.query_row(&format!("PRAGMA {pragma}"), [], |r| r.get::<_, i64>(0))
            .map_err(|error| BackupError::Sqlite {
                path: path.to_path_buf(),
                error,
            })
    };
    let mark = read("application_id")?;
    if mark != 0 && mark != i64::from(APPLICATION_ID) {
        return Err(BackupError::Store {
            path: path.to_path_buf(),
            error: StoreError::OtherApplication(mark as i32),
        });
    }
    let schema = read("user_version")?;
    if schema > MIGRATIONS.len() as i64 {
        return Err(BackupError::Store {
            path: path.to_path_buf(),
            error: StoreError::TooNew {
                found: schema,
                known: MIGRATIONS.len(),
            },
        });
    }
    Ok(())
}

/// What a restore did.
#[derive(Debug)]
pub struct Restored {
    /// The copy now in place, checked.
    pub checked: Checked,
    /// Where the file it replaced was moved (none: there was none).
    pub replaced: Option<PathBuf>,
}

/// Puts the backup `copy` in place of the database `database`: refused
/// while a bot (or a reshard) holds `database`; the file there is moved
/// aside, not removed. The copy itself is left as it was.
pub fn restore(copy: &Path, database: &Path) -> Result<Restored, BackupError> {
    if !copy.is_file() {
        return Err(BackupError::NoSource(copy.to_path_buf()));
    }
    check(copy)?;
    let store = |error| BackupError::Store {
        path: database.to_path_buf(),
        error,
    };
    // Held while the copy goes in: no bot starts on the file meanwhile, and
    // one running on it refuses the restore.
    let held = database
        .exists()
        .then(|| Store::open_exclusive(database))
        .transpose()
        .map_err(store)?;
    let partial = partial_path(database);
    remove_database(&partial);
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |error| BackupError::Io {
            path: path.clone(),
            error,
        }
    };
    std::fs::copy(copy, &partial).map_err(io(&partial))?;
    if let Err(error) = check(&partial) {
        remove_database(&partial);
        return Err(error);
    }
    let replaced = match &held {
        Some(_) => {
            let seconds = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs());
            let mut aside = database.as_os_str().to_owned();
            aside.push(format!(".before-restore-{seconds}"));
            let aside = PathBuf::from(aside);
            // The store closes first: its journal is folded into the file.
            drop(held);
            std::fs::rename(database, &aside).map_err(io(database))?;
            for suffix in ["-wal", "-shm"] {
                let mut journal = database.as_os_str().to_owned();
                journal.push(suffix);
                let _ = std::fs::remove_file(PathBuf::from(journal));
            }
            Some(aside)
        }
        None => None,
    };
    std::fs::rename(&partial, database).map_err(io(database))?;
    let checked = check(database)?;
    Ok(Restored { checked, replaced })
}

/// A backup of `source` into `dir` named after it and the time
/// (`taktable.db` at 2026-03-01 12:00:00 gives
/// `taktable-20260301T120000Z.db`), then the oldest of its backups there
/// removed until `keep` are left: the bot's own periodic backup. Returns
/// the new copy and the files removed.
pub fn backup_keeping(
    source: &Path,
    dir: &Path,
    keep: usize,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<(Checked, Vec<PathBuf>), BackupError> {
    let (stem, ext) = stem_and_extension(source);
    let name = format!("{stem}-{}{ext}", now.format("%Y%m%dT%H%M%SZ"));
    std::fs::create_dir_all(dir).map_err(|error| BackupError::Io {
        path: dir.to_path_buf(),
        error,
    })?;
    let (checked, _) = backup(source, &dir.join(name))?;
    // The time in the name sorts as text: the oldest first.
    let mut kept: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|error| BackupError::Io {
            path: dir.to_path_buf(),
            error,
        })?
        .flatten()
        .map(|entry| entry.path())
        .filter(|path| is_timed_copy(path, &stem, &ext))
        .collect();
    kept.sort();
    let excess = kept.len().saturating_sub(keep.max(1));
    let removed: Vec<PathBuf> = kept.into_iter().take(excess).collect();
    for path in &removed {
        let _ = std::fs::remove_file(path);
    }
    Ok((checked, removed))
}

/// Whether `path` is one of [`backup_keeping`]'s copies of a file named
/// `stem` + `ext`: `stem-YYYYmmddTHHMMSSZ` + `ext`.
fn is_timed_copy(path: &Path, stem: &str, ext: &str) -> bool {
    let Some(name) = path.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return false;
    };
    let Some(time) = name
        .strip_prefix(stem)
        .and_then(|rest| rest.strip_prefix('-'))
        .and_then(|rest| rest.strip_suffix(ext))
    else {
        return false;
    };
    chrono::NaiveDateTime::parse_from_str(time, "%Y%m%dT%H%M%SZ").is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_support::new_game;

    #[test]
    fn a_backup_is_a_checked_copy_and_a_restore_puts_it_back() {
        let dir = tempfile::tempdir().unwrap();
        let live = dir.path().join("live.db");
        let store = Store::open(&live).unwrap();
        let game = new_game(&store, "c", [1, 2]);
        let copy = dir.path().join("copy.db");
        let (checked, _) = backup(&live, &copy).unwrap();
        assert_eq!(checked.games, 1);
        assert_eq!(checked.schema, MIGRATIONS.len() as i64);
        assert!(!dir.path().join("copy.db.partial").exists());
        // A second backup to the same name is refused, the first one kept.
        assert!(matches!(
            backup(&live, &copy),
            Err(BackupError::TargetExists(_))
        ));
        // A restore is refused while the file is held (a bot runs on it).
        drop(store);
        let running = Store::open_exclusive(&live).unwrap();
        let refused = restore(&copy, &live).unwrap_err();
        assert!(refused.to_string().contains("in use"), "{refused}");
        new_game(&running, "d", [1, 2]);
        drop(running);
        let restored = restore(&copy, &live).unwrap();
        assert_eq!(restored.checked.games, 1);
        let aside = restored.replaced.unwrap();
        assert_eq!(check(&aside).unwrap().games, 2, "the replaced file is kept");
        let store = Store::open(&live).unwrap();
        assert!(store.game(game).unwrap().is_some());
    }

    #[test]
    fn a_damaged_or_foreign_file_is_not_kept_as_a_backup() {
        let dir = tempfile::tempdir().unwrap();
        let foreign = dir.path().join("other.db");
        Connection::open(&foreign)
            .unwrap()
            .execute_batch("PRAGMA application_id = 7; CREATE TABLE t (x);")
            .unwrap();
        let copy = dir.path().join("copy.db");
        let refused = backup(&foreign, &copy).unwrap_err();
        assert!(refused.to_string().contains("another program"), "{refused}");
        assert!(!copy.exists());
        let garbage = dir.path().join("garbage.db");
        std::fs::write(&garbage, vec![7u8; 8192]).unwrap();
        assert!(check(&garbage).is_err());
        assert!(restore(&garbage, &dir.path().join("new.db")).is_err());
        assert!(!dir.path().join("new.db").exists());
    }

    #[test]
    fn the_periodic_backup_keeps_the_newest_copies() {
        let dir = tempfile::tempdir().unwrap();
        let live = dir.path().join("taktable.db");
        let store = Store::open(&live).unwrap();
        let copies = dir.path().join("backups");
        // Another file's copies and other files are left alone.
        std::fs::create_dir(&copies).unwrap();
        std::fs::write(copies.join("other-20260101T000000Z.db"), b"x").unwrap();
        std::fs::write(copies.join("taktable-notes.db"), b"x").unwrap();
        let start: chrono::DateTime<chrono::Utc> = "2026-03-01T12:00:00Z".parse().unwrap();
        let mut removed = Vec::new();
        for hour in 0..5 {
            new_game(&store, &format!("c{hour}"), [1, 2]);
            let now = start + chrono::Duration::hours(hour);
            let (checked, gone) = backup_keeping(&live, &copies, 3, now).unwrap();
            assert_eq!(checked.games, hour as u64 + 1);
            removed.extend(gone);
        }
        let mut names: Vec<String> = std::fs::read_dir(&copies)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(
            names,
            [
                "other-20260101T000000Z.db",
                "taktable-20260301T140000Z.db",
                "taktable-20260301T150000Z.db",
                "taktable-20260301T160000Z.db",
                "taktable-notes.db",
            ]
        );
        assert_eq!(removed.len(), 2);
    }
}
