//! What an adapter calls on the [`crate::bot::Bot`] beside handling a
//! command: the computer opponent's turns, the opening of game threads,
//! the servers the bot leaves and rejoins, the messages that carry buttons,
//! and places and members Discord lost.

pub mod buttons;
pub mod computer;
pub mod places;
pub mod servers;
pub mod threads;
