//! Random games to the end with the invariants of the rules, and the
//! legal turn list checked both ways: every listed turn is accepted, and
//! every turn accepted (out of a broad set of candidates built without the
//! generator) is listed.

use std::collections::HashSet;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use taktable::games::taka::rules::is_goal_square;
use taktable::games::taka::{
    describe, Ball, Facing, Link, Outcome, Position, Settings, Side, Spot, Square, Turn,
};

/// The invariants every position must keep: ten field pieces and a goalie
/// a side, two balls, never two balls on a square, only goalies on goal
/// squares, a ball on a goal square only once the game is won.
fn check_invariants(p: &Position) {
    let b = p.board();
    for side in Side::ALL {
        let on = |goalie| {
            Square::all()
                .filter(|&s| {
                    b.piece(s)
                        .is_some_and(|x| x.side == side && x.goalie == goalie)
                })
                .count()
        };
        assert_eq!(on(false), 10, "{side} field pieces in {p}");
        assert_eq!(
            on(true) + usize::from(b.goalie_in_circle(side)),
            1,
            "{side} goalie in {p}"
        );
        if b.circle_ball(side) {
            assert!(b.goalie_in_circle(side));
        }
    }
    let balls = b.balls();
    assert_eq!(balls.len(), 2);
    if let (Some(x), Some(y)) = (balls[0].square(), balls[1].square()) {
        assert_ne!(x, y, "two balls on one square in {p}");
    }
    for ball in balls {
        match ball {
            Ball::Held(sq, _) => assert!(b.piece(sq).is_some()),
            Ball::Loose(sq) => {
                assert!(b.piece(sq).is_none());
                if is_goal_square(sq) {
                    assert!(matches!(p.outcome(), Some(Outcome::Win { .. })), "{p}");
                }
            }
            Ball::InCircle(_) => {}
        }
    }
    for sq in Square::all().filter(|&s| is_goal_square(s)) {
        assert!(
            !b.piece(sq).is_some_and(|x| !x.goalie),
            "field piece on {sq} in {p}"
        );
    }
}

#[test]
fn random_games_keep_the_invariants_to_the_end() {
    let mut rng = SmallRng::seed_from_u64(2026);
    let mut ends = [0usize; 3];
    for g in 0..40 {
        let settings = Settings::new(1 + (g % 3) as u8, 20 + (g % 4) as u16 * 20).unwrap();
        let mut p = Position::start_with(settings);
        check_invariants(&p);
        let mut plies = 0;
        loop {
            let turns = p.legal_turns();
            if turns.is_empty() {
                assert!(p.is_over(), "no legal turn but not over: {p}");
                break;
            }
            assert!(!p.is_over());
            let t = turns[rng.random_range(0..turns.len())];
            let words = describe(&p, &t).unwrap_or_else(|e| panic!("{t} in {p}: {e}"));
            assert!(words.len() > 5, "{t}: {words}");
            p.play(&t)
                .unwrap_or_else(|e| panic!("{t} listed but refused in {p}: {e}"));
            check_invariants(&p);
            if let Some(outcome) = p.outcome() {
                // The outcome tells the result (the bot adds it after the last turn's words).
                let told = outcome.to_string();
                assert!(told.contains("wins") || told.contains("raw"), "{told}");
            }
            plies += 1;
            assert!(plies <= 2 * settings.turn_limit as usize, "game too long");
        }
        match p.outcome() {
            Some(Outcome::Win { .. }) => ends[0] += 1,
            Some(Outcome::Draw(taktable::games::taka::DrawReason::Repetition)) => ends[1] += 1,
            _ => ends[2] += 1,
        }
    }
    // Random play scores now and then.
    assert!(ends[0] > 0, "no game was won: {ends:?}");
}

/// Candidate turns built without the generator: every one- and two-leg
/// chain from every own spot to every spot, with every facing; runners
/// next to every single-pass target; re-placements on every square of the
/// own zone after a shot.
fn candidates(p: &Position) -> Vec<Turn> {
    let side = p.to_move();
    let b = p.board();
    let mut spots: Vec<Spot> = Square::all().map(Spot::Square).collect();
    spots.push(Spot::Circle);
    let own: Vec<Spot> = spots
        .iter()
        .copied()
        .filter(|&s| match s {
            Spot::Square(sq) => b.piece(sq).is_some_and(|x| x.side == side),
            Spot::Circle => b.goalie_in_circle(side),
        })
        .collect();
    let facings = [
        None,
        Some(Facing::N),
        Some(Facing::E),
        Some(Facing::S),
        Some(Facing::W),
    ];
    let mut out = Vec::new();
    for &from in &own {
        if let Spot::Square(sq) = from {
            for f in Facing::ALL {
                out.push(Turn::face(sq, f));
            }
        }
        for link in [Link::Go, Link::Tackle, Link::Pass] {
            for &to in &spots {
                let one = Turn::leg(from, link, to);
                for f in facings {
                    let mut t = one;
                    t.facing = f;
                    out.push(t);
                }
                if link == Link::Pass {
                    if let Spot::Square(target) = to {
                        for r in Square::all().filter(|r| r.is_next_to(target)) {
                            for f in Facing::ALL {
                                out.push(one.runner(r).facing(f));
                            }
                        }
                        if is_goal_square(target) {
                            for at in Square::all().filter(|s| side.in_own_zone(s.row())) {
                                for f in facings {
                                    out.push(one.placement(at, f));
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    // Two legs: every second leg after a first leg that some accepted turn
    // starts with.
    let firsts: HashSet<_> = out
        .iter()
        .filter(|t| p.check(t).is_ok())
        .filter_map(|t| t.first.map(|l| (t.from, l)))
        .collect();
    for (from, first) in firsts {
        for link in [Link::Go, Link::Tackle, Link::Pass] {
            for &to in &spots {
                let t = Turn::leg(from, first.link, first.to).then(link, to);
                for f in facings {
                    let mut u = t;
                    u.facing = f;
                    out.push(u);
                }
                if let Spot::Square(target) = to {
                    if link == Link::Pass && is_goal_square(target) {
                        for at in Square::all().filter(|s| side.in_own_zone(s.row())) {
                            for f in facings {
                                out.push(t.placement(at, f));
                            }
                        }
                    }
                    if link == Link::Pass {
                        for r in Square::all().filter(|r| r.is_next_to(target)) {
                            out.push(t.runner(r).facing(Facing::S));
                        }
                    }
                }
            }
        }
    }
    out
}

#[test]
fn legal_turns_are_exactly_the_turns_play_accepts() {
    let mut rng = SmallRng::seed_from_u64(99);
    let mut checked = 0;
    for g in 0..12 {
        let settings = Settings::new(1 + (g % 2) as u8, 75).unwrap();
        let mut p = Position::start_with(settings);
        for _ in 0..rng.random_range(0..50) {
            let turns = p.legal_turns();
            if turns.is_empty() {
                break;
            }
            let t = turns[rng.random_range(0..turns.len())];
            p.play(&t).unwrap();
        }
        let legal: HashSet<Turn> = p.legal_turns().into_iter().collect();
        for t in &legal {
            assert!(p.check(t).is_ok(), "{t} listed but refused in {p}");
        }
        let accepted: HashSet<Turn> = candidates(&p)
            .into_iter()
            .filter(|t| p.check(t).is_ok())
            .collect();
        for t in &accepted {
            assert!(legal.contains(t), "{t} accepted but not listed in {p}");
        }
        checked += accepted.len();
    }
    assert!(checked > 1000, "too few turns checked: {checked}");
}
