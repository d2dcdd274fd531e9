//! Tie-breaks (after FIDE's Handbook C.07, simplified): Buchholz and
//! Sonneborn-Berger for Swiss, Sonneborn-Berger and the head-to-head
//! score for round robin. Every value is exact: Buchholz in half points,
//! Sonneborn-Berger in quarter points (half points times half points).

use super::record::Record;

/// The sum of the points of every opponent `player` has met (byes add
/// nothing), in half points.
pub fn buchholz(record: &Record, player: usize) -> u32 {
    record
        .encounters(player)
        .map(|e| record.points(e.opponent))
        .sum()
}

/// The points of every opponent `player` beat, and half the points of
/// every opponent they drew with, in quarter points.
pub fn sonneborn_berger(record: &Record, player: usize) -> u32 {
    record
        .encounters(player)
        .filter_map(|e| Some(e.scored? * record.points(e.opponent)))
        .sum()
}

/// The half points `player` scored against the players of `group` (the
/// players tied with them).
pub fn head_to_head(record: &Record, player: usize, group: &[usize]) -> u32 {
    record
        .encounters(player)
        .filter(|e| group.contains(&e.opponent))
        .filter_map(|e| e.scored)
        .sum()
}
