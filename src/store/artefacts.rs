//! Artefacts: what a heavy command made of a finished game (a replay's
//! GIF, an analysis), kept so that asking again costs a look-up
//! (issue 26). The newest [`KEPT_BYTES`] are kept; older ones go.

use chrono::{DateTime, Utc};
use rusqlite::OptionalExtension;

use super::database::Store;
use super::error::Result;
use super::rows::GameRow;
use super::sql::{time_text, Cached};

/// How many bytes of artefacts the database keeps.
pub const KEPT_BYTES: i64 = 256 * 1024 * 1024;

/// One kept artefact: its file and what goes with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Artefact {
    /// What the command shows with the file (JSON of the command's own).
    pub meta: String,
    pub bytes: Vec<u8>,
}

/// Which artefact: the game at its version, the kind (`replay`,
/// `analysis`), and what else it depends on (a theme, the names shown).
#[derive(Clone, Copy, Debug)]
pub struct ArtefactKey<'a> {
    pub game: i64,
    pub version: i64,
    pub kind: &'a str,
    pub variant: &'a str,
}

impl<'a> ArtefactKey<'a> {
    /// The key of `game`'s artefact of `kind` and `variant`, at its version.
    pub fn of(game: &GameRow, kind: &'a str, variant: &'a str) -> ArtefactKey<'a> {
        ArtefactKey {
            game: game.id,
            version: game.version,
            kind,
            variant,
        }
    }
}

impl Store {
    /// The artefact kept under `key`, if any.
    pub fn artefact(&self, key: ArtefactKey<'_>) -> Result<Option<Artefact>> {
        Ok(self
            .conn()
            .query_row_cached(
                "SELECT meta, bytes FROM artefacts
                 WHERE game_id = ?1 AND version = ?2 AND kind = ?3 AND variant = ?4",
                rusqlite::params![key.game, key.version, key.kind, key.variant],
                |r| {
                    Ok(Artefact {
                        meta: r.get(0)?,
                        bytes: r.get(1)?,
                    })
                },
            )
            .optional()?)
    }

    /// The newest artefact of `kind` kept for game `game` at `version`,
    /// whatever its variant (the web pages show an analysis whoever asked
    /// for it, in whichever theme).
    pub fn newest_artefact(&self, game: i64, version: i64, kind: &str) -> Result<Option<Artefact>> {
        Ok(self
            .conn()
            .query_row_cached(
                "SELECT meta, bytes FROM artefacts WHERE game_id = ?1 AND version = ?2 AND kind = ?3
                 ORDER BY made_at DESC, rowid DESC LIMIT 1",
                rusqlite::params![game, version, kind],
                |r| {
                    Ok(Artefact {
                        meta: r.get(0)?,
                        bytes: r.get(1)?,
                    })
                },
            )
            .optional()?)
    }

    /// Keeps `artefact` under `key`, then lets the oldest go while the
    /// artefacts take more than [`KEPT_BYTES`].
    pub fn keep_artefact(
        &self,
        key: ArtefactKey<'_>,
        artefact: &Artefact,
        now: DateTime<Utc>,
    ) -> Result<()> {
        self.keep_artefact_within(key, artefact, now, KEPT_BYTES)
    }

    fn keep_artefact_within(
        &self,
        key: ArtefactKey<'_>,
        artefact: &Artefact,
        now: DateTime<Utc>,
        kept_bytes: i64,
    ) -> Result<()> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute_cached(
            "INSERT OR REPLACE INTO artefacts
                 (game_id, version, kind, variant, meta, bytes, made_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            rusqlite::params![
                key.game,
                key.version,
                key.kind,
                key.variant,
                artefact.meta,
                artefact.bytes,
                time_text(now)
            ],
        )?;
        // The newest first, each with the bytes of those at least as new:
        // what runs past the limit goes.
        tx.execute_cached(
            "DELETE FROM artefacts WHERE rowid IN (
                 SELECT rowid FROM (
                     SELECT rowid, SUM(length(bytes)) OVER (
                         ORDER BY made_at DESC, rowid DESC
                     ) AS running
                     FROM artefacts
                 ) WHERE running > ?1
             )",
            [kept_bytes],
        )?;
        tx.commit()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_support::new_game;

    #[test]
    fn an_artefact_is_kept_by_its_whole_key() {
        let store = Store::open_in_memory().unwrap();
        let game = new_game(&store, "general", [1, 2]);
        let now = chrono::Utc::now();
        let key = ArtefactKey {
            game,
            version: 3,
            kind: "replay",
            variant: "paper",
        };
        assert_eq!(store.artefact(key).unwrap(), None);
        let gif = Artefact {
            meta: "{}".into(),
            bytes: vec![1, 2, 3],
        };
        store.keep_artefact(key, &gif, now).unwrap();
        assert_eq!(store.artefact(key).unwrap(), Some(gif));
        for other in [
            ArtefactKey { version: 4, ..key },
            ArtefactKey {
                kind: "analysis",
                ..key
            },
            ArtefactKey {
                variant: "wood",
                ..key
            },
        ] {
            assert_eq!(store.artefact(other).unwrap(), None, "{other:?}");
        }
    }

    #[test]
    fn the_oldest_artefacts_go_past_the_kept_bytes() {
        let store = Store::open_in_memory().unwrap();
        let game = new_game(&store, "general", [1, 2]);
        let start = chrono::Utc::now();
        let key = |version| ArtefactKey {
            game,
            version,
            kind: "replay",
            variant: "",
        };
        let four_bytes = Artefact {
            meta: String::new(),
            bytes: vec![0; 4],
        };
        for version in 0..3 {
            let at = start + chrono::Duration::seconds(version);
            store
                .keep_artefact_within(key(version), &four_bytes, at, 10)
                .unwrap();
        }
        // 12 bytes made, 10 kept at most: the oldest went.
        assert_eq!(store.artefact(key(0)).unwrap(), None);
        assert!(store.artefact(key(1)).unwrap().is_some());
        assert!(store.artefact(key(2)).unwrap().is_some());
    }
}
