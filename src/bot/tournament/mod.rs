//! Server tournaments (issue 32): Swiss and round robin, each round's
//! games played as correspondence games. The pure parts first: what a
//! tournament has played ([`record`]), its pairings ([`round_robin`],
//! [`swiss`], [`colour`]), and its order ([`tiebreak`], [`standings`]);
//! then the rounds as stored, read back, and what comes next ([`rounds`]).
//! docs/tournaments.md gives the rules followed.

pub mod colour;
pub mod options;
pub mod record;
pub mod round_robin;
pub mod rounds;
pub mod standings;
pub mod swiss;
pub mod table;
pub mod tiebreak;

#[cfg(test)]
mod tests;
