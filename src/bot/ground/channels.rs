//! One command at a time per channel: commands, announcements and the
//! scheduler's work for one channel run one after another, so each sees
//! the game as the one before left it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use super::place::Place;

/// A lock per busy channel.
#[derive(Default)]
pub struct ChannelLocks(Mutex<HashMap<Place, Arc<Mutex<()>>>>);

impl ChannelLocks {
    /// Runs `f` while nothing else runs in `place`. A channel's lock leaves
    /// the map once its last user is done, so the map holds only the
    /// channels busy right now.
    pub fn run<T>(&self, place: &Place, f: impl FnOnce() -> T) -> T {
        let lock = {
            let mut locks = self.0.lock().unwrap_or_else(|e| e.into_inner());
            Arc::clone(locks.entry(place.clone()).or_default())
        };
        let out = {
            let _serialised = lock.lock().unwrap_or_else(|e| e.into_inner());
            f()
        };
        let mut locks = self.0.lock().unwrap_or_else(|e| e.into_inner());
        // Clones are only made under the map's lock, so with the map's lock held a count of
        // two (the map's and ours) means no one else holds or waits for this channel.
        if Arc::strong_count(&lock) == 2 {
            locks.remove(place);
        }
        out
    }

    /// How many channels hold a lock now (tests check that the map is pruned).
    #[cfg(test)]
    pub fn busy(&self) -> usize {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}
