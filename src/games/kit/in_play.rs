//! A game in progress, as the bot asks of it: one trait every game
//! implements ([`InPlay`]), object safe, so that the enum over the games
//! hands out a `&dyn InPlay` instead of forwarding every method.

use super::error::GameError;
use super::judged::Evaluations;
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

impl ExportMeta {
    /// The tags of a plain record ([`super::record`]): the game's name, the
    /// players as White and Black, the date as 2026-01-31, the game's `own`
    /// tags, then the result and the site.
    pub fn record_tags(
        &self,
        game: &str,
        own: impl IntoIterator<Item = (&'static str, String)>,
    ) -> Vec<(&'static str, String)> {
        let mut tags = vec![
            ("Game", game.to_string()),
            ("White", self.players[0].clone()),
            ("Black", self.players[1].clone()),
            ("Date", self.date.replace('.', "-")),
        ];
        tags.extend(own);
        tags.push(("Result", self.result.clone()));
        tags.push(("Site", self.site.clone()));
        tags
    }
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

/// A game in progress (or finished): what the bot asks of it whatever the
/// game. The bot never assumes that players simply alternate: it asks
/// [`InPlay::awaiting`] whose input comes next.
pub trait InPlay {
    /// The seat whose input the game awaits, or `None` once it is over.
    fn awaiting(&self) -> Option<Seat>;
    /// Plays one action written in the game's notation; changes nothing
    /// and says why when the action is malformed or illegal.
    fn play(&mut self, text: &str) -> Result<Played, GameError>;
    /// Every legal action, in canonical notation.
    fn legal_actions(&self) -> Vec<String>;
    /// The end of the game by rule, if it has ended.
    fn outcome(&self) -> Option<GameOutcome>;
    /// A note for the player to move, if the next action is unusual (the
    /// swap opening, RULINGS Tak 2).
    fn turn_note(&self) -> Option<String> {
        None
    }

    /// Actions played so far.
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
    /// The state in one line (TPS for Tak), stored beside the move list.
    fn snapshot(&self) -> String;
    /// The board as text.
    fn text_board(&self) -> String;
    /// The game as a file in its notation.
    fn export(&self, meta: &ExportMeta) -> Export;

    /// The number of action sequences of `depth` actions from here (perft):
    /// 1 at depth 0, 0 below a finished game (`taktable perft`).
    fn perft(&self, depth: u32) -> u64;
    /// Marks `action` as the one that led to the current position, without
    /// playing it, so that the picture highlights it (`render --last`).
    /// Only for a picture: the game's action list then holds an action it
    /// never played.
    fn mark_last(&mut self, action: &str) -> Result<(), GameError>;

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
}
