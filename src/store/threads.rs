//! Games played in a thread of their own (issue 15): the thread the bot
//! opened for a game, the channel it was opened from (where the result is
//! posted), and the move of the game into the thread once it exists.

use chrono::{DateTime, Utc};
use rusqlite::{params, OptionalExtension, Row};

use super::database::Store;
use super::error::Result;
use super::rows::{finish_row, game_columns, raw, GameRow};
use super::sql::{time_text, Cached};

/// A game's thread as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameThread {
    pub game_id: i64,
    pub guild: String,
    /// The channel the challenge was made in.
    pub parent: String,
    /// The thread's channel; `None` while it is being opened (or when it
    /// could not be: the game is then played in the parent channel).
    pub thread: Option<String>,
    /// The thread's name ("Game #12: alice v bob").
    pub name: String,
}

fn game_thread(row: &Row<'_>) -> rusqlite::Result<GameThread> {
    Ok(GameThread {
        game_id: row.get(0)?,
        guild: row.get(1)?,
        parent: row.get(2)?,
        thread: row.get(3)?,
        name: row.get(4)?,
    })
}

impl Store {
    /// Notes that `game` (just started in `parent`) is to be played in a
    /// thread named `name`, once the adapter has opened it; `thread`: the
    /// thread it is already in (a rematch played in the same thread).
    pub fn add_game_thread(
        &self,
        game: &GameRow,
        parent: &str,
        thread: Option<&str>,
        name: &str,
        now: DateTime<Utc>,
    ) -> Result<()> {
        self.conn().execute_cached(
            "INSERT INTO game_threads (game_id, guild, parent, thread, name, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![game.id, game.guild, parent, thread, name, time_text(now)],
        )?;
        Ok(())
    }

    /// The thread of a game, if it was given one.
    pub fn game_thread(&self, game_id: i64) -> Result<Option<GameThread>> {
        Ok(self
            .conn()
            .query_row_cached(
                "SELECT game_id, guild, parent, thread, name FROM game_threads WHERE game_id = ?1",
                [game_id],
                game_thread,
            )
            .optional()?)
    }

    /// Moves a game from its parent channel into its thread, just opened.
    /// `false` when the game is no longer waiting in the parent channel for
    /// its thread (it was moved already, or has no thread).
    pub fn move_game_to_thread(&self, game_id: i64, thread: &str) -> Result<bool> {
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let noted = tx.execute_cached(
            "UPDATE game_threads SET thread = ?1 WHERE game_id = ?2 AND thread IS NULL",
            params![thread, game_id],
        )?;
        if noted != 1 {
            return Ok(false);
        }
        tx.execute_cached(
            "UPDATE games SET channel = ?1 WHERE id = ?2",
            params![thread, game_id],
        )?;
        tx.commit()?;
        Ok(true)
    }

    /// Moves a game whose thread could not be opened from where it waited
    /// into its parent channel: false when the parent already has a game in
    /// progress, or the game no longer waits for its thread.
    pub fn move_game_to_parent(&self, game_id: i64) -> Result<bool> {
        let moved = self.conn().execute_cached(
            "UPDATE games SET channel = (SELECT parent FROM game_threads WHERE game_id = ?1)
             WHERE id = ?1 AND status = 'active'
               AND EXISTS (SELECT 1 FROM game_threads WHERE game_id = ?1 AND thread IS NULL)",
            [game_id],
        );
        match moved {
            Ok(changed) => Ok(changed == 1),
            Err(e) if super::error::is_constraint(&e) => Ok(false),
            Err(e) => Err(e.into()),
        }
    }

    /// The channel a thread the bot opened was opened from; `None` for any
    /// other channel.
    pub fn thread_parent(&self, guild: &str, channel: &str) -> Result<Option<String>> {
        Ok(self
            .conn()
            .query_row_cached(
                "SELECT parent FROM game_threads WHERE guild = ?1 AND thread = ?2 LIMIT 1",
                [guild, channel],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// The games in progress in the threads opened from `parent`, oldest first.
    pub fn games_in_threads_of(&self, guild: &str, parent: &str) -> Result<Vec<GameRow>> {
        let raws = {
            let conn = self.conn();
            let mut stmt = conn.prepare_cached(concat!(
                "SELECT ",
                game_columns!(),
                " FROM games
                 WHERE status = 'active' AND id IN (
                     SELECT game_id FROM game_threads
                     WHERE guild = ?1 AND parent = ?2 AND thread IS NOT NULL)
                 ORDER BY id"
            ))?;
            let raws = stmt
                .query_map([guild, parent], raw)?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            raws
        };
        raws.into_iter().map(finish_row).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_support;

    fn new_game(store: &Store, channel: &str) -> GameRow {
        let id = test_support::new_game(store, channel, [1, 2]);
        store.game(id).unwrap().unwrap()
    }

    #[test]
    fn a_game_moves_into_its_thread_once_and_the_parent_is_free() {
        // Issue 15: a thread is a channel; the game is keyed by the thread's
        // channel and the parent channel takes another game.
        let store = Store::open_in_memory().unwrap();
        let game = new_game(&store, "general");
        store
            .add_game_thread(&game, "general", None, "Game #1", Utc::now())
            .unwrap();
        assert!(store
            .games_in_threads_of("g", "general")
            .unwrap()
            .is_empty());
        assert!(store.move_game_to_thread(game.id, "t1").unwrap());
        assert!(!store.move_game_to_thread(game.id, "t2").unwrap());
        assert_eq!(store.active_game("g", "general").unwrap(), None);
        assert_eq!(store.active_game("g", "t1").unwrap().unwrap().id, game.id);
        assert_eq!(
            store.thread_parent("g", "t1").unwrap().as_deref(),
            Some("general")
        );
        assert_eq!(store.thread_parent("g", "general").unwrap(), None);
        let listed = store.games_in_threads_of("g", "general").unwrap();
        assert_eq!(listed.iter().map(|g| g.id).collect::<Vec<_>>(), [game.id]);
        let other = new_game(&store, "general");
        assert_ne!(other.id, game.id);
        let thread = store.game_thread(game.id).unwrap().unwrap();
        assert_eq!(
            (thread.parent.as_str(), thread.thread.as_deref()),
            ("general", Some("t1"))
        );
        assert_eq!(store.game_thread(other.id).unwrap(), None);
    }
}
