//! What an adapter reports of Discord's places and members (issue 40): a
//! channel that can no longer be written to, a member whose direct
//! messages refuse the bot.

use tracing::error;

use crate::bot::correspondence::vanished::{self, PlaceLost};
use crate::bot::ground::place::Place;
use crate::bot::ground::reply::Reply;
use crate::bot::Bot;
use crate::store::UserId;

impl Bot {
    /// `place` was deleted, or the bot may no longer post there: its game
    /// is moved, set aside or aborted (see [`vanished`]). What to post.
    pub fn place_lost(&self, place: &Place, lost: PlaceLost) -> Vec<Reply> {
        vanished::place_lost(self, place, lost)
    }

    /// `user`'s direct messages refused the bot: none is written to them
    /// until they change their `/notify` setting.
    pub fn dm_refused(&self, user: UserId) {
        if let Err(why) = self.store().set_dm_refused(user, self.now()) {
            error!(user, "could not note refused direct messages: {why}");
        }
    }
}
