//! A server's page: its leaderboard of each game (as `/leaderboard`
//! orders it), its games in progress and recent finished games, and its
//! tournaments, each linking to its own page.

use super::game_page::user_name;
use super::site::{Found, Refusal};
use super::templates::{Leaderboard, Listed, RatedPlayer, ServerPage, PAGE_ROOT};
use crate::bot::ground::web_links::page_path;
use crate::bot::standings::ranking::{ranked, rounded};
use crate::bot::tournament::here::format_words;
use crate::bot::tournament::standings::Format;
use crate::store::tournaments::TournamentStatus;
use crate::store::web_pages::Page;
use crate::store::{GameRow, GameStatus};

/// How many players a leaderboard shows.
pub const LEADERBOARD_LENGTH: usize = 50;
/// How many games each list shows.
pub const GAMES_LISTED: usize = 30;
/// How many tournaments are listed.
pub const TOURNAMENTS_LISTED: usize = 20;

/// The page of the server `found` names.
pub fn page(found: &Found) -> Result<ServerPage, Refusal> {
    if found.page != Page::Server {
        return Err(Refusal::NotFound);
    }
    let store = found.bot.store();
    let guild = &found.guild;
    let mut leaderboards = Vec::new();
    for kind in store.rated_kinds(guild, None)? {
        let players = ranked(store.standings(guild, kind)?)
            .into_iter()
            .take(LEADERBOARD_LENGTH)
            .enumerate()
            .map(|(i, p)| RatedPlayer {
                rank: i + 1,
                name: user_name(store, p.user),
                rating: rounded(p.rating.rating),
                deviation: rounded(p.rating.deviation),
                provisional: p.rating.is_provisional(),
                games: p.games,
                wins: p.wins,
                losses: p.losses,
                draws: p.draws,
            })
            .collect();
        leaderboards.push(Leaderboard {
            title: kind.title(),
            players,
        });
    }
    let live = store
        .active_games_in(guild, 0, GAMES_LISTED)?
        .iter()
        .map(|game| listed_game(found, game))
        .collect::<Result<_, Refusal>>()?;
    let finished = store
        .recent_finished_games(guild, GAMES_LISTED)?
        .iter()
        .map(|finished| listed_game(found, &finished.game))
        .collect::<Result<_, Refusal>>()?;
    let mut tournaments = Vec::new();
    for t in store.tournaments_in(guild, TOURNAMENTS_LISTED)? {
        let token = store.web_token(guild, Page::Tournament(t.id), found.bot.now())?;
        let format =
            Format::parse(&t.format).map_or(t.format.clone(), |f| format_words(f, t.rounds));
        tournaments.push(Listed {
            href: format!("..{}", page_path(Page::Tournament(t.id), &token)),
            title: format!("Tournament #{}: {}", t.id, t.settings.kind().title()),
            players: String::new(),
            state: format!(
                "{format}, {}",
                match t.status {
                    TournamentStatus::SignUp => "signing up",
                    TournamentStatus::Running => "running",
                    TournamentStatus::Finished => "finished",
                    TournamentStatus::Cancelled => "cancelled",
                }
            ),
        });
    }
    Ok(ServerPage {
        root: PAGE_ROOT,
        leaderboards,
        live,
        finished,
        tournaments,
    })
}

/// A game as a list shows it, with the link to its page.
fn listed_game(found: &Found, game: &GameRow) -> Result<Listed, Refusal> {
    let store = found.bot.store();
    let token = store.web_token(&found.guild, Page::Game(game.id), found.bot.now())?;
    let names = game.players.map(|id| user_name(store, id));
    let state = match (game.status, &game.result) {
        (GameStatus::Active, _) => format!("Started {}", game.created_at.format("%Y-%m-%d")),
        (GameStatus::Aborted, _) => "Aborted".to_string(),
        (GameStatus::Finished, Some(result)) => format!("Result {result}"),
        (GameStatus::Finished, None) => "Over".to_string(),
    };
    Ok(Listed {
        href: format!("..{}", page_path(Page::Game(game.id), &token)),
        title: format!("Game #{}, {}", game.id, game.settings.kind().title()),
        players: format!("{} vs {}", names[0], names[1]),
        state,
    })
}
