//! The chat notation: one canonical spelling for every input.
//!
//! Players are named by role, squares like `F12`. Input ignores case and
//! extra spaces; output is lower-case words and upper-case squares:
//!
//! | step | examples |
//! |---|---|
//! | choosing who kicks | `kick`, `receive` |
//! | kick-off placement and moves | `runner F12`, `done` |
//! | kick-off target and kicker | `kick H20 guard` |
//! | where a good kick lands | `ball H21` |
//! | first action | `runner move F12`, `runner move F12 via G10`, `oni stand`, `runner pass playmaker`, `guard hold`, `end half` |
//! | defence | `guard tackle F12`, `brute pressure G10`, `beast steal H11`, `stalker rest`, `thrower stand`, `done` |
//! | second action | `move F12`, `pass runner`, `pass runner from F10`, `pickup`, `dodge`, `dodge brute guard`, `break`, `try`, `none` |
//! | after a dodge or a critical pass | `to F12` |

use std::fmt;
use std::str::FromStr;

use super::input::{Action, Input, Second};
use super::squad::Role;
use super::square::Square;

impl fmt::Display for Input {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Input::Kick => f.write_str("kick"),
            Input::Receive => f.write_str("receive"),
            Input::Place { role, square } => write!(f, "{role} {square}"),
            Input::KickAt { target, kicker } => write!(f, "kick {target} {kicker}"),
            Input::Ball(sq) => write!(f, "ball {sq}"),
            Input::Done => f.write_str("done"),
            Input::Act { role, action } => write!(f, "{role} {action}"),
            Input::Second(second) => write!(f, "{second}"),
            Input::To(sq) => write!(f, "to {sq}"),
            Input::EndHalf => f.write_str("end half"),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move { to, via: None } => write!(f, "move {to}"),
            Action::Move { to, via: Some(via) } => write!(f, "move {to} via {via}"),
            Action::Stand => f.write_str("stand"),
            Action::Pass { to } => write!(f, "pass {to}"),
            Action::Hold => f.write_str("hold"),
            Action::Tackle(sq) => write!(f, "tackle {sq}"),
            Action::Pressure(sq) => write!(f, "pressure {sq}"),
            Action::Steal(sq) => write!(f, "steal {sq}"),
            Action::Rest => f.write_str("rest"),
        }
    }
}

fn write_order(f: &mut fmt::Formatter<'_>, word: &str, order: &[Role]) -> fmt::Result {
    f.write_str(word)?;
    for role in order {
        write!(f, " {role}")?;
    }
    Ok(())
}

impl fmt::Display for Second {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Second::Move(sq) => write!(f, "move {sq}"),
            Second::Pass { to, from: None } => write!(f, "pass {to}"),
            Second::Pass { to, from: Some(sq) } => write!(f, "pass {to} from {sq}"),
            Second::PickUp => f.write_str("pickup"),
            Second::Dodge(order) => write_order(f, "dodge", order),
            Second::Break(order) => write_order(f, "break", order),
            Second::Try => f.write_str("try"),
            Second::None => f.write_str("none"),
        }
    }
}

/// Text that is not an input, with what to write instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseInputError(pub String);

impl fmt::Display for ParseInputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseInputError {}

fn missing_square(what: &str) -> ParseInputError {
    ParseInputError(format!("{what} needs a square, like F12"))
}

fn missing_role(what: &str) -> ParseInputError {
    ParseInputError(format!("{what} needs a player, like runner"))
}

fn square(word: Option<&str>, what: &str) -> Result<Square, ParseInputError> {
    let word = word.ok_or_else(|| missing_square(what))?;
    word.parse().map_err(|e| ParseInputError(format!("{e}")))
}

fn role(word: Option<&str>, what: &str) -> Result<Role, ParseInputError> {
    let word = word.ok_or_else(|| missing_role(what))?;
    word.parse().map_err(ParseInputError)
}

fn too_many(text: &str, extra: &str) -> ParseInputError {
    ParseInputError(format!(
        "cannot read \"{text}\": \"{extra}\" is one word too many"
    ))
}

/// The first action or defensive declaration after a role: `move F12 via
/// G10`, `tackle F12`, `rest`, ...
fn action(who: Role, words: &[&str], text: &str) -> Result<Action, ParseInputError> {
    let word = who.name();
    let (verb, rest) = words.split_first().ok_or_else(|| {
        ParseInputError(format!(
            "what does the {} do? e.g. `{word} move F12`, `{word} F12`",
            who.title()
        ))
    })?;
    let one_square = |what: &str| -> Result<Square, ParseInputError> {
        match rest {
            [] => square(None, what),
            [sq] => square(Some(sq), what),
            [_, extra, ..] => Err(too_many(text, extra)),
        }
    };
    let nothing = |action: Action| -> Result<Action, ParseInputError> {
        match rest.first() {
            None => Ok(action),
            Some(extra) => Err(too_many(text, extra)),
        }
    };
    match *verb {
        "move" => match rest {
            [to] => Ok(Action::Move {
                to: square(Some(to), "a move")?,
                via: None,
            }),
            [to, "via", via] => Ok(Action::Move {
                to: square(Some(to), "a move")?,
                via: Some(square(Some(via), "`via`")?),
            }),
            [] => Err(missing_square("a move")),
            [_, "via"] => Err(missing_square("`via`")),
            [_, other, ..] if *other != "via" => Err(ParseInputError(format!(
                "cannot read \"{other}\" in a move: write `move F12` or `move F12 via G10`"
            ))),
            [_, _, _, extra, ..] => Err(too_many(text, extra)),
            _ => Err(ParseInputError(
                "write `move F12` or `move F12 via G10`".into(),
            )),
        },
        "stand" => nothing(Action::Stand),
        "hold" => nothing(Action::Hold),
        "rest" => nothing(Action::Rest),
        "pass" => match rest {
            [to] => Ok(Action::Pass {
                to: role(Some(to), "a pass")?,
            }),
            [] => Err(missing_role("a pass")),
            [_, extra, ..] => Err(too_many(text, extra)),
        },
        "tackle" => Ok(Action::Tackle(one_square("a tackle")?)),
        "pressure" => Ok(Action::Pressure(one_square("pressure")?)),
        "steal" => Ok(Action::Steal(one_square("a steal")?)),
        other => Err(ParseInputError(format!(
            "\"{other}\" is not an action: move, stand, pass, hold, tackle, pressure, steal \
             or rest (or a square, to place the player)"
        ))),
    }
}

impl FromStr for Input {
    type Err = ParseInputError;

    fn from_str(s: &str) -> Result<Input, ParseInputError> {
        let text = s.trim();
        let lower: Vec<String> = text.split_whitespace().map(str::to_lowercase).collect();
        let words: Vec<&str> = lower.iter().map(String::as_str).collect();
        let input = match words.as_slice() {
            [] => {
                return Err(ParseInputError(
                    "nothing was written: type a declaration, like `runner move F12`".into(),
                ))
            }
            ["kick"] => Input::Kick,
            ["kick", target, kicker] => Input::KickAt {
                target: square(Some(target), "a kick")?,
                kicker: role(Some(kicker), "a kick")?,
            },
            ["kick", ..] => {
                return Err(ParseInputError(
                    "write `kick` to choose to kick off, or `kick H20 guard` to aim the kick-off at H20 with the Guard".into(),
                ))
            }
            ["receive"] => Input::Receive,
            ["done"] => Input::Done,
            ["end", "half"] => Input::EndHalf,
            ["end", ..] => return Err(ParseInputError("write `end half` to end the half".into())),
            ["ball", rest @ ..] | ["to", rest @ ..] | ["move", rest @ ..] => {
                let what = format!("`{}`", words[0]);
                let sq = match rest {
                    [] => square(None, &what)?,
                    [sq] => square(Some(sq), &what)?,
                    [_, extra, ..] => return Err(too_many(text, extra)),
                };
                match words[0] {
                    "ball" => Input::Ball(sq),
                    "to" => Input::To(sq),
                    _ => Input::Second(Second::Move(sq)),
                }
            }
            ["pass", rest @ ..] => match rest {
                [] => return Err(missing_role("a pass")),
                [to] => Input::Second(Second::Pass {
                    to: role(Some(to), "a pass")?,
                    from: None,
                }),
                [to, "from", from] => Input::Second(Second::Pass {
                    to: role(Some(to), "a pass")?,
                    from: Some(square(Some(from), "`from`")?),
                }),
                [_, "from", _, extra, ..] => return Err(too_many(text, extra)),
                _ => {
                    return Err(ParseInputError(
                        "write `pass runner` or `pass runner from F10`".into(),
                    ))
                }
            },
            ["pickup"] => Input::Second(Second::PickUp),
            ["try"] => Input::Second(Second::Try),
            ["none"] => Input::Second(Second::None),
            ["pickup" | "try" | "none" | "receive" | "done", extra, ..] => {
                return Err(too_many(text, extra))
            }
            [verb @ ("dodge" | "break"), rest @ ..] => {
                let order = rest
                    .iter()
                    .map(|w| w.parse::<Role>().map_err(ParseInputError))
                    .collect::<Result<Vec<Role>, _>>()?;
                Input::Second(if *verb == "dodge" {
                    Second::Dodge(order)
                } else {
                    Second::Break(order)
                })
            }
            [word, rest @ ..] => {
                let role: Role = word.parse().map_err(|_| {
                    ParseInputError(format!(
                        "cannot read \"{text}\": start with a player's role (`runner move F12`) \
                         or a second action (`move`, `pass`, `pickup`, `dodge`, `break`, `try`, `none`)"
                    ))
                })?;
                match rest {
                    [sq] if sq.parse::<Square>().is_ok() => Input::Place {
                        role,
                        square: square(Some(sq), "a placement")?,
                    },
                    _ => Input::Act {
                        role,
                        action: action(role, rest, text)?,
                    },
                }
            }
        };
        Ok(input)
    }
}
