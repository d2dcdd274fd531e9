//! The web pages' links (issue 45): each page a server has (its own page,
//! a game's, a tournament's) is found by a token of 128 random bits, made
//! the first time the bot links to the page and kept, never by a
//! sequential id. Whether a server shows its pages at all is its `web`
//! setting (`/settings web:true`), read with the other settings.

use chrono::{DateTime, Utc};
use rusqlite::{params, OptionalExtension};

use super::database::Store;
use super::error::{Result, StoreError};
use super::ratings::FinishedGame;
use super::sql::{time_text, Cached};
use super::tournaments::TournamentRow;

/// Which page of a server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Page {
    /// The server's own page: leaderboards, recent games, tournaments.
    Server,
    /// A game's page, by the game's id.
    Game(i64),
    /// A tournament's page, by the tournament's id.
    Tournament(i64),
}

impl Page {
    fn key(self) -> (&'static str, i64) {
        match self {
            Page::Server => ("server", 0),
            Page::Game(id) => ("game", id),
            Page::Tournament(id) => ("tournament", id),
        }
    }

    fn from_key(kind: &str, item: i64) -> Result<Page> {
        Ok(match kind {
            "server" => Page::Server,
            "game" => Page::Game(item),
            "tournament" => Page::Tournament(item),
            _ => return Err(StoreError::Corrupt(format!("web page kind `{kind}`"))),
        })
    }
}

/// How many random bytes a token holds: 128 bits.
pub const TOKEN_BYTES: usize = 16;

/// A new token: [`TOKEN_BYTES`] from the operating system's random source,
/// as lowercase hex digits.
fn new_token() -> Result<String> {
    let mut bytes = [0u8; TOKEN_BYTES];
    getrandom::fill(&mut bytes).map_err(|e| StoreError::NoRandom(e.to_string()))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether `text` is written as a token (32 lowercase hex digits): anything
/// else is not looked up.
pub fn is_token(text: &str) -> bool {
    text.len() == 2 * TOKEN_BYTES && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

impl Store {
    /// The token of `guild`'s `page`, made now if the bot never linked to it.
    pub fn web_token(&self, guild: &str, page: Page, now: DateTime<Utc>) -> Result<String> {
        let (kind, item) = page.key();
        let conn = self.conn();
        let find = |conn: &rusqlite::Connection| -> Result<Option<String>> {
            Ok(conn
                .query_row_cached(
                    "SELECT token FROM web_tokens WHERE guild = ?1 AND kind = ?2 AND item = ?3",
                    params![guild, kind, item],
                    |r| r.get(0),
                )
                .optional()?)
        };
        if let Some(token) = find(&conn)? {
            return Ok(token);
        }
        // Another process may make the same page's token meanwhile: the
        // unique index keeps the first, which is then read back.
        conn.execute_cached(
            "INSERT OR IGNORE INTO web_tokens (token, guild, kind, item, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5)",
            params![new_token()?, guild, kind, item, time_text(now)],
        )?;
        find(&conn)?.ok_or_else(|| StoreError::Corrupt("a web token just made is gone".into()))
    }

    /// The server and page a token names, if it names one.
    pub fn web_page(&self, token: &str) -> Result<Option<(String, Page)>> {
        if !is_token(token) {
            return Ok(None);
        }
        let row: Option<(String, String, i64)> = self
            .conn()
            .query_row_cached(
                "SELECT guild, kind, item FROM web_tokens WHERE token = ?1",
                [token],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .optional()?;
        row.map(|(guild, kind, item)| Ok((guild, Page::from_key(&kind, item)?)))
            .transpose()
    }

    /// A server's games that are over (finished or aborted), newest first,
    /// at most `limit`.
    pub fn recent_finished_games(&self, guild: &str, limit: usize) -> Result<Vec<FinishedGame>> {
        let ids: Vec<i64> = {
            let conn = self.conn();
            let mut stmt = conn.prepare_cached(
                "SELECT id FROM games WHERE guild = ?1 AND status != 'active'
                 ORDER BY finished_at DESC, id DESC LIMIT ?2",
            )?;
            let ids = stmt
                .query_map(params![guild, limit as i64], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?;
            ids
        };
        let mut games = Vec::with_capacity(ids.len());
        for id in ids {
            games.extend(self.finished_game(id)?);
        }
        Ok(games)
    }

    /// A server's tournaments, newest first, at most `limit`.
    pub fn tournaments_in(&self, guild: &str, limit: usize) -> Result<Vec<TournamentRow>> {
        let ids: Vec<i64> = {
            let conn = self.conn();
            let mut stmt = conn.prepare_cached(
                "SELECT id FROM tournaments WHERE guild = ?1 ORDER BY id DESC LIMIT ?2",
            )?;
            let ids = stmt
                .query_map(params![guild, limit as i64], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?;
            ids
        };
        let mut rows = Vec::with_capacity(ids.len());
        for id in ids {
            rows.extend(self.tournament(id)?);
        }
        Ok(rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_keeps_one_random_token() {
        let store = Store::open_in_memory().unwrap();
        let now = Utc::now();
        let game = store.web_token("g1", Page::Game(7), now).unwrap();
        assert!(is_token(&game), "{game}");
        // Asked again, the same page has the same token.
        assert_eq!(store.web_token("g1", Page::Game(7), now).unwrap(), game);
        let server = store.web_token("g1", Page::Server, now).unwrap();
        let other = store.web_token("g2", Page::Server, now).unwrap();
        let tournament = store.web_token("g1", Page::Tournament(7), now).unwrap();
        let all = [&game, &server, &other, &tournament];
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert_eq!(
            store.web_page(&game).unwrap(),
            Some(("g1".to_string(), Page::Game(7)))
        );
        assert_eq!(
            store.web_page(&tournament).unwrap(),
            Some(("g1".to_string(), Page::Tournament(7)))
        );
        assert_eq!(
            store.web_page(&other).unwrap(),
            Some(("g2".to_string(), Page::Server))
        );
        // Unknown, or not even written as a token: no page.
        assert_eq!(store.web_page(&"0".repeat(32)).unwrap(), None);
        assert_eq!(store.web_page("1").unwrap(), None);
        assert_eq!(store.web_page("' OR 1=1 --").unwrap(), None);
    }

    #[test]
    fn tokens_are_written_as_hex_of_128_bits() {
        assert!(is_token("0123456789abcdef0123456789abcdef"));
        assert!(!is_token("0123456789ABCDEF0123456789abcdef"));
        assert!(!is_token("0123456789abcdef0123456789abcde"));
        assert!(!is_token("0123456789abcdef0123456789abcdeg"));
        let a = new_token().unwrap();
        assert!(is_token(&a));
        assert_ne!(a, new_token().unwrap());
    }
}
