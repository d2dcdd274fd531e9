//! Every command the bot understands, described once: the registry
//! ([`commands`]) gives names, descriptions and options (type, choices,
//! bounds, required). The console's line parser, the Discord adapter and
//! `taktable commands --json` all read it; [`build`] turns named option
//! values into a typed [`Command`], checking them against the registry.

mod build;
mod command;
mod registry;
mod spec;
mod tournament;

pub use crate::games::options::{opt, OptionKind, OptionSpec, OptionValue, UserRef};
pub use build::{build, check_value};
pub use command::{ChallengeRequest, Command, TournamentCommand, TournamentRequest};
pub use registry::{commands, is_group, is_heavy, spec, THREAD};
pub use spec::CommandSpec;
pub use tournament::ROUND_TIME_CHOICES;

#[cfg(test)]
mod tests;
