//! A tournament's page: its standings as the crosstable `/tournament
//! standings` draws (the same data, as an HTML table), and every round
//! with its boards, each result linking to its game's page.

use super::site::{Found, Refusal};
use super::templates::{Cell, PairingLine, RoundView, Table, TableRow, TournamentPage, PAGE_ROOT};
use crate::bot::ground::web_links::page_path;
use crate::bot::tournament::here::Loaded;
use crate::bot::tournament::record::Outcome;
use crate::bot::tournament::rounds::outcome_of;
use crate::bot::tournament::standings::{points_text, standings};
use crate::bot::tournament::table::crosstable;
use crate::render::crosstable::Tone;
use crate::store::tournaments::TournamentStatus;
use crate::store::web_pages::Page;

/// The page of the tournament `found` names.
pub fn page(found: &Found) -> Result<TournamentPage, Refusal> {
    let Page::Tournament(id) = found.page else {
        return Err(Refusal::NotFound);
    };
    let store = found.bot.store();
    let row = store
        .tournament(id)?
        .filter(|row| row.guild == found.guild)
        .ok_or(Refusal::NotFound)?;
    let t = Loaded::read(store, row)?;
    let names = t.names(store)?;
    let name = |seed: usize| names.get(seed).cloned().unwrap_or_default();
    let title = format!("Tournament #{}: {}", id, t.row.settings.kind().title());
    let lines = standings(&t.record, t.format);
    let table = if t.row.status == TournamentStatus::SignUp {
        Table {
            columns: Vec::new(),
            totals: Vec::new(),
            rows: Vec::new(),
        }
    } else {
        let drawn = crosstable(t.format, &t.record, &lines, &names, title.clone());
        Table {
            columns: drawn.columns,
            totals: drawn.totals,
            rows: drawn
                .rows
                .into_iter()
                .map(|r| TableRow {
                    rank: r.rank,
                    name: r.name,
                    cells: r
                        .cells
                        .into_iter()
                        .map(|c| Cell {
                            text: c.text,
                            tone: tone_class(c.tone),
                        })
                        .collect(),
                    totals: r.totals,
                })
                .collect(),
        }
    };
    let mut rounds = Vec::new();
    for round in &t.rounds {
        let mut pairings = Vec::new();
        for p in t.pairings.iter().filter(|p| p.round == round.number) {
            let result = match outcome_of(p) {
                Outcome::Pending => "in progress",
                Outcome::WhiteWins => "1-0",
                Outcome::BlackWins => "0-1",
                Outcome::Draw => "½-½",
                Outcome::BothLose => "0-0 (a loss for both)",
            };
            let href = match p.game_id {
                Some(game) => {
                    let token = store.web_token(&found.guild, Page::Game(game), found.bot.now())?;
                    Some(format!("..{}", page_path(Page::Game(game), &token)))
                }
                None => None,
            };
            pairings.push(PairingLine {
                board: p.board,
                white: name(p.white),
                black: name(p.black),
                result: match href {
                    Some(_) => format!("{result}: game #{}", p.game_id.unwrap_or_default()),
                    None => result.to_string(),
                },
                href,
            });
        }
        rounds.push(RoundView {
            number: round.number,
            state: match round.finished_at {
                Some(at) => format!("Over {}.", at.format("%Y-%m-%d %H:%M UTC")),
                None => format!("Deadline {}.", round.deadline.format("%Y-%m-%d %H:%M UTC")),
            },
            pairings,
            bye: round.bye.map(|seed| {
                let points = t.record.bye_points;
                format!("{} ({} points)", name(seed), points_text(points))
            }),
        });
    }
    let state = match t.row.status {
        TournamentStatus::SignUp => "Signing up.".to_string(),
        TournamentStatus::Cancelled => "Cancelled.".to_string(),
        TournamentStatus::Running => {
            format!("Round {} of {} running.", t.rounds.len(), t.total_rounds())
        }
        TournamentStatus::Finished => format!("Finished after {} rounds.", t.rounds_played()),
    };
    let server = store.web_token(&found.guild, Page::Server, found.bot.now())?;
    Ok(TournamentPage {
        root: PAGE_ROOT,
        title,
        description: format!(
            "{}, {}, {}",
            t.row.settings.describe(),
            t.format_words(),
            if t.row.rated { "rated" } else { "unrated" }
        ),
        state,
        signed_up: if t.row.status == TournamentStatus::SignUp {
            (0..t.entrants.len()).map(name).collect()
        } else {
            Vec::new()
        },
        table,
        rounds,
        server: format!("..{}", page_path(Page::Server, &server)),
    })
}

/// The class of a crosstable cell, for the style sheet.
fn tone_class(tone: Tone) -> &'static str {
    match tone {
        Tone::Win => "win",
        Tone::Draw => "draw",
        Tone::Loss => "loss",
        Tone::Plain => "plain",
        Tone::Own => "own",
    }
}
