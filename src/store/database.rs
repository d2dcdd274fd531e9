//! The database file: opening it (refusing a file that is not ours),
//! its schema through the numbered migrations of `migrations/`, and the
//! one connection every query goes through.
//!
//! The file is checked to stay the one opened (issue 27): taktable's mark
//! (`PRAGMA application_id`) and schema version when it is opened, and the
//! file's identity (device and inode) and size before each commit. A file
//! replaced, moved, removed or truncated under the running bot is not
//! written: that commit and every later one are refused (the bot says so),
//! where SQLite would go on writing into the file no longer there and lose
//! every move on restart.

use std::ops::{Deref, DerefMut};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use rusqlite::{Connection, OptionalExtension};
use rusqlite_migration::{Migrations, M};

use super::error::{note_errno, Result, StoreError};
use super::sql::Cached;

/// The schema, one migration per file of `migrations/`, in order.
pub(crate) const MIGRATIONS: &[M<'static>] = &[
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
    M::up(include_str!("../../migrations/0008_artefacts.sql")),
    M::up(include_str!("../../migrations/0009_tournaments.sql")),
    M::up(include_str!(
        "../../migrations/0010_tournament_creators.sql"
    )),
    M::up(include_str!("../../migrations/0011_outbox.sql")),
    M::up(include_str!("../../migrations/0012_departed_guilds.sql")),
    M::up(include_str!("../../migrations/0013_web_pages.sql")),
    M::up(include_str!(
        "../../migrations/0014_tournament_warnings.sql"
    )),
];

/// taktable's mark in a database file's header (`PRAGMA application_id`):
/// "TkTb".
pub const APPLICATION_ID: i32 = 0x546B_5462;

/// The database. One connection behind a mutex: every operation is short,
/// and the bot serialises the invocations of one channel itself.
pub struct Store {
    conn: Mutex<Connection>,
    /// The file opened (none in memory), checked before each commit.
    file: Option<Arc<OpenedFile>>,
    /// The file held for this store alone ([`Store::open_exclusive`]):
    /// released when the store is dropped.
    _held: Option<std::fs::File>,
}

/// The database file as it was opened: where, which file, how long.
struct OpenedFile {
    path: PathBuf,
    identity: (u64, u64),
    len: u64,
    /// Set at the first commit that found another file (or none): for good.
    lost: AtomicBool,
}

impl OpenedFile {
    fn at(path: &Path) -> Option<OpenedFile> {
        let meta = std::fs::metadata(path).ok()?;
        Some(OpenedFile {
            path: path.to_path_buf(),
            identity: identity(&meta),
            len: meta.len(),
            lost: AtomicBool::new(false),
        })
    }

    /// Whether the file at the path is still the one opened: the same
    /// device and inode, and no shorter (in WAL mode without vacuum the
    /// file never shrinks).
    fn still_there(&self) -> bool {
        if self.lost.load(Ordering::Acquire) {
            return false;
        }
        let same = std::fs::metadata(&self.path)
            .is_ok_and(|meta| identity(&meta) == self.identity && meta.len() >= self.len);
        if !same {
            self.lost.store(true, Ordering::Release);
            tracing::error!(path = %self.path.display(), "{}", super::error::FILE_LOST);
        }
        same
    }
}

/// Takes the advisory lock of `file` without waiting: whether it was free.
#[cfg(unix)]
fn hold(file: &std::fs::File) -> bool {
    use std::os::unix::io::AsRawFd;
    // SAFETY: the descriptor is the open file's, which outlives the call.
    unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) == 0 }
}

#[cfg(not(unix))]
fn hold(_file: &std::fs::File) -> bool {
    true
}

#[cfg(unix)]
fn identity(meta: &std::fs::Metadata) -> (u64, u64) {
    use std::os::unix::fs::MetadataExt;
    (meta.dev(), meta.ino())
}

#[cfg(not(unix))]
fn identity(_meta: &std::fs::Metadata) -> (u64, u64) {
    (0, 0)
}

/// The connection, held: on release it notes the system error of its last
/// failed write (see [`StoreError::is_disk_full`]).
pub(crate) struct Conn<'a>(MutexGuard<'a, Connection>);

impl Deref for Conn<'_> {
    type Target = Connection;
    fn deref(&self) -> &Connection {
        &self.0
    }
}

impl DerefMut for Conn<'_> {
    fn deref_mut(&mut self) -> &mut Connection {
        &mut self.0
    }
}

impl Drop for Conn<'_> {
    fn drop(&mut self) {
        // SAFETY: the handle is the open connection's, which outlives this call.
        note_errno(unsafe { rusqlite::ffi::sqlite3_system_errno(self.0.handle()) });
    }
}

impl Store {
    /// Opens (creating if needed) the database file and brings its schema up
    /// to date; from then on every commit first checks the file is the one
    /// opened.
    pub fn open(path: &Path) -> Result<Store> {
        let conn = Connection::open(path)?;
        let mut store = Store::setup(conn)?;
        store.file = OpenedFile::at(path).map(Arc::new);
        if let Some(file) = &store.file {
            let file = Arc::clone(file);
            // Returning true turns the commit into a rollback.
            store
                .conn()
                .commit_hook(Some(move || !file.still_there()))?;
        }
        Ok(store)
    }

    /// [`Store::open`], holding the file for this store alone (an advisory
    /// lock, `flock`): refused with [`StoreError::InUse`] while another
    /// holds it. `taktable run` holds its files this way, and `taktable
    /// reshard` the files it reads and writes, so neither runs on a file the
    /// other uses.
    pub fn open_exclusive(path: &Path) -> Result<Store> {
        let held = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(path)
            .map_err(|e| StoreError::Held {
                path: path.to_path_buf(),
                why: e.to_string(),
            })?;
        if !hold(&held) {
            return Err(StoreError::InUse(path.to_path_buf()));
        }
        let mut store = Store::open(path)?;
        store._held = Some(held);
        Ok(store)
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
        let mark: i32 = conn.query_row("PRAGMA application_id", [], |r| r.get(0))?;
        if mark == 0 {
            conn.pragma_update(None, "application_id", APPLICATION_ID)?;
        }
        Ok(Store {
            conn: Mutex::new(conn),
            file: None,
            _held: None,
        })
    }

    /// Refuses a file taktable must not touch: another program's database
    /// (tables but no schema version) or one from a newer taktable.
    fn check_schema(conn: &Connection) -> Result<()> {
        let mark: i32 = conn.query_row("PRAGMA application_id", [], |r| r.get(0))?;
        if mark != 0 && mark != APPLICATION_ID {
            return Err(StoreError::OtherApplication(mark));
        }
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

    pub(crate) fn conn(&self) -> Conn<'_> {
        // A panic while holding the lock leaves nothing half-written (every
        // change is a transaction), so a poisoned lock is safe to reuse.
        Conn(self.conn.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// Whether the database file is still the one opened (always, in
    /// memory). False once a commit found it replaced, moved, removed or
    /// truncated: nothing more is written.
    pub fn file_is_sound(&self) -> bool {
        self.file
            .as_ref()
            .map_or(true, |f| !f.lost.load(Ordering::Acquire))
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
