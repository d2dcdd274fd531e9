//! Places that vanish (issue 40): a channel or thread deleted, or one the
//! bot may no longer post in. Its game must not stay "your move" for ever
//! where nobody can reach it:
//! - a game in a thread the bot opened goes on in the thread's parent
//!   channel, if that channel has no game in progress;
//! - otherwise a game before two moves each is aborted (no result,
//!   unrated, as a player may abort it then);
//! - a longer game is set aside: still in progress, not lost, nothing
//!   posted about it any more. Its players may `/resign`, `/claim` (once
//!   the timeout has passed, as anywhere) or `/abort` it with `game:` from
//!   any channel of the server.
//!
//! Its players are told by direct message (their `/notify` choice does not
//! matter: nothing else would tell them).

use tracing::error;

use crate::bot::ground::announce::to_move_line;
use crate::bot::ground::board::board_image;
use crate::bot::ground::context::{Ctx, Failure};
use crate::bot::ground::core::Core;
use crate::bot::ground::place::{Place, NOBODY};
use crate::bot::ground::reply::{channel_mention, mention, Reply};
use crate::store::{Finish, GameRow};

/// Why a place can no longer be written to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlaceLost {
    /// The channel or thread was deleted.
    Gone,
    /// The bot may no longer post there (a permission was taken away).
    Forbidden,
}

impl PlaceLost {
    fn words(self) -> &'static str {
        match self {
            PlaceLost::Gone => "was deleted",
            PlaceLost::Forbidden => "no longer lets the bot post",
        }
    }
}

/// Settles the game of `place`, which can no longer be written to: what to
/// post (in the parent channel, and by direct message to the players).
pub fn place_lost(core: &Core, place: &Place, lost: PlaceLost) -> Vec<Reply> {
    let settled = core.in_channel(place, || -> Result<Vec<Reply>, Failure> {
        let Some(game) = core.store().active_game(&place.guild, &place.channel)? else {
            return Ok(Vec::new());
        };
        let ctx = Ctx {
            core,
            place,
            user: &NOBODY,
            now: core.now(),
        };
        if let Some(replies) = move_to_parent(&ctx, &game, lost)? {
            return Ok(replies);
        }
        let what = format!(
            "Game #{} ({} vs {}) can't go on: its channel {} {}.",
            game.id,
            mention(game.players[0]),
            mention(game.players[1]),
            channel_mention(place),
            lost.words()
        );
        let told = if core.store().two_moves_each(game.id)? {
            core.store()
                .set_game_aside(game.id, lost.words(), ctx.now)?;
            format!(
                "{what} It is set aside, not lost: from any channel of the server, either of you may `/resign game:{id}`, or `/abort game:{id}` it (no result, unrated); once the timeout has passed for the player to move, the other may `/claim game:{id}`.",
                id = game.id
            )
        } else {
            core.store().end_game(
                game.id,
                game.version,
                &Finish::aborted(&format!("its channel {}", lost.words())),
                ctx.now,
            )?;
            format!("{what} It was aborted before two moves each: it has no result and is unrated.")
        };
        Ok(game
            .players
            .iter()
            .map(|player| Reply::direct(*player, told.clone()))
            .collect())
    });
    settled.unwrap_or_else(|failure| {
        error!(channel = %place.channel, "could not settle a lost channel's game: {failure:?}");
        Vec::new()
    })
}

/// A game in a thread the bot opened goes on in the parent channel, with its
/// board and who is to move; `None` when it has no thread or the parent has
/// a game in progress.
fn move_to_parent(
    ctx: &Ctx<'_>,
    game: &GameRow,
    lost: PlaceLost,
) -> Result<Option<Vec<Reply>>, Failure> {
    let Some(thread) = ctx.store().game_thread(game.id)? else {
        return Ok(None);
    };
    if thread.thread.as_deref() != Some(ctx.place.channel.as_str())
        || thread.parent == ctx.place.channel
    {
        return Ok(None);
    }
    let parent = Place {
        guild: game.guild.clone(),
        channel: thread.parent.clone(),
    };
    if !ctx.store().move_game_to_channel(game.id, &parent.channel)? {
        return Ok(None);
    }
    let state = ctx.core.position(game)?;
    let moved = GameRow {
        channel: parent.channel.clone(),
        ..game.clone()
    };
    let text = format!(
        "Game #{}'s thread {}, so it goes on here. {}",
        game.id,
        lost.words(),
        to_move_line(&moved, &state)
    );
    let at = Ctx {
        place: &parent,
        ..*ctx
    };
    let board = board_image(&at, &moved, &state);
    Ok(Some(vec![Reply::public(&parent, text)
        .mention(moved.players)
        .with_image(board)]))
}
