//! Discord's own faults (issue 40): the real bot against the stand-in while the stand-in answers
//! 429 (per route and global), 5xx, resets the connection (before or after carrying a request
//! out), holds requests, refuses with 403 or 404, or has let an interaction's token expire. In
//! each test a game is played through the fault and, once Discord is back, every stored move is
//! counted: announced exactly once (a message carrying the move's picture that Discord made),
//! its opponent mentioned, and nothing left in the bot's outbox.
//!
//! Each fault is short (a few tries: the courier waits 1, 2, 4... seconds between them), so
//! each test takes seconds.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

use crate::support::discord_standin::{
    callbacks, channel_posts, channel_uploads, every, text_channel, webhooks, Fault, FaultKind,
    Interaction, Player, RecordedRequest, StandIn, API,
};
use crate::support::harness::{logs, RunningBot, WAIT};
use hyper::Method;
use serde_json::{json, Value};
use taktable::store::Store;

/// How long a test waits for what the courier posts once Discord is back (its retries are at
/// most seconds apart after a short fault).
const RECOVERY: Duration = Duration::from_secs(40);

/// The plies played in each test, a 5x5 game of flat placements with no road.
const MOVES: [&str; 6] = ["a1", "e5", "b2", "d4", "c1", "c5"];

fn bob() -> Player {
    Player::new(1_100_000_000_000_000_301, "bob")
}

fn notation(text: &str) -> Value {
    json!([{ "name": "notation", "type": 3, "value": text }])
}

/// The bot with a Tak game between Alice (white) and Bob, started without faults.
async fn game(vars: &[(&str, &str)]) -> RunningBot {
    let bot = RunningBot::start_ready(vars).await;
    let standin = &bot.standin;
    let alice = standin.options().player.clone();
    standin.add_player(&bob());
    let challenge = json!([{ "type": 1, "name": "challenge", "options": [
        { "name": "opponent", "type": 6, "value": bob().id.to_string() },
        { "name": "color", "type": 3, "value": "white" },
    ] }]);
    standin.slash(&alice, "tak", challenge).await;
    standin.slash(&bob(), "accept", json!([])).await;
    wait_for_plies(&bot, &[0], WAIT).await;
    bot
}

/// Sends `interaction` and waits until its answer was tried (whatever Discord said): the move
/// is committed before the answer is sent.
async fn tried(standin: &StandIn, interaction: &Interaction) {
    standin.send_interaction(interaction);
    let path = interaction.callback_path();
    standin
        .wait_until("the answer's callback", WAIT, |requests, _| {
            requests.iter().find(|r| r.path == path).cloned()
        })
        .await;
}

/// Plays `MOVES[from..to]` (see [`play_of`]).
async fn play(standin: &StandIn, database: &Path, from: usize, to: usize) {
    play_of(standin, database, &MOVES, from, to).await;
}

/// The interaction of ply `ply` of `moves`: Alice plays the even plies, Bob the odd ones.
fn move_of(standin: &StandIn, moves: &[&str], ply: usize) -> Interaction {
    let player = if ply % 2 == 0 {
        standin.options().player.clone()
    } else {
        bob()
    };
    standin.slash_command_as(&player, "move", notation(moves[ply]))
}

/// Plays `moves[from..to]`, each once the one before is stored (in `database`) and its answer
/// tried.
async fn play_of(standin: &StandIn, database: &Path, moves: &[&str], from: usize, to: usize) {
    for ply in from..to {
        let interaction = move_of(standin, moves, ply);
        tried(standin, &interaction).await;
        stored(database, ply + 1).await;
    }
}

/// Waits until `database` holds `plies` moves.
async fn stored(database: &Path, plies: usize) {
    let deadline = tokio::time::Instant::now() + WAIT;
    while moves_in(database).len() < plies {
        assert!(
            tokio::time::Instant::now() < deadline,
            "ply {} not stored",
            plies - 1
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The moves stored in `database` for the game, in order.
fn moves_in(database: &Path) -> Vec<String> {
    let store = Store::open(database).unwrap();
    store
        .moves(1)
        .unwrap()
        .into_iter()
        .map(|m| m.notation)
        .collect()
}

/// Whether Discord made a message from `request`: it answered it (the request was carried out,
/// even if the answer was then lost in a reset after it), and it was not a message post
/// answered from an earlier one with the same nonce.
fn made_a_message(request: &RecordedRequest) -> bool {
    let carried_out = matches!(
        request.fault,
        None | Some(FaultKind::ResetAfter) | Some(FaultKind::Hang(_))
    );
    carried_out && (200..300).contains(&request.status) && !request.repeated
}

/// The announcements Discord made, by ply: each message carrying a game's picture
/// (`game-1-ply-N.png`), with the message's data.
fn announcements(standin: &StandIn) -> BTreeMap<u32, Vec<Value>> {
    let mut found: BTreeMap<u32, Vec<Value>> = BTreeMap::new();
    for request in standin.requests() {
        if !made_a_message(&request) || !request.is_multipart() {
            continue;
        }
        for file in request.files() {
            let name = file.filename.clone().unwrap_or_default();
            let ply = name
                .strip_prefix("game-1-ply-")
                .and_then(|rest| rest.strip_suffix(".png"))
                .and_then(|n| n.parse().ok());
            if let Some(ply) = ply {
                found.entry(ply).or_default().push(request.payload());
            }
        }
    }
    found
}

/// Waits until every ply of `plies` is announced.
async fn wait_for_plies(bot: &RunningBot, plies: &[u32], timeout: Duration) {
    let deadline = tokio::time::Instant::now() + timeout;
    loop {
        let found = announcements(&bot.standin);
        if plies.iter().all(|ply| found.contains_key(ply)) {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "plies {plies:?} not all announced after {timeout:?}: {:?}\n{}",
            found.keys().collect::<Vec<_>>(),
            bot.standin.summary()
        );
        // The recordings change as the courier tries again; a short pause between looks.
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// How many replies the bot still keeps to post.
fn kept(bot: &RunningBot) -> usize {
    Store::open(&bot.database)
        .unwrap()
        .kept_reply_count()
        .unwrap()
}

/// Waits until the bot keeps nothing more to post.
async fn nothing_kept(bot: &RunningBot) {
    let deadline = tokio::time::Instant::now() + RECOVERY;
    while kept(bot) > 0 {
        assert!(tokio::time::Instant::now() < deadline, "replies still kept");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// After the fault: every move of [`MOVES`] stored and announced exactly once (see
/// [`every_move_of_announced_once`]).
async fn every_move_announced_once(bot: &RunningBot) {
    every_move_of_announced_once(bot, &MOVES).await;
}

/// After the fault: `moves` stored, each once, every stored move announced exactly once with
/// its opponent mentioned, and nothing left to post.
async fn every_move_of_announced_once(bot: &RunningBot, expected: &[&str]) {
    let moves = moves_in(&bot.database);
    assert_eq!(moves, expected, "every move was stored once");
    let plies: Vec<u32> = (0..=expected.len() as u32).collect();
    wait_for_plies(bot, &plies, RECOVERY).await;
    nothing_kept(bot).await;
    let found = announcements(&bot.standin);
    let alice = bot.standin.options().player.id;
    for (ply, messages) in &found {
        assert_eq!(
            messages.len(),
            1,
            "ply {ply} announced {} times\n{}",
            messages.len(),
            bot.standin.summary()
        );
        if *ply > 0 {
            // The player to move after ply N is Bob after Alice's plies (odd N) and back.
            let opponent = if ply % 2 == 1 { bob().id } else { alice };
            let users: Vec<String> = messages[0]["allowed_mentions"]["users"]
                .as_array()
                .unwrap()
                .iter()
                .map(|u| u.as_str().unwrap().to_string())
                .collect();
            assert!(
                users.contains(&opponent.to_string()),
                "ply {ply} does not notify the player to move: {}",
                messages[0]
            );
        }
    }
}

/// Requests the bot made that `pick` selects.
fn count(standin: &StandIn, pick: impl Fn(&RecordedRequest) -> bool) -> usize {
    standin.requests().iter().filter(|r| pick(r)).count()
}

/// 429 on the answers to commands (a per-route limit, with Retry-After): the moves whose answer
/// was refused are posted in the channel by the courier once Discord takes them, each once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_whose_answers_were_rate_limited_are_posted_once() {
    let mut bot = game(&[]).await;
    let standin = &bot.standin;
    standin.inject(
        Fault::on(
            callbacks,
            FaultKind::RateLimited {
                retry_after: 1.0,
                global: false,
            },
        )
        .times(3),
    );
    play(standin, &bot.database, 0, MOVES.len()).await;
    every_move_announced_once(&bot).await;
    let posted = count(standin, |r| channel_posts(r) && made_a_message(r));
    assert_eq!(posted, 3, "the three refused answers went to the channel");
    bot.stop().await.unwrap();
}

/// A global 429 storm on every route for a while: nothing is announced meanwhile, the courier
/// backs off instead of looping (a few tries, not hundreds), and once the storm passes every
/// move is announced once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_global_rate_limit_storm_is_waited_out() {
    let mut bot = game(&[]).await;
    let standin = &bot.standin;
    standin.inject(Fault::on(
        every,
        FaultKind::RateLimited {
            retry_after: 2.0,
            global: true,
        },
    ));
    play(standin, &bot.database, 0, MOVES.len()).await;
    tokio::time::sleep(Duration::from_secs(6)).await;
    let tries = count(standin, |r| channel_posts(r) && r.status == 429);
    assert!(
        (1..=20).contains(&tries),
        "the courier tried {tries} times in 6 s of the storm"
    );
    standin.clear_faults();
    every_move_announced_once(&bot).await;
    bot.stop().await.unwrap();
}

/// 5xx on every channel post and connection resets on every answer: the answers' moves wait in
/// the outbox while the channel fails, and go out once when it is back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_errors_and_resets_are_tried_again() {
    let mut bot = game(&[]).await;
    let standin = &bot.standin;
    standin.inject(Fault::on(callbacks, FaultKind::Reset));
    standin.inject(Fault::on(
        channel_posts,
        FaultKind::Status {
            status: 502,
            code: 0,
        },
    ));
    play(standin, &bot.database, 0, 3).await;
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert!(announcements(standin).len() == 1, "only the start so far");
    standin.clear_faults();
    play(standin, &bot.database, 3, MOVES.len()).await;
    every_move_announced_once(&bot).await;
    bot.stop().await.unwrap();
}

/// A callback Discord carried out but whose answer was lost (the connection reset after it):
/// the bot looks at its answer, finds it there, and posts nothing again; what follows the
/// command still runs (the opponent's "your move" direct message).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_answer_carried_out_but_lost_is_not_posted_again() {
    let mut bot = game(&[]).await;
    let standin = &bot.standin;
    standin
        .slash(
            &bob(),
            "notify",
            json!([{ "name": "dm", "type": 5, "value": true }]),
        )
        .await;
    standin.inject(Fault::on(callbacks, FaultKind::ResetAfter).times(1));
    play(standin, &bot.database, 0, 1).await;
    standin
        .wait_until("Bob's direct message", WAIT, |requests, _| {
            requests
                .iter()
                .find(|r| {
                    channel_posts(r)
                        && r.payload()["content"]
                            .as_str()
                            .is_some_and(|c| c.contains("your move"))
                })
                .cloned()
        })
        .await;
    play(standin, &bot.database, 1, MOVES.len()).await;
    every_move_announced_once(&bot).await;
    let app = standin.options().application_id;
    assert!(
        standin
            .requests()
            .iter()
            .any(|r| r.method == Method::GET
                && r.path.starts_with(&format!("{API}/webhooks/{app}/"))),
        "the answer was looked at"
    );
    bot.stop().await.unwrap();
}

/// A request Discord holds: an answer held past Discord's 3 seconds is refused by Discord
/// (Unknown interaction), a channel post held past the bot's limit is tried again with the same
/// nonce, and Discord makes one message of the two.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn held_requests_are_given_up_and_tried_again() {
    let mut bot = game(&[]).await;
    let standin = &bot.standin;
    standin.inject(Fault::on(callbacks, FaultKind::Hang(Duration::from_secs(6))).times(1));
    standin.inject(Fault::on(channel_posts, FaultKind::Hang(Duration::from_secs(35))).times(1));
    play(standin, &bot.database, 0, MOVES.len()).await;
    every_move_announced_once(&bot).await;
    bot.stop().await.unwrap();
}

/// 403 on attaching files in the channel: the answers that failed are posted as text with the
/// board as text (no picture); the game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_channel_refusing_attachments_gets_the_board_as_text() {
    let mut bot = game(&[]).await;
    let standin = &bot.standin;
    standin.inject(Fault::on(callbacks, FaultKind::Reset).times(1));
    standin.inject(Fault::on(
        channel_uploads,
        FaultKind::Status {
            status: 403,
            code: 50013,
        },
    ));
    play(standin, &bot.database, 0, 1).await;
    let text = standin
        .wait_until("the move as text", RECOVERY, |requests, _| {
            requests
                .iter()
                .find(|r| channel_posts(r) && !r.is_multipart() && r.status == 200)
                .cloned()
        })
        .await;
    let content = text.payload()["content"].as_str().unwrap().to_string();
    assert!(content.contains("played a1"), "{content}");
    assert!(content.contains("board as text"), "{content}");
    nothing_kept(&bot).await;
    bot.stop().await.unwrap();
}

/// An interaction's token that expired (Unknown Webhook on the deferred answer's edit): the
/// move is posted in the channel instead, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_token_leaves_the_answer_to_the_channel() {
    let mut bot = game(&[("DISCORD_DEFER_AFTER_MS", "0")]).await;
    let standin = &bot.standin;
    standin.inject(
        Fault::on(
            webhooks,
            FaultKind::Status {
                status: 404,
                code: 10015,
            },
        )
        .times(2),
    );
    play(standin, &bot.database, 0, MOVES.len()).await;
    every_move_announced_once(&bot).await;
    bot.stop().await.unwrap();
}

/// Plies with a stone that goes and comes back: `c3>` (ply 4) is legal again for Alice at ply 8.
const THERE_AND_BACK: [&str; 10] = ["a1", "e5", "c3", "d4", "c3>", "e4", "d3<", "b4", "a2", "b5"];

/// Waits until the bot logged `times` deliveries of `interaction` it ignored as seen before.
async fn ignored_times(interaction: &Interaction, times: usize) {
    let id = format!("interaction={}", interaction.id);
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let ignored = logs()
            .lines()
            .filter(|line| line.contains("an interaction delivered again is ignored"))
            .filter(|line| line.contains(&id))
            .count();
        if ignored >= times {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{id} ignored {ignored} times, not {times}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The same interaction delivered twice (a resumed gateway's replay): at once, and again four
/// plies later when its move (`c3>`) is legal again. Played once, answered once; the next move
/// is Alice's own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_interaction_twice_is_played_once() {
    let mut bot = game(&[]).await;
    let standin = &bot.standin;
    play_of(standin, &bot.database, &THERE_AND_BACK, 0, 4).await;
    let first = move_of(standin, &THERE_AND_BACK, 4);
    tried(standin, &first).await;
    standin.send_interaction(&first);
    ignored_times(&first, 1).await;
    play_of(standin, &bot.database, &THERE_AND_BACK, 5, 8).await;
    standin.send_interaction(&first);
    ignored_times(&first, 2).await;
    play_of(standin, &bot.database, &THERE_AND_BACK, 8, 10).await;
    every_move_of_announced_once(&bot, &THERE_AND_BACK).await;
    assert_eq!(
        count(standin, |r| r.path == first.callback_path()),
        1,
        "answered once"
    );
    bot.stop().await.unwrap();
}

/// A command in a channel of its own (no game there) is answered: the faults of one game's
/// channel do not hold up the others.
async fn another_channel_served(standin: &StandIn) {
    let mut elsewhere = standin.slash_command_as(&bob(), "board", json!([]));
    let options = standin.options();
    standin.in_guild(&mut elsewhere, options.guild_id, options.channel_id + 1);
    standin.answer(&elsewhere).await;
}

/// A late interaction: Discord's 3 seconds to answer it were over when it came (a stalled
/// connection, a slow RESUME), and Discord refuses its answer (10062). The bot acts on it as
/// on any other, and what it did is announced in the channel instead, once, its opponent
/// mentioned (docs/discord.md, "When Discord fails"); other channels are served meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_interaction_is_announced_in_the_channel() {
    let mut bot = game(&[]).await;
    let standin = &bot.standin;
    standin.enforce_answer_deadline(Duration::from_secs(3));
    play(standin, &bot.database, 0, 1).await;
    let late = move_of(standin, &MOVES, 1);
    standin.backdate(&late, Duration::from_secs(4));
    tried(standin, &late).await;
    another_channel_served(standin).await;
    stored(&bot.database, 2).await;
    play(standin, &bot.database, 2, MOVES.len()).await;
    every_move_announced_once(&bot).await;
    let answers: Vec<u16> = standin
        .requests()
        .iter()
        .filter(|r| r.path == late.callback_path())
        .map(|r| r.status)
        .collect();
    assert_eq!(answers, [404], "Discord refused the late answer once");
    let posted = count(standin, |r| channel_posts(r) && made_a_message(r));
    assert_eq!(posted, 1, "the late move went to the channel");
    bot.stop().await.unwrap();
}

/// A slow RESUME: the connection drops (4000) while two moves are on their way; Discord
/// replays them on the RESUME, one every 2 seconds, so the second is past its 3 seconds to
/// answer. Both are played, each announced once (the late one in the channel), and the game
/// goes on once the session is resumed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_resume_replaying_moves_announces_each_once() {
    let mut bot = game(&[]).await;
    let standin = &bot.standin;
    standin.enforce_answer_deadline(Duration::from_secs(3));
    play(standin, &bot.database, 0, 2).await;
    standin.hold_events(Duration::from_secs(2));
    let held = [move_of(standin, &MOVES, 2), move_of(standin, &MOVES, 3)];
    for interaction in &held {
        standin.send_interaction(interaction);
    }
    standin.close_gateway(4000).unwrap();
    standin.wait_for_dispatch("RESUMED", 1, RECOVERY).await;
    stored(&bot.database, 4).await;
    play(standin, &bot.database, 4, MOVES.len()).await;
    every_move_announced_once(&bot).await;
    let statuses: Vec<u16> = held
        .iter()
        .map(|i| {
            let answers: Vec<u16> = standin
                .requests()
                .iter()
                .filter(|r| r.path == i.callback_path())
                .map(|r| r.status)
                .collect();
            assert_eq!(answers.len(), 1, "{answers:?}");
            answers[0]
        })
        .collect();
    assert_eq!(statuses[1], 404, "the second replayed move was late");
    bot.stop().await.unwrap();
}

/// The bot stops after a move is stored but before Discord took its announcement; started
/// again, it posts it, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_stored_before_a_restart_is_announced_after_it() {
    let mut bot = game(&[]).await;
    let standin = bot.standin.share();
    standin.inject(Fault::on(callbacks, FaultKind::Reset));
    standin.inject(Fault::on(
        channel_posts,
        FaultKind::Status {
            status: 503,
            code: 0,
        },
    ));
    play(&standin, &bot.database, 0, 1).await;
    bot.stop().await.unwrap();
    assert_eq!(
        kept(&bot),
        1,
        "the move's announcement is kept across the restart"
    );
    standin.clear_faults();
    let database = bot.database.display().to_string();
    let mut again =
        RunningBot::start_on(standin.share(), &bot.token, &[("DATABASE_PATH", &database)]);
    wait_for_plies(&again, &[0, 1], RECOVERY).await;
    // The kept announcement goes out over REST, which can come before the new gateway
    // connection is ready (it did on a loaded machine): interactions need the connection.
    standin.wait_for_dispatch("READY", 2, WAIT).await;
    play(&standin, &again.database, 1, MOVES.len()).await;
    every_move_announced_once(&again).await;
    again.stop().await.unwrap();
}

/// A channel deleted under a game of more than two moves each: the game is set aside (not
/// lost, not rated) and both players are told by direct message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_channel_sets_its_game_aside() {
    let mut bot = game(&[]).await;
    let standin = &bot.standin;
    play(standin, &bot.database, 0, MOVES.len()).await;
    every_move_announced_once(&bot).await;
    standin
        .dispatch("CHANNEL_DELETE", text_channel(standin.options()))
        .unwrap();
    let told = standin
        .wait_until("both players told", WAIT, |requests, _| {
            let dms: Vec<RecordedRequest> = requests
                .iter()
                .filter(|r| {
                    channel_posts(r)
                        && r.payload()["content"]
                            .as_str()
                            .is_some_and(|c| c.contains("set aside"))
                })
                .cloned()
                .collect();
            (dms.len() == 2).then_some(dms)
        })
        .await;
    for dm in &told {
        let content = dm.payload()["content"].as_str().unwrap().to_string();
        assert!(content.contains("/resign game:1"), "{content}");
    }
    let store = Store::open(&bot.database).unwrap();
    assert!(store.set_aside_reason(1).unwrap().is_some());
    assert!(
        store.game(1).unwrap().unwrap().result.is_none(),
        "not ended"
    );
    bot.stop().await.unwrap();
}

/// A `/replay` in `attachment_size_limit` bytes (the server's upload limit Discord gives with
/// each interaction); its answer, once tried.
async fn replay_within(standin: &StandIn, limit: u64) -> RecordedRequest {
    let mut replay = standin.slash_command("replay", json!([]));
    replay.payload["attachment_size_limit"] = json!(limit);
    standin.send_interaction(&replay);
    standin
        .wait_for(Method::POST, &replay.callback_path(), WAIT)
        .await
}

/// Issue 40 (contract): a finished game's replay GIF is kept once drawn; asked for again after
/// the server's upload limit dropped below its size (boosts lapse), the kept GIF is not sent
/// (Discord would refuse it): the member is told, privately, to use /export.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kept_replay_over_the_current_upload_limit_is_not_sent() {
    let mut bot = game(&[]).await;
    let standin = &bot.standin;
    play(standin, &bot.database, 0, 4).await;
    let alice = standin.options().player.clone();
    standin.slash(&alice, "resign", json!([])).await;
    let drawn = replay_within(standin, 10_485_760).await;
    let gif = drawn
        .files()
        .into_iter()
        .find(|f| f.filename.as_deref() == Some("taktable-game-1.gif"))
        .expect("the replay's GIF");
    let smaller = gif.body.len() as u64 - 1;
    let refused = replay_within(standin, smaller).await;
    assert!(refused.files().is_empty(), "no file sent");
    let data = refused.message_data();
    assert_eq!(data["flags"].as_u64().unwrap_or(0) & 64, 64, "ephemeral");
    let content = data["content"].as_str().unwrap_or_default();
    assert!(
        content.contains("over this server's upload limit") && content.contains("/export"),
        "{content}"
    );
    bot.stop().await.unwrap();
}
