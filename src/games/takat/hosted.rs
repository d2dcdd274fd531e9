//! Takat as the bot hosts it: no options beyond the shared ones (RULINGS
//! Takat 1-8 fix the board and the pieces), turns played from text, the
//! hexagon as text, the record of docs/takat.md and the rules.

use std::fmt::Write;

use serde::{Deserialize, Serialize};

use super::analysis;
use super::search::{self, Searcher};
use super::{Cell, Color, Outcome, Position, Record, Turn, WinReason};
use crate::budget::Budget;
use crate::games::kit::options::{challenge, OptionSpec};
use crate::games::kit::search::MOVE_TIME_CEILING;
use crate::games::kit::{
    resignation_result, Completion, Evaluations, Export, ExportMeta, GameError, GameOutcome,
    HostedGame, Played, Seat, TurnGame, Turns, Typed,
};

/// Takat's options: none. Colour and rating live on the challenge. Stored
/// as `{"game":"takat"}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakatSettings {}

/// Takat played turn by turn: Player 1 is White and moves first (RULINGS
/// Takat 2).
#[derive(Clone, Debug)]
pub struct Takat;

/// A game of Takat: the start, the position and the turns.
pub type TakatGame = Turns<Takat>;

fn color_seat(color: Color) -> Seat {
    match color {
        Color::White => Seat::Player1,
        Color::Black => Seat::Player2,
    }
}

/// What decided a game of Takat, for people: "a stack of six", "black has
/// no legal turn" (RULINGS Takat 8).
fn reason(outcome: Outcome) -> String {
    match outcome.reason {
        WinReason::StackOfSix => "a stack of six".to_string(),
        WinReason::NoLegalTurn => format!(
            "{} has no legal turn",
            outcome.winner.other().name().to_lowercase()
        ),
    }
}

const CHALLENGE_OPTIONS: &[OptionSpec] = &[
    challenge::OPPONENT,
    challenge::LEVEL,
    challenge::color("Your colour; white (6 pieces) moves first, black has 15 (default random)"),
    challenge::RATED,
];

/// Takat (RULINGS Takat 1-8) and its turn notation (docs/takat.md).
const RULES: &str = "\
Takat: 6 white pieces against 15 black on seven circles: the centre C and the ring N, NE, SE, S, SW, NW; N, SE and SW are red (*).
```
      N*
  NW      NE
      C
  SW*     SE*
      S
```
Neighbours: C touches all six ring cells; a ring cell touches C and the two ring cells beside it (N: NW and NE; SE: NE and S; SW: S and NW). So N and S are not neighbours, nor NW and NE: going round, a move passes through C or the cell between.
- White moves first. A turn enters one of your pieces on an empty ring cell (never the centre), or moves the top piece of any stack, of either colour, to a neighbouring cell whose stack is no taller than the one it leaves, counting the piece (so the piece lands on an empty cell, goes down, stays level or climbs one level).
- Black must enter when it has fewer pieces on the board than White.
- A top piece resting on one of its own colour is safe: only its owner may move it. Three of a colour in a row on a red cell: no one may move the top one.
- No move may leave two neighbouring stacks of four or more capped by safe pieces of the same colour.
- You may not move the piece your opponent just moved or entered.
- White wins as soon as any stack reaches six, whoever builds it. A player with no legal turn loses: White wins by leaving Black none, Black by leaving White none.
Notation: +NE enters a piece on NE; C-NE moves the top piece of C to NE. Case doesn't matter (c-ne, +ne); a bare cell (ne) is an entry.";

const HELP: &str = "\
Takat turns: +NE enters a piece on NE, C-NE moves the top piece of C to NE (cells C, N, NE, SE, S, SW, NW; any case). /rules game:takat has the rules.";

impl HostedGame for TakatGame {
    type Settings = TakatSettings;

    const NAME: &'static str = "takat";
    const TITLE: &'static str = "Takat";
    const CHALLENGE_DESCRIPTION: &'static str = "Challenge someone (or anyone) to a game of Takat";
    const CHALLENGE_OPTIONS: &'static [OptionSpec] = CHALLENGE_OPTIONS;
    const RULES: &'static str = RULES;
    const HELP: &'static str = HELP;
    const EXAMPLE_ACTION: &'static str = "+N";
    const MOVE_HINT: &'static str = "as +NE (enter) or C-NE (move)";
    const NOTATION_EXAMPLES: &'static str = "+NE enters, C-NE moves";
    const EXPORT_FORMAT: &'static str = "a Takat record";

    fn settings_from_options(_: crate::games::kit::Chosen<'_>) -> Result<TakatSettings, GameError> {
        Ok(TakatSettings::default())
    }

    fn check_settings(_: &TakatSettings) -> Result<(), GameError> {
        Ok(())
    }

    fn describe(_: &TakatSettings) -> String {
        "Takat, 6 white pieces against 15 black".to_string()
    }

    fn new(settings: &TakatSettings) -> Result<TakatGame, GameError> {
        Ok(Turns::from_start(settings, Position::start()))
    }

    /// From the position notation of docs/takat.md.
    fn from_snapshot(settings: &TakatSettings, snapshot: &str) -> Result<TakatGame, GameError> {
        let start = snapshot
            .parse()
            .map_err(|e: super::ParsePositionError| GameError::Settings(e.to_string()))?;
        Ok(Turns::from_start(settings, start))
    }

    fn settings(&self) -> &TakatSettings {
        &self.settings
    }

    fn parses(text: &str) -> bool {
        text.trim().parse::<Turn>().is_ok()
    }

    /// An entry (`+NE`) is matched without its `+`: players type `ne`.
    fn completion(action: &str) -> Completion {
        Completion {
            key: action.to_lowercase().trim_start_matches('+').to_string(),
            placement: action.starts_with('+'),
        }
    }

    /// A typed `+` asks for entries only.
    fn typed(text: &str) -> Typed {
        let text = text.to_lowercase();
        Typed {
            placements_only: text.starts_with('+'),
            key: text.trim_start_matches('+').to_string(),
        }
    }

    /// The record format of docs/takat.md, with its comments.
    fn read_file(text: &str) -> Result<(TakatGame, Option<String>), GameError> {
        let record = super::parse_record(text).map_err(|e| GameError::Parse(e.to_string()))?;
        let position = record
            .final_position()
            .map_err(|(i, e)| GameError::Illegal(format!("turn {}: {e}", i + 1)))?;
        let claimed = record.tag("Result").map(|r| r.trim().to_string());
        let game = TakatGame {
            settings: TakatSettings::default(),
            start: record.start,
            position,
            turns: record.turns,
        };
        Ok((game, claimed))
    }

    fn has_computer(_settings: &TakatSettings) -> bool {
        true
    }

    const ANALYZED: bool = true;
}

impl TurnGame for Takat {
    type Settings = TakatSettings;
    type Position = Position;
    type Turn = Turn;

    fn awaiting(position: &Position) -> Option<Seat> {
        (!position.is_over()).then(|| color_seat(position.to_move()))
    }

    fn legal_turns(position: &Position) -> Vec<Turn> {
        position.legal_turns()
    }

    fn play(position: &mut Position, turn: Turn) -> Result<Played, GameError> {
        position
            .play(turn)
            .map_err(|e| GameError::Illegal(e.to_string()))?;
        Ok(Played {
            notation: turn.to_string(),
            note: None,
            outcome: None,
        })
    }

    /// RULINGS Takat 8: a stack of six wins for White; a player with no
    /// legal turn loses. Results are written as after a resignation.
    fn outcome(game: &TakatGame) -> Option<GameOutcome> {
        let outcome = game.position.outcome()?;
        let winner = color_seat(outcome.winner);
        Some(GameOutcome {
            result: resignation_result(winner).to_string(),
            winner: Some(winner),
            reason: reason(outcome),
        })
    }

    /// RULINGS Takat 4: Black must enter while it has fewer pieces on the board.
    fn turn_note(position: &Position) -> Option<String> {
        (!position.is_over() && position.must_enter()).then(|| {
            "must enter a piece: Black has fewer pieces on the board than White".to_string()
        })
    }

    fn snapshot(position: &Position) -> String {
        position.to_string()
    }

    fn text_board(position: &Position) -> String {
        text_board(position)
    }

    fn perft(position: &Position, depth: u32) -> u64 {
        super::perft(position, depth)
    }

    /// The record format of docs/takat.md; dates as 2026-01-31.
    fn export(game: &TakatGame, meta: &ExportMeta) -> Export {
        let tags = meta.record_tags("Takat", []);
        let record = Record {
            tags: tags.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
            start: game.start.clone(),
            turns: game.turns.clone(),
        };
        Export {
            extension: "takat",
            text: record.to_string(),
            viewer_link: None,
        }
    }

    fn computer_move(position: &Position, level: u8, seed: u64) -> Option<String> {
        // The level's own limits, within the bot's clock ceiling.
        let mut settings = search::level_settings(level, seed);
        settings.limits.movetime = Some(MOVE_TIME_CEILING);
        let report = Searcher::new().search(position, settings)?;
        Some(report.best.to_string())
    }

    /// A search of four plies. The leaf heuristic does not weigh the two
    /// unequal sides fairly, so only a result proven within those plies
    /// counts: 1 a forced win for `seat`, -1 a forced loss, else 0.
    fn computer_judgement(position: &Position, seat: Seat) -> Option<i32> {
        let settings = search::Settings {
            limits: search::Limits {
                depth: Some(4),
                ..search::Limits::default()
            },
            noise: 0,
            seed: 0,
        };
        let report = Searcher::new().search(position, settings)?;
        let mover = color_seat(position.to_move());
        Some(match search::SCORES.proven(report.score) {
            None => 0,
            Some(wins) if wins == (mover == seat) => 1,
            Some(_) => -1,
        })
    }

    /// Fixed-depth searches of every position and turn (docs/ai.md,
    /// "/analyze").
    fn computer_evaluation(game: &TakatGame, budget: &Budget) -> Option<Evaluations> {
        let turns = (&game.start, &game.turns[..]);
        Some(analysis::evaluations(turns, budget, color_seat))
    }
}

/// The Takat board as text, laid out like the hexagon: each cell shows its
/// name (`*` for a red cell) and its stack bottom to top (`w` White, `b`
/// Black, `.` empty), then the pieces in hand.
///
/// ```text
///           N*  wb
///  NW  .              NE  b
///           C   wwb
///  SW* .              SE* .
///           S   .
/// ```
fn text_board(position: &Position) -> String {
    let cell = |c: Cell| {
        let name = format!("{}{}", c.name(), if c.is_red() { "*" } else { "" });
        let stack: String = position.stack(c).iter().map(|p| p.char()).collect();
        let stack = if stack.is_empty() {
            ".".to_string()
        } else {
            stack
        };
        format!("{name:<4}{stack}")
    };
    let rows = [
        format!("{:9}{}", "", cell(Cell::N)),
        format!("{:<19}{}", cell(Cell::NW), cell(Cell::NE)),
        format!("{:9}{}", "", cell(Cell::C)),
        format!("{:<19}{}", cell(Cell::SW), cell(Cell::SE)),
        format!("{:9}{}", "", cell(Cell::S)),
    ];
    let mut out = String::new();
    for row in rows {
        let _ = writeln!(out, "{}", row.trim_end());
    }
    let _ = write!(
        out,
        "in hand: white {}; black {} (stacks bottom to top, * red cell)",
        position.in_hand(Color::White),
        position.in_hand(Color::Black)
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kit::{FactsOf, InPlay};

    fn takat() -> TakatGame {
        TakatGame::new(&TakatSettings::default()).unwrap()
    }

    #[test]
    fn takat_has_no_options_of_its_own_and_is_stored_as_its_name() {
        // RULINGS Takat 1-8 fix the board and the pieces: only the
        // computer's level is Takat's own option.
        let own = crate::games::kit::options::own_options(TakatGame::CHALLENGE_OPTIONS);
        assert_eq!(own.map(|o| o.name).collect::<Vec<_>>(), ["level"]);
        assert_eq!(
            serde_json::to_string(&TakatSettings::default()).unwrap(),
            "{}"
        );
        assert_eq!(TakatGame::seat_name(Seat::Player1), "white");
        assert_eq!(
            TakatGame::describe(&TakatSettings::default()),
            "Takat, 6 white pieces against 15 black"
        );
    }

    #[test]
    fn takat_plays_from_text() {
        // RULINGS Takat 2, 4: White (Player 1) first; Black must then enter.
        let mut game = takat();
        assert_eq!(game.awaiting(), Some(Seat::Player1));
        assert_eq!(game.snapshot(), "x/x/x/x/x/x/x w -");
        assert_eq!(
            game.legal_actions(),
            ["+N", "+NE", "+SE", "+S", "+SW", "+NW"]
        );
        let played = game.play(" n ").unwrap();
        assert_eq!(played.notation, "+N");
        assert!(played.note.is_none() && played.outcome.is_none());
        assert_eq!(game.awaiting(), Some(Seat::Player2));
        assert!(game.turn_note().unwrap().contains("must enter"));
        let before = game.snapshot();
        for (bad, why) in [
            ("N-C", "Black must enter"),
            ("+C", "centre"),
            ("+N", "occupied"),
            ("E", "not a cell"),
            ("", "no turn given"),
            ("C--N", "cannot read"),
        ] {
            let err = game.play(bad).unwrap_err().to_string();
            assert!(err.contains(why), "{bad}: {err}");
        }
        assert_eq!(game.snapshot(), before);
        assert_eq!(game.action_count(), 1);
        game.play("+ne").unwrap();
        // RULINGS Takat 7: the piece just entered may not be moved.
        assert!(game
            .play("NE-C")
            .unwrap_err()
            .to_string()
            .contains("just moved"));
        assert_eq!(game.actions(), ["+N", "+NE"]);
    }

    #[test]
    fn takat_ends_with_result_strings_and_reasons() {
        // RULINGS Takat 8: a player with no legal turn loses.
        let black_wins =
            "+N +NE +S +SE NE-SE +NW +SW N-NW S-SW NW-SW +S +N NW-C N-C +NE +N +NW NE-N";
        let moves: Vec<&str> = black_wins.split(' ').collect();
        let mut game = takat();
        for turn in &moves[..moves.len() - 1] {
            game.play(turn).unwrap();
        }
        let outcome = game.play("ne-n").unwrap().outcome.unwrap();
        assert_eq!(outcome.result, "0-1");
        assert_eq!(outcome.winner, Some(Seat::Player2));
        assert_eq!(outcome.reason, "white has no legal turn");
        assert_eq!(game.awaiting(), None);
        assert!(game.legal_actions().is_empty());
        assert!(game.turn_note().is_none());
        assert_eq!(
            game.play("+S").unwrap_err(),
            GameError::Illegal("the game is over".into())
        );
    }

    #[test]
    fn takat_export_is_a_record_that_replays() {
        let mut game = takat();
        for turn in ["+N", "+S", "N-C"] {
            game.play(turn).unwrap();
        }
        let export = game.export(&ExportMeta {
            players: ["alice".into(), "bob \"b\"".into()],
            date: "2026.01.31".into(),
            site: "taktable".into(),
            result: "*".into(),
        });
        assert_eq!(export.extension, "takat");
        assert!(export.viewer_link.is_none());
        assert_eq!(
            export.text,
            "[Game \"Takat\"]\n[White \"alice\"]\n[Black \"bob \\\"b\\\"\"]\n[Date \"2026-01-31\"]\n[Result \"*\"]\n[Site \"taktable\"]\n\n+N\n+S\nN-C\n"
        );
        let record = super::super::parse_record(&export.text).unwrap();
        assert_eq!(record.tag("Black"), Some("bob \"b\""));
        assert_eq!(
            record.final_position().unwrap().to_string(),
            game.snapshot()
        );
    }

    #[test]
    fn takat_text_board_is_the_hexagon() {
        let mut game = takat();
        for turn in ["+N", "+NE", "N-C", "NE-C", "+SW"] {
            game.play(turn).unwrap();
        }
        assert_eq!(
            game.text_board(),
            "         N*  .\n\
             NW  .              NE  .\n\
             \x20        C   wb\n\
             SW* w              SE* .\n\
             \x20        S   .\n\
             in hand: white 4; black 14 (stacks bottom to top, * red cell)"
        );
    }

    #[test]
    fn autocomplete_reads_a_bare_cell_as_an_entry() {
        // `ne` is typed for the entry `+NE`; a typed `+` asks for entries only.
        let facts = FactsOf::<TakatGame>(std::marker::PhantomData);
        let turns: Vec<String> = ["C-NE", "+NE", "+N", "NE-C", "N-C"]
            .map(String::from)
            .to_vec();
        let rank = |typed| crate::games::kit::rank_actions(&facts, turns.clone(), typed, 25);
        assert_eq!(rank("ne"), ["+NE", "NE-C", "C-NE"]);
        assert_eq!(rank("+n"), ["+N", "+NE"]);
        assert_eq!(rank("n"), ["+N", "+NE", "N-C", "NE-C", "C-NE"]);
    }

    #[test]
    fn the_rules_say_which_cells_are_neighbours() {
        // Issue 13 item 9: which Takat cells are neighbours (RULINGS Takat 1).
        assert!(TakatGame::RULES.contains("N and S are not neighbours, nor NW and NE"));
        assert!(TakatGame::RULES.contains("C-NE"));
    }
}
