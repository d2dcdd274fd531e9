//! Correspondence play, for games that last days: what falls due (reminders
//! to move, passed timeouts), `/claim` at the timeout, `/remind`,
//! `/settings`, `/notify` and `/privacy`, `/games`, a player's games in this
//! server, and games whose channel vanished.

pub mod claim;
pub mod due;
pub mod games;
pub mod privacy;
pub mod remind;
pub mod settings;
pub mod vanished;
