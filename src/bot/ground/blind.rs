//! Blind play (issue 15): `blind:true` on a challenge. While the game runs
//! the board is never shown, neither as a picture nor as text: the players
//! see the moves as text, whose turn it is and the result. `/board` says so
//! and lists the moves; `/export`, `/replay` and `/info` (which show the
//! position) wait until the game is over. Once it is, everything shows.

use super::context::{refuse, Failure};
use crate::games::options::{opt, OptionKind, OptionSpec};
use crate::store::{GameRow, GameStatus};

/// The challenge option, the same for every game.
pub const BLIND: OptionSpec = opt(
    "blind",
    "Blindfold play: no board is shown until the game is over, only the moves (default false)",
    OptionKind::Boolean,
)
.default("false");

/// Whether `game`'s board is hidden now: a blind game still being played.
pub fn hides_board(game: &GameRow) -> bool {
    game.blind && game.status == GameStatus::Active
}

/// What a challenge or a game's start says about blind play ("" when not blind).
pub fn words(blind: bool) -> &'static str {
    if blind {
        " Blind: no board is shown until the game is over."
    } else {
        ""
    }
}

/// Refuses to show a blind game's position while it runs; `what`: what
/// was asked ("export", "replay", "describe").
pub fn refuse_while_hidden(game: &GameRow, what: &str) -> Result<(), Failure> {
    if hides_board(game) {
        return refuse(format!(
            "Game #{} is played blind: nothing shows its board until it is over, so there is nothing to {what} yet. /board lists the moves so far.",
            game.id
        ));
    }
    Ok(())
}

/// The lines `/board` shows of a blind game in progress instead of its
/// board: that it is blind, and the moves so far.
pub fn board_lines(game: &GameRow, moves: &[String]) -> Vec<String> {
    if !hides_board(game) {
        return Vec::new();
    }
    let list = if moves.is_empty() {
        "none yet".to_string()
    } else {
        moves.join(" ")
    };
    vec![
        "This game is played blind: the board is shown once it is over.".to_string(),
        format!("Moves so far: {list}."),
    ]
}
