//! A player's state on the field: where it is, ground, wounds, fatigue,
//! activation tokens in the current cycle and injuries.

use serde::{Deserialize, Serialize};

use super::side::Side;

/// A player of one team, by its place (0..4) in the squad's line-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayerId {
    pub side: Side,
    pub slot: u8,
}

/// How long an injured player stays out (injury table, RULINGS Takkure 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Absence {
    /// 1-6: back at the next kick-off.
    KickOff,
    /// 7-10: out for the rest of the half.
    Half,
    /// 11-12: out for the match.
    Match,
}

impl Absence {
    /// The injury table (D12).
    pub fn from_roll(die: u8) -> Absence {
        match die {
            1..=6 => Absence::KickOff,
            7..=10 => Absence::Half,
            _ => Absence::Match,
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Absence::KickOff => "back at the next kick-off",
            Absence::Half => "out for the rest of the half",
            Absence::Match => "out for the match",
        }
    }
}

/// Fatigue tokens a player can hold before the next one injures it (4.01).
pub const MAX_FATIGUE: u8 = 3;

#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Player {
    /// Where it stands; `None` while off the field (injured, or not yet
    /// placed for a kick-off).
    pub square: Option<super::square::Square>,
    /// Has a GROUND token.
    #[serde(default, skip_serializing_if = "is_false")]
    pub ground: bool,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub wounds: u8,
    /// Fatigue tokens, active or not.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub fatigue: u8,
    /// How many of them show their deactivated side (REST, 4.01).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub rested: u8,
    /// Activation tokens received in the current cycle of four.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub activations: u8,
    /// Injured: out until then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub out: Option<Absence>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl Player {
    /// Fatigue tokens showing their active side.
    pub fn active_fatigue(&self) -> u8 {
        self.fatigue.saturating_sub(self.rested)
    }

    /// The position skill is lost with the first active fatigue token.
    pub fn has_skill(&self) -> bool {
        self.active_fatigue() == 0
    }

    /// With two active tokens, one MOV action per activation.
    pub fn one_move_only(&self) -> bool {
        self.active_fatigue() >= 2
    }

    /// With three, -1 to STR, BaC, REF and INT.
    pub fn fatigue_modifier(&self) -> i32 {
        if self.active_fatigue() >= 3 {
            -1
        } else {
            0
        }
    }

    /// Receives a fatigue token: a deactivated one is turned back instead
    /// (4.01). Returns true when this is the fourth token, which injures.
    pub fn tire(&mut self) -> bool {
        if self.rested > 0 {
            self.rested -= 1;
            false
        } else if self.fatigue >= MAX_FATIGUE {
            true
        } else {
            self.fatigue += 1;
            false
        }
    }

    /// REST: turns a token over, or removes an already turned one (4.03).
    pub fn rest(&mut self) {
        if self.rested > 0 {
            self.rested -= 1;
            self.fatigue = self.fatigue.saturating_sub(1);
        } else if self.fatigue > 0 {
            self.rested = 1;
        }
    }

    /// Half time: one token removed; an active one, as the better choice.
    pub fn recover(&mut self) {
        if self.fatigue > self.rested {
            self.fatigue -= 1;
        } else if self.rested > 0 {
            self.rested -= 1;
            self.fatigue = self.fatigue.saturating_sub(1);
        }
    }

    /// On the field and able to act at all.
    pub fn on_field(&self) -> bool {
        self.square.is_some()
    }
}
