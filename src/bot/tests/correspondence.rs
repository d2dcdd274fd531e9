//! Tests of correspondence play and ratings in the core: the scheduler's
//! exactly-once delivery across processes, `next_due`, direct messages,
//! and ratings that follow from the stored results through every way a
//! game ends.

use std::sync::{Arc, Barrier};

use chrono::Duration;

use crate::bot::reply::{Reply, Target};
use crate::bot::*;
use crate::games::{GameKind, GameSettings, Seat};
use crate::rating::{self, Rating};
use crate::store::{Finish, GameStatus, NewGame};
use crate::store::{Store, UserId};

use super::support::{challenge, clock, place, run_in, ALICE, BOB, CAROL};

fn mv(notation: &str) -> Command {
    Command::Move {
        notation: notation.into(),
        version: None,
    }
}

/// `white` challenges `black` (who accepts) to Tak of a size in a channel.
fn start(bot: &Bot, channel: &str, white: UserId, black: UserId, size: i64) {
    run_in(bot, channel, white, challenge(black, size));
    let replies = run_in(bot, channel, black, Command::Accept);
    assert!(replies[0].text.contains("accepts"), "{replies:?}");
}

fn is_reminder(r: &Reply) -> bool {
    r.text.contains("it's your move in game")
}

#[test]
fn a_due_reminder_is_sent_once_even_by_two_processes() {
    // Issue 6: none is sent twice. Two bots on one database (as two
    // processes would be) run the scheduler at the same moment.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    let clock = clock();
    let first = Bot::new(Store::open(&path).unwrap(), clock.clone());
    start(&first, "general", ALICE, BOB, 5);
    run_in(&first, "general", ALICE, mv("e5"));
    clock.advance(Duration::hours(25)).unwrap();
    let second = Bot::new(Store::open(&path).unwrap(), clock.clone());
    let bots = [Arc::new(first), Arc::new(second)];
    let barrier = Arc::new(Barrier::new(2));
    let handles: Vec<_> = bots
        .iter()
        .map(|bot| {
            let (bot, barrier) = (bot.clone(), barrier.clone());
            std::thread::spawn(move || {
                barrier.wait();
                bot.run_due()
            })
        })
        .collect();
    let sent: Vec<Reply> = handles
        .into_iter()
        .flat_map(|h| h.join().unwrap())
        .collect();
    assert_eq!(
        sent.iter().filter(|r| is_reminder(r)).count(),
        1,
        "{sent:?}"
    );
    assert_eq!(sent[0].mentions, vec![BOB]);
    assert!(bots[0].run_due().is_empty());
    assert!(bots[1].run_due().is_empty());
}

#[test]
fn next_due_is_the_earliest_expiry_reminder_or_deadline() {
    // Issue 6: the adapters sleep until Bot::next_due (no busy polling).
    let dir = tempfile::tempdir().unwrap();
    let clock = clock();
    let bot = Bot::new(
        Store::open(&dir.path().join("t.db")).unwrap(),
        clock.clone(),
    );
    let t0 = bot.now();
    assert_eq!(bot.next_due(), None);
    run_in(&bot, "general", ALICE, challenge(BOB, 5));
    assert_eq!(bot.next_due(), Some(t0 + Duration::hours(24)));
    clock.advance(Duration::hours(2)).unwrap();
    run_in(&bot, "general", BOB, Command::Accept);
    // The game's first reminder (24 hours after the start).
    assert_eq!(bot.next_due(), Some(t0 + Duration::hours(26)));
    run_in(
        &bot,
        "general",
        BOB,
        Command::Remind {
            every: Some(Duration::hours(6)),
        },
    );
    assert_eq!(bot.next_due(), Some(t0 + Duration::hours(8)));
    // Reminders off: the deadline (7 days) is what is left.
    run_in(&bot, "general", BOB, Command::Remind { every: None });
    assert_eq!(
        bot.next_due(),
        Some(t0 + Duration::hours(2) + Duration::days(7))
    );
    run_in(&bot, "general", ALICE, Command::Resign { game: None });
    assert_eq!(bot.next_due(), None);
}

#[test]
fn your_move_goes_by_direct_message_to_those_who_opted_in() {
    // Issue 6: the core returns a reply addressed to a user, not a channel.
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::new(Store::open(&dir.path().join("t.db")).unwrap(), clock());
    start(&bot, "general", ALICE, BOB, 5);
    let on = run_in(&bot, "general", BOB, Command::Notify { dm: true });
    assert!(on[0].is_ephemeral());
    let replies = run_in(&bot, "general", ALICE, mv("e5"));
    assert_eq!(replies.len(), 2, "{replies:?}");
    assert_eq!(replies[1].to, Target::DirectMessage(BOB));
    assert!(replies[1].text.contains("It's your move in <#general>"));
    // Alice did not opt in.
    let replies = run_in(&bot, "general", BOB, mv("a1"));
    assert_eq!(replies.len(), 1, "{replies:?}");
}

/// Every rating in the store, recomputed from the stored results in the
/// order they were rated, starting from 1500/350/0.06.
fn recomputed(store: &Store) -> Vec<(UserId, Rating)> {
    let mut ratings: std::collections::BTreeMap<UserId, Rating> = Default::default();
    for (game, changes) in store.rated_games().unwrap() {
        let [a, b] = game.players;
        let (ra, rb) = (
            *ratings.get(&a).unwrap_or(&Rating::START),
            *ratings.get(&b).unwrap_or(&Rating::START),
        );
        assert_eq!(changes.len(), 2, "game {}", game.id);
        assert_eq!(changes[0].before, ra);
        let score = crate::store::ratings::score_of(Seat::Player1, game.winner);
        let (na, nb) = rating::update(ra, rb, score);
        ratings.insert(a, na);
        ratings.insert(b, nb);
    }
    ratings.into_iter().collect()
}

/// The game every game of these tests is: the one `challenge` asks for.
fn challenged_settings() -> GameSettings {
    match challenge(BOB, 6) {
        Command::Challenge(request) => request.settings,
        other => unreachable!("a challenge builds a challenge, not {other:?}"),
    }
}

fn challenged_kind() -> GameKind {
    challenged_settings().kind()
}

fn stored(bot: &Bot) -> Vec<(UserId, Rating)> {
    let mut s: Vec<(UserId, Rating)> = bot
        .store()
        .standings("g", challenged_kind())
        .unwrap()
        .into_iter()
        .map(|p| (p.user, p.rating))
        .collect();
    s.sort_by_key(|(u, _)| *u);
    s
}

#[test]
fn every_way_a_game_ends_rates_it_once_and_ratings_follow_from_the_results() {
    // Issue 6: updated after every rated game (a move to a result, a
    // resignation, an agreed draw, a claim), never after an abort or an
    // unrated game; a restart or a replay changes nothing.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.db");
    let clock = clock();
    let bot = Bot::new(Store::open(&path).unwrap(), clock.clone());
    // A road on 5x5: rated.
    start(&bot, "a", ALICE, BOB, 5);
    for (user, m) in [
        (ALICE, "e5"),
        (BOB, "a1"),
        (ALICE, "b1"),
        (BOB, "e4"),
        (ALICE, "c1"),
        (BOB, "e3"),
        (ALICE, "d1"),
        (BOB, "e2"),
    ] {
        run_in(&bot, "a", user, mv(m));
    }
    let end = run_in(&bot, "a", ALICE, mv("e1"));
    assert!(
        end[0]
            .text
            .contains("Rating changes: <@101> 1500 -> 1662 (+162), <@202> 1500 -> 1338 (-162)."),
        "{}",
        end[0].text
    );
    // A resignation: rated.
    start(&bot, "b", BOB, CAROL, 6);
    run_in(&bot, "b", BOB, Command::Resign { game: None });
    // An agreed draw: rated.
    start(&bot, "c", CAROL, ALICE, 5);
    run_in(&bot, "c", CAROL, Command::Draw);
    let drawn = run_in(&bot, "c", ALICE, Command::Draw);
    assert!(drawn[0].text.contains("Rating changes"), "{drawn:?}");
    // A claim after the timeout with two moves each: rated.
    start(&bot, "d", ALICE, CAROL, 5);
    for (user, m) in [(ALICE, "e5"), (CAROL, "a1"), (ALICE, "b1"), (CAROL, "e4")] {
        run_in(&bot, "d", user, mv(m));
    }
    // Unrated: 4x4, and an aborted game.
    start(&bot, "e", ALICE, BOB, 4);
    run_in(&bot, "e", ALICE, Command::Resign { game: None });
    start(&bot, "f", BOB, ALICE, 5);
    bot.handle(&Invocation {
        place: place("f"),
        user: User {
            id: CAROL,
            name: "carol".into(),
            is_admin: true,
        },
        command: Command::Abort { game: None },
    });
    clock.advance(Duration::days(7)).unwrap();
    bot.run_due();
    let claimed = run_in(&bot, "d", CAROL, Command::Claim { game: None });
    assert!(
        claimed[0].text.contains("wins by forfeit, 0-1"),
        "{claimed:?}"
    );
    assert!(claimed[0].text.contains("Rating changes"), "{claimed:?}");

    assert_eq!(bot.store().rated_games().unwrap().len(), 4);
    let before = stored(&bot);
    assert_eq!(before.len(), 3);
    assert_eq!(before, recomputed(bot.store()));
    // A restart and a replay of every game change nothing.
    drop(bot);
    let bot = Bot::new(Store::open(&path).unwrap(), clock.clone());
    bot.verify_snapshots().unwrap();
    bot.run_due();
    assert_eq!(stored(&bot), before);
    let alice = bot
        .store()
        .standings("g", challenged_kind())
        .unwrap()
        .into_iter()
        .find(|p| p.user == ALICE)
        .unwrap();
    assert_eq!(
        (alice.games, alice.wins, alice.losses, alice.draws),
        (3, 1, 1, 1)
    );
}

#[test]
fn a_game_against_yourself_is_never_rated() {
    // Issue 6: a game against yourself is never rated, whatever its flag.
    let store = Store::open_in_memory().unwrap();
    let now = clock().now();
    store.upsert_user(ALICE, "alice", now).unwrap();
    let settings = challenged_settings();
    let id = store
        .create_game(&NewGame {
            guild: "g".into(),
            channel: "general".into(),
            snapshot: crate::games::GameState::new(&settings).unwrap().snapshot(),
            settings,
            players: [ALICE, ALICE],
            rated: true,
            created_at: now,
            blind: false,
        })
        .unwrap();
    let finish = Finish {
        status: GameStatus::Finished,
        result: "1-0".into(),
        winner: Some(Seat::Player1),
        reason: "resignation".into(),
    };
    store.end_game(id, 0, &finish, now).unwrap();
    assert!(store.rating_changes(id).unwrap().is_empty());
    assert!(store.standings("g", challenged_kind()).unwrap().is_empty());
    // Ending it again is refused (the game is over): nothing is rated twice.
    assert!(store.end_game(id, 1, &finish, now).is_err());
}

/// Runs the scheduler every hour for `hours` hours: what it announced.
fn hourly(bot: &Bot, clock: &OffsetClock, hours: i64) -> Vec<Reply> {
    let mut sent = Vec::new();
    for _ in 0..hours {
        clock.advance(Duration::hours(1)).unwrap();
        sent.extend(bot.run_due());
    }
    sent
}

fn is_timeout_notice(r: &Reply) -> bool {
    r.text.contains("or keep waiting for the move")
}

#[test]
fn after_the_timeout_the_idle_player_is_told_once_and_the_reminders_stop() {
    // Issue 29: reminders every 12 hours and the default timeout of 7 days
    // gave 14 reminders in a week and more after it. Now: 13 before the
    // deadline (the 14th would fall on it), the timeout's notice once, and
    // nothing in the three weeks after.
    let clock = clock();
    let bot = Bot::new(Store::open_in_memory().unwrap(), clock.clone());
    start(&bot, "general", ALICE, BOB, 5);
    run_in(&bot, "general", ALICE, mv("e5"));
    let every = Some(Duration::hours(12));
    run_in(&bot, "general", BOB, Command::Remind { every });
    let week = hourly(&bot, &clock, 7 * 24 - 1);
    assert_eq!(week.iter().filter(|r| is_reminder(r)).count(), 13);
    assert!(!week.iter().any(is_timeout_notice), "{week:?}");
    let deadline = hourly(&bot, &clock, 1);
    assert_eq!(deadline.len(), 1, "{deadline:?}");
    assert!(is_timeout_notice(&deadline[0]), "{deadline:?}");
    assert!(deadline[0].text.contains("This is the last reminder."));
    assert_eq!(deadline[0].mentions, [BOB, ALICE]);
    let after = hourly(&bot, &clock, 21 * 24);
    assert!(after.is_empty(), "{after:?}");
    assert_eq!(bot.next_due(), None);
    // The claim stays open, and a move starts the reminders again.
    run_in(&bot, "general", BOB, mv("a1"));
    let next = hourly(&bot, &clock, 12);
    assert_eq!(next.iter().filter(|r| is_reminder(r)).count(), 1);
}

/// The computer opponent of these tests (the adapter's own user).
fn computer() -> User {
    User {
        id: 999,
        name: computer::NAME.into(),
        is_admin: false,
    }
}

/// Alice challenges the computer in #general (accepted at once, unrated);
/// `moves` of hers are played, each answered by the computer.
fn against_the_computer(bot: &Bot, moves: usize) {
    let replies = run_in(bot, "general", ALICE, challenge(computer().id, 5));
    assert!(
        replies.iter().any(|r| r.text.contains("accepts")),
        "{replies:?}"
    );
    let mut played = 0;
    // Alice's moves: the first free square of a few (the computer's are its own).
    for square in ["e5", "a1", "c3", "b2", "d4", "a5"] {
        if played == moves {
            break;
        }
        let replies = run_in(bot, "general", ALICE, mv(square));
        if replies.iter().any(Reply::is_ephemeral) {
            continue;
        }
        played += 1;
        assert!(!bot.play_computer_turns().is_empty(), "the computer moves");
    }
    assert_eq!(played, moves);
}

/// A bot with a computer opponent, and Alice's game against it in
/// #general after two moves each, Alice to move.
fn computer_game() -> (Arc<OffsetClock>, Bot, crate::store::GameRow) {
    let clock = clock();
    let bot = Bot::new(Store::open_in_memory().unwrap(), clock.clone());
    bot.set_computer(computer());
    against_the_computer(&bot, 2);
    let game = bot.store().active_game("g", "general").unwrap().unwrap();
    (clock, bot, game)
}

#[test]
fn the_computer_claims_the_win_at_the_timeout_and_frees_the_channel() {
    // Issue 29: "@taktable may now /claim the win" and it never did, so the
    // channel was held for ever. Its opponent's reminders say it will
    // claim; at the timeout it claims as /claim does for a person.
    let (clock, bot, game) = computer_game();
    let sent = hourly(&bot, &clock, 7 * 24);
    let reminders: Vec<&Reply> = sent.iter().filter(|r| is_reminder(r)).collect();
    assert_eq!(reminders.len(), 6, "{sent:?}");
    assert!(reminders
        .iter()
        .all(|r| r.text.contains("<@999> claims the win.")));
    let claim = sent.last().unwrap();
    assert!(
        claim
            .text
            .starts_with("<@999> claims the win: <@101> has not moved for 1 week"),
        "{claim:?}"
    );
    assert!(claim.text.contains("wins by forfeit"), "{claim:?}");
    assert!(!sent.iter().any(is_timeout_notice), "the claim says it all");
    // The game is over, unrated, and the channel free for the next one.
    assert!(bot.store().active_game("g", "general").unwrap().is_none());
    let finished = bot.store().game(game.id).unwrap().unwrap();
    assert_eq!(finished.status, crate::store::GameStatus::Finished);
    assert_eq!(finished.winner, Some(Seat::Player2));
    assert!(bot.store().rating_changes(game.id).unwrap().is_empty());
    assert!(hourly(&bot, &clock, 48).is_empty());

    // Before two moves each, the computer aborts the game at the timeout.
    against_the_computer(&bot, 0);
    let sent = hourly(&bot, &clock, 7 * 24);
    let claim = sent.last().unwrap();
    assert!(claim.text.contains("claims the game"), "{claim:?}");
    assert!(claim.text.contains("aborted and unrated"), "{claim:?}");
    assert!(bot.store().active_game("g", "general").unwrap().is_none());
}

#[test]
fn a_claim_the_computer_still_owes_is_made_when_the_game_comes_due_again() {
    // Issue 29: the timeout's notice taken but not acted on (a bot stopped
    // between the two, or one from before the computer claimed, whose
    // reminders went on after the timeout): when the game comes due again
    // the computer claims it, and a game between people stays quiet.
    let (clock, bot, game) = computer_game();
    start(&bot, "side", ALICE, BOB, 5);
    let people = bot.store().active_game("g", "side").unwrap().unwrap();
    clock.advance(Duration::days(8)).unwrap();
    let now = bot.now();
    for id in [game.id, people.id] {
        let due = bot.store().take_due(id, now).unwrap().unwrap();
        assert!(due.due.deadline && !due.lapsed);
        assert!(bot.store().take_due(id, now).unwrap().is_none());
        bot.store().postpone_due(id, now).unwrap();
    }
    let sent = bot.run_due();
    assert_eq!(sent.len(), 1, "{sent:?}");
    assert!(
        sent[0].text.starts_with("<@999> claims the win"),
        "{sent:?}"
    );
    assert!(bot.store().active_game("g", "general").unwrap().is_none());
    assert!(bot.store().active_game("g", "side").unwrap().is_some());
    assert_eq!(bot.next_due(), None);
}
