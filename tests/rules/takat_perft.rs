//! Perft counts from `tests/data/takat/perft.txt` (the start's counts up to
//! depth 4 are derived by hand in that file's comments).

use crate::perft_suite::{self, PositionCase};
use taktable::games::takat::{divide, perft, Position};

fn cases() -> Vec<PositionCase<Position>> {
    perft_suite::read_positions(include_str!("../data/takat/perft.txt"), Position::start)
}

#[test]
fn perft_data_file() {
    let cases = cases();
    assert!(cases.len() >= 8);
    assert!(cases[0].id == "start" && cases[0].position == Position::start());
    for case in &cases {
        assert!(!case.counts.is_empty(), "{}", case.id);
        for &(depth, count) in &case.counts {
            assert_eq!(
                perft(&case.position, depth),
                count,
                "{} ({}) depth {depth}",
                case.id,
                case.position
            );
        }
    }
}

#[test]
fn perft_by_hand() {
    // RULINGS Takat 2, 3, 4, 7 from the start; see the comments in
    // tests/data/takat/perft.txt.
    let start = Position::start();
    assert_eq!(perft(&start, 0), 1);
    assert_eq!(perft(&start, 1), 6);
    assert_eq!(perft(&start, 2), 6 * 5);
    assert_eq!(perft(&start, 3), 6 * 5 * (4 + 3));
    assert_eq!(
        perft(&start, 4),
        6 * (5 * 4 * 3 + 2 * (8 + 5 + 7) + 3 * (8 + 7 + 7))
    );
}

#[test]
fn divide_sums_to_perft() {
    for case in cases() {
        let parts = divide(&case.position, 3);
        assert_eq!(parts.len(), case.position.legal_turns().len());
        let sum: u64 = parts.iter().map(|&(_, n)| n).sum();
        assert_eq!(sum, perft(&case.position, 3), "{}", case.id);
    }
}
