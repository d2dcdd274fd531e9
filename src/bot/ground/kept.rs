//! Replies kept until they are said (issue 40). An adapter that can fail to
//! deliver (Discord) has the core write every public reply and direct
//! message to the store as soon as the core has made it, on the same thread
//! that committed the change it announces and before anything is sent; the
//! adapter then posts it and forgets it once posted. What fails is tried
//! again from the store, after a restart too, and never posted twice.
//!
//! Ephemeral replies are not kept: they answer only the member who asked,
//! change nothing anyone else must hear of, and cannot be posted anywhere
//! but in the answer to that member's command.

use std::time::Duration;

use chrono::{DateTime, Utc};
use tracing::{error, warn};

use super::core::Core;
use super::reply::{Reply, Target};
use crate::store::{KeptReply, StoreError};

/// How long a command's own answer holds its kept replies before anyone
/// else may post them: longer than the answer may take (each request has a
/// timeout, see the Discord adapter), so that the courier never posts a
/// reply the answer is still posting.
pub const ANSWER_HOLD: Duration = Duration::from_secs(90);

/// How many replies are read from the store at once.
const BATCH: usize = 20;

/// A reply read back from the store, with what its record says of it.
#[derive(Clone, Debug)]
pub struct Due {
    pub reply: Reply,
    pub record: KeptReply,
}

impl Core {
    /// Keeps `replies` in the store until said (the public ones and direct
    /// messages; see the module's note), marking each with its record. The
    /// replies a command's own answer posts (`held` says which) are held
    /// for [`ANSWER_HOLD`]; others are due at once. `guild` is the server
    /// of the place the replies come from (a direct message has none of its
    /// own). A failure to write is logged and leaves the replies unkept:
    /// they are still posted once.
    pub fn keep(&self, replies: &mut [Reply], guild: &str, held: impl Fn(&Reply) -> bool) {
        let now = self.now();
        let hold_until = now + chrono::Duration::from_std(ANSWER_HOLD).unwrap_or_default();
        let mut rows = Vec::new();
        let mut which = Vec::new();
        for (i, reply) in replies.iter().enumerate() {
            if reply.is_ephemeral() || reply.kept.is_some() {
                continue;
            }
            let server = match &reply.to {
                Target::Channel(place) => place.guild.as_str(),
                Target::DirectMessage(_) => guild,
            };
            match serde_json::to_string(reply) {
                Ok(json) => {
                    let due = if held(reply) { hold_until } else { now };
                    rows.push((server, json, due));
                    which.push(i);
                }
                Err(why) => error!("a reply could not be written down: {why}"),
            }
        }
        match self.store().keep_replies(&rows, now) {
            Ok(ids) => {
                for (i, id) in which.into_iter().zip(ids) {
                    replies[i].kept = Some(id);
                }
            }
            Err(why) => error!("could not keep {} replies until said: {why}", rows.len()),
        }
    }

    /// The kept replies due now, oldest first. A record that no longer
    /// reads as a reply is logged and forgotten.
    pub fn due_replies(&self) -> Result<Vec<Due>, StoreError> {
        let records = self.store().due_replies(self.now(), BATCH)?;
        let mut due = Vec::with_capacity(records.len());
        for record in records {
            match serde_json::from_str::<Reply>(&record.reply) {
                Ok(mut reply) => {
                    reply.kept = Some(record.id);
                    due.push(Due { reply, record });
                }
                Err(why) => {
                    error!(
                        id = record.id,
                        "a kept reply does not read back, dropped: {why}"
                    );
                    self.store().forget_reply(record.id)?;
                }
            }
        }
        Ok(due)
    }

    /// When the next kept reply falls due, by the core's clock.
    pub fn next_reply_due(&self) -> Option<DateTime<Utc>> {
        self.store().next_reply_due().unwrap_or_else(|why| {
            error!("could not read when the next reply is due: {why}");
            Some(self.now() + chrono::Duration::seconds(5))
        })
    }

    /// `reply` was said (or never can be): its record is forgotten.
    pub fn said(&self, reply: &Reply) {
        if let Some(id) = reply.kept {
            if let Err(why) = self.store().forget_reply(id) {
                error!(id, "could not forget a reply that was said: {why}");
            }
        }
    }

    /// `reply` is to be tried again after `after`, `parts_sent` of its
    /// messages posted; `failed`: this try failed (counted).
    pub fn try_again(&self, reply: &Reply, after: Duration, failed: bool, parts_sent: u32) {
        let Some(id) = reply.kept else {
            return;
        };
        let due = self.now() + chrono::Duration::from_std(after).unwrap_or_default();
        if let Err(why) = self.store().retry_reply(id, due, failed, parts_sent) {
            warn!(id, "could not put off a reply: {why}");
        }
    }

    /// `reply` is to be posted as `changed` says from now on (without its
    /// picture, or in another channel).
    pub fn rewrite(&self, reply: &Reply) {
        let Some(id) = reply.kept else {
            return;
        };
        match serde_json::to_string(reply) {
            Ok(json) => {
                if let Err(why) = self.store().rewrite_reply(id, &json) {
                    warn!(id, "could not rewrite a kept reply: {why}");
                }
            }
            Err(why) => error!("a reply could not be written down: {why}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::bot::ground::clock::{parse_start, OffsetClock};
    use crate::bot::ground::place::Place;
    use crate::bot::ground::reply::{ButtonStyle, Image};
    use crate::store::Store;

    fn core() -> Core {
        let start = parse_start("2026-01-01T00:00:00Z").unwrap();
        let clock = OffsetClock::new(Some(start), chrono::Duration::zero());
        Core::new(Store::open_in_memory().unwrap(), Arc::new(clock))
    }

    fn place() -> Place {
        Place {
            guild: "g".into(),
            channel: "c".into(),
        }
    }

    /// Issue 40: public replies and direct messages are kept with
    /// everything they carry (picture bytes, buttons, mentions); an
    /// ephemeral answer is not. A command's answer holds its replies; a
    /// reply said is forgotten and never due again.
    #[test]
    fn replies_are_kept_whole_until_said() {
        let core = core();
        let picture = Image {
            bytes: vec![0, 1, 2, 255],
            alt: "the board".into(),
            file_name: "game-1-ply-3.png".into(),
            text: "a b c".into(),
        };
        let mut replies = vec![
            Reply::public(&place(), "<@1> played a1.")
                .mention([2])
                .with_image(Some(picture))
                .button("Rematch", "rematch:1".into(), ButtonStyle::Primary),
            Reply::ephemeral(&place(), "Only you see this."),
            Reply::direct(2, "Your move."),
        ];
        core.keep(&mut replies, "g", |_| true);
        assert!(replies[0].kept.is_some() && replies[2].kept.is_some());
        assert_eq!(replies[1].kept, None, "an ephemeral answer is not kept");
        assert!(core.due_replies().unwrap().is_empty(), "held by the answer");

        let core_later = {
            // The same store, ANSWER_HOLD later: the courier may take them.
            let store = core.store();
            let n = store.kept_reply_count().unwrap();
            assert_eq!(n, 2);
            store
                .due_replies(core.now() + chrono::Duration::seconds(91), 10)
                .unwrap()
        };
        let back: Vec<Reply> = core_later
            .iter()
            .map(|r| serde_json::from_str(&r.reply).unwrap())
            .collect();
        let mut expected = vec![replies[0].clone(), replies[2].clone()];
        for reply in &mut expected {
            reply.kept = None;
        }
        assert_eq!(back, expected, "read back whole");
        assert_eq!(
            core_later[1].guild, "g",
            "a direct message counts for its server"
        );

        core.said(&replies[0]);
        core.said(&replies[2]);
        assert_eq!(core.store().kept_reply_count().unwrap(), 0);
    }

    /// A reply not held is due at once, and a retry puts it off.
    #[test]
    fn a_reply_not_held_is_due_at_once_and_a_retry_puts_it_off() {
        let core = core();
        let mut replies = vec![Reply::public(&place(), "Reminder.")];
        core.keep(&mut replies, "g", |_| false);
        let due = core.due_replies().unwrap();
        assert_eq!(due.len(), 1);
        assert_eq!(due[0].reply.kept, replies[0].kept);
        core.try_again(&due[0].reply, Duration::from_secs(5), true, 0);
        assert!(core.due_replies().unwrap().is_empty());
        assert_eq!(
            core.next_reply_due(),
            Some(core.now() + chrono::Duration::seconds(5))
        );
    }
}
