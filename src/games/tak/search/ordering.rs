//! Move ordering: killer moves (quiet moves that refuted a sibling) and the
//! history table (moves that caused cutoffs anywhere, weighted by depth, less
//! the quiet moves tried before them).

use crate::games::tak::moves::Move;
use crate::games::tak::piece::{Color, Role};

/// Deepest ply the killer table holds.
pub const MAX_PLY: usize = 128;

/// Placements: square x role.
const PLACEMENT_SLOTS: usize = 64 * Role::ALL.len();
/// Placements, then spreads: square x direction x pieces lifted.
const HISTORY_SLOTS: usize = PLACEMENT_SLOTS + 64 * 4 * 8;

pub struct Ordering {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
}

impl Default for Ordering {
    fn default() -> Self {
        Ordering {
            killers: vec![[None; 2]; MAX_PLY],
            history: vec![0; 2 * HISTORY_SLOTS],
        }
    }
}

/// The history slot of a move for a colour.
fn slot(mv: Move, color: Color) -> usize {
    let index = match mv {
        Move::Place { square, role } => square.index() * Role::ALL.len() + role.index(),
        Move::Spread {
            square,
            direction,
            drops,
        } => {
            let dir = direction as usize;
            PLACEMENT_SLOTS + (square.index() * 4 + dir) * 8 + (drops.count() as usize - 1)
        }
    };
    color.index() * HISTORY_SLOTS + index
}

impl Ordering {
    /// Forgets the killers (they belong to one search's plies) and ages
    /// the history so it adapts to the new position.
    pub fn new_search(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None; 2]);
        self.history.iter_mut().for_each(|h| *h /= 8);
    }

    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers.get(ply).copied().unwrap_or([None; 2])
    }

    pub fn history(&self, mv: Move, color: Color) -> i32 {
        self.history[slot(mv, color)]
    }

    /// Records a move that caused a beta cutoff at `depth` remaining plies.
    pub fn record_cutoff(&mut self, mv: Move, color: Color, ply: usize, depth: i32) {
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != Some(mv) {
                k[1] = k[0];
                k[0] = Some(mv);
            }
        }
        let h = &mut self.history[slot(mv, color)];
        *h = h.saturating_add(depth * depth).min(1 << 24);
    }

    /// Records a quiet move searched before the one that cut off at
    /// `depth`: its history falls as a cutoff's rises.
    pub fn record_failure(&mut self, mv: Move, color: Color, depth: i32) {
        let h = &mut self.history[slot(mv, color)];
        *h = h.saturating_sub(depth * depth).max(-(1 << 24));
    }
}
