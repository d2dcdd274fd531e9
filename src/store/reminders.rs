//! One-off personal reminders (`/remind in:`, issue 15): one per player and
//! game, at a time of their choosing, besides the game's periodic ones. A
//! reminder goes when it is taken (fallen due) or when its game ends.

use chrono::{DateTime, Utc};
use rusqlite::{params, OptionalExtension};

use super::database::Store;
use super::error::Result;
use super::sql::{id_in, id_out, parse_time, time_text, Cached, UserId};

/// A personal reminder that fell due.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PersonalReminder {
    pub game_id: i64,
    pub user: UserId,
    pub due_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
}

impl Store {
    /// Sets `user`'s reminder about a game for `due_at`, replacing the one they had.
    pub fn set_personal_reminder(
        &self,
        game_id: i64,
        user: UserId,
        due_at: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<()> {
        self.conn().execute_cached(
            "INSERT INTO personal_reminders (game_id, user_id, due_at, created_at)
             VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (game_id, user_id) DO UPDATE
             SET due_at = excluded.due_at, created_at = excluded.created_at",
            params![game_id, id_in(user), time_text(due_at), time_text(now)],
        )?;
        Ok(())
    }

    /// When `user`'s reminder about a game falls, if they set one.
    pub fn personal_reminder(&self, game_id: i64, user: UserId) -> Result<Option<DateTime<Utc>>> {
        let due: Option<String> = self
            .conn()
            .query_row_cached(
                "SELECT due_at FROM personal_reminders WHERE game_id = ?1 AND user_id = ?2",
                params![game_id, id_in(user)],
                |r| r.get(0),
            )
            .optional()?;
        due.as_deref().map(parse_time).transpose()
    }

    /// The earliest personal reminder of a game in progress.
    pub fn next_personal_reminder(&self) -> Result<Option<DateTime<Utc>>> {
        let next: Option<String> = self.conn().query_row_cached(
            "SELECT MIN(r.due_at) FROM personal_reminders r
             JOIN games g ON g.id = r.game_id
             WHERE g.status = 'active' AND g.guild NOT IN (SELECT guild FROM departed_guilds)",
            [],
            |r| r.get(0),
        )?;
        next.as_deref().map(parse_time).transpose()
    }

    /// Takes the personal reminders of games in progress fallen due by
    /// `now`, earliest first: they are deleted in the same transaction, so
    /// each is returned once. Those of ended games are dropped.
    pub fn take_due_personal_reminders(&self, now: DateTime<Utc>) -> Result<Vec<PersonalReminder>> {
        let mut conn = self.conn();
        let now = time_text(now);
        // The terminal asks before every command, and mostly nothing is due:
        // a read says so without taking the write lock. A reminder added
        // after it is taken at the next call.
        let pending: bool = conn.query_row_cached(
            "SELECT EXISTS (SELECT 1 FROM personal_reminders r JOIN games g ON g.id = r.game_id
                            WHERE (r.due_at <= ?1 AND g.guild NOT IN (SELECT guild FROM departed_guilds))
                               OR g.status != 'active')",
            [&now],
            |r| r.get(0),
        )?;
        if !pending {
            return Ok(Vec::new());
        }
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let rows: Vec<(i64, i64, String, String)> = {
            let mut stmt = tx.prepare_cached(
                "SELECT r.game_id, r.user_id, r.due_at, r.created_at FROM personal_reminders r
                 JOIN games g ON g.id = r.game_id
                 WHERE g.status = 'active' AND r.due_at <= ?1 AND g.guild NOT IN (SELECT guild FROM departed_guilds)
                 ORDER BY r.due_at, r.game_id",
            )?;
            let rows = stmt
                .query_map([&now], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))?
                .collect::<rusqlite::Result<_>>()?;
            rows
        };
        tx.execute_cached(
            "DELETE FROM personal_reminders
             WHERE (due_at <= ?1 AND NOT EXISTS (SELECT 1 FROM games g
                    WHERE g.id = personal_reminders.game_id AND g.guild IN (SELECT guild FROM departed_guilds)))
             OR EXISTS (SELECT 1 FROM games g
                        WHERE g.id = personal_reminders.game_id AND g.status != 'active')",
            [&now],
        )?;
        tx.commit()?;
        rows.into_iter()
            .map(|(game_id, user, due, created)| {
                Ok(PersonalReminder {
                    game_id,
                    user: id_out(user),
                    due_at: parse_time(&due)?,
                    created_at: parse_time(&created)?,
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use chrono::{Duration, Utc};

    use super::*;
    use crate::store::test_support::new_game;
    use crate::store::{Finish, GameStatus};

    #[test]
    fn a_due_reminder_is_taken_once_and_one_of_an_ended_game_is_dropped() {
        // `/remind in:` (issue 15): a reminder falls once, at its time, and
        // only while its game runs.
        let store = Store::open_in_memory().unwrap();
        let now = Utc::now();
        let (playing, ended) = (new_game(&store, "a", [1, 2]), new_game(&store, "b", [1, 2]));
        store
            .set_personal_reminder(playing, 1, now + Duration::hours(1), now)
            .unwrap();
        store
            .set_personal_reminder(ended, 2, now + Duration::hours(1), now)
            .unwrap();
        assert!(store.take_due_personal_reminders(now).unwrap().is_empty());
        assert!(store.personal_reminder(ended, 2).unwrap().is_some());

        let version = store.game(ended).unwrap().unwrap().version;
        let finish = Finish {
            status: GameStatus::Aborted,
            result: "*".into(),
            winner: None,
            reason: "abort".into(),
        };
        store.end_game(ended, version, &finish, now).unwrap();
        // Nothing is due yet, but the ended game's reminder is dropped.
        assert!(store.take_due_personal_reminders(now).unwrap().is_empty());
        assert_eq!(store.personal_reminder(ended, 2).unwrap(), None);
        assert!(store.personal_reminder(playing, 1).unwrap().is_some());

        let later = now + Duration::hours(2);
        let due = store.take_due_personal_reminders(later).unwrap();
        assert_eq!(
            due.iter().map(|r| (r.game_id, r.user)).collect::<Vec<_>>(),
            [(playing, 1)]
        );
        assert!(store.take_due_personal_reminders(later).unwrap().is_empty());
    }
}
