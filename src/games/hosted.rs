//! What the bot needs of a game, as one trait each game implements in its
//! own folder (`tak/hosted.rs`, `takat/hosted.rs`). The bot never sees a
//! game directly: it holds a [`super::GameState`], the enum over every
//! game, whose methods each forward to this trait.

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::error::GameError;
use super::options::{Chosen, OptionSpec, OptionValue};
use super::record::Record;
use super::seat::Seat;
use crate::budget::Budget;

/// How a game ended by its rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameOutcome {
    /// The result string of the game's notation (`R-0`, `0-F`, `1/2-1/2`, ...).
    pub result: String,
    pub winner: Option<Seat>,
    /// What decided it, for people: "a road", "flats 12 to 10 (komi 2)".
    pub reason: String,
}

/// What one accepted action did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The action in the game's canonical notation.
    pub notation: String,
    /// A word the game says after the action, shown after it ("Tak!",
    /// RULINGS Tak 8).
    pub note: Option<String>,
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

/// How autocomplete reads one action: the text matched against what a
/// player types, and whether the action puts a new piece on the board
/// (placements are suggested first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    pub key: String,
    pub placement: bool,
}

/// How autocomplete reads what a player typed: the text to match, and
/// whether only placements are wanted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Typed {
    pub key: String,
    pub placements_only: bool,
}

/// One game, as the bot hosts it: its settings, the actions so far and the
/// state they lead to.
pub trait HostedGame: Clone + std::fmt::Debug + Sized {
    /// The options of a challenge, stored as JSON with the game's name.
    type Settings: Clone + std::fmt::Debug + PartialEq + Eq + Serialize + DeserializeOwned;

    /// The name used in commands (`/tak challenge`) and in the store.
    const NAME: &'static str;
    /// The name shown to people.
    const TITLE: &'static str;
    /// The description of `/<name> challenge`.
    const CHALLENGE_DESCRIPTION: &'static str;
    /// Every option of `/<name> challenge`, in the order shown, the shared
    /// ones ([`super::options::challenge`]) included.
    const CHALLENGE_OPTIONS: &'static [OptionSpec];
    /// The rules in short and the notation, for `/rules` (under Discord's
    /// 2000 characters).
    const RULES: &'static str;
    /// What `/help` says about this game: its challenge defaults and how
    /// actions are written.
    const HELP: &'static str;
    /// An action to show as an example ("Move with /move, e.g. a1").
    const EXAMPLE_ACTION: &'static str;
    /// How moves are written, after the title in `/move`'s description:
    /// "in PTN (c3, Sd4, 3c3>12)".
    const MOVE_HINT: &'static str;
    /// Examples of actions, after the title in `/move notation`'s help:
    /// "c3, Sc3 (wall), Cc3 (capstone), 3c3>12".
    const NOTATION_EXAMPLES: &'static str;
    /// The format `/export` gives, before "for <title>": "PTN with a ptn.ninja link".
    const EXPORT_FORMAT: &'static str;

    /// The settings from the challenge's own options (the shared ones are
    /// read by the bot), already checked against their specs.
    fn settings_from_options(chosen: Chosen<'_>) -> Result<Self::Settings, GameError>;
    /// Checks that settings (perhaps read from the store) describe a playable game.
    fn check_settings(settings: &Self::Settings) -> Result<(), GameError>;
    /// One line for people: "Tak 6x6, komi 2, swap opening, ...".
    fn describe(settings: &Self::Settings) -> String;
    /// Whether a game with these settings may count for ratings.
    fn can_be_rated(_settings: &Self::Settings) -> bool {
        true
    }
    /// What each seat is called in this game.
    fn seat_name(seat: Seat) -> &'static str {
        match seat {
            Seat::Player1 => "white",
            Seat::Player2 => "black",
        }
    }

    /// The start of a game.
    fn new(settings: &Self::Settings) -> Result<Self, GameError>;
    /// A game starting from a position written as a [`HostedGame::snapshot`].
    fn from_snapshot(settings: &Self::Settings, snapshot: &str) -> Result<Self, GameError>;
    fn settings(&self) -> &Self::Settings;

    /// The seat whose input the game awaits, or `None` once it is over.
    fn awaiting(&self) -> Option<Seat>;
    /// Plays one action written in the game's notation; changes nothing
    /// and says why when the action is malformed or illegal.
    fn play(&mut self, text: &str) -> Result<Played, GameError>;
    /// Whether `text` is written as an action of this game, legal or not.
    fn parses(text: &str) -> bool;
    /// Every legal action, in canonical notation.
    fn legal_actions(&self) -> Vec<String>;
    /// How autocomplete reads an action of [`HostedGame::legal_actions`].
    fn completion(action: &str) -> Completion;
    /// How autocomplete reads what a player typed.
    fn typed(text: &str) -> Typed {
        Typed {
            key: text.to_lowercase(),
            placements_only: false,
        }
    }
    /// The end of the game by rule, if it has ended.
    fn outcome(&self) -> Option<GameOutcome>;
    /// A note for the player to move, if the next action is unusual.
    fn turn_note(&self) -> Option<String>;

    fn action_count(&self) -> usize;
    /// The move number as players count it, for `/board`: a move is a turn
    /// of each player, so it goes up after the second seat's turn (Tak's
    /// "Move 7" after 12 plies). By default the seats take turns one action
    /// each from the first seat; a game whose turns run otherwise says so.
    fn move_number(&self) -> u32 {
        u32::try_from(self.action_count() / 2 + 1).unwrap_or(u32::MAX)
    }
    /// Where the game stands, for `/board` and the game's status lines:
    /// "Move 7" by default; a game whose turns are not counted in moves
    /// says what it counts instead (Takkure: "Half 1, time box 4, home 0 -
    /// away 1: the defence's declarations").
    fn step_line(&self) -> String {
        format!("Move {}", self.move_number())
    }
    /// The actions so far, in canonical notation.
    fn actions(&self) -> Vec<String>;
    /// The state in one line, stored beside the move list.
    fn snapshot(&self) -> String;
    /// The board as text.
    fn text_board(&self) -> String;
    /// The game as a file in its notation.
    fn export(&self, meta: &ExportMeta) -> Export;

    // What the command line (`taktable perft|legal|replay|render`) needs.
    // Every item has a default; a game overrides what its engine does better.

    /// The result strings only the rules give, besides the shared `1-0`,
    /// `0-1` and [`DRAW_RESULT`] (Tak: `R-0`, `F-0`, ...). A game file
    /// claiming one of them must agree with the rules.
    const RULE_RESULTS: &'static [&'static str] = &[];

    /// A game for the command line: its settings from `chosen` (the game's
    /// own challenge options, given as `--name value`), starting from
    /// `position` (the game's position format, as [`HostedGame::snapshot`]
    /// writes it) or else the start. A game whose position text fixes some
    /// settings (Tak's size, Taka's goals) overrides this so that they are
    /// read from the position when not given.
    fn from_command_line(chosen: Chosen<'_>, position: Option<&str>) -> Result<Self, GameError> {
        let settings = Self::settings_from_options(chosen)?;
        match position {
            Some(text) => Self::from_snapshot(&settings, text),
            None => Self::new(&settings),
        }
    }

    /// The number of action sequences of `depth` actions from here (perft):
    /// 1 at depth 0, 0 below a finished game. The default plays every
    /// legal action on a copy; a game overrides it with its engine's.
    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_actions()
            .iter()
            .map(|action| {
                let mut next = self.clone();
                next.play(action).map_or(0, |_| next.perft(depth - 1))
            })
            .sum()
    }

    /// A game file as [`HostedGame::export`] writes it, every action
    /// played, and the result the file claims (if any). The default reads
    /// a record ([`Record`]): a `[Game "..."]` tag naming this game if
    /// present, tags named like the game's options (`[Goals "2"]`), a
    /// `[Position "..."]` start, `[Result "..."]`, then one action a line.
    fn read_file(text: &str) -> Result<(Self, Option<String>), GameError> {
        let record = Record::parse(text)?;
        if let Some(game) = record.tag("Game") {
            if !game.trim().eq_ignore_ascii_case(Self::TITLE) {
                return Err(GameError::Parse(format!(
                    "the file is a game of {game}, not {}",
                    Self::TITLE
                )));
            }
        }
        let mut chosen: Vec<(String, OptionValue)> = Vec::new();
        for spec in super::options::own_options(Self::CHALLENGE_OPTIONS) {
            if let Some(value) = record.tag(spec.name) {
                let value = spec
                    .read(value)
                    .map_err(|e| GameError::Settings(format!("the tag {}: {e}", spec.name)))?;
                chosen.push((spec.name.to_string(), value));
            }
        }
        let mut game = Self::from_command_line(Chosen(&chosen), record.tag("Position"))?;
        for (i, (line, action)) in record.actions.iter().enumerate() {
            game.play(action).map_err(|e| {
                GameError::Illegal(format!("line {line}, action {} `{action}`: {e}", i + 1))
            })?;
        }
        let claimed = record.tag("Result").map(|r| r.trim().to_string());
        Ok((game, claimed))
    }

    /// Marks `action` as the one that led to the current position, without
    /// playing it, so that the picture highlights it (`render --last`).
    /// Only for a picture: the game's action list then holds an action it
    /// never played. The default refuses.
    fn mark_last(&mut self, action: &str) -> Result<(), GameError> {
        Err(GameError::Parse(format!(
            "{} pictures highlight only a turn played (use --moves), not `{action}`",
            Self::TITLE
        )))
    }

    /// Why moves of this game can't be taken back, if they can't: a game
    /// whose dice come from a seed would show the coach who takes a move
    /// back the rolls that come next.
    const NO_TAKEBACK: Option<&'static str> = None;

    /// Whether the bot itself plays this game against a challenger
    /// (issue 14). A game without a computer opponent keeps the default.
    fn has_computer(_settings: &Self::Settings) -> bool {
        false
    }
    /// The action the computer plays for the awaited seat at `level`
    /// (1 the weakest, 10 the strongest); `seed` makes the weaker levels'
    /// choices repeatable. `None` when the game is over or has no computer
    /// opponent. It may think for seconds: never call it on an async thread.
    fn computer_move(&self, _level: u8, _seed: u64) -> Option<String> {
        None
    }
    /// How the computer judges the position for `seat` after a short
    /// search: above zero it is better for `seat`, below worse, zero about
    /// even (the scale and the margin of "even" are the game's own). The bot
    /// accepts a draw offer when it is below zero. `None` when the game has
    /// no computer opponent.
    fn computer_judgement(&self, _seat: Seat) -> Option<i32> {
        None
    }
    /// The computer's view of every position of the game, from the start
    /// to the current one (one more than the actions played), for
    /// `/analyze`. It searches every position: seconds, never on an async
    /// thread. Once `budget` is spent it stops: the list then ends early
    /// (it always has the start). `None` when the game has no computer
    /// opponent.
    fn computer_evaluation(&self, _budget: &Budget) -> Option<Evaluations> {
        None
    }
    /// Whether [`HostedGame::computer_evaluation`] gives an analysis, so
    /// that `/analyze` of another game can name the games it analyzes.
    const ANALYZED: bool = false;

    /// A legal action to show as an example ("Move with /move, e.g. a1"):
    /// [`HostedGame::EXAMPLE_ACTION`] when it is legal here, else the
    /// shortest legal placement (alphabetically first among those), else
    /// the shortest legal action; `None` when there is none. Never the
    /// engine's choice: a puzzle's example must not give its answer away.
    fn example_action(&self) -> Option<String> {
        let legal = self.legal_actions();
        if legal.iter().any(|action| action == Self::EXAMPLE_ACTION) {
            return Some(Self::EXAMPLE_ACTION.to_string());
        }
        let plainest = |actions: &mut dyn Iterator<Item = &String>| {
            actions
                .min_by(|a, b| a.len().cmp(&b.len()).then(a.cmp(b)))
                .cloned()
        };
        plainest(&mut legal.iter().filter(|a| Self::completion(a).placement))
            .or_else(|| plainest(&mut legal.iter()))
    }
}

/// The computer's evaluation of each position of a game (`/analyze`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Evaluations {
    /// The score (in the game's hundredths) that is one unit of the
    /// logistic turning scores into winning chances ([`Evaluations::chance`]).
    pub scale: i32,
    /// The search behind the scores, in words ("a 4-ply search").
    pub search: String,
    /// One per position, the start first.
    pub positions: Vec<PositionEvaluation>,
}

/// One position as the computer sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionEvaluation {
    /// Who is to move here (for the last position of a finished game, who
    /// would be).
    pub to_move: Seat,
    /// The move number here as the game's notation writes it (PTN's `17`
    /// of `17. Sf1` and `17... c3`).
    pub move_number: u32,
    /// The score for the first player, in hundredths of the unit; beyond
    /// [`DECIDED_EVALUATION`] either way, a win the search found by force.
    pub score: i32,
    /// The action the search prefers here (`None` when the game is over).
    pub best: Option<String>,
    /// The action the game played here (`None` for the last position).
    pub played: Option<String>,
    /// The played action's value for the first player, searched to the
    /// same horizon as `score` (`None` for the last position).
    pub played_score: Option<i32>,
    /// What a shallower search makes of the position, for the first
    /// player: a best action it does not see is one hard to find.
    pub shallow_score: i32,
    /// What the position is worth for the first player without its best
    /// action, to the same horizon as `score` (searched by games that can,
    /// when the best action was played): an action whose every other
    /// loses much is an only move.
    pub second_score: Option<i32>,
}

impl PositionEvaluation {
    /// A position nothing was played from, every search of it scoring
    /// `score` (the end of a game, or a test's).
    pub fn end(to_move: Seat, move_number: u32, score: i32) -> PositionEvaluation {
        PositionEvaluation {
            to_move,
            move_number,
            score,
            best: None,
            played: None,
            played_score: None,
            shallow_score: score,
            second_score: None,
        }
    }
}

/// Scores at least this large (either way) are forced results.
pub const DECIDED_EVALUATION: i32 = 100_000;

/// "1 stone", "2 stones".
pub fn plural(n: u32, word: &str) -> String {
    if n == 1 {
        format!("{n} {word}")
    } else {
        format!("{n} {word}s")
    }
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
