-- Correspondence play (reminders, timeouts, direct messages) and per-server
-- ratings. Durations are whole seconds; 0 means "off".

-- A server's settings (`/settings`). No row: the defaults, reminders every
-- 24 hours and a timeout of 7 days.
CREATE TABLE guild_settings (
    guild            TEXT PRIMARY KEY,
    reminder_seconds INTEGER NOT NULL CHECK (reminder_seconds >= 0),
    timeout_seconds  INTEGER NOT NULL CHECK (timeout_seconds >= 0),
    updated_at       TEXT NOT NULL
);

-- Users who asked for "your move" and reminders by direct message (`/notify`).
CREATE TABLE dm_notifications (
    user_id    INTEGER PRIMARY KEY REFERENCES users(id),
    enabled    INTEGER NOT NULL,
    updated_at TEXT NOT NULL
);

-- The turn clock of a game. turn_since: when the awaited player's turn
-- began (the last move, take-back or the start). remind_every: this game's
-- reminder interval (`/remind`; NULL: the server's). reminders_sent and
-- deadline_noted: what was already announced this turn. remind_at: when the
-- scheduler next has something to say about the game (NULL: nothing), kept
-- up to date in the same transaction as every change it depends on.
ALTER TABLE games ADD COLUMN turn_since TEXT;
ALTER TABLE games ADD COLUMN remind_every INTEGER CHECK (remind_every >= 0);
ALTER TABLE games ADD COLUMN reminders_sent INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN deadline_noted INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN remind_at TEXT;

-- Games already running: their turn began at their last change, and the
-- first reminder falls 24 hours (the default interval) later.
UPDATE games SET turn_since = updated_at,
                 remind_at = strftime('%Y-%m-%dT%H:%M:%SZ', updated_at, '+24 hours')
WHERE status = 'active';

CREATE INDEX games_by_remind_at ON games (remind_at)
    WHERE status = 'active' AND remind_at IS NOT NULL;
CREATE INDEX games_by_player1 ON games (guild, player1, status);
CREATE INDEX games_by_player2 ON games (guild, player2, status);

-- Glicko-2 ratings per server (guild), game and player. Absent: 1500, RD
-- 350, volatility 0.06, no games.
CREATE TABLE ratings (
    guild      TEXT NOT NULL,
    game       TEXT NOT NULL,
    user_id    INTEGER NOT NULL REFERENCES users(id),
    rating     REAL NOT NULL,
    deviation  REAL NOT NULL,
    volatility REAL NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (guild, game, user_id)
);

-- What each rated game did to its players' ratings, written in the same
-- transaction as the game's result. One row per seat.
CREATE TABLE rating_changes (
    game_id           INTEGER NOT NULL REFERENCES games(id),
    seat              INTEGER NOT NULL CHECK (seat IN (1, 2)),
    user_id           INTEGER NOT NULL REFERENCES users(id),
    score             TEXT NOT NULL CHECK (score IN ('win', 'loss', 'draw')),
    rating_before     REAL NOT NULL,
    deviation_before  REAL NOT NULL,
    volatility_before REAL NOT NULL,
    rating_after      REAL NOT NULL,
    deviation_after   REAL NOT NULL,
    volatility_after  REAL NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX rating_changes_by_user ON rating_changes (user_id, game_id);
