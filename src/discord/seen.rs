//! Interactions and messages already acted on (issue 40): Discord may deliver an event twice
//! (a resumed gateway replays its backlog; a retried dispatch), and a move must not be played
//! twice. Ids are remembered for [`REMEMBERED_FOR`], which is longer than an interaction can be
//! answered (15 minutes), so a replay after that could not have been answered anyway; at most
//! [`MOST_REMEMBERED`] ids are kept, the oldest forgotten first.

use std::collections::{HashSet, VecDeque};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How long an id is remembered.
const REMEMBERED_FOR: Duration = Duration::from_secs(20 * 60);

/// The most ids remembered at once (about 3 MB).
const MOST_REMEMBERED: usize = 100_000;

#[derive(Default)]
pub(crate) struct Seen {
    inner: Mutex<Inner>,
}

#[derive(Default)]
struct Inner {
    ids: HashSet<u64>,
    /// The ids in the order they were first seen, with when.
    order: VecDeque<(Instant, u64)>,
}

impl Seen {
    /// Whether `id` is seen for the first time (it is remembered from now on).
    pub(crate) fn first_time(&self, id: u64) -> bool {
        self.first_time_at(id, Instant::now())
    }

    fn first_time_at(&self, id: u64, now: Instant) -> bool {
        let mut inner = self.inner.lock().unwrap_or_else(|e| e.into_inner());
        while let Some(&(at, old)) = inner.order.front() {
            if now.duration_since(at) < REMEMBERED_FOR && inner.order.len() < MOST_REMEMBERED {
                break;
            }
            inner.order.pop_front();
            inner.ids.remove(&old);
        }
        if !inner.ids.insert(id) {
            return false;
        }
        inner.order.push_back((now, id));
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 40: the same interaction delivered twice is acted on once, at once or later; after
    /// 20 minutes (past any answer's token) the id is forgotten.
    #[test]
    fn an_id_is_new_once_until_forgotten() {
        let seen = Seen::default();
        let t0 = Instant::now();
        assert!(seen.first_time_at(1, t0));
        assert!(!seen.first_time_at(1, t0));
        assert!(seen.first_time_at(2, t0 + Duration::from_secs(60)));
        assert!(!seen.first_time_at(1, t0 + Duration::from_secs(19 * 60)));
        assert!(seen.first_time_at(1, t0 + Duration::from_secs(21 * 60)));
    }

    #[test]
    fn at_most_so_many_ids_are_remembered() {
        let seen = Seen::default();
        let t0 = Instant::now();
        for id in 0..(MOST_REMEMBERED as u64 + 10) {
            assert!(seen.first_time_at(id, t0));
        }
        let inner = seen.inner.lock().unwrap();
        assert!(inner.ids.len() <= MOST_REMEMBERED && inner.order.len() == inner.ids.len());
    }
}
