//! Perft counts from `tests/data/taka/perft.txt`.
//!
//! The counts were produced by this engine and are kept to catch any
//! change in turn generation; the generator itself is checked both ways
//! against `Position::check` by `tests/rules/taka_random.rs`.

use crate::perft_suite::{self, PositionCase};
use taktable::games::taka::{divide, perft, Position};

fn cases() -> Vec<PositionCase<Position>> {
    perft_suite::read_positions(include_str!("../data/taka/perft.txt"), Position::start)
}

#[test]
fn perft_counts_match_the_data_file() {
    for case in cases() {
        for &(depth, count) in &case.counts {
            if depth > 2 {
                continue;
            }
            assert_eq!(
                perft(&case.position, depth),
                count,
                "{} depth {depth}",
                case.id
            );
        }
    }
}

#[test]
fn divide_adds_up_to_perft() {
    let start = Position::start();
    let total: u64 = divide(&start, 2).iter().map(|&(_, n)| n).sum();
    assert_eq!(total, perft(&start, 2));
}

/// Depth 3 (44 million leaves from the start; about 30 s):
/// `cargo test --release --test rules taka_perft:: -- --ignored --nocapture`.
#[test]
#[ignore]
fn perft_depth_3_matches_the_data_file() {
    for case in cases() {
        for &(depth, count) in case.counts.iter().filter(|&&(d, _)| d == 3) {
            let t = std::time::Instant::now();
            assert_eq!(
                perft(&case.position, depth),
                count,
                "{} depth {depth}",
                case.id
            );
            println!("{} perft {depth} {count} in {:?}", case.id, t.elapsed());
        }
    }
}
