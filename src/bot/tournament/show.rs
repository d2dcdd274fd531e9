//! What shows a tournament without changing it: `/tournament standings`
//! (text and the crosstable picture) and `/tournament pairings` (the
//! current round's boards and where their games are).

use super::here::{tournament_here, Loaded};
use super::record::Outcome;
use super::rounds::outcome_of;
use super::standings::{points_text, standings};
use super::table::{crosstable, standings_text};
use crate::bot::ground::context::{Ctx, Outcome as Replies};
use crate::bot::ground::place::Place;
use crate::bot::ground::reply::{channel_mention, mention, time, Image, Reply};
use crate::bot::ground::web_links;
use crate::render::{crosstable as picture, Theme};
use crate::store::tournaments::TournamentStatus;
use crate::store::{Store, StoreError};

/// The standings of `t` after the rounds that are over, under `heading`:
/// one line a player, and the crosstable as a picture (its text, for the
/// terminal, is the lines). They change only when a round ends, so the
/// picture is named by the rounds it counts, and a name always stands for
/// the same table.
pub fn standings_reply(
    store: &Store,
    t: &Loaded,
    place: &Place,
    heading: String,
    note: Option<String>,
) -> Result<Reply, StoreError> {
    let record = t.finished_record();
    let lines = standings(&record, t.format);
    let text = standings_text(&lines, &t.labels());
    let names = t.names(store)?;
    let title = format!(
        "Tournament #{}: {}, {}",
        t.row.id,
        t.row.settings.kind().title(),
        t.format_words()
    );
    let table = crosstable(t.format, &record, &lines, &names, title);
    let image = match picture::crosstable(&table, Theme::default()) {
        Ok(png) => Some(Image {
            bytes: png,
            alt: format!("The crosstable of tournament #{}", t.row.id),
            file_name: format!(
                "tournament-{}-after-round-{}.png",
                t.row.id,
                record.rounds.len()
            ),
            text: String::new(),
        }),
        Err(e) => {
            // The standings go out as text alone.
            tracing::error!(tournament = t.row.id, "{e}");
            None
        }
    };
    let note = note.map(|n| format!("\n{n}")).unwrap_or_default();
    Ok(Reply::public(place, format!("{heading}\n{text}{note}")).with_image(image))
}

/// `/tournament standings`: after the rounds played (the sign-up list
/// before the start).
pub fn show_standings(ctx: &Ctx<'_>) -> Replies {
    let t = Loaded::read(ctx.store(), tournament_here(ctx)?)?;
    let id = t.row.id;
    if t.row.status == TournamentStatus::SignUp {
        let names = t.labels();
        let list = if names.is_empty() {
            "nobody yet".to_string()
        } else {
            names.join(", ")
        };
        return Ok(vec![Reply::ephemeral(
            ctx.place,
            format!(
                "Tournament #{id} ({}) hasn't started. Signed up ({}): {list}.",
                t.format_words(),
                names.len()
            ),
        )]);
    }
    let played = t.rounds_played();
    let state = match t.row.status {
        TournamentStatus::Cancelled => " (cancelled)",
        TournamentStatus::Finished => " (final)",
        _ => "",
    };
    let page = crate::store::web_pages::Page::Tournament(id);
    let web = web_links::link(ctx.core, &t.row.guild, page, ctx.now)
        .map(|link| format!(" (every round and game: {link})"))
        .unwrap_or_default();
    let heading = format!(
        "Tournament #{id}{state}: {}{web}:",
        standings_heading(played, t.total_rounds()).trim_end_matches(':')
    );
    let running = t.rounds.iter().find(|r| r.finished_at.is_none());
    let note = running.map(|round| {
        let games: Vec<Outcome> = t
            .pairings
            .iter()
            .filter(|p| p.round == round.number)
            .map(outcome_of)
            .collect();
        let over = games.iter().filter(|o| o.is_over()).count();
        format!(
            "Round {} is under way ({over} of its {} games over): its results and bye count when it ends, by {}.",
            round.number,
            games.len(),
            time(round.deadline)
        )
    });
    Ok(vec![standings_reply(
        ctx.store(),
        &t,
        ctx.place,
        heading,
        note,
    )?])
}

/// "standings after 1 of 3 rounds:", the words that head the standings
/// wherever they are shown.
pub fn standings_heading(played: usize, total: u32) -> String {
    format!(
        "standings after {played} of {total} round{}:",
        if total == 1 { "" } else { "s" }
    )
}

/// `/tournament pairings`: the latest round's boards, each with its
/// result or where its game is played.
pub fn show_pairings(ctx: &Ctx<'_>) -> Replies {
    let t = Loaded::read(ctx.store(), tournament_here(ctx)?)?;
    let id = t.row.id;
    let Some(round) = t.rounds.last() else {
        return Ok(vec![Reply::ephemeral(
            ctx.place,
            format!("Tournament #{id} hasn't paired a round yet."),
        )]);
    };
    let user = |seed: usize| mention(t.entrants[seed].user);
    let mut lines = vec![format!(
        "Tournament #{id}, round {} of {} (deadline {}):",
        round.number,
        t.total_rounds(),
        time(round.deadline)
    )];
    for p in t.pairings.iter().filter(|p| p.round == round.number) {
        let state = match outcome_of(p) {
            Outcome::Pending => match p.game_id.map(|g| ctx.store().game(g)).transpose()? {
                Some(Some(game)) => format!(
                    "game #{} in progress in {}",
                    game.id,
                    channel_mention(&Place::of(&game))
                ),
                _ => "waiting".to_string(),
            },
            Outcome::WhiteWins => "1-0".to_string(),
            Outcome::BlackWins => "0-1".to_string(),
            Outcome::Draw => "½-½".to_string(),
            Outcome::BothLose => "0-0 (a loss for both)".to_string(),
        };
        lines.push(format!(
            "Board {}: {} (white) vs {} (black): {state}",
            p.board,
            user(p.white),
            user(p.black)
        ));
    }
    if let Some(seed) = round.bye {
        let points = t.record.bye_points;
        lines.push(format!(
            "Bye: {} ({} point{})",
            user(seed),
            points_text(points),
            if points == 2 { "" } else { "s" }
        ));
    }
    Ok(vec![Reply::public(ctx.place, lines.join("\n"))])
}
