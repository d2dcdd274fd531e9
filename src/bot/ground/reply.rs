//! What the bot answers: text (mentions in Discord's `<@id>` form, points
//! in time as `<t:UNIX>`), an optional board image, an optional file,
//! buttons. Each adapter writes mentions and times its own way: Discord as
//! its markup, the terminal as `@name` and UTC text.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::store::UserId;

use super::place::Place;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Target {
    Channel(Place),
    DirectMessage(UserId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Visibility {
    Public,
    /// Only the invoking user sees it.
    Ephemeral,
}

/// An image (the board as PNG, from the renderer).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Image {
    #[serde(with = "base64_bytes")]
    pub bytes: Vec<u8>,
    pub alt: String,
    pub file_name: String,
    /// The same board as text, for adapters that can't show pictures (the
    /// terminal prints it under the file's path).
    pub text: String,
}

/// An attached file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attachment {
    pub name: String,
    #[serde(with = "base64_bytes")]
    pub bytes: Vec<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ButtonStyle {
    Primary,
    Secondary,
    Danger,
}

/// A button: a shortcut for a command, identified by its custom id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Button {
    pub label: String,
    pub custom_id: String,
    pub style: ButtonStyle,
}

/// A thread the adapter is to open from a reply's channel for a game just
/// started (issue 15), then tell the core with [`crate::bot::Bot::thread_opened`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThreadStart {
    pub game: i64,
    /// The thread's name, at most 100 characters (Discord's limit).
    pub name: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reply {
    pub to: Target,
    pub visibility: Visibility,
    pub text: String,
    /// The users this reply notifies (the text may show others without
    /// pinging them).
    pub mentions: Vec<UserId>,
    pub image: Option<Image>,
    /// Attached files, in order.
    pub files: Vec<Attachment>,
    pub buttons: Vec<Button>,
    /// A thread to open once this reply is posted.
    pub thread: Option<ThreadStart>,
    /// The record keeping this reply until it is said, when the adapter
    /// asked the core to keep its replies (issue 40; see [`super::kept`]).
    #[serde(skip)]
    pub kept: Option<i64>,
}

/// Bytes written as base64 text in a kept reply's JSON.
mod base64_bytes {
    use base64::engine::general_purpose::STANDARD;
    use base64::Engine;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(bytes: &[u8], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&STANDARD.encode(bytes))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        let text = String::deserialize(d)?;
        STANDARD.decode(text).map_err(serde::de::Error::custom)
    }
}

impl Reply {
    pub fn public(place: &Place, text: impl Into<String>) -> Reply {
        Reply {
            to: Target::Channel(place.clone()),
            visibility: Visibility::Public,
            text: text.into(),
            mentions: Vec::new(),
            image: None,
            files: Vec::new(),
            buttons: Vec::new(),
            thread: None,
            kept: None,
        }
    }

    /// A direct message to a user (from the bot, outside any channel).
    pub fn direct(user: UserId, text: impl Into<String>) -> Reply {
        Reply {
            to: Target::DirectMessage(user),
            ..Reply::public(
                &Place {
                    guild: String::new(),
                    channel: String::new(),
                },
                text,
            )
        }
    }

    /// A reply only the invoking user sees.
    pub fn ephemeral(place: &Place, text: impl Into<String>) -> Reply {
        Reply {
            visibility: Visibility::Ephemeral,
            ..Reply::public(place, text)
        }
    }

    pub fn mention(mut self, users: impl IntoIterator<Item = UserId>) -> Reply {
        for user in users {
            if !self.mentions.contains(&user) {
                self.mentions.push(user);
            }
        }
        self
    }

    pub fn button(mut self, label: &str, custom_id: String, style: ButtonStyle) -> Reply {
        self.buttons.push(Button {
            label: label.to_string(),
            custom_id,
            style,
        });
        self
    }

    pub fn with_file(mut self, name: String, bytes: Vec<u8>) -> Reply {
        self.files.push(Attachment { name, bytes });
        self
    }

    pub fn with_image(mut self, image: Option<Image>) -> Reply {
        self.image = image;
        self
    }

    pub fn with_thread(mut self, thread: ThreadStart) -> Reply {
        self.thread = Some(thread);
        self
    }

    pub fn is_ephemeral(&self) -> bool {
        self.visibility == Visibility::Ephemeral
    }
}

/// The most characters a chat message holds (Discord's limit): a reply's
/// text stays within it, and what is longer goes as a file.
pub const MESSAGE_LIMIT: usize = 2000;

/// A user as Discord writes a mention: `<@id>`.
/// A message built from lowercase parts ("size must be...") as a
/// sentence: "Size must be....", with one final period.
pub fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => {
            let mut out = format!("{}{}", first.to_uppercase(), chars.as_str());
            if !out.ends_with('.') {
                out.push('.');
            }
            out
        }
        None => String::new(),
    }
}

pub fn mention(user: UserId) -> String {
    format!("<@{user}>")
}

/// A channel as Discord writes a link to it: `<#id>` (the console prints `#name`).
pub fn channel_mention(place: &Place) -> String {
    format!("<#{}>", place.channel)
}

/// Replaces every `<#channel>` of a text by `#channel` (for a terminal).
pub fn plain_channels(text: &str) -> String {
    replace_tokens(
        text,
        "<#",
        |name| (!name.is_empty() && !name.contains(char::is_whitespace)).then_some(name),
        |name| format!("#{name}"),
    )
}

/// Replaces every `<TAG...>` of a text (`tag` is `<#`, `<@`, `<t:`) whose
/// inside `read` accepts by what `write` makes of it; the rest is kept as
/// it is.
fn replace_tokens<'a, T>(
    text: &'a str,
    tag: &str,
    read: impl Fn(&'a str) -> Option<T>,
    mut write: impl FnMut(T) -> String,
) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(tag) {
        out.push_str(&rest[..start]);
        let after = &rest[start + tag.len()..];
        match after
            .find('>')
            .and_then(|end| Some((read(&after[..end])?, end)))
        {
            Some((value, end)) => {
                out.push_str(&write(value));
                rest = &after[end + 1..];
            }
            None => {
                out.push_str(tag);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A point in time (a deadline) in a reply's text: `<t:UNIX>`, the form of
/// Discord's timestamp markup without a style, so an adapter that does not
/// rewrite it still shows a time. Adapters rewrite it with [`replace_times`]
/// (issue 13 item 7: each reader sees their own local time in Discord).
pub fn time(t: DateTime<Utc>) -> String {
    format!("<t:{}>", t.timestamp())
}

/// Replaces every `<t:UNIX>` of a text by what `write` makes of the time
/// (a token with a style, `<t:UNIX:R>`, is left as it is).
pub fn replace_times(text: &str, write: impl FnMut(DateTime<Utc>) -> String) -> String {
    replace_tokens(
        text,
        "<t:",
        |unix| {
            let digits = unix.strip_prefix('-').unwrap_or(unix);
            if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            DateTime::from_timestamp(unix.parse().ok()?, 0)
        },
        write,
    )
}

/// The user ids mentioned in a text, in order.
pub fn mentioned_ids(text: &str) -> Vec<UserId> {
    let mut ids = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("<@") {
        rest = &rest[start + 2..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if !digits.is_empty() && rest[digits.len()..].starts_with('>') {
            if let Ok(id) = digits.parse() {
                ids.push(id);
            }
        }
    }
    ids
}

/// Replaces every `<@id>` of a text by what `name` makes of the id.
pub fn replace_mentions(text: &str, name: impl FnMut(UserId) -> String) -> String {
    replace_tokens(
        text,
        "<@",
        |id| {
            if id.is_empty() || !id.chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            id.parse::<UserId>().ok()
        },
        name,
    )
}

/// Words joined for people: `word_list(&["a", "b", "c"], "or")` is "a, b or c".
pub fn word_list(items: &[&str], last_joint: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} {last_joint} {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mentions_are_found_and_replaced() {
        let text = "<@12> vs <@345>, not <@x> or <@9";
        assert_eq!(mentioned_ids(text), vec![12, 345]);
        assert_eq!(
            replace_mentions(text, |id| format!("@u{id}")),
            "@u12 vs @u345, not <@x> or <@9"
        );
        assert_eq!(
            plain_channels("in <#general>, <#> <# x> <#side"),
            "in #general, <#> <# x> <#side"
        );
    }

    #[test]
    fn times_are_written_by_the_adapter() {
        // Issue 13 item 7: the core writes a time once; each adapter formats it.
        let t = DateTime::parse_from_rfc3339("2026-01-08T00:00:00Z")
            .unwrap()
            .with_timezone(&Utc);
        let text = format!("timeout {}, not <t:12:R> or <t:x> or <t:9", time(t));
        assert_eq!(
            text,
            "timeout <t:1767830400>, not <t:12:R> or <t:x> or <t:9"
        );
        assert_eq!(
            replace_times(&text, |t| t.format("%d %b").to_string()),
            "timeout 08 Jan, not <t:12:R> or <t:x> or <t:9"
        );
    }
}
