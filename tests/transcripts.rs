//! End-to-end tests: each file in `tests/transcripts/` is a session of
//! `taktable local` — input lines (`> /move c3`, `> :user bob`), each
//! followed by the output it must produce. `#` lines are comments (echoed
//! as they are), and `# restart` ends the program and starts it again on
//! the same database and output folder; `# restart after 25h` does so as if
//! the program had not run for that long (the pinned start of its clock
//! moves on; the offset kept in the database stays). The real binary runs
//! with its clock pinned (`TAKTABLE_NOW`), so every line is deterministic;
//! the temporary output folder prints as `OUT`.
//!
//! After each transcript the database is opened again and every game is
//! replayed from its move list: the replay must reproduce every stored
//! snapshot (issue 3: the move list is the source of truth).
//!
//! `TAKTABLE_BLESS=1 cargo test --test transcripts` rewrites the files from
//! the actual output (review the diff before committing).

// Test code: a failed unwrap is a failed test (Cargo.toml [lints]).
#![allow(clippy::unwrap_used)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;

use taktable::bot::{Bot, SystemClock};
use taktable::store::Store;

const NOW: &str = "2026-01-01T00:00:00Z";

fn run_segment(db: &Path, out: &Path, input: &str) -> String {
    run_segment_at(db, out, input, NOW, false)
}

/// The public address of the web pages in the transcripts named `web_*`
/// (issue 45): the bot links to pages, nothing is served.
const WEB_BASE_URL: &str = "https://taktable.example";

/// One run of the program on `db`, `input` typed, its clock starting at
/// `now`; with `web`, links to web pages are printed (`WEB_BASE_URL`).
fn run_segment_at(db: &Path, out: &Path, input: &str, now: &str, web: bool) -> String {
    let mut command = Command::new(env!("CARGO_BIN_EXE_taktable"));
    if web {
        command.env("WEB_BASE_URL", WEB_BASE_URL);
    } else {
        command.env_remove("WEB_BASE_URL");
    }
    let mut child = command
        .arg("local")
        .arg("--db")
        .arg(db)
        .arg("--out")
        .arg(out)
        .arg("--echo")
        .env("TAKTABLE_NOW", now)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the taktable binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "taktable failed: {stderr}");
    assert!(stderr.is_empty(), "taktable wrote to stderr: {stderr}");
    let text = String::from_utf8(output.stdout)
        .unwrap()
        .replace(&out.display().to_string(), "OUT");
    // A page's token is random: it prints as TOKEN.
    let token = regex::Regex::new("(/[gst]/)[0-9a-f]{32}").unwrap();
    token.replace_all(&text, "${1}TOKEN").into_owned()
}

/// Runs one transcript; returns its temporary folder (the database and
/// `out/`, where the pictures were written).
fn check(name: &str) -> tempfile::TempDir {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/transcripts")
        .join(format!("{name}.txt"));
    let expected = std::fs::read_to_string(&path).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("taktable.db");
    let out = dir.path().join("out");
    // The transcripts of the web pages' links (issue 45) run with them on.
    let web = name.starts_with("web_");

    let mut actual = String::new();
    let mut start = chrono::DateTime::parse_from_rfc3339(NOW).unwrap();
    let mut input = String::new();
    for line in expected.lines() {
        if let Some(rest) = line.strip_prefix("# restart") {
            actual.push_str(&run_segment_at(&db, &out, &input, &start.to_rfc3339(), web));
            input.clear();
            actual.push_str(line);
            actual.push('\n');
            if let Some(down) = rest.trim().strip_prefix("after ") {
                let down = humantime::parse_duration(down.trim()).expect("a duration");
                start += chrono::Duration::from_std(down).unwrap();
            }
        } else if let Some(command) = line.strip_prefix("> ") {
            input.push_str(command);
            input.push('\n');
        } else if line.starts_with('#') {
            input.push_str(line);
            input.push('\n');
        }
    }
    actual.push_str(&run_segment_at(&db, &out, &input, &start.to_rfc3339(), web));

    if std::env::var_os("TAKTABLE_BLESS").is_some() {
        std::fs::write(&path, &actual).unwrap();
    } else if actual != expected {
        let first = expected
            .lines()
            .zip(actual.lines())
            .position(|(e, a)| e != a)
            .unwrap_or_else(|| expected.lines().count().min(actual.lines().count()));
        panic!(
            "{name}: output differs from line {}\nexpected: {:?}\nactual:   {:?}\n\n--- whole actual output ---\n{actual}",
            first + 1,
            expected.lines().nth(first),
            actual.lines().nth(first),
        );
    }

    // Every game replays from its moves to its stored snapshot.
    let store = Store::open(&db).unwrap();
    let bot = Bot::new(store, Arc::new(SystemClock));
    let games = bot.verify_snapshots().unwrap();
    assert!(games > 0, "{name}: no game was stored");
    dir
}

/// Transcripts with a test of their own below, which checks more than the output.
const WITH_OWN_TEST: &[&str] = &["ratings", "themes"];

/// Every other file in `tests/transcripts/`, found by listing the folder (a new transcript
/// needs no line here), run side by side; the failures are reported together.
#[test]
fn every_transcript_in_the_folder() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    let mut names: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .filter_map(|path| Some(path.file_stem()?.to_str()?.to_string()))
        .filter(|name| !WITH_OWN_TEST.contains(&name.as_str()))
        .collect();
    names.sort();
    assert!(names.len() >= 19, "only {names:?} in {}", folder.display());
    let jobs = std::thread::available_parallelism().map_or(2, |n| n.get());
    let mut failed = Vec::new();
    for batch in names.chunks(jobs) {
        std::thread::scope(|scope| {
            let running: Vec<_> = batch
                .iter()
                .map(|name| (name, scope.spawn(move || drop(check(name)))))
                .collect();
            for (name, run) in running {
                if run.join().is_err() {
                    failed.push(name.clone());
                }
            }
        });
    }
    assert!(failed.is_empty(), "transcripts that failed: {failed:?}");
}

/// Glicko-2 exactly as in Glickman's "Example of the Glicko-2 system"
/// (steps 1 to 8, the Illinois iteration for the volatility), written here
/// independently of the bot, which rates through the skillratings crate.
mod glicko2 {
    use std::f64::consts::PI;

    const SCALE: f64 = 173.7178;

    #[derive(Clone, Copy, Debug)]
    pub struct Player {
        pub rating: f64,
        pub rd: f64,
        pub volatility: f64,
    }

    pub const NEW: Player = Player {
        rating: 1500.0,
        rd: 350.0,
        volatility: 0.06,
    };

    /// One rating period: the player's games against `opponents`, each with
    /// the player's score (1, 0.5 or 0).
    pub fn period(p: Player, opponents: &[(Player, f64)], tau: f64) -> Player {
        let mu = (p.rating - 1500.0) / SCALE;
        let phi = p.rd / SCALE;
        let g = |phi_j: f64| 1.0 / (1.0 + 3.0 * phi_j * phi_j / (PI * PI)).sqrt();
        let e = |mu_j: f64, phi_j: f64| 1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp());
        let mut v_inv = 0.0;
        let mut sum = 0.0;
        for (o, s) in opponents {
            let (mu_j, phi_j) = ((o.rating - 1500.0) / SCALE, o.rd / SCALE);
            let (gj, ej) = (g(phi_j), e(mu_j, phi_j));
            v_inv += gj * gj * ej * (1.0 - ej);
            sum += gj * (s - ej);
        }
        let v = 1.0 / v_inv;
        let delta = v * sum;
        let a = (p.volatility * p.volatility).ln();
        let f = |x: f64| {
            let ex = x.exp();
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
                - (x - a) / (tau * tau)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * tau) < 0.0 {
                k += 1.0;
            }
            a - k * tau
        };
        let (mut fa, mut fb) = (f(big_a), f(big_b));
        while (big_b - big_a).abs() > 1e-6 {
            let c = big_a + (big_a - big_b) * fa / (fb - fa);
            let fc = f(c);
            if fc * fb <= 0.0 {
                big_a = big_b;
                fa = fb;
            } else {
                fa /= 2.0;
            }
            big_b = c;
            fb = fc;
        }
        let volatility = (big_a / 2.0).exp();
        let phi_star = (phi * phi + volatility * volatility).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        Player {
            rating: SCALE * mu_new + 1500.0,
            rd: SCALE * phi_new,
            volatility,
        }
    }
}

#[test]
fn the_independent_glicko2_reproduces_glickmans_example() {
    let player = glicko2::Player {
        rating: 1500.0,
        rd: 200.0,
        volatility: 0.06,
    };
    let o = |rating, rd| glicko2::Player {
        rating,
        rd,
        volatility: 0.06,
    };
    let new = glicko2::period(
        player,
        &[
            (o(1400.0, 30.0), 1.0),
            (o(1550.0, 100.0), 0.0),
            (o(1700.0, 300.0), 0.0),
        ],
        0.5,
    );
    assert!((new.rating - 1464.06).abs() < 0.01, "{new:?}");
    assert!((new.rd - 151.52).abs() < 0.01, "{new:?}");
    assert!((new.volatility - 0.05999).abs() < 0.00001, "{new:?}");
}

#[test]
fn ratings() {
    // Issue 6: the rating change after one rated game between two new
    // players, checked against Glicko-2 computed independently.
    check("ratings");
    let winner = glicko2::period(glicko2::NEW, &[(glicko2::NEW, 1.0)], 0.5);
    let loser = glicko2::period(glicko2::NEW, &[(glicko2::NEW, 0.0)], 0.5);
    let change = |p: glicko2::Player| {
        let after = p.rating.round() as i64;
        format!("1500 -> {after} ({:+})", after - 1500)
    };
    let expected = format!(
        "Rating changes: @alice {}, @bob {}.",
        change(winner),
        change(loser)
    );
    assert_eq!(
        expected,
        "Rating changes: @alice 1500 -> 1662 (+162), @bob 1500 -> 1338 (-162)."
    );
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts/ratings.txt"),
    )
    .unwrap();
    assert!(text.contains(&expected), "{expected}");
    let rd = winner.rd.round() as i64;
    assert!(
        text.contains(&format!("1662 (RD {rd}, provisional)")),
        "RD {rd}"
    );
    assert!(
        text.contains(&format!(
            "1338 (RD {}, provisional)",
            loser.rd.round() as i64
        )),
        "loser RD"
    );
}

#[test]
fn themes() {
    // Issue 4: `/theme` stores a player's theme; `/themes` lists them.
    // Issue 13 item 10: one theme per game, its challenger's when it began.
    // The transcript shows the replies; here the pictures are read back.
    use taktable::render::layout::{HEIGHT, WIDTH};
    use taktable::render::Theme;
    let dir = check("themes");
    let out = dir.path().join("out");
    let background = |file: &str| {
        let img = image::open(out.join(file))
            .unwrap_or_else(|e| panic!("{file}: {e}"))
            .to_rgb8();
        assert_eq!(img.dimensions(), (WIDTH, HEIGHT), "{file}");
        img.get_pixel(2, 2).0
    };
    // Game 1, alice's challenge, is in her wood theme to the end: after
    // she switched to contrast, and on bob's move (bob chose paper).
    for file in ["game-1-ply-0.png", "game-1-ply-1.png", "game-1-ply-2.png"] {
        assert_eq!(background(file), Theme::Wood.palette().background, "{file}");
    }
    // Game 2, bob's rematch, is in his paper theme.
    assert_eq!(
        background("game-2-ply-0.png"),
        Theme::Paper.palette().background
    );
    // The four themes have four backgrounds, so the checks above can tell them apart.
    let backgrounds: std::collections::HashSet<_> =
        Theme::ALL.iter().map(|t| t.palette().background).collect();
    assert_eq!(backgrounds.len(), Theme::ALL.len());
}

#[test]
fn odd_lines_never_crash_the_program() {
    // Issue 3: no panic is reachable from any input line.
    let dir = tempfile::tempdir().unwrap();
    let long = "x".repeat(10_000);
    let lines = [
        "/",
        "//",
        "/ move",
        "/move notation:",
        "/move notation:\"\"",
        "/move :",
        "/move é",
        "/tak challenge size:-1 komi:-0",
        "/tak challenge komi:NaN",
        "/tak challenge komi:inf",
        "/tak challenge komi:1e308",
        "/tak challenge opponent:@",
        "/tak challenge opponent:@é",
        "/tak CHALLENGE opponent:@Bob size:3 color:Black opening:NO-SWAP",
        ":user bob",
        "/accept",
        "/move notation:9z9>99999",
        "/move 1a1>1111111111111",
        "/move Ca1",
        "/move a1",
        ":user alice",
        "/move a1+*'!?",
        "/move 0a1",
        "/move a0",
        "/export extra:1",
        "/export game:-1",
        "/export game:99999999999999999999",
        "/export game:9223372036854775807",
        "/remind every:",
        "/remind every:1d every:2d",
        "/settings reminder:1y",
        "/leaderboard page:9223372036854775807",
        "/leaderboard game:",
        "/rating user:@ game:tak",
        "/history user:@nobody",
        "/claim",
        "/notify dm:maybe",
        "/games extra:1",
        ":advance 0s",
        ":advance -5m",
        ":advance 100000000y",
        ":advance 10000y",
        ":user",
        ":channel",
        ":",
        "\u{0}",
        "📦",
        &long,
        &format!("/move {long}"),
    ];
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let out = run_segment(&dir.path().join("t.db"), &dir.path().join("out"), &input);
    assert!(out.contains("bot"), "{out}");
}

/// The output of `taktable local --jobs JOBS` for `input`, on a fresh database.
fn run_with_jobs(input: &str, jobs: u16) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let mut child = Command::new(env!("CARGO_BIN_EXE_taktable"))
        .arg("local")
        .arg("--db")
        .arg(dir.path().join("taktable.db"))
        .arg("--out")
        .arg(&out)
        .arg("--jobs")
        .arg(jobs.to_string())
        .env("TAKTABLE_NOW", NOW)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout)
        .unwrap()
        .replace(&out.display().to_string(), "OUT")
}

#[test]
fn parallel_jobs_keep_each_channels_replies_in_order() {
    // `--jobs 2` handles channels at once (issue 4's load test uses it):
    // every channel must see exactly the replies, in the order, that it
    // sees when everything runs one command at a time.
    let mut input = String::new();
    for c in 0..6 {
        input.push_str(&format!(
            ":channel c{c}\n:user a{c}\n/tak challenge opponent:@b{c} size:3 color:white\n:user b{c}\n/accept\n"
        ));
    }
    for (ply, mv) in ["a3", "c1", "b1", "a2", "b2", "a1", "b3"]
        .iter()
        .enumerate()
    {
        for c in 0..6 {
            let user = if ply % 2 == 0 { 'a' } else { 'b' };
            input.push_str(&format!(
                ":channel c{c}\n:user {user}{c}\n/move notation:{mv}\n"
            ));
        }
    }
    let by_channel = |text: &str, c: usize| -> Vec<String> {
        let tag = format!("[c{c}]");
        let mut lines = Vec::new();
        let mut inside = false;
        for line in text.lines() {
            if line.starts_with('[') {
                inside = line.starts_with(&tag);
            }
            if inside {
                // Game numbers depend on which channel's /accept ran first.
                let words: Vec<String> = line
                    .split(' ')
                    .map(|w| {
                        if w.starts_with('#') || w.starts_with("OUT/game-") {
                            "GAME".to_string()
                        } else {
                            w.to_string()
                        }
                    })
                    .collect();
                lines.push(words.join(" "));
            }
        }
        lines
    };
    let serial = run_with_jobs(&input, 1);
    let parallel = run_with_jobs(&input, 2);
    for c in 0..6 {
        let expected = by_channel(&serial, c);
        assert!(expected.iter().any(|l| l.contains("wins, 0-R")), "{serial}");
        assert_eq!(by_channel(&parallel, c), expected, "channel c{c}");
    }
}
