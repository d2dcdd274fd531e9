-- taktable's first schema. Ids of users are Discord ids (the console derives
-- a stable id from each name); names are for display only. Times are RFC 3339
-- UTC strings from the bot's clock.

CREATE TABLE users (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

-- Challenges, per server (guild) and channel. opponent NULL: an open
-- challenge anyone else may take. color is the challenger's colour:
-- 'white', 'black' or 'random'.
CREATE TABLE challenges (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild       TEXT NOT NULL,
    channel     TEXT NOT NULL,
    challenger  INTEGER NOT NULL REFERENCES users(id),
    opponent    INTEGER REFERENCES users(id),
    game        TEXT NOT NULL,
    settings    TEXT NOT NULL,
    color       TEXT NOT NULL CHECK (color IN ('white', 'black', 'random')),
    rated       INTEGER NOT NULL,
    rematch_of  INTEGER REFERENCES games(id),
    status      TEXT NOT NULL DEFAULT 'open'
                CHECK (status IN ('open', 'accepted', 'declined', 'cancelled', 'expired')),
    created_at  TEXT NOT NULL,
    expires_at  TEXT NOT NULL,
    closed_at   TEXT
);

-- At most one challenge waits in a channel at a time.
CREATE UNIQUE INDEX challenges_one_open_per_channel
    ON challenges (guild, channel) WHERE status = 'open';
CREATE INDEX challenges_by_expiry ON challenges (expires_at) WHERE status = 'open';

-- Games. The move list (moves) is the source of truth; snapshot is the state
-- after the last move (TPS for Tak) and version counts every change of the
-- move list, so a move made against an older version is refused.
CREATE TABLE games (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    guild        TEXT NOT NULL,
    channel      TEXT NOT NULL,
    game         TEXT NOT NULL,
    settings     TEXT NOT NULL,
    player1      INTEGER NOT NULL REFERENCES users(id),
    player2      INTEGER NOT NULL REFERENCES users(id),
    rated        INTEGER NOT NULL,
    challenge_id INTEGER REFERENCES challenges(id),
    status       TEXT NOT NULL DEFAULT 'active'
                 CHECK (status IN ('active', 'finished', 'aborted')),
    result       TEXT,
    winner       INTEGER CHECK (winner IN (1, 2)),
    end_reason   TEXT,
    snapshot     TEXT NOT NULL,
    version      INTEGER NOT NULL DEFAULT 0,
    created_at   TEXT NOT NULL,
    updated_at   TEXT NOT NULL,
    finished_at  TEXT
);

-- One active game per channel.
CREATE UNIQUE INDEX games_one_active_per_channel
    ON games (guild, channel) WHERE status = 'active';
CREATE INDEX games_by_channel ON games (guild, channel, id);

CREATE TABLE moves (
    game_id   INTEGER NOT NULL REFERENCES games(id),
    ply       INTEGER NOT NULL,
    notation  TEXT NOT NULL,
    seat      INTEGER NOT NULL CHECK (seat IN (1, 2)),
    user_id   INTEGER NOT NULL REFERENCES users(id),
    played_at TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
);

-- Pending draw and undo offers. An offer holds for the game version it was
-- made at: any move (or take-back) makes it lapse.
CREATE TABLE offers (
    game_id    INTEGER NOT NULL REFERENCES games(id),
    kind       TEXT NOT NULL CHECK (kind IN ('draw', 'undo')),
    seat       INTEGER NOT NULL CHECK (seat IN (1, 2)),
    version    INTEGER NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (game_id, kind)
);

-- Small facts of the bot itself (the console clock's offset, ...).
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
