//! Correspondence play, for games that last days: what falls due (reminders
//! to move, passed timeouts), `/claim` at the timeout, `/remind`,
//! `/settings`, `/notify` and `/privacy`, and `/games`, a player's games in this server.

pub mod claim;
pub mod due;
pub mod games;
pub mod privacy;
pub mod remind;
pub mod settings;
