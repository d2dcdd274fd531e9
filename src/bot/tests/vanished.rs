//! `game:` on /resign, /abort and /claim, and `/games`, for a game set
//! aside when its channel was deleted (issue 40, "places that vanish"):
//! the direct message sent then tells its players to use these from any
//! channel of the server.

use chrono::Duration;

use crate::bot::reply::Reply;
use crate::bot::*;
use crate::store::{GameStatus, Store};

use super::support::{challenge, clock, place, run_in, ALICE, BOB, CAROL};

fn mv(notation: &str) -> Command {
    Command::Move {
        notation: notation.into(),
        version: None,
    }
}

fn text(replies: &[Reply]) -> String {
    replies
        .iter()
        .map(|r| r.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Alice (white) and Bob play two moves each of 5x5 Tak in #old, then #old
/// is deleted: the game is set aside, Alice to move. Its number.
fn set_aside_game(bot: &Bot) -> i64 {
    run_in(bot, "old", ALICE, challenge(BOB, 5));
    run_in(bot, "old", BOB, Command::Accept);
    for (user, m) in [(ALICE, "a1"), (BOB, "e5"), (ALICE, "b2"), (BOB, "d4")] {
        run_in(bot, "old", user, mv(m));
    }
    let game = bot
        .store()
        .active_game("g", "old")
        .unwrap()
        .expect("the game in #old");
    let told = bot.place_lost(&place("old"), PlaceLost::Gone);
    assert_eq!(told.len(), 2, "{told:?}");
    assert!(
        text(&told).contains(&format!("/resign game:{}", game.id)),
        "{told:?}"
    );
    assert_eq!(
        bot.store().set_aside_reason(game.id).unwrap().as_deref(),
        Some("was deleted")
    );
    game.id
}

fn bot() -> (Bot, std::sync::Arc<OffsetClock>) {
    let clock = clock();
    (
        Bot::new(Store::open_in_memory().unwrap(), clock.clone()),
        clock,
    )
}

fn status(bot: &Bot, id: i64) -> GameStatus {
    bot.store().game(id).unwrap().expect("the game").status
}

#[test]
fn games_lists_a_set_aside_game_apart_with_its_reason_and_the_commands() {
    let (bot, _) = bot();
    let id = set_aside_game(&bot);
    let listed = text(&run_in(
        &bot,
        "lobby",
        BOB,
        Command::Games {
            all: false,
            page: None,
        },
    ));
    assert!(listed.contains("Set aside"), "{listed}");
    assert!(
        listed.contains(&format!("game #{id}")) && listed.contains("its channel was deleted"),
        "{listed}"
    );
    assert!(listed.contains(&format!("/abort game:{id}")), "{listed}");
    // Its deleted channel is not offered as the place to play it.
    assert!(!listed.contains("<#old>"), "{listed}");
}

#[test]
fn a_set_aside_game_is_resigned_from_another_channel() {
    // RULINGS Tak 6: the resigning player loses, whatever channel they
    // resign from.
    let (bot, _) = bot();
    let id = set_aside_game(&bot);
    let resigned = run_in(&bot, "lobby", BOB, Command::Resign { game: Some(id) });
    assert!(text(&resigned).contains("resigns"), "{resigned:?}");
    assert!(text(&resigned).contains("1-0"), "{resigned:?}");
    let game = bot.store().game(id).unwrap().unwrap();
    assert_eq!(game.status, GameStatus::Finished);
    // Once over, the number is refused with why.
    let again = text(&run_in(
        &bot,
        "lobby",
        ALICE,
        Command::Resign { game: Some(id) },
    ));
    assert!(
        again.contains(&format!("Game #{id} is already over")),
        "{again}"
    );
}

#[test]
fn either_player_may_abort_a_set_aside_game_after_two_moves_each() {
    // vanished.rs tells both players they may abort it (no result,
    // unrated), although both have made two moves.
    let (bot, _) = bot();
    let id = set_aside_game(&bot);
    let aborted = text(&run_in(
        &bot,
        "lobby",
        ALICE,
        Command::Abort { game: Some(id) },
    ));
    assert!(aborted.contains("unrated"), "{aborted}");
    assert_eq!(status(&bot, id), GameStatus::Aborted);
    assert!(bot.store().rated_games().unwrap().is_empty());
}

#[test]
fn a_set_aside_game_is_claimed_only_after_the_timeout() {
    let (bot, clock) = bot();
    let id = set_aside_game(&bot);
    // Alice is to move: she may not claim, Bob may not yet.
    let mine = text(&run_in(
        &bot,
        "lobby",
        ALICE,
        Command::Claim { game: Some(id) },
    ));
    assert!(mine.contains("It's your move"), "{mine}");
    let early = text(&run_in(
        &bot,
        "lobby",
        BOB,
        Command::Claim { game: Some(id) },
    ));
    assert!(early.contains("still has"), "{early}");
    assert_eq!(status(&bot, id), GameStatus::Active);
    clock.advance(Duration::days(15)).unwrap();
    let claimed = text(&run_in(
        &bot,
        "lobby",
        BOB,
        Command::Claim { game: Some(id) },
    ));
    assert!(claimed.contains("wins by forfeit, 0-1"), "{claimed}");
    assert_eq!(status(&bot, id), GameStatus::Finished);
}

#[test]
fn game_option_refusals_are_specific_and_change_nothing() {
    let (bot, _) = bot();
    let id = set_aside_game(&bot);
    let unknown = text(&run_in(
        &bot,
        "lobby",
        BOB,
        Command::Resign {
            game: Some(id + 50),
        },
    ));
    assert!(
        unknown.contains(&format!("There's no game #{}", id + 50)),
        "{unknown}"
    );
    let stranger = text(&run_in(
        &bot,
        "lobby",
        CAROL,
        Command::Abort { game: Some(id) },
    ));
    assert!(
        stranger.contains(&format!("You're not playing in game #{id}")),
        "{stranger}"
    );
    let elsewhere = bot.handle(&Invocation {
        place: Place {
            guild: "other".into(),
            channel: "lobby".into(),
        },
        user: User {
            id: BOB,
            name: "bob".into(),
            is_admin: false,
        },
        command: Command::Resign { game: Some(id) },
    });
    assert!(
        text(&elsewhere).contains("not a game of this server"),
        "{elsewhere:?}"
    );
    assert_eq!(status(&bot, id), GameStatus::Active);
    // Without game:, the commands act on the channel's game, as before.
    let here = text(&run_in(&bot, "lobby", BOB, Command::Resign { game: None }));
    assert!(here.contains("There's no game in this channel"), "{here}");
    assert_eq!(status(&bot, id), GameStatus::Active);
}

/// A player who left the server: Discord does not tell the bot (GUILD_MEMBER_REMOVE needs the
/// privileged GUILD_MEMBERS intent, which the bot does not ask for; docs/discord.md), so the
/// game goes on as one whose player stopped moving. When it is their own move the one who
/// stayed moves; once the leaver's 7 days (the default timeout) are over, the one who stayed
/// claims a win by forfeit (rules: timeouts, as in transcript timeout_claim.txt).
#[test]
fn a_player_who_left_forfeits_after_the_timeout() {
    let (bot, clock) = bot();
    run_in(&bot, "play", ALICE, challenge(BOB, 5));
    run_in(&bot, "play", BOB, Command::Accept);
    for (user, m) in [(ALICE, "a1"), (BOB, "e5"), (ALICE, "b2"), (BOB, "d4")] {
        run_in(&bot, "play", user, mv(m));
    }
    // Bob leaves the server here; Alice, to move, moves.
    let id = bot.store().active_game("g", "play").unwrap().unwrap().id;
    let own = text(&run_in(&bot, "play", ALICE, Command::Claim { game: None }));
    assert!(own.contains("It's your move"), "{own}");
    run_in(&bot, "play", ALICE, mv("c3"));
    clock.advance(Duration::days(6)).unwrap();
    let early = text(&run_in(&bot, "play", ALICE, Command::Claim { game: None }));
    assert!(early.contains("still has"), "{early}");
    assert_eq!(status(&bot, id), GameStatus::Active);
    clock
        .advance(Duration::days(1) + Duration::minutes(1))
        .unwrap();
    let claimed = text(&run_in(&bot, "play", ALICE, Command::Claim { game: None }));
    assert!(claimed.contains("wins by forfeit, 1-0"), "{claimed}");
    assert_eq!(status(&bot, id), GameStatus::Finished);
}
