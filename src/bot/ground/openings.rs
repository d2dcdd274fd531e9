//! The games whose thread is being opened: the computer waits for them
//! (see [`crate::bot::life::threads`]), so that its moves are posted in the
//! thread, after the thread's opening message.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long the computer waits at most for a game's thread to be reported
/// open and its start posted: an adapter that failed before opening it
/// never reports, and the game is then played where it is.
const OPENING_LAPSES: Duration = Duration::from_secs(60);

/// The games whose thread is being opened, each since when: from the
/// acceptance that asks for the thread until the adapter has posted the
/// game's start (in the thread, or in the channel when the thread could
/// not be opened). Kept in memory: after a restart nothing is being opened.
#[derive(Default)]
pub struct Openings(Mutex<HashMap<i64, Instant>>);

impl Openings {
    pub fn hold(&self, game: i64) {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(game, Instant::now());
    }

    pub fn release(&self, game: i64) {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&game);
    }

    /// Whether `game`'s thread is being opened (and has not lapsed).
    pub fn holds(&self, game: i64) -> bool {
        let mut games = self.0.lock().unwrap_or_else(|e| e.into_inner());
        match games.get(&game) {
            Some(since) if since.elapsed() < OPENING_LAPSES => true,
            Some(_) => {
                games.remove(&game);
                false
            }
            None => false,
        }
    }
}
