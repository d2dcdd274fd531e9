//! Moves: a placement or a stack move ("spread").

use super::piece::Role;
use super::square::{Direction, Square};

/// How a carried stack is dropped along its path: the bottom `n1` pieces on
/// the first square, the next `n2` on the second, and so on.
///
/// Encoded as a bit set of running totals: bit `t - 1` is set for each total
/// `t = n1, n1 + n2, ...` up to the number carried. Every pattern of at most
/// 8 pieces is one non-zero byte, and every byte is a valid pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Drops(u8);

impl Drops {
    /// Carry `count` pieces and drop them all on the next square.
    pub fn all_on_one(count: u8) -> Option<Drops> {
        (1..=8).contains(&count).then(|| Drops(1 << (count - 1)))
    }

    /// The pattern dropping these amounts in order; `None` if any is zero or
    /// they carry more than 8.
    pub fn from_amounts(amounts: &[u8]) -> Option<Drops> {
        let mut bits = 0u8;
        let mut total = 0u32;
        for &a in amounts {
            if a == 0 {
                return None;
            }
            total += a as u32;
            if total > 8 {
                return None;
            }
            bits |= 1 << (total - 1);
        }
        (bits != 0).then_some(Drops(bits))
    }

    pub(crate) fn from_bits(bits: u8) -> Option<Drops> {
        (bits != 0).then_some(Drops(bits))
    }

    pub fn bits(self) -> u8 {
        self.0
    }

    /// How many pieces are lifted.
    pub fn count(self) -> u8 {
        8 - self.0.leading_zeros() as u8
    }

    /// How many squares the move drops on.
    pub fn squares(self) -> u8 {
        self.0.count_ones() as u8
    }

    /// The amounts dropped, first square first.
    pub fn amounts(self) -> impl Iterator<Item = u8> {
        let mut bits = self.0;
        let mut previous = 0u8;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let total = bits.trailing_zeros() as u8 + 1;
            bits &= bits - 1;
            let amount = total - previous;
            previous = total;
            Some(amount)
        })
    }

    /// The amount dropped on the last square.
    pub fn last(self) -> u8 {
        let without_last = self.0 & !(1 << (self.count() - 1));
        let before = if without_last == 0 {
            0
        } else {
            8 - without_last.leading_zeros() as u8
        };
        self.count() - before
    }
}

/// A ply: place a piece from the reserve, or move (part of) a stack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    Place {
        square: Square,
        role: Role,
    },
    Spread {
        square: Square,
        direction: Direction,
        drops: Drops,
    },
}

impl Move {
    /// The square the move places on or starts from.
    pub fn square(&self) -> Square {
        match *self {
            Move::Place { square, .. } | Move::Spread { square, .. } => square,
        }
    }

    /// The squares a spread leaves and enters, in order, or the one square a
    /// placement fills. Squares off a board of `size` are left out.
    pub fn touched_squares(&self, size: u8) -> Vec<Square> {
        match *self {
            Move::Place { square, .. } => vec![square],
            Move::Spread {
                square,
                direction,
                drops,
            } => {
                let mut squares = vec![square];
                let mut at = square;
                for _ in 0..drops.squares() {
                    match at.step(direction, size) {
                        Some(next) => {
                            squares.push(next);
                            at = next;
                        }
                        None => break,
                    }
                }
                squares
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drops_encode_amounts_uniquely() {
        let d = Drops::from_amounts(&[2, 1, 3]).unwrap();
        assert_eq!(d.count(), 6);
        assert_eq!(d.squares(), 3);
        assert_eq!(d.amounts().collect::<Vec<_>>(), vec![2, 1, 3]);
        assert_eq!(d.last(), 3);
        assert_eq!(
            Drops::all_on_one(5).unwrap().amounts().collect::<Vec<_>>(),
            vec![5]
        );
        assert_eq!(Drops::all_on_one(5).unwrap().last(), 5);
        assert_eq!(Drops::from_amounts(&[1, 0]), None);
        assert_eq!(Drops::from_amounts(&[5, 4]), None);
        assert_eq!(Drops::from_amounts(&[]), None);
        // Every byte is a pattern, and its amounts encode back to it.
        for bits in 1..=255u8 {
            let d = Drops::from_bits(bits).unwrap();
            let amounts: Vec<u8> = d.amounts().collect();
            assert_eq!(Drops::from_amounts(&amounts), Some(d));
            assert_eq!(amounts.iter().sum::<u8>(), d.count());
            assert_eq!(*amounts.last().unwrap(), d.last());
        }
    }
}
