//! The pictures: every game's board drawn and decoded again, checked pixel by pixel, and the
//! sample pictures of `docs/` (written by ignored tests), one module per former test file
//! (`tests/scale_png.rs` stays a binary of its own: see its note). They share one test binary
//! because each binary links a copy of the whole crate with its line tables (see the note on the
//! release profile in Cargo.toml). Run one file's tests with a filter on its module:
//! `cargo test --release --test render render_takat::`.

// Test code: a failed unwrap is a failed test (Cargo.toml [lints]).
#![allow(clippy::unwrap_used)]

mod render_chat;
mod render_directions;
mod render_png;
mod render_samples;
mod render_takat;
mod render_takkure;
