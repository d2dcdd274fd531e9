//! The SQLite store: users, challenges, games and their move lists, offers.
//!
//! The schema comes only from the numbered SQL files in `migrations/`,
//! embedded in the binary and applied at start-up. The database runs in WAL
//! mode. The move list is the source of truth: a move, the game's new
//! snapshot and its version change in one transaction, and the version check
//! (`UPDATE ... WHERE id = ? AND version = ?`) makes sure two moves made
//! against the same version can never both apply.

pub mod buttons;
pub mod challenges;
pub mod computer;
pub mod correspondence;
pub mod games;
pub mod ratings;
pub mod reminders;
pub mod rows;
pub mod schedule;
pub mod threads;
pub mod users;

use std::path::Path;
use std::sync::{Mutex, MutexGuard};

use chrono::{DateTime, SecondsFormat, Utc};
use rusqlite::{Connection, OptionalExtension};
use rusqlite_migration::{Migrations, M};

pub use buttons::ButtonMessage;
pub use challenges::{Challenge, ChallengeStatus, NewChallenge};
pub use correspondence::{DueGame, SettingsChange, TurnClock};
pub use ratings::{FinishedGame, PlayerRating, RatingChange};
pub use reminders::PersonalReminder;
pub use rows::{Finish, GameRow, GameStatus, MoveRow, NewGame, Offer, OfferKind};
pub use schedule::{GuildSettings, Timing, Turn};

/// A user's id: the Discord id (the console derives one from each name).
pub type UserId = u64;

/// The schema, one migration per file of `migrations/`, in order.
const MIGRATIONS: &[M<'static>] = &[
    M::up(include_str!("../../migrations/0001_initial.sql")),
    M::up(include_str!("../../migrations/0002_user_preferences.sql")),
    M::up(include_str!("../../migrations/0003_correspondence.sql")),
    M::up(include_str!("../../migrations/0004_game_theme.sql")),
    M::up(include_str!(
        "../../migrations/0005_buttons_and_personal_reminders.sql"
    )),
    M::up(include_str!(
        "../../migrations/0006_threads_and_blind_play.sql"
    )),
    M::up(include_str!(
        "../../migrations/0007_active_games_by_player.sql"
    )),
];

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The row changed since it was read (a version check failed).
    #[error("the position changed")]
    Stale,
    /// A uniqueness rule refused the change (one open challenge or active game per channel).
    #[error("{0}")]
    Conflict(&'static str),
    #[error("stored data is unreadable: {0}")]
    Corrupt(String),
    #[error("{}", sqlite_text(.0))]
    Sqlite(#[from] rusqlite::Error),
    #[error("database migration failed: {0}")]
    Migration(#[from] rusqlite_migration::Error),
    /// The file is another program's SQLite database: taktable leaves it alone.
    #[error(
        "the file is another program's database (it holds the tables {0} and no taktable schema); \
         nothing was changed in it: give taktable a new or its own database file"
    )]
    Foreign(String),
    /// The file can't be written.
    #[error(
        "the database file can't be written (a read-only file or folder); nothing was changed \
         in it: make it writable or give another file"
    )]
    ReadOnly,
    /// The file was made by a newer taktable: this one would not understand it.
    #[error(
        "the database has schema version {found}, made by a newer taktable (this one knows \
         versions up to {known}); nothing was changed in it: run the newer taktable"
    )]
    TooNew { found: i64, known: usize },
}

/// An SQLite error in words that say what to do, for the failures a host
/// can cause: a file that is not a database, damaged, read-only, or a full
/// disk. Each names what happened to the data: nothing was written.
fn sqlite_text(e: &rusqlite::Error) -> String {
    use rusqlite::ErrorCode;
    let what = match e.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) => {
            "the file is not an SQLite database (or it is damaged or encrypted); nothing was written to it"
        }
        Some(ErrorCode::DatabaseCorrupt) => {
            "the database file is damaged; nothing was written (restore it from a backup, or try `sqlite3 FILE .recover`)"
        }
        Some(ErrorCode::ReadOnly) => {
            "the database file can't be written (a read-only file or folder); nothing was saved"
        }
        Some(ErrorCode::DiskFull) => "the disk is full; nothing of this change was saved",
        // What a write past a file size limit (or a failing disk) gives.
        Some(ErrorCode::SystemIoFailure) => {
            "the database file could not be written (a full disk, a file size limit or a failing \
             device); nothing of this change was saved"
        }
        Some(ErrorCode::CannotOpen) => {
            "the database file can't be opened (a missing folder or no permission)"
        }
        _ => return format!("database error: {e}"),
    };
    format!("{what} ({e})")
}

impl StoreError {
    /// Whether the change failed because the disk (or the database's
    /// size cap) is full: nothing of it was saved, and it may work later.
    pub fn is_disk_full(&self) -> bool {
        matches!(self, StoreError::Sqlite(e) if e.sqlite_error_code() == Some(rusqlite::ErrorCode::DiskFull))
    }
}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

/// The database. One connection behind a mutex: every operation is short,
/// and the bot serialises the invocations of one channel itself.
pub struct Store {
    conn: Mutex<Connection>,
}

impl Store {
    /// Opens (creating if needed) the database file and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Store> {
        let conn = Connection::open(path)?;
        Store::setup(conn)
    }

    /// A private database in memory (for tests).
    pub fn open_in_memory() -> Result<Store> {
        Store::setup(Connection::open_in_memory()?)
    }

    fn setup(mut conn: Connection) -> Result<Store> {
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        // Before anything writes (WAL mode changes the file's header): is
        // this file ours, new, or something to leave alone?
        Store::check_schema(&conn)?;
        // A bot that can't save a move must not start (a read-only file
        // would refuse every move after it was announced as possible).
        if conn.is_readonly(rusqlite::MAIN_DB)? {
            return Err(StoreError::ReadOnly);
        }
        // WAL mode ("memory" for an in-memory database, which can't use WAL).
        let _mode: String = conn.query_row_cached("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        // Room for every statement the bot prepares (the default is 16).
        conn.set_prepared_statement_cache_capacity(128);
        Migrations::from_slice(MIGRATIONS).to_latest(&mut conn)?;
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    /// Refuses a file taktable must not touch: another program's database
    /// (tables but no schema version) or one from a newer taktable.
    fn check_schema(conn: &Connection) -> Result<()> {
        let version: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        if version > MIGRATIONS.len() as i64 {
            return Err(StoreError::TooNew {
                found: version,
                known: MIGRATIONS.len(),
            });
        }
        if version == 0 {
            let mut stmt = conn.prepare(
                "SELECT name FROM sqlite_master
                 WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name",
            )?;
            let tables: Vec<String> = stmt
                .query_map([], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?;
            if !tables.is_empty() {
                return Err(StoreError::Foreign(tables.join(", ")));
            }
        }
        Ok(())
    }

    pub(crate) fn conn(&self) -> MutexGuard<'_, Connection> {
        // A panic while holding the lock leaves nothing half-written (every
        // change is a transaction), so a poisoned lock is safe to reuse.
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The journal mode in force ("wal" for a file database).
    pub fn journal_mode(&self) -> Result<String> {
        Ok(self
            .conn()
            .query_row_cached("PRAGMA journal_mode", [], |r| r.get(0))?)
    }

    /// Caps the database at `pages` pages for this connection (SQLite's
    /// `max_page_count`; never below the pages it has): a write that needs
    /// more fails as on a full disk. Returns the cap in force. Tests use it
    /// to fill the "disk" without filling the machine's.
    pub fn limit_pages(&self, pages: u64) -> Result<u64> {
        let pages = i64::try_from(pages).unwrap_or(i64::MAX);
        let cap: i64 = self
            .conn()
            .pragma_update_and_check(None, "max_page_count", pages, |r| r.get(0))?;
        Ok(u64::try_from(cap).unwrap_or(0))
    }

    pub fn meta(&self, key: &str) -> Result<Option<String>> {
        Ok(self
            .conn()
            .query_row_cached("SELECT value FROM meta WHERE key = ?1", [key], |r| r.get(0))
            .optional()?)
    }

    pub fn set_meta(&self, key: &str, value: &str) -> Result<()> {
        self.conn().execute_cached(
            "INSERT INTO meta (key, value) VALUES (?1, ?2)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            [key, value],
        )?;
        Ok(())
    }
}

/// A time as stored: RFC 3339 in UTC with seconds, which sorts as text.
pub fn time_text(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

pub fn parse_time(text: &str) -> Result<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| StoreError::Corrupt(format!("bad time `{text}`: {e}")))
}

/// Ids are u64 (Discord snowflakes fit in 63 bits); SQLite stores i64.
pub(crate) fn id_in(id: UserId) -> i64 {
    id as i64
}

pub(crate) fn id_out(id: i64) -> UserId {
    id as u64
}

/// `query_row` and `execute` through the connection's statement cache: the
/// bot runs the same few statements for every command.
pub(crate) trait Cached {
    fn query_row_cached<T, P, F>(&self, sql: &str, params: P, f: F) -> rusqlite::Result<T>
    where
        P: rusqlite::Params,
        F: FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>;
    fn execute_cached<P: rusqlite::Params>(&self, sql: &str, params: P) -> rusqlite::Result<usize>;
}

impl Cached for Connection {
    fn query_row_cached<T, P, F>(&self, sql: &str, params: P, f: F) -> rusqlite::Result<T>
    where
        P: rusqlite::Params,
        F: FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    {
        self.prepare_cached(sql)?.query_row(params, f)
    }

    fn execute_cached<P: rusqlite::Params>(&self, sql: &str, params: P) -> rusqlite::Result<usize> {
        self.prepare_cached(sql)?.execute(params)
    }
}

#[cfg(test)]
pub(crate) mod test_support;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid_and_the_file_database_uses_wal() {
        // Requirement: schema only through migrations/, WAL mode.
        Migrations::from_slice(MIGRATIONS).validate().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("t.db")).unwrap();
        assert_eq!(store.journal_mode().unwrap(), "wal");
        store.set_meta("k", "1").unwrap();
        store.set_meta("k", "2").unwrap();
        assert_eq!(store.meta("k").unwrap().as_deref(), Some("2"));
        drop(store);
        // Re-opening applies nothing twice and keeps the data.
        let store = Store::open(&dir.path().join("t.db")).unwrap();
        assert_eq!(store.meta("k").unwrap().as_deref(), Some("2"));
    }
}
