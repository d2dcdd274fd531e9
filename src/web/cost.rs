//! What the pages cost (issue 45; the figures of `docs/web.md`, "What a
//! page costs"): the server's time and the bytes of each kind of page, and
//! the picture cache over a walk through a whole Takkure match. A
//! measurement, not a check: ignored in the normal suite and run by hand,
//!
//! ```sh
//! cargo test --release --lib web::cost -- --ignored --nocapture
//! ```
//!
//! Requests go through the whole router (the guard, a work slot, the
//! template) without a socket, each from its own address so that no
//! bucket runs dry.

use std::net::IpAddr;
use std::time::{Duration, Instant};

use axum::http::StatusCode;

use super::pictures::KEPT_BYTES;
use super::tests::{links, resolve, user, Answer, Web};
use crate::store::web_pages::Page;

/// How many times each page is asked for, after one unmeasured request.
const ASKED: usize = 21;

/// A new visitor's address for every request.
struct Visitors(u32);

impl Visitors {
    fn next(&mut self) -> IpAddr {
        self.0 += 1;
        let [_, a, b, c] = self.0.to_be_bytes();
        IpAddr::from([10, a, b, c])
    }
}

/// `path` asked for once, and how long the router took.
async fn timed(web: &Web, visitors: &mut Visitors, path: &str) -> (Answer, Duration) {
    let start = Instant::now();
    let answer = web.get_from(path, visitors.next()).await;
    let took = start.elapsed();
    assert_eq!(answer.status, StatusCode::OK, "{path}");
    (answer, took)
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times.get(times.len() / 2).copied().unwrap_or_default()
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement: prints the cost figures of docs/web.md"]
async fn what_the_pages_and_the_pictures_cost() {
    let web = Web::new();
    web.opt_in(true);
    let mut visitors = Visitors(0);
    let games = [
        ("tak", "/tak challenge opponent:@bob size:6 color:white"),
        ("takat", "/takat challenge opponent:@bob color:white"),
        ("taka", "/taka challenge opponent:@bob color:white"),
        (
            "takkure",
            "/takkure challenge opponent:@bob color:white seed:14",
        ),
    ];
    let played = Instant::now();
    for (channel, challenge) in games {
        web.start(channel, challenge);
        web.play(channel, 2_000);
    }
    let admin = user("alice", true);
    web.say_as(
        "cup",
        &admin,
        "/tournament create game:takat format:round-robin rated:false",
    );
    for who in ["alice", "bob", "carol", "dave", "erin", "frank"] {
        web.say("cup", who, "/tournament join");
    }
    web.say_as("cup", &admin, "/tournament start");
    println!(
        "four games played to their end and a tournament started in {:.1} s",
        played.elapsed().as_secs_f64()
    );

    // Each page: the median of its server time, and its bytes.
    println!("| page | plies | bytes | median | slowest |");
    println!("|---|---|---|---|---|");
    let mut pages: Vec<(String, String, usize)> = games
        .iter()
        .map(|(channel, _)| {
            let game = web.game_in(channel);
            let plies = web.bot.position(&game).unwrap().action_count();
            let path = format!("/g/{}", web.token(Page::Game(game.id)));
            let status = match game.status {
                crate::store::GameStatus::Active => "in progress",
                _ => "over",
            };
            (format!("{channel} game, {status}"), path, plies)
        })
        .collect();
    pages.push((
        "tournament, 6 players".into(),
        format!("/t/{}", web.token(Page::Tournament(1))),
        0,
    ));
    pages.push((
        "server".into(),
        format!("/s/{}", web.token(Page::Server)),
        0,
    ));
    for (name, path, plies) in &pages {
        timed(&web, &mut visitors, path).await;
        let mut times = Vec::with_capacity(ASKED);
        let mut bytes = 0;
        for _ in 0..ASKED {
            let (answer, took) = timed(&web, &mut visitors, path).await;
            bytes = answer.body.len();
            times.push(took);
        }
        let slowest = times.iter().max().copied().unwrap_or_default();
        println!(
            "| {name} | {plies} | {bytes} | {} | {} |",
            ms(median(times)),
            ms(slowest)
        );
    }

    // The Takkure match's pictures: every ply in order, then again; then,
    // on a new site (as after a restart: nothing kept), every ply from the last to the
    // start (each drawn from a replay of the match from its start, since
    // the cursor only moves forward).
    let (_, takkure, plies) = &pages[3];
    let html = web.get_from(takkure, visitors.next()).await;
    let pictures = links(&String::from_utf8_lossy(&html.body), "data-picture");
    assert_eq!(pictures.len(), plies + 1);
    let restarted = web.restarted();
    let forward: Vec<&String> = pictures.iter().collect();
    let backward: Vec<&String> = pictures.iter().rev().collect();
    let mut walks = Vec::new();
    for (walk, site, order) in [
        ("forward", &web, &forward),
        ("forward again", &web, &forward),
        ("backward, on a new site", &restarted, &backward),
    ] {
        let mut pngs = std::collections::BTreeMap::new();
        let (hits, misses) = site.site.pictures.counts();
        let (mut kept, mut drawn) = (Vec::new(), Vec::new());
        let mut bytes = 0;
        let started = Instant::now();
        for picture in order.iter() {
            let before = site.site.pictures.counts().0;
            let (answer, took) = timed(site, &mut visitors, &resolve(takkure, picture)).await;
            bytes += answer.body.len();
            pngs.insert(picture.to_string(), answer.body.clone());
            if site.site.pictures.counts().0 > before {
                kept.push(took);
            } else {
                drawn.push(took);
            }
        }
        let (now_hits, now_misses) = site.site.pictures.counts();
        println!(
            "{walk}: {} pictures in {:.2} s ({bytes} bytes, {} a picture; {KEPT_BYTES} kept at most): \
             {} hits, {} misses ({:.0}% hits); a hit {} (median), a miss {} (median)",
            pictures.len(),
            started.elapsed().as_secs_f64(),
            bytes / pictures.len(),
            now_hits - hits,
            now_misses - misses,
            100.0 * (now_hits - hits) as f64 / pictures.len() as f64,
            ms(median(kept)),
            ms(median(drawn)),
        );
        walks.push(pngs);
    }
    // The same address drawn again by the new site, through the
    // encoder's palette as this process has grown it (src/render/png.rs).
    let (mut differ, mut pixels, mut steps) = (0, 0, 0);
    for (picture, png) in &walks[0] {
        let again = &walks[2][picture];
        if png != again {
            differ += 1;
            let one = image::load_from_memory(png).unwrap().to_rgb8();
            let other = image::load_from_memory(again).unwrap().to_rgb8();
            assert_eq!(one.dimensions(), other.dimensions(), "{picture}");
            let moved: Vec<u8> = one
                .as_raw()
                .chunks(3)
                .zip(other.as_raw().chunks(3))
                .filter(|(a, b)| a != b)
                .map(|(a, b)| (0..3).map(|i| a[i].abs_diff(b[i])).max().unwrap_or(0))
                .collect();
            pixels = pixels.max(moved.len());
            steps = steps.max(moved.iter().copied().max().unwrap_or(0));
        }
    }
    println!(
        "drawn again by the new site, {differ} of {} pictures differ in bytes: \
         in each at most {pixels} pixels, by at most {steps} of 255",
        pictures.len()
    );
}
