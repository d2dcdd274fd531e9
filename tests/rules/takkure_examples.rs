//! Issue 42, "sensible examples and coach choices", over whole seeded
//! matches: home follows every example the prompts give, as a newcomer
//! does, away is the coach at level 3. Through every step:
//!
//! - an example never undoes the step before: a player is never sent back
//!   to the square it just left, nor backwards at its second action
//!   (towards its own in-goal), but to stand beside a loose ball (the
//!   D5-D8 shuttle of the issue);
//! - an example never proposes what cannot take the ball: no tackle on a
//!   carrier already on the ground (a tackle there takes no ball; a steal
//!   does, RULINGS Takkure 14 and the reading on tackles in docs/takkure.md);
//! - a carrier's move, as an example, goes towards the opponent's in-goal
//!   (never back), and a standing carrier is moved when it can be;
//! - the coach picks up a loose ball beside its active player at the
//!   second action (BALL PICK UP, RULINGS Takkure 13) unless a try is open.

use taktable::games::takkure::computer::coach_input;
use taktable::games::takkure::{
    Action, Ball, Game, Input, PlayerId, Second, Side, Squad, Square, Step,
};

/// How far `sq` lies towards the in-goal `side` scores in.
fn progress(side: Side, sq: Square) -> i32 {
    sq.row() * side.forward()
}

/// The player an input of the attacking or defending team names, and the
/// square it is sent to, if it is a move.
fn moved(game: &Game, input: &Input) -> Option<(PlayerId, Square)> {
    match input {
        Input::Act {
            role,
            action: Action::Move { to, .. },
        } => Some((game.id_of(game.attacker(), *role).ok()?, *to)),
        Input::Second(Second::Move(to)) => Some((game.active()?, *to)),
        _ => None,
    }
}

/// What one match showed.
#[derive(Debug, Default)]
struct Seen {
    examples: usize,
    second_moves: usize,
    carrier_moves: usize,
    grounded_carrier_defences: usize,
    pickups_open: usize,
}

fn check_match(seed: u64, squads: [Squad; 2]) -> Seen {
    let mut game = Game::new(squads[0], squads[1], seed);
    let mut seen = Seen::default();
    // Where each player stood before its last move, by side and slot.
    let mut left: [[Option<Square>; 4]; 2] = Default::default();
    let mut inputs = 0;
    while let Some(side) = game.awaiting() {
        inputs += 1;
        assert!(inputs < 5000, "seed {seed}: the match does not end");
        let input = if side == Side::Home {
            let example = game.example().expect("an example while the match goes on");
            seen.examples += 1;
            check_example(&game, &example, &left, &mut seen, seed);
            example
        } else {
            let input = coach_input(&game, 3, seed ^ inputs as u64).expect("the coach plays");
            check_coach(&game, &input, &mut seen, seed);
            input
        };
        if let Some((id, _)) = moved(&game, &input) {
            left[id.side.index()][usize::from(id.slot)] = game.player(id).square;
        }
        game.play(&input)
            .unwrap_or_else(|e| panic!("seed {seed}: `{input}` refused: {e}"));
    }
    seen
}

fn check_example(
    game: &Game,
    example: &Input,
    left: &[[Option<Square>; 4]; 2],
    seen: &mut Seen,
    seed: u64,
) {
    let attack = game.attacker();
    let loose = match game.ball() {
        Ball::Loose(sq) => Some(sq),
        _ => None,
    };
    let beside_loose = |to: Square| loose.is_some_and(|b| b.distance(to) <= 1);
    if let Some((id, to)) = moved(game, example) {
        let here = game.player(id).square.expect("a mover on the field");
        let back = left[id.side.index()][usize::from(id.slot)];
        assert!(
            back != Some(to) || beside_loose(to),
            "seed {seed}: `{example}` sends the {} back to {to}, which it just left\n{}",
            game.name(id),
            game.prompt()
        );
        if matches!(example, Input::Second(_)) {
            seen.second_moves += 1;
            assert!(
                progress(attack, to) >= progress(attack, here) || beside_loose(to),
                "seed {seed}: `{example}` moves the {} backwards from {here}\n{}",
                game.name(id),
                game.prompt()
            );
        }
        if game.carrier() == Some(id) {
            seen.carrier_moves += 1;
            assert!(
                progress(attack, to) >= progress(attack, here),
                "seed {seed}: `{example}` runs the carrier back from {here}"
            );
        }
    }
    if game.step() == Step::Defence
        && game
            .carrier()
            .is_some_and(|c| game.player(c).ground && c.side == attack)
    {
        seen.grounded_carrier_defences += 1;
        assert!(
            !matches!(
                example,
                Input::Act {
                    action: Action::Tackle(_),
                    ..
                }
            ),
            "seed {seed}: `{example}` tackles a carrier already on the ground\n{}",
            game.prompt()
        );
    }
}

fn check_coach(game: &Game, input: &Input, seen: &mut Seen, seed: u64) {
    let pickup = Input::Second(Second::PickUp);
    let try_ = Input::Second(Second::Try);
    if game.step() == Step::Second
        && matches!(game.ball(), Ball::Loose(_))
        && game.check(&pickup).is_ok()
        && game.check(&try_).is_err()
    {
        seen.pickups_open += 1;
        assert_eq!(
            *input,
            pickup,
            "seed {seed}: the coach leaves the loose ball beside it\n{}",
            game.prompt()
        );
    }
}

#[test]
fn examples_and_the_coach_play_sensibly_through_whole_matches() {
    let mut total = Seen::default();
    for (seed, squads) in [
        (3, [Squad::Yamato, Squad::Teriomorph]),
        (8, [Squad::Teriomorph, Squad::Yamato]),
        (21, [Squad::Yamato, Squad::Yamato]),
    ] {
        let seen = check_match(seed, squads);
        eprintln!("seed {seed}: {seen:?}");
        total.examples += seen.examples;
        total.second_moves += seen.second_moves;
        total.carrier_moves += seen.carrier_moves;
        total.grounded_carrier_defences += seen.grounded_carrier_defences;
        total.pickups_open += seen.pickups_open;
    }
    // The matches went through every case the properties are about (the
    // three seeds: 355 examples, 4 second-action moves, 6 carrier moves,
    // 50 defences against a carrier on the ground, 9 loose balls beside
    // the coach's active player).
    assert!(total.examples > 300, "{total:?}");
    assert!(total.second_moves > 0, "{total:?}");
    assert!(total.carrier_moves > 0, "{total:?}");
    assert!(total.grounded_carrier_defences > 0, "{total:?}");
    assert!(total.pickups_open > 0, "{total:?}");
}
