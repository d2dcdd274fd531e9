//! The reminders before a round's deadline (issue 42): 24 hours and 2
//! hours before it, every player whose game of the round is still running
//! is mentioned in the game's thread (or channel), and told by direct
//! message if they opted in with `/notify dm:true`. At the deadline the
//! player to move loses (see [`super::rounds::at_deadline`]), so the
//! reminder says who that would be now.
//!
//! A reminder that would fall at or before the round's start is left out:
//! with 1-day rounds the 24-hour one would come with the round's own
//! announcement, which gives the deadline already (and the game's first
//! message in its thread gives it again), so the only reminder is the
//! 2-hour one. Reminders missed while the bot was not running collapse
//! into one, sent when it is back (before the deadline).

use chrono::{DateTime, Duration, Utc};

use super::here::Loaded;
use super::record::Outcome;
use super::rounds::outcome_of;
use crate::bot::ground::core::Core;
use crate::bot::ground::interval::span;
use crate::bot::ground::notify::short_name;
use crate::bot::ground::place::Place;
use crate::bot::ground::reply::{channel_mention, mention, time, Reply};
use crate::store::{GameStatus, StoreError};

/// How long before a round's deadline its players are reminded, earliest
/// first.
pub const BEFORE_DEADLINE: [Duration; 2] = [Duration::hours(24), Duration::hours(2)];

/// The first reminder of a round (started at `started`, ending at
/// `deadline`) that falls after `after`; `None`: no reminder is left. A
/// reminder at or before the round's start is left out.
pub fn next_warning(
    started: DateTime<Utc>,
    deadline: DateTime<Utc>,
    after: DateTime<Utc>,
) -> Option<DateTime<Utc>> {
    BEFORE_DEADLINE
        .iter()
        .filter_map(|&before| deadline.checked_sub_signed(before))
        .find(|&at| at > started && at > after)
}

/// Sends the reminder of round `number` that has fallen due by `now` (once:
/// the store marks it sent and sets the next one in one guarded update).
pub fn warn_round(
    core: &Core,
    t: Loaded,
    number: u32,
    now: DateTime<Utc>,
) -> Result<Vec<Reply>, StoreError> {
    let store = core.store();
    let Some(round) = t.round(number) else {
        return Ok(Vec::new());
    };
    let Some(taken) = round.warn_at.filter(|&at| at <= now) else {
        return Ok(Vec::new());
    };
    let next = next_warning(round.started_at, round.deadline, now);
    if !store.take_round_warning(t.row.id, number, taken, next)?
        || round.finished_at.is_some()
        || now >= round.deadline
    {
        // Sent already, or the round's close speaks instead.
        return Ok(Vec::new());
    }
    let left = span(round.deadline - now);
    let ends = format!(
        "Round {number} of tournament #{} ends {} (in {left})",
        t.row.id,
        time(round.deadline)
    );
    let computer = core.computer().map(|c| c.id);
    let mut replies = Vec::new();
    for pairing in t.pairings.iter().filter(|p| p.round == number) {
        if outcome_of(pairing) != Outcome::Pending {
            continue;
        }
        let Some(game) = pairing.game_id.map(|id| store.game(id)).transpose()? else {
            continue;
        };
        let Some(game) = game.filter(|g| g.status == GameStatus::Active) else {
            continue;
        };
        let state = core.position(&game)?;
        let Some(seat) = state.awaiting() else {
            continue;
        };
        let mover = game.player(seat);
        let people: Vec<u64> = game
            .players
            .into_iter()
            .filter(|&p| Some(p) != computer)
            .collect();
        let who: Vec<String> = people.iter().map(|&p| mention(p)).collect();
        let stake = if state.action_count() == 0 {
            "if nobody has moved by then, it counts as a loss for both"
        } else {
            "if it is still running then, whoever is to move loses it by forfeit"
        };
        let place = Place::of(&game);
        replies.push(
            Reply::public(
                &place,
                format!(
                    "{}: {ends}, and game #{} must be over by then: {stake}. It's {}'s move.",
                    who.join(" and "),
                    game.id,
                    mention(mover)
                ),
            )
            .mention(people.iter().copied()),
        );
        for &player in &people {
            if !store.dm_enabled(player)? {
                continue;
            }
            let opponent = game.player(game.seat_of(player).unwrap_or(seat).other());
            let turn = if player == mover {
                "it's your move".to_string()
            } else {
                format!("it's {}'s move", mention(mover))
            };
            replies.push(Reply::direct(
                player,
                format!(
                    "Reminder: {ends}. Your game #{} against {} in {} ({}) must be over by then: {stake}; {turn}.",
                    game.id,
                    mention(opponent),
                    channel_mention(&place),
                    short_name(&game)
                ),
            ));
        }
    }
    Ok(replies)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn at(hours: i64) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap() + Duration::hours(hours)
    }

    #[test]
    fn a_round_is_reminded_a_day_and_two_hours_before_its_deadline() {
        // Issue 42: "at least 24 h and 2 h before". A 2-day round: both.
        let (start, deadline) = (at(0), at(48));
        assert_eq!(next_warning(start, deadline, start), Some(at(24)));
        assert_eq!(next_warning(start, deadline, at(24)), Some(at(46)));
        assert_eq!(next_warning(start, deadline, at(46)), None);
        // The bot down across both: one reminder, the later one.
        assert_eq!(next_warning(start, deadline, at(30)), Some(at(46)));
    }

    #[test]
    fn a_one_day_round_has_only_the_two_hour_reminder() {
        // The 24-hour reminder would fall at the round's start, whose own
        // announcement gives the deadline.
        let (start, deadline) = (at(5), at(29));
        assert_eq!(next_warning(start, deadline, start), Some(at(27)));
        assert_eq!(next_warning(start, deadline, at(27)), None);
    }
}
