//! What the bot must say, kept until it is said (issue 40): the core's
//! replies written as they are made, and deleted once an adapter has posted
//! them. The store keeps them as text it does not read (the bot's JSON of a
//! reply); it only knows when each may next be tried.
//!
//! Exactly once: a row is posted by whoever holds it. A command's own
//! answer holds its rows until their `due_at` (the interaction answers
//! them); anything else (and a command's rows once released or once that
//! hold has passed, after a crash) is taken by the adapter's courier, one at
//! a time, which deletes the row as soon as the last message of the reply is
//! posted.

use chrono::{DateTime, Utc};
use rusqlite::{params, OptionalExtension};

use super::database::Store;
use super::error::Result;
use super::sql::{id_in, parse_time, time_text, Cached, UserId};

/// A reply written for an adapter to post, as it was kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeptReply {
    pub id: i64,
    /// The server of the place the reply was made for.
    pub guild: String,
    /// The reply, in the bot's words (its JSON).
    pub reply: String,
    pub created_at: DateTime<Utc>,
    /// How many times posting it failed so far.
    pub attempts: u32,
    /// How many of its messages are posted already (a long reply is split).
    pub parts_sent: u32,
}

impl Store {
    /// Keeps `replies` (each its server, JSON and when it may first be
    /// tried), all in one transaction. Their ids, in order.
    pub fn keep_replies(
        &self,
        replies: &[(&str, String, DateTime<Utc>)],
        now: DateTime<Utc>,
    ) -> Result<Vec<i64>> {
        if replies.is_empty() {
            return Ok(Vec::new());
        }
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let mut ids = Vec::with_capacity(replies.len());
        {
            let mut insert = tx.prepare_cached(
                "INSERT INTO outbox (guild, reply, created_at, due_at) VALUES (?1, ?2, ?3, ?4)",
            )?;
            for (guild, reply, due) in replies {
                insert.execute(params![guild, reply, time_text(now), time_text(*due)])?;
                ids.push(tx.last_insert_rowid());
            }
        }
        tx.commit()?;
        Ok(ids)
    }

    /// The kept replies due by `now`, oldest first, at most `limit`.
    pub fn due_replies(&self, now: DateTime<Utc>, limit: usize) -> Result<Vec<KeptReply>> {
        let conn = self.conn();
        let mut stmt = conn.prepare_cached(
            "SELECT id, guild, reply, created_at, attempts, parts_sent FROM outbox
             WHERE due_at <= ?1 ORDER BY id LIMIT ?2",
        )?;
        let rows = stmt.query_map(params![time_text(now), limit as i64], |r| {
            let created: String = r.get(3)?;
            let created_at = parse_time(&created).map_err(|e| {
                rusqlite::Error::FromSqlConversionFailure(3, rusqlite::types::Type::Text, e.into())
            })?;
            Ok(KeptReply {
                id: r.get(0)?,
                guild: r.get(1)?,
                reply: r.get(2)?,
                created_at,
                attempts: r.get(4)?,
                parts_sent: r.get(5)?,
            })
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }

    /// When the next kept reply falls due (`None`: nothing is kept).
    pub fn next_reply_due(&self) -> Result<Option<DateTime<Utc>>> {
        let due: Option<String> =
            self.conn()
                .query_row_cached("SELECT MIN(due_at) FROM outbox", [], |r| r.get(0))?;
        due.map(|text| parse_time(&text)).transpose()
    }

    /// How many replies are kept, not yet said.
    pub fn kept_reply_count(&self) -> Result<usize> {
        let n: i64 = self
            .conn()
            .query_row_cached("SELECT COUNT(*) FROM outbox", [], |r| r.get(0))?;
        Ok(n as usize)
    }

    /// A kept reply is said (or will never be): forgotten. `false` if it
    /// was already gone.
    pub fn forget_reply(&self, id: i64) -> Result<bool> {
        Ok(self
            .conn()
            .execute_cached("DELETE FROM outbox WHERE id = ?1", [id])?
            > 0)
    }

    /// Moves a kept reply's next try to `due`, counting a failure if
    /// `failed`, and records how many of its messages are posted.
    pub fn retry_reply(
        &self,
        id: i64,
        due: DateTime<Utc>,
        failed: bool,
        parts_sent: u32,
    ) -> Result<()> {
        self.conn().execute_cached(
            "UPDATE outbox SET due_at = ?2, attempts = attempts + ?3, parts_sent = ?4 WHERE id = ?1",
            params![id, time_text(due), i64::from(failed), parts_sent],
        )?;
        Ok(())
    }

    /// The reply text of a kept reply, if it is still kept.
    pub fn kept_reply(&self, id: i64) -> Result<Option<String>> {
        Ok(self
            .conn()
            .query_row_cached("SELECT reply FROM outbox WHERE id = ?1", [id], |r| r.get(0))
            .optional()?)
    }

    /// Replaces a kept reply's text (it is to be posted otherwise: without
    /// its picture, or elsewhere).
    pub fn rewrite_reply(&self, id: i64, reply: &str) -> Result<()> {
        self.conn().execute_cached(
            "UPDATE outbox SET reply = ?2 WHERE id = ?1",
            params![id, reply],
        )?;
        Ok(())
    }

    /// Records that `user`'s direct messages refused the bot.
    pub fn set_dm_refused(&self, user: UserId, now: DateTime<Utc>) -> Result<()> {
        self.conn().execute_cached(
            "INSERT INTO users (id, name, updated_at, dm_refused_at) VALUES (?1, '', ?2, ?2)
             ON CONFLICT (id) DO UPDATE SET dm_refused_at = excluded.dm_refused_at",
            params![id_in(user), time_text(now)],
        )?;
        Ok(())
    }

    /// Whether `user`'s direct messages refused the bot (and they have not
    /// changed their settings since).
    pub fn dm_refused(&self, user: UserId) -> Result<bool> {
        let at: Option<Option<String>> = self
            .conn()
            .query_row_cached(
                "SELECT dm_refused_at FROM users WHERE id = ?1",
                [id_in(user)],
                |r| r.get(0),
            )
            .optional()?;
        Ok(at.flatten().is_some())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(seconds: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(1_767_225_600 + seconds, 0).unwrap()
    }

    /// A kept reply waits for its due time, is retried later after a
    /// failure, and once forgotten is gone for good (never said twice).
    #[test]
    fn kept_replies_fall_due_and_are_forgotten_once() {
        let store = Store::open_in_memory().unwrap();
        let ids = store
            .keep_replies(
                &[("g", "one".into(), at(60)), ("g", "two".into(), at(60))],
                at(0),
            )
            .unwrap();
        assert_eq!(ids.len(), 2);
        assert!(
            store.due_replies(at(59), 10).unwrap().is_empty(),
            "held by the answer"
        );
        assert_eq!(store.next_reply_due().unwrap(), Some(at(60)));
        let due = store.due_replies(at(60), 10).unwrap();
        assert_eq!(
            due.iter().map(|r| r.reply.as_str()).collect::<Vec<_>>(),
            ["one", "two"]
        );

        store.retry_reply(ids[0], at(90), true, 1).unwrap();
        let due = store.due_replies(at(60), 10).unwrap();
        assert_eq!(due.len(), 1, "the first waits for its retry");
        let later = store.due_replies(at(90), 10).unwrap();
        assert_eq!((later[0].attempts, later[0].parts_sent), (1, 1));

        assert!(store.forget_reply(ids[0]).unwrap());
        assert!(!store.forget_reply(ids[0]).unwrap(), "already forgotten");
        assert_eq!(store.kept_reply_count().unwrap(), 1);
    }

    /// Issue 40: a refused direct message is remembered until the member
    /// changes their /notify setting.
    #[test]
    fn a_refused_direct_message_is_remembered_until_cleared() {
        let store = Store::open_in_memory().unwrap();
        assert!(!store.dm_refused(7).unwrap());
        store.upsert_user(7, "bob", at(0)).unwrap();
        store.set_dm_refused(7, at(1)).unwrap();
        store.upsert_user(7, "bob", at(2)).unwrap();
        assert!(
            store.dm_refused(7).unwrap(),
            "a new command does not clear it"
        );
        store.set_dm_enabled(7, true, at(3)).unwrap();
        assert!(!store.dm_refused(7).unwrap(), "/notify clears it");
        assert!(store.dm_enabled(7).unwrap());
        store.set_dm_refused(7, at(4)).unwrap();
        assert!(
            !store.dm_enabled(7).unwrap(),
            "no direct message to a member who refuses them"
        );
        store.set_dm_refused(8, at(3)).unwrap();
        assert!(store.dm_refused(8).unwrap(), "a user never seen before");
    }
}
