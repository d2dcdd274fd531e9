//! `/help`: a short quick start (how to challenge, move, where the rules
//! are), and `/help command:<name>`: one command's options, written from
//! the command registry (so a new command or option needs nothing here).

use crate::bot::commands::{commands, CommandSpec, OptionKind, OptionSpec};
use crate::bot::ground::escape;
use crate::bot::ground::place::Place;
use crate::bot::ground::reply::{word_list, Reply};
use crate::games::GameKind;

/// How an option is written in a synopsis: `[size:3-8]`, `notation:<PTN>`.
pub fn option_synopsis(o: &OptionSpec) -> String {
    let value = if !o.choices.is_empty() {
        o.choices.join("|")
    } else {
        match (o.kind, o.min, o.max) {
            (OptionKind::User, _, _) => "@user".to_string(),
            (OptionKind::Boolean, _, _) => "true|false".to_string(),
            (OptionKind::Integer, Some(lo), Some(hi)) => format!("{lo}-{hi}"),
            (OptionKind::Number, Some(lo), Some(hi)) => format!("{lo}..{hi}"),
            (OptionKind::Integer, _, _) => "N".to_string(),
            (OptionKind::Number, _, _) => "X".to_string(),
            (OptionKind::String, _, _) => format!("<{}>", o.name),
        }
    };
    if o.required {
        format!("{}:{value}", o.name)
    } else {
        format!("[{}:{value}]", o.name)
    }
}

pub fn synopsis(c: &CommandSpec) -> String {
    let mut line = format!("/{}", c.name);
    for o in &c.options {
        line.push(' ');
        line.push_str(&option_synopsis(o));
    }
    line
}

/// `/help`: a short quick start; `/help command:<name>`: one command's
/// options, from the registry (issue 13 item 8).
pub fn help(place: &Place, command: Option<&str>) -> Result<Reply, String> {
    match command {
        None => Ok(Reply::ephemeral(place, quick_start())),
        Some(name) => {
            let wanted = name.trim().trim_start_matches('/').to_lowercase();
            let spec = commands()
                .iter()
                .find(|c| c.name == wanted)
                .ok_or_else(|| {
                    format!(
                        "There is no command {}. The commands: {}.",
                        escape::echo(&format!("/{wanted}")),
                        command_names()
                    )
                })?;
            Ok(Reply::ephemeral(place, command_help(spec)))
        }
    }
}

/// Every command's name, for people: "tak challenge, accept, ...".
fn command_names() -> String {
    let names: Vec<&str> = commands().iter().map(|c| c.name.as_str()).collect();
    names.join(", ")
}

/// How to start, move and learn the rules, in a few lines.
fn quick_start() -> String {
    let titles: Vec<&str> = GameKind::ALL.iter().map(|k| k.title()).collect();
    let names: Vec<&str> = GameKind::ALL.iter().map(|k| k.name()).collect();
    let challenges: Vec<String> = GameKind::ALL
        .iter()
        .map(|k| format!("/{} challenge", k.name()))
        .collect();
    let challenges: Vec<&str> = challenges.iter().map(String::as_str).collect();
    let moves: Vec<String> = GameKind::ALL
        .iter()
        .map(|k| format!("{} {}", k.title(), k.move_hint()))
        .collect();
    format!(
        "taktable hosts games of {}, one game per channel. Quick start:
1. Challenge: {} with opponent:@name (leave it out for an open challenge anyone may take). They answer /accept or /decline (or the buttons, which go once it is answered).
2. Move: /move notation:<move> when it's your turn ({}).
3. During the game: /board shows it, /undo asks to take back your last move, /draw offers a draw, /resign gives up; /abort ends a game started by mistake (unrated) until both have made two moves. /resign, /abort and /claim game:<number> (see /games) act from any channel.
Add thread:true to a challenge to play in a thread of its own (the result is posted here), blind:true to play blindfold (no board until the end).
After a game: /export gives it as a file, /replay as an animated picture of every move, /analyze graphs the computer's evaluation and marks the moves that swung it; /info gives any game's settings and state as one line of JSON.
Rules and notation: /rules game:<{}>. Your games: /games (every game here: /games all:true; finished ones: /history).
One command's options: /help command:<name>, e.g. /help command:move. Commands: {}.",
        word_list(&titles, "and"),
        word_list(&challenges, "or"),
        moves.join("; "),
        names.join("|"),
        command_names()
    )
}

/// One command: its synopsis, what it does, each option with its values.
fn command_help(c: &CommandSpec) -> String {
    let mut text = format!("{}\n{}.", synopsis(c), c.description);
    if c.options.is_empty() {
        text.push_str("\nNo options.");
    }
    for o in &c.options {
        let mut line = format!("\n- {}", o.name);
        line.push_str(if o.required {
            " (required): "
        } else {
            " (optional): "
        });
        line.push_str(o.description);
        if !o.choices.is_empty() {
            line.push_str(&format!("; one of {}", o.choices.join(", ")));
        }
        text.push_str(&line);
    }
    if let Some(kind) = c.game() {
        text.push('\n');
        text.push_str(kind.help());
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 27: a wrong name is repeated capped, quoted, never as markdown.
    #[test]
    fn an_unknown_command_is_echoed_capped() {
        let place = Place {
            guild: "g".into(),
            channel: "c".into(),
        };
        let huge = format!("**x**{}", "y".repeat(10_000));
        let said = help(&place, Some(&huge)).unwrap_err();
        assert!(said.starts_with("There is no command `/**x**yyy"), "{said}");
        assert!(said.contains("…` (10006 characters)"), "{said}");
        assert!(said.chars().count() < 1_000, "{}", said.chars().count());
    }
}
