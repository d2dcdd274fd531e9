//! Gateway events serenity could not read.
//!
//! serenity 0.12 turns a dispatch event that fails to deserialize (a field its model requires is
//! missing, say) into `Event::Unknown` and mentions it only at `debug`, so a slash command would
//! vanish without a trace. This raw handler reports dropped interactions as warnings, with the
//! reason, and leaves other unknown events (new event types) at `debug`.

use poise::serenity_prelude as serenity;
use tracing::{debug, warn};

/// Reports events serenity could not read.
pub(crate) struct UnreadableEvents;

#[serenity::async_trait]
impl serenity::RawEventHandler for UnreadableEvents {
    async fn raw_event(&self, _ctx: serenity::Context, event: serenity::Event) {
        if let serenity::Event::Unknown(unknown) = event {
            report(&unknown);
        }
    }
}

fn report(unknown: &serenity::UnknownEvent) {
    let kind = unknown.kind.as_str();
    if kind != "INTERACTION_CREATE" {
        debug!(kind, "ignored a gateway event serenity does not know");
        return;
    }
    // Deserializing again gives the reason; the payload itself is not logged (it holds the
    // interaction's token).
    match serenity::json::from_value::<serenity::Interaction>(unknown.value.clone()) {
        Err(why) => warn!(
            kind,
            "dropped an interaction serenity could not read: {why}"
        ),
        Ok(_) => warn!(kind, "dropped an interaction serenity could not read"),
    }
}
