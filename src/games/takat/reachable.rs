//! How many positions of Takat can be reached from the start, counted
//! layer by layer: would an exact solver (a retrograde analysis of every
//! reachable position) fit? (issue 14; docs/ai.md, "Exact solving").
//!
//! A turn either enters a piece (one more on the board) or moves one (as
//! many), so the positions with `n` pieces on the board form a layer that
//! only moves stay in and only entries leave, for layer `n + 1`. Each
//! layer is explored from the positions the layer below entered into, in
//! a set of [`Position::code`]s; a finished game (RULINGS Takat 8) is
//! counted but not expanded. The count stops at a cap on the positions
//! held, so it stays within a memory bound.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use super::search::CodeHash;
use super::{Cell, Position};

/// One layer: the reachable positions with `pieces` pieces on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layer {
    pub pieces: usize,
    /// Positions found (all of them when `complete`).
    pub positions: u64,
    /// Of them, games over (a stack of six, or no legal turn).
    pub over: u64,
    /// Whether the layer was explored to the end.
    pub complete: bool,
    /// Time spent on the layer.
    pub time: Duration,
}

fn pieces(position: &Position) -> usize {
    Cell::ALL.iter().map(|&c| position.height(c)).sum()
}

/// Counts the layers from the start until one would hold more than
/// `cap` positions (with the next layer's entries) or `deadline` passes:
/// that layer is returned unfinished. `progress` sees each layer when done.
pub fn count_layers(
    cap: usize,
    deadline: Duration,
    mut progress: impl FnMut(&Layer),
) -> Vec<Layer> {
    let start_time = Instant::now();
    let mut layers = Vec::new();
    let mut seeds: HashSet<u64, CodeHash> = HashSet::default();
    seeds.insert(Position::start().code());
    let mut n = 0;
    while !seeds.is_empty() {
        let began = Instant::now();
        let mut seen = std::mem::take(&mut seeds);
        let mut todo: Vec<u64> = seen.iter().copied().collect();
        let mut over = 0;
        let mut complete = true;
        while let Some(code) = todo.pop() {
            if seen.len() + seeds.len() > cap || start_time.elapsed() > deadline {
                complete = false;
                break;
            }
            let Some(position) = Position::from_code(code) else {
                continue;
            };
            let turns = position.legal_turns();
            if turns.is_empty() {
                over += 1;
                continue;
            }
            for turn in turns {
                let mut child = position.clone();
                child.apply(turn);
                let code = child.code();
                if pieces(&child) == n {
                    if seen.insert(code) {
                        todo.push(code);
                    }
                } else {
                    seeds.insert(code);
                }
            }
        }
        let layer = Layer {
            pieces: n,
            positions: seen.len() as u64,
            over,
            complete,
            time: began.elapsed(),
        };
        progress(&layer);
        layers.push(layer);
        if !complete {
            break;
        }
        n += 1;
    }
    layers
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_layers_are_counted_by_hand() {
        // RULINGS Takat 2-4: White enters first on one of the six ring
        // cells (never the centre); its piece is the one just touched.
        // Layer 1 (one piece): White's six entries, then with Black to
        // move, Black must enter, so nothing moves within the layer.
        let layers = count_layers(10_000, Duration::from_secs(60), |_| {});
        assert_eq!(layers[0].positions, 1);
        assert_eq!(layers[1].positions, 6);
        // Layer 2: Black enters on one of the five empty ring cells (30
        // positions, White to move, Black's piece just touched), then
        // moves follow within the layer; all of them are still games.
        assert!(layers[2].positions > 30);
        assert!(layers.iter().all(|l| l.over <= l.positions));
        assert!(!layers.last().unwrap().complete);
    }

    /// The measurement of docs/ai.md (run by hand: minutes, gigabytes).
    #[test]
    #[ignore]
    fn count_the_reachable_positions() {
        let cap = std::env::var("TAKAT_CAP")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(120_000_000);
        let minutes = std::env::var("TAKAT_MINUTES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(30);
        let mut total = 0;
        count_layers(cap, Duration::from_secs(60 * minutes), |layer| {
            total += layer.positions;
            println!(
                "{} pieces: {} positions ({} over){} in {:.1?}; total {total}",
                layer.pieces,
                layer.positions,
                layer.over,
                if layer.complete {
                    ""
                } else {
                    " so far, stopped"
                },
                layer.time
            );
        });
    }
}
