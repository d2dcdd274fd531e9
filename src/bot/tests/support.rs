//! Fixtures shared by the core's tests: three users, a place, a pinned clock,
//! and a command run as one of the users.

use std::sync::Arc;

use chrono::Duration;

use crate::bot::commands::{self, OptionValue, UserRef};
use crate::bot::reply::Reply;
use crate::bot::{clock, Bot, Command, Invocation, OffsetClock, Place, User};
use crate::store::UserId;

pub const ALICE: UserId = 101;
pub const BOB: UserId = 202;
pub const CAROL: UserId = 303;

pub fn name(id: UserId) -> &'static str {
    match id {
        ALICE => "alice",
        BOB => "bob",
        _ => "carol",
    }
}

pub fn place(channel: &str) -> Place {
    Place {
        guild: "g".into(),
        channel: channel.into(),
    }
}

/// A clock pinned at 2026-01-01 00:00 UTC.
pub fn clock() -> Arc<OffsetClock> {
    Arc::new(OffsetClock::new(
        Some(clock::parse_start("2026-01-01T00:00:00Z").unwrap()),
        Duration::zero(),
    ))
}

/// `command` from `user` in #general, as the adapters hand it to the core.
pub fn run(bot: &Bot, user: UserId, command: Command) -> Vec<Reply> {
    run_in(bot, "general", user, command)
}

/// `command` from `user` in `channel`.
pub fn run_in(bot: &Bot, channel: &str, user: UserId, command: Command) -> Vec<Reply> {
    bot.handle(&Invocation {
        place: place(channel),
        user: User {
            id: user,
            name: name(user).into(),
            is_admin: false,
        },
        command,
    })
}

/// Alice's challenge to `opponent` to Tak of `size`, Alice playing white.
pub fn challenge(opponent: UserId, size: i64) -> Command {
    commands::build(
        "tak challenge",
        vec![
            (
                "opponent".into(),
                OptionValue::User(UserRef {
                    id: opponent,
                    name: name(opponent).into(),
                }),
            ),
            ("size".into(), OptionValue::Integer(size)),
            ("color".into(), OptionValue::String("white".into())),
        ],
    )
    .expect("a well-formed challenge")
}

/// Alice (white) and Bob (black) start a game of the given size in #general.
pub fn start_game(bot: &Bot, size: i64) -> Vec<Reply> {
    run(bot, ALICE, challenge(BOB, size));
    run(bot, BOB, Command::Accept)
}
