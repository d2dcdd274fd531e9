//! What every handler reaches through its [`super::context::Ctx`]: the
//! store, the clock, the channels' locks, the computer opponent's user, and
//! what is kept in memory (live positions, threads being opened).

use std::sync::{Arc, OnceLock};

use chrono::{DateTime, Utc};

use super::channels::ChannelLocks;
use super::clock::Clock;
use super::live::LivePositions;
use super::openings::Openings;
use super::place::{Place, User};
use crate::games::GameState;
use crate::store::{GameRow, Store, StoreError};

pub struct Core {
    store: Store,
    clock: Arc<dyn Clock>,
    channels: ChannelLocks,
    /// The bot's own user, the computer opponent, once the adapter knows it.
    computer: OnceLock<User>,
    /// Games' positions by version, so a command needn't replay its game.
    live: LivePositions,
    /// The games whose thread is being opened, where the computer waits.
    pub thread_openings: Openings,
}

impl Core {
    pub fn new(store: Store, clock: Arc<dyn Clock>) -> Core {
        Core {
            store,
            clock,
            channels: ChannelLocks::default(),
            computer: OnceLock::new(),
            live: LivePositions::default(),
            thread_openings: Openings::default(),
        }
    }

    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The position of `game` at its version, without replaying it when
    /// it was just played here ([`super::live`]).
    pub fn position(&self, game: &GameRow) -> Result<GameState, StoreError> {
        self.live.state(&self.store, game)
    }

    /// Keeps `state` as the position of game `id` at `version`, the version
    /// a move just gave it.
    pub fn keep_position(&self, id: i64, version: i64, state: &GameState) {
        self.live.keep(id, version, state);
    }

    pub fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    /// Runs `f` while no other command or announcement runs in `place`.
    pub fn in_channel<T>(&self, place: &Place, f: impl FnOnce() -> T) -> T {
        self.channels.run(place, f)
    }

    /// How many channels hold a lock now (tests check that the map is pruned).
    #[cfg(test)]
    pub fn locked_channels(&self) -> usize {
        self.channels.busy()
    }

    /// The positions kept in memory (tests look at them).
    #[cfg(test)]
    pub fn live_positions(&self) -> &LivePositions {
        &self.live
    }

    /// The computer opponent's user, once set.
    pub fn computer(&self) -> Option<&User> {
        self.computer.get()
    }

    /// Makes `user` the computer opponent; the first call wins.
    pub fn set_computer_user(&self, user: User) {
        let _ = self.computer.set(user);
    }
}
