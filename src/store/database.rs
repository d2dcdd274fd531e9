//! The database file: opening it (refusing a file that is not ours),
//! its schema through the numbered migrations of `migrations/`, and the
//! one connection every query goes through.

use std::path::Path;
use std::sync::{Mutex, MutexGuard};

use rusqlite::{Connection, OptionalExtension};
use rusqlite_migration::{Migrations, M};

use super::error::{Result, StoreError};
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
];

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
