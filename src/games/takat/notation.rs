//! Turn notation for chat.
//!
//! - Entering a piece on a cell: `+` and the cell, e.g. `+NE`. The `+` may be
//!   left out when typing (`NE` reads as `+NE`).
//! - Moving the top piece of a cell to a neighbour: the two cells joined by a
//!   dash, e.g. `C-NE`, `SW-S`.
//!
//! Input ignores case and surrounding whitespace, and allows spaces around the
//! `+` and the dash (`c - ne`); an en dash or em dash, which phones like to
//! substitute, reads as the dash. Output is the one canonical spelling:
//! upper-case cells, `+NE`, `C-NE`, no spaces.

use std::fmt;
use std::str::FromStr;

use super::cell::ParseCellError;
use super::turn::Turn;
use crate::games::kit::error::{dash_lookalike, quoted_with};

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Turn::Enter(cell) => write!(f, "+{cell}"),
            Turn::Move { from, to } => write!(f, "{from}-{to}"),
        }
    }
}

/// Text that is not a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseTurnError {
    /// Nothing was written.
    Empty,
    /// A part that should name a cell does not.
    BadCell(ParseCellError),
    /// The text has neither the shape `+NE` nor `C-NE`.
    Malformed(String),
    /// A character that looks like the dash but is another (the minus
    /// sign U+2212), named so that the player sees what went wrong.
    WrongDash { text: String, found: char },
}

impl fmt::Display for ParseTurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const HOW: &str =
            "write +NE to enter a piece on NE, or C-NE to move the top piece of C to NE";
        match self {
            ParseTurnError::Empty => write!(f, "no turn given: {HOW}"),
            ParseTurnError::BadCell(e) => write!(f, "{e}"),
            ParseTurnError::Malformed(text) => {
                write!(f, "cannot read {}: {HOW}", quoted_with(text, '"'))
            }
            ParseTurnError::WrongDash { text, found } => write!(
                f,
                "cannot read {}: '{found}' is {}, not the dash; write - as in C-NE",
                quoted_with(text, '"'),
                dash_lookalike(*found).unwrap_or("not the dash"),
            ),
        }
    }
}

impl std::error::Error for ParseTurnError {}

impl From<ParseCellError> for ParseTurnError {
    fn from(e: ParseCellError) -> Self {
        ParseTurnError::BadCell(e)
    }
}

fn is_dash(c: char) -> bool {
    matches!(c, '-' | '\u{2013}' | '\u{2014}')
}

impl FromStr for Turn {
    type Err = ParseTurnError;

    fn from_str(s: &str) -> Result<Turn, ParseTurnError> {
        let text = s.trim();
        if text.is_empty() {
            return Err(ParseTurnError::Empty);
        }
        let malformed = || ParseTurnError::Malformed(text.to_string());
        if let Some(found) = text.chars().find(|&c| dash_lookalike(c).is_some()) {
            return Err(ParseTurnError::WrongDash {
                text: text.to_string(),
                found,
            });
        }
        if let Some(rest) = text.strip_prefix('+') {
            if rest.trim().is_empty() || rest.contains(is_dash) || rest.contains('+') {
                return Err(malformed());
            }
            return Ok(Turn::Enter(rest.parse()?));
        }
        match text.split_once(is_dash) {
            Some((from, to)) => {
                if from.trim().is_empty() || to.trim().is_empty() || to.contains(is_dash) {
                    return Err(malformed());
                }
                if to.contains('+') || from.contains('+') {
                    return Err(malformed());
                }
                Ok(Turn::Move {
                    from: from.parse()?,
                    to: to.parse()?,
                })
            }
            None => {
                // A bare cell is an entry; anything else that is not a cell
                // but has no dash or plus is reported as a bad cell when it
                // is a single word, as malformed otherwise.
                if text.contains(char::is_whitespace) || text.contains('+') {
                    return Err(malformed());
                }
                Ok(Turn::Enter(text.parse()?))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::takat::cell::Cell;

    #[test]
    fn canonical_spelling() {
        assert_eq!(Turn::Enter(Cell::NE).to_string(), "+NE");
        assert_eq!(
            Turn::Move {
                from: Cell::C,
                to: Cell::SW
            }
            .to_string(),
            "C-SW"
        );
    }

    #[test]
    fn lenient_input() {
        let ne = Turn::Enter(Cell::NE);
        for s in ["+NE", "ne", " +ne ", "+ nE", "Ne"] {
            assert_eq!(s.parse::<Turn>(), Ok(ne), "{s}");
        }
        let m = Turn::Move {
            from: Cell::C,
            to: Cell::NE,
        };
        for s in ["C-NE", "c-ne", " c - ne ", "C\u{2013}NE", "c\u{2014}Ne"] {
            assert_eq!(s.parse::<Turn>(), Ok(m), "{s}");
        }
    }

    #[test]
    fn a_dash_lookalike_is_named_not_taken_for_a_cell() {
        // Issue 16: `N−C` with the minus sign U+2212 was "not a cell".
        let e = "N\u{2212}C".parse::<Turn>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "cannot read \"N\u{2212}C\": '\u{2212}' is the minus sign U+2212, not the dash; write - as in C-NE"
        );
        assert!(matches!(
            "c\u{2010}ne".parse::<Turn>(),
            Err(ParseTurnError::WrongDash {
                found: '\u{2010}',
                ..
            })
        ));
    }

    #[test]
    fn a_long_text_is_not_repeated_in_full() {
        let long = "N-C".repeat(40_000);
        let e = long.parse::<Turn>().unwrap_err().to_string();
        assert!(e.len() < 300, "{e}");
        assert!(e.contains("…\" (120000 characters)"), "{e}");
    }

    #[test]
    fn rejects_garbage() {
        for s in [
            "", "  ", "+", "-", "C-", "-C", "C--N", "C-N-S", "+C-N", "++N", "N+", "E", "C N",
            "C-E", "X-N", "+ +N", "N-+S",
        ] {
            assert!(s.parse::<Turn>().is_err(), "{s:?} should not parse");
        }
    }
}
