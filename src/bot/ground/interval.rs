//! Durations and times as players see them: the fixed choices of
//! `/remind every:` and `/settings`, spans ("2 days 3 hours") and times
//! ("Mon 3 Jan 10:00 UTC").

use chrono::{DateTime, Duration, Utc};

/// The choices of a reminder interval.
pub const REMINDER_CHOICES: &[&str] = &["6h", "12h", "1d", "2d", "3d", "1w", "off"];

/// The choices of a timeout.
pub const TIMEOUT_CHOICES: &[&str] = &["1d", "2d", "3d", "1w", "2w", "off"];

/// A choice as a duration: `Some(None)` is "off"; `None`: not a choice.
pub fn parse_choice(choice: &str) -> Option<Option<Duration>> {
    Some(Some(match choice.trim().to_ascii_lowercase().as_str() {
        "off" => return Some(None),
        "6h" => Duration::hours(6),
        "12h" => Duration::hours(12),
        "1d" => Duration::days(1),
        "2d" => Duration::days(2),
        "3d" => Duration::days(3),
        "1w" => Duration::weeks(1),
        "2w" => Duration::weeks(2),
        _ => return None,
    }))
}

/// The longest delay of a personal reminder (`/remind in:`).
pub fn longest_delay() -> Duration {
    Duration::days(30)
}

/// A delay typed by a player (`30m`, `2h`, `1d 6h`, `90 minutes`), from one
/// minute to [`longest_delay`].
/// What was typed is repeated capped (issue 27, [`super::escape::echo`]).
pub fn parse_delay(text: &str) -> Result<Duration, String> {
    let typed = super::escape::echo(text);
    let parsed = humantime::parse_duration(text.trim()).map_err(|_| {
        format!("a reminder needs a duration such as 30m, 2h or 1d 6h, not {typed}")
    })?;
    let delay = Duration::from_std(parsed).unwrap_or_else(|_| longest_delay() + Duration::days(1));
    if delay < Duration::minutes(1) {
        return Err(format!(
            "a reminder must be at least 1 minute away, not {typed}"
        ));
    }
    if delay > longest_delay() {
        return Err(format!(
            "a reminder must be at most 30 days away, not {typed}"
        ));
    }
    Ok(delay)
}

fn unit(n: i64, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// A span for people, in at most two units: "6 hours", "1 week",
/// "2 days 3 hours", "12 minutes", "less than a minute".
pub fn span(d: Duration) -> String {
    let minutes = d.num_minutes().max(0);
    if minutes == 0 {
        return "less than a minute".to_string();
    }
    let (days, hours, mins) = (minutes / 1440, minutes / 60 % 24, minutes % 60);
    if days > 0 && days % 7 == 0 && hours == 0 && mins == 0 {
        return unit(days / 7, "week");
    }
    let parts = [(days, "day"), (hours, "hour"), (mins, "minute")];
    let first = parts.iter().position(|(n, _)| *n > 0).unwrap_or(2);
    parts[first..]
        .iter()
        .take(2)
        .filter(|(n, _)| *n > 0)
        .map(|(n, w)| unit(*n, w))
        .collect::<Vec<_>>()
        .join(" ")
}

/// "every 6 hours", or "off".
pub fn every(interval: Option<Duration>) -> String {
    match interval {
        Some(d) => {
            let span = span(d);
            match span.strip_prefix("1 ") {
                Some(unit) if !unit.contains(' ') => format!("every {unit}"),
                _ => format!("every {span}"),
            }
        }
        None => "off".to_string(),
    }
}

/// A timeout for people: "7 days" is "1 week"; "off".
pub fn timeout(interval: Option<Duration>) -> String {
    interval.map_or_else(|| "off".to_string(), span)
}

/// A time for people: "Mon 3 Jan 10:00 UTC".
pub fn when(t: DateTime<Utc>) -> String {
    t.format("%a %-d %b %H:%M UTC").to_string()
}

/// A date for people: "3 Jan 2026".
pub fn date(t: DateTime<Utc>) -> String {
    t.format("%-d %b %Y").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 27: what was typed is repeated capped.
    #[test]
    fn a_wrong_delay_is_echoed_capped() {
        let said = parse_delay(&"9x".repeat(5_000)).unwrap_err();
        assert!(said.contains("…` (10000 characters)"), "{said}");
        assert!(said.chars().count() < 200, "{said}");
        assert_eq!(
            parse_delay("soon").unwrap_err(),
            "a reminder needs a duration such as 30m, 2h or 1d 6h, not `soon`"
        );
    }

    #[test]
    fn choices_parse_and_spans_read_well() {
        assert_eq!(parse_choice("6h"), Some(Some(Duration::hours(6))));
        assert_eq!(parse_choice("1W"), Some(Some(Duration::days(7))));
        assert_eq!(parse_choice("off"), Some(None));
        assert_eq!(parse_choice("5h"), None);
        for c in REMINDER_CHOICES.iter().chain(TIMEOUT_CHOICES) {
            assert!(parse_choice(c).is_some(), "{c}");
        }
        assert_eq!(span(Duration::hours(25)), "1 day 1 hour");
        assert_eq!(span(Duration::days(7)), "1 week");
        assert_eq!(span(Duration::days(2) + Duration::minutes(5)), "2 days");
        assert_eq!(span(Duration::minutes(90)), "1 hour 30 minutes");
        assert_eq!(span(Duration::seconds(5)), "less than a minute");
        assert_eq!(span(Duration::hours(-5)), "less than a minute");
        assert_eq!(every(Some(Duration::hours(24))), "every day");
        assert_eq!(every(Some(Duration::hours(6))), "every 6 hours");
        assert_eq!(timeout(None), "off");
        let t = DateTime::parse_from_rfc3339("2027-01-04T10:00:00Z")
            .unwrap()
            .with_timezone(&Utc);
        assert_eq!(when(t), "Mon 4 Jan 10:00 UTC");
        assert_eq!(date(t), "4 Jan 2027");
    }
}
