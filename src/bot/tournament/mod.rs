//! Server tournaments (issue 32): Swiss and round robin, each round's
//! games played as correspondence games. The pure parts first: what a
//! tournament has played ([`record`]), its pairings ([`round_robin`],
//! [`swiss`], [`colour`]), and its order ([`tiebreak`], [`standings`]);
//! then the rounds as stored, read back, and what comes next ([`rounds`]).
//! Then the bot's side: the sign-up ([`signup`]), the rounds run by the
//! scheduler ([`runner`]) with the reminders before a round's deadline
//! ([`warnings`]), the views ([`show`]), withdrawals and
//! cancellation ([`exit`]), and the subcommands ([`commands`]).
//! docs/tournaments.md gives the rules followed.

pub mod colour;
pub mod commands;
pub mod exit;
pub mod here;
pub mod options;
pub mod record;
pub mod round_robin;
pub mod rounds;
pub mod runner;
pub mod show;
pub mod signup;
pub mod standings;
pub mod swiss;
pub mod table;
pub mod tiebreak;
pub mod warnings;

#[cfg(test)]
mod tests;
