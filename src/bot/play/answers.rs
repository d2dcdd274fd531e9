//! `/accept`, `/decline` and `/cancel` answer what waits in this channel:
//! a challenge first ([`crate::bot::life::challenge`]), else an offer of
//! the game in progress ([`super::offers`]).

use super::offers::{answer_pending, withdraw};
use crate::bot::ground::announce::start_hint;
use crate::bot::ground::context::{refuse, Ctx, Outcome};
use crate::bot::life::challenge;

/// `/accept`: takes the challenge waiting here (`only`: the challenge a
/// button names), or else accepts a draw offer or undo request made to the user.
pub fn accept(ctx: &Ctx<'_>, only: Option<i64>) -> Outcome {
    if let Some(replies) = challenge::accept(ctx, only)? {
        return Ok(replies);
    }
    match answer_pending(ctx, true, None)? {
        Some(replies) => Ok(replies),
        None => refuse(format!(
            "There's no challenge waiting for you in this channel. {}",
            start_hint()
        )),
    }
}

/// `/decline`: refuses the challenge made to the user here (`only`: the
/// challenge a button names), or else the draw offer or undo request made
/// to them.
pub fn decline(ctx: &Ctx<'_>, only: Option<i64>) -> Outcome {
    if let Some(replies) = challenge::decline(ctx, only)? {
        return Ok(replies);
    }
    match answer_pending(ctx, false, None)? {
        Some(replies) => Ok(replies),
        None => refuse("There's nothing waiting for your answer in this channel."),
    }
}

/// `/cancel`: the challenger withdraws their challenge (or a player their
/// own draw offer or undo request).
pub fn cancel(ctx: &Ctx<'_>) -> Outcome {
    if let Some(replies) = challenge::cancel(ctx)? {
        return Ok(replies);
    }
    match withdraw(ctx)? {
        Some(replies) => Ok(replies),
        None => refuse("You have no challenge or offer to cancel in this channel."),
    }
}
