//! The perft suites in `tests/data/tak/`: leaf counts that must agree with
//! the public Tak engines (RULINGS Tak 9: a finished game has no moves).

use crate::perft_suite;
use taktable::games::tak::{Position, Rules};

struct Case {
    id: String,
    position: Position,
    counts: Vec<(u32, u64)>,
}

fn parse_suite(text: &str) -> Vec<Case> {
    perft_suite::read(text)
        .into_iter()
        .map(|case| {
            let id = case.id.as_str();
            let size: u8 = case.field("size").expect("size").parse().unwrap();
            let mut rules = Rules::standard(size).unwrap();
            if let Some(opening) = case.field("opening") {
                rules = rules.with_opening(opening.parse().unwrap());
            }
            if let Some(komi) = case.field("komi") {
                rules = rules.with_komi(komi.parse().unwrap());
            }
            let tps = case.field("tps").expect("tps");
            let position = Position::from_tps(tps, rules).unwrap_or_else(|e| panic!("{id}: {e}"));
            Case {
                id: case.id,
                position,
                counts: case.counts,
            }
        })
        .collect()
}

fn run_suite(text: &str) {
    let cases = parse_suite(text);
    assert!(!cases.is_empty());
    for case in cases {
        for &(depth, expected) in &case.counts {
            assert_eq!(
                case.position.perft(depth),
                expected,
                "{} at depth {depth}",
                case.id
            );
        }
    }
}

#[test]
fn perft_suite_agrees_with_the_public_engines() {
    run_suite(include_str!("../data/tak/perft.txt"));
}

#[test]
#[ignore = "minutes of work: run by hand with --ignored"]
fn deep_perft_suite() {
    run_suite(include_str!("../data/tak/perft-deep.txt"));
}

#[test]
fn divide_sums_to_perft_and_lists_every_legal_move() {
    let suite = parse_suite(include_str!("../data/tak/perft.txt"));
    for case in suite.iter().filter(|c| c.id.starts_with("complicated")) {
        let divided = case.position.divide(3);
        assert_eq!(divided.len(), case.position.legal_moves().len());
        let total: u64 = divided.iter().map(|(_, n)| n).sum();
        assert_eq!(total, case.position.perft(3), "{}", case.id);
    }
}

#[test]
fn counting_moves_agrees_with_listing_them() {
    // Bulk counting at the leaves must count exactly the generated moves.
    for case in parse_suite(include_str!("../data/tak/perft.txt")) {
        let mut position = case.position.clone();
        assert_eq!(
            position.count_legal_moves() as usize,
            position.legal_moves().len(),
            "{}",
            case.id
        );
        for mv in position.legal_moves() {
            let undo = position.play_unchecked(mv);
            assert_eq!(
                position.count_legal_moves() as usize,
                position.legal_moves().len(),
                "{} after {mv}",
                case.id
            );
            position.undo(mv, undo);
        }
    }
}
