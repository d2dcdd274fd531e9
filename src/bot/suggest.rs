//! Read-only helpers for adapters that go beyond one command: the moves to
//! suggest while a player types `/move` (Discord's autocomplete), and
//! whether a plain chat message is a move (Discord's optional plain moves).
//! Neither changes anything: a suggested or typed move still goes through
//! [`Command::Move`] and all its checks.

use super::{Bot, Command, Place};
use crate::games::{GameKind, GameState};
use crate::store::{GameRow, StoreError, UserId};

/// The game in progress at `place`, if `user` is the player it awaits.
fn my_turn(bot: &Bot, place: &Place, user: UserId) -> Result<Option<GameState>, StoreError> {
    let Some(game) = bot.store().active_game(&place.guild, &place.channel)? else {
        return Ok(None);
    };
    let state = bot.store().replay(&game)?;
    Ok(awaits(&game, &state, user).then_some(state))
}

fn awaits(game: &GameRow, state: &GameState, user: UserId) -> bool {
    state
        .awaiting()
        .is_some_and(|seat| game.player(seat) == user)
}

/// The legal moves of this channel's game to suggest to `user` while they
/// type `typed`, at most `limit`, the most natural first: moves equal to
/// what was typed, then moves starting with it, then moves containing it
/// (ignoring case); within each group placements (Takat: entries) before
/// stack moves, shorter before longer, then alphabetically. Nothing when
/// there is no game here or it is not `user`'s turn.
pub fn move_suggestions(
    bot: &Bot,
    place: &Place,
    user: UserId,
    typed: &str,
    limit: usize,
) -> Result<Vec<String>, StoreError> {
    Ok(match my_turn(bot, place, user)? {
        Some(state) => rank_moves(state.settings().kind(), state.legal_actions(), typed, limit),
        None => Vec::new(),
    })
}

/// Orders and filters `moves` as [`move_suggestions`] describes.
pub fn rank_moves(kind: GameKind, moves: Vec<String>, typed: &str, limit: usize) -> Vec<String> {
    let mut typed: String = typed
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_lowercase();
    // Takat: `ne` is typed for the entry `+NE`, so entries match without
    // their `+`; a typed `+` asks for entries only.
    let entries_only = kind == GameKind::Takat && typed.starts_with('+');
    if kind == GameKind::Takat {
        typed = typed.trim_start_matches('+').to_string();
    }
    let mut ranked: Vec<((u8, bool, usize), String)> = moves
        .into_iter()
        .filter_map(|mv| {
            let placement = is_placement(kind, &mv);
            if entries_only && !placement {
                return None;
            }
            let mut lower = mv.to_lowercase();
            if kind == GameKind::Takat {
                lower = lower.trim_start_matches('+').to_string();
            }
            let class = if lower == typed {
                0
            } else if lower.starts_with(&typed) {
                1
            } else if lower.contains(&typed) {
                2
            } else {
                return None;
            };
            Some(((class, !placement, mv.chars().count()), mv))
        })
        .collect();
    ranked.sort();
    ranked.into_iter().take(limit).map(|(_, mv)| mv).collect()
}

/// A move that puts a new piece on the board (Tak: no direction sign;
/// Takat: an entry, `+NE`).
fn is_placement(kind: GameKind, notation: &str) -> bool {
    match kind {
        GameKind::Tak => !notation.contains(['+', '-', '<', '>']),
        GameKind::Takat => notation.starts_with('+'),
    }
}

/// A chat message `text` from `user` at `place`, as a move: only when a game
/// is in progress here, `user` plays in it and the text is written as an
/// action of that game (legal or not: the move's checks answer that). Any
/// other message is chat, and `None`.
pub fn plain_move(
    bot: &Bot,
    place: &Place,
    user: UserId,
    text: &str,
) -> Result<Option<Command>, StoreError> {
    let text = text.trim();
    // Moves are short and one word (Takat allows `c - ne`).
    if text.is_empty() || text.chars().count() > 16 || text.contains('\n') {
        return Ok(None);
    }
    let Some(game) = bot.store().active_game(&place.guild, &place.channel)? else {
        return Ok(None);
    };
    if game.seat_of(user).is_none() {
        return Ok(None);
    }
    let state = bot.store().replay(&game)?;
    Ok(state.parses(text).then(|| Command::Move {
        notation: text.to_string(),
        version: None,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn exact_then_prefix_then_contains_placements_first_shorter_first() {
        let moves = strings(&["2a1>11", "a1>", "Sa1", "a1", "Ca1", "a2", "b1", "a1+"]);
        assert_eq!(
            rank_moves(GameKind::Tak, moves.clone(), "a1", 25),
            strings(&["a1", "a1+", "a1>", "Ca1", "Sa1", "2a1>11"])
        );
        assert_eq!(
            rank_moves(GameKind::Tak, moves.clone(), "", 4),
            strings(&["a1", "a2", "b1", "Ca1"])
        );
        assert_eq!(
            rank_moves(GameKind::Tak, moves, " S A", 25),
            strings(&["Sa1"])
        );
        let takat = strings(&["C-NE", "+NE", "+N", "NE-C", "N-C"]);
        assert_eq!(
            rank_moves(GameKind::Takat, takat.clone(), "ne", 25),
            strings(&["+NE", "NE-C", "C-NE"])
        );
        assert_eq!(
            rank_moves(GameKind::Takat, takat.clone(), "+n", 25),
            strings(&["+N", "+NE"])
        );
        assert_eq!(
            rank_moves(GameKind::Takat, takat, "n", 25),
            strings(&["+N", "+NE", "N-C", "NE-C", "C-NE"])
        );
    }
}
