//! Issue 32: a tournament through the Discord stand-in (`tests/support/`). A server admin
//! creates a round robin of three players; at `/tournament start` round 1's game opens a
//! thread of its own (Start Thread without Message) and starts there; when that game ends in
//! its thread, round 2 is paired and its game's thread is opened from the tournament's
//! channel, though the command that ended round 1 came from the thread.

use crate::support::discord_standin::{permissions, Interaction, Player, StandIn, API};
use crate::support::harness::{RunningBot, WAIT};
use hyper::Method;
use serde_json::{json, Value};

fn bob() -> Player {
    Player::new(1_100_000_000_000_000_401, "bob")
}

fn carol() -> Player {
    Player::new(1_100_000_000_000_000_402, "carol")
}

fn content(data: &Value) -> String {
    data["content"].as_str().unwrap_or_default().to_string()
}

/// `/tournament <sub>` with `options`, from `player`.
fn tournament(standin: &StandIn, player: &Player, sub: &str, options: Value) -> Interaction {
    standin.slash_command_as(
        player,
        "tournament",
        json!([{ "type": 1, "name": sub, "options": options }]),
    )
}

/// The text the bot answered an interaction with.
async fn answered(standin: &StandIn, interaction: &Interaction) -> String {
    content(&standin.answer(interaction).await.message_data())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_opens_a_thread_per_game_and_the_next_round_opens_its_own() {
    let mut bot = RunningBot::start_ready(&[]).await;
    let standin = &bot.standin;
    let alice = standin.options().player.clone();
    let parent = standin.options().channel_id.to_string();

    // Only a server admin (Manage Server) creates one.
    let options = json!([
        { "name": "game", "type": 3, "value": "tak" },
        { "name": "format", "type": 3, "value": "round-robin" },
        { "name": "settings", "type": 3, "value": "size:3" },
    ]);
    let refused = answered(
        standin,
        &tournament(standin, &alice, "create", options.clone()),
    )
    .await;
    assert!(
        refused.starts_with("Only a server admin can create a tournament"),
        "{refused}"
    );
    let mut create = tournament(standin, &alice, "create", options);
    create.payload["member"]["permissions"] = json!((permissions::MEMBER | (1 << 5)).to_string());
    let created = answered(standin, &create).await;
    assert!(created.starts_with("Tournament #1: Tak 3x3"), "{created}");

    for player in [alice.clone(), bob(), carol()] {
        let joined = answered(standin, &tournament(standin, &player, "join", json!([]))).await;
        assert!(joined.contains("joins tournament #1"), "{joined}");
    }
    let started = answered(standin, &tournament(standin, &alice, "start", json!([]))).await;
    assert!(
        started.starts_with("Tournament #1 starts: 3 players"),
        "{started}"
    );

    // Round 1: one game (and a bye), in a thread opened from the tournament's channel.
    let threads = format!("{API}/channels/{parent}/threads");
    let first = standin.wait_for(Method::POST, &threads, WAIT).await;
    assert_eq!(first.status, 200, "{}", standin.summary());
    let thread: u64 = first.answer.as_ref().unwrap()["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let name = first.json()["name"].as_str().unwrap().to_string();
    assert!(name.starts_with("Tak #1: "), "{name}");

    // The game starts in its thread once the bot has moved it there.
    let posts = format!("{API}/channels/{thread}/messages");
    standin
        .wait_for_request("the game's start in its thread", WAIT, |r| {
            r.is(&Method::POST, &posts)
        })
        .await;

    // The game's black player resigns in the thread: round 1 is over, and round 2's game
    // gets a thread of its own, opened from the parent channel.
    let players = [alice.clone(), bob(), carol()];
    let black = players
        .iter()
        .find(|p| name.ends_with(&format!(" v {}", p.name)))
        .expect("the thread names the players")
        .clone();
    let mut resign = standin.slash_command_as(&black, "resign", json!([]));
    standin.in_thread(&mut resign, thread);
    let resigned = answered(standin, &resign).await;
    assert!(resigned.contains("resigns"), "{resigned}");
    let second = standin
        .wait_for_request("a second thread opened from the parent", WAIT, |r| {
            r.is(&Method::POST, &threads)
                && r.json()["name"]
                    .as_str()
                    .is_some_and(|n| n.starts_with("Tak #2: "))
        })
        .await;
    assert_eq!(second.status, 200, "{}", standin.summary());

    bot.stop().await.unwrap();
}
