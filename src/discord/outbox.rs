//! The core's replies as Discord messages, and sending them: as an interaction's answer (see
//! [`Answer`]), to a channel (the scheduler's reminders), or to a user's direct messages.
//!
//! A reply becomes one message, or several when its text is longer than Discord's 2000
//! characters (split between lines; the picture, file and buttons go with the last part). The
//! board picture is attached with its alt text as the attachment's `description`; exported games
//! are attached as files; buttons are rows of up to five. Mentions are restricted to the reply's
//! `mentions`: the text may show other players, only those are notified. Times are written as
//! Discord's timestamp markup (`<t:UNIX:f> (<t:UNIX:R>)`), which each reader sees in their own
//! time zone.
//!
//! Issue 15: every public message posted with buttons is recorded with the core
//! ([`Bot::record_buttons`]), and after each command (or announcement) in a channel the buttons of
//! its messages that answer nothing any more are taken off (an edit of the message with no
//! components), so nobody presses a dead button.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use poise::serenity_prelude as serenity;
use serenity::builder::Builder;
use tracing::warn;

use crate::bot::reply::{replace_times, ButtonStyle, Reply, Target};
use crate::bot::{Bot, Place};

/// Discord's limit on a message's text.
pub(crate) const MAX_CONTENT: usize = 2000;
/// Discord's limit on an attachment's description (alt text).
const MAX_DESCRIPTION: usize = 1024;
/// Discord's limits on a button's label and custom id.
const MAX_LABEL: usize = 80;
const MAX_CUSTOM_ID: usize = 100;

/// One Discord message to send.
#[derive(Clone, Debug)]
pub(crate) struct Message {
    pub content: String,
    pub ephemeral: bool,
    /// The users it may notify.
    pub mentions: Vec<u64>,
    pub files: Vec<serenity::CreateAttachment>,
    pub rows: Vec<serenity::CreateActionRow>,
    /// The custom id of one of its buttons, when it is public and carries some: once posted,
    /// the message is recorded, to take the buttons off when they answer nothing any more.
    pub buttons: Option<String>,
}

impl Message {
    /// A short text with no attachment.
    pub fn text(content: impl Into<String>, ephemeral: bool) -> Message {
        Message {
            content: content.into(),
            ephemeral,
            mentions: Vec::new(),
            files: Vec::new(),
            rows: Vec::new(),
            buttons: None,
        }
    }

    fn allowed_mentions(&self) -> serenity::CreateAllowedMentions {
        serenity::CreateAllowedMentions::new()
            .users(self.mentions.iter().filter_map(|id| user_id(*id)))
            .replied_user(false)
    }

    /// As the first answer to an interaction (callback type 4).
    pub fn response(self) -> serenity::CreateInteractionResponseMessage {
        serenity::CreateInteractionResponseMessage::new()
            .content(&self.content)
            .ephemeral(self.ephemeral)
            .allowed_mentions(self.allowed_mentions())
            .components(self.rows)
            .add_files(self.files)
    }

    /// As a followup to an interaction.
    pub fn followup(self) -> serenity::CreateInteractionResponseFollowup {
        serenity::CreateInteractionResponseFollowup::new()
            .content(&self.content)
            .ephemeral(self.ephemeral)
            .allowed_mentions(self.allowed_mentions())
            .components(self.rows)
            .add_files(self.files)
    }

    /// As the edit of a deferred answer.
    pub fn edit(self) -> serenity::EditInteractionResponse {
        let mut edit = serenity::EditInteractionResponse::new()
            .content(&self.content)
            .allowed_mentions(self.allowed_mentions())
            .components(self.rows);
        for file in self.files {
            edit = edit.new_attachment(file);
        }
        edit
    }

    /// As a channel message (never ephemeral).
    pub fn create(self) -> serenity::CreateMessage {
        serenity::CreateMessage::new()
            .content(&self.content)
            .allowed_mentions(self.allowed_mentions())
            .components(self.rows)
            .add_files(self.files)
    }
}

fn user_id(id: u64) -> Option<serenity::UserId> {
    (id != 0).then(|| serenity::UserId::new(id))
}

/// A channel id written as the core's `Place::channel`, if it is one.
pub(crate) fn channel_id(text: &str) -> Option<serenity::ChannelId> {
    text.parse::<u64>()
        .ok()
        .filter(|id| *id != 0)
        .map(serenity::ChannelId::new)
}

/// A time as Discord's timestamp markup: the date and time in each
/// reader's own time zone, then how far off it is ("in 2 days").
fn discord_time(t: chrono::DateTime<chrono::Utc>) -> String {
    let unix = t.timestamp();
    format!("<t:{unix}:f> (<t:{unix}:R>)")
}

/// The Discord messages of one reply.
pub(crate) fn messages(reply: &Reply) -> Vec<Message> {
    let ephemeral = reply.is_ephemeral();
    let text = replace_times(&reply.text, discord_time);
    let mut parts: Vec<Message> = split_text(&text, MAX_CONTENT)
        .into_iter()
        .map(|content| Message {
            content,
            ephemeral,
            mentions: reply.mentions.clone(),
            files: Vec::new(),
            rows: Vec::new(),
            buttons: None,
        })
        .collect();
    let last = parts
        .last_mut()
        .expect("split_text returns at least one part");
    if let Some(image) = &reply.image {
        let mut attachment =
            serenity::CreateAttachment::bytes(image.bytes.clone(), file_name(&image.file_name));
        let alt = truncate(image.alt.trim(), MAX_DESCRIPTION);
        if !alt.is_empty() {
            attachment = attachment.description(alt);
        }
        last.files.push(attachment);
    }
    for file in &reply.files {
        last.files.push(serenity::CreateAttachment::bytes(
            file.bytes.clone(),
            file_name(&file.name),
        ));
    }
    last.rows = button_rows(reply);
    if !ephemeral && !last.rows.is_empty() {
        last.buttons = reply.buttons.first().map(|b| b.custom_id.clone());
    }
    parts
}

fn button_rows(reply: &Reply) -> Vec<serenity::CreateActionRow> {
    reply
        .buttons
        .iter()
        .filter(|b| !b.custom_id.is_empty() && b.custom_id.len() <= MAX_CUSTOM_ID)
        .map(|b| {
            let style = match b.style {
                ButtonStyle::Primary => serenity::ButtonStyle::Primary,
                ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
                ButtonStyle::Danger => serenity::ButtonStyle::Danger,
            };
            serenity::CreateButton::new(b.custom_id.clone())
                .label(truncate(&b.label, MAX_LABEL))
                .style(style)
        })
        .collect::<Vec<_>>()
        .chunks(5)
        .map(|row| serenity::CreateActionRow::Buttons(row.to_vec()))
        .collect()
}

/// The last component of a file name, never empty.
fn file_name(name: &str) -> String {
    let name = name.rsplit(['/', '\\']).next().unwrap_or_default().trim();
    if name.is_empty() {
        "attachment".to_string()
    } else {
        name.to_string()
    }
}

fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// Splits a text into parts of at most `max` characters, between lines where it can (a line
/// longer than `max` is cut). Always at least one part.
pub(crate) fn split_text(text: &str, max: usize) -> Vec<String> {
    let mut parts = Vec::new();
    let mut current = String::new();
    let mut current_len = 0;
    for line in text.split('\n') {
        let mut line: Vec<char> = line.chars().collect();
        while line.len() > max {
            if current_len > 0 {
                parts.push(std::mem::take(&mut current));
                current_len = 0;
            }
            let rest = line.split_off(max);
            parts.push(line.into_iter().collect());
            line = rest;
        }
        let needed = line.len() + usize::from(current_len > 0);
        if current_len + needed > max {
            parts.push(std::mem::take(&mut current));
            current_len = 0;
        }
        if current_len > 0 {
            current.push('\n');
            current_len += 1;
        }
        current.extend(line.iter());
        current_len += line.len();
    }
    if current_len > 0 || parts.is_empty() {
        parts.push(current);
    }
    parts
}

/// Sends messages outside interactions: to channels and to users' direct messages. Keeps the
/// core's record of the messages with buttons.
pub(crate) struct Outbox {
    http: Arc<serenity::Http>,
    bot: Arc<Bot>,
    /// The direct-message channel of each user written to so far.
    dm_channels: Mutex<HashMap<u64, serenity::ChannelId>>,
    /// Messages whose buttons were taken off already: two sweeps running at once (after a press
    /// and after another command in the channel) may each find the pressed message dead.
    retired: Mutex<HashSet<u64>>,
}

/// How many retired message ids are remembered before the set starts over (an edit made twice
/// after that is harmless: it only costs a request).
const RETIRED_REMEMBERED: usize = 10_000;

impl Outbox {
    pub fn new(http: Arc<serenity::Http>, bot: Arc<Bot>) -> Outbox {
        Outbox {
            http,
            bot,
            dm_channels: Mutex::new(HashMap::new()),
            retired: Mutex::new(HashSet::new()),
        }
    }

    pub fn http(&self) -> &serenity::Http {
        &self.http
    }

    pub fn bot(&self) -> &Arc<Bot> {
        &self.bot
    }

    /// Sends a reply where it is addressed: a channel, or a user's direct messages. Failures
    /// (a deleted channel, a user who refuses direct messages) are logged, not returned: the
    /// core has already done what the reply announces.
    pub async fn post(&self, reply: &Reply) {
        let place = match &reply.to {
            Target::Channel(place) => Some(place),
            Target::DirectMessage(_) => None,
        };
        let channel = match &reply.to {
            Target::Channel(place) => match channel_id(&place.channel) {
                Some(channel) => channel,
                None => {
                    warn!(
                        channel = place.channel,
                        "a reply to a channel that is not a Discord channel was dropped"
                    );
                    return;
                }
            },
            Target::DirectMessage(user) => match self.dm_channel(*user).await {
                Some(channel) => channel,
                None => return,
            },
        };
        for message in messages(reply) {
            let buttons = message.buttons.clone();
            let posted = self.send(channel, message.create()).await;
            if let Some(place) = place {
                self.record(place, posted.map(|m| m.id), buttons).await;
            }
        }
        if let Some(place) = place {
            self.retire_dead_buttons(place, None).await;
        }
    }

    /// Posts `message` in `channel`, logging a failure; the message posted.
    pub async fn send(
        &self,
        channel: serenity::ChannelId,
        message: serenity::CreateMessage,
    ) -> Option<serenity::Message> {
        match message.execute(self.http(), (channel, None)).await {
            Ok(posted) => Some(posted),
            Err(why) => {
                warn!(channel = channel.get(), "could not post a message: {why}");
                None
            }
        }
    }

    /// Records a posted message of `place` that carries buttons (`buttons`: one of their
    /// custom ids; `None`, or no message: nothing to record).
    pub async fn record(
        &self,
        place: &Place,
        message: Option<serenity::MessageId>,
        buttons: Option<String>,
    ) {
        let (Some(message), Some(custom_id)) = (message, buttons) else {
            return;
        };
        let (bot, place) = (Arc::clone(&self.bot), place.clone());
        let recorded = tokio::task::spawn_blocking(move || {
            bot.record_buttons(&place, &message.get().to_string(), &custom_id)
        })
        .await;
        if let Err(why) = recorded {
            warn!("could not record a message with buttons: {why}");
        }
    }

    /// Takes the buttons off the messages of `place` whose buttons answer nothing any more: the
    /// recorded ones, and `pressed` (a message and the custom id of its button just pressed),
    /// recorded or not. Failures are logged: a leftover button is still refused when pressed.
    pub async fn retire_dead_buttons(
        &self,
        place: &Place,
        pressed: Option<(serenity::MessageId, String)>,
    ) {
        let Some(channel) = channel_id(&place.channel) else {
            return;
        };
        let (bot, here) = (Arc::clone(&self.bot), place.clone());
        let dead = tokio::task::spawn_blocking(move || {
            let mut dead: Vec<u64> = bot
                .dead_button_messages(&here)
                .iter()
                .filter_map(|id| id.parse().ok())
                .collect();
            if let Some((message, custom_id)) = pressed {
                if !dead.contains(&message.get()) && !bot.button_is_live(&here, &custom_id) {
                    dead.push(message.get());
                }
            }
            dead
        })
        .await
        .unwrap_or_else(|why| {
            warn!("could not look for dead buttons: {why}");
            Vec::new()
        });
        let dead: Vec<u64> = {
            let mut retired = self.retired.lock().unwrap_or_else(|e| e.into_inner());
            if retired.len() >= RETIRED_REMEMBERED {
                retired.clear();
            }
            dead.into_iter()
                .filter(|id| *id != 0 && retired.insert(*id))
                .collect()
        };
        for message in dead {
            let edit = serenity::EditMessage::new().components(Vec::new());
            if let Err(why) = channel
                .edit_message(self.http(), serenity::MessageId::new(message), edit)
                .await
            {
                warn!(message, "could not take the buttons off a message: {why}");
            }
        }
    }

    async fn dm_channel(&self, user: u64) -> Option<serenity::ChannelId> {
        let known = self
            .dm_channels
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&user)
            .copied();
        if known.is_some() {
            return known;
        }
        let id = user_id(user)?;
        match id.create_dm_channel(self.http()).await {
            Ok(channel) => {
                self.dm_channels
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .insert(user, channel.id);
                Some(channel.id)
            }
            Err(why) => {
                warn!(user, "could not open a direct message channel: {why}");
                None
            }
        }
    }
}

/// Where an interaction is answered: its id and token.
pub(crate) struct Answer<'a> {
    pub http: &'a serenity::Http,
    pub id: serenity::InteractionId,
    pub token: &'a str,
    /// The largest file the answer may carry in this server (Discord gives it with every
    /// interaction: 10 MiB, more with boosts).
    pub attachment_size_limit: u32,
}

impl Answer<'_> {
    /// The first answer, a message (callback type 4).
    pub async fn respond(&self, message: Message) -> serenity::Result<()> {
        serenity::CreateInteractionResponse::Message(message.response())
            .execute(self.http, (self.id, self.token))
            .await
    }

    /// The message the first answer became (a callback does not say).
    async fn original(&self) -> Option<serenity::MessageId> {
        match self
            .http
            .get_original_interaction_response(self.token)
            .await
        {
            Ok(message) => Some(message.id),
            Err(why) => {
                warn!("could not read the answer's message: {why}");
                None
            }
        }
    }

    /// The first answer, "thinking..." in public (callback type 5), to be edited later.
    pub async fn defer(&self) -> serenity::Result<()> {
        serenity::CreateInteractionResponse::Defer(serenity::CreateInteractionResponseMessage::new())
            .execute(self.http, (self.id, self.token))
            .await
    }

    /// Replaces the deferred answer; the message it is.
    pub async fn edit_original(&self, message: Message) -> serenity::Result<serenity::Message> {
        message.edit().execute(self.http, self.token).await
    }

    /// Removes the deferred answer.
    pub async fn delete_original(&self) -> serenity::Result<()> {
        self.http
            .delete_original_interaction_response(self.token)
            .await
    }

    /// A further message; the message posted.
    pub async fn followup(&self, message: Message) -> serenity::Result<serenity::Message> {
        message
            .followup()
            .execute(self.http, (None, self.token))
            .await
    }

    /// Answers with the core's replies to an invocation at `place`: those addressed to that
    /// channel answer the interaction (the first as its answer, or as the edit of the deferred
    /// answer, the others as followups), the rest go where they are addressed. An ephemeral
    /// first reply to a deferred (public) answer removes that answer and follows up
    /// ephemerally. Public messages with buttons are recorded; then the buttons of `place` that
    /// answer nothing any more (and of `pressed`, the button that was pressed, if any) are taken
    /// off.
    pub async fn deliver(
        &self,
        outbox: &Outbox,
        place: &Place,
        deferred: bool,
        replies: Vec<Reply>,
        pressed: Option<(serenity::MessageId, String)>,
    ) -> serenity::Result<()> {
        let (here, elsewhere): (Vec<Reply>, Vec<Reply>) = replies
            .into_iter()
            .partition(|r| matches!(&r.to, Target::Channel(p) if p == place));
        let mut messages: Vec<Message> = here.iter().flat_map(messages).collect();
        if messages.is_empty() {
            messages.push(Message::text("Done.", true));
        }
        let mut messages = messages.into_iter();
        if let Some(first) = messages.next() {
            let buttons = first.buttons.clone();
            let posted = match (deferred, first.ephemeral) {
                (false, _) => {
                    self.respond(first).await?;
                    match buttons {
                        Some(_) => self.original().await,
                        None => None,
                    }
                }
                (true, false) => Some(self.edit_original(first).await?.id),
                (true, true) => {
                    self.delete_original().await?;
                    Some(self.followup(first).await?.id)
                }
            };
            outbox.record(place, posted, buttons).await;
        }
        for message in messages {
            let buttons = message.buttons.clone();
            let posted = self.followup(message).await?.id;
            outbox.record(place, Some(posted), buttons).await;
        }
        for reply in &elsewhere {
            outbox.post(reply).await;
        }
        outbox.retire_dead_buttons(place, pressed).await;
        // A game that starts in a thread of its own (issue 15), once its start is posted; a
        // tournament's next round may start from a game ending elsewhere (issue 32).
        outbox.open_threads(&here).await;
        outbox.open_threads(&elsewhere).await;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::reply::Image;

    #[test]
    fn long_texts_are_split_between_lines() {
        assert_eq!(split_text("", 10), vec![String::new()]);
        assert_eq!(split_text("abc\ndef", 10), vec!["abc\ndef".to_string()]);
        assert_eq!(
            split_text("abcd\nefgh\nij", 9),
            vec!["abcd\nefgh".to_string(), "ij".to_string()]
        );
        assert_eq!(
            split_text("ab\nabcdefghijkl\ncd", 5),
            vec!["ab", "abcde", "fghij", "kl\ncd"]
        );
        let long: String = (0..500).map(|i| format!("line {i}\n")).collect();
        let parts = split_text(&long, MAX_CONTENT);
        assert!(parts.len() > 1);
        assert!(parts.iter().all(|p| p.chars().count() <= MAX_CONTENT));
        assert_eq!(parts.join("\n"), long);
    }

    #[test]
    fn times_become_discord_timestamp_markup() {
        // Issue 13 item 7: each reader sees a deadline in their own time zone.
        let place = Place {
            guild: "1".into(),
            channel: "2".into(),
        };
        let t = chrono::DateTime::from_timestamp(1_767_830_400, 0).unwrap();
        let reply = Reply::public(&place, format!("timeout {}", crate::bot::reply::time(t)));
        assert_eq!(
            messages(&reply)[0].content,
            "timeout <t:1767830400:f> (<t:1767830400:R>)"
        );
    }

    #[test]
    fn a_reply_becomes_messages_with_its_picture_and_buttons_last() {
        let place = Place {
            guild: "1".into(),
            channel: "2".into(),
        };
        let text = "x".repeat(2500);
        let reply = Reply::public(&place, text)
            .mention([7])
            .with_image(Some(Image {
                bytes: vec![1, 2, 3],
                alt: "A board".into(),
                file_name: "dir/game-1-ply-0.png".into(),
                text: String::new(),
            }))
            .button("Accept", "challenge:1:accept".into(), ButtonStyle::Primary);
        let parts = messages(&reply);
        assert_eq!(parts.len(), 2);
        assert!(parts[0].files.is_empty() && parts[0].rows.is_empty());
        assert_eq!(parts[1].files.len(), 1);
        assert_eq!(parts[1].files[0].filename, "game-1-ply-0.png");
        assert_eq!(parts[1].files[0].description.as_deref(), Some("A board"));
        assert_eq!(parts[1].rows.len(), 1);
        assert_eq!(parts[1].mentions, vec![7]);
        assert!(!parts[1].ephemeral);
    }
}
