//! The Discord adapter end to end: the real bot (serenity + poise) against the Discord stand-in of
//! `tests/support/`, the computer opponent through Discord, and the load figure (ignored), one
//! module per former test file. They share one test binary because each binary links a copy of
//! the whole crate with its line tables (see the note on the release profile in Cargo.toml). Run
//! one file's tests with a filter on its module: `cargo test --release --test discord
//! discord_game::`.
//!
//! The tests share the process's log capture (`support::harness`): each bot's log lines are
//! checked for the token and for failures along with every other test's.

// Test code: a failed unwrap is a failed test (Cargo.toml [lints]).
#![allow(clippy::unwrap_used)]

#[path = "../support/mod.rs"]
mod support;

mod ai_bot;
mod discord_buttons;
mod discord_cli;
mod discord_faults;
mod discord_game;
mod discord_public;
mod discord_shards;
mod discord_standin;
mod discord_threads;
mod discord_tournament;
mod gateway_recovery;
mod scale_discord_flood;
mod scale_discord_load;
