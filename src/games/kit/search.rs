//! The words every engine's search shares: when a search stops
//! ([`Limits`]), how a decided game scores ([`WinScale`]), what a
//! transposition table keeps of a node ([`Entry`]), what a search found
//! ([`Report`]), the levels' seeded noise ([`noise`]), one hash mixer ([`mix`]) and the clock's ceiling on a
//! move of the bot ([`MOVE_TIME_CEILING`]). Each engine keeps its own search
//! loop, evaluation, move ordering and level table.

use std::time::Duration;

/// The most a move of the bot may take. The levels are bounded by nodes
/// and depth, which take well under this on an idle core; the clock only
/// stops a search on a machine loaded past that.
pub const MOVE_TIME_CEILING: Duration = Duration::from_secs(2);

/// When to stop searching. A search always completes depth 1, so it always
/// has a move, whatever the limits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// The search stops when this time is up, even within an iteration.
    pub movetime: Option<Duration>,
    /// No new iteration starts past this share of it (a clock's target
    /// time: `movetime` is then the most a move may take; Tak's TEI clock).
    pub soft: Option<Duration>,
}

impl Limits {
    /// Whether a search that has visited `nodes` in `elapsed` should start
    /// no new iteration: its nodes are spent, or half its time (the next
    /// iteration would not finish in the other half).
    pub fn spent(&self, nodes: u64, elapsed: Duration) -> bool {
        self.nodes.is_some_and(|n| nodes >= n) || self.movetime.is_some_and(|t| elapsed * 2 >= t)
    }
}

/// How an engine scores a decided game: a win scores `win` less the plies
/// to it, so that the quickest win and the latest loss are preferred, and
/// anything within 1,000 plies of that is decided. The engines differ only
/// in `win` (Tak's centiflats are finer than Taka's and Takat's points).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WinScale {
    pub win: i32,
}

impl WinScale {
    pub const fn new(win: i32) -> WinScale {
        WinScale { win }
    }

    /// Scores beyond this, either way, are decided games.
    pub const fn decided(self) -> i32 {
        self.win - 1_000
    }

    /// Whether `score` is a decided game.
    pub const fn is_decided(self, score: i32) -> bool {
        score.abs() > self.decided()
    }

    /// `Some(true)` a forced win for the side the score is for,
    /// `Some(false)` a forced loss, `None` an undecided score.
    pub const fn proven(self, score: i32) -> Option<bool> {
        if self.is_decided(score) {
            Some(score > 0)
        } else {
            None
        }
    }

    /// The plies to the end of a decided game.
    pub const fn plies_to_end(self, score: i32) -> Option<u32> {
        if self.is_decided(score) {
            Some((self.win - score.abs()) as u32)
        } else {
            None
        }
    }

    /// A decided score moved `plies` further from the win or loss it counts
    /// to (undecided scores stay): a table keeps scores as seen from the
    /// node (`plies` = the node's ply), a search as seen from the root
    /// (`-ply` on the way back).
    pub const fn shifted(self, score: i32, plies: i32) -> i32 {
        if score > self.decided() {
            score + plies
        } else if score < -self.decided() {
            score - plies
        } else {
            score
        }
    }
}

/// What a transposition table keeps of a searched node: how deep it was
/// searched, its score (as [`WinScale::shifted`] stores it) and whether
/// that score is a lower bound, an upper bound or both (exact), and the
/// best move found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry<M> {
    pub depth: u32,
    pub score: i32,
    pub lower: bool,
    pub upper: bool,
    pub best: Option<M>,
}

impl<M> Entry<M> {
    /// Whether `score` (this entry's, read back at this node) decides a
    /// search of `(alpha, beta)`.
    pub fn cuts(&self, score: i32, alpha: i32, beta: i32) -> bool {
        match (self.lower, self.upper) {
            (true, true) => true,
            (true, false) => score >= beta,
            (false, true) => score <= alpha,
            (false, false) => false,
        }
    }
}

/// What a search found: the best move, its score for the side to move
/// (read with the engine's [`WinScale`]), the deepest iteration that chose
/// it (finished or not) and the nodes visited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Report<M> {
    pub best: M,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
}

/// A level's noise on a leaf of `key`: up to `amplitude` either way, by a
/// hash of the key and the seed, so that weaker play is still repeatable.
pub const fn noise(amplitude: i32, seed: u64, key: u64) -> i32 {
    if amplitude <= 0 {
        return 0;
    }
    (mix(key ^ seed) % (2 * amplitude as u64 + 1)) as i32 - amplitude
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decided_scores_move_with_the_ply_and_others_stay() {
        let scale = WinScale::new(100_000);
        assert_eq!(scale.decided(), 99_000);
        let won_in_3 = scale.win - 3;
        assert_eq!(scale.proven(won_in_3), Some(true));
        assert_eq!(scale.proven(-won_in_3), Some(false));
        assert_eq!(scale.proven(500), None);
        assert_eq!(scale.plies_to_end(-won_in_3), Some(3));
        // Stored at ply 2, read back at ply 2: the same score.
        let stored = scale.shifted(won_in_3, 2);
        assert_eq!(scale.shifted(stored, -2), won_in_3);
        assert_eq!(scale.shifted(-won_in_3, 2), -won_in_3 - 2);
        assert_eq!(scale.shifted(500, 7), 500);
    }

    #[test]
    fn noise_stays_within_its_amplitude_and_repeats() {
        assert_eq!(noise(0, 1, 2), 0);
        let values: Vec<i32> = (0..1000).map(|key| noise(30, 7, key)).collect();
        assert!(values.iter().all(|v| v.abs() <= 30));
        assert!(values.contains(&30) && values.contains(&-30));
        assert_eq!(
            values,
            (0..1000).map(|key| noise(30, 7, key)).collect::<Vec<_>>()
        );
        let other_seed: Vec<i32> = (0..1000).map(|key| noise(30, 8, key)).collect();
        assert_ne!(values, other_seed);
    }

    #[test]
    fn a_table_entry_cuts_by_its_bound() {
        let entry = |lower, upper| Entry::<u8> {
            depth: 3,
            score: 0,
            lower,
            upper,
            best: None,
        };
        assert!(entry(true, true).cuts(5, 0, 10));
        assert!(entry(true, false).cuts(10, 0, 10));
        assert!(!entry(true, false).cuts(5, 0, 10));
        assert!(entry(false, true).cuts(0, 0, 10));
        assert!(!entry(false, false).cuts(0, 0, 10));
    }
}
