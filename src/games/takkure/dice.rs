//! Twelve-sided dice from a small generator kept in the game state, so that
//! replaying a game's inputs from its seed reproduces every roll (RULINGS
//! Takkure 4), and how rolls are read: unopposed, face to face, melee.

use serde::{Deserialize, Serialize};

/// A PCG32 generator (O'Neill's XSH-RR output on a 64-bit LCG): tiny, fast,
/// and its whole state is two numbers the position format can hold.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Dice {
    state: u64,
    inc: u64,
    /// Dice forced in advance, for the computer coach's look at what an
    /// input may lead to (never in a match: not stored, `None` there).
    #[serde(skip)]
    script: Option<Box<Script>>,
}

/// The faces a scripted generator gives first, and how many dice it gave.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
struct Script {
    forced: Vec<u8>,
    drawn: usize,
}

const MULTIPLIER: u64 = 6364136223846793005;

impl Dice {
    /// The generator for a game's seed.
    pub fn new(seed: u64) -> Dice {
        let mut dice = Dice {
            state: 0,
            inc: (0xda3e_39cb_94b9_5bdb_u64 << 1) | 1,
            script: None,
        };
        dice.next_u32();
        dice.state = dice.state.wrapping_add(seed);
        dice.next_u32();
        dice
    }

    /// Rebuilds a generator from its two words; `inc` must be odd.
    pub fn from_parts(state: u64, inc: u64) -> Option<Dice> {
        (inc % 2 == 1).then_some(Dice {
            state,
            inc,
            script: None,
        })
    }

    /// A generator for a look ahead: it gives the faces of `forced` first,
    /// then the generator of `seed`'s, and counts the dice it gives
    /// ([`Dice::drawn`]). A coach looks ahead with such dice, never with the
    /// match's own, whose next rolls it must not know.
    pub fn scripted(seed: u64, forced: &[u8]) -> Dice {
        let mut dice = Dice::new(seed);
        dice.script = Some(Box::new(Script {
            forced: forced.iter().map(|&d| d.clamp(1, 12)).collect(),
            drawn: 0,
        }));
        dice
    }

    /// How many dice a scripted generator has given (0 for a match's own).
    pub fn drawn(&self) -> usize {
        self.script.as_ref().map_or(0, |s| s.drawn)
    }

    /// Whether the state is one PCG32 can be in (an odd increment).
    pub fn is_valid(&self) -> bool {
        self.inc % 2 == 1
    }

    pub fn next_u32(&mut self) -> u32 {
        let old = self.state;
        self.state = old.wrapping_mul(MULTIPLIER).wrapping_add(self.inc);
        let xorshifted = (((old >> 18) ^ old) >> 27) as u32;
        let rot = (old >> 59) as u32;
        xorshifted.rotate_right(rot)
    }

    /// A fair D12 (rejection sampling, no modulo bias).
    pub fn d12(&mut self) -> u8 {
        // The largest multiple of 12 that fits, as the acceptance bound.
        const BOUND: u32 = u32::MAX - (u32::MAX % 12) - 1;
        if let Some(script) = self.script.as_mut() {
            let forced = script.forced.get(script.drawn).copied();
            script.drawn += 1;
            if let Some(die) = forced {
                return die;
            }
        }
        loop {
            let x = self.next_u32();
            if x <= BOUND {
                return (x % 12) as u8 + 1;
            }
        }
    }

    /// The referee roll: a coin flip (rulebook 5.02).
    pub fn coin(&mut self) -> bool {
        self.d12() % 2 == 0
    }
}

/// One die read against a characteristic after modifiers (rulebook 1.14,
/// 1.16): 1 is a critical and always succeeds, 12 a fumble and always fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Roll {
    pub die: u8,
    pub target: i32,
}

impl Roll {
    pub fn success(self) -> bool {
        self.die == 1 || (self.die != 12 && i32::from(self.die) <= self.target)
    }

    pub fn critical(self) -> bool {
        self.die == 1
    }

    /// How good a successful roll is when compared (a critical beats all);
    /// `None` for a failure.
    pub fn rank(self) -> Option<u8> {
        if !self.success() {
            None
        } else if self.critical() {
            Some(13)
        } else {
            Some(self.die)
        }
    }

    /// The better of several dice thrown for one action against one opponent
    /// (RULINGS Takkure 4): a critical, else the highest success, else the
    /// first die.
    pub fn best(dice: &[u8], target: i32) -> Roll {
        let rolls = dice.iter().map(|&die| Roll { die, target });
        rolls
            .clone()
            .filter(|r| r.success())
            .max_by_key(|r| r.rank())
            .or_else(|| rolls.clone().next())
            .unwrap_or(Roll { die: 12, target })
    }

    /// "success", "fail", "critical" or "fumble".
    pub fn word(self) -> &'static str {
        if self.critical() {
            "critical"
        } else if self.die == 12 {
            "fumble"
        } else if self.success() {
            "success"
        } else {
            "fail"
        }
    }

    /// "4 vs BaC 7, success".
    pub fn describe(self, characteristic: &str) -> String {
        format!(
            "{} vs {characteristic} {}, {}",
            self.die,
            self.target,
            self.word()
        )
    }

    /// "4 vs BaC 6 +4 pick-up = 10, success": the die against the
    /// characteristic and where each modifier comes from.
    pub fn against(self, target: &Target) -> String {
        format!("{} vs {target}, {}", self.die, self.word())
    }
}

/// A characteristic and the modifiers applied to it, so that a roll can
/// show where its target comes from (`BaC 6 +4 pick-up -1 pressure = 9`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// The characteristic's short name, as the cards print it ("BaC").
    pub name: &'static str,
    pub base: i32,
    /// Each modifier with the reason for it, in the order applied.
    pub modifiers: Vec<(i32, &'static str)>,
}

impl Target {
    pub fn new(name: &'static str, base: i32) -> Target {
        Target {
            name,
            base,
            modifiers: Vec::new(),
        }
    }

    /// Adds a modifier; a zero one is left out.
    pub fn plus(mut self, n: i32, why: &'static str) -> Target {
        if n != 0 {
            self.modifiers.push((n, why));
        }
        self
    }

    /// The characteristic after its modifiers.
    pub fn value(&self) -> i32 {
        self.base + self.modifiers.iter().map(|&(n, _)| n).sum::<i32>()
    }

    /// A die read against this target.
    pub fn roll(&self, die: u8) -> Roll {
        Roll {
            die,
            target: self.value(),
        }
    }
}

impl std::fmt::Display for Target {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.name, self.base)?;
        for (n, why) in &self.modifiers {
            write!(f, " {n:+} {why}")?;
        }
        if !self.modifiers.is_empty() {
            write!(f, " = {}", self.value())?;
        }
        Ok(())
    }
}

/// What a roll came to once compared (rulebook 1.15).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The action succeeds and applies its effects.
    Success,
    /// The action fails and applies its failure's effects, if any.
    Fail,
    /// Successful but beaten or tied: no effect, and not a failure.
    Cancelled,
}

impl Verdict {
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Success => "success",
            Verdict::Fail => "fail",
            Verdict::Cancelled => "cancelled",
        }
    }
}

/// A face-to-face roll between two players (rulebook 1.15).
pub fn face_to_face(a: Roll, b: Roll) -> (Verdict, Verdict) {
    match (a.rank(), b.rank()) {
        (None, None) => (Verdict::Fail, Verdict::Fail),
        (Some(_), None) => (Verdict::Success, Verdict::Fail),
        (None, Some(_)) => (Verdict::Fail, Verdict::Success),
        (Some(x), Some(y)) if x > y => (Verdict::Success, Verdict::Cancelled),
        (Some(x), Some(y)) if x < y => (Verdict::Cancelled, Verdict::Success),
        _ => (Verdict::Cancelled, Verdict::Cancelled),
    }
}

/// A melee roll (rulebook 3.08): everyone's results compared at once; the
/// best success wins, failures fail, other successes are cancelled. Returns
/// the index of the winner among `rolls` (None when all fail or the best
/// are tied: the caller rerolls the tied ones, see [`tied_best`]).
pub fn melee_winner(rolls: &[Roll]) -> Option<usize> {
    let best = rolls.iter().filter_map(|r| r.rank()).max()?;
    let mut at_best = rolls
        .iter()
        .enumerate()
        .filter(|(_, r)| r.rank() == Some(best));
    let first = at_best.next()?.0;
    at_best.next().is_none().then_some(first)
}

/// The indices sharing the best success, when more than one does.
pub fn tied_best(rolls: &[Roll]) -> Vec<usize> {
    let Some(best) = rolls.iter().filter_map(|r| r.rank()).max() else {
        return Vec::new();
    };
    let tied: Vec<usize> = (0..rolls.len())
        .filter(|&i| rolls[i].rank() == Some(best))
        .collect();
    if tied.len() > 1 {
        tied
    } else {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_rolls() {
        let mut a = Dice::new(7);
        let mut b = Dice::new(7);
        let ra: Vec<u8> = (0..50).map(|_| a.d12()).collect();
        let rb: Vec<u8> = (0..50).map(|_| b.d12()).collect();
        assert_eq!(ra, rb);
        assert!(ra.iter().all(|&d| (1..=12).contains(&d)));
        let mut c = Dice::new(8);
        let rc: Vec<u8> = (0..50).map(|_| c.d12()).collect();
        assert_ne!(ra, rc);
    }

    #[test]
    fn every_face_comes_up() {
        let mut d = Dice::new(1);
        let mut seen = [0u32; 13];
        for _ in 0..12_000 {
            seen[d.d12() as usize] += 1;
        }
        // Each face near 1000 of 12000.
        assert!(
            seen[1..].iter().all(|&n| (850..1150).contains(&n)),
            "{seen:?}"
        );
    }

    // Rulebook 1.14-1.16: critical and fumble.
    #[test]
    fn criticals_and_fumbles() {
        assert!(Roll { die: 1, target: -3 }.success());
        assert!(!Roll {
            die: 12,
            target: 20
        }
        .success());
        assert!(Roll { die: 7, target: 7 }.success());
        assert!(!Roll { die: 8, target: 7 }.success());
    }

    // Rulebook 1.15: the four cases of the face-to-face examples (STR 7).
    #[test]
    fn face_to_face_cases() {
        let r = |die| Roll { die, target: 7 };
        assert_eq!(face_to_face(r(9), r(10)), (Verdict::Fail, Verdict::Fail));
        assert_eq!(face_to_face(r(4), r(9)), (Verdict::Success, Verdict::Fail));
        assert_eq!(
            face_to_face(r(3), r(6)),
            (Verdict::Cancelled, Verdict::Success)
        );
        assert_eq!(
            face_to_face(r(5), r(5)),
            (Verdict::Cancelled, Verdict::Cancelled)
        );
        // A critical beats a higher success; two criticals tie.
        assert_eq!(
            face_to_face(r(1), r(7)),
            (Verdict::Success, Verdict::Cancelled)
        );
        assert_eq!(
            face_to_face(r(1), r(1)),
            (Verdict::Cancelled, Verdict::Cancelled)
        );
    }

    // Rulebook 3.08 example: BaC 7 melee, 3 and 7 succeed, 7 wins.
    #[test]
    fn melee_example() {
        let r = |die| Roll { die, target: 7 };
        let rolls = [r(10), r(3), r(7), r(9)];
        assert_eq!(melee_winner(&rolls), Some(2));
        assert_eq!(melee_winner(&[r(5), r(5)]), None);
        assert_eq!(tied_best(&[r(5), r(5), r(2)]), vec![0, 1]);
    }
}
