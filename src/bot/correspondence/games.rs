//! `/games`: a player's games in progress and challenges in this server.

use chrono::{DateTime, Utc};

use crate::bot::ground::announce::start_hint;
use crate::bot::ground::button_ids;
use crate::bot::ground::context::{Ctx, Failure, Outcome};
use crate::bot::ground::interval::span;
use crate::bot::ground::notify::{short_name, since_text};
use crate::bot::ground::pages::Page;
use crate::bot::ground::place::Place;
use crate::bot::ground::reply::{channel_mention, mention, Reply};
use crate::bot::life::here::short_challenge;
use crate::games::Seat;
use crate::store::{GameRow, TurnClock, UserId};

/// One line of `/games`.
struct Listed {
    /// Set aside when its channel was lost (issue 40): listed apart.
    set_aside: bool,
    my_move: bool,
    since: DateTime<Utc>,
    id: i64,
    line: String,
}

/// Lines a page of `/games`.
pub const PAGE_SIZE: usize = 15;

/// `/games [page]`: the caller's games in progress in this server, the
/// ones waiting for their move first (longest waiting first), then the
/// challenges addressed to them and the ones they made, 15 lines a page.
pub fn games(ctx: &Ctx<'_>, page: Option<i64>) -> Outcome {
    let me = ctx.user.id;
    let mut listed = Vec::new();
    for (game, clock) in ctx.store().active_games_of(&ctx.place.guild, me)? {
        listed.push(list_line(ctx, &game, &clock, me)?);
    }
    listed.sort_by_key(|l| (l.set_aside, !l.my_move, l.since, l.id));
    // Every line with the heading of its part, in the order shown.
    let mut lines: Vec<(&str, String)> = Vec::new();
    for l in &listed {
        let heading = if l.set_aside {
            "Set aside (nothing is posted about them any more):"
        } else if l.my_move {
            "Your move:"
        } else {
            "Their move:"
        };
        lines.push((heading, l.line.clone()));
    }
    for c in ctx.store().challenges_for(&ctx.place.guild, me, ctx.now)? {
        lines.push((
            "Challenges waiting for you:",
            format!(
                "{}: {} challenges you to {}; /accept there within {}.",
                channel_mention(&Place::of_challenge(&c)),
                mention(c.challenger),
                short_challenge(&c),
                span(c.expires_at - ctx.now)
            ),
        ));
    }
    for c in ctx.store().challenges_by(&ctx.place.guild, me, ctx.now)? {
        let what = match c.opponent {
            Some(opponent) => format!(
                "you challenge {} to {}",
                mention(opponent),
                short_challenge(&c)
            ),
            None => format!("your open challenge, {}", short_challenge(&c)),
        };
        lines.push((
            "Your challenges waiting for an answer:",
            format!(
                "{}: {what}; it expires in {}, /cancel there withdraws it.",
                channel_mention(&Place::of_challenge(&c)),
                span(c.expires_at - ctx.now)
            ),
        ));
    }
    if lines.is_empty() {
        return Ok(vec![Reply::ephemeral(
            ctx.place,
            format!(
                "You have no games in progress in this server. {}",
                start_hint()
            ),
        )]);
    }
    let page = Page::of(
        lines.len(),
        PAGE_SIZE,
        page,
        "Your list of games and challenges in this server",
    )?;
    let mut text = if page.count > 1 {
        format!(
            "Your games and challenges in this server, page {} of {}:",
            page.number, page.count
        )
    } else if listed.is_empty() {
        "You have no games in progress in this server.".to_string()
    } else {
        "Your games in progress in this server:".to_string()
    };
    let mut heading = "";
    for (part, line) in lines.iter().skip(page.skip()).take(page.size) {
        if *part != heading {
            heading = part;
            text.push('\n');
            text.push_str(part);
        }
        text.push_str("\n- ");
        text.push_str(line);
    }
    if !page.is_last() {
        text.push_str(&format!("\nMore: /games page:{}", page.number + 1));
    }
    let reply = Reply::ephemeral(ctx.place, text);
    Ok(vec![page.buttons(reply, button_ids::my_games_page_id)])
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
    let set_aside = ctx.store().set_aside_reason(game.id)?;
    let line = match &set_aside {
        None => format!(
            "{}: game #{}, {} against {}, {whose}; {}.",
            channel_mention(&Place::of(game)),
            game.id,
            short_name(game),
            mention(opponent),
            since_text(&state, clock.turn.since, ctx.now)
        ),
        Some(reason) => format!(
            "game #{id}, {} against {}, {whose}: set aside, its channel {reason}. From any channel: /resign game:{id}, /abort game:{id}, or /claim game:{id} once the timeout has passed.",
            short_name(game),
            mention(opponent),
            id = game.id,
        ),
    };
    Ok(Listed {
        set_aside: set_aside.is_some(),
        my_move,
        since: clock.turn.since,
        id: game.id,
        line,
    })
}
