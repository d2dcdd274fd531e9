//! The computer opponent (issue 14): the bot's own user plays the games
//! that have a computer ([`crate::games::HostedGame::computer_move`]).
//!
//! - A challenge to the bot (`opponent:` the bot, `level:` 1-10) is
//!   accepted at once and is unrated; the level is kept beside the game.
//! - It plays when a game awaits it ([`crate::bot::hooks::computer`]).
//! - Offers made to it are answered at once ([`crate::bot::play::offers`]).

use tracing::error;

use super::start::{accept_challenge, challenge_lifetime};
use super::threads;
use crate::bot::commands::ChallengeRequest;
use crate::bot::ground::blind;
use crate::bot::ground::context::{refuse, Ctx, Failure, Outcome};
use crate::bot::ground::place::User;
use crate::bot::ground::reply::{mention, Reply};
use crate::games::options::challenge::color_of_seat;
use crate::games::options::UserRef;
use crate::games::Seat;
use crate::store::{GameRow, NewChallenge, Store, UserId};

/// The level when a challenge gives none.
pub const DEFAULT_LEVEL: u8 = 3;

/// The bot's user name in the terminal (`@taktable`).
pub const NAME: &str = "taktable";

/// The level the computer plays at in a game.
pub fn level(store: &Store, game_id: i64) -> u8 {
    match store.computer_level(game_id) {
        Ok(level) => level.unwrap_or(DEFAULT_LEVEL),
        Err(e) => {
            error!("computer: can't read the level of game {game_id}: {e}");
            DEFAULT_LEVEL
        }
    }
}

/// Whether `user` is the computer opponent.
pub fn is_computer(ctx: &Ctx<'_>, user: UserId) -> bool {
    ctx.core.computer().is_some_and(|c| c.id == user)
}

/// The computer's own context, in the channel of `ctx`.
pub fn as_computer<'a>(ctx: &Ctx<'a>, computer: &'a User) -> Ctx<'a> {
    Ctx {
        core: ctx.core,
        place: ctx.place,
        user: computer,
        now: ctx.now,
    }
}

/// A challenge to the computer: posted and accepted at once, unrated, at
/// its level. `None` when the challenge is to someone else (a `level:`
/// without the computer as opponent is refused).
pub fn challenge(ctx: &Ctx<'_>, request: &ChallengeRequest) -> Result<Option<Outcome>, Failure> {
    let computer = match (&request.opponent, ctx.core.computer()) {
        (Some(opponent), Some(computer)) if opponent.id == computer.id => computer,
        _ if request.level.is_some() => {
            return refuse(format!(
                "level: is the bot's strength, for a challenge to the bot itself (opponent:{}); leave it out when you challenge a person.",
                ctx.core.computer().map_or_else(|| format!("@{NAME}"), |c| mention(c.id))
            ))
        }
        _ => return Ok(None),
    };
    let settings = &request.settings;
    if !settings.has_computer() {
        return refuse(format!(
            "{} doesn't play this game itself yet; challenge a person, or leave out opponent for an open challenge.",
            mention(computer.id)
        ));
    }
    let level = request.level.unwrap_or(DEFAULT_LEVEL);
    let new = NewChallenge {
        guild: ctx.place.guild.clone(),
        channel: ctx.place.channel.clone(),
        challenger: ctx.user.id,
        opponent: Some(computer.id),
        settings: settings.clone(),
        color: color_of_seat(request.seat).to_string(),
        rated: false,
        rematch_of: None,
        created_at: ctx.now,
        expires_at: ctx.now + challenge_lifetime(),
        thread: request.thread == Some(true),
        blind: request.blind,
    };
    let id = ctx.store().create_challenge(&new)?;
    let me = mention(ctx.user.id);
    let colours = match request.seat {
        Some(seat) => format!("{me} plays {}.", settings.seat_name(seat)),
        None => "Colours are drawn at random.".to_string(),
    };
    let line = Reply::public(
        ctx.place,
        format!(
            "{me} challenges {} to {}, unrated, level {level}. {colours}{}{}",
            mention(computer.id),
            settings.describe(),
            threads::words(request.thread == Some(true)),
            blind::words(request.blind)
        ),
    );
    let Some(challenge) = ctx.store().challenge(id)? else {
        return refuse("The challenge could not be found.");
    };
    let accepted = accept_challenge(&as_computer(ctx, computer), challenge)?;
    let Some(game) = ctx
        .store()
        .active_game(&ctx.place.guild, &ctx.place.channel)?
    else {
        return refuse("The new game could not be found.");
    };
    ctx.store().set_computer_level(game.id, level)?;
    Ok(Some(Ok(std::iter::once(line).chain(accepted).collect())))
}

/// A rematch of `last` against the computer: a new challenge to it with
/// the same settings and level and the colours swapped, accepted at once.
/// `None` when the opponent of `seat` in `last` is not the computer.
pub fn rematch(ctx: &Ctx<'_>, last: &GameRow, seat: Seat) -> Result<Option<Outcome>, Failure> {
    let Some(computer) = ctx.core.computer() else {
        return Ok(None);
    };
    if last.player(seat.other()) != computer.id {
        return Ok(None);
    }
    let request = ChallengeRequest {
        opponent: Some(UserRef {
            id: computer.id,
            name: computer.name.clone(),
        }),
        settings: last.settings.clone(),
        seat: Some(seat.other()),
        rated: false,
        level: Some(level(ctx.store(), last.id)),
        thread: Some(threads::wanted(ctx, None)?),
        blind: last.blind,
    };
    challenge(ctx, &request)
}

/// How a player is named in a game file: the computer with its level.
pub fn export_name(ctx: &Ctx<'_>, game: &GameRow, user: UserId, name: String) -> String {
    if !is_computer(ctx, user) {
        return name;
    }
    format!("{name} (level {})", level(ctx.store(), game.id))
}
