//! `taktable tei`: a transcript of the TEI protocol through the binary
//! (the way match runners drive engines).

// Test code: a failed unwrap is a failed test (Cargo.toml [lints]).
#![allow(clippy::unwrap_used)]

use std::io::Write;
use std::process::{Command, Stdio};

use taktable::games::tak::search::policy::Policy;
use taktable::games::tak::{Move, Position, Rules};

fn run_tei(input: &str) -> String {
    run_tei_with(&[], input)
}

/// `taktable tei` with these arguments, fed `input`: its standard output.
fn run_tei_with(args: &[&str], input: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_taktable"))
        .arg("tei")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "{:?}", output);
    String::from_utf8(output.stdout).unwrap()
}

fn best_moves(out: &str) -> Vec<Move> {
    out.lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(|m| m.parse().unwrap())
        .collect()
}

#[test]
fn a_match_runner_transcript() {
    let out = run_tei(
        "tei\n\
         setoption name HalfKomi value 4\n\
         isready\n\
         teinewgame 6\n\
         position startpos moves a1 f6\n\
         go nodes 3000\n\
         position startpos moves a1 f6 c3\n\
         go wtime 5000 btime 5000 winc 100 binc 100\n\
         quit\n\
         go nodes 100\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("id name taktable"), "{out}");
    let teiok = lines.iter().position(|l| *l == "teiok").unwrap();
    assert_eq!(lines[teiok + 1], "readyok");
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info depth 1 score cp ")));
    assert!(!out.contains("error"), "{out}");
    // Two searches, then quit: the `go` after it is never read.
    let moves = best_moves(&out);
    assert_eq!(moves.len(), 2, "{out}");
    let rules = Rules::standard(6).unwrap();
    let mut position = Position::new(rules);
    for text in ["a1", "f6"] {
        position.play(text.parse().unwrap()).unwrap();
    }
    position.clone().play(moves[0]).unwrap();
    position.play("c3".parse().unwrap()).unwrap();
    position.play(moves[1]).unwrap();
}

#[test]
fn a_road_in_one_from_a_tps() {
    // RULINGS Tak 5: White a1-d1 on 5x5, White to move: e1 wins.
    let out = run_tei(
        "teinewgame 5\n\
         position tps x5/x5/x5/2,2,2,x2/1,1,1,1,x 1 5\n\
         go movetime 500\n",
    );
    let moves = best_moves(&out);
    assert_eq!(moves.len(), 1, "{out}");
    let e1 = moves[0].to_string();
    assert!(e1 == "e1" || e1 == "Ce1", "{out}");
}

#[test]
fn the_tree_search_answers_over_tei() {
    // `tei --mcts` (docs/ai.md, "A search that averages: MCTS (2026-11-29,
    // evening)"): a road in one is played (RULINGS Tak 5), and `go nodes`
    // counts the tree's visits.
    let out = road_then_opening(&["--mcts"], "movetime 500", "nodes 500");
    assert!(out.contains(" nodes 500 "), "{out}");
}

/// Runs `tei` with `args` on a 5x5 position with a road in one for White
/// (a1-d1; e1 completes it), then on 6x6 after `a1 f6`: checks that the
/// first answer is the road and the second a legal move; returns the
/// output.
fn road_then_opening(args: &[&str], first_go: &str, second_go: &str) -> String {
    let out = run_tei_with(
        args,
        &format!(
            "teinewgame 5\n\
             position tps x5/x5/x5/2,2,2,x2/1,1,1,1,x 1 5\n\
             go {first_go}\n\
             teinewgame 6\n\
             position startpos moves a1 f6\n\
             go {second_go}\n"
        ),
    );
    let moves = best_moves(&out);
    assert_eq!(moves.len(), 2, "{out}");
    let e1 = moves[0].to_string();
    assert!(e1 == "e1" || e1 == "Ce1", "{out}");
    let mut position = Position::new(Rules::standard(6).unwrap());
    for text in ["a1", "f6"] {
        position.play(text.parse().unwrap()).unwrap();
    }
    position.play(moves[1]).unwrap();
    out
}

#[test]
fn the_tree_search_plays_with_a_policy_file() {
    // `tei --mcts --policy FILE` (docs/ai.md, "A learned policy for the
    // tree search"): with a policy file (here one weighing every move
    // alike) the tree search still plays a road in one (RULINGS Tak 5) and
    // a legal move after `a1 f6`; a file that is not a policy is refused
    // before any line is read.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("policy.txt");
    std::fs::write(&file, Policy::uniform().to_text()).unwrap();
    let file = file.to_str().unwrap();
    road_then_opening(&["--mcts", "--policy", file], "nodes 300", "nodes 300");

    let refused = Command::new(env!("CARGO_BIN_EXE_taktable"))
        .args(["tei", "--mcts", "--policy", "Cargo.toml"])
        .output()
        .unwrap();
    assert!(!refused.status.success());
    let error = String::from_utf8_lossy(&refused.stderr);
    assert!(error.contains("a policy file starts"), "{error}");
}

#[test]
fn errors_are_reported_on_the_protocol_and_the_engine_goes_on() {
    let out = run_tei(
        "position tps not-a-tps 1 1\n\
         position startpos moves a1 zz\n\
         setoption name Level value 12\n\
         go nodes\n\
         isready\n",
    );
    let errors = out
        .lines()
        .filter(|l| l.starts_with("info string error: "))
        .count();
    assert_eq!(errors, 4, "{out}");
    assert!(out.ends_with("readyok\n"), "{out}");
}

/// The next `bestmove` the engine prints within 30 seconds.
fn next_best_move(received: &std::sync::mpsc::Receiver<String>) -> String {
    loop {
        let line = received
            .recv_timeout(std::time::Duration::from_secs(30))
            .expect("a bestmove soon");
        if let Some(mv) = line.strip_prefix("bestmove ") {
            return mv.to_string();
        }
    }
}

#[test]
fn stop_ends_a_search_under_way_with_its_best_move() {
    // `go nodes` a billion would run for many minutes, `go infinite`
    // until stopped; `stop` sent while either runs is read at once and
    // answered with a legal best move.
    use std::io::{BufRead, BufReader};
    use std::sync::mpsc;
    use std::time::Duration;
    let mut child = Command::new(env!("CARGO_BIN_EXE_taktable"))
        .arg("tei")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (lines, received) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    stdin
        .write_all(b"tei\nteinewgame 6\nposition startpos moves a1 f6\n")
        .unwrap();
    for go in ["go nodes 1000000000\n", "go infinite\n"] {
        stdin.write_all(go.as_bytes()).unwrap();
        std::thread::sleep(Duration::from_millis(500));
        stdin.write_all(b"stop\n").unwrap();
        let best = next_best_move(&received);
        let mut position = Position::new(Rules::standard(6).unwrap());
        for mv in ["a1", "f6", &best] {
            position.play(mv.parse().unwrap()).unwrap();
        }
    }
    // The session goes on: the next search runs to its own limits.
    stdin.write_all(b"go depth 1\nquit\n").unwrap();
    next_best_move(&received);
    assert!(child.wait().unwrap().success());
}
