//! The registry, as data: every command's name, description and options
//! (type, choices, bounds, required), and how its checked options make a
//! [`Command`].
//!
//! Each game brings its own `/<game> challenge` and its options (see
//! [`crate::games::HostedGame`]); every other command is the same for all
//! games, and the `game:` options offer the games' names as choices.

use std::sync::LazyLock;

use chrono::Duration;

use super::command::Command;
use super::spec::{game_choice, game_names, plain, Action, CommandSpec};
use crate::bot::ground::blind::BLIND;
use crate::bot::ground::interval::{self, REMINDER_CHOICES, TIMEOUT_CHOICES};
use crate::bot::ground::reply::word_list;
use crate::games::options::{opt, OptionKind, OptionSpec};
use crate::games::{Chosen, GameKind};
use crate::render::Theme;

/// The challenge option, the same for every game.
pub const THREAD: OptionSpec = opt(
    "thread",
    "Play in a public thread named after the game, opened on acceptance (default: /settings)",
    OptionKind::Boolean,
);

/// Discord allows 100 characters for command and option descriptions.
const MAX_DESCRIPTION: usize = 100;

/// The registry of every command: the games' challenges first, then the rest.
pub fn commands() -> &'static [CommandSpec] {
    static REGISTRY: LazyLock<Vec<CommandSpec>> = LazyLock::new(registry);
    &REGISTRY
}

pub fn spec(name: &str) -> Option<&'static CommandSpec> {
    commands().iter().find(|c| c.name == name)
}

/// The commands whose work is heavy ([`Command::is_heavy`]), by name: an
/// adapter knows where to queue a command before it is built.
pub fn is_heavy(name: &str) -> bool {
    matches!(name, "replay" | "analyze")
}

/// Whether a name is a command that has subcommands (`tak`).
pub fn is_group(name: &str) -> bool {
    commands().iter().any(|c| {
        c.name
            .split_once(' ')
            .is_some_and(|(group, _)| group == name)
    })
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
    // A game in progress elsewhere in the server, e.g. one set aside when
    // its channel was deleted (issue 40).
    let my_game = opt(
        "game",
        "Your game in this server by number, from any channel (see /games; default: this channel's game)",
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
                .chain([&THREAD, &BLIND])
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
        plain("resign", "Resign the game", vec![my_game], |chosen| {
            Ok(Command::Resign {
                game: chosen.integer("game"),
            })
        }),
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
            vec![my_game],
            |chosen| {
                Ok(Command::Claim {
                    game: chosen.integer("game"),
                })
            },
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
                page_option("Which page of the list (default 1)"),
            ],
            |chosen| {
                let all = chosen.boolean("all") == Some(true);
                let page = chosen.integer("page");
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
            "privacy",
            "What the bot keeps about you, and the deletion of it",
            vec![opt(
                "delete",
                "true: delete your settings and your name from finished games (no undo)",
                OptionKind::Boolean,
            )],
            |chosen| {
                Ok(Command::Privacy {
                    delete: chosen.boolean("delete") == Some(true),
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
                opt(
                    "tournaments",
                    "Whether anyone, not only admins, may /tournament create (default false)",
                    OptionKind::Boolean,
                )
                .default("false"),
                opt(
                    "web",
                    "Whether this server's games, tournaments and standings have web pages (default false)",
                    OptionKind::Boolean,
                )
                .default("false"),
            ],
            |chosen| {
                Ok(Command::Settings {
                    reminder: interval_choice(chosen, "reminder")?,
                    timeout: interval_choice(chosen, "timeout")?,
                    thread: chosen.boolean("thread"),
                    tournaments: chosen.boolean("tournaments"),
                    web: chosen.boolean("web"),
                })
            },
        ),
        plain(
            "abort",
            "End the game unrated: a player until both made two moves, a server admin any time",
            vec![my_game],
            |chosen| {
                Ok(Command::Abort {
                    game: chosen.integer("game"),
                })
            },
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
    list.extend(super::tournament::tournament_commands());
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

/// An interval option (`6h`, `off`), if given.
fn interval_choice(chosen: Chosen<'_>, option: &str) -> Result<Option<Option<Duration>>, String> {
    chosen
        .string(option)
        .map(|c| interval::parse_choice(&c).ok_or_else(|| format!("{option} can't be `{c}`")))
        .transpose()
}
