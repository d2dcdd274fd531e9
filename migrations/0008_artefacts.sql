-- Issue 26: what heavy commands made for a finished game (a replay's GIF,
-- an analysis), kept so the same thing asked twice is made once. A
-- finished game never changes; its version is in the key all the same.
-- `variant` holds what else the artefact depends on (a theme, the names).
CREATE TABLE artefacts (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version     INTEGER NOT NULL,
    kind        TEXT    NOT NULL,
    variant     TEXT    NOT NULL,
    -- What goes with the file, as the command shows it (JSON).
    meta        TEXT    NOT NULL,
    bytes       BLOB    NOT NULL,
    made_at     TEXT    NOT NULL,
    PRIMARY KEY (game_id, version, kind, variant)
);
CREATE INDEX artefacts_by_age ON artefacts (made_at);
