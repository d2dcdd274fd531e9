-- Issue 45: web pages of a server's games, tournaments and standings.

-- A server's pages exist only once an admin opts in (`/settings web:true`).
ALTER TABLE guild_settings ADD COLUMN web INTEGER NOT NULL DEFAULT 0;

-- The token in a page's link: 128 random bits (32 hex digits), never a
-- sequential id, so a page is found only through a link the bot gave.
-- kind: the server's page (item 0), a game's (item: the game's id) or a
-- tournament's (item: the tournament's id). One token a page, made when
-- the bot first links to it; it stays when the server opts out (its pages
-- answer 404 until it opts in again).
CREATE TABLE web_tokens (
    token      TEXT PRIMARY KEY,
    guild      TEXT NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('server', 'game', 'tournament')),
    item       INTEGER NOT NULL,
    created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX web_tokens_one_per_page ON web_tokens (guild, kind, item);
