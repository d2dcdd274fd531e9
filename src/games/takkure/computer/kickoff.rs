//! The coach's kick-off plan (rulebook 5.03, RULINGS Takkure 9): it takes
//! the ball (`receive`); receiving, it spreads its players over its half,
//! the best hands deep where the kick comes down; kicking, it lines up
//! across the field and aims where no receiver can catch the ball, with its
//! surest kicker. The moves while the ball is in the air and where a good
//! kick lands are weighed as every other input.

use super::super::game::{Game, Step};
use super::super::input::Input;
use super::super::player::PlayerId;
use super::super::side::Side;
use super::super::square::Square;

/// The planned input at a kick-off step, if the step has a plan.
pub fn planned(game: &Game) -> Option<Input> {
    match game.step() {
        Step::Choose { .. } => Some(Input::Receive),
        Step::Place { side } => place(game, side),
        Step::Target => target(game),
        _ => None,
    }
}

/// The next player to place and where.
fn place(game: &Game, side: Side) -> Option<Input> {
    let id =
        Game::ids(side).find(|&id| game.player(id).out.is_none() && !game.player(id).on_field())?;
    let kicking = game.kickoff().kicker == Some(side);
    // Columns and depth (rows out from the own in-goal) by line-up slot:
    // the fast and the sure hands deep, the strong ones in front.
    let (col, depth) = match (kicking, id.slot) {
        (true, 0) => (4, 0),
        (true, 1) => (11, 0),
        (true, 2) => (7, 0),
        (true, _) => (9, 0),
        (false, 0) => (5, 5),
        (false, 1) => (10, 5),
        (false, 2) => (6, 9),
        (false, _) => (9, 9),
    };
    let row = if kicking {
        side.kick_row()
    } else {
        match side {
            Side::Home => 2 + depth,
            Side::Away => 25 - depth,
        }
    };
    let role = game.role(id);
    let legal = |sq: Square| game.check(&Input::Place { role, square: sq }).is_ok();
    let wanted = Square::new(col, row)?;
    let square = Square::all()
        .filter(|&sq| legal(sq))
        .min_by_key(|&sq| (sq.distance(wanted), (sq.col() - col).abs(), sq))?;
    Some(Input::Place { role, square })
}

/// Where to kick: the square between the receivers' line of 10 and their
/// in-goal farthest from every receiver (they catch within 2), nearer the
/// kickers when equal; the kicker is the surest hand (BaC).
fn target(game: &Game) -> Option<Input> {
    let kicker = game.kickoff().kicker?;
    let on = |side: Side| -> Vec<Square> {
        Game::ids(side)
            .filter_map(|id| game.player(id).square)
            .collect()
    };
    let (receivers, kickers) = (on(kicker.other()), on(kicker));
    let by = Game::ids(kicker)
        .filter(|&id| game.player(id).on_field())
        .max_by_key(|&id: &PlayerId| {
            (
                game.characteristic(id, "BaC", game.stats(id).bac).value(),
                std::cmp::Reverse(id.slot),
            )
        })?;
    let nearest =
        |from: &[Square], sq: Square| from.iter().map(|s| s.distance(sq)).min().unwrap_or(30);
    let target = Square::all()
        .filter(|&sq| kicker.other().kick_target(sq))
        .max_by_key(|&sq| {
            let away = nearest(&receivers, sq).min(6);
            (away, -nearest(&kickers, sq), std::cmp::Reverse(sq))
        })?;
    Some(Input::KickAt {
        target,
        kicker: game.role(by),
    })
}
