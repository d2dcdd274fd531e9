//! The evaluation's weights ([`super::eval::Weights`]): fitted by
//! [`super::tune`] to the results of 6x6 games (`docs/ai.md`,
//! "Evaluation"), and used on every size: the features are alike on every
//! size (distances to the edges, ranks or files missing to a road). A set
//! fitted to another size's games would go in [`for_size`].

use super::eval::feature::*;
use super::eval::Weights;

/// The weights of a board size.
pub fn for_size(_size: u8) -> &'static Weights {
    &SIX
}

/// The weights set by hand before any tuning (the tuner's starting point).
pub fn hand_set() -> Weights {
    let mut early = [0i32; COUNT];
    let mut late = [0i32; COUNT];
    let mut both = |index: usize, e: i32, l: i32| {
        early[index] = e;
        late[index] = l;
    };
    both(TEMPO, 15, 15);
    both(FLAT_LEAD, 40, 80);
    both(THREAT_ONE, -60, -60);
    both(THREAT_TWO, -500, -500);
    for base in [MOVER, OPPONENT] {
        let centre = [0, 2, 4, 6, 4, 6, 8, 8, 10, 12];
        for (class, c) in centre.iter().enumerate() {
            both(base + FLAT_AT + class, *c, *c);
            both(base + WALL_AT + class, 35, 35);
            both(base + CAP_AT + class, 50 + 4 * c, 50 + 4 * c);
        }
        for (i, v) in [14, 14, 22].iter().enumerate() {
            both(base + SUPPORT + i, *v, *v);
            both(base + CAPTIVE + i, 4, 4);
        }
        for (i, v) in [100, 50, 20].iter().enumerate() {
            both(base + GROUP_MISSING + i, *v, *v);
        }
        for (i, v) in [80, 40, 15, 0].iter().enumerate() {
            both(base + BEST_MISSING + i, *v, *v);
        }
        for (i, v) in [75, 48, 27, 12].iter().enumerate() {
            both(base + LINE_OPEN + i, *v, *v);
        }
        for (i, v) in [25, 16, 9, 4].iter().enumerate() {
            both(base + LINE_BLOCKED + i, *v, *v);
        }
        both(base + CAP_OWN_NEXT, 6, 6);
        both(base + CAP_FREE, 4, 4);
    }
    Weights { early, late }
}

// The tuner's output, written by a script from its weight files: the
// features in the order of `eval::feature`, a young game's then a late
// game's weights.
// @generated weights below

/// Fitted to the positions of 2,000 games tiltak played against itself on
/// 6x6 with komi 2 (1,000 visits a move).
pub const SIX: Weights = Weights {
    early: [
        16, 36, 23, -126, -128, -70, 35, 19, 6, 20, 31, 8, 17, 10, 12, 29, -19, 32, 35, 41, 56, 35,
        161, 35, 35, -216, -107, -138, 74, 75, 75, 82, 104, 90, 98, 76, 142, 73, -42, 32, 17, -22,
        19, 63, 69, 0, 47, 39, 27, -1, 13, 46, 37, 6, -13, 35, 50, 29, -4, 12, 3, 42, -8, -68, 44,
        18, 6, 17, 26, 8, 18, 10, 12, 11, -21, 48, 35, 39, 65, 35, 156, 35, 35, -100, -89, -132,
        74, 82, 63, 82, 106, 90, 98, 79, 140, 72, -45, 23, 16, -23, 12, 53, 60, 8, 33, 49, 28, 25,
        17, 28, 25, 0, -4, 26, 49, 29, -1, 6, 3, 38, -11,
    ],
    late: [
        17, 46, 9, 10, -115, 12, 9, 1, 6, 13, 6, 8, 23, 10, 12, 11, 36, 33, 35, 72, 45, 35, 62, 35,
        35, 104, 101, 84, 74, 0, 76, 82, 116, 90, 98, 39, 72, 98, -15, 5, 11, -66, -116, 37, 33,
        20, 25, 3, 36, 77, 47, -7, -10, -8, 83, 18, -8, -4, 10, 7, 24, 3, -3, 14, 7, 3, 6, 22, 13,
        8, 23, 10, 12, 17, 34, 27, 35, 79, 45, 35, 62, 35, 35, 74, 88, 77, 74, 1, 79, 82, 112, 90,
        98, 34, 67, 99, -22, 2, 9, -66, -140, 46, 14, 14, 23, 33, 49, 59, 34, -16, -15, -9, 49, 9,
        -18, -4, 9, 4, 21, 2, -4,
    ],
};
