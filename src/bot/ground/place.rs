//! Where and by whom a command is given.

use serde::{Deserialize, Serialize};

use crate::store::{Challenge, GameRow, UserId};

/// Where a command was given: a server (guild) and a channel in it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Place {
    pub guild: String,
    pub channel: String,
}

/// Who gave a command. `is_admin`: a server admin (may `/abort`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    pub id: UserId,
    pub name: String,
    pub is_admin: bool,
}

/// Nobody: the user of a step the bot takes itself (a tournament's round
/// paired, a game started in its thread), shown to no one.
pub static NOBODY: User = User {
    id: 0,
    name: String::new(),
    is_admin: false,
};

impl Place {
    /// Where `game` is played.
    pub fn of(game: &GameRow) -> Place {
        Place {
            guild: game.guild.clone(),
            channel: game.channel.clone(),
        }
    }

    /// Where challenge `c` waits.
    pub fn of_challenge(c: &Challenge) -> Place {
        Place {
            guild: c.guild.clone(),
            channel: c.channel.clone(),
        }
    }
}
