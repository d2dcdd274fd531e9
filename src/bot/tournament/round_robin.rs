//! Round robin schedules: FIDE's Berger tables (Handbook C.05, Annex 1),
//! the circle method. With an even number of players, the last one sits
//! at the centre and the others turn around it; every pair meets exactly
//! once, and colours alternate as far as the circle lets them, so that
//! each player ends with whites and blacks differing by at most one. With
//! an odd number, a phantom takes the centre and whoever it meets has the
//! round's bye.

use super::record::{Pairing, Round};

/// The rounds of a round robin of `players` (`players - 1` rounds for an
/// even number, `players` for an odd one), every outcome pending.
pub fn schedule(players: usize) -> Vec<Round> {
    if players < 2 {
        return Vec::new();
    }
    let seats = players + players % 2;
    // The players on the circle, and the half-turn of the circle that
    // takes the centre's opponent from one round to the next.
    let circle = seats - 1;
    let step = seats / 2;
    let centre = seats - 1;
    (0..circle)
        .map(|round| {
            let hub = (round * step) % circle;
            let mut pairings = Vec::with_capacity(seats / 2);
            let mut bye = None;
            // The centre meets the hub, black in the first round, then
            // alternating.
            if centre < players {
                pairings.push(if round % 2 == 0 {
                    Pairing::new(hub, centre)
                } else {
                    Pairing::new(centre, hub)
                });
            } else {
                bye = Some(hub);
            }
            // The others pair across the hub, the one after it white.
            for i in 1..=(circle / 2) {
                let white = (hub + i) % circle;
                let black = (hub + circle - i) % circle;
                pairings.push(Pairing::new(white, black));
            }
            Round { pairings, bye }
        })
        .collect()
}
