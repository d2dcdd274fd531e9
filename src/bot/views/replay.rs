//! `/replay` (and the Replay button under a finished game): the whole game
//! as an animated GIF, one frame per position with its last action
//! highlighted, in the theme of the user who asked.

use std::time::Duration;

use super::export::{game_to_show, plies};
use crate::bot::ground::board::{drawn_with, player_names, theme_of};
use crate::bot::ground::context::{refuse, Ctx, Outcome, RESTARTING};
use crate::bot::ground::reply::{mention, Reply};
use crate::render::animation::{self, AnimationError, Limits};
use crate::store::artefacts::{Artefact, ArtefactKey};
use crate::store::{GameRow, GameStatus};

/// The most frames a replay has: a longer game shows every second (third,
/// ...) position. 500 frames of 8x8 Tak take about 4 s to draw.
pub const MAX_FRAMES: usize = 500;
/// The longest a replay may take to draw.
pub const REPLAY_TIME: Duration = Duration::from_secs(20);

/// `/replay [game]`: the game named (a game of this server that is over,
/// or this channel's), else this channel's game in progress or its last.
/// A finished game's replay is drawn once per theme and names, then kept
/// ([`crate::store::artefacts`]).
pub fn replay(ctx: &Ctx<'_>, id: Option<i64>) -> Outcome {
    let game = game_to_show(ctx, id, "replay")?;
    let names = player_names(ctx, &game);
    let theme = theme_of(ctx);
    let variant = drawn_with(theme, &names);
    let key = ArtefactKey::of(&game, "replay", &variant);
    let finished = game.status != GameStatus::Active;
    let upload_limit = ctx.core.upload_limit(&ctx.place.guild);
    if finished {
        if let Some(kept) = ctx.store().artefact(key)? {
            if let Ok(shown) = serde_json::from_str::<Shown>(&kept.meta) {
                // Drawn when the server took larger files (its boosts may have lapsed since):
                // the same GIF would be refused now (issue 40).
                if kept.bytes.len() > upload_limit {
                    return over_limit(&game, upload_limit);
                }
                return Ok(vec![answer(ctx, &game, shown, kept.bytes)]);
            }
        }
    }
    let state = ctx.core.position(&game)?;
    let limits = Limits {
        frames: MAX_FRAMES,
        bytes: upload_limit,
        budget: ctx.core.job_budget(REPLAY_TIME),
    };
    let animation = match animation::replay(&state, names, theme, &limits) {
        Ok(animation) => animation,
        Err(AnimationError::OverSize { limit }) => return over_limit(&game, limit),
        Err(AnimationError::OutOfTime) if limits.budget.stopped() => return refuse(RESTARTING),
        Err(e) => {
            tracing::error!(game = game.id, "{e}");
            return refuse(format!(
                "Game #{} can't be replayed: {e}. /export gives it as a file.",
                game.id
            ));
        }
    };
    let shown = Shown {
        plies: state.action_count(),
        step: animation.step,
    };
    if finished {
        let kept = Artefact {
            meta: serde_json::to_string(&shown).unwrap_or_default(),
            bytes: animation.gif.clone(),
        };
        ctx.store().keep_artefact(key, &kept, ctx.now)?;
    }
    Ok(vec![answer(ctx, &game, shown, animation.gif)])
}

/// The refusal of a replay whose GIF is over the server's upload limit of `limit` bytes.
fn over_limit(game: &GameRow, limit: usize) -> Outcome {
    refuse(format!(
        "The replay of game #{} would be over this server's upload limit of {}; /export gives the game as a file instead.",
        game.id,
        animation::mebibytes(limit)
    ))
}

/// What a replay shows, kept with its GIF.
#[derive(Clone, Copy, serde::Serialize, serde::Deserialize)]
struct Shown {
    plies: usize,
    /// Actions a frame moves on.
    step: usize,
}

/// The reply: what the GIF shows, and the GIF.
fn answer(ctx: &Ctx<'_>, game: &GameRow, shown: Shown, gif: Vec<u8>) -> Reply {
    let result = game.result.as_deref().unwrap_or("*");
    let frames = match shown.step {
        1 => "every position from the start".to_string(),
        2 => "every second position from the start to the end".to_string(),
        n => format!(
            "every {} position from the start to the end (too long a game for one frame a move)",
            ordinal(n)
        ),
    };
    let text = format!(
        "Game #{} ({} vs {}), {}, result {result}: {frames}, the last move highlighted.",
        game.id,
        mention(game.players[0]),
        mention(game.players[1]),
        plies(shown.plies),
    );
    Reply::public(ctx.place, text).with_file(format!("taktable-game-{}.gif", game.id), gif)
}

/// An ordinal as English writes it: "third", "4th", "21st", "112th"
/// (issue 42: "every 3th position").
fn ordinal(n: usize) -> String {
    match n {
        2 => "second".to_string(),
        3 => "third".to_string(),
        _ => {
            let suffix = match (n % 10, n % 100) {
                (_, 11..=13) => "th",
                (1, _) => "st",
                (2, _) => "nd",
                (3, _) => "rd",
                _ => "th",
            };
            format!("{n}{suffix}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ordinal;
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
    fn ordinals_read_as_english_writes_them() {
        let shown: Vec<String> = [3, 4, 11, 12, 13, 21, 22, 23, 101, 111, 112, 123]
            .into_iter()
            .map(ordinal)
            .collect();
        assert_eq!(
            shown,
            [
                "third", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "101st", "111th",
                "112th", "123rd"
            ]
        );
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
        let over = run(&bot, BOB, Command::Resign { game: None });
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
