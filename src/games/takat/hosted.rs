//! Takat as the bot hosts it: no options beyond the shared ones (RULINGS
//! Takat 1-8 fix the board and the pieces), turns played from text, the
//! hexagon as text, the record of docs/takat.md and the rules.

use std::fmt::Write;

use serde::{Deserialize, Serialize};

use super::analysis;
use super::search::{self, Searcher};
use super::{Cell, Color, Outcome, ParseTurnError, Position, Record, Turn, WinReason};
use crate::budget::Budget;
use crate::games::kit::options::{challenge, OptionSpec};
use crate::games::kit::search::MOVE_TIME_CEILING;
use crate::games::kit::{
    resignation_result, Completion, Evaluations, Export, ExportMeta, GameError, GameOutcome,
    HostedGame, Played, Seat, Typed,
};

/// Takat's options: none. Colour and rating live on the challenge. Stored
/// as `{"game":"takat"}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakatSettings {}

/// A game of Takat: Player 1 is White and moves first (RULINGS Takat 2).
#[derive(Clone, Debug)]
pub struct TakatGame {
    pub settings: TakatSettings,
    pub start: Position,
    pub position: Position,
    pub turns: Vec<Turn>,
}

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
        Ok(TakatGame::from_position(settings, Position::start()))
    }

    /// From the position notation of docs/takat.md.
    fn from_snapshot(settings: &TakatSettings, snapshot: &str) -> Result<TakatGame, GameError> {
        let start = snapshot
            .parse()
            .map_err(|e: super::ParsePositionError| GameError::Settings(e.to_string()))?;
        Ok(TakatGame::from_position(settings, start))
    }

    fn settings(&self) -> &TakatSettings {
        &self.settings
    }

    fn awaiting(&self) -> Option<Seat> {
        (!self.position.is_over()).then(|| color_seat(self.position.to_move()))
    }

    fn play(&mut self, text: &str) -> Result<Played, GameError> {
        let turn: Turn = text
            .parse()
            .map_err(|e: ParseTurnError| GameError::Parse(e.to_string()))?;
        self.position
            .play(turn)
            .map_err(|e| GameError::Illegal(e.to_string()))?;
        self.turns.push(turn);
        Ok(Played {
            notation: turn.to_string(),
            note: None,
            outcome: self.outcome(),
        })
    }

    fn parses(text: &str) -> bool {
        text.trim().parse::<Turn>().is_ok()
    }

    fn legal_actions(&self) -> Vec<String> {
        self.position
            .legal_turns()
            .into_iter()
            .map(|turn| turn.to_string())
            .collect()
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

    /// RULINGS Takat 8: a stack of six wins for White; a player with no
    /// legal turn loses. Results are written as after a resignation.
    fn outcome(&self) -> Option<GameOutcome> {
        let outcome = self.position.outcome()?;
        let winner = color_seat(outcome.winner);
        Some(GameOutcome {
            result: resignation_result(winner).to_string(),
            winner: Some(winner),
            reason: reason(outcome),
        })
    }

    /// RULINGS Takat 4: Black must enter while it has fewer pieces on the board.
    fn turn_note(&self) -> Option<String> {
        (!self.position.is_over() && self.position.must_enter()).then(|| {
            "must enter a piece: Black has fewer pieces on the board than White".to_string()
        })
    }

    fn action_count(&self) -> usize {
        self.turns.len()
    }

    /// White and Black take turns, White first: a move is one of each.
    fn move_number(&self) -> u32 {
        u32::try_from(self.turns.len() / 2 + 1).unwrap_or(u32::MAX)
    }

    fn actions(&self) -> Vec<String> {
        self.turns.iter().map(|t| t.to_string()).collect()
    }

    fn snapshot(&self) -> String {
        self.position.to_string()
    }

    fn text_board(&self) -> String {
        text_board(&self.position)
    }

    fn perft(&self, depth: u32) -> u64 {
        super::perft(&self.position, depth)
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

    fn mark_last(&mut self, action: &str) -> Result<(), GameError> {
        let turn: Turn = action
            .parse()
            .map_err(|e: ParseTurnError| GameError::Parse(e.to_string()))?;
        self.turns.push(turn);
        Ok(())
    }

    /// The record format of docs/takat.md; dates as 2026-01-31.
    fn export(&self, meta: &ExportMeta) -> Export {
        let tags = [
            ("Game", "Takat".to_string()),
            ("White", meta.players[0].clone()),
            ("Black", meta.players[1].clone()),
            ("Date", meta.date.replace('.', "-")),
            ("Result", meta.result.clone()),
            ("Site", meta.site.clone()),
        ];
        let record = Record {
            tags: tags.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
            start: self.start.clone(),
            turns: self.turns.clone(),
        };
        Export {
            extension: "takat",
            text: record.to_string(),
            viewer_link: None,
        }
    }

    fn has_computer(_settings: &TakatSettings) -> bool {
        true
    }

    fn computer_move(&self, level: u8, seed: u64) -> Option<String> {
        // The level's own limits, within the bot's clock ceiling.
        let mut settings = search::level_settings(level, seed);
        settings.limits.movetime = Some(MOVE_TIME_CEILING);
        let report = Searcher::new().search(&self.position, settings)?;
        Some(report.best.to_string())
    }

    /// A search of four plies. The leaf heuristic does not weigh the two
    /// unequal sides fairly, so only a result proven within those plies
    /// counts: 1 a forced win for `seat`, -1 a forced loss, else 0.
    fn computer_judgement(&self, seat: Seat) -> Option<i32> {
        let settings = search::Settings {
            limits: search::Limits {
                depth: Some(4),
                ..search::Limits::default()
            },
            noise: 0,
            seed: 0,
        };
        let report = Searcher::new().search(&self.position, settings)?;
        let mover = color_seat(self.position.to_move());
        Some(match report.proven() {
            None => 0,
            Some(wins) if wins == (mover == seat) => 1,
            Some(_) => -1,
        })
    }

    const ANALYZED: bool = true;

    /// Fixed-depth searches of every position and turn (docs/ai.md,
    /// "/analyze").
    fn computer_evaluation(&self, budget: &Budget) -> Option<Evaluations> {
        let game = (&self.start, &self.turns[..]);
        Some(analysis::evaluations(game, budget, color_seat))
    }
}

impl TakatGame {
    fn from_position(settings: &TakatSettings, start: Position) -> TakatGame {
        TakatGame {
            settings: settings.clone(),
            position: start.clone(),
            start,
            turns: Vec::new(),
        }
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
