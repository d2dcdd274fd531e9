//! Colours in a Swiss pairing, after FIDE's Dutch system (C.04.3, A.6 and
//! C.04.3.1 rules 5): a player's colour difference (whites minus blacks)
//! may never pass 2 either way; within that, each player has a colour
//! preference, and a pair's colours honour the stronger one.

use super::record::Colour;

/// Absolute: the colour difference must not pass 2.
pub const MAX_DIFFERENCE: i32 = 2;

/// What a player's colours so far say about the next one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct History {
    /// Whites minus blacks.
    pub difference: i32,
    pub last: Option<Colour>,
    /// How many games in a row ended with `last`.
    pub run: u32,
}

/// How much a player wants the colour of their [`History::preference`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Strength {
    /// No game yet: no preference.
    None,
    /// Difference 0: alternate from the last game.
    Mild,
    /// Difference of 1 to make up.
    Strong,
    /// Difference of 2, or the same colour twice in a row.
    Absolute,
}

impl History {
    pub fn of(colours: &[Colour]) -> History {
        let mut history = History::default();
        for &colour in colours {
            history.push(colour);
        }
        history
    }

    pub fn push(&mut self, colour: Colour) {
        self.difference += sign(colour);
        self.run = if self.last == Some(colour) {
            self.run + 1
        } else {
            1
        };
        self.last = Some(colour);
    }

    /// Whether taking `colour` keeps the difference within the limit.
    pub fn may_take(&self, colour: Colour) -> bool {
        (self.difference + sign(colour)).abs() <= MAX_DIFFERENCE
    }

    /// The colour wanted next and how much.
    pub fn preference(&self) -> (Option<Colour>, Strength) {
        let Some(last) = self.last else {
            return (None, Strength::None);
        };
        let balancing = match self.difference {
            d if d > 0 => Colour::Black,
            d if d < 0 => Colour::White,
            _ => last.other(),
        };
        let strength = if self.difference.abs() >= MAX_DIFFERENCE || self.run >= 2 {
            Strength::Absolute
        } else if self.difference != 0 {
            Strength::Strong
        } else {
            Strength::Mild
        };
        // Twice the same colour in a row asks for the other one even
        // when the difference is even.
        let wanted = if self.run >= 2 {
            last.other()
        } else {
            balancing
        };
        (Some(wanted), strength)
    }
}

fn sign(colour: Colour) -> i32 {
    match colour {
        Colour::White => 1,
        Colour::Black => -1,
    }
}

/// The cost of giving a player `colour`: 0 if it is the one they want,
/// else their preference's weight.
fn cost(history: &History, colour: Colour) -> u32 {
    match history.preference() {
        (Some(wanted), strength) if wanted != colour => match strength {
            Strength::None => 0,
            Strength::Mild => 1,
            Strength::Strong => 4,
            Strength::Absolute => 16,
        },
        _ => 0,
    }
}

/// The colour for `higher` (the higher ranked) against `lower`, and the
/// cost of the colours unwanted (`None`: no colours keep both within the
/// limit, so they may not meet). When both want the same colour as much,
/// the higher ranked gets it (Dutch rule C.04.3.1 5.2.4, simplified);
/// when neither wants one (the first round), `board_even` gives the
/// higher ranked white, the alternating boards of a first round.
pub fn allocate(higher: &History, lower: &History, board_even: bool) -> Option<(Colour, u32)> {
    let options: Vec<(Colour, u32)> = [Colour::White, Colour::Black]
        .into_iter()
        .filter(|&c| higher.may_take(c) && lower.may_take(c.other()))
        .map(|c| (c, cost(higher, c) + cost(lower, c.other())))
        .collect();
    let best = options.iter().map(|&(_, cost)| cost).min()?;
    let tied: Vec<Colour> = options
        .iter()
        .filter(|&&(_, cost)| cost == best)
        .map(|&(c, _)| c)
        .collect();
    if tied.len() == 1 {
        return Some((tied[0], best));
    }
    let (high_wants, high_strength) = higher.preference();
    let (low_wants, low_strength) = lower.preference();
    let colour = match (high_wants, low_wants) {
        (Some(h), _) if high_strength >= low_strength => h,
        (_, Some(l)) => l.other(),
        _ if board_even => Colour::White,
        _ => Colour::Black,
    };
    Some((colour, best))
}
