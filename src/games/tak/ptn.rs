//! PTN move notation (RULINGS Tak 7): `[count][C|S]<file><rank>[<dir>[drops]][*]`.
//!
//! `Move`'s `Display` writes the canonical form without the `*` mark, which
//! needs the position; `Position::ptn` writes it with the mark.

use std::fmt;
use std::str::FromStr;

use super::moves::{Drops, Move};
use super::piece::Role;
use super::position::Position;
use super::square::{Direction, Square};

/// Why a string is not a PTN move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{} is not a move: {reason}", crate::games::kit::error::quoted(.text))]
pub struct ParseMoveError {
    pub text: String,
    pub reason: String,
}

/// Marks a PTN move may carry after it; they are read and ignored.
const ANNOTATION_MARKS: &[char] = &['\'', '"', '?', '!'];

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        let fail = |reason: &str| ParseMoveError {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let body = text.trim().trim_end_matches(ANNOTATION_MARKS);
        let body = body.strip_suffix('*').unwrap_or(body);
        let body = body.trim_end_matches(ANNOTATION_MARKS);
        if body.is_empty() {
            return Err(fail("it is empty; write a placement like `c3`, `Sc3`, `Cc3` or a stack move like `3c3>12`"));
        }
        if !body.is_ascii() {
            return Err(fail("it contains characters that are not part of PTN"));
        }
        let bytes = body.as_bytes();
        let mut i = 0;

        let count = if bytes[i].is_ascii_digit() {
            i += 1;
            Some(bytes[0] - b'0')
        } else {
            None
        };
        if bytes.get(i).is_some_and(u8::is_ascii_uppercase)
            && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)
        {
            return Err(fail(
                "files are lower-case letters a-h (capital C and S mark capstones and walls)",
            ));
        }
        let role = match bytes.get(i) {
            Some(b'C') => Some(Role::Cap),
            Some(b'S') => Some(Role::Wall),
            Some(b'F') => Some(Role::Flat),
            _ => None,
        };
        if role.is_some() {
            i += 1;
        }
        let square_text = body
            .get(i..i + 2)
            .ok_or_else(|| fail("a square like `c3` is missing"))?;
        let file = square_text.as_bytes()[0];
        if file.is_ascii_uppercase() {
            return Err(fail(
                "files are lower-case letters a-h (capital C and S mark capstones and walls)",
            ));
        }
        let square: Square = square_text
            .parse()
            .map_err(|_| fail("a square is a file a-h and a rank 1-8, like `c3`"))?;
        i += 2;
        if bytes.get(i).is_some_and(u8::is_ascii_digit) {
            // `c55`: a doubled digit, not a direction.
            let rank: String = body[i - 1..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            return Err(fail(&format!(
                "a square is a file and a one-digit rank, like `{square}`, not `{}{rank}`",
                square_text.as_bytes()[0] as char
            )));
        }

        let Some(&dir_byte) = bytes.get(i) else {
            if count.is_some() {
                return Err(fail(
                    "a count is only written before a stack move, like `3c3>`",
                ));
            }
            return Ok(Move::Place {
                square,
                role: role.unwrap_or(Role::Flat),
            });
        };
        let direction = Direction::from_symbol(dir_byte as char)
            .ok_or_else(|| fail("after the square comes a direction: `+`, `-`, `<` or `>`"))?;
        if role.is_some() {
            return Err(fail(
                "C, S and F are written only for placements, not for stack moves",
            ));
        }
        i += 1;
        let count = count.unwrap_or(1);
        if count == 0 {
            return Err(fail("a stack move carries at least 1 piece"));
        }
        if count > 8 {
            return Err(fail("no board has a carry limit above 8"));
        }
        let amounts: Vec<u8> = bytes[i..]
            .iter()
            .map(|b| {
                if b.is_ascii_digit() {
                    Ok(b - b'0')
                } else {
                    Err(fail("the drops after the direction are digits, like `>12`"))
                }
            })
            .collect::<Result<_, _>>()?;
        let amounts = if amounts.is_empty() {
            vec![count]
        } else {
            amounts
        };
        if amounts.contains(&0) {
            return Err(fail("each drop leaves at least 1 piece"));
        }
        let total: u32 = amounts.iter().map(|&a| a as u32).sum();
        if total != count as u32 {
            return Err(fail(&format!(
                "the drops add up to {total} but the move carries {count}"
            )));
        }
        let drops = Drops::from_amounts(&amounts).ok_or_else(|| fail("too many pieces"))?;
        Ok(Move::Spread {
            square,
            direction,
            drops,
        })
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Place { square, role } => write!(f, "{}{}", role.ptn_prefix(), square),
            Move::Spread {
                square,
                direction,
                drops,
            } => {
                let count = drops.count();
                if count > 1 {
                    write!(f, "{count}")?;
                }
                write!(f, "{square}{}", direction.symbol())?;
                if drops.squares() > 1 {
                    for amount in drops.amounts() {
                        write!(f, "{amount}")?;
                    }
                }
                Ok(())
            }
        }
    }
}

impl Position {
    /// Whether a legal move ends with a capstone flattening a wall.
    pub fn flattens(&self, mv: Move) -> bool {
        let Move::Spread {
            square,
            direction,
            drops,
        } = mv
        else {
            return false;
        };
        let mut at = square;
        for _ in 0..drops.squares() {
            match at.step(direction, self.size()) {
                Some(next) => at = next,
                None => return false,
            }
        }
        self.stack(at).top_role() == Some(Role::Wall)
    }

    /// The canonical PTN of a move in this position: `Move`'s form, with
    /// `*` when a capstone flattens a wall.
    pub fn ptn(&self, mv: Move) -> String {
        if self.flattens(mv) {
            format!("{mv}*")
        } else {
            mv.to_string()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(s: &str) -> Move {
        s.parse().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn placements() {
        // RULINGS Tak 7: `[C|S]<square>`.
        assert_eq!(parse("c3").to_string(), "c3");
        assert_eq!(parse("Sc3").to_string(), "Sc3");
        assert_eq!(parse("Cc3").to_string(), "Cc3");
        assert_eq!(parse("Fc3").to_string(), "c3");
        assert_eq!(
            parse("Ca1"),
            Move::Place {
                square: "a1".parse().unwrap(),
                role: Role::Cap
            }
        );
    }

    #[test]
    fn spreads_omit_count_one_and_single_drops() {
        // RULINGS Tak 7: count 1 and a single drop equal to the count are omitted.
        assert_eq!(parse("1a1>1").to_string(), "a1>");
        assert_eq!(parse("a1>").to_string(), "a1>");
        assert_eq!(parse("3c3+3").to_string(), "3c3+");
        assert_eq!(parse("5b2<212").to_string(), "5b2<212");
        assert_eq!(parse("2d4-11").to_string(), "2d4-11");
    }

    #[test]
    fn marks_and_flattening_star_are_accepted() {
        // RULINGS Tak 7: `*` and trailing `'`, `''`, `"`, `?`, `!` are ignored by the parser.
        assert_eq!(parse("c3>*"), parse("c3>"));
        assert_eq!(parse("c3'"), parse("c3"));
        assert_eq!(parse("c3''"), parse("c3"));
        assert_eq!(parse("3c3+12\"?!"), parse("3c3+12"));
        assert_eq!(parse("c3>*'!"), parse("c3>"));
    }

    #[test]
    fn malformed_moves_are_rejected_with_a_reason() {
        for (text, reason) in [
            ("", "empty"),
            ("z3", "square"),
            ("c9", "square"),
            ("C3", "lower-case"),
            ("3c3", "count is only"),
            ("c3x", "direction"),
            ("3c3>21x", "digits"),
            ("3c3>4", "add up to 4 but the move carries 3"),
            ("0c3>", "at least 1"),
            ("9c3>", "above 8"),
            ("2c3>02", "at least 1"),
            ("Sc3>", "only for placements"),
            ("c3>é", "not part of PTN"),
            ("c", "missing"),
            // Issue 29: a doubled digit is named, not read as a direction.
            ("c55", "one-digit rank, like `c5`, not `c55`"),
            ("2c33>", "one-digit rank, like `c3`, not `c33`"),
        ] {
            let err = text.parse::<Move>().unwrap_err();
            assert!(err.to_string().contains(reason), "{text}: {err}");
        }
    }
}
