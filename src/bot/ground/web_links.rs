//! Links to the web pages (issue 45) in the bot's messages: a finished
//! game's result, `/export`, `/tournament standings`, `/settings web:true`.
//! A link is given only when the adapter serves the pages (it set the
//! public address, [`super::core::Core::set_web_base`]) and the server
//! opted in (`/settings web:true`); otherwise messages are what they were.
//! A game is never linked while it is played blind.

use chrono::{DateTime, Utc};

use super::core::Core;
use crate::store::web_pages::Page;
use crate::store::GameRow;

/// The path of a page under the web server's root: `/g/TOKEN` for a game,
/// `/t/TOKEN` for a tournament, `/s/TOKEN` for a server.
pub fn page_path(page: Page, token: &str) -> String {
    let letter = match page {
        Page::Server => 's',
        Page::Game(_) => 'g',
        Page::Tournament(_) => 't',
    };
    format!("/{letter}/{token}")
}

/// The address of `guild`'s `page`, if pages are served and the server
/// shows them. A store error is logged and gives no link: a message never
/// fails for want of one.
pub fn link(core: &Core, guild: &str, page: Page, now: DateTime<Utc>) -> Option<String> {
    let base = core.web_base()?;
    let found = core.store().guild_settings(guild).and_then(|settings| {
        settings
            .web
            .then(|| core.store().web_token(guild, page, now))
            .transpose()
    });
    match found {
        Ok(token) => token.map(|token| format!("{base}{}", page_path(page, &token))),
        Err(e) => {
            tracing::error!(guild, ?page, "no web link: {e}");
            None
        }
    }
}

/// The address of `game`'s page, unless it is played blind and not over.
pub fn game_link(core: &Core, game: &GameRow, now: DateTime<Utc>) -> Option<String> {
    if super::blind::hides_board(game) {
        return None;
    }
    link(core, &game.guild, Page::Game(game.id), now)
}
