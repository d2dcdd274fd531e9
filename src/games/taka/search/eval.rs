//! The static evaluation of a Taka position, in points (100: about a ball
//! held in midfield), for the side to move.
//!
//! Football in a few terms, for each side:
//! - the balls: held (and how far up the pitch: the rows towards the goal
//!   it attacks, the lines to that goal once in the shooting zone), or
//!   loose and nearer to one side's pieces than the other's;
//! - tackle threats: a carrier with an opposing piece next to it on an
//!   open side (RULINGS Taka 3, 12) loses its ball if the opponent is to
//!   move, and is a worry if not;
//! - a goal in one for the side not to move (the side to move would take
//!   its own, which the search sees as a win before evaluating);
//! - passing lanes: teammates a carrier can reach with a legal pass
//!   (offside included, RULINGS Taka 7, 13) further up the pitch;
//! - defence: pieces between an opposing ball and the own goal, and the
//!   goalie out on its goal line when an opposing ball is in the own
//!   shooting zone (in its circle it blocks nothing, RULINGS Taka 4).
//!
//! Goals already scored (a "first to N" game) count [`GOAL`] each.

use super::super::board::{Ball, Board, Piece};
use super::super::facing::Facing;
use super::super::rules::{is_goal_square, reach};
use super::super::side::Side;
use super::super::square::{Direction, Spot, Square};
use super::node::Node;
use super::threat;

/// One goal more than the opponent (a game to more than one goal).
pub const GOAL: i32 = 1_000;
/// Holding a ball.
const POSSESS: i32 = 100;
/// The side not to move could score with its next turn.
const THREAT: i32 = 120;
/// The side to move's carrier can be tackled: it must spend a turn.
const HANGING_MOVER: i32 = 20;
/// Of a ball the side not to move holds where it can be tackled, the part
/// (in hundredths) it keeps.
const HANGING_KEEP: i32 = 35;
/// A teammate a carrier can pass to further up the pitch (at most three).
const LANE: i32 = 8;
/// A piece between an opposing ball and the own goal (at most four).
const COVER: i32 = 6;
/// The goalie on a goal square while an opposing ball is in the own zone.
const GOALIE_OUT: i32 = 30;
/// A field piece in the attacking zone, ready to receive (at most three).
const FORWARD: i32 = 6;
/// A piece that could shoot if it had a ball (at most two).
const SHOOTER: i32 = 15;
/// The side to move.
const TEMPO: i32 = 10;

/// The worth of a ball held by `side` on `row`, by how far up the pitch
/// it is (index: the side's progress, 1 on its own goal row).
const ADVANCE: [i32; 15] = [0, 0, 3, 6, 10, 14, 19, 25, 32, 40, 52, 66, 82, 100, 115];
/// Per goal square in a straight line from the carrier, in the zone.
const ANGLE: i32 = 12;

/// The pieces of each side, found once.
struct Pieces {
    squares: [[Option<Square>; 11]; 2],
    count: [usize; 2],
}

impl Pieces {
    fn of(board: &Board) -> Pieces {
        let mut p = Pieces {
            squares: [[None; 11]; 2],
            count: [0; 2],
        };
        for sq in Square::all() {
            if let Some(piece) = board.piece(sq) {
                let i = piece.side.index();
                if p.count[i] < 11 {
                    p.squares[i][p.count[i]] = Some(sq);
                    p.count[i] += 1;
                }
            }
        }
        p
    }

    fn of_side(&self, side: Side) -> impl Iterator<Item = Square> + '_ {
        self.squares[side.index()][..self.count[side.index()]]
            .iter()
            .flatten()
            .copied()
    }
}

/// How many of the opponent's goal squares lie in a straight line from
/// `sq` (only in the zone `side` shoots from).
fn angle(side: Side, sq: Square) -> i32 {
    if !side.in_attacking_zone(sq.row()) {
        return 0;
    }
    let row = side.other().goal_row();
    (3..=6)
        .filter_map(|c| Square::new(c, row))
        .filter(|&g| sq.line_to(g).is_some())
        .count() as i32
}

/// Whether a piece of `side` on `sq` could shoot: in the zone, in a
/// straight line with an open goal square, the square next to it on the
/// way free (else neither a ground shot nor a chip goes; RULINGS Taka 7,
/// 8).
fn shoots_from(board: &Board, side: Side, sq: Square) -> bool {
    if !side.in_attacking_zone(sq.row()) {
        return false;
    }
    let row = side.other().goal_row();
    (3..=6)
        .filter_map(|c| Square::new(c, row))
        .filter(|&g| board.piece(g).is_none())
        .any(|g| {
            sq.line_to(g).is_some_and(|(dir, dist)| {
                dist == 1 || sq.step(dir).is_some_and(|s| board.piece(s).is_none())
            })
        })
}

/// A held ball's worth to its holder, before threats.
fn held_worth(side: Side, row: u8, sq: Option<Square>) -> i32 {
    POSSESS + ADVANCE[side.progress(row) as usize] + sq.map_or(0, |s| angle(side, s) * ANGLE)
}

/// How many opposing pieces could tackle the carrier on `at` facing
/// `facing` (next to it on an open side, holding no ball, and no field
/// piece pushed onto a goal square; RULINGS Taka 6, 12).
fn tacklers(board: &Board, at: Square, facing: Facing, carrier: Piece) -> usize {
    Direction::ALL
        .into_iter()
        .filter(|&d| facing.is_open(d))
        .filter_map(|d| at.step(d))
        .filter(|&from| {
            board.piece(from).is_some_and(|p| {
                p.side != carrier.side
                    && board.carried(from).is_none()
                    && (p.goalie || !is_goal_square(at))
                    && (carrier.goalie || !is_goal_square(from))
            })
        })
        .count()
}

/// How many turns `side` needs to put a piece on `sq` (1: a move this
/// turn; then about three squares a turn).
fn turns_to_reach(board: &Board, pieces: &Pieces, side: Side, sq: Square) -> u32 {
    let mut best = u32::MAX;
    for from in pieces.of_side(side) {
        if board.carried(from).is_some() {
            continue;
        }
        let dr = (from.row() as i32 - sq.row() as i32).unsigned_abs();
        let dc = (from.column() as i32 - sq.column() as i32).unsigned_abs();
        let distance = dr.max(dc);
        let direct = from.line_to(sq).is_some_and(|(dir, dist)| {
            dist <= reach(side, dir) && clear_path(board, from, dir, dist)
        });
        let turns = if direct { 1 } else { 1 + distance.div_ceil(3) };
        best = best.min(turns);
    }
    best
}

/// Whether the squares between `from` and `dist` steps in `dir` are free.
fn clear_path(board: &Board, from: Square, dir: Direction, dist: u8) -> bool {
    let mut sq = from;
    for _ in 1..dist {
        match sq.step(dir) {
            Some(next) if board.piece(next).is_none() && !is_goal_square(next) => sq = next,
            _ => return false,
        }
    }
    true
}

/// How far up the pitch (in `side`'s progress) a receiver may stand
/// without being offside: level with the second-to-last opponent, the
/// goalie included and counted on its circle row while in the circle
/// (RULINGS Taka 4, 13).
fn offside_line(board: &Board, pieces: &Pieces, side: Side) -> u8 {
    let other = side.other();
    let circle = board.goalie_in_circle(other).then_some(other.circle_row());
    let mut deepest = [0u8; 2];
    for row in pieces.of_side(other).map(|s| s.row()).chain(circle) {
        let p = side.progress(row);
        if p > deepest[0] {
            deepest = [p, deepest[0]];
        } else if p > deepest[1] {
            deepest[1] = p;
        }
    }
    deepest[1]
}

/// Teammates the carrier on `from` can pass to further up the pitch: in
/// an open direction, onside, not holding a ball, with the square next to
/// the passer free (else neither a ground pass nor a chip goes; RULINGS
/// Taka 3, 7, 13). Pieces further on the way are taken as chipped over.
fn lanes(
    board: &Board,
    pieces: &Pieces,
    side: Side,
    from: Square,
    facing: Facing,
    line: u8,
) -> i32 {
    let here = side.progress(from.row());
    let mut n = 0;
    for to in pieces.of_side(side) {
        let there = side.progress(to.row());
        if there <= here || there > line || board.carried(to).is_some() {
            continue;
        }
        let Some((dir, dist)) = from.line_to(to) else {
            continue;
        };
        if !facing.is_open(dir) {
            continue;
        }
        if dist > 1 && from.step(dir).is_some_and(|s| board.piece(s).is_some()) {
            continue;
        }
        n += 1;
        if n == 3 {
            break;
        }
    }
    n
}

/// The evaluation of `node` for its side to move.
pub fn evaluate(node: &Node) -> i32 {
    let board = &node.board;
    let mover = node.side;
    let pieces = Pieces::of(board);
    let lines = Side::ALL.map(|side| offside_line(board, &pieces, side));
    let mut white = 0i32;
    let sign = |side: Side| if side == Side::White { 1 } else { -1 };
    white += GOAL * (node.score[0] as i32 - node.score[1] as i32);
    for ball in board.balls() {
        match ball {
            Ball::Held(at, facing) => {
                let Some(carrier) = board.piece(at) else {
                    continue;
                };
                let side = carrier.side;
                let mut worth = held_worth(side, at.row(), Some(at));
                let hanging = tacklers(board, at, facing, carrier) > 0;
                if hanging {
                    if side == mover {
                        worth -= HANGING_MOVER;
                    } else {
                        worth = worth * HANGING_KEEP / 100;
                    }
                }
                worth += LANE * lanes(board, &pieces, side, at, facing, lines[side.index()]);
                white += sign(side) * worth;
            }
            Ball::InCircle(side) => {
                white += sign(side) * held_worth(side, side.circle_row(), None);
            }
            Ball::Loose(at) => {
                if is_goal_square(at) {
                    continue;
                }
                let reach = Side::ALL.map(|s| turns_to_reach(board, &pieces, s, at));
                // The side that gets there first takes it; level, the
                // side to move does.
                let first = match reach[0].cmp(&reach[1]) {
                    std::cmp::Ordering::Less => Side::White,
                    std::cmp::Ordering::Greater => Side::Black,
                    std::cmp::Ordering::Equal => mover,
                };
                let margin = reach[0].abs_diff(reach[1]).min(2) as i32;
                let worth = held_worth(first, at.row(), Some(at)) * (2 + margin) / 5;
                white += sign(first) * worth;
            }
        }
    }
    for side in Side::ALL {
        let mut own = 0;
        // Cover: pieces between each opposing ball and the own goal.
        for ball in board.balls() {
            let (sq, holder) = match ball {
                Ball::Held(sq, _) => (sq, board.piece(sq).map(|p| p.side)),
                Ball::Loose(sq) => (sq, None),
                Ball::InCircle(_) => continue,
            };
            if holder == Some(side) || is_goal_square(sq) {
                continue;
            }
            let depth = side.progress(sq.row());
            let cover = pieces
                .of_side(side)
                .filter(|s| side.progress(s.row()) < depth)
                .count()
                .min(4) as i32;
            own += COVER * cover;
            if side.in_own_zone(sq.row()) {
                if let Some(Spot::Square(g)) = goalie_spot(board, &pieces, side) {
                    if side.is_own_goal(g) {
                        own += GOALIE_OUT;
                    }
                }
            }
        }
        let forwards = pieces
            .of_side(side)
            .filter(|s| side.in_attacking_zone(s.row()))
            .count()
            .min(3) as i32;
        own += FORWARD * forwards;
        // Shooters: onside pieces in the zone, free to receive, with a
        // clear first step towards an open goal square (a pass to them
        // and a shot on is a goal in one turn, RULINGS Taka 9).
        let shooters = pieces
            .of_side(side)
            .filter(|&s| {
                side.progress(s.row()) <= lines[side.index()]
                    && board.carried(s).is_none()
                    && shoots_from(board, side, s)
            })
            .count()
            .min(2) as i32;
        own += SHOOTER * shooters;
        white += sign(side) * own;
    }
    let mut score = if mover == Side::White { white } else { -white };
    if threat::can_score(board, mover.other()) {
        score -= THREAT;
    }
    score + TEMPO
}

fn goalie_spot(board: &Board, pieces: &Pieces, side: Side) -> Option<Spot> {
    if board.goalie_in_circle(side) {
        return Some(Spot::Circle);
    }
    pieces
        .of_side(side)
        .find(|&s| board.piece(s).is_some_and(|p| p.goalie))
        .map(Spot::Square)
}

/// The balls alone, for the side to move: who holds each and how far up
/// the pitch (a quick look, to order turns).
pub fn balls(node: &Node) -> i32 {
    let board = &node.board;
    let mut score = GOAL
        * (node.score[node.side.index()] as i32 - node.score[node.side.other().index()] as i32);
    for ball in board.balls() {
        let (side, row) = match ball {
            Ball::Held(at, _) => match board.piece(at) {
                Some(p) => (p.side, at.row()),
                None => continue,
            },
            Ball::InCircle(side) => (side, side.circle_row()),
            Ball::Loose(_) => continue,
        };
        let worth = POSSESS + ADVANCE[side.progress(row) as usize];
        score += if side == node.side { worth } else { -worth };
    }
    score
}
