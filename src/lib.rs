//! taktable: a Discord bot that hosts the Tak family of board games.
//!
//! Layers (see `docs/` and the README): `games` holds the pure rules engines.
pub mod games;
pub mod render;
