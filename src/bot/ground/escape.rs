//! Text a member wrote, made safe to show (issue 27): a name or free text
//! in a public message or a thread's name is shown as written, never as
//! Discord markdown. No masked link (`[Claim Nitro](https://evil.io)`), no
//! bare link, no formatting (`*`, `_`, `~`, `` ` ``, `|`, a heading or quote
//! at the start), no mention syntax (`@everyone`, `@here`, `<@id>`,
//! `<@&id>`, `<#id>`): each special character is escaped with a backslash,
//! which Discord shows as the character itself, and an `@` is followed by
//! an invisible zero-width space. Line breaks and other control characters
//! become spaces (a name is one line). This module uses no other module of
//! the bot.
//!
//! A thread's name is not markdown, but it is shown wherever the thread is
//! named (and quoted in messages): [`title`] drops the characters that
//! would make a link, formatting or a mention instead of escaping them, so
//! no backslash shows in the channel list.
//!
//! The terminal shows names as they were written: this is for messages.

/// The characters escaped wherever they stand: Discord's escape character
/// itself, emphasis, strike-through, code, spoilers, masked links and the
/// brackets of mentions, channels and emoji, and `:` (no `https://` link,
/// no `:emoji:`).
const SPECIAL: &[char] = &['\\', '*', '_', '~', '`', '|', '[', ']', '<', '>', ':'];

/// The characters that format only at the start of a line: a heading (`#`),
/// a list or small text (`-`), a list (`+`), a quote (`>`, escaped anyway).
const AT_START: &[char] = &['#', '-', '+'];

/// What follows every `@`, so that no `@everyone`, `@here` or `@name` is
/// read as a mention: the zero-width space.
const AFTER_AT: char = '\u{200B}';

/// `text` (a member's name or words) as a message shows it, literally.
pub fn markdown(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for (i, c) in text.chars().enumerate() {
        match c {
            c if c.is_control() => out.push(' '),
            '@' => {
                out.push('@');
                out.push(AFTER_AT);
            }
            c if SPECIAL.contains(&c) || (i == 0 && AT_START.contains(&c)) => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out
}

/// `text` (a member's name) as part of a thread's name: control
/// characters become spaces, the characters [`markdown`] escapes are left
/// out (so no `https://` link and no `<@id>` is left), every `@` is
/// followed by the zero-width space, and a `#`, `-` or `+` opening the name
/// is left out. What is left is plain words, the same in a message.
pub fn title(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 4);
    for c in text.chars() {
        match c {
            c if c.is_control() => out.push(' '),
            '@' => {
                out.push('@');
                out.push(AFTER_AT);
            }
            c if SPECIAL.contains(&c) => {}
            c if out.is_empty() && AT_START.contains(&c) => {}
            c => out.push(c),
        }
    }
    out
}

/// The most characters of a member's input a reply repeats.
pub const ECHO_LIMIT: usize = crate::games::error::QUOTE_LIMIT;

/// A member's input repeated in a reply (`/help command:`, `/remind in:`):
/// cut after [`ECHO_LIMIT`] characters with its length given, control
/// characters shown escaped, between backticks (where Discord shows
/// markdown and mentions as written); a backtick in it, which would end the
/// quote, is shown as the look-alike `ˋ`.
pub fn echo(text: &str) -> String {
    crate::games::error::quoted(&text.replace('`', "\u{2CB}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 27: names are shown as written, never as links, formatting or mentions.
    #[test]
    fn links_formatting_and_mentions_are_escaped() {
        assert_eq!(
            markdown("[Claim Nitro](https://evil.io)"),
            "\\[Claim Nitro\\](https\\://evil.io)"
        );
        assert_eq!(markdown("@everyone"), "@\u{200B}everyone");
        assert_eq!(markdown("hi @here"), "hi @\u{200B}here");
        assert_eq!(markdown("<@123>"), "\\<@\u{200B}123\\>");
        assert_eq!(markdown("<@&456>"), "\\<@\u{200B}&456\\>");
        assert_eq!(markdown("<#789>"), "\\<#789\\>");
        assert_eq!(
            markdown("**bold** _it_ ~~s~~ `c` ||x||"),
            "\\*\\*bold\\*\\* \\_it\\_ \\~\\~s\\~\\~ \\`c\\` \\|\\|x\\|\\|"
        );
        assert_eq!(markdown("# big"), "\\# big");
        assert_eq!(markdown("-# small"), "\\-# small");
        assert_eq!(markdown("> quote"), "\\> quote");
        assert_eq!(markdown("a\nb\r\tc"), "a b  c");
        assert_eq!(markdown("back\\slash"), "back\\\\slash");
        // Ordinary names are unchanged, hyphens and dots inside included.
        for plain in [
            "alice",
            "Bob Smith",
            "jean-luc",
            "a.b",
            "Zoë",
            "ボブ",
            "player 7",
        ] {
            assert_eq!(markdown(plain), plain);
        }
    }

    /// Issue 27: a thread named after the players holds no link, mention or formatting.
    #[test]
    fn thread_titles_leave_out_links_formatting_and_mentions() {
        assert_eq!(
            title("[Claim Nitro](https://evil.io)"),
            "Claim Nitro(https//evil.io)"
        );
        assert_eq!(title("@everyone"), "@\u{200B}everyone");
        assert_eq!(title("<@&456>"), "@\u{200B}&456");
        assert_eq!(title("# **big**\n"), " big ");
        for plain in ["alice", "Bob Smith", "jean-luc", "Zoë", "ボブ"] {
            assert_eq!(title(plain), plain);
        }
        // What is left reads the same as a message.
        let name = title("[Claim Nitro](https://evil.io) #1 -x +y");
        assert_eq!(markdown(&name), name);
    }

    #[test]
    fn echoes_are_capped_and_stay_quoted() {
        assert_eq!(echo("2x"), "`2x`");
        assert_eq!(echo("a`b"), "`a\u{2CB}b`");
        assert_eq!(echo("\u{1b}[2J"), "`\\u{1b}[2J`");
        let long = echo(&"9".repeat(5_000));
        assert!(long.ends_with("…` (5000 characters)"), "{long}");
        assert!(long.chars().count() < ECHO_LIMIT + 30);
    }
}
