//! The direct message that tells a player it is their move, and the words
//! that name a game and its last move in such messages.

use chrono::{DateTime, Utc};

use super::context::{Ctx, Failure};
use super::interval::span;
use super::reply::{channel_mention, mention, Reply};
use crate::games::GameState;
use crate::store::GameRow;

/// "Tak 5x5": the first part of a game's description.
pub fn short_name(game: &GameRow) -> String {
    let description = game.settings.describe();
    description
        .split(',')
        .next()
        .unwrap_or(&description)
        .to_string()
}

/// The direct message telling a player it is their move, if they opted in
/// (and did not make the move themselves). `what`: what just happened.
pub fn your_move_dm(
    ctx: &Ctx<'_>,
    game: &GameRow,
    state: &GameState,
    what: &str,
) -> Result<Option<Reply>, Failure> {
    let Some(seat) = state.awaiting() else {
        return Ok(None);
    };
    let player = game.player(seat);
    if player == ctx.user.id || !ctx.store().dm_enabled(player)? {
        return Ok(None);
    }
    Ok(Some(Reply::direct(
        player,
        format!(
            "It's your move in {} (game #{} against {}, {}): {what}",
            channel_mention(ctx.place),
            game.id,
            mention(game.player(seat.other())),
            short_name(game)
        ),
    )))
}

/// "the last move was 1 day ago" / "the game started 3 hours ago".
pub fn since_text(state: &GameState, since: DateTime<Utc>, now: DateTime<Utc>) -> String {
    let ago = span(now - since);
    if state.action_count() == 0 {
        format!("the game started {ago} ago")
    } else {
        format!("the last move was {ago} ago")
    }
}
