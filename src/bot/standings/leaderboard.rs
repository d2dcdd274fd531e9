//! `/leaderboard`: a server's players in one game, a page at a time.

use super::ranking::{deviation_text, ranked, record, rounded, PAGE_SIZE};
use super::which_game::{chosen_game, Asking, Chosen};
use crate::bot::ground::context::{Ctx, Outcome};
use crate::bot::ground::pages::Page;
use crate::bot::ground::reply::{mention, Reply};
use crate::games::GameKind;
use crate::rating::PROVISIONAL_DEVIATION;

/// `/leaderboard [game] [page]`.
pub fn leaderboard(ctx: &Ctx<'_>, game: Option<GameKind>, page: Option<i64>) -> Outcome {
    let (kind, note) = match chosen_game(ctx, game, Asking::Leaderboard)? {
        Chosen::Game { kind, note } => (kind, note),
        Chosen::Ask(question) => return Ok(question),
    };
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
        text.push_str(&format!(
            "\nMore: /leaderboard game:{} page:{}",
            kind.name(),
            page.number + 1
        ));
    }
    if let Some(note) = note {
        text.push('\n');
        text.push_str(&note);
    }
    Ok(vec![Reply::public(ctx.place, text)])
}
