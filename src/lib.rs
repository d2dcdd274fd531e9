//! taktable: a Discord bot that hosts the Tak family of board games.
//!
//! Layers (see the README): `games` holds the pure rules engines; `store`
//! keeps everything in SQLite; `bot` is the transport-agnostic core that
//! turns an invocation into replies; `console` is the terminal adapter.
pub mod bot;
pub mod budget;
pub mod cli;
pub mod console;
pub mod discord;
pub mod games;
pub mod rating;
pub mod render;
pub mod store;
pub mod web;
