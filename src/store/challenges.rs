//! Challenges: who challenged whom, in which channel, to which game with
//! which settings; open until accepted, declined, cancelled or expired.

use super::sql::Cached;
use chrono::{DateTime, Utc};
use rusqlite::{params, OptionalExtension, Row};

use super::database::Store;
use super::error::{Result, StoreError};
use super::games::insert_game;
use super::rows::NewGame;
use super::sql::{id_in, id_out, parse_time, time_text, UserId};
use crate::games::GameSettings;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChallengeStatus {
    Open,
    Accepted,
    Declined,
    Cancelled,
    Expired,
}

impl ChallengeStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ChallengeStatus::Open => "open",
            ChallengeStatus::Accepted => "accepted",
            ChallengeStatus::Declined => "declined",
            ChallengeStatus::Cancelled => "cancelled",
            ChallengeStatus::Expired => "expired",
        }
    }

    fn parse(s: &str) -> Result<ChallengeStatus> {
        Ok(match s {
            "open" => ChallengeStatus::Open,
            "accepted" => ChallengeStatus::Accepted,
            "declined" => ChallengeStatus::Declined,
            "cancelled" => ChallengeStatus::Cancelled,
            "expired" => ChallengeStatus::Expired,
            _ => return Err(StoreError::Corrupt(format!("challenge status `{s}`"))),
        })
    }
}

/// A challenge as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    pub id: i64,
    pub guild: String,
    pub channel: String,
    pub challenger: UserId,
    /// `None`: an open challenge anyone else may take.
    pub opponent: Option<UserId>,
    pub settings: GameSettings,
    /// The challenger's colour: `white`, `black` or `random`.
    pub color: String,
    pub rated: bool,
    pub rematch_of: Option<i64>,
    pub status: ChallengeStatus,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    /// The game opens a thread of its own when the challenge is accepted.
    pub thread: bool,
    /// Blind play: no board is shown while the game runs.
    pub blind: bool,
}

/// A challenge to store.
#[derive(Clone, Debug)]
pub struct NewChallenge {
    pub guild: String,
    pub channel: String,
    pub challenger: UserId,
    pub opponent: Option<UserId>,
    pub settings: GameSettings,
    pub color: String,
    pub rated: bool,
    pub rematch_of: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    pub thread: bool,
    pub blind: bool,
}

/// The columns of a challenge row, in order (a macro: see `rows::game_columns`).
macro_rules! challenge_columns {
    () => {
        "id, guild, channel, challenger, opponent, game, settings, color, rated, \
         rematch_of, status, created_at, expires_at, thread, blind"
    };
}

/// The raw columns of a challenge row; checked by `finish`.
struct RawChallenge {
    id: i64,
    guild: String,
    channel: String,
    challenger: i64,
    opponent: Option<i64>,
    settings: String,
    color: String,
    rated: bool,
    rematch_of: Option<i64>,
    status: String,
    created_at: String,
    expires_at: String,
    thread: bool,
    blind: bool,
}

fn raw(row: &Row<'_>) -> rusqlite::Result<RawChallenge> {
    Ok(RawChallenge {
        id: row.get(0)?,
        guild: row.get(1)?,
        channel: row.get(2)?,
        challenger: row.get(3)?,
        opponent: row.get(4)?,
        settings: row.get(6)?,
        color: row.get(7)?,
        rated: row.get(8)?,
        rematch_of: row.get(9)?,
        status: row.get(10)?,
        created_at: row.get(11)?,
        expires_at: row.get(12)?,
        thread: row.get(13)?,
        blind: row.get(14)?,
    })
}

fn finish(raw: RawChallenge) -> Result<Challenge> {
    Ok(Challenge {
        id: raw.id,
        guild: raw.guild,
        channel: raw.channel,
        challenger: id_out(raw.challenger),
        opponent: raw.opponent.map(id_out),
        settings: GameSettings::from_json(&raw.settings)
            .map_err(|e| StoreError::Corrupt(e.to_string()))?,
        color: raw.color,
        rated: raw.rated,
        rematch_of: raw.rematch_of,
        status: ChallengeStatus::parse(&raw.status)?,
        created_at: parse_time(&raw.created_at)?,
        expires_at: parse_time(&raw.expires_at)?,
        thread: raw.thread,
        blind: raw.blind,
    })
}

impl Store {
    /// Stores a new open challenge. Refused with `Conflict` when a challenge
    /// already waits in the channel.
    pub fn create_challenge(&self, c: &NewChallenge) -> Result<i64> {
        let conn = self.conn();
        // A shard's file numbers its challenges in its shard's residue (`None`: as SQLite does).
        let id = super::shards::next_id(&conn, "challenges")?;
        let inserted = conn.execute_cached(
            "INSERT INTO challenges (guild, channel, challenger, opponent, game, settings, color,
                                     rated, rematch_of, status, created_at, expires_at,
                                     thread, blind, id)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 'open', ?10, ?11, ?12, ?13, ?14)",
            params![
                c.guild,
                c.channel,
                id_in(c.challenger),
                c.opponent.map(id_in),
                c.settings.kind().name(),
                c.settings.to_json(),
                c.color,
                c.rated,
                c.rematch_of,
                time_text(c.created_at),
                time_text(c.expires_at),
                c.thread,
                c.blind,
                id,
            ],
        );
        match inserted {
            Ok(_) => Ok(conn.last_insert_rowid()),
            Err(e) if super::error::is_constraint(&e) => Err(StoreError::Conflict(
                "a challenge already waits in this channel",
            )),
            Err(e) => Err(e.into()),
        }
    }

    pub fn challenge(&self, id: i64) -> Result<Option<Challenge>> {
        let raw = self
            .conn()
            .query_row_cached(
                concat!(
                    "SELECT ",
                    challenge_columns!(),
                    " FROM challenges WHERE id = ?1"
                ),
                [id],
                raw,
            )
            .optional()?;
        raw.map(finish).transpose()
    }

    /// The challenge waiting in a channel, if any.
    pub fn open_challenge(&self, guild: &str, channel: &str) -> Result<Option<Challenge>> {
        let raw = self
            .conn()
            .query_row_cached(
                concat!(
                    "SELECT ",
                    challenge_columns!(),
                    " FROM challenges
                     WHERE guild = ?1 AND channel = ?2 AND status = 'open'"
                ),
                [guild, channel],
                raw,
            )
            .optional()?;
        raw.map(finish).transpose()
    }

    /// Open challenges whose expiry time has come.
    pub fn due_challenges(&self, now: DateTime<Utc>) -> Result<Vec<Challenge>> {
        let conn = self.conn();
        let mut stmt = conn.prepare_cached(concat!(
            "SELECT ",
            challenge_columns!(),
            " FROM challenges
             WHERE status = 'open' AND expires_at <= ?1 AND guild NOT IN (SELECT guild FROM departed_guilds)
             ORDER BY expires_at, id"
        ))?;
        let raws = stmt
            .query_map([time_text(now)], raw)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        raws.into_iter().map(finish).collect()
    }

    /// Closes an open challenge (declined, cancelled, expired). `false` if it
    /// was no longer open.
    pub fn close_challenge(
        &self,
        id: i64,
        status: ChallengeStatus,
        now: DateTime<Utc>,
    ) -> Result<bool> {
        let changed = self.conn().execute_cached(
            "UPDATE challenges SET status = ?1, closed_at = ?2 WHERE id = ?3 AND status = 'open'",
            params![status.as_str(), time_text(now), id],
        )?;
        Ok(changed == 1)
    }

    /// Accepts an open challenge and starts its game, in one transaction.
    /// `Stale` if the challenge is no longer open; `Conflict` if a game is
    /// already active in the channel.
    pub fn accept_challenge(&self, id: i64, game: &NewGame) -> Result<i64> {
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let changed = tx.execute_cached(
            "UPDATE challenges SET status = 'accepted', closed_at = ?1
             WHERE id = ?2 AND status = 'open'",
            params![time_text(game.created_at), id],
        )?;
        if changed != 1 {
            return Err(StoreError::Stale);
        }
        let game_id = insert_game(&tx, game, Some(id))?;
        tx.commit()?;
        Ok(game_id)
    }
}

impl Store {
    /// The open challenges of a server addressed to a user, still open at `now`.
    pub fn challenges_for(
        &self,
        guild: &str,
        user: UserId,
        now: DateTime<Utc>,
    ) -> Result<Vec<Challenge>> {
        self.open_challenges(guild, ChallengeSide::Opponent, user, now)
    }

    /// The open challenges of a server made by a user, still open at `now`
    /// (issue 13 item 5: the challenger's /games lists them).
    pub fn challenges_by(
        &self,
        guild: &str,
        user: UserId,
        now: DateTime<Utc>,
    ) -> Result<Vec<Challenge>> {
        self.open_challenges(guild, ChallengeSide::Challenger, user, now)
    }

    /// The open challenges of a server where `user` is on `side`, oldest
    /// deadline first.
    fn open_challenges(
        &self,
        guild: &str,
        side: ChallengeSide,
        user: UserId,
        now: DateTime<Utc>,
    ) -> Result<Vec<Challenge>> {
        // One whole statement per side: no SQL is formatted at run time.
        let sql = match side {
            ChallengeSide::Opponent => {
                "SELECT id FROM challenges
                 WHERE guild = ?1 AND status = 'open' AND opponent = ?2 AND expires_at > ?3
                 ORDER BY expires_at, id"
            }
            ChallengeSide::Challenger => {
                "SELECT id FROM challenges
                 WHERE guild = ?1 AND status = 'open' AND challenger = ?2 AND expires_at > ?3
                 ORDER BY expires_at, id"
            }
        };
        let ids: Vec<i64> = {
            let conn = self.conn();
            let mut stmt = conn.prepare_cached(sql)?;
            let ids = stmt
                .query_map(params![guild, id_in(user), time_text(now)], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?;
            ids
        };
        let mut challenges = Vec::new();
        for id in ids {
            if let Some(c) = self.challenge(id)? {
                challenges.push(c);
            }
        }
        Ok(challenges)
    }
}

/// Which party of a challenge a user is.
#[derive(Clone, Copy)]
enum ChallengeSide {
    Challenger,
    Opponent,
}
