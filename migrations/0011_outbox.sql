-- Issue 40: what the bot must say is kept until it is said. Each row is one
-- reply of the core (a move's announcement, a game's start or end, an offer,
-- a reminder...) as JSON, addressed to a channel of `guild` or to a user's
-- direct messages. The row is written right after the change it announces,
-- before anything is sent, and deleted once the reply is posted, so a retry
-- or a restart never posts it twice. `due_at` is when it may next be tried:
-- a command's own answer holds its rows for a short while (the interaction
-- answers them), a failure moves it to the retry's time. `parts_sent`
-- counts the messages of a long reply already posted.
CREATE TABLE outbox (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild       TEXT NOT NULL,
    reply       TEXT NOT NULL,
    created_at  TEXT NOT NULL,
    due_at      TEXT NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    parts_sent  INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX outbox_due ON outbox (due_at);

-- A member whose direct messages refused the bot (Discord's 50007) is not
-- written to again until they change their /notify setting.
ALTER TABLE users ADD COLUMN dm_refused_at TEXT;

-- A game whose channel was deleted, or where the bot may no longer post,
-- with two moves each made (a shorter one is aborted): set aside, still in
-- progress, not lost. Nothing is posted about it any more (no reminders);
-- its players are told by direct message and may resign, claim or abort it
-- from any channel of the server (`game:` of /resign, /claim, /abort).
CREATE TABLE set_aside_games (
    game_id      INTEGER PRIMARY KEY REFERENCES games(id),
    reason       TEXT NOT NULL,
    set_aside_at TEXT NOT NULL
);
