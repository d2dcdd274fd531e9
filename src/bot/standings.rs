//! Ratings as players see them: the rating changes under a result,
//! `/leaderboard`, `/rating` and `/history`. Ratings are per server and
//! per game; the store changes them in the transaction that ends a game.

use super::announce::change_text;
use super::button_ids;
use super::interval::date;
use super::pages::Page;
use super::reply::{channel_mention, mention, Reply};
use super::{refuse, Ctx, Failure, Outcome, Place};
use crate::games::{GameKind, Seat};
use crate::rating::{Score, PROVISIONAL_DEVIATION};
use crate::store::ratings::score_of;
use crate::store::{GameStatus, PlayerRating};

/// Players per leaderboard page.
pub const PAGE_SIZE: usize = 10;

/// How many results `/rating` lists.
pub const RECENT_RESULTS: usize = 10;

fn rounded(x: f64) -> i64 {
    x.round() as i64
}

/// The players of a server's leaderboard in order: established players by
/// rating, then provisional ones (deviation above 110) by rating.
pub fn ranked(mut players: Vec<PlayerRating>) -> Vec<PlayerRating> {
    players.sort_by(|a, b| {
        a.rating
            .is_provisional()
            .cmp(&b.rating.is_provisional())
            .then(b.rating.rating.total_cmp(&a.rating.rating))
            .then(b.games.cmp(&a.games))
            .then(a.user.cmp(&b.user))
    });
    players
}

fn record(p: &PlayerRating) -> String {
    format!(
        "{}: {}, {}, {}",
        crate::games::plural(p.games as u32, "game"),
        crate::games::plural(p.wins as u32, "win"),
        crate::games::plural(p.losses as u32, "loss").replace("losss", "losses"),
        crate::games::plural(p.draws as u32, "draw")
    )
}

fn deviation_text(p: &PlayerRating) -> String {
    let rd = rounded(p.rating.deviation);
    if p.rating.is_provisional() {
        format!("RD {rd}, provisional")
    } else {
        format!("RD {rd}")
    }
}

/// The game a `/leaderboard` or `/rating` without `game:` is about: the
/// one played in this channel (in progress, else the last one), else the
/// one last played in this server. In a server without games the user is
/// asked which game they mean, unless there is only one.
fn chosen_game(ctx: &Ctx<'_>, game: Option<GameKind>, command: &str) -> Result<GameKind, Failure> {
    if let Some(kind) = game {
        return Ok(kind);
    }
    let place = ctx.place;
    let store = ctx.store();
    let last = match store.latest_game(&place.guild, &place.channel)? {
        Some(row) => Some(row),
        None => store.latest_game_in(&place.guild)?,
    };
    if let Some(row) = last {
        return Ok(row.settings.kind());
    }
    match GameKind::ALL {
        [only] => Ok(*only),
        kinds => {
            let names: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
            refuse(format!(
                "Which game? No game has been played in this server yet; say game:{}, e.g. /{command} game:{}.",
                names.join(" or game:"),
                names[0]
            ))
        }
    }
}

/// `/leaderboard [game] [page]`.
pub fn leaderboard(ctx: &Ctx<'_>, game: Option<GameKind>, page: Option<i64>) -> Outcome {
    let kind = chosen_game(ctx, game, "leaderboard")?;
    let players = ranked(ctx.store().standings(&ctx.place.guild, kind)?);
    if players.is_empty() {
        return Ok(vec![Reply::public(
            ctx.place,
            format!(
                "No rated {} games have been played in this server yet. Everyone starts at 1500.",
                kind.title()
            ),
        )]);
    }
    let page = Page::of(
        players.len(),
        PAGE_SIZE,
        page,
        &format!("The {} leaderboard", kind.title()),
    )?;
    let mut text = format!(
        "{} leaderboard of this server, page {} of {} (rank. player: rating (deviation), games: wins, losses, draws):",
        kind.title(),
        page.number,
        page.count
    );
    let mut provisional_heading = false;
    for (i, p) in players.iter().enumerate().skip(page.skip()).take(PAGE_SIZE) {
        if p.rating.is_provisional() && !provisional_heading {
            text.push_str(&format!(
                "\nProvisional (deviation above {PROVISIONAL_DEVIATION}):"
            ));
            provisional_heading = true;
        }
        text.push_str(&format!(
            "\n{}. {}: {} ({}), {}",
            i + 1,
            mention(p.user),
            rounded(p.rating.rating),
            deviation_text(p),
            record(p)
        ));
    }
    if !page.is_last() {
        text.push_str(&format!("\nMore: /leaderboard page:{}", page.number + 1));
    }
    Ok(vec![Reply::public(ctx.place, text)])
}

fn verb(score: Score) -> &'static str {
    match score {
        Score::Win => "won",
        Score::Loss => "lost",
        Score::Draw => "drew",
    }
}

/// `/rating [user] [game]`: rating, rank, record and the last 10 results.
pub fn rating(ctx: &Ctx<'_>, user: Option<u64>, game: Option<GameKind>) -> Outcome {
    let kind = chosen_game(ctx, game, "rating")?;
    let who = user.unwrap_or(ctx.user.id);
    let players = ranked(ctx.store().standings(&ctx.place.guild, kind)?);
    let Some(rank) = players.iter().position(|p| p.user == who) else {
        return Ok(vec![Reply::public(
            ctx.place,
            format!(
                "{} has no rated {} games in this server yet. Everyone starts at 1500.",
                mention(who),
                kind.title()
            ),
        )]);
    };
    let p = &players[rank];
    let mut text = format!(
        "{}'s {} rating in this server: {} ({}), rank {} of {}. {}.",
        mention(who),
        kind.title(),
        rounded(p.rating.rating),
        deviation_text(p),
        rank + 1,
        players.len(),
        record(p)
    );
    let recent = ctx
        .store()
        .recent_rating_changes(&ctx.place.guild, kind, who, RECENT_RESULTS)?;
    if !recent.is_empty() {
        text.push_str("\nLast results:");
    }
    for (change, finished) in &recent {
        let g = &finished.game;
        let opponent = g.player(change.seat.other());
        text.push_str(&format!(
            "\n- game #{} against {}: {} {}, {}{}",
            g.id,
            mention(opponent),
            verb(change.score),
            g.result.as_deref().unwrap_or("*"),
            change_text(change),
            finished
                .finished_at
                .map(|t| format!(", {}", date(t)))
                .unwrap_or_default()
        ));
    }
    Ok(vec![Reply::public(ctx.place, text)])
}

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
