//! `taktable replay` on real game files (issue 15): PTN Ninja's files with
//! branches are played along their main line, and a result the rules do
//! not give is warned of while the replay succeeds with the rules' result.

// Test code: a failed unwrap is a failed test (Cargo.toml [lints]).
#![allow(clippy::unwrap_used)]

use std::process::{Command, Output};

const BRANCHES: &str = "tests/data/tak/games/ptn-ninja-branches.ptn";

fn taktable(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_taktable"))
        .args(args)
        .output()
        .expect("the taktable binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Runs `taktable replay FILE` on `ptn` written to a file.
fn replay(ptn: &str) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.ptn");
    std::fs::write(&path, ptn).unwrap();
    taktable(&["replay", path.to_str().unwrap()])
}

/// The position after the main line's 13 plies: black's a6 and b5-e5,
/// white's a2-e2, e1 and f1, black's wall on f2 (RULINGS Tak 2: the first
/// two plies place the opponent's flat). None of the branches' moves (f2
/// flat, e1 for black, a5, Sf3, e3) is on the board.
const MAIN_LINE_END: &str = "2,x5/x,2,2,2,2,x/x6/x6/1,1,1,1,1,2S/x4,1,1 2 7";

#[test]
fn a_ptn_ninja_file_is_played_along_its_main_line() {
    let out = taktable(&["replay", BRANCHES]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    // a2-e2, e1, f1 joins the west and east edges: a road (RULINGS Tak 4a).
    assert_eq!(text(&out.stdout), format!("{MAIN_LINE_END}\nR-0\n"));
    assert_eq!(text(&out.stderr), "");
}

#[test]
fn a_branch_of_its_own_is_not_the_main_line() {
    let ptn = std::fs::read_to_string(BRANCHES).unwrap();
    // Without the blank line before it, `{Black blocks e1}` is a comment
    // of the main line, which then goes on with a second move 6: PTN
    // Ninja reads it so too, and so the move list is no longer legal.
    let joined = ptn.replace("R-0\n\n{Black blocks e1}", "{Black blocks e1}");
    let out = replay(&joined);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    // A move number with the branch's path (`6./7.`) ends the main line too.
    let path = ptn.replace("{Black blocks e1}\n6. -- e1", "6./7. f2");
    let out = replay(&path);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), format!("{MAIN_LINE_END}\nR-0\n"));
}

#[test]
fn a_wrong_result_is_warned_of_and_the_rules_result_printed() {
    // Issue 15: the file claims flats for white; the rules see a road.
    let ptn = std::fs::read_to_string(BRANCHES)
        .unwrap()
        .replace("[Result \"R-0\"]", "[Result \"F-0\"]")
        .replace("7. e1'' R-0", "7. e1'' F-0");
    let out = replay(&ptn);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), format!("{MAIN_LINE_END}\nR-0\n"));
    assert_eq!(
        text(&out.stderr),
        "warning: the file gives the result F-0 but the rules give R-0 (a road) for the final position\n"
    );
    // A result for a game the rules have not ended: the rules' `*`.
    let unfinished = std::fs::read_to_string(BRANCHES)
        .unwrap()
        .replace("7. e1'' R-0", "");
    let out = replay(&unfinished);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).ends_with("\n*\n"),
        "{}",
        text(&out.stdout)
    );
    assert_eq!(
        text(&out.stderr),
        "warning: the file gives the result R-0 but the game is not over by the rules (*) for the final position\n"
    );
}
