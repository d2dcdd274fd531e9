//! Moves typed by hand (issue 13 item 2). A move the game can't read is
//! compared with the legal actions with case and spaces set aside: when
//! exactly one is spelled that way (`sf3` for `Sf3`, `cc3` for `Cc3`), or
//! failing that with its letters in another order (`f3S`) or with a letter
//! too many in front (`cc4-`), that one is meant; otherwise the nearest
//! legal actions are offered as a hint.
//! Only the game's own list of legal actions is used, so this works for
//! every game alike.

use crate::games::GameState;

/// How an action reads with case and spaces set aside.
fn key(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

/// The one legal action that `typed` spells, case and spaces aside; `None`
/// when none or several do. Read in turn: the same letters in another case
/// (`sf3` for `Sf3`), then the same letters in another order (`f3S` for
/// `Sf3`), then one letter too many in front (`cc4-` for `c4-`, a piece
/// named before a stack move); the first reading that any legal action
/// fits decides, and only if exactly one action fits it.
pub fn unambiguous(state: &GameState, typed: &str) -> Option<String> {
    let typed = key(typed);
    let legal: Vec<(String, String)> = state
        .legal_actions()
        .into_iter()
        .map(|action| (key(&action), action))
        .collect();
    let readings: [&dyn Fn(&str) -> bool; 3] =
        [&|k| k == typed, &|k| same_letters(k, &typed), &|k| {
            letter_in_front(&typed, k)
        }];
    for fits in readings {
        let mut matches = legal.iter().filter(|(k, _)| fits(k));
        if let Some((_, first)) = matches.next() {
            return matches.next().is_none().then(|| first.clone());
        }
    }
    None
}

/// Whether `typed` is `action` with one more letter in front.
fn letter_in_front(typed: &str, action: &str) -> bool {
    let mut chars = typed.chars();
    chars.next().is_some_and(char::is_alphabetic) && chars.as_str() == action
}

/// The same letters in another order (`f3S` for `Sf3`): counted as nearer
/// than any single edit.
fn same_letters(a: &str, b: &str) -> bool {
    let sorted = |s: &str| {
        let mut chars: Vec<char> = s.chars().collect();
        chars.sort_unstable();
        chars
    };
    sorted(a) == sorted(b)
}

/// Up to three legal actions nearest to `typed` (fewest single-character
/// edits, case and spaces aside), or none when even the nearest needs more
/// edits than a slip of the fingers (one in a short move, two in a longer
/// one): past that it is a guess, not a correction.
pub fn nearest(state: &GameState, typed: &str) -> Vec<String> {
    let typed = key(typed);
    if typed.is_empty() {
        return Vec::new();
    }
    // Distances in half edits, so that reordered letters rank at one half.
    let scored: Vec<(usize, String)> = state
        .legal_actions()
        .into_iter()
        .map(|action| {
            let k = key(&action);
            let distance = if same_letters(&k, &typed) {
                1
            } else {
                2 * strsim::levenshtein(&k, &typed)
            };
            (distance, action)
        })
        .collect();
    let Some(best) = scored.iter().map(|(d, _)| *d).min() else {
        return Vec::new();
    };
    let slips = if typed.chars().count() <= 4 { 1 } else { 2 };
    if best > 2 * slips {
        return Vec::new();
    }
    scored
        .into_iter()
        .filter(|(d, _)| *d == best)
        .map(|(_, action)| action)
        .take(3)
        .collect()
}
