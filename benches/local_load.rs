//! Load test of the whole bot through the terminal adapter (issue 4):
//! many games in many channels, every move parsed, checked, committed to
//! SQLite, rendered and written as a PNG.
//!
//! `cargo bench --bench local_load [-- GAMES MOVES JOBS]` builds the release
//! binary's input (a transcript of random legal 5x5 and 6x6 Tak games, one
//! per channel, each line naming its user and channel (`@a3 #c3 /move a1`),
//! their moves interleaved round-robin), runs `taktable local --jobs JOBS`
//! (default 1) on a fresh
//! database, and prints moves per second and the process's peak resident
//! memory. Target (issue 16): at least 600 moves/s on one core over 50
//! concurrent games, peak memory under 100 MB.

// A benchmark: a failed unwrap is a failed run (Cargo.toml [lints]).
#![allow(clippy::unwrap_used)]

use std::fmt::Write as _;
use std::io::Write as _;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use taktable::games::tak::{Position, Rules};

/// A random legal game of Tak of `size`, as canonical PTN, at most `plies` long.
fn random_game(rng: &mut SmallRng, size: u8, plies: usize) -> Vec<String> {
    let mut p = Position::new(Rules::standard(size).unwrap());
    let mut moves = Vec::new();
    while !p.is_over() && moves.len() < plies {
        let legal = p.legal_moves();
        let mv = legal[rng.random_range(0..legal.len())];
        moves.push(p.ptn(mv));
        p.play(mv).unwrap();
    }
    moves
}

fn transcript(games: usize, moves_per_channel: usize) -> (String, usize) {
    let mut rng = SmallRng::seed_from_u64(2026);
    let mut input = String::new();
    // Per channel: the games it plays one after the other.
    let mut queues: Vec<Vec<Vec<String>>> = Vec::new();
    // Each line names its user and channel, so `--jobs 2` can run channels
    // at once (a `:user` line would wait for all work in flight).
    let size = |c: usize| if c % 2 == 0 { 5 } else { 6 };
    for c in 0..games {
        let mut left = moves_per_channel;
        let mut queue = Vec::new();
        while left > 0 {
            let game = random_game(&mut rng, size(c), left);
            left -= game.len();
            queue.push(game);
        }
        queues.push(queue);
        let _ = writeln!(
            input,
            "@a{c} #c{c} /tak challenge opponent:@b{c} size:{} color:white rated:false\n@b{c} #c{c} /accept",
            size(c)
        );
    }
    let mut total = 0;
    let mut cursor = vec![(0usize, 0usize); games];
    loop {
        let mut progressed = false;
        for c in 0..games {
            let (g, m) = cursor[c];
            let Some(game) = queues[c].get(g) else {
                continue;
            };
            progressed = true;
            let user = if m % 2 == 0 { 'a' } else { 'b' };
            let _ = writeln!(input, "@{user}{c} #c{c} /move notation:{}", game[m]);
            total += 1;
            if m + 1 < game.len() {
                cursor[c] = (g, m + 1);
            } else {
                cursor[c] = (g + 1, 0);
                if g + 1 < queues[c].len() {
                    // The game ended (or hit its length): a new one, same colours.
                    let _ = writeln!(
                        input,
                        "@a{c} #c{c} /abort\n@a{c} #c{c} /tak challenge opponent:@b{c} size:{} color:white rated:false\n@b{c} #c{c} /accept",
                        size(c)
                    );
                }
            }
        }
        if !progressed {
            break;
        }
    }
    (input, total)
}

/// The peak resident memory of a running process, in kB (Linux).
fn peak_rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let games = args.first().copied().unwrap_or(50);
    let moves_per_channel = args.get(1).copied().unwrap_or(200);
    let jobs = args.get(2).copied().unwrap_or(1);
    let (input, moves) = transcript(games, moves_per_channel);
    // The input kept for profiling by hand (`perf record taktable local < FILE`).
    if let Ok(path) = std::env::var("TAKTABLE_LOAD_INPUT") {
        std::fs::write(path, &input).expect("write the load's input");
    }
    let dir = tempfile::tempdir().unwrap();
    let binary = env!("CARGO_BIN_EXE_taktable");
    let mut child = Command::new(binary)
        .arg("local")
        .arg("--db")
        .arg(dir.path().join("load.db"))
        .arg("--out")
        .arg(dir.path().join("out"))
        .arg("--jobs")
        .arg(jobs.to_string())
        .env("TAKTABLE_NOW", "2026-01-01T00:00:00Z")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("run taktable local");
    let pid = child.id();
    let start = Instant::now();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        use std::io::BufRead;
        std::io::BufReader::new(stdout)
            .lines()
            .map_while(Result::ok)
            .filter(|l| l.contains("file: "))
            .count()
    });
    let mut peak = 0;
    while child.try_wait().unwrap().is_none() {
        if let Some(kb) = peak_rss_kb(pid) {
            peak = peak.max(kb);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let elapsed = start.elapsed().as_secs_f64();
    writer.join().unwrap().unwrap();
    let pictures = reader.join().unwrap();
    // CPU time of the finished child: it tells the cost per move even when
    // other work shares the machine.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    unsafe { libc::getrusage(libc::RUSAGE_CHILDREN, &mut usage) };
    let cpu = usage.ru_utime.tv_sec as f64
        + usage.ru_utime.tv_usec as f64 / 1e6
        + usage.ru_stime.tv_sec as f64
        + usage.ru_stime.tv_usec as f64 / 1e6;
    println!(
        "{games} games in {games} channels, {jobs} job(s): {moves} moves in {elapsed:.2} s = {:.0} moves/s; \
         CPU {cpu:.2} s ({:.2} ms per move); {pictures} pictures written; peak RSS {:.1} MB (getrusage: {:.1} MB)",
        moves as f64 / elapsed,
        cpu * 1000.0 / moves as f64,
        peak as f64 / 1024.0,
        usage.ru_maxrss as f64 / 1024.0
    );
}
