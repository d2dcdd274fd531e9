//! Moves typed by hand (issue 13 item 2). A move the game can't read is
//! compared with the legal actions with case and spaces set aside: when
//! exactly one is spelled that way (`sf3` for `Sf3`, `cc3` for `Cc3`), or
//! failing that with its letters in another order (`f3S`) or with a letter
//! too many in front (`cc4-`), that one is meant; otherwise the nearest
//! legal actions are offered as a hint.
//! Only the game's own list of legal actions is used, so this works for
//! every game alike.
//!
//! Before any of that, a move is read as a player means it (issue 29): a
//! move number in front, as a game file writes it (`1. d4`, `17... Sf1`,
//! `17.Sf1`), is set aside whatever number it names (the move is played
//! if it is legal now; checking the number would only refuse moves whose
//! meaning is plain), and spaces inside a move (`b2 +`, `3c5 > 111`) are
//! closed up when only so the game reads it.

use crate::games::GameState;

/// What `typed` means: the text itself when the game reads it, else
/// without a move number in front, with the spaces inside closed up if
/// the game reads only that (the game's refusal then says what is wrong
/// with the move itself, e.g. that stacks don't move in the opening).
pub fn reading(state: &GameState, typed: &str) -> String {
    let text = typed.trim();
    if state.parses(text) {
        return text.to_string();
    }
    let text = without_move_number(text);
    if state.parses(text) {
        return text.to_string();
    }
    let closed: String = text.chars().filter(|c| !c.is_whitespace()).collect();
    if state.parses(&closed) {
        closed
    } else {
        text.to_string()
    }
}

/// `text` without a move number in front (`17.`, `17...`, `17…`, with or
/// without a space after it); the text itself if nothing follows.
fn without_move_number(text: &str) -> &str {
    let digits = text.len() - text.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return text;
    }
    let rest = &text[digits..];
    let dots = rest.trim_start_matches(['.', '\u{2026}']);
    if dots.len() == rest.len() {
        return text;
    }
    let move_text = dots.trim_start();
    if move_text.is_empty() {
        text
    } else {
        move_text
    }
}

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
    let nearest: Vec<String> = scored
        .into_iter()
        .filter(|(d, _)| *d == best)
        .map(|(_, action)| action)
        .collect();
    // A key pressed twice (`c55`) is likelier than another key: when some
    // of the nearest are what was typed less some letters, only those.
    let dropped: Vec<String> = nearest
        .iter()
        .filter(|action| within(&key(action), &typed))
        .cloned()
        .collect();
    let chosen = if dropped.is_empty() { nearest } else { dropped };
    chosen.into_iter().take(3).collect()
}

/// The hint under a refused move, or nothing: the nearest legal actions
/// (see [`nearest`]); but when the move with a key pressed twice set
/// aside (`c33` for `c3`) is one the game reads and can't play now, why
/// it can't (issue 42: `/move c33` was offered `Ca3, Cb3 or Ce3`, each a
/// different key, while `c3` was meant and taken).
pub fn hint(state: &GameState, typed: &str) -> String {
    let near = nearest(state, typed);
    let typed_key = key(typed);
    if near.iter().any(|action| within(&key(action), &typed_key)) {
        return did_you_mean(&near);
    }
    for meant in once_pressed(typed.trim()) {
        if !state.parses(&meant) {
            continue;
        }
        if let Err(why) = state.clone().play(&meant) {
            return format!(" Did you mean {meant}? It can't be played now: {why}.");
        }
    }
    did_you_mean(&near)
}

fn did_you_mean(near: &[String]) -> String {
    if near.is_empty() {
        return String::new();
    }
    let near: Vec<&str> = near.iter().map(String::as_str).collect();
    format!(
        " Did you mean {}?",
        crate::bot::ground::reply::word_list(&near, "or")
    )
}

/// `typed` with one of its doubled characters typed once (`c33` gives
/// `c3`), each doubling in turn.
fn once_pressed(typed: &str) -> Vec<String> {
    let chars: Vec<char> = typed.chars().collect();
    (1..chars.len())
        .filter(|&i| chars[i] == chars[i - 1])
        .map(|i| {
            let mut fewer = chars.clone();
            fewer.remove(i);
            fewer.into_iter().collect()
        })
        .collect()
}

/// Whether `part`'s letters appear in `whole` in the same order.
fn within(part: &str, whole: &str) -> bool {
    let mut letters = whole.chars();
    part.chars().all(|c| letters.any(|w| w == c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_number_in_front_is_set_aside() {
        // Issue 29: moves pasted from a game file (PTN numbers them).
        assert_eq!(without_move_number("1. d4"), "d4");
        assert_eq!(without_move_number("17... Sf1"), "Sf1");
        assert_eq!(without_move_number("17.Sf1"), "Sf1");
        assert_eq!(without_move_number("3\u{2026}c3"), "c3");
        // A count in front of a stack move is no move number.
        assert_eq!(without_move_number("3c5>111"), "3c5>111");
        assert_eq!(without_move_number("17."), "17.");
        assert_eq!(without_move_number("c3"), "c3");
    }

    #[test]
    fn a_key_pressed_twice_is_read_once() {
        assert_eq!(once_pressed("c33"), ["c3"]);
        assert_eq!(once_pressed("cc33"), ["c33", "cc3"]);
        assert!(once_pressed("c3").is_empty());
    }

    #[test]
    fn dropped_letters_are_found_in_order() {
        assert!(within("c5", "c55"));
        assert!(!within("ca5", "c55"));
        assert!(within("", "x"));
    }
}
