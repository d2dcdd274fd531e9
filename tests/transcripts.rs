//! End-to-end tests: each file in `tests/transcripts/` is a session of
//! `taktable local` — input lines (`> /move c3`, `> :user bob`), each
//! followed by the output it must produce. `#` lines are comments (echoed
//! as they are), and `# restart` ends the program and starts it again on
//! the same database and output folder. The real binary runs with its clock
//! pinned (`TAKTABLE_NOW`), so every line is deterministic; the temporary
//! output folder prints as `OUT`.
//!
//! After each transcript the database is opened again and every game is
//! replayed from its move list: the replay must reproduce every stored
//! snapshot (issue 3: the move list is the source of truth).
//!
//! `TAKTABLE_BLESS=1 cargo test --test transcripts` rewrites the files from
//! the actual output (review the diff before committing).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;

use taktable::bot::{Bot, SystemClock};
use taktable::store::Store;

const NOW: &str = "2026-01-01T00:00:00Z";

fn run_segment(db: &Path, out: &Path, input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_taktable"))
        .arg("local")
        .arg("--db")
        .arg(db)
        .arg("--out")
        .arg(out)
        .arg("--echo")
        .env("TAKTABLE_NOW", NOW)
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
    String::from_utf8(output.stdout)
        .unwrap()
        .replace(&out.display().to_string(), "OUT")
}

fn check(name: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/transcripts")
        .join(format!("{name}.txt"));
    let expected = std::fs::read_to_string(&path).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("taktable.db");
    let out = dir.path().join("out");

    let mut actual = String::new();
    for (i, segment) in expected.split("# restart\n").enumerate() {
        if i > 0 {
            actual.push_str("# restart\n");
        }
        let input: String = segment
            .lines()
            .filter_map(|line| {
                if let Some(command) = line.strip_prefix("> ") {
                    Some(format!("{command}\n"))
                } else if line.starts_with('#') {
                    Some(format!("{line}\n"))
                } else {
                    None
                }
            })
            .collect();
        actual.push_str(&run_segment(&db, &out, &input));
    }

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
}

macro_rules! transcripts {
    ($($name:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                check(stringify!($name));
            }
        )*
    };
}

transcripts!(
    road_win,
    flat_win,
    draw,
    resign_and_rematch,
    undo,
    rejections,
    restart,
    open_challenge,
    takat_stack_of_six,
    takat_white_wins,
    takat_black_wins,
);

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
