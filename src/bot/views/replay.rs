//! `/replay` (and the Replay button under a finished game): the whole game
//! as an animated GIF, one frame per position with its last action
//! highlighted, in the theme of the user who asked.

use super::export::{game_to_show, plies};
use crate::bot::ground::board::{player_names, theme_of};
use crate::bot::ground::context::{refuse, Ctx, Outcome};
use crate::bot::ground::reply::{mention, Reply};
use crate::render::animation;

/// Discord's upload limit for a bot's attachment.
pub const UPLOAD_LIMIT: usize = 25 * 1024 * 1024;

/// `/replay [game]`: the game named (a game of this server that is over,
/// or this channel's), else this channel's game in progress or its last.
pub fn replay(ctx: &Ctx<'_>, id: Option<i64>) -> Outcome {
    let game = game_to_show(ctx, id, "replay")?;
    let state = ctx.core.position(&game)?;
    let animation = match animation::replay(&state, player_names(ctx, &game), theme_of(ctx)) {
        Ok(animation) => animation,
        Err(e) => {
            tracing::error!(game = game.id, "{e}");
            return refuse(format!("Game #{} can't be replayed: {e}.", game.id));
        }
    };
    if animation.gif.len() > UPLOAD_LIMIT {
        return refuse(format!(
            "The replay of game #{} would be {} MiB, over Discord's upload limit of 25 MiB; /export gives the game as a file instead.",
            game.id,
            animation.gif.len() / (1024 * 1024)
        ));
    }
    let result = game.result.as_deref().unwrap_or("*");
    let text = format!(
        "Game #{} ({} vs {}), {}, result {result}: every position from the start, the last move highlighted.",
        game.id,
        mention(game.players[0]),
        mention(game.players[1]),
        plies(state.action_count()),
    );
    Ok(vec![Reply::public(ctx.place, text).with_file(
        format!("taktable-game-{}.gif", game.id),
        animation.gif,
    )])
}

#[cfg(test)]
mod tests {
    use crate::bot::tests::support::{clock, run, start_game, ALICE, BOB, CAROL};
    use crate::bot::{Bot, Command};
    use crate::store::Store;

    fn frames(gif: &[u8]) -> usize {
        let mut decoder = gif::DecodeOptions::new().read_info(gif).unwrap();
        let mut n = 0;
        while decoder.read_next_frame().unwrap().is_some() {
            n += 1;
        }
        n
    }

    #[test]
    fn the_replay_button_under_a_finished_game_posts_every_position() {
        let dir = tempfile::tempdir().unwrap();
        let bot = Bot::new(Store::open(&dir.path().join("t.db")).unwrap(), clock());
        start_game(&bot, 5);
        for (user, notation) in [(ALICE, "a1"), (BOB, "e5"), (ALICE, "b2")] {
            let mv = Command::Move {
                notation: notation.into(),
                version: None,
            };
            assert!(!run(&bot, user, mv)[0].is_ephemeral(), "{notation}");
        }
        let over = run(&bot, BOB, Command::Resign);
        let button = over
            .iter()
            .flat_map(|r| &r.buttons)
            .find(|b| b.label == "Replay")
            .unwrap_or_else(|| panic!("no Replay button: {over:?}"));
        // Anyone may watch it, not only the players.
        let replies = run(&bot, CAROL, Command::Button(button.custom_id.clone()));
        let file = replies[0].files.first().unwrap();
        assert_eq!(file.name, "taktable-game-1.gif");
        assert_eq!(frames(&file.bytes), 4);
        assert!(
            replies[0].text.contains("3 plies, result 1-0"),
            "{}",
            replies[0].text
        );
        // The same by command, and a refusal for a game that isn't there.
        let by_command = run(&bot, ALICE, Command::Replay { game: None });
        assert_eq!(frames(&by_command[0].files.first().unwrap().bytes), 4);
        let missing = run(&bot, ALICE, Command::Replay { game: Some(9) });
        assert!(missing[0].is_ephemeral());
        assert!(
            missing[0].text.contains("no finished game #9"),
            "{}",
            missing[0].text
        );
    }
}
