//! The `taktable` command line, run as a program: `perft`, `replay`,
//! `legal` (issue 2 and issue 7 interfaces, exactly as specified).

// Test code: a failed unwrap is a failed test (Cargo.toml [lints]).
#![allow(clippy::unwrap_used)]

#[path = "cli/backup.rs"]
mod backup;
#[path = "cli/container.rs"]
mod container;
#[path = "cli/reshard.rs"]
mod reshard;

use std::process::{Command, Output};

use taktable::games::{taka, GameSettings, GameState};

/// A racetrack match between our engine and tiltak on 5x5, with each
/// engine's searched scores in its comments (`tally`, `--judge`,
/// `--fit-policy` read it).
const RACETRACK_5X5: &str = "tests/data/tak/games/racetrack-5x5-tc30.ptn";

/// `selfplay` on 5x5 (its levels unused when it reads a match file).
const SELFPLAY_5X5: [&str; 7] = ["selfplay", "--a", "10", "--b", "10", "--size", "5"];

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
    // RULINGS Tak 1: sizes 3 to 8, as the challenge option says.
    assert!(
        stderr(&bad).contains("size must be from 3 to 8, not 9"),
        "{}",
        stderr(&bad)
    );
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
fn replay_warns_of_a_result_the_rules_do_not_give() {
    // Issue 15: the file is replayed, the rules' result printed, and the
    // disagreement warned of on stderr; the exit is 0.
    let out = taktable(&["replay", "tests/data/tak/games/wrong-result.ptn"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).ends_with("\nR-0\n"), "{}", stdout(&out));
    assert_eq!(
        stderr(&out),
        "warning: the file gives the result 0-R but the rules give R-0 (a road) for the final position\n"
    );
    let missing = taktable(&["replay", "tests/data/tak/games/no-such-file.ptn"]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(stderr(&missing).contains("can't read"));
}

/// A real match file: racetrack's `--ptnout` of 50 games, this
/// repository's engine against tiltak, 5x5 komi 0, `tc=30+0.3`
/// (docs/ai.md, "Longer clocks"). Racetrack printed for it: `+21-28=1`
/// and `Played 50 games. 45 white wins, 4 black wins, 1 draws.`
#[test]
fn tally_of_a_racetrack_match_agrees_with_racetrack() {
    let file = RACETRACK_5X5;
    let out = taktable(&["tally", file, "--player", "taktable"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "taktable: 50 games, +21 -28 =1, score 0.430 ± 0.136 (95%), Elo -49 [-152, +46]"
    );
    assert_eq!(lines[2], "white won 45, black 4, 1 drawn");
    assert_eq!(
        lines.last(),
        Some(&"every result agrees with the rules (50 games replayed)")
    );
    // With --by-ply, the lost games (28, as racetrack counts them) ten
    // plies at a time: in this 5x5 komi 0 match (White won 45 of 50) both
    // engines saw those games lost from the first plies.
    let out = taktable(&["tally", file, "--player", "taktable", "--by-ply"]);
    let text = stdout(&out);
    let by_ply: Vec<&str> = text.lines().skip(lines.len()).collect();
    assert_eq!(
        by_ply[..2],
        [
            "the 28 games taktable lost, median score from its view (each engine's own unit):",
            "plies 0-9: taktable -1.81 (85), its opponents -0.74 (85)"
        ]
    );
    assert_eq!(
        by_ply.last(),
        Some(&"plies 80-89: taktable -, its opponents -1.00 (1)")
    );
    let out = taktable(&["tally", file, "--player", "nobody"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        stderr(&out),
        "error: game 1: no player's name contains `nobody`\n"
    );
}

/// `selfplay` plays each book line with both colours; with the same player
/// on both sides that pair would be one game twice (every level is
/// deterministic for its seed), so each game then takes the next line.
/// With `--nodes`, levels 9 and 10 are the same player (no noise, the
/// same budget); level 7 keeps its noise.
#[test]
fn selfplay_gives_each_game_its_own_opening_when_the_players_are_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.txt");
    std::fs::write(&book, "a1 e5\ne1 a5\n").unwrap();
    let openings = |a: &str, b: &str| -> Vec<String> {
        let out = taktable(&[
            "selfplay",
            "--size",
            "5",
            "--a",
            a,
            "--b",
            b,
            "--nodes",
            "500",
            "--games",
            "2",
            "--max-plies",
            "6",
            "--verbose",
            "--book",
            book.to_str().unwrap(),
        ]);
        assert!(out.status.success(), "{}", stderr(&out));
        stdout(&out)
            .lines()
            .filter_map(|line| line.split_once(" plies: "))
            .map(|(_, moves)| moves.split(' ').take(2).collect::<Vec<_>>().join(" "))
            .collect()
    };
    assert_eq!(openings("10", "10"), ["a1 e5", "e1 a5"]);
    assert_eq!(openings("9", "10"), ["a1 e5", "e1 a5"]);
    assert_eq!(openings("7", "10"), ["a1 e5", "a1 e5"]);
}

/// `selfplay --judge` (docs/ai.md, "Where the evaluation errs"): the
/// evaluation's winning chances against tiltak's scores of the positions
/// it searched in the 5x5 match file, five moves a row, from the view of
/// the player who made the last move. Every position of the record is
/// counted once (tiltak was never asked about a finished game).
#[test]
fn judge_compares_the_evaluation_with_a_teachers_scores() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("tiltak.rec");
    let record = record.to_str().unwrap();
    let (file, common) = (RACETRACK_5X5, SELFPLAY_5X5);
    let teach = [
        "--ptn-to-record",
        file,
        "--random-plies",
        "0",
        "--teacher",
        "tiltak",
    ];
    let args: Vec<&str> = [
        &common[..],
        &teach,
        &["--teacher-share", "1", "--record", record],
    ]
    .concat();
    let out = taktable(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines = std::fs::read_to_string(record).unwrap().lines().count();
    assert!(lines > 1000, "{lines} positions");

    let out = taktable(&[&common[..], &["--judge", record]].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let rows: Vec<&str> = text.lines().collect();
    assert_eq!(rows[0], "moves    positions  target  evaluation  distance");
    assert!(rows[1].starts_with("  1-5 "), "{}", rows[1]);
    let counted: usize = rows[1..rows.len() - 1]
        .iter()
        .map(|row| {
            row.split_whitespace()
                .nth(1)
                .unwrap()
                .parse::<usize>()
                .unwrap()
        })
        .sum();
    assert_eq!(counted, lines);
    let last = rows.last().unwrap();
    assert!(
        last.starts_with(&format!("all {lines} positions: the evaluation ")),
        "{last}"
    );

    let out = taktable(&[&common[..], &["--judge", "no/such.rec"]].concat());
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("reading no/such.rec"),
        "{}",
        stderr(&out)
    );
}

/// `selfplay --fit-policy` (docs/ai.md, "A learned policy for the tree
/// search"): fitted to the moves tiltak searched in the 5x5 match file, the
/// policy names tiltak's held-out moves better than a choice among all
/// legal moves alike, and its file reads back.
#[test]
fn fit_policy_learns_a_teachers_moves() {
    let dir = tempfile::tempdir().unwrap();
    let policy = dir.path().join("policy.txt");
    let policy = policy.to_str().unwrap();
    let (file, common) = (RACETRACK_5X5, SELFPLAY_5X5);
    let fit = [
        "--fit-policy",
        file,
        "--teacher",
        "tiltak",
        "--tune-out",
        policy,
    ];
    let out = taktable(&[&common[..], &fit].concat());
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    // "N positions fitted, M held out: cross-entropy X (every move alike
    // Y), the policy's top move the teacher's Z"
    let numbers: Vec<f64> = text
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .filter_map(|w| w.trim_end_matches('.').parse().ok())
        .collect();
    let [fitted, held_out, cross_entropy, uniform, _top] = numbers[..] else {
        panic!("{text}");
    };
    assert!(fitted > 1000.0 && held_out >= 100.0, "{text}");
    assert!(cross_entropy < uniform, "{text}");

    // The file is one `tei --mcts --policy` reads (tests/tei.rs plays
    // with a policy file).
    let written = std::fs::read_to_string(policy).unwrap();
    let read = taktable::games::tak::search::policy::Policy::from_text(&written).unwrap();
    assert_eq!(read.to_text(), written);

    let out = taktable(&[&common[..], &["--fit-policy", file]].concat());
    assert!(stderr(&out).contains("--fit-policy needs --teacher"));
    let out = taktable(&[&common[..], &["--fit-policy", file, "--teacher", "nobody"]].concat());
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("0 positions where nobody moved"),
        "{}",
        stderr(&out)
    );
    let out = taktable(&["tei", "--mcts", "--policy", file]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("a policy file starts"),
        "{}",
        stderr(&out)
    );
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
    // Landscape, twice the 550 x 350 box Discord shows it in (issue 29).
    assert_eq!((img.width(), img.height()), (1100, 700));

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

/// The game to a goal of tests/transcripts/taka_first_goal.txt (RULINGS
/// Taka 15: the first goal wins by default).
const TAKA_FIRST_GOAL: &str = "G5-G8; B9-A9; G8-G9; A9-B9; F3>F10; B9-A9; G9-F10>F14";

#[test]
fn taka_goes_through_every_command_from_its_start() {
    // RULINGS Taka 2: the standard formation is the default start; its
    // 364 turns are counted by hand in tests/data/taka/perft.txt.
    let out = taktable(&["perft", "--game", "taka", "--depth", "2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let nodes: Vec<String> = stdout(&out)
        .lines()
        .map(|l| l.split(' ').nth(3).unwrap().to_string())
        .collect();
    assert_eq!(nodes, ["364", "135830"]);
    let out = taktable(&["legal", "--game", "TAKA"]);
    assert_eq!(stdout(&out).lines().count(), 364);

    // Replay from --moves and from the record /export writes: the goal wins.
    let out = taktable(&["replay", "--game", "taka", "--moves", TAKA_FIRST_GOAL]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[1], "1-0");
    assert!(lines[0].contains(" b 4 1-0 g1 t75 "), "{}", lines[0]);
    let file = taktable(&[
        "replay",
        "--game",
        "taka",
        "tests/data/taka/games/first-goal.taka",
    ]);
    assert!(file.status.success(), "{}", stderr(&file));
    assert_eq!(stdout(&file), text);
    assert_eq!(stderr(&file), "");

    // --position: the final position again, with its score and settings.
    let out = taktable(&[
        "perft",
        "--game",
        "taka",
        "--position",
        lines[0],
        "--depth",
        "1",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).starts_with("depth 1 nodes 0 "),
        "{}",
        stdout(&out)
    );
    // A "first to 2" option is checked against the position's own.
    let out = taktable(&[
        "perft",
        "--game",
        "taka",
        "--goals",
        "2",
        "--position",
        lines[0],
        "--depth",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("the game to 2"), "{}", stderr(&out));

    // Options belong to a game.
    let out = taktable(&["legal", "--game", "taka", "--size", "5"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out)
            .contains("--size is not an option of Taka (its options: --level, --goals, --turns)"),
        "{}",
        stderr(&out)
    );
    let out = taktable(&["legal", "--game", "chess"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("games: tak, takat, taka"),
        "{}",
        stderr(&out)
    );

    // The picture of the start, of the goal (the last of --moves drawn),
    // and of a position with its last turn given apart.
    let dir = tempfile::tempdir().unwrap();
    for (i, args) in [
        vec![],
        vec!["--moves", TAKA_FIRST_GOAL],
        vec!["--position", lines[0], "--last", "g9-f10>f14"],
    ]
    .into_iter()
    .enumerate()
    {
        let png = dir.path().join(format!("taka{i}.png"));
        let mut all = vec!["render", "--game", "taka", "--out", png.to_str().unwrap()];
        all.extend(args);
        let o = taktable(&all);
        assert!(o.status.success(), "{all:?}: {}", stderr(&o));
        assert!(image::open(&png).is_ok());
    }
    let png = dir.path().join("bad.png");
    let o = taktable(&[
        "render",
        "--game",
        "taka",
        "--last",
        "Z99",
        "--out",
        png.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("--last: "), "{}", stderr(&o));
    assert!(!png.exists());
}

#[test]
fn legal_after_gives_each_turns_position_in_the_games_format() {
    // RULINGS Tak 2: in the swap opening White's first ply places one of
    // Black's flats, and then Black moves, still in move 1.
    let out = taktable(&["legal", "--size", "5", "--after"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 25);
    assert_eq!(text.lines().next(), Some("a1\tx5/x5/x5/x5/2,x4 2 1"));
    assert!(text.lines().any(|l| l == "e5\tx4,2/x5/x5/x5/x5 2 1"));

    // RULINGS Takat 2, 4: White enters first; then Black must enter.
    let out = taktable(&["legal", "--game", "takat", "--after"]);
    assert!(
        stdout(&out).lines().any(|l| l == "+N\tx/w/x/x/x/x/x b N"),
        "{}",
        stdout(&out)
    );

    // Taka: the 364 turns of the start (RULINGS Taka 2), each with a
    // position that reads back as itself and is the one the rules reach.
    let out = taktable(&["legal", "--game", "taka", "--after"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 364);
    let settings = GameSettings::Taka(Default::default());
    let start = GameState::new(&settings).unwrap();
    for line in text.lines() {
        let (turn, after) = line.split_once('\t').expect("a tab");
        let read: taka::Position = after.parse().unwrap_or_else(|e| panic!("{line}: {e}"));
        assert_eq!(read.to_string(), after);
        let mut game = start.clone();
        game.play(turn).unwrap();
        assert_eq!(game.snapshot(), after, "{turn}");
        assert_eq!(read.to_move(), taka::Side::Black, "{turn}");
    }
}

/// Runs `taktable replay [--game GAME] FILE` on `text` written to a file.
fn replay_text(game: &str, text: &str) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.txt");
    std::fs::write(&path, text).unwrap();
    taktable(&["replay", "--game", game, path.to_str().unwrap()])
}

#[test]
fn perft_at_depth_zero_counts_the_position_itself() {
    // Issue 16: `perft --depth 0` printed nothing; perft(0) = 1.
    for game in ["tak", "takat", "taka"] {
        let out = taktable(&["perft", "--game", game, "--depth", "0"]);
        assert!(out.status.success(), "{game}: {}", stderr(&out));
        let text = stdout(&out);
        assert_eq!(text.lines().count(), 1, "{game}: {text}");
        assert!(text.starts_with("depth 0 nodes 1 time "), "{game}: {text}");
    }
}

#[test]
fn legal_on_a_finished_game_says_it_is_over() {
    // Issue 16: it printed nothing and exited 0. RULINGS Taka 15: a goal
    // ends a "first goal" game; RULINGS Tak 4a: a road ends a game.
    let out = taktable(&["legal", "--game", "taka", "--moves", TAKA_FIRST_GOAL]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(stdout(&out), "");
    assert!(
        stderr(&out).contains("the game is over: 1-0 (a goal (1-0))"),
        "{}",
        stderr(&out)
    );
    let out = taktable(&[
        "legal",
        "--size",
        "3",
        "--moves",
        "a3; a1; b1; b3; c1",
        "--after",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("the game is over: R-0 (a road)"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn replay_warns_of_a_result_the_game_does_not_have() {
    // Issue 16: `2-0` was accepted silently. It is no result of these
    // games: the replay still prints the rules' result, and warns.
    let ptn = std::fs::read_to_string("tests/data/tak/games/road-win.ptn").unwrap();
    let ptn = ptn.replace("e1 R-0", "e1").replace("\"R-0\"", "\"2-0\"");
    let out = replay_text("tak", &ptn);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).ends_with("\nR-0\n"), "{}", stdout(&out));
    assert_eq!(
        stderr(&out),
        "warning: the file gives the result `2-0`, which is not a Tak result \
         (R-0, 0-R, F-0, 0-F, 1-0, 0-1, 1/2-1/2); the rules give R-0 (a road)\n"
    );
    let taka = std::fs::read_to_string("tests/data/taka/games/first-goal.taka").unwrap();
    let out = replay_text("taka", &taka.replace("\"1-0\"", "\"2-0\""));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("`2-0`, which is not a Taka result (1-0, 0-1, 1/2-1/2); the rules give 1-0 (a goal (1-0))"),
        "{}",
        stderr(&out)
    );
    // A result the game knows but the rules contradict is warned of too
    // (issue 15).
    let out = replay_text("taka", &taka.replace("\"1-0\"", "\"0-1\""));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).ends_with("\n1-0\n"), "{}", stdout(&out));
    assert!(stderr(&out).contains("the file gives the result 0-1 but the rules give 1-0"));
}

#[test]
fn records_with_bare_cr_line_breaks_replay() {
    // Issue 16: a record with bare CR line breaks failed, quoting the raw CR.
    for (game, path, expected) in [
        ("tak", "tests/data/tak/games/road-win.ptn", "R-0"),
        ("takat", "tests/data/takat/games/black-wins.takat", "0-1"),
        ("taka", "tests/data/taka/games/first-goal.taka", "1-0"),
    ] {
        let text = std::fs::read_to_string(path).unwrap();
        let lf = replay_text(game, &text);
        for eol in ["\r", "\r\n"] {
            let out = replay_text(game, &text.replace('\n', eol));
            assert!(out.status.success(), "{game} {eol:?}: {}", stderr(&out));
            assert_eq!(stdout(&out), stdout(&lf), "{game} {eol:?}");
            assert!(stdout(&out).ends_with(&format!("\n{expected}\n")));
        }
    }
    // An error in such a file names the line and shows no raw CR.
    let text = std::fs::read_to_string("tests/data/takat/games/black-wins.takat").unwrap();
    let out = replay_text("takat", &text.replace('\n', "\r").replace("NE-SE", "NE-XX"));
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains("line 8"), "{err}");
    assert!(!err.contains('\r'), "{err:?}");
}

#[test]
fn errors_name_a_wrong_dash_and_do_not_repeat_a_huge_input() {
    // Issue 16: `N−C` with the minus sign U+2212 was "not a cell".
    let out = taktable(&["legal", "--game", "takat", "--moves", "+N; +S; N\u{2212}C"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out)
            .contains("'\u{2212}' is the minus sign U+2212, not the dash; write - as in C-NE"),
        "{}",
        stderr(&out)
    );
    let out = taktable(&["legal", "--game", "taka", "--moves", "G5\u{2212}G8"]);
    assert!(
        stderr(&out)
            .contains("'\u{2212}' is the minus sign U+2212, not the dash; write - as in E7-E9"),
        "{}",
        stderr(&out)
    );
    // Issue 16: a 130 KB move came back in full.
    for (game, turn) in [("tak", "a1"), ("takat", "N-C"), ("taka", "E7-E8")] {
        let huge = turn.repeat(130_000 / turn.len());
        let count = format!(" ({} characters)", huge.len());
        let out = taktable(&["legal", "--game", game, "--moves", &huge]);
        assert_eq!(out.status.code(), Some(1));
        let err = stderr(&out);
        assert!(err.len() < 600, "{game}: {} bytes: {err}", err.len());
        assert!(err.contains(&count), "{game}: {err}");
    }
}

/// A reader that stops early (`taktable legal --after | head -1`) closes the
/// pipe: the listing ends quietly with exit 0, not with a panic. The position
/// (four stacks of eight on 8x8) has 1,196 turns, about 100 KB with
/// `--after`: more than a pipe holds, so the writer meets the closed pipe.
#[test]
fn legal_stops_quietly_when_the_reader_closes_the_pipe() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;

    let mut child = Command::new(env!("CARGO_BIN_EXE_taktable"))
        .args([
            "legal",
            "--position",
            "x8/x8/x2,12121212,x,21212121,x3/x8/x8/x2,21212121,x,12121212,x3/x8/x8 1 10",
            "--after",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run taktable");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.contains('\t'), "{first:?}");
    // The reader is dropped here, closing the pipe with the rest unread.
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
}

/// `taktable local` fed `input` on standard input with `--db` in `dir`; `limit` is a file size
/// limit (`ulimit -f`, in bytes) set in the child only. SIGXFSZ is left as the test inherits it
/// (its default kills the process): `taktable` must ignore it itself.
fn local_session(dir: &std::path::Path, input: &[u8], limit: Option<u64>) -> Output {
    use std::io::Write;
    use std::process::Stdio;

    let mut command = Command::new(env!("CARGO_BIN_EXE_taktable"));
    command
        .args(["local", "--echo", "--db"])
        .arg(dir.join("t.db"))
        .arg("--out")
        .arg(dir.join("out"))
        .env("TAKTABLE_NOW", "2026-01-01T00:00:00Z")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    if let Some(limit) = limit {
        use std::os::unix::process::CommandExt;
        // SAFETY: setrlimit is async-signal-safe; nothing else runs between fork and exec.
        unsafe {
            command.pre_exec(move || {
                let rlimit = libc::rlimit {
                    rlim_cur: limit,
                    rlim_max: limit,
                };
                if libc::setrlimit(libc::RLIMIT_FSIZE, &rlimit) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    let mut child = command.spawn().expect("run taktable local");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        // The child may stop reading early (that is what the test looks for).
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// Issue 27: in `taktable local` a line of invalid UTF-8 is refused alone (the session goes on),
/// and control characters typed are echoed escaped, never sent raw to the terminal
/// (`/board \x1b[2J` does not clear the screen).
#[test]
fn local_refuses_a_line_of_invalid_utf8_alone_and_escapes_control_characters() {
    let dir = tempfile::tempdir().unwrap();
    let mut input = b"/board \x1b[2J\n".to_vec();
    input.extend_from_slice(b"/help \xff\xfe\n");
    input.extend_from_slice(b"/help command:board\n");
    let out = local_session(dir.path(), &input, None);
    let text = stdout(&out);
    assert!(out.status.success(), "{text}\n{}", stderr(&out));
    assert!(
        !text.contains('\u{1b}'),
        "a raw escape was printed: {text:?}"
    );
    assert!(text.contains("> /board \\u{1b}[2J"), "{text}");
    assert!(
        text.contains("[console] that line is not UTF-8 text (9 bytes); it was ignored"),
        "{text}"
    );
    // The session went on: the next line was read and answered.
    assert!(
        text.contains("> /help command:board\n[general] bot"),
        "{text}"
    );
}

/// Issue 27 (issue 16's full disk, by a file size limit): a write past `ulimit -f` fails with
/// EFBIG instead of SIGXFSZ killing `taktable` (the test does not ignore the signal: the
/// program does), and the command is refused as on a full disk, nothing saved.
#[cfg(unix)]
#[test]
fn a_file_size_limit_refuses_commands_as_a_full_disk_instead_of_killing_the_program() {
    use std::os::unix::process::ExitStatusExt;

    let dir = tempfile::tempdir().unwrap();
    let made = local_session(dir.path(), b"/help\n", None);
    assert!(made.status.success(), "{}", stderr(&made));
    let size = std::fs::metadata(dir.path().join("t.db")).unwrap().len();
    // Each challenge (one per channel, each by a member of its own: a member may have 5 waiting)
    // is a commit of a few pages to the write-ahead log.
    let mut input = Vec::new();
    for channel in 0..300 {
        input.extend_from_slice(
            format!("@player{channel} #c{channel} /tak challenge opponent:@bob size:3\n")
                .as_bytes(),
        );
    }
    let out = local_session(dir.path(), &input, Some(size + 100_000));
    let text = stdout(&out);
    assert_eq!(out.status.signal(), None, "killed: {}", stderr(&out));
    assert!(out.status.success(), "{}", stderr(&out));
    let challenged = text.matches("challenges @bob").count();
    let refused = text.matches("The bot's disk is full").count();
    assert!(challenged >= 5, "{challenged} challenges before the limit");
    assert!(refused >= 100, "{refused} refusals:\n{text}");
    assert_eq!(challenged + refused, 300, "{text}");
    // With the limit gone, the file holds every answered challenge.
    let conn = rusqlite::Connection::open(dir.path().join("t.db")).unwrap();
    let stored: i64 = conn
        .query_row("SELECT COUNT(*) FROM challenges", [], |r| r.get(0))
        .unwrap();
    assert_eq!(stored, challenged as i64);
}
