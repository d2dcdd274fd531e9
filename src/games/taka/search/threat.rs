//! Goals in one: whether a side could score with its next turn, found
//! without generating every turn.
//!
//! A goal is a pass that ends on an opponent goal square from the
//! opponent's shooting zone (RULINGS Taka 8). Within one turn the ball
//! can get there in four ways only: a carrier in the zone shoots; a
//! carrier passes to a teammate in the zone who shoots on (a consecutive
//! pass, RULINGS Taka 9); a piece picks up a loose ball in the zone and
//! shoots as its follow-up (RULINGS Taka 5); a piece tackles a carrier in
//! the zone and shoots as its follow-up (RULINGS Taka 12). A runner
//! receiving, a dribble, a turn or an activation ends with the ball held,
//! never in a goal. So the candidates are built from those four shapes
//! only (straight lines to the four goal squares) and each is checked by
//! the rules themselves ([`rules::execute`]), so that a candidate is a goal
//! exactly when the rules say so; `tests` compare this with the full list
//! of legal turns along random games.

use super::super::board::{Ball, Board};
use super::super::rules::{self, reach};
use super::super::side::Side;
use super::super::square::{Spot, Square};
use super::super::turn::{Link, Turn};

/// The opponent goal squares `side` shoots at (D-G on the opponent's
/// goal row) that no piece stands on: a piece on the target blocks a shot
/// (RULINGS Taka 8).
fn open_targets(board: &Board, side: Side) -> ([Square; 4], usize) {
    let row = side.other().goal_row();
    let mut targets = [Square::known(3, row); 4];
    let mut n = 0;
    for c in 3..=6 {
        let g = Square::known(c, row);
        if board.piece(g).is_none() {
            targets[n] = g;
            n += 1;
        }
    }
    (targets, n)
}

/// What a scoring turn is built from: the board, the side, the open goal
/// squares.
struct Finder<'a> {
    board: &'a Board,
    side: Side,
    targets: [Square; 4],
    open: usize,
}

impl Finder<'_> {
    fn targets(&self) -> &[Square] {
        &self.targets[..self.open]
    }

    /// Whether a shot from `from` could reach a goal square: `from` is in
    /// the zone the side shoots from, in a straight line with an open one.
    fn in_line(&self, from: Square) -> bool {
        self.side.in_attacking_zone(from.row())
            && self.targets().iter().any(|&g| from.line_to(g).is_some())
    }

    /// The first turn that scores: `from`, optionally a first leg to
    /// `via`, then a pass from `shooter` into the goal.
    fn shot(&self, from: Spot, via: Option<(Link, Spot)>, shooter: Square) -> Option<Turn> {
        self.targets()
            .iter()
            .filter(|&&g| shooter.line_to(g).is_some())
            .find_map(|&g| {
                let target = Spot::Square(g);
                let turn = match via {
                    None => Turn::leg(from, Link::Pass, target),
                    Some((link, at)) => Turn::leg(from, link, at).then(Link::Pass, target),
                };
                rules::execute(self.board, self.side, true, &turn)
                    .is_ok_and(|done| done.goal)
                    .then_some(turn)
            })
    }
}

/// A turn by `side` that scores, if one exists (with no re-placement: the
/// turn is checked as if the goal won the game).
pub fn scoring_turn(board: &Board, side: Side) -> Option<Turn> {
    let (targets, open) = open_targets(board, side);
    if open == 0 {
        return None;
    }
    let finder = Finder {
        board,
        side,
        targets,
        open,
    };
    // The side's pieces without a ball: receivers, tacklers, pickers.
    let mut free = [Square::known(0, 1); 11];
    let mut n = 0;
    for sq in Square::all() {
        if n < free.len()
            && board.piece(sq).is_some_and(|p| p.side == side)
            && board.carried(sq).is_none()
        {
            free[n] = sq;
            n += 1;
        }
    }
    let free = &free[..n];
    let own = |sq: Square| board.piece(sq).is_some_and(|p| p.side == side);
    for ball in board.balls() {
        let found = match ball {
            // A carrier shoots, or passes to a teammate who shoots on
            // (RULINGS Taka 8, 9).
            Ball::Held(at, _) if own(at) => finder
                .in_line(at)
                .then(|| finder.shot(Spot::Square(at), None, at))
                .flatten()
                .or_else(|| via_teammate(&finder, free, Spot::Square(at))),
            Ball::InCircle(s) if s == side => via_teammate(&finder, free, Spot::Circle),
            // An opponent's carrier in the zone, tackled from next to it
            // (RULINGS Taka 12).
            Ball::Held(at, _) if finder.in_line(at) => free
                .iter()
                .filter(|&&from| from.is_next_to(at))
                .find_map(|&from| {
                    let via = Some((Link::Tackle, Spot::Square(at)));
                    finder.shot(Spot::Square(from), via, at)
                }),
            // A loose ball in the zone, picked up by a move (RULINGS Taka 5).
            Ball::Loose(at) if finder.in_line(at) && !rules::is_goal_square(at) => free
                .iter()
                .filter(|&&from| {
                    from.line_to(at)
                        .is_some_and(|(dir, dist)| dist <= reach(side, dir))
                })
                .find_map(|&from| {
                    let via = Some((Link::Go, Spot::Square(at)));
                    finder.shot(Spot::Square(from), via, at)
                }),
            _ => None,
        };
        if found.is_some() {
            return found;
        }
    }
    None
}

/// Whether `side` could score with its next turn.
pub fn can_score(board: &Board, side: Side) -> bool {
    scoring_turn(board, side).is_some()
}

/// A consecutive pass from the ball at `from` to a teammate in the zone
/// who shoots on (RULINGS Taka 9).
fn via_teammate(finder: &Finder<'_>, free: &[Square], from: Spot) -> Option<Turn> {
    free.iter()
        .filter(|&&mid| {
            finder.in_line(mid) && from.square().map_or(true, |f| f.line_to(mid).is_some())
        })
        .find_map(|&mid| finder.shot(from, Some((Link::Pass, Spot::Square(mid))), mid))
}

#[cfg(test)]
mod tests {
    use super::super::super::movegen;
    use super::super::super::position::Position;
    use super::*;
    use crate::games::kit::search::mix;

    /// Positions along seeded random games of "first to 3" (so that goals
    /// happen and play goes on), both sides asked.
    fn random_boards(seed: u64, count: usize) -> Vec<Board> {
        let settings = super::super::super::settings::Settings::new(3, 75).unwrap();
        let mut state = seed;
        let mut position = Position::start_with(settings);
        let mut out = Vec::new();
        while out.len() < count {
            let turns = position.legal_turns();
            if turns.is_empty() {
                position = Position::start_with(settings);
                continue;
            }
            state = mix(state.wrapping_add(1));
            // Prefer turns that move a ball forward now and then, so the
            // balls reach the zones more often than at random.
            let turn = turns[(state % turns.len() as u64) as usize];
            position.play(&turn).unwrap();
            out.push(*position.board());
        }
        out
    }

    #[test]
    fn goals_in_one_agree_with_every_legal_turn() {
        // RULINGS Taka 5, 8, 9, 12: the four shapes of a goal in one turn.
        let mut found = 0;
        for board in random_boards(3, 1500) {
            for side in Side::ALL {
                let all = movegen::legal_turns(&board, side, true)
                    .iter()
                    .any(|t| rules::execute(&board, side, true, t).is_ok_and(|d| d.goal));
                let quick = scoring_turn(&board, side);
                assert_eq!(quick.is_some(), all, "{side} on {board:?}");
                found += all as usize;
            }
        }
        assert!(found > 20, "only {found} positions with a goal in one");
    }
}
