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
use crate::bot::reply::{Reply, Target, Visibility};
use crate::bot::{suggest, Invocation, User};

/// Handles a message if it is a move.
pub(crate) async fn on_message(data: &Data, message: &serenity::Message) {
    if message.author.bot || message.content.trim().is_empty() {
        return;
    }
    // A message delivered again (a resumed gateway's replay) is not played twice.
    if !data.seen.first_time(message.id.get()) {
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
    let turn = ticket.turn(data.bot.channel_turns()).await;
    let text = message.content.clone();
    let bot = Arc::clone(&data.bot);
    let here = place.clone();
    let handled = tokio::task::spawn_blocking(move || {
        let command = suggest::plain_move(&bot, &place, user.id, &text)?;
        Ok::<_, crate::store::StoreError>(command.map(|command| {
            let invocation = Invocation {
                place: place.clone(),
                user,
                command,
            };
            let mut replies = bot.handle_in(turn.channel(), &invocation);
            // Kept before anything is sent (issue 40), those answering the message held for
            // this answer.
            let answered = |r: &Reply| matches!(&r.to, Target::Channel(p) if *p == place);
            bot.keep(&mut replies, &place.guild, answered);
            replies
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
    let courier = &data.courier;
    let (here_replies, elsewhere): (Vec<Reply>, Vec<Reply>) = replies
        .into_iter()
        .partition(|r| matches!(&r.to, Target::Channel(p) if *p == here));
    courier.take(elsewhere).await;
    // The answers are posted in the channel, the first as a reply to the message (a refusal
    // too: a message cannot be answered privately); what fails is left to the courier.
    let mut said = Vec::new();
    let mut left = Vec::new();
    for (i, reply) in here_replies.into_iter().enumerate() {
        if !left.is_empty() {
            left.push((reply, 0));
            continue;
        }
        let public = Reply {
            visibility: Visibility::Public,
            ..reply
        };
        let reference = (i == 0).then_some(message);
        match courier.outbox().post(&public, 0, reference).await {
            Ok(()) => said.push(public),
            Err(stopped) => {
                warn!(
                    "could not answer a move typed as a message: {}",
                    stopped.error
                );
                left.push((public, stopped.parts_sent));
            }
        }
    }
    courier.said(&said).await;
    courier.leave(left).await;
    courier.outbox().retire_dead_buttons(&here, None).await;
    courier.open_threads(&said).await;
}
