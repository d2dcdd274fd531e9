//! `/info`: a game's settings and state in one line of JSON, for other
//! bots and tools. Every game gives the same fields; `settings` holds the
//! game's own options as the store keeps them (tagged with the game's name).

use serde_json::json;

use super::export::game_to_show;
use crate::bot::ground::context::{Ctx, Outcome};
use crate::bot::ground::reply::{Reply, MESSAGE_LIMIT};
use crate::store::ratings::counts_for_rating;
use crate::store::GameStatus;

/// `/info [game]`: this channel's game (in progress, else the last), or a
/// finished game of this server by number.
pub fn info(ctx: &Ctx<'_>, id: Option<i64>) -> Outcome {
    let game = game_to_show(ctx, id, "describe")?;
    let state = ctx.store().replay(&game)?;
    let seat_name = |seat| game.settings.seat_name(seat);
    // A resigned or aborted game awaits no one, whatever its position says.
    let to_move = state
        .awaiting()
        .filter(|_| game.status == GameStatus::Active)
        .map(seat_name);
    let line = json!({
        "id": game.id,
        "game": game.settings.kind().name(),
        "settings": game.settings,
        "description": game.settings.describe(),
        "players": game.players.map(|id| id.to_string()),
        "rated": counts_for_rating(&game.settings, game.players, game.rated),
        "status": game.status.as_str(),
        "to_move": to_move,
        "move_number": state.move_number(),
        "plies": state.action_count(),
        "actions": state.actions(),
        "position": state.snapshot(),
        "result": game.result,
        "winner": game.winner.map(seat_name),
        "created_at": game.created_at.to_rfc3339(),
    });
    let line = line.to_string();
    if line.chars().count() <= MESSAGE_LIMIT {
        return Ok(vec![Reply::public(ctx.place, line)]);
    }
    // A long game's JSON goes whole as a file, not cut into messages.
    let text = format!(
        "Game #{}: its settings and state as JSON, attached ({} KB, longer than a message).",
        game.id,
        line.len().div_ceil(1024)
    );
    Ok(vec![Reply::public(ctx.place, text).with_file(
        format!("taktable-game-{}.json", game.id),
        line.into_bytes(),
    )])
}
