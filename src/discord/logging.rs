//! Logging with `tracing`, filtered by `RUST_LOG`.
//!
//! Whatever `RUST_LOG` says, the WebSocket library is capped at `info`: at `debug` and `trace`
//! it dumps every frame it writes, IDENTIFY (which carries the token) included.

use std::io::IsTerminal;

use tracing::level_filters::LevelFilter;
use tracing_subscriber::filter::Targets;
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::layer::SubscriberExt;
use tracing_subscriber::util::{SubscriberInitExt, TryInitError};
use tracing_subscriber::{EnvFilter, Layer};

/// The filter used when `RUST_LOG` is unset: our own messages at `info`, the Discord libraries'
/// only when something goes wrong.
pub const DEFAULT_FILTER: &str = "info,serenity=warn,poise=warn,h2=warn,hyper=warn,rustls=warn";

/// Log targets whose verbose output would include the token, and the most they may say.
const CAPPED_TARGETS: &[(&str, LevelFilter)] = &[
    ("tungstenite", LevelFilter::INFO),
    ("tokio_tungstenite", LevelFilter::INFO),
];

/// Installs the global subscriber that prints to standard error, filtered by `RUST_LOG` (or
/// [`DEFAULT_FILTER`]). A second call does nothing.
pub fn init() {
    let directives = std::env::var(EnvFilter::DEFAULT_ENV)
        .ok()
        .filter(|d| !d.trim().is_empty())
        .unwrap_or_else(|| DEFAULT_FILTER.to_string());
    let colours = std::io::stderr().is_terminal();
    if let Err(why) = try_init_with(&directives, colours, std::io::stderr) {
        eprintln!("warning: logging not set up: {why}");
    }
}

/// Installs the global subscriber with `directives` (`RUST_LOG` syntax; invalid ones are
/// skipped) writing to `writer` (with colours if `colours`), keeping the caps that protect the token. Tests use it to capture
/// everything at `trace`. Also forwards `log` records to `tracing`.
pub fn try_init_with<W>(directives: &str, colours: bool, writer: W) -> Result<(), TryInitError>
where
    W: for<'w> MakeWriter<'w> + Send + Sync + 'static,
{
    let requested = EnvFilter::builder()
        .with_default_directive(LevelFilter::INFO.into())
        .parse_lossy(directives);
    let caps = CAPPED_TARGETS.iter().fold(
        Targets::new().with_default(LevelFilter::TRACE),
        |caps, (target, level)| caps.with_target(*target, *level),
    );
    let output = tracing_subscriber::fmt::layer()
        .with_writer(writer)
        .with_ansi(colours)
        .with_filter(caps);
    tracing_subscriber::registry()
        .with(requested)
        .with(output)
        .try_init()
}
