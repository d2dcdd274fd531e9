//! The Discord adapter: serenity + poise. No serenity type leaves this module.
//!
//! - [`config`]: the environment variables (token, database, development server, API proxy).
//! - [`logging`]: `tracing` output filtered by `RUST_LOG`.
//! - `client`: opens the database, builds the REST client (optionally through
//!   `DISCORD_API_PROXY`) and the gateway client, starts the scheduler, runs until
//!   Ctrl-C/SIGTERM and shuts down cleanly: [`run`], [`run_until`].
//! - `framework`: poise setup: command registration on Ready, routing of button presses and
//!   plain-message moves, error reports.
//! - `registration`: the application commands registered with Discord, from the core's
//!   registry ([`application_commands_json`] is what `taktable commands --json` prints).
//! - `commands`: the poise commands, from the same registry: options to the core's values,
//!   autocomplete of moves.
//! - `interaction`: who and where, the call to the core and the answer within Discord's deadline.
//! - `answer`: the interaction's answer itself, and what is left to the courier when it fails.
//! - `outbox`: the core's replies as Discord messages (attachments, buttons, mentions), sent as
//!   answers, channel messages or direct messages.
//! - `courier`: posts what the core kept until said, and tries again what Discord did not take
//!   (issue 40).
//! - `seen`: interactions and messages already acted on, so a replayed one is ignored.
//! - `rest`: a time limit on every REST call, and what each failure means.
//! - `scheduler`: reminders and expiries, posted when due.
//! - `threads`: the thread a game with `thread:true` is played in, opened once it is accepted.
//! - `gate`: stops taking commands at shutdown and waits for those under way.
//! - `lanes`: fair, bounded execution: a queue per channel, a bounded pool, a job queue for
//!   heavy commands, a token bucket per member.
//! - `plain`: moves typed as plain messages (`PLAIN_MOVES`).
//! - [`shards`]: which servers a process serves when several run the gateway shards.
//! - `metrics`: what the running bot counts (commands, answer times, lanes, jobs, the computer's
//!   searches, the gateway, the scheduler, database sizes, backups); `status`: `/healthz` and
//!   `/metrics` over HTTP when `METRICS_ADDR` is set; `backups`: the periodic backups of
//!   `BACKUP_DIR`.
//! - `unreadable`: warns about interactions serenity could not deserialize (else dropped silently).
//!
//! `docs/discord.md` explains the setup in the developer portal and the test stand-in.

mod answer;
mod backups;
mod client;
mod commands;
mod computer;
pub mod config;
mod courier;
mod data;
mod error;
mod framework;
mod gate;
mod gateway_watch;
mod interaction;
mod lanes;
pub mod logging;
mod metrics;
mod outbox;
mod plain;
mod registration;
mod rest;
mod scheduler;
mod seen;
pub mod shards;
mod status;
mod threads;
mod unreadable;

pub use client::{run, run_until};
pub use config::{load_dotenv, Config, ConfigError, Registration, Token};
pub use error::Error;
pub use registration::application_commands_json;
pub use shards::{shard_of, ShardError, ShardRange};
