//! Server tournaments (issue 32): a tournament per channel at a time, its
//! entrants (by seed once it starts), its rounds and their pairings, each
//! pairing linked to the game played for it. The pairings and standings
//! are the bot's (`bot::tournament`); the store keeps what was decided.

use chrono::{DateTime, Duration, Utc};
use rusqlite::{params, OptionalExtension, Row};

use super::database::Store;
use super::error::{Result, StoreError};
use super::games::insert_game;
use super::rows::{GameStatus, NewGame};
use super::sql::{id_in, id_out, parse_time, time_text, Cached, UserId};
use crate::games::{GameSettings, Seat};

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentStatus {
    /// Taking sign-ups.
    SignUp,
    Running,
    Finished,
    Cancelled,
}

impl TournamentStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            TournamentStatus::SignUp => "signup",
            TournamentStatus::Running => "running",
            TournamentStatus::Finished => "finished",
            TournamentStatus::Cancelled => "cancelled",
        }
    }

    fn parse(s: &str) -> Result<TournamentStatus> {
        Ok(match s {
            "signup" => TournamentStatus::SignUp,
            "running" => TournamentStatus::Running,
            "finished" => TournamentStatus::Finished,
            "cancelled" => TournamentStatus::Cancelled,
            _ => return Err(StoreError::Corrupt(format!("tournament status `{s}`"))),
        })
    }
}

/// A tournament to store, taking sign-ups.
#[derive(Clone, Debug)]
pub struct NewTournament {
    pub guild: String,
    pub channel: String,
    pub creator: UserId,
    pub settings: GameSettings,
    /// `swiss` or `round-robin`.
    pub format: &'static str,
    pub rounds: u32,
    pub round_time: Duration,
    pub rated: bool,
    pub starts_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentRow {
    pub id: i64,
    pub guild: String,
    pub channel: String,
    pub creator: UserId,
    pub settings: GameSettings,
    pub format: String,
    pub rounds: u32,
    pub round_time: Duration,
    pub rated: bool,
    pub status: TournamentStatus,
    pub starts_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
}

/// An entrant: by seed (from 0) once the tournament has started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entrant {
    pub user: UserId,
    pub joined_at: DateTime<Utc>,
    pub seed: Option<usize>,
    pub rating: Option<i32>,
    /// The round after which they withdrew (0: before the first).
    pub withdrawn_after: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundRow {
    /// From 1.
    pub number: u32,
    /// The seed with the bye.
    pub bye: Option<usize>,
    pub started_at: DateTime<Utc>,
    pub deadline: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
    /// When its next reminder before the deadline falls (`None`: no
    /// reminder is left).
    pub warn_at: Option<DateTime<Utc>>,
}

/// A pairing's stored outcome: `pending` while its game runs (the game's
/// own result then says how it ended), else `white`, `black`, `draw` or
/// `both-lose`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingRow {
    pub round: u32,
    /// From 1.
    pub board: u32,
    /// Seeds; white is the game's first player.
    pub white: usize,
    pub black: usize,
    pub game_id: Option<i64>,
    pub outcome: String,
    /// The linked game's status and winner.
    pub game_status: Option<GameStatus>,
    pub game_winner: Option<Seat>,
}

/// A pairing to store: with a game to start, or decided without one (a
/// forfeit), its outcome given.
#[derive(Clone, Debug)]
pub struct NewPairing {
    pub white: usize,
    pub black: usize,
    pub game: Option<NewGame>,
    pub outcome: &'static str,
}

/// A new round to store with its pairings.
#[derive(Clone, Debug)]
pub struct NewRound {
    pub number: u32,
    pub bye: Option<usize>,
    pub started_at: DateTime<Utc>,
    pub deadline: DateTime<Utc>,
    /// When its first reminder before the deadline falls.
    pub warn_at: Option<DateTime<Utc>>,
    pub pairings: Vec<NewPairing>,
}

/// What the scheduler has to do for a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentDue {
    /// Its `starts:` time has come.
    Start(i64),
    /// Its current round is over (every game ended) or past its deadline.
    Round(i64, u32),
    /// Its current round's players with a game still running are to be
    /// reminded of the deadline.
    Warn(i64, u32),
}

macro_rules! tournament_columns {
    () => {
        "id, guild, channel, creator, settings, format, rounds, round_seconds, rated, status, \
         starts_at, created_at, started_at, finished_at"
    };
}

fn optional_time(text: Option<String>) -> Result<Option<DateTime<Utc>>> {
    text.as_deref().map(parse_time).transpose()
}

type RawTournament = (
    i64,
    String,
    String,
    i64,
    String,
    String,
    u32,
    i64,
    bool,
    String,
    Option<String>,
    String,
    Option<String>,
    Option<String>,
);

fn raw_tournament(row: &Row<'_>) -> rusqlite::Result<RawTournament> {
    Ok((
        row.get(0)?,
        row.get(1)?,
        row.get(2)?,
        row.get(3)?,
        row.get(4)?,
        row.get(5)?,
        row.get(6)?,
        row.get(7)?,
        row.get(8)?,
        row.get(9)?,
        row.get(10)?,
        row.get(11)?,
        row.get(12)?,
        row.get(13)?,
    ))
}

fn tournament_row(raw: RawTournament) -> Result<TournamentRow> {
    let (
        id,
        guild,
        channel,
        creator,
        settings,
        format,
        rounds,
        seconds,
        rated,
        status,
        starts,
        created,
        started,
        finished,
    ) = raw;
    Ok(TournamentRow {
        id,
        guild,
        channel,
        creator: id_out(creator),
        settings: GameSettings::from_json(&settings)
            .map_err(|e| StoreError::Corrupt(e.to_string()))?,
        format,
        rounds,
        round_time: Duration::try_seconds(seconds)
            .ok_or_else(|| StoreError::Corrupt(format!("round time {seconds}")))?,
        rated,
        status: TournamentStatus::parse(&status)?,
        starts_at: optional_time(starts)?,
        created_at: parse_time(&created)?,
        started_at: optional_time(started)?,
        finished_at: optional_time(finished)?,
    })
}

fn seed_in(seed: usize) -> i64 {
    seed as i64
}

fn seed_out(seed: i64) -> Result<usize> {
    usize::try_from(seed).map_err(|_| StoreError::Corrupt(format!("seed {seed}")))
}

impl Store {
    /// Stores a tournament taking sign-ups: its id, or `Conflict` when the
    /// channel already has one signing up or running.
    pub fn create_tournament(&self, t: &NewTournament) -> Result<i64> {
        let conn = self.conn();
        // A shard's file numbers its tournaments in its shard's residue, so a
        // reshard that merges files never meets one id twice.
        let id = super::shards::next_id(&conn, "tournaments")?;
        let inserted = conn.execute_cached(
            "INSERT INTO tournaments (guild, channel, creator, game, settings, format, rounds,
                                      round_seconds, rated, starts_at, created_at, id)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
            params![
                t.guild,
                t.channel,
                id_in(t.creator),
                t.settings.kind().name(),
                t.settings.to_json(),
                t.format,
                t.rounds,
                t.round_time.num_seconds(),
                t.rated,
                t.starts_at.map(time_text),
                time_text(t.created_at),
                id,
            ],
        );
        match inserted {
            Ok(_) => Ok(conn.last_insert_rowid()),
            Err(e) if super::error::is_constraint(&e) => Err(StoreError::Conflict(
                "a tournament is already signing up or running in this channel",
            )),
            Err(e) => Err(e.into()),
        }
    }

    pub fn tournament(&self, id: i64) -> Result<Option<TournamentRow>> {
        let raw = self
            .conn()
            .query_row_cached(
                concat!(
                    "SELECT ",
                    tournament_columns!(),
                    " FROM tournaments WHERE id = ?1"
                ),
                [id],
                raw_tournament,
            )
            .optional()?;
        raw.map(tournament_row).transpose()
    }

    /// The tournament signing up or running in a channel.
    pub fn open_tournament(&self, guild: &str, channel: &str) -> Result<Option<TournamentRow>> {
        self.tournament_of_channel(
            concat!(
                "SELECT ",
                tournament_columns!(),
                " FROM tournaments WHERE guild = ?1 AND channel = ?2
                  AND status IN ('signup', 'running')"
            ),
            guild,
            channel,
        )
    }

    /// The latest tournament of a channel, whatever its status.
    pub fn latest_tournament(&self, guild: &str, channel: &str) -> Result<Option<TournamentRow>> {
        self.tournament_of_channel(
            concat!(
                "SELECT ",
                tournament_columns!(),
                " FROM tournaments WHERE guild = ?1 AND channel = ?2
                  ORDER BY created_at DESC, id DESC LIMIT 1"
            ),
            guild,
            channel,
        )
    }

    /// The one tournament `sql` selects for a channel.
    fn tournament_of_channel(
        &self,
        sql: &str,
        guild: &str,
        channel: &str,
    ) -> Result<Option<TournamentRow>> {
        let raw = self
            .conn()
            .query_row_cached(sql, params![guild, channel], raw_tournament)
            .optional()?;
        raw.map(tournament_row).transpose()
    }

    /// Signs `user` up: false if already signed up; `Stale` if sign-ups
    /// are closed.
    pub fn join_tournament(&self, id: i64, user: UserId, now: DateTime<Utc>) -> Result<bool> {
        let conn = self.conn();
        let inserted = conn.execute_cached(
            "INSERT OR IGNORE INTO tournament_entrants (tournament_id, user_id, joined_at)
             SELECT id, ?2, ?3 FROM tournaments WHERE id = ?1 AND status = 'signup'",
            params![id, id_in(user), time_text(now)],
        )?;
        if inserted == 1 {
            return Ok(true);
        }
        let open: bool = conn.query_row_cached(
            "SELECT COUNT(*) FROM tournaments WHERE id = ?1 AND status = 'signup'",
            [id],
            |row| row.get(0),
        )?;
        if open {
            Ok(false)
        } else {
            Err(StoreError::Stale)
        }
    }

    /// Takes `user` off the sign-up list: false if not on it; `Stale` if
    /// sign-ups are closed.
    pub fn leave_tournament(&self, id: i64, user: UserId) -> Result<bool> {
        let conn = self.conn();
        let open: bool = conn.query_row_cached(
            "SELECT COUNT(*) FROM tournaments WHERE id = ?1 AND status = 'signup'",
            [id],
            |row| row.get(0),
        )?;
        if !open {
            return Err(StoreError::Stale);
        }
        let removed = conn.execute_cached(
            "DELETE FROM tournament_entrants WHERE tournament_id = ?1 AND user_id = ?2",
            params![id, id_in(user)],
        )?;
        Ok(removed == 1)
    }

    /// The entrants, by seed once seeded, else in the order they joined.
    pub fn entrants(&self, id: i64) -> Result<Vec<Entrant>> {
        let conn = self.conn();
        let mut stmt = conn.prepare_cached(
            "SELECT user_id, joined_at, seed, rating, withdrawn_after FROM tournament_entrants
             WHERE tournament_id = ?1 ORDER BY seed IS NULL, seed, joined_at, rowid",
        )?;
        let rows = stmt.query_map([id], |row| {
            Ok((
                row.get::<_, i64>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, Option<i64>>(2)?,
                row.get::<_, Option<i32>>(3)?,
                row.get::<_, Option<u32>>(4)?,
            ))
        })?;
        let mut entrants = Vec::new();
        for row in rows {
            let (user, joined, seed, rating, withdrawn_after) = row?;
            entrants.push(Entrant {
                user: id_out(user),
                joined_at: parse_time(&joined)?,
                seed: seed.map(seed_out).transpose()?,
                rating,
                withdrawn_after,
            });
        }
        Ok(entrants)
    }

    /// Starts a tournament signing up: its entrants get their seeds (the
    /// order of `seeds`, each with the rating it was ranked by). `Stale`
    /// if it was no longer signing up.
    pub fn start_tournament(
        &self,
        id: i64,
        seeds: &[(UserId, i32)],
        now: DateTime<Utc>,
    ) -> Result<()> {
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let changed = tx.execute_cached(
            "UPDATE tournaments SET status = 'running', started_at = ?2
             WHERE id = ?1 AND status = 'signup'",
            params![id, time_text(now)],
        )?;
        if changed != 1 {
            return Err(StoreError::Stale);
        }
        for (seed, &(user, rating)) in seeds.iter().enumerate() {
            tx.execute_cached(
                "UPDATE tournament_entrants SET seed = ?3, rating = ?4
                 WHERE tournament_id = ?1 AND user_id = ?2",
                params![id, id_in(user), seed_in(seed), rating],
            )?;
        }
        tx.execute_cached(
            "DELETE FROM tournament_entrants WHERE tournament_id = ?1 AND seed IS NULL",
            [id],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Notes that `user` withdrew after round `after`: false if they were
    /// not in, or had already withdrawn.
    pub fn withdraw_from_tournament(&self, id: i64, user: UserId, after: u32) -> Result<bool> {
        let changed = self.conn().execute_cached(
            "UPDATE tournament_entrants SET withdrawn_after = ?3
             WHERE tournament_id = ?1 AND user_id = ?2 AND withdrawn_after IS NULL",
            params![id, id_in(user), after],
        )?;
        Ok(changed == 1)
    }

    /// Stores a round and starts its games, in one transaction: the ids of
    /// the games started, one per pairing (`None`: decided without one).
    pub fn add_round(&self, id: i64, round: &NewRound) -> Result<Vec<Option<i64>>> {
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        tx.execute_cached(
            "INSERT INTO tournament_rounds (tournament_id, number, bye, started_at, deadline,
                                            warn_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                id,
                round.number,
                round.bye.map(seed_in),
                time_text(round.started_at),
                time_text(round.deadline),
                round.warn_at.map(time_text),
            ],
        )
        .map_err(|e| {
            if super::error::is_constraint(&e) {
                StoreError::Stale
            } else {
                e.into()
            }
        })?;
        let mut games = Vec::with_capacity(round.pairings.len());
        for (board, pairing) in round.pairings.iter().enumerate() {
            let game = pairing
                .game
                .as_ref()
                .map(|game| insert_game(&tx, game, None))
                .transpose()?;
            tx.execute_cached(
                "INSERT INTO tournament_pairings (tournament_id, round, board, white, black,
                                                  game_id, outcome)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    id,
                    round.number,
                    board as i64 + 1,
                    seed_in(pairing.white),
                    seed_in(pairing.black),
                    game,
                    pairing.outcome,
                ],
            )?;
            games.push(game);
        }
        tx.commit()?;
        Ok(games)
    }

    pub fn tournament_rounds(&self, id: i64) -> Result<Vec<RoundRow>> {
        let conn = self.conn();
        let mut stmt = conn.prepare_cached(
            "SELECT number, bye, started_at, deadline, finished_at, warn_at
             FROM tournament_rounds WHERE tournament_id = ?1 ORDER BY number",
        )?;
        let rows = stmt.query_map([id], |row| {
            Ok((
                row.get::<_, u32>(0)?,
                row.get::<_, Option<i64>>(1)?,
                row.get::<_, String>(2)?,
                row.get::<_, String>(3)?,
                row.get::<_, Option<String>>(4)?,
                row.get::<_, Option<String>>(5)?,
            ))
        })?;
        let mut rounds = Vec::new();
        for row in rows {
            let (number, bye, started, deadline, finished, warn) = row?;
            rounds.push(RoundRow {
                number,
                bye: bye.map(seed_out).transpose()?,
                started_at: parse_time(&started)?,
                deadline: parse_time(&deadline)?,
                finished_at: optional_time(finished)?,
                warn_at: optional_time(warn)?,
            });
        }
        Ok(rounds)
    }

    /// Every pairing of a tournament, round by round and board by board,
    /// with its game's status and winner.
    pub fn tournament_pairings(&self, id: i64) -> Result<Vec<PairingRow>> {
        let conn = self.conn();
        let mut stmt = conn.prepare_cached(
            "SELECT p.round, p.board, p.white, p.black, p.game_id, p.outcome, g.status, g.winner
             FROM tournament_pairings p LEFT JOIN games g ON g.id = p.game_id
             WHERE p.tournament_id = ?1 ORDER BY p.round, p.board",
        )?;
        let rows = stmt.query_map([id], |row| {
            Ok((
                row.get::<_, u32>(0)?,
                row.get::<_, u32>(1)?,
                row.get::<_, i64>(2)?,
                row.get::<_, i64>(3)?,
                row.get::<_, Option<i64>>(4)?,
                row.get::<_, String>(5)?,
                row.get::<_, Option<String>>(6)?,
                row.get::<_, Option<i64>>(7)?,
            ))
        })?;
        let mut pairings = Vec::new();
        for row in rows {
            let (round, board, white, black, game_id, outcome, status, winner) = row?;
            pairings.push(PairingRow {
                round,
                board,
                white: seed_out(white)?,
                black: seed_out(black)?,
                game_id,
                outcome,
                game_status: status.as_deref().map(GameStatus::parse).transpose()?,
                game_winner: winner.and_then(Seat::from_number),
            });
        }
        Ok(pairings)
    }

    /// Sets a pairing's outcome (`white`, `black`, `draw`, `both-lose`).
    pub fn set_pairing_outcome(
        &self,
        id: i64,
        round: u32,
        board: u32,
        outcome: &str,
    ) -> Result<()> {
        self.conn().execute_cached(
            "UPDATE tournament_pairings SET outcome = ?4
             WHERE tournament_id = ?1 AND round = ?2 AND board = ?3",
            params![id, round, board, outcome],
        )?;
        Ok(())
    }

    /// Closes a round: false if it was already closed (so a round is
    /// closed once, however many ticks see it over).
    pub fn finish_round(&self, id: i64, number: u32, now: DateTime<Utc>) -> Result<bool> {
        let changed = self.conn().execute_cached(
            "UPDATE tournament_rounds SET finished_at = ?3
             WHERE tournament_id = ?1 AND number = ?2 AND finished_at IS NULL",
            params![id, number, time_text(now)],
        )?;
        Ok(changed == 1)
    }

    /// Marks the reminder of round `number` that fell at `taken` as sent,
    /// the next one falling at `next`: false if it was marked already (so
    /// a reminder is sent once, however many ticks see it due).
    pub fn take_round_warning(
        &self,
        id: i64,
        number: u32,
        taken: DateTime<Utc>,
        next: Option<DateTime<Utc>>,
    ) -> Result<bool> {
        let changed = self.conn().execute_cached(
            "UPDATE tournament_rounds SET warn_at = ?4
             WHERE tournament_id = ?1 AND number = ?2 AND warn_at = ?3",
            params![id, number, time_text(taken), next.map(time_text)],
        )?;
        Ok(changed == 1)
    }

    /// Ends a tournament (finished or cancelled): false if it had ended.
    pub fn end_tournament(
        &self,
        id: i64,
        status: TournamentStatus,
        now: DateTime<Utc>,
    ) -> Result<bool> {
        let changed = self.conn().execute_cached(
            "UPDATE tournaments SET status = ?2, finished_at = ?3
             WHERE id = ?1 AND status IN ('signup', 'running')",
            params![id, status.as_str(), time_text(now)],
        )?;
        Ok(changed == 1)
    }

    /// The tournament, round and board a game was played for.
    pub fn tournament_of_game(&self, game_id: i64) -> Result<Option<(i64, u32, u32)>> {
        Ok(self
            .conn()
            .query_row_cached(
                "SELECT tournament_id, round, board FROM tournament_pairings WHERE game_id = ?1",
                [game_id],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
            )
            .optional()?)
    }

    /// The deadline of the tournament round a game is played for, if it is one.
    pub fn round_deadline_of_game(&self, game_id: i64) -> Result<Option<DateTime<Utc>>> {
        let deadline: Option<String> = self
            .conn()
            .query_row_cached(
                "SELECT r.deadline FROM tournament_pairings p
                 JOIN tournament_rounds r ON r.tournament_id = p.tournament_id AND r.number = p.round
                 WHERE p.game_id = ?1",
                [game_id],
                |row| row.get(0),
            )
            .optional()?;
        optional_time(deadline)
    }

    /// What the scheduler has to do for tournaments at `now`: starts whose
    /// time has come, and open rounds past their deadline or with every
    /// game over. With `guild`, only that server's: a command checks its
    /// own server's tournaments, so its cost never grows with other
    /// servers' (the scheduler checks them all).
    pub fn tournaments_due(
        &self,
        now: DateTime<Utc>,
        guild: Option<&str>,
    ) -> Result<Vec<TournamentDue>> {
        macro_rules! starts {
            ($filter:literal) => {
                concat!(
                    "SELECT id FROM tournaments
                     WHERE status = 'signup' AND starts_at IS NOT NULL AND starts_at <= ?1
                     AND guild NOT IN (SELECT guild FROM departed_guilds)",
                    $filter,
                    " ORDER BY id"
                )
            };
        }
        macro_rules! warnings {
            ($filter:literal) => {
                concat!(
                    "SELECT r.tournament_id, r.number FROM tournament_rounds r
                     JOIN tournaments t ON t.id = r.tournament_id AND t.status = 'running'",
                    $filter,
                    " WHERE r.finished_at IS NULL AND r.warn_at IS NOT NULL AND r.warn_at <= ?1
                     ORDER BY r.tournament_id, r.number"
                )
            };
        }
        macro_rules! rounds {
            ($filter:literal) => {
                concat!(
                    "SELECT r.tournament_id, r.number FROM tournament_rounds r
                     JOIN tournaments t ON t.id = r.tournament_id AND t.status = 'running'
                     AND t.guild NOT IN (SELECT guild FROM departed_guilds)",
                    $filter,
                    " WHERE r.finished_at IS NULL AND (r.deadline <= ?1 OR NOT EXISTS (
                         SELECT 1 FROM tournament_pairings p LEFT JOIN games g ON g.id = p.game_id
                         WHERE p.tournament_id = r.tournament_id AND p.round = r.number
                           AND p.outcome = 'pending' AND (g.id IS NULL OR g.status = 'active')))
                     ORDER BY r.tournament_id, r.number"
                )
            };
        }
        let conn = self.conn();
        let now = time_text(now);
        let mut due = Vec::new();
        let (mut starts, mut rounds, mut warnings) = match guild {
            None => (
                conn.prepare_cached(starts!(""))?,
                conn.prepare_cached(rounds!(""))?,
                conn.prepare_cached(warnings!(""))?,
            ),
            Some(_) => (
                conn.prepare_cached(starts!(" AND guild = ?2"))?,
                conn.prepare_cached(rounds!(" AND t.guild = ?2"))?,
                conn.prepare_cached(warnings!(" AND t.guild = ?2"))?,
            ),
        };
        let mut params: Vec<&dyn rusqlite::ToSql> = vec![&now];
        if let Some(guild) = &guild {
            params.push(guild);
        }
        for id in starts.query_map(&params[..], |row| row.get(0))? {
            due.push(TournamentDue::Start(id?));
        }
        for row in rounds.query_map(&params[..], |row| Ok((row.get(0)?, row.get(1)?)))? {
            let (id, number) = row?;
            due.push(TournamentDue::Round(id, number));
        }
        // After the rounds: a round that ends now needs no reminder.
        for row in warnings.query_map(&params[..], |row| Ok((row.get(0)?, row.get(1)?)))? {
            let (id, number) = row?;
            if !due.contains(&TournamentDue::Round(id, number)) {
                due.push(TournamentDue::Warn(id, number));
            }
        }
        Ok(due)
    }

    /// When the scheduler next has something to do for a tournament: the
    /// earliest `starts:` time, open round's deadline or reminder before
    /// it (`None`: nothing).
    /// A round whose games are all over is due at once: every command checks
    /// [`Store::tournaments_due`] for its server.
    pub fn next_tournament_due(&self) -> Result<Option<DateTime<Utc>>> {
        let next: Option<String> = self.conn().query_row_cached(
            "SELECT MIN(t) FROM (
                 SELECT MIN(starts_at) AS t FROM tournaments
                 WHERE status = 'signup' AND starts_at IS NOT NULL AND guild NOT IN (SELECT guild FROM departed_guilds)
                 UNION ALL
                 SELECT MIN(COALESCE(r.warn_at, r.deadline)) FROM tournament_rounds r
                 JOIN tournaments x ON x.id = r.tournament_id AND x.status = 'running'
                 AND x.guild NOT IN (SELECT guild FROM departed_guilds)
                 WHERE r.finished_at IS NULL)",
            [],
            |row| row.get(0),
        )?;
        optional_time(next)
    }
}

#[cfg(test)]
mod tests;
