//! What a handler sees ([`Ctx`]: where, who, when, and the [`Core`]), and
//! how it says no ([`Failure`]).

use chrono::{DateTime, Utc};
use tracing::error;

use super::core::Core;
use super::place::{Place, User};
use super::reply::Reply;
use crate::store::{Store, StoreError};

/// What a handler sees.
pub struct Ctx<'a> {
    pub core: &'a Core,
    pub place: &'a Place,
    pub user: &'a User,
    pub now: DateTime<Utc>,
}

impl Ctx<'_> {
    pub fn store(&self) -> &Store {
        self.core.store()
    }
}

/// Why a command did nothing.
#[derive(Debug)]
pub enum Failure {
    /// The user's request can't be done; the text says why (ephemeral).
    User(String),
    Store(StoreError),
}

impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Failure {
        match e {
            StoreError::Stale => Failure::User(POSITION_CHANGED.to_string()),
            StoreError::Conflict(why) => Failure::User(format!("Nothing was done: {why}.")),
            e if e.is_disk_full() => {
                error!("store error: {e}");
                Failure::User(DISK_FULL.to_string())
            }
            e if e.is_file_lost() => {
                error!("store error: {e}");
                Failure::User(FILE_LOST.to_string())
            }
            e => Failure::Store(e),
        }
    }
}

/// The answer to a move (or other change) made against an old version.
pub const POSITION_CHANGED: &str =
    "The position changed before your command was applied, so nothing was done. Look at /board and try again.";

/// The answer to a change the database had no room for (issue 16).
pub const DISK_FULL: &str =
    "The bot's disk is full, so nothing was saved: your command changed nothing (a move was not played). Please try again later.";

/// The answer of a job cut short because the bot is stopping.
pub const RESTARTING: &str =
    "taktable is restarting, so this was not finished. Please try again in a minute.";

/// The answer to every change once the database file was replaced, moved or
/// emptied under the running bot (issue 27): nothing more is saved.
pub const FILE_LOST: &str =
    "The bot's database file was replaced or removed while it ran, so it accepts no more moves or changes: nothing was saved (a move was not played). The bot's host must restart it with the right file.";

/// Shorthand for a refusal.
pub fn refuse<T>(text: impl Into<String>) -> Result<T, Failure> {
    Err(Failure::User(text.into()))
}

pub type Outcome = Result<Vec<Reply>, Failure>;
