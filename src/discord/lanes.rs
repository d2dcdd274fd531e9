//! Fair, bounded execution (issue 26): however busy one member or one channel is, everyone
//! else's commands go on.
//!
//! - **A lane per channel.** A channel's commands wait for the core's turn of that channel
//!   ([`ChannelTurns::take`], first come first served): waiting holds no thread, and the core
//!   runs the command in that turn without taking it again ([`crate::bot::Bot::handle_in`]).
//!   A lane admits at most [`LANE_LIMIT`] commands; past that the channel is busy and the
//!   command is refused at once.
//! - **A bounded pool.** A command whose turn has come waits for one of [`Lanes::workers`]
//!   permits before it runs on a blocking thread. Only the head of each lane waits for a permit,
//!   and the semaphore is fair, so a command waits behind at most one command of every other
//!   busy channel: a backlog of a thousand presses in one channel delays no other channel.
//! - **Heavy work as jobs.** `/replay`, `/analyze` and the Replay button skip the lanes (they
//!   only read) and run in a smaller pool of their own ([`JOB_SLOTS`] at once) with a bounded
//!   queue ([`JOB_QUEUE`]), at most [`JOBS_PER_MEMBER`] per member; past that the member is told
//!   at once that the bot is busy.
//! - **A token bucket per member**: [`BURST`] commands at once, then one every
//!   [`REFILL`]; past it a short private "slow down, try again in N s".

use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::metrics::{observe, reason, record};
use crate::bot::{ChannelTurn, ChannelTurns, Place};

/// How many commands one channel may have waiting or running.
pub(crate) const LANE_LIMIT: usize = 16;
/// How many heavy jobs run at once.
pub(crate) const JOB_SLOTS: usize = 1;
/// How many heavy jobs may wait or run, in all.
pub(crate) const JOB_QUEUE: usize = 8;
/// How many heavy jobs one member may have waiting or running.
pub(crate) const JOBS_PER_MEMBER: usize = 2;
/// How many commands a member may give at once.
pub(crate) const BURST: u32 = 8;
/// How often a member's bucket gets a command back.
pub(crate) const REFILL: Duration = Duration::from_millis(750);

/// What a command costs, known from its name before it runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Work {
    /// A command of the channel's game (or a quick look): in the channel's lane.
    Light,
    /// A replay or an analysis: a job.
    Heavy,
}

impl Work {
    /// The work of the registry's command `name`.
    pub(crate) fn of(name: &str) -> Work {
        if crate::bot::commands::is_heavy(name) {
            Work::Heavy
        } else {
            Work::Light
        }
    }
}

/// Why a command was not admitted; its text is the member's private answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// The member's bucket is empty: the next command is welcome after this long.
    SlowDown(Duration),
    /// The channel's lane is full.
    ChannelBusy,
    /// The job queue is full, or this member has their share of it.
    JobsFull { yours: bool },
}

impl Refusal {
    /// Its name in the metrics.
    pub(crate) fn reason(&self) -> &'static str {
        match self {
            Refusal::SlowDown(_) => reason::SLOW_DOWN,
            Refusal::ChannelBusy => reason::CHANNEL_BUSY,
            Refusal::JobsFull { .. } => reason::JOBS_FULL,
        }
    }

    pub(crate) fn text(&self) -> String {
        match self {
            Refusal::SlowDown(wait) => {
                let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
                format!(
                    "Slow down: you're sending commands faster than I take them. Try again in {} s; nothing was done.",
                    seconds.max(1)
                )
            }
            Refusal::ChannelBusy => format!(
                "This channel has {LANE_LIMIT} commands waiting already; nothing was done. Try again in a moment."
            ),
            Refusal::JobsFull { yours: true } => format!(
                "You have {JOBS_PER_MEMBER} replays or analyses under way already; this one was not started. Try again once they are posted."
            ),
            Refusal::JobsFull { yours: false } => "I'm busy with other replays and analyses right now; this one was not started. Try again in a minute.".to_string(),
        }
    }
}

/// The lanes, the pools and the members' buckets of one process.
pub(crate) struct Lanes {
    /// How many commands each busy channel has admitted (its lane's length).
    lanes: Mutex<HashMap<Place, usize>>,
    workers: Arc<Semaphore>,
    jobs: Arc<Semaphore>,
    jobs_admitted: Mutex<HashMap<u64, usize>>,
    members: DefaultKeyedRateLimiter<u64>,
}

impl Default for Lanes {
    fn default() -> Lanes {
        Lanes::new(Lanes::default_workers())
    }
}

impl Lanes {
    /// Two workers per core (a command mostly waits for SQLite's disk), at least four.
    fn default_workers() -> usize {
        std::thread::available_parallelism().map_or(4, |n| (2 * n.get()).max(4))
    }

    pub(crate) fn new(workers: usize) -> Lanes {
        let quota = Quota::with_period(REFILL)
            .expect("a refill period above zero")
            .allow_burst(NonZeroU32::new(BURST).expect("a burst above zero"));
        Lanes {
            lanes: Mutex::default(),
            workers: Arc::new(Semaphore::new(workers.max(1))),
            jobs: Arc::new(Semaphore::new(JOB_SLOTS)),
            jobs_admitted: Mutex::default(),
            members: RateLimiter::keyed(quota),
        }
    }

    /// Admits `member`'s command in `place`, or says why not. Nothing waits here: the ticket's
    /// [`Ticket::turn`] does.
    pub(crate) fn admit(
        self: &Arc<Self>,
        member: u64,
        place: &Place,
        work: Work,
    ) -> Result<Ticket, Refusal> {
        let admitted = match self.members.check_key(&member) {
            Err(not_until) => Err(Refusal::SlowDown(
                not_until.wait_time_from(DefaultClock::default().now()),
            )),
            Ok(_) => self.enter(member, place, work),
        };
        if let Err(refusal) = &admitted {
            record(|m| m.refused(refusal.reason()));
        }
        admitted
    }

    /// Admits a chat message that may be a move to its channel's lane. Chat does not draw on
    /// the member's bucket: talking in a channel must not cost anyone their next command.
    pub(crate) fn admit_chat(self: &Arc<Self>, member: u64, place: &Place) -> Option<Ticket> {
        self.enter(member, place, Work::Light).ok()
    }

    fn enter(self: &Arc<Self>, member: u64, place: &Place, work: Work) -> Result<Ticket, Refusal> {
        match work {
            Work::Light => {
                let mut lanes = self.lanes.lock().unwrap_or_else(|e| e.into_inner());
                let admitted = lanes.entry(place.clone()).or_default();
                if *admitted >= LANE_LIMIT {
                    return Err(Refusal::ChannelBusy);
                }
                *admitted += 1;
                drop(lanes);
                record(|m| {
                    m.lane_commands.inc();
                });
                Ok(Ticket {
                    lanes: Arc::clone(self),
                    member,
                    kind: Kind::Light {
                        place: place.clone(),
                    },
                })
            }
            Work::Heavy => {
                let mut admitted = self.jobs_admitted.lock().unwrap_or_else(|e| e.into_inner());
                let total: usize = admitted.values().sum();
                let yours = admitted.get(&member).copied().unwrap_or(0);
                if yours >= JOBS_PER_MEMBER {
                    return Err(Refusal::JobsFull { yours: true });
                }
                if total >= JOB_QUEUE {
                    return Err(Refusal::JobsFull { yours: false });
                }
                *admitted.entry(member).or_default() += 1;
                record(|m| {
                    m.jobs.inc();
                });
                Ok(Ticket {
                    lanes: Arc::clone(self),
                    member,
                    kind: Kind::Heavy,
                })
            }
        }
    }

    /// Forgets the buckets of members who have been quiet long enough to have a full one again
    /// (the map would otherwise keep every member ever seen).
    pub(crate) fn forget_quiet_members(&self) {
        self.members.retain_recent();
        self.members.shrink_to_fit();
    }

    /// How many channels have a lane now (tests check that lanes go once empty).
    #[cfg(test)]
    fn busy_channels(&self) -> usize {
        self.lanes.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

enum Kind {
    Light { place: Place },
    Heavy,
}

/// An admitted command: its place in its lane or in the job queue until dropped.
pub(crate) struct Ticket {
    lanes: Arc<Lanes>,
    member: u64,
    kind: Kind,
}

/// A command's turn to run: dropping it lets the next one of its lane (or queue) go.
pub(crate) struct Turn {
    channel: Option<ChannelTurn>,
    _permit: OwnedSemaphorePermit,
}

impl Turn {
    /// The channel's turn a lane's command holds (a job holds none): the core runs the
    /// command in it.
    pub(crate) fn channel(&self) -> Option<&ChannelTurn> {
        self.channel.as_ref()
    }
}

impl Ticket {
    /// Waits (without holding a thread) until the command may run: its channel's turn among
    /// `turns` (those of the core that runs it), then a worker; or, for a job, a job slot.
    pub(crate) async fn turn(&self, turns: &ChannelTurns) -> Turn {
        match &self.kind {
            Kind::Light { place } => {
                let channel = turns.take(place).await;
                let permit = Arc::clone(&self.lanes.workers)
                    .acquire_owned()
                    .await
                    .expect("the workers' semaphore is never closed");
                Turn {
                    channel: Some(channel),
                    _permit: permit,
                }
            }
            Kind::Heavy => {
                let waited = std::time::Instant::now();
                let permit = Arc::clone(&self.lanes.jobs)
                    .acquire_owned()
                    .await
                    .expect("the jobs' semaphore is never closed");
                record(|m| observe(&m.job_wait_seconds, waited.elapsed()));
                Turn {
                    channel: None,
                    _permit: permit,
                }
            }
        }
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        match &self.kind {
            Kind::Light { place } => {
                let mut lanes = self.lanes.lanes.lock().unwrap_or_else(|e| e.into_inner());
                // The last ticket out takes the lane away.
                count_out(&mut lanes, place);
                record(|m| {
                    m.lane_commands.dec();
                });
            }
            Kind::Heavy => {
                let mut admitted = self
                    .lanes
                    .jobs_admitted
                    .lock()
                    .unwrap_or_else(|e| e.into_inner());
                record(|m| {
                    m.jobs.dec();
                });
                count_out(&mut admitted, &self.member);
            }
        }
    }
}

/// Counts one out of `key`'s admissions, forgetting the key at none: the maps hold only
/// the lanes and members with something admitted.
fn count_out<K: std::hash::Hash + Eq>(counts: &mut HashMap<K, usize>, key: &K) {
    if let Some(count) = counts.get_mut(key) {
        *count -= 1;
        if *count == 0 {
            counts.remove(key);
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

    #[test]
    fn a_member_past_the_burst_is_told_to_slow_down_and_others_are_not() {
        let lanes = Arc::new(Lanes::new(4));
        let mut kept = Vec::new();
        for _ in 0..BURST {
            kept.push(lanes.admit(1, &place(&format!("c{}", kept.len())), Work::Light));
        }
        assert!(kept.iter().all(Result::is_ok));
        match lanes.admit(1, &place("other"), Work::Light) {
            Err(Refusal::SlowDown(wait)) => {
                assert!(wait <= REFILL, "{wait:?}");
                assert!(Refusal::SlowDown(wait).text().contains("Try again in 1 s"));
            }
            Err(other) => panic!("{other:?}"),
            Ok(_) => panic!("admitted past the burst"),
        }
        assert!(lanes.admit(2, &place("other"), Work::Light).is_ok());
    }

    #[test]
    fn a_full_lane_refuses_and_an_emptied_lane_leaves_the_map() {
        let lanes = Arc::new(Lanes::new(4));
        // One member per command: the buckets are not what is tested here.
        let tickets: Vec<Ticket> = (0..LANE_LIMIT as u64)
            .map(|member| lanes.admit(member, &place("busy"), Work::Light).unwrap())
            .collect();
        assert!(matches!(
            lanes.admit(999, &place("busy"), Work::Light),
            Err(Refusal::ChannelBusy)
        ));
        assert!(lanes.admit(999, &place("quiet"), Work::Light).is_ok());
        assert_eq!(
            lanes.busy_channels(),
            1,
            "the quiet channel's ticket is gone"
        );
        drop(tickets);
        assert_eq!(lanes.busy_channels(), 0);
    }

    #[test]
    fn jobs_are_capped_per_member_and_in_all() {
        let lanes = Arc::new(Lanes::new(4));
        let mine: Vec<Ticket> = (0..JOBS_PER_MEMBER)
            .map(|_| lanes.admit(1, &place("c"), Work::Heavy).unwrap())
            .collect();
        assert_eq!(
            lanes.admit(1, &place("c"), Work::Heavy).err(),
            Some(Refusal::JobsFull { yours: true })
        );
        let others: Vec<Ticket> = (2..)
            .take(JOB_QUEUE - JOBS_PER_MEMBER)
            .map(|member| lanes.admit(member, &place("c"), Work::Heavy).unwrap())
            .collect();
        assert_eq!(
            lanes.admit(100, &place("c"), Work::Heavy).err(),
            Some(Refusal::JobsFull { yours: false })
        );
        drop(mine);
        drop(others);
        assert!(lanes.admit(100, &place("c"), Work::Heavy).is_ok());
    }

    #[tokio::test]
    async fn a_backlog_in_one_channel_does_not_delay_another() {
        // One worker: the busy channel's head holds it; its other commands wait in the lane,
        // not at the pool, so the quiet channel's command is next for the worker.
        let lanes = Arc::new(Lanes::new(1));
        let busy: Vec<Ticket> = (0..10)
            .map(|member| lanes.admit(member, &place("busy"), Work::Light).unwrap())
            .collect();
        let turns = ChannelTurns::default();
        let head = busy[0].turn(&turns).await;
        let mut waiting = Vec::new();
        for ticket in busy.into_iter().skip(1) {
            let turns = turns.clone();
            waiting.push(tokio::spawn(async move {
                let _turn = ticket.turn(&turns).await;
                tokio::time::sleep(Duration::from_millis(50)).await;
            }));
        }
        tokio::task::yield_now().await;
        let quiet = lanes.admit(100, &place("quiet"), Work::Light).unwrap();
        let order = Arc::new(Mutex::new(Vec::new()));
        let quiet_done = {
            let order = Arc::clone(&order);
            let turns = turns.clone();
            tokio::spawn(async move {
                let _turn = quiet.turn(&turns).await;
                order.lock().unwrap().push("quiet");
            })
        };
        tokio::task::yield_now().await;
        drop(head);
        quiet_done.await.unwrap();
        // None of the nine waiting busy commands ran before the quiet one.
        let finished = waiting.iter().filter(|w| w.is_finished()).count();
        assert_eq!(finished, 0, "{finished} busy commands went first");
        for w in waiting {
            w.await.unwrap();
        }
    }
}
