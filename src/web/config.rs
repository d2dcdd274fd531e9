//! Where the web pages are served and under which public address:
//! `WEB_ADDR` (the socket the server listens on, `127.0.0.1:8080`) and
//! `WEB_BASE_URL` (what members' browsers open, `https://taktable.example`,
//! usually a reverse proxy with TLS in front of `WEB_ADDR`). Both or
//! neither: without them no page is served and no message links to one.

use std::net::SocketAddr;

/// The variable holding the address the web server listens on.
pub const ADDR_VAR: &str = "WEB_ADDR";
/// The variable holding the public address of the pages.
pub const BASE_URL_VAR: &str = "WEB_BASE_URL";

/// The web server's settings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebConfig {
    /// The socket to listen on.
    pub addr: SocketAddr,
    /// The public address, `http(s)://host[:port][/prefix]`, without a
    /// trailing `/`: links are this followed by a page's path.
    pub base_url: String,
}

/// Why the web settings are refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum WebConfigError {
    #[error("{ADDR_VAR} must be an address to listen on such as 127.0.0.1:8080, not {0:?}")]
    Addr(String),
    #[error(
        "{BASE_URL_VAR} must be the pages' public address such as https://taktable.example, \
         not {0:?}"
    )]
    BaseUrl(String),
    #[error("{0} is set but {1} is not: set both to serve web pages, or neither")]
    Half(&'static str, &'static str),
}

impl WebConfig {
    /// The settings from `lookup` (a variable's value, if set): `None`
    /// when neither variable is set.
    pub fn from_lookup(
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<Option<WebConfig>, WebConfigError> {
        let get = |name: &str| {
            lookup(name)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        match (get(ADDR_VAR), get(BASE_URL_VAR)) {
            (None, None) => Ok(None),
            (Some(_), None) => Err(WebConfigError::Half(ADDR_VAR, BASE_URL_VAR)),
            (None, Some(_)) => Err(WebConfigError::Half(BASE_URL_VAR, ADDR_VAR)),
            (Some(addr), Some(base)) => Ok(Some(WebConfig {
                addr: addr.parse().map_err(|_| WebConfigError::Addr(addr))?,
                base_url: base_url(&base).ok_or(WebConfigError::BaseUrl(base))?,
            })),
        }
    }
}

/// `text` as a base URL: `http://` or `https://`, a host, no query or
/// fragment, the trailing `/` dropped.
pub fn base_url(text: &str) -> Option<String> {
    let rest = text
        .strip_prefix("https://")
        .or_else(|| text.strip_prefix("http://"))?;
    let host = rest.split('/').next().unwrap_or("");
    let plain = |c: char| c.is_ascii_alphanumeric() || "-._~:/%[]".contains(c);
    if host.is_empty() || !rest.chars().all(plain) {
        return None;
    }
    Some(text.trim_end_matches('/').to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(vars: &[(&str, &str)]) -> Result<Option<WebConfig>, WebConfigError> {
        WebConfig::from_lookup(|name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| v.to_string())
        })
    }

    #[test]
    fn off_unless_both_are_set() {
        assert_eq!(config(&[]), Ok(None));
        assert_eq!(
            config(&[(ADDR_VAR, "127.0.0.1:8080")]),
            Err(WebConfigError::Half(ADDR_VAR, BASE_URL_VAR))
        );
        assert_eq!(
            config(&[(BASE_URL_VAR, "https://t.example")]),
            Err(WebConfigError::Half(BASE_URL_VAR, ADDR_VAR))
        );
        let on = config(&[
            (ADDR_VAR, "127.0.0.1:8080"),
            (BASE_URL_VAR, "https://t.example/taktable/"),
        ])
        .unwrap()
        .unwrap();
        assert_eq!(on.addr, "127.0.0.1:8080".parse().unwrap());
        assert_eq!(on.base_url, "https://t.example/taktable");
    }

    #[test]
    fn malformed_values_are_refused_with_their_variable() {
        let addr = config(&[(ADDR_VAR, "localhost"), (BASE_URL_VAR, "https://t.example")]);
        assert_eq!(addr, Err(WebConfigError::Addr("localhost".into())));
        for bad in [
            "t.example",
            "ftp://t.example",
            "https://",
            "https://t.example/?a=<b>",
        ] {
            let err = config(&[(ADDR_VAR, "127.0.0.1:1"), (BASE_URL_VAR, bad)]).unwrap_err();
            assert!(err.to_string().contains(BASE_URL_VAR), "{bad}: {err}");
        }
    }
}
