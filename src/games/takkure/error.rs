//! Why an input is refused, in words a coach can act on.

use std::fmt;

/// A refused input. The message says what the rules forbid, and often
/// what to do instead ("the Brute is on the ground: it can only stand up").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError(pub String);

impl InputError {
    pub fn new(message: impl Into<String>) -> InputError {
        InputError(message.into())
    }

    pub fn message(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

/// Returns early with an [`InputError`] made from a format string.
macro_rules! refuse {
    ($($arg:tt)*) => {
        return Err($crate::games::takkure::error::InputError(format!($($arg)*)))
    };
}
pub(crate) use refuse;
