//! Offers between the players of a game: `/draw` (offer, or accept the
//! opponent's offer) and `/undo` (ask to take back your own last move and
//! the reply after it, or accept the opponent's request). An offer holds for the game version it was made
//! at, so it lapses as soon as a move is made.

use crate::bot::ground::announce::{game_over_reply, to_move_line};
use crate::bot::ground::board::board_image;
use crate::bot::ground::button_ids;
use crate::bot::ground::context::{refuse, Ctx, Failure, Outcome};
use crate::bot::ground::notify::your_move_dm;
use crate::bot::ground::reply::{mention, word_list, ButtonStyle, Reply};
use crate::bot::life::computer::{as_computer, is_computer};
use crate::bot::life::here::{active_game, seat_in};
use crate::games::{GameState, Seat, DRAW_RESULT};
use crate::store::{Finish, GameRow, GameStatus, OfferKind};

/// `/draw`. `only`: the game version a button was made for.
pub fn draw(ctx: &Ctx<'_>, only: Option<i64>) -> Outcome {
    let (game, _state) = active_game(ctx)?;
    let seat = seat_in(ctx, &game)?;
    if only.is_some_and(|v| v != game.version) {
        return refuse(button_ids::EXPIRED);
    }
    let opponent = game.player(seat.other());
    match ctx.store().offer(game.id, OfferKind::Draw, game.version)? {
        Some(offer) if offer.seat == seat => refuse(format!(
            "You've already offered a draw; it's up to {} to accept it with /draw.",
            mention(opponent)
        )),
        Some(_) => {
            let finish = Finish {
                status: GameStatus::Finished,
                result: DRAW_RESULT.to_string(),
                winner: None,
                reason: "agreement".to_string(),
            };
            ctx.store()
                .end_game(game.id, game.version, &finish, ctx.now)?;
            Ok(vec![game_over_reply(
                ctx,
                &game,
                format!(
                    "{} accepts the draw offer. The game is drawn by agreement, {DRAW_RESULT}.",
                    mention(ctx.user.id)
                ),
            )])
        }
        None if only.is_some() => refuse(button_ids::EXPIRED),
        None => {
            ctx.store()
                .set_offer(game.id, OfferKind::Draw, seat, game.version, ctx.now)?;
            let offer = offer_reply(
                ctx,
                &game,
                OfferKind::Draw,
                format!(
                    "{} offers a draw. {}: /draw accepts, /decline refuses. The offer lapses when a move is made.",
                    mention(ctx.user.id),
                    mention(opponent)
                ),
            );
            let answer = computer_answer(ctx, &game, OfferKind::Draw)?;
            Ok(std::iter::once(offer).chain(answer).collect())
        }
    }
}

/// The moves an undo asked for by `seat` takes back: from that seat's last
/// move to the end (its own move and whatever the opponent played after
/// it, issue 13 item 3). `None`: the seat has made no move yet.
fn undo_span(ctx: &Ctx<'_>, game: &GameRow, seat: Seat) -> Result<Option<usize>, Failure> {
    let moves = ctx.store().moves(game.id)?;
    Ok(moves.iter().rposition(|m| m.seat == seat))
}

/// "c3" or "c3 and @bob's reply b3" (or "replies b3, c2").
fn undo_words(game: &GameRow, seat: Seat, taken: &[String]) -> String {
    let Some((own, replies)) = taken.split_first() else {
        return String::new();
    };
    match replies {
        [] => own.clone(),
        [one] => format!(
            "{own} and {}'s reply {one}",
            mention(game.player(seat.other()))
        ),
        more => format!(
            "{own} and {}'s replies {}",
            mention(game.player(seat.other())),
            more.join(", ")
        ),
    }
}

/// `/undo`: asks to take back your own last move (and the opponent's reply
/// after it, if any); the opponent's `/undo` accepts. `only`: the game
/// version a button was made for.
pub fn undo(ctx: &Ctx<'_>, only: Option<i64>) -> Outcome {
    let (game, state) = active_game(ctx)?;
    let seat = seat_in(ctx, &game)?;
    if only.is_some_and(|v| v != game.version) {
        return refuse(button_ids::EXPIRED);
    }
    if let Some(why) = game.settings.no_takeback() {
        return refuse(format!("Moves of this game can't be taken back: {why}."));
    }
    let actions = state.actions();
    let opponent = game.player(seat.other());
    match ctx.store().offer(game.id, OfferKind::Undo, game.version)? {
        Some(offer) if offer.seat == seat => refuse(format!(
            "You've already asked to take back your last move; it's up to {} to accept with /undo.",
            mention(opponent)
        )),
        Some(offer) => {
            let asker = offer.seat;
            let Some(from) = undo_span(ctx, &game, asker)? else {
                return refuse(button_ids::EXPIRED);
            };
            let before = GameState::replay(&game.settings, &actions[..from])
                .map_err(|e| Failure::User(e.to_string()))?;
            // One move at a time, each against the version the last left,
            // all under this channel's lock.
            let mut version = game.version;
            for _ in from..actions.len() {
                version = ctx
                    .store()
                    .take_back(game.id, version, &before.snapshot(), ctx.now)?;
            }
            let taken = &actions[from..];
            let words = word_list(&taken.iter().map(String::as_str).collect::<Vec<_>>(), "and");
            let verb = if taken.len() == 1 { "is" } else { "are" };
            let next = before
                .awaiting()
                .map(|s| game.player(s))
                .into_iter()
                .collect::<Vec<_>>();
            let dm = your_move_dm(
                ctx,
                &game,
                &before,
                &format!(
                    "{words} {} taken back.",
                    if taken.len() == 1 { "was" } else { "were" }
                ),
            )?;
            let reply = Reply::public(
                ctx.place,
                format!(
                    "{} accepts: {words} {verb} taken back. {}",
                    mention(ctx.user.id),
                    to_move_line(&game, &before),
                ),
            )
            .mention(next)
            .with_image(board_image(ctx, &game, &before));
            Ok(std::iter::once(reply).chain(dm).collect())
        }
        None if only.is_some() => refuse(button_ids::EXPIRED),
        None => {
            let Some(from) = undo_span(ctx, &game, seat)? else {
                return refuse(
                    "You haven't made a move yet, so there's nothing of yours to take back.",
                );
            };
            ctx.store()
                .set_offer(game.id, OfferKind::Undo, seat, game.version, ctx.now)?;
            let offer = offer_reply(
                ctx,
                &game,
                OfferKind::Undo,
                format!(
                    "{} asks to take back their move {}. {}: /undo accepts, /decline refuses. The request lapses when a move is made.",
                    mention(ctx.user.id),
                    undo_words(&game, seat, &actions[from..]),
                    mention(opponent)
                ),
            );
            let answer = computer_answer(ctx, &game, OfferKind::Undo)?;
            Ok(std::iter::once(offer).chain(answer).collect())
        }
    }
}

/// What a move made now cancels: the pending draw offer and undo request,
/// said after the move ("@bob's undo request lapses."). Empty when none.
pub fn lapsing(ctx: &Ctx<'_>, game: &GameRow) -> Result<String, Failure> {
    let mut words = String::new();
    for (kind, what) in [
        (OfferKind::Draw, "draw offer"),
        (OfferKind::Undo, "request to take back a move"),
    ] {
        if let Some(offer) = ctx.store().offer(game.id, kind, game.version)? {
            words.push_str(&format!(
                " {}'s {what} lapses with this move.",
                mention(game.player(offer.seat))
            ));
        }
    }
    Ok(words)
}

fn offer_reply(ctx: &Ctx<'_>, game: &GameRow, kind: OfferKind, text: String) -> Reply {
    let seat = game
        .seat_of(ctx.user.id)
        .unwrap_or(crate::games::Seat::Player1);
    Reply::public(ctx.place, text)
        .mention([game.player(seat.other())])
        .button(
            "Accept",
            button_ids::offer_id(kind, game.id, game.version, true),
            ButtonStyle::Primary,
        )
        .button(
            "Decline",
            button_ids::offer_id(kind, game.id, game.version, false),
            ButtonStyle::Secondary,
        )
}

/// Answers an offer the opponent made to the user in this channel's game
/// (a draw offer first, then an undo request; `kind` picks one). `None`
/// when there is no such offer.
pub fn answer_pending(
    ctx: &Ctx<'_>,
    accept: bool,
    kind: Option<OfferKind>,
) -> Result<Option<Vec<Reply>>, Failure> {
    let place = ctx.place;
    let Some(game) = ctx.store().active_game(&place.guild, &place.channel)? else {
        return Ok(None);
    };
    let Some(seat) = game.seat_of(ctx.user.id) else {
        return Ok(None);
    };
    let kinds = match kind {
        Some(kind) => vec![kind],
        None => vec![OfferKind::Draw, OfferKind::Undo],
    };
    for kind in kinds {
        let Some(offer) = ctx.store().offer(game.id, kind, game.version)? else {
            continue;
        };
        if offer.seat == seat {
            continue;
        }
        if accept {
            return match kind {
                OfferKind::Draw => draw(ctx, None),
                OfferKind::Undo => undo(ctx, None),
            }
            .map(Some);
        }
        ctx.store().clear_offer(game.id, kind)?;
        let what = match kind {
            OfferKind::Draw => "the draw offer",
            OfferKind::Undo => "the request to take back a move",
        };
        return Ok(Some(vec![Reply::public(
            place,
            format!("{} declines {what}.", mention(ctx.user.id)),
        )
        .mention([game.player(offer.seat)])]));
    }
    Ok(None)
}

/// Withdraws the user's own pending offers in this channel's game.
pub fn withdraw(ctx: &Ctx<'_>) -> Result<Option<Vec<Reply>>, Failure> {
    let place = ctx.place;
    let Some(game) = ctx.store().active_game(&place.guild, &place.channel)? else {
        return Ok(None);
    };
    let Some(seat) = game.seat_of(ctx.user.id) else {
        return Ok(None);
    };
    let mut withdrawn = Vec::new();
    for (kind, what) in [
        (OfferKind::Draw, "draw offer"),
        (OfferKind::Undo, "undo request"),
    ] {
        if let Some(offer) = ctx.store().offer(game.id, kind, game.version)? {
            if offer.seat == seat {
                ctx.store().clear_offer(game.id, kind)?;
                withdrawn.push(what);
            }
        }
    }
    if withdrawn.is_empty() {
        return Ok(None);
    }
    Ok(Some(vec![Reply::public(
        place,
        format!(
            "{} withdraws the {}.",
            mention(ctx.user.id),
            withdrawn.join(" and the ")
        ),
    )]))
}

/// The computer's answer to an offer just made to it in `game`: an undo
/// request is accepted (and when that leaves the computer to move, the
/// challenger's move before it goes too, so the challenger moves again);
/// a draw offer is accepted only when it judges its position worse.
fn computer_answer(ctx: &Ctx<'_>, game: &GameRow, kind: OfferKind) -> Outcome {
    let Some(seat) = game.seat_of(ctx.user.id) else {
        return Ok(Vec::new());
    };
    let Some(computer) = ctx.core.computer() else {
        return Ok(Vec::new());
    };
    if !is_computer(ctx, game.player(seat.other())) {
        return Ok(Vec::new());
    }
    let me = as_computer(ctx, computer);
    match kind {
        OfferKind::Draw => {
            let state = ctx.core.position(game)?;
            let worse = state
                .computer_judgement(seat.other())
                .is_some_and(|score| score < 0);
            if worse {
                draw(&me, None)
            } else {
                Ok(answer_pending(&me, false, Some(OfferKind::Draw))?.unwrap_or_default())
            }
        }
        OfferKind::Undo => {
            let mut replies = undo(&me, None)?;
            let Some(now) = ctx.store().game(game.id)? else {
                return Ok(replies);
            };
            let state = ctx.core.position(&now)?;
            if state.awaiting() == Some(seat.other()) && state.action_count() > 0 {
                ctx.store()
                    .set_offer(now.id, OfferKind::Undo, seat, now.version, ctx.now)?;
                replies.extend(undo(&me, None)?);
            }
            Ok(replies)
        }
    }
}
