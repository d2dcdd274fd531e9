//! Buttons. Every button is a shortcut for a command: its custom id names
//! the challenge or game (and the game version) it was made for, and a press
//! runs the matching command with the same checks. A press on a button whose
//! offer is gone is answered "This offer has expired."; a press by someone
//! the button is not meant for, "This is not for you." (both ephemeral).
//!
//! The custom ids are written and read by [`super::button_ids`].

use super::button_ids::{parse, Press, EXPIRED, NOT_FOR_YOU};
use super::{challenge, offers, refuse, Ctx, Outcome};
use crate::store::{ChallengeStatus, GameStatus, OfferKind};

/// Runs a button press as its command.
pub fn press(ctx: &Ctx<'_>, custom_id: &str) -> Outcome {
    let Some(press) = parse(custom_id) else {
        return refuse(EXPIRED);
    };
    let here =
        |guild: &str, channel: &str| guild == ctx.place.guild && channel == ctx.place.channel;
    let me = ctx.user.id;
    match press {
        Press::Challenge { id, accept } => {
            let Some(c) = ctx.store().challenge(id)? else {
                return refuse(EXPIRED);
            };
            if c.status != ChallengeStatus::Open
                || c.expires_at <= ctx.now
                || !here(&c.guild, &c.channel)
            {
                return refuse(EXPIRED);
            }
            let for_me = if accept {
                c.challenger != me && c.opponent.map_or(true, |o| o == me)
            } else {
                c.opponent == Some(me)
            };
            if !for_me {
                return refuse(NOT_FOR_YOU);
            }
            if accept {
                challenge::accept(ctx, Some(id))
            } else {
                challenge::decline(ctx, Some(id))
            }
        }
        Press::Offer {
            kind,
            game,
            version,
            accept,
        } => {
            let Some(row) = ctx.store().game(game)? else {
                return refuse(EXPIRED);
            };
            if row.status != GameStatus::Active
                || row.version != version
                || !here(&row.guild, &row.channel)
            {
                return refuse(EXPIRED);
            }
            let Some(offer) = ctx.store().offer(game, kind, version)? else {
                return refuse(EXPIRED);
            };
            if row.seat_of(me) != Some(offer.seat.other()) {
                return refuse(NOT_FOR_YOU);
            }
            match (kind, accept) {
                (OfferKind::Draw, true) => offers::draw(ctx, Some(version)),
                (OfferKind::Undo, true) => offers::undo(ctx, Some(version)),
                (kind, false) => match offers::answer_pending(ctx, false, Some(kind))? {
                    Some(replies) => Ok(replies),
                    None => refuse(EXPIRED),
                },
            }
        }
        Press::Rematch { game } => {
            let Some(row) = ctx.store().game(game)? else {
                return refuse(EXPIRED);
            };
            if row.seat_of(me).is_none() {
                return refuse(NOT_FOR_YOU);
            }
            if row.status == GameStatus::Active || !here(&row.guild, &row.channel) {
                return refuse(EXPIRED);
            }
            challenge::rematch(ctx, Some(game))
        }
        // `/replay game:<n>` checks that the game is of this server.
        Press::Replay { game } => super::replay::replay(ctx, Some(game)),
    }
}
