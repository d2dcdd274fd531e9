//! PTN game files (RULINGS Tak 7): `[Name "value"]` tag pairs, then the
//! move text with move numbers `1.`, comments in `{...}` and an optional
//! result token.
//!
//! PTN Ninja writes the variations it calls branches after the main line:
//! each starts after a blank line with its name as a comment on a line of
//! its own, then a move number and its moves (`{better}` then `3. c3`);
//! a move number may also carry the branch's path (`2./3.`). The main line
//! ends at the first of either, and the branches are not read.

use std::fmt::Write;

use super::moves::Move;
use super::piece::Color;
use super::position::{Outcome, Position};
use super::rules::{Komi, Opening, Rules};
use super::tps::tps_size;

/// Why a PTN file can't be read (before any move is played).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad PTN: {0}")]
pub struct PtnError(pub String);

/// A move of a PTN file the rules refuse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("ply {ply} (move {move_number}, {color}) `{text}`: {reason}")]
pub struct ReplayError {
    /// 1 for the first ply of the file.
    pub ply: usize,
    pub move_number: u32,
    pub color: Color,
    pub text: String,
    pub reason: String,
}

/// The result tokens PTN allows at the end of the move text.
pub const RESULT_TOKENS: &[&str] = &[
    "R-0", "0-R", "F-0", "0-F", "1-0", "0-1", "1/2-1/2", "0-0", "*",
];

/// The winner a result token names: `Some(Some(colour))` for `R-0`,
/// `F-0` and `1-0` (White) and their mirrors, `Some(None)` for a draw,
/// `None` for the tokens that name no result (`0-0`, `*`) or no token.
pub fn result_winner(token: &str) -> Option<Option<Color>> {
    match token {
        "1-0" => Some(Some(Color::White)),
        "0-1" => Some(Some(Color::Black)),
        other => Outcome::from_result_string(other).map(Outcome::winner),
    }
}

/// A parsed PTN file: its tags, the rules they set, the start position and
/// the moves as written.
#[derive(Clone, Debug)]
pub struct PtnGame {
    pub tags: Vec<(String, String)>,
    pub rules: Rules,
    pub start: Position,
    pub moves: Vec<String>,
    /// The comment written right after each move, if any (racetrack puts
    /// an engine's score and time there: `{+0.52/11 0.43s}`).
    pub comments: Vec<Option<String>>,
    /// The result token of the move text, else the Result tag.
    pub result: Option<String>,
}

/// The moves of a replayed game and where they lead.
#[derive(Clone, Debug)]
pub struct Replay {
    pub moves: Vec<Move>,
    pub position: Position,
}

enum Token {
    Tag(String, String),
    Word(String),
    /// A `{...}` comment; `own_paragraph`: a blank line comes before it.
    Comment {
        text: String,
        own_paragraph: bool,
    },
}

fn tokenize(text: &str) -> Result<Vec<Token>, PtnError> {
    let mut tokens = Vec::new();
    let mut chars = text.char_indices().peekable();
    // Line breaks since the last token (`\r\n`, `\n` or a bare `\r`).
    let mut breaks = 0;
    while let Some(&(start, c)) = chars.peek() {
        if !c.is_whitespace() {
            if c != '{' {
                breaks = 0;
            }
        } else {
            chars.next();
            let crlf = c == '\r' && chars.peek().is_some_and(|&(_, next)| next == '\n');
            if (c == '\n' || c == '\r') && !crlf {
                breaks += 1;
            }
            continue;
        }
        match c {
            '{' => {
                // A comment runs to the next `}`.
                chars.next();
                let mut text = String::new();
                let mut closed = false;
                for (_, c) in chars.by_ref() {
                    if c == '}' {
                        closed = true;
                        break;
                    }
                    text.push(c);
                }
                if !closed {
                    return Err(PtnError(format!(
                        "the comment opened at byte {start} is never closed"
                    )));
                }
                tokens.push(Token::Comment {
                    text,
                    own_paragraph: breaks >= 2,
                });
                breaks = 0;
            }
            '[' => {
                chars.next();
                let name: String = std::iter::from_fn(|| {
                    chars.next_if(|&(_, c)| !c.is_whitespace() && c != ']' && c != '"')
                })
                .map(|(_, c)| c)
                .collect();
                while chars.next_if(|&(_, c)| c.is_whitespace()).is_some() {}
                if chars.next_if(|&(_, c)| c == '"').is_none() {
                    return Err(PtnError(format!("the tag `{name}` has no quoted value")));
                }
                let mut value = String::new();
                loop {
                    match chars.next() {
                        Some((_, '\\')) => {
                            if let Some((_, escaped)) = chars.next() {
                                value.push(escaped);
                            }
                        }
                        Some((_, '"')) => break,
                        Some((_, c)) => value.push(c),
                        None => {
                            return Err(PtnError(format!(
                                "the value of tag `{name}` is never closed"
                            )))
                        }
                    }
                }
                while chars.next_if(|&(_, c)| c.is_whitespace()).is_some() {}
                if chars.next_if(|&(_, c)| c == ']').is_none() {
                    return Err(PtnError(format!("the tag `{name}` is not closed with `]`")));
                }
                tokens.push(Token::Tag(name, value));
            }
            _ => {
                let word: String = std::iter::from_fn(|| {
                    chars.next_if(|&(_, c)| !c.is_whitespace() && c != '{' && c != '[')
                })
                .map(|(_, c)| c)
                .collect();
                tokens.push(Token::Word(word));
            }
        }
    }
    Ok(tokens)
}

/// Whether a word is a move number alone (`12.`, `12...`), or one with a
/// PTN Ninja branch's path before it (`2./3.`, `1-2.3.`): the second.
fn move_number(word: &str) -> Option<bool> {
    let number = word.trim_end_matches('.');
    if number.len() == word.len() || number.is_empty() {
        return None;
    }
    if number.bytes().all(|b| b.is_ascii_digit()) {
        return Some(false);
    }
    let branch_path = number.bytes().last().is_some_and(|b| b.is_ascii_digit())
        && number
            .bytes()
            .all(|b| b.is_ascii_digit() || b"./-".contains(&b));
    branch_path.then_some(true)
}

/// Strips a move number (`12.` or `12...`) off the front of a word.
fn strip_move_number(word: &str) -> &str {
    let digits = word.bytes().take_while(|b| b.is_ascii_digit()).count();
    if digits > 0 && word[digits..].starts_with('.') {
        word[digits..].trim_start_matches('.')
    } else {
        word
    }
}

fn tag_number(name: &str, value: &str) -> Result<i64, PtnError> {
    value.trim().parse::<i64>().map_err(|_| {
        PtnError(format!(
            "the {name} tag must be a whole number, not `{value}`"
        ))
    })
}

/// The rules a file's tags set (Size or TPS, Komi, Flats, Caps, Flats1,
/// Caps1, Flats2, Caps2, Opening).
fn rules_from_tags(tags: &[(String, String)]) -> Result<Rules, PtnError> {
    let get = |name: &str| {
        tags.iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    };
    let size = match (get("Size"), get("TPS")) {
        (Some(size), _) => tag_number("Size", size)?,
        (None, Some(tps)) => tps_size(tps).map_err(|e| PtnError(e.to_string()))? as i64,
        (None, None) => {
            return Err(PtnError(
                "there is no Size tag (and no TPS tag to tell the size)".into(),
            ))
        }
    };
    let size = u8::try_from(size).unwrap_or(0);
    let mut rules = Rules::standard(size).map_err(|e| PtnError(e.to_string()))?;
    if let Some(komi) = get("Komi") {
        rules = rules.with_komi(komi.parse::<Komi>().map_err(PtnError)?);
    }
    if let Some(opening) = get("Opening") {
        rules = rules.with_opening(opening.parse::<Opening>().map_err(PtnError)?);
    }
    for color in Color::ALL {
        let n = color.player_number();
        let stones = get(&format!("Flats{n}")).or(get("Flats"));
        let caps = get(&format!("Caps{n}")).or(get("Caps"));
        if stones.is_none() && caps.is_none() {
            continue;
        }
        let stones = match stones {
            Some(s) => tag_number("Flats", s)?,
            None => rules.stones[color.index()] as i64,
        };
        let caps = match caps {
            Some(c) => tag_number("Caps", c)?,
            None => rules.caps[color.index()] as i64,
        };
        rules = rules
            .with_reserves(color, stones, caps)
            .map_err(|e| PtnError(e.to_string()))?;
    }
    Ok(rules)
}

/// The games of a file that holds several one after another, as racetrack
/// writes them (`--ptnout`): a tag line after a game's move text starts
/// the next game. Blank games are left out.
pub fn split_games(text: &str) -> Vec<String> {
    let mut games = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        if line.starts_with('[') && current.contains("\n\n") && !current.trim_end().ends_with(']') {
            games.push(std::mem::take(&mut current));
        }
        current.push_str(line);
        current.push('\n');
    }
    games.push(current);
    games.retain(|game| !game.trim().is_empty());
    games
}

impl PtnGame {
    pub fn parse(text: &str) -> Result<PtnGame, PtnError> {
        let mut tags = Vec::new();
        let mut moves = Vec::new();
        let mut comments: Vec<Option<String>> = Vec::new();
        let mut result = None;
        let tokens = tokenize(text)?;
        for (i, token) in tokens.iter().enumerate() {
            match token {
                Token::Tag(name, value) => {
                    if !moves.is_empty() {
                        return Err(PtnError(format!("the tag `{name}` comes after the moves")));
                    }
                    tags.push((name.clone(), value.clone()));
                }
                Token::Comment {
                    text,
                    own_paragraph,
                } => {
                    // PTN Ninja: a branch's name, after the main line.
                    let numbered = matches!(
                        tokens.get(i + 1),
                        Some(Token::Word(next)) if move_number(next).is_some()
                    );
                    if *own_paragraph && numbered && !moves.is_empty() {
                        break;
                    }
                    if let Some(last @ None) = comments.last_mut() {
                        *last = Some(text.trim().to_string());
                    }
                }
                Token::Word(word) => {
                    if move_number(word) == Some(true) {
                        break;
                    }
                    let word = strip_move_number(word);
                    if word.is_empty() || word == "--" {
                        continue;
                    }
                    if RESULT_TOKENS.contains(&word) {
                        result = Some(word.to_string());
                        continue;
                    }
                    if result.is_some() {
                        return Err(PtnError(format!("`{word}` comes after the result")));
                    }
                    moves.push(word.to_string());
                    comments.push(None);
                }
            }
        }
        let rules = rules_from_tags(&tags)?;
        let start = match tags.iter().find(|(n, _)| n.eq_ignore_ascii_case("TPS")) {
            Some((_, tps)) => {
                Position::from_tps(tps, rules).map_err(|e| PtnError(e.to_string()))?
            }
            None => Position::new(rules),
        };
        if result.is_none() {
            result = tags
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case("Result"))
                .map(|(_, v)| v.trim().to_string())
                .filter(|v| !v.is_empty());
        }
        Ok(PtnGame {
            tags,
            rules,
            start,
            moves,
            comments,
            result,
        })
    }

    /// The value of a tag, by case-insensitive name.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The name in the `Player1` (White) or `Player2` (Black) tag of the
    /// player who makes the move at `ply` (from 0), the sides alternating
    /// from the start position's mover.
    pub fn player_of_ply(&self, ply: usize) -> Option<&str> {
        let first = self.start.to_move();
        let mover = if ply % 2 == 0 {
            first
        } else {
            first.opponent()
        };
        self.tag(match mover {
            Color::White => "Player1",
            Color::Black => "Player2",
        })
    }

    /// Plays every move from the start position.
    pub fn replay(&self) -> Result<Replay, ReplayError> {
        let mut position = self.start.clone();
        let mut moves = Vec::with_capacity(self.moves.len());
        for (i, text) in self.moves.iter().enumerate() {
            let fail = |position: &Position, reason: String| ReplayError {
                ply: i + 1,
                move_number: position.move_number(),
                color: position.to_move(),
                text: text.clone(),
                reason,
            };
            let mv: Move = text
                .parse()
                .map_err(|e: super::ptn::ParseMoveError| fail(&position, e.reason))?;
            position
                .play(mv)
                .map_err(|e| fail(&position, e.to_string()))?;
            moves.push(mv);
        }
        Ok(Replay { moves, position })
    }
}

/// Writes a game as PTN: the tags, then the moves in canonical notation
/// numbered from the start position, then the result.
pub fn write_ptn(
    tags: &[(&str, String)],
    start: &Position,
    moves: &[Move],
    result: &str,
) -> String {
    let mut out = String::new();
    for (name, value) in tags {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(out, "[{name} \"{value}\"]");
    }
    out.push('\n');
    let mut position = start.clone();
    let mut line = String::new();
    for (i, &mv) in moves.iter().enumerate() {
        if position.to_move() == Color::White || i == 0 {
            if !line.is_empty() {
                let _ = writeln!(out, "{line}");
                line.clear();
            }
            let _ = write!(line, "{}.", position.move_number());
            if position.to_move() == Color::Black {
                line.push_str(" --");
            }
        }
        line.push(' ');
        line.push_str(&position.ptn(mv));
        if position.play(mv).is_err() {
            break;
        }
    }
    if !line.is_empty() {
        line.push(' ');
    }
    line.push_str(result);
    let _ = writeln!(out, "{line}");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = r#"[Player1 "alice"]
[Player2 "bob"]
[Size "5"]
[Komi "2.5"]
[Result "R-0"]

1. e5 a1 {swap opening}
2. b1 e4
3. c1 e3
4. d1 e2'
5. e1 R-0
"#;

    /// PTN: Player1 plays White, Player2 Black; from a TPS with Black to
    /// move, the first move is Player2's.
    #[test]
    fn each_ply_is_its_movers_player() {
        let game = PtnGame::parse(GAME).unwrap();
        assert_eq!(game.player_of_ply(0), Some("alice"));
        assert_eq!(game.player_of_ply(3), Some("bob"));
        let from_black = PtnGame::parse(
            "[Player1 \"alice\"]\n[Player2 \"bob\"]\n[TPS \"x3/x3/1,2,x 2 2\"]\n\n2... a3 3. c3\n",
        )
        .unwrap();
        assert_eq!(from_black.player_of_ply(0), Some("bob"));
        assert_eq!(from_black.player_of_ply(1), Some("alice"));
    }

    /// RULINGS Tak 6 (result strings as in PTN): roads, flats and the results
    /// left to the players name a winner; `0-0` and `*` name none.
    #[test]
    fn result_tokens_name_their_winner() {
        for (token, winner) in [
            ("R-0", Some(Some(Color::White))),
            ("F-0", Some(Some(Color::White))),
            ("1-0", Some(Some(Color::White))),
            ("0-R", Some(Some(Color::Black))),
            ("0-F", Some(Some(Color::Black))),
            ("0-1", Some(Some(Color::Black))),
            ("1/2-1/2", Some(None)),
            ("0-0", None),
            ("*", None),
            ("R-1", None),
        ] {
            assert_eq!(result_winner(token), winner, "{token}");
        }
    }

    #[test]
    fn tags_moves_comments_and_result_are_read() {
        let game = PtnGame::parse(GAME).unwrap();
        assert_eq!(game.tag("player1"), Some("alice"));
        assert_eq!(game.rules.size, 5);
        assert_eq!(game.rules.komi.halves(), 5);
        assert_eq!(game.moves.len(), 9);
        assert_eq!(game.result.as_deref(), Some("R-0"));
        let replay = game.replay().unwrap();
        // RULINGS Tak 2: e5 is Black's flat (placed by White), a1 White's.
        assert_eq!(
            replay.position.top("e5".parse().unwrap()).unwrap().color,
            Color::Black
        );
        assert_eq!(
            replay.position.top("a1".parse().unwrap()).unwrap().color,
            Color::White
        );
        // White completes a1-e1 on ply 9: a road (RULINGS Tak 4a).
        assert_eq!(
            replay.position.outcome().map(|o| o.result_string()),
            Some("R-0")
        );
    }

    #[test]
    fn replay_names_the_ply_and_reason_of_an_illegal_move() {
        let game = PtnGame::parse("[Size \"5\"]\n1. a1 a1\n").unwrap();
        let err = game.replay().unwrap_err();
        assert_eq!(err.ply, 2);
        assert!(
            err.to_string()
                .contains("ply 2 (move 1, black) `a1`: a1 is occupied"),
            "{err}"
        );
        let game = PtnGame::parse("[Size \"5\"]\n1. a1 e5 2. a9").unwrap();
        let err = game.replay().unwrap_err();
        assert_eq!(err.ply, 3);
    }

    #[test]
    fn move_numbers_with_and_without_a_branch_path() {
        for plain in ["1.", "12.", "7..."] {
            assert_eq!(move_number(plain), Some(false), "{plain}");
        }
        for branch in ["2./3.", "1-2.3.", "3.1."] {
            assert_eq!(move_number(branch), Some(true), "{branch}");
        }
        for not in ["a1", "1.a1", "1/2-1/2", "R-0", ".", "a1."] {
            assert_eq!(move_number(not), None, "{not}");
        }
    }

    #[test]
    fn the_main_line_ends_where_a_ptn_ninja_branch_begins() {
        // The branch `{alt}` (after a blank line, before a move number) and
        // its result are not read; a comment within the line is.
        let game = PtnGame::parse(
            "[Size \"3\"]\n\n{note}\n1. a3 {ok} c1\n2. b1 R-0\n\n{alt}\n2. b3 c3\n3. c2 0-R\n",
        )
        .unwrap();
        assert_eq!(game.moves, ["a3", "c1", "b1"]);
        assert_eq!(game.result.as_deref(), Some("R-0"));
    }

    #[test]
    fn rules_come_from_the_tags() {
        let game =
            PtnGame::parse("[Size \"6\"][Flats \"20\"][Caps2 \"2\"][Opening \"no-swap\"]").unwrap();
        assert_eq!(game.rules.stones, [20, 20]);
        assert_eq!(game.rules.caps, [1, 2]);
        assert_eq!(game.rules.opening, Opening::NoSwap);
        for bad in [
            "1. a1",
            "[Size \"9\"]",
            "[Size \"five\"]",
            "[Size \"5\"][Komi \"7\"]",
            "[Size \"5\"][Caps \"9\"]",
            "[Size \"5\" 1. a1",
            "[Size \"5\"] {open comment",
            "[Size \"5\"] 1. a1 R-0 b1",
        ] {
            assert!(PtnGame::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn written_ptn_reads_back_to_the_same_game() {
        let game = PtnGame::parse(GAME).unwrap();
        let replay = game.replay().unwrap();
        let text = write_ptn(
            &[
                ("Size", "5".into()),
                ("Komi", "2.5".into()),
                ("Player1", "a \"quoted\" name".into()),
            ],
            &game.start,
            &replay.moves,
            "R-0",
        );
        assert!(text.contains("1. e5 a1\n2. b1 e4\n"), "{text}");
        let again = PtnGame::parse(&text).unwrap();
        assert_eq!(again.tag("Player1"), Some("a \"quoted\" name"));
        assert_eq!(again.replay().unwrap().moves, replay.moves);
        assert_eq!(again.result.as_deref(), Some("R-0"));
    }
}
