//! Issue 15: the buttons of a challenge or an offer are taken off their message once it is
//! answered, by a button or by a typed command, or lapses, so nobody presses a dead button. The
//! real bot against the Discord stand-in (`tests/support/`), which records every request: the
//! edit of the original message (PATCH with no components) is asserted.

use crate::support::discord_standin::{Interaction, Player, RecordedRequest, StandIn, API};
use crate::support::harness::{RunningBot, WAIT};
use hyper::Method;
use serde_json::{json, Value};

fn bob() -> Player {
    Player::new(1_100_000_000_000_000_301, "bob")
}

fn challenge_bob() -> Value {
    json!([{ "type": 1, "name": "challenge", "options": [
        { "name": "opponent", "type": 6, "value": bob().id.to_string() },
        { "name": "size", "type": 4, "value": 3 },
        { "name": "color", "type": 3, "value": "white" },
    ] }])
}

fn notation(text: &str) -> Value {
    json!([{ "name": "notation", "type": 3, "value": text }])
}

/// The id of the message an interaction's answer became: the bot reads it back (GET
/// `@original`) when the answer carries buttons.
async fn answer_message(standin: &StandIn, interaction: &Interaction) -> String {
    let app = standin.options().application_id;
    let path = format!(
        "{API}/webhooks/{app}/{}/messages/@original",
        interaction.token
    );
    let read = standin.wait_for(Method::GET, &path, WAIT).await;
    read.answer.unwrap()["id"].as_str().unwrap().to_string()
}

/// The edits of messages the bot made so far (through a channel or an interaction's webhook),
/// other than of an answer still being made (`@original`).
fn edits(standin: &StandIn) -> Vec<RecordedRequest> {
    standin
        .requests()
        .into_iter()
        .filter(|r| {
            r.method == Method::PATCH
                && r.path.contains("/messages/")
                && !r.path.ends_with("/@original")
        })
        .collect()
}

/// Waits for the edit that takes the buttons off `message`: components emptied, the text kept.
/// Every message here is an interaction's answer, so (issue 40) the edit goes through that
/// interaction's webhook, which needs no permission in the channel.
async fn buttons_taken_off(standin: &StandIn, message: &str) {
    let app = standin.options().application_id;
    let edit = standin
        .wait_until("the edit of a message with buttons", WAIT, |requests, _| {
            requests
                .iter()
                .find(|r| {
                    r.method == Method::PATCH && r.path.ends_with(&format!("/messages/{message}"))
                })
                .cloned()
        })
        .await;
    assert_eq!(edit.status, 200, "{}", standin.summary());
    assert!(
        edit.path.starts_with(&format!("{API}/webhooks/{app}/")),
        "through the interaction's webhook: {}",
        edit.path
    );
    let body = edit.json();
    assert_eq!(body["components"], json!([]), "{body}");
    assert!(body.get("content").is_none(), "the text stays: {body}");
}

fn custom_id(data: &Value, label: &str) -> String {
    data["components"][0]["components"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["label"] == label)
        .and_then(|b| b["custom_id"].as_str())
        .unwrap_or_else(|| panic!("no button {label} in {data}"))
        .to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answered_challenges_and_offers_lose_their_buttons() {
    let mut bot = RunningBot::start_ready(&[]).await;
    let standin = &bot.standin;
    let alice = standin.options().player.clone();
    standin.add_player(&bob());

    // A challenge declined by the typed command: its message loses its buttons.
    let (asked, answered) = standin.slash(&alice, "tak", challenge_bob()).await;
    answered.message_data();
    let first = answer_message(standin, &asked).await;
    assert!(
        edits(standin).is_empty(),
        "a waiting challenge keeps its buttons"
    );
    let (_, declined) = standin.slash(&bob(), "decline", json!([])).await;
    declined.message_data();
    buttons_taken_off(standin, &first).await;

    // A challenge accepted by its own button: the pressed message loses its buttons, once.
    let (asked, answered) = standin.slash(&alice, "tak", challenge_bob()).await;
    let data = answered.message_data();
    let second = answer_message(standin, &asked).await;
    let mut message = standin.bot_message(&data);
    message["id"] = json!(second);
    let press = standin.button_press_as(&bob(), &custom_id(&data, "Accept"), message);
    standin.send_interaction(&press);
    standin
        .wait_for(Method::POST, &press.callback_path(), WAIT)
        .await;
    buttons_taken_off(standin, &second).await;

    // A draw offer lapses when its maker moves on (RULINGS Every game 1: an offer holds for the
    // position it was made in): its buttons go too.
    let (_, moved) = standin.slash(&alice, "move", notation("a3")).await;
    moved.message_data();
    let (offered, answered) = standin.slash(&bob(), "draw", json!([])).await;
    let data = answered.message_data();
    assert!(
        data["components"]
            .as_array()
            .is_some_and(|rows| !rows.is_empty()),
        "{data}"
    );
    let offer = answer_message(standin, &offered).await;
    let (_, moved) = standin.slash(&bob(), "move", notation("c1")).await;
    moved.message_data();
    buttons_taken_off(standin, &offer).await;

    // Each message was edited once, and only those.
    let mut edited: Vec<String> = edits(standin)
        .iter()
        .map(|r| r.path.rsplit('/').next().unwrap().to_string())
        .collect();
    edited.sort();
    let mut expected = vec![first, second, offer];
    expected.sort();
    assert_eq!(edited, expected, "{}", standin.summary());

    bot.stop().await.unwrap();
}
