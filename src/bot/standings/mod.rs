//! Ratings as players see them: `/leaderboard`, `/rating` and `/history`.
//! Ratings are per server and per game; the store changes them in the
//! transaction that ends a game (the changes under a result are written by
//! [`crate::bot::ground::announce`]).

pub mod history;
pub mod leaderboard;
pub mod ranking;
pub mod rating;
pub mod which_game;
