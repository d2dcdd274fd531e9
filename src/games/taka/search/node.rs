//! What the search plays on: the board, the side to move, the score and
//! how far the turn limit is, without the repetition history that
//! [`Position`] keeps (the search checks repetition only at its root).

use super::super::board::Board;
use super::super::movegen;
use super::super::outcome::Outcome;
use super::super::position::Position;
use super::super::rules::{self, Done};
use super::super::side::Side;
use super::super::turn::Turn;

/// A position as the search sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    pub board: Board,
    pub side: Side,
    /// Goals so far, White first.
    pub score: [u8; 2],
    /// The goals the game is played to (RULINGS Taka 15).
    pub goals: u8,
    /// Turns left before the turn limit ends the game (RULINGS Taka 16).
    pub plies_left: u32,
}

/// How a node stands: still going, or decided by the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Going,
    /// The game is over: `Some(side)` won, `None` a draw.
    Over(Option<Side>),
}

impl Node {
    /// The node of a position (its history is not kept).
    pub fn of(position: &Position) -> Node {
        let settings = position.settings();
        let limit = u32::from(settings.turn_limit);
        let turn = u32::from(position.turn_number());
        let this_turn = match position.to_move() {
            Side::White => 2,
            Side::Black => 1,
        };
        Node {
            board: *position.board(),
            side: position.to_move(),
            score: [position.score(Side::White), position.score(Side::Black)],
            goals: settings.goals,
            plies_left: (limit.saturating_sub(turn)) * 2 + if turn > limit { 0 } else { this_turn },
        }
    }

    /// Whether a goal by the side to move ends the game.
    pub fn goal_wins(&self) -> bool {
        self.score[self.side.index()] + 1 >= self.goals
    }

    /// The legal turns with the node each leads to.
    pub fn children(&self) -> Vec<(Turn, Node)> {
        let goal_wins = self.goal_wins();
        movegen::proposals(&self.board, self.side, goal_wins)
            .into_iter()
            .filter_map(|turn| {
                let done = rules::execute(&self.board, self.side, goal_wins, &turn).ok()?;
                Some((turn, self.after(done)))
            })
            .collect()
    }

    /// The turns the generator proposes, legal or not (each is checked
    /// when played, [`Node::play`]).
    pub fn proposals(&self) -> Vec<Turn> {
        movegen::proposals(&self.board, self.side, self.goal_wins())
    }

    /// The node after a turn of the side to move, if it is legal.
    pub fn play(&self, turn: &Turn) -> Option<Node> {
        rules::execute(&self.board, self.side, self.goal_wins(), turn)
            .ok()
            .map(|done| self.after(done))
    }

    fn after(&self, done: Done) -> Node {
        let mut score = self.score;
        if done.goal {
            score[self.side.index()] += 1;
        }
        Node {
            board: done.board,
            side: self.side.other(),
            score,
            goals: self.goals,
            plies_left: self.plies_left.saturating_sub(1),
        }
    }

    /// Whether the game is over by goals or by the turn limit (repetition
    /// is left to the root).
    pub fn status(&self) -> Status {
        for side in Side::ALL {
            if self.score[side.index()] >= self.goals {
                return Status::Over(Some(side));
            }
        }
        if self.plies_left == 0 {
            let [w, b] = self.score;
            return Status::Over(match w.cmp(&b) {
                std::cmp::Ordering::Greater => Some(Side::White),
                std::cmp::Ordering::Less => Some(Side::Black),
                std::cmp::Ordering::Equal => None,
            });
        }
        Status::Going
    }
}

/// The winner of an outcome, as a status.
pub fn status_of(outcome: Outcome) -> Status {
    Status::Over(outcome.winner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_turn_limit_counts_down_to_the_end() {
        // RULINGS Taka 16: 75 turns each, 150 plies.
        let start = Position::start();
        assert_eq!(Node::of(&start).plies_left, 150);
        let mut position = start;
        let mut node = Node::of(&position);
        for _ in 0..3 {
            let turn = position.legal_turns()[0];
            position.play(&turn).unwrap();
            node = node.play(&turn).unwrap();
            assert_eq!(node, Node::of(&position));
        }
        assert_eq!(node.plies_left, 147);
    }

    #[test]
    fn the_children_are_the_legal_turns_once_each() {
        let settings = super::super::super::settings::Settings::new(2, 75).unwrap();
        let mut position = Position::start_with(settings);
        let mut state = 9u64;
        for _ in 0..300 {
            if position.is_over() {
                position = Position::start_with(settings);
            }
            let legal = position.legal_turns();
            let node = Node::of(&position);
            let mut children: Vec<Turn> = node.children().into_iter().map(|(t, _)| t).collect();
            children.sort_unstable();
            assert_eq!(children, legal, "{position}");
            state = crate::games::kit::search::mix(state + 1);
            let turn = legal[(state % legal.len() as u64) as usize];
            assert_eq!(
                node.play(&turn).map(|n| n.board),
                position.after(&turn).ok().map(|p| *p.board())
            );
            position.play(&turn).unwrap();
        }
    }
}
