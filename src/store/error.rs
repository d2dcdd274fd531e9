//! What can go wrong with the store, in words that say what to do.

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
