//! The store's rows: games, moves, results and offers as the rest of the
//! store and the bot read them. This module uses no other module of the
//! store, so any of them may use it.

use chrono::{DateTime, Utc};
use rusqlite::Row;

use super::error::{Result, StoreError};
use super::sql::{id_out, parse_time, UserId};
use crate::games::{GameSettings, Seat};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameStatus {
    Active,
    Finished,
    Aborted,
}

impl GameStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
            GameStatus::Aborted => "aborted",
        }
    }

    pub(crate) fn parse(s: &str) -> Result<GameStatus> {
        Ok(match s {
            "active" => GameStatus::Active,
            "finished" => GameStatus::Finished,
            "aborted" => GameStatus::Aborted,
            _ => return Err(StoreError::Corrupt(format!("game status `{s}`"))),
        })
    }
}

/// A game as stored (without its moves).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    pub id: i64,
    pub guild: String,
    pub channel: String,
    pub settings: GameSettings,
    /// Player 1 and Player 2.
    pub players: [UserId; 2],
    pub rated: bool,
    pub status: GameStatus,
    pub result: Option<String>,
    pub winner: Option<Seat>,
    pub end_reason: Option<String>,
    pub snapshot: String,
    pub version: i64,
    pub created_at: DateTime<Utc>,
    /// Blind play (issue 15): no board is shown while the game runs.
    pub blind: bool,
}

impl GameRow {
    /// The seat a user holds in this game.
    pub fn seat_of(&self, user: UserId) -> Option<Seat> {
        Seat::ALL
            .into_iter()
            .find(|s| self.players[s.index()] == user)
    }

    pub fn player(&self, seat: Seat) -> UserId {
        self.players[seat.index()]
    }
}

/// A game to store.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub guild: String,
    pub channel: String,
    pub settings: GameSettings,
    pub players: [UserId; 2],
    pub rated: bool,
    /// The snapshot of the start position.
    pub snapshot: String,
    pub created_at: DateTime<Utc>,
    /// Blind play: no board is shown while the game runs.
    pub blind: bool,
}

/// One stored move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRow {
    pub ply: i64,
    pub notation: String,
    pub seat: Seat,
    pub user: UserId,
    pub played_at: DateTime<Utc>,
}

/// How a game ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finish {
    pub status: GameStatus,
    /// The result string (`R-0`, `1-0`, `1/2-1/2`, `*` for an aborted game).
    pub result: String,
    pub winner: Option<Seat>,
    /// road, flats, resignation, agreement, abort.
    pub reason: String,
}

impl Finish {
    /// A win that is not on the board (a resignation, a forfeit, a claim):
    /// `1-0` or `0-1` (RULINGS Tak 6).
    pub fn forfeit(winner: Seat, reason: &str) -> Finish {
        Finish {
            status: GameStatus::Finished,
            result: crate::games::resignation_result(winner).to_string(),
            winner: Some(winner),
            reason: reason.to_string(),
        }
    }

    /// No result, unrated.
    pub fn aborted(reason: &str) -> Finish {
        Finish {
            status: GameStatus::Aborted,
            result: "*".to_string(),
            winner: None,
            reason: reason.to_string(),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferKind {
    Draw,
    Undo,
}

impl OfferKind {
    pub fn as_str(self) -> &'static str {
        match self {
            OfferKind::Draw => "draw",
            OfferKind::Undo => "undo",
        }
    }
}

/// A pending offer: who made it, at which game version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Offer {
    pub seat: Seat,
    pub version: i64,
}

/// The columns of a game row that `raw` reads, in order. A macro, so that
/// every statement is one string literal (`concat!`) and no SQL is ever
/// formatted at run time (tests/faults/faults_sql.rs checks).
macro_rules! game_columns {
    () => {
        "id, guild, channel, settings, player1, player2, rated, \
         status, result, winner, end_reason, snapshot, version, created_at, blind"
    };
}
pub(crate) use game_columns;

/// How many columns [`game_columns`] names: a query that selects more
/// after them reads those from this index on.
pub(crate) const GAME_COLUMNS: usize = 15;

pub(crate) struct RawGame {
    id: i64,
    guild: String,
    channel: String,
    settings: String,
    players: [i64; 2],
    rated: bool,
    status: String,
    result: Option<String>,
    winner: Option<i64>,
    end_reason: Option<String>,
    snapshot: String,
    version: i64,
    created_at: String,
    blind: bool,
}

pub(crate) fn raw(row: &Row<'_>) -> rusqlite::Result<RawGame> {
    Ok(RawGame {
        id: row.get(0)?,
        guild: row.get(1)?,
        channel: row.get(2)?,
        settings: row.get(3)?,
        players: [row.get(4)?, row.get(5)?],
        rated: row.get(6)?,
        status: row.get(7)?,
        result: row.get(8)?,
        winner: row.get(9)?,
        end_reason: row.get(10)?,
        snapshot: row.get(11)?,
        version: row.get(12)?,
        created_at: row.get(13)?,
        blind: row.get(14)?,
    })
}

pub(crate) fn finish_row(raw: RawGame) -> Result<GameRow> {
    Ok(GameRow {
        id: raw.id,
        guild: raw.guild,
        channel: raw.channel,
        settings: GameSettings::from_json(&raw.settings)
            .map_err(|e| StoreError::Corrupt(e.to_string()))?,
        players: raw.players.map(id_out),
        rated: raw.rated,
        status: GameStatus::parse(&raw.status)?,
        result: raw.result,
        winner: raw.winner.and_then(Seat::from_number),
        end_reason: raw.end_reason,
        snapshot: raw.snapshot,
        version: raw.version,
        created_at: parse_time(&raw.created_at)?,
        blind: raw.blind,
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_column_count_matches_the_column_list() {
        assert_eq!(game_columns!().split(',').count(), super::GAME_COLUMNS);
    }
}
