//! One group of tests per Taka ruling (`RULINGS.md`, section Taka), each
//! with turns the ruling allows and, for every rule that forbids
//! something, turns it refuses.
//!
//! Positions are built by [`pos`] (see `taka_support.rs`).

use crate::taka_support::{pos, sq};
use taktable::games::taka::{
    Ball, DrawReason, Facing, Outcome, Piece, Position, Side, Spot, Square, Turn, TurnError,
    WinReason,
};

fn turn(s: &str) -> Turn {
    s.parse()
        .unwrap_or_else(|e| panic!("test turn {s:?} is invalid: {e}"))
}

/// Plays `t`, failing the test if it is illegal or not listed as legal.
fn after(p: &Position, t: &str) -> Position {
    let parsed = turn(t);
    assert!(p.legal_turns().contains(&parsed), "{t} not listed in {p}");
    let mut next = p.clone();
    next.play(&parsed)
        .unwrap_or_else(|e| panic!("{t} should be legal in {p}: {e}"));
    next
}

/// Asserts that `t` is refused with `err`, is not listed among the legal
/// turns, and that trying it changes nothing.
fn refused(p: &Position, t: &str, err: TurnError) {
    let parsed = turn(t);
    assert_eq!(p.check(&parsed), Err(err), "{t} in {p}");
    assert!(!p.legal_turns().contains(&parsed), "{t} listed in {p}");
    let mut copy = p.clone();
    assert_eq!(copy.play(&parsed), Err(err), "{t} in {p}");
    assert_eq!(&copy, p, "a refused turn changed the position");
}

fn white() -> Piece {
    Piece {
        side: Side::White,
        goalie: false,
    }
}

fn black() -> Piece {
    Piece {
        side: Side::Black,
        goalie: false,
    }
}

#[test]
fn ruling_1_white_attacks_south_black_north() {
    // RULINGS Taka 1, 5: forward is south for White, north for Black.
    let p = pos("E7:w F3:w*S E12:b*N D9:b", "w");
    let q = after(&p, "E7-E10");
    assert_eq!(q.board().piece(sq("E10")), Some(white()));
    refused(
        &p,
        "E7-E4",
        TurnError::TooFar {
            from: sq("E7"),
            to: sq("E4"),
            max: 2,
            forward: false,
        },
    );
    let p = pos("E7:w F3:w*S E12:b*N D9:b", "b");
    after(&p, "D9-D6");
    refused(
        &p,
        "D9-D12",
        TurnError::TooFar {
            from: sq("D9"),
            to: sq("D12"),
            max: 2,
            forward: false,
        },
    );
}

#[test]
fn ruling_2_standard_formation() {
    // RULINGS Taka 2
    let p = Position::start();
    let b = p.board();
    for s in ["E3", "F3", "C4", "H4", "D5", "G5", "B6", "I6", "E7", "F7"] {
        assert_eq!(b.piece(sq(s)), Some(white()), "{s}");
    }
    for s in [
        "E12", "F12", "C11", "H11", "D10", "G10", "B9", "I9", "E8", "F8",
    ] {
        assert_eq!(b.piece(sq(s)), Some(black()), "{s}");
    }
    assert_eq!(b.carried(sq("F3")), Some(Facing::S));
    assert_eq!(b.carried(sq("E12")), Some(Facing::N));
    assert!(b.goalie_in_circle(Side::White) && b.goalie_in_circle(Side::Black));
    assert!(!b.balls().iter().any(|ball| matches!(ball, Ball::Loose(_))));
    assert_eq!(p.to_move(), Side::White);
    assert_eq!(Square::all().filter(|&s| b.piece(s).is_some()).count(), 20);
}

#[test]
fn ruling_3_open_directions_for_passes_and_tackles() {
    // RULINGS Taka 3: a carrier facing S passes S, E, W, SE, SW only.
    let p = Position::start();
    after(&p, "F3>E3 S");
    after(&p, "F3>J3");
    refused(
        &p,
        "F3>F2",
        TurnError::PassBehind {
            facing: Facing::S,
            dir: taktable::games::taka::Direction::N,
        },
    );
    let err = p.check(&turn("F3>E2")).unwrap_err();
    assert!(err
        .to_string()
        .starts_with("you can't pass behind you while facing S"));
    // It can be tackled only from an open-direction neighbour.
    let p = pos("E7:w*S E6:b E8:b A9:b*N", "b");
    let q = after(&p, "E8xE7 N");
    assert_eq!(q.board().piece(sq("E7")), Some(black()));
    assert_eq!(q.board().piece(sq("E8")), Some(white()));
    assert_eq!(q.board().carried(sq("E7")), Some(Facing::N));
    refused(
        &p,
        "E6xE7 S",
        TurnError::TackleProtected {
            at: sq("E7"),
            facing: Facing::S,
            from: sq("E6"),
        },
    );
}

#[test]
fn ruling_3_turning_changes_the_facing() {
    // RULINGS Taka 3 (text 5): a turn changes the facing, a whole action.
    let p = Position::start();
    let q = after(&p, "F3 E");
    assert_eq!(q.board().carried(sq("F3")), Some(Facing::E));
    refused(
        &p,
        "F3 S",
        TurnError::SameFacing {
            at: sq("F3"),
            facing: Facing::S,
        },
    );
    refused(&p, "E3 S", TurnError::NoBall(Spot::Square(sq("E3"))));
}

#[test]
fn ruling_4_goalie_circle() {
    // RULINGS Taka 4: the goalie steps into the circle from the four squares
    // around it, without the ball.
    let p = pos("E2:W D2:w F3:w*S E12:b*N", "w");
    let q = after(&p, "E2-O");
    assert!(q.board().goalie_in_circle(Side::White));
    refused(&p, "D2-O", TurnError::CircleOnlyGoalie);
    let p = pos("D2:W F3:w*S E12:b*N", "w");
    refused(&p, "D2-O", TurnError::NotNextToCircle(sq("D2")));
    let p = pos("E2:W*S E12:b*N", "w");
    refused(&p, "E2-O", TurnError::CircleWithBall);
    // A pass along a diagonal through the circle ends at the goalie there.
    let p = pos("C4:w*N E12:b*N", "w");
    let q = after(&p, "C4>O");
    assert!(q.board().circle_ball(Side::White));
    let p = pos("C5:w*N E12:b*N", "w");
    refused(&p, "C5>O", TurnError::NotOnCircleDiagonal(sq("C5")));
    // From the circle, only the two diagonals away from the goal.
    let p = pos("O:W* C4:w E12:b*N", "w");
    after(&p, "O>C4 S");
    after(&p, "O>H4");
    refused(&p, "O>E3", TurnError::CircleDiagonalsOnly);
    refused(&p, "O S", TurnError::CircleNoTurning);
    // The goalie in its circle blocks nothing: Black shoots through its
    // point to F1.
    let p = pos("D3:b*N F3:w*S", "b");
    let q = after(&p, "D3>F1");
    assert_eq!(
        q.outcome(),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: WinReason::Goals
        })
    );
    // It cannot be tackled there.
    let p = pos("O:W* E2:b E12:b*N", "b");
    refused(&p, "E2xO", TurnError::NoCarrier(Spot::Circle));
}

#[test]
fn ruling_5_movement_limits_and_paths() {
    // RULINGS Taka 5: 3 forward, 2 backward or sideways, a straight line.
    let p = pos("E7:w F3:w*S E12:b*N", "w");
    after(&p, "E7-H10");
    after(&p, "E7-G7");
    after(&p, "E7-E5");
    refused(
        &p,
        "E7-H7",
        TurnError::TooFar {
            from: sq("E7"),
            to: sq("H7"),
            max: 2,
            forward: false,
        },
    );
    refused(
        &p,
        "E7-F9",
        TurnError::NotALine {
            from: Spot::Square(sq("E7")),
            to: Spot::Square(sq("F9")),
        },
    );
    let p = pos("E7:w E8:b F3:w*S E12:b*N", "w");
    refused(&p, "E7-E9", TurnError::PathBlocked(sq("E8")));
    refused(&p, "E7-E8", TurnError::Occupied(sq("E8")));
}

#[test]
fn ruling_5_loose_ball_pick_up_and_follow_up() {
    // RULINGS Taka 5: a move stops at a loose ball and picks it up; then
    // facing, and at most one dribble or pass.
    let p = pos("E7:w E8:* E12:b*N F11:b", "w");
    refused(&p, "E7-E9", TurnError::OverLooseBall(sq("E8")));
    let q = after(&p, "E7-E8 W");
    assert_eq!(q.board().carried(sq("E8")), Some(Facing::W));
    refused(&p, "E7-E8", TurnError::NeedFacing(Spot::Square(sq("E8"))));
    let q = after(&p, "E7-E8-D9 S");
    assert_eq!(q.board().carried(sq("D9")), Some(Facing::S));
    // The follow-up pass may go any way (the facing is chosen first).
    let q = after(&p, "E7-E8>E5");
    assert!(q.board().loose_at(sq("E5")));
    refused(&p, "E7-E8>E5<E4 S", TurnError::RunnerNotAfterFollowUp);
    refused(&p, "E7-E8xF8 S", TurnError::FollowUpTackle);
    refused(
        &p,
        "E7-E8-E10 S",
        TurnError::DribbleOneSquare {
            from: sq("E8"),
            to: sq("E10"),
        },
    );
    // A second pass after a pick-up cannot even be written: three legs.
    assert!("E7-E8>E5>E4".parse::<Turn>().is_err());
}

#[test]
fn ruling_5_dribble() {
    // RULINGS Taka 5: one square, onto no piece and no loose ball.
    let p = pos("F3:w*S F4:* G4:b", "w");
    let q = after(&p, "F3-E4 E");
    assert_eq!(q.board().carried(sq("E4")), Some(Facing::E));
    refused(&p, "F3-F4 S", TurnError::LooseBallThere(sq("F4")));
    refused(&p, "F3-G4 S", TurnError::Occupied(sq("G4")));
    refused(
        &p,
        "F3-F5 S",
        TurnError::DribbleOneSquare {
            from: sq("F3"),
            to: sq("F5"),
        },
    );
    refused(&p, "F3-E2", TurnError::NeedFacing(Spot::Square(sq("E2"))));
}

#[test]
fn ruling_6_only_goalies_on_goal_squares() {
    // RULINGS Taka 6
    let p = pos("D2:w F3:w*S E12:b*N", "w");
    refused(&p, "D2-D1", TurnError::GoalSquare(sq("D1")));
    let p = pos("D2:W F3:w*S E12:b*N", "w");
    let q = after(&p, "D2-D1");
    assert_eq!(
        q.board().piece(sq("D1")),
        Some(Piece {
            side: Side::White,
            goalie: true
        })
    );
    // A tackle that would put a field piece on a goal square.
    let p = pos("E14:B*N E13:w D13:W F3:w*S", "w");
    refused(&p, "E13xE14 S", TurnError::TackleOntoGoal);
    let q = after(&p, "D13xE14 N");
    assert_eq!(q.board().carried(sq("E14")), Some(Facing::N));
}

#[test]
fn ruling_7_ground_and_chip_passes() {
    // RULINGS Taka 7: a pass over pieces is a chip; it is blocked when the
    // square next to the passer is taken.
    let p = pos("E5:w*S E7:b E12:b*N", "w");
    let q = after(&p, "E5>E9");
    assert!(q.board().loose_at(sq("E9")));
    let p = pos("E5:w*S E6:b E12:b*N", "w");
    refused(&p, "E5>E9", TurnError::ChipBlocked(sq("E6")));
    assert_eq!(
        p.check(&turn("E5>E9")).unwrap_err().to_string(),
        "the chip is blocked: the square next to the passer is taken (E6): a chip needs a \
         free square in front of the passer"
    );
    refused(&p, "E5>E6", TurnError::PassToOpponent(sq("E6")));
    // Loose balls on the way do not block.
    let p = pos("E5:w*S E7:*", "w");
    after(&p, "E5>E9");
    refused(&p, "E5>E7", TurnError::OntoLooseBall(sq("E7")));
    // Never onto a teammate already holding a ball.
    let p2 = pos("E5:w*S E8:w*N", "w");
    refused(
        &p2,
        "E5>E8 S",
        TurnError::ReceiverHolds(Spot::Square(sq("E8"))),
    );
}

#[test]
fn ruling_7_goal_mouth_and_own_goal() {
    // RULINGS Taka 7: a pass never crosses a goal square; never into the
    // own goal.
    let p = pos("C1:w*E E12:b*N", "w");
    refused(&p, "C1>I1", TurnError::GoalMouth(sq("D1")));
    after(&p, "C1>D2");
    let p = pos("D2:w*N E12:b*N", "w");
    refused(&p, "D2>D1", TurnError::OwnGoal);
}

#[test]
fn ruling_7_no_chip_over_a_goalie_from_the_last_row() {
    // RULINGS Taka 7
    let p = pos("A1:w*S A2:- A3:B E12:b*N", "w");
    refused(&p, "A1>A5", TurnError::ChipOverGoalie);
    let p = pos("A2:w*S A3:- A4:B E12:b*N", "w");
    after(&p, "A2>A6");
}

#[test]
fn ruling_8_shots() {
    // RULINGS Taka 8: from the opponent's shooting zone, not onto a goalie.
    let p = pos("E11:w*S F11:w*S", "w");
    let q = after(&p, "E11>E14");
    assert_eq!(
        q.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::Goals
        })
    );
    assert!(q.legal_turns().is_empty());
    assert_eq!(q.check(&turn("F11>F14")), Err(TurnError::GameOver));
    let p = pos("F11:w*S E14:B E9:w*S", "w");
    refused(
        &p,
        "F11>E14",
        TurnError::NotALine {
            from: Spot::Square(sq("F11")),
            to: Spot::Square(sq("E14")),
        },
    );
    let p = pos("F11:w*S F14:B E9:w*S", "w");
    refused(&p, "F11>F14", TurnError::ShotBlocked(sq("F14")));
    refused(&p, "E9>E14", TurnError::ShotOutOfZone(Side::White));
}

#[test]
fn ruling_9_consecutive_pass() {
    // RULINGS Taka 9: the middle piece faces where the ball came from.
    let p = pos("E5:w*S E8:w H8:w E12:b*N", "w");
    let q = after(&p, "E5>E8>H8 W");
    assert_eq!(q.board().carried(sq("H8")), Some(Facing::W));
    assert_eq!(q.board().carried(sq("E8")), None);
    // E8 faces N, so it cannot pass on south.
    refused(
        &p,
        "E5>E8>E11",
        TurnError::PassBehind {
            facing: Facing::N,
            dir: taktable::games::taka::Direction::S,
        },
    );
    // At most one chip.
    let p = pos("E5:w*S E7:b E8:w G8:b H8:w E12:b*N", "w");
    refused(&p, "E5>E8>H8 W", TurnError::SecondChip);
    let p = pos("E5:w*S E7:b E8:w H8:w E12:b*N", "w");
    after(&p, "E5>E8>H8 W");
    // Only after a pass that reaches a teammate.
    let p = pos("E5:w*S H9:w E12:b*N", "w");
    refused(&p, "E5>E9>H9 S", TurnError::SecondPassNeedsTeammate);
}

#[test]
fn ruling_10_move_to_receive() {
    // RULINGS Taka 10
    let p = pos("E5:w*S F9:w G9:w E12:b*N", "w");
    let q = after(&p, "E5>E9<F9 S");
    assert_eq!(q.board().carried(sq("E9")), Some(Facing::S));
    assert_eq!(q.board().piece(sq("F9")), None);
    refused(
        &p,
        "E5>E9<G9 S",
        TurnError::RunnerNotNext {
            runner: sq("G9"),
            to: sq("E9"),
        },
    );
    refused(&p, "E5>E6<E5 S", TurnError::RunnerIsPasser);
    refused(
        &p,
        "E5>E9<F9",
        TurnError::NeedFacing(Spot::Square(sq("E9"))),
    );
    let p = pos("E5:w*S E7:b F9:w E12:b*N", "w");
    refused(&p, "E5>E9<F9 S", TurnError::RunnerNotOnChip);
    let p = pos("E5:w*S E8:w F9:w H8:w E12:b*N", "w");
    refused(&p, "E5>E8>H8<F9 W", TurnError::RunnerNotWithSecondPass);
    refused(
        &p,
        "E5>E8<F9 S",
        TurnError::RunnerNeedsEmptySquare(sq("F9")),
    );
    let p = pos("E4:w*S F11:w E12:b*N", "w");
    refused(&p, "E4>E10<F11 S", TurnError::CrossZoneEndsTurn);
}

#[test]
fn ruling_11_cross_zone_pass() {
    // RULINGS Taka 11: own zone to the opponent's zone ends the turn.
    let p = pos("E4:w*S E10:w H10:w E12:b*N", "w");
    after(&p, "E4>E10 S");
    refused(&p, "E4>E10>H10 W", TurnError::CrossZoneEndsTurn);
    // From the midfield it is not cross-zone.
    let p = pos("E6:w*S E10:w H10:w E12:b*N", "w");
    after(&p, "E6>E10>H10 W");
}

#[test]
fn ruling_12_tackle_and_follow_up() {
    // RULINGS Taka 12
    let p = pos("E7:w*S E6:b E8:b A9:b*N", "b");
    let q = after(&p, "E8xE7-D7 W");
    assert_eq!(q.board().carried(sq("D7")), Some(Facing::W));
    let q = after(&p, "E8xE7>A7");
    assert!(q.board().loose_at(sq("A7")));
    refused(&p, "E8xE7>B7<B8 S", TurnError::RunnerNotAfterFollowUp);
    refused(&p, "A9xE7 S", TurnError::TacklerHolds(sq("A9")));
    let p = pos("E7:w*S C8:b A9:b*N", "b");
    refused(
        &p,
        "C8xE7 N",
        TurnError::TackleNotAdjacent {
            from: sq("C8"),
            at: sq("E7"),
        },
    );
    let p = pos("E7:w*S E8:b*N F3:w", "b");
    refused(&p, "E8xE7 N", TurnError::TacklerHolds(sq("E8")));
}

#[test]
fn ruling_13_offside() {
    // RULINGS Taka 13: Black's goalie in its circle counts on row 13, then
    // A9 and J9 are the second-to-last opponents.
    let black = "A6:b*N B6:b C6:b D6:b G6:b H6:b I6:b J6:b A9:b J9:b";
    let p = pos(&format!("E6:w*S F9:w E11:w {black}"), "w");
    refused(&p, "E6>E11 S", TurnError::Offside(Spot::Square(sq("E11"))));
    assert_eq!(
        p.check(&turn("E6>E11 S")).unwrap_err().to_string(),
        "E11 is offside: a pass may not reach a teammate who is nearer the opponent's goal \
         line than both the passer and the second-to-last opponent"
    );
    // Level with the second-to-last opponent is onside; a runner is
    // judged where it receives.
    after(&p, "E6>E9<F9 S");
    refused(
        &p,
        "E6>E10<F9 S",
        TurnError::Offside(Spot::Square(sq("E10"))),
    );
    // Passes into space are never offside.
    after(&p, "E6>E12");
    // With every field piece on row 6, the goalie in its circle is last and
    // row 6 second-to-last.
    let black = "A6:b*N B6:b C6:b D6:b F6:b G6:b H6:b I6:b J6:b A5:b";
    let p = pos(&format!("E5:w*S E7:w {black}"), "w");
    refused(&p, "E5>E7 S", TurnError::Offside(Spot::Square(sq("E7"))));
}

#[test]
fn ruling_14_goalie_activation() {
    // RULINGS Taka 14
    let p = Position::start();
    let q = after(&p, "O-E2");
    assert!(!q.board().goalie_in_circle(Side::White));
    after(&p, "O-D1");
    refused(&p, "O-E4", TurnError::OutsideActivationArea(sq("E4")));
    refused(&p, "O-C2", TurnError::OutsideActivationArea(sq("C2")));
    refused(&p, "O-E3", TurnError::Occupied(sq("E3")));
    let p = pos("O:W* E2:*", "w");
    let p2 = pos("O:W* E12:b*N", "w");
    refused(&p, "O-E2 S", TurnError::LooseBallThere(sq("E2")));
    refused(&p2, "O-E2", TurnError::NeedFacing(Spot::Square(sq("E2"))));
    let q = after(&p2, "O-E2 S");
    assert_eq!(q.board().carried(sq("E2")), Some(Facing::S));
    let p = pos("E2:W F3:w*S E12:b*N", "w");
    refused(&p, "O-E1", TurnError::GoalieNotInCircle);
}

#[test]
fn ruling_15_first_to_n_replacement() {
    // RULINGS Taka 15: the scorer puts the ball back in its own zone.
    let p = pos("E11:w*S E3:w A10:b*N", "w 1 0-0 g2 t75");
    refused(&p, "E11>E14", TurnError::ReplacementNeeded);
    refused(&p, "E11>E14=E8", TurnError::PlacementOutsideZone(sq("E8")));
    refused(
        &p,
        "E11>E14=E12 S",
        TurnError::PlacementOutsideZone(sq("E12")),
    );
    let q = after(&p, "E11>E14=E3 S");
    assert_eq!(q.score(Side::White), 1);
    assert_eq!(q.board().carried(sq("E3")), Some(Facing::S));
    assert_eq!(q.outcome(), None);
    assert_eq!(q.to_move(), Side::Black);
    let q = after(&p, "E11>E14=E4");
    assert!(q.board().loose_at(sq("E4")));
    // The goal that wins takes no re-placement.
    let p = pos("E11:w*S E3:w A10:b*N", "w 1 1-0 g2 t75");
    refused(&p, "E11>E14=E3 S", TurnError::WinningGoalNoReplacement);
    let q = after(&p, "E11>E14");
    assert_eq!(q.outcome().and_then(Outcome::winner), Some(Side::White));
}

#[test]
fn ruling_16_threefold_repetition_draws() {
    // RULINGS Taka 16: the third occurrence of a position is a draw.
    let mut p = Position::start();
    for t in ["B6-B7", "B9-B10", "B7-B6", "B10-B9"].repeat(2) {
        assert_eq!(p.outcome(), None);
        p = after(&p, t);
    }
    assert_eq!(p.occurrences(), 3);
    assert_eq!(p.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    assert!(p.legal_turns().is_empty());
    assert_eq!(p.check(&turn("B6-B7")), Err(TurnError::GameOver));
}

#[test]
fn ruling_16_turn_limit() {
    // RULINGS Taka 16: when the turns run out, the higher score wins.
    let p = pos("F3:w*S E12:b*N", "w 1 0-0 g1 t1");
    let q = after(&after(&p, "F3 E"), "E12 W");
    assert_eq!(q.outcome(), Some(Outcome::Draw(DrawReason::TurnLimit)));
    let p = pos("F3:w*S E12:b*N", "b 1 1-0 g2 t1");
    let q = after(&p, "E12 W");
    assert_eq!(
        q.outcome(),
        Some(Outcome::Win {
            winner: Side::White,
            reason: WinReason::TurnLimit
        })
    );
    // The default is 75 turns each.
    assert_eq!(Position::start().settings().turn_limit, 75);
}

#[test]
fn a_piece_of_the_opponent_cannot_be_played() {
    // Text 3: the active player acts with its own pieces.
    let p = Position::start();
    refused(
        &p,
        "E12 W",
        TurnError::NoPiece {
            side: Side::White,
            at: sq("E12"),
        },
    );
}

#[test]
fn a_turn_is_one_action_and_nothing_more() {
    // Text 3 and RULINGS Taka 5: a move, a dribble or a turn ends the turn;
    // facings are written only where a piece ends up holding the ball.
    let p = pos("E7:w F3:w*S E12:b*N", "w");
    after(&p, "E7-E10");
    refused(
        &p,
        "E7-E10 S",
        TurnError::NoFacingToChoose("the piece has no ball"),
    );
    refused(&p, "E7-E10-E11", TurnError::NothingMayFollow("a move"));
    after(&p, "F3-F4 S");
    refused(&p, "F3-F4-F5 S", TurnError::NothingMayFollow("a dribble"));
    refused(
        &p,
        "F3>J3 S",
        TurnError::NoFacingToChoose("the ball lies loose"),
    );
    // After a pass only a second pass may follow (RULINGS Taka 9).
    let p = pos("E5:w*S E8:w E12:b*N", "w");
    after(&p, "E5>E8 S");
    refused(&p, "E5>E8-E9 S", TurnError::OnlyPassAfterPass);
}

#[test]
fn ruling_4_the_circle_goalie_acts_only_by_passing_or_activation() {
    // RULINGS Taka 4, 14
    let p = pos("O:W* E12:b*N", "w");
    after(&p, "O>E2");
    refused(&p, "OxE2 S", TurnError::CircleOnlyActivation);
    let p = pos("F3:w*S E12:b*N", "w");
    refused(&p, "O>E2 S", TurnError::CircleNoBall);
    after(&p, "O-F2");
}

#[test]
fn ruling_8_and_10_a_shot_takes_no_runner() {
    // RULINGS Taka 8, 10: a runner receives only on an empty square.
    let p = pos("E11:w*S F13:w A10:b*N", "w");
    after(&p, "E11>E14");
    refused(&p, "E11>E14<F13 S", TurnError::RunnerNotHere(sq("F13")));
}

#[test]
fn ruling_12_loose_balls_are_picked_up_by_friend_or_foe() {
    // Text 12, RULINGS Taka 5: the next piece to enter a loose ball's
    // square takes it, whichever side.
    let p = pos("E5:w*S E12:b*N D11:b", "w");
    let q = after(&p, "E5>E10");
    assert!(q.board().loose_at(sq("E10")));
    let r = after(&q, "D11-E10 N");
    assert_eq!(r.board().carried(sq("E10")), Some(Facing::N));
    assert_eq!(r.board().piece(sq("E10")), Some(black()));
}

#[test]
fn ruling_15_replacement_only_after_a_goal_and_on_own_pieces() {
    // RULINGS Taka 15
    let p = pos("E11:w*S E3:w D4:b A10:b*N", "w 1 0-0 g2 t75");
    refused(&p, "E11>E12=E3 S", TurnError::NoGoalToReplace);
    refused(&p, "E11>E14=D4 S", TurnError::PlacementOnOpponent(sq("D4")));
    refused(
        &p,
        "E11>E14=E3",
        TurnError::NeedFacing(Spot::Square(sq("E3"))),
    );
    refused(&p, "E11>E14=D1", TurnError::GoalSquare(sq("D1")));
    after(&p, "E11>E14=E5");
}
