//! taktable: a Discord bot that hosts the Tak family of board games.
//!
//! Layers (see `docs/` and the README): `games` holds the pure rules engines.
pub mod cli;
pub mod discord;
pub mod games;
