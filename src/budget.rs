//! How much a heavy job may spend (issue 26): a replay's picture or a game's analysis runs
//! until its work is done, its time is up, or the bot is stopping, whichever comes first; what
//! it covered by then is what it reports. A budget may carry a report of
//! progress, which the job calls as it goes.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How far a job has got: `(done, total)` steps.
pub type Progress = Arc<dyn Fn(usize, usize) + Send + Sync>;

/// A job's limits: an optional deadline and a shared flag that stops every job at once; and
/// whom to tell how far it has got.
#[derive(Clone, Default)]
pub struct Budget {
    until: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
    progress: Option<Progress>,
}

impl std::fmt::Debug for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Budget")
            .field("until", &self.until)
            .field("stopped", &self.stopped())
            .field("reports_progress", &self.progress.is_some())
            .finish()
    }
}

impl Budget {
    /// No limit at all (the command line, tests).
    pub fn unlimited() -> Budget {
        Budget::default()
    }

    /// At most `time` from now, and until `stop` is set.
    pub fn new(time: Duration, stop: Arc<AtomicBool>) -> Budget {
        Budget {
            until: Instant::now().checked_add(time),
            stop: Some(stop),
            progress: None,
        }
    }

    /// This budget, telling `progress` how far the job has got.
    pub fn with_progress(self, progress: Option<Progress>) -> Budget {
        Budget { progress, ..self }
    }

    /// Tells whoever watches that `done` of `total` steps are done.
    pub fn report(&self, done: usize, total: usize) {
        if let Some(progress) = &self.progress {
            progress(done, total);
        }
    }

    /// This budget, cut to at most `time` from now: a part of a job.
    pub fn at_most(&self, time: Duration) -> Budget {
        let cut = Instant::now().checked_add(time);
        Budget {
            until: match (self.until, cut) {
                (Some(until), Some(cut)) => Some(until.min(cut)),
                (until, cut) => until.or(cut),
            },
            stop: self.stop.clone(),
            progress: self.progress.clone(),
        }
    }

    /// Whether the bot is stopping: the job must end now, its result is not wanted.
    pub fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|stop| stop.load(Ordering::Relaxed))
    }

    /// Whether the job must stop: its time is up, or the bot is stopping.
    pub fn spent(&self) -> bool {
        self.stopped() || self.until.is_some_and(|until| Instant::now() >= until)
    }

    /// The time left (`None`: no deadline); zero once spent.
    pub fn remaining(&self) -> Option<Duration> {
        if self.stopped() {
            return Some(Duration::ZERO);
        }
        self.until
            .map(|until| until.saturating_duration_since(Instant::now()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_is_spent_by_its_deadline_or_its_stop() {
        assert!(!Budget::unlimited().spent());
        assert_eq!(Budget::unlimited().remaining(), None);
        let stop = Arc::new(AtomicBool::new(false));
        let budget = Budget::new(Duration::from_secs(3600), Arc::clone(&stop));
        assert!(!budget.spent());
        assert!(
            budget.at_most(Duration::ZERO).spent(),
            "a part cut to nothing"
        );
        assert!(!budget.at_most(Duration::from_secs(60)).spent());
        let whole = budget.remaining();
        assert!(
            budget.at_most(Duration::from_secs(7200)).remaining() <= whole,
            "a part never outlasts the whole"
        );
        stop.store(true, Ordering::Relaxed);
        assert!(budget.spent() && budget.stopped());
        assert!(budget.at_most(Duration::from_secs(60)).stopped());
        assert_eq!(budget.remaining(), Some(Duration::ZERO));
    }
}
