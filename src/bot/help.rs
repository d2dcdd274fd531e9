//! `/help`: every command with its options, from the registry.

use super::commands::{CommandSpec, OptionKind, OptionSpec, COMMANDS};
use super::reply::Reply;
use super::Place;

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
    for o in c.options {
        line.push(' ');
        line.push_str(&option_synopsis(o));
    }
    line
}

pub fn help(place: &Place) -> Reply {
    let mut text = String::from("taktable hosts games of Tak and Takat, one game per channel.\n");
    for c in COMMANDS {
        text.push_str(&format!("{} : {}\n", synopsis(c), c.description));
    }
    text.push_str(
        "Challenge defaults: size 5, komi 0, random colour, swap opening, the size's standard stones and capstones, rated. Challenges expire after 24 hours. Tak on 3x3 and 4x4 is never rated.\n",
    );
    text.push_str(
        "Slow games are fine: the player to move is reminded every day (/remind, /settings), and after 7 days without a move the opponent may /claim the win. /notify dm:true sends your turns to you directly.\n",
    );
    text.push_str(
        "Moves are PTN: c3 places a flat, Sc3 a wall, Cc3 a capstone; 3c3>12 carries 3 stones from c3 to the right, dropping 1 then 2. In the swap opening each player first places a flat of the opponent's colour.\n",
    );
    text.push_str(
        "Takat turns: +NE enters a piece on NE, C-NE moves the top piece of C to NE (cells C, N, NE, SE, S, SW, NW; any case). /rules game:takat has the rules.",
    );
    Reply::ephemeral(place, text)
}
