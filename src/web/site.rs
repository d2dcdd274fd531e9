//! What every request reaches: the bots whose servers have pages (one per
//! shard this process runs), the pictures kept, the visitors' buckets, and
//! the few slots blocking work (the store, replays, drawing) runs in.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;

use super::limit::Limits;
use super::pictures::Pictures;
use crate::bot::Bot;
use crate::store::web_pages::Page;
use crate::store::StoreError;

/// How many requests do blocking work at once: a page's queries and
/// replay, or a picture's drawing. The others wait their turn.
pub const WORK_SLOTS: usize = 2;

/// How long a request waits for a slot before it is answered 503.
pub const WAIT_LIMIT: Duration = Duration::from_secs(10);

/// The web server's shared state.
pub struct Site {
    bots: Vec<Arc<Bot>>,
    pub pictures: Pictures,
    pub limits: Limits,
    work: Semaphore,
}

/// A page found by its token, in a server that shows its pages.
pub struct Found {
    pub bot: Arc<Bot>,
    pub guild: String,
    pub page: Page,
    pub token: String,
}

/// Why a request has no answer but an error page.
#[derive(Debug)]
pub enum Refusal {
    /// No such page (or its server does not show its pages): 404.
    NotFound,
    /// Too many requests of this address: 429.
    TooMany,
    /// Every slot stayed busy: 503.
    Busy,
    /// The store failed: 500 (logged).
    Broken(String),
}

impl From<StoreError> for Refusal {
    fn from(e: StoreError) -> Refusal {
        Refusal::Broken(e.to_string())
    }
}

impl Site {
    pub fn new(bots: Vec<Arc<Bot>>) -> Site {
        Site {
            bots,
            pictures: Pictures::default(),
            limits: Limits::default(),
            work: Semaphore::new(WORK_SLOTS),
        }
    }

    /// The page `token` names, if its server shows its pages (else, as for
    /// an unknown token, nothing: a server that has not opted in has no
    /// pages at all). Blocking: call it inside [`Site::work`].
    pub fn find(&self, token: &str) -> Result<Found, Refusal> {
        for bot in &self.bots {
            if let Some((guild, page)) = bot.store().web_page(token)? {
                if !bot.store().guild_settings(&guild)?.web {
                    return Err(Refusal::NotFound);
                }
                return Ok(Found {
                    bot: Arc::clone(bot),
                    guild,
                    page,
                    token: token.to_string(),
                });
            }
        }
        Err(Refusal::NotFound)
    }

    /// Runs `f` on a blocking thread once a slot is free (waiting at most
    /// [`WAIT_LIMIT`]).
    pub async fn work<T: Send + 'static>(
        self: &Arc<Self>,
        f: impl FnOnce(&Site) -> Result<T, Refusal> + Send + 'static,
    ) -> Result<T, Refusal> {
        let permit = tokio::time::timeout(WAIT_LIMIT, self.work.acquire())
            .await
            .map_err(|_| Refusal::Busy)?
            .map_err(|_| Refusal::Busy)?;
        let site = Arc::clone(self);
        let outcome = tokio::task::spawn_blocking(move || f(&site))
            .await
            .map_err(|e| Refusal::Broken(format!("a page's work failed: {e}")))?;
        drop(permit);
        outcome
    }
}
