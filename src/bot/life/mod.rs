//! A game's life: challenges and their answers, the start of a game (in a
//! thread of its own, if asked), rematches, and the computer opponent's
//! challenges. Floors, from the ground up: `threads`, then `here` (the game
//! played here, or what to say when there is none) and `start`, then
//! `computer`, then `challenge`.

pub mod challenge;
pub mod computer;
pub mod here;
pub mod start;
pub mod threads;
