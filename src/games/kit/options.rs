//! Command options declared as data: name, kind, choices, bounds, default
//! and help. Each game declares the options of its challenge this way
//! ([`super::HostedGame::CHALLENGE_OPTIONS`]); the bot's command registry,
//! Discord's registration, `/help` and the console all read the same specs.

use serde::Serialize;

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

/// One option of a command.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct OptionSpec {
    pub name: &'static str,
    /// The help shown beside the option (Discord allows 100 characters).
    pub description: &'static str,
    pub kind: OptionKind,
    pub required: bool,
    /// The only values allowed, if not empty.
    pub choices: &'static [&'static str],
    pub min: Option<f64>,
    pub max: Option<f64>,
    /// The value taken when the option is left out, as people read it;
    /// `None` when leaving it out means something else (an open challenge).
    pub default: Option<&'static str>,
}

/// An optional option without choices, bounds or default.
pub const fn opt(name: &'static str, description: &'static str, kind: OptionKind) -> OptionSpec {
    OptionSpec {
        name,
        description,
        kind,
        required: false,
        choices: &[],
        min: None,
        max: None,
        default: None,
    }
}

impl OptionSpec {
    pub const fn required(self) -> OptionSpec {
        OptionSpec {
            required: true,
            ..self
        }
    }

    pub const fn choices(self, choices: &'static [&'static str]) -> OptionSpec {
        OptionSpec { choices, ..self }
    }

    pub const fn min(self, min: f64) -> OptionSpec {
        OptionSpec {
            min: Some(min),
            ..self
        }
    }

    pub const fn bounds(self, min: f64, max: f64) -> OptionSpec {
        OptionSpec {
            min: Some(min),
            max: Some(max),
            ..self
        }
    }

    pub const fn default(self, default: &'static str) -> OptionSpec {
        OptionSpec {
            default: Some(default),
            ..self
        }
    }
}

/// A game's own options among its challenge options: all but the shared
/// ones ([`challenge`]: opponent, colour, rated), which say who plays, not
/// what game, and the starting position ([`challenge::START`]), which the
/// command line takes as `--position` and a file as its own start. The
/// command line offers these as `--name value`.
pub fn own_options(options: &'static [OptionSpec]) -> impl Iterator<Item = &'static OptionSpec> {
    let shared = [
        challenge::OPPONENT.name,
        "color",
        challenge::RATED.name,
        challenge::START,
    ];
    options.iter().filter(move |o| !shared.contains(&o.name))
}

impl OptionSpec {
    /// A value written as text (on the command line, in a file's tag),
    /// checked against the option's kind, choices and bounds. Users are
    /// never written this way.
    pub fn read(&self, raw: &str) -> Result<OptionValue, String> {
        let name = self.name;
        let raw = raw.trim();
        let quoted = super::error::quoted(raw);
        let value = match self.kind {
            OptionKind::Integer => OptionValue::Integer(
                raw.parse()
                    .map_err(|_| format!("{name} must be a whole number, not {quoted}"))?,
            ),
            OptionKind::Number => OptionValue::Number(
                raw.parse::<f64>()
                    .ok()
                    .filter(|x| x.is_finite())
                    .ok_or_else(|| format!("{name} must be a number, not {quoted}"))?,
            ),
            OptionKind::Boolean => match raw.to_ascii_lowercase().as_str() {
                "true" | "yes" => OptionValue::Boolean(true),
                "false" | "no" => OptionValue::Boolean(false),
                _ => return Err(format!("{name} must be true or false, not {quoted}")),
            },
            OptionKind::String => {
                if !self.choices.is_empty() && !self.choices.contains(&raw) {
                    return Err(format!(
                        "{name} must be one of {}, not {quoted}",
                        self.choices.join(", ")
                    ));
                }
                OptionValue::String(raw.to_string())
            }
            OptionKind::User => {
                return Err(format!("{name} names a user; it can't be written here"))
            }
        };
        let number = match value {
            OptionValue::Integer(n) => Some(n as f64),
            OptionValue::Number(x) => Some(x),
            _ => None,
        };
        if let Some(x) = number {
            let bounds = match (self.min, self.max) {
                (Some(lo), Some(hi)) if !(lo..=hi).contains(&x) => format!("from {lo} to {hi}"),
                (Some(lo), None) if x < lo => format!("at least {lo}"),
                (None, Some(hi)) if x > hi => format!("at most {hi}"),
                _ => return Ok(value),
            };
            return Err(format!("{name} must be {bounds}, not {raw}"));
        }
        Ok(value)
    }
}

/// The options every challenge has, whatever the game: who is challenged,
/// the challenger's colour, and whether it counts for ratings. A game lists
/// them among its own [`super::HostedGame::CHALLENGE_OPTIONS`] where it
/// wants them shown.
pub mod challenge {
    use super::{opt, OptionKind, OptionSpec};
    use crate::games::kit::Seat;

    pub const OPPONENT: OptionSpec = opt(
        "opponent",
        "Who you challenge (leave out for an open challenge anyone may take)",
        OptionKind::User,
    );

    /// How strong the bot plays when it is the opponent (`opponent:@taktable`),
    /// in the games it plays (issue 14).
    pub const LEVEL: OptionSpec = opt(
        "level",
        "The bot's strength, 1 to 10, when you challenge the bot itself (default 3)",
        OptionKind::Integer,
    )
    .bounds(1.0, 10.0)
    .default("3");

    pub const RATED: OptionSpec = opt(
        "rated",
        "Whether the game counts for ratings (default true)",
        OptionKind::Boolean,
    )
    .default("true");

    /// The name of the option that starts a game from a position written
    /// in the game's position format (Tak's TPS), for a game that has one.
    pub const START: &str = "tps";

    /// The colour choices; white moves first in every game so far.
    pub const COLORS: &[&str] = &["white", "black", "random"];

    /// The challenger's colour, described for the game.
    pub const fn color(description: &'static str) -> OptionSpec {
        opt("color", description, OptionKind::String)
            .choices(COLORS)
            .default("random")
    }

    /// The seat a `color:` choice asks for; `None` for `random` (or
    /// anything else): the seats are drawn.
    pub fn seat_of_color(color: &str) -> Option<Seat> {
        match color {
            "white" => Some(Seat::Player1),
            "black" => Some(Seat::Player2),
            _ => None,
        }
    }

    /// The `color:` choice for a seat (`None`: random), as stored with a challenge.
    pub fn color_of_seat(seat: Option<Seat>) -> &'static str {
        match seat {
            Some(Seat::Player1) => "white",
            Some(Seat::Player2) => "black",
            None => "random",
        }
    }
}

/// A user named in an option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UserRef {
    pub id: u64,
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
    pub fn kind(&self) -> OptionKind {
        match self {
            OptionValue::User(_) => OptionKind::User,
            OptionValue::Integer(_) => OptionKind::Integer,
            OptionValue::Number(_) => OptionKind::Number,
            OptionValue::String(_) => OptionKind::String,
            OptionValue::Boolean(_) => OptionKind::Boolean,
        }
    }
}

/// The option values given to a command, already checked against their
/// specs (kind, choices, bounds), read by name.
#[derive(Clone, Copy, Debug)]
pub struct Chosen<'a>(pub &'a [(String, OptionValue)]);

impl Chosen<'_> {
    pub fn get(&self, name: &str) -> Option<&OptionValue> {
        self.0.iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    pub fn string(&self, name: &str) -> Option<String> {
        match self.get(name) {
            Some(OptionValue::String(s)) => Some(s.clone()),
            _ => None,
        }
    }

    pub fn integer(&self, name: &str) -> Option<i64> {
        match self.get(name) {
            Some(OptionValue::Integer(n)) => Some(*n),
            _ => None,
        }
    }

    pub fn number(&self, name: &str) -> Option<f64> {
        match self.get(name) {
            Some(OptionValue::Number(x)) => Some(*x),
            _ => None,
        }
    }

    pub fn boolean(&self, name: &str) -> Option<bool> {
        match self.get(name) {
            Some(OptionValue::Boolean(b)) => Some(*b),
            _ => None,
        }
    }

    pub fn user(&self, name: &str) -> Option<UserRef> {
        match self.get(name) {
            Some(OptionValue::User(u)) => Some(u.clone()),
            _ => None,
        }
    }
}
