//! Moves typed as plain messages (`PLAIN_MOVES=true`, which needs the privileged Message Content
//! intent): in a channel with a game in progress, a player's message that reads as a move of
//! that game ("c3", "3c3>12", "+NE") is played as `/move`. Anything else is chat and ignored
//! silently. The answers are posted in the channel, the first as a reply to the message; a
//! refusal (which a slash command would show only to its author) is posted too, since a message
//! cannot be answered privately.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use tracing::warn;

use super::data::Data;
use super::interaction::place;
use super::outbox::{self, Message};
use crate::bot::reply::Target;
use crate::bot::{suggest, Invocation, User};

/// Handles a message if it is a move.
pub(crate) async fn on_message(data: &Data, message: &serenity::Message) {
    if message.author.bot || message.content.trim().is_empty() {
        return;
    }
    let Some(place) = place(message.guild_id, message.channel_id) else {
        return;
    };
    // Chat of another process's server: not read (the refusal is logged; a message gets no
    // answer unless it is a move, which only the server's own process can tell).
    if data.refusal(&place).is_some() {
        return;
    }
    let Some(_pass) = data.gate.enter() else {
        return;
    };
    let user = User {
        id: message.author.id.get(),
        name: message
            .member
            .as_ref()
            .and_then(|m| m.nick.clone())
            .unwrap_or_else(|| message.author.display_name().to_string()),
        is_admin: false,
    };
    // A flood of chat waits in the channel's lane like commands do; past a full lane a message
    // is not read (it may not even be a move).
    let Some(ticket) = data.lanes.admit_chat(user.id, &place) else {
        return;
    };
    let turn = ticket.turn().await;
    let text = message.content.clone();
    let bot = Arc::clone(&data.bot);
    let here = place.clone();
    let handled = tokio::task::spawn_blocking(move || {
        let _turn = turn;
        let command = suggest::plain_move(&bot, &place, user.id, &text)?;
        Ok::<_, crate::store::StoreError>(command.map(|command| {
            bot.handle(&Invocation {
                place,
                user,
                command,
            })
        }))
    })
    .await;
    let replies = match handled {
        Ok(Ok(Some(replies))) => replies,
        Ok(Ok(None)) => return,
        Ok(Err(why)) => {
            warn!("could not read a message as a move: {why}");
            return;
        }
        Err(why) => {
            warn!("reading a message as a move failed: {why}");
            return;
        }
    };
    data.scheduler.notify_one();
    let mut first = true;
    for reply in &replies {
        match &reply.to {
            Target::Channel(p) if *p == here => {
                for part in outbox::messages(reply) {
                    let buttons = part.buttons.clone();
                    let mut create = Message {
                        ephemeral: false,
                        ..part
                    }
                    .create();
                    if first {
                        create = create.reference_message(message);
                        first = false;
                    }
                    let posted = data.outbox.send(message.channel_id, create).await;
                    data.outbox
                        .record(&here, posted.map(|m| m.id), buttons)
                        .await;
                }
            }
            _ => data.outbox.post(reply).await,
        }
    }
    data.outbox.retire_dead_buttons(&here, None).await;
}
