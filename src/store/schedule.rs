//! The turn clock of a correspondence game, as pure functions: when the
//! next reminder falls, when the timeout deadline falls, and what is due at
//! a given time. The store keeps each active game's next due time
//! (`games.remind_at`) computed from these, so the scheduler only has to
//! look at the games whose time has come.

use chrono::{DateTime, Duration, Utc};

/// How often the player to move is reminded, by default.
pub fn default_reminder() -> Duration {
    Duration::hours(24)
}

/// How long the player to move has before the opponent may claim, by default.
pub fn default_timeout() -> Duration {
    Duration::days(7)
}

/// A duration as stored: whole seconds, 0 for "off".
pub fn to_seconds(interval: Option<Duration>) -> i64 {
    interval.map_or(0, |d| d.num_seconds().max(1))
}

/// A stored duration back: 0 (or less) is "off".
pub fn from_seconds(seconds: i64) -> Option<Duration> {
    if seconds > 0 {
        Duration::try_seconds(seconds)
    } else {
        None
    }
}

/// A server's correspondence settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GuildSettings {
    /// The reminder interval; `None`: no reminders.
    pub reminder: Option<Duration>,
    /// The timeout; `None`: no timeout.
    pub timeout: Option<Duration>,
    /// Whether a challenge that leaves out `thread:` opens a thread (issue 15).
    pub threads: bool,
    /// Whether anyone, not only an admin, may create a tournament (issue 32).
    pub tournaments_by_anyone: bool,
    /// Whether the server's web pages exist (issue 45).
    pub web: bool,
}

impl Default for GuildSettings {
    fn default() -> GuildSettings {
        GuildSettings {
            reminder: Some(default_reminder()),
            timeout: Some(default_timeout()),
            threads: false,
            tournaments_by_anyone: false,
            web: false,
        }
    }
}

/// The timing that applies to one game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// The reminder interval (the game's own, else the server's).
    pub every: Option<Duration>,
    pub timeout: Option<Duration>,
}

/// Where a game's current turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    /// When the turn began (the last move, a take-back, or the start).
    pub since: DateTime<Utc>,
    /// Reminders already sent this turn.
    pub reminders_sent: i64,
    /// Whether the passing of the deadline was already announced.
    pub deadline_noted: bool,
}

/// What falls due at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Due {
    /// A reminder to the player to move.
    pub reminder: bool,
    /// The deadline has just passed (announced once per turn).
    pub deadline: bool,
    /// The turn once this is sent.
    pub after: Turn,
}

fn times(d: Duration, n: i64) -> Option<Duration> {
    d.num_seconds()
        .checked_mul(n)
        .and_then(Duration::try_seconds)
}

impl Turn {
    /// A new turn, starting now.
    pub fn starting(since: DateTime<Utc>) -> Turn {
        Turn {
            since,
            reminders_sent: 0,
            deadline_noted: false,
        }
    }

    /// When the timeout runs out, if there is one.
    pub fn deadline(&self, timing: &Timing) -> Option<DateTime<Utc>> {
        self.since.checked_add_signed(timing.timeout?)
    }

    /// When the next reminder falls, if reminders are on and it falls
    /// before the timeout (issue 29: the timeout's notice is the last word;
    /// once it has passed, the idle player is not reminded again).
    pub fn next_reminder(&self, timing: &Timing) -> Option<DateTime<Utc>> {
        let every = timing.every.filter(|_| !self.deadline_noted)?;
        let next = self
            .since
            .checked_add_signed(times(every, self.reminders_sent.checked_add(1)?)?)?;
        match self.deadline(timing) {
            Some(deadline) if next >= deadline => None,
            _ => Some(next),
        }
    }

    /// Whether reminders are on but none is left before the timeout.
    pub fn reminders_ended(&self, timing: &Timing) -> bool {
        timing.every.is_some() && self.next_reminder(timing).is_none()
    }

    /// When something is next due: the next reminder, or the deadline if
    /// its passing has not been announced yet; nothing once it has.
    pub fn next_due(&self, timing: &Timing) -> Option<DateTime<Utc>> {
        let deadline = self.deadline(timing).filter(|_| !self.deadline_noted);
        match (self.next_reminder(timing), deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// What is due at `now`. Reminders missed while the bot was not running
    /// are not sent one by one: one reminder stands for them all, and the
    /// deadline's notice for them all once the deadline has passed.
    pub fn due(&self, timing: &Timing, now: DateTime<Utc>) -> Due {
        let deadline = !self.deadline_noted && self.deadline(timing).is_some_and(|t| t <= now);
        let reminder = !deadline && self.next_reminder(timing).is_some_and(|t| t <= now);
        let mut after = *self;
        if reminder || deadline {
            if let Some(every) = timing.every {
                after.reminders_sent = self
                    .intervals_by(every, now)
                    .max(self.reminders_sent.saturating_add(1));
            }
        }
        if deadline {
            after.deadline_noted = true;
        }
        Due {
            reminder,
            deadline,
            after,
        }
    }

    /// Whole intervals from the start of the turn to `now`.
    fn intervals_by(&self, every: Duration, now: DateTime<Utc>) -> i64 {
        let elapsed = (now - self.since).num_seconds().max(0);
        elapsed / every.num_seconds().max(1)
    }

    /// The turn after the timing changed at `now`: reminders count again
    /// from the new interval (the next one falls at the next whole interval
    /// after now), and a deadline moved into the future will be announced
    /// when it passes.
    pub fn retimed(&self, timing: &Timing, now: DateTime<Utc>) -> Turn {
        Turn {
            since: self.since,
            reminders_sent: timing
                .every
                .map_or(0, |every| self.intervals_by(every, now)),
            deadline_noted: self.deadline_noted && self.deadline(timing).is_some_and(|t| t <= now),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(hours: i64) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-01-01T00:00:00Z")
            .unwrap()
            .with_timezone(&Utc)
            + Duration::hours(hours)
    }

    fn timing(every: Option<i64>, timeout: Option<i64>) -> Timing {
        Timing {
            every: every.map(Duration::hours),
            timeout: timeout.map(Duration::hours),
        }
    }

    #[test]
    fn reminders_fall_every_interval_and_the_deadline_once() {
        let timing = timing(Some(24), Some(72));
        let mut turn = Turn::starting(t(0));
        assert_eq!(turn.next_due(&timing), Some(t(24)));
        assert_eq!(turn.deadline(&timing), Some(t(72)));
        let due = turn.due(&timing, t(23));
        assert!(!due.reminder && !due.deadline);
        let due = turn.due(&timing, t(25));
        assert!(due.reminder && !due.deadline);
        turn = due.after;
        assert_eq!(turn.reminders_sent, 1);
        // Not twice for the same interval.
        assert!(!turn.due(&timing, t(25)).reminder);
        assert_eq!(turn.next_due(&timing), Some(t(48)));
        // The third reminder would fall on the deadline: its notice alone.
        turn = turn.due(&timing, t(48)).after;
        assert_eq!(turn.next_due(&timing), Some(t(72)));
        let due = turn.due(&timing, t(72));
        assert!(!due.reminder && due.deadline);
        turn = due.after;
        // Issue 29: after the deadline's notice nothing more is due, ever:
        // no reminder, and the deadline is not repeated.
        assert_eq!(turn.next_due(&timing), None);
        assert_eq!(turn.next_reminder(&timing), None);
        assert!(turn.reminders_ended(&timing));
        for hours in [96, 24 * 7, 24 * 365] {
            let due = turn.due(&timing, t(hours));
            assert!(!due.reminder && !due.deadline, "{hours} hours");
        }
    }

    #[test]
    fn the_deadline_takes_the_place_of_a_reminder_at_or_after_it() {
        // Every 12 hours with a 7-day timeout (the channel): 13
        // reminders before the deadline, then the deadline's notice alone,
        // then nothing.
        let timing = timing(Some(12), Some(24 * 7));
        let mut turn = Turn::starting(t(0));
        let (mut reminders, mut deadlines) = (0, 0);
        while let Some(at) = turn.next_due(&timing) {
            let due = turn.due(&timing, at);
            reminders += i32::from(due.reminder);
            deadlines += i32::from(due.deadline);
            assert!(!(due.reminder && due.deadline), "one notice at {at}");
            turn = due.after;
        }
        assert_eq!((reminders, deadlines), (13, 1));
        // The bot down across the deadline: one notice stands for both.
        let due = Turn::starting(t(0)).due(&timing, t(24 * 8));
        assert!(due.deadline);
        assert_eq!(due.after.next_due(&timing), None);
    }

    #[test]
    fn missed_reminders_collapse_into_one() {
        let timing = timing(Some(6), None);
        let turn = Turn::starting(t(0));
        let due = turn.due(&timing, t(20));
        assert!(due.reminder);
        assert_eq!(due.after.reminders_sent, 3);
        assert_eq!(due.after.next_due(&timing), Some(t(24)));
    }

    #[test]
    fn off_means_nothing_is_ever_due() {
        let timing = timing(None, None);
        let turn = Turn::starting(t(0));
        assert_eq!(turn.next_due(&timing), None);
        let due = turn.due(&timing, t(10_000));
        assert!(!due.reminder && !due.deadline);
        // A timeout alone: the deadline is still announced.
        let only_timeout = Timing {
            every: None,
            timeout: Some(Duration::hours(5)),
        };
        assert_eq!(turn.next_due(&only_timeout), Some(t(5)));
    }

    #[test]
    fn retiming_counts_from_now() {
        let turn = Turn {
            since: t(0),
            reminders_sent: 1,
            deadline_noted: true,
        };
        // 30 hours in, reminders every 6 hours: the next at 36 hours.
        let retimed = turn.retimed(&timing(Some(6), Some(48)), t(30));
        assert_eq!(retimed.next_due(&timing(Some(6), Some(48))), Some(t(36)));
        assert!(!retimed.deadline_noted);
        // A deadline already passed stays announced.
        let retimed = turn.retimed(&timing(Some(6), Some(24)), t(30));
        assert!(retimed.deadline_noted);
    }

    #[test]
    fn huge_values_do_not_overflow() {
        let timing = Timing {
            every: Some(Duration::seconds(i64::MAX / 1000)),
            timeout: Some(Duration::seconds(i64::MAX / 1000)),
        };
        let turn = Turn {
            since: t(0),
            reminders_sent: i64::MAX,
            deadline_noted: false,
        };
        let _ = turn.next_due(&timing);
        let _ = turn.due(&timing, t(1));
    }
}
