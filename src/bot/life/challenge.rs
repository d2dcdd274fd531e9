//! Challenges: `/<game> challenge`, the challenge's side of `/accept`,
//! `/decline` and `/cancel` (the offers' side is in [`crate::bot::play`]),
//! `/rematch`, and their expiry after 24 hours.

use chrono::{DateTime, Utc};

use super::here::waiting_challenge;
use super::start::{accept_challenge, challenge_lifetime, rated_word};
use super::{computer, threads};
use crate::bot::commands::ChallengeRequest;
use crate::bot::ground::announce::start_hint;
use crate::bot::ground::blind;
use crate::bot::ground::button_ids;
use crate::bot::ground::context::{refuse, Ctx, Failure, Outcome};
use crate::bot::ground::core::Core;
use crate::bot::ground::place::Place;
use crate::bot::ground::reply::{mention, ButtonStyle, Reply};
use crate::games::options::challenge::color_of_seat;
use crate::store::{ChallengeStatus, NewChallenge, StoreError};

/// The most challenges one member may have waiting in a server at once
/// (each channel holds one: without a cap, one member could hold every
/// channel of a server).
pub const MAX_WAITING: usize = 5;

/// Refuses a challenge from a member who already has [`MAX_WAITING`]
/// challenges waiting in this server.
fn refuse_if_too_many(ctx: &Ctx<'_>) -> Result<(), Failure> {
    let waiting = ctx
        .store()
        .challenges_by(&ctx.place.guild, ctx.user.id, ctx.now)?;
    if waiting.len() >= MAX_WAITING {
        return refuse(format!(
            "You have {} challenges waiting in this server, the most one member may have: /cancel one (in its channel; /games lists them) or wait for an answer.",
            waiting.len()
        ));
    }
    Ok(())
}

fn refuse_if_busy(ctx: &Ctx<'_>) -> Result<(), Failure> {
    let place = ctx.place;
    if let Some(game) = ctx.store().active_game(&place.guild, &place.channel)? {
        return refuse(format!(
            "A game is already in progress in this channel ({} vs {}). One game runs per channel: challenge in another channel, or start a thread and challenge there.",
            mention(game.players[0]),
            mention(game.players[1])
        ));
    }
    if let Some(c) = ctx.store().open_challenge(&place.guild, &place.channel)? {
        // Past its 24 hours it blocks nothing: close it now rather than
        // wait for the scheduler (whose sweep then finds it closed).
        if c.expires_at <= ctx.now {
            ctx.store()
                .close_challenge(c.id, ChallengeStatus::Expired, ctx.now)?;
            return Ok(());
        }
        let whose = if c.challenger == ctx.user.id {
            "your challenge is still waiting here; /cancel it first".to_string()
        } else {
            format!(
                "{}'s challenge is still waiting here; wait for it to be answered, or challenge in another channel or a thread",
                mention(c.challenger)
            )
        };
        return refuse(format!("One challenge at a time per channel: {whose}."));
    }
    Ok(())
}

/// `/tak challenge`, `/takat challenge`.
pub fn challenge(ctx: &Ctx<'_>, request: &ChallengeRequest) -> Outcome {
    if request
        .opponent
        .as_ref()
        .is_some_and(|o| o.id == ctx.user.id)
    {
        return refuse(
            "You can't challenge yourself. Leave out opponent for an open challenge anyone may take.",
        );
    }
    refuse_if_busy(ctx)?;
    let thread = threads::wanted(ctx, request.thread)?;
    let request = &ChallengeRequest {
        thread: Some(thread),
        ..request.clone()
    };
    if let Some(outcome) = computer::challenge(ctx, request)? {
        return outcome;
    }
    refuse_if_too_many(ctx)?;
    let new = NewChallenge {
        guild: ctx.place.guild.clone(),
        channel: ctx.place.channel.clone(),
        challenger: ctx.user.id,
        opponent: request.opponent.as_ref().map(|o| o.id),
        settings: request.settings.clone(),
        color: color_of_seat(request.seat).to_string(),
        rated: request.rated,
        rematch_of: None,
        created_at: ctx.now,
        expires_at: ctx.now + challenge_lifetime(),
        thread,
        blind: request.blind,
    };
    let id = ctx.store().create_challenge(&new)?;
    let me = mention(ctx.user.id);
    let colours = match request.seat {
        Some(seat) => format!("{me} plays {}.", request.settings.seat_name(seat)),
        None => "Colours are drawn at random.".to_string(),
    };
    let what = format!(
        "{}, {}",
        request.settings.describe(),
        rated_word(request.rated && request.settings.can_be_rated())
    );
    let colours = format!(
        "{colours}{}{}",
        threads::words(thread),
        blind::words(request.blind)
    );
    let reply = match &request.opponent {
        Some(opponent) => {
            let them = mention(opponent.id);
            Reply::public(
                ctx.place,
                format!(
                    "{me} challenges {them} to {what}. {colours} {them}: /accept or /decline within 24 hours."
                ),
            )
            .mention([opponent.id])
            .button("Accept", button_ids::challenge_id(id, true), ButtonStyle::Primary)
            .button("Decline", button_ids::challenge_id(id, false), ButtonStyle::Secondary)
        }
        None => Reply::public(
            ctx.place,
            format!(
                "{me} posts an open challenge: {what}. {colours} Anyone may take it with /accept within 24 hours."
            ),
        )
        .button("Accept", button_ids::challenge_id(id, true), ButtonStyle::Primary),
    };
    Ok(vec![reply])
}

/// `/accept` of the challenge waiting here (`only`: the challenge a button
/// names). `None`: no challenge waits here, and no button named one.
pub fn accept(ctx: &Ctx<'_>, only: Option<i64>) -> Result<Option<Vec<Reply>>, Failure> {
    let waiting = waiting_challenge(ctx)?;
    if let Some(id) = only {
        return match waiting {
            Some(c) if c.id == id => accept_challenge(ctx, c).map(Some),
            _ => refuse(button_ids::EXPIRED),
        };
    }
    waiting.map(|c| accept_challenge(ctx, c)).transpose()
}

/// `/decline` of the challenge made to the user here (`only`: the
/// challenge a button names). `None`: no challenge waits here, and no
/// button named one.
pub fn decline(ctx: &Ctx<'_>, only: Option<i64>) -> Result<Option<Vec<Reply>>, Failure> {
    match waiting_challenge(ctx)? {
        Some(c) if only.map_or(true, |id| id == c.id) => {
            if c.challenger == ctx.user.id {
                return refuse("That's your own challenge: /cancel withdraws it.");
            }
            let Some(opponent) = c.opponent else {
                return refuse("Anyone may take an open challenge, so there's nothing to decline; it expires by itself after 24 hours.");
            };
            if opponent != ctx.user.id {
                return refuse(format!(
                    "This challenge is for {}, not for you.",
                    mention(opponent)
                ));
            }
            if !ctx
                .store()
                .close_challenge(c.id, ChallengeStatus::Declined, ctx.now)?
            {
                return refuse(button_ids::EXPIRED);
            }
            Ok(Some(vec![Reply::public(
                ctx.place,
                format!(
                    "{} declines the challenge from {}.",
                    mention(ctx.user.id),
                    mention(c.challenger)
                ),
            )
            .mention([c.challenger])]))
        }
        _ if only.is_some() => refuse(button_ids::EXPIRED),
        _ => Ok(None),
    }
}

/// `/cancel` of the challenge waiting here, by its challenger. `None`: no
/// challenge waits here.
pub fn cancel(ctx: &Ctx<'_>) -> Result<Option<Vec<Reply>>, Failure> {
    if let Some(c) = waiting_challenge(ctx)? {
        if c.challenger != ctx.user.id {
            return refuse(format!(
                "Only {}, who made this challenge, can cancel it.",
                mention(c.challenger)
            ));
        }
        if !ctx
            .store()
            .close_challenge(c.id, ChallengeStatus::Cancelled, ctx.now)?
        {
            return refuse(button_ids::EXPIRED);
        }
        return Ok(Some(vec![Reply::public(
            ctx.place,
            format!("{} withdraws the challenge.", mention(ctx.user.id)),
        )]));
    }
    Ok(None)
}

/// `/rematch`: offers the opponent of the channel's last game a new game
/// with the same settings and colours swapped (`only`: the game a button names).
pub fn rematch(ctx: &Ctx<'_>, only: Option<i64>) -> Outcome {
    let place = ctx.place;
    if ctx
        .store()
        .active_game(&place.guild, &place.channel)?
        .is_some()
    {
        return refuse(
            "A game is in progress in this channel; a rematch can be offered once it's over.",
        );
    }
    let Some(last) = ctx.store().latest_game(&place.guild, &place.channel)? else {
        return refuse(format!(
            "There's no finished game in this channel to rematch. {}",
            start_hint()
        ));
    };
    if only.is_some_and(|id| id != last.id) {
        return refuse(button_ids::EXPIRED);
    }
    let Some(seat) = last.seat_of(ctx.user.id) else {
        return refuse(format!(
            "Only the players of the last game here ({} vs {}) can ask for a rematch.",
            mention(last.players[0]),
            mention(last.players[1])
        ));
    };
    let opponent = last.player(seat.other());
    if let Some(c) = waiting_challenge(ctx)? {
        // Asking for the rematch the opponent already offered takes it,
        // as repeating /draw or /undo accepts (issue 13 item 4).
        if c.rematch_of == Some(last.id) && c.challenger == opponent {
            return accept_challenge(ctx, c);
        }
    }
    refuse_if_busy(ctx)?;
    if let Some(outcome) = computer::rematch(ctx, &last, seat)? {
        return outcome;
    }
    refuse_if_too_many(ctx)?;
    // Colours swapped: the old Player 1 plays Player 2's colour now.
    let color = color_of_seat(Some(seat.other()));
    let thread = threads::wanted(ctx, None)?;
    let new = NewChallenge {
        guild: place.guild.clone(),
        channel: place.channel.clone(),
        challenger: ctx.user.id,
        opponent: Some(opponent),
        settings: last.settings.clone(),
        color: color.to_string(),
        rated: last.rated,
        rematch_of: Some(last.id),
        created_at: ctx.now,
        expires_at: ctx.now + challenge_lifetime(),
        thread,
        blind: last.blind,
    };
    let id = ctx.store().create_challenge(&new)?;
    let them = mention(opponent);
    Ok(vec![Reply::public(
        place,
        format!(
            "{} offers {them} a rematch: {}, {}, colours swapped: {them} plays {}.{}{} {them}: /accept or /decline within 24 hours.",
            mention(ctx.user.id),
            last.settings.describe(),
            rated_word(last.rated),
            last.settings.seat_name(seat),
            threads::words(thread),
            blind::words(last.blind),
        ),
    )
    .mention([opponent])
    .button("Accept", button_ids::challenge_id(id, true), ButtonStyle::Primary)
    .button("Decline", button_ids::challenge_id(id, false), ButtonStyle::Secondary)])
}

/// Closes the challenges whose 24 hours are up and announces it in their channels.
pub fn expire_due(core: &Core, now: DateTime<Utc>) -> Result<Vec<Reply>, StoreError> {
    let mut replies = Vec::new();
    for c in core.store().due_challenges(now)? {
        let place = Place {
            guild: c.guild.clone(),
            channel: c.channel.clone(),
        };
        let closed = core.in_channel(&place, || {
            core.store()
                .close_challenge(c.id, ChallengeStatus::Expired, now)
        })?;
        if !closed {
            continue;
        }
        let text = match c.opponent {
            Some(opponent) => format!(
                "The challenge from {} to {} has expired (challenges wait 24 hours).",
                mention(c.challenger),
                mention(opponent)
            ),
            None => format!(
                "The open challenge from {} has expired (challenges wait 24 hours).",
                mention(c.challenger)
            ),
        };
        replies.push(Reply::public(&place, text).mention([c.challenger]));
    }
    Ok(replies)
}
