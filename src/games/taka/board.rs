//! What stands on the pitch: the pieces, the two balls and the two goalie
//! circles. No rules here beyond the bookkeeping; [`super::rules`] decides
//! what may change.

use super::facing::Facing;
use super::side::Side;
use super::square::{Spot, Square};

/// A piece: a field piece or the goalie of a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Piece {
    pub side: Side,
    pub goalie: bool,
}

/// Where a ball is. The two balls are alike (either scores for whoever puts
/// it in, RULINGS Taka 15), so a board keeps them sorted and compares them
/// as a pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Ball {
    /// Held by the piece on the square, facing this way.
    Held(Square, Facing),
    /// Held by the side's goalie in its circle (no facing there: from the
    /// circle it passes only along the two diagonals away from its goal,
    /// RULINGS Taka 4).
    InCircle(Side),
    /// Lying on a square with no piece. On a goal square it is a ball that
    /// has been scored (only in a finished game).
    Loose(Square),
}

impl Ball {
    /// The square the ball is on, if it is on a square.
    pub const fn square(self) -> Option<Square> {
        match self {
            Ball::Held(sq, _) | Ball::Loose(sq) => Some(sq),
            Ball::InCircle(_) => None,
        }
    }
}

/// A square's content in one byte: 0 empty, else 1 + 2 x side + goalie
/// (a board is copied for every turn the search tries, so it is kept small).
const fn encode(piece: Option<Piece>) -> u8 {
    match piece {
        None => 0,
        Some(p) => 1 + 2 * p.side.index() as u8 + p.goalie as u8,
    }
}

const fn decode(code: u8) -> Option<Piece> {
    match code {
        0 => None,
        c => Some(Piece {
            side: if (c - 1) / 2 == 0 {
                Side::White
            } else {
                Side::Black
            },
            goalie: (c - 1) % 2 == 1,
        }),
    }
}

/// The pieces, balls and circles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Each square's piece, as [`encode`] writes it.
    squares: [u8; Square::COUNT],
    balls: [Ball; 2],
    /// Per side (White first): whether its goalie is in its circle.
    in_circle: [bool; 2],
}

const fn known(column: u8, row: u8) -> Square {
    Square::known(column, row)
}

impl Board {
    /// The standard formation (RULINGS Taka 2): White's field pieces on E3,
    /// F3, C4, H4, D5, G5, B6, I6, E7, F7, F3 holding White's ball facing S;
    /// Black the same turned half round, E12 holding Black's ball facing N;
    /// both goalies in their circles.
    pub fn standard() -> Board {
        // (column, row) of White's field pieces; Black's are turned half round.
        const WHITE: [(u8, u8); 10] = [
            (4, 3),
            (5, 3),
            (2, 4),
            (7, 4),
            (3, 5),
            (6, 5),
            (1, 6),
            (8, 6),
            (4, 7),
            (5, 7),
        ];
        let mut squares = [0; Square::COUNT];
        for (c, r) in WHITE {
            squares[known(c, r).index()] = encode(Some(Piece {
                side: Side::White,
                goalie: false,
            }));
            squares[known(9 - c, 15 - r).index()] = encode(Some(Piece {
                side: Side::Black,
                goalie: false,
            }));
        }
        let mut board = Board {
            squares,
            balls: [
                Ball::Held(known(5, 3), Facing::S),
                Ball::Held(known(4, 12), Facing::N),
            ],
            in_circle: [true, true],
        };
        board.balls.sort_unstable();
        board
    }

    /// A board from its parts, sorting the balls; the position format
    /// checks the invariants first.
    pub(super) fn from_parts(
        squares: [Option<Piece>; Square::COUNT],
        balls: [Ball; 2],
        in_circle: [bool; 2],
    ) -> Board {
        let mut board = Board {
            squares: squares.map(encode),
            balls,
            in_circle,
        };
        board.balls.sort_unstable();
        board
    }

    pub fn piece(&self, sq: Square) -> Option<Piece> {
        decode(self.squares[sq.index()])
    }

    pub fn balls(&self) -> [Ball; 2] {
        self.balls
    }

    /// Whether the side's goalie is in its circle.
    pub fn goalie_in_circle(&self, side: Side) -> bool {
        self.in_circle[side.index()]
    }

    /// Where the side's goalie is.
    pub fn goalie(&self, side: Side) -> Option<Spot> {
        if self.goalie_in_circle(side) {
            return Some(Spot::Circle);
        }
        Square::all()
            .find(|&sq| self.piece(sq) == Some(Piece { side, goalie: true }))
            .map(Spot::Square)
    }

    /// The facing of the ball held by the piece on `sq`, if it holds one.
    pub fn carried(&self, sq: Square) -> Option<Facing> {
        self.balls.iter().find_map(|b| match *b {
            Ball::Held(at, facing) if at == sq => Some(facing),
            _ => None,
        })
    }

    /// Whether a loose ball lies on `sq`.
    pub fn loose_at(&self, sq: Square) -> bool {
        self.balls.contains(&Ball::Loose(sq))
    }

    /// Whether the side's goalie holds a ball in its circle.
    pub fn circle_ball(&self, side: Side) -> bool {
        self.balls.contains(&Ball::InCircle(side))
    }

    /// Whether the piece at `spot` of the side holds a ball.
    pub fn holds(&self, side: Side, spot: Spot) -> bool {
        match spot {
            Spot::Square(sq) => self.carried(sq).is_some(),
            Spot::Circle => self.circle_ball(side),
        }
    }

    /// The row a spot of `side` counts as: a square's row, or the circle's
    /// row for offside and zones (RULINGS Taka 4).
    pub fn row_of(side: Side, spot: Spot) -> u8 {
        match spot {
            Spot::Square(sq) => sq.row(),
            Spot::Circle => side.circle_row(),
        }
    }

    /// Every piece of `side` with the row it counts as (the goalie in its
    /// circle on its circle row).
    pub fn piece_rows(&self, side: Side) -> impl Iterator<Item = u8> + '_ {
        let circle = self.goalie_in_circle(side).then_some(side.circle_row());
        Square::all()
            .filter(move |&sq| self.piece(sq).is_some_and(|p| p.side == side))
            .map(|sq| sq.row())
            .chain(circle)
    }

    // Bookkeeping used by the rules; none checks legality.

    pub(super) fn set_piece(&mut self, sq: Square, piece: Option<Piece>) {
        self.squares[sq.index()] = encode(piece);
    }

    pub(super) fn set_in_circle(&mut self, side: Side, inside: bool) {
        self.in_circle[side.index()] = inside;
    }

    /// Replaces ball `from` by `to` (no change if `from` is not there).
    pub(super) fn move_ball(&mut self, from: Ball, to: Ball) {
        if let Some(b) = self.balls.iter_mut().find(|b| **b == from) {
            *b = to;
        }
        self.balls.sort_unstable();
    }

    /// The ball held at `spot` by `side`, if any.
    pub(super) fn ball_held_at(&self, side: Side, spot: Spot) -> Option<Ball> {
        match spot {
            Spot::Square(sq) => self.carried(sq).map(|f| Ball::Held(sq, f)),
            Spot::Circle => self.circle_ball(side).then_some(Ball::InCircle(side)),
        }
    }
}
