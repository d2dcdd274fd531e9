//! End-to-end tests of the Discord adapter: the real bot (serenity + poise) runs against a local
//! stand-in of Discord's REST API and gateway (`tests/support/discord_standin.rs`).
//!
//! Every wait is on something the stand-in recorded, bounded by `WAIT`; nothing sleeps.

use crate::support::discord_standin::{
    command_problems, Frame, Options, StandIn, API, MESSAGE_CONTENT_INTENT, PRIVILEGED_INTENTS,
};
use crate::support::harness::{unique_token, RunningBot, WAIT};
use hyper::Method;
use serde_json::json;

const GUILD: &str = "1100000000000000100";

/// IDENTIFY carries the token and asks for no privileged intent; commands are registered
/// globally and are valid by Discord's rules; start-up makes no other REST call.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connects_identifies_and_registers_commands_globally() {
    let mut bot = RunningBot::start(&[]).await;
    let standin = &bot.standin;

    let identify = standin.wait_for_identify(WAIT).await;
    let token = identify["token"].as_str().unwrap();
    assert!(
        token == bot.token || token == format!("Bot {}", bot.token),
        "IDENTIFY carries another token"
    );
    let intents = identify["intents"].as_u64().unwrap();
    assert_eq!(
        intents & PRIVILEGED_INTENTS,
        0,
        "privileged intents: {intents:#b}"
    );
    assert_ne!(intents, 0);
    assert_eq!(identify["shard"], json!([0, 1]));

    let commands = standin.wait_for_commands(None, WAIT).await;
    let names: Vec<&str> = commands
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    // One top-level command per registry entry, `tak challenge` under `/tak`.
    for name in ["tak", "takat", "move", "accept", "board", "help", "rules"] {
        assert!(names.contains(&name), "{names:?}");
    }
    for command in &commands {
        let problems = command_problems(command);
        assert!(problems.is_empty(), "{problems:#?}");
    }
    // Exactly what `taktable commands --json` prints, without connecting.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_taktable"))
        .args(["commands", "--json"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let printed: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(printed, serde_json::Value::Array(commands.clone()));

    // Every REST call the bot made was known to the stand-in and carried the bot token.
    for request in standin.requests() {
        assert!(
            (200..300).contains(&request.status),
            "{} {} answered {}\n{}",
            request.method,
            request.path,
            request.status,
            standin.summary()
        );
        assert_eq!(
            request.header("authorization"),
            Some(format!("Bot {}", bot.token).as_str())
        );
        assert!(request
            .header("user-agent")
            .is_some_and(|ua| ua.contains("DiscordBot")));
    }
    // The whole start-up: the gateway URL (serenity connects to the one from /gateway), the
    // shard count, then registration.
    let calls: Vec<String> = standin
        .requests()
        .iter()
        .map(|r| format!("{} {}", r.method, r.path))
        .collect();
    assert_eq!(
        calls,
        [
            format!("GET {API}/gateway"),
            format!("GET {API}/gateway/bot"),
            format!("PUT {}", standin.commands_path(None)),
        ]
    );

    bot.stop().await.expect("a clean shutdown");
}

/// With DISCORD_GUILD_ID, commands are registered in that server (instantly visible) instead.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registers_commands_in_the_development_server() {
    let mut bot = RunningBot::start(&[("DISCORD_GUILD_ID", GUILD)]).await;
    let commands = bot
        .standin
        .wait_for_commands(Some(GUILD.parse().unwrap()), WAIT)
        .await;
    assert_eq!(
        serde_json::Value::Array(commands),
        serde_json::from_str::<serde_json::Value>(&taktable::discord::application_commands_json())
            .unwrap()
    );
    let global = bot.standin.commands_path(None);
    assert!(!bot.standin.requests().iter().any(|r| r.path == global));
    bot.stop().await.unwrap();
}

/// PLAIN_MOVES=true adds MESSAGE_CONTENT, and only that privileged intent.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn plain_moves_asks_for_the_message_content_intent() {
    let mut bot = RunningBot::start(&[("PLAIN_MOVES", "true")]).await;
    let identify = bot.standin.wait_for_identify(WAIT).await;
    let intents = identify["intents"].as_u64().unwrap();
    assert_eq!(intents & PRIVILEGED_INTENTS, MESSAGE_CONTENT_INTENT);
    bot.stop().await.unwrap();
}

/// `/help` is answered with an ephemeral channel message (callback type 4, flags 64): a quick
/// start that fits one message (issue 13 item 8); `/help command:<name>` gives one command's
/// options, from the registry.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_is_answered_with_ephemeral_messages() {
    let mut bot = RunningBot::start_ready(&[]).await;
    let standin = &bot.standin;

    let help = standin.slash_command("help", json!([]));
    standin.send_interaction(&help);
    let callback = standin
        .wait_for(Method::POST, &help.callback_path(), WAIT)
        .await;
    assert_eq!(callback.status, 204);
    assert!(!callback.is_multipart());
    assert_eq!(callback.header("content-type"), Some("application/json"));
    let body = callback.json();
    assert_eq!(body["type"], 4, "{body}");
    assert_eq!(body["data"]["flags"], 64, "{body}");
    let content = body["data"]["content"].as_str().unwrap();
    assert!(content.starts_with("taktable hosts games"), "{content}");
    assert!(content.chars().count() <= 2000);
    assert!(content.contains("/tak challenge"), "{content}");
    assert!(content.contains("/help command:"), "{content}");

    let one = standin.slash_command(
        "help",
        json!([{ "name": "command", "type": 3, "value": "move" }]),
    );
    standin.send_interaction(&one);
    let callback = standin
        .wait_for(Method::POST, &one.callback_path(), WAIT)
        .await;
    let body = callback.json();
    assert_eq!(body["data"]["flags"], 64, "{body}");
    let content = body["data"]["content"].as_str().unwrap();
    assert!(content.starts_with("/move notation:"), "{content}");
    assert!(content.contains("- notation (required): "), "{content}");

    bot.stop().await.unwrap();
}

/// With a short heartbeat interval (serenity sends at most one heartbeat per 500 ms loop) the bot
/// heartbeats, gets acknowledgements and so keeps its one connection.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heartbeats_are_acknowledged() {
    let token = unique_token();
    let mut options = Options::new(&token);
    options.heartbeat_interval_ms = 100;
    let mut bot = RunningBot::start_with(options, &token, &[]).await;
    // serenity checks that its previous heartbeat was acknowledged before sending the next one
    // (else it reconnects), so a second heartbeat on the first connection proves the round trip.
    bot.standin.wait_for_op(1, 2, WAIT).await;
    let acks = bot
        .standin
        .frames()
        .iter()
        .filter(|f| matches!(f, Frame::Sent { op: 11, .. }))
        .count();
    assert!(acks >= 1, "{}", bot.standin.summary());
    assert_eq!(bot.standin.connections(), 1, "{}", bot.standin.summary());
    bot.stop().await.unwrap();
}

/// When Discord closes the connection (4000, unknown error), the bot reconnects and resumes its
/// session (RESUME, answered by RESUMED), and commands work as before.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resumes_after_discord_closes_the_connection() {
    let mut bot = RunningBot::start_ready(&[]).await;
    let standin = &bot.standin;
    let identify = standin.wait_for_identify(WAIT).await;
    standin.close_gateway(4000).unwrap();
    let resume = standin.wait_for_op(6, 1, WAIT).await;
    assert_eq!(resume["token"], identify["token"]);
    standin.wait_for_dispatch("RESUMED", 1, WAIT).await;

    let help = standin.slash_command("help", json!([]));
    standin.send_interaction(&help);
    let callback = standin
        .wait_for(Method::POST, &help.callback_path(), WAIT)
        .await;
    assert_eq!(callback.json()["type"], 4);
    assert_eq!(standin.connections(), 2, "{}", standin.summary());
    bot.stop().await.unwrap();
}

/// When the session cannot be resumed (INVALID_SESSION), the bot identifies again on a new
/// connection (serenity spaces IDENTIFYs 5 s apart, so this test takes about 5 s), gets a new
/// READY, and serves commands without registering them a second time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn identifies_again_when_the_session_cannot_be_resumed() {
    let token = unique_token();
    let mut options = Options::new(&token);
    options.resumable = false;
    let mut bot = RunningBot::start_with(options, &token, &[]).await;
    let standin = &bot.standin;
    standin.wait_for_commands(None, WAIT).await;
    standin.close_gateway(4000).unwrap();
    let identify = standin.wait_for_op(2, 2, WAIT).await;
    assert_eq!(identify["shard"], json!([0, 1]));
    standin.wait_for_dispatch("READY", 2, WAIT).await;

    let help = standin.slash_command("help", json!([]));
    standin.send_interaction(&help);
    let callback = standin
        .wait_for(Method::POST, &help.callback_path(), WAIT)
        .await;
    assert_eq!(callback.json()["type"], 4);
    let registrations = standin
        .requests()
        .iter()
        .filter(|r| r.method == Method::PUT)
        .count();
    assert_eq!(registrations, 1, "{}", standin.summary());
    bot.stop().await.unwrap();
}

/// When Discord refuses the token, `run_until` returns an error (no endless retry), and neither
/// the error nor the logs show the token.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_token_stops_the_bot_with_an_error() {
    let token = unique_token();
    let mut bot = RunningBot::start_with(Options::new("the-real-token"), &token, &[]).await;
    let error = bot
        .stopped()
        .await
        .expect_err("a refused token must stop the bot");
    let message = error.to_string();
    assert!(
        message.contains("401") || message.contains("Unauthorized"),
        "{message}"
    );
    assert!(!message.contains(&token), "{message}");
}

/// When the gateway refuses the token (close code 4004) after REST accepted it, the bot stops
/// with an error instead of reconnecting forever.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_refused_by_the_gateway_stops_the_bot_with_an_error() {
    let token = unique_token();
    let mut options = Options::new(&token);
    options.refuse_identify = true;
    let mut bot = RunningBot::start_with(options, &token, &[]).await;
    let error = bot
        .stopped()
        .await
        .expect_err("a refused IDENTIFY must stop the bot");
    let message = error.to_string();
    assert!(message.contains("authentication"), "{message}");
    assert_eq!(bot.standin.connections(), 1, "{}", bot.standin.summary());
}

/// After the bot is asked to stop, it closes the gateway with 1000 (a clean log-off) and
/// `run_until` returns Ok.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_closes_the_gateway_cleanly() {
    let mut bot = RunningBot::start_ready(&[]).await;
    bot.stop().await.expect("a clean shutdown");
    let code = bot.standin.wait_for_close(WAIT).await;
    assert_eq!(code, 1000, "{}", bot.standin.summary());
}

/// A stop asked for while the bot is still starting (before its gateway connection is up) is
/// not lost: the bot stops (serenity ignores a shutdown while no shard runs yet).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_during_start_up_is_not_lost() {
    let mut bot = RunningBot::start(&[]).await;
    bot.stop().await.expect("a clean shutdown");
}

/// The stand-in's payloads deserialize with serenity's own models, so no event is silently
/// dropped because of a missing field.
#[tokio::test]
async fn standin_payloads_match_serenitys_models() {
    use serenity::model::application::{Command, Interaction};
    use serenity::model::channel::Message;
    use serenity::model::event::{Event, GatewayEvent};

    let standin = StandIn::start(Options::new("token")).await;
    let app = standin.options().application_id;
    let http = serenity::http::HttpBuilder::new("token")
        .proxy(&standin.api_url)
        .ratelimiter_disabled(true)
        .application_id(serenity::model::id::ApplicationId::new(app))
        .build();

    let gateway = http.get_bot_gateway().await.unwrap();
    assert_eq!(gateway.url, standin.gateway_url);
    http.get_current_user().await.unwrap();
    http.get_current_application_info().await.unwrap();

    // Registration answers with serenity `Command`s.
    let body = json!([
        { "name": "help", "description": "Help", "type": 1, "options": [
            { "name": "topic", "description": "Topic", "type": 3, "autocomplete": true }
        ] },
        { "name": "duel", "description": "Duel", "type": 1, "options": [
            { "name": "with", "description": "Sub", "type": 1, "options": [
                { "name": "opponent", "description": "Who", "type": 6, "required": true }
            ] }
        ] },
    ]);
    let registered: Vec<Command> = http.create_global_commands(&body).await.unwrap();
    assert_eq!(registered[0].name, "help");

    let ready = json!({ "op": 0, "s": 1, "t": "READY", "d": standin.ready_payload() });
    match serde_json::from_value::<GatewayEvent>(ready).unwrap() {
        GatewayEvent::Dispatch(1, Event::Ready(ready)) => {
            assert_eq!(ready.ready.application.id.get(), app);
        }
        other => panic!("{other:?}"),
    }

    let slash = standin.slash_command(
        "help",
        json!([{ "name": "topic", "type": 3, "value": "x" }]),
    );
    let typing = standin.autocomplete(
        "help",
        json!([{ "name": "topic", "type": 3, "value": "x", "focused": true }]),
    );
    let message = standin.bot_message(&json!({
        "content": "Pong!",
        "components": [{ "type": 1, "components": [
            { "type": 2, "style": 2, "label": "Again", "custom_id": "ping" }
        ] }],
    }));
    serde_json::from_value::<Message>(message.clone()).unwrap();
    let press = standin.button_press("ping", message);
    // A user option, in a subcommand: the user comes in `resolved`, with their membership.
    let bob = crate::support::discord_standin::Player::new(1_100_000_000_000_000_301, "bob");
    standin.add_player(&bob);
    let duel = standin.slash_command(
        "duel",
        json!([{ "name": "with", "type": 1, "options": [
            { "name": "opponent", "type": 6, "value": bob.id.to_string() }
        ] }]),
    );
    let mut in_thread = standin.slash_command("help", json!([]));
    standin.in_thread(&mut in_thread, 1_100_000_000_000_000_250);
    let mut in_dm = standin.slash_command("help", json!([]));
    standin.in_direct_messages(&mut in_dm, 1_100_000_000_000_000_260);
    for (interaction, kind) in [
        (slash, "command"),
        (typing, "autocomplete"),
        (press, "component"),
        (duel, "user option"),
        (in_thread, "thread"),
        (in_dm, "direct message"),
    ] {
        let event = json!({ "op": 0, "s": 2, "t": "INTERACTION_CREATE", "d": interaction.payload });
        let parsed = serde_json::from_value::<GatewayEvent>(event)
            .unwrap_or_else(|why| panic!("{kind}: {why}"));
        let GatewayEvent::Dispatch(_, Event::InteractionCreate(created)) = parsed else {
            panic!("{kind}: not an INTERACTION_CREATE");
        };
        match (kind, created.interaction) {
            ("command", Interaction::Command(_))
            | ("autocomplete", Interaction::Autocomplete(_))
            | ("component", Interaction::Component(_)) => {}
            ("user option", Interaction::Command(command)) => {
                let options = command.data.options();
                let serenity::model::application::ResolvedValue::SubCommand(sub) =
                    &options[0].value
                else {
                    panic!("{options:?}");
                };
                match &sub[0].value {
                    serenity::model::application::ResolvedValue::User(user, member) => {
                        assert_eq!(user.name, "bob");
                        assert!(member.is_some());
                    }
                    other => panic!("user option: {other:?}"),
                }
            }
            ("thread", Interaction::Command(command)) => {
                assert_eq!(command.channel_id.get(), 1_100_000_000_000_000_250);
                assert!(command.guild_id.is_some());
            }
            ("direct message", Interaction::Command(command)) => {
                assert!(command.guild_id.is_none() && command.member.is_none());
                assert_eq!(command.user.name, "alice");
            }
            (kind, other) => panic!("{kind}: {other:?}"),
        }
    }

    // A message typed in the channel (MESSAGE_CREATE), as the plain-move option reads it.
    let typed = standin.user_message(&bob, "c3");
    let event = json!({ "op": 0, "s": 3, "t": "MESSAGE_CREATE", "d": typed });
    match serde_json::from_value::<GatewayEvent>(event).unwrap() {
        GatewayEvent::Dispatch(_, Event::MessageCreate(created)) => {
            assert_eq!(created.message.content, "c3");
            assert_eq!(created.message.author.id.get(), bob.id);
            assert!(created.message.guild_id.is_some());
        }
        other => panic!("{other:?}"),
    }

    // A direct-message channel, opened once per user.
    let dm = serenity::model::id::UserId::new(bob.id)
        .create_dm_channel(&http)
        .await
        .unwrap();
    assert_eq!(dm.recipient.id.get(), bob.id);
    assert_eq!(standin.dm_channel_of(bob.id), Some(dm.id.get()));

    // Messages (with an attachment), followups, edits and threads come back as serenity models.
    let channel = serenity::model::id::ChannelId::new(standin.options().channel_id);
    let picture = serenity::builder::CreateAttachment::bytes(vec![1, 2, 3], "board.png");
    let posted = http
        .send_message(
            channel,
            vec![picture],
            &json!({ "content": "hi", "attachments": [{ "id": 0, "filename": "board.png" }] }),
        )
        .await
        .unwrap();
    assert_eq!(posted.content, "hi");
    assert_eq!(posted.attachments[0].filename, "board.png");
    assert_eq!(posted.attachments[0].size, 3);
    // The interaction is answered first (deferred): Discord keeps no original
    // message to edit before its callback.
    http.create_interaction_response(
        serenity::model::id::InteractionId::new(1_100_000_000_000_000_900),
        "interaction-token",
        &json!({ "type": 5 }),
        vec![],
    )
    .await
    .unwrap();
    let followup = http
        .create_followup_message("interaction-token", &json!({ "content": "later" }), vec![])
        .await
        .unwrap();
    assert_eq!(followup.content, "later");
    let edited = http
        .edit_original_interaction_response(
            "interaction-token",
            &json!({ "content": "edited" }),
            vec![],
        )
        .await
        .unwrap();
    assert_eq!(edited.content, "edited");
    let thread = http
        .create_thread(channel, &json!({ "name": "Game 1", "type": 11 }), None)
        .await
        .unwrap();
    assert_eq!(thread.name, "Game 1");

    for request in standin.requests() {
        assert!(
            (200..300).contains(&request.status),
            "{}",
            standin.summary()
        );
    }
}
