//! The games taktable hosts, behind one small enum (not trait objects) so the
//! bot can store, replay, describe and show any of them with one type.
//!
//! Tak and Takat exist so far; Taka and Takkure plug in as new variants of
//! [`GameKind`], [`GameSettings`] and [`GameState`] without any change to the
//! adapters. The bot never assumes that players simply alternate: it asks
//! [`GameState::awaiting`] whose input comes next.

pub mod tak;
pub mod taka;
pub mod takat;
pub mod takkure;

use std::fmt::Write;

use serde::{Deserialize, Serialize};

use tak::{Color, Komi, Move, Opening, Position, Rules};

/// Which game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    Tak,
    Takat,
}

impl GameKind {
    pub const ALL: &'static [GameKind] = &[GameKind::Tak, GameKind::Takat];

    /// The name used in commands (`/tak challenge`) and in the store.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Tak => "tak",
            GameKind::Takat => "takat",
        }
    }

    /// The name shown to people.
    pub fn title(self) -> &'static str {
        match self {
            GameKind::Tak => "Tak",
            GameKind::Takat => "Takat",
        }
    }

    pub fn parse(name: &str) -> Option<GameKind> {
        GameKind::ALL
            .iter()
            .copied()
            .find(|kind| kind.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// A seat at the table. In Tak Player 1 is White and moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Seat {
    Player1,
    Player2,
}

impl Seat {
    pub const ALL: [Seat; 2] = [Seat::Player1, Seat::Player2];

    pub fn index(self) -> usize {
        match self {
            Seat::Player1 => 0,
            Seat::Player2 => 1,
        }
    }

    /// 1 or 2.
    pub fn number(self) -> u8 {
        self.index() as u8 + 1
    }

    pub fn from_number(n: i64) -> Option<Seat> {
        match n {
            1 => Some(Seat::Player1),
            2 => Some(Seat::Player2),
            _ => None,
        }
    }

    pub fn other(self) -> Seat {
        match self {
            Seat::Player1 => Seat::Player2,
            Seat::Player2 => Seat::Player1,
        }
    }
}

/// The options of one game, as chosen in a challenge. Serialised (JSON) into
/// the store, so every field here is part of the stored format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "lowercase")]
pub enum GameSettings {
    Tak(TakSettings),
    Takat(TakatSettings),
}

/// Takat's options: none (RULINGS Takat 1-8 fix the board and the pieces).
/// Colour and rating live on the challenge. Stored as `{"game":"takat"}`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakatSettings {}

/// Tak's options (RULINGS Tak 1-3).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakSettings {
    pub size: u8,
    /// Komi in half points (RULINGS Tak 3).
    pub komi_halves: i8,
    /// `true` for the swap opening (RULINGS Tak 2).
    pub swap: bool,
    /// Stones per player, Player 1 first.
    pub flats: [u8; 2],
    /// Capstones per player, Player 1 first.
    pub caps: [u8; 2],
}

/// The default board size of a Tak challenge.
pub const TAK_DEFAULT_SIZE: u8 = 5;

impl TakSettings {
    /// Standard reserves, no komi, swap opening.
    pub fn standard(size: u8) -> Result<TakSettings, String> {
        let rules = Rules::standard(size).map_err(|e| e.to_string())?;
        Ok(TakSettings::from_rules(&rules))
    }

    pub fn from_rules(rules: &Rules) -> TakSettings {
        TakSettings {
            size: rules.size,
            komi_halves: rules.komi.halves(),
            swap: rules.opening == Opening::Swap,
            flats: rules.stones,
            caps: rules.caps,
        }
    }

    /// The engine's rules, checking every limit (a stored value is never trusted).
    pub fn rules(&self) -> Result<Rules, String> {
        let komi = Komi::from_halves(self.komi_halves)
            .ok_or_else(|| format!("komi of {} half points is out of range", self.komi_halves))?;
        let opening = if self.swap {
            Opening::Swap
        } else {
            Opening::NoSwap
        };
        let mut rules = Rules::standard(self.size)
            .map_err(|e| e.to_string())?
            .with_komi(komi)
            .with_opening(opening);
        for color in Color::ALL {
            let i = color.index();
            rules = rules
                .with_reserves(color, self.flats[i] as i64, self.caps[i] as i64)
                .map_err(|e| e.to_string())?;
        }
        Ok(rules)
    }

    pub fn komi(&self) -> Komi {
        Komi::from_halves(self.komi_halves).unwrap_or_default()
    }
}

impl GameSettings {
    pub fn kind(&self) -> GameKind {
        match self {
            GameSettings::Tak(_) => GameKind::Tak,
            GameSettings::Takat(_) => GameKind::Takat,
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<GameSettings, String> {
        let settings: GameSettings =
            serde_json::from_str(text).map_err(|e| format!("bad game settings: {e}"))?;
        settings.check()?;
        Ok(settings)
    }

    /// Checks that the settings describe a playable game.
    pub fn check(&self) -> Result<(), String> {
        match self {
            GameSettings::Tak(s) => s.rules().map(|_| ()),
            GameSettings::Takat(_) => Ok(()),
        }
    }

    /// One line for people: "Tak 6x6, komi 2, swap opening, 30 stones and 1 capstone each".
    pub fn describe(&self) -> String {
        match self {
            GameSettings::Tak(s) => {
                let opening = if s.swap { "swap opening" } else { "no swap" };
                let reserves = if s.flats[0] == s.flats[1] && s.caps[0] == s.caps[1] {
                    format!(
                        "{} and {} each",
                        plural(s.flats[0] as u32, "stone"),
                        plural(s.caps[0] as u32, "capstone")
                    )
                } else {
                    format!(
                        "{}/{} for white, {}/{} for black",
                        plural(s.flats[0] as u32, "stone"),
                        plural(s.caps[0] as u32, "capstone"),
                        plural(s.flats[1] as u32, "stone"),
                        plural(s.caps[1] as u32, "capstone")
                    )
                };
                format!(
                    "Tak {0}x{0}, komi {1}, {opening}, {reserves}",
                    s.size,
                    s.komi()
                )
            }
            GameSettings::Takat(_) => "Takat, 6 white pieces against 15 black".to_string(),
        }
    }

    /// An action to show as an example in "Move with /move, e.g. ...".
    pub fn example_action(&self) -> &'static str {
        match self {
            GameSettings::Tak(_) => "a1",
            GameSettings::Takat(_) => "+N",
        }
    }

    /// Whether a game with these settings may count for ratings: Tak on
    /// 3x3 and 4x4 never does.
    pub fn can_be_rated(&self) -> bool {
        !matches!(self, GameSettings::Tak(s) if s.size <= 4)
    }

    /// What each seat is called in this game ("white", "black").
    pub fn seat_name(&self, seat: Seat) -> &'static str {
        match self {
            GameSettings::Tak(_) | GameSettings::Takat(_) => match seat {
                Seat::Player1 => "white",
                Seat::Player2 => "black",
            },
        }
    }
}

/// "1 stone", "2 stones".
pub fn plural(n: u32, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// How a game ended by its rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameOutcome {
    /// The result string of the game's notation (`R-0`, `0-F`, `1/2-1/2`, ...).
    pub result: String,
    pub winner: Option<Seat>,
    /// What decided it, for people: "a road", "flats 12 to 10 (komi 2)".
    pub reason: String,
}

/// The result string for a game won by resignation, forfeit or timeout (RULINGS Tak 6).
pub fn resignation_result(winner: Seat) -> &'static str {
    match winner {
        Seat::Player1 => "1-0",
        Seat::Player2 => "0-1",
    }
}

/// The result string of a draw (RULINGS Tak 6).
pub const DRAW_RESULT: &str = "1/2-1/2";

/// What one accepted action did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The action in the game's canonical notation.
    pub notation: String,
    /// The mover can win with their next action ("Tak!", RULINGS Tak 8).
    pub tak: bool,
    pub outcome: Option<GameOutcome>,
}

/// The facts a game file records besides the moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportMeta {
    pub players: [String; 2],
    /// The date the game started, `YYYY.MM.DD`.
    pub date: String,
    pub site: String,
    /// The result string, `*` while the game goes on.
    pub result: String,
}

/// A game file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Export {
    /// The file name's extension, without the dot.
    pub extension: &'static str,
    pub text: String,
    /// A link that opens the game in a viewer, if the game has one.
    pub viewer_link: Option<String>,
}

/// A game in progress (or finished): settings, the actions so far, and the state.
// A Tak position holds 64 stacks inline (4 KB); a game state is built once
// per command and rarely moved, so boxing it would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum GameState {
    Tak(TakGame),
    Takat(TakatGame),
}

#[derive(Clone, Debug)]
pub struct TakGame {
    pub settings: TakSettings,
    pub start: Position,
    pub position: Position,
    pub moves: Vec<Move>,
}

/// A game of Takat: Player 1 is White and moves first (RULINGS Takat 2).
#[derive(Clone, Debug)]
pub struct TakatGame {
    pub settings: TakatSettings,
    pub start: takat::Position,
    pub position: takat::Position,
    pub turns: Vec<takat::Turn>,
}

impl GameState {
    /// The start of a game.
    pub fn new(settings: &GameSettings) -> Result<GameState, String> {
        match settings {
            GameSettings::Tak(s) => {
                let start = Position::new(s.rules()?);
                Ok(GameState::Tak(TakGame {
                    settings: s.clone(),
                    position: start.clone(),
                    start,
                    moves: Vec::new(),
                }))
            }
            GameSettings::Takat(s) => Ok(GameState::Takat(TakatGame {
                settings: s.clone(),
                start: takat::Position::start(),
                position: takat::Position::start(),
                turns: Vec::new(),
            })),
        }
    }

    /// The game after these actions, played from the start.
    pub fn replay<S: AsRef<str>>(
        settings: &GameSettings,
        actions: &[S],
    ) -> Result<GameState, String> {
        let mut state = GameState::new(settings)?;
        for (i, action) in actions.iter().enumerate() {
            state
                .play(action.as_ref())
                .map_err(|e| format!("action {} `{}`: {e}", i + 1, action.as_ref()))?;
        }
        Ok(state)
    }

    pub fn settings(&self) -> GameSettings {
        match self {
            GameState::Tak(g) => GameSettings::Tak(g.settings.clone()),
            GameState::Takat(g) => GameSettings::Takat(g.settings.clone()),
        }
    }

    /// The seat whose input the game awaits, or `None` once it is over.
    pub fn awaiting(&self) -> Option<Seat> {
        match self {
            GameState::Tak(g) => {
                if g.position.is_over() {
                    None
                } else {
                    Some(color_seat(g.position.to_move()))
                }
            }
            GameState::Takat(g) => {
                (!g.position.is_over()).then(|| takat_seat(g.position.to_move()))
            }
        }
    }

    /// Plays one action written in the game's notation. Changes nothing and
    /// says why when the action is malformed or illegal.
    pub fn play(&mut self, text: &str) -> Result<Played, String> {
        match self {
            GameState::Tak(g) => {
                let mv: Move = text.trim().parse().map_err(|e: tak::ParseMoveError| {
                    format!("`{}` is not a move: {}", e.text, e.reason)
                })?;
                g.position.check(mv).map_err(|e| e.to_string())?;
                let notation = g.position.ptn(mv);
                g.position.play(mv).map_err(|e| e.to_string())?;
                g.moves.push(mv);
                let outcome = self.outcome();
                let tak = outcome.is_none() && self.tak_position().is_some_and(Position::is_tak);
                Ok(Played {
                    notation,
                    tak,
                    outcome,
                })
            }
            GameState::Takat(g) => {
                let turn: takat::Turn = text
                    .parse()
                    .map_err(|e: takat::ParseTurnError| e.to_string())?;
                g.position.play(turn).map_err(|e| e.to_string())?;
                g.turns.push(turn);
                Ok(Played {
                    notation: turn.to_string(),
                    tak: false,
                    outcome: self.outcome(),
                })
            }
        }
    }

    /// Whether `text` is written as an action of this game (legal here or
    /// not): adapters use it to tell a typed move from other chat.
    pub fn parses(&self, text: &str) -> bool {
        match self {
            GameState::Tak(_) => text.trim().parse::<Move>().is_ok(),
            GameState::Takat(_) => text.trim().parse::<takat::Turn>().is_ok(),
        }
    }

    fn tak_position(&self) -> Option<&Position> {
        match self {
            GameState::Tak(g) => Some(&g.position),
            GameState::Takat(_) => None,
        }
    }

    /// Every legal action, in canonical notation.
    pub fn legal_actions(&self) -> Vec<String> {
        match self {
            GameState::Tak(g) => g
                .position
                .legal_moves()
                .into_iter()
                .map(|mv| g.position.ptn(mv))
                .collect(),
            GameState::Takat(g) => g
                .position
                .legal_turns()
                .into_iter()
                .map(|turn| turn.to_string())
                .collect(),
        }
    }

    /// The end of the game by rule, if it has ended.
    pub fn outcome(&self) -> Option<GameOutcome> {
        match self {
            GameState::Tak(g) => {
                let outcome = g.position.outcome()?;
                let reason = match outcome {
                    tak::Outcome::Road(_) => "a road".to_string(),
                    _ => {
                        let [white, black] = g.position.flat_counts();
                        let komi = g.settings.komi();
                        let komi = if komi.halves() == 0 {
                            String::new()
                        } else {
                            format!(" with komi {komi} for black")
                        };
                        format!("flats {white} to {black}{komi}")
                    }
                };
                Some(GameOutcome {
                    result: outcome.result_string().to_string(),
                    winner: outcome.winner().map(color_seat),
                    reason,
                })
            }
            GameState::Takat(g) => {
                let outcome = g.position.outcome()?;
                Some(GameOutcome {
                    result: resignation_result(takat_seat(outcome.winner)).to_string(),
                    winner: Some(takat_seat(outcome.winner)),
                    reason: takat_reason(outcome),
                })
            }
        }
    }

    /// Actions played so far.
    pub fn action_count(&self) -> usize {
        match self {
            GameState::Tak(g) => g.moves.len(),
            GameState::Takat(g) => g.turns.len(),
        }
    }

    /// The actions so far, in canonical notation.
    pub fn actions(&self) -> Vec<String> {
        match self {
            GameState::Tak(g) => {
                let mut position = g.start.clone();
                g.moves
                    .iter()
                    .map(|&mv| {
                        let text = position.ptn(mv);
                        let _ = position.play(mv);
                        text
                    })
                    .collect()
            }
            GameState::Takat(g) => g.turns.iter().map(|t| t.to_string()).collect(),
        }
    }

    /// The state in one line (TPS for Tak), stored beside the move list.
    pub fn snapshot(&self) -> String {
        match self {
            GameState::Tak(g) => g.position.tps(),
            GameState::Takat(g) => g.position.to_string(),
        }
    }

    /// A note for the player to move, if the next action is unusual (the
    /// swap opening, RULINGS Tak 2).
    pub fn turn_note(&self) -> Option<String> {
        match self {
            GameState::Tak(g) => (!g.position.is_over() && g.position.in_swap_opening())
                .then(|| "opening: place one of your opponent's flat stones".to_string()),
            GameState::Takat(g) => (!g.position.is_over() && g.position.must_enter()).then(|| {
                "must enter a piece: Black has fewer pieces on the board than White".to_string()
            }),
        }
    }

    /// The board as text: stack tops, heights, rank and file labels, reserves.
    pub fn text_board(&self) -> String {
        match self {
            GameState::Tak(g) => tak_text_board(&g.position),
            GameState::Takat(g) => takat_text_board(&g.position),
        }
    }

    /// The game as a file in its notation.
    pub fn export(&self, meta: &ExportMeta) -> Export {
        match self {
            GameState::Tak(g) => {
                let s = &g.settings;
                let mut tags: Vec<(&str, String)> = vec![
                    ("Player1", meta.players[0].clone()),
                    ("Player2", meta.players[1].clone()),
                    ("Date", meta.date.clone()),
                    ("Size", s.size.to_string()),
                    ("Komi", s.komi().to_string()),
                ];
                if s.flats[0] == s.flats[1] && s.caps[0] == s.caps[1] {
                    tags.push(("Flats", s.flats[0].to_string()));
                    tags.push(("Caps", s.caps[0].to_string()));
                } else {
                    tags.push(("Flats1", s.flats[0].to_string()));
                    tags.push(("Caps1", s.caps[0].to_string()));
                    tags.push(("Flats2", s.flats[1].to_string()));
                    tags.push(("Caps2", s.caps[1].to_string()));
                }
                if !s.swap {
                    tags.push(("Opening", "no-swap".to_string()));
                }
                tags.push(("Result", meta.result.clone()));
                tags.push(("Site", meta.site.clone()));
                let result = if meta.result == "*" { "" } else { &meta.result };
                let text = tak::write_ptn(&tags, &g.start, &g.moves, result);
                let link = format!(
                    "https://ptn.ninja/{}",
                    lz_str::compress_to_encoded_uri_component(text.as_str())
                );
                Export {
                    extension: "ptn",
                    text,
                    viewer_link: Some(link),
                }
            }
            GameState::Takat(g) => {
                // The record format of docs/takat.md; dates as 2026-01-31.
                let tags = [
                    ("Game", "Takat".to_string()),
                    ("White", meta.players[0].clone()),
                    ("Black", meta.players[1].clone()),
                    ("Date", meta.date.replace('.', "-")),
                    ("Result", meta.result.clone()),
                    ("Site", meta.site.clone()),
                ];
                let record = takat::Record {
                    tags: tags.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
                    start: g.start.clone(),
                    turns: g.turns.clone(),
                };
                Export {
                    extension: "takat",
                    text: record.to_string(),
                    viewer_link: None,
                }
            }
        }
    }
}

fn takat_seat(color: takat::Color) -> Seat {
    match color {
        takat::Color::White => Seat::Player1,
        takat::Color::Black => Seat::Player2,
    }
}

/// What decided a game of Takat, for people: "a stack of six", "black has
/// no legal turn" (RULINGS Takat 8).
fn takat_reason(outcome: takat::Outcome) -> String {
    match outcome.reason {
        takat::WinReason::StackOfSix => "a stack of six".to_string(),
        takat::WinReason::NoLegalTurn => format!(
            "{} has no legal turn",
            outcome.winner.other().name().to_lowercase()
        ),
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
fn takat_text_board(position: &takat::Position) -> String {
    use takat::Cell;
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
        position.in_hand(takat::Color::White),
        position.in_hand(takat::Color::Black)
    );
    out
}

fn color_seat(color: Color) -> Seat {
    match color {
        Color::White => Seat::Player1,
        Color::Black => Seat::Player2,
    }
}

/// A compact text board: each square shows its top piece (`W`/`B` flat,
/// `WS`/`BS` wall, `WC`/`BC` capstone) followed by the stack height when it
/// is more than 1; `.` is an empty square.
fn tak_text_board(position: &Position) -> String {
    use tak::{Role, Square};
    let size = position.size();
    let mut cells = vec![vec![String::new(); size as usize]; size as usize];
    for sq in Square::all(size) {
        let stack = position.stack(sq);
        let text = match stack.top() {
            None => ".".to_string(),
            Some(piece) => {
                let mut t = String::from(match piece.color {
                    Color::White => "W",
                    Color::Black => "B",
                });
                match piece.role {
                    Role::Flat => {}
                    Role::Wall => t.push('S'),
                    Role::Cap => t.push('C'),
                }
                if stack.height() > 1 {
                    let _ = write!(t, "{}", stack.height());
                }
                t
            }
        };
        cells[sq.rank() as usize][sq.file() as usize] = text;
    }
    let width = cells
        .iter()
        .flatten()
        .map(String::len)
        .max()
        .unwrap_or(1)
        .max(2)
        + 1;
    let mut out = String::new();
    for rank in (0..size as usize).rev() {
        let mut line = format!("{} ", rank + 1);
        for cell in &cells[rank] {
            let _ = write!(line, " {cell:<width$}");
        }
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let mut files = String::from("  ");
    for file in 0..size {
        let _ = write!(files, " {:<width$}", (b'a' + file) as char);
    }
    let _ = writeln!(out, "{}", files.trim_end());
    let reserve = |color: Color| {
        let stones = position.stones_left(color) as u32;
        let caps = position.caps_left(color) as u32;
        if position.rules().caps[color.index()] == 0 {
            format!("{color} {}", plural(stones, "stone"))
        } else {
            format!(
                "{color} {}, {}",
                plural(stones, "stone"),
                plural(caps, "cap")
            )
        }
    };
    let _ = write!(
        out,
        "in reserve: {}; {}",
        reserve(Color::White),
        reserve(Color::Black)
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tak(size: u8) -> GameSettings {
        GameSettings::Tak(TakSettings::standard(size).unwrap())
    }

    #[test]
    fn settings_round_trip_through_json() {
        let mut s = TakSettings::standard(6).unwrap();
        s.komi_halves = 4;
        s.swap = false;
        let settings = GameSettings::Tak(s);
        let json = settings.to_json();
        assert!(json.contains("\"game\":\"tak\""), "{json}");
        assert_eq!(GameSettings::from_json(&json).unwrap(), settings);
        assert_eq!(
            settings.describe(),
            "Tak 6x6, komi 2, no swap, 30 stones and 1 capstone each"
        );
        // A stored size out of range is refused (RULINGS Tak 1).
        let bad = json.replace("\"size\":6", "\"size\":9");
        assert!(GameSettings::from_json(&bad).is_err());
    }

    #[test]
    fn awaiting_follows_the_engine_and_ends_with_the_game() {
        // RULINGS Tak 2, 4a: Player 1 (White) first; a road ends the game.
        let mut game = GameState::new(&tak(3)).unwrap();
        assert_eq!(game.awaiting(), Some(Seat::Player1));
        assert!(game.turn_note().is_some());
        for mv in ["a3", "a1", "b1", "b3"] {
            let played = game.play(mv).unwrap();
            assert!(played.outcome.is_none());
        }
        let played = game.play("c1").unwrap();
        assert_eq!(played.notation, "c1");
        let outcome = played.outcome.unwrap();
        assert_eq!(outcome.result, "R-0");
        assert_eq!(outcome.winner, Some(Seat::Player1));
        assert_eq!(game.awaiting(), None);
        assert!(game.legal_actions().is_empty());
    }

    #[test]
    fn illegal_actions_change_nothing_and_say_why() {
        let mut game = GameState::new(&tak(5)).unwrap();
        let before = game.snapshot();
        assert!(game.play("Sa1").unwrap_err().contains("opening"));
        assert!(game.play("z9").unwrap_err().contains("not a move"));
        assert_eq!(game.snapshot(), before);
        assert_eq!(game.action_count(), 0);
    }

    #[test]
    fn tak_is_flagged_after_a_road_threat() {
        // RULINGS Tak 8: on 4x4, White flats on a1, b1 and c1 threaten d1.
        let mut game = GameState::new(&tak(4)).unwrap();
        for mv in ["d4", "a1", "b1", "d3"] {
            assert!(!game.play(mv).unwrap().tak, "{mv}");
        }
        assert!(game.play("c1").unwrap().tak);
    }

    #[test]
    fn replay_reproduces_the_snapshot() {
        let mut game = GameState::new(&tak(5)).unwrap();
        for mv in ["a1", "e5", "c3", "Cc2", "Sb3", "1c2+1"] {
            game.play(mv).unwrap();
        }
        let again = GameState::replay(&game.settings(), &game.actions()).unwrap();
        assert_eq!(again.snapshot(), game.snapshot());
        // Canonical notation (RULINGS Tak 7): count 1 and a single drop omitted.
        assert_eq!(game.actions()[5], "c2+");
    }

    #[test]
    fn text_board_shows_tops_heights_and_labels() {
        let mut game = GameState::new(&tak(3)).unwrap();
        for mv in ["a1", "c3", "b1", "b2", "b1<", "Sb1"] {
            game.play(mv).unwrap();
        }
        let board = game.text_board();
        assert_eq!(
            board,
            "3  .   .   W\n2  .   B   .\n1  W2  BS  .\n   a   b   c\nin reserve: white 8 stones; black 7 stones"
        );
    }

    fn takat() -> GameSettings {
        GameSettings::Takat(TakatSettings::default())
    }

    #[test]
    fn takat_settings_are_stored_by_kind_name() {
        let json = takat().to_json();
        assert_eq!(json, r#"{"game":"takat"}"#);
        assert_eq!(GameSettings::from_json(&json).unwrap(), takat());
        assert_eq!(takat().kind(), GameKind::Takat);
        assert_eq!(GameKind::parse("TAKAT"), Some(GameKind::Takat));
        assert_eq!(takat().seat_name(Seat::Player1), "white");
        assert_eq!(takat().describe(), "Takat, 6 white pieces against 15 black");
    }

    #[test]
    fn takat_plays_through_the_enum() {
        // RULINGS Takat 2, 4: White (Player 1) first; Black must then enter.
        let mut game = GameState::new(&takat()).unwrap();
        assert_eq!(game.awaiting(), Some(Seat::Player1));
        assert_eq!(game.snapshot(), "x/x/x/x/x/x/x w -");
        assert_eq!(
            game.legal_actions(),
            ["+N", "+NE", "+SE", "+S", "+SW", "+NW"]
        );
        let played = game.play(" n ").unwrap();
        assert_eq!(played.notation, "+N");
        assert!(!played.tak && played.outcome.is_none());
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
            let err = game.play(bad).unwrap_err();
            assert!(err.contains(why), "{bad}: {err}");
        }
        assert_eq!(game.snapshot(), before);
        assert_eq!(game.action_count(), 1);
        game.play("+ne").unwrap();
        // RULINGS Takat 7: the piece just entered may not be moved.
        assert!(game.play("NE-C").unwrap_err().contains("just moved"));
        assert_eq!(game.actions(), ["+N", "+NE"]);
        let again = GameState::replay(&takat(), &game.actions()).unwrap();
        assert_eq!(again.snapshot(), game.snapshot());
    }

    #[test]
    fn takat_ends_with_result_strings_and_reasons() {
        // RULINGS Takat 8: a player with no legal turn loses.
        let black_wins =
            "+N +NE +S +SE NE-SE +NW +SW N-NW S-SW NW-SW +S +N NW-C N-C +NE +N +NW NE-N";
        let moves: Vec<&str> = black_wins.split(' ').collect();
        let mut game = GameState::replay(&takat(), &moves[..moves.len() - 1]).unwrap();
        let outcome = game.play("ne-n").unwrap().outcome.unwrap();
        assert_eq!(outcome.result, "0-1");
        assert_eq!(outcome.winner, Some(Seat::Player2));
        assert_eq!(outcome.reason, "white has no legal turn");
        assert_eq!(game.awaiting(), None);
        assert!(game.legal_actions().is_empty());
        assert!(game.turn_note().is_none());
        assert_eq!(game.play("+S").unwrap_err(), "the game is over");
    }

    #[test]
    fn takat_export_is_a_record_that_replays() {
        let mut game = GameState::new(&takat()).unwrap();
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
        let record = takat::parse_record(&export.text).unwrap();
        assert_eq!(record.tag("Black"), Some("bob \"b\""));
        assert_eq!(
            record.final_position().unwrap().to_string(),
            game.snapshot()
        );
    }

    #[test]
    fn takat_text_board_is_the_hexagon() {
        let mut game = GameState::new(&takat()).unwrap();
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
    fn export_has_the_required_tags_and_a_viewer_link() {
        let mut game = GameState::new(&tak(5)).unwrap();
        game.play("a1").unwrap();
        let export = game.export(&ExportMeta {
            players: ["alice".into(), "bob".into()],
            date: "2026.01.01".into(),
            site: "taktable".into(),
            result: "*".into(),
        });
        for tag in [
            "[Player1 \"alice\"]",
            "[Player2 \"bob\"]",
            "[Date \"2026.01.01\"]",
            "[Size \"5\"]",
            "[Komi \"0\"]",
            "[Flats \"21\"]",
            "[Caps \"1\"]",
            "[Result \"*\"]",
            "[Site \"taktable\"]",
        ] {
            assert!(export.text.contains(tag), "{tag} in {}", export.text);
        }
        let link = export.viewer_link.unwrap();
        let compressed = link.strip_prefix("https://ptn.ninja/").unwrap();
        let back = lz_str::decompress_from_encoded_uri_component(compressed).unwrap();
        assert_eq!(String::from_utf16(&back).unwrap(), export.text);
    }
}
