//! The web pages over HTTP (issue 45): every page and error, the opt-in,
//! blind games, hostile names, the headers, the rate limit, and the links
//! in the bot's messages. Requests go through the whole router (the
//! guard, the handlers, the templates) without a socket.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{header, HeaderMap, Request, StatusCode};
use axum::Router;
use http_body_util::BodyExt;
use tower::ServiceExt;

use super::routes::{router, CONTENT_SECURITY_POLICY, PICTURE_CACHE};
use super::site::Site;
use crate::bot::{clock, Bot, Invocation, OffsetClock, Place, User};
use crate::console::parse::{parse_command, user_id};
use crate::games::GameState;
use crate::store::web_pages::Page;
use crate::store::{GameRow, Store};

pub(super) const GUILD: &str = "g";
const BASE: &str = "https://taktable.example/pages";

pub(super) struct Web {
    pub(super) bot: Arc<Bot>,
    /// The site the router serves (its pictures' counters).
    pub(super) site: Arc<Site>,
    app: Router,
}

pub(super) struct Answer {
    pub(super) status: StatusCode,
    pub(super) headers: HeaderMap,
    pub(super) body: Vec<u8>,
}

impl Answer {
    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

pub(super) fn user(name: &str, admin: bool) -> User {
    User {
        id: user_id(name),
        name: name.to_string(),
        is_admin: admin,
    }
}

impl Web {
    pub(super) fn new() -> Web {
        let clock = Arc::new(OffsetClock::new(
            Some(clock::parse_start("2026-01-01T00:00:00Z").unwrap()),
            chrono::Duration::zero(),
        ));
        let bot = Arc::new(Bot::new(Store::open_in_memory().unwrap(), clock));
        bot.set_web_base(BASE);
        Web::serving(bot)
    }

    /// The pages of `bot` served by a site of their own (nothing kept).
    fn serving(bot: Arc<Bot>) -> Web {
        let site = Arc::new(Site::new(vec![Arc::clone(&bot)]));
        let app = router(Arc::clone(&site));
        Web { bot, site, app }
    }

    /// The same bot's pages served afresh, as after a restart.
    pub(super) fn restarted(&self) -> Web {
        Web::serving(Arc::clone(&self.bot))
    }

    /// `line` typed by `who` in `channel`: the replies' texts.
    pub(super) fn say_as(&self, channel: &str, who: &User, line: &str) -> String {
        let command = parse_command(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        self.bot
            .handle(&Invocation {
                place: Place {
                    guild: GUILD.into(),
                    channel: channel.into(),
                },
                user: who.clone(),
                command,
            })
            .iter()
            .map(|r| r.text.clone())
            .collect::<Vec<_>>()
            .join("\n")
    }

    pub(super) fn say(&self, channel: &str, who: &str, line: &str) -> String {
        self.say_as(channel, &user(who, false), line)
    }

    pub(super) fn opt_in(&self, on: bool) -> String {
        self.say_as(
            "general",
            &user("admin", true),
            &format!("/settings web:{on}"),
        )
    }

    /// Starts `challenge` (alice, white, against bob) in `channel`.
    pub(super) fn start(&self, channel: &str, challenge: &str) -> GameRow {
        let said = self.say(channel, "alice", challenge);
        assert!(said.contains("challenges"), "{said}");
        let said = self.say(channel, "bob", "/accept");
        assert!(said.contains("accepts"), "{said}");
        self.game_in(channel)
    }

    pub(super) fn game_in(&self, channel: &str) -> GameRow {
        self.bot
            .store()
            .latest_game(GUILD, channel)
            .unwrap()
            .expect("a game here")
    }

    /// Plays up to `plies` actions of the computer's choosing (level 1) in
    /// `channel`'s game, each by the player it awaits; stops at the end.
    /// The bot's answer to each.
    pub(super) fn play(&self, channel: &str, plies: usize) -> Vec<String> {
        let mut answers = Vec::new();
        for i in 0..plies {
            let game = self.game_in(channel);
            let state = self.bot.position(&game).unwrap();
            let Some(seat) = state.awaiting() else { break };
            let who = if game.player(seat) == user_id("alice") {
                "alice"
            } else {
                "bob"
            };
            let action = state.computer_move(1, i as u64).expect("a legal action");
            let said = self.say(channel, who, &format!("/move notation:\"{action}\""));
            assert!(said.contains("played"), "{action}: {said}");
            answers.push(said);
        }
        answers
    }

    pub(super) fn token(&self, page: Page) -> String {
        self.bot
            .store()
            .web_token(GUILD, page, chrono::Utc::now())
            .unwrap()
    }

    pub(super) async fn get_from(&self, path: &str, from: IpAddr) -> Answer {
        let mut request = Request::get(path).body(Body::empty()).unwrap();
        request
            .extensions_mut()
            .insert(ConnectInfo(SocketAddr::new(from, 50_000)));
        let response = self.app.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let headers = response.headers().clone();
        let body = response.into_body().collect().await.unwrap().to_bytes();
        Answer {
            status,
            headers,
            body: body.to_vec(),
        }
    }

    async fn get(&self, path: &str) -> Answer {
        self.get_from(path, "192.0.2.1".parse().unwrap()).await
    }
}

/// The `href`s and `data-picture`s of a page that point under `prefix`.
pub(super) fn links(html: &str, attribute: &str) -> Vec<String> {
    let needle = format!("{attribute}=\"");
    html.match_indices(&needle)
        .map(|(i, _)| {
            let rest = &html[i + needle.len()..];
            rest[..rest.find('"').unwrap()].to_string()
        })
        .collect()
}

/// A relative link of the page at `page` as an absolute path.
pub(super) fn resolve(page: &str, link: &str) -> String {
    let folder = &page[..=page.rfind('/').unwrap()];
    let mut parts: Vec<&str> = folder.trim_end_matches('/').split('/').collect();
    let mut rest = link;
    while let Some(up) = rest.strip_prefix("../") {
        parts.pop();
        rest = up;
    }
    format!("{}/{rest}", parts.join("/"))
}

#[tokio::test]
async fn no_page_exists_until_the_server_opts_in_nor_after_it_opts_out() {
    let web = Web::new();
    web.start("general", "/tak challenge opponent:@bob size:3 color:white");
    let game = format!("/g/{}", web.token(Page::Game(1)));
    let server = format!("/s/{}", web.token(Page::Server));
    for path in [&game, &server] {
        assert_eq!(web.get(path).await.status, StatusCode::NOT_FOUND, "{path}");
    }
    let said = web.opt_in(true);
    assert!(said.contains("web pages on"), "{said}");
    assert!(said.contains(&format!("{BASE}/s/")), "{said}");
    for path in [&game, &server] {
        assert_eq!(web.get(path).await.status, StatusCode::OK, "{path}");
    }
    web.opt_in(false);
    for path in [&game, &server] {
        assert_eq!(web.get(path).await.status, StatusCode::NOT_FOUND, "{path}");
    }
}

#[tokio::test]
async fn unknown_tokens_and_other_paths_are_404_with_the_headers() {
    let web = Web::new();
    web.opt_in(true);
    web.start("general", "/tak challenge opponent:@bob size:3 color:white");
    let real = web.token(Page::Game(1));
    for path in [
        format!("/g/{}", "0".repeat(32)),
        "/g/1".to_string(),
        format!("/g/{}", real.to_uppercase()),
        // A token names its kind of page: a game's token is no server's.
        format!("/s/{real}"),
        format!("/t/{real}"),
        format!("/g/{real}/0-0000000000000000.png"),
        format!("/g/{real}/..%2F..%2Fetc%2Fpasswd"),
        "/".to_string(),
        "/static/other.js".to_string(),
    ] {
        let answer = web.get(&path).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{path}");
        assert!(answer.text().contains("No such page"), "{path}");
        assert_eq!(
            answer.headers[header::CONTENT_SECURITY_POLICY],
            CONTENT_SECURITY_POLICY
        );
    }
    // Read-only: nothing but GET (and HEAD).
    let post = web
        .app
        .clone()
        .oneshot(
            Request::post(format!("/g/{real}"))
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(post.status(), StatusCode::METHOD_NOT_ALLOWED);
    // A malformed ply is refused as such.
    let bad = web.get(&format!("/g/{real}?ply=x")).await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn every_kind_of_game_has_a_page_with_its_moves_and_a_picture_per_ply() {
    let web = Web::new();
    web.opt_in(true);
    let games = [
        (
            "tak",
            "/tak challenge opponent:@bob size:5 color:white",
            "Tak 5x5",
        ),
        (
            "takat",
            "/takat challenge opponent:@bob color:white",
            "Takat",
        ),
        ("taka", "/taka challenge opponent:@bob color:white", "Taka"),
        (
            "takkure",
            "/takkure challenge opponent:@bob color:white seed:14",
            "Takkure",
        ),
    ];
    for (channel, challenge, described) in games {
        let game = web.start(channel, challenge);
        web.play(channel, 8);
        let game = web.bot.store().game(game.id).unwrap().unwrap();
        let state = web.bot.position(&game).unwrap();
        let actions = state.actions();
        let path = format!("/g/{}", web.token(Page::Game(game.id)));
        let answer = web.get(&path).await;
        assert_eq!(answer.status, StatusCode::OK, "{channel}");
        assert_eq!(answer.headers[header::CACHE_CONTROL], "no-cache");
        let html = answer.text();
        assert!(html.contains(described), "{channel}: {html}");
        assert!(html.contains("alice") && html.contains("bob"), "{channel}");
        // The move list: every action links to its ply, the last one current.
        for (i, action) in actions.iter().enumerate() {
            let item = format!("href=\"?ply={}\" data-ply=\"{}\"", i + 1, i + 1);
            assert!(html.contains(&item), "{channel}: ply {}", i + 1);
            assert!(html.contains(&askama_escape(action)), "{channel}: {action}");
        }
        let current = format!("class=\"ply current\" href=\"?ply={}\"", actions.len());
        assert!(html.contains(&current), "{channel}");
        // A picture per ply, the start's included: each is the renderer's
        // picture of that position, and may be kept for ever.
        let pictures = links(&html, "data-picture");
        assert_eq!(pictures.len(), actions.len() + 1, "{channel}");
        for (ply, picture) in pictures.iter().enumerate().step_by(3) {
            let answer = web.get(&resolve(&path, picture)).await;
            assert_eq!(answer.status, StatusCode::OK, "{channel} {picture}");
            assert_eq!(answer.headers[header::CONTENT_TYPE], "image/png");
            assert_eq!(answer.headers[header::CACHE_CONTROL], PICTURE_CACHE);
            let at = GameState::replay(&game.settings, &actions[..ply]).unwrap();
            let names = ["alice".to_string(), "bob".to_string()];
            let expected = crate::render::picture(&at, names, Default::default()).unwrap();
            assert!(answer.body == expected.png, "{channel} ply {ply}");
        }
        // Asked at a ply, the page shows that ply's picture.
        let at_two = web.get(&format!("{path}?ply=2")).await.text();
        let shown = links(&at_two, "src");
        assert!(shown.contains(&pictures[2]), "{channel}: {shown:?}");
        // The game file.
        let file = web.get(&format!("{path}/export")).await;
        assert_eq!(file.status, StatusCode::OK);
        assert!(file.text().contains(&actions[0]), "{channel}");
    }
}

/// What askama makes of text in HTML.
fn askama_escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#x27;")
}

#[tokio::test]
async fn a_takkure_step_shows_its_rolls_in_words() {
    let web = Web::new();
    web.opt_in(true);
    let game = web.start(
        "general",
        "/takkure challenge opponent:@bob color:white seed:14",
    );
    web.play("general", 40);
    let mut state = GameState::new(&game.settings).unwrap();
    let game = web.game_in("general");
    let path = format!("/g/{}", web.token(Page::Game(game.id)));
    let actions = web.bot.position(&game).unwrap().actions();
    // The first step whose words name a roll.
    let (ply, note) = actions
        .iter()
        .enumerate()
        .find_map(|(i, action)| {
            let note = state.play(action).unwrap().note?;
            note.contains(" vs ").then_some((i + 1, note))
        })
        .expect("a roll in 40 plies");
    let html = web.get(&format!("{path}?ply={ply}")).await.text();
    let shown = format!("<p class=\"note\" id=\"note\">{}</p>", askama_escape(&note));
    assert!(html.contains(&shown), "{shown} in {html}");
}

#[tokio::test]
async fn a_blind_game_in_progress_has_a_page_without_its_board() {
    let web = Web::new();
    web.opt_in(true);
    let game = web.start(
        "general",
        "/tak challenge opponent:@bob size:3 color:white blind:true",
    );
    let said = web.say("general", "alice", "/move a3");
    assert!(!said.contains(BASE), "no link while blind: {said}");
    let path = format!("/g/{}", web.token(Page::Game(game.id)));
    let html = web.get(&path).await.text();
    assert!(html.contains("played blind"), "{html}");
    assert!(!html.contains("<img"), "{html}");
    assert!(links(&html, "data-picture").iter().all(String::is_empty));
    // The moves show, as /board lists them.
    assert!(html.contains(">a3</a>"), "{html}");
    // Its pictures and file are not there, whatever their address.
    let names = ["alice".to_string(), "bob".to_string()];
    let stamps = super::pictures::stamps(Default::default(), &names, &["a3".into()]);
    for (ply, stamp) in stamps.iter().enumerate() {
        let file = super::pictures::file_name(ply, *stamp);
        let answer = web.get(&format!("{path}/{file}")).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{file}");
    }
    assert_eq!(
        web.get(&format!("{path}/export")).await.status,
        StatusCode::NOT_FOUND
    );
    // Once it is over, everything shows.
    let said = web.say("general", "bob", "/resign");
    assert!(said.contains(&format!("{BASE}/g/")), "{said}");
    let html = web.get(&path).await.text();
    assert!(html.contains("<img id=\"picture\""), "{html}");
    let picture = format!("{path}/{}", super::pictures::file_name(1, stamps[1]));
    assert_eq!(web.get(&picture).await.status, StatusCode::OK);
}

#[tokio::test]
async fn hostile_names_are_shown_as_written() {
    let web = Web::new();
    web.opt_in(true);
    let hostile = User {
        id: 666,
        name: "<script>alert(1)</script>\"><img src=x onerror=alert(2)>".into(),
        is_admin: false,
    };
    let said = web.say_as(
        "general",
        &hostile,
        "/tak challenge opponent:@bob size:3 color:white rated:true",
    );
    assert!(said.contains("challenges"), "{said}");
    web.say("general", "bob", "/accept");
    let game = web.game_in("general");
    let page = web
        .get(&format!("/g/{}", web.token(Page::Game(game.id))))
        .await
        .text();
    let server = web
        .get(&format!("/s/{}", web.token(Page::Server)))
        .await
        .text();
    for html in [&page, &server] {
        assert!(!html.contains("<script>alert"), "{html}");
        assert!(!html.contains("<img src=x"), "{html}");
        assert!(
            html.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x"),
            "{html}"
        );
    }
}

#[tokio::test]
async fn a_taken_back_ply_has_a_new_picture_address_and_the_old_one_is_gone() {
    let web = Web::new();
    web.opt_in(true);
    let game = web.start("general", "/tak challenge opponent:@bob size:5 color:white");
    web.say("general", "alice", "/move a1");
    web.say("general", "bob", "/move e5");
    let path = format!("/g/{}", web.token(Page::Game(game.id)));
    let before = links(&web.get(&path).await.text(), "data-picture");
    web.say("general", "bob", "/undo");
    web.say("general", "alice", "/undo");
    web.say("general", "bob", "/move d5");
    let after = links(&web.get(&path).await.text(), "data-picture");
    assert_eq!(before[..2], after[..2]);
    assert_ne!(before[2], after[2]);
    let old = web.get(&resolve(&path, &before[2])).await;
    assert_eq!(old.status, StatusCode::NOT_FOUND);
    let new = web.get(&resolve(&path, &after[2])).await;
    assert_eq!(new.status, StatusCode::OK);
}

#[tokio::test]
async fn the_server_page_links_leaderboards_games_and_tournaments() {
    let web = Web::new();
    web.opt_in(true);
    web.start("one", "/tak challenge opponent:@bob size:5 color:white");
    web.say("one", "bob", "/resign");
    web.start("two", "/takat challenge opponent:@bob color:white");
    let admin = user("alice", true);
    let said = web.say_as(
        "cup",
        &admin,
        "/tournament create game:takat format:round-robin rated:false",
    );
    assert!(said.contains("Tournament #1"), "{said}");
    for who in ["alice", "bob", "carol"] {
        web.say("cup", who, "/tournament join");
    }
    let said = web.say_as("cup", &admin, "/tournament start");
    assert!(said.contains("Round 1"), "{said}");
    let standings = web.say("cup", "alice", "/tournament standings");
    assert!(standings.contains(&format!("{BASE}/t/")), "{standings}");

    let server = format!("/s/{}", web.token(Page::Server));
    let html = web.get(&server).await.text();
    assert!(html.contains("Tak leaderboard"), "{html}");
    assert!(html.contains("Game #1, Tak"), "{html}");
    assert!(html.contains("Game #2, Takat"), "{html}");
    assert!(html.contains("Tournament #1: Takat"), "{html}");
    // Every link leads to a page.
    let hrefs: Vec<String> = links(&html, "href")
        .into_iter()
        .filter(|l| l.starts_with("../"))
        .filter(|l| !l.contains("static"))
        .collect();
    assert!(hrefs.len() >= 3, "{hrefs:?}");
    let mut tournament = None;
    for href in &hrefs {
        let path = resolve(&server, href);
        assert_eq!(web.get(&path).await.status, StatusCode::OK, "{path}");
        if path.starts_with("/t/") {
            tournament = Some(path);
        }
    }
    // The tournament: its crosstable, its round, and each board's game.
    let tournament = tournament.expect("a tournament link");
    let html = web.get(&tournament).await.text();
    assert!(html.contains("id=\"crosstable\""), "{html}");
    assert!(html.contains("Round 1"), "{html}");
    let games: Vec<String> = links(&html, "href")
        .into_iter()
        .filter(|l| l.starts_with("../g/"))
        .collect();
    assert_eq!(games.len(), 1, "three players: one board and a bye: {html}");
    let game = web.get(&resolve(&tournament, &games[0])).await;
    assert_eq!(game.status, StatusCode::OK);
    assert!(game.text().contains("Takat"));
}

#[tokio::test]
async fn messages_link_to_pages_only_when_served_and_opted_in() {
    let web = Web::new();
    web.start("general", "/tak challenge opponent:@bob size:3 color:white");
    // Not opted in: no link.
    let over = web.say("general", "bob", "/resign");
    assert!(!over.contains("http"), "{over}");
    web.opt_in(true);
    let export = web.say("general", "alice", "/export");
    assert!(
        export.contains(&format!("Step through it: {BASE}/g/")),
        "{export}"
    );
    web.start("general", "/tak challenge opponent:@bob size:3 color:white");
    let over = web.say("general", "alice", "/resign");
    assert!(
        over.contains(&format!("Every move of the game, step by step: {BASE}/g/")),
        "{over}"
    );
    // The link leads to the game's page.
    let link = over
        .split(BASE)
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    assert_eq!(web.get(link).await.status, StatusCode::OK);

    // A bot that serves no pages links to none, opted in or not.
    let quiet = Bot::new(
        Store::open_in_memory().unwrap(),
        Arc::new(crate::bot::SystemClock),
    );
    let admin = user("admin", true);
    let run = |who: &User, line: &str| {
        quiet
            .handle(&Invocation {
                place: Place {
                    guild: GUILD.into(),
                    channel: "general".into(),
                },
                user: who.clone(),
                command: parse_command(line).unwrap(),
            })
            .iter()
            .map(|r| r.text.clone())
            .collect::<String>()
    };
    let said = run(&admin, "/settings web:true");
    assert!(said.contains("serves no pages"), "{said}");
    run(&user("alice", false), "/tak challenge opponent:@bob size:3");
    run(&user("bob", false), "/accept");
    let over = run(&user("bob", false), "/resign");
    assert!(!over.contains("http"), "{over}");
}

#[tokio::test]
async fn each_address_has_its_own_bucket() {
    let web = Web::new();
    let one: IpAddr = "198.51.100.1".parse().unwrap();
    let other: IpAddr = "198.51.100.2".parse().unwrap();
    let mut limited = None;
    for i in 0..=super::limit::BURST + 20 {
        let answer = web.get_from("/static/site.css", one).await;
        if answer.status == StatusCode::TOO_MANY_REQUESTS {
            assert_eq!(answer.headers[header::RETRY_AFTER], "1");
            limited = Some(i);
            break;
        }
        assert_eq!(answer.status, StatusCode::OK);
    }
    let limited = limited.expect("the burst runs out");
    assert!(limited >= super::limit::BURST, "{limited}");
    assert_eq!(
        web.get_from("/static/site.css", other).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn a_live_game_shows_its_latest_move_when_reloaded() {
    let web = Web::new();
    web.opt_in(true);
    let game = web.start("general", "/tak challenge opponent:@bob size:5 color:white");
    web.say("general", "alice", "/move a1");
    let path = format!("/g/{}", web.token(Page::Game(game.id)));
    let html = web.get(&path).await.text();
    assert!(html.contains("In progress: bob (black) to move"), "{html}");
    assert!(
        html.contains("class=\"ply current\" href=\"?ply=1\""),
        "{html}"
    );
    assert!(!html.contains("data-ply=\"2\""), "{html}");
    // A move in chat; the same address, asked again, shows it.
    web.say("general", "bob", "/move e5");
    let html = web.get(&path).await.text();
    assert!(
        html.contains("In progress: alice (white) to move"),
        "{html}"
    );
    assert!(
        html.contains("class=\"ply current\" href=\"?ply=2\" data-ply=\"2\""),
        "{html}"
    );
    assert!(html.contains(">e5</a>"), "{html}");
    assert!(links(&html, "src").iter().any(|src| src.contains("/2-")));
}

#[tokio::test]
async fn an_analyzed_game_shows_its_graph_and_marks() {
    // The game of tests/transcripts/analyze.txt: /analyze (issues 14, 42)
    // marks bob's 4... c5 ??, which leaves alice's road open (3... d5 had
    // a ? before the search's aspiration windows, issue 44).
    let web = Web::new();
    web.opt_in(true);
    let game = web.start("general", "/tak challenge opponent:@bob color:white");
    for (who, action) in [
        ("alice", "e5"),
        ("bob", "a1"),
        ("alice", "b1"),
        ("bob", "e4"),
        ("alice", "c1"),
        ("bob", "d5"),
        ("alice", "d1"),
        ("bob", "c5"),
        ("alice", "e1"),
    ] {
        web.say("general", who, &format!("/move {action}"));
    }
    let path = format!("/g/{}", web.token(Page::Game(game.id)));
    let before = web.get(&path).await.text();
    assert!(!before.contains("Analysis"), "{before}");
    assert_eq!(
        web.get(&format!("{path}/analysis.png")).await.status,
        StatusCode::NOT_FOUND,
        "no graph before /analyze"
    );
    let said = web.say("general", "alice", "/analyze");
    assert!(said.contains("4... c5??"), "{said}");
    let html = web.get(&path).await.text();
    // The marks follow their actions in the move list, and no other
    // action has one.
    assert!(html.contains(">c5??</a>"), "{html}");
    for action in ["e5", "a1", "b1", "e4", "c1", "d5", "d1", "e1"] {
        assert!(html.contains(&format!(">{action}</a>")), "{action}: {html}");
    }
    // The graph and the marked list, as /analyze showed them.
    assert!(html.contains("<h2>Analysis</h2>"), "{html}");
    assert!(
        html.contains("1. e5 a1 2. b1 e4 3. c1 d5 4. d1 c5?? 5. e1"),
        "{html}"
    );
    let graph = web.get(&format!("{path}/analysis.png")).await;
    assert_eq!(graph.status, StatusCode::OK);
    assert_eq!(graph.headers[header::CONTENT_TYPE], "image/png");
    assert!(graph.body.starts_with(b"\x89PNG"));
}

#[tokio::test]
async fn the_end_of_a_takkure_match_links_to_its_page() {
    // A match ends when time runs out in the second half (6.04, RULINGS
    // Takkure 10 and 12); the move that ends it is announced with the
    // link to every step of the match.
    let web = Web::new();
    web.opt_in(true);
    let game = web.start(
        "general",
        "/takkure challenge opponent:@bob color:white seed:14",
    );
    let answers = web.play("general", 2_000);
    let linked: Vec<&String> = answers.iter().filter(|a| a.contains(BASE)).collect();
    assert_eq!(linked.len(), 1, "only the end links to the page");
    let last = answers.last().expect("moves");
    let over = web.bot.store().game(game.id).unwrap().unwrap();
    assert_eq!(over.status, crate::store::GameStatus::Finished);
    let page = format!("/g/{}", web.token(Page::Game(game.id)));
    assert!(
        last.contains(&format!(
            "Every move of the game, step by step: {BASE}{page}"
        )),
        "{last}"
    );
    let html = web.get(&page).await.text();
    let plies = web.bot.position(&over).unwrap().action_count();
    assert!(
        html.contains(&format!("class=\"ply current\" href=\"?ply={plies}\"")),
        "the page opens at the match's end"
    );
    assert!(
        html.contains("wins, ") || html.contains("Drawn, "),
        "{html}"
    );
}
