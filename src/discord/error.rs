//! What can stop the Discord adapter.

/// Why the bot stopped or could not start. The messages never include the token.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Discord (or the configured API proxy) refused or failed a call, or the gateway failed.
    #[error("Discord connection failed: {0}")]
    Discord(#[from] Box<serenity::Error>),
    /// The process could not listen for shutdown signals.
    #[error("could not listen for shutdown signals: {0}")]
    Signal(#[from] std::io::Error),
}

impl From<serenity::Error> for Error {
    fn from(error: serenity::Error) -> Error {
        Error::Discord(Box::new(error))
    }
}
