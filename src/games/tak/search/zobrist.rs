//! Zobrist keys: a 64-bit hash of a position, updated square by square as
//! moves are played, for the transposition table.
//!
//! A square's key is the key of its top piece (colour and role) xor one key
//! per piece beneath it (square, height, colour). Heights past
//! [`TRACKED_HEIGHT`] share the last key: two stacks that differ only that
//! deep may collide, which the table tolerates because every move it
//! suggests is checked before it is played.

use crate::games::kit::search::splitmix;
use crate::games::tak::moves::Move;
use crate::games::tak::piece::{Color, Role};
use crate::games::tak::position::Position;
use crate::games::tak::square::Square;

/// Pieces beneath the top that get keys of their own.
pub const TRACKED_HEIGHT: usize = 48;

/// The kinds a top piece can be: a colour and a role.
const TOP_KINDS: usize = Color::ALL.len() * Role::ALL.len();

struct Keys {
    /// `top[square][color * roles + role]`.
    top: [[u64; TOP_KINDS]; 64],
    /// `below[square][height][color]`.
    below: [[[u64; 2]; TRACKED_HEIGHT]; 64],
    black_to_move: u64,
    /// The two swap-opening plies, which place the opponent's flat.
    opening: [u64; 2],
}

const fn make_keys() -> Keys {
    let mut state = 0x7A4B_7461_6B74_6162u64;
    let mut keys = Keys {
        top: [[0; TOP_KINDS]; 64],
        below: [[[0; 2]; TRACKED_HEIGHT]; 64],
        black_to_move: 0,
        opening: [0; 2],
    };
    let mut sq = 0;
    while sq < 64 {
        let mut k = 0;
        while k < TOP_KINDS {
            keys.top[sq][k] = splitmix(&mut state);
            k += 1;
        }
        let mut h = 0;
        while h < TRACKED_HEIGHT {
            keys.below[sq][h][0] = splitmix(&mut state);
            keys.below[sq][h][1] = splitmix(&mut state);
            h += 1;
        }
        sq += 1;
    }
    keys.black_to_move = splitmix(&mut state);
    keys.opening[0] = splitmix(&mut state);
    keys.opening[1] = splitmix(&mut state);
    keys
}

static KEYS: Keys = make_keys();

/// The key of one square's stack (0 when it is empty).
pub fn square_key(position: &Position, square: Square) -> u64 {
    let stack = position.stack(square);
    let Some(top) = stack.top() else { return 0 };
    let sq = square.index();
    let mut key = KEYS.top[sq][top.color.index() * Role::ALL.len() + top.role.index()];
    for h in 0..stack.height() - 1 {
        key ^= KEYS.below[sq][h.min(TRACKED_HEIGHT - 1)][stack.color_at(h).index()];
    }
    key
}

/// The part of the key that is not on the board: whose turn, and which
/// swap-opening ply (when it places the opponent's flat).
fn turn_key(position: &Position) -> u64 {
    let mut key = 0;
    if position.to_move() == Color::Black {
        key ^= KEYS.black_to_move;
    }
    if position.in_swap_opening() {
        key ^= KEYS.opening[position.ply() as usize & 1];
    }
    key
}

/// The key of a whole position.
pub fn position_key(position: &Position) -> u64 {
    Square::all(position.size()).fold(turn_key(position), |key, sq| key ^ square_key(position, sq))
}

/// The squares a move changes: the placement square, or the squares a
/// spread leaves and enters.
pub fn changed_squares(mv: Move, size: u8) -> impl Iterator<Item = Square> {
    let (start, direction, steps) = match mv {
        Move::Place { square, .. } => (square, None, 0),
        Move::Spread {
            square,
            direction,
            drops,
        } => (square, Some(direction), drops.squares()),
    };
    let mut at = Some(start);
    let mut left = steps as i32 + 1;
    std::iter::from_fn(move || {
        if left == 0 {
            return None;
        }
        left -= 1;
        let here = at?;
        at = direction.and_then(|d| here.step(d, size));
        Some(here)
    })
}

/// The key of the squares `mv` changes and of the turn: xor it out before
/// the move and in after it to update a position's key.
pub fn move_delta(position: &Position, mv: Move) -> u64 {
    changed_squares(mv, position.size())
        .fold(turn_key(position), |key, sq| key ^ square_key(position, sq))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tak::Rules;

    #[test]
    fn incremental_keys_match_full_keys_along_random_games() {
        let mut seed = 12345u64;
        for size in 3..=8 {
            let mut position = Position::new(Rules::standard(size).unwrap());
            let mut key = position_key(&position);
            for _ in 0..120 {
                let moves = position.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let mv = moves[(splitmix(&mut seed) % moves.len() as u64) as usize];
                key ^= move_delta(&position, mv);
                position.play_unchecked(mv);
                key ^= move_delta(&position, mv);
                assert_eq!(key, position_key(&position), "{}", position.tps());
            }
        }
    }

    #[test]
    fn side_to_move_and_stack_order_change_the_key() {
        let rules = Rules::standard(5).unwrap();
        let a = Position::from_tps("x5/x5/x5/x5/12,x4 1 3", rules).unwrap();
        let b = Position::from_tps("x5/x5/x5/x5/21,x4 1 3", rules).unwrap();
        let c = Position::from_tps("x5/x5/x5/x5/12,x4 2 3", rules).unwrap();
        assert_ne!(position_key(&a), position_key(&b));
        assert_ne!(position_key(&a), position_key(&c));
    }
}
