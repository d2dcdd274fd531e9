//! The Discord adapter: serenity + poise. No serenity type leaves this module.
//!
//! - [`config`]: the environment variables (token, database, development server, API proxy).
//! - [`logging`]: `tracing` output filtered by `RUST_LOG`.
//! - `client`: builds the REST client (optionally through `DISCORD_API_PROXY`) and the gateway
//!   client, runs until Ctrl-C/SIGTERM and shuts down cleanly: [`run`], [`run_until`].
//! - `framework`: poise setup: command registration on Ready, button routing, error replies.
//! - `commands`: the command definitions (placeholders until the bot core's registry arrives).
//! - `unreadable`: warns about interactions serenity could not deserialize (else dropped silently).
//!
//! `docs/discord.md` explains the setup in the developer portal and the test stand-in.

mod client;
mod commands;
pub mod config;
mod error;
mod framework;
pub mod logging;
mod unreadable;

pub use client::{run, run_until};
pub use config::{load_dotenv, Config, ConfigError, Registration, Token};
pub use error::Error;
