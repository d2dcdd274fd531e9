//! Stacks: the pieces on one square, bottom to top, kept as colour bits.
//!
//! Only the top piece can be a wall or a capstone, so a stack is its colours
//! plus the role of its top piece. 192 bits hold the tallest possible stack
//! (2 x (80 flats + 5 capstones) = 170 pieces).

use super::piece::{Color, Piece, Role};

const WORDS: usize = 3;
/// The tallest stack a game can build.
pub const MAX_HEIGHT: usize = WORDS * 64;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stack {
    /// Bit `i` is set when the piece at height `i` (0 = bottom) is black.
    black: [u64; WORDS],
    height: u8,
    top_role: Role,
}

/// Pieces lifted off a stack: their colours (bit 0 = the bottom one) and count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Carried {
    pub black: u16,
    pub count: u8,
    pub top_role: Role,
}

impl Stack {
    pub const EMPTY: Stack = Stack {
        black: [0; WORDS],
        height: 0,
        top_role: Role::Flat,
    };

    pub fn single(piece: Piece) -> Stack {
        let mut stack = Stack::EMPTY;
        stack.push_piece(piece);
        stack
    }

    pub fn height(&self) -> usize {
        self.height as usize
    }

    pub fn is_empty(&self) -> bool {
        self.height == 0
    }

    pub fn top(&self) -> Option<Piece> {
        (self.height > 0).then(|| Piece::new(self.color_at(self.height() - 1), self.top_role))
    }

    pub fn top_role(&self) -> Option<Role> {
        (self.height > 0).then_some(self.top_role)
    }

    /// The colour of the piece at `height` (0 = bottom).
    pub fn color_at(&self, height: usize) -> Color {
        if self.black[height / 64] >> (height % 64) & 1 == 1 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The pieces from bottom to top.
    pub fn pieces(&self) -> impl Iterator<Item = Piece> + '_ {
        (0..self.height()).map(move |h| {
            let role = if h + 1 == self.height() {
                self.top_role
            } else {
                Role::Flat
            };
            Piece::new(self.color_at(h), role)
        })
    }

    /// Puts one piece on top. The caller guarantees the stack stays within
    /// `MAX_HEIGHT` (reserves are capped so that it always does).
    pub fn push_piece(&mut self, piece: Piece) {
        let h = self.height();
        self.write_bits(h, (piece.color == Color::Black) as u16, 1);
        self.height += 1;
        self.top_role = piece.role;
    }

    /// Lifts the top `count` pieces (1..=8) off the stack.
    pub fn take(&mut self, count: usize) -> Carried {
        debug_assert!(count >= 1 && count <= self.height() && count <= 8);
        let start = self.height() - count;
        let carried = Carried {
            black: self.read_bits(start, count),
            count: count as u8,
            top_role: self.top_role,
        };
        self.write_bits(start, 0, count);
        self.height = start as u8;
        self.top_role = Role::Flat;
        carried
    }

    /// Drops the bottom `count` pieces of `carried` on this stack, and
    /// returns what is still carried.
    pub fn drop_from(&mut self, carried: Carried, count: usize) -> Carried {
        debug_assert!(count >= 1 && count <= carried.count as usize);
        let h = self.height();
        self.write_bits(h, carried.black & ((1 << count) - 1), count);
        self.height += count as u8;
        let rest = Carried {
            black: carried.black >> count,
            count: carried.count - count as u8,
            top_role: carried.top_role,
        };
        self.top_role = if rest.count == 0 {
            carried.top_role
        } else {
            Role::Flat
        };
        rest
    }

    /// Turns a wall on top into a flat (a capstone flattening it).
    pub fn flatten_top(&mut self) {
        self.top_role = Role::Flat;
    }

    pub(crate) fn set_top_role(&mut self, role: Role) {
        self.top_role = role;
    }

    /// How many pieces of each colour the stack holds: (white, black).
    pub fn count_by_color(&self) -> (usize, usize) {
        let black = self.black.iter().map(|w| w.count_ones() as usize).sum();
        (self.height() - black, black)
    }

    fn read_bits(&self, start: usize, count: usize) -> u16 {
        let (word, offset) = (start / 64, start % 64);
        let mut bits = self.black[word] >> offset;
        if offset + count > 64 && word + 1 < WORDS {
            bits |= self.black[word + 1] << (64 - offset);
        }
        (bits & ((1u64 << count) - 1)) as u16
    }

    fn write_bits(&mut self, start: usize, bits: u16, count: usize) {
        let mask = (1u64 << count) - 1;
        let bits = bits as u64 & mask;
        let (word, offset) = (start / 64, start % 64);
        self.black[word] = (self.black[word] & !(mask << offset)) | (bits << offset);
        if offset + count > 64 && word + 1 < WORDS {
            let shift = 64 - offset;
            self.black[word + 1] = (self.black[word + 1] & !(mask >> shift)) | (bits >> shift);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn flat(color: Color) -> Piece {
        Piece::new(color, Role::Flat)
    }

    #[test]
    fn take_and_drop_keep_order_bottom_to_top() {
        let mut a = Stack::EMPTY;
        for c in [Color::White, Color::Black, Color::Black, Color::White] {
            a.push_piece(flat(c));
        }
        a.set_top_role(Role::Cap);
        let carried = a.take(3);
        assert_eq!(a.height(), 1);
        assert_eq!(a.top(), Some(flat(Color::White)));
        let mut b = Stack::EMPTY;
        let rest = b.drop_from(carried, 2);
        assert_eq!(
            b.pieces().collect::<Vec<_>>(),
            vec![flat(Color::Black), flat(Color::Black)]
        );
        let mut c = Stack::single(flat(Color::Black));
        let rest = c.drop_from(rest, 1);
        assert_eq!(rest.count, 0);
        assert_eq!(c.top(), Some(Piece::new(Color::White, Role::Cap)));
        assert_eq!(c.count_by_color(), (1, 1));
    }

    #[test]
    fn stacks_taller_than_64_and_128_pieces_keep_every_colour() {
        let mut s = Stack::EMPTY;
        let colour = |i: usize| {
            if i % 3 == 0 {
                Color::Black
            } else {
                Color::White
            }
        };
        for i in 0..170 {
            s.push_piece(flat(colour(i)));
        }
        for i in 0..170 {
            assert_eq!(s.color_at(i), colour(i), "height {i}");
        }
        // Carry across the 64- and 128-bit word boundaries.
        let mut t = s;
        let mut other = Stack::EMPTY;
        while t.height() > 0 {
            let n = t.height().min(7);
            let carried = t.take(n);
            other.drop_from(carried, n);
        }
        assert_eq!(other.height(), 170);
        assert_eq!(other.count_by_color(), s.count_by_color());
    }
}
