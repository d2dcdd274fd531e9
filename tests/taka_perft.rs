//! Perft counts from `tests/data/taka/perft.txt`.
//!
//! The counts were produced by this engine and are kept to catch any
//! change in turn generation; the generator itself is checked both ways
//! against `Position::check` by `tests/taka_random.rs`.

use taktable::games::taka::{divide, perft, Position};

struct Case {
    id: String,
    position: Position,
    expected: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/taka/perft.txt");
    let mut cases: Vec<Case> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, value) = line.split_once(' ').unwrap_or((line, ""));
        match key {
            "id" => cases.push(Case {
                id: value.to_string(),
                position: Position::start(),
                expected: Vec::new(),
            }),
            "position" => {
                let case = cases.last_mut().expect("position before id");
                case.position = value
                    .parse()
                    .unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
            }
            "perft" => {
                let mut parts = value.split_whitespace().map(|p| p.parse::<u64>());
                let (Some(Ok(depth)), Some(Ok(count)), None) =
                    (parts.next(), parts.next(), parts.next())
                else {
                    panic!("line {}: bad perft line", i + 1);
                };
                let case = cases.last_mut().expect("perft before id");
                case.expected.push((depth as u32, count));
            }
            _ => panic!("line {}: unknown key {key}", i + 1),
        }
    }
    cases
}

#[test]
fn perft_counts_match_the_data_file() {
    for case in cases() {
        for &(depth, count) in &case.expected {
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
/// `cargo test --release --test taka_perft -- --ignored --nocapture`.
#[test]
#[ignore]
fn perft_depth_3_matches_the_data_file() {
    for case in cases() {
        for &(depth, count) in case.expected.iter().filter(|&&(d, _)| d == 3) {
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
