//! Discord's REST calls as the bot makes them (issue 40): each within a time limit, and each
//! failure read for what to do next (try again later, or act on a permanent refusal).
//!
//! serenity's HTTP client has no timeout of its own, so a request Discord (or a proxy) holds
//! would be waited on until the connection drops. Every call goes through [`timed`] with a limit
//! fit for what it sends, and the client itself has a longer limit as a backstop
//! ([`client`]).

use std::fmt;
use std::future::Future;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::http::HttpError;

/// The limit for a call without a file: an interaction's answer, an edit, a small message.
pub(crate) const CALL_LIMIT: Duration = Duration::from_secs(5);

/// The limit for a call that uploads a file (a board picture, a GIF, an exported game).
pub(crate) const UPLOAD_LIMIT: Duration = Duration::from_secs(30);

/// The reqwest client under serenity's: any request is dropped after this long, whoever made
/// it (the gateway's own connection is not an HTTP request and is not affected).
const CLIENT_LIMIT: Duration = Duration::from_secs(45);

/// How long connecting to Discord may take.
const CONNECT_LIMIT: Duration = Duration::from_secs(5);

/// The HTTP client serenity is given: rustls, as serenity's own, with the limits above.
pub(crate) fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .use_rustls_tls()
        .timeout(CLIENT_LIMIT)
        .connect_timeout(CONNECT_LIMIT)
        .build()
        .unwrap_or_else(|why| {
            // Only a broken TLS set-up fails here; serenity's default client would fail too.
            tracing::error!("could not build the HTTP client with timeouts: {why}");
            reqwest::Client::new()
        })
}

/// A REST call that failed.
#[derive(Debug)]
pub(crate) enum RestError {
    /// No answer within the call's limit.
    TimedOut(Duration),
    /// serenity's error: Discord's answer, or the connection's failure.
    Discord(serenity::Error),
    /// The place or user is not one of Discord's (an id that is not a snowflake).
    NotDiscord,
}

impl fmt::Display for RestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RestError::TimedOut(limit) => write!(f, "no answer within {} s", limit.as_secs()),
            RestError::Discord(why) => write!(f, "{why}"),
            RestError::NotDiscord => write!(f, "not a Discord channel or user"),
        }
    }
}

impl std::error::Error for RestError {}

impl From<serenity::Error> for RestError {
    fn from(why: serenity::Error) -> RestError {
        RestError::Discord(why)
    }
}

/// Runs `call` within `limit`.
pub(crate) async fn timed<T>(
    limit: Duration,
    call: impl Future<Output = serenity::Result<T>>,
) -> Result<T, RestError> {
    match tokio::time::timeout(limit, call).await {
        Ok(outcome) => outcome.map_err(RestError::Discord),
        Err(_) => Err(RestError::TimedOut(limit)),
    }
}

/// What a failure means for what the bot does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Failure {
    /// Discord asked the bot to slow down (429): try again later, and send less meanwhile.
    RateLimited,
    /// Discord or the way to it failed (5xx, a reset, no answer in time): try again later. The
    /// request may have been carried out all the same.
    Transient,
    /// The bot may not do this here (403: Missing Access 50001, Missing Permissions 50013).
    Forbidden,
    /// The channel or message is gone (404: Unknown Channel 10003, Unknown Message 10008).
    Gone,
    /// The member's direct messages refuse the bot (50007).
    DmRefused,
    /// The interaction can no longer be answered: its token expired or was never valid (Unknown
    /// Webhook 10015, Invalid Webhook Token 50027, Unknown Interaction 10062), or it was
    /// answered already (40060).
    InteractionOver,
    /// Discord refuses the request itself (400 and the like): the same request fails again.
    Refused,
}

impl Failure {
    /// Whether trying again later may succeed.
    pub(crate) fn is_transient(self) -> bool {
        matches!(self, Failure::RateLimited | Failure::Transient)
    }
}

impl RestError {
    /// What this failure means.
    pub(crate) fn failure(&self) -> Failure {
        match self {
            RestError::TimedOut(_) => Failure::Transient,
            RestError::Discord(serenity::Error::Http(HttpError::UnsuccessfulRequest(response))) => {
                classify(response.status_code.as_u16(), response.error.code)
            }
            // The connection failed (reset, refused, closed early): Discord may come back.
            RestError::Discord(serenity::Error::Http(HttpError::Request(_))) => Failure::Transient,
            RestError::Discord(serenity::Error::Io(_)) => Failure::Transient,
            RestError::Discord(_) | RestError::NotDiscord => Failure::Refused,
        }
    }
}

/// What an HTTP status and Discord's JSON error code mean (see Discord's "JSON Error Codes").
pub(crate) fn classify(status: u16, code: isize) -> Failure {
    match (status, code) {
        (_, 10015 | 10062 | 50027 | 40060) => Failure::InteractionOver,
        (_, 50007) => Failure::DmRefused,
        (429, _) => Failure::RateLimited,
        (500..=599, _) => Failure::Transient,
        (403, _) | (_, 50001 | 50013) => Failure::Forbidden,
        (404, 10003 | 10008) => Failure::Gone,
        // A 404 without Discord's code comes from something between (a proxy): not Discord's
        // word that the channel is gone.
        (404, -1 | 0) => Failure::Transient,
        (404, _) => Failure::Gone,
        (408, _) => Failure::Transient,
        _ => Failure::Refused,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Discord's documented JSON error codes and statuses, each to what the bot does.
    #[test]
    fn failures_are_read_by_status_and_code() {
        assert_eq!(classify(429, -1), Failure::RateLimited);
        assert_eq!(classify(502, 0), Failure::Transient);
        assert_eq!(classify(503, -1), Failure::Transient);
        assert_eq!(classify(403, 50013), Failure::Forbidden);
        assert_eq!(classify(403, 50001), Failure::Forbidden);
        assert_eq!(classify(404, 10003), Failure::Gone);
        assert_eq!(classify(404, 10008), Failure::Gone);
        assert_eq!(classify(403, 50007), Failure::DmRefused);
        assert_eq!(classify(404, 10015), Failure::InteractionOver);
        assert_eq!(classify(401, 50027), Failure::InteractionOver);
        assert_eq!(classify(404, 10062), Failure::InteractionOver);
        assert_eq!(classify(400, 40060), Failure::InteractionOver);
        assert_eq!(classify(400, 50035), Failure::Refused);
        assert_eq!(classify(404, -1), Failure::Transient, "not Discord's 404");
        assert!(Failure::RateLimited.is_transient() && !Failure::Forbidden.is_transient());
    }

    #[tokio::test(start_paused = true)]
    async fn a_call_without_an_answer_is_given_up_at_its_limit() {
        let held = std::future::pending::<serenity::Result<()>>();
        let outcome = timed(Duration::from_secs(5), held).await;
        assert!(matches!(outcome, Err(RestError::TimedOut(_))));
        assert_eq!(outcome.unwrap_err().failure(), Failure::Transient);
    }
}
