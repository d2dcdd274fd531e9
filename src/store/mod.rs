//! The SQLite store: users, challenges, games and their move lists, offers.
//!
//! The schema comes only from the numbered SQL files in `migrations/`,
//! embedded in the binary and applied at start-up. The database runs in WAL
//! mode. The move list is the source of truth: a move, the game's new
//! snapshot and its version change in one transaction, and the version check
//! (`UPDATE ... WHERE id = ? AND version = ?`) makes sure two moves made
//! against the same version can never both apply.
//!
//! [`database`] opens the file and holds the connection, [`error`] says
//! what went wrong, [`sql`] writes values; each other module adds the
//! queries of one concern to [`Store`].

pub mod artefacts;
pub mod backup;
pub mod buttons;
pub mod challenges;
pub mod computer;
pub mod correspondence;
pub mod database;
pub mod departures;
pub mod error;
pub mod games;
pub mod outbox;
pub mod places;
pub mod privacy;
pub mod ratings;
pub mod reminders;
pub mod reshard;
pub mod rows;
pub mod schedule;
pub mod shards;
pub mod sql;
pub mod threads;
pub mod tournaments;
pub mod users;
pub mod web_pages;

pub use artefacts::Artefact;
pub use buttons::ButtonMessage;
pub use challenges::{Challenge, ChallengeStatus, NewChallenge};
pub use correspondence::{DueGame, SettingsChange, TurnClock};
pub use database::Store;
pub use error::{Result, StoreError};
pub use outbox::KeptReply;
pub use ratings::{FinishedGame, PlayerRating, RatingChange};
pub use reminders::PersonalReminder;
pub use rows::{Finish, GameRow, GameStatus, MoveRow, NewGame, Offer, OfferKind};
pub use schedule::{GuildSettings, Timing, Turn};
pub use shards::{shard_of, shard_of_guild, Shard};
pub use sql::{parse_time, time_text, UserId};

#[cfg(test)]
pub(crate) mod test_support;
