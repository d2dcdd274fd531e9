//! The order of a tournament's players: points, then the format's
//! tie-breaks (see [`super::tiebreak`]); players equal on all of them
//! share a rank and are listed by seed.

use super::record::Record;
use super::tiebreak::{buchholz, head_to_head, sonneborn_berger};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    Swiss,
    RoundRobin,
}

/// A tie-break's name and value, as a standings table shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TieBreak {
    /// In half points.
    Buchholz(u32),
    /// In quarter points.
    SonnebornBerger(u32),
    /// In half points.
    HeadToHead(u32),
}

impl TieBreak {
    pub fn short_name(self) -> &'static str {
        match self {
            TieBreak::Buchholz(_) => "Buch",
            TieBreak::SonnebornBerger(_) => "SB",
            TieBreak::HeadToHead(_) => "H2H",
        }
    }

    /// The value in points (as text: `4.5`, `6.25`).
    pub fn shown(self) -> String {
        match self {
            TieBreak::Buchholz(half) | TieBreak::HeadToHead(half) => points_text(half),
            TieBreak::SonnebornBerger(quarter) => {
                let whole = quarter / 4;
                match quarter % 4 {
                    0 => whole.to_string(),
                    1 => format!("{whole}.25"),
                    2 => format!("{whole}.5"),
                    _ => format!("{whole}.75"),
                }
            }
        }
    }

    fn value(self) -> u32 {
        match self {
            TieBreak::Buchholz(v) | TieBreak::SonnebornBerger(v) | TieBreak::HeadToHead(v) => v,
        }
    }
}

/// Half points as text: `3`, `2.5`, `½`-free so it reads the same everywhere.
pub fn points_text(half: u32) -> String {
    if half % 2 == 0 {
        (half / 2).to_string()
    } else {
        format!("{}.5", half / 2)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// 1 for the first; players tied on everything share a rank.
    pub rank: usize,
    pub player: usize,
    /// In half points.
    pub points: u32,
    pub tiebreaks: Vec<TieBreak>,
}

/// The standings of `record`'s players, first first.
pub fn standings(record: &Record, format: Format) -> Vec<Line> {
    let mut lines: Vec<Line> = (0..record.players)
        .map(|player| Line {
            rank: 0,
            player,
            points: record.points(player),
            tiebreaks: match format {
                Format::Swiss => vec![
                    TieBreak::Buchholz(buchholz(record, player)),
                    TieBreak::SonnebornBerger(sonneborn_berger(record, player)),
                ],
                Format::RoundRobin => {
                    vec![TieBreak::SonnebornBerger(sonneborn_berger(record, player))]
                }
            },
        })
        .collect();
    if format == Format::RoundRobin {
        // Head to head among the players equal on points and
        // Sonneborn-Berger.
        let keys: Vec<(u32, u32)> = lines
            .iter()
            .map(|l| (l.points, l.tiebreaks[0].value()))
            .collect();
        for line in &mut lines {
            let key = keys[line.player];
            let group: Vec<usize> = (0..record.players)
                .filter(|&p| p != line.player && keys[p] == key)
                .collect();
            line.tiebreaks.push(TieBreak::HeadToHead(head_to_head(
                record,
                line.player,
                &group,
            )));
        }
    }
    let key = |l: &Line| -> Vec<u32> {
        std::iter::once(l.points)
            .chain(l.tiebreaks.iter().map(|t| t.value()))
            .collect()
    };
    lines.sort_by(|a, b| key(b).cmp(&key(a)).then(a.player.cmp(&b.player)));
    for i in 0..lines.len() {
        lines[i].rank = if i > 0 && key(&lines[i]) == key(&lines[i - 1]) {
            lines[i - 1].rank
        } else {
            i + 1
        };
    }
    lines
}
