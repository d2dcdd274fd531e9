//! The evaluation's features by index ([`feature`]) and its weights ([`Weights`]): fitted by
//! [`super::tune`] to the results of 6x6 games (`docs/ai.md`,
//! "Evaluation"), and used on every size: the features are alike on every
//! size (distances to the edges, ranks or files missing to a road). A set
//! fitted to another size's games would go in [`for_size`].

use feature::*;

/// The features, by index. Global ones are seen from the player to move;
/// each colour's own come twice (`MOVER + i` and `OPPONENT + i`, the
/// opponent's counted negative), each with its own weight: a group one
/// placement short of a road is worth more to the player about to move.
pub mod feature {
    /// Always 1: the move itself is worth something.
    pub const TEMPO: usize = 0;
    /// The flat lead with komi, in half flats.
    pub const FLAT_LEAD: usize = 1;
    /// The same, counted again when a reserve or the board is nearly out.
    pub const FLAT_LEAD_CLOSE: usize = 2;
    /// The opponent has one square where a placement completes its road.
    pub const THREAT_ONE: usize = 3;
    /// The opponent has two or more.
    pub const THREAT_TWO: usize = 4;
    pub const GLOBALS: usize = 5;

    /// Per colour, from here: top flats by square class (see [`CLASSES`]).
    pub const FLAT_AT: usize = 0;
    pub const WALL_AT: usize = FLAT_AT + CLASSES;
    pub const CAP_AT: usize = WALL_AT + CLASSES;
    /// Own pieces under an own top, up to the carry limit: under a flat, a
    /// wall, a capstone.
    pub const SUPPORT: usize = CAP_AT + CLASSES;
    /// The opponent's pieces under an own top, up to the carry limit.
    pub const CAPTIVE: usize = SUPPORT + 3;
    /// Pieces in hand: stones, capstones.
    pub const STONES_LEFT: usize = CAPTIVE + 3;
    pub const CAPS_LEFT: usize = STONES_LEFT + 1;
    /// Connected road groups missing 1, 2, 3 ranks or files to a road.
    pub const GROUP_MISSING: usize = CAPS_LEFT + 1;
    /// The best group misses 1, 2, 3, or 4 and more.
    pub const BEST_MISSING: usize = GROUP_MISSING + 3;
    /// Ranks and files with own road pieces missing 1-4 to a full line,
    /// with no opponent wall or capstone in them, then with one.
    pub const LINE_OPEN: usize = BEST_MISSING + 4;
    pub const LINE_BLOCKED: usize = LINE_OPEN + 4;
    /// A capstone's neighbours: own road pieces, the opponent's tops, and
    /// the neighbours it may move onto.
    pub const CAP_OWN_NEXT: usize = LINE_BLOCKED + 4;
    pub const CAP_THEIRS_NEXT: usize = CAP_OWN_NEXT + 1;
    pub const CAP_FREE: usize = CAP_THEIRS_NEXT + 1;
    /// The opponent's road pieces next to own walls.
    pub const WALL_BLOCKS: usize = CAP_FREE + 1;
    /// Empty squares next to own road pieces.
    pub const LIBERTIES: usize = WALL_BLOCKS + 1;
    pub const PER_COLOR: usize = LIBERTIES + 1;

    /// Square classes: the distances to the two nearest edges, each capped
    /// at 3, unordered: (0,0) a corner, (0,1), (0,2), (0,3), (1,1), (1,2),
    /// (1,3), (2,2), (2,3), (3,3).
    pub const CLASSES: usize = 10;

    pub const MOVER: usize = GLOBALS;
    pub const OPPONENT: usize = GLOBALS + PER_COLOR;
    pub const COUNT: usize = GLOBALS + 2 * PER_COLOR;

    /// A name for each feature (the tuner prints them).
    pub fn name(index: usize) -> String {
        const GLOBAL_NAMES: [&str; GLOBALS] = [
            "tempo",
            "flat lead",
            "flat lead, close",
            "threat one",
            "threats two",
        ];
        if index < GLOBALS {
            return GLOBAL_NAMES[index].to_string();
        }
        let (side, i) = if index < OPPONENT {
            ("mover", index - MOVER)
        } else {
            ("opponent", index - OPPONENT)
        };
        let base = match i {
            i if i < WALL_AT => format!("flat at class {}", i - FLAT_AT),
            i if i < CAP_AT => format!("wall at class {}", i - WALL_AT),
            i if i < SUPPORT => format!("cap at class {}", i - CAP_AT),
            i if i < CAPTIVE => format!("support under {}", ["flat", "wall", "cap"][i - SUPPORT]),
            i if i < STONES_LEFT => {
                format!("captive under {}", ["flat", "wall", "cap"][i - CAPTIVE])
            }
            STONES_LEFT => "stones left".into(),
            CAPS_LEFT => "caps left".into(),
            i if i < BEST_MISSING => format!("group missing {}", i - GROUP_MISSING + 1),
            i if i < LINE_OPEN => format!("best group missing {}", i - BEST_MISSING + 1),
            i if i < LINE_BLOCKED => format!("open line missing {}", i - LINE_OPEN + 1),
            i if i < CAP_OWN_NEXT => format!("blocked line missing {}", i - LINE_BLOCKED + 1),
            CAP_OWN_NEXT => "cap: own road next".into(),
            CAP_THEIRS_NEXT => "cap: opponent next".into(),
            CAP_FREE => "cap: free neighbours".into(),
            WALL_BLOCKS => "wall next to opponent road".into(),
            _ => "liberties".into(),
        };
        format!("{side} {base}")
    }
}

/// A weight per feature for a young game and one for a late game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    pub early: [i32; COUNT],
    pub late: [i32; COUNT],
}

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
