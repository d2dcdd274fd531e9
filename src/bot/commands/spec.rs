//! A command as the registry describes it ([`CommandSpec`]: name,
//! description, options) and what its checked options make, with the
//! small pieces every part of the registry builds with.

use std::sync::LazyLock;

use super::command::Command;
use crate::games::options::OptionSpec;
use crate::games::{Chosen, GameKind};

/// What a command does once its options are checked.
#[derive(Clone, Copy)]
pub(super) enum Action {
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
    pub(super) action: Action,
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

/// Every game's name, the choices of the `game:` options.
pub(super) fn game_names() -> &'static [&'static str] {
    static NAMES: LazyLock<Vec<&'static str>> =
        LazyLock::new(|| GameKind::ALL.iter().map(|k| k.name()).collect());
    &NAMES
}

/// A command built from its option values.
pub(super) fn plain(
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

/// The `game:` option, if given.
pub(super) fn game_choice(chosen: Chosen<'_>) -> Result<Option<GameKind>, String> {
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
