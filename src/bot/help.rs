//! `/help`: every command with its options, from the registry.

use super::commands::{commands, word_list, CommandSpec, OptionKind, OptionSpec};
use super::reply::Reply;
use super::Place;
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

pub fn help(place: &Place) -> Reply {
    let titles: Vec<&str> = GameKind::ALL.iter().map(|k| k.title()).collect();
    let mut text = format!(
        "taktable hosts games of {}, one game per channel.\n",
        word_list(&titles, "and")
    );
    for c in commands() {
        text.push_str(&format!("{} : {}\n", synopsis(c), c.description));
    }
    text.push_str(
        "Challenges expire after 24 hours. Slow games are fine: the player to move is reminded every day (/remind, /settings), and after 7 days without a move the opponent may /claim the win. /notify dm:true sends your turns to you directly.\nStarted a game by mistake? Either player may /abort it (no result, unrated) until both have made two moves; after that it is /resign or /claim.",
    );
    for kind in GameKind::ALL {
        text.push('\n');
        text.push_str(kind.help());
    }
    Reply::ephemeral(place, text)
}
