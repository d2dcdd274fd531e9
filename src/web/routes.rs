//! The addresses the web server answers, and what every answer carries.
//!
//! | path | what |
//! |---|---|
//! | `/s/TOKEN` | a server's page |
//! | `/g/TOKEN[?ply=N]` | a game's page, at ply N (default: the last) |
//! | `/g/TOKEN/N-STAMP.png` | the picture after N actions (cached for ever) |
//! | `/g/TOKEN/export` | the game file (PTN for Tak) |
//! | `/g/TOKEN/analysis.png` | the graph of `/analyze` |
//! | `/t/TOKEN` | a tournament's page |
//! | `/static/site.css`, `/static/step.js` | the style and the stepping script |
//!
//! Only GET (and HEAD) is answered: the pages are read-only. Every answer
//! has a content security policy that allows this server's own style,
//! script and pictures and nothing else, no referrer (a page's address is
//! its key), and no framing; each visitor's address has its bucket
//! ([`super::limit`]).

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Instant;

use askama::Template;
use axum::extract::{ConnectInfo, Path, Query, Request, State};
use axum::http::header::{self, HeaderName, HeaderValue};
use axum::http::StatusCode;
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde::Deserialize;

use super::limit::visitor;
use super::site::{Refusal, Site};
use super::templates::{ErrorPage, PAGE_ROOT};
use super::{game_page, server_page, tournament_page};

/// The content security policy of every answer.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; img-src 'self'; \
     style-src 'self'; script-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors 'none'";

/// How long a ply's picture may be kept: for ever (a year, immutable),
/// since its address names everything it draws.
pub const PICTURE_CACHE: &str = "public, max-age=31536000, immutable";

/// How long the style and the script may be kept.
const STATIC_CACHE: &str = "public, max-age=3600";

/// Pages change with every move: a browser asks again each time.
const PAGE_CACHE: &str = "no-cache";

/// The router of the web pages over `site`.
pub fn router(site: Arc<Site>) -> Router {
    Router::new()
        .route("/s/{token}", get(server))
        .route("/g/{token}", get(game))
        .route("/g/{token}/{file}", get(game_file))
        .route("/t/{token}", get(tournament))
        .route("/static/site.css", get(style))
        .route("/static/step.js", get(script))
        .fallback(|| async { refusal(Refusal::NotFound) })
        .layer(middleware::from_fn_with_state(Arc::clone(&site), guard))
        .with_state(site)
}

/// Every request: the visitor's bucket first, then the answer's headers.
async fn guard(State(site): State<Arc<Site>>, request: Request, next: Next) -> Response {
    let start = Instant::now();
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or_else(|| SocketAddr::from(([127, 0, 0, 1], 0)), |info| info.0);
    let path = request.uri().path().to_string();
    let mut response = if site.limits.admit(visitor(peer, request.headers())) {
        next.run(request).await
    } else {
        refusal(Refusal::TooMany)
    };
    let headers = response.headers_mut();
    let set = |headers: &mut axum::http::HeaderMap, name: HeaderName, value: &'static str| {
        headers.insert(name, HeaderValue::from_static(value));
    };
    set(
        headers,
        header::CONTENT_SECURITY_POLICY,
        CONTENT_SECURITY_POLICY,
    );
    set(headers, header::X_CONTENT_TYPE_OPTIONS, "nosniff");
    set(headers, header::REFERRER_POLICY, "no-referrer");
    set(headers, header::X_FRAME_OPTIONS, "DENY");
    if !headers.contains_key(header::CACHE_CONTROL) {
        set(headers, header::CACHE_CONTROL, "no-store");
    }
    tracing::debug!(
        path,
        status = response.status().as_u16(),
        micros = start.elapsed().as_micros() as u64,
        "web request"
    );
    response
}

#[derive(Deserialize)]
struct PlyQuery {
    ply: Option<usize>,
}

async fn server(State(site): State<Arc<Site>>, Path(token): Path<String>) -> Response {
    page(site, move |site| {
        let found = site.find(&token)?;
        render(server_page::page(&found)?)
    })
    .await
}

async fn game(
    State(site): State<Arc<Site>>,
    Path(token): Path<String>,
    Query(query): Query<PlyQuery>,
) -> Response {
    page(site, move |site| {
        let found = site.find(&token)?;
        render(game_page::page(&found, query.ply)?)
    })
    .await
}

async fn tournament(State(site): State<Arc<Site>>, Path(token): Path<String>) -> Response {
    page(site, move |site| {
        let found = site.find(&token)?;
        render(tournament_page::page(&found)?)
    })
    .await
}

/// A file of a game's page: a picture, the game file, the analysis graph.
async fn game_file(
    State(site): State<Arc<Site>>,
    Path((token, file)): Path<(String, String)>,
) -> Response {
    let answer = site
        .work(move |site| {
            let found = site.find(&token)?;
            Ok(match file.as_str() {
                "export" => {
                    let (name, text) = game_page::export_file(&found)?;
                    (
                        [
                            (
                                header::CONTENT_TYPE,
                                "text/plain; charset=utf-8".to_string(),
                            ),
                            (
                                header::CONTENT_DISPOSITION,
                                format!("attachment; filename=\"{name}\""),
                            ),
                            (header::CACHE_CONTROL, PAGE_CACHE.to_string()),
                        ],
                        text,
                    )
                        .into_response()
                }
                "analysis.png" => png(game_page::analysis_png(&found)?, PAGE_CACHE),
                _ => png(
                    game_page::picture(site, &found, &file)?.as_ref().clone(),
                    PICTURE_CACHE,
                ),
            })
        })
        .await;
    answer.unwrap_or_else(refusal)
}

fn png(bytes: Vec<u8>, cache: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, "image/png"),
            (header::CACHE_CONTROL, cache),
        ],
        bytes,
    )
        .into_response()
}

async fn style() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, STATIC_CACHE),
        ],
        include_str!("assets/site.css"),
    )
        .into_response()
}

async fn script() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, STATIC_CACHE),
        ],
        include_str!("assets/step.js"),
    )
        .into_response()
}

/// A page built by `build` in a slot of blocking work.
async fn page(
    site: Arc<Site>,
    build: impl FnOnce(&Site) -> Result<String, Refusal> + Send + 'static,
) -> Response {
    match site.work(build).await {
        Ok(html) => ([(header::CACHE_CONTROL, PAGE_CACHE)], Html(html)).into_response(),
        Err(why) => refusal(why),
    }
}

fn render(page: impl Template) -> Result<String, Refusal> {
    page.render()
        .map_err(|e| Refusal::Broken(format!("a page could not be written: {e}")))
}

/// The error page of `why`, with its status.
pub fn refusal(why: Refusal) -> Response {
    let (status, heading, text) = match &why {
        Refusal::NotFound => (
            StatusCode::NOT_FOUND,
            "No such page",
            "There is no page here. A game's or a server's page is found through the link the bot gives in Discord, once the server's admins have turned the pages on with /settings web:true.",
        ),
        Refusal::TooMany => (
            StatusCode::TOO_MANY_REQUESTS,
            "Too many requests",
            "This address asked for too many pages at once. Wait a second and try again.",
        ),
        Refusal::Busy => (
            StatusCode::SERVICE_UNAVAILABLE,
            "Busy",
            "The server is busy. Try again in a few seconds.",
        ),
        Refusal::Broken(e) => {
            tracing::error!("web page: {e}");
            (
                StatusCode::INTERNAL_SERVER_ERROR,
                "Something went wrong",
                "This page could not be made. The error was logged.",
            )
        }
    };
    let html = ErrorPage {
        root: PAGE_ROOT,
        heading,
        text,
    }
    .render()
    .unwrap_or_else(|_| heading.to_string());
    let mut response = (status, Html(html)).into_response();
    let retry = match why {
        Refusal::TooMany => Some("1"),
        Refusal::Busy => Some("5"),
        _ => None,
    };
    if let Some(seconds) = retry {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from_static(seconds));
    }
    response
}
