-- One theme per game (issue 13 item 10): every picture of a game uses the
-- theme its challenger had chosen when the game began, whoever moves, so a
-- channel's pictures keep one look. NULL: the default theme. `/theme`
-- changes only the user's games to come.
ALTER TABLE games ADD COLUMN theme TEXT;

-- Games already stored take their challenger's theme of now.
UPDATE games SET theme = (
    SELECT u.theme FROM challenges c JOIN users u ON u.id = c.challenger
    WHERE c.id = games.challenge_id
);
