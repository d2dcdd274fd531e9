//! Round trips of the Takkure notation and position format, and their
//! refusals.

use crate::takkure_support::*;
use taktable::games::takkure::{Game, Input, Role, Side, Squad, Square};

#[test]
fn canonical_spellings_round_trip() {
    let texts = [
        "kick",
        "receive",
        "done",
        "end half",
        "runner F12",
        "kick H20 guard",
        "ball H21",
        "to F12",
        "runner move F12",
        "runner move F12 via G10",
        "oni stand",
        "runner pass playmaker",
        "guard hold",
        "guard tackle F12",
        "brute pressure G10",
        "beast steal H11",
        "stalker rest",
        "move F12",
        "pass runner",
        "pass runner from F10",
        "pickup",
        "dodge",
        "dodge brute guard",
        "break",
        "break beast",
        "try",
        "none",
    ];
    for text in texts {
        let parsed: Input = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(parsed.to_string(), text);
    }
}

#[test]
fn input_ignores_case_and_spaces() {
    assert_eq!(
        input("  Runner   MOVE f12  VIA g10 "),
        input("runner move F12 via G10")
    );
    assert_eq!(input("END HALF"), Input::EndHalf);
}

#[test]
fn unreadable_inputs_say_what_to_write() {
    let cases = [
        ("", "nothing was written"),
        ("runner", "what does the Runner do"),
        ("runner move", "needs a square"),
        ("runner move Q3", "not a square"),
        (
            "runner move F12 by G10",
            "write `move F12` or `move F12 via G10`",
        ),
        ("runner jump", "not an action"),
        ("wizard move F12", "start with a player's role"),
        ("pass", "needs a player"),
        ("pass runner to F10", "pass runner from F10"),
        ("try now", "one word too many"),
        ("kick H20", "kick H20 guard"),
        ("dodge wizard", "not a player"),
        ("end", "end half"),
        ("to", "needs a square"),
        ("runner rest now", "one word too many"),
    ];
    for (text, needle) in cases {
        let err = text.parse::<Input>().expect_err(text).to_string();
        assert!(err.contains(needle), "{text:?}: {err}");
    }
}

#[test]
fn every_square_round_trips() {
    for square in Square::all() {
        assert_eq!(square.to_string().parse::<Square>(), Ok(square));
    }
}

#[test]
fn every_role_and_squad_reads_back() {
    for role in Role::ALL {
        assert_eq!(role.to_string().parse::<Role>(), Ok(role));
    }
    for squad in Squad::ALL {
        assert_eq!(squad.to_string().parse::<Squad>(), Ok(squad));
    }
}

#[test]
fn legal_inputs_round_trip_through_the_notation() {
    let mut game = Game::new(Squad::Yamato, Squad::Teriomorph, 11);
    for _ in 0..40 {
        let legal = game.legal_inputs();
        for i in &legal {
            assert_eq!(&i.to_string().parse::<Input>().unwrap(), i);
        }
        let Some(first) = legal.into_iter().last() else {
            break;
        };
        game.play(&first).unwrap();
    }
}

#[test]
fn positions_round_trip() {
    let mut game = Game::new(Squad::Teriomorph, Squad::Teriomorph, 5);
    for step in 0..60 {
        let text = game.to_string();
        let back: Game = text.parse().unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, game);
        assert_eq!(back.to_string(), text);
        let legal = game.legal_inputs();
        let Some(input) = legal.get(step * 7 % legal.len().max(1)).cloned() else {
            break;
        };
        game.play(&input).unwrap();
    }
}

#[test]
fn a_position_read_back_rolls_the_same_dice() {
    let mut game = Setup::new(Side::Home)
        .at(&[(Role::Runner, "H10"), (Role::Beast, "H17")])
        .carrier(Role::Runner)
        .game();
    play(&mut game, "runner move H14");
    play(&mut game, "beast tackle H14");
    let mut copy: Game = game.to_string().parse().unwrap();
    assert_eq!(play(&mut game, "dodge"), play(&mut copy, "dodge"));
    assert_eq!(game, copy);
}

#[test]
fn impossible_positions_are_refused() {
    let good = Setup::new(Side::Home)
        .at(&[(Role::Runner, "H10"), (Role::Beast, "H17")])
        .carrier(Role::Runner)
        .game()
        .to_string();
    assert!(good.parse::<Game>().is_ok());
    let cases = [
        (good.replace("\"H17\"", "\"H10\""), "two players"),
        (good.replace("\"H17\"", "\"Z17\""), "not a square"),
        (good.replace("\"tokens\":4", "\"tokens\":5"), "at most 4"),
        (good.replace("\"half\":1", "\"half\":3"), "half"),
        ("{}".to_string(), "missing field"),
        ("runner move F12".to_string(), "not a Takkure position"),
    ];
    for (text, needle) in cases {
        let err = text.parse::<Game>().expect_err(needle).to_string();
        assert!(err.contains(needle), "{needle}: {err}");
    }
}
