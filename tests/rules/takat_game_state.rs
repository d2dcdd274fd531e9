//! Random games of Takat played through the bot's game enum (`GameState`),
//! the way the bot plays them: every action typed in some spelling a player
//! might use, junk thrown in between, and after every turn the invariants
//! the bot relies on (21 pieces in all, heights consistent everywhere,
//! snapshot and notation round trips, replay from the action list, the
//! export reading back) checked.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use taktable::games::takat::{self, Cell, Color, Position, Turn, MAX_HEIGHT};
use taktable::games::{ExportMeta, GameSettings, GameState, Seat, TakatSettings};
use taktable::render::takat::TakatBoardView;

fn settings() -> GameSettings {
    GameSettings::Takat(TakatSettings::default())
}

fn position(state: &GameState) -> Position {
    state
        .snapshot()
        .parse()
        .unwrap_or_else(|e| panic!("snapshot {} does not parse: {e}", state.snapshot()))
}

/// A spelling of `turn` a player might type: any case, spaces, a bare cell
/// for an entry, an en or em dash for a move.
fn spelling(turn: &str, rng: &mut SmallRng) -> String {
    let cased: String = turn
        .chars()
        .map(|c| {
            if rng.random_bool(0.5) {
                c.to_ascii_lowercase()
            } else {
                c
            }
        })
        .collect();
    let pad = |rng: &mut SmallRng| if rng.random_bool(0.3) { " " } else { "" };
    match cased.strip_prefix('+') {
        Some(cell) if rng.random_bool(0.3) => format!("{}{cell}{}", pad(rng), pad(rng)),
        Some(cell) => format!("{}+{}{cell}", pad(rng), pad(rng)),
        None => {
            let (from, to) = cased.split_once('-').expect("a move has a dash");
            let dash = ["-", "\u{2013}", "\u{2014}", " - "][rng.random_range(0..4)];
            format!("{}{from}{dash}{to}{}", pad(rng), pad(rng))
        }
    }
}

const JUNK: &[&str] = &[
    "",
    " ",
    "+",
    "-",
    "+C",
    "C",
    "C-C",
    "N-S",
    "E",
    "+NN",
    "N--C",
    "+N-C",
    "N-C-S",
    "NE NW",
    "3c3>12",
    "a1",
    "💥",
    "\u{0}",
    "n\u{2013}\u{2014}c",
];

fn check(state: &GameState) {
    let pos = position(state);
    // The snapshot is the position format and reads back to itself.
    assert_eq!(pos.to_string(), state.snapshot());
    // 21 pieces in all: 6 White, 15 Black, on the board or in hand.
    let mut on_board = [0usize; 2];
    let mut total_height = 0;
    for cell in Cell::ALL {
        let stack = pos.stack(cell);
        assert!(stack.len() <= MAX_HEIGHT, "{cell} above six: {pos}");
        assert_eq!(stack.len(), pos.height(cell));
        assert_eq!(stack.last().copied(), pos.top(cell));
        total_height += stack.len();
        for piece in stack {
            on_board[(*piece == Color::Black) as usize] += 1;
        }
    }
    assert_eq!(total_height, on_board[0] + on_board[1]);
    assert_eq!(on_board[0] + pos.in_hand(Color::White) as usize, 6);
    assert_eq!(on_board[1] + pos.in_hand(Color::Black) as usize, 15);
    assert_eq!(pos.on_board(Color::White) as usize, on_board[0]);
    assert_eq!(pos.on_board(Color::Black) as usize, on_board[1]);
    // The picture's view and the text board show the same heights.
    let view = TakatBoardView::from_position(&pos, ["a".into(), "b".into()], None);
    let board = state.text_board();
    for cell in Cell::ALL {
        assert_eq!(view.stack(cell.index()).len(), pos.height(cell));
        let shown: String = pos.stack(cell).iter().map(|p| p.char()).collect();
        let shown = if shown.is_empty() { ".".into() } else { shown };
        let label = format!("{}{}", cell, if cell.is_red() { "*" } else { "" });
        assert!(
            board.contains(&format!("{label:<4}{shown}")),
            "{cell} in\n{board}"
        );
    }
    assert_eq!(view.in_hand[0], pos.in_hand(Color::White) as u32);
    assert_eq!(view.in_hand[1], pos.in_hand(Color::Black) as u32);
    // Whose turn: the side to move while the game goes on; no one after.
    let outcome = state.outcome();
    match state.awaiting() {
        Some(seat) => {
            assert!(outcome.is_none());
            let want = match pos.to_move() {
                Color::White => Seat::Player1,
                Color::Black => Seat::Player2,
            };
            assert_eq!(seat, want);
            assert!(!state.legal_actions().is_empty());
        }
        None => {
            let o = outcome.expect("a game awaiting no one is over");
            assert!(state.legal_actions().is_empty());
            assert_eq!(
                o.result,
                if o.winner == Some(Seat::Player1) {
                    "1-0"
                } else {
                    "0-1"
                }
            );
            assert!(
                o.reason == "a stack of six" || o.reason.ends_with("has no legal turn"),
                "{}",
                o.reason
            );
        }
    }
    // Legal actions are canonical: they read back to themselves.
    for action in state.legal_actions() {
        let turn: Turn = action.parse().unwrap();
        assert_eq!(turn.to_string(), action);
        assert!(pos.check(turn).is_ok());
    }
}

fn play_random_game(seed: u64) -> (GameState, usize) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut state = GameState::new(&settings()).unwrap();
    check(&state);
    let mut refused = 0;
    for _ in 0..200 {
        let legal = state.legal_actions();
        if legal.is_empty() {
            break;
        }
        // Junk and illegal turns are refused and change nothing.
        if rng.random_bool(0.3) {
            let before = state.snapshot();
            let count = state.action_count();
            let text = if rng.random_bool(0.5) {
                JUNK[rng.random_range(0..JUNK.len())].to_string()
            } else {
                // Any turn at all, legal or not.
                let from = Cell::ALL[rng.random_range(0..7)];
                let to = Cell::ALL[rng.random_range(0..7)];
                if rng.random_bool(0.3) {
                    format!("+{from}")
                } else {
                    format!("{from}-{to}")
                }
            };
            if !legal.iter().any(|l| l.eq_ignore_ascii_case(&text)) {
                let err = state.play(&text).expect_err(&text);
                assert!(!err.to_string().is_empty());
                assert_eq!(state.snapshot(), before, "{text:?} changed the game");
                assert_eq!(state.action_count(), count);
                refused += 1;
            }
        }
        let action = &legal[rng.random_range(0..legal.len())];
        let typed = spelling(action, &mut rng);
        let played = state
            .play(&typed)
            .unwrap_or_else(|e| panic!("{typed:?} ({action}) refused: {e}"));
        assert_eq!(&played.notation, action, "typed {typed:?}");
        assert!(played.note.is_none());
        assert_eq!(played.outcome, state.outcome());
        check(&state);
    }
    (state, refused)
}

#[test]
fn random_games_through_the_enum_keep_every_invariant() {
    let mut endings = [0usize; 3];
    let mut refused = 0;
    for seed in 0..300 {
        let (state, r) = play_random_game(seed);
        refused += r;
        // Replaying the action list reproduces the game (the store's source
        // of truth), and the export is a record that reads back to it.
        let again = GameState::replay(&settings(), &state.actions()).unwrap();
        assert_eq!(again.snapshot(), state.snapshot());
        assert_eq!(again.action_count(), state.action_count());
        let result = state
            .outcome()
            .map_or("*".to_string(), |o| o.result.clone());
        let export = state.export(&ExportMeta {
            players: ["alice".into(), "bob".into()],
            date: "2026.01.01".into(),
            site: "taktable".into(),
            result: result.clone(),
        });
        let record = takat::parse_record(&export.text).unwrap();
        assert_eq!(record.tag("Result"), Some(result.as_str()));
        assert_eq!(
            record.final_position().unwrap().to_string(),
            state.snapshot()
        );
        assert_eq!(record.to_string(), export.text);
        match state.outcome() {
            None => endings[0] += 1,
            Some(o) if o.winner == Some(Seat::Player1) => endings[1] += 1,
            Some(_) => endings[2] += 1,
        }
    }
    assert!(refused > 1000, "junk was tried: {refused}");
    // Random play ends games both ways (and some run on: no draws by rule).
    assert!(endings[1] > 0 && endings[2] > 0, "{endings:?}");
}

#[test]
fn every_position_of_a_random_game_renders() {
    use taktable::render::Theme;
    let (state, _) = play_random_game(4242);
    let actions = state.actions();
    for n in (0..=actions.len()).step_by(7) {
        let g = GameState::replay(&settings(), &actions[..n]).unwrap();
        let picture =
            taktable::render::picture(&g, ["al".into(), "bo".into()], Theme::ALL[n % 4]).unwrap();
        assert_eq!(&picture.png[1..4], b"PNG");
        assert!(picture.alt.contains(&g.snapshot()), "{}", picture.alt);
    }
}
