//! The exact chances of the rolls (rulebook 1.14-1.16, RULINGS Takkure 4),
//! worked out from [`Roll`] itself rather than by sampling: a D12 against a
//! characteristic after modifiers, 1 a critical, 12 a fumble; a player with
//! two dice keeps the better one ([`Roll::best`]); face to face, the better
//! success wins ([`face_to_face`]).

use super::super::dice::{face_to_face, Roll, Verdict};
use super::super::game::Game;
use super::super::player::PlayerId;
use super::super::resolve::pass_modifier;
use super::super::squad::Skill;
use super::super::square::Square;

/// How one action's roll comes out: the chance of each rank of
/// [`Roll::rank`] (index 0 a failure, 2..=11 a success on that die, 13 a
/// critical).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Odds([f64; 14]);

impl Odds {
    /// `dice` D12 (1 or 2) against `target`, the better one kept.
    pub fn of(dice: usize, target: i32) -> Odds {
        let mut ranks = [0.0; 14];
        if dice >= 2 {
            for a in 1..=12u8 {
                for b in 1..=12u8 {
                    let roll = Roll::best(&[a, b], target);
                    ranks[usize::from(roll.rank().unwrap_or(0))] += 1.0 / 144.0;
                }
            }
        } else {
            for a in 1..=12u8 {
                let roll = Roll { die: a, target };
                ranks[usize::from(roll.rank().unwrap_or(0))] += 1.0 / 12.0;
            }
        }
        Odds(ranks)
    }

    /// The chance the roll succeeds (unopposed).
    pub fn success(&self) -> f64 {
        1.0 - self.0[0]
    }

    /// Face to face against `other` (rulebook 1.15): the chances that this
    /// side's action succeeds, and that the other's does.
    pub fn against(&self, other: &Odds) -> (f64, f64) {
        let (mut mine, mut theirs) = (0.0, 0.0);
        for (i, &p) in self.0.iter().enumerate().filter(|&(_, &p)| p > 0.0) {
            for (j, &q) in other.0.iter().enumerate().filter(|&(_, &q)| q > 0.0) {
                let die = |rank: usize| match rank {
                    0 => 12,
                    13 => 1,
                    r => r as u8,
                };
                let (a, b) = face_to_face(
                    Roll {
                        die: die(i),
                        target: 12,
                    },
                    Roll {
                        die: die(j),
                        target: 12,
                    },
                );
                if a == Verdict::Success {
                    mine += p * q;
                }
                if b == Verdict::Success {
                    theirs += p * q;
                }
            }
        }
        (mine, theirs)
    }
}

/// How many dice `id` throws for an action its `skill` covers (4.05).
pub fn dice_for(game: &Game, id: PlayerId, skill: Skill) -> usize {
    if game.skill(id) == Some(skill) {
        2
    } else {
        1
    }
}

/// A tackle's roll: STR, two dice for an Expert Tackler (3.07).
pub fn tackle(game: &Game, tackler: PlayerId) -> Odds {
    let target = game.characteristic(tackler, "STR", game.stats(tackler).str);
    Odds::of(
        dice_for(game, tackler, Skill::ExpertTackler),
        target.value(),
    )
}

/// The chance that `tackler` brings `carrier` down when the carrier meets
/// it as well as it can: with a DODGE (REF) or a BREAK THROUGH (STR),
/// under `pressure` (1.06, 3.07); a tackle unopposed when `opposed` is
/// false (the carrier's dice went to another tackler).
pub fn tackle_success(
    game: &Game,
    tackler: PlayerId,
    carrier: PlayerId,
    pressure: i32,
    opposed: bool,
) -> f64 {
    let t = tackle(game, tackler);
    if !opposed {
        return t.success();
    }
    let stats = game.stats(carrier);
    let dodge = Odds::of(
        dice_for(game, carrier, Skill::Counterfoot),
        game.characteristic(carrier, "REF", stats.reflexes).value() - pressure,
    );
    let brk = Odds::of(
        dice_for(game, carrier, Skill::Charge),
        game.characteristic(carrier, "STR", stats.str).value() - pressure,
    );
    dodge.against(&t).1.min(brk.against(&t).1)
}

/// The chance a PASS from `from` reaches `receiver`: the passer's BaC with
/// the distance, pressure and ground modifiers, else the receiver's
/// reception (2.01-2.02, RULINGS Takkure 7); interceptions left out.
pub fn pass(
    game: &Game,
    passer: PlayerId,
    from: Square,
    receiver: PlayerId,
    pressure: i32,
    from_ground: bool,
) -> f64 {
    let Some(to) = game.player(receiver).square else {
        return 0.0;
    };
    let modifier = pass_modifier(from.distance(to));
    let roll = Odds::of(
        dice_for(game, passer, Skill::PrecisePass),
        game.characteristic(passer, "BaC", game.stats(passer).bac)
            .value()
            + modifier
            - pressure
            - if from_ground { 2 } else { 0 },
    );
    let reception = Odds::of(
        1,
        game.characteristic(receiver, "BaC", game.stats(receiver).bac)
            .value()
            + modifier,
    );
    roll.success() + (1.0 - roll.success()) * reception.success()
}

/// The chance an unopposed TRY scores (4.04): try BaC, -1 per fatigue
/// token, pressure.
pub fn try_alone(game: &Game, carrier: PlayerId, pressure: i32) -> f64 {
    let target = game
        .characteristic(carrier, "try BaC", game.stats(carrier).bac_try)
        .value()
        - i32::from(game.player(carrier).fatigue)
        - pressure;
    Odds::of(1, target).success()
}

#[cfg(test)]
mod tests {
    use super::*;

    // Rulebook 1.14: one D12 against 7 succeeds on 1-7 (a 12 always fails,
    // a 1 always succeeds).
    #[test]
    fn one_die() {
        assert!((Odds::of(1, 7).success() - 7.0 / 12.0).abs() < 1e-12);
        assert!((Odds::of(1, 20).success() - 11.0 / 12.0).abs() < 1e-12);
        assert!((Odds::of(1, -3).success() - 1.0 / 12.0).abs() < 1e-12);
    }

    // RULINGS Takkure 4: two dice keep the better, so a success unless both fail.
    #[test]
    fn two_dice() {
        let p = 1.0 - (5.0f64 / 12.0).powi(2);
        assert!((Odds::of(2, 7).success() - p).abs() < 1e-12);
    }

    /// Face to face by brute force over every die (1.15).
    #[test]
    fn face_to_face_matches_counting() {
        for (na, ta, nb, tb) in [(1, 7, 1, 7), (2, 8, 1, 5), (1, 4, 2, 9), (2, 6, 2, 6)] {
            let (mine, theirs) = Odds::of(na, ta).against(&Odds::of(nb, tb));
            let (mut m, mut t, mut n) = (0.0, 0.0, 0.0);
            let faces = |k: usize| -> Vec<Vec<u8>> {
                if k == 1 {
                    (1..=12).map(|a| vec![a]).collect()
                } else {
                    (1..=12)
                        .flat_map(|a| (1..=12).map(move |b| vec![a, b]))
                        .collect()
                }
            };
            for a in faces(na) {
                for b in faces(nb) {
                    let (va, vb) = face_to_face(Roll::best(&a, ta), Roll::best(&b, tb));
                    n += 1.0;
                    m += f64::from(u8::from(va == Verdict::Success));
                    t += f64::from(u8::from(vb == Verdict::Success));
                }
            }
            assert!((mine - m / n).abs() < 1e-9, "{na} {ta} {nb} {tb}");
            assert!((theirs - t / n).abs() < 1e-9, "{na} {ta} {nb} {tb}");
        }
    }
}
