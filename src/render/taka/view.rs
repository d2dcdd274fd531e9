//! What a Taka picture shows, as plain data built from the engine's
//! position: the pieces, where the balls are and which way each carrier
//! faces, the goalies, the last turn, the score and whose turn it is.

use crate::games::taka::{Ball, Facing, Position, Side as TakaSide, Spot, Square, Turn};
use crate::render::Side;

/// Rows and columns of the pitch (RULINGS Taka 1).
pub const ROWS: usize = 14;
pub const COLUMNS: usize = 10;

/// A piece on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Man {
    pub side: Side,
    pub goalie: bool,
    /// The facing of the ball it holds, if it holds one.
    pub ball: Option<Facing>,
}

/// One Taka position to draw. Squares are indexed `(row - 1) * 10 + column`,
/// A1 = 0, as the engine does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakaBoardView {
    pub squares: Vec<Option<Man>>,
    /// Squares holding a loose ball (on a goal square: a scored ball).
    pub loose: Vec<usize>,
    /// Per side (white first): whether its goalie is in its circle, and
    /// whether it holds a ball there.
    pub circle: [(bool, bool); 2],
    /// Squares the last turn touched (start, legs, runner, re-placement);
    /// `circle_touched` the circles it touched, white first.
    pub last_turn: Vec<usize>,
    pub circle_touched: [bool; 2],
    pub last_notation: Option<String>,
    pub players: [String; 2],
    pub to_move: Option<Side>,
    pub turn_number: u32,
    pub turn_limit: u32,
    pub goals: u32,
    pub score: [u32; 2],
    /// "1-0", "0-1", "1/2-1/2" once over, with the reason in words.
    pub result: Option<(String, String)>,
    /// The position's first five fields (board to score), for the alt text.
    pub position: String,
}

fn side(s: TakaSide) -> Side {
    match s {
        TakaSide::White => Side::White,
        TakaSide::Black => Side::Black,
    }
}

impl TakaBoardView {
    /// The view of `pos`, reached by `last` (played by the side not to
    /// move), with the players' names, White's first.
    pub fn from_position(pos: &Position, players: [String; 2], last: Option<&Turn>) -> Self {
        let board = pos.board();
        let squares = Square::all()
            .map(|sq| {
                board.piece(sq).map(|p| Man {
                    side: side(p.side),
                    goalie: p.goalie,
                    ball: board.carried(sq),
                })
            })
            .collect();
        let loose = board
            .balls()
            .iter()
            .filter_map(|b| match b {
                Ball::Loose(sq) => Some(sq.index()),
                _ => None,
            })
            .collect();
        let circle = [TakaSide::White, TakaSide::Black]
            .map(|s| (board.goalie_in_circle(s), board.circle_ball(s)));
        let mut last_turn = Vec::new();
        let mut circle_touched = [false; 2];
        if let Some(turn) = last {
            let mover = pos.to_move().other();
            let legs = [turn.first, turn.second].into_iter().flatten();
            for spot in std::iter::once(turn.from).chain(legs.map(|l| l.to)) {
                match spot {
                    Spot::Square(sq) => last_turn.push(sq.index()),
                    Spot::Circle => circle_touched[mover.index()] = true,
                }
            }
            last_turn.extend(turn.runner.map(Square::index));
            last_turn.extend(turn.placement.map(|p| p.at.index()));
        }
        let outcome = pos.outcome();
        let score = [pos.score(TakaSide::White), pos.score(TakaSide::Black)].map(u32::from);
        let result = outcome.map(|o| {
            let result = match o.winner() {
                Some(TakaSide::White) => "1-0",
                Some(TakaSide::Black) => "0-1",
                None => "1/2-1/2",
            };
            (result.to_string(), o.to_string())
        });
        TakaBoardView {
            squares,
            loose,
            circle,
            last_turn,
            circle_touched,
            last_notation: last.map(Turn::to_string),
            players,
            to_move: outcome.is_none().then(|| side(pos.to_move())),
            turn_number: pos.turn_number().into(),
            turn_limit: pos.settings().turn_limit.into(),
            goals: pos.settings().goals.into(),
            score,
            result,
            // Board, circles, side, turn, score: the history's hashes say
            // nothing to a reader.
            position: pos
                .to_string()
                .split_whitespace()
                .take(5)
                .collect::<Vec<_>>()
                .join(" "),
        }
    }

    /// The alt text: "Taka pitch, position … (last turn F3>E3 S)".
    pub fn alt_text(&self) -> String {
        let mut alt = format!("Taka pitch, position {}", self.position);
        if let Some(last) = &self.last_notation {
            alt.push_str(&format!(" (last turn {last})"));
        }
        alt
    }
}
/// A view for previews, docs and benchmarks: White has just scored
/// (G9-F10>F14), after six turns from the standard formation.
pub fn sample_goal() -> TakaBoardView {
    let mut pos = Position::start();
    let mut last = None;
    for text in [
        "G5-G8",
        "B9-A9",
        "G8-G9",
        "A9-B9",
        "F3>F10",
        "B9-A9",
        "G9-F10>F14",
    ] {
        let Ok(turn) = text.parse::<Turn>() else {
            break;
        };
        if pos.play(&turn).is_err() {
            break;
        }
        last = Some(turn);
    }
    TakaBoardView::from_position(&pos, ["alice".into(), "bob".into()], last.as_ref())
}
