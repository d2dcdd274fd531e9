//! Why a game refused something, typed so the bot can tell a typo from an
//! illegal action or a bad challenge; each shows as the engine's words.

use thiserror::Error;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameError {
    /// The text is not written as an action of the game.
    #[error("{0}")]
    Parse(String),
    /// The action is written right but not allowed here: the engine's reason.
    #[error("{0}")]
    Illegal(String),
    /// The settings do not describe a playable game.
    #[error("{0}")]
    Settings(String),
    /// An action of a replayed move list failed (a stored game that no
    /// longer replays).
    #[error("action {number} `{action}`: {reason}")]
    Replay {
        number: usize,
        action: String,
        reason: Box<GameError>,
    },
}

/// The most characters of someone's input an error repeats.
pub const QUOTE_LIMIT: usize = 60;

/// Someone's input, in backticks, for an error message: cut after
/// [`QUOTE_LIMIT`] characters with its length given ("`E7-E8E7-E8…` (130000
/// characters)"), so a huge paste is not echoed back in full; control
/// characters (a raw CR, a tab) are shown escaped.
pub fn quoted(text: &str) -> String {
    quoted_with(text, '`')
}

/// [`quoted`], between `mark`s (a notation whose messages quote with `"`).
pub fn quoted_with(text: &str, mark: char) -> String {
    let count = text.chars().count();
    let shown: String = text
        .chars()
        .take(QUOTE_LIMIT)
        .flat_map(|c| {
            if c.is_control() {
                c.escape_default().collect::<Vec<_>>()
            } else {
                vec![c]
            }
        })
        .collect();
    if count > QUOTE_LIMIT {
        format!("{mark}{shown}…{mark} ({count} characters)")
    } else {
        format!("{mark}{shown}{mark}")
    }
}

/// The name of a character people (or their phones) type for a dash that
/// a notation does not read as one, for an error that says which it was.
pub fn dash_lookalike(c: char) -> Option<&'static str> {
    Some(match c {
        '\u{2010}' => "the hyphen U+2010",
        '\u{2011}' => "the non-breaking hyphen U+2011",
        '\u{2012}' => "the figure dash U+2012",
        '\u{2015}' => "the horizontal bar U+2015",
        '\u{2212}' => "the minus sign U+2212",
        '\u{FE63}' => "the small hyphen-minus U+FE63",
        '\u{FF0D}' => "the full-width hyphen-minus U+FF0D",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_input_is_cut_and_control_characters_escaped() {
        assert_eq!(quoted("a1"), "`a1`");
        assert_eq!(quoted("a1\rb2"), "`a1\\rb2`");
        assert_eq!(quoted_with("a1", '"'), "\"a1\"");
        let long = "E7-E8".repeat(26_000);
        let q = quoted(&long);
        assert!(q.ends_with("…` (130000 characters)"), "{q}");
        assert_eq!(
            q.chars().count(),
            QUOTE_LIMIT + "``… (130000 characters)".chars().count()
        );
    }
}
