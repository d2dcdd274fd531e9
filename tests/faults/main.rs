//! Faults and bad input: the database under faults, crashes and races, who may do what, no SQL
//! built from text, and the fuzz targets of commands and notations, one module per former test
//! file. They share one test binary because each binary links a copy of the whole crate with its
//! line tables (see the note on the release profile in Cargo.toml). Run one file's tests with a
//! filter on its module: `cargo test --release --test faults faults_db::`.

// Test code: a failed unwrap is a failed test (Cargo.toml [lints]).
#![allow(clippy::unwrap_used)]

#[path = "../support/fuzz.rs"]
mod fuzz;

mod faults_authorization;
mod faults_crash;
mod faults_db;
mod faults_race;
mod faults_sql;
mod fuzz_commands;
mod fuzz_notation;
