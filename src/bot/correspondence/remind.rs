//! `/remind`: a game's reminder interval (`every:`), a player's own
//! reminder (`in:`), and when the next ones come.

use chrono::Duration;

use crate::bot::ground::context::{Ctx, Outcome};
use crate::bot::ground::interval::{self, span};
use crate::bot::ground::reply::{mention, time, Reply};
use crate::bot::life::here::{active_game, seat_in};

/// `/remind every:`: either player sets this game's reminder interval.
pub fn remind(ctx: &Ctx<'_>, every: Option<Duration>) -> Outcome {
    let (game, state) = active_game(ctx)?;
    seat_in(ctx, &game)?;
    ctx.store().set_game_reminder(game.id, every, ctx.now)?;
    let clock = ctx.store().turn_clock(game.id)?;
    let server = ctx.store().guild_settings(&ctx.place.guild)?;
    let mut text = match every {
        Some(_) => format!(
            "{} set the reminders of game #{} to {} (this server's default: {}).",
            mention(ctx.user.id),
            game.id,
            interval::every(every),
            interval::every(server.reminder)
        ),
        None => format!(
            "{} turned the reminders of game #{} off (this server's default: {}).",
            mention(ctx.user.id),
            game.id,
            interval::every(server.reminder)
        ),
    };
    if let (Some(next), Some(seat)) = (clock.turn.next_reminder(&clock.timing), state.awaiting()) {
        text.push_str(&format!(
            " The next one: {}, if {} hasn't moved by then.",
            time(next),
            mention(game.player(seat))
        ));
    }
    Ok(vec![Reply::public(ctx.place, text)])
}

/// `/remind in:`: one reminder for the user, a player of this channel's
/// game, after `after` (issue 15). Asking again moves it; it goes if the
/// game ends first.
pub fn remind_in(ctx: &Ctx<'_>, after: Duration) -> Outcome {
    let (game, _) = active_game(ctx)?;
    seat_in(ctx, &game)?;
    let due = ctx.now + after;
    ctx.store()
        .set_personal_reminder(game.id, ctx.user.id, due, ctx.now)?;
    Ok(vec![Reply::ephemeral(
        ctx.place,
        format!(
            "I'll remind you about game #{} here at {} (in {}), whatever the game's reminders do. /remind in: again moves it; it's dropped if the game ends first.",
            game.id,
            time(due),
            span(after)
        ),
    )])
}

/// `/remind` alone: when this channel's game next reminds its player to
/// move, and the user's own reminder, if any.
pub fn remind_status(ctx: &Ctx<'_>) -> Outcome {
    let (game, state) = active_game(ctx)?;
    let clock = ctx.store().turn_clock(game.id)?;
    let mut text = format!(
        "Game #{}: reminders {}",
        game.id,
        interval::every(clock.timing.every)
    );
    match (clock.turn.next_reminder(&clock.timing), state.awaiting()) {
        (Some(next), Some(seat)) => text.push_str(&format!(
            ", the next at {}, if {} hasn't moved.",
            time(next),
            mention(game.player(seat))
        )),
        _ => text.push('.'),
    }
    match ctx.store().personal_reminder(game.id, ctx.user.id)? {
        Some(due) => text.push_str(&format!(" Your own reminder: at {}.", time(due))),
        None => {
            text.push_str(" /remind every: changes them; /remind in:2h reminds only you, once.")
        }
    }
    Ok(vec![Reply::ephemeral(ctx.place, text)])
}
