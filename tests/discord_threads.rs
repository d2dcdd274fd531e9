//! Issue 15: a thread per game, through the Discord stand-in (`tests/support/`). A challenge
//! with `thread:true`, once accepted, opens a public thread with Discord's "Start Thread without
//! Message" (`POST /channels/{channel}/threads`, type 11, named after the game); the game is
//! played in the thread (its start and board are posted there, moves are made there), the
//! parent channel is free and points players to the thread, and the result is posted in the
//! parent channel with a link to the thread. When Discord refuses the thread, the game is played
//! in the channel it was challenged in.

mod support;

use hyper::Method;
use serde_json::{json, Value};
use support::discord_standin::{Interaction, Options, Player, RecordedRequest, StandIn, API};
use support::harness::{unique_token, RunningBot, WAIT};
use taktable::store::Store;

fn bob() -> Player {
    Player::new(1_100_000_000_000_000_301, "bob")
}

/// Sends `interaction`; returns the data of its answer (a message, callback type 4).
async fn answer(standin: &StandIn, interaction: &Interaction) -> Value {
    standin.send_interaction(interaction);
    let callback = standin
        .wait_for(Method::POST, &interaction.callback_path(), WAIT)
        .await;
    assert_eq!(callback.status, 204, "{}", standin.summary());
    let body = callback.json();
    assert_eq!(body["type"], 4, "{body}");
    body["data"].clone()
}

fn content(data: &Value) -> String {
    data["content"].as_str().unwrap_or_default().to_string()
}

fn is_ephemeral(data: &Value) -> bool {
    data["flags"].as_u64().unwrap_or(0) & 64 != 0
}

/// `/tak challenge opponent:@bob size:3 color:white` with `more` options, from alice.
fn challenge(standin: &StandIn, more: Value) -> Interaction {
    let mut options = vec![
        json!({ "name": "opponent", "type": 6, "value": bob().id.to_string() }),
        json!({ "name": "size", "type": 4, "value": 3 }),
        json!({ "name": "color", "type": 3, "value": "white" }),
    ];
    options.extend(more.as_array().cloned().unwrap_or_default());
    standin.slash_command(
        "tak",
        json!([{ "type": 1, "name": "challenge", "options": options }]),
    )
}

fn play(standin: &StandIn, player: &Player, notation: &str) -> Interaction {
    standin.slash_command_as(
        player,
        "move",
        json!([{ "name": "notation", "type": 3, "value": notation }]),
    )
}

/// The messages the bot posted in `channel` (`POST /channels/{channel}/messages`), in order.
fn posted_in(standin: &StandIn, channel: &str) -> Vec<RecordedRequest> {
    let path = format!("{API}/channels/{channel}/messages");
    standin
        .requests()
        .into_iter()
        .filter(|r| r.is(&Method::POST, &path))
        .collect()
}

/// The JSON payload of a posted message (multipart or not).
fn payload(request: &RecordedRequest) -> Value {
    if request.is_multipart() {
        let part = request
            .parts()
            .into_iter()
            .find(|p| p.name == "payload_json")
            .expect("a payload_json part");
        serde_json::from_slice(&part.body).unwrap()
    } else {
        request.json()
    }
}

/// Waits for a message posted in `channel` whose text contains `text`.
async fn wait_for_post(standin: &StandIn, channel: &str, text: &str) -> RecordedRequest {
    let path = format!("{API}/channels/{channel}/messages");
    standin
        .wait_for_request(&format!("a post in {channel} saying {text:?}"), WAIT, |r| {
            r.is(&Method::POST, &path) && content(&payload(r)).contains(text)
        })
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_accepted_thread_challenge_opens_a_public_thread_and_the_game_is_played_there() {
    let mut bot = RunningBot::start_ready(&[]).await;
    let standin = &bot.standin;
    let alice = standin.options().player.clone();
    let (guild, parent) = (
        standin.options().guild_id.to_string(),
        standin.options().channel_id.to_string(),
    );

    let data = answer(
        standin,
        &challenge(
            standin,
            json!([{ "name": "thread", "type": 5, "value": true }]),
        ),
    )
    .await;
    assert!(
        content(&data).contains("played in a thread of its own"),
        "{data}"
    );
    let accepted = answer(
        standin,
        &standin.slash_command_as(&bob(), "accept", json!([])),
    )
    .await;
    assert!(
        content(&accepted).contains("\"Tak #1: alice v bob\""),
        "{accepted}"
    );
    assert!(
        accepted["attachments"]
            .as_array()
            .map_or(true, Vec::is_empty),
        "the board goes to the thread: {accepted}"
    );

    // The thread: Start Thread without Message, a public thread named after the game.
    let opened = standin
        .wait_for(
            Method::POST,
            &format!("{API}/channels/{parent}/threads"),
            WAIT,
        )
        .await;
    assert_eq!(opened.status, 200, "{}", standin.summary());
    let request = opened.json();
    assert_eq!(request["type"], 11, "{request}");
    assert_eq!(request["name"], "Tak #1: alice v bob", "{request}");
    assert_eq!(request["auto_archive_duration"], 10080, "{request}");
    let thread = opened.answer.as_ref().unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string();

    // The game starts in the thread, with its board, notifying the player to move.
    let start = wait_for_post(standin, &thread, "The game starts here. Game #1").await;
    assert!(start.is_multipart(), "the board picture is attached");
    assert_eq!(start.files().len(), 1);
    let start = payload(&start);
    assert_eq!(
        start["allowed_mentions"]["users"],
        json!([alice.id.to_string()])
    );
    // The parent channel links to the thread.
    wait_for_post(standin, &parent, &format!("is played in <#{thread}>")).await;
    let store = Store::open(&bot.database).unwrap();
    assert_eq!(store.active_game(&guild, &parent).unwrap(), None);
    assert_eq!(
        store.active_game(&guild, &thread).unwrap().map(|g| g.id),
        Some(1)
    );

    // A move typed in the parent channel is pointed to the thread, privately.
    let pointed = answer(standin, &play(standin, &alice, "a1")).await;
    assert!(is_ephemeral(&pointed), "{pointed}");
    assert!(
        content(&pointed).contains(&format!(
            "Your game #1 is played in its thread, <#{thread}>"
        )),
        "{pointed}"
    );

    // Moves in the thread.
    let thread_id: u64 = thread.parse().unwrap();
    let mut first = play(standin, &alice, "a1");
    standin.in_thread(&mut first, thread_id);
    let played = answer(standin, &first).await;
    assert!(content(&played).contains("played a1"), "{played}");
    let mut resign = standin.slash_command_as(&bob(), "resign", json!([]));
    standin.in_thread(&mut resign, thread_id);
    let resigned = answer(standin, &resign).await;
    assert!(content(&resigned).contains("resigns"), "{resigned}");

    // The result in the parent channel, with the link, notifying no one.
    let result = wait_for_post(standin, &parent, "is over by resignation").await;
    let result = payload(&result);
    assert!(
        content(&result).contains(&format!(
            "Game #1 (<@{}> vs <@{}>) in <#{thread}>",
            alice.id,
            bob().id
        )),
        "{result}"
    );
    assert_eq!(result["allowed_mentions"]["users"], json!([]), "{result}");
    assert_eq!(
        posted_in(standin, &parent).len(),
        2,
        "{}",
        standin.summary()
    );

    bot.stop().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_thread_leaves_the_game_in_its_channel() {
    let token = unique_token();
    let mut options = Options::new(&token);
    options.refuse_threads = true;
    let mut bot = RunningBot::start_with(options, &token, &[]).await;
    bot.standin.wait_for_commands(None, WAIT).await;
    let standin = &bot.standin;
    let (guild, parent) = (
        standin.options().guild_id.to_string(),
        standin.options().channel_id.to_string(),
    );

    answer(
        standin,
        &challenge(
            standin,
            json!([{ "name": "thread", "type": 5, "value": true }]),
        ),
    )
    .await;
    answer(
        standin,
        &standin.slash_command_as(&bob(), "accept", json!([])),
    )
    .await;
    let refused = standin
        .wait_for(
            Method::POST,
            &format!("{API}/channels/{parent}/threads"),
            WAIT,
        )
        .await;
    assert_eq!(refused.status, 403);
    let start = wait_for_post(standin, &parent, "I couldn't open a thread for game #1").await;
    assert!(
        content(&payload(&start)).contains("Missing Permissions"),
        "{}",
        payload(&start)
    );
    assert!(start.is_multipart(), "the board is posted with the start");
    let store = Store::open(&bot.database).unwrap();
    assert_eq!(
        store.active_game(&guild, &parent).unwrap().map(|g| g.id),
        Some(1)
    );
    let played = answer(
        standin,
        &play(standin, &standin.options().player.clone(), "a1"),
    )
    .await;
    assert!(content(&played).contains("played a1"), "{played}");

    bot.stop().await.unwrap();
}
