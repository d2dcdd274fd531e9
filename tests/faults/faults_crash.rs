//! The crash test (issue 16): many games played at once through the
//! terminal adapter (`taktable local`), the process killed with SIGKILL at
//! random moments and restarted, 20 times. Every move that was answered is
//! in the database at the ply it was answered for, every game replays to
//! its snapshot, and nothing is duplicated (one game per channel, one move
//! per ply). Ignored in CI (it runs the program 22 times); run by hand:
//! `cargo test --release --test faults faults_crash:: -- --ignored --nocapture`.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command as Process, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use taktable::bot::{Bot, SystemClock};
use taktable::games::tak::{Move, Position, Rules};
use taktable::store::Store;

const GAMES: usize = 16;
const KILLS: usize = 20;

fn channel(game: usize) -> String {
    format!("crash{game}")
}

fn bare(notation: &str) -> &str {
    notation.trim_end_matches(['*', '\'', '"', '!', '?'])
}

/// Runs `taktable local` on `db` with `input`; kills it after `kill_after`
/// (or lets it finish); returns its output lines.
fn run(db: &Path, out: &Path, input: String, kill_after: Option<Duration>) -> Vec<String> {
    let mut child = Process::new(env!("CARGO_BIN_EXE_taktable"))
        .arg("local")
        .arg("--db")
        .arg(db)
        .arg("--out")
        .arg(out)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let lines = Arc::new(Mutex::new(Vec::new()));
    let reader = {
        let lines = Arc::clone(&lines);
        let stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                lines.lock().unwrap().push(line);
            }
        })
    };
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        // The pipe breaks when the process is killed: that is expected.
        let _ = stdin.write_all(input.as_bytes());
    });
    if let Some(after) = kill_after {
        std::thread::sleep(after);
        child.kill().unwrap(); // SIGKILL
    }
    child.wait().unwrap();
    writer.join().unwrap();
    reader.join().unwrap();
    let lines = lines.lock().unwrap().clone();
    lines
}

/// Each channel's moves as the database holds them, in ply order.
fn stored_moves(db: &Path) -> HashMap<String, Vec<String>> {
    let conn = rusqlite::Connection::open(db).unwrap();
    let mut stmt = conn
        .prepare(
            "SELECT g.channel, m.notation FROM moves m JOIN games g ON g.id = m.game_id
             ORDER BY g.id, m.ply",
        )
        .unwrap();
    let mut moves: HashMap<String, Vec<String>> = HashMap::new();
    for row in stmt
        .query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))
        .unwrap()
    {
        let (channel, notation) = row.unwrap();
        moves.entry(channel).or_default().push(notation);
    }
    moves
}

#[test]
#[ignore = "runs the program 22 times (about a minute); run by hand"]
fn killed_twenty_times_it_keeps_every_answered_move() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("crash.db");
    let out = dir.path().join("out");
    let mut rng = SmallRng::seed_from_u64(16);
    // The games, set up in one clean run.
    let mut setup = String::new();
    for game in 0..GAMES {
        setup.push_str(&format!(
            ":channel {}\n:user alice\n/tak challenge opponent:@bob size:5 color:white rated:false\n:user bob\n/accept\n",
            channel(game)
        ));
    }
    run(&db, &out, setup, None);
    let mut answered_total = 0;
    let mut sent_total = 0;
    let started = Instant::now();
    for round in 0..=KILLS {
        // Where every game stands, from the database (the source of truth).
        let stored = stored_moves(&db);
        let mut positions: Vec<Position> = (0..GAMES)
            .map(|game| {
                let mut p = Position::new(Rules::standard(5).unwrap());
                for notation in stored.get(&channel(game)).into_iter().flatten() {
                    let mv: Move = bare(notation).parse().unwrap();
                    p.play(mv).unwrap();
                }
                p
            })
            .collect();
        // A stream of legal moves round the games; each channel's k-th
        // answer this run is its k-th move sent.
        let mut input = String::new();
        let mut sent: Vec<Vec<(usize, String)>> = vec![Vec::new(); GAMES];
        for _ in 0..400 {
            let game = rng.random_range(0..GAMES);
            let p = &mut positions[game];
            let legal = p.legal_moves();
            if legal.is_empty() || p.is_over() {
                continue;
            }
            let mv = legal[rng.random_range(0..legal.len())];
            let who = if p.ply() % 2 == 0 { "alice" } else { "bob" };
            input.push_str(&format!(
                ":channel {}\n:user {who}\n/move {mv}\n",
                channel(game)
            ));
            sent[game].push((p.ply() as usize, mv.to_string()));
            p.play(mv).unwrap();
        }
        let kill = (round < KILLS).then(|| Duration::from_millis(rng.random_range(50..1_500)));
        let lines = run(&db, &out, input, kill);
        // The answers this run, per channel, in order.
        let mut answered: Vec<usize> = vec![0; GAMES];
        for line in &lines {
            let Some(rest) = line.strip_prefix("[crash") else {
                continue;
            };
            let Some((game, text)) = rest.split_once("] bot: ") else {
                continue;
            };
            if text.contains(" played ") && !text.starts_with('(') {
                answered[game.parse::<usize>().unwrap()] += 1;
            }
        }
        let stored = stored_moves(&db);
        for game in 0..GAMES {
            let moves = stored.get(&channel(game)).cloned().unwrap_or_default();
            for (ply, notation) in &sent[game][..answered[game]] {
                assert_eq!(
                    moves.get(*ply).map(|n| bare(n)),
                    Some(notation.as_str()),
                    "round {round}, {}: the answered move {notation} (ply {ply}) is not in the database",
                    channel(game)
                );
            }
            answered_total += answered[game];
            sent_total += sent[game].len();
        }
    }
    let elapsed = started.elapsed();
    // Nothing duplicated: one game per channel; the primary key keeps one move per ply.
    let conn = rusqlite::Connection::open(&db).unwrap();
    let games: i64 = conn
        .query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))
        .unwrap();
    assert_eq!(games, GAMES as i64);
    let check: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(check, "ok");
    let moves: i64 = conn
        .query_row("SELECT COUNT(*) FROM moves", [], |r| r.get(0))
        .unwrap();
    drop(conn);
    let bot = Bot::new(Store::open(&db).unwrap(), Arc::new(SystemClock));
    assert_eq!(bot.verify_snapshots(), Ok(GAMES));
    println!(
        "crash: {KILLS} SIGKILLs and a clean run over {GAMES} games in {elapsed:.1?}: {sent_total} moves sent, \
         {answered_total} answered and all kept, {moves} moves in the database, every game replays to its snapshot"
    );
}
