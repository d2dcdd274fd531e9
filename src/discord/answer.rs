//! The answer to an interaction: its first message within Discord's deadline (or the edit of
//! a deferred one), followups, and what is left to the courier when Discord fails (issue 40).

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::builder::Builder;
use tracing::warn;

use super::courier::Courier;
use super::outbox::{messages, Message};
use super::rest::{timed, Failure, RestError, CALL_LIMIT, UPLOAD_LIMIT};
use crate::bot::reply::{Reply, Target};
use crate::bot::Place;

/// What a deferred answer becomes when the answer is for its member's eyes only: Discord makes
/// the first followup after a deferral edit the (public) loading message and ignores the
/// ephemeral flag, so the loading message is edited to this first, and the answer follows up
/// ephemerally.
pub(crate) const ANSWERED_PRIVATELY: &str =
    "Answered privately: only the member who asked sees the answer.";

/// Where an interaction is answered: its id and token.
pub(crate) struct Answer<'a> {
    pub http: &'a serenity::Http,
    pub id: serenity::InteractionId,
    pub token: &'a str,
    /// The largest file the answer may carry in this server (Discord gives it with every
    /// interaction: 10 MiB, more with boosts).
    pub attachment_size_limit: u32,
}

/// The time limit for a message: longer when it carries files.
fn limit_for(message: &Message) -> Duration {
    if message.files.is_empty() {
        CALL_LIMIT
    } else {
        UPLOAD_LIMIT
    }
}

impl Answer<'_> {
    /// The first answer, a message (callback type 4).
    pub async fn respond(&self, message: Message) -> Result<(), RestError> {
        let limit = limit_for(&message);
        let response = serenity::CreateInteractionResponse::Message(message.response());
        timed(limit, response.execute(self.http, (self.id, self.token))).await
    }

    /// The message the first answer became.
    async fn original(&self) -> Result<serenity::Message, RestError> {
        timed(
            CALL_LIMIT,
            self.http.get_original_interaction_response(self.token),
        )
        .await
    }

    /// Whether the first answer is there with `content`: a request whose answer was lost may
    /// have been carried out. Asked a few times while Discord does not answer.
    async fn answered_with(&self, content: &str) -> bool {
        for wait in [0, 1, 2] {
            tokio::time::sleep(Duration::from_secs(wait)).await;
            match self.original().await {
                Ok(message) => return message.content == content,
                Err(why) if why.failure().is_transient() => continue,
                Err(_) => return false,
            }
        }
        false
    }

    /// The first answer, "thinking..." in public (callback type 5), to be edited later.
    pub async fn defer(&self) -> Result<(), RestError> {
        let response = serenity::CreateInteractionResponse::Defer(
            serenity::CreateInteractionResponseMessage::new(),
        );
        timed(
            CALL_LIMIT,
            response.execute(self.http, (self.id, self.token)),
        )
        .await
    }

    /// Replaces the deferred answer; the message it is.
    pub async fn edit_original(&self, message: Message) -> Result<serenity::Message, RestError> {
        let limit = limit_for(&message);
        timed(limit, message.edit().execute(self.http, self.token)).await
    }

    /// A further message; the message posted.
    pub async fn followup(&self, message: Message) -> Result<serenity::Message, RestError> {
        let limit = limit_for(&message);
        timed(
            limit,
            message.followup().execute(self.http, (None, self.token)),
        )
        .await
    }

    /// The answer's first message: the interaction's answer, or the edit of the deferred one
    /// (for an answer only its member may see: the documented way, see
    /// [`ANSWERED_PRIVATELY`]). A request that failed on the way (a reset, no answer in time,
    /// a 5xx) may have been carried out: the answer is then looked at before it counts as
    /// failed. The message posted, when known.
    async fn first(
        &self,
        message: Message,
        deferred: bool,
    ) -> Result<Option<serenity::MessageId>, RestError> {
        let content = message.content.clone();
        let outcome = match (deferred, message.ephemeral) {
            (false, _) => self.respond(message).await.map(|()| None),
            (true, false) => self.edit_original(message).await.map(|m| Some(m.id)),
            (true, true) => {
                self.edit_original(Message::text(ANSWERED_PRIVATELY, false))
                    .await?;
                return self.followup(message).await.map(|m| Some(m.id));
            }
        };
        match outcome {
            Err(why)
                if why.failure() == Failure::Transient && self.answered_with(&content).await =>
            {
                warn!("an answer's request failed but Discord carried it out: {why}");
                Ok(None)
            }
            other => other,
        }
    }

    /// Answers with the core's replies to an invocation at `place` (kept by the core, see
    /// [`crate::bot::ground::kept`]): those addressed to that channel answer the interaction (the
    /// first as its answer, or as the edit of the deferred answer, the others as followups);
    /// the rest go where they are addressed, through the `courier`. Each reply answered is
    /// said; once one fails, it and the ones after it are left to the courier, which posts them
    /// in the channel. Whatever happened to the answer, what follows a command still runs: the
    /// courier is woken, the buttons of `place` (and `pressed`, the button pressed, if any)
    /// that answer nothing any more are taken off, and the threads asked for are opened.
    pub async fn deliver(
        &self,
        courier: &Courier,
        place: &Place,
        deferred: bool,
        replies: Vec<Reply>,
        pressed: Option<(serenity::MessageId, String)>,
    ) -> Result<(), RestError> {
        let outbox = courier.outbox();
        let (here, elsewhere): (Vec<Reply>, Vec<Reply>) = replies
            .into_iter()
            .partition(|r| matches!(&r.to, Target::Channel(p) if p == place));
        courier.take(elsewhere).await;
        let mut failed: Option<RestError> = None;
        let mut answered = false;
        let mut said = Vec::new();
        let mut left = Vec::new();
        for reply in here {
            if failed.is_some() {
                left.push((reply, 0));
                continue;
            }
            let mut sent = 0;
            for message in messages(&reply) {
                let buttons = message.buttons.clone();
                let posted = if answered {
                    self.followup(message).await.map(|m| Some(m.id))
                } else {
                    self.first(message, deferred).await
                };
                match posted {
                    Ok(id) => {
                        answered = true;
                        sent += 1;
                        let id = match (id, &buttons) {
                            (Some(id), _) => Some(id),
                            (None, Some(_)) => self.original().await.ok().map(|m| m.id),
                            (None, None) => None,
                        };
                        if let Some(id) = id {
                            outbox.note_answer(id, self.token);
                        }
                        outbox.record(place, id, buttons).await;
                    }
                    Err(why) => {
                        failed = Some(why);
                        break;
                    }
                }
            }
            if failed.is_some() {
                left.push((reply, sent));
            } else {
                said.push(reply);
            }
        }
        if !answered && failed.is_none() {
            // Nothing to say here (every reply went elsewhere): the interaction still needs an
            // answer.
            if let Err(why) = self.first(Message::text("Done.", true), deferred).await {
                failed = Some(why);
            }
        }
        courier.said(&said).await;
        if let Some(why) = &failed {
            warn!(
                left = left.len(),
                "an interaction's answer failed ({why}); its replies go to the channel"
            );
        }
        courier.leave(left).await;
        outbox.retire_dead_buttons(place, pressed).await;
        // A game that starts in a thread of its own (issue 15), once its start is posted.
        courier.open_threads(&said).await;
        match failed {
            Some(why) => Err(why),
            None => Ok(()),
        }
    }
}
