//! Places that vanish (issue 40): a channel deleted, or one the bot may no
//! longer post in. A game there moves to its thread's parent channel, or is
//! set aside: still in progress, not lost, but nothing is posted about it
//! any more.

use chrono::{DateTime, Utc};
use rusqlite::{params, OptionalExtension};

use super::database::Store;
use super::error::{is_constraint, Result};
use super::sql::{time_text, Cached};

impl Store {
    /// Moves an active game into `channel` (its thread was deleted; the
    /// channel is the thread's parent). `false` when `channel` already has
    /// a game in progress.
    pub fn move_game_to_channel(&self, game_id: i64, channel: &str) -> Result<bool> {
        let moved = self.conn().execute_cached(
            "UPDATE games SET channel = ?1 WHERE id = ?2 AND status = 'active'",
            params![channel, game_id],
        );
        match moved {
            Ok(changed) => Ok(changed == 1),
            Err(e) if is_constraint(&e) => Ok(false),
            Err(e) => Err(e.into()),
        }
    }

    /// Sets an active game aside, saying why; its reminders stop. `false`
    /// if it was set aside already.
    pub fn set_game_aside(&self, game_id: i64, reason: &str, now: DateTime<Utc>) -> Result<bool> {
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let added = tx.execute_cached(
            "INSERT INTO set_aside_games (game_id, reason, set_aside_at) VALUES (?1, ?2, ?3)
             ON CONFLICT (game_id) DO NOTHING",
            params![game_id, reason, time_text(now)],
        )?;
        tx.execute_cached("UPDATE games SET remind_at = NULL WHERE id = ?1", [game_id])?;
        tx.commit()?;
        Ok(added == 1)
    }

    /// Why a game was set aside, if it was.
    pub fn set_aside_reason(&self, game_id: i64) -> Result<Option<String>> {
        Ok(self
            .conn()
            .query_row_cached(
                "SELECT reason FROM set_aside_games WHERE game_id = ?1",
                [game_id],
                |r| r.get(0),
            )
            .optional()?)
    }
}
