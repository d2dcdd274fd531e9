//! The ground every handler stands on: where and who ([`place`]), what the
//! bot answers ([`reply`], [`announce`], [`notify`], [`board`], [`pages`]),
//! time ([`clock`], [`interval`]), button ids, blind play, members' words
//! made safe to show ([`escape`]), links to the web pages ([`web_links`]),
//! and the
//! [`core::Core`] a handler reaches through its [`context::Ctx`] (the
//! store, the channels' locks, live positions, threads being opened).
//! Nothing here imports any other part of the bot.

pub mod announce;
pub mod blind;
pub mod board;
pub mod button_ids;
pub mod channels;
pub mod clock;
pub mod context;
pub mod core;
pub mod escape;
pub mod interval;
pub mod kept;
pub mod live;
pub mod notify;
pub mod openings;
pub mod pages;
pub mod place;
pub mod reply;
pub mod web_links;
