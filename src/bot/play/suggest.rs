//! Read-only helpers for adapters that go beyond one command: the moves to
//! suggest while a player types `/move` (Discord's autocomplete), and
//! whether a plain chat message is a move (Discord's optional plain moves).
//! Neither changes anything: a suggested or typed move still goes through
//! [`Command::Move`] and all its checks.
//!
//! A blind game (issue 27) suggests nothing the board would not show: no
//! list of squares or stacks, only what the player typed, checked as `/move`
//! would check it (legal, or why not).

use crate::bot::commands::Command;
use crate::bot::ground::blind::hides_board;
use crate::bot::ground::core::Core;
use crate::bot::ground::place::Place;
use crate::games::GameState;
use crate::store::{GameRow, StoreError, UserId};

/// The game in progress at `place`, if `user` is the player it awaits.
fn my_turn(
    core: &Core,
    place: &Place,
    user: UserId,
) -> Result<Option<(GameRow, GameState)>, StoreError> {
    let Some(game) = core.store().active_game(&place.guild, &place.channel)? else {
        return Ok(None);
    };
    let state = core.position(&game)?;
    Ok(awaits(&game, &state, user).then_some((game, state)))
}

fn awaits(game: &GameRow, state: &GameState, user: UserId) -> bool {
    state
        .awaiting()
        .is_some_and(|seat| game.player(seat) == user)
}

/// One suggestion while a player types `/move`: what the list shows, and
/// the notation chosen with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion {
    pub label: String,
    pub value: String,
}

impl Suggestion {
    fn same(action: String) -> Suggestion {
        Suggestion {
            label: action.clone(),
            value: action,
        }
    }
}

/// The longest label Discord shows for a suggestion (and the longest value).
pub const MAX_SUGGESTION: usize = 100;

/// The moves of this channel's game to suggest to `user` while they type
/// `typed`, at most `limit`: the legal ones, in the order of
/// [`GameState::suggestions`]; in a blind game only what was typed, checked
/// (see [`blind_check`]). Nothing when there is no game here or it is not
/// `user`'s turn.
pub fn move_suggestions(
    core: &Core,
    place: &Place,
    user: UserId,
    typed: &str,
    limit: usize,
) -> Result<Vec<Suggestion>, StoreError> {
    let Some((game, state)) = my_turn(core, place, user)? else {
        return Ok(Vec::new());
    };
    if hides_board(&game) {
        return Ok(blind_check(&state, typed).into_iter().take(limit).collect());
    }
    Ok(state
        .suggestions(typed, limit)
        .into_iter()
        .map(Suggestion::same)
        .collect())
}

/// What a blind game suggests for `typed`: the text itself, labelled with
/// what `/move` would answer (nothing more: a legal move shows as typed, an
/// illegal one with the engine's reason, which `/move` would give too).
/// Nothing for empty or overlong text.
pub fn blind_check(state: &GameState, typed: &str) -> Option<Suggestion> {
    let typed = typed.trim();
    if typed.is_empty() || typed.chars().count() > MAX_SUGGESTION {
        return None;
    }
    let label = match state.clone().play(typed) {
        Ok(_) => typed.to_string(),
        Err(why) => format!("{typed}: not playable ({why})"),
    };
    Some(Suggestion {
        label: label.chars().take(MAX_SUGGESTION).collect(),
        value: typed.to_string(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::commands::{self, OptionValue, UserRef};
    use crate::bot::tests::support::{clock, place, run, ALICE, BOB, CAROL};
    use crate::bot::Bot;
    use crate::console::parse::parse_command;
    use crate::store::Store;

    fn bot_with_game(blind: bool) -> Bot {
        let bot = Bot::new(Store::open_in_memory().unwrap(), clock());
        let bob = OptionValue::User(UserRef {
            id: BOB,
            name: "bob".into(),
        });
        let challenge = commands::build(
            "tak challenge",
            vec![
                ("opponent".into(), bob),
                ("size".into(), OptionValue::Integer(3)),
                ("color".into(), OptionValue::String("white".into())),
                ("blind".into(), OptionValue::Boolean(blind)),
            ],
        )
        .unwrap();
        run(&bot, ALICE, challenge);
        run(&bot, BOB, Command::Accept);
        bot
    }

    fn suggest(bot: &Bot, user: UserId, typed: &str) -> Vec<Suggestion> {
        move_suggestions(bot, &place("general"), user, typed, 25).unwrap()
    }

    fn values(found: &[Suggestion]) -> Vec<&str> {
        found.iter().map(|s| s.value.as_str()).collect()
    }

    /// Issue 27, blind play (issue 15: "the board is never shown"): autocomplete names no
    /// square or stack the player did not type. An open game lists its legal moves.
    #[test]
    fn a_blind_game_suggests_only_what_was_typed_checked() {
        let open = bot_with_game(false);
        assert_eq!(
            suggest(&open, ALICE, "").len(),
            9,
            "every empty square of 3x3"
        );
        assert_eq!(values(&suggest(&open, ALICE, "a")), ["a1", "a2", "a3"]);

        let blind = bot_with_game(true);
        assert_eq!(suggest(&blind, ALICE, ""), Vec::new());
        assert_eq!(suggest(&blind, ALICE, "  "), Vec::new());
        // A legal move: offered as typed, nothing else.
        assert_eq!(
            suggest(&blind, ALICE, "a1"),
            vec![Suggestion {
                label: "a1".into(),
                value: "a1".into()
            }]
        );
        // A partial or illegal move: offered as typed, with /move's reason.
        let partial = suggest(&blind, ALICE, "a");
        assert_eq!(values(&partial), ["a"]);
        assert!(
            partial[0].label.starts_with("a: not playable ("),
            "{partial:?}"
        );
        run(&blind, ALICE, parse_command("/move a1").unwrap());
        run(&blind, BOB, parse_command("/move c3").unwrap());
        let taken = suggest(&blind, ALICE, "c3");
        assert_eq!(values(&taken), ["c3"]);
        let refused = run(&blind, ALICE, parse_command("/move c3").unwrap());
        assert!(
            taken[0].label.contains("not playable"),
            "{taken:?} where /move says {:?}",
            refused[0].text
        );
        // Stacks are not listed either: a prefix of a stack move gives only itself.
        assert_eq!(values(&suggest(&blind, ALICE, "a1")), ["a1"]);
        // Nobody else, and not out of turn.
        assert_eq!(suggest(&blind, BOB, "b2"), Vec::new());
        assert_eq!(suggest(&blind, CAROL, "b2"), Vec::new());
        // A label stays within Discord's 100 characters.
        let long = "a".repeat(100);
        let found = suggest(&blind, ALICE, &long);
        assert_eq!(found.len(), 1);
        assert!(found[0].label.chars().count() <= MAX_SUGGESTION);
        assert_eq!(suggest(&blind, ALICE, &"a".repeat(101)), Vec::new());
    }
}
