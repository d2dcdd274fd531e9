//! Tests of the standings' "which game?" (issue 29): a channel that never
//! had a game is not shown another game's table. The games are taken from
//! [`GameKind::ALL`] and their challenges built by name, so no game is
//! named here.

use crate::bot::button_ids::{self, Press};
use crate::bot::commands::{self, OptionValue, UserRef};
use crate::bot::reply::{mention, Reply, Visibility};
use crate::bot::*;
use crate::games::GameKind;
use crate::store::{Store, UserId};

use super::support::{clock, name, run_in, ALICE, BOB, CAROL};

/// Alice challenges Bob to `kind` with its default options in `channel`,
/// Bob accepts and Alice resigns: one rated game of `kind`, won by Bob.
fn rated_game(bot: &Bot, channel: &str, kind: GameKind) {
    let challenge = commands::build(
        &format!("{} challenge", kind.name()),
        vec![(
            "opponent".into(),
            OptionValue::User(UserRef {
                id: BOB,
                name: name(BOB).into(),
            }),
        )],
    )
    .expect("a well-formed challenge");
    run_in(bot, channel, ALICE, challenge);
    run_in(bot, channel, BOB, Command::Accept);
    run_in(bot, channel, ALICE, Command::Resign { game: None });
    let rated = bot.store().rated_kinds("g", None).unwrap();
    assert!(rated.contains(&kind), "{kind:?} rated: {rated:?}");
}

fn leaderboard(game: Option<GameKind>) -> Command {
    Command::Leaderboard { game, page: None }
}

fn rating(user: Option<UserId>) -> Command {
    Command::Rating {
        user: user.map(|id| UserRef {
            id,
            name: name(id).into(),
        }),
        game: None,
    }
}

/// The games a reply's buttons choose, with the command each stands for.
fn choices(reply: &Reply) -> Vec<Press> {
    reply
        .buttons
        .iter()
        .map(|b| button_ids::parse(&b.custom_id).expect("a known button"))
        .collect()
}

/// The heading of a leaderboard of `kind`, as `/leaderboard` writes it.
fn table_of(kind: GameKind) -> String {
    format!("{} leaderboard of this server", kind.title())
}

#[test]
fn a_channel_without_a_game_asks_which_game_and_never_shows_another() {
    let (first, second) = (GameKind::ALL[0], GameKind::ALL[1]);
    let bot = Bot::new(Store::open_in_memory().unwrap(), clock());

    // No ratings anywhere: said so, to the asker only, no table.
    for command in [leaderboard(None), rating(None)] {
        let replies = run_in(&bot, "lobby", CAROL, command);
        assert_eq!(replies.len(), 1, "{replies:?}");
        assert_eq!(replies[0].visibility, Visibility::Ephemeral);
        assert!(
            replies[0].text.contains("no game has ratings"),
            "{replies:?}"
        );
        assert!(replies[0].buttons.is_empty());
    }

    // One game rated: shown, saying which and how to ask for another.
    rated_game(&bot, "first-room", first);
    let replies = run_in(&bot, "lobby", CAROL, leaderboard(None));
    assert_eq!(replies.len(), 1, "{replies:?}");
    let text = &replies[0].text;
    assert!(text.starts_with(&table_of(first)), "{text}");
    assert!(
        text.contains(&format!(
            "so this is {}, the only game with ratings",
            first.title()
        )),
        "{text}"
    );
    assert!(text.contains(&format!("/leaderboard game:<{}", second.name())));
    let text = &run_in(&bot, "lobby", CAROL, rating(Some(BOB)))[0].text;
    assert!(text.contains(first.title()) && text.contains("the only game"));

    // Two games rated: the question, a button for each, and no table.
    rated_game(&bot, "second-room", second);
    let replies = run_in(&bot, "lobby", CAROL, leaderboard(None));
    assert_eq!(replies.len(), 1, "{replies:?}");
    let question = &replies[0];
    assert_eq!(question.visibility, Visibility::Ephemeral);
    assert!(question.text.starts_with("Which game's leaderboard?"));
    assert!(!question.text.contains("leaderboard of this server"));
    assert_eq!(
        choices(question),
        [
            Press::Leaderboard { game: first },
            Press::Leaderboard { game: second }
        ]
    );
    for kind in [first, second] {
        assert!(question
            .text
            .contains(&format!("/leaderboard game:{}", kind.name())));
    }
    // /rating asks the same, its buttons carrying whose rating.
    let replies = run_in(&bot, "lobby", CAROL, rating(Some(BOB)));
    assert_eq!(
        choices(&replies[0]),
        [
            Press::Rating {
                user: BOB,
                game: first
            },
            Press::Rating {
                user: BOB,
                game: second
            }
        ]
    );

    // A button is its command: the chosen game's table, with no note.
    let custom_id = question.buttons[1].custom_id.clone();
    let replies = run_in(&bot, "lobby", CAROL, Command::Button(custom_id));
    assert_eq!(replies[0].visibility, Visibility::Public);
    assert!(
        replies[0].text.starts_with(&table_of(second)),
        "{replies:?}"
    );
    assert!(!replies[0].text.contains("the only game"));
    let custom_id = button_ids::rating_id(BOB, first);
    let text = &run_in(&bot, "lobby", CAROL, Command::Button(custom_id))[0].text;
    assert!(
        text.contains(&format!("{} rating in this server", first.title())),
        "{text}"
    );

    // /rating asks only about the games its player has a rating in:
    // Carol has none, though the server has two.
    let replies = run_in(&bot, "lobby", CAROL, rating(None));
    let text = &replies[0].text;
    assert!(
        text.contains(&format!("no game has ratings for {}", mention(CAROL))),
        "{text}"
    );
    assert!(replies[0].buttons.is_empty());

    // A channel that had a game shows its own game without asking.
    let replies = run_in(&bot, "first-room", CAROL, leaderboard(None));
    assert!(replies[0].text.starts_with(&table_of(first)), "{replies:?}");
    assert!(replies[0].buttons.is_empty());
}
