//! The evaluation's features by index ([`feature`]) and its weights
//! ([`Weights`]): fitted by [`super::tune`] to positions of 6x6 and 5x5
//! games, each target blending tiltak's searched winning chance with the
//! game's result (`docs/ai.md`, "Evaluation"). 5x5 has its own set; every
//! other size uses the 6x6 one, since the features are alike on every size
//! (distances to the edges, ranks or files missing to a road).

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

impl Weights {
    /// Weights as the tuner writes them (`tune::weights_to_text`: two lines,
    /// a young game's weights then a late game's, whole numbers apart),
    /// read at compile time.
    pub const fn from_tuner_file(text: &str) -> Weights {
        let bytes = text.as_bytes();
        let mut lines = [[0i32; COUNT]; 2];
        let (mut line, mut index, mut i) = (0, 0, 0);
        while i < bytes.len() {
            match bytes[i] {
                b'\n' => {
                    assert!(
                        index == COUNT,
                        "a line of weights is not feature::COUNT long"
                    );
                    line += 1;
                    index = 0;
                    i += 1;
                }
                b' ' | b'\t' | b'\r' => i += 1,
                _ => {
                    assert!(
                        line < 2 && index < COUNT,
                        "more weights than two lines of feature::COUNT"
                    );
                    let negative = bytes[i] == b'-';
                    if negative {
                        i += 1;
                    }
                    let start = i;
                    let mut value = 0i32;
                    while i < bytes.len() && bytes[i].is_ascii_digit() {
                        value = value * 10 + (bytes[i] - b'0') as i32;
                        i += 1;
                    }
                    assert!(i > start, "a weight is not a whole number");
                    lines[line][index] = if negative { -value } else { value };
                    index += 1;
                }
            }
        }
        assert!(
            line == 2 && index == 0,
            "the weights are not two whole lines"
        );
        Weights {
            early: lines[0],
            late: lines[1],
        }
    }
}

/// The weights of a board size.
pub fn for_size(size: u8) -> &'static Weights {
    match size {
        5 => &FIVE,
        _ => &SIX,
    }
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

// The tuner's output files (`taktable selfplay --tune ... --tune-out
// FILE`, docs/ai.md "Evaluation"), read as the crate is built: to ship new
// weights, copy the tuner's file over `weights/six.txt` or
// `weights/five.txt`. A file that is not two lines of `feature::COUNT`
// whole numbers stops the build.

/// Fitted to 247,950 positions of 6x6 games (komi 2) in which tiltak
/// moved: the target is 0.8 of tiltak's own searched winning probability
/// for the position and 0.2 of the game's result (docs/ai.md, "Fourth
/// pass").
pub const SIX: Weights = Weights::from_tuner_file(include_str!("weights/six.txt"));

/// Fitted the same way to 99,150 positions of 5x5 games (komi 0) in which
/// tiltak moved, starting from [`SIX`].
pub const FIVE: Weights = Weights::from_tuner_file(include_str!("weights/five.txt"));

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_weights_are_the_tuners_files_as_it_writes_them() {
        // `--tune-out` writes `tune::weights_to_text`: the files read back
        // to the same text, so a new fit is shipped by copying its file.
        let text = super::super::tune::weights_to_text;
        assert_eq!(text(&SIX), include_str!("weights/six.txt"));
        assert_eq!(text(&FIVE), include_str!("weights/five.txt"));
    }

    // TEMPORARY: the weights as weights.rs spelt them before (issue 41).
    const OLD_SIX: Weights = Weights {
        early: [
            19, 45, -65, -90, -105, 5, 61, 76, 6, 87, 100, 8, 104, 10, 12, 73, 96, 127, 35, 161,
            208, 35, 222, 35, 35, -116, -96, -50, 74, 77, 81, 82, 129, 90, 98, 85, 136, 150, -72,
            26, 19, -71, -37, 82, 69, -1, 77, 14, 43, 9, 63, 61, 19, 7, 4, 18, 11, 4, 5, 14, 20,
            13, -10, -8, 50, 61, 6, 73, 91, 8, 82, 10, 12, 35, 35, 71, 35, 112, 134, 35, 44, 35,
            35, -127, -124, -55, 74, 41, 61, 82, 117, 90, 98, 125, 164, 200, -67, 34, 18, -74, -31,
            59, 67, 24, 57, 22, 28, 32, 58, 27, 1, -3, 11, 9, 2, -2, -2, 16, 19, 19, -16,
        ],
        late: [
            14, 48, 13, -27, -56, -4, -9, -10, 6, -12, -13, 8, -17, 10, 12, -15, -3, 0, 35, 9, -14,
            35, -4, 35, 35, 76, 83, 82, 74, 52, 64, 82, 86, 90, 98, 8, 36, 62, 12, 31, 32, -90,
            -34, 0, 10, 11, 34, 24, 18, 49, -12, -23, -15, -8, -44, -41, -27, -15, 5, 6, 13, 4, 2,
            -1, -17, -7, 6, -7, -11, 8, -11, 10, 12, -15, -4, 2, 35, 0, 0, 35, 10, 35, 35, 87, 78,
            86, 74, 63, 76, 82, 94, 90, 98, -2, 24, 52, 5, 24, 37, -87, -49, 24, -1, 5, 37, 53, 34,
            41, -29, -34, -23, -13, -65, -54, -36, -18, 6, 3, 12, -5, 1,
        ],
    };
    const OLD_FIVE: Weights = Weights {
        early: [
            24, 118, -123, -73, -136, 4, 65, 61, 6, 98, 104, 8, 56, 10, 12, 194, 196, 143, 35, 317,
            272, 35, 224, 35, 35, -205, -24, -9, 74, 93, 89, 82, 134, 90, 98, 83, 212, 248, -49,
            28, 86, -116, -63, 5, -11, -49, 10, 25, 49, 23, 67, 50, 26, 16, 25, -17, 19, 13, 53,
            81, 44, 33, -8, 11, 62, 63, 6, 101, 97, 8, 63, 10, 12, 206, 195, 144, 35, 293, 276, 35,
            228, 35, 35, -235, -30, -16, 74, 84, 67, 82, 146, 90, 98, 92, 195, 224, -62, 25, 76,
            -123, -116, 1, -2, -43, -3, 11, 58, 26, 68, 36, 17, 15, 32, 4, 32, 25, 46, 63, 40, 22,
            -12,
        ],
        late: [
            40, 49, 33, -44, -67, -16, -18, -12, 6, -17, -4, 8, -15, 10, 12, -71, -56, -28, 35,
            -60, -47, 35, -31, 35, 35, 141, 69, 37, 74, 70, 92, 82, 145, 90, 98, 22, 45, 111, 21,
            50, 40, -117, 9, -17, 30, 32, 125, 53, 26, 31, -4, -27, -30, -9, -35, -20, -17, -10,
            -9, 7, 18, 9, 7, -11, -8, -3, 6, -9, 4, 8, -12, 10, 12, -48, -37, -14, 35, -42, -23,
            35, -8, 35, 35, 92, 24, 2, 74, 30, 64, 82, 84, 90, 98, 13, 28, 110, 13, 43, 43, -119,
            -59, 56, 26, 28, 28, 32, -13, -3, -24, -36, -29, -5, -69, -49, -37, -19, 3, 14, 6, 8,
            8,
        ],
    };

    #[test]
    fn temporary_same_as_before() {
        assert_eq!(SIX, OLD_SIX);
        assert_eq!(FIVE, OLD_FIVE);
    }
}
