//! Users: a Discord id and the name last seen, for display only.

use super::sql::Cached;
use chrono::{DateTime, Utc};
use rusqlite::OptionalExtension;

use super::database::Store;
use super::error::Result;
use super::sql::{id_in, time_text, UserId};

impl Store {
    /// Records the name a user goes by now.
    pub fn upsert_user(&self, id: UserId, name: &str, now: DateTime<Utc>) -> Result<()> {
        self.conn().execute_cached(
            "INSERT INTO users (id, name, updated_at) VALUES (?1, ?2, ?3)
             ON CONFLICT (id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at",
            rusqlite::params![id_in(id), name, time_text(now)],
        )?;
        Ok(())
    }

    /// The user's board theme, by name, if they chose one.
    pub fn user_theme(&self, id: UserId) -> Result<Option<String>> {
        Ok(self
            .conn()
            .query_row_cached("SELECT theme FROM users WHERE id = ?1", [id_in(id)], |r| {
                r.get::<_, Option<String>>(0)
            })
            .optional()?
            .flatten())
    }

    /// Stores the user's board theme (the user must be known).
    pub fn set_user_theme(&self, id: UserId, theme: &str) -> Result<()> {
        self.conn().execute_cached(
            "UPDATE users SET theme = ?2 WHERE id = ?1",
            rusqlite::params![id_in(id), theme],
        )?;
        Ok(())
    }

    pub fn user_name(&self, id: UserId) -> Result<Option<String>> {
        Ok(self
            .conn()
            .query_row_cached("SELECT name FROM users WHERE id = ?1", [id_in(id)], |r| {
                r.get(0)
            })
            .optional()?)
    }
}
