//! One command at a time per channel: commands, announcements and the
//! scheduler's work for one channel run one after another, so each sees
//! the game as the one before left it.
//!
//! A channel's turn is an async mutex, so it can be waited for in two ways
//! with the same order (first come, first served): [`ChannelTurns::take`]
//! from async code (the Discord adapter waits there without holding a
//! thread) and [`ChannelTurns::run`] from blocking code (the console, the
//! scheduler's and the computer's work on blocking threads). Whoever holds a
//! [`ChannelTurn`] hands it to the core ([`crate::bot::Bot::handle_in`]), which
//! works [`ChannelTurn::within`] it: a [`ChannelTurns::run`] of that channel
//! on that thread then runs at once, so a command is never serialised twice
//! (nor waits for the turn its own caller holds).

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tokio::sync::OwnedMutexGuard;

use super::place::Place;

/// The turns of the channels busy right now.
#[derive(Clone, Default)]
pub struct ChannelTurns(Arc<Mutex<HashMap<Place, Channel>>>);

/// A busy channel: its turn, and how many hold it or wait for it.
struct Channel {
    turn: Arc<tokio::sync::Mutex<()>>,
    users: usize,
}

/// The turn of one channel, held until dropped. A channel leaves the map
/// once its last holder or waiter is gone (a waiter given up counts too:
/// the claim is dropped with it).
pub struct ChannelTurn {
    turns: ChannelTurns,
    place: Place,
    held: Option<OwnedMutexGuard<()>>,
}

thread_local! {
    /// The channels whose held turn this thread works within.
    static WITHIN: RefCell<Vec<Place>> = const { RefCell::new(Vec::new()) };
}

/// Whether this thread works within `place`'s turn.
fn within(place: &Place) -> bool {
    WITHIN.with(|within| within.borrow().contains(place))
}

impl ChannelTurn {
    /// The channel whose turn this is.
    pub fn place(&self) -> &Place {
        &self.place
    }

    /// Runs `f` on this thread within this turn: the channel's
    /// [`ChannelTurns::run`]s in `f` do not wait for it again.
    pub fn within<T>(&self, f: impl FnOnce() -> T) -> T {
        WITHIN.with(|within| within.borrow_mut().push(self.place.clone()));
        // Taken off again however `f` ends.
        struct Leave;
        impl Drop for Leave {
            fn drop(&mut self) {
                WITHIN.with(|within| within.borrow_mut().pop());
            }
        }
        let _leave = Leave;
        f()
    }
}

impl ChannelTurns {
    /// Waits, holding no thread, until nothing else runs in `place`.
    pub async fn take(&self, place: &Place) -> ChannelTurn {
        let (mut claim, turn) = self.claim(place);
        claim.held = Some(turn.lock_owned().await);
        claim
    }

    /// Runs `f` while nothing else runs in `place`, waiting on this thread.
    /// For blocking threads only (never inside async code): a wait here
    /// holds the thread.
    pub fn run<T>(&self, place: &Place, f: impl FnOnce() -> T) -> T {
        if within(place) {
            return f();
        }
        let _turn = self.take_blocking(place);
        f()
    }

    fn take_blocking(&self, place: &Place) -> ChannelTurn {
        let (mut claim, turn) = self.claim(place);
        // A free turn is taken at once: no wait, so no blocking at all.
        let held = match Arc::clone(&turn).try_lock_owned() {
            Ok(held) => held,
            Err(_) => turn.blocking_lock_owned(),
        };
        claim.held = Some(held);
        claim
    }

    /// Counts one more user of `place`'s turn, not held yet.
    fn claim(&self, place: &Place) -> (ChannelTurn, Arc<tokio::sync::Mutex<()>>) {
        let mut channels = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let channel = channels.entry(place.clone()).or_insert_with(|| Channel {
            turn: Arc::default(),
            users: 0,
        });
        channel.users += 1;
        let turn = Arc::clone(&channel.turn);
        let claim = ChannelTurn {
            turns: self.clone(),
            place: place.clone(),
            held: None,
        };
        (claim, turn)
    }

    /// How many channels are busy now (tests check that the map is pruned).
    pub fn busy(&self) -> usize {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

impl Drop for ChannelTurn {
    fn drop(&mut self) {
        // The turn goes to the next in line before the count goes down.
        self.held = None;
        let mut channels = self.turns.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(channel) = channels.get_mut(&self.place) {
            channel.users -= 1;
            if channel.users == 0 {
                channels.remove(&self.place);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(channel: &str) -> Place {
        Place {
            guild: "g".into(),
            channel: channel.into(),
        }
    }

    #[tokio::test]
    async fn a_channel_waits_for_its_turn_and_another_does_not() {
        let turns = ChannelTurns::default();
        let first = turns.take(&place("a")).await;
        let waiting = {
            let turns = turns.clone();
            tokio::spawn(async move { turns.take(&place("a")).await })
        };
        tokio::task::yield_now().await;
        assert!(
            !waiting.is_finished(),
            "a's second command ran with the first"
        );
        let other = turns.take(&place("b")).await;
        assert_eq!(other.place(), &place("b"));
        drop(first);
        let second = waiting.await.unwrap();
        assert_eq!(turns.busy(), 2);
        drop((second, other));
        assert_eq!(turns.busy(), 0);
    }

    #[tokio::test]
    async fn a_waiter_given_up_leaves_no_channel_behind() {
        let turns = ChannelTurns::default();
        let held = turns.take(&place("a")).await;
        let waiting = {
            let turns = turns.clone();
            tokio::spawn(async move { turns.take(&place("a")).await })
        };
        tokio::task::yield_now().await;
        drop(held);
        waiting.abort();
        let _ = waiting.await;
        assert_eq!(turns.busy(), 0);
    }

    #[tokio::test]
    async fn work_within_a_held_turn_does_not_wait_for_it_again() {
        let turns = ChannelTurns::default();
        let held = turns.take(&place("a")).await;
        let inner = held.within(|| turns.run(&place("a"), || turns.busy()));
        assert_eq!(inner, 1);
        assert!(!within(&place("a")), "left once done");
        drop(held);
        assert_eq!(turns.busy(), 0);
    }

    #[test]
    fn blocking_callers_take_the_same_turn_as_async_ones() {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        let turns = ChannelTurns::default();
        let held = runtime.block_on(turns.take(&place("a")));
        let order = Arc::new(Mutex::new(Vec::new()));
        let blocked = {
            let (turns, order) = (turns.clone(), Arc::clone(&order));
            std::thread::spawn(move || turns.run(&place("a"), || order.lock().unwrap().push(2)))
        };
        while turns.0.lock().unwrap()[&place("a")].users < 2 {
            std::thread::yield_now();
        }
        order.lock().unwrap().push(1);
        drop(held);
        blocked.join().unwrap();
        assert_eq!(*order.lock().unwrap(), [1, 2]);
        assert_eq!(turns.busy(), 0);
    }
}
