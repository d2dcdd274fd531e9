//! A game's page, whichever game it is (through [`GameState`] only): the
//! players, settings and result, the picture of any ply with the steps
//! around it, the move list in the game's notation with each action a link
//! to its ply and what it did in words (a Takkure step's rolls), the
//! analysis if `/analyze` made one, and the game's file. Also the files
//! the page links to: each ply's picture, the game file, the analysis
//! graph.
//!
//! A blind game being played has a page without its board: the players,
//! the settings and the moves (which the chat announces too), and no
//! picture, export or analysis; its pictures answer 404 (issue 15: no
//! board is shown until the game is over).

use std::sync::Arc;

use super::pictures::{file_name, parse_file_name, stamps, Drawing, PictureKey};
use super::site::{Found, Refusal, Site};
use super::templates::{AnalysisView, Board, GamePage, Link, MoveItem, PlayerLine, PAGE_ROOT};
use crate::bot::ground::blind::hides_board;
use crate::bot::ground::web_links::page_path;
use crate::bot::views::kept_analysis::kept_graph;
use crate::games::{ExportMeta, GameState, Seat};
use crate::render::Theme;
use crate::store::web_pages::Page;
use crate::store::{GameRow, GameStatus, Store};

/// A game as its page and pictures read it.
struct Game {
    row: GameRow,
    /// White's first.
    names: [String; 2],
    theme: Theme,
    actions: Vec<String>,
    stamps: Vec<u64>,
}

impl Game {
    /// The game `found` names.
    fn read(found: &Found) -> Result<Game, Refusal> {
        let Page::Game(id) = found.page else {
            return Err(Refusal::NotFound);
        };
        let store = found.bot.store();
        let row = store
            .game(id)?
            .filter(|row| row.guild == found.guild)
            .ok_or(Refusal::NotFound)?;
        let names = row.players.map(|id| user_name(store, id));
        let theme = store
            .game_theme(id)?
            .and_then(|name| Theme::from_name(&name))
            .unwrap_or_default();
        let actions: Vec<String> = store.moves(id)?.into_iter().map(|m| m.notation).collect();
        let stamps = stamps(theme, &names, &actions);
        Ok(Game {
            row,
            names,
            theme,
            actions,
            stamps,
        })
    }

    /// Whether the board may not be shown yet (a blind game being played).
    fn hidden(&self) -> bool {
        hides_board(&self.row)
    }

    /// The address of ply `ply`'s picture, from the game's page.
    fn picture(&self, token: &str, ply: usize) -> String {
        format!("{token}/{}", file_name(ply, self.stamps[ply]))
    }

    /// "alice (white)".
    fn label(&self, seat: Seat) -> String {
        format!(
            "{} ({})",
            self.names[seat.index()],
            self.row.settings.seat_name(seat)
        )
    }
}

/// A user's name as the bot draws it on pictures and tables.
pub fn user_name(store: &Store, id: crate::store::UserId) -> String {
    store
        .user_name(id)
        .ok()
        .flatten()
        .unwrap_or_else(|| format!("player {id}"))
}

/// The page of the game `found` names, at ply `asked` (default: the last).
pub fn page(found: &Found, asked: Option<usize>) -> Result<GamePage, Refusal> {
    let game = Game::read(found)?;
    let row = &game.row;
    let mut state = GameState::new(&row.settings)
        .map_err(|e| Refusal::Broken(format!("game {}: {e}", row.id)))?;
    let marks = marks(found, &game)?;
    let mut moves = Vec::with_capacity(game.actions.len());
    let mut last_label = String::new();
    for (i, action) in game.actions.iter().enumerate() {
        let mover = state.awaiting().unwrap_or(Seat::Player1);
        let number = state.move_number();
        let played = state
            .play(action)
            .map_err(|e| Refusal::Broken(format!("game {} does not replay: {e}", row.id)))?;
        let label = match mover {
            Seat::Player1 => format!("{number}."),
            Seat::Player2 => format!("{number}..."),
        };
        let new_number = mover == Seat::Player1 || !last_label.starts_with(&format!("{number}."));
        last_label.clone_from(&label);
        moves.push(MoveItem {
            ply: i + 1,
            label,
            new_number,
            notation: played.notation,
            mark: marks.get(i).cloned().unwrap_or_default(),
            note: played.note.unwrap_or_default(),
            picture: if game.hidden() {
                String::new()
            } else {
                game.picture(&found.token, i + 1)
            },
        });
    }
    let last = game.actions.len();
    let current = asked.unwrap_or(last).min(last);
    let board = (!game.hidden()).then(|| Board {
        ply: current,
        last,
        prev: current.saturating_sub(1),
        next: (current + 1).min(last),
        picture: game.picture(&found.token, current),
        alt: match current {
            0 => "The board at the start".to_string(),
            n => format!("The board after ply {n}, {}", game.actions[n - 1]),
        },
        note: current
            .checked_sub(1)
            .and_then(|i| moves.get(i))
            .map(|m| m.note.clone())
            .unwrap_or_default(),
    });
    let server = found
        .bot
        .store()
        .web_token(&found.guild, Page::Server, found.bot.now())?;
    Ok(GamePage {
        root: PAGE_ROOT,
        title: format!("Game #{}: {}", row.id, row.settings.kind().title()),
        players: Seat::ALL
            .into_iter()
            .map(|seat| PlayerLine {
                name: game.names[seat.index()].clone(),
                seat: row.settings.seat_name(seat).to_string(),
            })
            .collect(),
        description: row.settings.describe(),
        rated: row.rated,
        started: row.created_at.format("%Y-%m-%d %H:%M UTC").to_string(),
        status: status(&game, &state),
        hidden: if game.hidden() {
            "This game is played blind: its board is shown once it is over.".to_string()
        } else {
            String::new()
        },
        current,
        start_picture: if game.hidden() {
            String::new()
        } else {
            game.picture(&found.token, 0)
        },
        board,
        analysis: analysis(found, &game)?,
        exports: exports(found, &game, &state),
        moves,
        server: format!("..{}", page_path(Page::Server, &server)),
    })
}

/// Where the game stands, in words.
fn status(game: &Game, state: &GameState) -> String {
    let row = &game.row;
    let reason = row
        .end_reason
        .as_deref()
        .map(|r| format!(": {r}"))
        .unwrap_or_default();
    let result = row.result.as_deref().unwrap_or("*");
    match row.status {
        GameStatus::Active => match state.awaiting() {
            Some(seat) => format!(
                "In progress: {} to move. {}. Reload the page for the latest move.",
                game.label(seat),
                state.step_line()
            ),
            None => "In progress.".to_string(),
        },
        GameStatus::Finished => match row.winner {
            Some(seat) => format!("{} wins, {result}{reason}.", game.label(seat)),
            None => format!("Drawn, {result}{reason}."),
        },
        GameStatus::Aborted => format!("Aborted, no result{reason}."),
    }
}

/// The marks of a kept analysis, one per ply (empty where none), read
/// from its marked action list (`1. a1 e5?? 2. c3!`).
fn marks(found: &Found, game: &Game) -> Result<Vec<String>, Refusal> {
    if game.hidden() {
        return Ok(Vec::new());
    }
    let Some(graph) = kept_graph(found.bot.store(), &game.row)? else {
        return Ok(Vec::new());
    };
    Ok(graph
        .marked
        .split_whitespace()
        .filter(|word| !(word.ends_with('.') && word.starts_with(|c: char| c.is_ascii_digit())))
        .map(|word| {
            let action = word.trim_end_matches(['!', '?']);
            word[action.len()..].to_string()
        })
        .collect())
}

fn analysis(found: &Found, game: &Game) -> Result<Option<AnalysisView>, Refusal> {
    if game.hidden() {
        return Ok(None);
    }
    Ok(
        kept_graph(found.bot.store(), &game.row)?.map(|graph| AnalysisView {
            picture: format!("{}/analysis.png", found.token),
            alt: graph.alt,
            marked: graph.marked,
        }),
    )
}

/// The game file (and a viewer's link, for Tak: ptn.ninja).
fn exports(found: &Found, game: &Game, state: &GameState) -> Vec<Link> {
    if game.hidden() {
        return Vec::new();
    }
    let export = state.export(&export_meta(game));
    let mut links = vec![Link {
        href: format!("{}/export", found.token),
        text: format!(
            "The game as a file ({})",
            game.row.settings.kind().export_format()
        ),
    }];
    if let Some(viewer) = export.viewer_link {
        links.push(Link {
            href: viewer,
            text: "Open it on ptn.ninja".to_string(),
        });
    }
    links
}

fn export_meta(game: &Game) -> ExportMeta {
    ExportMeta {
        players: game.names.clone(),
        date: game.row.created_at.format("%Y.%m.%d").to_string(),
        site: "taktable".to_string(),
        result: game.row.result.clone().unwrap_or_else(|| "*".to_string()),
    }
}

/// The game file of the game `found` names: its name and text.
pub fn export_file(found: &Found) -> Result<(String, String), Refusal> {
    let game = Game::read(found)?;
    if game.hidden() {
        return Err(Refusal::NotFound);
    }
    let state = GameState::replay(&game.row.settings, &game.actions)
        .map_err(|e| Refusal::Broken(format!("game {}: {e}", game.row.id)))?;
    let export = state.export(&export_meta(&game));
    Ok((
        format!("taktable-game-{}.{}", game.row.id, export.extension),
        export.text,
    ))
}

/// The analysis graph of the game `found` names.
pub fn analysis_png(found: &Found) -> Result<Vec<u8>, Refusal> {
    let game = Game::read(found)?;
    if game.hidden() {
        return Err(Refusal::NotFound);
    }
    kept_graph(found.bot.store(), &game.row)?
        .map(|graph| graph.png)
        .ok_or(Refusal::NotFound)
}

/// The picture `file` (`PLY-STAMP.png`) of the game `found` names: kept,
/// else drawn. 404 for a ply the game does not have, a stamp that is not
/// the game's (an action taken back since), or a blind game being played.
pub fn picture(site: &Site, found: &Found, file: &str) -> Result<Arc<Vec<u8>>, Refusal> {
    let (ply, stamp) = parse_file_name(file).ok_or(Refusal::NotFound)?;
    let game = Game::read(found)?;
    if game.hidden() || game.stamps.get(ply) != Some(&stamp) {
        return Err(Refusal::NotFound);
    }
    let key = PictureKey {
        game: game.row.id,
        ply,
        stamp,
    };
    if let Some(png) = site.pictures.kept(&key) {
        return Ok(png);
    }
    site.pictures
        .draw(&Drawing {
            key,
            settings: &game.row.settings,
            actions: &game.actions,
            stamps: &game.stamps,
            names: game.names.clone(),
            theme: game.theme,
        })
        .map_err(|e| Refusal::Broken(format!("game {} ply {ply}: {e}", game.row.id)))
}
