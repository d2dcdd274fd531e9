//! What falls due in correspondence games, announced by the scheduler
//! ([`run_reminders`]): reminders to move (in the game's channel, and by
//! direct message for those who opted in with `/notify`), passed timeouts,
//! and the personal reminders of `/remind in:`.
//!
//! It takes what the store says is due, one game at a time under that
//! game's channel lock, and the store marks each event as sent in the
//! transaction that computes the next due time, so nothing is announced
//! twice and, after a restart, nothing due is lost.

use chrono::{DateTime, Duration, Utc};
use tracing::error;

use super::claim::claim;
use crate::bot::ground::context::{Ctx, Failure};
use crate::bot::ground::core::Core;
use crate::bot::ground::interval::{self, span};
use crate::bot::ground::notify::{short_name, since_text};
use crate::bot::ground::place::{Place, User};
use crate::bot::ground::reply::{channel_mention, mention, time, Reply};
use crate::bot::life::threads;
use crate::store::{DueGame, StoreError};

/// Sends what has fallen due by `now`: reminders and passed deadlines.
pub fn run_reminders(core: &Core, now: DateTime<Utc>) -> Result<Vec<Reply>, StoreError> {
    let mut replies = Vec::new();
    for id in core.store().due_game_ids(now)? {
        let Some(game) = core.store().game(id)? else {
            continue;
        };
        let place = Place::of(&game);
        let mut more = core.in_channel(&place, || -> Result<Vec<Reply>, StoreError> {
            let Some(due) = core.store().take_due(id, now)? else {
                return Ok(Vec::new());
            };
            match announce(core, &place, &due, now) {
                Ok(more) => Ok(more),
                Err(e) => {
                    error!("reminder for game {id}: {e}");
                    core.store().postpone_due(id, now + Duration::hours(1))?;
                    Ok(Vec::new())
                }
            }
        })?;
        replies.append(&mut more);
    }
    replies.append(&mut run_personal_reminders(core, now)?);
    Ok(replies)
}

fn announce(
    core: &Core,
    place: &Place,
    due: &DueGame,
    now: DateTime<Utc>,
) -> Result<Vec<Reply>, StoreError> {
    let game = &due.game;
    let state = core.position(game)?;
    let Some(seat) = state.awaiting() else {
        return Ok(Vec::new());
    };
    let (mover, opponent) = (game.player(seat), game.player(seat.other()));
    if core.computer().is_some_and(|c| c.id == mover) {
        // The computer moves as soon as it runs: a reminder would ping the
        // bot's own user, and a deadline would offer a claim it refuses.
        return Ok(Vec::new());
    }
    let computer_waits = core.computer().filter(|c| c.id == opponent);
    if let (true, Some(computer)) = (due.due.deadline || due.lapsed, computer_waits) {
        // Issue 29: the computer claims at the timeout, so a player who
        // stopped moving does not hold the channel for ever.
        return computer_claims(core, place, computer, now);
    }
    if due.lapsed {
        // The timeout's notice was the last word.
        return Ok(Vec::new());
    }
    let turn = due.due.after;
    let since = since_text(&state, turn.since, now);
    // A tournament game's claim always wins (issue 32: the round needs a result).
    let what = if core.store().two_moves_each(game.id)?
        || core.store().tournament_of_game(game.id)?.is_some()
    {
        "the win"
    } else {
        "the game (aborted and unrated: fewer than two moves each)"
    };
    // What the opponent does at the timeout: the computer claims itself.
    let (claims, claims_dm) = match (computer_waits, due.due.deadline) {
        (Some(_), _) => ("claims", "claims"),
        (None, true) => ("may now /claim", "may now claim"),
        (None, false) => ("may /claim", "may claim"),
    };
    let deadline = turn.deadline(&due.timing);
    // A tournament game also ends at its round's deadline (issue 32); once
    // that is past, the round's close decides it, and no reminder is due.
    let round_deadline = core.store().round_deadline_of_game(game.id)?;
    if round_deadline.is_some_and(|round| round <= now) {
        return Ok(Vec::new());
    }
    let mut replies = Vec::new();
    if due.due.deadline {
        let text = format!(
            "{} has not moved in game #{} for {}, past this server's timeout of {}: {} {claims} {what}, or keep waiting for the move. {LAST_WORD}",
            mention(mover),
            game.id,
            span(now - turn.since),
            interval::timeout(due.timing.timeout),
            mention(opponent)
        );
        replies.push(Reply::public(place, text).mention([mover, opponent]));
    } else {
        let deadline_text = match (deadline, round_deadline) {
            (_, Some(round)) if deadline.map_or(true, |t| round <= t) => format!(
                " If you haven't moved by {} (the tournament round's deadline), you lose the game.",
                time(round)
            ),
            (Some(t), _) => format!(
                " If you haven't moved by {} (the timeout), {} {claims} {what}.",
                time(t),
                mention(opponent)
            ),
            (None, _) => String::new(),
        };
        let text = format!(
            "{}, it's your move in game #{} against {} ({since}).{deadline_text}",
            mention(mover),
            game.id,
            mention(opponent),
        );
        replies.push(Reply::public(place, text).mention([mover]));
    }
    if core.store().dm_enabled(mover)? {
        let deadline_text = match deadline {
            Some(t) if due.due.deadline => format!(
                " The timeout passed on {}: your opponent {claims_dm} {what}. {LAST_WORD}",
                time(t)
            ),
            _ if round_deadline.is_some_and(|round| deadline.map_or(true, |t| round <= t)) => {
                format!(
                    " If you haven't moved by {} (the tournament round's deadline), you lose the game.",
                    time(round_deadline.unwrap_or(now))
                )
            }
            Some(t) => format!(
                " If you haven't moved by {} (the timeout), your opponent {claims_dm} {what}.",
                time(t)
            ),
            None => String::new(),
        };
        replies.push(Reply::direct(
            mover,
            format!(
                "Reminder: it's your move in {} (game #{} against {}, {}); {since}.{deadline_text}",
                channel_mention(place),
                game.id,
                mention(opponent),
                short_name(game)
            ),
        ));
    }
    Ok(replies)
}

/// The end of a deadline's notice: no reminder follows it (issue 29).
const LAST_WORD: &str = "This is the last reminder.";

/// The computer claims the game whose timeout has passed on its opponent's
/// turn, as `/claim` would for a person: a win by forfeit (its games are
/// unrated), or an abort with fewer than two moves each. The game is over,
/// so the channel is free for the next one; a game in a thread is
/// announced in its parent channel too.
fn computer_claims(
    core: &Core,
    place: &Place,
    computer: &User,
    now: DateTime<Utc>,
) -> Result<Vec<Reply>, StoreError> {
    let ctx = Ctx {
        core,
        place,
        user: computer,
        now,
    };
    let watched = threads::watch(core, place);
    match claim(&ctx, None) {
        Ok(mut replies) => {
            replies.extend(threads::result_for_parent(core, watched));
            Ok(replies)
        }
        Err(Failure::Store(e)) => Err(e),
        Err(Failure::User(why)) => {
            error!("the computer's claim in {place:?}: {why}");
            Ok(Vec::new())
        }
    }
}

/// The personal reminders fallen due by `now`, each posted in its game's
/// channel, mentioning only its player.
fn run_personal_reminders(core: &Core, now: DateTime<Utc>) -> Result<Vec<Reply>, StoreError> {
    let mut replies = Vec::new();
    for due in core.store().take_due_personal_reminders(now)? {
        let Some(game) = core.store().game(due.game_id)? else {
            continue;
        };
        let state = core.store().replay(&game)?;
        let whose = match state.awaiting() {
            Some(seat) if game.player(seat) == due.user => "it's your move".to_string(),
            Some(seat) => format!("it's {}'s move", mention(game.player(seat))),
            None => "nobody is to move".to_string(),
        };
        let text = format!(
            "{}, the reminder you asked for {} ago: game #{} ({} vs {}), {whose}.",
            mention(due.user),
            span(now - due.created_at),
            game.id,
            mention(game.players[0]),
            mention(game.players[1]),
        );
        replies.push(Reply::public(&Place::of(&game), text).mention([due.user]));
    }
    Ok(replies)
}
