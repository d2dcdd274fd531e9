-- Per-user preferences: the colour theme of board pictures (NULL: the
-- default theme).
ALTER TABLE users ADD COLUMN theme TEXT;
