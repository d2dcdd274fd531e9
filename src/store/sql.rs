//! How values are written in SQLite (times as RFC 3339 text, ids as
//! i64), and statements run through the connection's statement cache.

use chrono::{DateTime, SecondsFormat, Utc};
use rusqlite::Connection;

use super::error::{Result, StoreError};

/// A user's id: the Discord id (the console derives one from each name).
pub type UserId = u64;

/// A time as stored: RFC 3339 in UTC with seconds, which sorts as text.
pub fn time_text(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Secs, true)
}

pub fn parse_time(text: &str) -> Result<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|e| StoreError::Corrupt(format!("bad time `{text}`: {e}")))
}

/// Ids are u64 (Discord snowflakes fit in 63 bits); SQLite stores i64.
pub(crate) fn id_in(id: UserId) -> i64 {
    id as i64
}

pub(crate) fn id_out(id: i64) -> UserId {
    id as u64
}

/// `query_row` and `execute` through the connection's statement cache: the
/// bot runs the same few statements for every command.
pub(crate) trait Cached {
    fn query_row_cached<T, P, F>(&self, sql: &str, params: P, f: F) -> rusqlite::Result<T>
    where
        P: rusqlite::Params,
        F: FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>;
    fn execute_cached<P: rusqlite::Params>(&self, sql: &str, params: P) -> rusqlite::Result<usize>;
}

impl Cached for Connection {
    fn query_row_cached<T, P, F>(&self, sql: &str, params: P, f: F) -> rusqlite::Result<T>
    where
        P: rusqlite::Params,
        F: FnOnce(&rusqlite::Row<'_>) -> rusqlite::Result<T>,
    {
        self.prepare_cached(sql)?.query_row(params, f)
    }

    fn execute_cached<P: rusqlite::Params>(&self, sql: &str, params: P) -> rusqlite::Result<usize> {
        self.prepare_cached(sql)?.execute(params)
    }
}
