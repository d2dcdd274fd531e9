//! Perft counts from `tests/data/takat/perft.txt` (the start's counts up to
//! depth 4 are derived by hand in that file's comments).

use taktable::games::takat::{divide, perft, Position};

struct Case {
    id: String,
    position: Position,
    expected: Vec<(u32, u64)>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/takat/perft.txt");
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
fn perft_data_file() {
    let cases = cases();
    assert!(cases.len() >= 8);
    assert!(cases[0].id == "start" && cases[0].position == Position::start());
    for case in &cases {
        assert!(!case.expected.is_empty(), "{}", case.id);
        for &(depth, count) in &case.expected {
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
