//! Replies within a chat's limits (issue 26): a long game's `/info` and
//! `/export` go as files instead of many messages (a link cut across
//! messages no longer works).

use super::support::{clock, run, start_game, ALICE, BOB};
use crate::bot::reply::{Reply, MESSAGE_LIMIT};
use crate::bot::{Bot, Command};
use crate::store::{Store, UserId};

fn bot() -> Bot {
    Bot::new(Store::open_in_memory().unwrap(), clock())
}

/// Alice and Bob play `plies` plies of Tak 5x5 in `general`: a stack move
/// that keeps the game going whenever there is one (so it lasts), else a
/// placement, each picked by a fixed pseudo-random sequence (so the game
/// file does not compress to nothing).
fn long_game(bot: &Bot, plies: usize) {
    start_game(bot, 5);
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    for ply in 0..plies {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let game = bot.store().active_game("g", "general").unwrap().unwrap();
        let state = bot.position(&game).unwrap();
        let keeps_going = |action: &String| {
            let mut next = state.clone();
            next.play(action).is_ok() && next.outcome().is_none()
        };
        let mut actions = state.legal_actions();
        let turn = (seed >> 33) as usize % actions.len().max(1);
        actions.rotate_left(turn);
        let stack_move = actions
            .iter()
            .filter(|a| a.contains(['<', '>', '+', '-']))
            .find(|a| keeps_going(a));
        let action = stack_move
            .or_else(|| actions.iter().find(|a| keeps_going(a)))
            .unwrap_or_else(|| panic!("no move keeps the game going at ply {ply}"))
            .clone();
        let player: UserId = if ply % 2 == 0 { ALICE } else { BOB };
        let replies = run(
            bot,
            player,
            Command::Move {
                notation: action,
                version: None,
            },
        );
        assert!(!replies[0].is_ephemeral(), "{}", replies[0].text);
    }
}

/// `command`'s answer, which must be one message within Discord's limit.
fn one_message(bot: &Bot, command: Command) -> Reply {
    let mut replies = run(bot, ALICE, command);
    assert_eq!(replies.len(), 1, "{replies:?}");
    let reply = replies.remove(0);
    assert!(
        reply.text.chars().count() <= MESSAGE_LIMIT,
        "{}",
        reply.text
    );
    reply
}

#[test]
fn a_long_games_info_is_a_json_file_not_messages() {
    let bot = bot();
    long_game(&bot, 300);
    let reply = one_message(&bot, Command::Info { game: None });
    assert!(reply.text.contains("as JSON, attached"), "{}", reply.text);
    assert_eq!(reply.files.len(), 1);
    assert_eq!(reply.files[0].name, "taktable-game-1.json");
    let json: serde_json::Value = serde_json::from_slice(&reply.files[0].bytes).unwrap();
    assert_eq!(json["plies"], 300, "the whole JSON, not cut");
    assert_eq!(json["actions"].as_array().unwrap().len(), 300);
}

#[test]
fn a_short_games_info_stays_one_line() {
    let bot = bot();
    long_game(&bot, 4);
    let replies = run(&bot, ALICE, Command::Info { game: None });
    assert!(replies[0].files.is_empty());
    assert!(replies[0].text.starts_with('{'), "{}", replies[0].text);
}

#[test]
fn a_long_games_viewer_link_goes_whole_as_a_file() {
    let bot = bot();
    long_game(&bot, 1000);
    let reply = one_message(&bot, Command::Export { game: None });
    assert!(!reply.text.contains("https://"), "{}", reply.text);
    let names: Vec<&str> = reply.files.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        ["taktable-game-1.ptn", "taktable-game-1-ptn-ninja-link.txt"]
    );
    let link = String::from_utf8(reply.files[1].bytes.clone()).unwrap();
    assert!(link.starts_with("https://ptn.ninja/"), "{link}");
    assert!(
        link.trim_end().len() > MESSAGE_LIMIT,
        "a link longer than a message"
    );
    assert!(
        !link.trim_end().contains(char::is_whitespace),
        "one whole link"
    );
}

#[test]
fn an_analysis_tells_its_watcher_each_position_as_it_goes() {
    // Issue 26: /analyze shows its progress (the adapter edits the
    // deferred answer with what the watcher hears).
    use std::sync::{Arc, Mutex};
    let bot = bot();
    long_game(&bot, 6);
    run(&bot, BOB, Command::Resign { game: None });
    let heard = Arc::new(Mutex::new(Vec::new()));
    let watcher: crate::bot::Watcher = {
        let heard = Arc::clone(&heard);
        Arc::new(move |text| heard.lock().unwrap().push(text))
    };
    let place = super::support::place("general");
    let watching = bot.watch_progress(&place, ALICE, watcher);
    let replies = run(&bot, ALICE, Command::Analyze { game: None });
    drop(watching);
    assert!(!replies[0].is_ephemeral(), "{}", replies[0].text);
    let heard = heard.lock().unwrap();
    assert_eq!(heard.len(), 7, "{heard:?}");
    assert_eq!(
        heard[0],
        "Analyzing game #1: 0 of its 7 positions searched..."
    );
    assert_eq!(
        heard[6],
        "Analyzing game #1: 6 of its 7 positions searched..."
    );
    // Nobody else's analysis is heard.
    assert!(bot.progress_watcher(&place, ALICE).is_none());
}
