-- Issue 32: whether anyone may create a tournament (`/settings
-- tournaments:true`); by default only a server's admins may.
ALTER TABLE guild_settings ADD COLUMN tournaments_by_anyone INTEGER NOT NULL DEFAULT 0;
