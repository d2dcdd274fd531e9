//! How many requests one address may make: a token bucket per address
//! (governor), so one visitor stepping fast, or a script, never slows the
//! pages of others. Past it the answer is 429 with `Retry-After`.
//!
//! Behind a reverse proxy on the same machine every request comes from a
//! loopback address: the visitor's is then the last one the proxy added
//! to `X-Forwarded-For` (a header from anywhere else is not believed).

use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::time::Duration;

use axum::http::HeaderMap;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

/// Requests an address may make in a burst: a page, its script and style,
/// and a walk through a long game held on an arrow key.
pub const BURST: u32 = 120;
/// How often one more request is allowed: 20 a second.
pub const REFILL: Duration = Duration::from_millis(50);

/// The buckets of every address seen.
pub struct Limits {
    addresses: DefaultKeyedRateLimiter<IpAddr>,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits::new(BURST, REFILL)
    }
}

impl Limits {
    pub fn new(burst: u32, refill: Duration) -> Limits {
        let quota = Quota::with_period(refill.max(Duration::from_millis(1)))
            .unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN))
            .allow_burst(NonZeroU32::new(burst).unwrap_or(NonZeroU32::MIN));
        Limits {
            addresses: RateLimiter::keyed(quota),
        }
    }

    /// Whether `visitor` may make one more request now.
    pub fn admit(&self, visitor: IpAddr) -> bool {
        self.addresses.check_key(&visitor).is_ok()
    }

    /// Forgets the addresses whose buckets are full again (every minute).
    pub fn forget_quiet(&self) {
        self.addresses.retain_recent();
        self.addresses.shrink_to_fit();
    }
}

/// The visitor's address: the peer's, or behind a proxy on this machine
/// the last address of `X-Forwarded-For`.
pub fn visitor(peer: SocketAddr, headers: &HeaderMap) -> IpAddr {
    let peer = peer.ip();
    if !peer.is_loopback() {
        return peer;
    }
    headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .filter_map(|part| part.trim().parse::<IpAddr>().ok())
        .next_back()
        .unwrap_or(peer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn a_burst_then_refused_and_others_unaffected() {
        let limits = Limits::new(3, Duration::from_secs(3600));
        let a: IpAddr = "203.0.113.5".parse().unwrap();
        let b: IpAddr = "203.0.113.6".parse().unwrap();
        assert!((0..3).all(|_| limits.admit(a)));
        assert!(!limits.admit(a));
        assert!(limits.admit(b));
    }

    #[test]
    fn forwarded_for_is_believed_only_from_this_machine() {
        let mut headers = HeaderMap::new();
        headers.insert(
            "x-forwarded-for",
            HeaderValue::from_static("198.51.100.1, 203.0.113.9"),
        );
        let proxy: SocketAddr = "127.0.0.1:40000".parse().unwrap();
        let far: SocketAddr = "192.0.2.7:40000".parse().unwrap();
        assert_eq!(
            visitor(proxy, &headers),
            "203.0.113.9".parse::<IpAddr>().unwrap()
        );
        assert_eq!(visitor(far, &headers), far.ip());
        assert_eq!(visitor(proxy, &HeaderMap::new()), proxy.ip());
    }
}
