//! Turn notation for chat: one string per whole turn.
//!
//! ```text
//! turn      = spot { link spot } [ "<" square ] [ facing ] [ "=" square [ facing ] ]
//! spot      = square | "O"            (O: the mover's goalie circle)
//! square    = column row              (A-J, 1-14: E7, j14)
//! link      = "-" | "x" | ">"         (go, tackle, pass)
//! facing    = "N" | "E" | "S" | "W"
//! ```
//!
//! - `E7-E9` moves the piece on E7 to E9. If E9 holds a loose ball the piece
//!   picks it up and the turn goes on: `E7-E9 S` (facing S), `E7-E9-E10 S`
//!   (then dribbles to E10), `E7-E9>E12 N` (then passes to E12).
//! - `E7-E8 S` dribbles (E7 holds a ball) and faces S; `E7 S` only turns.
//! - `E7>F9 S` passes to the teammate on F9, who faces S; `E7>F9` passes to
//!   an empty square (a loose ball) or into the goal (a shot);
//!   `E7>F9>F12 W` is a consecutive pass; `E7>F9<G10 S` passes to the empty
//!   F9 onto which G10 moves to receive.
//! - `E7xF8 S` tackles the carrier on F8 (E7 ends on F8 facing S),
//!   `E7xF8-F9 E` then dribbles, `E7xF8>G10 S` then passes.
//! - `O-E2` activates the goalie (with the ball: `O-E2 S`), `E2-O` returns it
//!   to its circle, `O>D3 S` passes from the circle, `D3>O` to it.
//! - After a goal that does not end a "first to N" game, `=` and where the
//!   ball is put back: `F11>E14=E3 S` (on the piece on E3, facing S) or
//!   `F11>E14=E4` (loose on the empty E4).
//!
//! Input ignores case and spaces between parts, and reads an en or em dash
//! as `-`. Output is the one canonical spelling: upper-case squares and
//! facings, `x` for tackles, a space before each facing, no other spaces.

use std::fmt;
use std::str::FromStr;

use super::facing::Facing;
use super::square::{Spot, Square};
use super::turn::{Leg, Link, Placement, Turn};
use crate::games::kit::error::{dash_lookalike, quoted_with};

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.from)?;
        for leg in [self.first, self.second].into_iter().flatten() {
            write!(f, "{}{}", leg.link.char(), leg.to)?;
        }
        if let Some(runner) = self.runner {
            write!(f, "<{runner}")?;
        }
        if let Some(facing) = self.facing {
            write!(f, " {facing}")?;
        }
        if let Some(p) = self.placement {
            write!(f, "={}", p.at)?;
            if let Some(facing) = p.facing {
                write!(f, " {facing}")?;
            }
        }
        Ok(())
    }
}

/// Text that is not a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseTurnError {
    /// Nothing was written.
    Empty,
    /// A character that has no place in a turn.
    Unexpected { text: String, found: char },
    /// Something that looks like a square but is not one (`K3`, `E15`).
    BadSquare(String),
    /// The parts are not in the order `spot legs <runner facing =place`.
    Malformed { text: String, why: &'static str },
}

const HOW: &str = "write e.g. E7-E9 (move), E7>F9 S (pass, receiver faces S), \
                   E7xF8 S (tackle), E7 S (turn), O-E2 (activate the goalie)";

impl fmt::Display for ParseTurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseTurnError::Empty => write!(f, "no turn given: {HOW}"),
            ParseTurnError::Unexpected { text, found } => {
                let text = quoted_with(text, '"');
                match dash_lookalike(*found) {
                    Some(name) => write!(
                        f,
                        "cannot read {text}: '{found}' is {name}, not the dash; write - as in E7-E9"
                    ),
                    None => write!(f, "cannot read {text}: unexpected '{found}'; {HOW}"),
                }
            }
            ParseTurnError::BadSquare(s) => write!(
                f,
                "{} is not a square: columns are A-J and rows 1-14, like E7",
                quoted_with(s, '"')
            ),
            ParseTurnError::Malformed { text, why } => {
                write!(f, "cannot read {}: {why}; {HOW}", quoted_with(text, '"'))
            }
        }
    }
}

impl std::error::Error for ParseTurnError {}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Token {
    Spot(Spot),
    Facing(Facing),
    Link(Link),
    Runner,
    Place,
}

fn tokenize(text: &str) -> Result<Vec<Token>, ParseTurnError> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let digit_follows = chars.get(i + 1).is_some_and(|d| d.is_ascii_digit());
        let token = match c {
            c if c.is_whitespace() => {
                i += 1;
                continue;
            }
            'a'..='j' | 'A'..='J' if digit_follows => {
                let end = (i + 1..chars.len())
                    .find(|&j| !chars[j].is_ascii_digit())
                    .unwrap_or(chars.len());
                let name: String = chars[i..end].iter().collect();
                let sq = name
                    .parse::<Square>()
                    .map_err(|_| ParseTurnError::BadSquare(name))?;
                i = end;
                tokens.push(Token::Spot(Spot::Square(sq)));
                continue;
            }
            'k'..='z' | 'K'..='Z' if digit_follows => {
                let end = (i + 1..chars.len())
                    .find(|&j| !chars[j].is_ascii_digit())
                    .unwrap_or(chars.len());
                return Err(ParseTurnError::BadSquare(chars[i..end].iter().collect()));
            }
            'o' | 'O' => Token::Spot(Spot::Circle),
            'x' | 'X' => Token::Link(Link::Tackle),
            '-' | '\u{2013}' | '\u{2014}' => Token::Link(Link::Go),
            '>' => Token::Link(Link::Pass),
            '<' => Token::Runner,
            '=' => Token::Place,
            c => match Facing::from_char(c) {
                Some(facing) => Token::Facing(facing),
                None => {
                    return Err(ParseTurnError::Unexpected {
                        text: text.to_string(),
                        found: c,
                    })
                }
            },
        };
        tokens.push(token);
        i += 1;
    }
    Ok(tokens)
}

impl FromStr for Turn {
    type Err = ParseTurnError;

    fn from_str(s: &str) -> Result<Turn, ParseTurnError> {
        let text = s.trim();
        if text.is_empty() {
            return Err(ParseTurnError::Empty);
        }
        let malformed = |why| ParseTurnError::Malformed {
            text: text.to_string(),
            why,
        };
        let tokens = tokenize(text)?;
        let mut it = tokens.into_iter().peekable();
        let from = match it.next() {
            Some(Token::Spot(spot)) => spot,
            _ => {
                return Err(malformed(
                    "a turn starts with the square of the piece that acts",
                ))
            }
        };
        let mut legs: Vec<Leg> = Vec::new();
        while let Some(&Token::Link(link)) = it.peek() {
            it.next();
            match it.next() {
                Some(Token::Spot(to)) => legs.push(Leg { link, to }),
                _ => return Err(malformed("each -, x or > must be followed by a square")),
            }
        }
        if legs.len() > 2 {
            return Err(malformed("a turn has at most two legs (e.g. E7>F9>F12)"));
        }
        let mut turn = Turn {
            from,
            first: legs.first().copied(),
            second: legs.get(1).copied(),
            runner: None,
            facing: None,
            placement: None,
        };
        if it.peek() == Some(&Token::Runner) {
            it.next();
            match it.next() {
                Some(Token::Spot(Spot::Square(sq))) => turn.runner = Some(sq),
                _ => return Err(malformed("< must be followed by the square of the runner")),
            }
        }
        if let Some(&Token::Facing(facing)) = it.peek() {
            it.next();
            turn.facing = Some(facing);
        }
        if it.peek() == Some(&Token::Place) {
            it.next();
            let at = match it.next() {
                Some(Token::Spot(Spot::Square(sq))) => sq,
                _ => {
                    return Err(malformed(
                        "= must be followed by a square of your shooting zone",
                    ))
                }
            };
            let facing = match it.next() {
                Some(Token::Facing(facing)) => Some(facing),
                None => None,
                Some(_) => return Err(malformed("nothing may follow the re-placement's facing")),
            };
            turn.placement = Some(Placement { at, facing });
        }
        if it.next().is_some() {
            return Err(malformed("the parts are out of order"));
        }
        if turn.first.is_none()
            && (turn.facing.is_none() || turn.runner.is_some() || turn.placement.is_some())
        {
            return Err(malformed(
                "say what the piece does: E7-E9, E7>F9, E7xF8 or E7 S",
            ));
        }
        Ok(turn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_loose_spellings() {
        let t: Turn = "e7 > f9 < g10 s".parse().unwrap();
        assert_eq!(t.to_string(), "E7>F9<G10 S");
        let t: Turn = "e7XF8–f9e".parse().unwrap();
        assert_eq!(t.to_string(), "E7xF8-F9 E");
        let t: Turn = "f11>e14=e3s".parse().unwrap();
        assert_eq!(t.to_string(), "F11>E14=E3 S");
        let t: Turn = "o-e2".parse().unwrap();
        assert_eq!(t.to_string(), "O-E2");
        let t: Turn = "e1 e".parse().unwrap();
        assert_eq!(t.to_string(), "E1 E");
    }

    #[test]
    fn refuses_junk() {
        for bad in [
            "",
            "E7",
            "K7-K8",
            "E15-E14",
            "E7-",
            "E7>F9>F10>F11",
            "E7 S N",
            "S",
            "E7?F8",
            "E7>F9=",
            "E7<F8 S",
        ] {
            assert!(bad.parse::<Turn>().is_err(), "{bad}");
        }
    }
}
