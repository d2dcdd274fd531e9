//! The `taktable` command line, run as a program: `perft`, `replay`,
//! `legal` (issue 2 and issue 7 interfaces, exactly as specified).

use std::process::{Command, Output};

fn taktable(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_taktable"))
        .args(args)
        .output()
        .expect("run taktable")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn perft_prints_one_line_per_depth() {
    let out = taktable(&["perft", "--size", "5", "--depth", "3"]);
    assert!(out.status.success());
    let lines: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(lines.len(), 3);
    for (line, (depth, nodes)) in lines.iter().zip([(1, 25), (2, 600), (3, 43320)]) {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(
            words[..5],
            [
                "depth",
                &depth.to_string(),
                "nodes",
                &nodes.to_string(),
                "time"
            ]
        );
        assert!(words[5].parse::<f64>().is_ok(), "{line}");
    }
}

#[test]
fn perft_from_a_tps_with_komi() {
    let out = taktable(&[
        "perft",
        "--size",
        "6",
        "--tps",
        "x6/x4,1S,x/x2,21111S,1C,22122C,x/x6/x6/x6 2 11",
        "--depth",
        "2",
        "--komi",
        "-1.5",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("depth 2 nodes 11683 time"));
    let bad = taktable(&["perft", "--size", "9", "--depth", "1"]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(stderr(&bad).contains("size must be 3 to 8"));
    let bad = taktable(&[
        "perft",
        "--size",
        "5",
        "--tps",
        "x6/x6/x6/x6/x6/x6 1 1",
        "--depth",
        "1",
    ]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(stderr(&bad).contains("6x6 board but the game is 5x5"));
}

#[test]
fn replay_prints_the_final_tps_and_the_result() {
    let out = taktable(&["replay", "tests/data/tak/games/road-win.ptn"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "x4,2/x4,2/x4,2/x4,2S/1,1,1,1,1 2 5\nR-0\n");
    let out = taktable(&["replay", "tests/data/tak/games/flat-win.ptn"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "2,1,2/1S,1S,1S/2,1,2 2 5\n0-F\n");
}

#[test]
fn replay_names_the_ply_of_an_illegal_move_and_exits_1() {
    let out = taktable(&["replay", "tests/data/tak/games/illegal-move.ptn"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("ply 5 (move 3, white) `c3+`: a wall on c4 blocks that move"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn replay_refuses_a_result_the_rules_do_not_give() {
    let out = taktable(&["replay", "tests/data/tak/games/wrong-result.ptn"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("the file gives the result 0-R but the rules give R-0"));
    let missing = taktable(&["replay", "tests/data/tak/games/no-such-file.ptn"]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(stderr(&missing).contains("can't read"));
}

#[test]
fn replay_takat_records() {
    // RULINGS Takat 8: the player left without a legal turn loses.
    let out = taktable(&[
        "replay",
        "--game",
        "takat",
        "tests/data/takat/games/black-wins.takat",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "wwb/w/wbb/w/bb/w/bb w C\n0-1\n");
    let out = taktable(&[
        "replay",
        "--game",
        "takat",
        "tests/data/takat/games/white-wins.takat",
    ]);
    assert_eq!(stdout(&out), "ww/bbb/w/wbw/w/bbb/b b SE\n1-0\n");
}

#[test]
fn legal_lists_sorted_canonical_turns() {
    // RULINGS Takat 4 and 7: after +N; +S White may enter, or move its own
    // piece on N, but not Black's piece just entered on S.
    let out = taktable(&["legal", "--game", "takat", "--moves", "+n; s"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "+NE\n+NW\n+SE\n+SW\nN-C\nN-NE\nN-NW\n");
    // RULINGS Tak 2: in the swap opening only flats are placed.
    let out = taktable(&["legal", "--game", "tak", "--size", "3", "--moves", "a1"]);
    assert_eq!(stdout(&out).lines().count(), 8);
    assert!(stdout(&out).lines().all(|l| l.len() == 2));
    let out = taktable(&["legal", "--position", "x3/x3/x3 1 2"]);
    let lines: Vec<String> = stdout(&out).lines().map(String::from).collect();
    assert_eq!(
        lines.len(),
        18,
        "9 flats and 9 walls on 3x3 without capstones"
    );
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    let bad = taktable(&["legal", "--game", "takat", "--moves", "+N; C-N"]);
    assert_eq!(bad.status.code(), Some(1));
    assert!(
        stderr(&bad).contains("turn 2 of --moves"),
        "{}",
        stderr(&bad)
    );
}

#[test]
fn perft_for_takat() {
    let out = taktable(&["perft", "--game", "takat", "--depth", "4"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let nodes: Vec<&str> = text.lines().map(|l| l.split(' ').nth(3).unwrap()).collect();
    assert_eq!(nodes, ["6", "30", "210", "996"]);
}

#[test]
fn render_writes_a_png_of_a_position_or_explains_why_not() {
    // Issue 4: `taktable render --tps ... --out FILE.png`, exit 1 on a bad TPS or move.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("board.png");
    let o = taktable(&[
        "render",
        "--tps",
        "x5/x5/x2,12C,x2/x5/1,x4 2 3",
        "--last",
        "c3-",
        "--white",
        "alice",
        "--black",
        "bob",
        "--komi",
        "2.5",
        "--theme",
        "contrast",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let img = image::open(&out).unwrap();
    // 874 = the board and cards (838) plus the flat-count bar (issue 13 item 10).
    assert_eq!((img.width(), img.height()), (720, 874));

    for (args, message) in [
        (vec!["--tps", "x5/x5/x5 1 1"], "bad TPS"),
        (
            vec!["--tps", "x5/x5/x5/x5/x5 1 1", "--last", "3c3>111"],
            "does not fit",
        ),
        (
            vec!["--tps", "x5/x5/x5/x5/x5 1 1", "--last", "zz"],
            "--last",
        ),
        (
            vec!["--tps", "x5/x5/x5/x5/x5 1 1", "--theme", "neon"],
            "no theme `neon`",
        ),
    ] {
        let mut all = vec!["render", "--out", out.to_str().unwrap()];
        all.extend(args);
        let o = taktable(&all);
        assert_eq!(o.status.code(), Some(1), "{all:?}");
        assert!(stderr(&o).contains(message), "{all:?}: {}", stderr(&o));
    }

    // RULINGS Takat 1: a Takat position, with its last turn.
    let takat = dir.path().join("takat.png");
    let o = taktable(&[
        "render",
        "--game",
        "takat",
        "--position",
        "bbw/wb/x/x/x/x/b b N",
        "--last",
        "C-N",
        "--out",
        takat.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(image::open(&takat).is_ok());
}
