//! The pages' HTML: askama templates in `src/web/templates/` (see
//! `askama.toml`), checked when the crate is compiled. Every value is
//! HTML-escaped as it goes in, so a member's name is shown as written.
//! Links are relative (`../static/site.css`, `?ply=3`), so the pages work
//! under any path a reverse proxy gives them.

use askama::Template;

/// An error page.
#[derive(Template)]
#[template(path = "error.html")]
pub struct ErrorPage {
    pub root: &'static str,
    pub heading: &'static str,
    pub text: &'static str,
}

/// A player as a page names them.
pub struct PlayerLine {
    pub name: String,
    pub seat: String,
}

/// The picture of one ply and the steps around it.
pub struct Board {
    pub ply: usize,
    pub last: usize,
    pub prev: usize,
    pub next: usize,
    pub picture: String,
    pub alt: String,
    /// What the ply's action did, in words (a Takkure step's rolls).
    pub note: String,
}

/// One action of the move list.
pub struct MoveItem {
    /// The ply it leads to (from 1).
    pub ply: usize,
    /// `12.` or `12...`, shown before the action when the number changes.
    pub label: String,
    pub new_number: bool,
    pub notation: String,
    /// An analysis's mark (`??`, `!`), if any.
    pub mark: String,
    pub note: String,
    pub picture: String,
}

/// A kept analysis.
pub struct AnalysisView {
    pub picture: String,
    pub alt: String,
    pub marked: String,
}

/// A link with its words.
pub struct Link {
    pub href: String,
    pub text: String,
}

/// A game's page.
#[derive(Template)]
#[template(path = "game.html")]
pub struct GamePage {
    pub root: &'static str,
    pub title: String,
    pub players: Vec<PlayerLine>,
    pub description: String,
    pub rated: bool,
    pub started: String,
    pub status: String,
    /// `None` while a blind game is played: then `hidden` says why.
    pub board: Option<Board>,
    pub hidden: String,
    pub current: usize,
    pub start_picture: String,
    pub moves: Vec<MoveItem>,
    pub analysis: Option<AnalysisView>,
    pub exports: Vec<Link>,
    pub server: String,
}

/// One line of a leaderboard.
pub struct RatedPlayer {
    pub rank: usize,
    pub name: String,
    pub rating: i64,
    pub deviation: i64,
    pub provisional: bool,
    pub games: i64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
}

/// A game's leaderboard.
pub struct Leaderboard {
    pub title: &'static str,
    pub players: Vec<RatedPlayer>,
}

/// A game or a tournament in a list.
pub struct Listed {
    pub href: String,
    pub title: String,
    pub players: String,
    pub state: String,
}

/// A server's page.
#[derive(Template)]
#[template(path = "server.html")]
pub struct ServerPage {
    pub root: &'static str,
    pub leaderboards: Vec<Leaderboard>,
    pub live: Vec<Listed>,
    pub finished: Vec<Listed>,
    pub tournaments: Vec<Listed>,
}

/// A crosstable's cell: its text and its class (`win`, `loss`, ...).
pub struct Cell {
    pub text: String,
    pub tone: &'static str,
}

/// A crosstable's row.
pub struct TableRow {
    pub rank: String,
    pub name: String,
    pub cells: Vec<Cell>,
    pub totals: Vec<String>,
}

/// A tournament's crosstable.
pub struct Table {
    pub columns: Vec<String>,
    pub totals: Vec<String>,
    pub rows: Vec<TableRow>,
}

/// One board of a round.
pub struct PairingLine {
    pub board: u32,
    pub white: String,
    pub black: String,
    pub result: String,
    pub href: Option<String>,
}

/// A round of a tournament.
pub struct RoundView {
    pub number: u32,
    pub state: String,
    pub pairings: Vec<PairingLine>,
    pub bye: Option<String>,
}

/// A tournament's page.
#[derive(Template)]
#[template(path = "tournament.html")]
pub struct TournamentPage {
    pub root: &'static str,
    pub title: String,
    pub description: String,
    pub state: String,
    pub signed_up: Vec<String>,
    pub table: Table,
    pub rounds: Vec<RoundView>,
    pub server: String,
}

/// The path from a page (`/g/TOKEN`, one folder down) to the root.
pub const PAGE_ROOT: &str = "../";
