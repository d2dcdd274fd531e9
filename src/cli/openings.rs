//! `taktable openings`: random Tak openings of flat placements, one a line
//! as moves in PTN (`c5 b1 e1 d5`), the "move-list" book that racetrack
//! (`--book`) and `taktable selfplay --book` read.
//!
//! Each opening places flats only, on squares drawn uniformly among the
//! empty ones; the first two plies are the swap placements (each player
//! places the other's flat, RULINGS Tak 2). The lengths given with
//! `--plies` are taken in turn. No two openings reach the same position,
//! nor a rotation or reflection of one another's. The same arguments give
//! the same book on every machine: the openings a match is measured on can
//! be named by their command (`docs/ai.md`).

use clap::Args;

use crate::games::kit::search::mix;
use crate::games::tak::Square;
use std::collections::HashSet;

#[derive(Args)]
pub struct OpeningsArgs {
    /// Board size (3 to 8).
    #[arg(long, default_value_t = 6)]
    size: u8,
    /// The openings' lengths in plies, taken in turn (e.g. 2,4,6).
    #[arg(long, value_delimiter = ',', default_value = "2,4,6")]
    plies: Vec<u8>,
    /// How many openings.
    #[arg(long, default_value_t = 150)]
    count: usize,
    /// The seed: another seed, another book.
    #[arg(long)]
    seed: u64,
}

pub fn run(args: OpeningsArgs) -> Result<(), String> {
    for line in openings(&args)? {
        println!("{line}");
    }
    Ok(())
}

/// The book's lines.
fn openings(args: &OpeningsArgs) -> Result<Vec<String>, String> {
    let size = args.size;
    if !(3..=8).contains(&size) {
        return Err(format!("--size must be 3 to 8, not {size}"));
    }
    let squares = u32::from(size) * u32::from(size);
    if args.plies.is_empty() {
        return Err("--plies needs at least one length".into());
    }
    if let Some(&bad) = args
        .plies
        .iter()
        .find(|&&p| p == 0 || u32::from(p) >= squares)
    {
        return Err(format!(
            "an opening of {bad} plies does not fit a {size}x{size} board (1 to {})",
            squares - 1
        ));
    }
    let mut seen = HashSet::new();
    let mut lines = Vec::with_capacity(args.count);
    let mut state = args.seed;
    // Each length gets its own share of the count; a draw that repeats a
    // position is drawn again, within a bound (short openings on small
    // boards have few distinct positions).
    let mut misses = 0usize;
    while lines.len() < args.count {
        let plies = args.plies[lines.len() % args.plies.len()];
        let placed = draw(size, plies, &mut state);
        if seen.insert(canonical(size, &placed)) {
            let names: Vec<String> = placed.iter().map(Square::to_string).collect();
            lines.push(names.join(" "));
        } else {
            misses += 1;
            if misses > 1000 * args.count.max(1) {
                return Err(format!(
                    "only {} distinct openings of these lengths on {size}x{size}",
                    lines.len()
                ));
            }
        }
    }
    Ok(lines)
}

/// `plies` distinct squares of the board, in the order they are placed.
fn draw(size: u8, plies: u8, state: &mut u64) -> Vec<Square> {
    let mut empty: Vec<Square> = Square::all(size).collect();
    let mut placed = Vec::with_capacity(plies as usize);
    for _ in 0..plies {
        *state = mix(*state);
        let at = (*state % empty.len() as u64) as usize;
        placed.push(empty.swap_remove(at));
    }
    placed
}

/// A symmetry of the board: (last index, file, rank) to (file, rank).
type Transform = fn(u8, u8, u8) -> (u8, u8);

/// The position an opening reaches, the same for all eight rotations and
/// reflections of the board: the least of their (White's squares, Black's
/// squares), each sorted. Plies 1 and 4, 6, 8... place Black's flats
/// (the first is the swap placement), plies 2 and 3, 5, 7... White's.
fn canonical(size: u8, placed: &[Square]) -> (Vec<u8>, Vec<u8>) {
    let black = |ply: usize| ply == 0 || (ply >= 3 && ply % 2 == 1);
    let last = size - 1;
    let transforms: [Transform; 8] = [
        |_, f, r| (f, r),
        |l, f, r| (l - f, r),
        |l, f, r| (f, l - r),
        |l, f, r| (l - f, l - r),
        |_, f, r| (r, f),
        |l, f, r| (l - r, f),
        |l, f, r| (r, l - f),
        |l, f, r| (l - r, l - f),
    ];
    transforms
        .iter()
        .map(|t| {
            let (mut white, mut black_squares) = (Vec::new(), Vec::new());
            for (ply, square) in placed.iter().enumerate() {
                let (f, r) = t(last, square.file(), square.rank());
                let index = r * 8 + f;
                if black(ply) {
                    black_squares.push(index);
                } else {
                    white.push(index);
                }
            }
            white.sort_unstable();
            black_squares.sort_unstable();
            (white, black_squares)
        })
        .min()
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tak::{Color, Position, Role, Rules};

    fn args(size: u8, plies: &[u8], count: usize, seed: u64) -> OpeningsArgs {
        OpeningsArgs {
            size,
            plies: plies.to_vec(),
            count,
            seed,
        }
    }

    /// Every line plays through the rules from the start as flat
    /// placements (RULINGS Tak 2: the first two place the opponent's flat),
    /// the lengths come in turn, and no two lines reach the same position
    /// up to the board's symmetries.
    #[test]
    fn openings_are_legal_flat_placements_of_the_given_lengths() {
        let book = openings(&args(6, &[2, 4, 6], 150, 7)).unwrap();
        assert_eq!(book.len(), 150);
        let mut positions = HashSet::new();
        for (i, line) in book.iter().enumerate() {
            let moves: Vec<&str> = line.split(' ').collect();
            assert_eq!(moves.len(), [2, 4, 6][i % 3], "{line}");
            let mut position = Position::new(Rules::standard(6).unwrap());
            for text in &moves {
                position.play(text.parse().unwrap()).unwrap();
            }
            let squares: Vec<Square> = moves.iter().map(|m| m.parse().unwrap()).collect();
            for (ply, square) in squares.iter().enumerate() {
                let top = position.stack(*square).top().unwrap();
                assert_eq!(top.role, Role::Flat);
                let white = matches!(ply, 1 | 2 | 4);
                assert_eq!(top.color == Color::White, white, "{line}, ply {ply}");
            }
            assert!(positions.insert(canonical(6, &squares)), "{line}");
        }
        // White and Black to move alike: an even number of plies each.
        assert!(book.iter().all(|l| l.split(' ').count() % 2 == 0));
    }

    #[test]
    fn the_seed_names_the_book() {
        let a = openings(&args(5, &[2, 4, 6], 40, 1)).unwrap();
        assert_eq!(a, openings(&args(5, &[2, 4, 6], 40, 1)).unwrap());
        assert_ne!(a, openings(&args(5, &[2, 4, 6], 40, 2)).unwrap());
    }

    /// A rotation of an opening is the same opening: on 3x3 there are only
    /// three distinct 1-ply openings (a corner, an edge, the centre).
    #[test]
    fn symmetric_openings_count_once() {
        assert_eq!(openings(&args(3, &[1], 3, 5)).unwrap().len(), 3);
        let err = openings(&args(3, &[1], 4, 5)).unwrap_err();
        assert!(err.contains("only 3 distinct"), "{err}");
    }

    #[test]
    fn lengths_that_do_not_fit_are_refused() {
        assert!(openings(&args(3, &[9], 1, 1)).is_err());
        assert!(openings(&args(6, &[0], 1, 1)).is_err());
        assert!(openings(&args(9, &[2], 1, 1)).is_err());
        assert!(openings(&args(6, &[], 1, 1)).is_err());
    }
}
