//! `/rating`: a player's rating, rank, record and last results in one game.

use super::ranking::{deviation_text, ranked, record, rounded, verb, RECENT_RESULTS};
use super::which_game::{chosen_game, Asking, Chosen};
use crate::bot::ground::announce::change_text;
use crate::bot::ground::context::{Ctx, Outcome};
use crate::bot::ground::interval::date;
use crate::bot::ground::reply::{mention, Reply};
use crate::games::GameKind;

/// `/rating [user] [game]`: rating, rank, record and the last 10 results.
pub fn rating(ctx: &Ctx<'_>, user: Option<u64>, game: Option<GameKind>) -> Outcome {
    let (kind, note) = match chosen_game(ctx, game, Asking::Rating(user))? {
        Chosen::Game { kind, note } => (kind, note),
        Chosen::Ask(question) => return Ok(question),
    };
    let with_note = |mut text: String| {
        if let Some(note) = &note {
            text.push('\n');
            text.push_str(note);
        }
        Reply::public(ctx.place, text)
    };
    let who = user.unwrap_or(ctx.user.id);
    let players = ranked(ctx.store().standings(&ctx.place.guild, kind)?);
    let Some(rank) = players.iter().position(|p| p.user == who) else {
        return Ok(vec![with_note(format!(
            "{} has no rated {} games in this server yet. Everyone starts at 1500.",
            mention(who),
            kind.title()
        ))]);
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
        // Issue 42: how it ended ("lost 1-0" alone does not say).
        let how = g
            .end_reason
            .as_deref()
            .map(|reason| format!(" by {reason}"))
            .unwrap_or_default();
        text.push_str(&format!(
            "\n- game #{} against {}: {} {}{how}, {}{}",
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
    Ok(vec![with_note(text)])
}
