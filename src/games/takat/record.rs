//! Game record files, for `replay`.
//!
//! ```text
//! [Game "Takat"]
//! [White "alice"]
//! [Black "bob"]
//! # the opening
//! +N
//! +S      { Black must answer an entry with an entry }
//! N-C
//! ```
//!
//! - A header of tag lines `[Key "value"]`, one per line; in a value, `\"`
//!   is a quote and `\\` a backslash. Keys are letters, digits and `_`; a key
//!   appears at most once (keys compare without case). `[Game "..."]`, when
//!   present, must say `Takat`; `[Position "..."]` gives the start position in
//!   the position format (see [`super::fen`]), the usual start otherwise.
//! - Then one turn per line in turn notation (see [`super::notation`]).
//! - Blank lines are ignored anywhere; `#` starts a comment that runs to the
//!   end of the line; `{...}` is a comment that may span lines (outside
//!   tag values).
//!
//! Every turn is checked against the rules; errors name the line (from 1).

use std::fmt;

use super::error::TurnError;
use super::fen::ParsePositionError;
use super::notation::ParseTurnError;
use super::position::Position;
use super::turn::Turn;

/// A parsed record: its tags in file order (with the `Position` value in
/// canonical form), the start position and the turns, all legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub tags: Vec<(String, String)>,
    pub start: Position,
    pub turns: Vec<Turn>,
}

impl Default for Record {
    fn default() -> Self {
        Record {
            tags: vec![("Game".to_string(), "Takat".to_string())],
            start: Position::start(),
            turns: Vec::new(),
        }
    }
}

impl Record {
    /// The value of tag `key` (compared without case), if present.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.as_str())
    }

    /// Replays the turns from the start, returning every position from the
    /// start to the end (one more than there are turns), or the index of the
    /// first illegal turn and why.
    pub fn positions(&self) -> Result<Vec<Position>, (usize, TurnError)> {
        let mut pos = self.start.clone();
        let mut all = vec![pos.clone()];
        for (i, &turn) in self.turns.iter().enumerate() {
            pos.play(turn).map_err(|e| (i, e))?;
            all.push(pos.clone());
        }
        Ok(all)
    }

    /// The position after the last turn.
    pub fn final_position(&self) -> Result<Position, (usize, TurnError)> {
        let mut pos = self.start.clone();
        for (i, &turn) in self.turns.iter().enumerate() {
            pos.play(turn).map_err(|e| (i, e))?;
        }
        Ok(pos)
    }
}

fn write_value(f: &mut fmt::Formatter<'_>, value: &str) -> fmt::Result {
    f.write_str("\"")?;
    for c in value.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            // A line break would end the tag line early.
            '\n' => f.write_str(" ")?,
            c => write!(f, "{c}")?,
        }
    }
    f.write_str("\"")
}

impl fmt::Display for Record {
    /// Writes the record in the format [`parse_record`] reads: tags (the
    /// `Position` tag from [`Record::start`], added when the start is not the
    /// usual one), a blank line, then one turn per line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut wrote_position = false;
        let mut any = false;
        for (key, value) in &self.tags {
            if key.eq_ignore_ascii_case("Position") {
                if wrote_position {
                    continue;
                }
                wrote_position = true;
                write!(f, "[{key} ")?;
                write_value(f, &self.start.to_string())?;
            } else {
                write!(f, "[{key} ")?;
                write_value(f, value)?;
            }
            writeln!(f, "]")?;
            any = true;
        }
        if !wrote_position && self.start != Position::start() {
            write!(f, "[Position ")?;
            write_value(f, &self.start.to_string())?;
            writeln!(f, "]")?;
            any = true;
        }
        if any && !self.turns.is_empty() {
            writeln!(f)?;
        }
        for turn in &self.turns {
            writeln!(f, "{turn}")?;
        }
        Ok(())
    }
}

/// What is wrong on a line of a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordErrorKind {
    /// A line starting with `[` that is not `[Key "value"]`.
    BadTag(String),
    /// A tag given twice.
    DuplicateTag(String),
    /// A tag line after the first turn.
    TagAfterTurns,
    /// `[Game "..."]` names another game.
    NotTakat(String),
    /// The `Position` tag is not a valid position.
    BadPosition(ParsePositionError),
    /// A line that is not a turn.
    BadTurn(ParseTurnError),
    /// A turn the rules forbid here.
    IllegalTurn { turn: Turn, error: TurnError },
    /// A `{` comment never closed (the line is where it opened).
    UnclosedComment,
    /// A `}` with no `{` before it.
    UnopenedComment,
}

/// An error in a record, with its line number (counting from 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    pub line: usize,
    pub kind: RecordErrorKind,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use RecordErrorKind::*;
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            BadTag(text) => write!(
                f,
                "cannot read the tag \"{text}\": a tag line reads [Key \"value\"]"
            ),
            DuplicateTag(key) => write!(f, "the tag {key} is given twice"),
            TagAfterTurns => write!(f, "tags must come before the first turn"),
            NotTakat(game) => write!(f, "this is a record of \"{game}\", not of Takat"),
            BadPosition(e) => write!(f, "bad Position tag: {e}"),
            BadTurn(e) => write!(f, "{e}"),
            IllegalTurn { turn, error } => write!(f, "{turn} is illegal: {error}"),
            UnclosedComment => write!(f, "this {{ comment is never closed with }}"),
            UnopenedComment => write!(f, "this }} closes no {{ comment"),
        }
    }
}

impl std::error::Error for RecordError {}

/// Removes comments from one line. `open` is the line on which a `{`
/// comment still open began.
fn strip_comments(
    line: &str,
    line_no: usize,
    open: &mut Option<usize>,
) -> Result<String, RecordErrorKind> {
    let mut out = String::new();
    let mut in_quote = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if open.is_some() {
            if c == '}' {
                *open = None;
            }
            continue;
        }
        if in_quote {
            out.push(c);
            match c {
                '\\' => {
                    if let Some(next) = chars.next() {
                        out.push(next);
                    }
                }
                '"' => in_quote = false,
                _ => {}
            }
            continue;
        }
        match c {
            '{' => *open = Some(line_no),
            '}' => return Err(RecordErrorKind::UnopenedComment),
            '#' => break,
            '"' => {
                in_quote = true;
                out.push(c);
            }
            c => out.push(c),
        }
    }
    Ok(out)
}

/// Parses a record and checks every turn (see the module documentation).
pub fn parse_record(text: &str) -> Result<Record, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut start = Position::start();
    let mut pos = start.clone();
    let mut turns = Vec::new();
    let mut open: Option<usize> = None;
    for (i, raw) in crate::games::kit::record::lines(text).enumerate() {
        let line = i + 1;
        let err = |kind| RecordError { line, kind };
        let content = strip_comments(raw, line, &mut open).map_err(err)?;
        let content = content.trim();
        if content.is_empty() {
            continue;
        }
        if content.starts_with('[') {
            if !turns.is_empty() {
                return Err(err(RecordErrorKind::TagAfterTurns));
            }
            let (key, mut value) = crate::games::kit::record::tag(content)
                .ok_or_else(|| err(RecordErrorKind::BadTag(content.to_string())))?;
            if tags.iter().any(|(k, _)| k.eq_ignore_ascii_case(&key)) {
                return Err(err(RecordErrorKind::DuplicateTag(key)));
            }
            if key.eq_ignore_ascii_case("Game") && !value.trim().eq_ignore_ascii_case("Takat") {
                return Err(err(RecordErrorKind::NotTakat(value)));
            }
            if key.eq_ignore_ascii_case("Position") {
                start = value
                    .parse()
                    .map_err(|e| err(RecordErrorKind::BadPosition(e)))?;
                pos = start.clone();
                value = start.to_string();
            }
            tags.push((key, value));
            continue;
        }
        let turn: Turn = content
            .parse()
            .map_err(|e| err(RecordErrorKind::BadTurn(e)))?;
        pos.play(turn)
            .map_err(|error| err(RecordErrorKind::IllegalTurn { turn, error }))?;
        turns.push(turn);
    }
    if let Some(line) = open {
        return Err(RecordError {
            line,
            kind: RecordErrorKind::UnclosedComment,
        });
    }
    Ok(Record { tags, start, turns })
}
