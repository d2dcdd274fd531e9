//! A command, typed: what [`super::build`] makes of a slash command's
//! name and option values once they are checked, and what the bot handles.

use chrono::Duration;

use crate::bot::ground::button_ids::{self, Press};
use crate::games::options::UserRef;
use crate::games::{GameKind, GameSettings, Seat};

/// A challenge as asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeRequest {
    pub opponent: Option<UserRef>,
    pub settings: GameSettings,
    /// The challenger's seat; `None`: drawn at random when the challenge is taken.
    pub seat: Option<Seat>,
    pub rated: bool,
    /// The bot's level when it is the opponent (issue 14).
    pub level: Option<u8>,
    /// `thread:` (issue 15); `None`: the server's default.
    pub thread: Option<bool>,
    /// `blind:` (issue 15): no board is shown until the game is over.
    pub blind: bool,
}

/// `/tournament create` as asked (issue 32). The texts are read by the
/// tournament's own floor (`bot::tournament::options`), which knows the
/// game's option specs and the round times.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentRequest {
    pub game: GameKind,
    /// `swiss` or `round-robin` (the registry's choices).
    pub format: String,
    /// The rounds of a Swiss (a round robin plays every pair once).
    pub rounds: u32,
    /// `round-time:` as typed (`3d`).
    pub round_time: String,
    /// `settings:` as typed: the game's challenge options (`size:6 komi:2`).
    pub settings: String,
    pub rated: bool,
    /// `starts:` as typed: a delay from now (`2h`, `1d`).
    pub starts: Option<String>,
}

/// The `/tournament` subcommands.
#[derive(Clone, Debug, PartialEq)]
pub enum TournamentCommand {
    Create(TournamentRequest),
    Join,
    Leave,
    Start,
    Standings,
    Pairings,
    Withdraw,
    Cancel,
}

/// A command, typed.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Challenge(ChallengeRequest),
    Accept,
    Decline,
    Cancel,
    /// A move; `version` is the game version it was made against (a button
    /// or a retried request carries it; a typed move is made against the
    /// version current when it is handled).
    Move {
        notation: String,
        version: Option<i64>,
    },
    /// The computer's run of inputs for one seat, from `version` until the
    /// game awaits the other seat (a Takkure kick-off set-up, a defence's
    /// declarations): each played and committed as a [`Command::Move`],
    /// all announced in one message with one picture (issue 42).
    MoveRun {
        notations: Vec<String>,
        version: Option<i64>,
    },
    Board,
    /// `/resign`, `/abort`, `/claim`: the game here, or game `game:` of
    /// this server from any channel (a game set aside, issue 40).
    Resign {
        game: Option<i64>,
    },
    Draw,
    Undo,
    Rematch,
    /// `/export`, of this channel's game or of a finished game of the server.
    Export {
        game: Option<i64>,
    },
    /// `/replay`, of this channel's game or of a finished game of the server.
    Replay {
        game: Option<i64>,
    },
    /// `/analyze`, of a finished game (this channel's last by default).
    Analyze {
        game: Option<i64>,
    },
    /// `/info`: a game's settings and state as one line of JSON.
    Info {
        game: Option<i64>,
    },
    Abort {
        game: Option<i64>,
    },
    /// `/help`, or one command's options (`/help command:move`).
    Help {
        command: Option<String>,
    },
    /// Choose a board theme, by name.
    Theme(String),
    Themes,
    Claim {
        game: Option<i64>,
    },
    /// `/games`: the user's own games; `all`: every game in progress here.
    Games {
        all: bool,
        page: Option<i64>,
    },
    /// `/remind every:`; `None` turns reminders off for the game.
    Remind {
        every: Option<Duration>,
    },
    /// `/remind in:`: one reminder for the user about this channel's game.
    RemindIn {
        after: Duration,
    },
    /// `/remind` alone: the game's reminders and the user's own.
    RemindStatus,
    Notify {
        dm: bool,
    },
    /// `/privacy`: what the bot keeps about the user; `delete`: remove it.
    Privacy {
        delete: bool,
    },
    /// `/settings`; `None`: leave that setting as it is; `Some(None)`: off.
    Settings {
        reminder: Option<Option<Duration>>,
        timeout: Option<Option<Duration>>,
        /// Whether challenges open a thread by default (issue 15).
        thread: Option<bool>,
        /// Whether anyone may create a tournament (issue 32).
        tournaments: Option<bool>,
        /// Whether the server's web pages exist (issue 45).
        web: Option<bool>,
    },
    Leaderboard {
        game: Option<GameKind>,
        page: Option<i64>,
    },
    Rating {
        user: Option<UserRef>,
        game: Option<GameKind>,
    },
    History {
        user: Option<UserRef>,
        page: Option<i64>,
    },
    /// `/rules game:takat`: a game's rules and notation.
    Rules(GameKind),
    /// `/tournament ...` (issue 32).
    Tournament(TournamentCommand),
    /// A button press, by its custom id.
    Button(String),
}

impl Command {
    /// Whether the command is heavy work that only reads a game: a replay
    /// or an analysis (the Replay button too). Such a command runs outside
    /// its channel's turn, as a job of its own (issue 26).
    pub fn is_heavy(&self) -> bool {
        match self {
            Command::Replay { .. } | Command::Analyze { .. } => true,
            Command::Button(custom_id) => {
                matches!(button_ids::parse(custom_id), Some(Press::Replay { .. }))
            }
            _ => false,
        }
    }

    /// The users a command names (their names are recorded for display).
    pub fn named_users(&self) -> Vec<&UserRef> {
        match self {
            Command::Challenge(ChallengeRequest {
                opponent: Some(u), ..
            }) => vec![u],
            Command::Rating { user: Some(u), .. } | Command::History { user: Some(u), .. } => {
                vec![u]
            }
            _ => Vec::new(),
        }
    }
}
