//! The plain game record that [`super::HostedGame::read_file`] reads by
//! default, the format Taka's and Takat's exports write:
//!
//! ```text
//! [Game "Taka"]
//! [Goals "2"]
//! [Result "1-0"]
//!
//! F3>E3 S
//! E12-E11
//! ```
//!
//! Tag lines `[Key "value"]` first (in a value `\"` is a quote and `\\` a
//! backslash; keys compare without case), then one action a line. Blank
//! lines are skipped. A line ends at `\n`, `\r\n` or a bare `\r`, so a file
//! from any system reads the same.

use super::error::GameError;

/// A record's tags in file order and its actions with their line numbers
/// (from 1).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub tags: Vec<(String, String)>,
    pub actions: Vec<(usize, String)>,
}

/// The lines of `text`, split at `\n`, `\r\n` and a bare `\r`.
pub fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.split('\n')
        .flat_map(|line| line.strip_suffix('\r').unwrap_or(line).split('\r'))
}

impl Record {
    pub fn parse(text: &str) -> Result<Record, GameError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut record = Record::default();
        for (i, line) in lines(text).enumerate() {
            let number = i + 1;
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            if line.starts_with('[') {
                if !record.actions.is_empty() {
                    return Err(GameError::Parse(format!(
                        "line {number}: a tag after the actions"
                    )));
                }
                let (key, value) = tag(line).ok_or_else(|| {
                    GameError::Parse(format!(
                        "line {number}: a tag is written [Key \"value\"], not {}",
                        super::error::quoted(line)
                    ))
                })?;
                if record.tag(&key).is_some() {
                    return Err(GameError::Parse(format!(
                        "line {number}: the tag {key} appears twice"
                    )));
                }
                record.tags.push((key, value));
            } else {
                record.actions.push((number, line.to_string()));
            }
        }
        Ok(record)
    }

    /// The value of tag `key` (compared without case), if present.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.as_str())
    }
}

/// Reads a tag line `[Key "value"]` (trimmed): keys are letters, digits
/// and `_`; in the value `\"` is a quote and `\\` a backslash.
pub fn tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let key_end = inner
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(inner.len());
    let (key, rest) = inner.split_at(key_end);
    if key.is_empty() {
        return None;
    }
    let mut chars = rest.trim_start().strip_prefix('"')?.chars();
    let mut value = String::new();
    loop {
        match chars.next()? {
            '\\' => value.push(chars.next()?),
            '"' => break,
            c => value.push(c),
        }
    }
    chars
        .as_str()
        .trim()
        .is_empty()
        .then(|| (key.to_string(), value))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tags_and_actions_whatever_the_line_breaks() {
        for text in [
            "[Game \"Taka\"]\n[White \"a \\\"b\\\"\"]\n\nE7-E8\nF3>E3 S\n",
            "[Game \"Taka\"]\r\n[White \"a \\\"b\\\"\"]\r\n\r\nE7-E8\r\nF3>E3 S\r\n",
            "[Game \"Taka\"]\r[White \"a \\\"b\\\"\"]\r\rE7-E8\rF3>E3 S\r",
        ] {
            let record = Record::parse(text).unwrap();
            assert_eq!(record.tag("game"), Some("Taka"));
            assert_eq!(record.tag("White"), Some("a \"b\""));
            assert_eq!(
                record.actions,
                [(4, "E7-E8".to_string()), (5, "F3>E3 S".to_string())]
            );
        }
    }

    #[test]
    fn refuses_bad_tags_by_line() {
        let e = Record::parse("[Game \"Taka\"]\n[Game \"Takat\"]").unwrap_err();
        assert_eq!(e.to_string(), "line 2: the tag Game appears twice");
        let e = Record::parse("E7-E8\n[Game \"Taka\"]").unwrap_err();
        assert_eq!(e.to_string(), "line 2: a tag after the actions");
        let e = Record::parse("[Game Taka]").unwrap_err();
        assert!(e.to_string().starts_with("line 1: a tag is written"), "{e}");
    }
}
