//! Buttons. Every button is a shortcut for a command: its custom id names
//! the challenge or game (and the game version) it was made for, and a press
//! runs the matching command with the same checks. A press on a button whose
//! offer is gone is answered "This offer has expired."; a press by someone
//! the button is not meant for, "This is not for you." (both ephemeral).
//!
//! Custom ids: `challenge:<id>:accept|decline`, `draw:<game>:<version>:accept|decline`,
//! `undo:<game>:<version>:accept|decline`, `rematch:<game>`.

use super::{challenge, offers, refuse, Ctx, Outcome};
use crate::store::{ChallengeStatus, GameStatus, OfferKind};

pub const EXPIRED: &str = "This offer has expired.";
pub const NOT_FOR_YOU: &str = "This is not for you.";

fn verb(accept: bool) -> &'static str {
    if accept {
        "accept"
    } else {
        "decline"
    }
}

pub fn challenge_id(challenge: i64, accept: bool) -> String {
    format!("challenge:{challenge}:{}", verb(accept))
}

pub fn offer_id(kind: OfferKind, game: i64, version: i64, accept: bool) -> String {
    format!("{}:{game}:{version}:{}", kind.as_str(), verb(accept))
}

pub fn rematch_id(game: i64) -> String {
    format!("rematch:{game}")
}

/// A parsed custom id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Press {
    Challenge {
        id: i64,
        accept: bool,
    },
    Offer {
        kind: OfferKind,
        game: i64,
        version: i64,
        accept: bool,
    },
    Rematch {
        game: i64,
    },
}

pub fn parse(custom_id: &str) -> Option<Press> {
    let parts: Vec<&str> = custom_id.split(':').collect();
    let accept = |s: &str| match s {
        "accept" => Some(true),
        "decline" => Some(false),
        _ => None,
    };
    match parts[..] {
        ["challenge", id, verb] => Some(Press::Challenge {
            id: id.parse().ok()?,
            accept: accept(verb)?,
        }),
        [kind @ ("draw" | "undo"), game, version, verb] => Some(Press::Offer {
            kind: if kind == "draw" {
                OfferKind::Draw
            } else {
                OfferKind::Undo
            },
            game: game.parse().ok()?,
            version: version.parse().ok()?,
            accept: accept(verb)?,
        }),
        ["rematch", game] => Some(Press::Rematch {
            game: game.parse().ok()?,
        }),
        _ => None,
    }
}

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
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_ids_round_trip() {
        assert_eq!(
            parse(&challenge_id(7, true)),
            Some(Press::Challenge {
                id: 7,
                accept: true
            })
        );
        assert_eq!(
            parse(&offer_id(OfferKind::Undo, 3, 12, false)),
            Some(Press::Offer {
                kind: OfferKind::Undo,
                game: 3,
                version: 12,
                accept: false
            })
        );
        assert_eq!(parse(&rematch_id(4)), Some(Press::Rematch { game: 4 }));
        for bad in [
            "",
            "challenge:x:accept",
            "draw:1:2:maybe",
            "rematch",
            "a:b:c:d:e",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }
}
