//! A local stand-in for Discord, for end-to-end tests of the real bot.
//!
//! It serves the REST API (`http://127.0.0.1:PORT/api/v10/...`, the bot reaching it through
//! `DISCORD_API_PROXY`) and a WebSocket gateway (`ws://127.0.0.1:PORT2`), both on random ports,
//! and records everything the bot sends: each HTTP request (method, path, query, headers, body)
//! and each gateway frame. Tests inject gateway events (interactions) and wait on the recordings
//! with a timeout; nothing sleeps on a guess.
//!
//! Payloads follow Discord's documentation (API v10), with every field serenity 0.12's models
//! require; `docs/discord.md` lists the endpoints and events it fakes.

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bytes::Bytes;
use futures_util::{SinkExt, StreamExt};
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::service::service_fn;
use hyper::{Method, Request, Response, StatusCode};
use hyper_util::rt::TokioIo;
use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio::sync::{mpsc, watch};
use tokio::task::{JoinHandle, JoinSet};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message;

use super::harness::WAIT;
use super::multipart::{self, Part};

/// The REST API prefix serenity 0.12 uses.
pub const API: &str = "/api/v10";

/// Permission bits used in the fake members and channels.
pub mod permissions {
    pub const VIEW_CHANNEL: u64 = 1 << 10;
    pub const SEND_MESSAGES: u64 = 1 << 11;
    pub const EMBED_LINKS: u64 = 1 << 14;
    pub const ATTACH_FILES: u64 = 1 << 15;
    pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
    pub const USE_APPLICATION_COMMANDS: u64 = 1 << 31;
    pub const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
    pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;

    /// What an ordinary member may do in the test channel.
    pub const MEMBER: u64 = VIEW_CHANNEL
        | SEND_MESSAGES
        | EMBED_LINKS
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | USE_APPLICATION_COMMANDS
        | CREATE_PUBLIC_THREADS
        | SEND_MESSAGES_IN_THREADS;
    /// What the bot may do there: what docs/discord.md asks to invite it with.
    pub const BOT: u64 = VIEW_CHANNEL
        | SEND_MESSAGES
        | ATTACH_FILES
        | READ_MESSAGE_HISTORY
        | CREATE_PUBLIC_THREADS
        | SEND_MESSAGES_IN_THREADS;
}

/// Privileged gateway intents (GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT).
pub const PRIVILEGED_INTENTS: u64 = (1 << 1) | (1 << 8) | (1 << 15);
/// The MESSAGE_CONTENT intent.
pub const MESSAGE_CONTENT_INTENT: u64 = 1 << 15;

/// A fixed time for every timestamp the stand-in makes up.
const TIMESTAMP: &str = "2025-01-01T12:00:00.000000+00:00";

/// Someone using the bot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub id: u64,
    pub name: String,
}

impl Player {
    pub fn new(id: u64, name: &str) -> Player {
        Player {
            id,
            name: name.to_string(),
        }
    }

    /// The user object Discord sends for this player.
    pub fn user(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name,
            "avatar": null,
            "public_flags": 0,
            "flags": 0,
            "banner": null,
            "accent_color": null,
            "avatar_decoration_data": null,
            "collectibles": null,
            "primary_guild": null,
        })
    }
}

/// How the stand-in behaves.
#[derive(Clone, Debug)]
pub struct Options {
    /// The token the bot must present (`Authorization: Bot TOKEN` and IDENTIFY). Requests with
    /// another token get 401 and an IDENTIFY with another token is closed with 4004, as Discord
    /// does.
    pub token: String,
    /// Close every IDENTIFY with 4004 (authentication failed) even with the right token, as
    /// Discord does for a token reset after the REST calls succeeded.
    pub refuse_identify: bool,
    /// Accept RESUME (op 6) of the current session, replying RESUMED; when false, answer
    /// INVALID_SESSION (op 9, not resumable) so the bot identifies again.
    pub resumable: bool,
    /// The heartbeat interval sent in HELLO, in milliseconds (Discord sends about 41 250).
    pub heartbeat_interval_ms: u64,
    pub application_id: u64,
    pub bot: Player,
    pub guild_id: u64,
    pub channel_id: u64,
    /// The player of [`StandIn::slash_command`] and friends.
    pub player: Player,
    /// Refuse to open threads with 403 Missing Permissions (code 50013), as Discord does for a
    /// bot without Create Public Threads.
    pub refuse_threads: bool,
    /// Answer Start Thread only after this long, and hold the first message posted in each
    /// thread opened as long (recording it only then), as a slow Discord might: whatever the bot
    /// races against a thread's opening is recorded first.
    pub slow_threads: Option<Duration>,
}

impl Options {
    pub fn new(token: &str) -> Options {
        Options {
            token: token.to_string(),
            refuse_identify: false,
            resumable: true,
            heartbeat_interval_ms: 41_250,
            application_id: 1_100_000_000_000_000_001,
            bot: Player::new(1_100_000_000_000_000_001, "taktable"),
            guild_id: 1_100_000_000_000_000_100,
            channel_id: 1_100_000_000_000_000_200,
            player: Player::new(1_100_000_000_000_000_300, "alice"),
            refuse_threads: false,
            slow_threads: None,
        }
    }
}

/// One HTTP request the bot made.
#[derive(Clone, Debug)]
pub struct RecordedRequest {
    pub method: Method,
    /// The path without the query, e.g. `/api/v10/gateway/bot`.
    pub path: String,
    pub query: Option<String>,
    /// Header names in lower case.
    pub headers: Vec<(String, String)>,
    pub body: Bytes,
    /// The status the stand-in answered with.
    pub status: u16,
    /// The JSON the stand-in answered with (e.g. the message it made, with its id).
    pub answer: Option<Value>,
    /// A message post whose enforced nonce was seen before: Discord answers with the message
    /// made then, and makes none.
    pub repeated: bool,
    /// The fault injected into this request, if any.
    pub fault: Option<FaultKind>,
}

/// A fault the stand-in injects into its REST answers (issue 40).
#[derive(Clone, Debug, PartialEq)]
pub enum FaultKind {
    /// Answer with this status and Discord's JSON error `code`, without carrying the request
    /// out.
    Status { status: u16, code: u64 },
    /// 429, as Discord's rate limiter answers: `Retry-After` and `X-RateLimit-*` headers and
    /// `retry_after` in the body; `global` for the bot's global limit.
    RateLimited { retry_after: f64, global: bool },
    /// Close the connection without an answer, the request not carried out.
    Reset,
    /// Carry the request out, then close the connection without an answer: the answer is
    /// lost, the effect is not.
    ResetAfter,
    /// Hold the request this long before carrying it out and answering.
    Hang(Duration),
}

/// Which requests a fault hits: it is given the request (its path still with `/api/v10`).
pub type FaultMatch = Arc<dyn Fn(&RecordedRequest) -> bool + Send + Sync>;

/// A fault injected into the requests `matches` picks, the next `times` of them (`None`: until
/// cleared).
#[derive(Clone)]
pub struct Fault {
    pub matches: FaultMatch,
    pub kind: FaultKind,
    pub times: Option<usize>,
}

impl Fault {
    /// `kind` on every request `matches` picks, until cleared.
    pub fn on(
        matches: impl Fn(&RecordedRequest) -> bool + Send + Sync + 'static,
        kind: FaultKind,
    ) -> Fault {
        Fault {
            matches: Arc::new(matches),
            kind,
            times: None,
        }
    }

    /// Only the next `n` requests picked.
    pub fn times(mut self, n: usize) -> Fault {
        self.times = Some(n);
        self
    }
}

/// Posts in channels (`POST /channels/{id}/messages`), direct messages included.
pub fn channel_posts(r: &RecordedRequest) -> bool {
    let path = r.path.strip_prefix(API).unwrap_or_default();
    r.method == Method::POST && path.starts_with("/channels/") && path.ends_with("/messages")
}

/// Posts in channels that carry files (a picture).
pub fn channel_uploads(r: &RecordedRequest) -> bool {
    channel_posts(r) && r.is_multipart()
}

/// Interaction callbacks (`POST /interactions/{id}/{token}/callback`).
pub fn callbacks(r: &RecordedRequest) -> bool {
    let path = r.path.strip_prefix(API).unwrap_or_default();
    r.method == Method::POST && path.starts_with("/interactions/") && path.ends_with("/callback")
}

/// Edits of an interaction's answer and its followups (`/webhooks/...`).
pub fn webhooks(r: &RecordedRequest) -> bool {
    r.path.starts_with(&format!("{API}/webhooks/"))
}

/// Every request.
pub fn every(_r: &RecordedRequest) -> bool {
    true
}

/// The custom id of the button `label` in a message payload's components.
pub fn button_id(data: &Value, label: &str) -> String {
    data["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|b| b["label"] == label)
        .and_then(|b| b["custom_id"].as_str().map(str::to_string))
        .unwrap_or_else(|| panic!("no button {label:?} in {data}"))
}

impl RecordedRequest {
    /// The message an interaction callback answered with (type 4): its `data`.
    pub fn message_data(&self) -> Value {
        let body = self.json();
        assert_eq!(body["type"], 4, "{body}");
        body["data"].clone()
    }

    /// The message a request makes or edits: a callback's `data`, or the body of a message
    /// post or edit (`null` if there is none).
    pub fn payload(&self) -> Value {
        let body = self.try_json().unwrap_or(Value::Null);
        if self.path.ends_with("/callback") {
            body["data"].clone()
        } else {
            body
        }
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(key, _)| key.eq_ignore_ascii_case(name))
            .map(|(_, value)| value.as_str())
    }

    pub fn is(&self, method: &Method, path: &str) -> bool {
        self.method == *method && self.path == path
    }

    /// Whether the body is `multipart/form-data`.
    pub fn is_multipart(&self) -> bool {
        self.header("content-type")
            .is_some_and(|t| t.starts_with("multipart/form-data"))
    }

    /// The parts of a multipart body.
    pub fn parts(&self) -> Vec<Part> {
        let content_type = self.header("content-type").unwrap_or_default();
        multipart::parse(content_type, &self.body).unwrap_or_else(|why| {
            panic!("{} {}: bad multipart body: {why}", self.method, self.path)
        })
    }

    /// The JSON payload: the body itself, or the `payload_json` part of a multipart body.
    /// Panics if there is none.
    pub fn json(&self) -> Value {
        self.try_json()
            .unwrap_or_else(|why| panic!("{} {}: {why}", self.method, self.path))
    }

    /// The JSON payload, or why there is none.
    pub fn try_json(&self) -> Result<Value, String> {
        let bytes = if self.is_multipart() {
            let content_type = self.header("content-type").unwrap_or_default();
            multipart::parse(content_type, &self.body)?
                .into_iter()
                .find(|part| part.name == "payload_json")
                .map(|part| part.body)
                .ok_or("no payload_json part")?
        } else {
            self.body.to_vec()
        };
        serde_json::from_slice(&bytes).map_err(|why| {
            format!(
                "body is not JSON ({why}): {}",
                String::from_utf8_lossy(&bytes)
            )
        })
    }

    /// The file parts (`files[N]`) of a multipart body.
    pub fn files(&self) -> Vec<Part> {
        if !self.is_multipart() {
            return Vec::new();
        }
        self.parts()
            .into_iter()
            .filter(|part| part.name.starts_with("files["))
            .collect()
    }
}

/// What went over the gateway, seen from the stand-in.
#[derive(Clone, Debug)]
pub enum Frame {
    /// A JSON payload the bot sent (`op` and `d`).
    Received { op: u64, d: Value },
    /// A payload the stand-in sent (`op`, `t` for dispatches, and `d`).
    Sent {
        op: u64,
        t: Option<String>,
        d: Value,
    },
    /// The bot sent a close frame with this code.
    ClosedByBot { code: u16 },
    /// The stand-in closed the connection with this code.
    ClosedByStandIn { code: u16 },
}

impl Frame {
    pub fn received_op(&self, wanted: u64) -> Option<&Value> {
        match self {
            Frame::Received { op, d } if *op == wanted => Some(d),
            _ => None,
        }
    }
}

/// An interaction ready to be sent as INTERACTION_CREATE.
#[derive(Clone, Debug)]
pub struct Interaction {
    pub id: String,
    pub token: String,
    pub payload: Value,
}

impl Interaction {
    /// Where the bot answers this interaction.
    pub fn callback_path(&self) -> String {
        format!("{API}/interactions/{}/{}/callback", self.id, self.token)
    }
}

struct State {
    options: Options,
    gateway_url: String,
    requests: Mutex<Vec<RecordedRequest>>,
    frames: Mutex<Vec<Frame>>,
    /// Bumped on every recording, so waiters never miss one.
    changes: watch::Sender<u64>,
    /// The outbox of the identified gateway connection, if any.
    outbox: Mutex<Option<mpsc::UnboundedSender<Message>>>,
    seq: AtomicU64,
    /// The session READY announced last.
    session_id: Mutex<Option<String>>,
    next_id: AtomicU64,
    connections: AtomicUsize,
    /// Registered commands, keyed by guild (None: global).
    commands: Mutex<HashMap<Option<u64>, Vec<Value>>>,
    /// Everyone who sent an interaction or message, or was added: user options resolve to them.
    players: Mutex<HashMap<u64, Player>>,
    /// Direct-message channels opened by the bot: channel id -> the user's id.
    dm_channels: Mutex<HashMap<u64, u64>>,
    /// The threads opened with [`Options::slow_threads`] whose first message is still to come.
    quiet_threads: Mutex<HashSet<String>>,
    /// The connections that identified as one shard of several (`shard: [id, total]`, total
    /// above 1), by shard id. While there are any, events are routed as Discord routes them.
    shards: Mutex<HashMap<u64, ShardLink>>,
    /// The faults injected, first match wins.
    faults: Mutex<Vec<Fault>>,
    /// The messages made with an enforced nonce, by nonce.
    nonces: Mutex<HashMap<String, Value>>,
    /// Each interaction's answer (its original message), by the interaction's token.
    originals: Mutex<HashMap<String, Value>>,
    /// The interactions called back already.
    answered: Mutex<HashSet<String>>,
    /// When each interaction was made, by id ([`StandIn::backdate`] moves it back).
    made: Mutex<HashMap<String, Instant>>,
    /// Discord's deadline for an interaction's first answer, counted from when it was made,
    /// once [`StandIn::enforce_answer_deadline`] turned it on (a loaded test machine would
    /// miss it otherwise).
    answer_deadline: Mutex<Option<Duration>>,
    /// The events Discord keeps for the bot while its connection is down
    /// ([`StandIn::hold_events`]), replayed on the next RESUME.
    held: Mutex<Option<Held>>,
    /// Set by [`StandIn::cut_gateway`]: every gateway connection is dropped, this way.
    drops: watch::Sender<Option<GatewayDrop>>,
    /// Until when new gateway connections are reset at once ([`StandIn::refuse_gateway_for`]).
    refuse_until: Mutex<Option<Instant>>,
    /// When each refused connection came.
    refused: Mutex<Vec<Instant>>,
    /// Whether heartbeats are acknowledged (a zombie connection when not).
    acks_heartbeats: std::sync::atomic::AtomicBool,
}

/// How the stand-in drops its gateway connections, both without a WebSocket close frame (the
/// bot sees 1006).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GatewayDrop {
    /// A TCP reset: Discord or the network fails.
    Reset,
    /// A clean TCP close (FIN): a proxy or load balancer going away.
    Ended,
}

/// Events held for a RESUME, and the pause between two of them when they are replayed.
struct Held {
    events: VecDeque<(String, Value)>,
    gap: Duration,
}

/// One shard's identified connection: its own outbox and sequence numbers.
struct ShardLink {
    total: u64,
    outbox: mpsc::UnboundedSender<Message>,
    seq: u64,
}

/// The shard Discord sends `d` on among `total`: its server's, `(guild_id >> 22) % total`, or 0
/// for an event of no server (direct messages).
pub fn shard_of_event(d: &Value, total: u64) -> u64 {
    d["guild_id"]
        .as_str()
        .and_then(|id| id.parse::<u64>().ok())
        .map_or(0, |guild| (guild >> 22) % total.max(1))
}

impl State {
    fn changed(&self) {
        self.changes.send_modify(|n| *n += 1);
    }

    fn record_frame(&self, frame: Frame) {
        self.frames.lock().unwrap().push(frame);
        self.changed();
    }

    fn snowflake(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    fn bot_authorization(&self) -> String {
        format!("Bot {}", self.options.token)
    }

    fn token_matches(&self, token: &str) -> bool {
        token == self.options.token || token == self.bot_authorization()
    }
}

/// The running stand-in. Dropping it stops both servers.
pub struct StandIn {
    /// The base URL to put in `DISCORD_API_PROXY`, e.g. `http://127.0.0.1:40123`.
    pub api_url: String,
    /// The gateway URL answered by `GET /gateway` and `/gateway/bot`.
    pub gateway_url: String,
    state: Arc<State>,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for StandIn {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

impl StandIn {
    /// Starts the REST server and the gateway on random loopback ports.
    pub async fn start(options: Options) -> StandIn {
        let http = TcpListener::bind("127.0.0.1:0").await.expect("bind REST");
        let gateway = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind gateway");
        let api_url = format!("http://{}", http.local_addr().unwrap());
        let gateway_url = format!("ws://{}", gateway.local_addr().unwrap());
        let state = Arc::new(State {
            options,
            gateway_url: gateway_url.clone(),
            requests: Mutex::new(Vec::new()),
            frames: Mutex::new(Vec::new()),
            changes: watch::channel(0).0,
            outbox: Mutex::new(None),
            seq: AtomicU64::new(0),
            session_id: Mutex::new(None),
            next_id: AtomicU64::new(1_300_000_000_000_000_000),
            connections: AtomicUsize::new(0),
            commands: Mutex::new(HashMap::new()),
            players: Mutex::new(HashMap::new()),
            dm_channels: Mutex::new(HashMap::new()),
            quiet_threads: Mutex::new(HashSet::new()),
            shards: Mutex::new(HashMap::new()),
            faults: Mutex::new(Vec::new()),
            nonces: Mutex::new(HashMap::new()),
            originals: Mutex::new(HashMap::new()),
            answered: Mutex::new(HashSet::new()),
            made: Mutex::new(HashMap::new()),
            answer_deadline: Mutex::new(None),
            held: Mutex::new(None),
            drops: watch::channel(None).0,
            refuse_until: Mutex::new(None),
            refused: Mutex::new(Vec::new()),
            acks_heartbeats: std::sync::atomic::AtomicBool::new(true),
        });
        let tasks = vec![
            tokio::spawn(serve_http(http, Arc::clone(&state))),
            tokio::spawn(serve_gateway(gateway, Arc::clone(&state))),
        ];
        StandIn {
            api_url,
            gateway_url,
            state,
            tasks,
        }
    }

    pub fn options(&self) -> &Options {
        &self.state.options
    }

    /// Injects `fault` (issue 40).
    pub fn inject(&self, fault: Fault) {
        self.state.faults.lock().unwrap().push(fault);
    }

    /// Removes every fault: Discord is back.
    pub fn clear_faults(&self) {
        self.state.faults.lock().unwrap().clear();
    }

    /// Every HTTP request so far.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.state.requests.lock().unwrap().clone()
    }

    /// Every gateway frame so far.
    pub fn frames(&self) -> Vec<Frame> {
        self.state.frames.lock().unwrap().clone()
    }

    /// How many gateway connections were opened.
    pub fn connections(&self) -> usize {
        self.state.connections.load(Ordering::SeqCst)
    }

    /// Waits until `pick` finds something in the recordings, or panics after `timeout` with
    /// `what` and a summary of the recordings.
    pub async fn wait_until<T>(
        &self,
        what: &str,
        timeout: Duration,
        mut pick: impl FnMut(&[RecordedRequest], &[Frame]) -> Option<T>,
    ) -> T {
        let mut changes = self.state.changes.subscribe();
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            changes.borrow_and_update();
            {
                let requests = self.state.requests.lock().unwrap();
                let frames = self.state.frames.lock().unwrap();
                if let Some(found) = pick(&requests, &frames) {
                    return found;
                }
            }
            if tokio::time::timeout_at(deadline, changes.changed())
                .await
                .is_err()
            {
                panic!(
                    "timed out after {timeout:?} waiting for {what}\n{}",
                    self.summary()
                );
            }
        }
    }

    /// Waits for the first request matching `pick`.
    pub async fn wait_for_request(
        &self,
        what: &str,
        timeout: Duration,
        pick: impl Fn(&RecordedRequest) -> bool,
    ) -> RecordedRequest {
        self.wait_until(what, timeout, |requests, _| {
            requests.iter().find(|r| pick(r)).cloned()
        })
        .await
    }

    /// Waits for a request with this method and path.
    pub async fn wait_for(&self, method: Method, path: &str, timeout: Duration) -> RecordedRequest {
        let what = format!("{method} {path}");
        self.wait_for_request(&what, timeout, |r| r.is(&method, path))
            .await
    }

    /// Waits for the `n`th (1-based) payload with opcode `op` from the bot and returns its `d`.
    pub async fn wait_for_op(&self, op: u64, n: usize, timeout: Duration) -> Value {
        let what = format!("gateway payload number {n} with op {op} from the bot");
        self.wait_until(&what, timeout, |_, frames| {
            frames
                .iter()
                .filter_map(|f| f.received_op(op))
                .nth(n - 1)
                .cloned()
        })
        .await
    }

    /// Waits until the stand-in has sent the `n`th (1-based) dispatch event `event` (READY,
    /// RESUMED, ...) and returns its `d`. Once READY or RESUMED is sent, injected events go to
    /// that connection.
    pub async fn wait_for_dispatch(&self, event: &str, n: usize, timeout: Duration) -> Value {
        let what = format!("dispatch number {n} of {event}");
        self.wait_until(&what, timeout, |_, frames| {
            frames
                .iter()
                .filter_map(|f| match f {
                    Frame::Sent { t: Some(t), d, .. } if t == event => Some(d),
                    _ => None,
                })
                .nth(n - 1)
                .cloned()
        })
        .await
    }

    /// Waits for the bot to send IDENTIFY and returns its `d`.
    pub async fn wait_for_identify(&self, timeout: Duration) -> Value {
        self.wait_for_op(2, 1, timeout).await
    }

    /// Waits for the bot to close the gateway connection and returns the close code.
    pub async fn wait_for_close(&self, timeout: Duration) -> u16 {
        self.wait_until("the bot closing the gateway", timeout, |_, frames| {
            frames.iter().find_map(|f| match f {
                Frame::ClosedByBot { code } => Some(*code),
                _ => None,
            })
        })
        .await
    }

    /// Waits for the commands registered globally (`None`) or in a server, as the PUT body.
    pub async fn wait_for_commands(&self, guild: Option<u64>, timeout: Duration) -> Vec<Value> {
        let path = self.commands_path(guild);
        let request = self.wait_for(Method::PUT, &path, timeout).await;
        match request.json() {
            Value::Array(commands) => commands,
            other => panic!("PUT {path}: the body is not a JSON array: {other}"),
        }
    }

    /// The path where commands are registered globally (`None`) or in a server.
    pub fn commands_path(&self, guild: Option<u64>) -> String {
        let app = self.state.options.application_id;
        match guild {
            None => format!("{API}/applications/{app}/commands"),
            Some(guild) => format!("{API}/applications/{app}/guilds/{guild}/commands"),
        }
    }

    /// Sends a dispatch event (op 0) on the identified connection; once connections identified
    /// as shards, on the connection of the event's shard ([`shard_of_event`]), as Discord does.
    pub fn dispatch(&self, event: &str, d: Value) -> Result<(), String> {
        dispatch(&self.state, event, d)
    }

    /// Sends a dispatch event on the connection of shard `shard`, whatever the event's server
    /// (to see how a process treats an event of a server it does not serve).
    pub fn dispatch_on_shard(&self, shard: u64, event: &str, d: Value) -> Result<(), String> {
        dispatch_on_shard(&self.state, shard, event, d)
    }

    /// The shards identified so far, as `(id, total)`, sorted.
    pub fn identified_shards(&self) -> Vec<(u64, u64)> {
        let mut shards: Vec<(u64, u64)> = self
            .frames()
            .iter()
            .filter_map(|f| f.received_op(2))
            .filter_map(|d| Some((d["shard"][0].as_u64()?, d["shard"][1].as_u64()?)))
            .collect();
        shards.sort_unstable();
        shards
    }

    /// A second handle on this stand-in (same servers, recordings and connections), for a
    /// second bot process; the stand-in stops when the first handle is dropped.
    pub fn share(&self) -> StandIn {
        StandIn {
            api_url: self.api_url.clone(),
            gateway_url: self.gateway_url.clone(),
            state: Arc::clone(&self.state),
            tasks: Vec::new(),
        }
    }

    /// Moves `interaction` into the channel `channel` of the server `guild` (the stand-in's
    /// own test server and channel otherwise).
    pub fn in_guild(&self, interaction: &mut Interaction, guild: u64, channel: u64) {
        let payload = &mut interaction.payload;
        payload["guild_id"] = json!(guild.to_string());
        payload["guild"]["id"] = json!(guild.to_string());
        payload["channel_id"] = json!(channel.to_string());
        payload["channel"]["id"] = json!(channel.to_string());
        payload["channel"]["guild_id"] = json!(guild.to_string());
        payload["authorizing_integration_owners"] = json!({ "0": guild.to_string() });
    }

    /// Sends INTERACTION_CREATE for `interaction`.
    pub fn send_interaction(&self, interaction: &Interaction) {
        self.dispatch("INTERACTION_CREATE", interaction.payload.clone())
            .unwrap_or_else(|why| panic!("cannot send the interaction: {why}"));
    }

    /// Makes Discord refuse an interaction's first answer (10062 Unknown interaction) once
    /// `deadline` passed since the interaction was made, as Discord does after 3 seconds.
    pub fn enforce_answer_deadline(&self, deadline: Duration) {
        *self.state.answer_deadline.lock().unwrap() = Some(deadline);
    }

    /// Makes `interaction` as if Discord had made it `ago` before now (one delivered late).
    pub fn backdate(&self, interaction: &Interaction, ago: Duration) {
        let made = Instant::now().checked_sub(ago).expect("a time after boot");
        self.state
            .made
            .lock()
            .unwrap()
            .insert(interaction.id.clone(), made);
    }

    /// From now on, dispatch events are held as Discord holds them for a connection that is
    /// down, until the next RESUME replays them, `gap` apart (a slow RESUME), before RESUMED.
    pub fn hold_events(&self, gap: Duration) {
        *self.state.held.lock().unwrap() = Some(Held {
            events: VecDeque::new(),
            gap,
        });
    }

    /// Drops every gateway connection without a close frame, the way `how` says: the bot sees
    /// 1006 (abnormal closure).
    pub fn cut_gateway(&self, how: GatewayDrop) {
        self.state.drops.send_replace(Some(how));
    }

    /// Resets every new gateway connection for `outage` from now (Discord unreachable).
    pub fn refuse_gateway_for(&self, outage: Duration) {
        *self.state.refuse_until.lock().unwrap() = Some(Instant::now() + outage);
    }

    /// When each gateway connection refused so far came.
    pub fn refused_connections(&self) -> Vec<Instant> {
        self.state.refused.lock().unwrap().clone()
    }

    /// Acknowledges heartbeats (`true`, as Discord does) or not (a zombie connection).
    pub fn ack_heartbeats(&self, ack: bool) {
        self.state.acks_heartbeats.store(ack, Ordering::SeqCst);
    }

    /// Closes the gateway connection from Discord's side with `code` (e.g. 4000 to make the bot
    /// reconnect).
    pub fn close_gateway(&self, code: u16) -> Result<(), String> {
        let outbox = self.state.outbox.lock().unwrap().take();
        let outbox = outbox.ok_or("no identified gateway connection")?;
        self.state.record_frame(Frame::ClosedByStandIn { code });
        outbox
            .send(Message::Close(Some(CloseFrame {
                code: CloseCode::from(code),
                reason: "".into(),
            })))
            .map_err(|_| "the connection is gone".to_string())
    }

    /// The registered command named `name` (global or in the test server), if any.
    pub fn registered_command(&self, name: &str) -> Option<(Option<u64>, Value)> {
        let commands = self.state.commands.lock().unwrap();
        commands.iter().find_map(|(guild, list)| {
            list.iter()
                .find(|c| c["name"] == name)
                .map(|c| (*guild, c.clone()))
        })
    }

    /// A generic interaction of `kind` from `player` in the test channel.
    pub fn interaction(
        &self,
        player: &Player,
        kind: u8,
        data: Value,
        message: Option<Value>,
    ) -> Interaction {
        self.add_player(player);
        let state = &self.state;
        let options = &state.options;
        let id = state.snowflake().to_string();
        state
            .made
            .lock()
            .unwrap()
            .insert(id.clone(), Instant::now());
        let token = format!("interaction-token-{id}");
        let guild = options.guild_id.to_string();
        let mut payload = json!({
            "id": id,
            "application_id": options.application_id.to_string(),
            "type": kind,
            "data": data,
            "guild_id": guild,
            "guild": { "id": guild, "locale": "en-US", "features": [] },
            "channel_id": options.channel_id.to_string(),
            "channel": text_channel(options),
            "member": member(player, true),
            "token": token,
            "version": 1,
            "app_permissions": permissions::BOT.to_string(),
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": { "0": guild },
            "context": 0,
            "attachment_size_limit": 10_485_760,
        });
        if let Some(message) = message {
            payload["message"] = message;
        }
        Interaction { id, token, payload }
    }

    fn command_data(&self, name: &str, options: Value) -> Value {
        let (guild, command) = self.registered_command(name).unwrap_or_else(|| {
            panic!(
                "the bot has not registered a command named {name:?}\n{}",
                self.summary()
            )
        });
        let mut data = json!({
            "id": command["id"],
            "name": name,
            "type": 1,
            "options": options,
        });
        if let Some(guild) = guild {
            data["guild_id"] = json!(guild.to_string());
        }
        // Discord sends the users named in user options (type 6) in `resolved`, with their
        // server membership; serenity needs them to read the option.
        let mut ids = Vec::new();
        user_option_ids(&data["options"], &mut ids);
        if !ids.is_empty() {
            let players = self.state.players.lock().unwrap();
            let mut users = serde_json::Map::new();
            let mut members = serde_json::Map::new();
            for id in ids {
                let player = players
                    .get(&id)
                    .cloned()
                    .unwrap_or_else(|| Player::new(id, &format!("user{id}")));
                users.insert(id.to_string(), player.user());
                members.insert(id.to_string(), member(&player, false));
            }
            data["resolved"] = json!({ "users": users, "members": members });
        }
        data
    }

    /// Makes `player` known, so user options naming them resolve to their name.
    pub fn add_player(&self, player: &Player) {
        self.state
            .players
            .lock()
            .unwrap()
            .insert(player.id, player.clone());
    }

    /// An autocomplete request from `player`.
    pub fn autocomplete_as(&self, player: &Player, name: &str, options: Value) -> Interaction {
        let data = self.command_data(name, options);
        self.interaction(player, 4, data, None)
    }

    /// A press of the button `custom_id` on `message` by `player`.
    pub fn button_press_as(&self, player: &Player, custom_id: &str, message: Value) -> Interaction {
        let data = json!({ "custom_id": custom_id, "component_type": 2 });
        self.interaction(player, 3, data, Some(message))
    }

    /// Moves `interaction` into the public thread `thread` of the test channel.
    pub fn in_thread(&self, interaction: &mut Interaction, thread: u64) {
        let options = &self.state.options;
        let mut channel = text_channel(options);
        channel["id"] = json!(thread.to_string());
        channel["type"] = json!(11);
        channel["parent_id"] = json!(options.channel_id.to_string());
        channel["name"] = json!("a thread");
        channel["thread_metadata"] = json!({
            "archived": false,
            "auto_archive_duration": 1440,
            "archive_timestamp": TIMESTAMP,
            "locked": false,
        });
        interaction.payload["channel_id"] = json!(thread.to_string());
        interaction.payload["channel"] = channel;
    }

    /// Moves `interaction` into a direct-message channel with the bot (no server, no member).
    pub fn in_direct_messages(&self, interaction: &mut Interaction, channel: u64) {
        let fields = interaction.payload.as_object_mut().unwrap();
        let user = fields["member"]["user"].clone();
        for field in ["guild_id", "guild", "member", "guild_locale"] {
            fields.remove(field);
        }
        fields.insert("user".into(), user.clone());
        fields.insert("channel_id".into(), json!(channel.to_string()));
        fields.insert(
            "channel".into(),
            json!({ "id": channel.to_string(), "type": 1, "recipients": [user], "flags": 0 }),
        );
        fields.insert("context".into(), json!(1));
        fields.insert("authorizing_integration_owners".into(), json!({ "0": "0" }));
    }

    /// A message `player` writes in the test channel, as MESSAGE_CREATE carries it.
    pub fn user_message(&self, player: &Player, content: &str) -> Value {
        self.add_player(player);
        let state = &self.state;
        let options = &state.options;
        json!({
            "id": state.snowflake().to_string(),
            "channel_id": options.channel_id.to_string(),
            "guild_id": options.guild_id.to_string(),
            "author": player.user(),
            "member": member(player, false),
            "content": content,
            "timestamp": TIMESTAMP,
            "edited_timestamp": null,
            "tts": false,
            "mention_everyone": false,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "pinned": false,
            "type": 0,
            "flags": 0,
            "components": [],
            "nonce": null,
        })
    }

    /// Sends MESSAGE_CREATE for `message` (see [`StandIn::user_message`]).
    pub fn send_message(&self, message: &Value) {
        self.dispatch("MESSAGE_CREATE", message.clone())
            .unwrap_or_else(|why| panic!("cannot send the message: {why}"));
    }

    /// The direct-message channel the bot opened with `user`, if any.
    pub fn dm_channel_of(&self, user: u64) -> Option<u64> {
        self.state
            .dm_channels
            .lock()
            .unwrap()
            .iter()
            .find(|(_, u)| **u == user)
            .map(|(channel, _)| *channel)
    }

    /// `/name` with `options` (a JSON array of `{name, type, value}`) from the default player.
    /// Panics unless the bot registered `name`.
    pub fn slash_command(&self, name: &str, options: Value) -> Interaction {
        let player = self.state.options.player.clone();
        self.slash_command_as(&player, name, options)
    }

    /// `/name` with `options` from `player`.
    pub fn slash_command_as(&self, player: &Player, name: &str, options: Value) -> Interaction {
        let data = self.command_data(name, options);
        self.interaction(player, 2, data, None)
    }

    /// Sends `interaction` and waits (up to [`WAIT`]) for the bot's callback, which must have
    /// been accepted (204); returns the callback.
    pub async fn answer(&self, interaction: &Interaction) -> RecordedRequest {
        self.send_interaction(interaction);
        let callback = self
            .wait_for(Method::POST, &interaction.callback_path(), WAIT)
            .await;
        assert_eq!(callback.status, 204, "{}", self.summary());
        callback
    }

    /// Sends `/name options` from `player` and waits for its callback (see [`StandIn::answer`]);
    /// returns the interaction and the callback.
    pub async fn slash(
        &self,
        player: &Player,
        name: &str,
        options: Value,
    ) -> (Interaction, RecordedRequest) {
        let interaction = self.slash_command_as(player, name, options);
        let callback = self.answer(&interaction).await;
        (interaction, callback)
    }

    /// An autocomplete request while typing `/name`; one option should have `"focused": true`.
    pub fn autocomplete(&self, name: &str, options: Value) -> Interaction {
        let player = self.state.options.player.clone();
        let data = self.command_data(name, options);
        self.interaction(&player, 4, data, None)
    }

    /// A press of the button `custom_id` on `message` (a message object, see
    /// [`StandIn::bot_message`]).
    pub fn button_press(&self, custom_id: &str, message: Value) -> Interaction {
        let player = self.state.options.player.clone();
        self.button_press_as(&player, custom_id, message)
    }

    /// A message object as Discord would store the bot's reply `payload` (the `data` of an
    /// interaction callback, or a message create/edit body).
    pub fn bot_message(&self, payload: &Value) -> Value {
        message_from_payload(
            &self.state,
            payload,
            &[],
            Some(self.state.options.application_id),
        )
    }

    /// The `d` of the READY event the gateway sends after IDENTIFY.
    pub fn ready_payload(&self) -> Value {
        ready(&self.state, &json!({ "shard": [0, 1] }))
    }

    /// One line per recorded request and frame, for failure messages.
    pub fn summary(&self) -> String {
        let mut out = String::from("requests:\n");
        for r in self.requests() {
            let query = r
                .query
                .as_deref()
                .map(|q| format!("?{q}"))
                .unwrap_or_default();
            out += &format!("  {} {}{} -> {}\n", r.method, r.path, query, r.status);
        }
        out += "gateway:\n";
        for frame in self.frames() {
            let line = match frame {
                Frame::Received { op, .. } => format!("  bot -> op {op}"),
                Frame::Sent { op, t, .. } => {
                    format!("  stand-in -> op {op} {}", t.unwrap_or_default())
                }
                Frame::ClosedByBot { code } => format!("  bot closed ({code})"),
                Frame::ClosedByStandIn { code } => format!("  stand-in closed ({code})"),
            };
            out += &line;
            out += "\n";
        }
        out
    }
}

fn dispatch(state: &State, event: &str, d: Value) -> Result<(), String> {
    if let Some(held) = state.held.lock().unwrap().as_mut() {
        held.events.push_back((event.to_string(), d));
        return Ok(());
    }
    send_dispatch(state, event, d)
}

/// Sends a dispatch event now, on the identified connection (or its shard's).
fn send_dispatch(state: &State, event: &str, d: Value) -> Result<(), String> {
    let total = state
        .shards
        .lock()
        .unwrap()
        .values()
        .map(|l| l.total)
        .next();
    if let Some(total) = total {
        return dispatch_on_shard(state, shard_of_event(&d, total), event, d);
    }
    let outbox = state.outbox.lock().unwrap();
    let outbox = outbox.as_ref().ok_or("no identified gateway connection")?;
    let seq = state.seq.fetch_add(1, Ordering::SeqCst) + 1;
    let payload = json!({ "op": 0, "s": seq, "t": event, "d": d });
    outbox
        .send(Message::Text(payload.to_string()))
        .map_err(|_| "the connection is gone".to_string())?;
    state.record_frame(Frame::Sent {
        op: 0,
        t: Some(event.to_string()),
        d,
    });
    Ok(())
}

fn dispatch_on_shard(state: &State, shard: u64, event: &str, d: Value) -> Result<(), String> {
    let mut shards = state.shards.lock().unwrap();
    let link = shards
        .get_mut(&shard)
        .ok_or_else(|| format!("no connection identified as shard {shard}"))?;
    link.seq += 1;
    let payload = json!({ "op": 0, "s": link.seq, "t": event, "d": d });
    link.outbox
        .send(Message::Text(payload.to_string()))
        .map_err(|_| format!("the connection of shard {shard} is gone"))?;
    drop(shards);
    state.record_frame(Frame::Sent {
        op: 0,
        t: Some(event.to_string()),
        d,
    });
    Ok(())
}

/// The member object of `player` in the test server: with its user inside interactions
/// (`with_user`), without in `resolved.members` and messages, as Discord sends them.
fn member(player: &Player, with_user: bool) -> Value {
    let mut member = json!({
        "nick": null,
        "avatar": null,
        "banner": null,
        "roles": [],
        "joined_at": TIMESTAMP,
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": permissions::MEMBER.to_string(),
        "communication_disabled_until": null,
        "unusual_dm_activity_until": null,
        "avatar_decoration_data": null,
    });
    if with_user {
        member["user"] = player.user();
    }
    member
}

/// The ids named by user options (type 6), in subcommands too.
fn user_option_ids(options: &Value, ids: &mut Vec<u64>) {
    for option in options.as_array().into_iter().flatten() {
        if option["type"] == 6 {
            if let Some(id) = option["value"].as_str().and_then(|v| v.parse().ok()) {
                ids.push(id);
            }
        }
        user_option_ids(&option["options"], ids);
    }
}

/// The test channel as Discord sends it (in GUILD_CREATE, CHANNEL_DELETE...).
pub fn text_channel(options: &Options) -> Value {
    json!({
        "id": options.channel_id.to_string(),
        "type": 0,
        "guild_id": options.guild_id.to_string(),
        "name": "tak",
        "position": 0,
        "permission_overwrites": [],
        "nsfw": false,
        "parent_id": null,
        "topic": null,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "flags": 0,
        "permissions": permissions::MEMBER.to_string(),
    })
}

// ---------------------------------------------------------------------------------------------
// REST

async fn serve_http(listener: TcpListener, state: Arc<State>) {
    let mut connections = JoinSet::new();
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let state = Arc::clone(&state);
        connections.spawn(async move {
            let service = service_fn(move |request| handle(Arc::clone(&state), request));
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
        while connections.try_join_next().is_some() {}
    }
}

type Answer = (StatusCode, Option<Value>);

/// A connection the stand-in drops without an answer (an injected reset).
#[derive(Debug)]
struct Dropped;

impl std::fmt::Display for Dropped {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "connection dropped by an injected fault")
    }
}

impl std::error::Error for Dropped {}

/// The fault for `request`, if one is injected (counting it down).
fn take_fault(state: &State, request: &RecordedRequest) -> Option<FaultKind> {
    let mut faults = state.faults.lock().unwrap();
    let index = faults
        .iter()
        .position(|f| f.times != Some(0) && (f.matches)(request))?;
    let fault = &mut faults[index];
    if let Some(times) = &mut fault.times {
        *times -= 1;
    }
    Some(fault.kind.clone())
}

async fn handle(
    state: Arc<State>,
    request: Request<Incoming>,
) -> Result<Response<Full<Bytes>>, Dropped> {
    let (parts, body) = request.into_parts();
    let body = body
        .collect()
        .await
        .map(|collected| collected.to_bytes())
        .unwrap_or_default();
    let mut recorded = RecordedRequest {
        method: parts.method.clone(),
        path: parts.uri.path().to_string(),
        query: parts.uri.query().map(str::to_string),
        headers: parts
            .headers
            .iter()
            .map(|(key, value)| {
                (
                    key.as_str().to_ascii_lowercase(),
                    String::from_utf8_lossy(value.as_bytes()).into_owned(),
                )
            })
            .collect(),
        body,
        status: 0,
        answer: None,
        repeated: false,
        fault: None,
    };

    if let Some(delay) = slowed(&state, &recorded) {
        tokio::time::sleep(delay).await;
    }
    let fault = take_fault(&state, &recorded);
    recorded.fault = fault.clone();
    let mut headers: Vec<(&str, String)> = Vec::new();
    let (status, answer) = match &fault {
        Some(FaultKind::Status { status, code }) => error(
            StatusCode::from_u16(*status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
            *code,
            "injected fault",
        ),
        Some(FaultKind::RateLimited {
            retry_after,
            global,
        }) => {
            headers.push(("retry-after", format!("{}", retry_after.ceil())));
            headers.push(("x-ratelimit-limit", "5".into()));
            headers.push(("x-ratelimit-remaining", "0".into()));
            headers.push(("x-ratelimit-reset-after", format!("{retry_after}")));
            headers.push(("x-ratelimit-bucket", "stand-in".into()));
            if *global {
                headers.push(("x-ratelimit-global", "true".into()));
            }
            headers.push((
                "x-ratelimit-scope",
                if *global { "global" } else { "user" }.into(),
            ));
            (
                StatusCode::TOO_MANY_REQUESTS,
                Some(json!({
                    "message": "You are being rate limited.",
                    "retry_after": retry_after,
                    "global": global,
                })),
            )
        }
        Some(FaultKind::Reset) => {
            recorded.status = 0;
            state.requests.lock().unwrap().push(recorded);
            state.changed();
            return Err(Dropped);
        }
        Some(FaultKind::Hang(delay)) => {
            tokio::time::sleep(*delay).await;
            // Discord takes an interaction's answer within 3 seconds of the interaction only.
            if callbacks(&recorded) && *delay >= Duration::from_secs(3) {
                error(StatusCode::NOT_FOUND, 10062, "Unknown interaction")
            } else {
                route(&state, &mut recorded)
            }
        }
        Some(FaultKind::ResetAfter) | None => route(&state, &mut recorded),
    };
    recorded.status = status.as_u16();
    recorded.answer = answer.clone();
    state.requests.lock().unwrap().push(recorded);
    state.changed();
    if fault == Some(FaultKind::ResetAfter) {
        return Err(Dropped);
    }

    let mut response = Response::builder().status(status);
    for (name, value) in headers {
        response = response.header(name, value);
    }
    let body = match answer {
        Some(value) => {
            response = response.header("content-type", "application/json");
            Bytes::from(value.to_string())
        }
        None => Bytes::new(),
    };
    Ok(response.body(Full::new(body)).expect("a valid response"))
}

/// How long [`Options::slow_threads`] holds `request`: Start Thread, and the first message posted
/// in a thread opened since.
fn slowed(state: &State, request: &RecordedRequest) -> Option<Duration> {
    let delay = state.options.slow_threads?;
    if request.method != Method::POST {
        return None;
    }
    let rest = request.path.strip_prefix(API)?;
    match rest
        .trim_matches('/')
        .split('/')
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["channels", _, "threads"] => Some(delay),
        ["channels", channel, "messages"] => state
            .quiet_threads
            .lock()
            .unwrap()
            .remove(*channel)
            .then_some(delay),
        _ => None,
    }
}

fn error(status: StatusCode, code: u64, message: &str) -> Answer {
    (status, Some(json!({ "message": message, "code": code })))
}

fn route(state: &State, request: &mut RecordedRequest) -> Answer {
    let Some(rest) = request.path.strip_prefix(API) else {
        return error(StatusCode::NOT_FOUND, 0, "404: Not Found");
    };
    let segments: Vec<&str> = rest.trim_matches('/').split('/').collect();
    let options = &state.options;
    let app = options.application_id.to_string();

    // Interaction callbacks and webhooks are authorised by the token in their path; everything
    // else needs the bot token.
    let by_path_token = matches!(segments.first(), Some(&"interactions") | Some(&"webhooks"));
    if !by_path_token {
        let authorised = request
            .header("authorization")
            .is_some_and(|value| value == state.bot_authorization());
        if !authorised {
            return error(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized");
        }
    }

    if let Err(why) = check_uploads(request) {
        return error(
            StatusCode::BAD_REQUEST,
            50035,
            &format!("Invalid Form Body: {why}"),
        );
    }

    let ok = |value: Value| (StatusCode::OK, Some(value));
    let method = &request.method;
    match segments.as_slice() {
        ["gateway"] if method == Method::GET => ok(json!({ "url": state.gateway_url })),
        ["gateway", "bot"] if method == Method::GET => ok(json!({
            "url": state.gateway_url,
            "shards": 1,
            "session_start_limit": {
                "total": 1000,
                "remaining": 999,
                "reset_after": 14_400_000,
                "max_concurrency": 1,
            },
        })),
        ["users", "@me"] if method == Method::GET => {
            let mut user = options.bot.user();
            user["bot"] = json!(true);
            user["verified"] = json!(true);
            user["mfa_enabled"] = json!(false);
            ok(user)
        }
        ["oauth2", "applications", "@me"] if method == Method::GET => {
            let owner = Player::new(1_100_000_000_000_000_900, "owner");
            ok(json!({
                "id": app,
                "name": options.bot.name,
                "icon": null,
                "description": "",
                "bot_public": true,
                "bot_require_code_grant": false,
                "owner": owner.user(),
                "verify_key": "0".repeat(64),
                "team": null,
                "flags": 0,
                "install_params": {
                    "scopes": ["bot", "applications.commands"],
                    "permissions": permissions::BOT.to_string(),
                },
            }))
        }
        ["applications", id, "commands"] if *id == app => commands(state, request, None),
        ["applications", id, "guilds", guild, "commands"] if *id == app => match guild.parse() {
            Ok(guild) => commands(state, request, Some(guild)),
            Err(_) => error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body"),
        },
        ["interactions", id, token, "callback"] if method == Method::POST => {
            let Ok(payload) = request.try_json() else {
                return error(
                    StatusCode::BAD_REQUEST,
                    50109,
                    "The request body contains invalid JSON.",
                );
            };
            match payload["type"].as_u64() {
                Some(1 | 4..=10 | 12) => {}
                _ => return error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body"),
            }
            let deadline = *state.answer_deadline.lock().unwrap();
            let made = state.made.lock().unwrap().get(*id).copied();
            if let (Some(deadline), Some(made)) = (deadline, made) {
                if made.elapsed() > deadline {
                    return error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
                }
            }
            if !state.answered.lock().unwrap().insert(id.to_string()) {
                return error(
                    StatusCode::BAD_REQUEST,
                    40060,
                    "Interaction has already been acknowledged.",
                );
            }
            // What the answer's message is: its content, or a loading message (deferred).
            let original = match payload["type"].as_u64() {
                Some(4) => message_from_payload(
                    state,
                    &payload["data"],
                    &request.files(),
                    Some(options.application_id),
                ),
                _ => message_from_payload(state, &json!({}), &[], Some(options.application_id)),
            };
            state
                .originals
                .lock()
                .unwrap()
                .insert(token.to_string(), original);
            let with_response = request
                .query
                .as_deref()
                .is_some_and(|q| q.contains("with_response=true"));
            if with_response {
                ok(json!({ "interaction": { "id": id, "type": 2 } }))
            } else {
                (StatusCode::NO_CONTENT, None)
            }
        }
        ["webhooks", id, _token] if *id == app && method == Method::POST => {
            // A followup message; serenity asks `?wait=true`-style and expects the message back.
            let message = message_from_request(state, request, Some(options.application_id));
            ok(message)
        }
        ["webhooks", id, token, "messages", "@original"] if *id == app => {
            let mut originals = state.originals.lock().unwrap();
            let Some(original) = originals.get_mut(*token) else {
                return error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
            };
            match *method {
                Method::GET => ok(original.clone()),
                Method::PATCH => {
                    let edited = message_from_request(state, request, Some(options.application_id));
                    let id = original["id"].clone();
                    *original = edited;
                    original["id"] = id;
                    ok(original.clone())
                }
                Method::DELETE => {
                    originals.remove(*token);
                    (StatusCode::NO_CONTENT, None)
                }
                _ => error(StatusCode::METHOD_NOT_ALLOWED, 0, "405: Method Not Allowed"),
            }
        }
        ["webhooks", id, _token, "messages", _message] if *id == app => match *method {
            Method::GET | Method::PATCH => ok(message_from_request(
                state,
                request,
                Some(options.application_id),
            )),
            Method::DELETE => (StatusCode::NO_CONTENT, None),
            _ => error(StatusCode::METHOD_NOT_ALLOWED, 0, "405: Method Not Allowed"),
        },
        ["users", "@me", "channels"] if method == Method::POST => {
            let recipient = request
                .try_json()
                .ok()
                .and_then(|body| match &body["recipient_id"] {
                    Value::String(id) => id.parse::<u64>().ok(),
                    Value::Number(id) => id.as_u64(),
                    _ => None,
                });
            let Some(recipient) = recipient else {
                return error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
            };
            let mut channels = state.dm_channels.lock().unwrap();
            let channel = match channels.iter().find(|(_, user)| **user == recipient) {
                Some((channel, _)) => *channel,
                None => {
                    let channel = state.snowflake();
                    channels.insert(channel, recipient);
                    channel
                }
            };
            let user = state
                .players
                .lock()
                .unwrap()
                .get(&recipient)
                .cloned()
                .unwrap_or_else(|| Player::new(recipient, &format!("user{recipient}")));
            ok(json!({
                "id": channel.to_string(),
                "type": 1,
                "last_message_id": null,
                "recipients": [user.user()],
                "flags": 0,
            }))
        }
        ["channels", channel, "messages"] if method == Method::POST => {
            // A nonce Discord enforces: the message made with it before is answered, and no
            // other is made.
            let payload = request.payload();
            let nonce = payload["nonce"]
                .as_str()
                .filter(|_| payload["enforce_nonce"] == json!(true))
                .map(str::to_string);
            if let Some(made) = nonce
                .as_ref()
                .and_then(|n| state.nonces.lock().unwrap().get(n).cloned())
            {
                request.repeated = true;
                return ok(made);
            }
            let mut message = message_from_request(state, request, None);
            message["channel_id"] = json!(channel);
            if let Some(nonce) = nonce {
                state.nonces.lock().unwrap().insert(nonce, message.clone());
            }
            ok(message)
        }
        ["channels", _channel, "messages", _message] => match *method {
            Method::GET | Method::PATCH => ok(message_from_request(state, request, None)),
            Method::DELETE => (StatusCode::NO_CONTENT, None),
            _ => error(StatusCode::METHOD_NOT_ALLOWED, 0, "405: Method Not Allowed"),
        },
        ["channels", channel, "threads"] | ["channels", channel, "messages", _, "threads"]
            if method == Method::POST =>
        {
            let Ok(payload) = request.try_json() else {
                return error(
                    StatusCode::BAD_REQUEST,
                    50109,
                    "The request body contains invalid JSON.",
                );
            };
            if state.options.refuse_threads {
                return error(StatusCode::FORBIDDEN, 50013, "Missing Permissions");
            }
            // A name of 1-100 characters; without a message, the type is required in v10
            // (10 announcement, 11 public, 12 private thread).
            let name_ok = payload["name"]
                .as_str()
                .is_some_and(|n| (1..=100).contains(&n.chars().count()));
            let type_ok = segments.len() == 5
                || payload["type"]
                    .as_u64()
                    .is_some_and(|t| (10..=12).contains(&t));
            if !name_ok || !type_ok {
                return error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
            }
            let thread = thread(state, channel, &payload);
            if state.options.slow_threads.is_some() {
                let id = thread["id"].as_str().unwrap_or_default().to_string();
                state.quiet_threads.lock().unwrap().insert(id);
            }
            ok(thread)
        }
        _ => error(StatusCode::NOT_FOUND, 0, "404: Not Found"),
    }
}

/// Checks a multipart body as Discord does: well formed, a `payload_json` part that is JSON, and
/// every `files[N]` part described by an entry of `attachments` with id N.
fn check_uploads(request: &RecordedRequest) -> Result<(), String> {
    if !request.is_multipart() {
        return Ok(());
    }
    let content_type = request.header("content-type").unwrap_or_default();
    let parts = multipart::parse(content_type, &request.body)?;
    let payload = parts
        .iter()
        .find(|part| part.name == "payload_json")
        .ok_or("no payload_json part")?;
    let payload: Value =
        serde_json::from_slice(&payload.body).map_err(|why| format!("payload_json: {why}"))?;
    // Interaction callbacks put the message under `data`.
    let attachments = payload
        .get("data")
        .unwrap_or(&payload)
        .get("attachments")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    for part in parts.iter().filter(|part| part.name != "payload_json") {
        let index = part
            .name
            .strip_prefix("files[")
            .and_then(|rest| rest.strip_suffix(']'))
            .ok_or_else(|| format!("unexpected part {:?}", part.name))?;
        let described = attachments.iter().any(|a| match &a["id"] {
            Value::Number(n) => n.to_string() == index,
            Value::String(s) => s == index,
            _ => false,
        });
        if !described {
            return Err(format!(
                "files[{index}] has no attachments entry with id {index}"
            ));
        }
        if part.filename.is_none() {
            return Err(format!("files[{index}] has no file name"));
        }
    }
    Ok(())
}

fn commands(state: &State, request: &RecordedRequest, guild: Option<u64>) -> Answer {
    let app = state.options.application_id.to_string();
    match request.method {
        Method::GET => {
            let registered = state.commands.lock().unwrap();
            let list = registered.get(&guild).cloned().unwrap_or_default();
            (StatusCode::OK, Some(Value::Array(list)))
        }
        Method::PUT => {
            let Ok(Value::Array(list)) = serde_json::from_slice::<Value>(&request.body) else {
                return error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
            };
            if !list.iter().all(Value::is_object) {
                return error(StatusCode::BAD_REQUEST, 50035, "Invalid Form Body");
            }
            let stored: Vec<Value> = list
                .into_iter()
                .map(|mut command| {
                    let fields = command.as_object_mut().expect("checked above");
                    fields.insert("id".into(), json!(state.snowflake().to_string()));
                    fields.insert("application_id".into(), json!(app));
                    fields.insert("version".into(), json!(state.snowflake().to_string()));
                    fields.entry("type").or_insert(json!(1));
                    fields
                        .entry("default_member_permissions")
                        .or_insert(Value::Null);
                    fields.entry("nsfw").or_insert(json!(false));
                    if let Some(guild) = guild {
                        fields.insert("guild_id".into(), json!(guild.to_string()));
                    }
                    command
                })
                .collect();
            state.commands.lock().unwrap().insert(guild, stored.clone());
            (StatusCode::OK, Some(Value::Array(stored)))
        }
        _ => error(StatusCode::METHOD_NOT_ALLOWED, 0, "405: Method Not Allowed"),
    }
}

fn message_from_request(state: &State, request: &RecordedRequest, webhook: Option<u64>) -> Value {
    let payload = request.try_json().unwrap_or_else(|_| json!({}));
    message_from_payload(state, &payload, &request.files(), webhook)
}

fn message_from_payload(
    state: &State,
    payload: &Value,
    files: &[Part],
    webhook: Option<u64>,
) -> Value {
    let options = &state.options;
    let attachments: Vec<Value> = files
        .iter()
        .map(|file| {
            let id = state.snowflake();
            let name = file.filename.clone().unwrap_or_else(|| "file".into());
            let url = format!(
                "https://cdn.discordapp.com/attachments/{}/{id}/{name}",
                options.channel_id
            );
            json!({
                "id": id.to_string(),
                "filename": name,
                "size": file.body.len(),
                "url": url,
                "proxy_url": url.replace("cdn.discordapp.com", "media.discordapp.net"),
                "content_type": file.content_type,
            })
        })
        .collect();
    let mut author = options.bot.user();
    author["bot"] = json!(true);
    json!({
        "id": state.snowflake().to_string(),
        "channel_id": options.channel_id.to_string(),
        "author": author,
        "content": payload.get("content").cloned().unwrap_or(json!("")),
        "timestamp": TIMESTAMP,
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": attachments,
        "embeds": payload.get("embeds").cloned().unwrap_or(json!([])),
        "pinned": false,
        "webhook_id": webhook.map(|id| id.to_string()),
        "type": if webhook.is_some() { 20 } else { 0 },
        "application_id": webhook.map(|id| id.to_string()),
        "flags": payload.get("flags").cloned().unwrap_or(json!(0)),
        "components": payload.get("components").cloned().unwrap_or(json!([])),
    })
}

fn thread(state: &State, parent: &str, payload: &Value) -> Value {
    let options = &state.options;
    json!({
        "id": state.snowflake().to_string(),
        "type": payload.get("type").cloned().unwrap_or(json!(11)),
        "guild_id": options.guild_id.to_string(),
        "parent_id": parent,
        "owner_id": options.bot.id.to_string(),
        "name": payload.get("name").cloned().unwrap_or(json!("thread")),
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "flags": 0,
        "total_message_sent": 0,
        "thread_metadata": {
            "archived": false,
            "auto_archive_duration": payload.get("auto_archive_duration").cloned().unwrap_or(json!(1440)),
            "archive_timestamp": TIMESTAMP,
            "locked": false,
            "create_timestamp": TIMESTAMP,
        },
    })
}

// ---------------------------------------------------------------------------------------------
// Gateway

async fn serve_gateway(listener: TcpListener, state: Arc<State>) {
    let mut connections = JoinSet::new();
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let refused = state
            .refuse_until
            .lock()
            .unwrap()
            .is_some_and(|until| Instant::now() < until);
        if refused {
            state.refused.lock().unwrap().push(Instant::now());
            // Closed with a reset: the bot's connection attempt fails at once.
            let _ = stream.set_zero_linger();
            continue;
        }
        state.connections.fetch_add(1, Ordering::SeqCst);
        connections.spawn(gateway_connection(stream, Arc::clone(&state)));
        while connections.try_join_next().is_some() {}
    }
}

async fn gateway_connection(stream: tokio::net::TcpStream, state: Arc<State>) {
    // A second handle on the socket, to reset it ([`StandIn::cut_gateway`]).
    let Some((stream, handle)) = with_handle(stream) else {
        return;
    };
    let mut drops = state.drops.subscribe();
    let Ok(socket) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let (mut sink, mut incoming) = socket.split();
    let (outbox, mut queued) = mpsc::unbounded_channel::<Message>();

    let hello = json!({
        "op": 10,
        "s": null,
        "t": null,
        "d": { "heartbeat_interval": state.options.heartbeat_interval_ms, "_trace": ["stand-in"] },
    });
    if sink.send(Message::Text(hello.to_string())).await.is_err() {
        return;
    }
    state.record_frame(Frame::Sent {
        op: 10,
        t: None,
        d: hello["d"].clone(),
    });

    loop {
        tokio::select! {
            Ok(()) = drops.changed() => {
                // No close frame; a reset once the socket's last handle is gone, or a FIN.
                if *drops.borrow() == Some(GatewayDrop::Reset) {
                    let _ = handle.set_zero_linger();
                }
                state.record_frame(Frame::ClosedByStandIn { code: 1006 });
                break;
            }
            message = incoming.next() => {
                let text = match message {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Close(frame))) => {
                        let code = frame.map_or(1005, |f| u16::from(f.code));
                        state.record_frame(Frame::ClosedByBot { code });
                        // tungstenite answers the close handshake by itself (serenity waits for
                        // the answer); reading on flushes it and then ends the stream.
                        continue;
                    }
                    Some(Ok(_)) => continue,
                    Some(Err(_)) | None => break,
                };
                let Ok(payload) = serde_json::from_str::<Value>(&text) else {
                    let _ = sink.send(close(4002, "Error while decoding payload.")).await;
                    break;
                };
                let op = payload["op"].as_u64().unwrap_or(u64::MAX);
                let d = payload["d"].clone();
                state.record_frame(Frame::Received { op, d: d.clone() });
                match op {
                    // Heartbeat: acknowledge (unless the connection plays a zombie).
                    1 if !state.acks_heartbeats.load(Ordering::SeqCst) => {}
                    1 => {
                        let ack = json!({ "op": 11, "s": null, "t": null, "d": null });
                        if sink.send(Message::Text(ack.to_string())).await.is_err() {
                            break;
                        }
                        state.record_frame(Frame::Sent { op: 11, t: None, d: Value::Null });
                    }
                    // Identify: check the token, then READY.
                    2 => {
                        let token = d["token"].as_str().unwrap_or_default();
                        if state.options.refuse_identify || !state.token_matches(token) {
                            state.record_frame(Frame::ClosedByStandIn { code: 4004 });
                            let _ = sink.send(close(4004, "Authentication failed.")).await;
                            break;
                        }
                        let ready = ready(&state, &d);
                        // One shard of several: its own link, READY on it.
                        let shard = (d["shard"][0].as_u64(), d["shard"][1].as_u64());
                        if let (Some(id), Some(total @ 2..)) = shard {
                            let link = ShardLink { total, outbox: outbox.clone(), seq: 0 };
                            state.shards.lock().unwrap().insert(id, link);
                            if let Err(why) = dispatch_on_shard(&state, id, "READY", ready) {
                                panic!("cannot send READY: {why}");
                            }
                            continue;
                        }
                        state.seq.store(0, Ordering::SeqCst);
                        *state.outbox.lock().unwrap() = Some(outbox.clone());
                        if let Err(why) = dispatch(&state, "READY", ready) {
                            panic!("cannot send READY: {why}");
                        }
                    }
                    // Resume: of the current session, with the right token, when allowed:
                    // RESUMED, numbering on from the last event. Otherwise INVALID_SESSION.
                    6 => {
                        let current = state.session_id.lock().unwrap().clone();
                        // A shard's session is not resumed (it identifies again).
                        let resumable = state.options.resumable
                            && state.shards.lock().unwrap().is_empty()
                            && current.is_some()
                            && d["session_id"].as_str() == current.as_deref()
                            && state.token_matches(d["token"].as_str().unwrap_or_default());
                        if resumable {
                            *state.outbox.lock().unwrap() = Some(outbox.clone());
                            tokio::spawn(replay_and_resume(Arc::clone(&state)));
                        } else {
                            let invalid = json!({ "op": 9, "s": null, "t": null, "d": false });
                            if sink.send(Message::Text(invalid.to_string())).await.is_err() {
                                break;
                            }
                            state.record_frame(Frame::Sent { op: 9, t: None, d: json!(false) });
                        }
                    }
                    // Presence updates, voice state, member requests...: recorded, no answer.
                    _ => {}
                }
            }
            Some(message) = queued.recv() => {
                let closing = matches!(message, Message::Close(_));
                if sink.send(message).await.is_err() || closing {
                    break;
                }
            }
        }
    }

    state
        .shards
        .lock()
        .unwrap()
        .retain(|_, link| !link.outbox.same_channel(&outbox));
    let mut current = state.outbox.lock().unwrap();
    if current
        .as_ref()
        .is_some_and(|current| current.same_channel(&outbox))
    {
        *current = None;
    }
}

/// `stream` and a second handle on its socket (a duplicated descriptor).
fn with_handle(
    stream: tokio::net::TcpStream,
) -> Option<(tokio::net::TcpStream, tokio::net::TcpStream)> {
    let stream = stream.into_std().ok()?;
    let handle = stream.try_clone().ok()?;
    let stream = tokio::net::TcpStream::from_std(stream).ok()?;
    let handle = tokio::net::TcpStream::from_std(handle).ok()?;
    Some((stream, handle))
}

/// Answers a RESUME: the events held while the connection was down, each after the held pause
/// (those dispatched meanwhile join the queue, as Discord sends its backlog before anything
/// new), then RESUMED.
async fn replay_and_resume(state: Arc<State>) {
    loop {
        let next = {
            let mut held = state.held.lock().unwrap();
            match held.as_mut() {
                Some(held) => held.events.pop_front().map(|event| (event, held.gap)),
                None => None,
            }
        };
        let Some(((event, d), gap)) = next else {
            break;
        };
        tokio::time::sleep(gap).await;
        if let Err(why) = send_dispatch(&state, &event, d) {
            panic!("cannot replay {event}: {why}");
        }
    }
    *state.held.lock().unwrap() = None;
    if let Err(why) = send_dispatch(&state, "RESUMED", json!({ "_trace": ["stand-in"] })) {
        panic!("cannot send RESUMED: {why}");
    }
}

fn close(code: u16, reason: &'static str) -> Message {
    Message::Close(Some(CloseFrame {
        code: CloseCode::from(code),
        reason: reason.into(),
    }))
}

fn ready(state: &State, identify: &Value) -> Value {
    let options = &state.options;
    let mut user = options.bot.user();
    user["bot"] = json!(true);
    user["verified"] = json!(true);
    user["mfa_enabled"] = json!(false);
    user["email"] = Value::Null;
    let shard = identify.get("shard").cloned().unwrap_or(json!([0, 1]));
    // The test server is announced only on its own shard.
    let total = shard[1].as_u64().unwrap_or(1);
    let mine = json!({ "guild_id": options.guild_id.to_string() });
    let guilds = if shard[0].as_u64() == Some(shard_of_event(&mine, total)) {
        json!([{ "id": options.guild_id.to_string(), "unavailable": true }])
    } else {
        json!([])
    };
    let session_id = format!("session-{}", state.snowflake());
    *state.session_id.lock().unwrap() = Some(session_id.clone());
    json!({
        "v": 10,
        "user": user,
        "guilds": guilds,
        "session_id": session_id,
        "resume_gateway_url": state.gateway_url,
        "shard": shard,
        "application": { "id": options.application_id.to_string(), "flags": 0 },
        "private_channels": [],
        "relationships": [],
        "presences": [],
        "guild_join_requests": [],
        "geo_ordered_rtc_regions": [],
        "user_settings": {},
        "_trace": ["stand-in"],
    })
}

// ---------------------------------------------------------------------------------------------
// Discord's limits on application commands

/// Everything in `command` (one element of a command-registration PUT body) that Discord would
/// refuse: names, descriptions, option and choice counts, option order, total length.
pub fn command_problems(command: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    let name = command["name"].as_str().unwrap_or_default();
    let kind = command["type"].as_u64().unwrap_or(1);
    let at = format!("/{name}");
    if kind == 1 {
        check_name(&at, name, &mut problems);
        check_description(&at, &command["description"], &mut problems);
    } else if !(1..=32).contains(&name.chars().count()) {
        problems.push(format!("{at}: a context-menu name must be 1-32 characters"));
    }
    check_options(&at, &command["options"], &mut problems);

    let mut total = 0;
    count_characters(command, &mut total);
    if total > 4000 {
        problems.push(format!(
            "{at}: {total} characters in names, descriptions and choices; at most 4000"
        ));
    }
    problems
}

fn check_name(at: &str, name: &str, problems: &mut Vec<String>) {
    let pattern = regex::Regex::new(r"^[-_\p{L}\p{N}]{1,32}$").unwrap();
    if !pattern.is_match(name) {
        problems.push(format!(
            "{at}: name {name:?} does not match ^[-_\\p{{L}}\\p{{N}}]{{1,32}}$"
        ));
    }
    if name.to_lowercase() != name {
        problems.push(format!("{at}: name {name:?} is not lower case"));
    }
}

fn check_description(at: &str, description: &Value, problems: &mut Vec<String>) {
    let length = description.as_str().map_or(0, |d| d.chars().count());
    if !(1..=100).contains(&length) {
        problems.push(format!(
            "{at}: description must be 1-100 characters, has {length}"
        ));
    }
}

fn check_options(at: &str, options: &Value, problems: &mut Vec<String>) {
    let options = match options {
        Value::Null => return,
        Value::Array(options) => options,
        other => {
            problems.push(format!("{at}: options is not an array: {other}"));
            return;
        }
    };
    if options.len() > 25 {
        problems.push(format!("{at}: {} options; at most 25", options.len()));
    }
    let mut seen_optional = false;
    let mut names = std::collections::HashSet::new();
    for option in options {
        let name = option["name"].as_str().unwrap_or_default();
        let at = format!("{at} {name}");
        check_name(&at, name, problems);
        check_description(&at, &option["description"], problems);
        if !names.insert(name) {
            problems.push(format!("{at}: duplicate option name"));
        }
        let kind = option["type"].as_u64().unwrap_or(0);
        if !(1..=11).contains(&kind) {
            problems.push(format!("{at}: unknown option type {kind}"));
        }
        if kind == 1 || kind == 2 {
            // Subcommands and groups: their own options follow the same rules.
            check_options(&at, &option["options"], problems);
            continue;
        }
        let required = option["required"].as_bool().unwrap_or(false);
        if required && seen_optional {
            problems.push(format!(
                "{at}: a required option comes after an optional one"
            ));
        }
        seen_optional |= !required;
        if let Some(choices) = option["choices"].as_array() {
            if choices.len() > 25 {
                problems.push(format!("{at}: {} choices; at most 25", choices.len()));
            }
            if option["autocomplete"].as_bool() == Some(true) && !choices.is_empty() {
                problems.push(format!("{at}: autocomplete and choices exclude each other"));
            }
            for choice in choices {
                let length = choice["name"].as_str().map_or(0, |n| n.chars().count());
                if !(1..=100).contains(&length) {
                    problems.push(format!("{at}: choice names must be 1-100 characters"));
                }
            }
        }
    }
}

fn count_characters(node: &Value, total: &mut usize) {
    for key in ["name", "description"] {
        if let Some(text) = node[key].as_str() {
            *total += text.chars().count();
        }
    }
    if let Some(value) = node["value"].as_str() {
        *total += value.chars().count();
    }
    for key in ["options", "choices"] {
        if let Some(children) = node[key].as_array() {
            for child in children {
                count_characters(child, total);
            }
        }
    }
}
