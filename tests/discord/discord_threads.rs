//! Issue 15: a thread per game, through the Discord stand-in (`tests/support/`). A challenge
//! with `thread:true`, once accepted, opens a public thread with Discord's "Start Thread without
//! Message" (`POST /channels/{channel}/threads`, type 11, named after the game); the game is
//! played in the thread (its start and board are posted there, moves are made there), the
//! parent channel is free and points players to the thread, and the result is posted in the
//! parent channel with a link to the thread. When Discord refuses the thread, the game is played
//! in the channel it was challenged in.

use crate::support::discord_standin::{
    callbacks, channel_posts, Fault, FaultKind, Interaction, Options, Player, RecordedRequest,
    StandIn, API,
};
use crate::support::harness::{unique_token, RunningBot, WAIT};
use hyper::Method;
use serde_json::{json, Value};
use taktable::store::Store;

fn bob() -> Player {
    Player::new(1_100_000_000_000_000_301, "bob")
}

fn content(data: &Value) -> String {
    data["content"].as_str().unwrap_or_default().to_string()
}

fn is_ephemeral(data: &Value) -> bool {
    data["flags"].as_u64().unwrap_or(0) & 64 != 0
}

/// `/tak challenge opponent:OPPONENT size:3 color:COLOR` with `more` options, from alice.
fn challenge(standin: &StandIn, opponent: &Player, color: &str, more: Value) -> Interaction {
    let mut options = vec![
        json!({ "name": "opponent", "type": 6, "value": opponent.id.to_string() }),
        json!({ "name": "size", "type": 4, "value": 3 }),
        json!({ "name": "color", "type": 3, "value": color }),
    ];
    options.extend(more.as_array().cloned().unwrap_or_default());
    standin.slash_command(
        "tak",
        json!([{ "type": 1, "name": "challenge", "options": options }]),
    )
}

/// Alice's `thread:true` challenge (see [`challenge`]) and Bob's `/accept`: the data of both
/// answers.
async fn bob_accepts_a_thread_challenge(standin: &StandIn) -> (Value, Value) {
    let thread = json!([{ "name": "thread", "type": 5, "value": true }]);
    let asked = challenge(standin, &bob(), "white", thread);
    let challenged = standin.answer(&asked).await.message_data();
    let (_, accepted) = standin.slash(&bob(), "accept", json!([])).await;
    (challenged, accepted.message_data())
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

/// Waits for the bot's request to open a thread in `parent` (Start Thread without Message).
async fn thread_request(standin: &StandIn, parent: &str) -> RecordedRequest {
    standin
        .wait_for(
            Method::POST,
            &format!("{API}/channels/{parent}/threads"),
            WAIT,
        )
        .await
}

/// The id of the thread an answered [`thread_request`] opened.
fn opened_thread(standin: &StandIn, opened: &RecordedRequest) -> String {
    assert_eq!(opened.status, 200, "{}", standin.summary());
    opened.answer.as_ref().unwrap()["id"]
        .as_str()
        .unwrap()
        .to_string()
}

/// The messages among `requests` the bot posted anywhere whose text starts with `start`.
fn posts_starting<'a>(requests: &'a [RecordedRequest], start: &str) -> Vec<&'a RecordedRequest> {
    requests
        .iter()
        .filter(|r| r.method == Method::POST && r.path.ends_with("/messages"))
        .filter(|r| content(&payload(r)).starts_with(start))
        .collect()
}

/// Waits for the computer's first move (a post starting with `played`), wherever it is
/// posted, and checks it is in `thread`.
async fn computers_first_move(standin: &StandIn, played: &str, thread: &str) -> RecordedRequest {
    let first = standin
        .wait_for_request("the computer's first move", WAIT, |r| {
            r.method == Method::POST
                && r.path.ends_with("/messages")
                && content(&payload(r)).starts_with(played)
        })
        .await;
    assert_eq!(
        first.path,
        format!("{API}/channels/{thread}/messages"),
        "{}",
        standin.summary()
    );
    first
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

    let (data, accepted) = bob_accepts_a_thread_challenge(standin).await;
    assert!(
        content(&data).contains("played in a thread of its own"),
        "{data}"
    );
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
    let opened = thread_request(standin, &parent).await;
    let thread = opened_thread(standin, &opened);
    let request = opened.json();
    assert_eq!(request["type"], 11, "{request}");
    assert_eq!(request["name"], "Tak #1: alice v bob", "{request}");
    assert_eq!(request["auto_archive_duration"], 10080, "{request}");

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
    let pointed = standin
        .answer(&play(standin, &alice, "a1"))
        .await
        .message_data();
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
    let played = standin.answer(&first).await.message_data();
    assert!(content(&played).contains("played a1"), "{played}");
    let mut resign = standin.slash_command_as(&bob(), "resign", json!([]));
    standin.in_thread(&mut resign, thread_id);
    let resigned = standin.answer(&resign).await.message_data();
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

    bob_accepts_a_thread_challenge(standin).await;
    let refused = thread_request(standin, &parent).await;
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
    let played = standin
        .answer(&play(standin, &standin.options().player.clone(), "a1"))
        .await
        .message_data();
    assert!(content(&played).contains("played a1"), "{played}");

    bot.stop().await.unwrap();
}

/// Against the bot's own user with black, in a thread: the bot (white) moves first, and its
/// first move, like every later one, is posted in the game's thread after the thread's opening
/// message; the parent channel gets only the link to the thread and, at the end, the result.
/// Discord is slow here to open the thread and to take its first message, so a move the computer
/// raced against the opening would be recorded first (in the parent channel, or in the thread
/// before its opening).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_moving_first_in_a_thread_game_posts_its_moves_in_the_thread() {
    let token = unique_token();
    let mut options = Options::new(&token);
    options.slow_threads = Some(std::time::Duration::from_millis(500));
    let mut bot = RunningBot::start_with(options, &token, &[]).await;
    bot.standin.wait_for_commands(None, WAIT).await;
    let standin = &bot.standin;
    let options = standin.options().clone();
    let (alice, me) = (options.player.clone(), options.bot.clone());
    let (guild, parent) = (options.guild_id.to_string(), options.channel_id.to_string());
    let played = format!("<@{}> played ", me.id);

    let challenge = challenge(
        standin,
        &me,
        "black",
        json!([
            { "name": "level", "type": 4, "value": 1 },
            { "name": "thread", "type": 5, "value": true },
        ]),
    );
    let accepted = standin.answer(&challenge).await.message_data();
    assert!(
        content(&accepted).contains("played in a thread of its own"),
        "{accepted}"
    );
    let thread = opened_thread(standin, &thread_request(standin, &parent).await);

    // The computer's first move, wherever it is posted, is in the thread, after its opening.
    let first = computers_first_move(standin, &played, &thread).await;
    let in_thread: Vec<String> = posted_in(standin, &thread)
        .iter()
        .map(|r| content(&payload(r)))
        .collect();
    let start = in_thread
        .iter()
        .position(|text| text.starts_with("The game starts here. Game #1"));
    let moved = in_thread.iter().position(|text| text.starts_with(&played));
    assert!(
        matches!((start, moved), (Some(s), Some(m)) if s < m),
        "the opening, then the move: {in_thread:#?}"
    );
    let store = Store::open(&bot.database).unwrap();
    let game = store
        .active_game(&guild, &thread)
        .unwrap()
        .expect("the game in the thread");
    assert_eq!(store.moves(game.id).unwrap().len(), 1);

    // Alice answers in the thread, and so does the computer.
    let thread_id: u64 = thread.parse().unwrap();
    let mine = if first_move(&content(&payload(&first)), &played) == "a1" {
        "c3"
    } else {
        "a1"
    };
    let mut reply = play(standin, &alice, mine);
    standin.in_thread(&mut reply, thread_id);
    assert!(
        content(&standin.answer(&reply).await.message_data()).contains(&format!("played {mine}"))
    );
    standin
        .wait_until("the computer's second move", WAIT, |requests, _| {
            (posts_starting(requests, &played).len() >= 2).then_some(())
        })
        .await;
    let mut resign = standin.slash_command_as(&alice, "resign", json!([]));
    standin.in_thread(&mut resign, thread_id);
    standin.answer(&resign).await.message_data();
    wait_for_post(standin, &parent, "is over by resignation").await;

    // The parent channel: the link, then the result; nothing else of the game.
    let in_parent: Vec<String> = posted_in(standin, &parent)
        .iter()
        .map(|r| content(&payload(r)))
        .collect();
    assert_eq!(in_parent.len(), 2, "{in_parent:#?}");
    assert!(
        in_parent[0].contains(&format!("is played in <#{thread}>")),
        "{in_parent:#?}"
    );
    assert!(
        in_parent[1].contains("is over by resignation"),
        "{in_parent:#?}"
    );
    let elsewhere = posts_starting(&standin.requests(), &played)
        .into_iter()
        .filter(|r| r.path != format!("{API}/channels/{thread}/messages"))
        .count();
    assert_eq!(elsewhere, 0, "{}", standin.summary());

    bot.stop().await.unwrap();
}

/// Issue 40: a thread game against the computer whose answer failed (the connection reset on
/// the challenge's answer, then a 503 on the courier's first post of it in the channel): the
/// start is posted once Discord takes it, the thread still opens and the computer still moves
/// in it. Nothing waits on the answer that failed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_game_against_the_computer_whose_answer_failed_still_starts() {
    let mut bot = RunningBot::start_ready(&[]).await;
    let standin = &bot.standin;
    let options = standin.options().clone();
    let (me, parent) = (options.bot.clone(), options.channel_id.to_string());
    let played = format!("<@{}> played ", me.id);
    standin.inject(Fault::on(callbacks, FaultKind::Reset).times(1));
    standin.inject(
        Fault::on(
            channel_posts,
            FaultKind::Status {
                status: 503,
                code: 0,
            },
        )
        .times(1),
    );
    let challenge = challenge(
        standin,
        &me,
        "black",
        json!([
            { "name": "level", "type": 4, "value": 1 },
            { "name": "thread", "type": 5, "value": true },
        ]),
    );
    standin.send_interaction(&challenge);
    let thread = opened_thread(standin, &thread_request(standin, &parent).await);
    wait_for_post(standin, &thread, "The game starts here. Game #1").await;
    computers_first_move(standin, &played, &thread).await;
    bot.stop().await.unwrap();
}

/// The notation of the move in "<@id> played NOTATION. ...".
fn first_move<'a>(text: &'a str, played: &str) -> &'a str {
    text.trim_start_matches(played)
        .split(['.', ' '])
        .next()
        .unwrap_or_default()
}
