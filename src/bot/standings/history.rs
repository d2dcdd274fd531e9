//! `/history`: finished games in this server, newest first.

use super::ranking::{verb, RECENT_RESULTS};
use crate::bot::ground::announce::change_text;
use crate::bot::ground::button_ids;
use crate::bot::ground::context::{Ctx, Outcome};
use crate::bot::ground::interval::date;
use crate::bot::ground::pages::Page;
use crate::bot::ground::place::Place;
use crate::bot::ground::reply::{channel_mention, mention, Reply};
use crate::games::Seat;
use crate::store::ratings::score_of;
use crate::store::GameStatus;

/// `/history [user] [page]`: finished games in this server, newest
/// first, 10 a page, with the way to get each one's game record.
pub fn history(ctx: &Ctx<'_>, user: Option<u64>, page: Option<i64>) -> Outcome {
    let who = user.unwrap_or(ctx.user.id);
    let store = ctx.store();
    let total = store.history_len(&ctx.place.guild, who)?;
    if total == 0 {
        return Ok(vec![Reply::public(
            ctx.place,
            format!("{} has no finished games in this server yet.", mention(who)),
        )]);
    }
    let page = Page::of(
        total,
        RECENT_RESULTS,
        page,
        &format!("{}'s history in this server", mention(who)),
    )?;
    let games = store.history(&ctx.place.guild, who, page.skip(), page.size)?;
    let mut text = if page.count == 1 {
        format!(
            "{}'s recent games in this server, newest first:",
            mention(who)
        )
    } else {
        format!(
            "{}'s games in this server, newest first{}:",
            mention(who),
            page.of_text()
        )
    };
    for finished in &games {
        let g = &finished.game;
        let seat = g.seat_of(who).unwrap_or(Seat::Player1);
        let opponent = g.player(seat.other());
        let result = g.result.as_deref().unwrap_or("*");
        let outcome = match g.status {
            GameStatus::Aborted => match g.end_reason.as_deref() {
                Some("abort") | None => "aborted by a server admin".to_string(),
                Some(reason) => format!("aborted ({reason})"),
            },
            _ => {
                let reason = g
                    .end_reason
                    .as_deref()
                    .map(|r| format!(" ({r})"))
                    .unwrap_or_default();
                format!("{} {result}{reason}", verb(score_of(seat, g.winner)))
            }
        };
        let changes = ctx.store().rating_changes(g.id)?;
        let rated = match changes.iter().find(|c| c.seat == seat) {
            Some(c) => format!("rated {}", change_text(c)),
            None => "unrated".to_string(),
        };
        let place = Place {
            guild: g.guild.clone(),
            channel: g.channel.clone(),
        };
        let description = g.settings.describe();
        text.push_str(&format!(
            "\n- game #{} in {}, {} against {}: {outcome}, {rated}{}",
            g.id,
            channel_mention(&place),
            description.split(',').next().unwrap_or(&description),
            mention(opponent),
            finished
                .finished_at
                .map(|t| format!(", {}", date(t)))
                .unwrap_or_default()
        ));
    }
    text.push_str("\n/export game:<number> gives the game record of any of them.");
    if !page.is_last() {
        let whose = match user {
            Some(user) if user != ctx.user.id => format!("user:{} ", mention(user)),
            _ => String::new(),
        };
        text.push_str(&format!("\nMore: /history {whose}page:{}", page.number + 1));
    }
    let reply = Reply::public(ctx.place, text);
    Ok(vec![
        page.buttons(reply, |n| button_ids::history_page_id(who, n))
    ])
}
