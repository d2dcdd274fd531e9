-- Server tournaments (issue 32): Swiss and round robin, each round's games
-- played as correspondence games. One tournament signs up or runs per
-- channel at a time. Entrants are numbered by seed (from 0) when the
-- tournament starts; rounds and pairings name them by seed, and each
-- pairing links the game played for it.

CREATE TABLE tournaments (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    guild         TEXT NOT NULL,
    channel       TEXT NOT NULL,
    creator       INTEGER NOT NULL REFERENCES users(id),
    game          TEXT NOT NULL,
    -- The game's settings as JSON, as a game row keeps them.
    settings      TEXT NOT NULL,
    format        TEXT NOT NULL CHECK (format IN ('swiss', 'round-robin')),
    -- The rounds asked for (a round robin plays as many as its players need).
    rounds        INTEGER NOT NULL CHECK (rounds >= 1),
    round_seconds INTEGER NOT NULL CHECK (round_seconds > 0),
    rated         INTEGER NOT NULL,
    status        TEXT NOT NULL DEFAULT 'signup'
                  CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    -- When it starts by itself (`starts:`); NULL: at `/tournament start`.
    starts_at     TEXT,
    created_at    TEXT NOT NULL,
    started_at    TEXT,
    finished_at   TEXT
);

CREATE UNIQUE INDEX tournaments_one_per_channel
    ON tournaments (guild, channel) WHERE status IN ('signup', 'running');
CREATE INDEX tournaments_by_start ON tournaments (starts_at)
    WHERE status = 'signup' AND starts_at IS NOT NULL;

CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    user_id       INTEGER NOT NULL REFERENCES users(id),
    joined_at     TEXT NOT NULL,
    -- Set when the tournament starts: 0 for the first seed.
    seed          INTEGER,
    -- The rating the pairings ranked them by, fixed at the start.
    rating        INTEGER,
    -- The round after which they withdrew (0: before the first); NULL: in.
    withdrawn_after INTEGER,
    PRIMARY KEY (tournament_id, user_id)
);
CREATE UNIQUE INDEX tournament_entrants_by_seed
    ON tournament_entrants (tournament_id, seed) WHERE seed IS NOT NULL;

CREATE TABLE tournament_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    -- From 1.
    number        INTEGER NOT NULL CHECK (number >= 1),
    -- The seed with the bye, if any.
    bye           INTEGER,
    started_at    TEXT NOT NULL,
    deadline      TEXT NOT NULL,
    finished_at   TEXT,
    PRIMARY KEY (tournament_id, number)
);
CREATE INDEX tournament_rounds_by_deadline ON tournament_rounds (deadline)
    WHERE finished_at IS NULL;

-- A pairing's outcome: 'pending' while its game runs (the game's result
-- then says it), else 'white', 'black', 'draw', or 'both-lose' (left
-- unplayed by both at the deadline). A forfeit without a game (a
-- withdrawal) has no game_id.
CREATE TABLE tournament_pairings (
    tournament_id INTEGER NOT NULL,
    round         INTEGER NOT NULL,
    -- From 1.
    board         INTEGER NOT NULL,
    white         INTEGER NOT NULL,
    black         INTEGER NOT NULL,
    game_id       INTEGER UNIQUE REFERENCES games(id),
    outcome       TEXT NOT NULL DEFAULT 'pending'
                  CHECK (outcome IN ('pending', 'white', 'black', 'draw', 'both-lose')),
    PRIMARY KEY (tournament_id, round, board),
    FOREIGN KEY (tournament_id, round) REFERENCES tournament_rounds (tournament_id, number)
);
