//! Issue 27, safe to run in public, through the Discord stand-in (`tests/support/`): a blind
//! game's autocomplete reveals nothing the board would not, members' names are escaped for
//! Discord's markdown in messages and thread names, and no interaction token is logged.

use crate::support::discord_standin::{Player, RecordedRequest, StandIn, API};
use crate::support::harness::{logs, RunningBot, WAIT};
use hyper::Method;
use serde_json::{json, Value};

fn bob() -> Player {
    Player::new(1_100_000_000_000_000_301, "bob")
}

/// The options of `/tak challenge`: bob, size 3, alice white, and `more`.
fn tak_challenge(more: Value) -> Value {
    let mut options = vec![
        json!({ "name": "opponent", "type": 6, "value": bob().id.to_string() }),
        json!({ "name": "size", "type": 4, "value": 3 }),
        json!({ "name": "color", "type": 3, "value": "white" }),
    ];
    options.extend(more.as_array().cloned().unwrap_or_default());
    json!([{ "type": 1, "name": "challenge", "options": options }])
}

fn notation(text: &str) -> Value {
    json!([{ "name": "notation", "type": 3, "value": text }])
}

/// The choices (label, value) of an autocomplete callback.
fn choices(callback: &RecordedRequest) -> Vec<(String, String)> {
    let body = callback.json();
    assert_eq!(body["type"], 8, "{body}");
    body["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_string(),
                c["value"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// What `player` is offered while typing `typed` as `/move notation`.
async fn offered(standin: &StandIn, player: &Player, typed: &str) -> Vec<(String, String)> {
    let typing = standin.autocomplete_as(
        player,
        "move",
        json!([{ "name": "notation", "type": 3, "value": typed, "focused": true }]),
    );
    standin.send_interaction(&typing);
    let callback = standin
        .wait_for(Method::POST, &typing.callback_path(), WAIT)
        .await;
    choices(&callback)
}

/// Issue 27 (blind play, issue 15: "the board is never shown while the game runs"): `/move`
/// autocomplete in a blind game offers no list of squares or stacks, only what was typed, with
/// what `/move` would answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_blind_game_s_autocomplete_offers_only_what_was_typed() {
    let mut bot = RunningBot::start_ready(&[]).await;
    let standin = &bot.standin;
    let alice = standin.options().player.clone();
    let blind = json!([{ "name": "blind", "type": 5, "value": true }]);
    standin.slash(&alice, "tak", tak_challenge(blind)).await;
    standin.slash(&bob(), "accept", json!([])).await;

    assert_eq!(offered(standin, &alice, "").await, Vec::new());
    assert_eq!(
        offered(standin, &alice, "b2").await,
        vec![("b2".to_string(), "b2".to_string())]
    );
    let partial = offered(standin, &alice, "b").await;
    assert_eq!(partial.len(), 1, "{partial:?}");
    assert_eq!(partial[0].1, "b");
    assert!(partial[0].0.starts_with("b: not playable"), "{partial:?}");

    standin.slash(&alice, "move", notation("a1")).await;
    standin.slash(&bob(), "move", notation("c3")).await;
    let taken = offered(standin, &alice, "c3").await;
    assert_eq!(taken.len(), 1, "{taken:?}");
    assert!(taken[0].0.starts_with("c3: not playable"), "{taken:?}");
    assert_eq!(offered(standin, &alice, "a1").await.len(), 1);
    assert_eq!(offered(standin, &bob(), "b2").await, Vec::new());

    bot.stop().await.unwrap();
}

/// A member whose name is a masked link, `@everyone` and a role mention.
fn nitro() -> Player {
    Player::new(
        1_100_000_000_000_000_777,
        "[Claim Nitro](https://evil.io) @everyone <@&1>",
    )
}

/// Issue 27: names are never read as Discord markdown. The thread opened for a game named after
/// a member called like a masked link holds no link, mention or formatting, and neither does
/// the accept message, which names the thread.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_name_like_a_link_or_a_mention_is_shown_as_words() {
    let mut bot = RunningBot::start_ready(&[]).await;
    let standin = &bot.standin;
    let parent = standin.options().channel_id.to_string();
    let thread = json!([{ "name": "thread", "type": 5, "value": true }]);
    standin.slash(&nitro(), "tak", tak_challenge(thread)).await;
    let (_, accepted) = standin.slash(&bob(), "accept", json!([])).await;
    let text = accepted.message_data()["content"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    let opened = standin
        .wait_for(
            Method::POST,
            &format!("{API}/channels/{parent}/threads"),
            WAIT,
        )
        .await;
    let name = opened.json()["name"].as_str().unwrap().to_string();
    assert_eq!(
        name,
        "Tak #1: Claim Nitro(https//evil.io) @\u{200B}everyone @\u{200B}&1 v bob"
    );
    for raw in ["](", "https://", "@everyone", "<@&"] {
        assert!(!text.contains(raw), "{raw} in {text}");
    }
    assert!(text.contains(&name), "{text}");

    bot.stop().await.unwrap();
}

/// Issue 27: no interaction token in the log at any level. The tests log everything at `trace`
/// (see `capture_logs`), where the HTTP and Discord libraries write request paths
/// (`/interactions/{id}/{token}/callback`, `/webhooks/{app}/{token}/...`) and interactions.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_interaction_token_is_logged() {
    let mut bot = RunningBot::start_ready(&[]).await;
    let standin = &bot.standin;
    let alice = standin.options().player.clone();
    let (asked, _) = standin.slash(&alice, "help", json!([])).await;
    let token = asked.payload["token"].as_str().unwrap().to_string();
    standin.slash(&alice, "tak", tak_challenge(json!([]))).await;
    standin.slash(&bob(), "accept", json!([])).await;
    bot.stop().await.unwrap();
    let logs = logs();
    assert!(!logs.is_empty());
    assert!(!logs.contains(&token), "{token} is in the log");
    assert!(
        !logs.contains("interaction-token-"),
        "an interaction token is in the log"
    );
}
