//! What the bot says about games, shared by every command that moves one
//! on: who is to move, who won, how ratings changed, how to start a game.
//! This module uses no other module of the bot but replies and button ids,
//! so every command may use it.

use tracing::error;

use super::button_ids;
use super::context::Ctx;
use super::reply::{mention, ButtonStyle, Reply};
use crate::games::{GameKind, GameState, Seat};
use crate::store::{GameRow, RatingChange, Store, StoreError};

/// How to start a game, naming every game: "Start one with /tak challenge
/// or /takat challenge."
pub fn start_hint() -> String {
    let commands: Vec<String> = GameKind::ALL
        .iter()
        .map(|kind| format!("/{} challenge", kind.name()))
        .collect();
    format!("Start one with {}.", commands.join(" or "))
}

/// "<@id> (white)".
pub fn player_label(game: &GameRow, seat: Seat) -> String {
    format!(
        "{} ({})",
        mention(game.player(seat)),
        game.settings.seat_name(seat)
    )
}

/// "<@bob> to move." with the game's note for that turn.
pub fn to_move_line(game: &GameRow, state: &GameState) -> String {
    match state.awaiting() {
        Some(seat) => match state.turn_note() {
            Some(note) => format!("{} to move ({note}).", player_label(game, seat)),
            None => format!("{} to move.", player_label(game, seat)),
        },
        None => String::new(),
    }
}

/// "<@alice> (white) wins, R-0." or "The game is drawn, 1/2-1/2."
pub fn result_line(game: &GameRow, winner: Option<Seat>, result: &str) -> String {
    match winner {
        Some(seat) => format!("{} wins, {result}.", player_label(game, seat)),
        None => format!("The game is drawn, {result}."),
    }
}

/// The reply that closes a game: the rating changes if it counted, and
/// Rematch and Replay buttons under it.
pub fn game_over_reply(ctx: &Ctx<'_>, game: &GameRow, mut text: String) -> Reply {
    match rating_line(ctx.store(), game.id) {
        Ok(Some(line)) => {
            text.push('\n');
            text.push_str(&line);
        }
        Ok(None) => {}
        Err(e) => error!("rating changes of game {}: {e}", game.id),
    }
    // The game is over (`game` may be the row read before it ended): its
    // page shows everything, a blind game's board included.
    let page = crate::store::web_pages::Page::Game(game.id);
    if let Some(link) = super::web_links::link(ctx.core, &game.guild, page, ctx.now) {
        text.push_str(&format!("\nEvery move of the game, step by step: {link}"));
    }
    Reply::public(ctx.place, text)
        .mention(game.players)
        .button(
            "Rematch",
            button_ids::rematch_id(game.id),
            ButtonStyle::Primary,
        )
        .button(
            "Replay",
            button_ids::replay_id(game.id),
            ButtonStyle::Secondary,
        )
}

fn rounded(x: f64) -> i64 {
    x.round() as i64
}

/// "1500 -> 1662 (+162)".
pub fn change_text(change: &RatingChange) -> String {
    let (before, after) = (rounded(change.before.rating), rounded(change.after.rating));
    format!("{before} -> {after} ({:+})", after - before)
}

/// "Rating changes: <@a> 1500 -> 1662 (+162), <@b> 1500 -> 1338 (-162)."
/// for a game that counted, `None` for one that did not.
pub fn rating_line(store: &Store, game_id: i64) -> Result<Option<String>, StoreError> {
    let changes = store.rating_changes(game_id)?;
    if changes.is_empty() {
        return Ok(None);
    }
    let parts: Vec<String> = changes
        .iter()
        .map(|c| format!("{} {}", mention(c.user), change_text(c)))
        .collect();
    Ok(Some(format!("Rating changes: {}.", parts.join(", "))))
}
