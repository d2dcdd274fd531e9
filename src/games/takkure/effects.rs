//! What rolls do to players and the ball: ground, stamina rolls, wounds,
//! injuries, fatigue and the scatter roll.

use super::dice::Roll;
use super::game::{Ball, Game};
use super::player::{Absence, PlayerId};
use super::square::Square;

/// The scatter template as a clock face (RULINGS Takkure 8): the offset the
/// ball travels for each die face, 12 pointing north (towards row 1), 3
/// east; the nearest square at that angle on the ring of distance 2.
const SCATTER: [(i32, i32); 12] = [
    (1, -2),  // 1
    (2, -1),  // 2
    (2, 0),   // 3
    (2, 1),   // 4
    (1, 2),   // 5
    (0, 2),   // 6
    (-1, 2),  // 7
    (-2, 1),  // 8
    (-2, 0),  // 9
    (-2, -1), // 10
    (-1, -2), // 11
    (0, -2),  // 12
];

/// The compass direction of a clock-face hour (RULINGS Takkure 8: 12 is
/// north, towards row 1; 3 east, towards column P), the nearest of eight:
/// "north", "north-east", ...; the pictures show the same compass.
pub fn clock_direction(hour: u8) -> &'static str {
    match hour % 12 {
        0 => "north",
        1 | 2 => "north-east",
        3 => "east",
        4 | 5 => "south-east",
        6 => "south",
        7 | 8 => "south-west",
        9 => "west",
        _ => "north-west",
    }
}

impl Game {
    /// A die for a roll, as several dice when a skill gives more.
    pub(super) fn dice(&mut self, n: usize) -> Vec<u8> {
        (0..n.max(1)).map(|_| self.dice.d12()).collect()
    }

    /// The player falls to the ground (gets a GROUND token).
    pub(super) fn fall(&mut self, id: PlayerId, log: &mut Vec<String>) {
        let player = self.player_mut(id);
        if player.on_field() && !player.ground {
            player.ground = true;
            log.push(format!("the {} goes to the ground", self.name(id)));
        }
    }

    /// A stamina roll: D12 against BOD + PRT; over it, a wound (5.04).
    pub(super) fn stamina(&mut self, id: PlayerId, log: &mut Vec<String>) {
        if !self.player(id).on_field() {
            return;
        }
        let stats = self.stats(id);
        let roll = Roll {
            die: self.dice.d12(),
            target: stats.bod + stats.prt,
        };
        log.push(format!(
            "{} stamina: {}",
            self.name(id),
            roll.describe("STA")
        ));
        if !roll.success() {
            self.wound(id, log);
        }
    }

    /// A WOUND token; as many as BOD injure the player (5.05).
    pub(super) fn wound(&mut self, id: PlayerId, log: &mut Vec<String>) {
        if !self.player(id).on_field() {
            return;
        }
        let bod = self.stats(id).bod;
        let player = self.player_mut(id);
        player.wounds += 1;
        let wounds = player.wounds;
        log.push(format!(
            "the {} takes a wound ({wounds} of {bod})",
            self.name(id)
        ));
        if i32::from(wounds) >= bod {
            self.injure(id, log);
        }
    }

    /// A fatigue token; the fourth injures (4.01, 4.02).
    pub(super) fn tire(&mut self, id: PlayerId, log: &mut Vec<String>) {
        let injured = self.player_mut(id).tire();
        log.push(format!(
            "the {} gets a fatigue token ({} active)",
            self.name(id),
            self.player(id).active_fatigue()
        ));
        if injured {
            log.push(format!(
                "that is the {}'s fourth fatigue token",
                self.name(id)
            ));
            self.injure(id, log);
        }
    }

    /// Off the field, wounds removed, a roll on the injury table (5.05,
    /// RULINGS Takkure 11). A carried ball stays loose on its square.
    pub(super) fn injure(&mut self, id: PlayerId, log: &mut Vec<String>) {
        let die = self.dice.d12();
        let absence = Absence::from_roll(die);
        let square = self.player(id).square;
        let player = self.player_mut(id);
        player.square = None;
        player.ground = false;
        player.wounds = 0;
        player.out = Some(absence);
        log.push(format!(
            "the {} is injured: injury roll {die}, {}",
            self.name(id),
            absence.describe()
        ));
        if self.ball == Ball::Held(id) {
            if let Some(sq) = square {
                self.ball = Ball::Loose(sq);
                log.push(format!("the ball drops loose on {sq}"));
            }
        }
    }

    /// A scatter roll from `from`: the ball lands 2 squares away in the
    /// die's direction, or on the nearest free square when that is off the
    /// grid or filled (RULINGS Takkure 8), and lies loose there.
    pub(super) fn scatter(&mut self, from: Square, log: &mut Vec<String>) {
        let die = self.dice.d12();
        let (dc, dr) = SCATTER[usize::from(die - 1) % 12];
        let (col, row) = (from.col() + dc, from.row() + dr);
        let landing = match Square::new(col, row) {
            Some(sq) if !self.filled(sq) => Some(sq),
            _ => self.nearest_free(col, row),
        };
        match landing {
            Some(sq) => {
                self.ball = Ball::Loose(sq);
                self.trace.scatters.push((from, sq));
                log.push(format!(
                    "the ball scatters from {from}, {die} on the clock face: 2 squares {}, \
                     it lands on {sq}",
                    clock_direction(die)
                ));
            }
            None => {
                self.ball = Ball::Loose(from);
                log.push(format!("the ball drops on {from}"));
            }
        }
    }
}
