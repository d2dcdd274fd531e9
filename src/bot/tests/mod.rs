//! Tests of the core without any adapter: racing moves, buttons, expiry,
//! restarts and replay of the move lists.

use std::sync::{Arc, Barrier};

use chrono::Duration;

use super::button_ids::{self, EXPIRED, NOT_FOR_YOU};
use super::commands::{self, OptionValue, UserRef};
use super::*;
use crate::store::{OfferKind, Store, StoreError, UserId};

use support::{challenge, clock, name, place, run, start_game, ALICE, BOB, CAROL};

pub mod support;

mod correspondence;
mod limits;
mod privacy;
mod standings;
mod threads;
mod tournaments;
mod vanished;

fn bot_at(path: &std::path::Path, clock: Arc<OffsetClock>) -> Bot {
    Bot::new(Store::open(path).unwrap(), clock)
}

/// The text of the single reply to a command.
fn say(bot: &Bot, user: UserId, command: Command) -> String {
    let replies = run(bot, user, command);
    assert_eq!(replies.len(), 1, "{replies:?}");
    replies[0].text.clone()
}

fn mv(notation: &str) -> Command {
    Command::Move {
        notation: notation.into(),
        version: None,
    }
}

fn game_version(bot: &Bot) -> i64 {
    bot.store()
        .active_game("g", "general")
        .unwrap()
        .unwrap()
        .version
}

#[test]
fn two_moves_against_the_same_version_one_applies_the_other_is_told_the_position_changed() {
    // Issue 3: "Two moves racing on one channel: exactly one applies, the
    // other gets 'the position changed'."
    let dir = tempfile::tempdir().unwrap();
    let bot = bot_at(&dir.path().join("t.db"), clock());
    start_game(&bot, 5);
    let v = game_version(&bot);
    let first = say(
        &bot,
        ALICE,
        Command::Move {
            notation: "a1".into(),
            version: Some(v),
        },
    );
    assert!(first.contains("played a1"), "{first}");
    // The same player's second move (say, a double submit of another move)
    // was made against the same version.
    let replies = run(
        &bot,
        ALICE,
        Command::Move {
            notation: "b1".into(),
            version: Some(v),
        },
    );
    assert_eq!(replies.len(), 1);
    assert!(replies[0].is_ephemeral());
    assert_eq!(replies[0].text, POSITION_CHANGED);
    assert!(replies[0].text.contains("position changed"));
    let moves = bot
        .store()
        .moves(bot.store().active_game("g", "general").unwrap().unwrap().id)
        .unwrap();
    assert_eq!(moves.len(), 1);
    assert_eq!(moves[0].notation, "a1");
}

#[test]
fn racing_threads_on_two_connections_apply_exactly_one_move() {
    // Issue 3 and DESIGN (bot/): two bots (as two processes would) on one
    // database; both send a move made against the same version at once.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    let first = bot_at(&path, clock());
    start_game(&first, 5);
    let v = game_version(&first);
    let second = bot_at(&path, clock());
    let bots = [Arc::new(first), Arc::new(second)];
    let barrier = Arc::new(Barrier::new(2));
    let handles: Vec<_> = bots
        .iter()
        .zip(["a1", "e5"])
        .map(|(bot, notation)| {
            let bot = bot.clone();
            let barrier = barrier.clone();
            std::thread::spawn(move || {
                barrier.wait();
                run(
                    &bot,
                    ALICE,
                    Command::Move {
                        notation: notation.into(),
                        version: Some(v),
                    },
                )
            })
        })
        .collect();
    let texts: Vec<String> = handles
        .into_iter()
        .map(|h| h.join().unwrap().remove(0).text)
        .collect();
    let applied = texts.iter().filter(|t| t.contains(" played ")).count();
    let refused = texts.iter().filter(|t| *t == POSITION_CHANGED).count();
    assert_eq!((applied, refused), (1, 1), "{texts:?}");
    assert_eq!(game_version(&bots[0]), v + 1);
}

#[test]
fn channel_locks_leave_the_map_when_no_command_runs() {
    // Issue 10: the per-channel lock map was never pruned.
    let bot = Arc::new(Bot::new(Store::open_in_memory().unwrap(), clock()));
    start_game(&bot, 5);
    let handles: Vec<_> = (0..8)
        .map(|i| {
            let bot = bot.clone();
            std::thread::spawn(move || {
                bot.handle(&Invocation {
                    place: place(&format!("channel{}", i % 3)),
                    user: User {
                        id: ALICE,
                        name: name(ALICE).into(),
                        is_admin: false,
                    },
                    command: Command::Board,
                })
            })
        })
        .collect();
    for handle in handles {
        handle.join().unwrap();
    }
    assert_eq!(bot.locked_channels(), 0);
}

#[test]
fn the_store_refuses_a_second_commit_against_the_same_version() {
    // The version-checked UPDATE (`WHERE id = ? AND version = ?`) alone
    // keeps two commits of the same version apart, across connections.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    let bot = bot_at(&path, clock());
    start_game(&bot, 5);
    let game = bot.store().active_game("g", "general").unwrap().unwrap();
    let other = Store::open(&path).unwrap();
    let now = bot.now();
    let seat = crate::games::Seat::Player1;
    bot.store()
        .record_move(game.id, game.version, "a1", seat, ALICE, "x", None, now)
        .unwrap();
    let second = other.record_move(game.id, game.version, "b1", seat, ALICE, "y", None, now);
    assert!(matches!(second, Err(StoreError::Stale)), "{second:?}");
}

#[test]
fn a_move_is_committed_before_its_reply_and_survives_a_restart() {
    // Issue 3: a move is committed before its reply is produced; the game
    // goes on after a restart; replaying the moves reproduces each snapshot.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    let bot = bot_at(&path, clock());
    start_game(&bot, 4);
    for (user, notation) in [(ALICE, "a4"), (BOB, "d1"), (ALICE, "b2")] {
        let text = say(&bot, user, mv(notation));
        // Read through another connection: the move is already there.
        let other = Store::open(&path).unwrap();
        let game = other.active_game("g", "general").unwrap().unwrap();
        let moves = other.moves(game.id).unwrap();
        assert_eq!(moves.last().unwrap().notation, notation, "{text}");
    }
    drop(bot);
    let bot = bot_at(&path, clock());
    assert_eq!(bot.verify_snapshots().unwrap(), 1);
    assert_eq!(say(&bot, ALICE, mv("c3")), "It's <@202>'s move.");
    assert!(say(&bot, BOB, mv("c3")).contains("played c3"));
    assert_eq!(bot.verify_snapshots().unwrap(), 1);
}

#[test]
fn a_corrupted_snapshot_is_caught_by_replay() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    let bot = bot_at(&path, clock());
    start_game(&bot, 4);
    say(&bot, ALICE, mv("a4"));
    bot.store()
        .conn()
        .execute("UPDATE games SET snapshot = 'x4/x4/x4/x4 1 1'", [])
        .unwrap();
    let err = bot.verify_snapshots().unwrap_err();
    assert!(err.contains("stored snapshot"), "{err}");
}

#[test]
fn the_move_reply_mentions_the_player_to_move() {
    // Issue 3: after a legal move the reply mentions the player now to move.
    let dir = tempfile::tempdir().unwrap();
    let bot = bot_at(&dir.path().join("t.db"), clock());
    let start = start_game(&bot, 5);
    assert_eq!(start[0].mentions, vec![ALICE]);
    let replies = run(&bot, ALICE, mv("a1"));
    assert_eq!(replies[0].mentions, vec![BOB]);
    assert!(replies[0].text.contains("<@202> (black) to move"));
    assert!(!replies[0].is_ephemeral());
}

#[test]
fn challenge_buttons_are_shortcuts_with_the_same_checks() {
    // Issue 3: a button maps to its command; a stranger's press gets "this
    // is not for you", a stale press "this offer has expired".
    let dir = tempfile::tempdir().unwrap();
    let bot = bot_at(&dir.path().join("t.db"), clock());
    let replies = run(&bot, ALICE, challenge(BOB, 4));
    let ids: Vec<String> = replies[0]
        .buttons
        .iter()
        .map(|b| b.custom_id.clone())
        .collect();
    assert_eq!(ids.len(), 2);
    let (accept, decline) = (ids[0].clone(), ids[1].clone());
    assert_eq!(
        say(&bot, CAROL, Command::Button(accept.clone())),
        NOT_FOR_YOU
    );
    assert_eq!(
        say(&bot, ALICE, Command::Button(accept.clone())),
        NOT_FOR_YOU
    );
    assert_eq!(
        say(&bot, CAROL, Command::Button(decline.clone())),
        NOT_FOR_YOU
    );
    let started = say(&bot, BOB, Command::Button(accept.clone()));
    assert!(started.contains("Game #1"), "{started}");
    assert_eq!(say(&bot, BOB, Command::Button(accept)), EXPIRED);
    assert_eq!(say(&bot, BOB, Command::Button(decline)), EXPIRED);
    assert_eq!(say(&bot, BOB, Command::Button("garbage".into())), EXPIRED);
}

#[test]
fn offer_buttons_expire_when_a_move_is_made() {
    // Issue 3: a draw offer lapses when a move is made; its buttons then
    // answer "this offer has expired".
    let dir = tempfile::tempdir().unwrap();
    let bot = bot_at(&dir.path().join("t.db"), clock());
    start_game(&bot, 4);
    say(&bot, ALICE, mv("a4"));
    let offer = run(&bot, BOB, Command::Draw);
    let accept = offer[0].buttons[0].custom_id.clone();
    assert!(matches!(
        button_ids::parse(&accept),
        Some(button_ids::Press::Offer {
            kind: OfferKind::Draw,
            accept: true,
            ..
        })
    ));
    // The offerer can't answer their own offer; a bystander can't either.
    assert_eq!(say(&bot, BOB, Command::Button(accept.clone())), NOT_FOR_YOU);
    assert_eq!(
        say(&bot, CAROL, Command::Button(accept.clone())),
        NOT_FOR_YOU
    );
    // Bob moves: the offer lapses.
    say(&bot, BOB, mv("d1"));
    assert_eq!(say(&bot, ALICE, Command::Button(accept)), EXPIRED);
    // A fresh offer accepted by its button ends the game in a draw.
    let offer = run(&bot, ALICE, Command::Draw);
    let accept = offer[0].buttons[0].custom_id.clone();
    let drawn = run(&bot, BOB, Command::Button(accept));
    assert!(drawn[0].text.contains("1/2-1/2"), "{drawn:?}");
    // ...with a Rematch button under it, which only the players may press.
    let rematch = drawn[0].buttons[0].custom_id.clone();
    assert_eq!(
        say(&bot, CAROL, Command::Button(rematch.clone())),
        NOT_FOR_YOU
    );
    let offered = say(&bot, BOB, Command::Button(rematch));
    assert!(offered.contains("rematch"), "{offered}");
}

#[test]
fn undo_buttons_take_back_the_last_ply() {
    let dir = tempfile::tempdir().unwrap();
    let bot = bot_at(&dir.path().join("t.db"), clock());
    start_game(&bot, 4);
    say(&bot, ALICE, mv("a4"));
    say(&bot, BOB, mv("d1"));
    let request = run(&bot, BOB, Command::Undo);
    let decline = request[0].buttons[1].custom_id.clone();
    let accept = request[0].buttons[0].custom_id.clone();
    assert_eq!(say(&bot, CAROL, Command::Button(decline)), NOT_FOR_YOU);
    let text = say(&bot, ALICE, Command::Button(accept.clone()));
    assert!(text.contains("d1 is taken back"), "{text}");
    assert_eq!(say(&bot, ALICE, Command::Button(accept)), EXPIRED);
    let game = bot.store().active_game("g", "general").unwrap().unwrap();
    assert_eq!(bot.store().moves(game.id).unwrap().len(), 1);
    assert_eq!(bot.verify_snapshots().unwrap(), 1);
}

#[test]
fn challenges_expire_after_24_hours() {
    // Issue 3: challenges expire after 24 hours; the scheduler announces it.
    let dir = tempfile::tempdir().unwrap();
    let clock = clock();
    let bot = bot_at(&dir.path().join("t.db"), clock.clone());
    let replies = run(&bot, ALICE, challenge(BOB, 5));
    let accept = replies[0].buttons[0].custom_id.clone();
    clock
        .advance(Duration::hours(23) + Duration::minutes(59))
        .unwrap();
    assert!(bot.run_due().is_empty());
    clock.advance(Duration::minutes(1)).unwrap();
    let due = bot.run_due();
    assert_eq!(due.len(), 1);
    assert!(due[0].text.contains("has expired"), "{}", due[0].text);
    assert_eq!(due[0].to, reply::Target::Channel(place("general")));
    assert!(bot.run_due().is_empty());
    assert_eq!(say(&bot, BOB, Command::Button(accept)), EXPIRED);
    assert!(say(&bot, BOB, Command::Accept).contains("no challenge"));
}

#[test]
fn an_expired_challenge_cannot_be_accepted_even_before_the_scheduler_runs() {
    let dir = tempfile::tempdir().unwrap();
    let clock = clock();
    let bot = bot_at(&dir.path().join("t.db"), clock.clone());
    run(&bot, ALICE, challenge(BOB, 5));
    clock.advance(Duration::hours(25)).unwrap();
    assert!(say(&bot, BOB, Command::Accept).contains("no challenge"));
    assert!(bot.store().active_game("g", "general").unwrap().is_none());
}

#[test]
fn a_challenge_past_its_24_hours_does_not_block_a_new_one_before_the_scheduler_runs() {
    // Issue 3: a challenge waits 24 hours; one challenge at a time per channel.
    let dir = tempfile::tempdir().unwrap();
    let clock = clock();
    let bot = bot_at(&dir.path().join("t.db"), clock.clone());
    run(&bot, ALICE, challenge(BOB, 5));
    clock
        .advance(Duration::hours(23) + Duration::minutes(59))
        .unwrap();
    let early = say(&bot, CAROL, challenge(BOB, 4));
    assert!(early.contains("One challenge at a time"), "{early}");
    clock.advance(Duration::minutes(1)).unwrap();
    let fresh = say(&bot, CAROL, challenge(BOB, 4));
    assert!(fresh.contains("challenges <@202> to Tak 4x4"), "{fresh}");
    // The old one was closed as expired then, so nothing is left for the
    // scheduler, and Bob's /accept takes Carol's challenge.
    let old = bot.store().challenge(1).unwrap().unwrap();
    assert_eq!(old.status, crate::store::ChallengeStatus::Expired);
    assert!(bot.run_due().is_empty());
    run(&bot, BOB, Command::Accept);
    let game = bot.store().active_game("g", "general").unwrap().unwrap();
    assert_eq!(game.players, [CAROL, BOB]);
}

#[test]
fn only_players_and_admins_abort_and_only_players_resign() {
    // Issue 3: only players and server admins end a game early; issue 13
    // item 1: a bystander who is not an admin can't abort.
    let dir = tempfile::tempdir().unwrap();
    let bot = bot_at(&dir.path().join("t.db"), clock());
    start_game(&bot, 4);
    assert!(say(&bot, CAROL, Command::Abort { game: None }).contains("Only the players"));
    assert!(say(&bot, CAROL, Command::Resign { game: None }).contains("not playing"));
    let replies = bot.handle(&Invocation {
        place: place("general"),
        user: User {
            id: CAROL,
            name: "carol".into(),
            is_admin: true,
        },
        command: Command::Abort { game: None },
    });
    assert!(replies[0].text.contains("aborted"), "{replies:?}");
    let game = bot.store().latest_game("g", "general").unwrap().unwrap();
    assert_eq!(game.status, crate::store::GameStatus::Aborted);
    assert_eq!(game.result.as_deref(), Some("*"));
}

#[test]
fn export_is_a_ptn_file_with_the_required_tags() {
    // Issue 3: /export gives a PTN file with Player1, Player2, Date, Size,
    // Komi, Flats, Caps, Result, Site and a ptn.ninja link.
    let dir = tempfile::tempdir().unwrap();
    let bot = bot_at(&dir.path().join("t.db"), clock());
    start_game(&bot, 3);
    for (user, m) in [(ALICE, "a3"), (BOB, "a1"), (ALICE, "b1"), (BOB, "b3")] {
        say(&bot, user, mv(m));
    }
    let end = say(&bot, ALICE, mv("c1"));
    assert!(end.contains("R-0"), "{end}");
    let replies = run(&bot, BOB, Command::Export { game: None });
    let file = replies[0].files.first().unwrap();
    let text = String::from_utf8(file.bytes.clone()).unwrap();
    for tag in [
        "[Player1 \"alice\"]",
        "[Player2 \"bob\"]",
        "[Date \"2026.01.01\"]",
        "[Size \"3\"]",
        "[Komi \"0\"]",
        "[Flats \"10\"]",
        "[Caps \"0\"]",
        "[Result \"R-0\"]",
        "[Site \"taktable\"]",
    ] {
        assert!(text.contains(tag), "{tag}: {text}");
    }
    assert!(text.contains("1. a3 a1\n2. b1 b3\n3. c1 R-0"), "{text}");
    assert!(replies[0].text.contains("https://ptn.ninja/"));
    // The file reads back to the same game (RULINGS Tak 7), through the
    // game's own file reader (the bot names no game).
    let kind = bot.store().all_games().unwrap()[0].settings.kind();
    let (read, _) = kind.read_file(&text).unwrap();
    assert_eq!(read.actions(), ["a3", "a1", "b1", "b3", "c1"]);
}

#[test]
fn a_leaderboard_without_game_is_the_channels_game_or_a_question() {
    // Issue 10: a missing `game:` no longer silently means Tak. Issue 29:
    // with no game here and none rated in the server, the bot says so and
    // how to name one (tests/standings.rs has the question itself).
    let bot = Bot::new(Store::open_in_memory().unwrap(), clock());
    let leaderboard = || Command::Leaderboard {
        game: None,
        page: None,
    };
    let asked = say(&bot, ALICE, leaderboard());
    let names: Vec<&str> = crate::games::GameKind::ALL
        .iter()
        .map(|k| k.name())
        .collect();
    assert!(
        asked.contains("no game has ratings in this server")
            && asked.contains(&format!("/leaderboard game:<{}>", names.join("|"))),
        "{asked}"
    );
    let takat = commands::build(
        "takat challenge",
        vec![(
            "opponent".into(),
            OptionValue::User(UserRef {
                id: BOB,
                name: name(BOB).into(),
            }),
        )],
    )
    .unwrap();
    run(&bot, ALICE, takat);
    run(&bot, BOB, Command::Accept);
    let board = say(&bot, ALICE, leaderboard());
    assert!(board.starts_with("No rated Takat games"), "{board}");
    let rating = say(
        &bot,
        ALICE,
        Command::Rating {
            user: None,
            game: None,
        },
    );
    assert!(rating.contains("no rated Takat games"), "{rating}");
}
