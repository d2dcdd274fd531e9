//! Swiss pairings, after FIDE's Dutch system (Handbook C.04.3), simplified
//! (docs/tournaments.md says where): players ranked by points, then
//! rating, then seed; never the same pair twice; colour differences
//! within 2 (see [`super::colour`]); one bye a round, to the lowest ranked
//! player who has not had one, worth a win.
//!
//! The pairer goes down the ranking: the highest ranked unpaired player
//! takes the first partner in the order the Dutch system prefers (same
//! points first, the player half a score group below, colours honoured),
//! and it backtracks when the rest cannot be paired, so it finds a
//! pairing whenever a legal one exists. Sets of players already found
//! unpairable are remembered, and a set whose compatibility graph has a
//! player without partner or a part of odd size is given up at once.

use std::collections::HashSet;

use super::colour::{allocate, History};
use super::record::{Colour, Pairing, Record, Round};

/// The most entrants a Swiss pairing handles (the sets are bit masks).
pub const MAX_PLAYERS: usize = 128;

/// A player as the pairer ranks them.
#[derive(Clone, Debug)]
struct Seat {
    player: usize,
    points: u32,
    history: History,
}

/// The next round for the `active` players of `record` (`ratings` by
/// player, higher first), or `None` if no legal pairing exists.
pub fn pair(record: &Record, active: &[usize], ratings: &[i32]) -> Option<Round> {
    if active.len() > MAX_PLAYERS {
        return None;
    }
    let mut seats: Vec<Seat> = active
        .iter()
        .map(|&player| Seat {
            player,
            points: record.points(player),
            history: History::of(&record.colours(player)),
        })
        .collect();
    seats.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then(rating(ratings, b.player).cmp(&rating(ratings, a.player)))
            .then(a.player.cmp(&b.player))
    });
    let everyone: u128 = if seats.len() == 128 {
        u128::MAX
    } else {
        (1u128 << seats.len()) - 1
    };
    let pairer = Pairer::new(record, seats);
    if pairer.seats.len() % 2 == 0 {
        let pairings = pairer.pair_all(everyone)?;
        return Some(Round {
            pairings,
            bye: None,
        });
    }
    // The bye goes to the lowest ranked who has not had one and whose
    // absence leaves the others pairable.
    (0..pairer.seats.len()).rev().find_map(|i| {
        let player = pairer.seats[i].player;
        if record.byes(player) > 0 {
            return None;
        }
        let pairings = pairer.pair_all(everyone & !(1u128 << i))?;
        Some(Round {
            pairings,
            bye: Some(player),
        })
    })
}

fn rating(ratings: &[i32], player: usize) -> i32 {
    ratings.get(player).copied().unwrap_or(0)
}

struct Pairer {
    seats: Vec<Seat>,
    /// Which seats may meet (not met yet, colours within the limit).
    may_meet: Vec<u128>,
    /// Sets of seats found unpairable.
    failed: std::cell::RefCell<HashSet<u128>>,
}

impl Pairer {
    fn new(record: &Record, seats: Vec<Seat>) -> Pairer {
        let n = seats.len();
        let mut may_meet = vec![0u128; n];
        for a in 0..n {
            for b in 0..n {
                if a != b
                    && !record.met(seats[a].player, seats[b].player)
                    && allocate(&seats[a].history, &seats[b].history, true).is_some()
                {
                    may_meet[a] |= 1 << b;
                }
            }
        }
        Pairer {
            seats,
            may_meet,
            failed: Default::default(),
        }
    }

    /// Pairs every seat of `unpaired`, boards in order, or `None`.
    fn pair_all(&self, unpaired: u128) -> Option<Vec<Pairing>> {
        let mut boards = Vec::new();
        self.search(unpaired, &mut boards).then(|| {
            boards
                .iter()
                .enumerate()
                .map(|(board, &(high, low))| self.colours(high, low, board))
                .collect()
        })
    }

    fn colours(&self, high: usize, low: usize, board: usize) -> Pairing {
        let (a, b) = (&self.seats[high], &self.seats[low]);
        match allocate(&a.history, &b.history, board % 2 == 0) {
            Some((Colour::Black, _)) => Pairing::new(b.player, a.player),
            _ => Pairing::new(a.player, b.player),
        }
    }

    fn search(&self, unpaired: u128, boards: &mut Vec<(usize, usize)>) -> bool {
        if unpaired == 0 {
            return true;
        }
        if self.failed.borrow().contains(&unpaired) || !self.may_be_pairable(unpaired) {
            return false;
        }
        let top = unpaired.trailing_zeros() as usize;
        let rest = unpaired & !(1u128 << top);
        for partner in self.candidates(top, rest, boards.len()) {
            boards.push((top, partner));
            if self.search(rest & !(1u128 << partner), boards) {
                return true;
            }
            boards.pop();
        }
        self.failed.borrow_mut().insert(unpaired);
        false
    }

    /// `top`'s possible partners among `rest`, the preferred first: the
    /// nearest in points; then the fewest colours unwanted; then, in a
    /// score group, the player half the group below `top` (the Dutch
    /// system's S1 against S2), going down, then back up.
    fn candidates(&self, top: usize, rest: u128, board: usize) -> Vec<usize> {
        let points = self.seats[top].points;
        let group = ones(rest)
            .filter(|&s| self.seats[s].points == points)
            .count();
        let target = group.div_ceil(2).max(1);
        let mut candidates: Vec<(u32, u32, usize, usize)> = ones(rest & self.may_meet[top])
            .map(|s| {
                let place = ones(rest).take_while(|&o| o < s).count() + 1;
                let shift = if place >= target {
                    place - target
                } else {
                    MAX_PLAYERS + target - place
                };
                let cost = allocate(
                    &self.seats[top].history,
                    &self.seats[s].history,
                    board % 2 == 0,
                )
                .map_or(u32::MAX, |(_, cost)| cost);
                (points.abs_diff(self.seats[s].points), cost, shift, s)
            })
            .collect();
        candidates.sort_unstable();
        candidates.into_iter().map(|(.., s)| s).collect()
    }

    /// False if `unpaired` surely cannot be paired: a seat without a
    /// possible partner, or a connected part of odd size.
    fn may_be_pairable(&self, unpaired: u128) -> bool {
        let mut left = unpaired;
        while left != 0 {
            let start = left.trailing_zeros() as usize;
            let mut part = 1u128 << start;
            let mut frontier = part;
            while frontier != 0 {
                let s = frontier.trailing_zeros() as usize;
                frontier &= frontier - 1;
                let reach = self.may_meet[s] & unpaired & !part;
                part |= reach;
                frontier |= reach;
            }
            if part.count_ones() % 2 == 1 {
                return false;
            }
            left &= !part;
        }
        true
    }
}

/// The indices of the set bits of `set`, lowest first.
fn ones(set: u128) -> impl Iterator<Item = usize> {
    let mut set = set;
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            i
        })
    })
}
