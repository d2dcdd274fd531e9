-- Issue 15: the bot's messages that carry buttons, and one-off personal
-- reminders.

-- A public message of the bot with buttons (a challenge, a draw offer, an
-- undo request, a rematch). Once what the buttons answer is over (answered
-- by a button or a command, withdrawn, expired, lapsed), the adapter takes
-- the buttons off the message and forgets the row, so nobody presses a dead
-- button. message: the adapter's id of the message; custom_id: one of its
-- buttons (every button of a message answers the same thing).
CREATE TABLE button_messages (
    message    TEXT PRIMARY KEY,
    guild      TEXT NOT NULL,
    channel    TEXT NOT NULL,
    custom_id  TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX button_messages_by_channel ON button_messages (guild, channel);

-- `/remind in:`: one reminder, at due_at, for a player of a game, besides
-- the game's periodic reminders. One per player and game: asking again
-- moves it. It goes when it falls due or when the game ends.
CREATE TABLE personal_reminders (
    game_id    INTEGER NOT NULL REFERENCES games(id),
    user_id    INTEGER NOT NULL REFERENCES users(id),
    due_at     TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX personal_reminders_by_due_at ON personal_reminders (due_at);
