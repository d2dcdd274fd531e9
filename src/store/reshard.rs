//! `taktable reshard --from F --to T`: the files of F shards (see
//! [`super::shards`]) split or merged into the files of T shards, every row
//! kept.
//!
//! Where each row goes: a row of a table with a `guild` column goes to its
//! server's shard among T (shard 0 for rows of no server); a row with an
//! `X_id` column naming a row of such a table `Xs` (`game_id`,
//! `tournament_id`, ...) goes with that row; a computer opponent's level
//! (`meta.computer.level.<game>`) with its game. The users and their
//! preferences (`users`, `dm_notifications`) are copied to every new file
//! made from the old file they were in; where a merge meets one user twice,
//! the newer row (`updated_at`) is kept. A table none of this places stops
//! the reshard before anything is written, rather than being left behind.
//!
//! Safety: the old files are only read, each held (as `taktable run` holds
//! them, so neither runs while the other does) and checked to record the
//! shard their name says and to hold only that shard's servers. The new
//! files are written under a `.partial` name, counted table by table
//! against what the old files hold, checked for integrity and foreign keys,
//! and only then renamed to their names. The old files are never removed.
//! Game and challenge ids are kept (an id names one game in every file; see
//! [`super::shards`]).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::{Path, PathBuf};

use rusqlite::{params, Connection};

use super::database::Store;
use super::error::StoreError;
use super::shards::{
    old_ranges_beside, shard_of_guild, totals_beside, OldRange, Shard, RANGE_KEY, SHARD_KEY,
};

/// The meta key prefix of a computer opponent's level in a game.
const LEVEL_PREFIX: &str = "computer.level.";

/// The meta keys that describe a file itself, never copied.
const OWN_KEYS: &[&str] = &[SHARD_KEY, RANGE_KEY];

/// The tables of users and their preferences: in every file, the newest
/// row of a user kept when files merge.
const PER_USER: &[&str] = &["users", "dm_notifications"];

/// Why a reshard stopped. Nothing was changed in the old files, and no new
/// file was left under its final name.
#[derive(Debug, thiserror::Error)]
pub enum ReshardError {
    #[error("the number of shards must be at least 1")]
    NoShards,
    #[error("the files are already those of {0} shards: nothing to do")]
    Same(u32),
    #[error(
        "--from {from} does not match the files beside {}: {missing} {found}",
        base.display()
    )]
    Missing {
        base: PathBuf,
        from: u32,
        /// Which files of `from` shards are missing.
        missing: String,
        /// What was found instead, and what to try.
        found: String,
    },
    #[error(
        "the new files are already there: {}; nothing was changed. A reshard writes new files \
         only: move these away (or remove them, if they are left from an earlier reshard) first",
        list(.0)
    )]
    TargetsExist(Vec<PathBuf>),
    #[error("{}: {error}", path.display())]
    Store { path: PathBuf, error: StoreError },
    #[error(
        "{} records {found}, not {expected} as its name says; nothing was changed. Was it \
         renamed by hand? Give each file back its own name",
        path.display()
    )]
    WrongRecord {
        path: PathBuf,
        expected: String,
        found: String,
    },
    #[error(
        "{} holds server {guild}, which belongs to shard {belongs} of {total}, not to the file's \
         {holds}; nothing was changed",
        path.display()
    )]
    Misplaced {
        path: PathBuf,
        guild: String,
        /// The shards the file holds, in words.
        holds: String,
        belongs: u32,
        total: u32,
    },
    #[error(
        "the old files of {from} shards beside {} do not cover every shard once ({found}); \
         nothing was changed: bring back the missing ones",
        base.display()
    )]
    Ranges {
        base: PathBuf,
        from: u32,
        found: String,
    },
    #[error(
        "the table {0} has no guild, game_id or user column: the reshard does not know which \
         file its rows belong in, so nothing was changed"
    )]
    UnknownTable(String),
    #[error(
        "{} has {rows} rows of {table} whose game is not in the file; nothing was changed",
        path.display()
    )]
    Orphans {
        path: PathBuf,
        table: String,
        rows: u64,
    },
    #[error(
        "{} came out with {found} rows of {table} where {expected} were expected; it was removed \
         and nothing else was changed",
        path.display()
    )]
    Verify {
        path: PathBuf,
        table: String,
        expected: u64,
        found: u64,
    },
    #[error("{} failed its check ({what}); it was removed and nothing else was changed", path.display())]
    Check { path: PathBuf, what: String },
    #[error("{}: {error}", path.display())]
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
}

/// Paths, listed for a message.
pub(crate) fn list(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a reshard did.
#[derive(Debug)]
pub struct Outcome {
    /// The files read, left as they were.
    pub sources: Vec<PathBuf>,
    /// The files written, in shard order.
    pub targets: Vec<NewFile>,
    /// Each table's rows: in the old files together, in the new ones.
    pub tables: Vec<(String, u64, u64)>,
    /// Whether the files read were the old per-range files (see
    /// [`OldRange`]), which a bot refuses to start beside.
    pub old_naming: bool,
}

/// One file written.
#[derive(Debug)]
pub struct NewFile {
    pub shard: Shard,
    pub path: PathBuf,
    /// Its servers and games.
    pub servers: usize,
    pub games: u64,
    /// Its rows, table by table.
    pub rows: BTreeMap<String, u64>,
}

/// How the rows of a table find their file.
#[derive(Clone, Debug, PartialEq)]
enum Placement {
    /// By the `guild` column.
    Guild,
    /// With the row of `parent` (a table placed by its `guild`, with an
    /// `id`) that `column` names: `game_id` names a row of `games`.
    Parent { column: String, parent: String },
    /// In every file made from the old one; the newest row of a key kept.
    User,
    /// The meta table: levels with their games, the file's own keys not at
    /// all, the rest as it is.
    Meta,
}

/// A table and how its rows are placed.
struct Table {
    name: String,
    columns: Vec<String>,
    key: Vec<String>,
    placement: Placement,
}

/// An old file, held.
struct Source {
    path: PathBuf,
    /// The shards its name says it holds.
    holds: Holds,
    store: Store,
}

/// The shards an old file holds.
#[derive(Clone, Debug, PartialEq)]
enum Holds {
    /// Every server: the unsharded file, read for `--from 1`.
    Every,
    /// One shard's servers: `taktable.shard-I-of-T.db`.
    Shard(Shard),
    /// A range of shards' servers: the naming before issue 27,
    /// `taktable.shards-A..B-of-T.db`.
    Range(OldRange),
}

impl Holds {
    /// The shards held, among the old total.
    fn indices(&self) -> std::ops::Range<u32> {
        match self {
            Holds::Every => 0..1,
            Holds::Shard(shard) => shard.index()..shard.index() + 1,
            Holds::Range(range) => range.start..range.end,
        }
    }

    /// "shard 3 of 8", "shards 0..2 of 4", "no shard (unsharded)".
    fn words(&self) -> String {
        match self {
            Holds::Every => "no shard (unsharded)".into(),
            Holds::Shard(shard) => shard.words(),
            Holds::Range(range) => range.words(),
        }
    }

    /// What the file's own record must say: its `meta` key and value.
    fn record(&self) -> Option<(&'static str, String)> {
        match self {
            Holds::Every => None,
            Holds::Shard(shard) => Some((SHARD_KEY, shard.to_string())),
            Holds::Range(range) => Some((RANGE_KEY, range.to_string())),
        }
    }
}

/// Splits or merges the files of `from` shards beside `base` into the files
/// of `to` shards (see the module's text). With `from` 1, the unsharded
/// file `base` itself is read when there is no `*.shard-0-of-1.*` file.
/// Where no file of one shard of `from` is there but the old per-range
/// files of `from` shards are (`taktable.shards-0..2-of-4.db`, see
/// [`OldRange`]), those are read: `--from 4 --to 4` converts them to the
/// files of each shard.
pub fn reshard(base: &Path, from: u32, to: u32) -> Result<Outcome, ReshardError> {
    if from == 0 || to == 0 {
        return Err(ReshardError::NoShards);
    }
    if from == to && old_sources(base, from).is_none() {
        return Err(ReshardError::Same(from));
    }
    let sources = open_sources(base, from)?;
    let targets: Vec<Shard> = (0..to).filter_map(|t| Shard::new(t, to)).collect();
    let finals: Vec<PathBuf> = targets.iter().map(|t| t.path(base)).collect();
    let taken: Vec<PathBuf> = finals.iter().filter(|p| p.exists()).cloned().collect();
    if !taken.is_empty() {
        return Err(ReshardError::TargetsExist(taken));
    }
    let tables = tables(&sources[0])?;
    let plan = Plan::make(&sources, &tables, to)?;

    let mut written = Vec::new();
    let outcome = (|| {
        let mut files = Vec::new();
        for (&shard, path) in targets.iter().zip(&finals) {
            let partial = partial_path(path);
            written.push(partial.clone());
            files.push(write_target(
                &sources, &tables, &plan, shard, &partial, path, from,
            )?);
        }
        Ok(files)
    })();
    let mut files = match outcome {
        Ok(files) => files,
        Err(error) => {
            for partial in &written {
                remove_database(partial);
            }
            return Err(error);
        }
    };
    for (file, partial) in files.iter_mut().zip(&written) {
        std::fs::rename(partial, &file.path).map_err(|error| ReshardError::Io {
            path: file.path.clone(),
            error,
        })?;
    }
    let tables = tables
        .iter()
        .map(|t| {
            let before = sources.iter().map(|s| count(&s.store, &t.name)).sum();
            let after = files.iter().map(|f| f.rows[&t.name]).sum();
            (t.name.clone(), before, after)
        })
        .collect();
    let old_naming = sources.iter().any(|s| matches!(s.holds, Holds::Range(_)));
    Ok(Outcome {
        old_naming,
        sources: sources.into_iter().map(|s| s.path).collect(),
        targets: files,
        tables,
    })
}

/// Where a new file is written before it is checked (by a reshard, a
/// backup or a restore).
pub(crate) fn partial_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

/// Removes a database written under a partial name (and its journal files).
pub(crate) fn remove_database(path: &Path) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(name));
    }
}

/// The old per-range files of `from` shards beside `base`, when no file of
/// one shard of `from` is there and some of those are (`None` otherwise).
fn old_sources(base: &Path, from: u32) -> Option<Vec<OldRange>> {
    let per_shard = (0..from)
        .filter_map(|s| Shard::new(s, from))
        .any(|s| s.path(base).is_file());
    let old: Vec<OldRange> = old_ranges_beside(base)
        .into_iter()
        .filter(|r| r.total == from)
        .collect();
    (!per_shard && !old.is_empty()).then_some(old)
}

/// The files of `from` shards, held and checked to be what their names say.
fn open_sources(base: &Path, from: u32) -> Result<Vec<Source>, ReshardError> {
    let shards: Vec<Shard> = (0..from).filter_map(|s| Shard::new(s, from)).collect();
    let paths: Vec<PathBuf> = shards.iter().map(|s| s.path(base)).collect();
    let present: Vec<bool> = paths.iter().map(|p| p.is_file()).collect();
    let files: Vec<(PathBuf, Holds)> = if let Some(old) = old_sources(base, from) {
        // Each shard in exactly one of them, in order.
        let covered: Vec<u32> = old.iter().flat_map(|r| r.start..r.end).collect();
        if covered != (0..from).collect::<Vec<_>>() {
            let found = old.iter().map(OldRange::words).collect::<Vec<_>>();
            return Err(ReshardError::Ranges {
                base: base.to_path_buf(),
                from,
                found: found.join(", "),
            });
        }
        old.into_iter()
            .map(|r| (r.path(base), Holds::Range(r)))
            .collect()
    } else if from == 1 && !present[0] && base.is_file() {
        vec![(base.to_path_buf(), Holds::Every)]
    } else if present.iter().any(|p| !p) {
        return Err(missing(base, from, &shards, &present));
    } else {
        paths
            .into_iter()
            .zip(shards)
            .map(|(path, shard)| (path, Holds::Shard(shard)))
            .collect()
    };
    let mut sources = Vec::new();
    for (path, holds) in files {
        let failed = |error| ReshardError::Store {
            path: path.clone(),
            error,
        };
        let store = Store::open_exclusive(&path).map_err(failed)?;
        let recorded = match store.meta(SHARD_KEY).map_err(failed)? {
            Some(value) => Some((SHARD_KEY, value)),
            None => store
                .meta(RANGE_KEY)
                .map_err(failed)?
                .map(|value| (RANGE_KEY, value)),
        };
        if recorded != holds.record() {
            let found = match recorded {
                None => Holds::Every.words(),
                Some((_, value)) => Shard::parse(&value).map_or_else(
                    || OldRange::parse(&value).map_or(value.clone(), |r| r.words()),
                    Shard::words,
                ),
            };
            return Err(ReshardError::WrongRecord {
                path,
                expected: holds.words(),
                found,
            });
        }
        sources.push(Source { path, holds, store });
    }
    Ok(sources)
}

/// The error for a `--from` the files beside `base` do not match.
fn missing(base: &Path, from: u32, shards: &[Shard], present: &[bool]) -> ReshardError {
    let absent: Vec<String> = shards
        .iter()
        .zip(present)
        .filter(|(_, &p)| !p)
        .map(|(s, _)| s.path(base).display().to_string())
        .collect();
    let missing = if present.iter().all(|p| !p) {
        format!("there is no file of {from} shards (such as {})", absent[0])
    } else {
        format!(
            "these files of {from} shards are missing: {}",
            absent.join(", ")
        )
    };
    let totals = totals_beside(base);
    let complete: Vec<u32> = totals
        .iter()
        .filter(|(total, shards)| shards.len() == *total as usize)
        .map(|(total, _)| *total)
        .collect();
    let found = if totals.is_empty() {
        if base.is_file() {
            format!(
                "only the unsharded file {} is there: split it with --from 1",
                base.display()
            )
        } else {
            "no shard file is there at all".to_string()
        }
    } else {
        let each: Vec<String> = totals
            .iter()
            .map(|(total, shards)| {
                let which: Vec<String> = shards.iter().map(u32::to_string).collect();
                format!("shards {} of {total}", which.join(", "))
            })
            .collect();
        let hint = match complete.as_slice() {
            [total] => format!(": did you mean --from {total}?"),
            [] => ": no total has all its files".to_string(),
            _ => String::new(),
        };
        format!("found the files of {}{hint}", each.join("; "))
    };
    ReshardError::Missing {
        base: base.to_path_buf(),
        from,
        missing,
        found,
    }
}

/// The tables of the schema, each with its placement.
fn tables(source: &Source) -> Result<Vec<Table>, ReshardError> {
    let failed = |error: rusqlite::Error| ReshardError::Store {
        path: source.path.clone(),
        error: error.into(),
    };
    let conn = source.store.conn();
    let names: Vec<String> = conn
        .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'
             ORDER BY name",
        )
        .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
        .map_err(failed)?;
    // Each table's columns: name, NOT NULL, place in the primary key.
    let mut infos = Vec::new();
    for name in names {
        let info: Vec<(String, bool, i64)> = conn
            .prepare(&format!("PRAGMA table_info(\"{name}\")"))
            .and_then(|mut s| {
                s.query_map([], |r| Ok((r.get(1)?, r.get(3)?, r.get(5)?)))?
                    .collect()
            })
            .map_err(failed)?;
        infos.push((name, info));
    }
    let has = |info: &[(String, bool, i64)], column: &str| info.iter().any(|(c, ..)| c == column);
    // The tables a row can follow: placed by server, with ids.
    let parents: Vec<&String> = infos
        .iter()
        .filter(|(_, info)| has(info, "guild") && has(info, "id"))
        .map(|(name, _)| name)
        .collect();
    let mut tables = Vec::new();
    for (name, info) in &infos {
        // `X_id` naming a row of `Xs`; a column that is never NULL first.
        let mut follows: Vec<(bool, String, String)> = info
            .iter()
            .filter_map(|(column, not_null, _)| {
                let parent = format!("{}s", column.strip_suffix("_id")?);
                parents
                    .contains(&&parent)
                    .then(|| (!not_null, column.clone(), parent))
            })
            .collect();
        follows.sort();
        let placement = if name == "meta" {
            Placement::Meta
        } else if PER_USER.contains(&name.as_str()) && has(info, "updated_at") {
            Placement::User
        } else if has(info, "guild") {
            Placement::Guild
        } else if let Some((_, column, parent)) = follows.into_iter().next() {
            Placement::Parent { column, parent }
        } else {
            return Err(ReshardError::UnknownTable(name.clone()));
        };
        let mut key: Vec<(i64, String)> = info
            .iter()
            .filter(|(.., pk)| *pk > 0)
            .map(|(c, _, pk)| (*pk, c.clone()))
            .collect();
        key.sort();
        tables.push(Table {
            name: name.clone(),
            columns: info.iter().map(|(c, ..)| c.clone()).collect(),
            key: key.into_iter().map(|(_, c)| c).collect(),
            placement,
        });
    }
    Ok(tables)
}

/// Which new file each server and game goes to, and how many rows of each
/// table each new file must end up with.
struct Plan {
    /// Server -> new shard.
    guilds: HashMap<String, u32>,
    /// (Old file, game id) -> new shard: files of the old per-range naming
    /// numbered their games each from 1, so an id is one game's per file.
    games: HashMap<(usize, i64), u32>,
    /// (Old file, table, id) -> new shard, for the rows other rows follow.
    parents: HashMap<(usize, String, i64), u32>,
    /// The highest value of each AUTOINCREMENT sequence in any old file.
    sequences: BTreeMap<String, i64>,
    /// Rows expected per (new shard, table), for the tables placed by server
    /// or game, and the computer levels per new shard.
    expected: HashMap<(u32, String), u64>,
    levels: HashMap<u32, u64>,
}

impl Plan {
    fn make(sources: &[Source], tables: &[Table], to: u32) -> Result<Plan, ReshardError> {
        let mut plan = Plan {
            guilds: HashMap::new(),
            games: HashMap::new(),
            parents: HashMap::new(),
            sequences: BTreeMap::new(),
            expected: HashMap::new(),
            levels: HashMap::new(),
        };
        for (from, source) in sources.iter().enumerate() {
            let failed = |error: rusqlite::Error| ReshardError::Store {
                path: source.path.clone(),
                error: error.into(),
            };
            let conn = source.store.conn();
            for table in tables {
                let by_guild = match &table.placement {
                    Placement::Guild => format!(
                        "SELECT guild, count(*) FROM \"{}\" GROUP BY guild",
                        table.name
                    ),
                    Placement::Parent { column, parent } => {
                        // A row naming no row of its parent (or none at all) has no file.
                        let orphans: i64 = conn
                            .query_row(
                                &format!(
                                    "SELECT count(*) FROM \"{}\" WHERE \"{column}\" IS NULL
                                     OR \"{column}\" NOT IN (SELECT id FROM \"{parent}\")",
                                    table.name
                                ),
                                [],
                                |r| r.get(0),
                            )
                            .map_err(failed)?;
                        if orphans > 0 {
                            return Err(ReshardError::Orphans {
                                path: source.path.clone(),
                                table: table.name.clone(),
                                rows: orphans as u64,
                            });
                        }
                        format!(
                            "SELECT p.guild, count(*) FROM \"{}\" t
                             JOIN \"{parent}\" p ON p.id = t.\"{column}\" GROUP BY p.guild",
                            table.name
                        )
                    }
                    Placement::User | Placement::Meta => continue,
                };
                let counts: Vec<(String, i64)> = conn
                    .prepare(&by_guild)
                    .and_then(|mut s| s.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect())
                    .map_err(failed)?;
                for (guild, rows) in counts {
                    let total = match &source.holds {
                        Holds::Every => None,
                        Holds::Shard(shard) => Some(shard.total()),
                        Holds::Range(range) => Some(range.total),
                    };
                    if let Some(total) = total {
                        let belongs = shard_of_guild(&guild, total);
                        if !source.holds.indices().contains(&belongs) {
                            return Err(ReshardError::Misplaced {
                                path: source.path.clone(),
                                guild,
                                holds: source.holds.words(),
                                belongs,
                                total,
                            });
                        }
                    }
                    let target = shard_of_guild(&guild, to);
                    plan.guilds.insert(guild, target);
                    *plan
                        .expected
                        .entry((target, table.name.clone()))
                        .or_default() += rows as u64;
                }
            }
            let games: Vec<(i64, String)> = conn
                .prepare("SELECT id, guild FROM games")
                .and_then(|mut s| s.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect())
                .map_err(failed)?;
            for (id, guild) in games {
                plan.games.insert((from, id), shard_of_guild(&guild, to));
            }
            for table in tables {
                let Placement::Parent { parent, .. } = &table.placement else {
                    continue;
                };
                let ids: Vec<(i64, String)> = conn
                    .prepare(&format!("SELECT id, guild FROM \"{parent}\""))
                    .and_then(|mut s| s.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect())
                    .map_err(failed)?;
                for (id, guild) in ids {
                    plan.parents
                        .insert((from, parent.clone(), id), shard_of_guild(&guild, to));
                }
            }
            let levels: Vec<String> = conn
                .prepare("SELECT key FROM meta WHERE key LIKE 'computer.level.%'")
                .and_then(|mut s| s.query_map([], |r| r.get(0))?.collect())
                .map_err(failed)?;
            let mut orphans = 0;
            for key in levels {
                let game = key[LEVEL_PREFIX.len()..].parse::<i64>().ok();
                match game.and_then(|id| plan.games.get(&(from, id))) {
                    Some(&target) => *plan.levels.entry(target).or_default() += 1,
                    None => orphans += 1,
                }
            }
            if orphans > 0 {
                return Err(ReshardError::Orphans {
                    path: source.path.clone(),
                    table: "meta (computer levels)".into(),
                    rows: orphans,
                });
            }
            let sequences: Vec<(String, i64)> = conn
                .prepare("SELECT name, seq FROM sqlite_sequence")
                .and_then(|mut s| s.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?.collect())
                .map_err(failed)?;
            for (name, seq) in sequences {
                let highest = plan.sequences.entry(name).or_insert(0);
                *highest = (*highest).max(seq);
            }
        }
        Ok(plan)
    }
}

/// The number of rows of `table` in `store`.
fn count(store: &Store, table: &str) -> u64 {
    store
        .conn()
        .query_row(&format!("SELECT count(*) FROM \"{table}\""), [], |r| {
            r.get::<_, i64>(0)
        })
        .map_or(0, |n| n as u64)
}

/// Greatest common divisor.
fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Writes and checks the new file of `shard` at `partial`.
fn write_target(
    sources: &[Source],
    tables: &[Table],
    plan: &Plan,
    shard: Shard,
    partial: &Path,
    path: &Path,
    from: u32,
) -> Result<NewFile, ReshardError> {
    remove_database(partial);
    let failed = |error: StoreError| ReshardError::Store {
        path: partial.to_path_buf(),
        error,
    };
    let sql = |error: rusqlite::Error| failed(error.into());
    let store = Store::open_exclusive(partial).map_err(failed)?;
    store.claim_shard(shard).map_err(failed)?;
    // A server of shard s among `from` can be on shard t among `to` only if
    // s and t agree modulo gcd(from, to).
    let step = gcd(from, shard.total());
    let feeding: Vec<(usize, &Source)> = sources
        .iter()
        .enumerate()
        .filter(|(_, s)| {
            s.holds
                .indices()
                .any(|index| index % step == shard.index() % step)
        })
        .collect();
    {
        let mut conn = store.conn();
        conn.execute_batch(
            "CREATE TEMP TABLE reshard_guilds (guild TEXT PRIMARY KEY);
             CREATE TEMP TABLE reshard_games (id INTEGER PRIMARY KEY);
             CREATE TEMP TABLE reshard_parents (parent TEXT, id INTEGER, PRIMARY KEY (parent, id));",
        )
        .map_err(sql)?;
        {
            let mut guild = conn
                .prepare("INSERT INTO temp.reshard_guilds (guild) VALUES (?1)")
                .map_err(sql)?;
            for (name, _) in plan.guilds.iter().filter(|(_, &t)| t == shard.index()) {
                guild.execute([name]).map_err(sql)?;
            }
        }
        for &(from, source) in &feeding {
            // This old file's games and parent rows that come here.
            conn.execute_batch("DELETE FROM temp.reshard_games; DELETE FROM temp.reshard_parents;")
                .map_err(sql)?;
            {
                let mut game = conn
                    .prepare("INSERT INTO temp.reshard_games (id) VALUES (?1)")
                    .map_err(sql)?;
                for ((_, id), _) in plan
                    .games
                    .iter()
                    .filter(|((f, _), &t)| *f == from && t == shard.index())
                {
                    game.execute([id]).map_err(sql)?;
                }
                let mut parent = conn
                    .prepare("INSERT INTO temp.reshard_parents (parent, id) VALUES (?1, ?2)")
                    .map_err(sql)?;
                for ((_, table, id), _) in plan
                    .parents
                    .iter()
                    .filter(|((f, ..), &t)| *f == from && t == shard.index())
                {
                    parent.execute(params![table, id]).map_err(sql)?;
                }
            }
            let path = source.path.to_string_lossy().into_owned();
            conn.execute("ATTACH DATABASE ?1 AS old", [path])
                .map_err(sql)?;
            copy(&mut conn, tables).map_err(sql)?;
            conn.execute_batch("DETACH DATABASE old").map_err(sql)?;
        }
        for (name, seq) in &plan.sequences {
            let updated = conn
                .execute(
                    "UPDATE sqlite_sequence SET seq = max(seq, ?2) WHERE name = ?1",
                    params![name, seq],
                )
                .map_err(sql)?;
            if updated == 0 {
                conn.execute(
                    "INSERT INTO sqlite_sequence (name, seq) VALUES (?1, ?2)",
                    params![name, seq],
                )
                .map_err(sql)?;
            }
        }
        conn.execute_batch(
            "DROP TABLE temp.reshard_guilds; DROP TABLE temp.reshard_games;
             DROP TABLE temp.reshard_parents;",
        )
        .map_err(sql)?;
    }
    let feeding: Vec<&Source> = feeding.into_iter().map(|(_, source)| source).collect();
    let rows = verify(&store, tables, plan, shard, &feeding, partial)?;
    let servers = plan
        .guilds
        .values()
        .filter(|&&t| t == shard.index())
        .count();
    let games = plan.games.values().filter(|&&t| t == shard.index()).count() as u64;
    Ok(NewFile {
        shard,
        path: path.to_path_buf(),
        servers,
        games,
        rows,
    })
}

/// Copies the rows of the attached old file (`old`) that belong in this
/// new file, in one transaction whose foreign keys are checked at commit.
fn copy(conn: &mut Connection, tables: &[Table]) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    tx.execute_batch("PRAGMA defer_foreign_keys = ON")?;
    for table in tables {
        let columns = table
            .columns
            .iter()
            .map(|c| format!("\"{c}\""))
            .collect::<Vec<_>>()
            .join(", ");
        let name = &table.name;
        let into =
            format!("INSERT INTO main.\"{name}\" ({columns}) SELECT {columns} FROM old.\"{name}\"");
        let statement = match &table.placement {
            Placement::Guild => {
                format!("{into} WHERE guild IN (SELECT guild FROM temp.reshard_guilds)")
            }
            Placement::Parent { column, parent } => format!(
                "{into} WHERE \"{column}\" IN
                 (SELECT id FROM temp.reshard_parents WHERE parent = '{parent}')"
            ),
            Placement::User => {
                let set = table
                    .columns
                    .iter()
                    .map(|c| format!("\"{c}\" = excluded.\"{c}\""))
                    .collect::<Vec<_>>()
                    .join(", ");
                format!(
                    "{into} WHERE true ON CONFLICT DO UPDATE SET {set}
                     WHERE excluded.updated_at > main.\"{name}\".updated_at"
                )
            }
            Placement::Meta => {
                let own = OWN_KEYS
                    .iter()
                    .map(|k| format!("'{k}'"))
                    .collect::<Vec<_>>()
                    .join(", ");
                tx.execute(
                    &format!(
                        "{into} WHERE key LIKE '{LEVEL_PREFIX}%'
                         AND CAST(substr(key, {}) AS INTEGER)
                             IN (SELECT id FROM temp.reshard_games)",
                        LEVEL_PREFIX.len() + 1
                    ),
                    [],
                )?;
                format!(
                    "INSERT OR IGNORE INTO main.meta ({columns}) SELECT {columns} FROM old.meta
                     WHERE key NOT LIKE '{LEVEL_PREFIX}%' AND key NOT IN ({own})"
                )
            }
        };
        tx.execute(&statement, [])?;
    }
    tx.commit()
}

/// Checks the new file: each table's rows counted against the old files,
/// the database's integrity and its foreign keys.
fn verify(
    store: &Store,
    tables: &[Table],
    plan: &Plan,
    shard: Shard,
    feeding: &[&Source],
    partial: &Path,
) -> Result<BTreeMap<String, u64>, ReshardError> {
    let mut rows = BTreeMap::new();
    let failed = |error: rusqlite::Error| ReshardError::Store {
        path: partial.to_path_buf(),
        error: error.into(),
    };
    for table in tables {
        let expected = match &table.placement {
            Placement::Guild | Placement::Parent { .. } => plan
                .expected
                .get(&(shard.index(), table.name.clone()))
                .copied()
                .unwrap_or(0),
            Placement::User => distinct_keys(feeding, table, None).map_err(failed)?,
            Placement::Meta => {
                let own = 1;
                let levels = plan.levels.get(&shard.index()).copied().unwrap_or(0);
                own + levels + distinct_keys(feeding, table, Some(LEVEL_PREFIX)).map_err(failed)?
            }
        };
        let found = count(store, &table.name);
        if found != expected {
            return Err(ReshardError::Verify {
                path: partial.to_path_buf(),
                table: table.name.clone(),
                expected,
                found,
            });
        }
        rows.insert(table.name.clone(), found);
    }
    let conn = store.conn();
    let integrity: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .map_err(failed)?;
    if integrity != "ok" {
        return Err(ReshardError::Check {
            path: partial.to_path_buf(),
            what: integrity,
        });
    }
    let dangling: i64 = conn
        .query_row("SELECT count(*) FROM pragma_foreign_key_check", [], |r| {
            r.get(0)
        })
        .map_err(failed)?;
    if dangling > 0 {
        return Err(ReshardError::Check {
            path: partial.to_path_buf(),
            what: format!("{dangling} rows refer to rows it does not hold"),
        });
    }
    Ok(rows)
}

/// The distinct keys of `table` over the old files `feeding` (for meta:
/// the keys copied as they are, not the file's own nor those starting with
/// `skip`).
fn distinct_keys(feeding: &[&Source], table: &Table, skip: Option<&str>) -> rusqlite::Result<u64> {
    let key = table
        .key
        .iter()
        .map(|c| format!("quote(\"{c}\")"))
        .collect::<Vec<_>>()
        .join(" || ',' || ");
    let filter = match skip {
        None => String::new(),
        Some(prefix) => format!(
            " WHERE key NOT LIKE '{prefix}%' AND key NOT IN ({})",
            OWN_KEYS
                .iter()
                .map(|k| format!("'{k}'"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    };
    let mut keys = HashSet::new();
    for source in feeding {
        let conn = source.store.conn();
        let mut statement =
            conn.prepare(&format!("SELECT {key} FROM \"{}\"{filter}", table.name))?;
        for row in statement.query_map([], |r| r.get::<_, String>(0))? {
            keys.insert(row?);
        }
    }
    Ok(keys.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_support::new_game;

    #[test]
    fn the_unsharded_file_splits_with_from_1_and_stays_as_it_was() {
        let dir = tempfile::tempdir().unwrap();
        let base = dir.path().join("t.db");
        let store = Store::open(&base).unwrap();
        let game = new_game(&store, "c", [1, 2]);
        drop(store);
        let outcome = reshard(&base, 1, 2).unwrap();
        assert_eq!(outcome.sources, vec![base.clone()]);
        assert_eq!(
            outcome.targets[0].games, 1,
            "server \"g\" is no server: shard 0"
        );
        assert_eq!(outcome.targets[1].games, 0);
        let first = Store::open(&Shard::new(0, 2).unwrap().path(&base)).unwrap();
        assert_eq!(first.game(game).unwrap().unwrap().channel, "c");
        assert_eq!(first.shard().unwrap(), Shard::new(0, 2));
        let second = Store::open(&Shard::new(1, 2).unwrap().path(&base)).unwrap();
        assert!(!second.holds_games().unwrap());
        // Its users went along (the users of every old file it was made from).
        assert_eq!(count(&second, "users"), 2);
        assert!(base.exists(), "the old file is left for the host to remove");
    }

    #[test]
    fn a_table_the_reshard_cannot_place_stops_it_before_anything_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let base = dir.path().join("t.db");
        let store = Store::open(&base).unwrap();
        store
            .conn()
            .execute_batch("CREATE TABLE stray (user_id INTEGER, note TEXT)")
            .unwrap();
        drop(store);
        let error = reshard(&base, 1, 3).unwrap_err();
        assert!(
            matches!(&error, ReshardError::UnknownTable(t) if t == "stray"),
            "{error}"
        );
        for shard in 0..3 {
            let path = Shard::new(shard, 3).unwrap().path(&base);
            assert!(!path.exists() && !partial_path(&path).exists());
        }
    }

    #[test]
    fn a_row_goes_with_the_row_its_x_id_names_and_a_row_naming_none_stops_the_reshard() {
        // A table added later (say, leagues and their members): the entrants follow their
        // tournament, which follows its server.
        let dir = tempfile::tempdir().unwrap();
        let base = dir.path().join("t.db");
        let guild = ((1_000_000u64 * 2 + 1) << 22).to_string();
        let store = Store::open(&base).unwrap();
        store
            .conn()
            .execute_batch(&format!(
                "CREATE TABLE leagues (id INTEGER PRIMARY KEY, guild TEXT NOT NULL);
                 CREATE TABLE league_members (league_id INTEGER NOT NULL,
                                                   game_id INTEGER, user_id INTEGER);
                 INSERT INTO leagues VALUES (7, '{guild}'), (8, 'local');
                 INSERT INTO league_members VALUES (7, NULL, 1), (7, NULL, 2), (8, NULL, 3);"
            ))
            .unwrap();
        let source = Source {
            path: base.clone(),
            holds: Holds::Every,
            store,
        };
        let placed = tables(&source).unwrap();
        let entrants = placed.iter().find(|t| t.name == "league_members").unwrap();
        assert_eq!(
            entrants.placement,
            Placement::Parent {
                column: "league_id".into(),
                parent: "leagues".into()
            },
            "the NOT NULL column first"
        );
        let moves = placed.iter().find(|t| t.name == "moves").unwrap();
        assert_eq!(
            moves.placement,
            Placement::Parent {
                column: "game_id".into(),
                parent: "games".into()
            }
        );
        drop(source);

        let other = dir.path().join("u.db");
        let store = Store::open(&other).unwrap();
        store
            .conn()
            .execute_batch(
                "CREATE TABLE leagues (id INTEGER PRIMARY KEY, guild TEXT NOT NULL);
                 CREATE TABLE league_members (league_id INTEGER, user_id INTEGER);
                 INSERT INTO league_members VALUES (NULL, 1);",
            )
            .unwrap();
        drop(store);
        let error = reshard(&other, 1, 2).unwrap_err();
        assert!(
            matches!(&error, ReshardError::Orphans { table, rows: 1, .. } if table == "league_members"),
            "{error}"
        );
    }

    #[test]
    fn totals_that_share_no_factor_draw_each_new_file_from_every_old_one() {
        // 2 -> 3: a server of old shard 0 may land on any new shard.
        assert_eq!(gcd(2, 3), 1);
        assert_eq!(gcd(4, 8), 4);
        assert_eq!(gcd(8, 4), 4);
        assert_eq!(gcd(6, 4), 2);
    }
}
