//! The courier (issue 40): posts what the core kept until said ([`crate::bot::ground::kept`]),
//! and tries again what Discord did not take, until it is said once.
//!
//! A command's own answer posts its replies itself ([`super::answer::Answer::deliver`]); the
//! courier posts everything else: direct messages and replies for other channels, what the
//! scheduler and the computer opponent say, what a thread's opening says, and whatever an
//! answer could not post (those go to the channel as plain messages). It takes the kept replies
//! in the order they were made, one at a time, and on each failure decides:
//! - 429 (rate limited), 5xx, a reset or no answer in time: tried again later, after 1, 2, 4...
//!   up to 60 seconds (with some jitter, so replies put off together do not come back together);
//!   after a 429 every post waits as long. A reply is given up (logged as an error) only when it
//!   is 6 hours old. A message posted by a request whose answer was lost is not posted twice:
//!   each carries a nonce Discord enforces.
//! - 403 on a message with a picture or file: posted again as text (the board as text).
//! - 403 on text, or 404 (the channel is gone): the core settles the games of that channel
//!   ([`Bot::place_lost`]) and its players are told by direct message.
//! - 50007 (a member's direct messages refuse the bot): remembered, not tried again until the
//!   member changes their `/notify` setting.
//! - Any other refusal: logged and dropped; the same request would be refused again.
//!
//! It never loops hot: with nothing due it sleeps until the next reply falls due, or until it is
//! woken (a command kept something).

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{watch, Notify};
use tokio::time::Instant;
use tracing::{error, info, warn};

use super::outbox::{messages, Outbox, Stopped};
use super::rest::{Failure, RestError};
use crate::bot::ground::kept::Due;
use crate::bot::reply::{Reply, Target};
use crate::bot::{Bot, PlaceLost};

/// The first wait before a failed reply is tried again; each failure doubles it.
const FIRST_RETRY: Duration = Duration::from_secs(1);

/// The longest wait between two tries of a reply.
const LONGEST_RETRY: Duration = Duration::from_secs(60);

/// How old a reply may grow before it is given up.
const GIVE_UP_AFTER: chrono::Duration = chrono::Duration::hours(6);

/// The longest the courier sleeps without looking at the store (against a clock that jumps).
const LONGEST_SLEEP: Duration = Duration::from_secs(60);

/// How many times opening a thread is tried while Discord fails on the way, before the game is
/// played in its channel.
const THREAD_TRIES: u32 = 3;

/// Posts the kept replies of one core.
pub(crate) struct Courier {
    outbox: Arc<Outbox>,
    wake: Notify,
    /// Until when every post waits: Discord answered 429.
    paused_until: Mutex<Option<Instant>>,
}

/// How long to wait before the `attempt`-th try (1: the first retry): doubling from
/// [`FIRST_RETRY`] up to [`LONGEST_RETRY`], then scaled by a random 0.8-1.2.
fn backoff(attempt: u32) -> Duration {
    let doubled = FIRST_RETRY.saturating_mul(1 << attempt.saturating_sub(1).min(10));
    let base = doubled.min(LONGEST_RETRY);
    let random = RandomState::new().build_hasher().finish();
    let jitter = 0.8 + 0.4 * (random % 1000) as f64 / 1000.0;
    base.mul_f64(jitter)
}

/// `reply` without its picture and files, the board written as text instead: for a channel
/// where the bot may post but not attach.
fn as_text(reply: &Reply) -> Reply {
    let mut text = reply.text.clone();
    if let Some(image) = &reply.image {
        text.push_str("\n(The bot may not attach pictures here: the board as text.)\n```\n");
        text.push_str(&image.text);
        text.push_str("\n```");
    }
    if !reply.files.is_empty() {
        text.push_str("\n(The bot may not attach files here, so the file was left out.)");
    }
    Reply {
        text,
        image: None,
        files: Vec::new(),
        ..reply.clone()
    }
}

impl Courier {
    pub fn new(outbox: Arc<Outbox>) -> Courier {
        Courier {
            outbox,
            wake: Notify::new(),
            paused_until: Mutex::new(None),
        }
    }

    pub fn outbox(&self) -> &Outbox {
        &self.outbox
    }

    fn bot(&self) -> &Arc<Bot> {
        self.outbox.bot()
    }

    /// Something was kept: look at the store now.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Replies for the courier to post (the core kept them, due at once). One the core could
    /// not keep is posted now, once.
    pub async fn take(&self, replies: Vec<Reply>) {
        if replies.is_empty() {
            return;
        }
        for reply in &replies {
            if reply.kept.is_none() {
                if let Err(stopped) = self.outbox.post(reply, 0, None).await {
                    warn!("could not post a reply: {}", stopped.error);
                }
                self.open_threads(std::slice::from_ref(reply)).await;
            }
        }
        self.wake();
    }

    /// `replies` were posted: their records are forgotten.
    pub async fn said(&self, replies: &[Reply]) {
        let kept: Vec<Reply> = replies
            .iter()
            .filter(|r| r.kept.is_some())
            .cloned()
            .collect();
        if kept.is_empty() {
            return;
        }
        self.outbox
            .on_core(move |bot| {
                for reply in &kept {
                    bot.said(reply);
                }
            })
            .await;
    }

    /// Replies an answer could not post (each with how many of its messages went out): the
    /// courier posts the rest in their channel.
    pub async fn leave(&self, replies: Vec<(Reply, u32)>) {
        if replies.is_empty() {
            return;
        }
        self.outbox
            .on_core(move |bot| {
                for (reply, sent) in &replies {
                    bot.try_again(reply, Duration::ZERO, true, *sent);
                }
            })
            .await;
        self.wake();
    }

    /// Runs until `stop` turns true (or its sender is dropped).
    pub async fn run(self: Arc<Self>, mut stop: watch::Receiver<bool>) {
        loop {
            if *stop.borrow_and_update() {
                return;
            }
            let due = self
                .outbox
                .on_core(|bot| bot.due_replies())
                .await
                .unwrap_or_else(|| Ok(Vec::new()))
                .unwrap_or_else(|why| {
                    error!("could not read the replies to post: {why}");
                    Vec::new()
                });
            let batch = due.len();
            for due in due {
                if *stop.borrow() {
                    return;
                }
                self.wait_out_pause().await;
                self.deliver(due).await;
            }
            if batch > 0 {
                // Posting took time, and more may be due.
                continue;
            }
            let next = self
                .outbox
                .on_core(|bot| (bot.next_reply_due(), bot.now()))
                .await;
            let sleep = match next {
                Some((Some(next), now)) => (next - now).to_std().unwrap_or(Duration::ZERO),
                _ => LONGEST_SLEEP,
            }
            .min(LONGEST_SLEEP);
            tokio::select! {
                () = tokio::time::sleep(sleep) => {}
                () = self.wake.notified() => {}
                changed = stop.changed() => {
                    if changed.is_err() {
                        return;
                    }
                }
            }
        }
    }

    /// Waits while Discord asked the bot to slow down.
    async fn wait_out_pause(&self) {
        let until = *self.paused_until.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(until) = until {
            tokio::time::sleep_until(until).await;
        }
    }

    fn pause(&self, wait: Duration) {
        let until = Instant::now() + wait;
        let mut paused = self.paused_until.lock().unwrap_or_else(|e| e.into_inner());
        if paused.map_or(true, |p| p < until) {
            *paused = Some(until);
        }
    }

    /// Posts one kept reply, or decides what to do about its failure.
    async fn deliver(&self, due: Due) {
        let Due { reply, record } = due;
        let now = self.bot().now();
        if now - record.created_at > GIVE_UP_AFTER {
            error!(
                id = record.id,
                attempts = record.attempts,
                "a reply could not be posted for 6 hours and is given up"
            );
            self.give_up(reply).await;
            return;
        }
        match self.outbox.post(&reply, record.parts_sent, None).await {
            Ok(()) => {
                if record.attempts > 0 {
                    info!(
                        id = record.id,
                        attempts = record.attempts,
                        "a reply put off is posted"
                    );
                }
                self.settle(reply).await;
            }
            Err(Stopped { parts_sent, error }) => {
                self.failed(reply, record.attempts, parts_sent, error).await
            }
        }
    }

    /// A reply is posted: forgotten, then what follows it (buttons that answer nothing any
    /// more taken off, the thread it asks for opened).
    async fn settle(&self, reply: Reply) {
        self.said(std::slice::from_ref(&reply)).await;
        if let Target::Channel(place) = &reply.to {
            self.outbox.retire_dead_buttons(place, None).await;
        }
        self.open_threads(std::slice::from_ref(&reply)).await;
    }

    async fn failed(&self, reply: Reply, attempts: u32, parts_sent: u32, error: RestError) {
        let failure = error.failure();
        let carries_files = messages(&reply)
            .get(parts_sent as usize)
            .is_some_and(|m| !m.files.is_empty());
        match (failure, &reply.to) {
            (Failure::RateLimited | Failure::Transient, _) => {
                let wait = backoff(attempts + 1);
                if failure == Failure::RateLimited {
                    self.pause(wait);
                }
                warn!(
                    id = reply.kept,
                    attempts = attempts + 1,
                    "a reply could not be posted ({error}); trying again in {} ms",
                    wait.as_millis()
                );
                self.outbox
                    .on_core(move |bot| bot.try_again(&reply, wait, true, parts_sent))
                    .await;
            }
            (Failure::Forbidden, Target::Channel(place)) if carries_files => {
                warn!(
                    channel = %place.channel,
                    "the bot may not attach files here ({error}); the reply goes as text"
                );
                let text = as_text(&reply);
                self.outbox
                    .on_core(move |bot| {
                        bot.rewrite(&text);
                        bot.try_again(&text, Duration::ZERO, true, parts_sent);
                    })
                    .await;
            }
            (Failure::Forbidden | Failure::Gone, Target::Channel(place)) => {
                let lost = if failure == Failure::Gone {
                    PlaceLost::Gone
                } else {
                    PlaceLost::Forbidden
                };
                warn!(
                    server = %place.guild,
                    channel = %place.channel,
                    "a channel can no longer be written to ({error}): its games are settled"
                );
                let place = place.clone();
                self.outbox
                    .on_core(move |bot| {
                        bot.said(&reply);
                        // A game waiting for its thread is settled with its channel: nothing
                        // holds it any more.
                        if let Some(start) = &reply.thread {
                            bot.thread_start_posted(start);
                        }
                        let mut told = bot.place_lost(&place, lost);
                        bot.keep(&mut told, &place.guild, |_| false);
                    })
                    .await;
                self.wake();
            }
            (
                Failure::DmRefused | Failure::Forbidden | Failure::Gone,
                Target::DirectMessage(user),
            ) => {
                let user = *user;
                info!(user, "a member's direct messages refuse the bot ({error}): not tried again until they change /notify");
                self.outbox
                    .on_core(move |bot| {
                        bot.said(&reply);
                        bot.dm_refused(user);
                    })
                    .await;
            }
            _ => {
                error!(
                    id = reply.kept,
                    "Discord refused a reply, which is dropped: {error}"
                );
                self.give_up(reply).await;
            }
        }
    }

    /// A reply that will never be posted is forgotten; what follows it still happens: the
    /// thread it asks for is opened (the game's start is posted there), so no game waits on a
    /// message that failed (issue 40).
    async fn give_up(&self, reply: Reply) {
        self.said(std::slice::from_ref(&reply)).await;
        self.open_threads(std::slice::from_ref(&reply)).await;
    }

    /// Opens the threads `replies` ask for (they were just posted, or given up) and keeps what
    /// the core says once each is open, or could not be.
    pub async fn open_threads(&self, replies: &[Reply]) {
        for reply in replies {
            if let (Some(start), Target::Channel(parent)) = (&reply.thread, &reply.to) {
                let mut tries = 0;
                let opened = loop {
                    tries += 1;
                    match self.outbox.open_thread(parent, start).await {
                        Err(why) if why.failure().is_transient() && tries < THREAD_TRIES => {
                            tokio::time::sleep(backoff(tries)).await;
                        }
                        outcome => break outcome,
                    }
                };
                let opened = opened.map_err(|why| {
                    warn!(
                        channel = %parent.channel,
                        game = start.game,
                        "could not open a thread: {why}"
                    );
                    format!("Discord answered: {why}")
                });
                let (start, guild) = (start.clone(), parent.guild.clone());
                self.outbox
                    .on_core(move |bot| {
                        let mut replies = bot.thread_opened(&start, opened);
                        bot.keep(&mut replies, &guild, |_| false);
                        // The start is kept before anything the computer says in the game, and
                        // the courier posts in that order: the computer may move now.
                        bot.thread_start_posted(&start);
                    })
                    .await;
                self.wake();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::reply::Image;
    use crate::bot::Place;

    #[test]
    fn retries_double_up_to_a_minute_with_jitter() {
        for attempt in 1..=12 {
            let wait = backoff(attempt);
            let base = Duration::from_secs(1 << (attempt - 1).min(10)).min(LONGEST_RETRY);
            assert!(
                wait >= base.mul_f64(0.8) && wait <= base.mul_f64(1.2),
                "attempt {attempt}: {wait:?}"
            );
        }
    }

    /// Issue 40: where the bot may post but not attach, the board goes as text.
    #[test]
    fn a_reply_as_text_carries_the_board_as_text() {
        let place = Place {
            guild: "g".into(),
            channel: "1".into(),
        };
        let reply = Reply::public(&place, "<@1> played a1.").with_image(Some(Image {
            bytes: vec![1, 2, 3],
            alt: "the board".into(),
            file_name: "game-1-ply-1.png".into(),
            text: "3 . . .".into(),
        }));
        let text = as_text(&reply);
        assert_eq!(text.image, None);
        assert!(text.text.starts_with("<@1> played a1.\n"), "{}", text.text);
        assert!(text.text.contains("```\n3 . . .\n```"), "{}", text.text);
        assert_eq!(text.mentions, reply.mentions);
    }
}
