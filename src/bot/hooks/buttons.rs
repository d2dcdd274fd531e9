//! Buttons on posted messages (issue 15), as the adapter reports them: it
//! records each public message it posted with buttons, and takes the
//! buttons off those that answer nothing any more (see
//! [`crate::bot::buttons`]).

use tracing::error;

use crate::bot::buttons::live;
use crate::bot::ground::button_ids::{parse, Press};
use crate::bot::ground::place::Place;
use crate::bot::Bot;
use crate::store::StoreError;

/// How long the buttons paging a list (`/history`, `/games`) stay on their
/// message: then they are taken off and their record forgotten (issue 27).
pub fn page_buttons_last() -> chrono::Duration {
    chrono::Duration::hours(24)
}

impl Bot {
    /// Records that the public message `message` (the adapter's id), posted
    /// in `place`, carries buttons, `custom_id` one of them.
    pub fn record_buttons(&self, place: &Place, message: &str, custom_id: &str) {
        if let Err(e) = self.store().record_button_message(
            &place.guild,
            &place.channel,
            message,
            custom_id,
            self.now(),
        ) {
            error!("could not record a message with buttons: {e}");
        }
    }

    /// The recorded messages of `place` whose buttons answer nothing any
    /// more. Each is forgotten as it is returned, so its buttons are taken
    /// off once.
    pub fn dead_button_messages(&self, place: &Place) -> Vec<String> {
        let now = self.now();
        let dead = || -> Result<Vec<String>, StoreError> {
            let mut dead = Vec::new();
            for posted in self.store().button_messages(&place.guild, &place.channel)? {
                let alive = match parse(&posted.custom_id) {
                    Some(Press::HistoryPage { .. } | Press::GamesPage { .. }) => {
                        now - posted.posted_at < page_buttons_last()
                    }
                    Some(press) => live(self.store(), place, now, press)?,
                    None => false,
                };
                if !alive && self.store().forget_button_message(&posted.message)? {
                    dead.push(posted.message);
                }
            }
            Ok(dead)
        };
        dead().unwrap_or_else(|e| {
            error!("could not look for dead buttons: {e}");
            Vec::new()
        })
    }

    /// Forgets the records of page buttons older than [`page_buttons_last`]
    /// in every channel, for channels where nothing happens any more (the
    /// adapter's scheduler may call it now and then). How many.
    pub fn prune_page_buttons(&self) -> usize {
        self.store()
            .forget_page_buttons_before(self.now() - page_buttons_last())
            .unwrap_or_else(|e| {
                error!("could not prune page buttons: {e}");
                0
            })
    }

    /// Whether the button `custom_id` in `place` still answers something (a
    /// pressed button that does not is taken off its message, recorded or not).
    pub fn button_is_live(&self, place: &Place, custom_id: &str) -> bool {
        let Some(press) = parse(custom_id) else {
            return false;
        };
        live(self.store(), place, self.now(), press).unwrap_or_else(|e| {
            error!("could not check a button: {e}");
            true
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::ground::button_ids::{games_page_id, history_page_id};
    use crate::bot::tests::support::{clock, place};
    use crate::store::Store;

    /// Issue 27: the buttons paging `/history` and `/games` are taken off their message (and
    /// forgotten) once [`page_buttons_last`] has passed, not kept for ever.
    #[test]
    fn page_buttons_expire_and_their_records_are_pruned() {
        let clock = clock();
        let bot = Bot::new(Store::open_in_memory().unwrap(), clock.clone());
        let here = place("general");
        bot.record_buttons(&here, "10", &history_page_id(7, 2));
        bot.record_buttons(&place("quiet"), "11", &games_page_id(2));
        assert!(bot.dead_button_messages(&here).is_empty());
        clock
            .advance(page_buttons_last() + chrono::Duration::minutes(1))
            .unwrap();
        assert_eq!(bot.dead_button_messages(&here), ["10"]);
        assert!(bot
            .store()
            .button_messages("g", "general")
            .unwrap()
            .is_empty());
        // In a channel where nothing happens, the record is pruned all the same.
        assert_eq!(bot.prune_page_buttons(), 1);
        assert!(bot
            .store()
            .button_messages("g", "quiet")
            .unwrap()
            .is_empty());
    }
}
