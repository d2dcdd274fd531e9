//! What can stop the Discord adapter.

use std::path::PathBuf;

use crate::store::StoreError;

/// Why the bot stopped or could not start. The messages never include the token.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Discord (or the configured API proxy) refused or failed a call, or the gateway failed.
    #[error("Discord connection failed: {0}")]
    Discord(#[from] Box<serenity::Error>),
    /// The process could not listen for shutdown signals.
    #[error("could not listen for shutdown signals: {0}")]
    Signal(#[from] std::io::Error),
    /// The database (`DATABASE_PATH`) could not be opened or brought up to date.
    #[error("could not open the database {}: {error}", path.display())]
    Database {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        error: StoreError,
    },
}

impl From<serenity::Error> for Error {
    fn from(error: serenity::Error) -> Error {
        Error::Discord(Box::new(error))
    }
}
