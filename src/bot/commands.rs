//! Every command the bot understands, described once: the registry
//! ([`COMMANDS`]) gives names, descriptions and options (type, choices,
//! bounds, required). The console's line parser, the Discord adapter and
//! `taktable commands --json` all read it; [`build`] turns named option
//! values into a typed [`Command`], checking them against the registry.

use chrono::Duration;
use serde::Serialize;

use super::interval::{self, REMINDER_CHOICES, TIMEOUT_CHOICES};
use crate::games::{
    tak::Rules, GameKind, GameSettings, TakSettings, TakatSettings, TAK_DEFAULT_SIZE,
};
use crate::render::Theme;
use crate::store::UserId;

/// The type of an option's value (Discord's option types).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum OptionKind {
    User,
    Integer,
    Number,
    String,
    Boolean,
}

#[derive(Clone, Copy, Debug, Serialize)]
pub struct OptionSpec {
    pub name: &'static str,
    pub description: &'static str,
    pub kind: OptionKind,
    pub required: bool,
    /// The only values allowed, if not empty.
    pub choices: &'static [&'static str],
    pub min: Option<f64>,
    pub max: Option<f64>,
}

#[derive(Clone, Copy, Debug, Serialize)]
pub struct CommandSpec {
    /// The full name as typed after `/`: `move`, or `tak challenge` for a
    /// subcommand (`challenge` of the command `tak`).
    pub name: &'static str,
    pub description: &'static str,
    pub options: &'static [OptionSpec],
}

impl CommandSpec {
    pub fn option(&self, name: &str) -> Option<&'static OptionSpec> {
        self.options.iter().find(|o| o.name == name)
    }
}

const fn opt(name: &'static str, description: &'static str, kind: OptionKind) -> OptionSpec {
    OptionSpec {
        name,
        description,
        kind,
        required: false,
        choices: &[],
        min: None,
        max: None,
    }
}

const TAK_CHALLENGE_OPTIONS: &[OptionSpec] = &[
    opt(
        "opponent",
        "Who you challenge (leave out for an open challenge anyone may take)",
        OptionKind::User,
    ),
    OptionSpec {
        min: Some(3.0),
        max: Some(8.0),
        ..opt(
            "size",
            "Board size, 3 to 8 (default 5)",
            OptionKind::Integer,
        )
    },
    OptionSpec {
        min: Some(-4.5),
        max: Some(4.5),
        ..opt(
            "komi",
            "Points added to black's flat count, -4.5 to 4.5 in steps of 0.5 (default 0)",
            OptionKind::Number,
        )
    },
    OptionSpec {
        choices: &["white", "black", "random"],
        ..opt(
            "color",
            "Your colour; white moves first (default random)",
            OptionKind::String,
        )
    },
    OptionSpec {
        choices: &["swap", "no-swap"],
        ..opt(
            "opening",
            "swap: the first two plies place the opponent's flat (default swap)",
            OptionKind::String,
        )
    },
    OptionSpec {
        min: Some(1.0),
        max: Some(80.0),
        ..opt(
            "flats",
            "Stones per player, 1 to 80 (default: the size's standard)",
            OptionKind::Integer,
        )
    },
    OptionSpec {
        min: Some(0.0),
        max: Some(5.0),
        ..opt(
            "caps",
            "Capstones per player, 0 to 5 (default: the size's standard)",
            OptionKind::Integer,
        )
    },
    opt(
        "rated",
        "Whether the game counts for ratings (default true)",
        OptionKind::Boolean,
    ),
];

const TAKAT_CHALLENGE_OPTIONS: &[OptionSpec] = &[
    opt(
        "opponent",
        "Who you challenge (leave out for an open challenge anyone may take)",
        OptionKind::User,
    ),
    OptionSpec {
        choices: &["white", "black", "random"],
        ..opt(
            "color",
            "Your colour; white (6 pieces) moves first, black has 15 (default random)",
            OptionKind::String,
        )
    },
    opt(
        "rated",
        "Whether the game counts for ratings (default true)",
        OptionKind::Boolean,
    ),
];

/// The registry of every command.
pub const COMMANDS: &[CommandSpec] = &[
    CommandSpec {
        name: "tak challenge",
        description: "Challenge someone (or anyone) to a game of Tak",
        options: TAK_CHALLENGE_OPTIONS,
    },
    CommandSpec {
        name: "takat challenge",
        description: "Challenge someone (or anyone) to a game of Takat",
        options: TAKAT_CHALLENGE_OPTIONS,
    },
    CommandSpec {
        name: "accept",
        description: "Accept the challenge (or rematch) waiting for you here",
        options: &[],
    },
    CommandSpec {
        name: "decline",
        description: "Decline the challenge, draw offer or undo request made to you",
        options: &[],
    },
    CommandSpec {
        name: "cancel",
        description: "Withdraw your challenge (or your draw offer or undo request)",
        options: &[],
    },
    CommandSpec {
        name: "move",
        description:
            "Make your move: Tak in PTN (c3, Sd4, 3c3>12), Takat as +NE (enter) or C-NE (move)",
        options: &[OptionSpec {
            required: true,
            ..opt(
                "notation",
                "Tak: c3, Sc3 (wall), Cc3 (capstone), 3c3>12. Takat: +NE enters, C-NE moves",
                OptionKind::String,
            )
        }],
    },
    CommandSpec {
        name: "board",
        description: "Show the board of this channel's game",
        options: &[],
    },
    CommandSpec {
        name: "resign",
        description: "Resign the game",
        options: &[],
    },
    CommandSpec {
        name: "draw",
        description: "Offer a draw, or accept your opponent's offer",
        options: &[],
    },
    CommandSpec {
        name: "undo",
        description: "Ask to take back the last move, or accept your opponent's request",
        options: &[],
    },
    CommandSpec {
        name: "rematch",
        description: "Offer a new game with the same settings and colours swapped",
        options: &[],
    },
    CommandSpec {
        name: "export",
        description:
            "The game as a file: PTN with a ptn.ninja link for Tak, a Takat record for Takat",
        options: &[OptionSpec {
            min: Some(1.0),
            ..opt(
                "game",
                "A finished game of this server, by number (see /history; default: this channel's game)",
                OptionKind::Integer,
            )
        }],
    },
    CommandSpec {
        name: "claim",
        description: "Claim the win when your opponent has not moved within the server's timeout",
        options: &[],
    },
    CommandSpec {
        name: "games",
        description: "Your games in progress in this server (your move first) and challenges waiting for you",
        options: &[],
    },
    CommandSpec {
        name: "remind",
        description: "How often the player to move in this channel's game is reminded",
        options: &[OptionSpec {
            required: true,
            choices: REMINDER_CHOICES,
            ..opt(
                "every",
                "The reminder interval for this game (off: no reminders)",
                OptionKind::String,
            )
        }],
    },
    CommandSpec {
        name: "notify",
        description: "Whether you also get \"your move\" and reminders by direct message",
        options: &[OptionSpec {
            required: true,
            ..opt(
                "dm",
                "true: direct messages too; false: only in the game's channel",
                OptionKind::Boolean,
            )
        }],
    },
    CommandSpec {
        name: "leaderboard",
        description: "This server's ratings for a game",
        options: &[
            opt("game", "Which game (default tak)", OptionKind::String),
            OptionSpec {
                min: Some(1.0),
                ..opt("page", "Which page of 10 players (default 1)", OptionKind::Integer)
            },
        ],
    },
    CommandSpec {
        name: "rating",
        description: "A player's rating, rank, record and last 10 results in this server",
        options: &[
            opt("user", "Whose rating (default: yours)", OptionKind::User),
            opt("game", "Which game (default tak)", OptionKind::String),
        ],
    },
    CommandSpec {
        name: "history",
        description: "A player's recent finished games in this server",
        options: &[opt("user", "Whose games (default: yours)", OptionKind::User)],
    },
    CommandSpec {
        name: "settings",
        description: "This server's reminder interval and timeout (server admins change them)",
        options: &[
            OptionSpec {
                choices: REMINDER_CHOICES,
                ..opt(
                    "reminder",
                    "How often the player to move is reminded (default 1d)",
                    OptionKind::String,
                )
            },
            OptionSpec {
                choices: TIMEOUT_CHOICES,
                ..opt(
                    "timeout",
                    "How long before the opponent may /claim the win (default 1w)",
                    OptionKind::String,
                )
            },
        ],
    },
    CommandSpec {
        name: "abort",
        description: "End the game without a result (server admins only)",
        options: &[],
    },
    CommandSpec {
        name: "help",
        description: "How to play with taktable",
        options: &[],
    },
    CommandSpec {
        name: "theme",
        description: "Choose the colours of the board pictures you ask for",
        options: &[OptionSpec {
            required: true,
            choices: &Theme::NAMES,
            ..opt("name", "The theme (see /themes)", OptionKind::String)
        }],
    },
    CommandSpec {
        name: "themes",
        description: "The board themes you can choose with /theme",
        options: &[],
    },
    CommandSpec {
        name: "rules",
        description: "The rules and move notation of a game",
        options: &[OptionSpec {
            required: true,
            choices: &["tak", "takat"],
            ..opt("game", "Which game: tak or takat", OptionKind::String)
        }],
    },
];

pub fn spec(name: &str) -> Option<&'static CommandSpec> {
    COMMANDS.iter().find(|c| c.name == name)
}

/// Whether a name is a command that has subcommands (`tak`).
pub fn is_group(name: &str) -> bool {
    COMMANDS.iter().any(|c| {
        c.name
            .split_once(' ')
            .is_some_and(|(group, _)| group == name)
    })
}

/// A user named in an option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserRef {
    pub id: UserId,
    pub name: String,
}

/// A typed option value.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionValue {
    User(UserRef),
    Integer(i64),
    Number(f64),
    String(String),
    Boolean(bool),
}

impl OptionValue {
    fn kind(&self) -> OptionKind {
        match self {
            OptionValue::User(_) => OptionKind::User,
            OptionValue::Integer(_) => OptionKind::Integer,
            OptionValue::Number(_) => OptionKind::Number,
            OptionValue::String(_) => OptionKind::String,
            OptionValue::Boolean(_) => OptionKind::Boolean,
        }
    }
}

/// The challenger's colour choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    White,
    Black,
    Random,
}

impl ColorChoice {
    pub fn as_str(self) -> &'static str {
        match self {
            ColorChoice::White => "white",
            ColorChoice::Black => "black",
            ColorChoice::Random => "random",
        }
    }

    pub fn parse(s: &str) -> Option<ColorChoice> {
        match s {
            "white" => Some(ColorChoice::White),
            "black" => Some(ColorChoice::Black),
            "random" => Some(ColorChoice::Random),
            _ => None,
        }
    }
}

/// A challenge as asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct ChallengeRequest {
    pub opponent: Option<UserRef>,
    pub settings: GameSettings,
    pub color: ColorChoice,
    pub rated: bool,
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
    Abort,
    Help,
    /// Choose a board theme, by name.
    Theme(String),
    Themes,
    Claim,
    Games,
    /// `/remind every:`; `None` turns reminders off for the game.
    Remind {
        every: Option<Duration>,
    },
    Notify {
        dm: bool,
    },
    /// `/settings`; `None`: leave that setting as it is; `Some(None)`: off.
    Settings {
        reminder: Option<Option<Duration>>,
        timeout: Option<Option<Duration>>,
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
            Command::Rating { user: Some(u), .. } | Command::History { user: Some(u) } => vec![u],
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
    let get = |option: &str| values.iter().find(|(n, _)| n == option).map(|(_, v)| v);
    let string = |option: &str| match get(option) {
        Some(OptionValue::String(s)) => Some(s.clone()),
        _ => None,
    };
    let integer = |option: &str| match get(option) {
        Some(OptionValue::Integer(n)) => Some(*n),
        _ => None,
    };
    let user = |option: &str| match get(option) {
        Some(OptionValue::User(u)) => Some(u.clone()),
        _ => None,
    };
    let game = || -> Result<Option<GameKind>, String> {
        string("game")
            .map(|name| {
                GameKind::parse(&name).ok_or_else(|| {
                    let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
                    format!("game must be one of {}, not `{name}`", names.join(", "))
                })
            })
            .transpose()
    };
    let choice = |option: &str| -> Result<Option<Option<Duration>>, String> {
        string(option)
            .map(|c| interval::parse_choice(&c).ok_or_else(|| format!("{option} can't be `{c}`")))
            .transpose()
    };
    // Every game's challenge: an opponent (or none: open), a colour, rated.
    let challenge = |settings: GameSettings| {
        Command::Challenge(ChallengeRequest {
            opponent: user("opponent"),
            settings,
            color: string("color")
                .and_then(|c| ColorChoice::parse(&c))
                .unwrap_or(ColorChoice::Random),
            rated: !matches!(get("rated"), Some(OptionValue::Boolean(false))),
        })
    };
    Ok(match spec.name {
        "tak challenge" => challenge(GameSettings::Tak(tak_settings(
            integer("size"),
            match get("komi") {
                Some(OptionValue::Number(x)) => Some(*x),
                _ => None,
            },
            string("opening"),
            integer("flats"),
            integer("caps"),
        )?)),
        "takat challenge" => challenge(GameSettings::Takat(TakatSettings::default())),
        "accept" => Command::Accept,
        "decline" => Command::Decline,
        "cancel" => Command::Cancel,
        "move" => Command::Move {
            notation: string("notation").unwrap_or_default(),
            version: None,
        },
        "board" => Command::Board,
        "resign" => Command::Resign,
        "draw" => Command::Draw,
        "undo" => Command::Undo,
        "rematch" => Command::Rematch,
        "export" => Command::Export {
            game: integer("game"),
        },
        "abort" => Command::Abort,
        "help" => Command::Help,
        "theme" => Command::Theme(string("name").unwrap_or_default()),
        "themes" => Command::Themes,
        "claim" => Command::Claim,
        "games" => Command::Games,
        "remind" => Command::Remind {
            every: choice("every")?.flatten(),
        },
        "notify" => Command::Notify {
            dm: matches!(get("dm"), Some(OptionValue::Boolean(true))),
        },
        "settings" => Command::Settings {
            reminder: choice("reminder")?,
            timeout: choice("timeout")?,
        },
        "leaderboard" => Command::Leaderboard {
            game: game()?,
            page: integer("page"),
        },
        "rating" => Command::Rating {
            user: user("user"),
            game: game()?,
        },
        "history" => Command::History { user: user("user") },
        "rules" => {
            let game = string("game").unwrap_or_default();
            Command::Rules(
                GameKind::parse(&game).ok_or_else(|| format!("there is no game `{game}`"))?,
            )
        }
        other => return Err(format!("there is no command `/{other}`")),
    })
}

/// Tak's settings from the challenge options (RULINGS Tak 1-3).
fn tak_settings(
    size: Option<i64>,
    komi: Option<f64>,
    opening: Option<String>,
    flats: Option<i64>,
    caps: Option<i64>,
) -> Result<TakSettings, String> {
    let size = size.unwrap_or(TAK_DEFAULT_SIZE as i64);
    let size = u8::try_from(size).map_err(|_| format!("size must be from 3 to 8, not {size}"))?;
    let mut settings = TakSettings::standard(size)?;
    if let Some(komi) = komi {
        let halves = komi * 2.0;
        if !halves.is_finite() || halves.fract() != 0.0 || halves.abs() > 9.0 {
            return Err(format!(
                "komi must be from -4.5 to 4.5 in steps of 0.5, not {komi}"
            ));
        }
        settings.komi_halves = halves as i8;
    }
    if let Some(opening) = opening {
        settings.swap = opening != "no-swap";
    }
    let (std_flats, std_caps) = Rules::standard_reserves(size);
    let flats = flats.unwrap_or(std_flats as i64);
    let caps = caps.unwrap_or(std_caps as i64);
    settings.flats = [flats.clamp(0, 255) as u8; 2];
    settings.caps = [caps.clamp(0, 255) as u8; 2];
    settings.rules()?;
    Ok(settings)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(c.color, ColorChoice::Random);
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
        assert_eq!(c.color, ColorChoice::Black);
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
        for c in COMMANDS {
            assert!(c.description.chars().count() <= 100, "{}", c.name);
            for o in c.options {
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
        for spec in COMMANDS {
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
            build(spec.name, values).unwrap_or_else(|e| panic!("{}: {e}", spec.name));
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
                timeout: Some(None)
            }
        );
        assert_eq!(
            build("leaderboard", vec![("game", s("Tak"))]).unwrap(),
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
