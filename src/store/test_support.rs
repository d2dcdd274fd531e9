//! Games for the store's tests.

use chrono::Utc;

use super::database::Store;
use super::sql::UserId;
use super::NewGame;
use crate::games::{GameSettings, GameState, TakSettings};

/// A 3x3 Tak game in progress in `channel` of server "g" between
/// `players` (added as users first), started now: its id.
pub(crate) fn new_game(store: &Store, channel: &str, players: [UserId; 2]) -> i64 {
    for id in players {
        store
            .upsert_user(id, &format!("user{id}"), Utc::now())
            .unwrap();
    }
    let settings = GameSettings::Tak(TakSettings::standard(3).unwrap());
    store
        .create_game(&NewGame {
            guild: "g".into(),
            channel: channel.into(),
            snapshot: GameState::new(&settings).unwrap().snapshot(),
            settings,
            players,
            rated: false,
            created_at: Utc::now(),
            blind: false,
        })
        .unwrap()
}
