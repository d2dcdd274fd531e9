//! Logging with `tracing`, filtered by `RUST_LOG`.
//!
//! Whatever `RUST_LOG` says, the WebSocket library is capped at `info`: at `debug` and `trace`
//! it dumps every frame it writes, IDENTIFY (which carries the token) included.
//!
//! Every line written has its interaction tokens hidden (issue 27): at `debug` and `trace` the
//! HTTP and Discord libraries log request paths (`/interactions/{id}/{token}/callback`,
//! `/webhooks/{application}/{token}/...`) and interactions (`token: "..."`), and a token lets
//! whoever reads the log answer as the bot for 15 minutes. [`redact_tokens`] replaces each by
//! `<token>`, whatever the level or the target.

use std::borrow::Cow;
use std::io::{IsTerminal, Write};

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
        .with_writer(Redacting(writer))
        .with_ansi(colours)
        .with_filter(caps);
    tracing_subscriber::registry()
        .with(requested)
        .with(output)
        .try_init()
}

/// What a token is replaced by in the log.
const HIDDEN: &str = "<token>";

/// `line` with every interaction or webhook token replaced by `<token>`: the one after
/// `/interactions/ID/` or `/webhooks/ID/` in a path, and the value of a `token` field (`token:
/// "..."`, `"token":"..."`, `token=...`).
pub fn redact_tokens(line: &str) -> Cow<'_, str> {
    if !line.contains("token") && !line.contains("/interactions/") && !line.contains("/webhooks/") {
        return Cow::Borrowed(line);
    }
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some((at, marker)) = ["/interactions/", "/webhooks/", "token"]
        .iter()
        .filter_map(|m| rest.find(m).map(|at| (at, *m)))
        .min()
    {
        let after = &rest[at + marker.len()..];
        out.push_str(&rest[..at + marker.len()]);
        let skipped = if marker == "token" {
            token_value(after)
        } else {
            path_token(after)
        };
        match skipped {
            Some((kept, len)) => {
                out.push_str(&after[..kept]);
                out.push_str(HIDDEN);
                rest = &after[kept + len..];
            }
            None => rest = after,
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

fn is_token_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-')
}

/// After `/interactions/` or `/webhooks/`: `ID/TOKEN`. Where the token starts and its length.
fn path_token(after: &str) -> Option<(usize, usize)> {
    let id = after.find(|c: char| !c.is_ascii_digit())?;
    if id == 0 || !after[id..].starts_with('/') {
        return None;
    }
    let start = id + 1;
    let len = after[start..]
        .find(|c: char| !is_token_char(c))
        .unwrap_or(after.len() - start);
    (len > 0).then_some((start, len))
}

/// After a word `token`: `": "VALUE"`, `: "VALUE"`, `=VALUE`. Where the value starts and its
/// length.
fn token_value(after: &str) -> Option<(usize, usize)> {
    let bytes = after.as_bytes();
    let mut i = 0;
    if bytes.first() == Some(&b'"') {
        i += 1;
    }
    while bytes.get(i) == Some(&b' ') {
        i += 1;
    }
    if !matches!(bytes.get(i), Some(b':' | b'=')) {
        return None;
    }
    i += 1;
    while bytes.get(i) == Some(&b' ') {
        i += 1;
    }
    let quoted = bytes.get(i) == Some(&b'"');
    if quoted {
        i += 1;
    }
    let len = after[i..]
        .find(|c: char| if quoted { c == '"' } else { !is_token_char(c) })
        .unwrap_or(after.len() - i);
    (len > 0).then_some((i, len))
}

/// A writer maker whose writers hide tokens (see [`redact_tokens`]).
struct Redacting<W>(W);

impl<'a, W: MakeWriter<'a>> MakeWriter<'a> for Redacting<W> {
    type Writer = RedactingWriter<W::Writer>;

    fn make_writer(&'a self) -> Self::Writer {
        RedactingWriter(self.0.make_writer())
    }
}

/// Writes each event (the formatter writes one in a single call) with its tokens hidden.
struct RedactingWriter<W>(W);

impl<W: Write> Write for RedactingWriter<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let text = String::from_utf8_lossy(bytes);
        self.0.write_all(redact_tokens(&text).as_bytes())?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::redact_tokens;

    /// Issue 27: no interaction token in a log line, in a path or a field.
    #[test]
    fn interaction_tokens_are_hidden_in_paths_and_fields() {
        let cases = [
            (
                "POST https://discord.com/api/v10/interactions/1234/aW50ZXJhY3Rpb24.x-y_z/callback",
                "POST https://discord.com/api/v10/interactions/1234/<token>/callback",
            ),
            (
                "PATCH /api/v10/webhooks/99/interaction-token-5/messages/@original",
                "PATCH /api/v10/webhooks/99/<token>/messages/@original",
            ),
            (
                r#"Interaction { id: 5, token: "secret-1", version: 1 }"#,
                r#"Interaction { id: 5, token: "<token>", version: 1 }"#,
            ),
            (
                r#"{"id":"5","token":"secret-2","type":2}"#,
                r#"{"id":"5","token":"<token>","type":2}"#,
            ),
            ("url=/x?token=abc.def&y=1", "url=/x?token=<token>&y=1"),
        ];
        for (line, hidden) in cases {
            assert_eq!(redact_tokens(line), hidden);
        }
        for kept in [
            "tokens are fine to mention",
            "/interactions/abc/def",
            "no secret here",
        ] {
            assert_eq!(redact_tokens(kept), kept);
        }
    }
}
