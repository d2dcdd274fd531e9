//! The bot's public messages that carry buttons (issue 15): recorded when
//! an adapter has posted one, so that once what the buttons answer is over
//! the adapter can take them off the message.

use chrono::{DateTime, Utc};
use rusqlite::params;

use super::database::Store;
use super::error::Result;
use super::sql::{parse_time, time_text, Cached};

/// A posted message with buttons: the adapter's id of it, one of its
/// buttons' custom ids, and when it was recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ButtonMessage {
    pub message: String,
    pub custom_id: String,
    pub posted_at: DateTime<Utc>,
}

impl Store {
    /// Records that `message`, posted in a channel, carries the button `custom_id`.
    pub fn record_button_message(
        &self,
        guild: &str,
        channel: &str,
        message: &str,
        custom_id: &str,
        now: DateTime<Utc>,
    ) -> Result<()> {
        self.conn().execute_cached(
            "INSERT INTO button_messages (message, guild, channel, custom_id, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (message) DO UPDATE SET custom_id = excluded.custom_id",
            params![message, guild, channel, custom_id, time_text(now)],
        )?;
        Ok(())
    }

    /// The messages with buttons recorded in a channel, oldest first.
    pub fn button_messages(&self, guild: &str, channel: &str) -> Result<Vec<ButtonMessage>> {
        let conn = self.conn();
        let mut stmt = conn.prepare_cached(
            "SELECT message, custom_id, created_at FROM button_messages
             WHERE guild = ?1 AND channel = ?2 ORDER BY created_at, message",
        )?;
        let rows: Vec<(String, String, String)> = stmt
            .query_map([guild, channel], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
            .collect::<rusqlite::Result<_>>()?;
        rows.into_iter()
            .map(|(message, custom_id, posted)| {
                Ok(ButtonMessage {
                    message,
                    custom_id,
                    posted_at: parse_time(&posted)?,
                })
            })
            .collect()
    }

    /// Forgets, in every channel, the messages whose buttons page a list
    /// (`history:`, `games:`) recorded before `before` (issue 27: they
    /// answer forever, so nothing else ever forgets them). How many.
    pub fn forget_page_buttons_before(&self, before: DateTime<Utc>) -> Result<usize> {
        Ok(self.conn().execute_cached(
            "DELETE FROM button_messages
             WHERE (custom_id LIKE 'history:%' OR custom_id LIKE 'games:%') AND created_at < ?1",
            [time_text(before)],
        )?)
    }

    /// Forgets a message (its buttons were taken off). `false` if it was
    /// not recorded (or already forgotten by another caller).
    pub fn forget_button_message(&self, message: &str) -> Result<bool> {
        let n = self
            .conn()
            .execute_cached("DELETE FROM button_messages WHERE message = ?1", [message])?;
        Ok(n > 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 27: page buttons' rows are pruned once old, whatever the channel; others stay.
    #[test]
    fn old_page_buttons_are_forgotten() {
        let store = Store::open_in_memory().unwrap();
        let t0 = chrono::DateTime::from_timestamp(1_767_225_600, 0).unwrap();
        let later = t0 + chrono::Duration::hours(2);
        store
            .record_button_message("g", "c", "1", "history:9:2", t0)
            .unwrap();
        store
            .record_button_message("g", "d", "2", "games:2", t0)
            .unwrap();
        store
            .record_button_message("g", "c", "3", "games:3", later)
            .unwrap();
        store
            .record_button_message("g", "c", "4", "rematch:1", t0)
            .unwrap();
        assert_eq!(store.forget_page_buttons_before(t0).unwrap(), 0);
        assert_eq!(
            store
                .forget_page_buttons_before(t0 + chrono::Duration::hours(1))
                .unwrap(),
            2
        );
        let left: Vec<String> = store
            .button_messages("g", "c")
            .unwrap()
            .into_iter()
            .map(|m| m.message)
            .collect();
        assert_eq!(left, ["4", "3"]);
        assert!(store.button_messages("g", "d").unwrap().is_empty());
    }

    #[test]
    fn messages_are_recorded_per_channel_and_forgotten_once() {
        let store = Store::open_in_memory().unwrap();
        let now = chrono::DateTime::from_timestamp(1_767_225_600, 0).unwrap();
        store
            .record_button_message("g", "c", "10", "challenge:1:accept", now)
            .unwrap();
        store
            .record_button_message("g", "d", "11", "rematch:2", now)
            .unwrap();
        assert_eq!(
            store.button_messages("g", "c").unwrap(),
            vec![ButtonMessage {
                posted_at: now,
                message: "10".into(),
                custom_id: "challenge:1:accept".into()
            }]
        );
        assert!(store.forget_button_message("10").unwrap());
        assert!(!store.forget_button_message("10").unwrap());
        assert!(store.button_messages("g", "c").unwrap().is_empty());
        assert_eq!(store.button_messages("g", "d").unwrap().len(), 1);
    }
}
