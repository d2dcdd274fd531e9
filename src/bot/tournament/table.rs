//! The standings as shown: as text (one line a player: rank, name, points,
//! tie-breaks) and as the crosstable picture's data
//! ([`crate::render::crosstable`]): in a round robin a column per player
//! (the result against them), in a Swiss a column per round (the
//! opponent's place, the colour and the result).

use super::record::{Colour, Outcome, Record, DRAW, WIN};
use super::standings::{points_text, Format, Line};
use crate::render::crosstable::{Cell, Crosstable, Row, Tone};

/// A rank as shown: `=2` when shared.
fn rank_text(lines: &[Line], line: &Line) -> String {
    let shared = lines.iter().filter(|l| l.rank == line.rank).count() > 1;
    if shared {
        format!("={}", line.rank)
    } else {
        line.rank.to_string()
    }
}

/// The standings as text, one line a player, each named by `labels` (by
/// seed; already fit for the chat: mentions or escaped names).
pub fn standings_text(lines: &[Line], labels: &[String]) -> String {
    lines
        .iter()
        .map(|line| {
            let breaks: Vec<String> = line
                .tiebreaks
                .iter()
                .map(|t| format!("{} {}", t.short_name(), t.shown()))
                .collect();
            format!(
                "{}. {} {} ({})",
                rank_text(lines, line),
                labels.get(line.player).map_or("?", String::as_str),
                points_text(line.points),
                breaks.join(", ")
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn result_cell(scored: Option<u32>, prefix: String) -> Cell {
    let (mark, tone) = match scored {
        None => ("", Tone::Plain),
        Some(WIN) => ("1", Tone::Win),
        Some(DRAW) => ("½", Tone::Draw),
        Some(_) => ("0", Tone::Loss),
    };
    Cell {
        text: format!("{prefix}{mark}"),
        tone,
    }
}

/// The crosstable's data: `title`, the players (named by seed in `names`)
/// in the order of `lines`.
pub fn crosstable(
    format: Format,
    record: &Record,
    lines: &[Line],
    names: &[String],
    title: String,
) -> Crosstable {
    // Each player's place in the table, from 1.
    let mut place = vec![0; record.players];
    for (i, line) in lines.iter().enumerate() {
        place[line.player] = i + 1;
    }
    let columns: Vec<String> = match format {
        Format::RoundRobin => (1..=lines.len()).map(|i| i.to_string()).collect(),
        Format::Swiss => (1..=record.rounds.len()).map(|r| format!("R{r}")).collect(),
    };
    let rows = lines
        .iter()
        .map(|line| {
            let player = line.player;
            let cells = match format {
                Format::RoundRobin => lines
                    .iter()
                    .map(|other| {
                        if other.player == player {
                            return Cell {
                                text: String::new(),
                                tone: Tone::Own,
                            };
                        }
                        let scored = record
                            .encounters(player)
                            .find(|e| e.opponent == other.player)
                            .and_then(|e| e.scored);
                        result_cell(scored, String::new())
                    })
                    .collect(),
                Format::Swiss => record
                    .rounds
                    .iter()
                    .map(|round| {
                        if round.bye == Some(player) {
                            return Cell {
                                text: "bye".into(),
                                tone: Tone::Win,
                            };
                        }
                        let Some(pairing) = round.pairing_of(player) else {
                            return Cell {
                                text: String::new(),
                                tone: Tone::Plain,
                            };
                        };
                        let colour = pairing.colour_of(player).unwrap_or(Colour::White);
                        let opponent = pairing.opponent_of(player).unwrap_or(player);
                        let letter = match colour {
                            Colour::White => "w",
                            Colour::Black => "b",
                        };
                        let scored = match pairing.outcome {
                            Outcome::Pending => None,
                            outcome => outcome.points(colour),
                        };
                        result_cell(scored, format!("{}{letter}", place[opponent]))
                    })
                    .collect(),
            };
            Row {
                rank: rank_text(lines, line),
                name: names.get(player).cloned().unwrap_or_default(),
                cells,
                totals: std::iter::once(points_text(line.points))
                    .chain(line.tiebreaks.iter().map(|t| t.shown()))
                    .collect(),
            }
        })
        .collect();
    Crosstable {
        title,
        columns,
        totals: std::iter::once("Pts".to_string())
            .chain(
                lines
                    .first()
                    .into_iter()
                    .flat_map(|l| l.tiebreaks.iter().map(|t| t.short_name().to_string())),
            )
            .collect(),
        rows,
    }
}

#[cfg(test)]
mod tests {
    use super::super::record::{Pairing, Round};
    use super::super::standings::standings;
    use super::*;

    fn names(n: usize) -> Vec<String> {
        ["alice", "bob", "carol", "dave", "erin"][..n]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    #[test]
    fn a_swiss_crosstable_shows_each_rounds_opponent_colour_and_result() {
        let record = Record {
            players: 3,
            bye_points: WIN,
            rounds: vec![Round {
                pairings: vec![Pairing {
                    white: 0,
                    black: 1,
                    outcome: Outcome::BlackWins,
                }],
                bye: Some(2),
            }],
        };
        let lines = standings(&record, Format::Swiss);
        let table = crosstable(Format::Swiss, &record, &lines, &names(3), "t".into());
        assert_eq!(table.columns, ["R1"]);
        assert_eq!(table.totals, ["Pts", "Buch", "SB"]);
        let cells: Vec<(&str, &str, Tone)> = table
            .rows
            .iter()
            .map(|r| (r.name.as_str(), r.cells[0].text.as_str(), r.cells[0].tone))
            .collect();
        // bob and carol share first (1 point; Buchholz 0 for both, the bye
        // adding nothing; bob's Sonneborn-Berger is 0 too).
        assert_eq!(
            cells,
            [
                ("bob", "3b1", Tone::Win),
                ("carol", "bye", Tone::Win),
                ("alice", "1w0", Tone::Loss)
            ]
        );
        let text = standings_text(&lines, &names(3));
        assert_eq!(
            text,
            "=1. bob 1 (Buch 0, SB 0)\n=1. carol 1 (Buch 0, SB 0)\n3. alice 0 (Buch 1, SB 0)"
        );
    }

    #[test]
    fn a_round_robin_crosstable_has_a_column_per_player() {
        let mut record = Record::new(3);
        record.bye_points = 0;
        for mut round in super::super::round_robin::schedule(3) {
            for p in &mut round.pairings {
                p.outcome = Outcome::Draw;
            }
            record.rounds.push(round);
        }
        let lines = standings(&record, Format::RoundRobin);
        let table = crosstable(Format::RoundRobin, &record, &lines, &names(3), "t".into());
        assert_eq!(table.columns, ["1", "2", "3"]);
        assert_eq!(table.rows[0].cells[0].tone, Tone::Own);
        assert_eq!(table.rows[0].cells[1].text, "½");
        // Each drew both games; the round robin's bye scores nothing.
        assert_eq!(table.rows[2].totals[0], "1");
    }

    /// Writes docs/crosstable.png and docs/crosstable-chat.png: a 7-player
    /// Swiss of 3 rounds with random results, at full size and fitted into
    /// 550 x 350 as Discord shows it in chat (run by hand:
    /// `cargo test --release --lib write_the_crosstables_of_docs -- --ignored`).
    #[test]
    #[ignore]
    fn write_the_crosstables_of_docs() {
        use crate::render::crosstable::compose;
        use crate::render::png::{encode, Filter};
        use crate::render::Theme;
        let names: Vec<String> = ["alice", "bob", "carol", "dave", "erin", "frank", "grace"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let ratings = [1720, 1650, 1610, 1580, 1540, 1500, 1460];
        let results = [
            Outcome::WhiteWins,
            Outcome::Draw,
            Outcome::BlackWins,
            Outcome::WhiteWins,
            Outcome::BlackWins,
            Outcome::WhiteWins,
            Outcome::Draw,
            Outcome::WhiteWins,
            Outcome::BlackWins,
        ];
        let mut record = Record::new(7);
        let active: Vec<usize> = (0..7).collect();
        let mut next = results.iter();
        for _ in 0..3 {
            let mut round = super::super::swiss::pair(&record, &active, &ratings).unwrap();
            for p in &mut round.pairings {
                p.outcome = *next.next().unwrap();
            }
            record.rounds.push(round);
        }
        let lines = standings(&record, Format::Swiss);
        let table = crosstable(
            Format::Swiss,
            &record,
            &lines,
            &names,
            "Tak Swiss: standings after round 3 of 3".into(),
        );
        let img = compose(&table, Theme::default());
        let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs");
        std::fs::write(
            docs.join("crosstable.png"),
            encode(&img, Filter::Paeth).unwrap(),
        )
        .unwrap();
        let k = (550.0 / img.width() as f32)
            .min(350.0 / img.height() as f32)
            .min(1.0);
        let (w, h) = (
            (img.width() as f32 * k).round() as u32,
            (img.height() as f32 * k).round() as u32,
        );
        let small = image::imageops::resize(&img, w, h, image::imageops::FilterType::Triangle);
        std::fs::write(
            docs.join("crosstable-chat.png"),
            encode(&small, Filter::Paeth).unwrap(),
        )
        .unwrap();
        println!("{}", standings_text(&lines, &names));
    }
}
