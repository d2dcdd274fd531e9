//! The scheduler: a task that sleeps until the core's next due time ([`Bot::next_due`]), runs
//! what fell due ([`Bot::run_due`]: challenge expiries, reminders, passed timeouts) and posts the
//! announcements in their channels (or direct messages). It starts by running whatever fell due
//! while the bot was not running. A handled command may schedule something sooner (a new
//! challenge expires in 24 hours; a move re-times the reminders): the command handlers then
//! [`Notify`] the scheduler, which recomputes its next wake-up. It never polls: with nothing
//! scheduled it sleeps until notified (or an hour, against clock jumps).

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{watch, Notify};
use tracing::{debug, warn};

use crate::bot::{Bot, Reply};

/// The longest the scheduler sleeps without checking the due time again (the system clock may
/// jump, e.g. after the machine slept).
const MAX_SLEEP: Duration = Duration::from_secs(3600);

/// Where the announcements go: posts one batch of replies.
pub(crate) type Post =
    Arc<dyn Fn(Vec<Reply>) -> Pin<Box<dyn Future<Output = ()> + Send>> + Send + Sync>;

/// How often expired page buttons are pruned.
const PRUNE_EVERY: Duration = Duration::from_secs(3600);

/// Runs until `stop` turns true (or its sender is dropped).
pub(crate) async fn run(
    bot: Arc<Bot>,
    wake: Arc<Notify>,
    post: Post,
    mut stop: watch::Receiver<bool>,
) {
    let mut pruned_at: Option<std::time::Instant> = None;
    // When the last run said something falls due next: how late this run is, for the metrics.
    let mut expected: Option<chrono::DateTime<chrono::Utc>> = None;
    loop {
        if *stop.borrow_and_update() {
            return;
        }
        // Page buttons of channels where nothing happens any more are forgotten now and then
        // (busy channels lose theirs as new messages come).
        let prune = !matches!(pruned_at, Some(at) if at.elapsed() < PRUNE_EVERY);
        if prune {
            pruned_at = Some(std::time::Instant::now());
        }
        let due = {
            let bot = Arc::clone(&bot);
            tokio::task::spawn_blocking(move || {
                if prune {
                    bot.prune_page_buttons();
                }
                if let Some(lag) = expected.and_then(|due| (bot.now() - due).to_std().ok()) {
                    super::metrics::record(|m| {
                        super::metrics::observe(&m.scheduler_lag_seconds, lag)
                    });
                }
                let replies = bot.run_due();
                (replies, bot.next_due(), bot.now())
            })
            .await
        };
        let (replies, next, now) = match due {
            Ok(due) => due,
            Err(why) => {
                warn!("the scheduler's run failed: {why}");
                (Vec::new(), None, chrono::Utc::now())
            }
        };
        if !replies.is_empty() {
            debug!(count = replies.len(), "posting scheduled announcements");
            post(replies).await;
        }
        expected = next
            .filter(|due| *due <= now + chrono::Duration::from_std(MAX_SLEEP).unwrap_or_default());
        let sleep = match next {
            Some(next) => (next - now).to_std().unwrap_or(Duration::ZERO),
            None => MAX_SLEEP,
        }
        .min(MAX_SLEEP);
        tokio::select! {
            _ = tokio::time::sleep(sleep) => {}
            _ = wake.notified() => {}
            changed = stop.changed() => {
                if changed.is_err() {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use chrono::{DateTime, Utc};

    use super::*;
    use crate::bot::commands::{self, OptionValue, UserRef};
    use crate::bot::{clock, Clock, Invocation, Place, User};
    use crate::store::Store;

    type Posted = Arc<Mutex<Vec<(DateTime<Utc>, Reply)>>>;

    /// A clock that follows tokio's (paused) clock from a fixed start.
    struct TokioClock {
        start: DateTime<Utc>,
        origin: tokio::time::Instant,
    }

    impl Clock for TokioClock {
        fn now(&self) -> DateTime<Utc> {
            let elapsed = chrono::Duration::from_std(self.origin.elapsed()).unwrap();
            self.start + elapsed
        }
    }

    fn user(id: u64, name: &str) -> User {
        User {
            id,
            name: name.into(),
            is_admin: false,
        }
    }

    /// With time paused, the scheduler sleeps until the challenge's expiry (24 hours) without
    /// waking in between more than its hourly check, and posts the expiry in the channel.
    #[tokio::test(start_paused = true)]
    async fn the_scheduler_sleeps_until_the_next_due_time_and_posts_what_fell_due() {
        let clock = Arc::new(TokioClock {
            start: clock::parse_start("2026-01-01T00:00:00Z").unwrap(),
            origin: tokio::time::Instant::now(),
        });
        let bot = Arc::new(Bot::new(Store::open_in_memory().unwrap(), clock.clone()));
        let place = Place {
            guild: "1".into(),
            channel: "2".into(),
        };
        let challenge = commands::build(
            "tak challenge",
            vec![(
                "opponent".into(),
                OptionValue::User(UserRef {
                    id: 20,
                    name: "bob".into(),
                }),
            )],
        )
        .unwrap();
        bot.handle(&Invocation {
            place: place.clone(),
            user: user(10, "alice"),
            command: challenge,
        });

        let posted: Posted = Arc::default();
        let post: Post = {
            let posted = Arc::clone(&posted);
            let clock = Arc::clone(&clock);
            Arc::new(move |replies| {
                let now = clock.now();
                posted
                    .lock()
                    .unwrap()
                    .extend(replies.into_iter().map(|r| (now, r)));
                Box::pin(async {})
            })
        };
        let wake = Arc::new(Notify::new());
        let (stop, stopped) = watch::channel(false);
        let task = tokio::spawn(run(Arc::clone(&bot), Arc::clone(&wake), post, stopped));

        // Nothing before the expiry...
        tokio::time::sleep(Duration::from_secs(23 * 3600)).await;
        assert!(posted.lock().unwrap().is_empty());
        // ...the expiry right at 24 hours.
        tokio::time::sleep(Duration::from_secs(3600 + 1)).await;
        {
            let posted = posted.lock().unwrap();
            assert_eq!(posted.len(), 1, "{posted:?}");
            let (at, reply) = &posted[0];
            assert_eq!(
                *at,
                clock::parse_start("2026-01-02T00:00:00Z").unwrap(),
                "posted when due"
            );
            assert!(reply.text.contains("expired"), "{}", reply.text);
        }

        // A new challenge wakes the scheduler, which then sleeps until that one's expiry.
        let again = commands::build("tak challenge", vec![]).unwrap();
        bot.handle(&Invocation {
            place,
            user: user(10, "alice"),
            command: again,
        });
        wake.notify_one();
        tokio::time::sleep(Duration::from_secs(24 * 3600 + 1)).await;
        assert_eq!(posted.lock().unwrap().len(), 2);

        stop.send(true).unwrap();
        task.await.unwrap();
    }
}
