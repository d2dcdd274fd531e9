//! The web pages (issue 45): a page for every game of the four kinds, live
//! or finished, stepped through ply by ply; a page for a server's
//! leaderboards, games and tournaments; a page for each tournament. Served
//! by the bot's own process (axum on tokio) when `WEB_ADDR` and
//! `WEB_BASE_URL` are set, read-only, for the servers whose admins turned
//! them on (`/settings web:true`); found only through the unguessable links
//! the bot gives. See `docs/web.md`.
//!
//! - [`config`]: the two variables.
//! - [`routes`]: the addresses, the headers every answer carries, errors.
//! - [`site`]: the shared state: the bots (one per shard) a token is looked
//!   up in, the slots blocking work runs in.
//! - [`game_page`], [`server_page`], [`tournament_page`]: what each page
//!   shows, read through the bot's store and the games' enum.
//! - [`templates`]: the pages' HTML (askama, checked at compile time).
//! - [`pictures`]: the ply pictures, drawn by the bot's renderer and kept.
//! - [`limit`]: the requests each visitor's address may make.

pub mod config;
pub mod game_page;
pub mod limit;
pub mod pictures;
pub mod routes;
pub mod server_page;
pub mod site;
pub mod templates;
pub mod tournament_page;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

pub use config::{WebConfig, WebConfigError};
pub use site::Site;

use crate::bot::Bot;

/// How often the buckets of quiet visitors are forgotten.
const FORGET_QUIET: Duration = Duration::from_secs(60);

/// Listens on `config.addr` (failing at once if it can't) and has each
/// bot's messages link to `config.base_url`; the returned future serves
/// the pages of `bots`' servers until `shutdown` completes.
pub async fn start(
    config: &WebConfig,
    bots: Vec<Arc<Bot>>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<impl Future<Output = std::io::Result<()>>> {
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    for bot in &bots {
        bot.set_web_base(&config.base_url);
    }
    tracing::info!(
        "serving web pages on {} as {}",
        config.addr,
        config.base_url
    );
    Ok(serve(listener, Arc::new(Site::new(bots)), shutdown))
}

/// Serves `site` on `listener` until `shutdown` completes.
pub async fn serve(
    listener: tokio::net::TcpListener,
    site: Arc<Site>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let forgetting = {
        let site = Arc::clone(&site);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(FORGET_QUIET);
            loop {
                every.tick().await;
                site.limits.forget_quiet();
            }
        })
    };
    let app = routes::router(site).into_make_service_with_connect_info::<SocketAddr>();
    let served = axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await;
    forgetting.abort();
    served
}

#[cfg(test)]
mod browser;
#[cfg(test)]
mod cost;
#[cfg(test)]
mod tests;
