//! Shared helpers for the Takkure tests: scenarios built through the
//! position format, and dice scripted by finding a seed whose first rolls
//! are the ones wanted.

use serde_json::Value;
use taktable::games::takkure::{Dice, Game, Input, Role, Side, Squad, Square};

pub fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

pub fn input(s: &str) -> Input {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Plays `text`, which must be accepted; returns the log.
pub fn play(game: &mut Game, text: &str) -> Vec<String> {
    game.play(&input(text))
        .unwrap_or_else(|e| panic!("`{text}` refused: {e}\n{}", game.prompt()))
}

/// Plays `text`, which must be refused without changing anything; returns
/// the refusal.
pub fn refused(game: &mut Game, text: &str) -> String {
    let before = game.clone();
    let err = game
        .play(&input(text))
        .expect_err(&format!("`{text}` was accepted"));
    assert_eq!(*game, before, "a refused input changed the game");
    err.to_string()
}

/// A Yamato (home) against Teriomorph (away) match at the start of an
/// activation, built through the position format.
pub struct Setup {
    value: Value,
}

impl Setup {
    /// `attack` holds its 4 activation tokens, time box 5; nobody on the
    /// field yet.
    pub fn new(attack: Side) -> Setup {
        let game = Game::new(Squad::Yamato, Squad::Teriomorph, 0);
        let mut value: Value = serde_json::from_str(&game.to_string()).unwrap();
        value["attack"] = Value::from(attack.to_string());
        value["tokens"] = Value::from(4);
        value["step"] = Value::from("first");
        value["ball"] = Value::from("out");
        value["time"]["turned"][attack.index()] = Value::from(true);
        Setup { value }
    }

    fn player(&mut self, role: Role) -> &mut Value {
        let side = if role.squad() == Squad::Yamato { 0 } else { 1 };
        &mut self.value["players"][side][role.slot()]
    }

    /// Puts players on squares: `[(Role::Runner, "F12"), ...]`.
    pub fn at(mut self, placed: &[(Role, &str)]) -> Setup {
        for &(role, square) in placed {
            self.player(role)["square"] = Value::from(square);
        }
        self
    }

    pub fn ground(mut self, role: Role) -> Setup {
        self.player(role)["ground"] = Value::from(true);
        self
    }

    pub fn fatigue(mut self, role: Role, tokens: u8, rested: u8) -> Setup {
        self.player(role)["fatigue"] = Value::from(tokens);
        self.player(role)["rested"] = Value::from(rested);
        self
    }

    pub fn wounds(mut self, role: Role, wounds: u8) -> Setup {
        self.player(role)["wounds"] = Value::from(wounds);
        self
    }

    /// Injured, out until `until` ("kickoff", "half" or "match").
    pub fn out(mut self, role: Role, until: &str) -> Setup {
        self.player(role)["out"] = Value::from(until);
        self.player(role)["square"] = Value::Null;
        self
    }

    pub fn activations(mut self, role: Role, n: u8) -> Setup {
        self.player(role)["activations"] = Value::from(n);
        self
    }

    pub fn carrier(mut self, role: Role) -> Setup {
        let side = if role.squad() == Squad::Yamato {
            "home"
        } else {
            "away"
        };
        self.value["ball"] = serde_json::json!({"held": {"side": side, "slot": role.slot()}});
        self
    }

    pub fn loose(mut self, square: &str) -> Setup {
        self.value["ball"] = serde_json::json!({ "loose": square });
        self
    }

    pub fn tokens(mut self, n: u8) -> Setup {
        self.value["tokens"] = Value::from(n);
        self
    }

    pub fn score(mut self, home: u8, away: u8) -> Setup {
        self.value["score"] = serde_json::json!([home, away]);
        self
    }

    pub fn clock(mut self, clock: u8, turned: [bool; 2]) -> Setup {
        self.value["time"] = serde_json::json!({"clock": clock, "turned": turned});
        self
    }

    pub fn game(self) -> Game {
        let text = self.value.to_string();
        text.parse()
            .unwrap_or_else(|e| panic!("bad scenario: {e}\n{text}"))
    }
}

/// The seed whose generator's first D12 rolls are `want`.
pub fn seed_for(want: &[u8]) -> u64 {
    (0..50_000_000u64)
        .find(|&seed| {
            let mut dice = Dice::new(seed);
            want.iter().all(|&w| dice.d12() == w)
        })
        .expect("no seed gives those rolls")
}

/// `game` with dice whose next rolls are `want` (then whatever follows).
pub fn with_rolls(game: &Game, want: &[u8]) -> Game {
    let mut value: Value = serde_json::from_str(&game.to_string()).unwrap();
    let dice = Dice::new(seed_for(want));
    value["dice"] = serde_json::to_value(&dice).unwrap();
    value.to_string().parse().unwrap()
}

/// The first log line containing `needle`.
pub fn line<'a>(log: &'a [String], needle: &str) -> &'a str {
    log.iter()
        .find(|l| l.contains(needle))
        .unwrap_or_else(|| panic!("no log line with {needle:?} in {log:#?}"))
}

/// The player with that role (Yamato is home, Teriomorph away).
pub fn pid(role: Role) -> taktable::games::takkure::PlayerId {
    let side = if role.squad() == Squad::Yamato {
        Side::Home
    } else {
        Side::Away
    };
    taktable::games::takkure::PlayerId {
        side,
        slot: role.slot() as u8,
    }
}

impl Setup {
    /// The game, after `inputs` (each must be accepted).
    pub fn after(self, inputs: &[&str]) -> Game {
        let mut game = self.game();
        for text in inputs {
            play(&mut game, text);
        }
        game
    }
}

/// `game` with the next rolls `rolls`, after `text` (which must be
/// accepted): the game and the log.
pub fn rolled(game: &Game, rolls: &[u8], text: &str) -> (Game, Vec<String>) {
    let mut game = with_rolls(game, rolls);
    let log = play(&mut game, text);
    (game, log)
}
