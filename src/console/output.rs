//! Replies as terminal lines: `[channel] bot: text`, `[channel] bot (to
//! NAME): text` for an ephemeral reply, `[channel] bot: file: PATH` for an
//! image or file (written under the output folder), `[channel] bot:
//! buttons: [Accept] [Decline]`. Mentions print as `@name`; continuation
//! lines of a text are indented by four spaces; code fences are dropped;
//! times print as UTC text ("Thu 8 Jan 00:00 UTC").

use std::borrow::Cow;
use std::io::{self, Write};
use std::path::Path;

use crate::bot::interval::when;
use crate::bot::reply::{plain_channels, replace_mentions, replace_times, Reply, Target};
use crate::bot::Bot;

/// `text` with its control characters shown escaped (`\u{1b}`), so that
/// nothing typed (or quoted back) moves the cursor or clears the terminal
/// (issue 27).
pub fn controls_escaped(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| {
                if c.is_control() {
                    c.escape_unicode().to_string()
                } else {
                    c.to_string()
                }
            })
            .collect(),
    )
}

fn name_of(bot: &Bot, id: u64) -> String {
    match bot.store().user_name(id) {
        Ok(Some(name)) => name,
        _ => format!("user{id}"),
    }
}

fn write_file(out_dir: &Path, name: &str, bytes: &[u8]) -> String {
    // Only the last path component of a name: nothing is written outside out_dir.
    let name = Path::new(name)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "attachment".to_string());
    let path = out_dir.join(name);
    let written = std::fs::create_dir_all(out_dir).and_then(|()| std::fs::write(&path, bytes));
    match written {
        Ok(()) => path.display().to_string(),
        Err(e) => format!("{} (could not write it: {e})", path.display()),
    }
}

/// Prints one reply. `invoker`: the name of the user who typed the command
/// (an ephemeral reply is addressed to them).
pub fn print_reply(
    w: &mut impl Write,
    bot: &Bot,
    reply: &Reply,
    invoker: &str,
    out_dir: &Path,
) -> io::Result<()> {
    let channel = match &reply.to {
        Target::Channel(place) => place.channel.clone(),
        Target::DirectMessage(id) => format!("dm {}", name_of(bot, *id)),
    };
    let prefix = if reply.is_ephemeral() {
        format!("[{channel}] bot (to {invoker}):")
    } else {
        format!("[{channel}] bot:")
    };
    // Times as UTC text: a terminal has no reader's time zone to show.
    let text = replace_times(&reply.text, when);
    let text = plain_channels(&replace_mentions(&text, |id| {
        format!("@{}", name_of(bot, id))
    }));
    let mut first = true;
    for line in text.lines().filter(|l| l.trim() != "```") {
        let line = controls_escaped(line);
        if first {
            writeln!(w, "{prefix} {line}")?;
            first = false;
        } else {
            writeln!(w, "    {line}")?;
        }
    }
    if first {
        writeln!(w, "{prefix}")?;
    }
    if let Some(image) = &reply.image {
        let path = write_file(out_dir, &image.file_name, &image.bytes);
        writeln!(w, "{prefix} file: {path}")?;
        for line in image.text.lines() {
            writeln!(w, "    {line}")?;
        }
    }
    for file in &reply.files {
        let path = write_file(out_dir, &file.name, &file.bytes);
        writeln!(w, "{prefix} file: {path}")?;
    }
    if !reply.buttons.is_empty() {
        let labels: Vec<String> = reply
            .buttons
            .iter()
            .map(|b| format!("[{}]", b.label))
            .collect();
        writeln!(w, "{prefix} buttons: {}", labels.join(" "))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::bot::reply::{mention, Image};
    use crate::bot::{Place, SystemClock};
    use crate::store::Store;

    #[test]
    fn images_and_files_are_written_under_the_output_folder() {
        // Issue 3: the console writes an image under --out and prints its file: line.
        let dir = tempfile::tempdir().unwrap();
        let bot = Bot::new(Store::open_in_memory().unwrap(), Arc::new(SystemClock));
        bot.store()
            .upsert_user(7, "bob", chrono::Utc::now())
            .unwrap();
        let place = Place {
            guild: "local".into(),
            channel: "general".into(),
        };
        let reply = Reply::public(&place, format!("{} to move\n```\nboard\n```", mention(7)))
            .with_image(Some(Image {
                bytes: vec![1, 2, 3],
                alt: "the board".into(),
                file_name: "../board-1.png".into(),
                text: "a1 W".into(),
            }))
            .with_file("game.ptn".into(), b"[Size \"5\"]".to_vec());
        let mut out = Vec::new();
        print_reply(&mut out, &bot, &reply, "alice", dir.path()).unwrap();
        let text = String::from_utf8(out).unwrap();
        let png = dir.path().join("board-1.png");
        assert_eq!(
            text,
            format!(
                "[general] bot: @bob to move\n    board\n[general] bot: file: {}\n    a1 W\n[general] bot: file: {}\n",
                png.display(),
                dir.path().join("game.ptn").display()
            )
        );
        assert_eq!(std::fs::read(png).unwrap(), vec![1, 2, 3]);
        let ephemeral = Reply::ephemeral(&place, "no");
        let mut out = Vec::new();
        print_reply(&mut out, &bot, &ephemeral, "alice", dir.path()).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "[general] bot (to alice): no\n"
        );
    }
}
