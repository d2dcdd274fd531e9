//! `/games`: a player's games in progress and challenges in this server.

use chrono::{DateTime, Utc};

use crate::bot::ground::announce::start_hint;
use crate::bot::ground::context::{Ctx, Failure, Outcome};
use crate::bot::ground::interval::span;
use crate::bot::ground::notify::{short_name, since_text};
use crate::bot::ground::place::Place;
use crate::bot::ground::reply::{channel_mention, mention, Reply};
use crate::bot::life::here::short_challenge;
use crate::games::Seat;
use crate::store::{GameRow, TurnClock, UserId};

/// One line of `/games`.
struct Listed {
    my_move: bool,
    since: DateTime<Utc>,
    id: i64,
    line: String,
}

/// `/games`: the caller's games in progress in this server, the ones
/// waiting for their move first (longest waiting first), and the
/// challenges addressed to them and the ones they made.
pub fn games(ctx: &Ctx<'_>) -> Outcome {
    let me = ctx.user.id;
    let mut listed = Vec::new();
    for (game, clock) in ctx.store().active_games_of(&ctx.place.guild, me)? {
        listed.push(list_line(ctx, &game, &clock, me)?);
    }
    listed.sort_by_key(|l| (!l.my_move, l.since, l.id));
    let challenges = ctx.store().challenges_for(&ctx.place.guild, me, ctx.now)?;
    let mut text = String::new();
    if listed.is_empty() {
        text.push_str("You have no games in progress in this server.");
    } else {
        text.push_str("Your games in progress in this server:");
        let (mine, theirs): (Vec<&Listed>, Vec<&Listed>) = listed.iter().partition(|l| l.my_move);
        for (title, group) in [("Your move:", mine), ("Their move:", theirs)] {
            if !group.is_empty() {
                text.push('\n');
                text.push_str(title);
                for l in group {
                    text.push_str("\n- ");
                    text.push_str(&l.line);
                }
            }
        }
    }
    if !challenges.is_empty() {
        text.push_str("\nChallenges waiting for you:");
        for c in &challenges {
            let place = Place {
                guild: c.guild.clone(),
                channel: c.channel.clone(),
            };
            text.push_str(&format!(
                "\n- {}: {} challenges you to {}; /accept there within {}.",
                channel_mention(&place),
                mention(c.challenger),
                short_challenge(c),
                span(c.expires_at - ctx.now)
            ));
        }
    }
    let made = ctx.store().challenges_by(&ctx.place.guild, me, ctx.now)?;
    if !made.is_empty() {
        text.push_str("\nYour challenges waiting for an answer:");
        for c in &made {
            let place = Place {
                guild: c.guild.clone(),
                channel: c.channel.clone(),
            };
            let what = match c.opponent {
                Some(opponent) => {
                    format!(
                        "you challenge {} to {}",
                        mention(opponent),
                        short_challenge(c)
                    )
                }
                None => format!("your open challenge, {}", short_challenge(c)),
            };
            text.push_str(&format!(
                "\n- {}: {what}; it expires in {}, /cancel there withdraws it.",
                channel_mention(&place),
                span(c.expires_at - ctx.now)
            ));
        }
    }
    if listed.is_empty() && challenges.is_empty() && made.is_empty() {
        text.push_str(&format!(" {}", start_hint()));
    }
    Ok(vec![Reply::ephemeral(ctx.place, text)])
}

fn list_line(
    ctx: &Ctx<'_>,
    game: &GameRow,
    clock: &TurnClock,
    me: UserId,
) -> Result<Listed, Failure> {
    let state = ctx.core.position(game)?;
    let my_seat = game.seat_of(me).unwrap_or(Seat::Player1);
    let opponent = game.player(my_seat.other());
    let awaiting = state.awaiting();
    let my_move = awaiting.is_some_and(|s| game.player(s) == me);
    let whose = match awaiting {
        Some(_) if my_move => "your move".to_string(),
        Some(s) => format!("{} to move", mention(game.player(s))),
        None => "over".to_string(),
    };
    let line = format!(
        "{}: game #{}, {} against {}, {whose}; {}.",
        channel_mention(&Place::of(game)),
        game.id,
        short_name(game),
        mention(opponent),
        since_text(&state, clock.turn.since, ctx.now)
    );
    Ok(Listed {
        my_move,
        since: clock.turn.since,
        id: game.id,
        line,
    })
}
