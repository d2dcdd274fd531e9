//! Legal move generation, and counting legal moves without listing them
//! (for perft).

use super::bitboard::Bitboard;
use super::moves::{Drops, Move};
use super::piece::Role;
use super::position::Position;
use super::square::{Direction, Square};

/// `SPREADS[carry][reach]`: the drop patterns lifting 1..=carry pieces
/// and dropping on at most `reach` squares.
const SPREADS: [[u16; 8]; 9] = pattern_table(false);
/// `FLATTENS[carry][reach]`: the drop patterns lifting 1..=carry pieces
/// that drop on exactly `reach` squares and then put the capstone alone on
/// the next one (a wall).
const FLATTENS: [[u16; 8]; 9] = pattern_table(true);

/// Counts the drop patterns of each carry and reach: plain spreads, or
/// spreads that end by flattening a wall.
const fn pattern_table(flattening: bool) -> [[u16; 8]; 9] {
    let mut table = [[0u16; 8]; 9];
    let mut carry = 1;
    while carry <= 8 {
        let mut reach = 0;
        while reach < 8 {
            let mut bits = 1u32;
            while bits < 1 << carry {
                let counts = if flattening {
                    is_flatten_pattern(bits as u8, reach)
                } else {
                    bits.count_ones() as usize <= reach
                };
                if counts {
                    table[carry][reach] += 1;
                }
                bits += 1;
            }
            reach += 1;
        }
        carry += 1;
    }
    table
}

/// Whether a pattern drops on `reach` squares and then exactly one piece
/// on the square after them.
const fn is_flatten_pattern(bits: u8, reach: usize) -> bool {
    let count = 8 - bits.leading_zeros() as usize;
    if bits.count_ones() as usize != reach + 1 {
        return false;
    }
    // The last drop is one piece: the total before it is count - 1.
    count == 1 || bits >> (count - 2) & 1 == 1
}

impl Position {
    /// How many squares a stack on `from` can drop on going `direction`
    /// before the edge, a wall or a capstone; and whether the square that
    /// stops it is a wall.
    fn reach(&self, from: Square, direction: Direction) -> (usize, bool) {
        let blockers = self.walls() | self.caps();
        let size = self.size();
        let mut reach = 0;
        let mut at = from;
        while let Some(next) = at.step(direction, size) {
            let bit = 1u64 << next.index();
            if blockers & bit != 0 {
                return (reach, self.walls() & bit != 0);
            }
            reach += 1;
            at = next;
        }
        (reach, false)
    }

    /// Every legal move, appended to `moves`: placements (flat, wall,
    /// capstone) square by square, then stack moves.
    pub fn legal_moves_into(&self, moves: &mut Vec<Move>) {
        if self.is_over() {
            return;
        }
        let color = self.placing_color();
        let empty = Bitboard(self.empty_squares());
        if self.in_swap_opening() {
            if self.stones_left(color) > 0 {
                moves.extend(empty.squares().map(|square| Move::Place {
                    square,
                    role: Role::Flat,
                }));
            }
            return;
        }
        let has_stones = self.stones_left(color) > 0;
        let has_caps = self.caps_left(color) > 0;
        for square in empty.squares() {
            if has_stones {
                moves.push(Move::Place {
                    square,
                    role: Role::Flat,
                });
                moves.push(Move::Place {
                    square,
                    role: Role::Wall,
                });
            }
            if has_caps {
                moves.push(Move::Place {
                    square,
                    role: Role::Cap,
                });
            }
        }
        let limit = self.rules().carry_limit() as usize;
        for square in Bitboard(self.controlled(self.to_move())).squares() {
            let stack = self.stack(square);
            let carry = stack.height().min(limit);
            let is_cap = stack.top_role() == Some(Role::Cap);
            for direction in Direction::ALL {
                let (reach, wall_next) = self.reach(square, direction);
                let flattens = is_cap && wall_next;
                if reach == 0 && !flattens {
                    continue;
                }
                for bits in 1..(1u16 << carry) {
                    let bits = bits as u8;
                    let squares = bits.count_ones() as usize;
                    let plain = squares <= reach;
                    if plain || (flattens && is_flatten_pattern(bits, reach)) {
                        moves.push(Move::Spread {
                            square,
                            direction,
                            drops: Drops::from_bits(bits).expect("non-zero pattern"),
                        });
                    }
                }
            }
        }
    }

    /// Every legal move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// The number of legal moves, counted without listing them.
    pub fn count_legal_moves(&self) -> u64 {
        if self.is_over() {
            return 0;
        }
        let color = self.placing_color();
        let empty = self.empty_squares().count_ones() as u64;
        if self.in_swap_opening() {
            return if self.stones_left(color) > 0 {
                empty
            } else {
                0
            };
        }
        let per_square =
            2 * (self.stones_left(color) > 0) as u64 + (self.caps_left(color) > 0) as u64;
        let mut count = empty * per_square;
        let limit = self.rules().carry_limit() as usize;
        for square in Bitboard(self.controlled(self.to_move())).squares() {
            let stack = self.stack(square);
            let carry = stack.height().min(limit);
            let is_cap = stack.top_role() == Some(Role::Cap);
            for direction in Direction::ALL {
                let (reach, wall_next) = self.reach(square, direction);
                count += SPREADS[carry][reach] as u64;
                if is_cap && wall_next {
                    count += FLATTENS[carry][reach] as u64;
                }
            }
        }
        count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_counts_are_sums_of_compositions() {
        // Carrying up to 1 piece onto at most 1 square: 1 way.
        assert_eq!(SPREADS[1][1], 1);
        assert_eq!(SPREADS[1][0], 0);
        // Up to 3 pieces with room for 2 squares: 1 + 2 + 3 = 6
        // (1; 2, 1+1; 3, 2+1, 1+2).
        assert_eq!(SPREADS[3][2], 6);
        // Unlimited room: 2^carry - 1 patterns.
        assert_eq!(SPREADS[8][7], 255 - 1); // 8 squares would need reach 8
        assert_eq!(SPREADS[5][7], 31);
        // A capstone next to a wall flattens it alone: 1 way.
        assert_eq!(FLATTENS[1][0], 1);
        assert_eq!(FLATTENS[3][0], 1);
        // Reach 1 then the wall: carry 2 (1+1) or 3 (2+1).
        assert_eq!(FLATTENS[3][1], 2);
    }
}
