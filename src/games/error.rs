//! Why a game refused something, typed so the bot can tell a typo from an
//! illegal action or a bad challenge; each shows as the engine's words.

use thiserror::Error;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameError {
    /// The text is not written as an action of the game.
    #[error("{0}")]
    Parse(String),
    /// The action is written right but not allowed here: the engine's reason.
    #[error("{0}")]
    Illegal(String),
    /// The settings do not describe a playable game.
    #[error("{0}")]
    Settings(String),
    /// An action of a replayed move list failed (a stored game that no
    /// longer replays).
    #[error("action {number} `{action}`: {reason}")]
    Replay {
        number: usize,
        action: String,
        reason: Box<GameError>,
    },
}
