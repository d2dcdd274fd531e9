//! The position format ("TPS" of Taka): one line of space-separated fields.
//!
//! ```text
//! <board> <circles> <side> <turn> <score> <goals> <limit> <history>
//! ```
//!
//! - `board`: the 14 rows from row 1 down to row 14, separated by `/`; each
//!   row is its 10 squares from A to J separated by `,`. A square is `x`
//!   (empty; `xN` for N empty squares in a row), `w`/`b` (a White/Black
//!   field piece), `W`/`B` (a goalie), `*` (a loose ball). A piece holding
//!   a ball adds `*` and its facing: `w*S`, `B*N`. A loose ball on a goal
//!   square is a scored ball (only in a finished game).
//! - `circles`: White's circle, a comma, Black's: `x` (empty), `W`/`B` (the
//!   goalie), `W*`/`B*` (the goalie holding a ball).
//! - `side`: the side to move, `w` or `b`.
//! - `turn`: the turn number, 1 at the start, up by one after each Black turn.
//! - `score`: White's goals, `-`, Black's goals: `0-0`.
//! - `goals`: `g` and the goals the game is played to (`g1`: first goal).
//! - `limit`: `t` and the turns each side gets (`t75`).
//! - `history`: the earlier positions for the repetition rule, `-` for none,
//!   else comma-separated 16-digit hex hashes sorted ascending, each with
//!   `:2` if it occurred twice. A hash is FNV-1a (64 bit) of the position's
//!   first three fields joined by single spaces (what RULINGS Taka 16
//!   compares: pieces, balls, facings, goalies, side to move).
//!
//! The start:
//! `x10/x10/x4,w,w*S,x4/x2,w,x4,w,x2/x3,w,x2,w,x3/x,w,x6,w,x/x4,w,w,x4/x4,b,b,x4/x,b,x6,b,x/x3,b,x2,b,x3/x2,b,x4,b,x2/x4,b*N,b,x4/x10/x10 W,B w 1 0-0 g1 t75 -`
//!
//! Input may leave out the trailing fields (meaning `0-0 g1 t75 -` and turn
//! 1), and accepts lower-case facings; output is canonical. A position is
//! rejected unless each side has ten field pieces and one goalie, there are
//! two balls, only goalies stand on goal squares, the score fits the goals,
//! and a scored ball lies only in a finished game.

use std::fmt::{self, Write};
use std::str::FromStr;

use super::board::{Ball, Board, Piece};
use super::facing::Facing;
use super::key::write_key;
use super::position::Position;
use super::rules::is_goal_square;
use super::settings::Settings;
use super::side::Side;
use super::square::{Square, COLUMNS, ROWS};

/// Why a string is not a valid position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsePositionError {
    Empty,
    FieldCount(usize),
    RowCount(usize),
    RowLength { row: u8, squares: usize },
    BadSquare { row: u8, text: String },
    BadCircles(String),
    BadSide(String),
    BadTurnNumber(String),
    BadScore(String),
    BadSettings(String),
    BadHistory(String),
    FieldPieces { side: Side, count: usize },
    Goalies { side: Side, count: usize },
    BallCount(usize),
    FieldPieceOnGoal(Square),
    ScoredBallInPlay(Square),
    ScoreTooHigh,
}

impl fmt::Display for ParsePositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ParsePositionError::*;
        match self {
            Empty => write!(f, "no position given"),
            FieldCount(n) => write!(
                f,
                "a position has 3 to 8 fields separated by spaces, not {n}"
            ),
            RowCount(n) => write!(f, "the board has 14 rows separated by /, not {n}"),
            RowLength { row, squares } => {
                write!(f, "row {row} has {squares} squares instead of 10")
            }
            BadSquare { row, text } => write!(
                f,
                "\"{text}\" in row {row} is not a square: use x, xN, w, b, W, B, *, or a piece \
                 with *N/*E/*S/*W"
            ),
            BadCircles(t) => write!(
                f,
                "\"{t}\" is not the circles field: White's and Black's circle separated by a \
                 comma, each x, the goalie (W/B) or the goalie with a ball (W*/B*)"
            ),
            BadSide(t) => write!(f, "\"{t}\" is not a side to move: use w or b"),
            BadTurnNumber(t) => {
                write!(f, "\"{t}\" is not a turn number from 1 up to the limit + 1")
            }
            BadScore(t) => write!(f, "\"{t}\" is not a score like 0-0"),
            BadSettings(t) => write!(
                f,
                "\"{t}\" is not a setting: use g1-g9 (goals) and t1-t999 (turns each)"
            ),
            BadHistory(t) => write!(
                f,
                "\"{t}\" is not a history: - or sorted 16-digit hex hashes, each with an \
                 optional :2"
            ),
            FieldPieces { side, count } => {
                write!(f, "{side} has {count} field pieces; it must have 10")
            }
            Goalies { side, count } => write!(f, "{side} has {count} goalies; it must have 1"),
            BallCount(n) => write!(f, "there are {n} balls; there must be 2"),
            FieldPieceOnGoal(sq) => {
                write!(
                    f,
                    "a field piece stands on the goal square {sq}; only goalies may"
                )
            }
            ScoredBallInPlay(sq) => write!(
                f,
                "a ball lies in the goal on {sq} but the game is not won by it"
            ),
            ScoreTooHigh => write!(f, "the score does not fit the goals the game is played to"),
        }
    }
}

impl std::error::Error for ParsePositionError {}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(256);
        write_key(self.board(), self.to_move(), &mut s);
        let settings = self.settings();
        let _ = write!(
            s,
            " {} {}-{} g{} t{} ",
            self.turn_number(),
            self.score(Side::White),
            self.score(Side::Black),
            settings.goals,
            settings.turn_limit
        );
        if self.history().is_empty() {
            s.push('-');
        }
        for (i, &(h, n)) in self.history().iter().enumerate() {
            if i > 0 {
                s.push(',');
            }
            let _ = write!(s, "{h:016x}");
            if n > 1 {
                let _ = write!(s, ":{n}");
            }
        }
        f.write_str(&s)
    }
}

/// What a square token says.
enum Token {
    Empty(usize),
    Piece(Piece, Option<Facing>),
    Loose,
}

fn parse_token(t: &str) -> Option<Token> {
    if let Some(n) = t.strip_prefix('x') {
        if n.is_empty() {
            return Some(Token::Empty(1));
        }
        if n.starts_with('0') || !n.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        return n.parse().ok().filter(|&n| n >= 1).map(Token::Empty);
    }
    if t == "*" {
        return Some(Token::Loose);
    }
    let mut chars = t.chars();
    let piece = match chars.next()? {
        'w' => Piece {
            side: Side::White,
            goalie: false,
        },
        'b' => Piece {
            side: Side::Black,
            goalie: false,
        },
        'W' => Piece {
            side: Side::White,
            goalie: true,
        },
        'B' => Piece {
            side: Side::Black,
            goalie: true,
        },
        _ => return None,
    };
    match (chars.next(), chars.next(), chars.next()) {
        (None, _, _) => Some(Token::Piece(piece, None)),
        (Some('*'), Some(f), None) => Some(Token::Piece(piece, Some(Facing::from_char(f)?))),
        _ => None,
    }
}

fn parse_board(
    text: &str,
) -> Result<([Option<Piece>; Square::COUNT], Vec<Ball>), ParsePositionError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != ROWS as usize {
        return Err(ParsePositionError::RowCount(rows.len()));
    }
    let mut squares = [None; Square::COUNT];
    let mut balls = Vec::new();
    for (r, row_text) in rows.iter().enumerate() {
        let row = r as u8 + 1;
        let mut column = 0usize;
        for token in row_text.split(',') {
            let bad = || ParsePositionError::BadSquare {
                row,
                text: token.to_string(),
            };
            let parsed = parse_token(token).ok_or_else(bad)?;
            let width = match parsed {
                Token::Empty(n) => n,
                _ => 1,
            };
            if column + width > COLUMNS as usize {
                return Err(ParsePositionError::RowLength {
                    row,
                    squares: column + width,
                });
            }
            if let Some(sq) = Square::new(column as u8, row) {
                match parsed {
                    Token::Empty(_) => {}
                    Token::Loose => balls.push(Ball::Loose(sq)),
                    Token::Piece(p, facing) => {
                        squares[sq.index()] = Some(p);
                        if let Some(f) = facing {
                            balls.push(Ball::Held(sq, f));
                        }
                    }
                }
            }
            column += width;
        }
        if column != COLUMNS as usize {
            return Err(ParsePositionError::RowLength {
                row,
                squares: column,
            });
        }
    }
    Ok((squares, balls))
}

fn parse_circles(text: &str) -> Result<([bool; 2], Vec<Ball>), ParsePositionError> {
    let bad = || ParsePositionError::BadCircles(text.to_string());
    let (w, b) = text.split_once(',').ok_or_else(bad)?;
    let mut inside = [false; 2];
    let mut balls = Vec::new();
    for (side, t, g) in [(Side::White, w, "W"), (Side::Black, b, "B")] {
        if t == "x" {
            continue;
        }
        let rest = t.strip_prefix(g).ok_or_else(bad)?;
        inside[side.index()] = true;
        match rest {
            "" => {}
            "*" => balls.push(Ball::InCircle(side)),
            _ => return Err(bad()),
        }
    }
    Ok((inside, balls))
}

fn parse_history(text: &str) -> Result<Vec<(u64, u8)>, ParsePositionError> {
    let bad = || ParsePositionError::BadHistory(text.to_string());
    if text == "-" {
        return Ok(Vec::new());
    }
    let mut out: Vec<(u64, u8)> = Vec::new();
    for item in text.split(',') {
        let (hex, n) = match item.split_once(':') {
            Some((hex, "2")) => (hex, 2),
            Some(_) => return Err(bad()),
            None => (item, 1),
        };
        if hex.len() != 16 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(bad());
        }
        let h = u64::from_str_radix(hex, 16).map_err(|_| bad())?;
        if out.last().is_some_and(|&(prev, _)| prev >= h) {
            return Err(bad());
        }
        out.push((h, n));
    }
    Ok(out)
}

impl FromStr for Position {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        if fields.is_empty() {
            return Err(ParsePositionError::Empty);
        }
        if !(3..=8).contains(&fields.len()) {
            return Err(ParsePositionError::FieldCount(fields.len()));
        }
        let (squares, mut balls) = parse_board(fields[0])?;
        let (in_circle, circle_balls) = parse_circles(fields[1])?;
        balls.extend(circle_balls);
        let to_move = match fields[2] {
            "w" | "W" => Side::White,
            "b" | "B" => Side::Black,
            t => return Err(ParsePositionError::BadSide(t.to_string())),
        };
        let mut settings = Settings::default();
        let setting = |t: &str, prefix: char| -> Result<u16, ParsePositionError> {
            t.strip_prefix(prefix)
                .filter(|n| !n.starts_with('0') && n.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|n| n.parse().ok())
                .ok_or_else(|| ParsePositionError::BadSettings(t.to_string()))
        };
        if let Some(t) = fields.get(5) {
            let goals = setting(t, 'g')?;
            settings.goals = u8::try_from(goals)
                .ok()
                .filter(|g| (1..=Settings::MAX_GOALS).contains(g))
                .ok_or_else(|| ParsePositionError::BadSettings(t.to_string()))?;
        }
        if let Some(t) = fields.get(6) {
            let limit = setting(t, 't')?;
            if !(1..=Settings::MAX_TURN_LIMIT).contains(&limit) {
                return Err(ParsePositionError::BadSettings(t.to_string()));
            }
            settings.turn_limit = limit;
        }
        let turn_number = match fields.get(3) {
            None => 1,
            Some(t) => t
                .parse::<u16>()
                .ok()
                .filter(|n| *n >= 1 && *n <= settings.turn_limit + 1 && !t.starts_with('0'))
                .ok_or_else(|| ParsePositionError::BadTurnNumber(t.to_string()))?,
        };
        let score = match fields.get(4) {
            None => [0, 0],
            Some(t) => {
                let bad = || ParsePositionError::BadScore(t.to_string());
                let (w, b) = t.split_once('-').ok_or_else(bad)?;
                let num = |x: &str| {
                    x.parse::<u8>()
                        .ok()
                        .filter(|_| x.len() == 1 || !x.starts_with('0'))
                        .ok_or_else(bad)
                };
                [num(w)?, num(b)?]
            }
        };
        let history = match fields.get(7) {
            None => Vec::new(),
            Some(t) => parse_history(t)?,
        };
        validate(&squares, &balls, in_circle, score, settings)?;
        let [a, b] = [balls[0], balls[1]];
        let board = Board::from_parts(squares, [a, b], in_circle);
        Ok(Position::from_parts(
            board,
            to_move,
            turn_number,
            score,
            settings,
            history,
        ))
    }
}

fn validate(
    squares: &[Option<Piece>; Square::COUNT],
    balls: &[Ball],
    in_circle: [bool; 2],
    score: [u8; 2],
    settings: Settings,
) -> Result<(), ParsePositionError> {
    for side in Side::ALL {
        let count = |goalie| {
            squares
                .iter()
                .filter(|p| **p == Some(Piece { side, goalie }))
                .count()
        };
        let field = count(false);
        if field != 10 {
            return Err(ParsePositionError::FieldPieces { side, count: field });
        }
        let goalies = count(true) + in_circle[side.index()] as usize;
        if goalies != 1 {
            return Err(ParsePositionError::Goalies {
                side,
                count: goalies,
            });
        }
    }
    if balls.len() != 2 {
        return Err(ParsePositionError::BallCount(balls.len()));
    }
    for sq in Square::all() {
        if is_goal_square(sq) && squares[sq.index()].is_some_and(|p| !p.goalie) {
            return Err(ParsePositionError::FieldPieceOnGoal(sq));
        }
    }
    let winners: Vec<Side> = Side::ALL
        .into_iter()
        .filter(|s| score[s.index()] >= settings.goals)
        .collect();
    if score.iter().any(|&g| g > settings.goals) || winners.len() > 1 {
        return Err(ParsePositionError::ScoreTooHigh);
    }
    for ball in balls {
        if let Ball::Loose(sq) = *ball {
            // A ball in a goal is the winning goal of a finished game.
            if is_goal_square(sq) && !winners.iter().any(|w| w.other().is_own_goal(sq)) {
                return Err(ParsePositionError::ScoredBallInPlay(sq));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_text() {
        assert_eq!(
            Position::start().to_string(),
            "x10/x10/x4,w,w*S,x4/x2,w,x4,w,x2/x3,w,x2,w,x3/x,w,x6,w,x/x4,w,w,x4/\
             x4,b,b,x4/x,b,x6,b,x/x3,b,x2,b,x3/x2,b,x4,b,x2/x4,b*N,b,x4/x10/x10 \
             W,B w 1 0-0 g1 t75 -"
        );
    }
}
