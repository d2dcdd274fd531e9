//! Taka as the bot hosts it: the goals played to and the turn limit as
//! challenge options (RULINGS Taka 15, 16), whole turns played from text,
//! each accepted turn told in words, the pitch as text, a record of the
//! game and the rules.

use std::fmt::Write;

use serde::{Deserialize, Serialize};

use super::search::{self, analysis, Searcher};
use super::{
    describe, DrawReason, Outcome, ParsePositionError, Piece, Position, Settings, Side, Square,
    Turn, WinReason,
};
use crate::budget::Budget;
use crate::games::kit::options::{challenge, opt, Chosen, OptionKind, OptionSpec, OptionValue};
use crate::games::kit::search::MOVE_TIME_CEILING;
use crate::games::kit::{
    judged, resignation_result, Completion, Evaluations, Export, ExportMeta, GameError,
    GameOutcome, HostedGame, Played, Seat, TurnGame, Turns, Typed, DECIDED_EVALUATION, DRAW_RESULT,
};

/// The most goals a challenge may ask for (the engine accepts up to
/// [`Settings::MAX_GOALS`]; issue 11 offers "first to" 1-5).
pub const MAX_CHALLENGE_GOALS: u8 = 5;

/// Taka's options. Stored as JSON inside the game's settings, so both
/// fields are part of the stored format.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TakaSettings {
    /// Goals needed to win (1: first goal wins).
    pub goals: u8,
    /// Turns each side gets.
    pub turn_limit: u16,
}

impl Default for TakaSettings {
    fn default() -> TakaSettings {
        let s = Settings::default();
        TakaSettings {
            goals: s.goals,
            turn_limit: s.turn_limit,
        }
    }
}

impl TakaSettings {
    /// The engine's settings, checking both limits (a stored value is
    /// never trusted).
    pub fn engine(&self) -> Result<Settings, GameError> {
        if !(1..=MAX_CHALLENGE_GOALS).contains(&self.goals) {
            return Err(GameError::Settings(format!(
                "goals must be from 1 to {MAX_CHALLENGE_GOALS}, not {}",
                self.goals
            )));
        }
        Settings::new(self.goals, self.turn_limit).ok_or_else(|| {
            GameError::Settings(format!(
                "turns must be from 1 to {}, not {}",
                Settings::MAX_TURN_LIMIT,
                self.turn_limit
            ))
        })
    }
}

/// Taka played turn by turn: Player 1 is White and moves first (RULINGS
/// Taka 2).
#[derive(Clone, Debug)]
pub struct Taka;

/// A game of Taka: the start, the position and the whole turns played.
pub type TakaGame = Turns<Taka>;

fn side_seat(side: Side) -> Seat {
    match side {
        Side::White => Seat::Player1,
        Side::Black => Seat::Player2,
    }
}

const CHALLENGE_OPTIONS: &[OptionSpec] = &[
    challenge::OPPONENT,
    challenge::LEVEL,
    challenge::color("Your colour; white kicks off (default random)"),
    opt(
        "goals",
        "Goals needed to win: first to 1 to 5 (default 1)",
        OptionKind::Integer,
    )
    .bounds(1.0, MAX_CHALLENGE_GOALS as f64)
    .default("1"),
    opt(
        "turns",
        "Turns each side gets; then the higher score wins (default 75)",
        OptionKind::Integer,
    )
    .bounds(1.0, Settings::MAX_TURN_LIMIT as f64)
    .default("75"),
    challenge::RATED,
];

/// Taka in short (RULINGS Taka 1-16) and its notation (docs/taka.md).
const RULES: &str = "\
Taka: football on a 14x10 pitch (rows 1-14, columns A-J). White defends goal D1-G1 and attacks south; Black defends D14-G14 and attacks north. 10 field pieces and a goalie (in its circle) a side; F3 (White) and E12 (Black) start with the two balls. White moves first; a turn moves one piece or plays one ball.
- Moves go straight: up to 3 squares forward, 2 back or sideways, over nothing. A piece stepping on a loose ball picks it up, faces N, E, S or W, and may dribble, turn or pass once.
- A carrier dribbles one square, turns, or passes in one of its 5 open directions (not behind it) to a teammate, an empty square or a goal square. A chip flies over pieces unless the square next to the passer is taken. A teammate reached directly may pass once more; a runner next to an empty target may step in to receive. No pass to a teammate strictly past both the passer and the second-to-last opponent (offside).
- A piece next to a carrier, on its open side, tackles: the two swap and the ball changes hands.
- A pass into the opponent's goal squares from their shooting zone (its 5 rows) is a goal; a goalie on the square blocks it. Either ball scores. A goalie leaves its circle to rows 1-3, D-G (Black 12-14).
- First goal wins; in a first-to-N game the scorer then puts that ball on one of its pieces (or an empty square) in its own shooting zone. A third repetition draws; when the turns run out the higher score wins.
Notation, one string per turn: E7-E9 moves; E7-E8 S dribbles, facing S; E7 S turns; E7>F9 S passes to F9, who faces S; E7>F9 into space or a shot; E7>F9>F12 W passes on; E7>F9<G10 S: G10 runs onto it; E7xF8 S tackles; O-E2 brings the goalie out, E2-O back, O>D3 S passes from the circle; F11>E14=E3 S scores and puts the ball back on E3. Case and spaces don't matter.";

const HELP: &str = "\
Taka turns: E7-E8 moves or dribbles, E7 S turns to face S, E7>F9 S passes to F9 (who faces S), E7xF8 S tackles, O-E2 brings the goalie out. Challenge defaults: first goal wins, 75 turns each. /rules game:taka has the rules.";

impl HostedGame for TakaGame {
    type Settings = TakaSettings;

    const NAME: &'static str = "taka";
    const TITLE: &'static str = "Taka";
    const CHALLENGE_DESCRIPTION: &'static str = "Challenge someone (or anyone) to a game of Taka";
    const CHALLENGE_OPTIONS: &'static [OptionSpec] = CHALLENGE_OPTIONS;
    const RULES: &'static str = RULES;
    const HELP: &'static str = HELP;
    const EXAMPLE_ACTION: &'static str = "F3>E3 S";
    const MOVE_HINT: &'static str = "as E7-E8, E7>F9 S (pass), E7xF8 S (tackle)";
    const NOTATION_EXAMPLES: &'static str =
        "E7-E8 (move or dribble), E7 S (turn), E7>F9 S (pass), E7xF8 S (tackle), O-E2 (goalie out)";
    const EXPORT_FORMAT: &'static str = "a Taka record";

    fn settings_from_options(chosen: Chosen<'_>) -> Result<TakaSettings, GameError> {
        let defaults = TakaSettings::default();
        let goals = chosen.integer("goals").unwrap_or(defaults.goals as i64);
        let turns = chosen
            .integer("turns")
            .unwrap_or(defaults.turn_limit as i64);
        let settings = TakaSettings {
            goals: u8::try_from(goals).map_err(|_| {
                GameError::Settings(format!(
                    "goals must be from 1 to {MAX_CHALLENGE_GOALS}, not {goals}"
                ))
            })?,
            turn_limit: u16::try_from(turns).map_err(|_| {
                GameError::Settings(format!(
                    "turns must be from 1 to {}, not {turns}",
                    Settings::MAX_TURN_LIMIT
                ))
            })?,
        };
        settings.engine()?;
        Ok(settings)
    }

    fn check_settings(settings: &TakaSettings) -> Result<(), GameError> {
        settings.engine().map(|_| ())
    }

    /// "Taka, first goal wins, 75 turns each".
    fn describe(s: &TakaSettings) -> String {
        let goals = if s.goals == 1 {
            "first goal wins".to_string()
        } else {
            format!("first to {} goals", s.goals)
        };
        format!("Taka, {goals}, {} turns each", s.turn_limit)
    }

    fn new(settings: &TakaSettings) -> Result<TakaGame, GameError> {
        let start = Position::start_with(settings.engine()?);
        Ok(Turns::from_start(settings, start))
    }

    /// From the position format of docs/taka.md; its goals and turn limit
    /// must be the game's.
    fn from_snapshot(settings: &TakaSettings, snapshot: &str) -> Result<TakaGame, GameError> {
        let wanted = settings.engine()?;
        let start: Position = snapshot
            .parse()
            .map_err(|e: ParsePositionError| GameError::Settings(e.to_string()))?;
        if start.settings() != wanted {
            return Err(GameError::Settings(format!(
                "the position is played to {} goals in {} turns, the game to {} in {}",
                start.settings().goals,
                start.settings().turn_limit,
                wanted.goals,
                wanted.turn_limit
            )));
        }
        Ok(Turns::from_start(settings, start))
    }

    fn settings(&self) -> &TakaSettings {
        &self.settings
    }

    fn parses(text: &str) -> bool {
        Taka::read(text).is_ok()
    }

    /// Matched without spaces, so a turn starts with its piece's square:
    /// typing `f3` narrows hundreds of turns to that piece's. No turn puts
    /// a new piece on the pitch.
    fn completion(action: &str) -> Completion {
        Completion {
            key: completion_key(action),
            placement: false,
        }
    }

    /// Read as the notation reads input: any case, dashes as `-`.
    fn typed(text: &str) -> Typed {
        Typed {
            key: completion_key(text),
            placements_only: false,
        }
    }

    /// The goals and turn limit, when not given, are the position's.
    fn from_command_line(chosen: Chosen<'_>, position: Option<&str>) -> Result<Self, GameError> {
        let Some(text) = position else {
            return TakaGame::new(&TakaGame::settings_from_options(chosen)?);
        };
        let start: Position = text
            .parse()
            .map_err(|e: ParsePositionError| GameError::Settings(e.to_string()))?;
        let mut chosen = chosen.0.to_vec();
        let own = start.settings();
        for (name, value) in [
            ("goals", own.goals.into()),
            ("turns", own.turn_limit.into()),
        ] {
            if !chosen.iter().any(|(n, _)| n == name) {
                chosen.push((name.to_string(), OptionValue::Integer(value)));
            }
        }
        let settings = TakaGame::settings_from_options(Chosen(&chosen))?;
        TakaGame::from_snapshot(&settings, text)
    }

    fn has_computer(_settings: &TakaSettings) -> bool {
        true
    }

    const ANALYZED: bool = true;
}

impl TurnGame for Taka {
    type Settings = TakaSettings;
    type Position = Position;
    type Turn = Turn;

    fn awaiting(position: &Position) -> Option<Seat> {
        (!position.is_over()).then(|| side_seat(position.to_move()))
    }

    fn legal_turns(position: &Position) -> Vec<Turn> {
        position.legal_turns()
    }

    /// The note tells the turn in words: "E7 passes to F9, F9 shoots into
    /// F14: goal!"; refusals name the rule (the engine's words).
    fn play(position: &mut Position, turn: Turn) -> Result<Played, GameError> {
        let mut words = describe(position, &turn).map_err(|e| GameError::Illegal(e.to_string()))?;
        // The bot goes on with the next sentence ("@bob (black) to move").
        if !words.ends_with(['.', '!']) {
            words.push('.');
        }
        position
            .play(&turn)
            .map_err(|e| GameError::Illegal(e.to_string()))?;
        Ok(Played {
            notation: turn.to_string(),
            note: Some(words),
            outcome: None,
        })
    }

    /// RULINGS Taka 15, 16: the goals played to, a third repetition, or the
    /// turn limit. Results are written as after a resignation, or a draw.
    fn outcome(game: &TakaGame) -> Option<GameOutcome> {
        let position = &game.position;
        let outcome = position.outcome()?;
        let score = format!(
            "{}-{}",
            position.score(Side::White),
            position.score(Side::Black)
        );
        Some(match outcome {
            Outcome::Win { winner, reason } => {
                let seat = side_seat(winner);
                let why = match reason {
                    WinReason::Goals => "a goal",
                    WinReason::TurnLimit => "more goals at the turn limit",
                };
                GameOutcome {
                    result: resignation_result(seat).to_string(),
                    winner: Some(seat),
                    reason: format!("{why} ({score})"),
                }
            }
            Outcome::Draw(reason) => GameOutcome {
                result: DRAW_RESULT.to_string(),
                winner: None,
                reason: match reason {
                    DrawReason::Repetition => "the same position three times".to_string(),
                    DrawReason::TurnLimit => format!("level at the turn limit ({score})"),
                },
            },
        })
    }

    /// The turn number: up by one after each Black turn.
    fn move_number(game: &TakaGame) -> u32 {
        u32::from(game.position.turn_number())
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

    /// A record: tags as `[Name "value"]`, the start position if it is not
    /// the standard one, then one turn a line.
    fn export(game: &TakaGame, meta: &ExportMeta) -> Export {
        let mut text = String::new();
        let settings = game.position.settings();
        let tags = meta.record_tags(
            "Taka",
            [
                ("Goals", settings.goals.to_string()),
                ("Turns", settings.turn_limit.to_string()),
            ],
        );
        for (name, value) in tags {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(text, "[{name} \"{value}\"]");
        }
        if game.start != Position::start_with(settings) {
            let _ = writeln!(text, "[Position \"{}\"]", game.start);
        }
        text.push('\n');
        for turn in &game.turns {
            let _ = writeln!(text, "{turn}");
        }
        Export {
            extension: "taka",
            text,
            viewer_link: None,
        }
    }

    /// The level's search (docs/ai.md, "Taka"), within the bot's clock
    /// ceiling.
    fn computer_move(position: &Position, level: u8, seed: u64) -> Option<String> {
        let mut settings = search::level_settings(level, seed);
        settings.limits.movetime = Some(MOVE_TIME_CEILING);
        let report = Searcher::new().search(position, settings)?;
        Some(report.best.to_string())
    }

    /// A two-turn search without noise, in hundredths of a ball for
    /// `seat`; within half a ball it counts as even (0). A forced result
    /// is plus or minus [`DECIDED_EVALUATION`].
    fn computer_judgement(position: &Position, seat: Seat) -> Option<i32> {
        let horizon = judged::Horizon {
            depth: JUDGEMENT_DEPTH,
            movetime: None,
        };
        let (white, _) = analysis::search(&mut Searcher::new(), position, horizon);
        let score = match seat {
            Seat::Player1 => white,
            Seat::Player2 => -white,
        };
        Some(if analysis::is_decided(score) {
            score.signum() * DECIDED_EVALUATION
        } else if score.abs() < EVEN {
            0
        } else {
            score
        })
    }

    /// Fixed-depth searches of every position and turn (docs/ai.md,
    /// "/analyze").
    fn computer_evaluation(game: &TakaGame, budget: &Budget) -> Option<Evaluations> {
        let mut searcher = Searcher::new();
        Some(judged::evaluations(
            judged::Judging {
                start: &game.start,
                moves: &game.turns,
                depths: (analysis::DEPTH, analysis::SHALLOW),
                decided: search::DECIDED,
                scale: analysis::CHANCE_SCALE,
                search: format!("a {}-turn search", analysis::DEPTH),
                budget: (budget, analysis::SEARCH_TIME),
            },
            |position, horizon| analysis::search(&mut searcher, position, horizon),
            |position, turn| position.play(&turn).is_ok(),
            |_, position| {
                let number = u32::from(position.turn_number());
                (side_seat(position.to_move()), number)
            },
        ))
    }
}

/// The plies of the search behind [`InPlay::computer_judgement`](crate::games::kit::InPlay::computer_judgement).
const JUDGEMENT_DEPTH: u32 = 2;
/// Scores within this (hundredths of a ball) count as even.
const EVEN: i32 = 50;

/// What autocomplete compares: lower case, no spaces, dashes as `-`.
fn completion_key(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '\u{2013}' | '\u{2014}' => '-',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// The pitch as text, row 1 (White's goal) at the top as in docs/taka.md:
/// `w`/`b` field pieces, `W`/`B` goalies, a held ball as `*` and the
/// facing (`w*S`), `*` a loose ball, `#` an empty goal square; then the
/// circles, the score and whose turn it is.
fn text_board(position: &Position) -> String {
    let board = position.board();
    let mut out = String::from("    A   B   C   D   E   F   G   H   I   J\n");
    for row in 1..=14u8 {
        let _ = write!(out, "{row:>2} ");
        for column in 0..10u8 {
            let Some(sq) = Square::new(column, row) else {
                continue;
            };
            let cell = match board.piece(sq) {
                Some(Piece { side, goalie }) => {
                    let c = if goalie {
                        side.char().to_ascii_uppercase()
                    } else {
                        side.char()
                    };
                    match board.carried(sq) {
                        Some(facing) => format!("{c}*{facing}"),
                        None => c.to_string(),
                    }
                }
                None if board.loose_at(sq) => "*".to_string(),
                None if super::rules::is_goal_square(sq) => "#".to_string(),
                None => ".".to_string(),
            };
            let _ = write!(out, " {cell:<3}");
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    let circle = |side: Side| {
        let goalie = side.char().to_ascii_uppercase();
        if board.circle_ball(side) {
            format!("{goalie}*")
        } else if board.goalie_in_circle(side) {
            goalie.to_string()
        } else {
            "empty".to_string()
        }
    };
    let settings = position.settings();
    let state = match position.outcome() {
        Some(outcome) => outcome.to_string(),
        None => format!("{} to move", position.to_move()),
    };
    let _ = write!(
        out,
        "circles: White {}, Black {}\nscore {}-{} (first to {}), turn {} of {}, {state}",
        circle(Side::White),
        circle(Side::Black),
        position.score(Side::White),
        position.score(Side::Black),
        settings.goals,
        position.turn_number(),
        settings.turn_limit,
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{GameKind, GameSettings, GameState, OptionValue};

    fn taka(goals: u8) -> GameSettings {
        GameSettings::Taka(TakaSettings {
            goals,
            turn_limit: 75,
        })
    }

    #[test]
    fn settings_come_from_the_options_and_are_checked() {
        let chosen = [
            ("goals".to_string(), OptionValue::Integer(2)),
            ("turns".to_string(), OptionValue::Integer(40)),
        ];
        let s = GameKind::Taka
            .settings_from_options(Chosen(&chosen))
            .unwrap();
        assert_eq!(s.describe(), "Taka, first to 2 goals, 40 turns each");
        assert_eq!(s.to_json(), r#"{"game":"taka","goals":2,"turn_limit":40}"#);
        let none = GameKind::Taka.settings_from_options(Chosen(&[])).unwrap();
        assert_eq!(none.describe(), "Taka, first goal wins, 75 turns each");
        for (name, value, why) in [
            ("goals", 6, "goals must be from 1 to 5, not 6"),
            ("goals", 0, "goals must be from 1 to 5, not 0"),
            ("turns", 1000, "turns must be from 1 to 999, not 1000"),
            ("turns", -3, "turns must be from 1 to 999, not -3"),
        ] {
            let chosen = [(name.to_string(), OptionValue::Integer(value))];
            let err = GameKind::Taka.settings_from_options(Chosen(&chosen));
            assert_eq!(err.unwrap_err().to_string(), why);
        }
        let stored = r#"{"game":"taka","goals":7,"turn_limit":75}"#;
        assert!(GameSettings::from_json(stored).is_err());
    }

    #[test]
    fn a_turn_is_told_in_words_and_refusals_name_the_rule() {
        // RULINGS Taka 2: White moves first, F3 holds White's ball facing S.
        let mut game = GameState::new(&taka(1)).unwrap();
        assert_eq!(game.awaiting(), Some(Seat::Player1));
        let played = game.play("f3 > e3 s").unwrap();
        assert_eq!(played.notation, "F3>E3 S");
        assert_eq!(played.note.as_deref(), Some("F3 passes to E3, facing S."));
        assert_eq!(game.awaiting(), Some(Seat::Player2));
        let before = game.snapshot();
        // RULINGS Taka 3: Black's E12 faces N and cannot pass behind it.
        let err = game.play("E12>E13 S").unwrap_err();
        assert!(matches!(&err, GameError::Illegal(e) if e.contains("S is closed")));
        assert!(matches!(game.play("E7~E8"), Err(GameError::Parse(_))));
        assert!(matches!(game.play(""), Err(GameError::Parse(_))));
        assert_eq!(game.snapshot(), before);
        assert_eq!(game.actions(), ["F3>E3 S"]);
        let again = GameState::replay(&taka(1), &game.actions()).unwrap();
        assert_eq!(again.snapshot(), game.snapshot());
    }

    #[test]
    fn a_goal_ends_a_first_goal_game() {
        // RULINGS Taka 15: a goal from the attacking zone wins a first-goal game.
        let position = "w,x9/x10/x10/x10/x4,*,x5/w,w,w,w,x2,w,w,w,w/x10/x10/x10/x10/x4,w*S,x5/\
                        b,b,b,b,x2,b,b,b,b/b,b,x8/x10 W,B w";
        let mut game = GameState::from_snapshot(&taka(1), position).unwrap();
        let played = game.play("E11>E14").unwrap();
        assert_eq!(played.note.as_deref(), Some("E11 shoots into E14: goal!"));
        let outcome = played.outcome.unwrap();
        assert_eq!(outcome.result, "1-0");
        assert_eq!(outcome.winner, Some(Seat::Player1));
        assert_eq!(outcome.reason, "a goal (1-0)");
        assert_eq!(game.awaiting(), None);
        assert!(game.legal_actions().is_empty());
        // The position plays to 1 goal: a first-to-2 game may not start from it.
        assert!(GameState::from_snapshot(&taka(2), position).is_err());
    }

    #[test]
    fn autocomplete_narrows_by_the_pieces_square() {
        let game = GameState::new(&taka(1)).unwrap();
        let all = game.legal_actions();
        assert!(all.len() > 100, "{}", all.len());
        let f3 = game.suggestions("f3", 25);
        assert!(!f3.is_empty() && f3.len() <= 25);
        assert!(f3.iter().all(|t| t.starts_with("F3")), "{f3:?}");
        assert_eq!(game.suggestions("", 1000).len(), 1000.min(all.len()));
        assert!(game.suggestions("", 25).len() == 25);
        let pass = game.suggestions("F3 > E3", 25);
        assert!(pass.iter().all(|t| t.starts_with("F3>E3")), "{pass:?}");
        assert!(pass.contains(&"F3>E3 S".to_string()));
        assert!(game
            .suggestions("f3\u{2013}f", 25)
            .iter()
            .all(|t| t.starts_with("F3-F")));
    }

    #[test]
    fn text_board_and_export() {
        let mut game = GameState::new(&taka(1)).unwrap();
        game.play("F3>E3 S").unwrap();
        let board = game.text_board();
        let lines: Vec<&str> = board.lines().collect();
        assert_eq!(lines[0], "    A   B   C   D   E   F   G   H   I   J");
        assert_eq!(lines[1], " 1  .   .   .   #   #   #   #   .   .   .");
        // RULINGS Taka 2: F3 passed White's ball to E3, which faces S.
        assert_eq!(lines[3], " 3  .   .   .   .   w*S w   .   .   .   .");
        assert_eq!(lines[12], "12  .   .   .   .   b*N b   .   .   .   .");
        assert_eq!(lines[15], "circles: White W, Black B");
        assert_eq!(
            lines[16],
            "score 0-0 (first to 1), turn 1 of 75, Black to move"
        );
        let export = game.export(&ExportMeta {
            players: ["alice".into(), "bob".into()],
            date: "2026.01.31".into(),
            site: "taktable".into(),
            result: "*".into(),
        });
        assert_eq!(export.extension, "taka");
        assert_eq!(
            export.text,
            "[Game \"Taka\"]\n[White \"alice\"]\n[Black \"bob\"]\n[Date \"2026-01-31\"]\n\
             [Goals \"1\"]\n[Turns \"75\"]\n[Result \"*\"]\n[Site \"taktable\"]\n\nF3>E3 S\n"
        );
        assert!(GameKind::Taka.rules().len() < 2000);
    }
}
