//! The two training squads, their players' roles and stats (RULINGS
//! Takkure 3; the rulebook's cards are not in the rules text).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A team's squad.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Squad {
    Yamato,
    Teriomorph,
}

/// A player's position skill (rulebook 4.05): lost while the player has an
/// active fatigue token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Skill {
    /// Two dice for DODGE.
    Counterfoot,
    /// Two dice for PASS.
    PrecisePass,
    /// Two dice for BREAK THROUGH.
    Charge,
    /// Twice the defensive move.
    DefensiveVision,
    /// Two dice for TACKLE.
    ExpertTackler,
}

impl Skill {
    /// The skill as the cards print it: "Expert Tackler".
    pub fn title(self) -> &'static str {
        match self {
            Skill::Counterfoot => "Counterfoot",
            Skill::PrecisePass => "Precise Pass",
            Skill::Charge => "Charge",
            Skill::DefensiveVision => "Defensive Vision",
            Skill::ExpertTackler => "Expert Tackler",
        }
    }
}

/// A player's characteristics: `MOV attack/defence, BaC general/try, STR,
/// REF, INT, PRT, BOD` and the position skill.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stats {
    pub mov_attack: i32,
    pub mov_defence: i32,
    pub bac: i32,
    pub bac_try: i32,
    pub str: i32,
    pub reflexes: i32,
    pub int: i32,
    pub prt: i32,
    pub bod: i32,
    pub skill: Skill,
}

/// A player, named by role; each squad has four roles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Runner,
    Playmaker,
    Guard,
    Oni,
    Stalker,
    Thrower,
    Brute,
    Beast,
}

impl Role {
    pub const ALL: [Role; 8] = [
        Role::Runner,
        Role::Playmaker,
        Role::Guard,
        Role::Oni,
        Role::Stalker,
        Role::Thrower,
        Role::Brute,
        Role::Beast,
    ];

    /// The name typed in chat.
    pub fn name(self) -> &'static str {
        match self {
            Role::Runner => "runner",
            Role::Playmaker => "playmaker",
            Role::Guard => "guard",
            Role::Oni => "oni",
            Role::Stalker => "stalker",
            Role::Thrower => "thrower",
            Role::Brute => "brute",
            Role::Beast => "beast",
        }
    }

    /// The name shown in sentences ("the Brute").
    pub fn title(self) -> &'static str {
        match self {
            Role::Runner => "Runner",
            Role::Playmaker => "Playmaker",
            Role::Guard => "Guard",
            Role::Oni => "Oni",
            Role::Stalker => "Stalker",
            Role::Thrower => "Thrower",
            Role::Brute => "Brute",
            Role::Beast => "Beast",
        }
    }

    /// The squad this role plays in.
    pub fn squad(self) -> Squad {
        match self {
            Role::Runner | Role::Playmaker | Role::Guard | Role::Oni => Squad::Yamato,
            _ => Squad::Teriomorph,
        }
    }

    /// Its place (0..4) in its squad's line-up.
    pub fn slot(self) -> usize {
        match self {
            Role::Runner | Role::Stalker => 0,
            Role::Playmaker | Role::Thrower => 1,
            Role::Guard | Role::Brute => 2,
            Role::Oni | Role::Beast => 3,
        }
    }

    pub fn stats(self) -> Stats {
        use Skill::*;
        let s = |ma, md, bac, bt, str, reflexes, int, prt, bod, skill| Stats {
            mov_attack: ma,
            mov_defence: md,
            bac,
            bac_try: bt,
            str,
            reflexes,
            int,
            prt,
            bod,
            skill,
        };
        match self {
            Role::Runner => s(5, 3, 7, 6, 5, 8, 6, 3, 3, Counterfoot),
            Role::Playmaker => s(4, 2, 8, 7, 5, 7, 7, 3, 3, PrecisePass),
            Role::Guard => s(4, 2, 6, 5, 7, 6, 6, 4, 3, ExpertTackler),
            Role::Oni => s(3, 2, 5, 4, 9, 5, 5, 5, 4, Charge),
            Role::Stalker => s(5, 3, 6, 5, 6, 8, 5, 3, 3, DefensiveVision),
            Role::Thrower => s(4, 2, 7, 6, 6, 6, 6, 4, 3, PrecisePass),
            Role::Brute => s(4, 2, 5, 4, 8, 5, 4, 4, 4, ExpertTackler),
            Role::Beast => s(3, 3, 4, 4, 10, 4, 3, 5, 5, Charge),
        }
    }
}

impl Squad {
    pub const ALL: [Squad; 2] = [Squad::Yamato, Squad::Teriomorph];

    /// The four roles, in line-up order.
    pub fn roles(self) -> [Role; 4] {
        match self {
            Squad::Yamato => [Role::Runner, Role::Playmaker, Role::Guard, Role::Oni],
            Squad::Teriomorph => [Role::Stalker, Role::Thrower, Role::Brute, Role::Beast],
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Squad::Yamato => "yamato",
            Squad::Teriomorph => "teriomorph",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Squad::Yamato => "Yamato",
            Squad::Teriomorph => "Teriomorph",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl fmt::Display for Squad {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Role {
    type Err = String;
    fn from_str(s: &str) -> Result<Role, String> {
        let t = s.trim();
        Role::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(t))
            .ok_or_else(|| {
                format!(
                    "\"{t}\" is not a player: name one by role (runner, playmaker, guard, oni, \
                     stalker, thrower, brute, beast)"
                )
            })
    }
}

impl FromStr for Squad {
    type Err = String;
    fn from_str(s: &str) -> Result<Squad, String> {
        let t = s.trim();
        Squad::ALL
            .into_iter()
            .find(|q| q.name().eq_ignore_ascii_case(t))
            .ok_or_else(|| format!("\"{t}\" is not a squad: yamato or teriomorph"))
    }
}
