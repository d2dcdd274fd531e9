//! Perft: the number of move sequences of a given length, the standard
//! check of a move generator against other engines. A finished game has no
//! moves (RULINGS Tak 9).

use super::position::Position;

impl Position {
    /// The number of legal move sequences of `depth` plies from here.
    pub fn perft(&self, depth: u32) -> u64 {
        let mut position = self.clone();
        perft_in_place(&mut position, depth)
    }

    /// Perft below each legal move, in the order of `legal_moves`.
    pub fn divide(&self, depth: u32) -> Vec<(super::Move, u64)> {
        let mut position = self.clone();
        let moves = position.legal_moves();
        moves
            .into_iter()
            .map(|mv| {
                let undo = position.play_unchecked(mv);
                let nodes = perft_in_place(&mut position, depth.saturating_sub(1));
                position.undo(mv, undo);
                (mv, nodes)
            })
            .collect()
    }
}

fn perft_in_place(position: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if position.is_over() {
        return 0;
    }
    if depth == 1 {
        return position.count_legal_moves();
    }
    let mut moves = Vec::with_capacity(256);
    position.legal_moves_into(&mut moves);
    let mut nodes = 0;
    for mv in moves {
        let undo = position.play_unchecked(mv);
        nodes += perft_in_place(position, depth - 1);
        position.undo(mv, undo);
    }
    nodes
}
