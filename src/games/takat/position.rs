//! A Takat position: the stacks, whose turn it is and the piece the opponent
//! just touched; legality, applying turns, legal turn generation and the
//! outcome.
//!
//! The rules are those of the rules text as settled by RULINGS Takat 1-8.

use super::cell::Cell;
use super::color::Color;
use super::error::TurnError;
use super::outcome::{Outcome, WinReason};
use super::turn::Turn;

/// The most pieces a stack can hold: a stack of six ends the game
/// (RULINGS Takat 8), so no stack ever grows beyond it.
pub const MAX_HEIGHT: usize = 6;

/// Height from which a stack counts as tall for RULINGS Takat 6.
const TALL: usize = 4;

/// How the top piece of a stack may be moved (RULINGS Takat 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Safety {
    /// Either player may move it (or the cell is empty).
    Unsafe,
    /// It rests directly on a piece of its own colour: only its owner may
    /// move it.
    Safe,
    /// It rests on two more of its colour (three in a row from the top) on a
    /// red cell: nobody may move it.
    PermanentlySafe,
}

/// A position. Build one with [`Position::start`] or from the position format
/// (see [`super::fen`]); change it only with [`Position::play`], so every
/// position obeys the rules.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    /// Per cell, the pieces bottom to top in `stacks[i][..heights[i]]`; the
    /// unused slots are always `White` so that derived equality and hashing
    /// see only the pieces.
    stacks: [[Color; MAX_HEIGHT]; 7],
    heights: [u8; 7],
    to_move: Color,
    last: Option<Cell>,
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl Position {
    /// The start: an empty board, all pieces in hand, White to move
    /// (RULINGS Takat 2).
    pub fn start() -> Position {
        Position {
            stacks: [[Color::White; MAX_HEIGHT]; 7],
            heights: [0; 7],
            to_move: Color::White,
            last: None,
        }
    }

    /// Builds a position from stacks (bottom to top) without checking the
    /// rules beyond the stack height; the position format validates first.
    pub(super) fn from_parts(
        stacks: &[Vec<Color>; 7],
        to_move: Color,
        last: Option<Cell>,
    ) -> Option<Position> {
        let mut pos = Position::start();
        for (i, stack) in stacks.iter().enumerate() {
            if stack.len() > MAX_HEIGHT {
                return None;
            }
            pos.stacks[i][..stack.len()].copy_from_slice(stack);
            pos.heights[i] = stack.len() as u8;
        }
        pos.to_move = to_move;
        pos.last = last;
        Some(pos)
    }

    /// The position packed in 53 bits, one-to-one: per cell seven bits, a
    /// leading one above the pieces bottom to top (a set bit is Black);
    /// then the side to move (one bit) and the last touched cell (three
    /// bits, 0 for none). A key for tables and for counting positions.
    pub fn code(&self) -> u64 {
        let mut code = 0u64;
        for i in 0..7 {
            let h = self.heights[i] as usize;
            let mut stack = 1u64;
            for &piece in &self.stacks[i][..h] {
                stack = stack << 1 | (piece == Color::Black) as u64;
            }
            code |= stack << (7 * i);
        }
        code |= ((self.to_move == Color::Black) as u64) << 49;
        let last = self.last.map_or(0, |c| c.index() as u64 + 1);
        code | last << 50
    }

    /// The position [`Position::code`] packed; `None` for a number no
    /// position packs to (a stack of more than six, a bad cell). The rules
    /// are not checked: only codes of positions reached by play are used.
    pub fn from_code(code: u64) -> Option<Position> {
        let mut pos = Position::start();
        for i in 0..7 {
            let stack = (code >> (7 * i)) & 0x7f;
            if stack == 0 {
                return None;
            }
            let h = 63 - stack.leading_zeros() as usize;
            for j in 0..h {
                let black = stack >> (h - 1 - j) & 1 == 1;
                pos.stacks[i][j] = if black { Color::Black } else { Color::White };
            }
            pos.heights[i] = h as u8;
        }
        pos.to_move = if code >> 49 & 1 == 1 {
            Color::Black
        } else {
            Color::White
        };
        pos.last = match code >> 50 {
            0 => None,
            n => Some(Cell::from_index(n as usize - 1)?),
        };
        Some(pos)
    }

    /// The side whose turn it is.
    pub fn to_move(&self) -> Color {
        self.to_move
    }

    /// The pieces on `cell`, bottom to top.
    pub fn stack(&self, cell: Cell) -> &[Color] {
        let i = cell.index();
        &self.stacks[i][..self.heights[i] as usize]
    }

    /// The number of pieces on `cell`.
    pub fn height(&self, cell: Cell) -> usize {
        self.heights[cell.index()] as usize
    }

    /// The colour of the top piece on `cell`, if any.
    pub fn top(&self, cell: Cell) -> Option<Color> {
        self.stack(cell).last().copied()
    }

    /// How many pieces of `color` are on the board.
    pub fn on_board(&self, color: Color) -> u8 {
        Cell::ALL
            .iter()
            .flat_map(|&c| self.stack(c))
            .filter(|&&p| p == color)
            .count() as u8
    }

    /// How many pieces of `color` are still in hand.
    pub fn in_hand(&self, color: Color) -> u8 {
        color.pieces().saturating_sub(self.on_board(color))
    }

    /// The cell whose top piece the opponent just moved or entered: the side
    /// to move may not move it (RULINGS Takat 7). `None` at the start.
    pub fn last_touched(&self) -> Option<Cell> {
        self.last
    }

    /// How the top piece on `cell` may be moved (RULINGS Takat 5).
    pub fn safety(&self, cell: Cell) -> Safety {
        let s = self.stack(cell);
        let n = s.len();
        if n >= 3 && cell.is_red() && s[n - 1] == s[n - 2] && s[n - 2] == s[n - 3] {
            Safety::PermanentlySafe
        } else if n >= 2 && s[n - 1] == s[n - 2] {
            Safety::Safe
        } else {
            Safety::Unsafe
        }
    }

    /// Whether a stack has six pieces (RULINGS Takat 8).
    fn has_stack_of_six(&self) -> bool {
        self.heights.iter().any(|&h| h as usize >= MAX_HEIGHT)
    }

    fn empty_ring_cell_exists(&self) -> bool {
        Cell::RING.iter().any(|&c| self.height(c) == 0)
    }

    /// Whether Black is bound to enter a piece this turn: Black to move, with
    /// fewer pieces on the board than White, a piece in hand and an empty
    /// ring cell to enter it on (RULINGS Takat 4).
    pub fn must_enter(&self) -> bool {
        self.to_move == Color::Black
            && self.on_board(Color::Black) < self.on_board(Color::White)
            && self.in_hand(Color::Black) > 0
            && self.empty_ring_cell_exists()
    }

    /// The first pair of adjacent cells (in a fixed order) holding stacks of
    /// four or more capped by safe pieces of the same colour
    /// (RULINGS Takat 6).
    pub(super) fn tall_safe_pair(&self) -> Option<(Cell, Cell, Color)> {
        let capped = |c: Cell| -> Option<Color> {
            if self.height(c) >= TALL && self.safety(c) != Safety::Unsafe {
                self.top(c)
            } else {
                None
            }
        };
        for a in Cell::ALL {
            let Some(color) = capped(a) else { continue };
            for &b in a.neighbours() {
                if b > a && capped(b) == Some(color) {
                    return Some((a, b, color));
                }
            }
        }
        None
    }

    /// Checks `turn` against every rule but the end of the game.
    fn check_rules(&self, turn: Turn) -> Result<(), TurnError> {
        let mover = self.to_move;
        match turn {
            Turn::Enter(cell) => {
                if self.in_hand(mover) == 0 {
                    return Err(TurnError::NoPieceInHand(mover));
                }
                if cell.is_centre() {
                    return Err(TurnError::EnterOnCentre);
                }
                if self.height(cell) > 0 {
                    return Err(TurnError::Occupied(cell));
                }
                Ok(())
            }
            Turn::Move { from, to } => {
                if self.must_enter() {
                    return Err(TurnError::MustEnter);
                }
                if from == to {
                    return Err(TurnError::SameCell(from));
                }
                if !from.is_next_to(to) {
                    return Err(TurnError::NotAdjacent { from, to });
                }
                let Some(piece) = self.top(from) else {
                    return Err(TurnError::EmptyCell(from));
                };
                if self.last == Some(from) {
                    return Err(TurnError::JustMoved(from));
                }
                match self.safety(from) {
                    Safety::PermanentlySafe => {
                        return Err(TurnError::PermanentlySafe {
                            cell: from,
                            color: piece,
                        })
                    }
                    Safety::Safe if piece != mover => {
                        return Err(TurnError::Safe {
                            cell: from,
                            owner: piece,
                        })
                    }
                    _ => {}
                }
                let (from_height, to_height) = (self.height(from), self.height(to));
                if to_height > from_height {
                    return Err(TurnError::TooHigh {
                        from,
                        to,
                        from_height: from_height as u8,
                        to_height: to_height as u8,
                    });
                }
                let mut after = self.clone();
                after.apply(turn);
                if let Some((a, b, color)) = after.tall_safe_pair() {
                    return Err(TurnError::TallSafeStacks { a, b, color });
                }
                Ok(())
            }
        }
    }

    /// Applies a turn already known to be legal.
    pub(super) fn apply(&mut self, turn: Turn) {
        match turn {
            Turn::Enter(cell) => {
                let i = cell.index();
                if let Some(slot) = self.stacks[i].get_mut(self.heights[i] as usize) {
                    *slot = self.to_move;
                    self.heights[i] += 1;
                }
            }
            Turn::Move { from, to } => {
                let (f, t) = (from.index(), to.index());
                let (hf, ht) = (self.heights[f] as usize, self.heights[t] as usize);
                if hf == 0 || ht >= MAX_HEIGHT {
                    return;
                }
                let piece = std::mem::replace(&mut self.stacks[f][hf - 1], Color::White);
                self.heights[f] -= 1;
                self.stacks[t][ht] = piece;
                self.heights[t] += 1;
            }
        }
        self.last = Some(turn.destination());
        self.to_move = self.to_move.other();
    }

    /// The legal turns, without the end-of-game check.
    fn generate(&self) -> Vec<Turn> {
        let mut turns = Vec::new();
        if self.has_stack_of_six() {
            return turns;
        }
        let mover = self.to_move;
        if self.in_hand(mover) > 0 {
            turns.extend(
                Cell::RING
                    .iter()
                    .filter(|&&c| self.height(c) == 0)
                    .map(|&c| Turn::Enter(c)),
            );
        }
        if self.must_enter() {
            return turns;
        }
        for from in Cell::ALL {
            for &to in from.neighbours() {
                let turn = Turn::Move { from, to };
                if self.check_rules(turn).is_ok() {
                    turns.push(turn);
                }
            }
        }
        turns.sort_unstable();
        turns
    }

    /// The legal turns, sorted: entries by cell, then moves by the cell left
    /// and the cell reached, cells in [`Cell::ALL`] order. Empty exactly when
    /// the game is over.
    pub fn legal_turns(&self) -> Vec<Turn> {
        self.generate()
    }

    /// Whether `turn` is legal here, and if not, why.
    pub fn check(&self, turn: Turn) -> Result<(), TurnError> {
        if self.has_stack_of_six() {
            return Err(TurnError::GameOver);
        }
        match self.check_rules(turn) {
            Ok(()) => Ok(()),
            // A player with no legal turn has lost (RULINGS Takat 8): say so
            // rather than name the rule this particular turn breaks.
            Err(_) if self.generate().is_empty() => Err(TurnError::GameOver),
            Err(e) => Err(e),
        }
    }

    /// Plays `turn` if it is legal; on error the position is unchanged.
    pub fn play(&mut self, turn: Turn) -> Result<(), TurnError> {
        self.check(turn)?;
        self.apply(turn);
        Ok(())
    }

    /// The outcome, once the game is over: White wins as soon as a stack has
    /// six pieces; otherwise a side to move with no legal turn loses
    /// (RULINGS Takat 8).
    pub fn outcome(&self) -> Option<Outcome> {
        if self.has_stack_of_six() {
            Some(Outcome {
                winner: Color::White,
                reason: WinReason::StackOfSix,
            })
        } else if self.generate().is_empty() {
            Some(Outcome {
                winner: self.to_move.other(),
                reason: WinReason::NoLegalTurn,
            })
        } else {
            None
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
}
