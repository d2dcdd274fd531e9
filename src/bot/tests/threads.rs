//! A game against the computer in a thread of its own, the computer to move
//! first (issue 15 with issue 14): it waits until the adapter has posted the
//! game's start, then moves where the game is played.

use super::support::{clock, place, run, ALICE};
use crate::bot::commands::{self, OptionValue, UserRef};
use crate::bot::reply::{Target, ThreadStart};
use crate::bot::*;
use crate::store::{Store, UserId};

const COMPUTER: UserId = 999;

fn bot() -> Bot {
    let bot = Bot::new(Store::open_in_memory().unwrap(), clock());
    bot.set_computer(User {
        id: COMPUTER,
        name: "taktable".into(),
        is_admin: false,
    });
    bot
}

/// Alice challenges the computer in #general to a game in a thread, with
/// black: the computer has white, the first move. Returns the thread to open.
fn challenge_with_black(bot: &Bot) -> ThreadStart {
    let challenge = commands::build(
        "tak challenge",
        vec![
            (
                "opponent".into(),
                OptionValue::User(UserRef {
                    id: COMPUTER,
                    name: "taktable".into(),
                }),
            ),
            ("level".into(), OptionValue::Integer(1)),
            ("size".into(), OptionValue::Integer(3)),
            ("color".into(), OptionValue::String("black".into())),
            ("thread".into(), OptionValue::Boolean(true)),
        ],
    )
    .unwrap();
    let replies = run(bot, ALICE, challenge);
    replies
        .iter()
        .find_map(|r| r.thread.clone())
        .unwrap_or_else(|| panic!("a thread to open: {replies:?}"))
}

fn moves_of(bot: &Bot, game: i64) -> usize {
    bot.store().moves(game).unwrap().len()
}

#[test]
fn the_computer_moves_first_in_the_thread_once_its_start_is_posted() {
    let bot = bot();
    let start = challenge_with_black(&bot);
    // Accepted, the game awaits the computer, but its thread is not open yet.
    assert!(bot.computer_turns().is_empty());
    assert!(bot.play_computer_turns().is_empty());
    assert_eq!(moves_of(&bot, start.game), 0);

    let thread = place("general/game-1");
    let opened = bot.thread_opened(&start, Ok(thread.clone()));
    assert!(
        opened[0].text.starts_with("The game starts here."),
        "{opened:?}"
    );
    // Open, but its start not posted yet: the computer still waits.
    assert!(bot.play_computer_turns().is_empty());

    bot.thread_start_posted(&start);
    let moved = bot.play_computer_turns();
    assert!(!moved.is_empty());
    for reply in &moved {
        assert_eq!(reply.to, Target::Channel(thread.clone()), "{moved:?}");
    }
    assert!(
        moved[0].text.starts_with(&format!("<@{COMPUTER}> played ")),
        "{moved:?}"
    );
    assert_eq!(moves_of(&bot, start.game), 1);
}

#[test]
fn when_the_thread_is_refused_the_computer_moves_in_the_channel_after_the_start() {
    let bot = bot();
    let start = challenge_with_black(&bot);
    let opened = bot.thread_opened(&start, Err("Missing Permissions".into()));
    assert!(
        opened[0].text.starts_with("I couldn't open a thread"),
        "{opened:?}"
    );
    assert!(bot.play_computer_turns().is_empty());
    bot.thread_start_posted(&start);
    let moved = bot.play_computer_turns();
    assert_eq!(moved[0].to, Target::Channel(place("general")), "{moved:?}");
    assert_eq!(moves_of(&bot, start.game), 1);
}
