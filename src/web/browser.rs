//! The pages in a real browser (issue 45): headless Chromium, driven over
//! the DevTools protocol, steps through a Takkure match with the arrow
//! keys and follows a tournament's link to its game; and the screenshots
//! of `docs/web.md`. Ignored in the normal suite: they need Chromium from
//! the system's packages (`apt-get install -y chromium`). Run them with
//!
//! ```sh
//! cargo test --release --lib web::browser -- --ignored --nocapture
//! TAKTABLE_SCREENSHOTS=docs cargo test --release --lib web::browser::screenshots -- --ignored
//! ```

use std::io::{BufRead, BufReader, Read, Write};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

use super::site::Site;
use super::tests::Web;
use crate::games::GameState;
use crate::store::web_pages::Page;

/// The flags every Chromium here runs with (a fresh profile is added).
const FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
];

/// The system's Chromium.
fn chromium() -> &'static str {
    ["chromium", "chromium-browser"]
        .into_iter()
        .find(|name| Command::new(name).arg("--version").output().is_ok())
        .expect("Chromium is installed (apt-get install -y chromium)")
}

/// The pages of `web`'s bot, served on a port of this machine.
async fn serve(web: &Web) -> (SocketAddr, Arc<Site>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let site = Arc::new(Site::new(vec![Arc::clone(&web.bot)]));
    tokio::spawn(super::serve(
        listener,
        Arc::clone(&site),
        std::future::pending(),
    ));
    (addr, site)
}

/// A headless Chromium and a DevTools connection to its page.
struct Browser {
    child: Child,
    _profile: tempfile::TempDir,
    socket: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    next: u64,
    events: Vec<Value>,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    async fn start() -> Browser {
        let profile = tempfile::tempdir().unwrap();
        let mut child = Command::new(chromium())
            .args(FLAGS)
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .arg("--remote-debugging-port=0")
            .arg("--window-size=1100,1300")
            .arg("about:blank")
            .stderr(Stdio::piped())
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let port: u16 = loop {
            let line = lines
                .next()
                .expect("Chromium says where it listens")
                .unwrap();
            if let Some(url) = line.strip_prefix("DevTools listening on ws://127.0.0.1:") {
                break url.split('/').next().unwrap().parse().unwrap();
            }
        };
        // The rest of its chatter is read and dropped, so it never blocks.
        std::thread::spawn(move || lines.for_each(drop));
        let page = page_socket(port);
        let (socket, _) = tokio_tungstenite::connect_async(page.as_str())
            .await
            .unwrap();
        let mut browser = Browser {
            child,
            _profile: profile,
            socket,
            next: 0,
            events: Vec::new(),
        };
        browser.call("Page.enable", json!({})).await;
        browser.call("Runtime.enable", json!({})).await;
        browser
    }

    /// Calls `method` and waits for its answer (events meanwhile are kept).
    async fn call(&mut self, method: &str, params: Value) -> Value {
        self.next += 1;
        let id = self.next;
        let message = json!({"id": id, "method": method, "params": params}).to_string();
        self.socket.send(Message::Text(message)).await.unwrap();
        loop {
            let value = self.receive().await;
            if value["id"] == id {
                assert!(value["error"].is_null(), "{method}: {value}");
                return value["result"].clone();
            }
            self.events.push(value);
        }
    }

    async fn receive(&mut self) -> Value {
        loop {
            let message = tokio::time::timeout(Duration::from_secs(30), self.socket.next())
                .await
                .expect("Chromium answers within 30 s")
                .expect("the connection stays open")
                .unwrap();
            if let Message::Text(text) = message {
                return serde_json::from_str(&text).unwrap();
            }
        }
    }

    /// Opens `url` and waits until it has loaded.
    async fn open(&mut self, url: &str) {
        self.events.clear();
        self.call("Page.navigate", json!({ "url": url })).await;
        self.loaded().await;
    }

    async fn loaded(&mut self) {
        loop {
            if let Some(i) = self
                .events
                .iter()
                .position(|e| e["method"] == "Page.loadEventFired")
            {
                self.events.drain(..=i);
                return;
            }
            let event = self.receive().await;
            self.events.push(event);
        }
    }

    /// The value of `expression` in the page.
    async fn eval(&mut self, expression: &str) -> Value {
        let result = self
            .call(
                "Runtime.evaluate",
                json!({ "expression": expression, "returnByValue": true, "awaitPromise": true }),
            )
            .await;
        result["result"]["value"].clone()
    }

    /// Presses and lets go of `key` (a DOM key name with its key code).
    async fn press(&mut self, key: &str, code: u32) {
        for kind in ["keyDown", "keyUp"] {
            self.call(
                "Input.dispatchKeyEvent",
                json!({ "type": kind, "key": key, "code": key, "windowsVirtualKeyCode": code }),
            )
            .await;
        }
    }
}

/// The DevTools address of Chromium's first page, from its `/json/list`.
fn page_socket(port: u16) -> String {
    let targets: Vec<Value> =
        serde_json::from_slice(&http_get(&format!("127.0.0.1:{port}"), "/json/list")).unwrap();
    targets
        .iter()
        .find(|t| t["type"] == "page")
        .and_then(|t| t["webSocketDebuggerUrl"].as_str())
        .expect("a page")
        .to_string()
}

/// The body of a 200 answer to `GET path` from `host` on this machine.
/// The body is read to its `Content-Length`, not to the connection's end:
/// Chromium's DevTools server keeps the connection open whatever the
/// request asks.
fn http_get(host: &str, path: &str) -> Vec<u8> {
    let mut stream = std::net::TcpStream::connect(host).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(30)))
        .unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut reader = BufReader::new(stream);
    let mut head = String::new();
    let mut length = None;
    loop {
        let mut line = String::new();
        reader
            .read_line(&mut line)
            .expect("an HTTP answer within 30 s");
        if line.trim_end().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse::<usize>().ok();
            }
        }
        head.push_str(&line);
    }
    assert!(head.starts_with("HTTP/1.1 200"), "GET {path}: {head}");
    let mut body = vec![0; length.expect("a Content-Length")];
    reader.read_exact(&mut body).unwrap();
    body
}

/// The ply the browser steps to: far enough into a Takkure match that
/// steps have rolled dice, near enough to be 34 key presses.
const TARGET: usize = 30;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium (apt-get install -y chromium); run by hand or by .ci/web-browser"]
async fn stepping_with_the_keys_and_following_a_tournament_link() {
    let web = Web::new();
    web.opt_in(true);
    let started = Instant::now();
    let game = web.start(
        "match",
        "/takkure challenge opponent:@bob color:white seed:14",
    );
    web.play("match", TARGET + 10);
    let actions = web.bot.position(&web.game_in("match")).unwrap().actions();
    assert_eq!(actions.len(), TARGET + 10, "the match runs past the target");
    let (addr, _site) = serve(&web).await;
    let page = format!(
        "http://{addr}{}",
        crate::bot::ground::web_links::page_path(
            Page::Game(game.id),
            &web.token(Page::Game(game.id))
        )
    );
    let mut browser = Browser::start().await;
    println!(
        "a Takkure match of {} plies played and Chromium started in {:.1} s",
        actions.len(),
        started.elapsed().as_secs_f64()
    );

    // The page at its start, then two steps past the target and two back.
    let stepping = Instant::now();
    browser.open(&format!("{page}?ply=0")).await;
    for _ in 0..TARGET + 2 {
        browser.press("ArrowRight", 39).await;
    }
    for _ in 0..2 {
        browser.press("ArrowLeft", 37).await;
    }
    let shown = wait_for_picture(&mut browser).await;
    println!(
        "stepped to ply {TARGET} with {} key presses in {:.1} s",
        TARGET + 4,
        stepping.elapsed().as_secs_f64()
    );
    // The counter, the highlighted move and the words under the picture
    // are the target ply's: its action, and what it did (a step's rolls).
    assert_eq!(shown["ply"], TARGET.to_string(), "{shown}");
    assert_eq!(shown["current"], TARGET.to_string(), "{shown}");
    assert_eq!(shown["text"], actions[TARGET - 1], "{shown}");
    let mut before = GameState::replay(&game.settings, &actions[..TARGET - 1]).unwrap();
    let note = before.play(&actions[TARGET - 1]).unwrap().note;
    assert_eq!(shown["note"], note.unwrap_or_default(), "{shown}");
    // The picture is the target ply's address, and the renderer's picture
    // of the position after it (up to the encoder's palette).
    let names = ["alice".to_string(), "bob".to_string()];
    let stamps = super::pictures::stamps(Default::default(), &names, &actions);
    let file = super::pictures::file_name(TARGET, stamps[TARGET]);
    let src = shown["src"].as_str().unwrap();
    assert!(src.ends_with(&file), "{shown} is not {file}");
    let at = GameState::replay(&game.settings, &actions[..TARGET]).unwrap();
    let expected = crate::render::picture(&at, names, Default::default()).unwrap();
    let fetched = tokio::task::spawn_blocking({
        let src = src.to_string();
        move || fetch(&src)
    })
    .await
    .unwrap();
    if let Err(why) = same_board(&fetched, &expected.png) {
        panic!("the picture at {src}: {why}");
    }
    assert_eq!(
        browser.eval("location.search").await,
        format!("?ply={TARGET}"),
        "the address follows the steps"
    );
    // End and Home: the last ply and the start.
    browser.press("End", 35).await;
    assert_eq!(
        wait_for_picture(&mut browser).await["ply"],
        actions.len().to_string()
    );
    browser.press("Home", 36).await;
    assert_eq!(wait_for_picture(&mut browser).await["ply"], "0");

    // A tournament's page, and its link to a game.
    let admin = super::tests::user("alice", true);
    web.say_as(
        "cup",
        &admin,
        "/tournament create game:takat format:round-robin rated:false",
    );
    for who in ["alice", "bob", "carol"] {
        web.say("cup", who, "/tournament join");
    }
    web.say_as("cup", &admin, "/tournament start");
    let tournament = format!("http://{addr}/t/{}", web.token(Page::Tournament(1)));
    browser.open(&tournament).await;
    assert_eq!(
        browser
            .eval("!!document.getElementById('crosstable')")
            .await,
        true
    );
    browser
        .eval("document.querySelector('a[href^=\"../g/\"]').click()")
        .await;
    browser.loaded().await;
    let title = browser.eval("document.title").await;
    assert!(
        title.as_str().unwrap().starts_with("Game #") && title.as_str().unwrap().contains("Takat"),
        "{title}"
    );
    assert_eq!(
        browser.eval("location.pathname.startsWith('/g/')").await,
        true
    );
    println!(
        "the whole walk took {:.1} s",
        started.elapsed().as_secs_f64()
    );
}

/// Whether two PNGs draw the same board: the same size, and no pixel
/// further apart than the encoder's palette moves an edge pixel (the
/// palette each process grows, `src/render/png.rs`, gives the same
/// picture slightly other bytes: up to 20 steps of 255 on 246 pixels of
/// a Takkure picture, `web::cost`); another position moves a piece, whole
/// sprites of pixels far apart.
fn same_board(one: &[u8], other: &[u8]) -> Result<(), String> {
    if one == other {
        return Ok(());
    }
    let decode = |png: &[u8]| image::load_from_memory(png).map(|i| i.to_rgb8());
    let (one, other) = (
        decode(one).map_err(|e| e.to_string())?,
        decode(other).map_err(|e| e.to_string())?,
    );
    if one.dimensions() != other.dimensions() {
        return Err(format!(
            "{:?} against {:?}",
            one.dimensions(),
            other.dimensions()
        ));
    }
    let far = one
        .pixels()
        .zip(other.pixels())
        .filter(|(a, b)| (0..3).any(|i| a.0[i].abs_diff(b.0[i]) > 40))
        .count();
    match far {
        0 => Ok(()),
        n => Err(format!("{n} pixels are more than 40 steps apart")),
    }
}

/// The body of `url` (plain HTTP on this machine), as a browser gets it.
fn fetch(url: &str) -> Vec<u8> {
    let rest = url.strip_prefix("http://").expect("a plain HTTP address");
    let (host, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
    http_get(host, path)
}

/// What the page shows once its picture has loaded: the ply counter, the
/// words under the picture, the highlighted move's ply and text, the
/// picture's address.
async fn wait_for_picture(browser: &mut Browser) -> Value {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let shown = browser
            .eval(
                "(() => { const p = document.getElementById('picture'); \
                 const c = document.querySelector('#moves a.current'); \
                 return { loaded: p.complete && p.naturalWidth > 0, src: p.src, \
                 ply: document.getElementById('ply').textContent, \
                 note: document.getElementById('note').textContent, \
                 current: c.dataset.ply, text: c.textContent }; })()",
            )
            .await;
        if shown["loaded"] == true {
            return shown;
        }
        assert!(Instant::now() < deadline, "the picture loads: {shown}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Chromium's picture of `url`, `width` by `height`, into `file`.
fn screenshot(url: &str, file: &std::path::Path, width: u32, height: u32) {
    let profile = tempfile::tempdir().unwrap();
    let output = Command::new(chromium())
        .args(FLAGS)
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("--window-size={width},{height}"))
        .arg(format!("--screenshot={}", file.display()))
        .arg(url)
        .output()
        .unwrap();
    assert!(file.exists(), "{}", String::from_utf8_lossy(&output.stderr));
}

/// The screenshots of `docs/web.md`: a game page of each game and a
/// server's page, written to the folder `TAKTABLE_SCREENSHOTS` names.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Chromium; writes the screenshots of docs/web.md"]
async fn screenshots() {
    let folder = std::env::var("TAKTABLE_SCREENSHOTS").unwrap_or_else(|_| "target".into());
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let web = Web::new();
    web.opt_in(true);
    let pages = [
        ("tak", "/tak challenge opponent:@bob size:6 color:white", 60),
        ("takat", "/takat challenge opponent:@bob color:white", 60),
        ("taka", "/taka challenge opponent:@bob color:white", 12),
        (
            "takkure",
            "/takkure challenge opponent:@bob color:white seed:14",
            40,
        ),
    ];
    for (channel, challenge, plies) in pages {
        web.start(channel, challenge);
        web.play(channel, plies);
    }
    // The finished Tak game, analyzed: its page shows the graph and marks.
    if web
        .bot
        .store()
        .active_game(super::tests::GUILD, "tak")
        .unwrap()
        .is_none()
    {
        web.say("tak", "alice", "/analyze");
    }
    let (addr, _site) = serve(&web).await;
    let mut shots = Vec::new();
    for (channel, _, _) in pages {
        let game = web.game_in(channel);
        let path = crate::bot::ground::web_links::page_path(
            Page::Game(game.id),
            &web.token(Page::Game(game.id)),
        );
        let ply = web.bot.position(&game).unwrap().action_count().min(40);
        shots.push((
            format!("http://{addr}{path}?ply={ply}"),
            folder.join(format!("web-{channel}.png")),
        ));
    }
    shots.push((
        format!("http://{addr}/s/{}", web.token(Page::Server)),
        folder.join("web-server.png"),
    ));
    for (url, file) in shots {
        tokio::task::spawn_blocking(move || screenshot(&url, &file, 1000, 1250))
            .await
            .unwrap();
    }
}
