//! Correspondence play in the store: server settings, direct-message
//! opt-ins, and each active game's turn clock (when the turn began, what
//! was already announced, and `remind_at`, the next time the scheduler has
//! something to say about it).
//!
//! `remind_at` is recomputed in the same transaction as every change it
//! depends on (a move, a take-back, the start or end of the game, a change
//! of settings), and a due reminder is marked as sent in the same
//! transaction that computes the next due time, so after a restart every
//! due reminder is found in the database and none is sent twice.

use super::sql::Cached;
use chrono::{DateTime, Duration, Utc};
use rusqlite::{params, OptionalExtension, Transaction, TransactionBehavior};

use super::database::Store;
use super::error::Result;
use super::rows::GameRow;
use super::rows::{finish_row, game_columns, raw, RawGame};
use super::schedule::{from_seconds, to_seconds, Due, GuildSettings, Timing, Turn};
use super::sql::{id_in, parse_time, time_text};

/// A game's turn clock as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnClock {
    pub turn: Turn,
    pub timing: Timing,
    /// This game's own reminder interval (`/remind`): `None` when it
    /// follows the server's, `Some(None)` when it is off.
    pub own_interval: Option<Option<Duration>>,
    pub remind_at: Option<DateTime<Utc>>,
}

/// A change of a server's settings (`/settings`); `None`: leave that one as it is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SettingsChange {
    /// The reminder interval; `Some(None)`: no reminders.
    pub reminder: Option<Option<Duration>>,
    /// The timeout; `Some(None)`: no timeout.
    pub timeout: Option<Option<Duration>>,
    /// Whether challenges open a thread unless they say `thread:false`.
    pub threads: Option<bool>,
    /// Whether anyone may create a tournament (issue 32).
    pub tournaments: Option<bool>,
    /// Whether the server's web pages exist (issue 45).
    pub web: Option<bool>,
}

/// A due event taken by the scheduler: what to announce for which game.
#[derive(Clone, Debug)]
pub struct DueGame {
    pub game: GameRow,
    pub due: Due,
    pub timing: Timing,
    /// Nothing is due any more but the game came due all the same: its
    /// timeout's notice was already taken (by a bot that then failed or
    /// stopped before acting on it, or one from before reminders ended at
    /// the timeout, which kept a reminder time after it). Only a claim the
    /// computer still owes is made then (issue 29).
    pub lapsed: bool,
}

fn guild_settings_tx(tx: &rusqlite::Connection, guild: &str) -> Result<GuildSettings> {
    let row: Option<(i64, i64, bool, bool, bool)> = tx
        .query_row_cached(
            "SELECT reminder_seconds, timeout_seconds, threads, tournaments_by_anyone, web
             FROM guild_settings WHERE guild = ?1",
            [guild],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )
        .optional()?;
    Ok(row.map_or_else(
        GuildSettings::default,
        |(reminder, timeout, threads, tournaments_by_anyone, web)| GuildSettings {
            reminder: from_seconds(reminder),
            timeout: from_seconds(timeout),
            threads,
            tournaments_by_anyone,
            web,
        },
    ))
}

fn optional_time(text: Option<String>) -> Result<Option<DateTime<Utc>>> {
    text.as_deref().map(parse_time).transpose()
}

/// The turn clock of a game, read inside a transaction (or connection).
fn clock_tx(conn: &rusqlite::Connection, game_id: i64) -> Result<TurnClock> {
    let (guild, since, own, sent, noted, remind_at, created): (
        String,
        Option<String>,
        Option<i64>,
        i64,
        bool,
        Option<String>,
        String,
    ) = conn.query_row_cached(
        "SELECT guild, turn_since, remind_every, reminders_sent, deadline_noted, remind_at,
                created_at
         FROM games WHERE id = ?1",
        [game_id],
        |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
                r.get(6)?,
            ))
        },
    )?;
    let settings = guild_settings_tx(conn, &guild)?;
    let own_interval = own.map(from_seconds);
    let since = match since {
        Some(text) => parse_time(&text)?,
        None => parse_time(&created)?,
    };
    Ok(TurnClock {
        turn: Turn {
            since,
            reminders_sent: sent,
            deadline_noted: noted,
        },
        timing: Timing {
            every: own_interval.unwrap_or(settings.reminder),
            timeout: settings.timeout,
        },
        own_interval,
        remind_at: optional_time(remind_at)?,
    })
}

/// Writes a game's turn and its next due time.
fn write_turn(tx: &Transaction<'_>, game_id: i64, turn: &Turn, timing: &Timing) -> Result<()> {
    tx.execute_cached(
        "UPDATE games SET turn_since = ?1, reminders_sent = ?2, deadline_noted = ?3, remind_at = ?4
         WHERE id = ?5",
        params![
            time_text(turn.since),
            turn.reminders_sent,
            turn.deadline_noted,
            turn.next_due(timing).map(time_text),
            game_id
        ],
    )?;
    Ok(())
}

/// A new turn begins now (a move, a take-back, the start of the game).
pub(crate) fn start_turn(tx: &Transaction<'_>, game_id: i64, now: DateTime<Utc>) -> Result<()> {
    let clock = clock_tx(tx, game_id)?;
    write_turn(tx, game_id, &Turn::starting(now), &clock.timing)
}

/// The timing of a game changed at `now`: counts again from it.
fn retime(tx: &Transaction<'_>, game_id: i64, now: DateTime<Utc>) -> Result<()> {
    let clock = clock_tx(tx, game_id)?;
    let turn = clock.turn.retimed(&clock.timing, now);
    write_turn(tx, game_id, &turn, &clock.timing)
}

impl Store {
    /// A server's settings (the defaults if it never changed them).
    pub fn guild_settings(&self, guild: &str) -> Result<GuildSettings> {
        guild_settings_tx(&self.conn(), guild)
    }

    /// Changes a server's settings (`None`: leave that one as it is) and
    /// re-times every active game of the server, in one transaction.
    pub fn set_guild_settings(
        &self,
        guild: &str,
        change: &SettingsChange,
        now: DateTime<Utc>,
    ) -> Result<GuildSettings> {
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let old = guild_settings_tx(&tx, guild)?;
        let new = GuildSettings {
            reminder: change.reminder.unwrap_or(old.reminder),
            timeout: change.timeout.unwrap_or(old.timeout),
            threads: change.threads.unwrap_or(old.threads),
            tournaments_by_anyone: change.tournaments.unwrap_or(old.tournaments_by_anyone),
            web: change.web.unwrap_or(old.web),
        };
        tx.execute_cached(
            "INSERT INTO guild_settings (guild, reminder_seconds, timeout_seconds, threads,
                                         tournaments_by_anyone, web, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)
             ON CONFLICT (guild) DO UPDATE SET reminder_seconds = excluded.reminder_seconds,
                 timeout_seconds = excluded.timeout_seconds, threads = excluded.threads,
                 tournaments_by_anyone = excluded.tournaments_by_anyone,
                 web = excluded.web, updated_at = excluded.updated_at",
            params![
                guild,
                to_seconds(new.reminder),
                to_seconds(new.timeout),
                new.threads,
                new.tournaments_by_anyone,
                new.web,
                time_text(now)
            ],
        )?;
        let ids: Vec<i64> = {
            let mut stmt =
                tx.prepare_cached("SELECT id FROM games WHERE guild = ?1 AND status = 'active'")?;
            let ids = stmt
                .query_map([guild], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?;
            ids
        };
        for id in ids {
            retime(&tx, id, now)?;
        }
        tx.commit()?;
        Ok(new)
    }

    /// Sets a game's own reminder interval (`None`: off) and re-times it.
    pub fn set_game_reminder(
        &self,
        game_id: i64,
        every: Option<Duration>,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute_cached(
            "UPDATE games SET remind_every = ?1 WHERE id = ?2 AND status = 'active'",
            params![to_seconds(every), game_id],
        )?;
        retime(&tx, game_id, now)?;
        tx.commit()?;
        Ok(())
    }

    /// A game's turn clock.
    pub fn turn_clock(&self, game_id: i64) -> Result<TurnClock> {
        clock_tx(&self.conn(), game_id)
    }

    /// The earliest time anything falls due: a challenge's expiry, a
    /// game's reminder or deadline, or a personal reminder. Nothing of a
    /// server the bot left falls due (see [`super::departures`]).
    pub fn next_due(&self) -> Result<Option<DateTime<Utc>>> {
        let conn = self.conn();
        let challenge: Option<String> = conn.query_row_cached(
            "SELECT MIN(expires_at) FROM challenges WHERE status = 'open'
             AND guild NOT IN (SELECT guild FROM departed_guilds)",
            [],
            |r| r.get(0),
        )?;
        let game: Option<String> = conn.query_row_cached(
            "SELECT MIN(remind_at) FROM games WHERE status = 'active' AND remind_at IS NOT NULL
             AND guild NOT IN (SELECT guild FROM departed_guilds)",
            [],
            |r| r.get(0),
        )?;
        drop(conn);
        let times = [
            optional_time(challenge)?,
            optional_time(game)?,
            self.next_personal_reminder()?,
        ];
        Ok(times.into_iter().flatten().min())
    }

    /// The ids of the active games with something due by `now`, earliest first.
    pub fn due_game_ids(&self, now: DateTime<Utc>) -> Result<Vec<i64>> {
        let conn = self.conn();
        let mut stmt = conn.prepare_cached(
            "SELECT id FROM games WHERE status = 'active' AND remind_at IS NOT NULL
             AND remind_at <= ?1 AND guild NOT IN (SELECT guild FROM departed_guilds) ORDER BY remind_at, id",
        )?;
        let ids = stmt
            .query_map([time_text(now)], |r| r.get(0))?
            .collect::<rusqlite::Result<_>>()?;
        Ok(ids)
    }

    /// Takes what is due for a game at `now`, marking it as sent and
    /// computing the next due time in one transaction. `None` when nothing
    /// is due (any more): a second call never returns the same event (nor
    /// a lapsed game, see [`DueGame::lapsed`], until it is made due again).
    pub fn take_due(&self, game_id: i64, now: DateTime<Utc>) -> Result<Option<DueGame>> {
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let raw_game: Option<RawGame> = tx
            .query_row_cached(
                concat!(
                    "SELECT ",
                    game_columns!(),
                    " FROM games WHERE id = ?1 AND status = 'active'"
                ),
                [game_id],
                raw,
            )
            .optional()?;
        let Some(raw_game) = raw_game else {
            return Ok(None);
        };
        let game = finish_row(raw_game)?;
        let clock = clock_tx(&tx, game_id)?;
        let due = clock.turn.due(&clock.timing, now);
        write_turn(&tx, game_id, &due.after, &clock.timing)?;
        tx.commit()?;
        let came_due = clock.remind_at.is_some_and(|t| t <= now);
        let lapsed = came_due && !due.reminder && !due.deadline && clock.turn.deadline_noted;
        Ok((due.reminder || due.deadline || lapsed).then_some(DueGame {
            game,
            due,
            timing: clock.timing,
            lapsed,
        }))
    }

    /// Puts a game's next due time off (after a failure to announce it, so
    /// the scheduler does not spin on it).
    pub fn postpone_due(&self, game_id: i64, until: DateTime<Utc>) -> Result<()> {
        self.conn().execute_cached(
            "UPDATE games SET remind_at = ?1 WHERE id = ?2 AND status = 'active'",
            params![time_text(until), game_id],
        )?;
        Ok(())
    }

    /// Whether a user gets "your move" and reminders by direct message: they
    /// asked for them, and their direct messages did not refuse the bot
    /// since (issue 40).
    pub fn dm_enabled(&self, user: super::UserId) -> Result<bool> {
        Ok(self
            .conn()
            .query_row_cached(
                "SELECT d.enabled AND NOT EXISTS (
                     SELECT 1 FROM users u WHERE u.id = d.user_id AND u.dm_refused_at IS NOT NULL)
                 FROM dm_notifications d WHERE d.user_id = ?1",
                [id_in(user)],
                |r| r.get(0),
            )
            .optional()?
            .unwrap_or(false))
    }

    /// Sets whether a user gets direct messages (`/notify`); a refusal of
    /// their direct messages noted before is forgotten (they changed their
    /// settings).
    pub fn set_dm_enabled(
        &self,
        user: super::UserId,
        enabled: bool,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        tx.execute_cached(
            "INSERT INTO dm_notifications (user_id, enabled, updated_at) VALUES (?1, ?2, ?3)
             ON CONFLICT (user_id) DO UPDATE SET enabled = excluded.enabled,
                 updated_at = excluded.updated_at",
            params![id_in(user), enabled, time_text(now)],
        )?;
        tx.execute_cached(
            "UPDATE users SET dm_refused_at = NULL WHERE id = ?1",
            [id_in(user)],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// A user's active games in a server, with their turn clocks.
    pub fn active_games_of(
        &self,
        guild: &str,
        user: super::UserId,
    ) -> Result<Vec<(GameRow, TurnClock)>> {
        let raws: Vec<RawGame> = {
            let conn = self.conn();
            let mut stmt = conn.prepare_cached(concat!(
                "SELECT ",
                game_columns!(),
                " FROM games
                 WHERE guild = ?1 AND status = 'active' AND (player1 = ?2 OR player2 = ?2)
                 ORDER BY id"
            ))?;
            let raws = stmt
                .query_map(params![guild, id_in(user)], raw)?
                .collect::<rusqlite::Result<_>>()?;
            raws
        };
        let mut games = Vec::new();
        for raw_game in raws {
            let game = finish_row(raw_game)?;
            let clock = self.turn_clock(game.id)?;
            games.push((game, clock));
        }
        Ok(games)
    }
}

#[cfg(test)]
mod tests {
    use rusqlite::Connection;
    use rusqlite_migration::Migrations;

    use super::*;
    use crate::store::database::MIGRATIONS;

    #[test]
    fn games_running_before_the_migration_get_a_first_reminder() {
        // A database from before migration 0003 with a game in progress:
        // its turn began at its last change, the first reminder a day later.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.db");
        {
            let mut conn = Connection::open(&path).unwrap();
            Migrations::from_slice(&MIGRATIONS[..1])
                .to_latest(&mut conn)
                .unwrap();
            conn.execute_batch(
                "INSERT INTO users (id, name, updated_at) VALUES (1, 'a', '2026-01-01T00:00:00Z'),
                                                               (2, 'b', '2026-01-01T00:00:00Z');
                 INSERT INTO games (guild, channel, game, settings, player1, player2, rated,
                                    snapshot, created_at, updated_at)
                 VALUES ('g', 'c', 'tak',
                         '{\"game\":\"tak\",\"size\":5,\"komi_halves\":0,\"swap\":true,\"flats\":[21,21],\"caps\":[1,1]}',
                         1, 2, 1, 'x5/x5/x5/x5/x5 1 1', '2026-01-01T00:00:00Z',
                         '2026-01-02T03:04:05Z');",
            )
            .unwrap();
        }
        let store = Store::open(&path).unwrap();
        let clock = store.turn_clock(1).unwrap();
        assert_eq!(time_text(clock.turn.since), "2026-01-02T03:04:05Z");
        assert_eq!(
            clock.remind_at.map(time_text).as_deref(),
            Some("2026-01-03T03:04:05Z")
        );
        assert_eq!(store.next_due().unwrap(), clock.remind_at);
    }
}
