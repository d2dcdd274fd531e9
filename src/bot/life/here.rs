//! The game played here, or the refusal a command that needs one gives:
//! where the user's game is when it runs in a thread, the challenge waiting
//! here, or how to start one.

use super::threads::{pointer, Pointer};
use crate::bot::ground::announce::start_hint;
use crate::bot::ground::context::{refuse, Ctx, Failure};
use crate::bot::ground::interval::span;
use crate::bot::ground::reply::mention;
use crate::games::{GameState, Seat};
use crate::store::{Challenge, ChallengeStatus, GameRow, GameStatus};

/// The game in progress here, or a refusal that says how to start one.
pub fn active_game(ctx: &Ctx<'_>) -> Result<(GameRow, GameState), Failure> {
    let Some(game) = ctx
        .store()
        .active_game(&ctx.place.guild, &ctx.place.channel)?
    else {
        return Err(Failure::User(no_game_here(ctx)?));
    };
    let state = ctx.core.position(&game)?;
    Ok((game, state))
}

/// The game a command acts on: game `number` of this server, which the
/// user plays, wherever it is (`game:` on /resign, /abort, /claim: a game
/// set aside when its channel was deleted, issue 40); without a number,
/// the game here.
pub fn chosen_game(ctx: &Ctx<'_>, number: Option<i64>) -> Result<(GameRow, GameState), Failure> {
    let Some(id) = number else {
        return active_game(ctx);
    };
    let Some(game) = ctx.store().game(id)? else {
        return refuse(format!("There's no game #{id}: /games lists yours."));
    };
    if game.guild != ctx.place.guild {
        return refuse(format!(
            "Game #{id} is not a game of this server: use the command in its own server."
        ));
    }
    if game.seat_of(ctx.user.id).is_none() {
        return refuse(format!(
            "You're not playing in game #{id} ({} vs {}).",
            mention(game.players[0]),
            mention(game.players[1])
        ));
    }
    if game.status != GameStatus::Active {
        return refuse(format!(
            "Game #{id} is already over: /info game:{id} shows how it ended."
        ));
    }
    let state = ctx.core.position(&game)?;
    Ok((game, state))
}

/// The invoking user's seat, or a refusal for a bystander.
pub fn seat_in(ctx: &Ctx<'_>, game: &GameRow) -> Result<Seat, Failure> {
    game.seat_of(ctx.user.id).map_or_else(
        || {
            refuse(format!(
                "You're not playing in this game ({} vs {}).",
                mention(game.players[0]),
                mention(game.players[1])
            ))
        },
        Ok,
    )
}

/// The challenge waiting here, if it is still open by the clock (an expired
/// one is closed on the spot).
pub fn waiting_challenge(ctx: &Ctx<'_>) -> Result<Option<Challenge>, Failure> {
    let place = ctx.place;
    let Some(c) = ctx.store().open_challenge(&place.guild, &place.channel)? else {
        return Ok(None);
    };
    if c.expires_at <= ctx.now {
        ctx.store()
            .close_challenge(c.id, ChallengeStatus::Expired, ctx.now)?;
        return Ok(None);
    }
    Ok(Some(c))
}

/// What to say when a command needs a game and none runs here: the
/// challenge waiting here and what the user can do about it (issue 13
/// item 5), or else how to start one.
pub fn no_game_here(ctx: &Ctx<'_>) -> Result<String, Failure> {
    // Issue 15: the user's game may be in a thread opened from here.
    let threads = match pointer(ctx)? {
        Some(Pointer::Mine(mine)) => {
            return Ok(format!("There's no game in this channel itself. {mine}"))
        }
        Some(Pointer::Others(threads)) => Some(threads),
        None => None,
    };
    let Some(c) = waiting_challenge(ctx)? else {
        if let Some(threads) = threads {
            return Ok(format!(
                "There's no game in this channel itself. {threads} {}",
                start_hint()
            ));
        }
        return Ok(format!("There's no game in this channel. {}", start_hint()));
    };
    let what = short_challenge(&c);
    let left = span(c.expires_at - ctx.now);
    let me = ctx.user.id;
    let text = match (c.challenger == me, c.opponent) {
        (true, Some(opponent)) => format!(
            "Your challenge to {} ({what}) is waiting for their answer; it expires in {left}. /cancel withdraws it.",
            mention(opponent)
        ),
        (true, None) => format!(
            "Your open challenge ({what}) is waiting for someone to /accept it; it expires in {left}. /cancel withdraws it."
        ),
        (false, None) => format!(
            "{}'s open challenge ({what}) is waiting: anyone may take it with /accept. It expires in {left}.",
            mention(c.challenger)
        ),
        (false, Some(opponent)) if opponent == me => format!(
            "{} challenges you ({what}): /accept starts the game, /decline refuses it. It expires in {left}.",
            mention(c.challenger)
        ),
        (false, Some(opponent)) => format!(
            "{}'s challenge to {} ({what}) is waiting for an answer.",
            mention(c.challenger),
            mention(opponent)
        ),
    };
    Ok(format!("There's no game in this channel yet. {text}"))
}

/// "Tak 5x5, rated": a challenge in a few words.
pub fn short_challenge(c: &Challenge) -> String {
    let description = c.settings.describe();
    let name = description.split(',').next().unwrap_or(&description);
    let rated = c.rated && c.settings.can_be_rated();
    format!("{name}, {}", if rated { "rated" } else { "unrated" })
}
