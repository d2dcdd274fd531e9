//! A typed line to a command, exactly as a user would type it in Discord:
//! `/tak challenge opponent:@bob size:6 komi:2`. Options are `name:value`;
//! `@name` is a user; a command's one required text option may be given
//! bare (`/move c3`), and its one free-text option takes the rest of the
//! line (`/move runner E12`). The registry says which options exist and
//! their types.

use crate::bot::commands::{self, Command, OptionKind, OptionValue, UserRef};
use crate::store::UserId;

/// The stable id the console gives a name (FNV-1a of the lower-case name):
/// the same name is the same user in every session.
pub fn user_id(name: &str) -> UserId {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in name.to_lowercase().bytes() {
        hash ^= byte as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    (hash >> 1).max(1)
}

/// Checks a user name typed in the console (`:user`, `@name`).
pub fn check_name(name: &str) -> Result<String, String> {
    let name = name.trim().trim_start_matches('@');
    let ok = (1..=32).contains(&name.len())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
    if ok {
        Ok(name.to_lowercase())
    } else {
        Err(format!(
            "`{name}` is not a user name: use 1 to 32 letters, digits, `_`, `-` or `.`"
        ))
    }
}

/// Checks a channel name typed in the console (`:channel`, `#name`): a
/// name like a user's, or a thread of a channel, `parent/thread` (the
/// console names the thread it opens for a game `CHANNEL/game-N`).
pub fn check_channel(name: &str) -> Result<String, String> {
    let name = name.trim().trim_start_matches('#');
    let parts: Vec<&str> = name.split('/').collect();
    let ok = parts.len() <= 2 && parts.iter().all(|part| check_name(part).is_ok());
    if ok {
        Ok(name.to_lowercase())
    } else {
        Err(format!(
            "`{name}` is not a channel name: use 1 to 32 letters, digits, `_`, `-` or `.` (a thread: channel/thread)"
        ))
    }
}

/// A command line that names its user and, if it likes, its channel:
/// `@bob #load3 /move a1`. It changes nothing for the lines after it, so
/// lines for many channels can be run in parallel (`--jobs`), where a
/// `:user` or `:channel` line waits for all work in flight.
#[derive(Debug, PartialEq, Eq)]
pub struct Addressed<'a> {
    pub user: String,
    pub channel: Option<String>,
    /// The slash command, as typed.
    pub command: &'a str,
}

/// The user, channel and command of a line that starts with `@name`;
/// `None` for any other line.
pub fn addressed(line: &str) -> Result<Option<Addressed<'_>>, String> {
    let Some(rest) = line.trim_start().strip_prefix('@') else {
        return Ok(None);
    };
    let usage =
        "write @user #channel /command, like @bob #general /move a1 (the #channel may be left out)";
    let (name, rest) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let user = check_name(name)?;
    let rest = rest.trim_start();
    let (channel, command) = match rest.strip_prefix('#') {
        Some(tail) => {
            let (name, command) = tail.split_once(char::is_whitespace).unwrap_or((tail, ""));
            let channel = check_channel(name)?;
            (Some(channel), command.trim_start())
        }
        None => (None, rest),
    };
    if !command.starts_with('/') {
        return Err(format!("a command must follow @{user}: {usage}"));
    }
    Ok(Some(Addressed {
        user,
        channel,
        command,
    }))
}

/// Splits a line into words; double quotes group words (`notation:"c3"`).
fn words(line: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            c if c.is_whitespace() && !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            c => {
                word.push(c);
                started = true;
            }
        }
    }
    if quoted {
        return Err("a quote (\") is never closed".to_string());
    }
    if started {
        words.push(word);
    }
    Ok(words)
}

fn value(kind: OptionKind, name: &str, raw: &str) -> Result<OptionValue, String> {
    Ok(match kind {
        OptionKind::User => {
            let Some(user) = raw.strip_prefix('@') else {
                return Err(format!("{name} is a user, written @name, not `{raw}`"));
            };
            let user = check_name(user)?;
            OptionValue::User(UserRef {
                id: user_id(&user),
                name: user,
            })
        }
        OptionKind::Integer => OptionValue::Integer(
            raw.parse()
                .map_err(|_| format!("{name} must be a whole number, not `{raw}`"))?,
        ),
        OptionKind::Number => {
            let x: f64 = raw
                .parse()
                .map_err(|_| format!("{name} must be a number, not `{raw}`"))?;
            if !x.is_finite() {
                return Err(format!("{name} must be a number, not `{raw}`"));
            }
            OptionValue::Number(x)
        }
        OptionKind::Boolean => match raw.to_ascii_lowercase().as_str() {
            "true" | "yes" => OptionValue::Boolean(true),
            "false" | "no" => OptionValue::Boolean(false),
            _ => return Err(format!("{name} must be true or false, not `{raw}`")),
        },
        OptionKind::String => OptionValue::String(raw.to_string()),
    })
}

/// Parses a slash command line.
pub fn parse_command(line: &str) -> Result<Command, String> {
    let words = words(line)?;
    let mut words = words.into_iter();
    let first = words.next().unwrap_or_default();
    let Some(name) = first.strip_prefix('/') else {
        return Err(format!(
            "commands start with /, like /help; `{first}` doesn't (console lines: :user, :channel, :advance, :admin, :quit)"
        ));
    };
    let name = name.to_lowercase();
    let mut rest: Vec<String> = words.collect();
    let full = if commands::is_group(&name) {
        let subs: Vec<&str> = commands::commands()
            .iter()
            .filter_map(|c| c.name.strip_prefix(&format!("{name} ")))
            .collect();
        match rest.first() {
            Some(sub) if !sub.contains(':') => {
                let full = format!("{name} {}", sub.to_lowercase());
                if commands::spec(&full).is_none() {
                    return Err(format!(
                        "/{name} has no subcommand `{sub}`; try /{name} {}",
                        subs.join(" or ")
                    ));
                }
                rest.remove(0);
                full
            }
            _ => {
                return Err(format!(
                    "/{name} needs a subcommand: /{name} {}",
                    subs.join(" or ")
                ))
            }
        }
    } else {
        name
    };
    let Some(spec) = commands::spec(&full) else {
        return Err(format!(
            "there is no command /{full}; type /help for the list of commands"
        ));
    };
    // The command's one free-text option (text without choices), if it
    // has exactly one: once given, the words after it that name no option
    // are the rest of its text (issue 42: `/move runner E12` and
    // `/move notation:runner E12` as the prompt's example `runner E12`).
    let free_text: Vec<&str> = spec
        .options
        .iter()
        .filter(|o| o.kind == OptionKind::String && o.choices.is_empty())
        .map(|o| o.name)
        .collect();
    let rest_of_line = match free_text[..] {
        [only] => Some(only),
        _ => None,
    };
    let mut values: Vec<(String, OptionValue)> = Vec::new();
    // Where in `values` the free-text option is, while it takes words.
    let mut open: Option<usize> = None;
    for word in rest {
        let names_option = word
            .split_once(':')
            .is_some_and(|(option, _)| spec.option(&option.to_lowercase()).is_some());
        if let (Some(at), false) = (open, names_option) {
            if let Some((_, OptionValue::String(text))) = values.get_mut(at) {
                text.push(' ');
                text.push_str(&word);
                continue;
            }
        }
        open = None;
        let (option, raw) = match word.split_once(':') {
            Some((option, raw)) => (option.to_lowercase(), raw.to_string()),
            None => {
                // The one required text option may be given bare: `/move c3`.
                let bare = spec
                    .options
                    .iter()
                    .filter(|o| o.required && o.kind == OptionKind::String)
                    .find(|o| !values.iter().any(|(n, _)| n == o.name));
                match bare {
                    Some(o) if spec.options.iter().filter(|o| o.required).count() == 1 => {
                        (o.name.to_string(), word.clone())
                    }
                    _ => {
                        return Err(format!(
                            "write options as name:value (like size:6), not `{word}`"
                        ))
                    }
                }
            }
        };
        let value = match spec.option(&option) {
            Some(o) => {
                let raw = if o.choices.is_empty() {
                    raw
                } else {
                    raw.to_lowercase()
                };
                value(o.kind, o.name, &raw)?
            }
            // Unknown: let the registry check name it.
            None => OptionValue::String(raw),
        };
        if rest_of_line == Some(option.as_str()) {
            open = Some(values.len());
        }
        values.push((option, value));
    }
    commands::build(&full, values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameSettings;

    #[test]
    fn lines_become_typed_commands() {
        let Command::Challenge(c) =
            parse_command("/tak challenge opponent:@Bob size:6 komi:2 color:WHITE rated:false")
                .unwrap()
        else {
            panic!()
        };
        assert_eq!(c.opponent.as_ref().unwrap().name, "bob");
        assert_eq!(c.opponent.unwrap().id, user_id("bob"));
        assert!(!c.rated);
        let GameSettings::Tak(s) = c.settings else {
            panic!()
        };
        assert_eq!((s.size, s.komi_halves), (6, 4));
        assert_eq!(
            parse_command("/move notation:3c3>12").unwrap(),
            Command::Move {
                notation: "3c3>12".into(),
                version: None
            }
        );
        assert_eq!(
            parse_command("/move c3").unwrap(),
            Command::Move {
                notation: "c3".into(),
                version: None
            }
        );
    }

    #[test]
    fn the_free_text_option_takes_the_rest_of_the_line() {
        // Issue 42: the prompt's example `runner E12` typed as it reads.
        for line in [
            "/move runner E12",
            "/move notation:runner E12",
            "/move notation:\"runner E12\"",
            "/move  runner   E12 ",
        ] {
            assert_eq!(
                parse_command(line).unwrap(),
                Command::Move {
                    notation: "runner E12".into(),
                    version: None
                },
                "{line}"
            );
        }
        // An option named after it is still an option.
        let Command::Help { command } = parse_command("/help command:tak challenge").unwrap()
        else {
            panic!()
        };
        assert_eq!(command.as_deref(), Some("tak challenge"));
    }

    #[test]
    fn malformed_lines_get_a_reason_not_a_panic() {
        for (line, why) in [
            ("/tak challenge size:9", "size must be from 3 to 8"),
            ("/tak challenge komi:abc", "komi must be a number"),
            ("/tak challenge komi:1.2", "steps of 0.5"),
            ("/tak challenge colour:white", "no option `colour`"),
            ("/tak challenge opponent:bob", "written @name"),
            ("/tak challenge rated:maybe", "true or false"),
            ("/tak challenge size", "name:value"),
            ("/tak", "needs a subcommand"),
            ("/tak play", "no subcommand"),
            ("/frobnicate", "no command /frobnicate"),
            ("/move", "needs the option notation"),
            ("/move notation:\"c3", "never closed"),
            ("hello", "start with /"),
            ("/", "no command"),
            ("/tak challenge size:99999999999999999999", "whole number"),
        ] {
            let err = parse_command(line).unwrap_err();
            assert!(err.contains(why), "{line}: {err}");
        }
    }

    #[test]
    fn a_line_may_name_its_user_and_channel() {
        assert_eq!(
            addressed("@Bob #Load3 /move a1").unwrap(),
            Some(Addressed {
                user: "bob".into(),
                channel: Some("load3".into()),
                command: "/move a1"
            })
        );
        assert_eq!(
            addressed("@bob /board").unwrap(),
            Some(Addressed {
                user: "bob".into(),
                channel: None,
                command: "/board"
            })
        );
        assert_eq!(addressed("/move a1").unwrap(), None);
        for (line, why) in [
            ("@ /move a1", "is not a user name"),
            ("@bob", "a command must follow @bob"),
            ("@bob #general", "a command must follow @bob"),
            ("@bob move a1", "a command must follow @bob"),
            ("@bob #gen!eral /move a1", "is not a channel name"),
            ("@b*b /move a1", "is not a user name"),
        ] {
            let err = addressed(line).unwrap_err();
            assert!(err.contains(why), "{line}: {err}");
        }
    }

    #[test]
    fn names_map_to_stable_distinct_ids() {
        assert_eq!(user_id("alice"), user_id("Alice"));
        assert_ne!(user_id("alice"), user_id("bob"));
        assert!(check_name("bad name").is_err());
        assert_eq!(check_name("@Carol").unwrap(), "carol");
    }
}
