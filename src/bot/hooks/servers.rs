//! The servers the bot is in (issue 43): an adapter says when the bot is
//! removed from one (Discord's GUILD_DELETE that is not an outage) and when
//! it is invited back (GUILD_CREATE). A server left is marked in the store:
//! nothing of it falls due, so nothing is posted to it, and its data is
//! deleted once [`crate::bot::ground::core::Core::data_grace`] has passed
//! (by [`Bot::run_due`]), unless the bot is back before.

use tracing::{error, info};

use crate::bot::Bot;

impl Bot {
    /// The bot was removed from `guild`: marks it as left, now.
    pub fn server_left(&self, guild: &str) {
        match self.store().mark_departed(guild, self.now()) {
            Ok(()) => info!(
                guild,
                days = self.data_grace().num_days(),
                "removed from a server: nothing is posted to it, and its data is deleted after the grace period unless the bot is invited back"
            ),
            Err(e) => error!(guild, "could not mark a server as left: {e}"),
        }
    }

    /// The bot is in `guild` (again): unmarks it if it was marked as left.
    /// Whether it was.
    pub fn server_returned(&self, guild: &str) -> bool {
        // Every server is announced at each connection: most were never left.
        if !self.server_is_left(guild) {
            return false;
        }
        match self.store().mark_returned(guild) {
            Ok(back) => {
                if back {
                    info!(
                        guild,
                        "invited back to a server within the grace period: its data is kept"
                    );
                }
                back
            }
            Err(e) => {
                error!(guild, "could not unmark a server as left: {e}");
                false
            }
        }
    }

    /// Whether the bot left `guild` (and its data waits for deletion).
    pub fn server_is_left(&self, guild: &str) -> bool {
        matches!(self.store().departed_at(guild), Ok(Some(_)))
    }
}
