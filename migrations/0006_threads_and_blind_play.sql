-- Issue 15: a thread per game, and blind play.

-- A challenge's choices: thread: the game opens a public thread of its own
-- when the challenge is accepted; blind: the board is never shown while the
-- game runs (blindfold play).
ALTER TABLE challenges ADD COLUMN thread INTEGER NOT NULL DEFAULT 0;
ALTER TABLE challenges ADD COLUMN blind INTEGER NOT NULL DEFAULT 0;

-- A blind game shows no board (picture or text) until it is over.
ALTER TABLE games ADD COLUMN blind INTEGER NOT NULL DEFAULT 0;

-- A server's default for challenges that leave out thread: (`/settings thread:`).
ALTER TABLE guild_settings ADD COLUMN threads INTEGER NOT NULL DEFAULT 0;

-- The games played in a thread the bot opened for them. parent: the channel
-- the challenge was made in, where the result is posted; thread: the
-- thread's channel, NULL while the adapter is still opening it (the game
-- waits in the parent channel, and takes no move, until then). A rematch
-- in the thread is played there too and gets its own row.
CREATE TABLE game_threads (
    game_id    INTEGER PRIMARY KEY REFERENCES games(id),
    guild      TEXT NOT NULL,
    parent     TEXT NOT NULL,
    thread     TEXT,
    name       TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX game_threads_by_parent ON game_threads (guild, parent);
CREATE INDEX game_threads_by_thread ON game_threads (guild, thread);
