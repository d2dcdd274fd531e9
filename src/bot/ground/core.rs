//! What every handler reaches through its [`super::context::Ctx`]: the
//! store, the clock, the channels' turns, the computer opponent's user, and
//! what is kept in memory (live positions, threads being opened).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use chrono::{DateTime, Utc};

use super::channels::ChannelTurns;
use super::clock::Clock;
use super::live::LivePositions;
use super::openings::Openings;
use super::place::{Place, User};
use crate::budget::Budget;
use crate::games::GameState;
use crate::store::{GameRow, Store, StoreError, UserId};

pub struct Core {
    store: Store,
    clock: Arc<dyn Clock>,
    channels: ChannelTurns,
    /// The bot's own user, the computer opponent, once the adapter knows it.
    computer: OnceLock<User>,
    /// Games' positions by version, so a command needn't replay its game.
    live: LivePositions,
    /// The games whose thread is being opened, where the computer waits.
    pub thread_openings: Openings,
    /// Set once the bot is stopping: every job's [`Budget`] ends.
    jobs_stopped: Arc<AtomicBool>,
    /// Each server's upload limit, as the adapter learnt it.
    upload_limits: Mutex<HashMap<String, usize>>,
    /// Who hears how a member's job in a channel goes (the adapter edits
    /// its "thinking..." answer with it).
    watchers: Mutex<HashMap<(Place, UserId), Watcher>>,
    /// How long a server's data is kept after the bot leaves it (set once
    /// by the adapter; [`crate::store::departures::DEFAULT_GRACE`] if not).
    data_grace: OnceLock<chrono::Duration>,
    /// The public address of the web pages, when the adapter serves them
    /// (issue 45): messages then link to them.
    web_base: OnceLock<String>,
}

/// Hears a job's progress, in words.
pub type Watcher = Arc<dyn Fn(String) + Send + Sync>;

/// A watcher registered while a command runs; dropping it unregisters it.
pub struct Watching<'a> {
    core: &'a Core,
    key: (Place, UserId),
}

impl Drop for Watching<'_> {
    fn drop(&mut self) {
        let mut watchers = self.core.watchers.lock().unwrap_or_else(|e| e.into_inner());
        watchers.remove(&self.key);
    }
}

/// The upload limit of a server Discord has said nothing about: 10 MiB,
/// a server without boosts.
pub const DEFAULT_UPLOAD_LIMIT: usize = 10 * 1024 * 1024;

impl Core {
    pub fn new(store: Store, clock: Arc<dyn Clock>) -> Core {
        Core {
            store,
            clock,
            channels: ChannelTurns::default(),
            computer: OnceLock::new(),
            live: LivePositions::default(),
            thread_openings: Openings::default(),
            jobs_stopped: Arc::new(AtomicBool::new(false)),
            upload_limits: Mutex::default(),
            watchers: Mutex::default(),
            data_grace: OnceLock::new(),
            web_base: OnceLock::new(),
        }
    }

    /// How long a server's data is kept after the bot leaves it.
    pub fn data_grace(&self) -> chrono::Duration {
        self.data_grace
            .get()
            .copied()
            .unwrap_or(crate::store::departures::DEFAULT_GRACE)
    }

    /// Sets [`Core::data_grace`] (once; later calls change nothing).
    pub fn set_data_grace(&self, grace: chrono::Duration) {
        let _ = self.data_grace.set(grace);
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

    /// A budget of `time` for a heavy job, ended early by [`Core::stop_jobs`].
    pub fn job_budget(&self, time: Duration) -> Budget {
        Budget::new(time, Arc::clone(&self.jobs_stopped))
    }

    /// Ends every job's budget: the bot is stopping.
    pub fn stop_jobs(&self) {
        self.jobs_stopped.store(true, Ordering::Relaxed);
    }

    /// The largest file the bot may attach in `guild` (bytes).
    pub fn upload_limit(&self, guild: &str) -> usize {
        let limits = self.upload_limits.lock().unwrap_or_else(|e| e.into_inner());
        limits.get(guild).copied().unwrap_or(DEFAULT_UPLOAD_LIMIT)
    }

    /// Records `guild`'s upload limit (the adapter knows it: Discord's
    /// server boosts raise it).
    pub fn set_upload_limit(&self, guild: &str, bytes: usize) {
        let mut limits = self.upload_limits.lock().unwrap_or_else(|e| e.into_inner());
        if bytes == DEFAULT_UPLOAD_LIMIT {
            limits.remove(guild);
        } else {
            limits.insert(guild.to_string(), bytes);
        }
    }

    /// Has `watcher` hear how `user`'s job in `place` goes while the
    /// returned guard lives.
    pub fn watch_progress(&self, place: &Place, user: UserId, watcher: Watcher) -> Watching<'_> {
        let key = (place.clone(), user);
        let mut watchers = self.watchers.lock().unwrap_or_else(|e| e.into_inner());
        watchers.insert(key.clone(), watcher);
        Watching { core: self, key }
    }

    /// Who hears how `user`'s job in `place` goes, if anyone.
    pub fn progress_watcher(&self, place: &Place, user: UserId) -> Option<Watcher> {
        let watchers = self.watchers.lock().unwrap_or_else(|e| e.into_inner());
        watchers.get(&(place.clone(), user)).cloned()
    }

    /// Runs `f` while no other command or announcement runs in `place`
    /// (on a blocking thread: see [`ChannelTurns::run`]).
    pub fn in_channel<T>(&self, place: &Place, f: impl FnOnce() -> T) -> T {
        self.channels.run(place, f)
    }

    /// The channels' turns, for an adapter that waits for them in async
    /// code ([`ChannelTurns::take`]) before handing a command to the core.
    pub fn channel_turns(&self) -> &ChannelTurns {
        &self.channels
    }

    /// How many channels are busy now (tests check that the map is pruned).
    #[cfg(test)]
    pub fn locked_channels(&self) -> usize {
        self.channels.busy()
    }

    /// The positions kept in memory (tests look at them).
    #[cfg(test)]
    pub fn live_positions(&self) -> &LivePositions {
        &self.live
    }

    /// Has messages link to the web pages served at `base` (an absolute
    /// URL without a trailing `/`); the first call wins.
    pub fn set_web_base(&self, base: &str) {
        let _ = self.web_base.set(base.trim_end_matches('/').to_string());
    }

    /// The public address of the web pages, if they are served.
    pub fn web_base(&self) -> Option<&str> {
        self.web_base.get().map(String::as_str)
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
