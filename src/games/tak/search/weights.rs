//! The evaluation's features by index ([`feature`]) and its weights
//! ([`Weights`]): fitted by [`super::tune`] to positions of 6x6 and 5x5
//! games, each target blending tiltak's searched winning chance with the
//! game's result (`docs/ai.md`, "Evaluation"), and built in from the
//! tuner's output files in `weights/`. 5x5 has its own set; every other
//! size uses the 6x6 one, since the features are alike on every size
//! (distances to the edges, ranks or files missing to a road).

use super::network::Network;
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

/// A weight per feature for a young game and one for a late game, and
/// the small network added on top of their sum, if any.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    pub early: [i32; COUNT],
    pub late: [i32; COUNT],
    pub network: Option<std::sync::Arc<super::network::Network>>,
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
    Weights {
        early,
        late,
        network: None,
    }
}

/// The built-in weights of 6x6 (and every size but 5x5), then 5x5: the
/// tuner's output files as they are (`selfplay --tune-out`), read when
/// first needed. What they were fitted to is in `docs/ai.md`
/// ("Evaluation").
const BUILT_IN_TEXT: [&str; 2] = [
    include_str!("weights/six.txt"),
    include_str!("weights/five.txt"),
];

/// The weights of a board size.
pub fn for_size(size: u8) -> &'static Weights {
    static BUILT_IN: std::sync::OnceLock<[Weights; 2]> = std::sync::OnceLock::new();
    // A built-in file that does not read (a test checks they all do)
    // falls back to the hand-set weights rather than stopping the bot.
    let built_in =
        BUILT_IN.get_or_init(|| BUILT_IN_TEXT.map(|t| from_text(t).unwrap_or_else(|_| hand_set())));
    match size {
        5 => &built_in[1],
        _ => &built_in[0],
    }
}

/// Weights as text: two lines (early, late) of whole numbers, then the
/// network's lines ([`Network::to_text`]) if there is one.
pub fn to_text(weights: &Weights) -> String {
    let mut text = format!(
        "{}\n{}\n",
        numbers_line(&weights.early),
        numbers_line(&weights.late)
    );
    if let Some(network) = &weights.network {
        text.push_str(&network.to_text());
    }
    text
}

/// Reads weights written by [`to_text`].
pub fn from_text(text: &str) -> Result<Weights, String> {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let early = read_numbers(lines.next(), "the early weights")?;
    let late = read_numbers(lines.next(), "the late weights")?;
    let mut rest = lines.peekable();
    let network = match rest.peek() {
        None => None,
        Some(_) => Some(std::sync::Arc::new(Network::from_lines(rest)?)),
    };
    Ok(Weights {
        early,
        late,
        network,
    })
}

/// Whole numbers as a line of a weights file, separated by spaces.
pub(super) fn numbers_line(values: &[i32]) -> String {
    values
        .iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Reads a line written by [`numbers_line`] holding exactly `N` numbers;
/// `what` names the line in the error.
pub(super) fn read_numbers<const N: usize>(
    line: Option<&str>,
    what: &str,
) -> Result<[i32; N], String> {
    let line = line.ok_or(format!("no line for {what}"))?;
    let values: Vec<i32> = line
        .split_whitespace()
        .map(|w| w.parse().map_err(|_| format!("`{w}` is not a weight")))
        .collect::<Result<_, _>>()?;
    values
        .try_into()
        .map_err(|v: Vec<i32>| format!("{} numbers for {what}, not {N}", v.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_weights_read() {
        for text in BUILT_IN_TEXT {
            let weights = from_text(text).unwrap();
            assert_eq!(from_text(&to_text(&weights)).unwrap(), weights);
        }
        assert_ne!(for_size(6), &hand_set());
        assert_ne!(for_size(5), for_size(6));
    }

    #[test]
    fn weights_survive_their_text() {
        let w = hand_set();
        assert_eq!(from_text(&to_text(&w)).unwrap(), w);
        assert!(from_text("1 2 3\n").is_err());
        let mut with_network = hand_set();
        let mut input = vec![[0; super::super::network::HIDDEN]; super::super::network::INPUTS];
        input[3][2] = -7;
        with_network.network = Some(std::sync::Arc::new(Network {
            input,
            bias: [5; super::super::network::HIDDEN],
            output: [-2; super::super::network::HIDDEN],
        }));
        let text = to_text(&with_network);
        assert_eq!(from_text(&text).unwrap(), with_network);
    }
}
