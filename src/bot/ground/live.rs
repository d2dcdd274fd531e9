//! Live positions: the state of recently played games, kept in memory so
//! a command does not replay its game from the first move (issue 16: that
//! made a move's cost grow with the game's length).
//!
//! An entry is the state of one game at one version. The store's version
//! is the guard: a game's version goes up with every change (a move, an
//! undo, an end), from any process, so an entry is used only when the row
//! just read has the same id, version and settings; anything else is
//! replayed from the store (the source of truth) and replaces the entry.
//! A stale entry is never used, only dropped.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::games::GameState;
use crate::store::{GameRow, Store, StoreError};

/// How many games' positions are kept: beyond it the least recently used
/// half is dropped (a game not played for a while is replayed once).
pub const CAPACITY: usize = 4096;

struct Entry {
    version: i64,
    state: GameState,
    /// When it was last used, in uses of the whole cache.
    used: u64,
}

/// The positions of recently played games, by game id.
pub struct LivePositions {
    entries: Mutex<(u64, HashMap<i64, Entry>)>,
    capacity: usize,
}

impl Default for LivePositions {
    fn default() -> Self {
        LivePositions::with_capacity(CAPACITY)
    }
}

impl LivePositions {
    pub fn with_capacity(capacity: usize) -> LivePositions {
        LivePositions {
            entries: Mutex::new((0, HashMap::new())),
            capacity: capacity.max(1),
        }
    }

    /// The state of `game` at its version: kept, or replayed from `store`.
    pub fn state(&self, store: &Store, game: &GameRow) -> Result<GameState, StoreError> {
        if let Some(state) = self.kept(game) {
            return Ok(state);
        }
        let state = store.replay(game)?;
        self.keep(game.id, game.version, &state);
        Ok(state)
    }

    /// The kept state of `game`, if it is of the same version and settings.
    fn kept(&self, game: &GameRow) -> Option<GameState> {
        let mut guard = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        let (clock, entries) = &mut *guard;
        *clock += 1;
        let entry = entries.get_mut(&game.id)?;
        if entry.version != game.version || entry.state.settings() != game.settings {
            return None;
        }
        entry.used = *clock;
        Some(entry.state.clone())
    }

    /// Keeps `state` as game `id`'s position at `version` (just stored).
    pub fn keep(&self, id: i64, version: i64, state: &GameState) {
        let mut guard = self.entries.lock().unwrap_or_else(|e| e.into_inner());
        let (clock, entries) = &mut *guard;
        *clock += 1;
        if entries.len() >= self.capacity && !entries.contains_key(&id) {
            let mut used: Vec<u64> = entries.values().map(|e| e.used).collect();
            used.sort_unstable();
            let cut = used[used.len() / 2];
            entries.retain(|_, e| e.used > cut);
        }
        entries.insert(
            id,
            Entry {
                version,
                state: state.clone(),
                used: *clock,
            },
        );
    }

    /// How many positions are kept.
    pub fn len(&self) -> usize {
        self.entries
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .1
            .len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::tests::support::{clock, place};
    use crate::bot::{Bot, Invocation, User};
    use crate::console::parse::{parse_command, user_id};

    fn say(bot: &Bot, who: &str, line: &str) -> String {
        let replies = bot.handle(&Invocation {
            place: place("c"),
            user: User {
                id: user_id(who),
                name: who.into(),
                is_admin: false,
            },
            command: parse_command(line).unwrap(),
        });
        replies.iter().map(|r| r.text.clone()).collect()
    }

    /// Two bots on one database (two processes): each keeps positions, and
    /// a move made by the other is never missed (the version guards it).
    #[test]
    fn a_position_changed_elsewhere_is_replayed_not_reused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.db");
        let one = Bot::new(Store::open(&path).unwrap(), clock());
        let two = Bot::new(Store::open(&path).unwrap(), clock());
        say(&one, "al", "/tak challenge opponent:@bo size:3 color:white");
        say(&one, "bo", "/accept");
        assert!(say(&one, "al", "/move a1").contains("played a1"));
        assert_eq!(one.live_positions().len(), 1);
        // Bob moves through the other process; the first still holds the
        // position before it.
        assert!(say(&two, "bo", "/move c3").contains("played c3"));
        // c3 is taken: the first process must know it.
        let again = say(&one, "al", "/move c3");
        assert!(again.contains("Can't play that"), "{again}");
        assert!(say(&one, "al", "/move b2").contains("played b2"));
        // And the second process sees that move in turn.
        let taken = say(&two, "bo", "/move b2");
        assert!(taken.contains("Can't play that"), "{taken}");
    }

    #[test]
    fn the_least_recently_used_half_leaves_when_full() {
        let live = LivePositions::with_capacity(4);
        let state = GameState::new(
            &crate::games::GameKind::parse("tak")
                .unwrap()
                .settings_from_options(crate::games::Chosen(&[]))
                .unwrap(),
        )
        .unwrap();
        for id in 1..=4 {
            live.keep(id, 1, &state);
        }
        live.keep(5, 1, &state);
        assert!((2..=4).contains(&live.len()), "{}", live.len());
    }
}
