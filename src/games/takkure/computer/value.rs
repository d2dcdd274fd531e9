//! How good a position is for a coach, in points (a try is 100): the
//! score, then rugby in numbers. The ball: who holds it and the try it
//! may bring (the carrier's try odds, kept for each activation the way to
//! the in-goal still needs, never more than trying now, nothing once the
//! half's activations run out), whether the carrier is down, how many defenders stand between it
//! and the in-goal and can reach it (each weighed by its exact chance to
//! bring the carrier down, [`super::odds`]), the teammates in support; a
//! loose ball, by who is nearer. The players: on their feet, wounds,
//! fatigue, injuries. An activation under way: the tacklers in contact with
//! the carrier's path and the stealers beside it, weighed by their odds.

use super::super::game::{Ball, Game, Outcome, Step};
use super::super::input::Action;
use super::super::player::{Absence, PlayerId};
use super::super::side::Side;
use super::super::square::Square;
use super::odds;

/// A won match, in points.
pub const WIN: f64 = 10_000.0;
/// A try.
pub const TRY: f64 = 100.0;

/// How good `game` is for `me`.
pub fn value(game: &Game, me: Side) -> f64 {
    if let Some(outcome) = game.outcome() {
        let margin = f64::from(game.score(me)) - f64::from(game.score(me.other()));
        return match outcome {
            Outcome::Win(side) if side == me => WIN + margin,
            Outcome::Win(_) => -WIN + margin,
            Outcome::Draw => 0.0,
        };
    }
    let mut v = TRY * (f64::from(game.score(me)) - f64::from(game.score(me.other())));
    v += team(game, me) - team(game, me.other());
    v += ball(game, me);
    v
}

/// Rows from `sq` to the in-goal `side` scores in (0 inside it).
pub fn to_go(side: Side, sq: Square) -> i32 {
    match side {
        Side::Home => (26 - sq.row()).max(0),
        Side::Away => (sq.row() - 1).max(0),
    }
}

/// Where a player stands, or will stand once the marked move is made
/// (during the defence's declarations the active player has not moved).
pub fn square_of(game: &Game, id: PlayerId) -> Option<Square> {
    if let (Some(act), Some(active)) = (game.activation(), game.active()) {
        if active == id && act.executed.is_empty() && matches!(act.first, Action::Move { .. }) {
            return act.marked.last().copied();
        }
    }
    game.player(id).square
}

fn standing(game: &Game, id: PlayerId) -> bool {
    let p = game.player(id);
    p.on_field() && !p.ground
}

/// The players' condition.
fn team(game: &Game, side: Side) -> f64 {
    let mut v = 0.0;
    for id in Game::ids(side) {
        let p = game.player(id);
        v -= 2.5 * f64::from(p.wounds) + 1.0 * f64::from(p.active_fatigue());
        v -= match p.out {
            None if p.ground => 5.0,
            None => 0.0,
            Some(Absence::KickOff) => 6.0,
            Some(Absence::Half) => 12.0,
            Some(Absence::Match) => 20.0,
        };
    }
    v
}

/// The ball and the players around it, for `me`.
fn ball(game: &Game, me: Side) -> f64 {
    match game.ball() {
        Ball::Held(c) => {
            let v = carried(game, c);
            if c.side == me {
                v
            } else {
                -v
            }
        }
        Ball::Loose(sq) => loose(game, sq, me),
        Ball::Out => kickoff(game, me),
    }
}

/// The ball held by `c`, for its side.
fn carried(game: &Game, c: PlayerId) -> f64 {
    let side = c.side;
    let Some(at) = square_of(game, c) else {
        return 0.0;
    };
    let carrier = game.player(c);
    let go = to_go(side, at);
    let under_way =
        matches!(game.step(), Step::Defence | Step::Second) && game.activation().is_some();
    let active_carrier = under_way && game.active() == Some(c);
    // The second action still to come this activation, when the carrier
    // is the active player.
    let free = active_carrier && game.activation().is_some_and(|a| a.second.is_none());
    // What a try by this carrier is worth once in the in-goal, and the
    // way there: possession is worth a share of it.
    let worth = TRY * odds::try_alone(game, c, 0);
    let extra = f64::from(u8::from(carrier.ground)) - f64::from(u8::from(free));
    let mut v = held(game, side, at, worth, game.stats(c).mov_attack, extra);
    // What losing the ball costs: the possession changes hands.
    let swing = 2.0 * v;
    let scoring = go == 0 && !carrier.ground;
    if carrier.ground {
        v -= 12.0;
    }
    // The path the carrier runs this activation (its square otherwise).
    let path: Vec<Square> = match game.activation() {
        Some(act) if active_carrier => {
            if act.executed.is_empty() {
                act.marked.clone()
            } else {
                act.executed.clone()
            }
        }
        _ => vec![at],
    };
    let touches = |sq: Square| path.iter().any(|p| p.distance(sq) <= 1);
    let declared = |id: PlayerId| -> Option<Action> {
        game.activation()?
            .declared
            .iter()
            .find(|&&(slot, _)| slot == id.slot)
            .map(|(_, a)| a.clone())
    };
    let pressure = if under_way { game.pressure_at(at) } else { 0 };
    v -= 3.0 * f64::from(pressure);
    let mut down = 0.0f64;
    let mut stealers = 0.0f64;
    let mut faced = false;
    for o in Game::ids(side.other()) {
        let Some(osq) = game.player(o).square else {
            continue;
        };
        if !standing(game, o) {
            continue;
        }
        if under_way && declared(o).is_some() {
            match declared(o) {
                Some(Action::Tackle(_)) if touches(osq) => {
                    let p = odds::tackle_success(game, o, c, pressure, !faced);
                    faced = true;
                    down = 1.0 - (1.0 - down) * (1.0 - p);
                }
                Some(Action::Steal(_)) if osq.distance(at) <= 1 => {
                    stealers += 1.0;
                }
                _ => {}
            }
        } else if !under_way || game.step() == Step::Defence {
            // A defender still to declare, or the next activation's: a
            // tackle it can reach.
            let reach = game.defensive_reach(o) + 1;
            let near = path.iter().map(|p| p.distance(osq)).min().unwrap_or(99);
            if near <= reach {
                let p = odds::tackle_success(game, o, c, 0, true);
                // Not every threat is carried out: the attacker moves first
                // when the activation has not started.
                let p = if under_way || scoring { p } else { 0.5 * p };
                down = 1.0 - (1.0 - down) * (1.0 - p);
            } else {
                v -= 0.5 * f64::from((4 - (near - reach)).max(0));
            }
        }
    }
    // Brought down: on the ground, the ball in reach of stealers.
    let steal = if carrier.ground { 1.0 } else { down };
    v -= down * 14.0;
    if scoring && active_carrier {
        // The try this activation, unless a tackle stops it.
        v = TRY * odds::try_alone(game, c, pressure) * (1.0 - down);
    } else if scoring {
        // A try as soon as the carrier is activated, if it still can be.
        v *= 1.0 - down;
    }
    if stealers > 0.0 {
        v -= steal * (1.0 - 0.5f64.powf(stealers)) * swing;
    }
    // Support: teammates on their feet behind the ball to pass to.
    let mut support = 0;
    for t in Game::ids(side).filter(|&t| t != c) {
        if let Some(tsq) = square_of(game, t) {
            if standing(game, t) && !side.ahead(tsq, at) && tsq.distance(at) <= 6 {
                support += 1;
            }
        }
    }
    v + 3.0 * f64::from(support.min(2))
}

/// A loose ball: the attacker keeps it until a defender holds it; whoever
/// is nearer picks it up.
fn loose(game: &Game, sq: Square, me: Side) -> f64 {
    let near = |side: Side| {
        Game::ids(side)
            .filter(|&id| standing(game, id))
            .filter_map(|id| square_of(game, id))
            .map(|at| at.distance(sq))
            .min()
            .unwrap_or(40)
    };
    // In contact, the ball is picked up with BaC +4 (3.05): nearly held.
    let reach = |side: Side| {
        let d = f64::from(near(side) - 1).max(0.0);
        // One action more: the pick-up.
        0.8 * held(game, side, sq, LOOSE_WORTH, 4, 1.0) * (1.0 - d / 8.0).max(0.0)
    };
    let turn = if game.attacker() == me { 1.0 } else { -1.0 };
    reach(me) - reach(me.other()) + turn
}

/// How open the way from `at` to the in-goal is for `side`: a share of
/// the ball's worth taken off for each opponent on its feet in the way.
fn open(game: &Game, side: Side, at: Square) -> f64 {
    let go = to_go(side, at);
    let mut share = 1.0;
    for o in Game::ids(side.other()).filter(|&o| standing(game, o)) {
        if let Some(osq) = square_of(game, o) {
            let ahead = go - to_go(side, osq);
            if ahead > 0 && (osq.col() - at.col()).abs() <= ahead + 3 {
                share -= 0.1;
            }
        }
    }
    share
}

/// A try's worth when the carrier is not known (a loose ball).
const LOOSE_WORTH: f64 = 35.0;

/// Having the ball at all, when no try can come of it this half.
const POSSESSION: f64 = 4.0;

/// What each activation still needed before a try keeps of its worth
/// (the tackles, steals and failed rolls on the way).
const PER_ACTIVATION: f64 = 0.7;

/// The activations `side` can still make this half if it keeps the ball
/// (RULINGS Takkure 10): the tokens in hand, then four a time box down
/// to box 1; a defender first has to win the ball.
pub fn activations_left(game: &Game, side: Side) -> i32 {
    let later = 4 * (i32::from(game.time().clock) - 1).max(0);
    if side == game.attacker() {
        i32::from(game.tokens()) + later
    } else {
        later
    }
}

/// A ball held on `sq` by `side`, before the players around it count:
/// `worth` (the try its carrier would score from the in-goal) kept for
/// each activation the way still needs: moves of `mov` rows, then the
/// TRY, two actions an activation, `extra` actions more (a stand-up, a
/// pick-up) or fewer (the second action still to come). Fractional, so
/// that every row up the field counts; the way counts for its `open`
/// share. Nothing but possession when the half ends first.
fn held(game: &Game, side: Side, sq: Square, worth: f64, mov: i32, extra: f64) -> f64 {
    let go = f64::from(to_go(side, sq));
    let actions = go / f64::from(mov.max(1)) + 1.0 + extra;
    let needed = (actions / 2.0).max(0.0);
    if needed.ceil() > f64::from(activations_left(game, side)) {
        return POSSESSION;
    }
    // Never more than the try itself: keeping the ball in the in-goal
    // must not beat trying now.
    (worth * PER_ACTIVATION.powf(needed) * (0.5 + 0.5 * open(game, side, sq))).max(POSSESSION)
}

/// A kick-off under way: players near where the ball comes down.
fn kickoff(game: &Game, me: Side) -> f64 {
    let Some(target) = game.kickoff().target else {
        return 0.0;
    };
    let close = |side: Side| -> f64 {
        let mut d: Vec<i32> = Game::ids(side)
            .filter_map(|id| game.player(id).square)
            .map(|sq| sq.distance(target))
            .collect();
        d.sort_unstable();
        d.iter()
            .take(2)
            .map(|&d| f64::from((6 - d).max(0)))
            .sum::<f64>()
    };
    2.0 * (close(me) - close(me.other()))
}
