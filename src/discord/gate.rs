//! Stopping cleanly: once the bot is asked to stop, the gate turns new commands away, and the
//! shutdown waits until the commands under way have finished (and their answers are sent). Past
//! its limit the shutdown abandons the rest: each answers "restarting" and lets go (issue 26).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{watch, Notify};

/// Counts the commands under way; closed once the bot is stopping.
#[derive(Debug)]
pub(crate) struct Gate {
    closed: AtomicBool,
    under_way: AtomicUsize,
    idle: Notify,
    abandoned: watch::Sender<bool>,
}

impl Default for Gate {
    fn default() -> Gate {
        Gate {
            closed: AtomicBool::new(false),
            under_way: AtomicUsize::new(0),
            idle: Notify::new(),
            abandoned: watch::Sender::new(false),
        }
    }
}

/// A command under way; dropping it marks the command finished.
pub(crate) struct Pass(Arc<Gate>);

impl Drop for Pass {
    fn drop(&mut self) {
        if self.0.under_way.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

impl Gate {
    /// Lets a command in, unless the bot is stopping.
    pub fn enter(self: &Arc<Self>) -> Option<Pass> {
        self.under_way.fetch_add(1, Ordering::SeqCst);
        let pass = Pass(Arc::clone(self));
        (!self.closed.load(Ordering::SeqCst)).then_some(pass)
    }

    /// Tells the commands still under way to stop waiting for their work and answer that the
    /// bot is restarting.
    pub fn abandon(&self) {
        self.abandoned.send_replace(true);
    }

    /// Completes once the shutdown has abandoned the commands under way.
    pub async fn abandoned(&self) {
        let mut abandoned = self.abandoned.subscribe();
        // The sender lives in the gate, so the wait can only end by the value.
        let _ = abandoned.wait_for(|abandoned| *abandoned).await;
    }

    /// Turns new commands away, then waits (at most `limit`) for those under way to finish.
    /// Returns how many were still running when the time was up.
    pub async fn close(&self, limit: Duration) -> usize {
        self.closed.store(true, Ordering::SeqCst);
        let wait = async {
            loop {
                let idle = self.idle.notified();
                tokio::pin!(idle);
                idle.as_mut().enable();
                if self.under_way.load(Ordering::SeqCst) == 0 {
                    return;
                }
                idle.await;
            }
        };
        let _ = tokio::time::timeout(limit, wait).await;
        self.under_way.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn closing_waits_for_commands_under_way_and_turns_new_ones_away() {
        let gate = Arc::new(Gate::default());
        let pass = gate.enter().expect("open");
        let closing = {
            let gate = Arc::clone(&gate);
            tokio::spawn(async move { gate.close(Duration::from_secs(10)).await })
        };
        tokio::task::yield_now().await;
        while !gate.closed.load(Ordering::SeqCst) {
            tokio::task::yield_now().await;
        }
        assert!(gate.enter().is_none(), "closed");
        assert!(!closing.is_finished());
        drop(pass);
        assert_eq!(closing.await.unwrap(), 0);
        let waiting = {
            let gate = Arc::clone(&gate);
            tokio::spawn(async move { gate.abandoned().await })
        };
        tokio::task::yield_now().await;
        assert!(!waiting.is_finished());
        gate.abandon();
        waiting.await.unwrap();
        assert_eq!(
            Gate::default().close(Duration::from_millis(1)).await,
            0,
            "nothing under way"
        );
    }
}
