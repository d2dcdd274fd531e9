//! What every handler reaches through the framework ([`Data`]), and the framework's command
//! and error types.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Notify;
use tracing::warn;

use super::courier::Courier;
use super::gate::Gate;
use super::lanes::Lanes;
use super::seen::Seen;
use super::shards::{self, ShardRange};
use crate::bot::{Bot, Place};

/// What every handler reaches through the framework: the core and the ways out.
pub(crate) struct Data {
    /// The core.
    pub bot: Arc<Bot>,
    /// Posts what the core kept until said, outside interactions (direct messages, other
    /// channels, answers that failed).
    pub courier: Arc<Courier>,
    /// Turns commands away once the bot is stopping; counts those under way.
    pub gate: Arc<Gate>,
    /// The channels' lanes, the pools and the members' buckets.
    pub lanes: Arc<Lanes>,
    /// Wakes the scheduler after a command (it may have scheduled something sooner).
    pub scheduler: Arc<Notify>,
    /// Whether messages that read as moves are played (`PLAIN_MOVES`).
    pub plain_moves: bool,
    /// How long a command may run before its answer is deferred.
    pub defer_after: Duration,
    /// The shards this process runs (`None`: all): events for other servers are refused.
    pub shards: Option<ShardRange>,
    /// The interactions and messages already acted on.
    pub seen: Seen,
}

impl Data {
    /// Why this process must not handle an event of `place`'s server (another process keeps
    /// its data), logged; `None` when it may.
    pub fn refusal(&self, place: &Place) -> Option<String> {
        let refusal = shards::refusal(self.shards.as_ref(), &place.guild)?;
        warn!(
            server = %place.guild,
            channel = %place.channel,
            "refused an event for a server of another shard: {refusal}"
        );
        Some(refusal)
    }
}

/// The error type of command handlers.
pub(crate) type CommandError = Box<dyn std::error::Error + Send + Sync>;
/// A command definition.
pub(crate) type Command = poise::Command<Data, CommandError>;
