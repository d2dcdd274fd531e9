//! What the bot keeps about a player, and its deletion on their request
//! (issue 43, `/privacy`).
//!
//! A deletion removes what is the player's alone: their name, theme and
//! direct-message choice (`users`, `dm_notifications`), their personal
//! reminders and their ratings. The games they played stay, for their
//! opponents' records, ratings and histories: in every row that names them
//! (every column that refers to `users`, found from the schema, so a table
//! added later is covered) they are replaced by a new anonymous player,
//! "former player N", who is no one on Discord. Their opponents' rows are
//! not touched, so every other player's record and rating stays exactly as
//! it was. Pictures kept of their games (replays, analyses: they show the
//! players' names) are dropped, to be drawn again with the new name, and
//! the kept names of their games' threads take the anonymous one.
//!
//! A player in a game in progress, or signed up for a tournament under way,
//! is asked to finish (or resign) first: the game needs them.

use chrono::{DateTime, Utc};
use rusqlite::{params, Connection, OptionalExtension};

use super::database::Store;
use super::error::{Result, StoreError};
use super::sql::{id_in, id_out, time_text, Cached, UserId};

/// The tables whose rows are the player's own, removed on deletion, by
/// their column naming the player.
const OWN_ROWS: &[(&str, &str)] = &[
    ("dm_notifications", "user_id"),
    ("personal_reminders", "user_id"),
    ("ratings", "user_id"),
];

/// The ids anonymous players take are below this: 2^22, below every
/// Discord id.
const ANONYMOUS_IDS: UserId = 1 << 22;

/// The name of the anonymous player `user` stands for, if it is one: "former player N", N
/// being its id. No one on Discord has such an id, so an adapter that names players by
/// mention writes this name instead.
pub fn anonymous_name(user: UserId) -> Option<String> {
    (user > 0 && user < ANONYMOUS_IDS).then(|| format!("former player {user}"))
}

/// What the bot keeps about one player in this database.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Kept {
    /// Their display name as last seen, if any.
    pub name: Option<String>,
    /// Their chosen theme, if any.
    pub theme: Option<String>,
    /// Whether "your move" comes by direct message too.
    pub dm: bool,
    /// Games: in progress, and over.
    pub active_games: u64,
    pub finished_games: u64,
    /// Their moves, in every game.
    pub moves: u64,
    /// Ratings (one per server and game).
    pub ratings: u64,
    /// Challenges they made or were sent.
    pub challenges: u64,
    /// Their personal reminders.
    pub reminders: u64,
    /// Tournaments they entered, and those under way among them.
    pub tournaments: u64,
    pub tournaments_under_way: u64,
}

/// Why a deletion was not done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The player is in games in progress: they need them.
    ActiveGames(u64),
    /// The player is signed up for, or playing in, tournaments not over.
    Tournaments(u64),
}

/// What a deletion did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forgotten {
    /// The anonymous player who now stands in their finished games.
    pub anonymous: UserId,
    pub anonymous_name: String,
    /// Rows changed to name the anonymous player, and rows removed.
    pub rows_renamed: u64,
    pub rows_removed: u64,
}

/// Every table of the schema with its columns, in name order.
pub(crate) fn tables(conn: &Connection) -> Result<Vec<(String, Vec<String>)>> {
    let names: Vec<String> = conn
        .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'
             ORDER BY name",
        )?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let mut tables = Vec::new();
    for name in names {
        let columns: Vec<String> = conn
            .prepare(&format!("PRAGMA table_info(\"{name}\")"))?
            .query_map([], |r| r.get(1))?
            .collect::<rusqlite::Result<_>>()?;
        tables.push((name, columns));
    }
    Ok(tables)
}

/// Every (table, column) that refers to a player (`REFERENCES users(id)`).
fn player_columns(conn: &Connection) -> Result<Vec<(String, String)>> {
    let mut found = Vec::new();
    for (table, _) in tables(conn)? {
        let refs: Vec<(String, String)> = conn
            .prepare(&format!("PRAGMA foreign_key_list(\"{table}\")"))?
            .query_map([], |r| Ok((r.get(2)?, r.get(3)?)))?
            .collect::<rusqlite::Result<_>>()?;
        for (parent, column) in refs {
            if parent == "users" {
                found.push((table.clone(), column));
            }
        }
    }
    Ok(found)
}

impl Store {
    /// What this database keeps about `user`.
    pub fn kept_about(&self, user: UserId) -> Result<Kept> {
        let user = id_in(user);
        let conn = self.conn();
        let count = |sql: &str| -> Result<u64> {
            Ok(conn.query_row_cached(sql, [user], |r| r.get::<_, i64>(0))? as u64)
        };
        let (name, theme): (Option<String>, Option<String>) = conn
            .query_row_cached("SELECT name, theme FROM users WHERE id = ?1", [user], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .optional()?
            .unwrap_or((None, None));
        Ok(Kept {
            name,
            theme,
            dm: count("SELECT count(*) FROM dm_notifications WHERE user_id = ?1 AND enabled")? > 0,
            active_games: count(
                "SELECT count(*) FROM games WHERE status = 'active' AND ?1 IN (player1, player2)",
            )?,
            finished_games: count(
                "SELECT count(*) FROM games WHERE status != 'active' AND ?1 IN (player1, player2)",
            )?,
            moves: count("SELECT count(*) FROM moves WHERE user_id = ?1")?,
            ratings: count("SELECT count(*) FROM ratings WHERE user_id = ?1")?,
            challenges: count(
                "SELECT count(*) FROM challenges WHERE ?1 IN (challenger, opponent)",
            )?,
            reminders: count("SELECT count(*) FROM personal_reminders WHERE user_id = ?1")?,
            tournaments: count("SELECT count(*) FROM tournament_entrants WHERE user_id = ?1")?,
            tournaments_under_way: count(
                "SELECT count(*) FROM tournament_entrants e JOIN tournaments t
                 ON t.id = e.tournament_id
                 WHERE e.user_id = ?1 AND t.status IN ('signup', 'running')
                   AND e.withdrawn_after IS NULL",
            )?,
        })
    }

    /// Deletes what is `user`'s alone and puts an anonymous player in their
    /// place everywhere else (see the module's text), in one transaction.
    /// Refused while they play a game or a tournament.
    pub fn forget_user(
        &self,
        user: UserId,
        now: DateTime<Utc>,
    ) -> Result<std::result::Result<Forgotten, Refusal>> {
        let kept = self.kept_about(user)?;
        if kept.active_games > 0 {
            return Ok(Err(Refusal::ActiveGames(kept.active_games)));
        }
        if kept.tournaments_under_way > 0 {
            return Ok(Err(Refusal::Tournaments(kept.tournaments_under_way)));
        }
        let columns = player_columns(&self.conn())?;
        let user = id_in(user);
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute_batch("PRAGMA defer_foreign_keys = ON")?;
        let old_name: Option<String> = tx
            .query_row("SELECT name FROM users WHERE id = ?1", [user], |r| r.get(0))
            .optional()?;
        // Anonymous players take the ids from 1 up, below any Discord id (whose
        // bits from 22 up are a time since 2015).
        let anonymous: i64 = tx.query_row(
            "SELECT coalesce(max(id), 0) + 1 FROM users WHERE id < ?1",
            [id_in(ANONYMOUS_IDS)],
            |r| r.get(0),
        )?;
        let anonymous_name = anonymous_name(id_out(anonymous))
            .ok_or_else(|| StoreError::Corrupt(format!("anonymous player id {anonymous}")))?;
        tx.execute(
            "INSERT INTO users (id, name, updated_at) VALUES (?1, ?2, ?3)",
            params![anonymous, anonymous_name, time_text(now)],
        )?;
        let mut removed = 0u64;
        for (table, column) in OWN_ROWS {
            removed += tx.execute(
                &format!("DELETE FROM \"{table}\" WHERE \"{column}\" = ?1"),
                [user],
            )? as u64;
        }
        // Pictures of their games show their name: drawn again when asked.
        removed += tx.execute(
            "DELETE FROM artefacts WHERE game_id IN
             (SELECT id FROM games WHERE ?1 IN (player1, player2))",
            [user],
        )? as u64;
        if let Some(old) = old_name.as_deref().filter(|n| !n.is_empty()) {
            tx.execute(
                "UPDATE game_threads SET name = replace(name, ?2, ?3) WHERE game_id IN
                 (SELECT id FROM games WHERE ?1 IN (player1, player2))",
                params![user, old, anonymous_name],
            )?;
        }
        let mut renamed = 0u64;
        for (table, column) in &columns {
            if table == "users" {
                continue;
            }
            renamed += tx.execute(
                &format!("UPDATE \"{table}\" SET \"{column}\" = ?2 WHERE \"{column}\" = ?1"),
                [user, anonymous],
            )? as u64;
        }
        removed += tx.execute("DELETE FROM users WHERE id = ?1", [user])? as u64;
        tx.commit()?;
        Ok(Ok(Forgotten {
            anonymous: id_out(anonymous),
            anonymous_name,
            rows_renamed: renamed,
            rows_removed: removed,
        }))
    }
}
