//! The notation and the position format: round trips on every legal turn
//! of many random positions, the canonical spellings, and clear refusals.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use taktable::games::taka::{ParsePositionError, Position, Settings, Turn};

/// Positions reached by random play from the start (and a "first to 3"
/// start), stopping before the end.
fn random_positions(seed: u64, games: usize, max_plies: usize) -> Vec<Position> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for g in 0..games {
        let mut p = if g % 2 == 0 {
            Position::start()
        } else {
            Position::start_with(Settings::new(3, 75).unwrap())
        };
        for _ in 0..rng.random_range(0..max_plies) {
            let turns = p.legal_turns();
            if turns.is_empty() {
                break;
            }
            let t = turns[rng.random_range(0..turns.len())];
            p.play(&t).unwrap();
        }
        out.push(p);
    }
    out
}

#[test]
fn every_legal_turn_round_trips_through_notation() {
    for p in random_positions(7, 24, 60) {
        let turns = p.legal_turns();
        let mut spellings = std::collections::HashSet::new();
        for t in &turns {
            let text = t.to_string();
            assert_eq!(text.parse::<Turn>().as_ref(), Ok(t), "{text} in {p}");
            // Lower case and spaces read the same.
            let loose = text.to_lowercase().replace('>', " > ");
            assert_eq!(loose.parse::<Turn>().as_ref(), Ok(t), "{loose}");
            assert!(spellings.insert(text.clone()), "two turns spelled {text}");
        }
    }
}

#[test]
fn positions_round_trip_through_the_format() {
    for p in random_positions(11, 30, 80) {
        let text = p.to_string();
        let back: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back, p, "{text}");
        assert_eq!(back.to_string(), text);
        assert_eq!(back.legal_turns(), p.legal_turns());
    }
}

#[test]
fn the_start_in_the_format() {
    let start = "x10/x10/x4,w,w*S,x4/x2,w,x4,w,x2/x3,w,x2,w,x3/x,w,x6,w,x/x4,w,w,x4/\
                 x4,b,b,x4/x,b,x6,b,x/x3,b,x2,b,x3/x2,b,x4,b,x2/x4,b*N,b,x4/x10/x10 \
                 W,B w 1 0-0 g1 t75 -";
    assert_eq!(Position::start().to_string(), start);
    // The trailing fields may be left out.
    let short = start.trim_end_matches(" 1 0-0 g1 t75 -");
    assert_eq!(short.parse::<Position>(), Ok(Position::start()));
}

#[test]
fn history_is_kept_in_the_format() {
    let mut p = Position::start();
    for t in ["B6-B7", "B9-B10", "B7-B6", "B10-B9"] {
        p.play(&t.parse().unwrap()).unwrap();
    }
    let text = p.to_string();
    assert!(
        text.contains(":2") || text.matches(',').count() > 0,
        "{text}"
    );
    let back: Position = text.parse().unwrap();
    assert_eq!(back.occurrences(), 2);
    assert_eq!(back, p);
}

#[test]
fn bad_positions_are_refused_with_the_reason() {
    let start = Position::start().to_string();
    let cases: Vec<(String, ParsePositionError)> = vec![
        (String::new(), ParsePositionError::Empty),
        ("x10".into(), ParsePositionError::FieldCount(1)),
        (
            start.replacen("x10/", "x9/", 1),
            ParsePositionError::RowLength { row: 1, squares: 9 },
        ),
        (
            start.replacen("x4,w,w*S", "x4,w,w*Q", 1),
            ParsePositionError::BadSquare {
                row: 3,
                text: "w*Q".into(),
            },
        ),
        (
            start.replacen("x4,w,w*S", "x4,x,w*S", 1),
            ParsePositionError::FieldPieces {
                side: taktable::games::taka::Side::White,
                count: 9,
            },
        ),
        (
            start.replacen("x4,w,w*S", "x4,w,w", 1),
            ParsePositionError::BallCount(1),
        ),
        (
            start.replacen(" W,B ", " x,B ", 1),
            ParsePositionError::Goalies {
                side: taktable::games::taka::Side::White,
                count: 0,
            },
        ),
        (
            start.replacen(" w 1 ", " q 1 ", 1),
            ParsePositionError::BadSide("q".into()),
        ),
        (
            start.replacen("0-0", "2-0", 1),
            ParsePositionError::ScoreTooHigh,
        ),
        (
            start.replacen("g1", "g0", 1),
            ParsePositionError::BadSettings("g0".into()),
        ),
        (
            start.replacen(" -", " zz", 1),
            ParsePositionError::BadHistory("zz".into()),
        ),
        (
            start.replacen("x10/x10/", "x3,w,x6/x10/", 1).replacen(
                "x2,w,x4,w,x2",
                "x2,x,x4,w,x2",
                1,
            ),
            ParsePositionError::FieldPieceOnGoal("D1".parse().unwrap()),
        ),
    ];
    for (text, err) in cases {
        assert_eq!(text.parse::<Position>(), Err(err.clone()), "{text}");
        assert!(!err.to_string().is_empty());
    }
}

#[test]
fn bad_turn_text_is_refused_with_a_hint() {
    for bad in [
        "",
        "hello",
        "E7-",
        "K7-K8",
        "E15",
        "E7>F9>F10>F11",
        "E7 S N",
        "=E3",
    ] {
        let err = bad.parse::<Turn>().unwrap_err();
        assert!(!err.to_string().is_empty(), "{bad}");
    }
    let err = "K7-K8".parse::<Turn>().unwrap_err().to_string();
    assert!(err.contains("K7") && err.contains("A-J"), "{err}");
}

#[test]
fn mangled_text_never_panics() {
    // Random edits of valid texts must give a value or an error, never a
    // panic; parsed values must print and read back the same.
    let mut rng = SmallRng::seed_from_u64(3);
    let alphabet: Vec<char> =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 -x><=*,/:é–"
            .chars()
            .collect();
    let positions = random_positions(5, 6, 40);
    for p in &positions {
        let texts: Vec<String> = std::iter::once(p.to_string())
            .chain(p.legal_turns().iter().take(50).map(|t| t.to_string()))
            .collect();
        for text in texts {
            for _ in 0..40 {
                let mut chars: Vec<char> = text.chars().collect();
                for _ in 0..rng.random_range(1..4) {
                    let i = rng.random_range(0..=chars.len());
                    match rng.random_range(0..3) {
                        0 if i < chars.len() => {
                            chars.remove(i);
                        }
                        1 => chars.insert(i, alphabet[rng.random_range(0..alphabet.len())]),
                        _ if i < chars.len() => {
                            chars[i] = alphabet[rng.random_range(0..alphabet.len())]
                        }
                        _ => {}
                    }
                }
                let mangled: String = chars.into_iter().collect();
                if let Ok(t) = mangled.parse::<Turn>() {
                    assert_eq!(t.to_string().parse::<Turn>(), Ok(t));
                    // Checking any parsed turn against the position is safe.
                    let _ = p.check(&t);
                }
                if let Ok(q) = mangled.parse::<Position>() {
                    assert_eq!(q.to_string().parse::<Position>(), Ok(q.clone()));
                    let _ = q.legal_turns();
                }
            }
        }
    }
}
