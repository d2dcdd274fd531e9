//! What the store keeps for the computer opponent: the games it plays in,
//! and the level of each (kept in the meta table as
//! `computer.level.<game id>`, so no table changes).

use rusqlite::params;

use super::rows::{finish_row, game_columns, raw, GameRow};
use super::{id_in, Result, Store, UserId};

fn level_key(game_id: i64) -> String {
    format!("computer.level.{game_id}")
}

impl Store {
    /// The games in progress, in every server, that `user` plays, oldest first.
    pub fn active_games_with(&self, user: UserId) -> Result<Vec<GameRow>> {
        let raws = {
            let conn = self.conn();
            let mut stmt = conn.prepare_cached(concat!(
                "SELECT ",
                game_columns!(),
                " FROM games
                 WHERE status = 'active' AND (player1 = ?1 OR player2 = ?1)
                 ORDER BY id"
            ))?;
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
}
