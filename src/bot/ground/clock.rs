//! Time comes from an injected clock, so expiry (and later reminders and
//! timeouts) can be tested and driven from the console.

use std::sync::Mutex;

use chrono::{DateTime, Duration, Utc};

pub trait Clock: Send + Sync {
    /// The current time, in UTC.
    fn now(&self) -> DateTime<Utc>;
}

/// The system's clock.
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A clock that runs from a pinned start (or the system clock) plus an
/// offset that can be moved forward by hand (the console's `:advance`).
pub struct OffsetClock {
    start: Option<DateTime<Utc>>,
    offset: Mutex<Duration>,
}

impl OffsetClock {
    /// `start`: a pinned time that does not move on its own; `None` follows
    /// the system clock.
    pub fn new(start: Option<DateTime<Utc>>, offset: Duration) -> OffsetClock {
        OffsetClock {
            start,
            offset: Mutex::new(offset),
        }
    }

    pub fn offset(&self) -> Duration {
        *self.offset.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Moves the clock forward and returns the new offset. Refuses to move
    /// it backwards or more than [`MAX_OFFSET_DAYS`] days past its start.
    pub fn advance(&self, by: Duration) -> Result<Duration, String> {
        let mut offset = self.offset.lock().unwrap_or_else(|e| e.into_inner());
        let moved = Self::moved(*offset, by)?;
        *offset = moved;
        Ok(moved)
    }

    /// Whether [`OffsetClock::advance`] would accept `by`; the offset it would give.
    pub fn check_advance(&self, by: Duration) -> Result<Duration, String> {
        Self::moved(self.offset(), by)
    }

    fn moved(offset: Duration, by: Duration) -> Result<Duration, String> {
        offset
            .checked_add(&by)
            .filter(|o| by >= Duration::zero() && *o <= Duration::days(MAX_OFFSET_DAYS))
            .ok_or_else(|| {
                format!("the clock moves forward by at most {MAX_OFFSET_DAYS} days in all")
            })
    }
}

/// How far the clock may be advanced in all (about 100 years).
pub const MAX_OFFSET_DAYS: i64 = 36_525;

impl Clock for OffsetClock {
    fn now(&self) -> DateTime<Utc> {
        let start = self.start.unwrap_or_else(Utc::now);
        start.checked_add_signed(self.offset()).unwrap_or(start)
    }
}

/// Parses a pinned start time such as `2026-01-01T00:00:00Z`.
pub fn parse_start(text: &str) -> Result<DateTime<Utc>, String> {
    DateTime::parse_from_rfc3339(text.trim())
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| format!("`{text}` is not a time like 2026-01-01T00:00:00Z: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pinned_clock_moves_only_when_advanced() {
        let start = parse_start("2026-01-01T00:00:00Z").unwrap();
        let clock = OffsetClock::new(Some(start), Duration::zero());
        assert_eq!(clock.now(), start);
        clock.advance(Duration::minutes(90)).unwrap();
        assert_eq!(clock.now(), start + Duration::minutes(90));
        assert!(clock.advance(Duration::days(MAX_OFFSET_DAYS)).is_err());
        assert!(clock.advance(Duration::minutes(-1)).is_err());
        assert_eq!(clock.now(), start + Duration::minutes(90));
        assert!(parse_start("yesterday").is_err());
    }
}
