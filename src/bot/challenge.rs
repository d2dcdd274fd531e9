//! Challenges: `/tak challenge`, `/takat challenge`, `/accept`, `/decline`, `/cancel`,
//! `/rematch`, and their expiry after 24 hours.

use chrono::{DateTime, Duration, Utc};

use super::commands::ChallengeRequest;
use super::reply::{mention, ButtonStyle, Reply};
use super::threads::Pointer;
use super::{button_ids, offers, player_label, refuse, to_move_line, Bot, Ctx, Outcome};
use crate::games::options::challenge::{color_of_seat, seat_of_color};
use crate::games::{GameState, Seat};
use crate::store::{Challenge, ChallengeStatus, NewChallenge, NewGame, StoreError, UserId};

/// How long a challenge waits for an answer.
pub fn challenge_lifetime() -> Duration {
    Duration::hours(24)
}

fn rated_word(rated: bool) -> &'static str {
    if rated {
        "rated"
    } else {
        "unrated"
    }
}

fn refuse_if_busy(ctx: &Ctx<'_>) -> Result<(), super::Failure> {
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
    let thread = super::threads::wanted(ctx, request.thread)?;
    let request = &ChallengeRequest {
        thread: Some(thread),
        ..request.clone()
    };
    if let Some(outcome) = super::computer::challenge(ctx, request)? {
        return outcome;
    }
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
        super::threads::words(thread),
        super::blind::words(request.blind)
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

/// The challenge waiting here, if it is still open by the clock (an expired
/// one is closed on the spot).
pub(super) fn waiting_challenge(ctx: &Ctx<'_>) -> Result<Option<Challenge>, super::Failure> {
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
pub fn no_game_here(ctx: &Ctx<'_>) -> Result<String, super::Failure> {
    // Issue 15: the user's game may be in a thread opened from here.
    let threads = match super::threads::pointer(ctx)? {
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
                super::start_hint()
            ));
        }
        return Ok(format!(
            "There's no game in this channel. {}",
            super::start_hint()
        ));
    };
    let what = super::correspondence::short_challenge(&c);
    let left = super::interval::span(c.expires_at - ctx.now);
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

/// `/accept`: takes the challenge waiting here (`only`: the challenge a
/// button names), or else accepts a draw offer or undo request made to the user.
pub fn accept(ctx: &Ctx<'_>, only: Option<i64>) -> Outcome {
    let waiting = waiting_challenge(ctx)?;
    if let Some(id) = only {
        return match waiting {
            Some(c) if c.id == id => accept_challenge(ctx, c),
            _ => refuse(button_ids::EXPIRED),
        };
    }
    match waiting {
        Some(c) => accept_challenge(ctx, c),
        None => match offers::answer_pending(ctx, true, None)? {
            Some(replies) => Ok(replies),
            None => refuse(format!(
                "There's no challenge waiting for you in this channel. {}",
                super::start_hint()
            )),
        },
    }
}

/// A stable, fair coin for `color:random`: derived from the challenge and
/// the two players, so a transcript replays identically.
fn challenger_gets_white(c: &Challenge, acceptor: UserId) -> bool {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in format!("{}:{}:{}", c.id, c.challenger, acceptor).bytes() {
        hash ^= byte as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    (hash >> 32) & 1 == 0
}

pub(super) fn accept_challenge(ctx: &Ctx<'_>, c: Challenge) -> Outcome {
    if c.challenger == ctx.user.id {
        return refuse("You can't accept your own challenge. /cancel withdraws it.");
    }
    if let Some(opponent) = c.opponent {
        if opponent != ctx.user.id {
            return refuse(format!(
                "This challenge is for {}, not for you.",
                mention(opponent)
            ));
        }
    }
    let challenger_white = match seat_of_color(&c.color) {
        Some(seat) => seat == Seat::Player1,
        None => challenger_gets_white(&c, ctx.user.id),
    };
    let players = if challenger_white {
        [c.challenger, ctx.user.id]
    } else {
        [ctx.user.id, c.challenger]
    };
    let state = GameState::new(&c.settings).map_err(|e| super::Failure::User(e.to_string()))?;
    let new = NewGame {
        guild: c.guild.clone(),
        channel: c.channel.clone(),
        settings: c.settings.clone(),
        players,
        rated: crate::store::ratings::counts_for_rating(&c.settings, players, c.rated),
        snapshot: state.snapshot(),
        created_at: ctx.now,
        blind: c.blind,
    };
    let id = match ctx.store().accept_challenge(c.id, &new) {
        Err(StoreError::Stale) => {
            return refuse("Someone else answered that challenge first; it is no longer open.")
        }
        other => other?,
    };
    let game = ctx
        .store()
        .game(id)?
        .ok_or_else(|| super::Failure::User("The new game could not be found.".into()))?;
    let accepts = format!("{} accepts.", mention(ctx.user.id));
    if let Some(thread) = super::threads::note_start(ctx, &c, &game)? {
        // The game starts in its thread, once the adapter has opened it.
        let text = format!(
            "{accepts} Game #{id}: {} vs {}, {}, {}. It is played in a thread of its own, \"{}\".",
            player_label(&game, Seat::Player1),
            player_label(&game, Seat::Player2),
            game.settings.describe(),
            rated_word(game.rated),
            thread.name,
        );
        return Ok(vec![Reply::public(ctx.place, text).with_thread(thread)]);
    }
    start_replies(ctx, &game, &state, accepts)
}

/// The start of a game, at `ctx.place`: `lead`, then who plays whom and
/// how, who is to move, the board, and the player to move's direct message.
pub(super) fn start_replies(
    ctx: &Ctx<'_>,
    game: &crate::store::GameRow,
    state: &GameState,
    lead: String,
) -> Outcome {
    let to_move = state.awaiting().unwrap_or(Seat::Player1);
    let text = format!(
        "{lead} Game #{}: {} vs {}, {}, {}.{}\n{} Move with /move, e.g. /move notation:{}.",
        game.id,
        player_label(game, Seat::Player1),
        player_label(game, Seat::Player2),
        game.settings.describe(),
        rated_word(game.rated),
        super::blind::words(game.blind),
        to_move_line(game, state),
        game.settings.example_action(),
    );
    let dm = super::correspondence::your_move_dm(ctx, game, state, "the game has started.")?;
    let reply = Reply::public(ctx.place, text)
        .mention([game.player(to_move)])
        .with_image(super::board::board_image(ctx, game, state));
    Ok(std::iter::once(reply).chain(dm).collect())
}

/// `/decline`: refuses the challenge made to the user here, or else the
/// draw offer or undo request made to them.
pub fn decline(ctx: &Ctx<'_>, only: Option<i64>) -> Outcome {
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
            Ok(vec![Reply::public(
                ctx.place,
                format!(
                    "{} declines the challenge from {}.",
                    mention(ctx.user.id),
                    mention(c.challenger)
                ),
            )
            .mention([c.challenger])])
        }
        _ if only.is_some() => refuse(button_ids::EXPIRED),
        _ => match offers::answer_pending(ctx, false, None)? {
            Some(replies) => Ok(replies),
            None => refuse("There's nothing waiting for your answer in this channel."),
        },
    }
}

/// `/cancel`: the challenger withdraws their challenge (or a player their
/// own draw offer or undo request).
pub fn cancel(ctx: &Ctx<'_>) -> Outcome {
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
        return Ok(vec![Reply::public(
            ctx.place,
            format!("{} withdraws the challenge.", mention(ctx.user.id)),
        )]);
    }
    match offers::withdraw(ctx)? {
        Some(replies) => Ok(replies),
        None => refuse("You have no challenge or offer to cancel in this channel."),
    }
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
            super::start_hint()
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
    if let Some(outcome) = super::computer::rematch(ctx, &last, seat)? {
        return outcome;
    }
    // Colours swapped: the old Player 1 plays Player 2's colour now.
    let color = color_of_seat(Some(seat.other()));
    let thread = super::threads::wanted(ctx, None)?;
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
            super::threads::words(thread),
            super::blind::words(last.blind),
        ),
    )
    .mention([opponent])
    .button("Accept", button_ids::challenge_id(id, true), ButtonStyle::Primary)
    .button("Decline", button_ids::challenge_id(id, false), ButtonStyle::Secondary)])
}

/// Closes the challenges whose 24 hours are up and announces it in their channels.
pub fn expire_due(bot: &Bot, now: DateTime<Utc>) -> Result<Vec<Reply>, crate::store::StoreError> {
    let mut replies = Vec::new();
    for c in bot.store().due_challenges(now)? {
        let place = super::Place {
            guild: c.guild.clone(),
            channel: c.channel.clone(),
        };
        let closed = bot.in_channel(&place, || {
            bot.store()
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
