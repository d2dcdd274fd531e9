//! Takkure rules, one test per rule or ruling (rulebook sections like 1.12,
//! RULINGS Takkure N), with accepted and refused inputs. Dice are scripted
//! by seed (`with_rolls`), so each test knows the rolls it meets.

use crate::takkure_support::*;
use taktable::games::takkure::{Ball, Game, Input, Role, Side, Squad, Step};
use Role::*;

fn home_attack() -> Setup {
    Setup::new(Side::Home)
}

/// Seed 3's match with home kicking off (RULINGS Takkure 9), every player
/// placed: home on row 12 (E, G, I, K), away as `receivers` says
/// (`"stalker E15"`, ...).
fn home_kicks_off(receivers: [&str; 4]) -> Game {
    let mut game = Game::new(Squad::Yamato, Squad::Teriomorph, 3);
    let text = match game.step() {
        Step::Choose {
            chooser: Side::Home,
        } => "kick",
        _ => "receive",
    };
    play(&mut game, text);
    for t in ["runner E12", "playmaker G12", "guard I12", "oni K12"] {
        play(&mut game, t);
    }
    for t in receivers {
        play(&mut game, t);
    }
    game
}

// ---- RULINGS Takkure 9: the kick-off ----

#[test]
fn kickoff_placements_target_moves_and_catch() {
    let mut game = Game::new(Squad::Yamato, Squad::Teriomorph, 3);
    let Step::Choose { chooser } = game.step() else {
        panic!("the match starts with the referee roll");
    };
    assert_eq!(game.awaiting(), Some(chooser));
    refused(&mut game, "runner F12");
    // The winner of the referee roll has Yamato (home) kick.
    let text = if chooser == Side::Home {
        "kick"
    } else {
        "receive"
    };
    play(&mut game, text);
    assert_eq!(game.step(), Step::Place { side: Side::Home });
    // Kickers stand just inside their line of 10: row 12 for home.
    let msg = refused(&mut game, "runner F11");
    assert!(msg.contains("row 12"), "{msg}");
    for (role, square) in [
        ("runner", "E12"),
        ("playmaker", "G12"),
        ("guard", "I12"),
        ("oni", "K12"),
    ] {
        play(&mut game, &format!("{role} {square}"));
    }
    refused(&mut game, "runner E13");
    assert_eq!(game.step(), Step::Place { side: Side::Away });
    // Receivers stand in their own half: rows 15-26.
    let msg = refused(&mut game, "stalker F14");
    assert!(msg.contains("own half"), "{msg}");
    let msg = refused(&mut game, "runner F20");
    assert!(msg.contains("no Runner in the Teriomorph squad"), "{msg}");
    for (role, square) in [
        ("stalker", "E20"),
        ("thrower", "G22"),
        ("brute", "I20"),
        ("beast", "K18"),
    ] {
        play(&mut game, &format!("{role} {square}"));
    }
    assert_eq!(game.step(), Step::Target);
    // The target is between the receivers' line of 10 and their in-goal,
    // 2 squares from the side edges.
    refused(&mut game, "kick B20 runner");
    refused(&mut game, "kick H16 runner");
    refused(&mut game, "kick H27 runner");
    play(&mut game, "kick H21 playmaker");
    assert_eq!(game.step(), Step::KickMoves { side: Side::Home });
    // Defensive MOV: the Runner moves 3.
    refused(&mut game, "runner E16");
    play(&mut game, "runner E15");
    refused(&mut game, "runner E14");
    play(&mut game, "done");
    assert_eq!(game.step(), Step::KickMoves { side: Side::Away });
    // The Stalker's Defensive Vision doubles its 3.
    play(&mut game, "stalker H26");
    // Kick BaC 8 for the Playmaker: a 5 succeeds.
    let (mut game, log) = rolled(&game, &[5], "done");
    assert!(line(&log, "kicks").contains("5 vs BaC 8, success"));
    assert_eq!(game.step(), Step::BallLands);
    refused(&mut game, "ball H24");
    // Within 2 of the Thrower on G22 (BaC 7 - 2): a 5 catches it.
    let (game, log) = rolled(&game, &[5], "ball H23");
    assert!(line(&log, "Thrower tries to catch").contains("5 vs BaC 7 -2 catch = 5, success"));
    assert_eq!(game.ball(), Ball::Held(pid(Thrower)));
    // The receivers attack and take their tokens: their time token turns.
    assert_eq!(game.attacker(), Side::Away);
    assert_eq!(game.step(), Step::First);
    assert_eq!(game.tokens(), 4);
    assert_eq!(game.time().turned, [false, true]);
}

#[test]
fn failed_kick_scatters_from_the_target() {
    // RULINGS Takkure 8: 3 o'clock is east, 2 squares.
    let mut game = home_kicks_off(["stalker E15", "thrower G15", "brute I15", "beast K15"]);
    play(&mut game, "kick H24 guard");
    play(&mut game, "done");
    // Guard BaC 6: 9 fails; scatter 3 -> J24, nobody within 2 of it.
    let (game, log) = rolled(&game, &[9, 3], "done");
    assert!(line(&log, "kicks").contains("fail"));
    assert_eq!(game.ball(), Ball::Loose(sq("J24")));
    // A loose ball stays with the receivers (RULINGS Takkure 10).
    assert_eq!(game.attacker(), Side::Away);
}

#[test]
fn kick_critical_and_fumble_and_a_failed_catch() {
    // 5.03 with 1.16: the kicker's BaC roll; a 1 is a critical success
    // (the coach places the ball), a 12 a fumble (it scatters). The Guard
    // kicks (BaC 6).
    let kicked = || {
        let mut game = home_kicks_off(["stalker E15", "thrower G15", "brute I15", "beast K15"]);
        play(&mut game, "kick H24 guard");
        play(&mut game, "done");
        game
    };
    let (mut game, log) = rolled(&kicked(), &[1], "done");
    assert!(line(&log, "kicks").contains("1 vs BaC 6, critical"));
    assert_eq!(game.step(), Step::BallLands);
    // Nobody stands within 2 of H25 to catch it: it lies where the coach
    // put it.
    play(&mut game, "ball H25");
    assert_eq!(game.ball(), Ball::Loose(sq("H25")));
    // Fumble: scatter 9 o'clock, two squares west of H24, to F24.
    let (game, log) = rolled(&kicked(), &[12, 9], "done");
    assert!(line(&log, "kicks").contains("12 vs BaC 6, fumble"));
    assert_eq!(game.ball(), Ball::Loose(sq("F24")));
    // A catch is BaC -2 (the Thrower's 7 - 2 = 5): a 6 fails and the ball
    // lies loose; the receivers still attack (RULINGS Takkure 9, 10).
    let mut game = home_kicks_off(["stalker E15", "thrower G22", "brute I15", "beast K15"]);
    play(&mut game, "kick H22 guard");
    play(&mut game, "done");
    let (game, log) = rolled(&game, &[12, 12, 6], "done");
    // 12 o'clock from H22 is H20, within 2 of the Thrower on G22.
    assert!(line(&log, "Thrower tries to catch").contains("6 vs BaC 7 -2 catch = 5, fail"));
    assert_eq!(game.ball(), Ball::Loose(sq("H20")));
    assert_eq!(game.attacker(), Side::Away);
}

// ---- Rulebook 1.03-1.04, 3.02: first actions and the ground ----

#[test]
fn first_action_refusals_say_what_the_rules_forbid() {
    let mut game = home_attack()
        .at(&[
            (Runner, "H10"),
            (Oni, "F10"),
            (Guard, "J10"),
            (Brute, "H20"),
        ])
        .carrier(Runner)
        .ground(Oni)
        .game();
    let msg = refused(&mut game, "oni move F12");
    assert_eq!(msg, "the Oni is on the ground: it can only stand up");
    let msg = refused(&mut game, "runner stand");
    assert!(msg.contains("not on the ground"), "{msg}");
    // Attack MOV 5 for the Runner.
    let msg = refused(&mut game, "runner move H16");
    assert!(msg.contains("at most 5"), "{msg}");
    let msg = refused(&mut game, "runner move H14 via H12");
    assert!(msg.contains("straight line"), "{msg}");
    let msg = refused(&mut game, "runner tackle H12");
    assert!(msg.contains("defensive action"), "{msg}");
    let msg = refused(&mut game, "runner pass guard");
    assert!(msg.contains("second action"), "{msg}");
    let msg = refused(&mut game, "brute move H18");
    assert!(msg.contains("no Brute in the Yamato squad"), "{msg}");
    play(&mut game, "oni stand");
    assert!(!game.player(pid(Oni)).ground);
    assert_eq!(game.step(), Step::Defence);
}

#[test]
fn tackled_carrier_cannot_stand_but_passes_from_the_ground() {
    // The third rugby rule (0.01) and PASS FROM THE GROUND (3.03): -2, at most 8.
    let mut game = home_attack()
        .at(&[
            (Runner, "H10"),
            (Playmaker, "H9"),
            (Guard, "A1"),
            (Stalker, "P28"),
        ])
        .carrier(Runner)
        .ground(Runner)
        .game();
    let msg = refused(&mut game, "runner stand");
    assert!(msg.contains("holds the ball"), "{msg}");
    let msg = refused(&mut game, "runner move H12");
    assert!(msg.contains("only pass from the ground"), "{msg}");
    let msg = refused(&mut game, "runner pass guard");
    assert!(msg.contains("at most 8"), "{msg}");
    play(&mut game, "runner pass playmaker");
    // The pass from the ground has no second action: the rolls follow the
    // defence. BaC 7 + 4 (1 square) - 2 = 9: a 9 succeeds.
    let (game, log) = rolled(&game, &[9], "done");
    assert!(line(&log, "passes to the Playmaker")
        .contains("9 vs BaC 7 +4 distance -2 from the ground = 9, success"));
    assert_eq!(game.ball(), Ball::Held(pid(Playmaker)));
    assert_eq!(game.step(), Step::First);
}

// ---- Rulebook 0.01: no forward pass ----

#[test]
fn a_pass_cannot_go_forward() {
    let mut game = home_attack()
        .at(&[
            (Playmaker, "H10"),
            (Runner, "F12"),
            (Guard, "J10"),
            (Stalker, "P28"),
        ])
        .carrier(Playmaker)
        .after(&["playmaker hold", "done"]);
    let msg = refused(&mut game, "pass runner");
    assert!(msg.contains("a pass can't go forward"), "{msg}");
    // Level is not forward.
    assert!(game.check(&input("pass guard")).is_ok());
}

// ---- Rulebook 1.12, RULINGS Takkure 6: tackle declarations ----

#[test]
fn tackle_only_the_carrier_on_its_marked_path() {
    let mut game = home_attack()
        .at(&[
            (Runner, "H10"),
            (Guard, "C10"),
            (Beast, "H17"),
            (Brute, "A20"),
        ])
        .carrier(Runner)
        .ground(Brute)
        .after(&["runner move H14"]);
    let msg = refused(&mut game, "beast tackle G14");
    assert!(msg.contains("not on the Runner's marked path"), "{msg}");
    let msg = refused(&mut game, "brute tackle H12");
    assert_eq!(msg, "the Brute is on the ground: it can only stand up");
    let msg = refused(&mut game, "beast move H15");
    assert!(msg.contains("the defence doesn't move"), "{msg}");
    // The Beast (defensive MOV 3) reaches the point H14 itself.
    play(&mut game, "beast tackle H14");
    assert_eq!(game.player(pid(Beast)).square, Some(sq("H14")));
    let msg = refused(&mut game, "beast rest");
    assert!(msg.contains("already declared"), "{msg}");
}

#[test]
fn no_tackle_without_a_carrier() {
    let mut game = home_attack()
        .at(&[(Runner, "H10"), (Beast, "H14")])
        .loose("C3")
        .after(&["runner move H12"]);
    let msg = refused(&mut game, "beast tackle H12");
    assert!(msg.contains("no ball carrier"), "{msg}");
}

/// The Runner carries from H10 to H14; the Beast (STR 10) tackles there.
fn beast_tackles_runner() -> Game {
    let game = home_attack()
        .at(&[(Runner, "H10"), (Beast, "H17")])
        .carrier(Runner)
        .after(&["runner move H14", "beast tackle H14"]);
    // Step 3: the Runner reaches H14 and pushes the Beast aside.
    assert_eq!(game.player(pid(Runner)).square, Some(sq("H14")));
    assert_eq!(game.player(pid(Beast)).square, Some(sq("H13")));
    assert_eq!(game.step(), Step::Second);
    game
}

#[test]
fn tackle_success_both_fall_and_stamina_roll() {
    // 1.12 success; 5.04 stamina: BOD 3 + PRT 3 = 6, a 9 wounds.
    let (game, log) = rolled(&beast_tackles_runner(), &[5, 9], "none");
    assert!(line(&log, "Beast tackles").contains("5 vs STR 10, success"));
    assert!(line(&log, "Runner stamina").contains("9 vs STA 6, fail"));
    assert!(game.player(pid(Runner)).ground);
    assert!(game.player(pid(Beast)).ground);
    assert_eq!(game.player(pid(Runner)).wounds, 1);
    // The ball stays with the tackled carrier; the next activation follows.
    assert_eq!(game.ball(), Ball::Held(pid(Runner)));
    assert_eq!((game.step(), game.tokens()), (Step::First, 3));
}

#[test]
fn tackle_failure_brings_the_tackler_down() {
    // 1.12 fail: the tackler falls and rolls stamina (BOD 5 + PRT 5).
    let (game, log) = rolled(&beast_tackles_runner(), &[11, 3], "none");
    assert!(line(&log, "Beast tackles").contains("fail"));
    assert!(line(&log, "Beast stamina").contains("3 vs STA 10, success"));
    assert!(game.player(pid(Beast)).ground);
    assert!(!game.player(pid(Runner)).ground);
    assert_eq!(game.player(pid(Beast)).wounds, 0);
}

#[test]
fn tackle_critical_wounds_without_a_stamina_roll() {
    // 1.12 critical; 1.16: a 1 is a critical.
    let (game, log) = rolled(&beast_tackles_runner(), &[1], "none");
    assert!(line(&log, "Beast tackles").contains("critical"));
    assert!(!log.iter().any(|l| l.contains("Runner stamina")));
    assert_eq!(game.player(pid(Runner)).wounds, 1);
}

#[test]
fn tackle_fumble_always_fails() {
    // 1.16: 12 fails whatever the STR.
    let (game, log) = rolled(&beast_tackles_runner(), &[12, 2], "none");
    assert!(line(&log, "Beast tackles").contains("12 vs STR 10, fumble"));
    assert!(game.player(pid(Beast)).ground);
}

#[test]
fn a_tackle_out_of_contact_fails_automatically() {
    // RULINGS Takkure 6: out of contact, the failure's effects, no roll.
    let game = home_attack()
        .at(&[(Runner, "H10"), (Stalker, "A25")])
        .carrier(Runner)
        .after(&["runner move H13", "stalker tackle H13"]);
    assert!(!game.in_contact(pid(Stalker)));
    let (game, log) = rolled(&game, &[4], "none");
    line(&log, "misses: no contact");
    assert!(game.player(pid(Stalker)).ground);
    assert!(!log.iter().any(|l| l.contains("Stalker tackles")));
}

// ---- 1.16 DODGE, BREAK THROUGH ----

#[test]
fn dodge_success_then_a_move_of_two() {
    // The Runner's Counterfoot: two dice, the better one (RULINGS Takkure 4).
    let (mut game, log) = rolled(&beast_tackles_runner(), &[10, 4, 11, 2], "dodge");
    assert!(line(&log, "dodges").contains(
        "advantage (Counterfoot), two dice [10 4], the success kept: 4 vs REF 8, success"
    ));
    assert_eq!(game.step(), Step::DodgeTo);
    let msg = refused(&mut game, "to H17");
    assert!(msg.contains("moves 2"), "{msg}");
    assert!(game.legal_inputs().contains(&input("to H16")));
    play(&mut game, "to H16");
    assert_eq!(game.player(pid(Runner)).square, Some(sq("H16")));
    assert_eq!(game.step(), Step::First);
}

#[test]
fn dodge_critical_moves_four_and_failure_has_no_effect() {
    let (game, _) = rolled(&beast_tackles_runner(), &[1, 9, 11, 2], "dodge");
    assert!(game.check(&input("to H18")).is_ok());
    // A dodge failing against a successful tackle: the tackle applies.
    let (game, log) = rolled(&beast_tackles_runner(), &[10, 11, 3, 2], "dodge");
    assert!(line(&log, "dodges").contains("dodges fail, tackle success"));
    assert!(game.player(pid(Runner)).ground);
    assert_eq!(game.step(), Step::First);
}

#[test]
fn dodge_and_break_need_a_declared_tackle() {
    let mut game = home_attack()
        .at(&[(Runner, "H10"), (Beast, "A25")])
        .carrier(Runner)
        .after(&["runner move H13", "beast pressure A24"]);
    let msg = refused(&mut game, "dodge");
    assert!(msg.contains("nobody declared a tackle"), "{msg}");
    refused(&mut game, "break");
}

#[test]
fn break_through_knocks_the_tackler_down() {
    // The Runner has no Charge: one die, STR 5; the Beast fails.
    let (game, log) = rolled(&beast_tackles_runner(), &[3, 11, 4], "break");
    assert!(line(&log, "breaks through").contains("3 vs STR 5, success"));
    line(&log, "knocks the Teriomorph Beast down");
    assert!(game.player(pid(Beast)).ground);
    assert!(!game.player(pid(Runner)).ground);
}

// ---- 3.07: a multiple face-to-face roll, two tacklers ----

fn two_tacklers() -> Game {
    let game = home_attack()
        .at(&[(Playmaker, "H10"), (Beast, "H17"), (Stalker, "J16")])
        .carrier(Playmaker)
        .after(&[
            "playmaker move H14",
            "beast tackle H14",
            "stalker tackle H13",
        ]);
    assert_eq!(game.player(pid(Stalker)).square, Some(sq("H13")));
    assert_eq!(game.step(), Step::Second);
    game
}

#[test]
fn two_tacklers_the_second_rolls_unopposed() {
    // The rulebook's second example: the dodge beats the first tackler, the
    // second succeeds unopposed and the carrier is tackled; no dodge move.
    // Rolls: dodge 3 (REF 7), Beast 11 (fail), Beast stamina 2, Stalker 4
    // (STR 6), Playmaker stamina 5.
    let (game, log) = rolled(&two_tacklers(), &[3, 11, 2, 4, 5], "dodge");
    assert!(line(&log, "dodges").contains("dodges success, tackle fail"));
    assert!(line(&log, "Stalker tackles (unopposed)").contains("4 vs STR 6, success"));
    assert!(game.player(pid(Playmaker)).ground);
    assert!(game.player(pid(Beast)).ground);
    assert_eq!(game.step(), Step::First);
}

#[test]
fn the_attacker_chooses_whom_to_face() {
    let mut game = two_tacklers();
    let msg = refused(&mut game, "dodge beast stalker");
    assert!(msg.contains("write just `dodge`"), "{msg}");
    let msg = refused(&mut game, "dodge stalker");
    assert!(msg.contains("name every tackler in contact"), "{msg}");
    // Facing the Stalker first: dodge 3 vs Stalker 9 (fail), stamina 2;
    // then the Beast unopposed: 12, fumble, stamina 2.
    let (game, log) = rolled(&game, &[3, 9, 2, 12, 2], "dodge stalker beast");
    assert!(line(&log, "dodges").contains("Stalker tackles"));
    assert!(line(&log, "Beast tackles (unopposed)").contains("fumble"));
    assert_eq!(game.step(), Step::DodgeTo);
}

#[test]
fn no_more_rolls_once_the_carrier_is_down() {
    // 3.07: as soon as the active player is on the ground, no more rolls.
    let (_, log) = rolled(&two_tacklers(), &[9, 5, 4], "dodge");
    assert!(line(&log, "dodges").contains("dodges fail, tackle success"));
    line(&log, "Stalker makes no roll");
}

// ---- 2.01-2.03: passes, receptions, scatter, interceptions ----

fn playmaker_passes() -> Game {
    home_attack()
        .at(&[
            (Playmaker, "H10"),
            (Runner, "F8"),
            (Stalker, "G14"),
            (Brute, "L12"),
        ])
        .carrier(Playmaker)
        .after(&["playmaker hold"])
}

#[test]
fn pass_success_with_precise_pass_and_pressure() {
    let mut game = playmaker_passes();
    // The Brute pressures within 2 of the passer (1.06): -1.
    play(&mut game, "brute pressure J11");
    play(&mut game, "done");
    // BaC 8 + 4 (2 squares) - 1 = 11; Precise Pass rolls two dice.
    let (game, log) = rolled(&game, &[12, 11], "pass runner");
    line(&log, "under pressure: -1");
    assert!(line(&log, "passes to the Runner")
        .contains("advantage (Precise Pass), two dice [12 11], the success kept: 11 vs BaC 8 +4 distance -1 pressure = 11, success"));
    assert_eq!(game.ball(), Ball::Held(pid(Runner)));
}

#[test]
fn missed_pass_reception_then_scatter() {
    let mut game = playmaker_passes();
    play(&mut game, "done");
    // Pass: 12, 12 (fumbles); reception BaC 7 + 4: 12 fails; scatter 3:
    // two squares east of F8.
    let (game, log) = rolled(&game, &[12, 12, 12, 3], "pass runner");
    assert!(line(&log, "Runner reception").contains("12 vs BaC 7 +4 distance = 11, fumble"));
    line(&log, "the ball scatters from F8");
    assert_eq!(game.ball(), Ball::Loose(sq("H8")));
    // A missed reception keeps the possession with the attackers.
    assert_eq!(game.attacker(), Side::Home);
}

#[test]
fn missed_pass_caught_on_the_reception() {
    let mut game = playmaker_passes();
    play(&mut game, "done");
    let (game, log) = rolled(&game, &[12, 12, 6], "pass runner");
    assert!(line(&log, "Runner reception").contains("6 vs BaC 7 +4 distance = 11, success"));
    assert_eq!(game.ball(), Ball::Held(pid(Runner)));
}

#[test]
fn interception_changes_possession() {
    let mut game = playmaker_passes();
    // G9 is on the line from H10 to F8.
    play(&mut game, "stalker steal G9");
    play(&mut game, "done");
    // Pass 5, 6; interception BaC 6 - 2 = 4: a 2 takes it.
    let (game, log) = rolled(&game, &[5, 6, 2], "pass runner");
    assert!(
        line(&log, "Stalker tries to intercept").contains("2 vs BaC 6 -2 in the air = 4, success")
    );
    assert_eq!(game.ball(), Ball::Held(pid(Stalker)));
    // Change of possession: the away team takes its tokens (6.04).
    assert_eq!(game.attacker(), Side::Away);
    assert_eq!(game.tokens(), 4);
    assert_eq!(game.time().turned, [true, true]);
}

#[test]
fn scatter_off_the_field_stops_on_the_nearest_free_square() {
    // RULINGS Takkure 8: 9 o'clock from B8 points off the west edge.
    let game = home_attack()
        .at(&[(Playmaker, "C10"), (Runner, "B8"), (Stalker, "P28")])
        .carrier(Playmaker)
        .after(&["playmaker hold", "done"]);
    let (game, _) = rolled(&game, &[12, 12, 12, 9], "pass runner");
    assert_eq!(game.ball(), Ball::Loose(sq("A8")));
}

#[test]
fn pass_from_a_square_of_the_path() {
    // RULINGS Takkure 6: the pass is made from a square of the executed
    // path; rugby rule 0.01 is judged from that square.
    let mut game = home_attack()
        .at(&[(Playmaker, "H10"), (Runner, "F12"), (Stalker, "P28")])
        .carrier(Playmaker)
        .after(&["playmaker move H13", "done"]);
    let msg = refused(&mut game, "pass runner from H13");
    assert!(msg.contains("write just `pass runner`"), "{msg}");
    let msg = refused(&mut game, "pass runner from G11");
    assert!(msg.contains("not on the path"), "{msg}");
    let msg = refused(&mut game, "pass runner from H10");
    assert!(msg.contains("forward"), "{msg}");
    assert!(game.check(&input("pass runner from H12")).is_ok());
    assert!(game.check(&input("pass runner")).is_ok());
}

// ---- 3.05-3.06: pick up and steal ----

/// `role` on H10, activated with no first action, beside the ball on H11.
fn beside_the_loose_ball(role: Role) -> Game {
    let mut game = home_attack()
        .at(&[(role, "H10"), (Stalker, "P28")])
        .loose("H11")
        .game();
    play(&mut game, &format!("{role} hold"));
    play(&mut game, "done");
    game
}

#[test]
fn pick_up_a_loose_ball() {
    let mut game = home_attack()
        .at(&[(Runner, "H10"), (Stalker, "P28")])
        .loose("H12")
        .after(&["runner hold", "done"]);
    let msg = refused(&mut game, "pickup");
    assert!(msg.contains("in contact with the loose ball"), "{msg}");
    // BaC 7 + 4.
    let (game, log) = rolled(&beside_the_loose_ball(Runner), &[11], "pickup");
    assert!(line(&log, "picks up").contains("11 vs BaC 7 +4 pick-up = 11, success"));
    assert_eq!(game.ball(), Ball::Held(pid(Runner)));
}

#[test]
fn pick_up_against_a_steal_is_a_melee() {
    // 3.08: the best success wins the ball.
    let game = home_attack()
        .at(&[(Runner, "H10"), (Stalker, "J13")])
        .loose("H11")
        .after(&["runner hold", "stalker steal I12"]);
    // Runner BaC 11: 3; Stalker BaC 6 + 4: 7 wins.
    let (game, _) = rolled(&game, &[3, 7], "pickup");
    assert_eq!(game.ball(), Ball::Held(pid(Stalker)));
    assert_eq!(game.attacker(), Side::Away);
}

#[test]
fn steal_from_a_carrier_on_the_ground() {
    let game = home_attack()
        .at(&[(Oni, "H10"), (Runner, "C3"), (Stalker, "J13")])
        .carrier(Oni)
        .ground(Oni)
        .after(&["runner hold", "stalker steal I11"]);
    let (game, log) = rolled(&game, &[6], "none");
    assert!(line(&log, "Stalker steals the ball from").contains("6 vs BaC 6, success"));
    assert_eq!(game.ball(), Ball::Held(pid(Stalker)));
    assert_eq!(game.attacker(), Side::Away);
}

#[test]
fn no_steal_from_a_standing_carrier() {
    let mut game = home_attack()
        .at(&[(Oni, "H10"), (Stalker, "J13")])
        .carrier(Oni)
        .after(&["oni hold", "stalker steal I11"]);
    let log = play(&mut game, "none");
    assert!(!log.iter().any(|l| l.contains("steals")));
    assert_eq!(game.ball(), Ball::Held(pid(Oni)));
}

// ---- 4.04, RULINGS Takkure 12: tries ----

fn runner_in_goal() -> Game {
    home_attack()
        .at(&[(Runner, "H25"), (Beast, "A10")])
        .carrier(Runner)
        .after(&["runner move H27", "done"])
}

#[test]
fn try_refused_outside_the_in_goal() {
    let mut game = home_attack()
        .at(&[(Runner, "H20"), (Beast, "A10")])
        .carrier(Runner)
        .after(&["runner move H24", "done"]);
    let msg = refused(&mut game, "try");
    assert!(msg.contains("rows 27-28"), "{msg}");
}

#[test]
fn a_try_scores_and_the_conceder_chooses_the_kick() {
    let (game, log) = rolled(&runner_in_goal(), &[6], "try");
    assert!(line(&log, "tries").contains("6 vs try BaC 6, success"));
    assert_eq!(game.score(Side::Home), 1);
    assert_eq!(
        game.step(),
        Step::Choose {
            chooser: Side::Away
        }
    );
    assert_eq!(game.ball(), Ball::Out);
}

#[test]
fn a_missed_try_is_a_kick_off_decided_by_the_defence() {
    let (game, _) = rolled(&runner_in_goal(), &[7], "try");
    assert_eq!(game.score(Side::Home), 0);
    assert_eq!(
        game.step(),
        Step::Choose {
            chooser: Side::Away
        }
    );
}

#[test]
fn fatigue_lowers_the_try() {
    // -1 per fatigue token, active or not: BaC 6 - 2.
    let game = home_attack()
        .at(&[(Runner, "H25"), (Beast, "A10")])
        .carrier(Runner)
        .fatigue(Runner, 2, 1)
        .after(&["runner move H27", "done"]);
    let (_, log) = rolled(&game, &[5], "try");
    assert!(line(&log, "tries").contains("5 vs try BaC 6 -2 fatigue tokens = 4, fail"));
}

#[test]
fn try_against_a_tackle_is_a_melee() {
    let game = home_attack()
        .at(&[(Runner, "H25"), (Beast, "H23")])
        .carrier(Runner)
        .after(&["runner move H27", "beast tackle H26"]);
    // Try 3 (success), tackle 8 (better success): the try is stopped and
    // the carrier tackled (stamina 2).
    // Reading (docs/takkure.md, "Readings where the rulings are silent"):
    // 4.04 gives a kick-off for a missed try, and 1.15 says a success
    // beaten face to face "is not considered a failure": so the beaten
    // try is not missed, no kick-off follows, and play goes on.
    let (game, log) = rolled(&game, &[3, 8, 2], "try");
    line(&log, "the try is stopped");
    assert!(!log.iter().any(|l| l.contains("missed")), "{log:?}");
    assert_eq!(game.ball(), Ball::Held(pid(Runner)));
    assert_eq!(game.score(Side::Home), 0);
    assert!(game.player(pid(Runner)).ground);
    assert_eq!(game.step(), Step::First);
}

// ---- 4.01-4.03: fatigue and rest ----

#[test]
fn fatigue_on_the_third_activation() {
    let mut game = home_attack()
        .at(&[(Runner, "H10"), (Beast, "A20")])
        .activations(Runner, 2)
        .game();
    let log = play(&mut game, "runner hold");
    line(&log, "gets a fatigue token (1 active)");
    assert_eq!(game.player(pid(Runner)).fatigue, 1);
}

#[test]
fn the_fourth_fatigue_token_injures() {
    let game = home_attack()
        .at(&[(Runner, "H10"), (Guard, "C3"), (Beast, "A20")])
        .activations(Runner, 2)
        .fatigue(Runner, 3, 0)
        .game();
    let (game, log) = rolled(&game, &[8], "runner hold");
    assert!(line(&log, "is injured").contains("out for the rest of the half"));
    assert!(!game.player(pid(Runner)).on_field());
    assert_eq!(game.step(), Step::First);
}

#[test]
fn two_active_fatigue_tokens_allow_one_move() {
    let mut game = home_attack()
        .at(&[(Runner, "H10"), (Beast, "A20")])
        .fatigue(Runner, 2, 0)
        .after(&["runner move H12", "done"]);
    let msg = refused(&mut game, "move H14");
    assert!(msg.contains("one MOV action"), "{msg}");
}

#[test]
fn rest_turns_a_token_then_removes_it() {
    let mut game = home_attack()
        .at(&[(Runner, "H10"), (Beast, "A20"), (Stalker, "B20")])
        .fatigue(Beast, 1, 0)
        .after(&["runner hold"]);
    let msg = refused(&mut game, "stalker rest");
    assert!(msg.contains("no fatigue token"), "{msg}");
    play(&mut game, "beast rest");
    let beast = game.player(pid(Beast));
    assert_eq!(
        (beast.fatigue, beast.rested, beast.active_fatigue()),
        (1, 1, 0)
    );
}

// ---- 5.04-5.05, RULINGS Takkure 11: wounds and injuries ----

#[test]
fn wounds_up_to_bod_injure() {
    // The Runner (BOD 3) with 2 wounds; a critical tackle gives the third.
    let game = home_attack()
        .at(&[(Runner, "H10"), (Guard, "C3"), (Beast, "H17")])
        .carrier(Runner)
        .wounds(Runner, 2)
        .game();
    let mut game = game;
    play(&mut game, "runner move H14");
    play(&mut game, "beast tackle H14");
    // Tackle 1 (critical), injury roll 3: back at the next kick-off.
    let (game, log) = rolled(&game, &[1, 3], "none");
    assert!(line(&log, "is injured").contains("back at the next kick-off"));
    assert!(!game.player(pid(Runner)).on_field());
    assert_eq!(game.player(pid(Runner)).wounds, 0);
    // The ball drops loose where the carrier was.
    assert_eq!(game.ball(), Ball::Loose(sq("H14")));
}

// ---- Activation step 6 ----

#[test]
fn attackers_not_activated_stand_up_for_free() {
    let mut game = home_attack()
        .at(&[(Runner, "H10"), (Oni, "C5"), (Beast, "A20")])
        .ground(Oni)
        .after(&["runner hold", "done"]);
    let log = play(&mut game, "none");
    line(&log, "Oni stands up (not activated");
    assert!(!game.player(pid(Oni)).ground);
}

// ---- 6.04, RULINGS Takkure 10: time ----

#[test]
fn keeping_the_ball_after_four_activations_moves_time_down() {
    let game = home_attack()
        .at(&[(Runner, "H10"), (Beast, "A20")])
        .carrier(Runner)
        .tokens(1)
        .after(&["runner hold", "done", "none"]);
    assert_eq!(game.time().clock, 4);
    assert_eq!(game.tokens(), 4);
    assert_eq!(game.attacker(), Side::Home);
}

#[test]
fn time_running_out_ends_the_half() {
    let mut game = home_attack()
        .at(&[(Runner, "H10"), (Beast, "A20")])
        .carrier(Runner)
        .fatigue(Beast, 2, 0)
        .tokens(1)
        .clock(1, [true, false])
        .after(&["runner hold", "done"]);
    let log = play(&mut game, "none");
    line(&log, "time is over");
    line(&log, "half time");
    assert_eq!(game.half(), 2);
    assert_eq!(game.time().clock, 5);
    // Half time: each player removes a fatigue token.
    assert_eq!(game.player(pid(Beast)).fatigue, 1);
    assert!(matches!(game.step(), Step::Choose { .. }));
}

#[test]
fn only_the_trailing_attacker_on_box_one_may_end_the_half() {
    let setup = || {
        home_attack()
            .at(&[(Runner, "H10"), (Beast, "A20")])
            .carrier(Runner)
    };
    let mut game = setup().clock(2, [true, false]).score(0, 1).game();
    let msg = refused(&mut game, "end half");
    assert!(msg.contains("time box 1"), "{msg}");
    let mut game = setup().clock(1, [true, false]).score(1, 1).game();
    refused(&mut game, "end half");
    let mut game = setup().clock(1, [true, false]).score(0, 1).game();
    play(&mut game, "end half");
    assert_eq!(game.half(), 2);
}

#[test]
fn the_match_ends_after_the_second_half() {
    let text = home_attack()
        .at(&[(Runner, "H10"), (Beast, "A20")])
        .carrier(Runner)
        .tokens(1)
        .clock(1, [true, false])
        .score(2, 1)
        .game()
        .to_string()
        .replace("\"half\":1", "\"half\":2");
    let mut game: Game = text.parse().unwrap();
    play(&mut game, "runner hold");
    play(&mut game, "done");
    play(&mut game, "none");
    assert_eq!(game.step(), Step::Over);
    assert_eq!(
        game.outcome(),
        Some(taktable::games::takkure::Outcome::Win(Side::Home))
    );
    assert!(game.legal_inputs().is_empty());
    let msg = refused(&mut game, "kick");
    assert!(msg.contains("over"), "{msg}");
}

// ---- Legal inputs: legal iff accepted ----

#[test]
fn legal_inputs_are_accepted_and_others_refused() {
    let game = two_tacklers();
    let legal = game.legal_inputs();
    assert!(legal.contains(&input("dodge stalker beast")));
    assert!(!legal.contains(&input("dodge beast stalker")));
    for i in &legal {
        assert!(game.check(i).is_ok(), "{i}");
    }
    // Every input of these shapes not listed is refused.
    for text in [
        "move H18",
        "pass runner",
        "try",
        "pickup",
        "break",
        "none",
        "to H15",
    ] {
        let i: Input = text.parse().unwrap();
        assert_eq!(legal.contains(&i), game.check(&i).is_ok(), "{text}");
    }
}

#[test]
fn the_time_dashboard_through_a_whole_half() {
    // 6.04, ruling 10: home keeps the ball; each cycle of 4 activations
    // moves both tokens down a box until box 0 ends the half.
    let mut game = home_attack()
        .at(&[(Runner, "H10"), (Playmaker, "C5"), (Beast, "A20")])
        .carrier(Runner)
        .game();
    let mut boxes = vec![game.time().clock];
    let mut activations = 0;
    while game.half() == 1 {
        // Alternate players so that no one tires.
        let who = if activations % 2 == 0 {
            "runner"
        } else {
            "playmaker"
        };
        play(&mut game, &format!("{who} hold"));
        play(&mut game, "done");
        play(&mut game, "none");
        activations += 1;
        if game.half() == 1 && boxes.last() != Some(&game.time().clock) {
            boxes.push(game.time().clock);
        }
        assert!(activations <= 20, "the half does not end");
    }
    assert_eq!(boxes, vec![5, 4, 3, 2, 1]);
    assert_eq!(activations, 20);
    assert!(matches!(game.step(), Step::Choose { .. }));
    assert_eq!(game.player(pid(Runner)).fatigue, 0);
}

#[test]
fn critical_pass_lets_the_receiver_move_two() {
    // 2.01: on a critical the receiver may move up to 2.
    let mut game = playmaker_passes();
    play(&mut game, "done");
    let (mut game, log) = rolled(&game, &[1, 9], "pass runner");
    assert!(line(&log, "passes to the Runner").contains("critical"));
    assert_eq!(game.step(), Step::ReceiverTo);
    refused(&mut game, "to F11");
    play(&mut game, "to F10");
    assert_eq!(game.player(pid(Runner)).square, Some(sq("F10")));
    assert_eq!(game.step(), Step::First);
}

#[test]
fn break_through_critical_wounds_the_tackler() {
    // 1.16 BREAK THROUGH critical: a wound instead of the stamina roll.
    let (game, log) = rolled(&beast_tackles_runner(), &[1, 11], "break");
    assert!(line(&log, "breaks through").contains("critical"));
    assert_eq!(game.player(pid(Beast)).wounds, 1);
    assert!(!log.iter().any(|l| l.contains("Beast stamina")));
}

#[test]
fn failed_pick_up_leaves_the_ball() {
    // Oni BaC 5 + 4 = 9: a 10 fails.
    let (game, log) = rolled(&beside_the_loose_ball(Oni), &[10], "pickup");
    assert!(line(&log, "picks up").contains("10 vs BaC 5 +4 pick-up = 9, fail"));
    assert_eq!(game.ball(), Ball::Loose(sq("H11")));
    assert_eq!(game.attacker(), Side::Home);
}

#[test]
fn melee_tie_is_rerolled() {
    // 3.08: a tie for the best success is rolled again between the tied.
    let game = home_attack()
        .at(&[(Runner, "H10"), (Stalker, "J13")])
        .loose("H11")
        .after(&["runner hold", "stalker steal I12"]);
    // Both roll 5 (Runner BaC 11, Stalker BaC 10); the reroll: 3 and 9,
    // both successes, and the higher die wins.
    let (game, log) = rolled(&game, &[5, 5, 3, 9], "pickup");
    line(&log, "rerolls the tie");
    assert_eq!(game.ball(), Ball::Held(pid(Stalker)));
}

#[test]
fn a_team_whose_last_player_is_injured_spends_its_tokens() {
    // The Runner, alone, injured by its fourth fatigue token: nobody is
    // left to activate, so time moves on instead of waiting forever.
    let game = home_attack()
        .at(&[(Runner, "H10"), (Beast, "A20")])
        .activations(Runner, 2)
        .fatigue(Runner, 3, 0)
        .game();
    let (game, log) = rolled(&game, &[2], "runner hold");
    line(&log, "has nobody on the field");
    // Home, with nobody left to play, spends cycle after cycle: they run
    // out the clock and the half ends.
    line(&log, "time is over");
    assert_eq!(game.half(), 2);
    assert!(matches!(game.step(), Step::Choose { .. }));
    assert!(!game.legal_inputs().is_empty());
}

#[test]
fn a_kicker_catching_the_ball_gives_the_kicking_team_possession() {
    // 0.05: the team holding the ball attacks.
    let mut game = home_kicks_off(["stalker A26", "thrower C26", "brute N26", "beast P26"]);
    play(&mut game, "kick H17 runner");
    // The Runner runs its defensive 3 towards the target.
    play(&mut game, "runner H15");
    play(&mut game, "done");
    // Kick 2 succeeds; the ball lands on H17, the Runner within 2 catches
    // it (BaC 7 - 2): 4.
    let (game, _) = rolled(&game, &[2], "done");
    let (game, _) = rolled(&game, &[4], "ball H17");
    assert_eq!(game.ball(), Ball::Held(pid(Runner)));
    assert_eq!(game.attacker(), Side::Home);
}

#[test]
fn expert_tackler_rolls_two_dice() {
    // 4.05 Expert Tackler; RULINGS Takkure 4: the better die counts.
    let game = home_attack()
        .at(&[(Runner, "H10"), (Brute, "H16")])
        .carrier(Runner)
        .after(&["runner move H14", "brute tackle H14"]);
    let (game, log) = rolled(&game, &[10, 4, 2], "none");
    assert!(line(&log, "Brute tackles").contains(
        "advantage (Expert Tackler), two dice [10 4], the success kept: 4 vs STR 8, success"
    ));
    assert!(game.player(pid(Runner)).ground);
    // With an active fatigue token the skill is lost: one die.
    let game = home_attack()
        .at(&[(Runner, "H10"), (Brute, "H16")])
        .carrier(Runner)
        .fatigue(Brute, 1, 0)
        .after(&["runner move H14", "brute tackle H14"]);
    let (_, log) = rolled(&game, &[10, 4], "none");
    assert!(line(&log, "Brute tackles").contains("10 vs STR 8, fail"));
}

#[test]
fn tackling_a_carrier_who_is_not_the_active_player() {
    // 1.12: any ball carrier can be tackled, on its square.
    let mut game = home_attack()
        .at(&[(Runner, "H10"), (Playmaker, "C5"), (Beast, "H13")])
        .carrier(Runner)
        .after(&["playmaker hold"]);
    let msg = refused(&mut game, "beast tackle C5");
    assert!(msg.contains("tackle it on its square, H10"), "{msg}");
    play(&mut game, "beast tackle H10");
    // As close as it gets (1 from H10), in contact with the carrier either
    // way; nearest H10 in a straight line are G10, I10 and H11, and G10
    // comes first in reading order (RULINGS Takkure 6).
    assert_eq!(game.player(pid(Beast)).square, Some(sq("G10")));
    // The active Playmaker cannot dodge for the Runner.
    let msg = refused(&mut game, "dodge");
    assert!(msg.contains("only the ball carrier"), "{msg}");
    let (game, _) = rolled(&game, &[5, 2], "none");
    assert!(game.player(pid(Runner)).ground);
    assert!(game.player(pid(Beast)).ground);
}

#[test]
fn injured_players_return_at_the_kick_off_the_table_says() {
    // RULINGS Takkure 11: 1-6 back at the next kick-off; 7-10 out for the
    // half; 11-12 out for the match.
    let game = home_attack()
        .at(&[(Playmaker, "H25"), (Beast, "A10")])
        .carrier(Playmaker)
        .out(Runner, "kickoff")
        .out(Guard, "half")
        .out(Oni, "match")
        .after(&["playmaker move H27", "done"]);
    let (mut game, _) = rolled(&game, &[3], "try");
    // Away conceded and chooses: home kicks, and places its players.
    play(&mut game, "receive");
    assert_eq!(game.step(), Step::Place { side: Side::Home });
    play(&mut game, "runner E12");
    let msg = refused(&mut game, "guard G12");
    assert!(msg.contains("out for the rest of the half"), "{msg}");
    let msg = refused(&mut game, "oni G12");
    assert!(msg.contains("out for the match"), "{msg}");
    play(&mut game, "playmaker G12");
    // Home's two are placed: the receivers place theirs.
    assert_eq!(game.step(), Step::Place { side: Side::Away });
}

#[test]
fn a_dodge_with_every_tackle_out_of_contact_is_rolled_alone() {
    let game = home_attack()
        .at(&[(Runner, "H10"), (Stalker, "A25")])
        .carrier(Runner)
        .after(&["runner move H13", "stalker tackle H13"]);
    // Stalker's stamina 4; the dodge: 3 and 9, REF 8.
    let (game, log) = rolled(&game, &[4, 3, 9], "dodge");
    line(&log, "misses: no contact");
    assert!(line(&log, "Runner dodges").contains(
        "advantage (Counterfoot), two dice [3 9], the success kept: 3 vs REF 8, success"
    ));
    assert_eq!(game.step(), Step::DodgeTo);
}

// ---- Rulebook 1.14-1.16: each roll's success, failure, critical and
// fumble, for the actions not covered above ----

#[test]
fn dodge_fumble_fails_and_has_no_adverse_effect() {
    // 1.16: 12 always fails; DODGE "if you fail: no adverse effect". Both
    // Counterfoot dice fumble; the Beast's 11 fails too, so it falls.
    let (game, log) = rolled(&beast_tackles_runner(), &[12, 12, 11, 3], "dodge");
    assert!(line(&log, "dodges")
        .contains("advantage (Counterfoot), two dice [12 12], both fail: 12 vs REF 8, fumble"));
    assert!(line(&log, "dodges").contains("dodges fail, tackle fail"));
    assert!(!game.player(pid(Runner)).ground);
    assert!(game.player(pid(Beast)).ground);
    assert_eq!(game.step(), Step::First, "no dodge move after a failure");
}

#[test]
fn break_through_failure_and_fumble() {
    // 1.16 BREAK THROUGH: "if you fail: no adverse effect": against a
    // failed tackle nobody is knocked down by the break, the tackler falls
    // for its own failure (1.12).
    let (game, log) = rolled(&beast_tackles_runner(), &[9, 11, 3], "break");
    assert!(line(&log, "breaks through").contains("9 vs STR 5, fail"));
    assert!(!log.iter().any(|l| l.contains("knocks")));
    assert!(!game.player(pid(Runner)).ground);
    assert!(game.player(pid(Beast)).ground);
    // A fumbled break against a successful tackle: the carrier is tackled.
    let (game, log) = rolled(&beast_tackles_runner(), &[12, 5, 4], "break");
    assert!(line(&log, "breaks through").contains("12 vs STR 5, fumble"));
    assert!(line(&log, "breaks through").contains("breaks through fail, tackle success"));
    assert!(game.player(pid(Runner)).ground);
}

#[test]
fn pick_up_critical_and_fumble() {
    // 3.05 BaC +4: the Playmaker's 8 + 4 = 12, so only the fumble rule
    // (1.16) makes a 12 fail; a 1 is a critical success.
    let (game, log) = rolled(&beside_the_loose_ball(Playmaker), &[12], "pickup");
    assert!(line(&log, "picks up").contains("12 vs BaC 8 +4 pick-up = 12, fumble"));
    assert_eq!(game.ball(), Ball::Loose(sq("H11")));
    let (game, log) = rolled(&beside_the_loose_ball(Oni), &[1], "pickup");
    assert!(line(&log, "picks up").contains("1 vs BaC 5 +4 pick-up = 9, critical"));
    assert_eq!(game.ball(), Ball::Held(pid(Oni)));
}

#[test]
fn steal_of_a_loose_ball_success_failure_critical_fumble() {
    // 3.06 BALL STEAL, loose ball: BaC +4 (the Thrower's 7 + 4 = 11).
    for (die, word, stolen) in [
        (11, "success", true),
        (1, "critical", true),
        (12, "fumble", false),
    ] {
        let game = home_attack()
            .at(&[(Runner, "H10"), (Thrower, "C14")])
            .loose("C12")
            .after(&["runner hold", "thrower steal C13"]);
        let (game, log) = rolled(&game, &[die], "none");
        assert!(
            line(&log, "Thrower steals the loose ball")
                .contains(&format!("{die} vs BaC 7 +4 loose ball = 11, {word}")),
            "{log:?}"
        );
        if stolen {
            assert_eq!(game.ball(), Ball::Held(pid(Thrower)));
            assert_eq!(game.attacker(), Side::Away, "0.05: the holder attacks");
        } else {
            assert_eq!(game.ball(), Ball::Loose(sq("C12")));
            assert_eq!(game.attacker(), Side::Home, "RULINGS Takkure 10");
        }
    }
    // Held by an attacker on the ground: plain BaC (the Thrower's 7); an 8
    // fails.
    let game = home_attack()
        .at(&[(Oni, "H10"), (Runner, "C3"), (Thrower, "J13")])
        .carrier(Oni)
        .ground(Oni)
        .after(&["runner hold", "thrower steal I11"]);
    let (game, log) = rolled(&game, &[8], "none");
    assert!(line(&log, "Thrower steals the ball from").contains("8 vs BaC 7, fail"));
    assert_eq!(game.ball(), Ball::Held(pid(Oni)));
}

#[test]
fn try_critical_and_fumble() {
    // 4.04 with 1.16: a 1 always scores, a 12 is always a miss ("a 12 on a
    // dice is always a miss, regardless of the modified BaC").
    let (game, log) = rolled(&runner_in_goal(), &[1], "try");
    assert!(line(&log, "tries").contains("1 vs try BaC 6, critical"));
    assert_eq!(game.score(Side::Home), 1);
    let (game, log) = rolled(&runner_in_goal(), &[12], "try");
    assert!(line(&log, "tries").contains("12 vs try BaC 6, fumble"));
    line(&log, "the try is missed");
    assert_eq!(game.score(Side::Home), 0);
    assert_eq!(
        game.step(),
        Step::Choose {
            chooser: Side::Away
        }
    );
}

/// The Runner, on the ground with the ball on H10, passes from the ground
/// to the Playmaker on H9 (3.03): BaC 7 + 4 (1 square) - 2 = 9.
fn pass_from_the_ground() -> Game {
    home_attack()
        .at(&[(Runner, "H10"), (Playmaker, "H9"), (Stalker, "P28")])
        .carrier(Runner)
        .ground(Runner)
        .after(&["runner pass playmaker"])
}

#[test]
fn pass_from_the_ground_failure_critical_fumble() {
    // 2.01-2.02: a failed pass gives the receiver a BALL RECEPTION (BaC 8
    // + 4 = 12); missed, the ball scatters from the receiver (2.03).
    let (game, log) = rolled(&pass_from_the_ground(), &[10, 12, 6], "done");
    assert!(line(&log, "passes to the Playmaker")
        .contains("10 vs BaC 7 +4 distance -2 from the ground = 9, fail"));
    assert!(line(&log, "Playmaker reception").contains("12 vs BaC 8 +4 distance = 12, fumble"));
    // 6 o'clock: two squares south of H9.
    assert_eq!(game.ball(), Ball::Loose(sq("H11")));
    // A critical reaches the receiver, who may move 2.
    let (game, log) = rolled(&pass_from_the_ground(), &[1], "done");
    assert!(line(&log, "passes to the Playmaker")
        .contains("1 vs BaC 7 +4 distance -2 from the ground = 9, critical"));
    assert_eq!(game.ball(), Ball::Held(pid(Playmaker)));
    assert_eq!(game.step(), Step::ReceiverTo);
}

#[test]
fn a_failed_interception_lets_the_pass_go_on() {
    // 3.06 in the air: "if unsuccessful, the pass continues as normal".
    let mut game = playmaker_passes();
    play(&mut game, "stalker steal G9");
    play(&mut game, "done");
    // Pass 5, 6 (BaC 8 + 4 = 12: success); interception BaC 6 - 2 = 4: 5
    // fails.
    let (game, log) = rolled(&game, &[5, 6, 5], "pass runner");
    assert!(line(&log, "Stalker tries to intercept").contains("5 vs BaC 6 -2 in the air = 4, fail"));
    assert_eq!(game.ball(), Ball::Held(pid(Runner)));
    assert_eq!(game.attacker(), Side::Home);
}

// ---- Readings where the rulings are silent (docs/takkure.md) ----

#[test]
fn a_carrier_tackled_in_the_activation_can_be_stolen_from() {
    // 3.06: no steal "from an active player who is NOT on the GROUND";
    // the rolls of step 5 come in order (1.13), so once the tackle has put
    // the carrier on the ground, a stealer in contact rolls (plain BaC).
    let game = home_attack()
        .at(&[(Runner, "H10"), (Beast, "H17"), (Stalker, "J16")])
        .carrier(Runner)
        .after(&["runner move H14", "beast tackle H14", "stalker steal I15"]);
    // Tackle 5 (STR 10, success), Runner stamina 2, steal 4 (BaC 6).
    let (game, log) = rolled(&game, &[5, 2, 4], "none");
    assert!(line(&log, "Beast tackles").contains("success"));
    assert!(line(&log, "Stalker steals the ball from").contains("4 vs BaC 6, success"));
    assert_eq!(game.ball(), Ball::Held(pid(Stalker)));
    assert_eq!(game.attacker(), Side::Away);
    // Without the tackle the Runner stands and keeps the ball: no roll.
    let game = home_attack()
        .at(&[(Runner, "H10"), (Beast, "H17"), (Stalker, "J16")])
        .carrier(Runner)
        .after(&["runner move H14", "beast tackle H14", "stalker steal I15"]);
    let (game, log) = rolled(&game, &[11, 3], "none");
    assert!(!log.iter().any(|l| l.contains("steals")), "{log:?}");
    assert_eq!(game.ball(), Ball::Held(pid(Runner)));
}

#[test]
fn the_kick_off_after_a_try_moves_the_time_dashboard_as_any_other() {
    // 6.04: "every time that you, being the attacking coach, take the 4
    // activation tokens" the dashboard moves; the receivers of the kick-off
    // after a try take theirs like after any kick-off.
    let game = home_attack()
        .at(&[(Runner, "H25"), (Beast, "A10")])
        .carrier(Runner)
        .clock(3, [true, false])
        .game();
    let mut game = game;
    play(&mut game, "runner move H27");
    play(&mut game, "done");
    let (mut game, _) = rolled(&game, &[2], "try");
    assert_eq!(game.score(Side::Home), 1);
    // RULINGS Takkure 12: the coach who conceded (away) decides: it kicks.
    assert_eq!(game.time().clock, 3, "a try alone does not move time");
    play(&mut game, "kick");
    for t in ["stalker E17", "thrower G17", "brute I17", "beast K17"] {
        play(&mut game, t);
    }
    for t in ["runner A3", "playmaker B3", "guard O3", "oni P3"] {
        play(&mut game, t);
    }
    play(&mut game, "kick H8 thrower");
    play(&mut game, "done");
    // Kick 12 (fumble): scatter 6 o'clock to H10, nobody within 2: loose.
    let (game, _) = rolled(&game, &[12, 6], "done");
    assert_eq!(game.ball(), Ball::Loose(sq("H10")));
    // Home receives; its token was already turned: both go down a box.
    assert_eq!(game.attacker(), Side::Home);
    assert_eq!((game.time().clock, game.time().turned), (2, [true, false]));
}

#[test]
fn a_defence_with_nobody_on_the_field_declares_nothing() {
    // 1.02 step 2 is for the defending players on the field: with all of
    // them injured, the activation goes straight to the second action.
    let mut game = home_attack()
        .at(&[(Runner, "H10")])
        .carrier(Runner)
        .out(Stalker, "match")
        .out(Thrower, "half")
        .out(Brute, "half")
        .out(Beast, "kickoff")
        .after(&["runner move H14"]);
    assert_eq!(game.step(), Step::Second);
    assert_eq!(game.awaiting(), Some(Side::Home));
    play(&mut game, "move H19");
    assert_eq!(game.player(pid(Runner)).square, Some(sq("H19")));
}

#[test]
fn tackles_on_a_passer_from_the_ground_roll_unopposed() {
    // 3.03 PASS FROM THE GROUND: "if there is any defending player taking
    // a defensive action against this player, their roll will be
    // unopposed"; the carrier is already down, so 3.07's "no more rolls"
    // (which stops the rolls once they put the carrier down) does not
    // apply. The Beast tackles the Runner on H10.
    let game = home_attack()
        .at(&[(Runner, "H10"), (Playmaker, "H9"), (Beast, "H13")])
        .carrier(Runner)
        .ground(Runner)
        .game();
    let mut game = game;
    play(&mut game, "runner pass playmaker");
    // The only defender's declaration ends step 2: the rolls follow.
    // Tackle 5 (STR 10): the Runner rolls stamina (2, BOD 3 + PRT 3); then
    // the pass, BaC 7 + 4 - 2 = 9: a 9 reaches the Playmaker.
    let (game, log) = rolled(&game, &[5, 2, 9], "beast tackle H10");
    // Beside H10, G10, I10 and H11 are nearest it in a straight line: G10
    // comes first in reading order (RULINGS Takkure 6); the Beast falls
    // there, beside the carrier.
    assert_eq!(game.player(pid(Beast)).square, Some(sq("G10")));
    assert!(line(&log, "Beast tackles").contains("5 vs STR 10, success"));
    line(&log, "Runner stamina: 2 vs STA 6, success");
    assert!(line(&log, "passes to the Playmaker")
        .contains("9 vs BaC 7 +4 distance -2 from the ground = 9, success"));
    assert_eq!(game.ball(), Ball::Held(pid(Playmaker)));
    assert!(game.player(pid(Beast)).ground);
    // A failed tackle brings the tackler down, and the pass is made.
    let game = home_attack()
        .at(&[(Runner, "H10"), (Playmaker, "H9"), (Beast, "H13")])
        .carrier(Runner)
        .ground(Runner)
        .after(&["runner pass playmaker"]);
    let (game, log) = rolled(&game, &[11, 3, 9], "beast tackle H10");
    assert!(line(&log, "Beast tackles").contains("11 vs STR 10, fail"));
    line(&log, "Beast stamina");
    assert_eq!(game.ball(), Ball::Held(pid(Playmaker)));
}

// ---- Issue 28: RULINGS Takkure 6, 13 and 14 as now ruled ----

#[test]
fn a_steal_against_a_passer_from_the_ground_is_rolled_before_the_pass() {
    // RULINGS Takkure 14 (3.03): every defender who declared an action
    // against the grounded carrier rolls unopposed before the pass; a
    // successful steal takes the ball and the pass is not made. The
    // Stalker steals from I11, in contact with the Runner on H10: plain
    // BaC 6 (3.06, a carrier on the ground), a 6 succeeds.
    let setup = || {
        home_attack()
            .at(&[(Runner, "H10"), (Playmaker, "H9"), (Stalker, "J13")])
            .carrier(Runner)
            .ground(Runner)
            .after(&["runner pass playmaker"])
    };
    let (game, log) = rolled(&setup(), &[6], "stalker steal I11");
    assert!(
        line(&log, "Stalker steals the ball from").contains("6 vs BaC 6, success"),
        "{log:#?}"
    );
    assert!(!log.iter().any(|l| l.contains("passes to")), "{log:#?}");
    assert_eq!(game.ball(), Ball::Held(pid(Stalker)));
    assert_eq!(game.attacker(), Side::Away);
    // A failed steal leaves the ball with the Runner, who then passes:
    // BaC 7 + 4 (1 square) - 2 (from the ground) = 9.
    let (game, log) = rolled(&setup(), &[12, 9], "stalker steal I11");
    assert!(line(&log, "Stalker steals the ball from").contains("12 vs BaC 6, fumble"));
    let steal = log.iter().position(|l| l.contains("steals")).unwrap();
    let pass = log.iter().position(|l| l.contains("passes to")).unwrap();
    assert!(steal < pass, "{log:#?}");
    assert!(line(&log, "passes to the Playmaker")
        .contains("9 vs BaC 7 +4 distance -2 from the ground = 9, success"));
    assert_eq!(game.ball(), Ball::Held(pid(Playmaker)));
}

#[test]
fn a_tackler_takes_the_square_in_contact_among_equally_close_ones() {
    // RULINGS Takkure 6: the Brute (defensive MOV 2) on E10 tackles H14,
    // the end of the Runner's path H10-H14. F12 and G12 are both 2 from
    // H14 and 2 steps away; F12 comes first in reading order, but only
    // G12 touches the path (H11-H13), so the Brute goes there and its
    // tackle is rolled instead of failing for want of contact.
    let game = home_attack()
        .at(&[(Runner, "H10"), (Brute, "E10")])
        .carrier(Runner)
        .after(&["runner move H14", "brute tackle H14"]);
    assert_eq!(game.player(pid(Brute)).square, Some(sq("G12")));
    assert!(game.in_contact(pid(Brute)));
    // Expert Tackler: two dice, STR 8.
    let (_, log) = rolled(&game, &[3, 9, 2], "none");
    assert!(line(&log, "Brute tackles").contains(
        "advantage (Expert Tackler), two dice [3 9], the success kept: 3 vs STR 8, success"
    ));
    assert!(!log.iter().any(|l| l.contains("no contact")), "{log:#?}");
}

#[test]
fn a_tackler_in_contact_either_way_goes_nearest_the_point_in_a_straight_line() {
    // RULINGS Takkure 6: the Beast (defensive MOV 3) on H13 tackles the
    // Runner, not the active player, on H10. G10, I10, G11, H11 and I11
    // are all 1 from H10 and in contact with it; G10, I10 and H11 are
    // nearest in a straight line, and G10 comes first in reading order.
    let mut game = home_attack()
        .at(&[(Runner, "H10"), (Playmaker, "C5"), (Beast, "H13")])
        .carrier(Runner)
        .after(&["playmaker hold"]);
    play(&mut game, "beast tackle H10");
    assert_eq!(game.player(pid(Beast)).square, Some(sq("G10")));
}

#[test]
fn pressure_on_a_pass_counts_from_the_square_it_is_made_from() {
    // RULINGS Takkure 6: the Playmaker runs H10-H14 and passes from H10,
    // where the Brute pressures from J9 (within 2 of H10, 5 from H14):
    // BaC 8 + 4 (2 squares to F9) - 1 = 11, two dice for Precise Pass.
    let game = home_attack()
        .at(&[
            (Playmaker, "H10"),
            (Runner, "F9"),
            (Brute, "K8"),
            (Stalker, "P28"),
        ])
        .carrier(Playmaker)
        .after(&["playmaker move H14", "brute pressure J9", "done"]);
    let (_, log) = rolled(&game, &[12, 11], "pass runner from H10");
    line(&log, "under pressure: -1");
    assert!(line(&log, "passes to the Runner")
        .contains("advantage (Precise Pass), two dice [12 11], the success kept: 11 vs BaC 8 +4 distance -1 pressure = 11, success"));
}

#[test]
fn a_hand_off_from_a_standing_teammate_in_contact() {
    // RULINGS Takkure 13 (3.05: "in the hands of a player, even if that
    // player is on the ground"): the Oni on H11 takes the ball from the
    // Runner standing on H10, BaC 5 + 4 = 9.
    let game = home_attack()
        .at(&[(Runner, "H10"), (Oni, "H11"), (Stalker, "P28")])
        .carrier(Runner)
        .after(&["oni hold", "done"]);
    assert!(
        game.check(&input("pickup")).is_ok(),
        "{:?}",
        game.check(&input("pickup"))
    );
    let (game, log) = rolled(&game, &[9], "pickup");
    assert!(
        line(&log, "picks up").contains("9 vs BaC 5 +4 pick-up = 9"),
        "{log:#?}"
    );
    assert_eq!(game.ball(), Ball::Held(pid(Oni)));
    // Out of contact it is refused.
    let mut game = home_attack()
        .at(&[(Runner, "H10"), (Oni, "H12"), (Stalker, "P28")])
        .carrier(Runner)
        .after(&["oni hold", "done"]);
    let msg = refused(&mut game, "pickup");
    assert!(msg.contains("in contact"), "{msg}");
}

// ---- Issue 28: what a newcomer reads ----

#[test]
fn a_roll_shows_where_its_target_comes_from() {
    // Issue 28: "every roll says where its target comes from". 4.01: three
    // active fatigue tokens give -1 to BaC; 1.06: pressure -1 each; 3.05:
    // +4 for a pick-up. The Guard (BaC 6) picks up under pressure, tired.
    let game = home_attack()
        .at(&[(Guard, "H10"), (Brute, "K8")])
        .loose("H11")
        .fatigue(Guard, 3, 0)
        .after(&["guard hold", "brute pressure J10"]);
    let (_, log) = rolled(&game, &[8], "pickup");
    assert_eq!(
        line(&log, "picks up"),
        "Yamato Guard picks up the ball: 8 vs BaC 6 -1 fatigue +4 pick-up -1 pressure = 8, success"
    );
    // Without modifiers the characteristic stands alone.
    let (_, log) = rolled(&beast_tackles_runner(), &[5, 9], "none");
    assert!(line(&log, "Beast tackles").ends_with(": 5 vs STR 10, success"));
}

#[test]
fn a_move_onto_the_loose_ball_is_refused_with_the_way_to_pick_it_up() {
    // Issue 28: a mark on the loose ball would push it away (step 3); the
    // refusal names a square beside it in reach and `pickup`.
    let mut game = home_attack()
        .at(&[(Runner, "H10"), (Stalker, "P28")])
        .loose("H13")
        .game();
    let msg = refused(&mut game, "runner move H13");
    assert!(msg.contains("the ball lies loose on H13"), "{msg}");
    assert!(msg.contains("`runner move H12`"), "{msg}");
    assert!(msg.contains("`pickup`"), "{msg}");
    play(&mut game, "runner move H12");
    play(&mut game, "done");
    let (game, _) = rolled(&game, &[3], "pickup");
    assert_eq!(game.ball(), Ball::Held(pid(Runner)));
}

#[test]
fn the_first_prompt_names_the_coin_flip_and_what_its_winner_chooses() {
    // RULINGS Takkure 9: the referee roll decides who chooses; the prompt
    // says so, and after a try says why the conceder chooses.
    let game = Game::new(Squad::Yamato, Squad::Teriomorph, 3);
    let Step::Choose { chooser } = game.step() else {
        panic!("not a choice")
    };
    let note = game.note().unwrap();
    assert!(
        note.starts_with(&format!(
            "{chooser} won the referee's coin flip and chooses: `kick`"
        )),
        "{note}"
    );
    assert!(
        note.contains(&format!("`receive` to let {} kick off", chooser.other())),
        "{note}"
    );
    assert_eq!(
        game.step_line(),
        "Half 1, time box 5, home 0 - away 0: choosing kick or receive"
    );
    let (game, _) = rolled(&runner_in_goal(), &[3], "try");
    let note = game.note().unwrap();
    assert!(note.starts_with("after the try, away chooses"), "{note}");
}

#[test]
fn prompts_give_sensible_examples_at_an_activation() {
    // Issue 28: the carrier's example runs at the opponent's in-goal; the
    // defence's is a tackle that reaches the path; every example is legal.
    let setup = || {
        home_attack()
            .at(&[
                (Runner, "H10"),
                (Playmaker, "F8"),
                (Brute, "E10"),
                (Beast, "M20"),
            ])
            .carrier(Runner)
    };
    let game = setup().game();
    assert_eq!(game.example().unwrap().to_string(), "runner move H15");
    let note = game.note().unwrap();
    assert!(note.contains("e.g. `runner move H15`"), "{note}");
    let game = setup().after(&["runner move H14"]);
    // The Brute on E10 reaches G10, beside the path's first square.
    let example = game.example().unwrap().to_string();
    assert_eq!(example, "brute tackle H10");
    assert_eq!(
        game.step_line(),
        "Half 1, time box 5, home 0 - away 0: the defence's declarations"
    );
    // Away attacks north: its carrier's example goes to lower rows, never
    // into its own in-goal (rows 27-28).
    let game = Setup::new(Side::Away)
        .at(&[(Stalker, "H25"), (Runner, "A3")])
        .carrier(Stalker)
        .game();
    assert_eq!(game.example().unwrap().to_string(), "stalker move H20");
}

#[test]
fn an_input_of_the_wrong_kind_is_refused_with_an_example_legal_now() {
    // Issue 28: a refusal says what the step takes, in words, with an
    // example that is then accepted as given (rulebook 1.02: the defence
    // declares once the first action is made; a second action only after).
    let mut game = home_attack()
        .at(&[(Runner, "H10"), (Brute, "E10"), (Stalker, "P28")])
        .carrier(Runner)
        .after(&["runner move H14"]);
    assert_eq!(game.step(), Step::Defence);
    let msg = refused(&mut game, "pickup");
    assert!(msg.starts_with("the defence declares now"), "{msg}");
    assert!(!msg.contains("RULINGS") && !msg.contains("rule "), "{msg}");
    let example = msg
        .split('`')
        .nth(1)
        .unwrap_or_else(|| panic!("no example: {msg}"))
        .to_string();
    // `check` (which lists the legal inputs) names the step without
    // working out an example.
    let cheap = game.check(&input("pickup")).unwrap_err().to_string();
    assert!(cheap.starts_with("the defence declares now") && !cheap.contains("e.g."));
    play(&mut game, &example);
    play(&mut game, "done");
    assert_eq!(game.step(), Step::Second);
    let msg = refused(&mut game, "done");
    assert!(msg.contains("second action"), "{msg}");
}
