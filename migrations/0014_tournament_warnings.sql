-- Issue 42: the players of a tournament game still running are reminded
-- before their round's deadline. `warn_at` is when the round's next
-- reminder falls (NULL: none is left); the bot computes it when the round
-- is paired and again each time a reminder is sent, in the update that
-- marks it sent, so a reminder goes out once. A round running when this
-- is applied is reminded 2 hours before its deadline.
ALTER TABLE tournament_rounds ADD COLUMN warn_at TEXT;
UPDATE tournament_rounds
   SET warn_at = strftime('%Y-%m-%dT%H:%M:%SZ', deadline, '-2 hours')
 WHERE finished_at IS NULL;
CREATE INDEX tournament_rounds_by_warning ON tournament_rounds (warn_at)
    WHERE warn_at IS NOT NULL AND finished_at IS NULL;
