//! Buttons on posted messages (issue 15), as the adapter reports them: it
//! records each public message it posted with buttons, and takes the
//! buttons off those that answer nothing any more (see
//! [`crate::bot::buttons`]).

use tracing::error;

use crate::bot::buttons::live;
use crate::bot::ground::button_ids::parse;
use crate::bot::ground::place::Place;
use crate::bot::Bot;
use crate::store::StoreError;

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
