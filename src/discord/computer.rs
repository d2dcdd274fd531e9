//! The computer opponent on Discord: a task that plays the games awaiting
//! the bot's own user (see [`crate::bot::computer`]). The core wakes it
//! after every handled command, and once the bot's user is known (at the
//! gateway's Ready), when it resumes the games that were awaiting it while
//! the bot was down. Each search runs on a blocking thread, never on the
//! async ones, and at most one per core at a time; a game is searched by
//! one thread at a time. The move is committed by the core before its
//! announcement is posted.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use tokio::sync::{watch, Notify, Semaphore};
use tracing::warn;

use super::scheduler::Post;
use crate::bot::Bot;

/// How many searches may run at once: one per core.
fn searches_at_once() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// Runs until `stop` turns true (or its sender is dropped).
pub(crate) async fn run(bot: Arc<Bot>, post: Post, mut stop: watch::Receiver<bool>) {
    let wake = Arc::new(Notify::new());
    {
        let wake = Arc::clone(&wake);
        bot.set_computer_waker(Box::new(move || wake.notify_one()));
    }
    let searches = Arc::new(Semaphore::new(searches_at_once()));
    let thinking: Arc<Mutex<HashSet<i64>>> = Arc::default();
    loop {
        if *stop.borrow_and_update() {
            return;
        }
        let turns = {
            let bot = Arc::clone(&bot);
            tokio::task::spawn_blocking(move || bot.computer_turns()).await
        };
        let turns = turns.unwrap_or_else(|why| {
            warn!("the computer could not look for its games: {why}");
            Vec::new()
        });
        for turn in turns {
            let game = turn.game_id();
            if !thinking
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .insert(game)
            {
                continue;
            }
            let (bot, post, wake) = (Arc::clone(&bot), Arc::clone(&post), Arc::clone(&wake));
            let (searches, thinking) = (Arc::clone(&searches), Arc::clone(&thinking));
            tokio::spawn(async move {
                let replies = match searches.acquire_owned().await {
                    Ok(_permit) => {
                        let bot = Arc::clone(&bot);
                        let started = std::time::Instant::now();
                        let played = tokio::task::spawn_blocking(move || turn.play(&bot)).await;
                        super::metrics::record(|m| {
                            m.computer_searches.inc();
                            super::metrics::observe(&m.computer_search_seconds, started.elapsed());
                        });
                        played.unwrap_or_else(|why| {
                            warn!(game, "the computer's move failed: {why}");
                            Vec::new()
                        })
                    }
                    Err(_) => Vec::new(),
                };
                thinking
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .remove(&game);
                post(replies).await;
                // The game may await the computer again (a stale move).
                wake.notify_one();
            });
        }
        tokio::select! {
            _ = wake.notified() => {}
            changed = stop.changed() => {
                if changed.is_err() {
                    return;
                }
            }
        }
    }
}
