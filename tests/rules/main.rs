//! The rules of every game (Tak, Taka, Takat, Takkure) and the Tak computer opponent: rule by
//! rule, random games, parsers and perft suites, one module per former test file. They share one
//! test binary because each binary links a copy of the whole crate with its line tables (27 MB
//! or more each; see the note on the release profile in Cargo.toml). Run one file's tests with a
//! filter on its module: `cargo test --release --test rules tak_perft::`.

// Test code: a failed unwrap is a failed test (Cargo.toml [lints]).
#![allow(clippy::unwrap_used)]

#[path = "../support/perft_suite.rs"]
mod perft_suite;
#[path = "../support/takkure.rs"]
mod takkure_support;

mod ai_tak;
mod ai_taka;
mod tak_perft;
mod tak_random;
mod tak_rules;
mod taka_parsers;
mod taka_perft;
mod taka_random;
mod taka_rules;
mod taka_support;
mod takat_game_state;
mod takat_parsers;
mod takat_perft;
mod takat_random;
mod takat_rules;
mod takkure_examples;
mod takkure_match;
mod takkure_parsers;
mod takkure_perft;
mod takkure_random;
mod takkure_rules;
