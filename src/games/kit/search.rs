//! The words every engine's search shares. Each engine keeps its own
//! search loop, evaluation and move ordering.

use std::time::Duration;

/// The most a move of the bot may take. The levels are bounded by nodes
/// and depth, which take well under this on an idle core; the clock only
/// stops a search on a machine loaded past that.
pub const MOVE_TIME_CEILING: Duration = Duration::from_secs(2);

/// SplitMix64: a fixed, well-mixed sequence, so keys are the same on every run.
pub const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A well-mixed hash of one word (the SplitMix64 finaliser): the seeded
/// noise of the weaker levels, the choice of random openings, a hash of a
/// position's code.
pub const fn mix(z: u64) -> u64 {
    let mut state = z;
    splitmix(&mut state)
}
