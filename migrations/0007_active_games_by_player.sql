-- The games in progress of a user across every server: the computer
-- opponent looks for the games awaiting it after every command, and
-- without these indexes that is a scan of every game ever played.
CREATE INDEX games_active_by_player1 ON games (player1) WHERE status = 'active';
CREATE INDEX games_active_by_player2 ON games (player2) WHERE status = 'active';
