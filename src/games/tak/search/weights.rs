//! The evaluation's features by index ([`feature`]) and its weights
//! ([`Weights`]): fitted by [`super::tune`] to positions of 6x6 and 5x5
//! games, each target blending tiltak's searched winning chance with the
//! game's result (`docs/ai.md`, "Evaluation"), and built in from the
//! tuner's output files in `weights/`. 5x5 has its own set; every other
//! size uses the 6x6 one, since the features are alike on every size
//! (distances to the edges, ranks or files missing to a road).

use super::feature::*;
use super::network::Network;
use super::numbers::{numbers_line, read_numbers};

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
