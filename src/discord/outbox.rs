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
//! The answer to an interaction is made in [`super::answer`].
//!
//! Issue 15: every public message posted with buttons is recorded with the core
//! ([`Bot::record_buttons`]), and after each command (or announcement) in a channel the buttons of
//! its messages that answer nothing any more are taken off (an edit of the message with no
//! components), so nobody presses a dead button.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;
use serenity::builder::Builder;
use tracing::warn;

use super::rest::{timed, RestError, CALL_LIMIT, UPLOAD_LIMIT};
use crate::bot::reply::{replace_mentions, replace_times, ButtonStyle, Reply, Target};
use crate::bot::{Bot, Place};
use crate::store::privacy::anonymous_name;

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
    (id != 0 && anonymous_name(id).is_none()).then(|| serenity::UserId::new(id))
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
    // A player who asked to be forgotten is no one on Discord: a mention of them would show
    // as a raw id, so their anonymous name is written instead.
    let text = replace_mentions(&replace_times(&reply.text, discord_time), |id| {
        anonymous_name(id).unwrap_or_else(|| format!("<@{id}>"))
    });
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

/// Posts the core's replies outside interactions: to channels and to users' direct messages.
/// Keeps the core's record of the messages with buttons.
pub(crate) struct Outbox {
    http: Arc<serenity::Http>,
    bot: Arc<Bot>,
    /// The direct-message channel of each user written to so far.
    dm_channels: Mutex<HashMap<u64, serenity::ChannelId>>,
    /// Messages whose buttons were taken off already: two sweeps running at once (after a press
    /// and after another command in the channel) may each find the pressed message dead.
    retired: Mutex<HashSet<u64>>,
    /// The messages that are an interaction's answer, with its token and when that expires:
    /// their buttons are taken off through the interaction's webhook, which needs no permission
    /// in the channel (issue 40).
    answers: Mutex<HashMap<u64, (String, Instant)>>,
}

/// How many retired message ids are remembered before the set starts over (an edit made twice
/// after that is harmless: it only costs a request).
const RETIRED_REMEMBERED: usize = 10_000;

/// How long an interaction's token may be used: Discord keeps it 15 minutes; a minute is left
/// for the request itself.
const TOKEN_LIFE: Duration = Duration::from_secs(14 * 60);

/// Where posting a reply stopped: how many of its messages went out, and why the next did not.
#[derive(Debug)]
pub(crate) struct Stopped {
    pub parts_sent: u32,
    pub error: RestError,
}

impl Outbox {
    pub fn new(http: Arc<serenity::Http>, bot: Arc<Bot>) -> Outbox {
        Outbox {
            http,
            bot,
            dm_channels: Mutex::new(HashMap::new()),
            retired: Mutex::new(HashSet::new()),
            answers: Mutex::new(HashMap::new()),
        }
    }

    pub fn http(&self) -> &serenity::Http {
        &self.http
    }

    pub fn bot(&self) -> &Arc<Bot> {
        &self.bot
    }

    /// Runs `work` on the core off the async threads (it uses SQLite); `None` if it panicked
    /// (logged).
    pub async fn on_core<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Bot) -> T + Send + 'static,
    ) -> Option<T> {
        let bot = Arc::clone(&self.bot);
        match tokio::task::spawn_blocking(move || work(&bot)).await {
            Ok(value) => Some(value),
            Err(why) => {
                warn!("the bot core failed: {why}");
                None
            }
        }
    }

    /// Posts `reply` where it is addressed (a channel, or a user's direct messages), from its
    /// message `from` on (the earlier ones of a long reply went out already). The first message
    /// answers `reference` if given (a plain message that was a move), and still goes out if
    /// that message was deleted meanwhile. A kept reply's messages carry a nonce Discord
    /// enforces, so a message posted by a request whose answer was lost is not posted again by
    /// the retry. Public messages with buttons are recorded.
    pub async fn post(
        &self,
        reply: &Reply,
        from: u32,
        reference: Option<&serenity::Message>,
    ) -> Result<(), Stopped> {
        let stopped = |error| Stopped {
            parts_sent: from,
            error,
        };
        let (channel, place) = match &reply.to {
            Target::Channel(place) => match channel_id(&place.channel) {
                Some(channel) => (channel, Some(place)),
                None => return Err(stopped(RestError::NotDiscord)),
            },
            Target::DirectMessage(user) => (self.dm_channel(*user).await.map_err(stopped)?, None),
        };
        for (i, message) in messages(reply).into_iter().enumerate().skip(from as usize) {
            let buttons = message.buttons.clone();
            let limit = if message.files.is_empty() {
                CALL_LIMIT
            } else {
                UPLOAD_LIMIT
            };
            let mut create = message.create();
            if let Some(id) = reply.kept {
                create = create
                    .nonce(serenity::Nonce::String(format!("k{id}p{i}")))
                    .enforce_nonce(true);
            }
            if let (0, Some(original)) = (i, reference) {
                let reference =
                    serenity::MessageReference::from(original).fail_if_not_exists(false);
                create = create.reference_message(reference);
            }
            match timed(limit, create.execute(self.http(), (channel, None))).await {
                Ok(posted) => {
                    if let Some(place) = place {
                        self.record(place, Some(posted.id), buttons).await;
                    }
                }
                Err(error) => {
                    return Err(Stopped {
                        parts_sent: i as u32,
                        error,
                    })
                }
            }
        }
        Ok(())
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
        let place = place.clone();
        self.on_core(move |bot| bot.record_buttons(&place, &message.get().to_string(), &custom_id))
            .await;
    }

    /// Remembers that `message` is the answer to the interaction of `token`.
    pub(crate) fn note_answer(&self, message: serenity::MessageId, token: &str) {
        let mut answers = self.answers.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        answers.retain(|_, (_, until)| *until > now);
        answers.insert(message.get(), (token.to_string(), now + TOKEN_LIFE));
    }

    /// The token of the interaction `message` answers, while it can be used.
    fn answer_token(&self, message: u64) -> Option<String> {
        let answers = self.answers.lock().unwrap_or_else(|e| e.into_inner());
        answers
            .get(&message)
            .filter(|(_, until)| *until > Instant::now())
            .map(|(token, _)| token.clone())
    }

    /// Takes the buttons off the messages of `place` whose buttons answer nothing any more: the
    /// recorded ones, and `pressed` (a message and the custom id of its button just pressed),
    /// recorded or not. A message that is an interaction's answer is edited through that
    /// interaction's webhook while its token lasts, any other through the channel. Failures
    /// are logged: a leftover button is still refused when pressed.
    pub async fn retire_dead_buttons(
        &self,
        place: &Place,
        pressed: Option<(serenity::MessageId, String)>,
    ) {
        let Some(channel) = channel_id(&place.channel) else {
            return;
        };
        let here = place.clone();
        let dead = self
            .on_core(move |bot| {
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
            .unwrap_or_default();
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
            let id = serenity::MessageId::new(message);
            let edited = match self.answer_token(message) {
                Some(token) => {
                    let edit =
                        serenity::CreateInteractionResponseFollowup::new().components(Vec::new());
                    timed(CALL_LIMIT, edit.execute(self.http(), (Some(id), &token)))
                        .await
                        .map(drop)
                }
                None => {
                    let edit = serenity::EditMessage::new().components(Vec::new());
                    timed(CALL_LIMIT, channel.edit_message(self.http(), id, edit))
                        .await
                        .map(drop)
                }
            };
            if let Err(why) = edited {
                warn!(message, "could not take the buttons off a message: {why}");
            }
        }
    }

    /// The direct-message channel with `user`.
    async fn dm_channel(&self, user: u64) -> Result<serenity::ChannelId, RestError> {
        let known = self
            .dm_channels
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&user)
            .copied();
        if let Some(known) = known {
            return Ok(known);
        }
        let id = user_id(user).ok_or(RestError::NotDiscord)?;
        let channel = timed(CALL_LIMIT, id.create_dm_channel(self.http())).await?;
        self.dm_channels
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(user, channel.id);
        Ok(channel.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::reply::Image;

    #[test]
    fn a_forgotten_player_is_named_not_mentioned() {
        // Issue 43: after `/privacy delete:true` the player is "former player N" with id N.
        let place = Place {
            guild: "1".into(),
            channel: "2".into(),
        };
        let mut reply = Reply::public(&place, "<@1> resigned; <@123456789012345678> wins.");
        reply.mentions = vec![1, 123456789012345678];
        let message = &messages(&reply)[0];
        assert_eq!(
            message.content,
            "former player 1 resigned; <@123456789012345678> wins."
        );
        assert_eq!(message.mentions, vec![1, 123456789012345678]);
        let allowed: Vec<_> = message
            .mentions
            .iter()
            .filter_map(|id| user_id(*id))
            .collect();
        assert_eq!(allowed, vec![serenity::UserId::new(123456789012345678)]);
    }

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
