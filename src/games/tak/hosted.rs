//! Tak as the bot hosts it: its challenge options and settings (RULINGS Tak
//! 1-3), a game played from text, its text board, PTN export and rules.

use std::fmt::Write;

use serde::{Deserialize, Serialize};

use super::search::{self, Level, Limits, Searcher, Settings};
use super::{Color, Komi, Move, Opening, Outcome, ParseMoveError, Position, Role, Rules, Square};
use crate::budget::Budget;
use crate::games::kit::options::{challenge, opt, Chosen, OptionKind, OptionSpec, OptionValue};
use crate::games::kit::{
    plural, Completion, Evaluations, Export, ExportMeta, GameError, GameOutcome, HostedGame,
    Played, PositionEvaluation, Seat, TurnGame, Turns, DECIDED_EVALUATION,
};

/// Tak's options (RULINGS Tak 1-3). Stored as JSON inside the game's
/// settings, so every field here is part of the stored format.
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
    /// The position the game starts from (TPS), for a resumed game or a
    /// puzzle; `None`: the empty board. Left out of the stored JSON when
    /// `None`, so older games read the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tps: Option<String>,
}

/// The default board size of a Tak challenge.
pub const DEFAULT_SIZE: u8 = 5;

impl TakSettings {
    /// Standard reserves, no komi, swap opening.
    pub fn standard(size: u8) -> Result<TakSettings, GameError> {
        let rules = Rules::standard(size).map_err(settings_error)?;
        Ok(TakSettings::from_rules(&rules))
    }

    pub fn from_rules(rules: &Rules) -> TakSettings {
        TakSettings {
            size: rules.size,
            komi_halves: rules.komi.halves(),
            swap: rules.opening == Opening::Swap,
            flats: rules.stones,
            caps: rules.caps,
            tps: None,
        }
    }

    /// The engine's rules, checking every limit (a stored value is never trusted).
    pub fn rules(&self) -> Result<Rules, GameError> {
        let komi = Komi::from_halves(self.komi_halves).ok_or_else(|| {
            GameError::Settings(format!(
                "komi of {} half points is out of range",
                self.komi_halves
            ))
        })?;
        let opening = if self.swap {
            Opening::Swap
        } else {
            Opening::NoSwap
        };
        let mut rules = Rules::standard(self.size)
            .map_err(settings_error)?
            .with_komi(komi)
            .with_opening(opening);
        for color in Color::ALL {
            let i = color.index();
            rules = rules
                .with_reserves(color, self.flats[i] as i64, self.caps[i] as i64)
                .map_err(settings_error)?;
        }
        Ok(rules)
    }

    pub fn komi(&self) -> Komi {
        Komi::from_halves(self.komi_halves).unwrap_or_default()
    }

    /// Where the game starts: the empty board, or the TPS the challenge
    /// gave, which must be a position of these rules that no rule has
    /// decided yet.
    pub fn start(&self) -> Result<Position, GameError> {
        let rules = self.rules()?;
        let Some(tps) = &self.tps else {
            return Ok(Position::new(rules));
        };
        let start = Position::from_tps(tps, rules)
            .map_err(|e| GameError::Settings(format!("the position (tps) is invalid: {e}")))?;
        if let Some(outcome) = start.outcome() {
            return Err(GameError::Settings(format!(
                "the position (tps) is already decided: {}, so there is no game to play from it",
                outcome.result_string()
            )));
        }
        Ok(start)
    }
}

fn settings_error(e: impl std::fmt::Display) -> GameError {
    GameError::Settings(e.to_string())
}

/// Tak played move by move: PTN moves on the engine's position.
#[derive(Clone, Debug)]
pub struct Tak;

/// A game of Tak: the settings, the start, the position and the moves.
pub type TakGame = Turns<Tak>;

fn color_seat(color: Color) -> Seat {
    match color {
        Color::White => Seat::Player1,
        Color::Black => Seat::Player2,
    }
}

const CHALLENGE_OPTIONS: &[OptionSpec] = &[
    challenge::OPPONENT,
    challenge::LEVEL,
    opt(
        "size",
        "Board size, 3 to 8 (default 5)",
        OptionKind::Integer,
    )
    .bounds(3.0, 8.0)
    .default("5"),
    opt(
        "komi",
        "Points added to black's flat count, -4.5 to 4.5 in steps of 0.5 (default 0)",
        OptionKind::Number,
    )
    .bounds(-4.5, 4.5)
    .default("0"),
    challenge::color("Your colour; white moves first (default random)"),
    opt(
        "opening",
        "swap: the first two plies place the opponent's flat (default swap)",
        OptionKind::String,
    )
    .choices(&["swap", "no-swap"])
    .default("swap"),
    opt(
        "flats",
        "Stones per player, 1 to 80 (default: the size's standard)",
        OptionKind::Integer,
    )
    .bounds(1.0, 80.0)
    .default("the size's standard"),
    opt(
        "caps",
        "Capstones per player, 0 to 5 (default: the size's standard)",
        OptionKind::Integer,
    )
    .bounds(0.0, 5.0)
    .default("the size's standard"),
    opt(
        challenge::START,
        "Start from this position (TPS), for a resumed game or a puzzle; the size is read from it",
        OptionKind::String,
    ),
    challenge::RATED,
];

/// Tak in short (RULINGS Tak 1-8) and PTN.
const RULES: &str = "\
Tak: make a road of your flats and capstones joining two opposite edges of the board.
- A turn places a stone from your reserve on an empty square (a flat, a wall standing up, or a capstone), or moves a stack you control (your piece on top).
- A stack moves in a straight line, carrying at most as many pieces as the board is wide and dropping at least one on each square.
- Walls block roads and moves; a capstone moving alone can flatten a wall.
- In the swap opening each player's first turn places a flat of the opponent's colour.
- When the board is full or either player's reserve is empty, the most top flats wins (komi added to black); equal is a draw.
Notation (PTN): c3 places a flat on c3, Sc3 a wall, Cc3 a capstone; 3c3>12 carries 3 pieces from c3 to the right (> right, < left, + up, - down), dropping 1 then 2.";

const HELP: &str = "\
Tak challenge defaults: size 5, komi 0, random colour, swap opening, the size's standard stones and capstones, rated. Tak on 3x3 and 4x4 is never rated. tps:<TPS> starts from a position (a resumed game, a puzzle), never rated; /export then carries the TPS tag.
Tak moves are PTN: c3 places a flat, Sc3 a wall, Cc3 a capstone; 3c3>12 carries 3 stones from c3 to the right, dropping 1 then 2. In the swap opening each player first places a flat of the opponent's colour. /rules game:tak has the rules.";

impl HostedGame for TakGame {
    type Settings = TakSettings;

    const NAME: &'static str = "tak";
    const TITLE: &'static str = "Tak";
    const CHALLENGE_DESCRIPTION: &'static str = "Challenge someone (or anyone) to a game of Tak";
    const CHALLENGE_OPTIONS: &'static [OptionSpec] = CHALLENGE_OPTIONS;
    const RULES: &'static str = RULES;
    const HELP: &'static str = HELP;
    const EXAMPLE_ACTION: &'static str = "a1";
    const MOVE_HINT: &'static str = "in PTN (c3, Sd4, 3c3>12)";
    const NOTATION_EXAMPLES: &'static str = "c3, Sc3 (wall), Cc3 (capstone), 3c3>12";
    const EXPORT_FORMAT: &'static str = "PTN with a ptn.ninja link";

    /// RULINGS Tak 6: a road or the flat count decides these.
    const RULE_RESULTS: &'static [&'static str] = &["R-0", "0-R", "F-0", "0-F"];

    /// RULINGS Tak 1-3: size 3 to 8 (default 5), komi in half points up to
    /// 4.5, swap opening unless asked otherwise, the size's standard reserves.
    fn settings_from_options(chosen: Chosen<'_>) -> Result<TakSettings, GameError> {
        let tps = chosen
            .string(challenge::START)
            .map(|t| t.trim().to_string());
        let tps_size = match &tps {
            Some(tps) => Some(i64::from(super::tps::tps_size(tps).map_err(|e| {
                GameError::Settings(format!("the position (tps) is invalid: {e}"))
            })?)),
            None => None,
        };
        let size = match (chosen.integer("size"), tps_size) {
            (Some(size), Some(from_tps)) if size != from_tps => {
                return Err(GameError::Settings(format!(
                    "size is {size} but the position (tps) is a {from_tps}x{from_tps} board"
                )))
            }
            (Some(size), _) => size,
            (None, from_tps) => from_tps.unwrap_or(DEFAULT_SIZE as i64),
        };
        let size = u8::try_from(size)
            .map_err(|_| GameError::Settings(format!("size must be from 3 to 8, not {size}")))?;
        let mut settings = TakSettings::standard(size)?;
        if let Some(komi) = chosen.number("komi") {
            let halves = komi * 2.0;
            if !halves.is_finite() || halves.fract() != 0.0 || halves.abs() > 9.0 {
                return Err(GameError::Settings(format!(
                    "komi must be from -4.5 to 4.5 in steps of 0.5, not {komi}"
                )));
            }
            settings.komi_halves = halves as i8;
        }
        if let Some(opening) = chosen.string("opening") {
            settings.swap = opening != "no-swap";
        }
        let (std_flats, std_caps) = Rules::standard_reserves(size);
        let flats = chosen.integer("flats").unwrap_or(std_flats as i64);
        let caps = chosen.integer("caps").unwrap_or(std_caps as i64);
        settings.flats = [flats.clamp(0, 255) as u8; 2];
        settings.caps = [caps.clamp(0, 255) as u8; 2];
        settings.tps = tps;
        settings.start()?;
        Ok(settings)
    }

    fn check_settings(settings: &TakSettings) -> Result<(), GameError> {
        settings.start().map(|_| ())
    }

    /// "Tak 6x6, komi 2, swap opening, 30 stones and 1 capstone each".
    fn describe(s: &TakSettings) -> String {
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
        let from = s
            .tps
            .as_ref()
            .map(|tps| format!(", from the position {tps}"))
            .unwrap_or_default();
        format!(
            "Tak {0}x{0}, komi {1}, {opening}, {reserves}{from}",
            s.size,
            s.komi()
        )
    }

    /// Tak on 3x3 and 4x4 never counts for ratings, nor a game from a
    /// position (a puzzle, or a game resumed from elsewhere).
    fn can_be_rated(settings: &TakSettings) -> bool {
        settings.size > 4 && settings.tps.is_none()
    }

    fn new(settings: &TakSettings) -> Result<TakGame, GameError> {
        Ok(Turns::from_start(settings, settings.start()?))
    }

    /// From a TPS.
    fn from_snapshot(settings: &TakSettings, snapshot: &str) -> Result<TakGame, GameError> {
        let start = Position::from_tps(snapshot, settings.rules()?).map_err(settings_error)?;
        Ok(Turns::from_start(settings, start))
    }

    fn settings(&self) -> &TakSettings {
        &self.settings
    }

    fn parses(text: &str) -> bool {
        Tak::read(text).is_ok()
    }

    /// A placement has no direction sign.
    fn completion(action: &str) -> Completion {
        Completion {
            key: action.to_lowercase(),
            placement: !action.contains(['+', '-', '<', '>']),
        }
    }

    fn from_command_line(chosen: Chosen<'_>, position: Option<&str>) -> Result<Self, GameError> {
        TakGame::command_line(chosen, position)
    }

    fn read_file(text: &str) -> Result<(TakGame, Option<String>), GameError> {
        TakGame::read_ptn(text)
    }

    /// Every size, komi and opening (docs/ai.md).
    fn has_computer(_settings: &TakSettings) -> bool {
        true
    }

    const ANALYZED: bool = true;
}

impl TurnGame for Tak {
    type Settings = TakSettings;
    type Position = Position;
    type Turn = Move;

    fn read(text: &str) -> Result<Move, GameError> {
        text.trim()
            .parse()
            .map_err(|e: ParseMoveError| GameError::Parse(e.to_string()))
    }

    fn awaiting(position: &Position) -> Option<Seat> {
        (!position.is_over()).then(|| color_seat(position.to_move()))
    }

    fn legal_turns(position: &Position) -> Vec<Move> {
        position.legal_moves()
    }

    /// RULINGS Tak 8: "Tak!" when the mover can win with their next move.
    fn play(position: &mut Position, mv: Move) -> Result<Played, GameError> {
        let illegal = |e: super::MoveError| GameError::Illegal(e.to_string());
        position.check(mv).map_err(illegal)?;
        let notation = position.ptn(mv);
        position.play(mv).map_err(illegal)?;
        let tak = !position.is_over() && position.is_tak();
        Ok(Played {
            notation,
            note: tak.then(|| "Tak!".to_string()),
            outcome: None,
        })
    }

    /// PTN writes a move by the position it is played from (RULINGS Tak 7).
    fn write(position: &Position, mv: Move) -> String {
        position.ptn(mv)
    }

    fn write_all(start: &Position, moves: &[Move]) -> Vec<String> {
        let mut position = start.clone();
        moves
            .iter()
            .map(|&mv| {
                let text = position.ptn(mv);
                let _ = position.play(mv);
                text
            })
            .collect()
    }

    fn outcome(game: &TakGame) -> Option<GameOutcome> {
        let outcome = game.position.outcome()?;
        let reason = match outcome {
            Outcome::Road(_) => "a road".to_string(),
            _ => {
                let [white, black] = game.position.flat_counts();
                let komi = game.settings.komi();
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

    /// The swap opening (RULINGS Tak 2).
    fn turn_note(position: &Position) -> Option<String> {
        (!position.is_over() && position.in_swap_opening())
            .then(|| "opening: place one of your opponent's flat stones".to_string())
    }

    /// PTN's move number: a White ply and a Black ply (a game from a
    /// position goes on from its TPS move number).
    fn move_number(game: &TakGame) -> u32 {
        game.position.move_number()
    }

    /// TPS.
    fn snapshot(position: &Position) -> String {
        position.tps()
    }

    fn text_board(position: &Position) -> String {
        text_board(position)
    }

    fn perft(position: &Position, depth: u32) -> u64 {
        position.perft(depth)
    }

    fn mark_last(game: &mut TakGame, action: &str) -> Result<(), GameError> {
        game.mark_last_move(action)
    }

    /// PTN with the tags of RULINGS Tak 7 and a ptn.ninja link.
    fn export(game: &TakGame, meta: &ExportMeta) -> Export {
        let s = &game.settings;
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
        if let Some(tps) = &s.tps {
            tags.push(("TPS", tps.clone()));
        }
        tags.push(("Result", meta.result.clone()));
        tags.push(("Site", meta.site.clone()));
        let result = if meta.result == "*" { "" } else { &meta.result };
        let text = super::write_ptn(&tags, &game.start, &game.turns, result);
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

    fn computer_move(position: &Position, level: u8, seed: u64) -> Option<String> {
        let level = Level::new(level.clamp(1, 10))?;
        let mv = search::best_move(position, level, seed)?;
        Some(position.ptn(mv))
    }

    /// A search of two plies (an even depth, so neither side has placed
    /// more at the leaves), in centiflats; less than half a flat either way
    /// counts as even.
    fn computer_judgement(position: &Position, seat: Seat) -> Option<i32> {
        let limits = Limits {
            depth: Some(2),
            nodes: None,
            movetime: None,
            soft: None,
        };
        let report = Searcher::new(4).search(position, Settings::with_limits(limits), |_| {})?;
        let mover = color_seat(position.to_move());
        let score = if mover == seat {
            report.score
        } else {
            -report.score
        };
        Some(if score.abs() < 50 { 0 } else { score })
    }

    /// Level-10 searches of every position and move (docs/analyze.md).
    fn computer_evaluation(game: &TakGame, budget: &Budget) -> Option<Evaluations> {
        let judged = search::analysis::judge_game(&game.start, &game.turns, budget);
        let mut position = game.start.clone();
        let mut positions = Vec::with_capacity(judged.len());
        for (index, judged) in judged.iter().enumerate() {
            let played = game.turns.get(index).copied();
            let scale = |score: i32| {
                if score.abs() > search::DECIDED {
                    score.signum() * DECIDED_EVALUATION
                } else {
                    score
                }
            };
            positions.push(PositionEvaluation {
                to_move: color_seat(position.to_move()),
                move_number: position.move_number(),
                score: scale(judged.white_score),
                best: judged.best.map(|mv| position.ptn(mv)),
                played: played.map(|mv| position.ptn(mv)),
                played_score: judged.played_score.map(scale),
                // No quick look: Tak tells a good move by the search
                // without it (`second_score`).
                shallow_score: scale(judged.white_score),
                second_score: judged.second_score.map(scale),
            });
            if let Some(mv) = played {
                position.play_unchecked(mv);
            }
        }
        let depths = judged
            .iter()
            .filter(|j| j.best.is_some() && j.white_score.abs() <= search::DECIDED)
            .map(|j| j.depth);
        let plies = match (depths.clone().min(), depths.max()) {
            (Some(low), Some(high)) if low < high => format!("{low} to {high} plies"),
            (Some(depth), _) => format!("{depth} plies"),
            _ => String::new(),
        };
        let nodes = search::analysis::nodes_per_position(game.turns.len() + 1);
        let level_10 = search::Level::MAX.settings(0).limits.nodes.unwrap_or(nodes);
        let search = if nodes == level_10 {
            match plies.as_str() {
                "" => "the level-10 search".to_string(),
                plies => format!("the level-10 search ({plies})"),
            }
        } else {
            // A long game shares the analysis's nodes: say how far each search went.
            let plies = if plies.is_empty() {
                plies
            } else {
                plies + "; "
            };
            format!(
                "a search of {} nodes ({plies}level 10 searches {}, but a game this long shares the {} of one analysis)",
                thousands(nodes),
                thousands(level_10),
                thousands(search::analysis::NODES)
            )
        };
        Some(Evaluations {
            scale: search::analysis::CHANCE_SCALE,
            search,
            positions,
        })
    }
}

/// What the command line needs of Tak: a TPS tells the board size, PTN
/// files, the engine's perft.
impl TakGame {
    pub(crate) fn command_line(
        chosen: Chosen<'_>,
        position: Option<&str>,
    ) -> Result<TakGame, GameError> {
        let mut chosen = chosen.0.to_vec();
        if let Some(tps) = position {
            if !chosen.iter().any(|(name, _)| name == "size") {
                let size = super::tps::tps_size(tps).map_err(settings_error)?;
                chosen.push(("size".to_string(), OptionValue::Integer(size.into())));
            }
        }
        let settings = TakGame::settings_from_options(Chosen(&chosen))?;
        match position {
            Some(tps) => TakGame::from_snapshot(&settings, tps),
            None => TakGame::new(&settings),
        }
    }

    /// A PTN file: its tags set the rules, its moves are replayed.
    pub(crate) fn read_ptn(text: &str) -> Result<(TakGame, Option<String>), GameError> {
        let file = super::PtnGame::parse(text).map_err(|e| GameError::Parse(e.to_string()))?;
        let replay = file
            .replay()
            .map_err(|e| GameError::Illegal(e.to_string()))?;
        // The Result tag is the file's claim; the move text's result token
        // stands in when there is no tag.
        let claimed = file
            .tag("Result")
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .map(str::to_string)
            .or_else(|| file.result.clone());
        let game = TakGame {
            settings: TakSettings {
                tps: file.tag("TPS").map(str::to_string),
                ..TakSettings::from_rules(&file.rules)
            },
            start: file.start,
            position: replay.position,
            turns: replay.moves,
        };
        Ok((game, claimed))
    }

    /// `--last`: a move that fits the board, not played.
    pub(crate) fn mark_last_move(&mut self, text: &str) -> Result<(), GameError> {
        let mv: Move = text
            .trim()
            .parse()
            .map_err(|e: ParseMoveError| GameError::Parse(e.to_string()))?;
        let size = self.position.size();
        let touched = mv.touched_squares(size);
        let expected = match mv {
            Move::Place { .. } => 1,
            Move::Spread { drops, .. } => 1 + drops.squares() as usize,
        };
        if touched.len() != expected || !touched.iter().all(|s| s.is_on(size)) {
            return Err(GameError::Illegal(format!(
                "{text} does not fit on a {size}x{size} board"
            )));
        }
        self.turns.push(mv);
        Ok(())
    }
}

/// A compact text board: each square shows its top piece (`W`/`B` flat,
/// `WS`/`BS` wall, `WC`/`BC` capstone) followed by the stack height when it
/// is more than 1; `.` is an empty square.
fn text_board(position: &Position) -> String {
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

/// A count written with thousands separated: 1200000 is "1,200,000".
fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::kit::InPlay;

    fn tak(size: u8) -> TakGame {
        TakGame::new(&TakSettings::standard(size).unwrap()).unwrap()
    }

    #[test]
    fn a_challenge_defaults_to_size_5_komi_0_swap_and_standard_reserves() {
        // Issue 3; RULINGS Tak 1-3.
        let settings = TakGame::settings_from_options(Chosen(&[])).unwrap();
        assert_eq!(settings, TakSettings::standard(DEFAULT_SIZE).unwrap());
        assert_eq!(
            (settings.size, settings.komi_halves, settings.swap),
            (5, 0, true)
        );
        assert_eq!((settings.flats, settings.caps), ([21, 21], [1, 1]));
        let refused = |name: &str, value| {
            let chosen = [(name.to_string(), value)];
            TakGame::settings_from_options(Chosen(&chosen))
                .unwrap_err()
                .to_string()
        };
        assert!(refused("komi", OptionValue::Number(1.25)).contains("steps of 0.5"));
    }

    #[test]
    fn settings_describe_themselves_and_a_stored_size_is_checked() {
        let mut s = TakSettings::standard(6).unwrap();
        s.komi_halves = 4;
        s.swap = false;
        assert_eq!(
            TakGame::describe(&s),
            "Tak 6x6, komi 2, no swap, 30 stones and 1 capstone each"
        );
        let json = serde_json::to_string(&s).unwrap();
        // A stored size out of range is refused (RULINGS Tak 1).
        let bad: TakSettings =
            serde_json::from_str(&json.replace("\"size\":6", "\"size\":9")).unwrap();
        assert!(TakGame::check_settings(&bad).is_err());
    }

    #[test]
    fn awaiting_follows_the_engine_and_ends_with_the_game() {
        // RULINGS Tak 2, 4a: Player 1 (White) first; a road ends the game.
        let mut game = tak(3);
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
        // RULINGS Tak 2: the opening places a flat, never a wall.
        let mut game = tak(5);
        let before = game.snapshot();
        assert!(game
            .play("Sa1")
            .unwrap_err()
            .to_string()
            .contains("opening"));
        assert!(matches!(game.play("z9"), Err(GameError::Parse(e)) if e.contains("not a move")));
        assert_eq!(game.snapshot(), before);
        assert_eq!(game.action_count(), 0);
    }

    #[test]
    fn tak_is_flagged_after_a_road_threat() {
        // RULINGS Tak 8: on 4x4, White flats on a1, b1 and c1 threaten d1.
        let mut game = tak(4);
        for mv in ["d4", "a1", "b1", "d3"] {
            assert_eq!(game.play(mv).unwrap().note, None, "{mv}");
        }
        assert_eq!(game.play("c1").unwrap().note.as_deref(), Some("Tak!"));
    }

    #[test]
    fn actions_are_written_in_canonical_ptn() {
        // RULINGS Tak 7: count 1 and a single drop omitted.
        let mut game = tak(5);
        for mv in ["a1", "e5", "c3", "Cc2", "Sb3", "1c2+1"] {
            game.play(mv).unwrap();
        }
        assert_eq!(game.actions()[5], "c2+");
    }

    #[test]
    fn text_board_shows_tops_heights_and_labels() {
        let mut game = tak(3);
        for mv in ["a1", "c3", "b1", "b2", "b1<", "Sb1"] {
            game.play(mv).unwrap();
        }
        let board = game.text_board();
        assert_eq!(
            board,
            "3  .   .   W\n2  .   B   .\n1  W2  BS  .\n   a   b   c\nin reserve: white 8 stones; black 7 stones"
        );
    }

    #[test]
    fn export_has_the_required_tags_and_a_viewer_link() {
        // RULINGS Tak 7: the tags of a PTN file.
        let mut game = tak(5);
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

    #[test]
    fn autocomplete_offers_placements_first_and_shorter_first() {
        let facts = crate::games::kit::FactsOf::<TakGame>(std::marker::PhantomData);
        let moves: Vec<String> = ["2a1>11", "a1>", "Sa1", "a1", "Ca1", "a2", "b1", "a1+"]
            .map(String::from)
            .to_vec();
        let rank = |typed| crate::games::kit::rank_actions(&facts, moves.clone(), typed, 25);
        assert_eq!(rank("a1"), ["a1", "a1+", "a1>", "Ca1", "Sa1", "2a1>11"]);
        assert_eq!(rank("")[..4], ["a1", "a2", "b1", "Ca1"]);
        assert_eq!(rank(" S A"), ["Sa1"]);
    }

    #[test]
    fn the_rules_text_shows_the_notation() {
        assert!(TakGame::RULES.contains("3c3>12"));
        assert!(TakGame::HELP.contains("size 5, komi 0"));
    }

    const PUZZLE: &str = "x5/x5/2,2,2,2,x/x5/1,1,1,1,x 1 5";

    fn from_tps(tps: &str, size: Option<i64>) -> Result<TakSettings, GameError> {
        let mut chosen = vec![(
            challenge::START.to_string(),
            OptionValue::String(tps.into()),
        )];
        if let Some(size) = size {
            chosen.push(("size".into(), OptionValue::Integer(size)));
        }
        TakGame::settings_from_options(Chosen(&chosen))
    }

    #[test]
    fn counts_are_written_with_thousands_separated() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
        assert_eq!(thousands(1_200_000), "1,200,000");
        assert_eq!(thousands(20_000_000), "20,000,000");
    }

    #[test]
    fn a_game_from_a_position_starts_there_and_exports_its_tps() {
        let settings = from_tps(PUZZLE, None).unwrap();
        assert_eq!(settings.size, 5);
        // A puzzle is never rated.
        assert!(!TakGame::can_be_rated(&settings));
        // The store keeps the settings as JSON and replays from them.
        let json = serde_json::to_string(&settings).unwrap();
        let stored: TakSettings = serde_json::from_str(&json).unwrap();
        let mut game = TakGame::new(&stored).unwrap();
        assert_eq!(game.snapshot(), PUZZLE);
        assert_eq!(game.move_number(), 5);
        // RULINGS Tak 4a: a1-e1 is a road.
        assert_eq!(game.play("e1").unwrap().outcome.unwrap().result, "R-0");
        let export = game.export(&ExportMeta {
            players: ["a".into(), "b".into()],
            date: "2026.01.01".into(),
            site: "taktable".into(),
            result: "R-0".into(),
        });
        assert!(
            export.text.contains(&format!("[TPS \"{PUZZLE}\"]")),
            "{}",
            export.text
        );
        assert!(export.text.contains("\n5. e1 R-0\n"), "{}", export.text);
        // The file reads back to the same game, its start known by its settings.
        let (read, claimed) = TakGame::read_file(&export.text).unwrap();
        assert_eq!(claimed.as_deref(), Some("R-0"));
        assert_eq!(read.settings.tps.as_deref(), Some(PUZZLE));
        assert_eq!(read.snapshot(), game.snapshot());
    }

    #[test]
    fn an_invalid_or_decided_position_is_refused_with_the_reason() {
        let err = |tps: &str, size| from_tps(tps, size).unwrap_err().to_string();
        assert!(err("x5/x5/x5 1 1", None).contains("the position (tps) is invalid"));
        assert!(err("x5/x5/x5/x5/x5 3 1", None).contains("the position (tps) is invalid"));
        // RULINGS Tak 4a: a road on the board already ended the game.
        assert!(err("1,1,1,1,1/x5/x5/x5/2,2,2,2,x 2 5", None).contains("already decided: R-0"),);
        assert!(err(PUZZLE, Some(6)).contains("size is 6 but the position (tps) is a 5x5 board"));
        // Settings without a position are stored as before (no `tps` field).
        let plain = TakSettings::standard(5).unwrap();
        assert!(!serde_json::to_string(&plain).unwrap().contains("tps"));
    }
}
