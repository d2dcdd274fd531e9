//! Ratings per server (guild), game and player: Glicko-2 through
//! [`crate::rating`], each rated game its own rating period.
//!
//! Ratings change only in [`apply`], which the store's one end-of-game
//! path calls inside the transaction that records the result, and only
//! once per game (that transaction moves the game out of `active`, which
//! can happen once). A restart or a replay of the move lists never touches
//! them.

use super::sql::Cached;
use chrono::{DateTime, Utc};
use rusqlite::{params, OptionalExtension, Transaction};

use super::database::Store;
use super::error::Result;
use super::rows::{finish_row, game_columns, raw, GameStatus, GAME_COLUMNS};
use super::rows::{Finish, GameRow};
use super::sql::{id_in, id_out, parse_time, time_text, UserId};
use crate::games::{GameKind, GameSettings, Seat};
use crate::rating::{self, Rating, Score};

/// Whether a game counts for ratings: it was asked to be rated, it is not
/// a game against oneself, and the game allows it (Tak on 3x3 and 4x4 is
/// never rated).
pub fn counts_for_rating(settings: &GameSettings, players: [UserId; 2], rated: bool) -> bool {
    rated && players[0] != players[1] && settings.can_be_rated()
}

/// A player's standing in one game of one server.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRating {
    pub user: UserId,
    pub rating: Rating,
    pub games: i64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
}

/// What one rated game did to one player.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingChange {
    pub game_id: i64,
    pub seat: Seat,
    pub user: UserId,
    pub score: Score,
    pub before: Rating,
    pub after: Rating,
}

fn score_text(score: Score) -> &'static str {
    match score {
        Score::Win => "win",
        Score::Loss => "loss",
        Score::Draw => "draw",
    }
}

fn score_parse(text: &str) -> Score {
    match text {
        "win" => Score::Win,
        "loss" => Score::Loss,
        _ => Score::Draw,
    }
}

/// A seat's score in a game with this winner.
pub fn score_of(seat: Seat, winner: Option<Seat>) -> Score {
    match winner {
        None => Score::Draw,
        Some(w) if w == seat => Score::Win,
        Some(_) => Score::Loss,
    }
}

fn standing_tx(
    tx: &rusqlite::Connection,
    guild: &str,
    game: &str,
    user: UserId,
) -> Result<Option<PlayerRating>> {
    Ok(tx
        .query_row_cached(
            "SELECT rating, deviation, volatility, games, wins, losses, draws FROM ratings
             WHERE guild = ?1 AND game = ?2 AND user_id = ?3",
            params![guild, game, id_in(user)],
            |r| {
                Ok(PlayerRating {
                    user,
                    rating: Rating {
                        rating: r.get(0)?,
                        deviation: r.get(1)?,
                        volatility: r.get(2)?,
                    },
                    games: r.get(3)?,
                    wins: r.get(4)?,
                    losses: r.get(5)?,
                    draws: r.get(6)?,
                })
            },
        )
        .optional()?)
}

/// Applies a finished game's result to its players' ratings, if it counts.
/// Called only from the store's end-of-game path, inside its transaction.
pub(crate) fn apply(
    tx: &Transaction<'_>,
    game_id: i64,
    finish: &Finish,
    now: DateTime<Utc>,
) -> Result<()> {
    if finish.status != GameStatus::Finished {
        return Ok(());
    }
    let game = finish_row(tx.query_row_cached(
        concat!("SELECT ", game_columns!(), " FROM games WHERE id = ?1"),
        [game_id],
        raw,
    )?)?;
    if !counts_for_rating(&game.settings, game.players, game.rated) {
        return Ok(());
    }
    let kind = game.settings.kind().name();
    let before = |seat: Seat| -> Result<Rating> {
        Ok(standing_tx(tx, &game.guild, kind, game.player(seat))?
            .map_or(Rating::START, |s| s.rating))
    };
    let (first, second) = (before(Seat::Player1)?, before(Seat::Player2)?);
    let score1 = score_of(Seat::Player1, finish.winner);
    let (new1, new2) = rating::update(first, second, score1);
    let now = time_text(now);
    for (seat, old, new) in [(Seat::Player1, first, new1), (Seat::Player2, second, new2)] {
        let user = id_in(game.player(seat));
        let score = score_of(seat, finish.winner);
        let (w, l, d) = match score {
            Score::Win => (1, 0, 0),
            Score::Loss => (0, 1, 0),
            Score::Draw => (0, 0, 1),
        };
        tx.execute_cached(
            "INSERT INTO ratings (guild, game, user_id, rating, deviation, volatility,
                                  games, wins, losses, draws, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, ?7, ?8, ?9, ?10)
             ON CONFLICT (guild, game, user_id) DO UPDATE SET
                 rating = excluded.rating, deviation = excluded.deviation,
                 volatility = excluded.volatility, games = games + 1,
                 wins = wins + excluded.wins, losses = losses + excluded.losses,
                 draws = draws + excluded.draws, updated_at = excluded.updated_at",
            params![
                game.guild,
                kind,
                user,
                new.rating,
                new.deviation,
                new.volatility,
                w,
                l,
                d,
                now
            ],
        )?;
        tx.execute_cached(
            "INSERT INTO rating_changes (game_id, seat, user_id, score, rating_before,
                 deviation_before, volatility_before, rating_after, deviation_after,
                 volatility_after)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            params![
                game_id,
                seat.number(),
                user,
                score_text(score),
                old.rating,
                old.deviation,
                old.volatility,
                new.rating,
                new.deviation,
                new.volatility
            ],
        )?;
    }
    Ok(())
}

type ChangeColumns = (i64, i64, i64, String, f64, f64, f64, f64, f64, f64);

/// The columns of a rating change, in order (a macro: see `rows::game_columns`).
macro_rules! change_columns {
    () => {
        "c.game_id, c.seat, c.user_id, c.score, c.rating_before, \
         c.deviation_before, c.volatility_before, c.rating_after, c.deviation_after, \
         c.volatility_after"
    };
}

fn change_columns(r: &rusqlite::Row<'_>) -> rusqlite::Result<ChangeColumns> {
    Ok((
        r.get(0)?,
        r.get(1)?,
        r.get(2)?,
        r.get(3)?,
        r.get(4)?,
        r.get(5)?,
        r.get(6)?,
        r.get(7)?,
        r.get(8)?,
        r.get(9)?,
    ))
}

fn change(c: ChangeColumns) -> RatingChange {
    let (game_id, seat, user, score, rb, db, vb, ra, da, va) = c;
    RatingChange {
        game_id,
        seat: Seat::from_number(seat).unwrap_or(Seat::Player1),
        user: id_out(user),
        score: score_parse(&score),
        before: Rating {
            rating: rb,
            deviation: db,
            volatility: vb,
        },
        after: Rating {
            rating: ra,
            deviation: da,
            volatility: va,
        },
    }
}

/// A finished game with the time it ended.
#[derive(Clone, Debug)]
pub struct FinishedGame {
    pub game: GameRow,
    pub finished_at: Option<DateTime<Utc>>,
}

impl Store {
    /// What a game did to its players' ratings (Player 1 first); empty for
    /// a game that did not count.
    pub fn rating_changes(&self, game_id: i64) -> Result<Vec<RatingChange>> {
        let conn = self.conn();
        let mut stmt = conn.prepare_cached(concat!(
            "SELECT ",
            change_columns!(),
            " FROM rating_changes c WHERE c.game_id = ?1 ORDER BY c.seat"
        ))?;
        let rows = stmt
            .query_map([game_id], change_columns)?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows.into_iter().map(change).collect())
    }

    /// Every rated player of a game in a server.
    pub fn standings(&self, guild: &str, game: GameKind) -> Result<Vec<PlayerRating>> {
        let conn = self.conn();
        let mut stmt = conn.prepare_cached(
            "SELECT user_id, rating, deviation, volatility, games, wins, losses, draws
             FROM ratings WHERE guild = ?1 AND game = ?2",
        )?;
        let rows = stmt
            .query_map(params![guild, game.name()], |r| {
                Ok(PlayerRating {
                    user: id_out(r.get(0)?),
                    rating: Rating {
                        rating: r.get(1)?,
                        deviation: r.get(2)?,
                        volatility: r.get(3)?,
                    },
                    games: r.get(4)?,
                    wins: r.get(5)?,
                    losses: r.get(6)?,
                    draws: r.get(7)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// The games that have ratings in a server (issue 29: what `/leaderboard`
    /// asks about when the channel names no game), in [`GameKind::ALL`]'s
    /// order; with `player`, only the games that player has a rating in
    /// (what `/rating` asks about).
    pub fn rated_kinds(&self, guild: &str, player: Option<UserId>) -> Result<Vec<GameKind>> {
        let conn = self.conn();
        // Either way the rows are the server's (the key's prefix); a player
        // narrows them further.
        let names = conn
            .prepare_cached(
                "SELECT DISTINCT game FROM ratings
                 WHERE guild = ?1 AND (?2 IS NULL OR user_id = ?2)",
            )?
            .query_map(params![guild, player.map(id_in)], |r| r.get::<_, String>(0))?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(GameKind::ALL
            .iter()
            .copied()
            .filter(|kind| names.iter().any(|name| name == kind.name()))
            .collect())
    }

    /// A player's most recent rated games of one game in a server, newest first.
    pub fn recent_rating_changes(
        &self,
        guild: &str,
        game: GameKind,
        user: UserId,
        limit: usize,
    ) -> Result<Vec<(RatingChange, FinishedGame)>> {
        let rows: Vec<(ChangeColumns, i64)> = {
            let conn = self.conn();
            let mut stmt = conn.prepare_cached(concat!(
                "SELECT ",
                change_columns!(),
                ", g.id FROM rating_changes c JOIN games g ON g.id = c.game_id
                 WHERE g.guild = ?1 AND g.game = ?2 AND c.user_id = ?3
                 ORDER BY c.rowid DESC LIMIT ?4"
            ))?;
            let rows = stmt
                .query_map(
                    params![guild, game.name(), id_in(user), limit as i64],
                    |r| Ok((change_columns(r)?, r.get(10)?)),
                )?
                .collect::<rusqlite::Result<_>>()?;
            rows
        };
        let mut out = Vec::new();
        for (c, game_id) in rows {
            if let Some(finished) = self.finished_game(game_id)? {
                out.push((change(c), finished));
            }
        }
        Ok(out)
    }

    /// A game that is over (finished or aborted), with its end time.
    pub fn finished_game(&self, game_id: i64) -> Result<Option<FinishedGame>> {
        let row = self
            .conn()
            .query_row_cached(
                concat!(
                    "SELECT ",
                    game_columns!(),
                    ", finished_at FROM games WHERE id = ?1 AND status != 'active'"
                ),
                [game_id],
                |r| Ok((raw(r)?, r.get::<_, Option<String>>(GAME_COLUMNS)?)),
            )
            .optional()?;
        row.map(|(raw_game, at)| {
            Ok(FinishedGame {
                game: finish_row(raw_game)?,
                finished_at: at.as_deref().map(parse_time).transpose()?,
            })
        })
        .transpose()
    }

    /// How many games of a server a user has played to the end (or aborted).
    pub fn history_len(&self, guild: &str, user: UserId) -> Result<usize> {
        let n: i64 = self.conn().query_row_cached(
            "SELECT COUNT(*) FROM games
             WHERE guild = ?1 AND status != 'active' AND (player1 = ?2 OR player2 = ?2)",
            params![guild, id_in(user)],
            |r| r.get(0),
        )?;
        Ok(usize::try_from(n).unwrap_or(0))
    }

    /// A user's games of a server that are over, newest first: `limit` of
    /// them after skipping the newest `skip`.
    pub fn history(
        &self,
        guild: &str,
        user: UserId,
        skip: usize,
        limit: usize,
    ) -> Result<Vec<FinishedGame>> {
        let ids: Vec<i64> = {
            let conn = self.conn();
            let mut stmt = conn.prepare_cached(
                "SELECT id FROM games
                 WHERE guild = ?1 AND status != 'active' AND (player1 = ?2 OR player2 = ?2)
                 ORDER BY finished_at DESC, id DESC LIMIT ?3 OFFSET ?4",
            )?;
            let ids = stmt
                .query_map(
                    params![guild, id_in(user), limit as i64, skip as i64],
                    |r| r.get(0),
                )?
                .collect::<rusqlite::Result<_>>()?;
            ids
        };
        let mut out = Vec::new();
        for id in ids {
            if let Some(g) = self.finished_game(id)? {
                out.push(g);
            }
        }
        Ok(out)
    }

    /// Every rated game in the order it was rated, with its changes (for
    /// checking that the stored ratings follow from the stored results).
    pub fn rated_games(&self) -> Result<Vec<(GameRow, Vec<RatingChange>)>> {
        let ids: Vec<i64> = {
            let conn = self.conn();
            let mut stmt = conn.prepare_cached(
                "SELECT game_id FROM rating_changes GROUP BY game_id ORDER BY MIN(rowid)",
            )?;
            let ids = stmt
                .query_map([], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?;
            ids
        };
        let mut out = Vec::new();
        for id in ids {
            if let Some(g) = self.finished_game(id)? {
                out.push((g.game, self.rating_changes(id)?));
            }
        }
        Ok(out)
    }
}
