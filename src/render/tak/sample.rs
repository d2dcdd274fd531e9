//! Views built from TPS strings, and sample positions: theme previews for a
//! `/themes` list, the sample pictures in `docs/`, tests and benchmarks.
//!
//! [`from_tps`] reads a TPS through the rules engine; [`tall`] builds views
//! directly, with more pieces than any game holds, to test the limits of
//! the picture.

use super::view::{Reserve, Stone, StoneKind, TakBoardView};
use crate::games::tak::Position;
use crate::render::Side;

/// A view of the position in `tps`, e.g. `x5/x5/x2,12C,x2/x5/x5 2 3` (the
/// `[TPS "..."]` tag around it is optional), read by the rules engine with
/// the standard rules of its size.
pub fn from_tps(tps: &str) -> Result<TakBoardView, String> {
    let position = Position::from_tps_standard(tps).map_err(|e| e.to_string())?;
    Ok(TakBoardView::from_position(
        &position,
        ["White".into(), "Black".into()],
        None,
    ))
}

/// Square index of a name such as `c3` on a board of `size`.
pub fn square(size: usize, name: &str) -> Option<usize> {
    let mut chars = name.chars();
    let file = (chars.next()? as usize).checked_sub('a' as usize)?;
    let rank = chars.as_str().parse::<usize>().ok()?.checked_sub(1)?;
    (file < size && rank < size).then_some(rank * size + file)
}

fn squares(size: usize, names: &[&str]) -> Vec<usize> {
    names.iter().filter_map(|n| square(size, n)).collect()
}

const MIDGAME_5: &str = "x,2,1,x2/2,2121121,1C,12,x/x,1,2212S,2C,1/1,x,121,2,x/2,1,x2,12 1 14";
const MIDGAME_6: &str =
    "x,2,x,1,x2/x,21,1,2,12,x/1,x,2121C,2,x,1/x,12,1,21S,2,x/2,1,x,12,2C,1/x2,1,2,x,1 2 17";
const MIDGAME_8: &str = "x3,2,1,x3/x,2,12,x,21,1,x2/1,x,2,1212,2,x,1S,x/x,21,1,221121C,2,12,x,2/\
2,x,1,2S,121212122112,1,x,1/x,1,2,112,x,2C,21,x/x,12,x,1,2,1C,x,2/1,x2,2,x,1,2,x 1 31";

/// A mid-game position on a board of `size` (clamped to 3..=8), with names,
/// komi and a last move: the picture for a theme preview.
pub fn midgame(size: usize) -> TakBoardView {
    // The position, and the last move: a spread from one square to the next.
    let (tps, last, dir): (&str, [&str; 2], char) = match size.clamp(3, 8) {
        3 => ("2,1,x/x,21,1/x,2,x 1 4", ["b2", "b1"], '-'),
        4 => ("x,2,1,x/2,12,x2/x,21,1,x/1,x2,2 1 7", ["b3", "b2"], '-'),
        5 => (MIDGAME_5, ["b4", "c4"], '>'),
        6 => (MIDGAME_6, ["d4", "d3"], '-'),
        7 => (
            "x2,2,1,x3/x,12,x,2,1,x2/2,1,21C,x,12,2,x/x,1,2,2121S,1,x2/1,x,12,2,x,2C,1/x,2,1,1C,x2,2/x3,1,2,x2 2 22",
            ["d3", "d4"],
            '+',
        ),
        _ => (MIDGAME_8, ["e4", "e5"], '+'),
    };
    let mut view = from_tps(tps).unwrap_or_else(|_| TakBoardView::new(size));
    view.players = ["Alice".into(), "Bob".into()];
    view.komi_half = if view.size >= 6 { 4 } else { 0 };
    view.last_move = squares(view.size, &last);
    view.last_notation = Some(format!("{}{dir}", last[0]));
    view
}

/// A finished 5x5 game: White's road along rank 3, made by e2+ (the
/// flats on c4 and d4 and the capstone on c2 touch it but are no part of
/// it), result `R-0`.
pub fn road_win() -> TakBoardView {
    let tps = "x,2,x,2,x/2,x,1,1,x/1,1,121,1,2/x,2,1C,2,1/2,x2,1,2C 1 12";
    let view = Position::from_tps_standard(tps).and_then(|mut position| {
        let mv = "e2+".parse().map_err(|_| position_error())?;
        position.play(mv).map_err(|_| position_error())?;
        Ok(TakBoardView::from_position(
            &position,
            ["Alice".into(), "Bob".into()],
            Some(mv),
        ))
    });
    view.unwrap_or_else(|_| TakBoardView::new(5))
}

fn position_error() -> crate::games::tak::TpsError {
    crate::games::tak::TpsError("the sample's move does not play".into())
}

/// A board of `size` with a stack of `min_height..=max_height` pieces (mixed
/// colours, some walls and capstones on top) on every square, made from
/// `seed` so the same call always gives the same view.
pub fn tall(size: usize, min_height: usize, max_height: usize, seed: u64) -> TakBoardView {
    let mut state = seed | 1;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut view = TakBoardView::new(size);
    let span = max_height.saturating_sub(min_height) as u64 + 1;
    for (i, stack) in view.stacks.iter_mut().enumerate() {
        let h = min_height + (next() % span) as usize;
        *stack = (0..h)
            .map(|_| {
                let side = if next() % 2 == 0 {
                    Side::White
                } else {
                    Side::Black
                };
                Stone::new(side, StoneKind::Flat)
            })
            .collect();
        if let Some(top) = stack.last_mut() {
            top.kind = match i % 7 {
                3 => StoneKind::Wall,
                5 => StoneKind::Cap,
                _ => StoneKind::Flat,
            };
        }
    }
    // More pieces than any game holds: the reserves are spent.
    view.reserves = [Reserve::default(); 2];
    view.flats = [Side::White, Side::Black].map(|side| {
        view.stacks
            .iter()
            .filter_map(|s| s.last())
            .filter(|top| top.side == side && top.kind == StoneKind::Flat)
            .count() as u32
    });
    view.players = ["Alice".into(), "Bob".into()];
    view.move_number = 200;
    view.last_move = vec![0, 1, 2];
    view.komi_half = 5;
    view
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tps() {
        let v = from_tps("[TPS \"x5/x5/x2,12C,x2/x5/1,x4 2 3\"]").unwrap();
        assert_eq!(v.size, 5);
        assert_eq!(v.stack(0), &[Stone::new(Side::White, StoneKind::Flat)]);
        assert_eq!(
            v.stack(12),
            &[
                Stone::new(Side::White, StoneKind::Flat),
                Stone::new(Side::Black, StoneKind::Cap)
            ]
        );
        assert_eq!(v.to_move, Some(Side::Black));
        assert_eq!(v.move_number, 3);
        assert_eq!(v.flats, [1, 0]);
        assert_eq!(
            v.reserves[1],
            Reserve {
                stones: 21,
                caps: 0
            }
        );
        assert!(from_tps("x3/x3").is_err());
        assert!(from_tps("x3/x3/x4").is_err());
        assert!(from_tps("x3/x3/x,3,x").is_err());
        assert!(from_tps("").is_err());
    }

    #[test]
    fn samples_parse() {
        for size in 3..=8 {
            let v = midgame(size);
            assert_eq!(v.size, size);
            assert!(v.stacks.iter().any(|s| !s.is_empty()), "{size}");
            assert_eq!(v.last_move.len(), 2, "{size}");
        }
        // RULINGS Tak 5: the road is a3-e3, without the branches beside it.
        let road = road_win();
        assert_eq!(road.result.as_deref(), Some("R-0"));
        assert_eq!(road.road, squares(5, &["a3", "b3", "c3", "d3", "e3"]));
        assert_eq!(road.last_move, squares(5, &["e2", "e3"]));
        assert_eq!(square(8, "h8"), Some(63));
        assert_eq!(square(5, "f1"), None);
    }
}
