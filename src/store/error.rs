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
    /// The operating system gave no random bytes (for a web page's token).
    #[error("the system gave no random bytes: {0}")]
    NoRandom(String),
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
    /// The file carries another program's mark (`PRAGMA application_id`).
    #[error(
        "the file is another program's database (its application id is {0:#x}, not taktable's); \
         nothing was changed in it: give taktable a new or its own database file"
    )]
    OtherApplication(i32),
    /// Another taktable (a running bot, a reshard) holds the file.
    #[error(
        "the database file {} is in use by another taktable (a running bot or a reshard); \
         nothing was changed in it: stop that one first",
        .0.display()
    )]
    InUse(std::path::PathBuf),
    /// The file could not be opened to be held.
    #[error("the database file {} can't be opened: {why}", path.display())]
    Held {
        path: std::path::PathBuf,
        why: String,
    },
}

thread_local! {
    /// The operating system's error of this thread's last failed database
    /// write (SQLite's `sqlite3_system_errno`), recorded as the connection
    /// is let go, to tell a file size limit or a full disk (EFBIG, ENOSPC,
    /// EDQUOT) from a failing device.
    static LAST_ERRNO: std::cell::Cell<i32> = const { std::cell::Cell::new(0) };
}

/// Records the system error of the connection this thread just used.
pub(crate) fn note_errno(errno: i32) {
    LAST_ERRNO.with(|e| e.set(errno));
}

/// Whether an SQLite failure is a write that found no room: a full disk, or
/// a write past a file size limit (EFBIG, which SQLite reports as an I/O
/// error: the process ignores SIGXFSZ so that it gets one).
fn no_room(e: &rusqlite::Error) -> bool {
    let Some(code) = sqlite_failure(e) else {
        return false;
    };
    if code.code == rusqlite::ErrorCode::DiskFull {
        return true;
    }
    #[cfg(unix)]
    {
        let errno = LAST_ERRNO.with(|e| e.get());
        code.code == rusqlite::ErrorCode::SystemIoFailure
            && [libc::EFBIG, libc::ENOSPC, libc::EDQUOT].contains(&errno)
    }
    #[cfg(not(unix))]
    false
}

fn sqlite_failure(e: &rusqlite::Error) -> Option<&rusqlite::ffi::Error> {
    match e {
        rusqlite::Error::SqliteFailure(code, _) => Some(code),
        _ => None,
    }
}

/// Whether an SQLite failure is a commit the store refused because the
/// database file is no longer the one it opened (see `Store`'s file check).
pub(crate) fn file_lost(e: &rusqlite::Error) -> bool {
    sqlite_failure(e)
        .is_some_and(|c| c.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_COMMITHOOK)
}

/// Whether an SQLite failure is a uniqueness rule refusing a row (not the
/// store refusing a commit to a file that is no longer its own).
pub(crate) fn is_constraint(e: &rusqlite::Error) -> bool {
    sqlite_failure(e).is_some_and(|c| c.code == rusqlite::ErrorCode::ConstraintViolation)
        && !file_lost(e)
}

/// An SQLite error in words that say what to do, for the failures a host
/// can cause: a file that is not a database, damaged, read-only, or a full
/// disk. Each names what happened to the data: nothing was written.
fn sqlite_text(e: &rusqlite::Error) -> String {
    use rusqlite::ErrorCode;
    if no_room(e) {
        return format!(
            "there was no room to write the database file (a full disk or a file size limit); \
             nothing of this change was saved ({e})"
        );
    }
    if file_lost(e) {
        return format!("{FILE_LOST}; nothing of this change was saved");
    }
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
    /// (A write past a file size limit counts: issue 27.)
    pub fn is_disk_full(&self) -> bool {
        matches!(self, StoreError::Sqlite(e) if no_room(e))
    }

    /// Whether the change was refused because the database file was
    /// replaced, moved or emptied under the running bot: nothing more is
    /// saved until it is restarted with the right file.
    pub fn is_file_lost(&self) -> bool {
        matches!(self, StoreError::Sqlite(e) if file_lost(e))
    }
}

/// What the store says when its file is no longer the one it opened.
pub const FILE_LOST: &str = "the database file was replaced, moved or emptied while the bot ran \
     (it is no longer the file that was opened), so the bot saves nothing more: restart it with \
     the right file";

impl StoreError {}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;
