//! What the store keeps for the computer opponent: the games it plays in,
//! and the level of each (kept in the meta table as
//! `computer.level.<game id>`, so no table changes).

use rusqlite::params;

use super::database::Store;
use super::error::Result;
use super::rows::{finish_row, game_columns, raw, GameRow};
use super::sql::{id_in, UserId};

fn level_key(game_id: i64) -> String {
    format!("computer.level.{game_id}")
}

/// The games in progress of one user (`?1`) in every server. The computer
/// looks for its games after every command, so this must be served by the
/// indexes of migration 0007, not a scan of every game (a test checks): a
/// union of one search per seat, since with `player1 = ?1 OR player2 = ?1`
/// and `ORDER BY id` the planner may prefer to scan the table in id order.
macro_rules! active_games_with {
    () => {
        concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE status = 'active' AND player1 = ?1
             AND guild NOT IN (SELECT guild FROM departed_guilds)
             UNION ALL
             SELECT ",
            game_columns!(),
            " FROM games WHERE status = 'active' AND player2 = ?1 AND player1 <> ?1
             AND guild NOT IN (SELECT guild FROM departed_guilds)
             ORDER BY id"
        )
    };
}

impl Store {
    /// The games in progress, in every server, that `user` plays, oldest first.
    pub fn active_games_with(&self, user: UserId) -> Result<Vec<GameRow>> {
        let raws = {
            let conn = self.conn();
            let mut stmt = conn.prepare_cached(active_games_with!())?;
            let raws = stmt
                .query_map(params![id_in(user)], raw)?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            raws
        };
        raws.into_iter().map(finish_row).collect()
    }

    /// The level the computer plays at in a game, if one was recorded.
    pub fn computer_level(&self, game_id: i64) -> Result<Option<u8>> {
        Ok(self
            .meta(&level_key(game_id))?
            .and_then(|text| text.parse().ok()))
    }

    pub fn set_computer_level(&self, game_id: i64, level: u8) -> Result<()> {
        self.set_meta(&level_key(game_id), &level.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_support::new_game;

    #[test]
    fn a_level_is_kept_per_game() {
        let store = Store::open_in_memory().unwrap();
        assert_eq!(store.computer_level(1).unwrap(), None);
        store.set_computer_level(1, 7).unwrap();
        store.set_computer_level(2, 1).unwrap();
        assert_eq!(store.computer_level(1).unwrap(), Some(7));
        assert_eq!(store.computer_level(2).unwrap(), Some(1));
        assert!(store.active_games_with(5).unwrap().is_empty());
    }

    #[test]
    fn a_users_games_in_progress_are_found_in_either_seat_once_each_oldest_first() {
        let store = Store::open_in_memory().unwrap();
        let first = new_game(&store, "a", [5, 6]);
        let second = new_game(&store, "b", [7, 5]);
        new_game(&store, "c", [6, 7]);
        let own = new_game(&store, "d", [5, 5]);
        let ids: Vec<i64> = store
            .active_games_with(5)
            .unwrap()
            .iter()
            .map(|g| g.id)
            .collect();
        assert_eq!(ids, [first, second, own]);
    }

    #[test]
    fn the_games_of_a_user_are_found_by_index_not_by_scanning_every_game() {
        let store = Store::open_in_memory().unwrap();
        let conn = store.conn();
        let mut plan = conn
            .prepare(concat!("EXPLAIN QUERY PLAN ", active_games_with!()))
            .unwrap();
        let steps: Vec<String> = plan
            .query_map([5], |row| row.get(3))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        assert!(
            steps.iter().all(|step| !step.starts_with("SCAN")),
            "{steps:?}"
        );
        for index in ["games_active_by_player1", "games_active_by_player2"] {
            assert!(steps.iter().any(|step| step.contains(index)), "{steps:?}");
        }
    }
}
