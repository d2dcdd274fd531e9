//! The features, by index. Global ones are seen from the player to move;
//! each colour's own come twice (`MOVER + i` and `OPPONENT + i`, the
//! opponent's counted negative), each with its own weight: a group one

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
