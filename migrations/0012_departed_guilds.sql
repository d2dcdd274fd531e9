-- Servers the bot was removed from (issue 43): marked when Discord says the
-- bot left a server (GUILD_DELETE that is not an outage), cleared when it is
-- invited back (GUILD_CREATE). Nothing is posted to a server marked here,
-- and its data is deleted once the grace period (DATA_GRACE_DAYS, 30 days by
-- default) has passed since it left.
CREATE TABLE departed_guilds (
    guild   TEXT PRIMARY KEY,
    left_at TEXT NOT NULL
);
