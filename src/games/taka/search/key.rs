//! A 64-bit key of a search node (pieces, balls, facings, goalies, side
//! to move, score), for the transposition table and the seeded noise. Two
//! nodes that differ may share a key; the table's turns are checked by
//! the rules before they are played, so a collision costs strength, never
//! legality.

use super::super::board::Ball;
use super::super::facing::Facing;
use super::super::side::Side;
use super::super::square::Square;
use super::node::Node;
use crate::games::kit::search::mix;

fn facing_index(f: Facing) -> u64 {
    match f {
        Facing::N => 0,
        Facing::E => 1,
        Facing::S => 2,
        Facing::W => 3,
    }
}

/// The key of `node`.
pub fn key(node: &Node) -> u64 {
    let board = &node.board;
    let mut h = 0x5441_4b41_u64;
    for sq in Square::all() {
        if let Some(p) = board.piece(sq) {
            let kind = p.side.index() as u64 * 2 + p.goalie as u64;
            h ^= mix((sq.index() as u64) << 3 | kind);
        }
    }
    for ball in board.balls() {
        let code = match ball {
            Ball::Held(sq, f) => 0x1000 + (sq.index() as u64) * 4 + facing_index(f),
            Ball::Loose(sq) => 0x2000 + sq.index() as u64,
            Ball::InCircle(side) => 0x3000 + side.index() as u64,
        };
        h ^= mix(code);
    }
    for side in Side::ALL {
        if board.goalie_in_circle(side) {
            h ^= mix(0x4000 + side.index() as u64);
        }
        h ^= mix(0x5000 + side.index() as u64 * 16 + node.score[side.index()] as u64);
    }
    if node.side == Side::Black {
        h ^= mix(0x6000);
    }
    h
}
