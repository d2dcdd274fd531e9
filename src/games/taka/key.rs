//! The key of a position as the repetition rule compares it: the board,
//! the circles and the side to move, written as the first fields of TPS
//! ([`super::tps`] writes a whole position with it), and its stable hash.

use std::fmt::Write;

use super::board::{Board, Piece};
use super::side::Side;
use super::square::{Square, COLUMNS, ROWS};

fn piece_char(p: Piece) -> char {
    match (p.side, p.goalie) {
        (Side::White, false) => 'w',
        (Side::Black, false) => 'b',
        (Side::White, true) => 'W',
        (Side::Black, true) => 'B',
    }
}

/// Writes the board, circles and side fields.
pub(super) fn write_key(board: &Board, side: Side, out: &mut String) {
    for row in 1..=ROWS {
        if row > 1 {
            out.push('/');
        }
        let mut empty = 0;
        let mut first = true;
        let sep = |out: &mut String, first: &mut bool| {
            if !*first {
                out.push(',');
            }
            *first = false;
        };
        for column in 0..COLUMNS {
            let Some(sq) = Square::new(column, row) else {
                continue;
            };
            let piece = board.piece(sq);
            let loose = board.loose_at(sq);
            if piece.is_none() && !loose {
                empty += 1;
                continue;
            }
            if empty > 0 {
                sep(out, &mut first);
                out.push('x');
                if empty > 1 {
                    let _ = write!(out, "{empty}");
                }
                empty = 0;
            }
            sep(out, &mut first);
            match piece {
                Some(p) => {
                    out.push(piece_char(p));
                    if let Some(f) = board.carried(sq) {
                        out.push('*');
                        out.push(f.char());
                    }
                }
                None => out.push('*'),
            }
        }
        if empty > 0 {
            sep(out, &mut first);
            out.push('x');
            if empty > 1 {
                let _ = write!(out, "{empty}");
            }
        }
    }
    out.push(' ');
    for s in Side::ALL {
        if s == Side::Black {
            out.push(',');
        }
        if board.goalie_in_circle(s) {
            out.push(piece_char(Piece {
                side: s,
                goalie: true,
            }));
            if board.circle_ball(s) {
                out.push('*');
            }
        } else {
            out.push('x');
        }
    }
    out.push(' ');
    out.push(side.char());
}

/// FNV-1a, 64 bit: a hash that stays the same across builds and versions.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The stable hash of what the repetition rule compares.
pub(super) fn repetition_hash(board: &Board, side: Side) -> u64 {
    let mut s = String::with_capacity(160);
    write_key(board, side, &mut s);
    fnv1a(s.as_bytes())
}
