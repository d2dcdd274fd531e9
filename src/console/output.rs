//! Replies as terminal lines: `[channel] bot: text`, `[channel] bot (to
//! NAME): text` for an ephemeral reply, `[channel] bot: file: PATH` for an
//! image or file (written under the output folder), `[channel] bot:
//! buttons: [Accept] [Decline]`. Mentions print as `@name`; continuation
//! lines of a text are indented by four spaces; code fences are dropped.

use std::io::{self, Write};
use std::path::Path;

use crate::bot::reply::{replace_mentions, Reply, Target};
use crate::bot::Bot;

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
    let text = replace_mentions(&reply.text, |id| format!("@{}", name_of(bot, id)));
    let mut first = true;
    for line in text.lines().filter(|l| l.trim() != "```") {
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
    }
    if let Some(file) = &reply.file {
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
