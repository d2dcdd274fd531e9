//! Every command the bot understands, described once: the registry
//! ([`commands`]) gives names, descriptions and options (type, choices,
//! bounds, required). The console's line parser, the Discord adapter and
//! `taktable commands --json` all read it; [`build`] turns named option
//! values into a typed [`Command`], checking them against the registry.
//!
//! Each game brings its own `/<game> challenge` and its options (see
//! [`crate::games::HostedGame`]); every other command is the same for all
//! games, and the `game:` options offer the games' names as choices.

use std::sync::LazyLock;

use chrono::Duration;

use super::interval::{self, REMINDER_CHOICES, TIMEOUT_CHOICES};
use crate::games::options::challenge as shared;
pub use crate::games::options::{opt, OptionKind, OptionSpec, OptionValue, UserRef};
use crate::games::{Chosen, GameKind, GameSettings, Seat};
use crate::render::Theme;

/// Discord allows 100 characters for command and option descriptions.
const MAX_DESCRIPTION: usize = 100;

/// What a command does once its options are checked.
#[derive(Clone, Copy)]
enum Action {
    /// `/<game> challenge`: the shared options, then the game's settings.
    Challenge(GameKind),
    /// Any other command, built from its option values.
    Build(fn(Chosen<'_>) -> Result<Command, String>),
}

pub struct CommandSpec {
    /// The full name as typed after `/`: `move`, or `tak challenge` for a
    /// subcommand (`challenge` of the command `tak`).
    pub name: String,
    pub description: String,
    pub options: Vec<OptionSpec>,
    action: Action,
}

impl CommandSpec {
    pub fn option(&self, name: &str) -> Option<&OptionSpec> {
        self.options.iter().find(|o| o.name == name)
    }

    /// The game whose challenge this command is, if it is one.
    pub fn game(&self) -> Option<GameKind> {
        match self.action {
            Action::Challenge(kind) => Some(kind),
            Action::Build(_) => None,
        }
    }
}

impl std::fmt::Debug for CommandSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CommandSpec")
            .field("name", &self.name)
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

/// The registry of every command: the games' challenges first, then the rest.
pub fn commands() -> &'static [CommandSpec] {
    static REGISTRY: LazyLock<Vec<CommandSpec>> = LazyLock::new(registry);
    &REGISTRY
}

pub fn spec(name: &str) -> Option<&'static CommandSpec> {
    commands().iter().find(|c| c.name == name)
}

/// Whether a name is a command that has subcommands (`tak`).
pub fn is_group(name: &str) -> bool {
    commands().iter().any(|c| {
        c.name
            .split_once(' ')
            .is_some_and(|(group, _)| group == name)
    })
}

/// Every game's name, the choices of the `game:` options.
fn game_names() -> &'static [&'static str] {
    static NAMES: LazyLock<Vec<&'static str>> =
        LazyLock::new(|| GameKind::ALL.iter().map(|k| k.name()).collect());
    &NAMES
}

/// Words joined for people: `word_list(&["a", "b", "c"], "or")` is "a, b or c".
pub fn word_list(items: &[&str], last_joint: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} {last_joint} {last}", rest.join(", ")),
    }
}

/// A description made of one part per game, or `fallback` when the parts
/// together pass Discord's limit.
fn per_game(lead: &str, part: impl Fn(GameKind) -> String, joint: &str, fallback: &str) -> String {
    let parts: Vec<String> = GameKind::ALL.iter().map(|&k| part(k)).collect();
    let text = format!("{lead}{}", parts.join(joint));
    if text.chars().count() <= MAX_DESCRIPTION {
        text
    } else {
        fallback.to_string()
    }
}

fn plain(
    name: &str,
    description: impl Into<String>,
    options: Vec<OptionSpec>,
    build: fn(Chosen<'_>) -> Result<Command, String>,
) -> CommandSpec {
    CommandSpec {
        name: name.to_string(),
        description: description.into(),
        options,
        action: Action::Build(build),
    }
}

fn registry() -> Vec<CommandSpec> {
    let game_option = opt(
        "game",
        "Which game (default: this channel's game)",
        OptionKind::String,
    )
    .choices(game_names());
    let finished_game = opt(
        "game",
        "A finished game of this server, by number (see /history; default: this channel's game)",
        OptionKind::Integer,
    )
    .min(1.0);
    let mut list: Vec<CommandSpec> = GameKind::ALL
        .iter()
        .map(|&kind| CommandSpec {
            name: format!("{} challenge", kind.name()),
            description: kind.challenge_description().to_string(),
            // The bot's own challenge options (issue 15) follow the game's.
            options: kind
                .challenge_options()
                .iter()
                .chain([&super::threads::THREAD, &super::blind::BLIND])
                .copied()
                .collect(),
            action: Action::Challenge(kind),
        })
        .collect();
    list.extend([
        plain(
            "accept",
            "Accept the challenge (or rematch) waiting for you here",
            vec![],
            |_| Ok(Command::Accept),
        ),
        plain(
            "decline",
            "Decline the challenge, draw offer or undo request made to you",
            vec![],
            |_| Ok(Command::Decline),
        ),
        plain(
            "cancel",
            "Withdraw your challenge (or your draw offer or undo request)",
            vec![],
            |_| Ok(Command::Cancel),
        ),
        plain(
            "move",
            per_game(
                "Make your move: ",
                |k| format!("{} {}", k.title(), k.move_hint()),
                ", ",
                "Make your move (/rules gives each game's notation)",
            ),
            vec![opt(
                "notation",
                static_str(per_game(
                    "",
                    |k| format!("{}: {}", k.title(), k.notation_examples()),
                    ". ",
                    "Your move in the game's notation (see /rules)",
                )),
                OptionKind::String,
            )
            .required()],
            |chosen| {
                Ok(Command::Move {
                    notation: chosen.string("notation").unwrap_or_default(),
                    version: None,
                })
            },
        ),
        plain(
            "board",
            "Show the board of this channel's game",
            vec![],
            |_| Ok(Command::Board),
        ),
        plain("resign", "Resign the game", vec![], |_| Ok(Command::Resign)),
        plain(
            "draw",
            "Offer a draw, or accept your opponent's offer",
            vec![],
            |_| Ok(Command::Draw),
        ),
        plain(
            "undo",
            "Ask to take back your last move (and the reply to it), or accept your opponent's request",
            vec![],
            |_| Ok(Command::Undo),
        ),
        plain(
            "rematch",
            "Offer a new game with the same settings and colours swapped, or take the one offered",
            vec![],
            |_| Ok(Command::Rematch),
        ),
        plain(
            "export",
            per_game(
                "The game as a file: ",
                |k| format!("{} for {}", k.export_format(), k.title()),
                ", ",
                "The game as a file in its notation",
            ),
            vec![finished_game],
            |chosen| {
                Ok(Command::Export {
                    game: chosen.integer("game"),
                })
            },
        ),
        plain(
            "replay",
            "The whole game as an animated picture, each move highlighted in turn",
            vec![finished_game],
            |chosen| {
                Ok(Command::Replay {
                    game: chosen.integer("game"),
                })
            },
        ),
        plain(
            "analyze",
            "A finished game's evaluation by the computer, as a graph, with its best and worst moves",
            vec![opt(
                "game",
                "A finished game of this server, by number (see /history; default: this channel's last game)",
                OptionKind::Integer,
            )
            .min(1.0)],
            |chosen| {
                Ok(Command::Analyze {
                    game: chosen.integer("game"),
                })
            },
        ),
        plain(
            "info",
            "The game's settings and state in one line of JSON, for other bots and tools",
            vec![finished_game],
            |chosen| {
                Ok(Command::Info {
                    game: chosen.integer("game"),
                })
            },
        ),
        plain(
            "claim",
            "Claim the win when your opponent has not moved within the server's timeout",
            vec![],
            |_| Ok(Command::Claim),
        ),
        plain(
            "games",
            "Your games in progress in this server (your move first) and challenges waiting for you",
            vec![
                opt(
                    "all",
                    "true: every game in progress in this server, for spectators",
                    OptionKind::Boolean,
                ),
                page_option("Which page of 10 games, with all:true (default 1)"),
            ],
            |chosen| {
                let all = chosen.boolean("all") == Some(true);
                let page = chosen.integer("page");
                if page.is_some() && !all {
                    return Err("/games page: is for the list of every game in progress, e.g. /games all:true page:2 (your own games fit on one page)".to_string());
                }
                Ok(Command::Games { all, page })
            },
        ),
        plain(
            "remind",
            "This game's reminder interval (every:), or one reminder just for you (in:)",
            vec![
                opt(
                    "every",
                    "The reminder interval for this game (off: no reminders)",
                    OptionKind::String,
                )
                .choices(REMINDER_CHOICES),
                opt(
                    "in",
                    "Remind only you once, after this long (30m, 2h, 1d 6h; up to 30 days)",
                    OptionKind::String,
                ),
            ],
            |chosen| match (chosen.string("every"), chosen.string("in")) {
                (Some(_), None) => Ok(Command::Remind {
                    every: interval_choice(chosen, "every")?.flatten(),
                }),
                (None, Some(after)) => Ok(Command::RemindIn {
                    after: interval::parse_delay(&after)?,
                }),
                (None, None) => Ok(Command::RemindStatus),
                (Some(_), Some(_)) => Err("give either every: (this game's reminders, e.g. every:1d) or in: (one reminder for you, e.g. in:2h), not both".to_string()),
            },
        ),
        plain(
            "notify",
            "Whether you also get \"your move\" and reminders by direct message",
            vec![opt(
                "dm",
                "true: direct messages too; false: only in the game's channel",
                OptionKind::Boolean,
            )
            .required()],
            |chosen| {
                Ok(Command::Notify {
                    dm: chosen.boolean("dm") == Some(true),
                })
            },
        ),
        plain(
            "leaderboard",
            "This server's ratings for a game",
            vec![
                game_option,
                page_option("Which page of 10 players (default 1)"),
            ],
            |chosen| {
                Ok(Command::Leaderboard {
                    game: game_choice(chosen)?,
                    page: chosen.integer("page"),
                })
            },
        ),
        plain(
            "rating",
            "A player's rating, rank, record and last 10 results in this server",
            vec![
                opt("user", "Whose rating (default: yours)", OptionKind::User),
                game_option,
            ],
            |chosen| {
                Ok(Command::Rating {
                    user: chosen.user("user"),
                    game: game_choice(chosen)?,
                })
            },
        ),
        plain(
            "history",
            "A player's recent finished games in this server",
            vec![
                opt("user", "Whose games (default: yours)", OptionKind::User),
                page_option("Which page of 10 games (default 1)"),
            ],
            |chosen| {
                Ok(Command::History {
                    user: chosen.user("user"),
                    page: chosen.integer("page"),
                })
            },
        ),
        plain(
            "settings",
            "This server's reminder interval, timeout and game threads (server admins change them)",
            vec![
                opt(
                    "reminder",
                    "How often the player to move is reminded (default 1d)",
                    OptionKind::String,
                )
                .choices(REMINDER_CHOICES)
                .default("1d"),
                opt(
                    "timeout",
                    "How long before the opponent may /claim the win (default 1w)",
                    OptionKind::String,
                )
                .choices(TIMEOUT_CHOICES)
                .default("1w"),
                opt(
                    "thread",
                    "Whether challenges that leave out thread: play in a thread of their own (default false)",
                    OptionKind::Boolean,
                )
                .default("false"),
            ],
            |chosen| {
                Ok(Command::Settings {
                    reminder: interval_choice(chosen, "reminder")?,
                    timeout: interval_choice(chosen, "timeout")?,
                    thread: chosen.boolean("thread"),
                })
            },
        ),
        plain(
            "abort",
            "End the game unrated: a player until both made two moves, a server admin any time",
            vec![],
            |_| Ok(Command::Abort),
        ),
        plain(
            "help",
            "How to start and play; command: one command's options",
            vec![opt(
                "command",
                "A command's name, e.g. move or tak challenge",
                OptionKind::String,
            )],
            |chosen| {
                Ok(Command::Help {
                    command: chosen.string("command"),
                })
            },
        ),
        plain(
            "theme",
            "Choose the board colours of games your challenges start from now on (a game keeps its theme)",
            vec![
                opt("name", "The theme (see /themes)", OptionKind::String)
                    .choices(&Theme::NAMES)
                    .required(),
            ],
            |chosen| Ok(Command::Theme(chosen.string("name").unwrap_or_default())),
        ),
        plain(
            "themes",
            "The board themes you can choose with /theme",
            vec![],
            |_| Ok(Command::Themes),
        ),
        plain(
            "rules",
            "The rules and move notation of a game",
            vec![opt(
                "game",
                static_str(format!("Which game: {}", word_list(game_names(), "or"))),
                OptionKind::String,
            )
            .choices(game_names())
            .required()],
            |chosen| {
                let game = chosen.string("game").unwrap_or_default();
                GameKind::parse(&game)
                    .map(Command::Rules)
                    .ok_or_else(|| format!("there is no game `{game}`"))
            },
        ),
    ]);
    list
}

/// The `page:` option of a paged list.
fn page_option(description: &'static str) -> OptionSpec {
    opt("page", description, OptionKind::Integer).min(1.0)
}

/// A description built once for the registry, which lives as long as the program.
fn static_str(text: String) -> &'static str {
    Box::leak(text.into_boxed_str())
}

/// The `game:` option, if given.
fn game_choice(chosen: Chosen<'_>) -> Result<Option<GameKind>, String> {
    chosen
        .string("game")
        .map(|name| {
            GameKind::parse(&name).ok_or_else(|| {
                format!(
                    "game must be one of {}, not `{name}`",
                    game_names().join(", ")
                )
            })
        })
        .transpose()
}

/// An interval option (`6h`, `off`), if given.
fn interval_choice(chosen: Chosen<'_>, option: &str) -> Result<Option<Option<Duration>>, String> {
    chosen
        .string(option)
        .map(|c| interval::parse_choice(&c).ok_or_else(|| format!("{option} can't be `{c}`")))
        .transpose()
}

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
    Board,
    Resign,
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
    Abort,
    /// `/help`, or one command's options (`/help command:move`).
    Help {
        command: Option<String>,
    },
    /// Choose a board theme, by name.
    Theme(String),
    Themes,
    Claim,
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
    /// `/settings`; `None`: leave that setting as it is; `Some(None)`: off.
    Settings {
        reminder: Option<Option<Duration>>,
        timeout: Option<Option<Duration>>,
        /// Whether challenges open a thread by default (issue 15).
        thread: Option<bool>,
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
    /// A button press, by its custom id.
    Button(String),
}

impl Command {
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

/// Checks one value against its option's registry entry.
pub fn check_value(spec: &OptionSpec, value: &OptionValue) -> Result<(), String> {
    let name = spec.name;
    if value.kind() != spec.kind {
        return Err(format!("{name} takes a {:?} value", spec.kind).to_lowercase());
    }
    let number = match value {
        OptionValue::Integer(n) => Some(*n as f64),
        OptionValue::Number(x) => Some(*x),
        _ => None,
    };
    if let Some(x) = number {
        // Short forms for huge numbers: 1e308, not 309 digits.
        let x = if x.abs() >= 1e6 {
            format!("{x:e}")
        } else {
            x.to_string()
        };
        let (lo, hi) = (spec.min.unwrap_or(f64::MIN), spec.max.unwrap_or(f64::MAX));
        if !(lo..=hi).contains(&number.unwrap_or_default()) {
            return Err(match (spec.min, spec.max) {
                (Some(lo), Some(hi)) => format!("{name} must be from {lo} to {hi}, not {x}"),
                (Some(lo), None) => format!("{name} must be at least {lo}, not {x}"),
                (None, Some(hi)) => format!("{name} must be at most {hi}, not {x}"),
                // Only a value that is not a number (NaN) misses an unbounded range.
                (None, None) => format!("{name} must be a number, not {x}"),
            });
        }
    }
    if let OptionValue::String(s) = value {
        if !spec.choices.is_empty() && !spec.choices.contains(&s.as_str()) {
            return Err(format!(
                "{name} must be one of {}, not `{s}`",
                spec.choices.join(", ")
            ));
        }
        if spec.required && s.trim().is_empty() {
            return Err(format!("{name} can't be empty"));
        }
    }
    Ok(())
}

/// Builds a typed command from its registry name and named option values,
/// checking unknown, repeated and missing options, types, choices and bounds.
pub fn build(name: &str, values: Vec<(String, OptionValue)>) -> Result<Command, String> {
    let spec = spec(name).ok_or_else(|| {
        format!("there is no command `/{name}`; type /help for the list of commands")
    })?;
    let mut seen: Vec<&str> = Vec::new();
    for (option, value) in &values {
        let Some(option_spec) = spec.option(option) else {
            let known: Vec<&str> = spec.options.iter().map(|o| o.name).collect();
            return Err(if known.is_empty() {
                format!("/{name} takes no options (got `{option}`)")
            } else {
                format!(
                    "/{name} has no option `{option}`; its options are {}",
                    known.join(", ")
                )
            });
        };
        if seen.contains(&option.as_str()) {
            return Err(format!("the option {option} is given twice"));
        }
        seen.push(option_spec.name);
        check_value(option_spec, value)?;
    }
    for option in spec.options.iter().filter(|o| o.required) {
        if !seen.contains(&option.name) {
            let example = option
                .choices
                .first()
                .copied()
                .unwrap_or(match option.kind {
                    OptionKind::String => "c3",
                    OptionKind::User => "@name",
                    OptionKind::Boolean => "true",
                    OptionKind::Integer | OptionKind::Number => "1",
                });
            return Err(format!(
                "/{name} needs the option {0}, e.g. /{name} {0}:{example}",
                option.name
            ));
        }
    }
    let chosen = Chosen(&values);
    match spec.action {
        Action::Challenge(kind) => Ok(Command::Challenge(ChallengeRequest {
            opponent: chosen.user(shared::OPPONENT.name),
            settings: kind
                .settings_from_options(chosen)
                .map_err(|e| e.to_string())?,
            // Left out, `color:` takes the game's own default (random for
            // most; a game whose rules seat the challenger says so).
            seat: chosen
                .string("color")
                .or_else(|| {
                    spec.options
                        .iter()
                        .find(|o| o.name == "color")
                        .and_then(|o| o.default)
                        .map(str::to_string)
                })
                .and_then(|c| shared::seat_of_color(&c)),
            rated: chosen.boolean(shared::RATED.name) != Some(false),
            level: chosen
                .integer(shared::LEVEL.name)
                .and_then(|level| u8::try_from(level).ok()),
            thread: chosen.boolean(super::threads::THREAD.name),
            blind: chosen.boolean(super::blind::BLIND.name) == Some(true),
        })),
        Action::Build(build) => build(chosen),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{TakSettings, TakatSettings};

    fn s(v: &str) -> OptionValue {
        OptionValue::String(v.into())
    }

    #[test]
    fn challenge_defaults_are_size_5_komi_0_random_swap_standard_rated() {
        // Issue 3: defaults size 5, komi 0, random colour, swap, standard reserves, rated.
        let Command::Challenge(c) = build("tak challenge", vec![]).unwrap() else {
            panic!()
        };
        assert_eq!(c.opponent, None);
        assert_eq!(c.seat, None);
        assert!(c.rated);
        assert_eq!(
            c.settings,
            GameSettings::Tak(TakSettings::standard(5).unwrap())
        );
    }

    #[test]
    fn takat_challenge_has_colour_and_rated_only() {
        let Command::Challenge(c) = build(
            "takat challenge",
            vec![
                ("color".into(), s("black")),
                ("rated".into(), OptionValue::Boolean(false)),
            ],
        )
        .unwrap() else {
            panic!()
        };
        assert_eq!(c.settings, GameSettings::Takat(TakatSettings::default()));
        assert_eq!(c.settings.kind().name(), "takat");
        assert_eq!(c.seat, Some(Seat::Player2));
        assert!(!c.rated);
        assert!(build(
            "takat challenge",
            vec![("size".into(), OptionValue::Integer(5))]
        )
        .unwrap_err()
        .contains("no option `size`"));
        assert_eq!(
            build("rules", vec![("game".into(), s("takat"))]).unwrap(),
            Command::Rules(GameKind::Takat)
        );
    }

    #[test]
    fn descriptions_fit_discord_limits() {
        // Discord allows 100 characters for command and option descriptions.
        for c in commands() {
            assert!(c.description.chars().count() <= 100, "{}", c.name);
            for o in &c.options {
                assert!(
                    o.description.chars().count() <= 100,
                    "{} {}",
                    c.name,
                    o.name
                );
            }
        }
    }

    #[test]
    fn options_are_checked_against_the_registry() {
        let err = |name: &str, values: Vec<(&str, OptionValue)>| {
            build(
                name,
                values
                    .into_iter()
                    .map(|(n, v)| (n.to_string(), v))
                    .collect(),
            )
            .unwrap_err()
        };
        assert!(
            err("tak challenge", vec![("size", OptionValue::Integer(9))])
                .contains("size must be from 3 to 8")
        );
        assert!(
            err("tak challenge", vec![("komi", OptionValue::Number(1.25))])
                .contains("steps of 0.5")
        );
        assert!(err("tak challenge", vec![("color", s("green"))]).contains("white, black, random"));
        assert!(err("tak challenge", vec![("colour", s("white"))]).contains("no option"));
        assert!(
            err("tak challenge", vec![("caps", OptionValue::Integer(6))])
                .contains("caps must be from 0 to 5")
        );
        assert!(err("move", vec![]).contains("needs the option notation"));
        assert!(err("board", vec![("x", s("1"))]).contains("takes no options"));
        assert!(err("frobnicate", vec![]).contains("no command"));
        assert!(err("move", vec![("notation", s("c3")), ("notation", s("c4"))]).contains("twice"));
    }

    #[test]
    fn every_command_is_built_from_its_registry_name() {
        for spec in commands() {
            let values = spec
                .options
                .iter()
                .filter(|o| o.required)
                .map(|o| {
                    let value = match (o.kind, o.choices.first()) {
                        (OptionKind::Boolean, _) => OptionValue::Boolean(true),
                        (_, Some(choice)) => s(choice),
                        _ => s("c3"),
                    };
                    (o.name.to_string(), value)
                })
                .collect();
            build(&spec.name, values).unwrap_or_else(|e| panic!("{}: {e}", spec.name));
        }
        assert!(is_group("tak"));
        assert!(is_group("takat"));
        assert!(!is_group("move"));
    }

    #[test]
    fn correspondence_and_rating_options_become_typed_values() {
        let build = |name: &str, values: Vec<(&str, OptionValue)>| {
            build(
                name,
                values
                    .into_iter()
                    .map(|(n, v)| (n.to_string(), v))
                    .collect(),
            )
        };
        assert_eq!(
            build("remind", vec![("every", s("6h"))]).unwrap(),
            Command::Remind {
                every: Some(Duration::hours(6))
            }
        );
        assert_eq!(
            build("remind", vec![("every", s("off"))]).unwrap(),
            Command::Remind { every: None }
        );
        assert!(build("remind", vec![("every", s("5h"))])
            .unwrap_err()
            .contains("6h, 12h, 1d, 2d, 3d, 1w, off"));
        assert_eq!(
            build("settings", vec![("timeout", s("off"))]).unwrap(),
            Command::Settings {
                reminder: None,
                timeout: Some(None),
                thread: None
            }
        );
        assert_eq!(
            build("leaderboard", vec![("game", s("tak"))]).unwrap(),
            Command::Leaderboard {
                game: Some(GameKind::Tak),
                page: None
            }
        );
        assert!(build("leaderboard", vec![("game", s("chess"))])
            .unwrap_err()
            .contains("game must be one of tak"));
        assert!(
            build("leaderboard", vec![("page", OptionValue::Integer(0))])
                .unwrap_err()
                .contains("page must be at least 1")
        );
        assert_eq!(
            build("export", vec![("game", OptionValue::Integer(3))]).unwrap(),
            Command::Export { game: Some(3) }
        );
    }
}
