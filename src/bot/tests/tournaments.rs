//! Tournaments in the core (issue 32): what the transcripts can't show
//! line by line — a round closed once however often the scheduler looks,
//! two processes on one database, a stranger on a closed sign-up, and the
//! claim that always wins.

use std::sync::Arc;

use chrono::Duration;

use super::support::{clock, place, run_in, ALICE, BOB, CAROL};
use crate::bot::button_ids::tournament_id;
use crate::bot::commands::{self, OptionValue, TournamentCommand};
use crate::bot::reply::Reply;
use crate::bot::{Bot, Command, Invocation, OffsetClock, User};
use crate::store::{GameStatus, Store, UserId};

fn admin(id: UserId) -> User {
    User {
        id,
        name: "admin".into(),
        is_admin: true,
    }
}

/// A round robin of Tak 5x5 (rated) created by an admin in #arena, with
/// Alice, Bob and Carol signed up.
fn signed_up(bot: &Bot) {
    let create = commands::build(
        "tournament create",
        vec![
            ("game".into(), OptionValue::String("tak".into())),
            ("format".into(), OptionValue::String("round-robin".into())),
            ("round-time".into(), OptionValue::String("1d".into())),
        ],
    )
    .unwrap();
    let replies = bot.handle(&Invocation {
        place: place("arena"),
        user: admin(ALICE),
        command: create,
    });
    assert!(replies[0].text.starts_with("Tournament #1"), "{replies:?}");
    for user in [ALICE, BOB, CAROL] {
        run_in(
            bot,
            "arena",
            user,
            Command::Tournament(TournamentCommand::Join),
        );
    }
}

/// Alice starts the tournament of #arena.
fn start(bot: &Bot) -> Vec<Reply> {
    run_in(
        bot,
        "arena",
        ALICE,
        Command::Tournament(TournamentCommand::Start),
    )
}

/// The games the adapter is asked to open threads for.
fn threads_asked(replies: &[Reply]) -> Vec<i64> {
    replies
        .iter()
        .filter_map(|r| r.thread.as_ref().map(|t| t.game))
        .collect()
}

fn texts(replies: &[Reply]) -> String {
    replies
        .iter()
        .map(|r| r.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Opens the threads asked for as the terminal does: `arena/game-N`.
fn open_threads(bot: &Bot, replies: &[Reply]) {
    for reply in replies {
        if let Some(start) = &reply.thread {
            bot.thread_opened(start, Ok(place(&format!("arena/game-{}", start.game))));
            bot.thread_start_posted(start);
        }
    }
}

#[test]
fn a_round_is_closed_and_the_next_paired_once_however_often_the_scheduler_looks() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    let clock: Arc<OffsetClock> = clock();
    let bot = Bot::new(Store::open(&path).unwrap(), clock.clone());
    // A second process on the same database, with the same clock.
    let other = Bot::new(Store::open(&path).unwrap(), clock.clone());
    signed_up(&bot);
    let started = start(&bot);
    // Three players: one game and a bye each round (issue 32: byes for odd numbers).
    let games = threads_asked(&started);
    assert_eq!(games.len(), 1, "{}", texts(&started));
    open_threads(&bot, &started);
    // The round's deadline passes with nobody having moved: both lose.
    clock
        .advance(Duration::days(1) + Duration::minutes(1))
        .unwrap();
    let first = bot.run_due();
    let second = other.run_due();
    let third = bot.run_due();
    let closed = texts(&first);
    assert!(closed.contains("nobody moved in game #1"), "{closed}");
    assert!(
        closed.contains("Round 1 of 3 of tournament #1 is over"),
        "{closed}"
    );
    assert_eq!(threads_asked(&first).len(), 1, "round 2 starts one game");
    assert!(
        !texts(&second).contains("tournament") && !texts(&third).contains("tournament"),
        "seen again: {second:?} {third:?}"
    );
    let store = Store::open(&path).unwrap();
    assert_eq!(store.tournament_rounds(1).unwrap().len(), 2);
    assert_eq!(
        store.game(games[0]).unwrap().unwrap().status,
        GameStatus::Aborted
    );
}

#[test]
fn a_stranger_pressing_join_after_the_start_is_told_and_changes_nothing() {
    let bot = Bot::new(Store::open_in_memory().unwrap(), clock());
    signed_up(&bot);
    start(&bot);
    let press = run_in(&bot, "arena", 404, Command::Button(tournament_id(1, true)));
    assert_eq!(texts(&press), "Tournament #1 is no longer taking sign-ups.");
    assert!(press[0].is_ephemeral());
    assert_eq!(bot.store().entrants(1).unwrap().len(), 3);
}

#[test]
fn a_tournament_claim_wins_even_before_two_moves_each_and_abort_is_refused() {
    let clock = clock();
    let bot = Bot::new(Store::open_in_memory().unwrap(), clock.clone());
    signed_up(&bot);
    let started = start(&bot);
    open_threads(&bot, &started);
    let game = bot
        .store()
        .game(threads_asked(&started)[0])
        .unwrap()
        .unwrap();
    let thread = game.channel.clone();
    let white = game.players[0];
    // White places the opponent's flat (Tak's opening), then Black waits.
    let moved = run_in(
        &bot,
        &thread,
        white,
        Command::Move {
            notation: "a1".into(),
            version: None,
        },
    );
    assert!(texts(&moved).contains("played a1"), "{}", texts(&moved));
    let abort = texts(&run_in(&bot, &thread, white, Command::Abort { game: None }));
    assert!(abort.contains("can't be aborted"), "{abort}");
    let early = texts(&run_in(&bot, &thread, white, Command::Claim { game: None }));
    assert!(early.contains("before the round's deadline"), "{early}");
    clock.advance(Duration::days(1)).unwrap();
    let claimed = run_in(&bot, &thread, white, Command::Claim { game: None });
    let text = texts(&claimed);
    assert!(text.contains("wins by forfeit"), "{text}");
    let game = bot.store().game(game.id).unwrap().unwrap();
    assert_eq!(game.status, GameStatus::Finished);
    assert_eq!(game.winner.map(|s| game.player(s)), Some(white));
}
