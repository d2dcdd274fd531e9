//! One database file per gateway shard (issue 27).
//!
//! Discord sends a server's events on shard `(guild_id >> 22) % total` and
//! direct messages on shard 0. A sharded deployment keeps each shard's
//! servers in a file of its own beside `DATABASE_PATH`, named after it:
//! `taktable.db` gives `taktable.shard-3-of-8.db` for shard 3 of 8. A
//! process runs any set of shards by opening their files, so a deployment
//! rebalances by moving files between machines; `taktable reshard` (see
//! [`super::reshard`]) splits or merges the files when the total changes.
//!
//! Each file records its shard (`meta.shard`, "3-of-8") when first used,
//! and the ids of the games and challenges it creates are those of its
//! shard modulo the total (shard 3 of 8 numbers them 3, 11, 19, ...), above
//! every id of the files it was made from: an id stays one game's in every
//! file, so files merge without renumbering (buttons and `/replay` name
//! games by id).

use std::fmt;
use std::path::{Path, PathBuf};

use rusqlite::{Connection, OptionalExtension};

use super::database::Store;
use super::error::{Result, StoreError};
use super::sql::Cached;

/// The meta key recording which shard's servers a file holds.
pub const SHARD_KEY: &str = "shard";

/// The shard of a server among `total` shards: Discord's formula.
pub fn shard_of(guild_id: u64, total: u32) -> u32 {
    // The remainder is below `total`, so it fits.
    ((guild_id >> 22) % u64::from(total.max(1))) as u32
}

/// The shard of a stored server id (`guild` column): Discord's formula for a
/// server's id, shard 0 for anything else (the terminal's "local", direct
/// messages), as Discord sends what belongs to no server on shard 0.
pub fn shard_of_guild(guild: &str, total: u32) -> u32 {
    guild.parse::<u64>().map_or(0, |id| shard_of(id, total))
}

/// One shard out of a total: `index < total`, `total >= 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shard {
    index: u32,
    total: u32,
}

impl Shard {
    /// `None` unless `index < total`.
    pub fn new(index: u32, total: u32) -> Option<Shard> {
        (index < total).then_some(Shard { index, total })
    }

    pub fn index(self) -> u32 {
        self.index
    }

    pub fn total(self) -> u32 {
        self.total
    }

    /// Whether this shard's file keeps the server `guild`.
    pub fn keeps(self, guild: &str) -> bool {
        shard_of_guild(guild, self.total) == self.index
    }

    /// "shard 3 of 8", for messages.
    pub fn words(self) -> String {
        format!("shard {} of {}", self.index, self.total)
    }

    /// The file of this shard beside `base` (`DATABASE_PATH`) and named
    /// after it: `taktable.db` gives `taktable.shard-3-of-8.db`.
    pub fn path(self, base: &Path) -> PathBuf {
        beside(base, &format!("shard-{self}"))
    }

    /// Reads "3-of-8", as files record it.
    pub fn parse(text: &str) -> Option<Shard> {
        let (index, total) = text.split_once("-of-")?;
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(index) || !digits(total) {
            return None;
        }
        Shard::new(index.parse().ok()?, total.parse().ok()?)
    }
}

/// `3-of-8`: in file names and in a file's record of its shard.
impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-of-{}", self.index, self.total)
    }
}

/// The shard totals whose files sit beside `base`, each with the shards
/// found, in order: what a wrong `--from` is told about.
pub fn totals_beside(base: &Path) -> Vec<(u32, Vec<u32>)> {
    let mut found: std::collections::BTreeMap<u32, Vec<u32>> = Default::default();
    let Ok(entries) = std::fs::read_dir(folder(base)) else {
        return Vec::new();
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        // The name is the base's with ".shard-I-of-T" before its extension.
        let shard = (|| {
            let stem = base.file_stem()?.to_string_lossy().into_owned();
            let rest = name.strip_prefix(&format!("{stem}.shard-"))?;
            let rest = match base.extension() {
                Some(ext) => rest.strip_suffix(&format!(".{}", ext.to_string_lossy()))?,
                None => rest,
            };
            Shard::parse(rest)
        })();
        if let Some(shard) = shard {
            found.entry(shard.total).or_default().push(shard.index);
        }
    }
    found
        .into_iter()
        .map(|(total, mut shards)| {
            shards.sort_unstable();
            (total, shards)
        })
        .collect()
}

/// The meta key an old per-range file records its range in ("0..2-of-4").
pub const RANGE_KEY: &str = "shard_range";

/// The files of the naming before issue 27: one file per process, for a
/// range of shards (`taktable.shards-0..2-of-4.db` held the servers of
/// shards 0 and 1 of 4, recorded as `meta.shard_range` = "0..2-of-4").
/// `taktable run` no longer opens them: a start that finds them beside
/// `DATABASE_PATH` is refused (it would start on new, empty files while the
/// games sit in these), and `taktable reshard` converts them.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct OldRange {
    pub start: u32,
    pub end: u32,
    pub total: u32,
}

impl OldRange {
    /// Reads "0..2-of-4" (`start < end <= total`).
    pub fn parse(text: &str) -> Option<OldRange> {
        let (range, total) = text.split_once("-of-")?;
        let (start, end) = range.split_once("..")?;
        let number = |s: &str| {
            (!s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
                .then(|| s.parse::<u32>().ok())
                .flatten()
        };
        let (start, end, total) = (number(start)?, number(end)?, number(total)?);
        (start < end && end <= total).then_some(OldRange { start, end, total })
    }

    /// Whether the range holds shard `index` (of its total).
    pub fn holds(&self, index: u32) -> bool {
        (self.start..self.end).contains(&index)
    }

    /// "shards 0..2 of 4", for messages.
    pub fn words(&self) -> String {
        format!("shards {}..{} of {}", self.start, self.end, self.total)
    }

    /// The old file of this range beside `base`: `taktable.db` gives
    /// `taktable.shards-0..2-of-4.db`.
    pub fn path(&self, base: &Path) -> PathBuf {
        beside(base, &format!("shards-{self}"))
    }
}

/// `0..2-of-4`: in the old file names and in their record.
impl fmt::Display for OldRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}-of-{}", self.start, self.end, self.total)
    }
}

/// The old per-range files beside `base` (see [`OldRange`]), in order.
pub fn old_ranges_beside(base: &Path) -> Vec<OldRange> {
    let Ok(entries) = std::fs::read_dir(folder(base)) else {
        return Vec::new();
    };
    let (stem, ext) = stem_and_extension(base);
    let mut found: Vec<OldRange> = entries
        .flatten()
        .filter_map(|entry| {
            let name = entry.file_name().to_string_lossy().into_owned();
            let rest = name.strip_prefix(&format!("{stem}.shards-"))?;
            OldRange::parse(rest.strip_suffix(ext.as_str())?)
        })
        .collect();
    found.sort();
    found
}

/// A file name's stem and its extension with the dot (or nothing):
/// `taktable.db` gives `taktable` and `.db`.
pub(crate) fn stem_and_extension(path: &Path) -> (String, String) {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    (stem, ext)
}

/// The file beside `base` named after it with `.middle` before its
/// extension: `taktable.db` and `shard-3-of-8` give `taktable.shard-3-of-8.db`.
fn beside(base: &Path, middle: &str) -> PathBuf {
    let (stem, ext) = stem_and_extension(base);
    base.with_file_name(format!("{stem}.{middle}{ext}"))
}

/// The folder `base` is in ("." for a bare name).
fn folder(base: &Path) -> PathBuf {
    match base.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// The shard `conn`'s file records, if any.
pub(crate) fn recorded(conn: &Connection) -> Result<Option<Shard>> {
    let text: Option<String> = conn
        .query_row_cached("SELECT value FROM meta WHERE key = ?1", [SHARD_KEY], |r| {
            r.get(0)
        })
        .optional()?;
    match text {
        None => Ok(None),
        Some(text) => Shard::parse(&text).map(Some).ok_or_else(|| {
            StoreError::Corrupt(format!("the file's shard record {text:?} is not I-of-T"))
        }),
    }
}

/// The id a new row of `table` (games, challenges, tournaments) takes in a shard's
/// file: the next above every id it has had (SQLite's `sqlite_sequence`,
/// which a reshard sets above every id of the files it read) that is its
/// shard modulo the total. `None` in an unsharded file (SQLite numbers the
/// row as usual). Called in the transaction that inserts the row.
pub(crate) fn next_id(conn: &Connection, table: &str) -> Result<Option<i64>> {
    let Some(shard) = recorded(conn)? else {
        return Ok(None);
    };
    if shard.total == 1 {
        return Ok(None);
    }
    let last: i64 = conn
        .query_row_cached(
            "SELECT seq FROM sqlite_sequence WHERE name = ?1",
            [table],
            |r| r.get(0),
        )
        .optional()?
        .unwrap_or(0);
    let (total, index) = (i64::from(shard.total), i64::from(shard.index));
    let next = last + 1;
    Ok(Some(next + (index - next).rem_euclid(total)))
}

impl Store {
    /// The shard whose servers this file holds, as recorded (`None`: an
    /// unsharded file, or a new one).
    pub fn shard(&self) -> Result<Option<Shard>> {
        recorded(&self.conn())
    }

    /// Records that this file holds `shard`'s servers (see [`Store::shard`]);
    /// from then on its new games and challenges take that shard's ids.
    pub fn claim_shard(&self, shard: Shard) -> Result<()> {
        self.set_meta(SHARD_KEY, &shard.to_string())
    }

    /// Whether the file holds any game or challenge (a file with neither
    /// may take any shard).
    pub fn holds_games(&self) -> Result<bool> {
        Ok(self.conn().query_row_cached(
            "SELECT EXISTS (SELECT 1 FROM games) OR EXISTS (SELECT 1 FROM challenges)",
            [],
            |r| r.get(0),
        )?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_support::new_game;

    /// A server id whose shard among `total` is `shard`.
    fn guild_on(shard: u64, total: u64) -> u64 {
        ((1_000_000 * total + shard) << 22) | 0x3f_ffff
    }

    #[test]
    fn a_server_s_shard_is_discord_s_formula_and_serverless_rows_go_to_shard_0() {
        // Worked by hand: 41771983423143937 >> 22 = 9959216934, which is 2 modulo 4.
        assert_eq!(shard_of(41_771_983_423_143_937, 4), 2);
        assert_eq!(shard_of_guild("41771983423143937", 4), 2);
        assert_eq!(shard_of_guild("local", 4), 0);
        assert_eq!(shard_of_guild("", 8), 0);
        assert_eq!(shard_of_guild("-5", 8), 0);
        for total in 1..=8u32 {
            for shard in 0..total {
                let guild = guild_on(u64::from(shard), u64::from(total)).to_string();
                assert!(Shard::new(shard, total).unwrap().keeps(&guild));
            }
        }
    }

    #[test]
    fn each_shard_has_its_file_beside_the_configured_one() {
        let shard = Shard::new(3, 8).unwrap();
        assert_eq!(
            shard.path(Path::new("/var/lib/taktable/taktable.db")),
            PathBuf::from("/var/lib/taktable/taktable.shard-3-of-8.db")
        );
        assert_eq!(
            shard.path(Path::new("games")),
            PathBuf::from("games.shard-3-of-8")
        );
        assert_eq!(Shard::parse("3-of-8"), Some(shard));
        for bad in [
            "8-of-8", "3-of-0", "3of8", "-1-of-8", "3-of-8x", "", "+3-of-8",
        ] {
            assert_eq!(Shard::parse(bad), None, "{bad:?}");
        }
        let dir = tempfile::tempdir().unwrap();
        let base = dir.path().join("t.db");
        for index in [2, 0, 1] {
            std::fs::write(Shard::new(index, 4).unwrap().path(&base), b"").unwrap();
        }
        std::fs::write(Shard::new(0, 2).unwrap().path(&base), b"").unwrap();
        std::fs::write(dir.path().join("t.shard-0-of-2.db-wal"), b"").unwrap();
        std::fs::write(dir.path().join("other.shard-0-of-3.db"), b"").unwrap();
        assert_eq!(totals_beside(&base), vec![(2, vec![0]), (4, vec![0, 1, 2])]);
    }

    #[test]
    fn a_shard_s_file_numbers_its_games_in_its_own_residue() {
        let store = Store::open_in_memory().unwrap();
        assert_eq!(store.shard().unwrap(), None);
        let first = new_game(&store, "a", [1, 2]);
        assert_eq!(first, 1, "unsharded: SQLite's numbering");
        store.claim_shard(Shard::new(2, 4).unwrap()).unwrap();
        assert_eq!(store.shard().unwrap(), Shard::new(2, 4));
        let ids: Vec<i64> = ["b", "c", "d"]
            .iter()
            .map(|channel| new_game(&store, channel, [1, 2]))
            .collect();
        assert_eq!(ids, [2, 6, 10]);
        let other = Store::open_in_memory().unwrap();
        other.claim_shard(Shard::new(0, 4).unwrap()).unwrap();
        assert_eq!(new_game(&other, "a", [1, 2]), 4);
        store.set_meta(SHARD_KEY, "2..4-of-4").unwrap();
        assert!(matches!(store.shard(), Err(StoreError::Corrupt(_))));
    }

    #[test]
    fn the_old_per_range_files_are_found_by_their_names() {
        let dir = tempfile::tempdir().unwrap();
        let base = dir.path().join("t.db");
        let first = OldRange::parse("0..2-of-4").unwrap();
        assert_eq!(first.path(&base), dir.path().join("t.shards-0..2-of-4.db"));
        assert_eq!(first.words(), "shards 0..2 of 4");
        assert!(first.holds(1) && !first.holds(2));
        for bad in [
            "2..2-of-4",
            "0..5-of-4",
            "0..2",
            "0-2-of-4",
            "a..b-of-4",
            "0..2-of-4x",
        ] {
            assert_eq!(OldRange::parse(bad), None, "{bad:?}");
        }
        for name in [
            "t.shards-2..4-of-4.db",
            "t.shards-0..2-of-4.db",
            "t.shards-0..2-of-4.db-wal",
            "t.shard-0-of-4.db",
            "u.shards-0..1-of-2.db",
        ] {
            std::fs::write(dir.path().join(name), b"").unwrap();
        }
        assert_eq!(
            old_ranges_beside(&base),
            vec![first, OldRange::parse("2..4-of-4").unwrap()]
        );
    }
}
