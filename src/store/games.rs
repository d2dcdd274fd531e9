//! Games and their move lists, and the draw and undo offers made in them.
//!
//! The move list is the source of truth. Every change to it (a move, a
//! take-back) and every end of a game updates the snapshot and bumps the
//! version in the same transaction, guarded by `WHERE id = ? AND version = ?`.

use super::sql::Cached;
use chrono::{DateTime, Utc};
use rusqlite::{params, OptionalExtension, Transaction};

use super::database::Store;
use super::error::{Result, StoreError};
use super::rows::{
    finish_row, game_columns, raw, Finish, GameRow, MoveRow, NewGame, Offer, OfferKind,
};
use super::sql::{id_in, id_out, parse_time, time_text, UserId};
use crate::games::{GameState, Seat};

/// Stores a new game. Its board theme is its challenger's choice of now
/// (issue 13 item 10): a later `/theme` changes only games to come.
pub(crate) fn insert_game(
    tx: &Transaction<'_>,
    g: &NewGame,
    challenge: Option<i64>,
) -> Result<i64> {
    let now = time_text(g.created_at);
    // A shard's file numbers its games in its shard's residue (`None`: as SQLite does).
    let id = super::shards::next_id(tx, "games")?;
    let inserted = tx.execute_cached(
        "INSERT INTO games (guild, channel, game, settings, player1, player2, rated, challenge_id,
                            status, snapshot, version, created_at, updated_at, theme, blind, id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 'active', ?9, 0, ?10, ?10,
                 (SELECT u.theme FROM challenges c JOIN users u ON u.id = c.challenger
                  WHERE c.id = ?8), ?11, ?12)",
        params![
            g.guild,
            g.channel,
            g.settings.kind().name(),
            g.settings.to_json(),
            id_in(g.players[0]),
            id_in(g.players[1]),
            g.rated,
            challenge,
            g.snapshot,
            now,
            g.blind,
            id,
        ],
    );
    match inserted {
        Ok(_) => {
            let id = tx.last_insert_rowid();
            super::correspondence::start_turn(tx, id, g.created_at)?;
            Ok(id)
        }
        Err(e) if super::error::is_constraint(&e) => Err(StoreError::Conflict(
            "a game is already in progress in this channel",
        )),
        Err(e) => Err(e.into()),
    }
}

/// Bumps the version of a game from `expected`, or fails with `Stale`.
fn bump(
    tx: &Transaction<'_>,
    game_id: i64,
    expected: i64,
    snapshot: &str,
    now: &str,
) -> Result<()> {
    let changed = tx.execute_cached(
        "UPDATE games SET snapshot = ?1, version = version + 1, updated_at = ?2
         WHERE id = ?3 AND version = ?4 AND status = 'active'",
        params![snapshot, now, game_id, expected],
    )?;
    if changed != 1 {
        return Err(StoreError::Stale);
    }
    Ok(())
}

/// The one end-of-game path: every game that ends (by a move, a
/// resignation, an agreed draw, a claim or an abort) ends here, and the
/// ratings change in the same transaction as the result.
fn set_finished(
    tx: &Transaction<'_>,
    game_id: i64,
    finish: &Finish,
    now: DateTime<Utc>,
) -> Result<()> {
    tx.execute_cached(
        "UPDATE games SET status = ?1, result = ?2, winner = ?3, end_reason = ?4, finished_at = ?5,
                          remind_at = NULL
         WHERE id = ?6",
        params![
            finish.status.as_str(),
            finish.result,
            finish.winner.map(|s| s.number()),
            finish.reason,
            time_text(now),
            game_id
        ],
    )?;
    tx.execute_cached("DELETE FROM offers WHERE game_id = ?1", [game_id])?;
    tx.execute_cached(
        "DELETE FROM personal_reminders WHERE game_id = ?1",
        [game_id],
    )?;
    super::ratings::apply(tx, game_id, finish, now)?;
    Ok(())
}

impl Store {
    /// Starts a game directly (tests; the bot starts games by accepting challenges).
    pub fn create_game(&self, game: &NewGame) -> Result<i64> {
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let id = insert_game(&tx, game, None)?;
        tx.commit()?;
        Ok(id)
    }

    /// The one game (or none) a query of `game_columns!()` finds.
    fn one_game(&self, sql: &str, params: impl rusqlite::Params) -> Result<Option<GameRow>> {
        let raw = self.conn().query_row_cached(sql, params, raw).optional()?;
        raw.map(finish_row).transpose()
    }

    /// A game by its id.
    pub fn game(&self, id: i64) -> Result<Option<GameRow>> {
        self.one_game(
            concat!("SELECT ", game_columns!(), " FROM games WHERE id = ?1"),
            [id],
        )
    }

    /// The game in progress in a channel.
    pub fn active_game(&self, guild: &str, channel: &str) -> Result<Option<GameRow>> {
        self.one_game(
            concat!(
                "SELECT ",
                game_columns!(),
                " FROM games
                 WHERE guild = ?1 AND channel = ?2 AND status = 'active'"
            ),
            [guild, channel],
        )
    }

    /// The most recent game of a channel, in progress or not.
    pub fn latest_game(&self, guild: &str, channel: &str) -> Result<Option<GameRow>> {
        self.one_game(
            concat!(
                "SELECT ",
                game_columns!(),
                " FROM games
                 WHERE guild = ?1 AND channel = ?2 ORDER BY id DESC LIMIT 1"
            ),
            [guild, channel],
        )
    }

    /// The most recent game of a server, in any channel.
    pub fn latest_game_in(&self, guild: &str) -> Result<Option<GameRow>> {
        self.one_game(
            concat!(
                "SELECT ",
                game_columns!(),
                " FROM games WHERE guild = ?1 ORDER BY id DESC LIMIT 1"
            ),
            [guild],
        )
    }

    /// How many games are in progress in a server.
    pub fn active_games_len(&self, guild: &str) -> Result<usize> {
        let n: i64 = self.conn().query_row_cached(
            "SELECT COUNT(*) FROM games WHERE guild = ?1 AND status = 'active'",
            [guild],
            |r| r.get(0),
        )?;
        Ok(usize::try_from(n).unwrap_or(0))
    }

    /// The games in progress in a server, oldest first: `limit` of them
    /// after skipping the oldest `skip`.
    pub fn active_games_in(&self, guild: &str, skip: usize, limit: usize) -> Result<Vec<GameRow>> {
        let conn = self.conn();
        let mut stmt = conn.prepare_cached(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games WHERE guild = ?1 AND status = 'active' ORDER BY id LIMIT ?2 OFFSET ?3"
        ))?;
        let raws = stmt
            .query_map(params![guild, limit as i64, skip as i64], raw)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        raws.into_iter().map(finish_row).collect()
    }

    /// Every game, oldest first.
    pub fn all_games(&self) -> Result<Vec<GameRow>> {
        let conn = self.conn();
        let mut stmt = conn.prepare_cached(concat!(
            "SELECT ",
            game_columns!(),
            " FROM games ORDER BY id"
        ))?;
        let raws = stmt
            .query_map([], raw)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        raws.into_iter().map(finish_row).collect()
    }

    /// The name of the theme a game's pictures use (`None`: the default).
    pub fn game_theme(&self, game_id: i64) -> Result<Option<String>> {
        Ok(self
            .conn()
            .query_row_cached("SELECT theme FROM games WHERE id = ?1", [game_id], |r| {
                r.get::<_, Option<String>>(0)
            })
            .optional()?
            .flatten())
    }

    /// A game's moves in order.
    pub fn moves(&self, game_id: i64) -> Result<Vec<MoveRow>> {
        let conn = self.conn();
        let mut stmt = conn.prepare_cached(
            "SELECT ply, notation, seat, user_id, played_at FROM moves
             WHERE game_id = ?1 ORDER BY ply",
        )?;
        let rows = stmt
            .query_map([game_id], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, i64>(2)?,
                    r.get::<_, i64>(3)?,
                    r.get::<_, String>(4)?,
                ))
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        rows.into_iter()
            .map(|(ply, notation, seat, user, at)| {
                Ok(MoveRow {
                    ply,
                    notation,
                    seat: Seat::from_number(seat)
                        .ok_or_else(|| StoreError::Corrupt(format!("seat {seat}")))?,
                    user: id_out(user),
                    played_at: parse_time(&at)?,
                })
            })
            .collect()
    }

    /// Whether both players have made at least two moves: a game claimed
    /// on time then counts as a win by forfeit, and may no longer be
    /// aborted; before, it ends without a result.
    pub fn two_moves_each(&self, game_id: i64) -> Result<bool> {
        let mut moves = [0; 2];
        for m in self.moves(game_id)? {
            moves[m.seat.index()] += 1;
        }
        Ok(moves.iter().all(|&n| n >= 2))
    }

    /// The game's state, replayed from its settings and move list (the
    /// source of truth). The moves are read in one statement with the
    /// game's version: if another connection changed the game since `game`
    /// was read, this is `Stale` rather than a move list that doesn't match
    /// the row.
    pub fn replay(&self, game: &GameRow) -> Result<GameState> {
        let rows: Vec<(i64, Option<String>)> = {
            let conn = self.conn();
            let mut stmt = conn.prepare_cached(
                "SELECT g.version, m.notation FROM games g
                 LEFT JOIN moves m ON m.game_id = g.id
                 WHERE g.id = ?1 ORDER BY m.ply",
            )?;
            let rows = stmt
                .query_map([game.id], |r| Ok((r.get(0)?, r.get(1)?)))?
                .collect::<rusqlite::Result<_>>()?;
            rows
        };
        if rows.first().map(|(version, _)| *version) != Some(game.version) {
            return Err(StoreError::Stale);
        }
        let moves: Vec<String> = rows.into_iter().filter_map(|(_, m)| m).collect();
        GameState::replay(&game.settings, &moves)
            .map_err(|e| StoreError::Corrupt(format!("game {}: {e}", game.id)))
    }

    /// Appends a move made against `expected` version: the move, the new
    /// snapshot, the version and (if the move ended the game) the result, in
    /// one transaction. Pending offers lapse. Returns the new version, or
    /// `Stale` if the game changed since `expected`.
    #[allow(clippy::too_many_arguments)]
    pub fn record_move(
        &self,
        game_id: i64,
        expected: i64,
        notation: &str,
        seat: Seat,
        user: UserId,
        snapshot: &str,
        finish: Option<&Finish>,
        now: DateTime<Utc>,
    ) -> Result<i64> {
        let at = now;
        let now = time_text(now);
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        bump(&tx, game_id, expected, snapshot, &now)?;
        let ply: i64 = tx.query_row_cached(
            "SELECT COUNT(*) FROM moves WHERE game_id = ?1",
            [game_id],
            |r| r.get(0),
        )?;
        tx.execute_cached(
            "INSERT INTO moves (game_id, ply, notation, seat, user_id, played_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![game_id, ply, notation, seat.number(), id_in(user), now],
        )?;
        tx.execute_cached("DELETE FROM offers WHERE game_id = ?1", [game_id])?;
        match finish {
            Some(finish) => set_finished(&tx, game_id, finish, at)?,
            None => super::correspondence::start_turn(&tx, game_id, at)?,
        }
        tx.commit()?;
        Ok(expected + 1)
    }

    /// Takes back the last move (an accepted undo), against `expected` version.
    pub fn take_back(
        &self,
        game_id: i64,
        expected: i64,
        snapshot: &str,
        now: DateTime<Utc>,
    ) -> Result<i64> {
        let at = now;
        let now = time_text(now);
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        bump(&tx, game_id, expected, snapshot, &now)?;
        let removed = tx.execute_cached(
            "DELETE FROM moves WHERE game_id = ?1
             AND ply = (SELECT MAX(ply) FROM moves WHERE game_id = ?1)",
            [game_id],
        )?;
        if removed != 1 {
            return Err(StoreError::Stale);
        }
        tx.execute_cached("DELETE FROM offers WHERE game_id = ?1", [game_id])?;
        super::correspondence::start_turn(&tx, game_id, at)?;
        tx.commit()?;
        Ok(expected + 1)
    }

    /// Ends a game without a move (resignation, agreed draw, claim, abort), against
    /// `expected` version.
    pub fn end_game(
        &self,
        game_id: i64,
        expected: i64,
        finish: &Finish,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let at = now;
        let now = time_text(now);
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let snapshot: String =
            tx.query_row_cached("SELECT snapshot FROM games WHERE id = ?1", [game_id], |r| {
                r.get(0)
            })?;
        bump(&tx, game_id, expected, &snapshot, &now)?;
        set_finished(&tx, game_id, finish, at)?;
        tx.commit()?;
        Ok(())
    }

    /// Records (or replaces) an offer made at game version `version`.
    pub fn set_offer(
        &self,
        game_id: i64,
        kind: OfferKind,
        seat: Seat,
        version: i64,
        now: DateTime<Utc>,
    ) -> Result<()> {
        self.conn().execute_cached(
            "INSERT INTO offers (game_id, kind, seat, version, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5)
             ON CONFLICT (game_id, kind) DO UPDATE
             SET seat = excluded.seat, version = excluded.version, created_at = excluded.created_at",
            params![game_id, kind.as_str(), seat.number(), version, time_text(now)],
        )?;
        Ok(())
    }

    /// The pending offer of a kind, if it still holds for `version`.
    pub fn offer(&self, game_id: i64, kind: OfferKind, version: i64) -> Result<Option<Offer>> {
        let row: Option<(i64, i64)> = self
            .conn()
            .query_row_cached(
                "SELECT seat, version FROM offers WHERE game_id = ?1 AND kind = ?2",
                params![game_id, kind.as_str()],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?;
        Ok(row.and_then(|(seat, v)| {
            let seat = Seat::from_number(seat)?;
            (v == version).then_some(Offer { seat, version: v })
        }))
    }

    pub fn clear_offer(&self, game_id: i64, kind: OfferKind) -> Result<bool> {
        let n = self.conn().execute_cached(
            "DELETE FROM offers WHERE game_id = ?1 AND kind = ?2",
            params![game_id, kind.as_str()],
        )?;
        Ok(n > 0)
    }
}
