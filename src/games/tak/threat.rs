//! Road threats: whether a player could complete a road with one ply, for
//! the "Tak!" announcement (RULINGS Tak 8).

use super::moves::Move;
use super::piece::{Color, Role};
use super::position::{Outcome, Position};

impl Position {
    /// The moves that would win `color` a road if it were `color`'s ply now.
    pub fn road_wins_for(&self, color: Color) -> Vec<Move> {
        if self.is_over() {
            return Vec::new();
        }
        let mut position = self.clone();
        if position.to_move() != color {
            position.pass_turn();
        }
        let mut wins = Vec::new();
        for mv in position.legal_moves() {
            // A wall never completes a road.
            if let Move::Place {
                role: Role::Wall, ..
            } = mv
            {
                continue;
            }
            let undo = position.play_unchecked(mv);
            if position.outcome() == Some(Outcome::Road(color)) {
                wins.push(mv);
            }
            position.undo(mv, undo);
        }
        wins
    }

    /// After a ply: whether the player who made it could complete a road
    /// with their next ply ("Tak!", RULINGS Tak 8).
    pub fn is_tak(&self) -> bool {
        !self.road_wins_for(self.to_move().opponent()).is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::super::Rules;
    use super::*;

    #[test]
    fn tak_is_called_when_the_mover_threatens_a_road() {
        // RULINGS Tak 8: White has a1-d1 on 5x5 and just played; e1 would complete a road.
        let rules = Rules::standard(5).unwrap();
        let p = Position::from_tps("x5/x5/x5/2,2,2,x2/1,1,1,1,x 2 5", rules).unwrap();
        assert!(p.is_tak());
        assert_eq!(
            p.road_wins_for(Color::White)
                .iter()
                .map(|m| m.to_string())
                .collect::<Vec<_>>(),
            vec!["e1", "Ce1"]
        );
        // Black (to move) has three in a row on rank 2: no threat from Black's side yet.
        assert!(p.road_wins_for(Color::Black).is_empty());
        // A wall on e1 removes the threat.
        let blocked = Position::from_tps("x5/x5/x5/2,2,2,x2/1,1,1,1,2S 1 6", rules).unwrap();
        assert!(blocked.road_wins_for(Color::White).is_empty());
    }
}
