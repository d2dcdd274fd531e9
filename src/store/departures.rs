//! Servers the bot was removed from (issue 43): marked when it leaves,
//! unmarked when it is invited back, their data deleted once a grace
//! period has passed.
//!
//! While a server is marked, nothing of it falls due: the scheduler's
//! queries (reminders, deadlines, challenge expiries, tournament rounds)
//! leave its rows out, so nothing is posted to a server the bot cannot
//! reach and no clock runs out while its players cannot move. Invited back
//! within the grace period, everything is as it was, and what fell due
//! meanwhile falls due then.
//!
//! The deletion is generic over the schema, as the reshard's placement is
//! (see [`super::reshard`]): every row of a table with a `guild` column for
//! that server, every row whose `X_id` names one of those rows of `Xs`
//! (`game_id`: moves, offers, artefacts, ...), and the computer's level of
//! each of its games (`meta`). The players (`users`) are kept: they may
//! play in other servers.

use chrono::{DateTime, Duration, Utc};
use rusqlite::{OptionalExtension, Transaction};

use super::database::Store;
use super::error::Result;
use super::sql::{parse_time, time_text, Cached};

/// How long a server's data is kept after the bot leaves it, unless set
/// (`DATA_GRACE_DAYS`).
pub const DEFAULT_GRACE: Duration = Duration::days(30);

/// What a purge deleted: each server and its rows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Purged {
    pub guilds: Vec<String>,
    pub rows: u64,
}

impl Store {
    /// Marks `guild` as left at `now` (kept at its first leaving if it was
    /// already marked). From then on nothing of it falls due.
    pub fn mark_departed(&self, guild: &str, now: DateTime<Utc>) -> Result<()> {
        self.conn().execute_cached(
            "INSERT INTO departed_guilds (guild, left_at) VALUES (?1, ?2)
             ON CONFLICT (guild) DO NOTHING",
            [guild, &time_text(now)],
        )?;
        Ok(())
    }

    /// Unmarks `guild` (the bot was invited back): whether it was marked.
    pub fn mark_returned(&self, guild: &str) -> Result<bool> {
        Ok(self
            .conn()
            .execute_cached("DELETE FROM departed_guilds WHERE guild = ?1", [guild])?
            > 0)
    }

    /// When the bot left `guild`, if it is marked as left.
    pub fn departed_at(&self, guild: &str) -> Result<Option<DateTime<Utc>>> {
        let left: Option<String> = self
            .conn()
            .query_row_cached(
                "SELECT left_at FROM departed_guilds WHERE guild = ?1",
                [guild],
                |r| r.get(0),
            )
            .optional()?;
        left.as_deref().map(parse_time).transpose()
    }

    /// Deletes the data of every server left more than `grace` before
    /// `now`, one transaction per server (its foreign keys checked at
    /// commit).
    pub fn purge_departed(&self, now: DateTime<Utc>, grace: Duration) -> Result<Purged> {
        let due: Vec<String> = {
            let conn = self.conn();
            let mut stmt = conn.prepare_cached(
                "SELECT guild FROM departed_guilds WHERE left_at <= ?1 ORDER BY left_at, guild",
            )?;
            let rows = stmt
                .query_map([time_text(now - grace)], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?;
            rows
        };
        let mut purged = Purged::default();
        for guild in due {
            let mut conn = self.conn();
            let tx = conn.transaction()?;
            purged.rows += delete_guild(&tx, &guild)?;
            tx.commit()?;
            purged.guilds.push(guild);
        }
        Ok(purged)
    }
}

/// Deletes every row of `guild` (see the module's text), in `tx`: how many.
fn delete_guild(tx: &Transaction<'_>, guild: &str) -> Result<u64> {
    tx.execute_batch("PRAGMA defer_foreign_keys = ON")?;
    let tables = super::privacy::tables(tx)?;
    let by_guild: Vec<&(String, Vec<String>)> = tables
        .iter()
        .filter(|(_, columns)| columns.iter().any(|c| c == "guild"))
        .collect();
    let mut rows = 0u64;
    // The computer's levels of its games first, while the games are there.
    rows += tx.execute(
        "DELETE FROM meta WHERE key LIKE 'computer.level.%'
         AND CAST(substr(key, 16) AS INTEGER) IN (SELECT id FROM games WHERE guild = ?1)",
        [guild],
    )? as u64;
    // Rows that follow a server's row by its `X_id`, then the server's rows.
    for (table, columns) in &tables {
        if columns.iter().any(|c| c == "guild") {
            continue;
        }
        for column in columns {
            let Some(parent) = column.strip_suffix("_id").map(|x| format!("{x}s")) else {
                continue;
            };
            let parent_has_id = by_guild
                .iter()
                .any(|(name, cols)| *name == parent && cols.iter().any(|c| c == "id"));
            if parent_has_id {
                rows += tx.execute(
                    &format!(
                        "DELETE FROM \"{table}\" WHERE \"{column}\" IN
                         (SELECT id FROM \"{parent}\" WHERE guild = ?1)"
                    ),
                    [guild],
                )? as u64;
            }
        }
    }
    for (table, _) in by_guild {
        rows += tx.execute(
            &format!("DELETE FROM \"{table}\" WHERE guild = ?1"),
            [guild],
        )? as u64;
    }
    Ok(rows)
}
