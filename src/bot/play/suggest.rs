//! Read-only helpers for adapters that go beyond one command: the moves to
//! suggest while a player types `/move` (Discord's autocomplete), and
//! whether a plain chat message is a move (Discord's optional plain moves).
//! Neither changes anything: a suggested or typed move still goes through
//! [`Command::Move`] and all its checks.

use crate::bot::commands::Command;
use crate::bot::ground::core::Core;
use crate::bot::ground::place::Place;
use crate::games::GameState;
use crate::store::{GameRow, StoreError, UserId};

/// The game in progress at `place`, if `user` is the player it awaits.
fn my_turn(core: &Core, place: &Place, user: UserId) -> Result<Option<GameState>, StoreError> {
    let Some(game) = core.store().active_game(&place.guild, &place.channel)? else {
        return Ok(None);
    };
    let state = core.position(&game)?;
    Ok(awaits(&game, &state, user).then_some(state))
}

fn awaits(game: &GameRow, state: &GameState, user: UserId) -> bool {
    state
        .awaiting()
        .is_some_and(|seat| game.player(seat) == user)
}

/// The legal moves of this channel's game to suggest to `user` while they
/// type `typed`, at most `limit`, in the order of
/// [`GameState::suggestions`]. Nothing when there is no game here or it is
/// not `user`'s turn.
pub fn move_suggestions(
    core: &Core,
    place: &Place,
    user: UserId,
    typed: &str,
    limit: usize,
) -> Result<Vec<String>, StoreError> {
    Ok(match my_turn(core, place, user)? {
        Some(state) => state.suggestions(typed, limit),
        None => Vec::new(),
    })
}

/// A chat message `text` from `user` at `place`, as a move: only when a game
/// is in progress here, `user` plays in it and the text is written as an
/// action of that game (legal or not: the move's checks answer that). Any
/// other message is chat, and `None`.
pub fn plain_move(
    core: &Core,
    place: &Place,
    user: UserId,
    text: &str,
) -> Result<Option<Command>, StoreError> {
    let text = text.trim();
    // Moves are short and one word (Takat allows `c - ne`).
    if text.is_empty() || text.chars().count() > 16 || text.contains('\n') {
        return Ok(None);
    }
    let Some(game) = core.store().active_game(&place.guild, &place.channel)? else {
        return Ok(None);
    };
    if game.seat_of(user).is_none() {
        return Ok(None);
    }
    let state = core.position(&game)?;
    Ok(state.parses(text).then(|| Command::Move {
        notation: text.to_string(),
        version: None,
    }))
}
