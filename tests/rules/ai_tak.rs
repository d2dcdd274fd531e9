//! The Tak computer opponent: it plays a road in one at every level above
//! 1, it never returns an illegal move, and it keeps within its node and
//! time budgets.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;
use std::time::Duration;
use taktable::games::tak::search::mcts::Mcts;
use taktable::games::tak::search::policy::Policy;
use taktable::games::tak::search::{Level, Limits, Searcher, Settings};
use taktable::games::tak::{Color, Komi, Opening, Outcome, Position, Rules};

fn random_rules(rng: &mut SmallRng, size: u8) -> Rules {
    let mut rules = Rules::standard(size)
        .unwrap()
        .with_komi(Komi::from_halves(rng.random_range(-9..=9)).unwrap());
    if rng.random_bool(0.3) {
        rules = rules.with_opening(Opening::NoSwap);
    }
    rules
}

/// A position reached by random legal moves (the game not over).
fn random_position(rng: &mut SmallRng, size: u8) -> Position {
    loop {
        let mut position = Position::new(random_rules(rng, size));
        let plies = rng.random_range(0..(size as u32 * size as u32 * 2));
        for _ in 0..plies {
            let moves = position.legal_moves();
            let mv = moves[rng.random_range(0..moves.len())];
            position.play_unchecked(mv);
            if position.is_over() {
                break;
            }
        }
        if !position.is_over() {
            return position;
        }
    }
}

/// Random positions where the player to move can complete a road (by the
/// rules' own road check, RULINGS Tak 5), some only by a spread.
fn road_in_one_positions(rng: &mut SmallRng, size: u8, wanted: usize) -> Vec<Position> {
    let mut found = Vec::new();
    let mut tries = 0;
    while found.len() < wanted && tries < 20_000 {
        tries += 1;
        let position = random_position(rng, size);
        if !position.road_wins_for(position.to_move()).is_empty() {
            found.push(position);
        }
    }
    found
}

#[test]
fn a_road_in_one_is_played_at_every_level_above_one() {
    // Issue 14: "a road in one is always played at every level above 1".
    let mut rng = SmallRng::seed_from_u64(14);
    let mut checked = 0;
    for size in 3..=8 {
        let positions = road_in_one_positions(&mut rng, size, 4);
        assert!(
            !positions.is_empty(),
            "no road in one found on {size}x{size}"
        );
        for position in positions {
            let mover = position.to_move();
            for level in (2..=10).filter_map(Level::new) {
                let mut searcher = Searcher::new(4);
                let report = searcher
                    .search(&position, level.settings(level.number() as u64), |_| {})
                    .unwrap();
                let mut after = position.clone();
                after.play(report.best()).unwrap();
                assert_eq!(
                    after.outcome(),
                    Some(Outcome::Road(mover)),
                    "level {level} played {} in {}",
                    report.best(),
                    position.tps()
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 6 * 9, "only {checked} checks");
}

#[test]
fn a_road_made_only_by_a_spread_is_found() {
    // Rank 3 is White's but for a black flat on c3; White's stack on c2
    // (black under white) moves up onto c3 and completes the road: only a
    // spread wins (RULINGS Tak 5).
    let rules = Rules::standard(5).unwrap();
    let position = Position::from_tps("x5/x5/1,1,2,1,1/x2,21,x2/2,2,x3 1 8", rules).unwrap();
    let wins = position.road_wins_for(Color::White);
    assert!(!wins.is_empty());
    assert!(wins.iter().all(|m| m.to_string().contains('+')));
    let report = Searcher::new(4)
        .search(&position, Level::new(2).unwrap().settings(0), |_| {})
        .unwrap();
    assert!(wins.contains(&report.best()), "played {}", report.best());
}

/// Searches `count` random positions of each size 3-8 and checks every
/// returned move against the rules.
fn check_legal_moves(count: usize, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    for size in 3..=8 {
        let mut searcher = Searcher::new(4);
        for i in 0..count {
            let position = random_position(&mut rng, size);
            let level = Level::new(rng.random_range(1..=9)).unwrap();
            let mut settings = level.settings(i as u64);
            settings.limits.nodes = Some(settings.limits.nodes.unwrap_or(400).min(400));
            settings.limits.depth = Some(settings.limits.depth.unwrap_or(3).min(3));
            let report = searcher.search(&position, settings, |_| {}).unwrap();
            assert!(
                position.check(report.best()).is_ok(),
                "level {level} returned {} in {}",
                report.best(),
                position.tps()
            );
            for (ply, mv) in report.pv.iter().enumerate() {
                assert!(ply < 64 && !mv.to_string().is_empty());
            }
        }
    }
}

#[test]
fn no_illegal_move_in_random_positions_of_every_size() {
    check_legal_moves(40, 3);
}

#[test]
#[ignore = "10,000 random positions per size; run by hand"]
fn no_illegal_move_in_ten_thousand_random_positions_per_size() {
    check_legal_moves(10_000, 4);
}

#[test]
fn the_node_budget_bounds_every_search() {
    let mut rng = SmallRng::seed_from_u64(9);
    for size in [4, 6, 8] {
        let position = random_position(&mut rng, size);
        let limits = Limits {
            nodes: Some(3_000),
            ..Limits::default()
        };
        let report = Searcher::new(4)
            .search(&position, Settings::with_limits(limits), |_| {})
            .unwrap();
        assert!(report.nodes <= 3_000, "{} nodes", report.nodes);
    }
}

#[test]
fn an_expired_move_time_stops_after_the_first_iteration() {
    // The clock is read while searching; with no time at all, the search
    // completes depth 1 (it must name a move) and starts nothing more.
    let position = Position::new(Rules::standard(6).unwrap());
    let mut iterations = Vec::new();
    let limits = Limits {
        movetime: Some(Duration::ZERO),
        ..Limits::default()
    };
    let report = Searcher::new(4)
        .search(&position, Settings::with_limits(limits), |r| {
            iterations.push(r.depth)
        })
        .unwrap();
    assert_eq!(report.depth, 1);
    assert_eq!(iterations, vec![1]);
}

#[test]
fn seeded_levels_play_the_same_move_twice() {
    let mut rng = SmallRng::seed_from_u64(21);
    for _ in 0..5 {
        let position = random_position(&mut rng, 5);
        for level in [1, 4, 7].map(|l| Level::new(l).unwrap()) {
            let first = Searcher::new(4).search(&position, level.settings(5), |_| {});
            let second = Searcher::new(4).search(&position, level.settings(5), |_| {});
            assert_eq!(first.unwrap().best(), second.unwrap().best());
        }
    }
}

#[test]
fn the_searcher_answers_a_single_road_threat() {
    // White has a1-d1 on 5x5 and threatens e1; Black (to move) must fill
    // e1 or break the line (a black flat moved onto a1-d1), or lose at once
    // (RULINGS Tak 5).
    let position = Position::from_tps_standard("x5/x5/x5/2,2,x3/1,1,1,1,x 2 5").unwrap();
    assert!(!position.road_wins_for(Color::White).is_empty());
    for level in (2..=8).filter_map(Level::new) {
        let report = Searcher::new(4)
            .search(&position, level.settings(1), |_| {})
            .unwrap();
        let mut after = position.clone();
        after.play(report.best()).unwrap();
        assert!(
            after.road_wins_for(Color::White).is_empty(),
            "level {level} played {}",
            report.best()
        );
    }
}

// The tree search (`taktable tei --mcts`, docs/ai.md "A search that
// averages: MCTS (2026-11-29, evening)") on the same rules.

/// The move `mcts` plays after `visits` visits.
fn tree_best(mut mcts: Mcts, position: &Position, visits: u64) -> taktable::games::tak::Move {
    let limits = Limits {
        nodes: Some(visits),
        ..Limits::default()
    };
    mcts.search(position, limits).unwrap().best()
}

fn mcts_best(position: &Position, visits: u64) -> taktable::games::tak::Move {
    tree_best(Mcts::new(), position, visits)
}

/// The tree search as it plays with a policy file (`tei --mcts --policy`),
/// here a policy that weighs every move alike: what it finds it finds by
/// the moves' values and the rules, not by what a fit learnt.
fn with_policy() -> Mcts {
    let mut mcts = Mcts::new();
    mcts.set_policy(Arc::new(Policy::uniform()));
    mcts
}

fn policy_best(position: &Position, visits: u64) -> taktable::games::tak::Move {
    tree_best(with_policy(), position, visits)
}

#[test]
fn the_tree_search_plays_a_road_in_one() {
    // A road in one, by placement or by spread, ends the game (RULINGS Tak 5):
    // the tree search plays it on every board size.
    let mut rng = SmallRng::seed_from_u64(44);
    let mut checked = 0;
    for size in 3..=8 {
        for position in road_in_one_positions(&mut rng, size, 4) {
            let mover = position.to_move();
            for best in [mcts_best(&position, 200), policy_best(&position, 200)] {
                let mut after = position.clone();
                after.play(best).unwrap();
                assert_eq!(
                    after.outcome(),
                    Some(Outcome::Road(mover)),
                    "{}",
                    position.tps()
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 6 * 2, "only {checked} checks");
    let spread_only = Position::from_tps(
        "x5/x5/1,1,2,1,1/x2,21,x2/2,2,x3 1 8",
        Rules::standard(5).unwrap(),
    )
    .unwrap();
    let wins = spread_only.road_wins_for(Color::White);
    assert!(wins.contains(&mcts_best(&spread_only, 200)));
    // With a policy too, every move is played once when its node is
    // reached, to see whether it ends the game.
    assert!(wins.contains(&policy_best(&spread_only, 200)));
}

#[test]
fn the_tree_search_answers_a_single_road_threat() {
    // White threatens e1 (a1-d1 on 5x5); Black must fill e1 or break the
    // line, or lose at once (RULINGS Tak 5).
    let position = Position::from_tps_standard("x5/x5/x5/2,2,x3/1,1,1,1,x 2 5").unwrap();
    for visits in [50, 500, 5_000] {
        for best in [mcts_best(&position, visits), policy_best(&position, visits)] {
            let mut after = position.clone();
            after.play(best).unwrap();
            assert!(
                after.road_wins_for(Color::White).is_empty(),
                "{visits} visits"
            );
        }
    }
}

#[test]
fn the_tree_search_plays_legal_moves_within_its_visits() {
    let mut rng = SmallRng::seed_from_u64(4444);
    for mut mcts in [Mcts::new(), with_policy()] {
        for size in 3..=8 {
            for _ in 0..20 {
                let position = random_position(&mut rng, size);
                let visits = rng.random_range(1..300);
                let limits = Limits {
                    nodes: Some(visits),
                    ..Limits::default()
                };
                let report = mcts.search(&position, limits).unwrap();
                assert!(report.nodes <= visits);
                assert!(position.check(report.best()).is_ok(), "{}", position.tps());
                let mut line = position.clone();
                for mv in &report.pv {
                    assert!(
                        line.play(*mv).is_ok(),
                        "pv {:?} in {}",
                        report.pv,
                        position.tps()
                    );
                    if line.is_over() {
                        break;
                    }
                }
            }
        }
    }
    // A finished game has no move to search.
    let mcts = &mut Mcts::new();
    let over = Position::from_tps_standard("x3/x3/1,1,1 2 3").unwrap();
    assert!(over.is_over());
    assert!(mcts.search(&over, Limits::default()).is_none());
}
