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
    /// The web pages (`WEB_ADDR`) could not be served.
    #[error("could not serve the web pages on {addr}: {error}")]
    Web {
        /// The address asked for.
        addr: std::net::SocketAddr,
        /// What went wrong (the address is taken, say).
        error: std::io::Error,
    },
    /// The database (`DATABASE_PATH`) could not be opened or brought up to date.
    #[error("could not open the database {}: {error}", path.display())]
    Database {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        error: StoreError,
    },
    /// The database file records another shard range than the one this process runs: it holds
    /// other servers' data, so the process must not use it.
    #[error(
        "the database {} holds the servers of {recorded}, but this process runs {running}: \
         nothing was changed in it; run it with the shard settings it was made with",
        path.display()
    )]
    ShardMismatch {
        /// The file.
        path: PathBuf,
        /// The shards the file records ("shards 0..2 of 4", or "every shard").
        recorded: String,
        /// The shards this process runs.
        running: String,
    },
    /// The address of `/healthz` and `/metrics` could not be taken.
    #[error("could not serve /healthz and /metrics on {addr} (METRICS_ADDR): {error}")]
    Metrics {
        /// The address.
        addr: std::net::SocketAddr,
        /// Why.
        error: std::io::Error,
    },
    /// Files of the naming before one file per shard are beside the database: starting would
    /// leave their games behind.
    #[error(
        "found database files of the old naming (one file per range of shards): {files}. The bot \
         keeps one file per shard now and would start on new, empty files while the games stay \
         in these; nothing was changed. Stop every process of the bot and convert them with\n  \
         {command}\nthen move the old files out of the folder and start again (see \
         docs/shards.md)"
    )]
    OldShardFiles {
        /// The files found, listed.
        files: String,
        /// The `taktable reshard` command that converts them.
        command: String,
    },
}

impl From<serenity::Error> for Error {
    fn from(error: serenity::Error) -> Error {
        Error::Discord(Box::new(error))
    }
}
