//! Games played through Discord, end to end: the real bot against the Discord stand-in
//! (`tests/support/`), with its own SQLite file. Challenges and buttons, moves with their board
//! pictures, autocomplete of legal moves, refusals, deferred answers, direct messages, plain
//! moves, threads, and reminders posted by the scheduler.
//!
//! Every wait is on something the stand-in recorded, bounded by `WAIT`; nothing sleeps.

use crate::support::discord_standin::{
    button_id, Interaction, Options, Player, RecordedRequest, StandIn, API,
};
use crate::support::harness::{unique_token, RunningBot, WAIT};
use hyper::Method;
use serde_json::{json, Value};
use taktable::games::GameState;
use taktable::store::{GameRow, Store};

fn alice(standin: &StandIn) -> Player {
    standin.options().player.clone()
}

fn bob() -> Player {
    Player::new(1_100_000_000_000_000_301, "bob")
}

fn carol() -> Player {
    Player::new(1_100_000_000_000_000_302, "carol")
}

/// The options of `/tak challenge`.
fn tak_challenge(options: Value) -> Value {
    json!([{ "type": 1, "name": "challenge", "options": options }])
}

fn opponent(player: &Player) -> Value {
    json!({ "name": "opponent", "type": 6, "value": player.id.to_string() })
}

fn notation(text: &str) -> Value {
    json!([{ "name": "notation", "type": 3, "value": text }])
}

/// Presses the button `label` of the message the bot posted with `data` (a callback's `data`).
async fn press(
    standin: &StandIn,
    player: &Player,
    data: &Value,
    label: &str,
) -> (Interaction, RecordedRequest) {
    let custom_id = button_id(data, label);
    let message = standin.bot_message(data);
    let interaction = standin.button_press_as(player, &custom_id, message);
    standin.send_interaction(&interaction);
    let callback = standin
        .wait_for(Method::POST, &interaction.callback_path(), WAIT)
        .await;
    (interaction, callback)
}

fn labels(data: &Value) -> Vec<String> {
    data["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .map(|b| b["label"].as_str().unwrap_or_default().to_string())
        .collect()
}

fn is_ephemeral(data: &Value) -> bool {
    data["flags"].as_u64().unwrap_or(0) & 64 != 0
}

/// The users a message may notify; nothing else (no @everyone, roles or parsed mentions).
fn notified(data: &Value) -> Vec<u64> {
    let allowed = &data["allowed_mentions"];
    assert_eq!(allowed["parse"], json!([]), "{data}");
    assert!(
        allowed["roles"].as_array().map_or(true, Vec::is_empty),
        "{data}"
    );
    allowed["users"]
        .as_array()
        .unwrap_or_else(|| panic!("no allowed_mentions.users in {data}"))
        .iter()
        .map(|id| id.as_str().unwrap().parse().unwrap())
        .collect()
}

/// Checks that `request` carries the board picture: one PNG attachment that decodes, described
/// (alt text) in the payload. Returns the picture's size.
fn board_picture(request: &RecordedRequest, data: &Value) -> (u32, u32) {
    assert!(request.is_multipart(), "{data}");
    let files = request.files();
    assert_eq!(files.len(), 1, "{files:?}");
    let file = &files[0];
    assert_eq!(file.name, "files[0]");
    let name = file.filename.clone().unwrap();
    assert!(
        name.starts_with("game-") && name.ends_with(".png"),
        "{name}"
    );
    let attachment = &data["attachments"][0];
    assert_eq!(attachment["id"], 0, "{data}");
    assert_eq!(attachment["filename"], name.as_str());
    let alt = attachment["description"].as_str().unwrap_or_default();
    assert!(!alt.trim().is_empty(), "no alt text: {data}");
    let picture = image::load_from_memory(&file.body).expect("the attachment decodes as an image");
    (picture.width(), picture.height())
}

fn guild_and_channel(standin: &StandIn) -> (String, String) {
    let options = standin.options();
    (options.guild_id.to_string(), options.channel_id.to_string())
}

/// The game in progress in the test channel, as the bot stored it.
fn stored_game(bot: &RunningBot) -> Option<GameRow> {
    let (guild, channel) = guild_and_channel(&bot.standin);
    let store = Store::open(&bot.database).unwrap();
    store.active_game(&guild, &channel).unwrap()
}

/// Alice challenges Bob (`options` added) and Bob accepts by pressing the button. Returns the
/// accept callback's data.
async fn start_game(standin: &StandIn, options: Value) -> Value {
    let alice = alice(standin);
    let mut all = vec![
        opponent(&bob()),
        json!({ "name": "color", "type": 3, "value": "white" }),
    ];
    all.extend(options.as_array().cloned().unwrap_or_default());
    let (_, challenge) = standin
        .slash(&alice, "tak", tak_challenge(Value::Array(all)))
        .await;
    let data = challenge.message_data();
    let (_, accepted) = press(standin, &bob(), &data, "Accept").await;
    accepted.message_data()
}

/// The bot, configured with `vars`, with a game between Alice (white) and Bob started with
/// `options` (see [`start_game`]).
async fn bot_with_game(vars: &[(&str, &str)], options: Value) -> RunningBot {
    let bot = RunningBot::start_ready(vars).await;
    start_game(&bot.standin, options).await;
    bot
}

/// A whole 3x3 game: the challenge (Accept/Decline buttons, only Bob notified), the accept
/// (by button; the board picture, only Alice notified), five moves each answered with the board
/// (a PNG that decodes, with alt text; only the player to move notified), the road that ends
/// it (Rematch button, both players notified) and the exported PTN file.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_3x3_game_from_challenge_to_road() {
    let mut bot = RunningBot::start_ready(&[]).await;
    let standin = &bot.standin;
    let (alice, bob) = (alice(standin), bob());

    let (_, challenge) = standin
        .slash(
            &alice,
            "tak",
            tak_challenge(json!([
                opponent(&bob),
                { "name": "size", "type": 4, "value": 3 },
                { "name": "color", "type": 3, "value": "white" },
            ])),
        )
        .await;
    assert!(!challenge.is_multipart());
    let data = challenge.message_data();
    assert!(!is_ephemeral(&data), "{data}");
    let content = data["content"].as_str().unwrap();
    assert!(
        content.contains(&format!("<@{}> challenges <@{}>", alice.id, bob.id)),
        "{content}"
    );
    assert!(content.contains("Tak 3x3"), "{content}");
    assert_eq!(labels(&data), ["Accept", "Decline"]);
    assert_eq!(notified(&data), [bob.id]);

    let (_, accepted) = press(standin, &bob, &data, "Accept").await;
    let data = accepted.message_data();
    assert!(!is_ephemeral(&data));
    assert!(
        data["content"]
            .as_str()
            .unwrap()
            .contains("accepts. Game #1"),
        "{data}"
    );
    assert_eq!(notified(&data), [alice.id]);
    let (width, height) = board_picture(&accepted, &data);
    assert!(width >= 200 && height >= 200, "{width}x{height}");

    let moves = [
        (&alice, "a3", &bob),
        (&bob, "a1", &alice),
        (&alice, "b1", &bob),
        (&bob, "b3", &alice),
    ];
    for (player, mv, next) in moves {
        let (_, callback) = standin.slash(player, "move", notation(mv)).await;
        let data = callback.message_data();
        assert!(!is_ephemeral(&data), "{mv}: {data}");
        let content = data["content"].as_str().unwrap();
        assert!(
            content.starts_with(&format!("<@{}> played {mv}.", player.id)),
            "{content}"
        );
        assert!(content.contains(&format!("<@{}>", next.id)), "{content}");
        assert_eq!(notified(&data), [next.id], "{mv}");
        board_picture(&callback, &data);
    }

    let (_, road) = standin.slash(&alice, "move", notation("c1")).await;
    let data = road.message_data();
    let content = data["content"].as_str().unwrap();
    assert!(content.contains("a road"), "{content}");
    assert!(content.contains("wins, R-0"), "{content}");
    let mut both = notified(&data);
    both.sort();
    assert_eq!(both, [alice.id, bob.id]);
    assert_eq!(labels(&data), ["Rematch", "Replay"]);
    board_picture(&road, &data);
    assert!(stored_game(&bot).is_none(), "the game is over");

    // The record as a file: the PTN with its moves.
    let (_, export) = standin.slash(&bob, "export", json!([])).await;
    let data = export.message_data();
    let files = export.files();
    assert_eq!(files.len(), 1, "{data}");
    let name = files[0].filename.clone().unwrap();
    assert!(name.ends_with(".ptn"), "{name}");
    let ptn = String::from_utf8(files[0].body.clone()).unwrap();
    assert!(ptn.contains("[Result \"R-0\"]"), "{ptn}");
    assert!(ptn.contains("c1"), "{ptn}");

    bot.stop().await.unwrap();
}

/// Autocomplete of `/move notation`: at most 25 suggestions, every one legal in the stored game
/// (checked with the rules engine), what was typed first; nothing for the player who is not to
/// move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_suggests_legal_moves_to_the_player_to_move() {
    let mut bot = bot_with_game(&[], json!([{ "name": "size", "type": 4, "value": 5 }])).await;
    let standin = &bot.standin;
    let (alice, bob) = (alice(standin), bob());
    standin.slash(&alice, "move", notation("a5")).await;
    standin.slash(&bob, "move", notation("e1")).await;

    let game = stored_game(&bot).expect("a game in progress");
    let store = Store::open(&bot.database).unwrap();
    let state: GameState = store.replay(&game).unwrap();
    let legal = state.legal_actions();
    assert!(legal.len() > 25, "{}", legal.len());

    let suggest = |player: &Player, typed: &str| {
        let typing = standin.autocomplete_as(
            player,
            "move",
            json!([{ "name": "notation", "type": 3, "value": typed, "focused": true }]),
        );
        standin.send_interaction(&typing);
        typing
    };
    let choices = |callback: &RecordedRequest| -> Vec<String> {
        let body = callback.json();
        assert_eq!(body["type"], 8, "{body}");
        body["data"]["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                assert_eq!(c["name"], c["value"]);
                c["value"].as_str().unwrap().to_string()
            })
            .collect()
    };

    let typing = suggest(&alice, "");
    let callback = standin
        .wait_for(Method::POST, &typing.callback_path(), WAIT)
        .await;
    let all = choices(&callback);
    assert_eq!(all.len(), 25, "{all:?}");
    for mv in &all {
        assert!(legal.contains(mv), "{mv} is not legal: {legal:?}");
    }
    // Placements first, shortest first.
    assert!(
        all[0].len() == 2 && !all[0].contains(['+', '-', '<', '>']),
        "{all:?}"
    );

    let typing = suggest(&alice, "c");
    let callback = standin
        .wait_for(Method::POST, &typing.callback_path(), WAIT)
        .await;
    let some = choices(&callback);
    assert!(!some.is_empty() && some.len() <= 25, "{some:?}");
    assert_eq!(&some[..5], ["c1", "c2", "c3", "c4", "c5"]);
    for mv in &some {
        assert!(
            legal.contains(mv) && mv.to_lowercase().contains('c'),
            "{mv}"
        );
    }

    let typing = suggest(&bob, "");
    let callback = standin
        .wait_for(Method::POST, &typing.callback_path(), WAIT)
        .await;
    assert!(choices(&callback).is_empty(), "bob is not to move");

    bot.stop().await.unwrap();
}

/// Buttons go through the same checks as the commands: a stranger's press is "not for you", a
/// press on an offer already answered has "expired"; both ephemeral and changing nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn foreign_and_stale_button_presses_are_refused_privately() {
    let mut bot = RunningBot::start_ready(&[]).await;
    let standin = &bot.standin;
    let (alice, bob) = (alice(standin), bob());
    let (_, challenge) = standin
        .slash(&alice, "tak", tak_challenge(json!([opponent(&bob)])))
        .await;
    let challenge = challenge.message_data();

    let (_, stranger) = press(standin, &carol(), &challenge, "Accept").await;
    let data = stranger.message_data();
    assert!(is_ephemeral(&data), "{data}");
    assert_eq!(data["content"], "This is not for you.");
    assert!(stored_game(&bot).is_none());

    standin.slash(&bob, "accept", json!([])).await;
    assert!(stored_game(&bot).is_some());
    let (_, stale) = press(standin, &bob, &challenge, "Accept").await;
    let data = stale.message_data();
    assert!(is_ephemeral(&data), "{data}");
    assert_eq!(data["content"], "This offer has expired.");
    let (_, stale) = press(standin, &bob, &challenge, "Decline").await;
    assert_eq!(stale.message_data()["content"], "This offer has expired.");
    assert_eq!(stored_game(&bot).unwrap().version, 0);

    // A draw offer's buttons: only the opponent may answer; after the position changes, the
    // offer is gone.
    standin.slash(&alice, "move", notation("a1")).await;
    let (_, offer) = standin.slash(&bob, "draw", json!([])).await;
    let offer = offer.message_data();
    assert_eq!(labels(&offer), ["Accept", "Decline"], "{offer}");
    let (_, own) = press(standin, &bob, &offer, "Accept").await;
    assert_eq!(own.message_data()["content"], "This is not for you.");
    let (_, declined) = press(standin, &alice, &offer, "Decline").await;
    assert!(!is_ephemeral(&declined.message_data()));
    let (_, again) = press(standin, &alice, &offer, "Accept").await;
    assert_eq!(again.message_data()["content"], "This offer has expired.");

    bot.stop().await.unwrap();
}

/// A refused move (illegal, or out of turn, or by a bystander) is answered privately and changes
/// nothing in the database: the game's version and snapshot stay as they were.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_move_changes_nothing_in_the_database() {
    let mut bot = bot_with_game(&[], json!([{ "name": "size", "type": 4, "value": 4 }])).await;
    let standin = &bot.standin;
    let (alice, bob) = (alice(standin), bob());
    standin.slash(&alice, "move", notation("a1")).await;
    let before = stored_game(&bot).unwrap();
    assert_eq!(before.version, 1);

    for (player, mv, why) in [
        (&bob, "a1", "Can't play that"),
        (&bob, "z9", "Can't play that"),
        (&bob, "3a1>111", "Can't play that"),
        (&alice, "b2", "move"),
        (&carol(), "b2", "not playing"),
    ] {
        let (_, refused) = standin.slash(player, "move", notation(mv)).await;
        assert!(!refused.is_multipart());
        let data = refused.message_data();
        assert!(is_ephemeral(&data), "{mv}: {data}");
        assert!(
            data["content"].as_str().unwrap().contains(why),
            "{mv}: {data}"
        );
        assert!(data["attachments"].as_array().map_or(true, Vec::is_empty));
        let after = stored_game(&bot).unwrap();
        assert_eq!(
            (after.version, &after.snapshot),
            (before.version, &before.snapshot),
            "{mv}"
        );
    }
    let store = Store::open(&bot.database).unwrap();
    assert_eq!(store.moves(before.id).unwrap().len(), 1);

    // An option out of the registry's bounds is refused the same way, before the core.
    let (_, refused) = standin
        .slash(
            &alice,
            "rating",
            json!([{ "name": "game", "type": 3, "value": "chess" }]),
        )
        .await;
    let data = refused.message_data();
    assert!(is_ephemeral(&data));
    assert!(
        data["content"]
            .as_str()
            .unwrap()
            .starts_with("Game must be one of"),
        "{data}"
    );

    // /abort is for the players until both have made two moves (issue 13 item 1), and for
    // server admins: the member's permissions in the interaction say who is one (Manage
    // Server). A bystander who is not an admin is refused privately.
    let (_, refused) = standin.slash(&carol(), "abort", json!([])).await;
    let data = refused.message_data();
    assert!(is_ephemeral(&data));
    assert!(
        data["content"]
            .as_str()
            .unwrap()
            .contains("Only the players (until both have made two moves) or a server admin"),
        "{data}"
    );
    let mut abort = standin.slash_command_as(&carol(), "abort", json!([]));
    let permissions = crate::support::discord_standin::permissions::MEMBER | (1 << 5);
    abort.payload["member"]["permissions"] = json!(permissions.to_string());
    standin.send_interaction(&abort);
    let callback = standin
        .wait_for(Method::POST, &abort.callback_path(), WAIT)
        .await;
    let data = callback.message_data();
    assert!(!is_ephemeral(&data));
    assert!(
        data["content"]
            .as_str()
            .unwrap()
            .contains("(server admin) aborted"),
        "{data}"
    );
    assert!(stored_game(&bot).is_none());

    bot.stop().await.unwrap();
}

/// With DISCORD_DEFER_AFTER_MS=0 every answer is deferred (callback type 5, public), then the
/// original answer is edited with the result (the board picture included); a refusal edits
/// the public placeholder to say the answer is private and follows up ephemerally.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_answers_are_deferred_then_edited() {
    let mut bot = RunningBot::start_ready(&[("DISCORD_DEFER_AFTER_MS", "0")]).await;
    let standin = &bot.standin;
    let app = standin.options().application_id;
    let (alice, bob) = (alice(standin), bob());
    let (challenge, callback) = standin
        .slash(&alice, "tak", tak_challenge(json!([opponent(&bob)])))
        .await;
    let body = callback.json();
    assert_eq!(body["type"], 5, "{body}");
    assert!(!is_ephemeral(&body["data"]), "{body}");
    let original = format!(
        "{API}/webhooks/{app}/{}/messages/@original",
        challenge.token
    );
    let edit = standin.wait_for(Method::PATCH, &original, WAIT).await;
    let data = edit.json();
    assert!(
        data["content"].as_str().unwrap().contains("challenges"),
        "{data}"
    );
    assert_eq!(labels(&data), ["Accept", "Decline"]);

    let (accept, callback) = standin.slash(&bob, "accept", json!([])).await;
    assert_eq!(callback.json()["type"], 5);
    let original = format!("{API}/webhooks/{app}/{}/messages/@original", accept.token);
    let edit = standin.wait_for(Method::PATCH, &original, WAIT).await;
    let data = edit.json();
    assert_eq!(notified(&data), [alice.id]);
    board_picture(&edit, &data);

    let (refused, callback) = standin.slash(&bob, "move", notation("a1")).await;
    assert_eq!(callback.json()["type"], 5);
    let original = format!("{API}/webhooks/{app}/{}/messages/@original", refused.token);
    // Issue 40, Discord's documented way: the first followup after a deferral would edit the
    // public loading message and ignore the ephemeral flag, so the loading message is edited
    // first (saying nothing of the refusal), and the refusal follows up ephemerally.
    let edit = standin.wait_for(Method::PATCH, &original, WAIT).await;
    let public = edit.json();
    assert!(!is_ephemeral(&public), "{public}");
    assert!(
        public["content"].as_str().unwrap().contains("privately"),
        "{public}"
    );
    assert!(
        !standin
            .requests()
            .iter()
            .any(|r| r.method == Method::DELETE),
        "nothing is deleted"
    );
    let followup = format!("{API}/webhooks/{app}/{}", refused.token);
    let followup = standin.wait_for(Method::POST, &followup, WAIT).await;
    let data = followup.json();
    assert!(is_ephemeral(&data), "{data}");
    assert!(data["content"].as_str().unwrap().contains("move"), "{data}");

    bot.stop().await.unwrap();
}

/// Replies addressed to a user go to their direct messages: with `/notify dm:true`, Bob hears
/// of Alice's move there (the bot opens the DM channel, then posts in it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn your_move_notices_are_sent_as_direct_messages() {
    let mut bot = bot_with_game(&[], json!([])).await;
    let standin = &bot.standin;
    let (alice, bob) = (alice(standin), bob());
    standin
        .slash(
            &bob,
            "notify",
            json!([{ "name": "dm", "type": 5, "value": true }]),
        )
        .await;
    standin.slash(&alice, "move", notation("a1")).await;

    standin
        .wait_for(Method::POST, &format!("{API}/users/@me/channels"), WAIT)
        .await;
    let dm = standin
        .dm_channel_of(bob.id)
        .expect("a DM channel with bob");
    let message = standin
        .wait_for(Method::POST, &format!("{API}/channels/{dm}/messages"), WAIT)
        .await;
    let data = message.json();
    let content = data["content"].as_str().unwrap();
    assert!(content.starts_with("It's your move in <#"), "{content}");
    assert!(content.contains("played a1"), "{content}");

    bot.stop().await.unwrap();
}

/// With PLAIN_MOVES=true, a player's message that reads as a move is played (answered in the
/// channel, as a reply to it, with the board); other chat is ignored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plain_messages_that_read_as_moves_are_played() {
    let mut bot = bot_with_game(&[("PLAIN_MOVES", "true")], json!([])).await;
    let standin = &bot.standin;
    let (alice, bob) = (alice(standin), bob());
    let channel_messages = format!("{API}/channels/{}/messages", standin.options().channel_id);

    standin.send_message(&standin.user_message(&alice, "good luck!"));
    standin.send_message(&standin.user_message(&carol(), "a1"));
    // Once /board is answered, the earlier messages have long been handled.
    standin.slash(&bob, "board", json!([])).await;
    assert!(
        !standin
            .requests()
            .iter()
            .any(|r| r.path == channel_messages),
        "{}",
        standin.summary()
    );

    let typed = standin.user_message(&alice, "a1");
    standin.send_message(&typed);
    let posted = standin
        .wait_for(Method::POST, &channel_messages, WAIT)
        .await;
    let data = posted.json();
    assert!(
        data["content"]
            .as_str()
            .unwrap()
            .starts_with(&format!("<@{}> played a1.", alice.id)),
        "{data}"
    );
    assert_eq!(
        data["message_reference"]["message_id"], typed["id"],
        "{data}"
    );
    assert_eq!(notified(&data), [bob.id]);
    board_picture(&posted, &data);
    assert_eq!(stored_game(&bot).unwrap().version, 1);

    bot.stop().await.unwrap();
}

/// A thread is its own channel: a game started in a thread lives there. In direct messages the
/// bot refuses politely.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn threads_hold_their_own_games_and_direct_messages_are_refused() {
    let mut bot = RunningBot::start_ready(&[]).await;
    let standin = &bot.standin;
    let (alice, bob) = (alice(standin), bob());
    let thread = 1_100_000_000_000_000_250_u64;

    let mut challenge =
        standin.slash_command_as(&alice, "tak", tak_challenge(json!([opponent(&bob)])));
    standin.in_thread(&mut challenge, thread);
    standin.send_interaction(&challenge);
    standin
        .wait_for(Method::POST, &challenge.callback_path(), WAIT)
        .await;
    let mut accept = standin.slash_command_as(&bob, "accept", json!([]));
    standin.in_thread(&mut accept, thread);
    standin.send_interaction(&accept);
    let callback = standin
        .wait_for(Method::POST, &accept.callback_path(), WAIT)
        .await;
    assert!(callback.message_data()["content"]
        .as_str()
        .unwrap()
        .contains("Game #1"));
    let store = Store::open(&bot.database).unwrap();
    let (guild, channel) = guild_and_channel(standin);
    assert!(store
        .active_game(&guild, &thread.to_string())
        .unwrap()
        .is_some());
    assert!(store.active_game(&guild, &channel).unwrap().is_none());

    let (_, board) = standin.slash(&alice, "board", json!([])).await;
    let data = board.message_data();
    assert!(is_ephemeral(&data));
    assert!(
        data["content"].as_str().unwrap().contains("no game"),
        "{data}"
    );

    let mut direct = standin.slash_command_as(&alice, "board", json!([]));
    standin.in_direct_messages(&mut direct, 1_100_000_000_000_000_260);
    standin.send_interaction(&direct);
    let callback = standin
        .wait_for(Method::POST, &direct.callback_path(), WAIT)
        .await;
    let data = callback.message_data();
    assert!(is_ephemeral(&data));
    assert!(
        data["content"]
            .as_str()
            .unwrap()
            .contains("played in servers"),
        "{data}"
    );

    bot.stop().await.unwrap();
}

/// The scheduler posts, at start-up, what fell due while the bot was down: a game's turn began
/// 25 hours before the restart, so the player to move is reminded in the game's channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reminder_that_fell_due_while_the_bot_was_down_is_posted_at_start_up() {
    let dir = tempfile::tempdir().unwrap();
    let database = dir.path().join("taktable.db");
    let database_path = database.display().to_string();
    let vars = [("DATABASE_PATH", database_path.as_str())];

    let mut first = bot_with_game(&vars, json!([])).await;
    let game = stored_game(&first).unwrap();
    first.stop().await.unwrap();
    drop(first);

    // A day and an hour pass while the bot is down.
    let past = |hours: i64| {
        (chrono::Utc::now() - chrono::Duration::hours(hours))
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    };
    let connection = rusqlite::Connection::open(&database).unwrap();
    let changed = connection
        .execute(
            "UPDATE games SET turn_since = ?1, remind_at = ?2 WHERE id = ?3",
            rusqlite::params![past(25), past(1), game.id],
        )
        .unwrap();
    assert_eq!(changed, 1);
    drop(connection);

    let token = unique_token();
    let mut second = RunningBot::start_with(Options::new(&token), &token, &vars).await;
    let standin = &second.standin;
    let channel = standin.options().channel_id;
    let posted = standin
        .wait_for(
            Method::POST,
            &format!("{API}/channels/{channel}/messages"),
            WAIT,
        )
        .await;
    let data = posted.json();
    let alice = alice(standin);
    let content = data["content"].as_str().unwrap();
    assert!(
        content.starts_with(&format!(
            "<@{}>, it's your move in game #{}",
            alice.id, game.id
        )),
        "{content}"
    );
    assert_eq!(notified(&data), [alice.id]);
    second.stop().await.unwrap();
}

/// Deadlines in Discord are its timestamp markup, which each reader sees in their own time
/// zone (issue 13 item 7): `/board` gives the next reminder and the timeout as `<t:UNIX:f>`
/// followed by the relative `(<t:UNIX:R>)`, never as UTC text, and the timeout falls a week
/// (the default) after the start of the turn, six days after the first reminder.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn board_deadlines_are_discord_timestamps() {
    let mut bot = bot_with_game(&[], json!([{ "name": "size", "type": 4, "value": 3 }])).await;
    let standin = &bot.standin;
    let (_, board) = standin.slash(&bob(), "board", json!([])).await;
    let data = board.message_data();
    let content = data["content"].as_str().unwrap();
    assert!(!content.contains("UTC"), "{content}");
    let times: Vec<i64> = content
        .split("<t:")
        .skip(1)
        .filter_map(|rest| {
            let (unix, style) = rest.split_once(':')?;
            style.starts_with("f> (").then(|| unix.parse().unwrap())
        })
        .collect();
    assert_eq!(times.len(), 2, "{content}");
    for t in &times {
        assert!(
            content.contains(&format!("<t:{t}:f> (<t:{t}:R>)")),
            "{content}"
        );
    }
    // Reminders every day, timeout one week: both counted from the start of the turn.
    assert_eq!(times[1] - times[0], 6 * 24 * 3600, "{content}");
    assert!(content.contains("Move 1, White to play"), "{content}");
    bot.stop().await.unwrap();
}
