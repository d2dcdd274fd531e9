//! Taka positions for tests, built from a short spec.
//!
//! [`pos`]: the squares named in the spec get their token of the position
//! format (`w`/`b` field piece, `W`/`B` goalie, `*` loose ball, `w*S` a
//! piece holding a ball facing S; `O:W*` puts White's goalie in its circle
//! with a ball). Field pieces not named are parked on the two rows in
//! front of their own goal line, outside columns D-G; goalies not named
//! are in their circles.

use taktable::games::taka::{Position, Square};

/// A square from its name.
pub fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

/// A position from a spec (see the module comment) and the fields after
/// the circles (side to move, and optionally turn, score, goals, limit).
pub fn pos(spec: &str, rest: &str) -> Position {
    let mut grid = vec![vec!["x".to_string(); 10]; 14];
    let mut circles = ["W".to_string(), "B".to_string()];
    let mut field = [0usize; 2];
    for entry in spec.split_whitespace() {
        let (at, token) = entry.split_once(':').unwrap();
        if at == "O" {
            let i = usize::from(token.starts_with('B'));
            circles[i] = token.to_string();
            continue;
        }
        let s = sq(at);
        grid[s.row() as usize - 1][s.column() as usize] = token.to_string();
        match token.chars().next() {
            Some('w') => field[0] += 1,
            Some('b') => field[1] += 1,
            Some('W') => circles[0] = "x".into(),
            Some('B') => circles[1] = "x".into(),
            _ => {}
        }
    }
    let parking = [
        [
            "A1", "B1", "C1", "H1", "I1", "J1", "A2", "B2", "C2", "H2", "I2", "J2",
        ],
        [
            "A14", "B14", "C14", "H14", "I14", "J14", "A13", "B13", "C13", "H13", "I13", "J13",
        ],
    ];
    for (i, letter) in ["w", "b"].into_iter().enumerate() {
        for p in parking[i] {
            if field[i] >= 10 {
                break;
            }
            let s = sq(p);
            let cell = &mut grid[s.row() as usize - 1][s.column() as usize];
            if *cell == "x" {
                *cell = letter.to_string();
                field[i] += 1;
            }
        }
    }
    // `-` in a spec keeps a square empty (no parking there).
    let board: Vec<String> = grid.iter().map(|r| r.join(",").replace('-', "x")).collect();
    let text = format!("{} {},{} {rest}", board.join("/"), circles[0], circles[1]);
    text.parse()
        .unwrap_or_else(|e| panic!("test position {text:?} is invalid: {e}"))
}
