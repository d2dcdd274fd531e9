//! `taktable backup --to PATH` and `taktable restore --from PATH`: checked
//! copies of the database files taken while the bot runs, and put back
//! while it is stopped (see [`crate::store::backup`]).

use std::path::{Path, PathBuf};

use clap::Args;

use super::database_path;
use crate::store::backup::{backup, restore, Checked};
use crate::store::reshard::list;
use crate::store::shards::{totals_beside, Shard};

/// Arguments of `taktable backup`.
#[derive(Args)]
pub struct BackupArgs {
    /// Where the copy goes: a new file, or a folder that gets one copy of each database file (the
    /// unsharded file and every shard's file beside it), under its own name. A folder is needed
    /// when there are several files.
    #[arg(long, value_name = "PATH")]
    to: PathBuf,
    /// The database to copy, and the shard files beside it (default: DATABASE_PATH from the
    /// environment or .env, else taktable.db).
    #[arg(long, value_name = "FILE")]
    database: Option<PathBuf>,
}

/// Arguments of `taktable restore`.
#[derive(Args)]
pub struct RestoreArgs {
    /// The backup: a file made by `taktable backup` (put in place of the database), or a folder
    /// made by it (each file in it named as the database or one of its shard files is put in
    /// place of that file). Stop the bot first.
    #[arg(long, value_name = "PATH")]
    from: PathBuf,
    /// The database to replace (default: DATABASE_PATH from the environment or .env, else
    /// taktable.db). The file replaced is moved aside, never removed.
    #[arg(long, value_name = "FILE")]
    database: Option<PathBuf>,
}

/// The database files of `base`: itself, if it is there, and every shard's file beside it.
fn database_files(base: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = base
        .is_file()
        .then(|| base.to_path_buf())
        .into_iter()
        .collect();
    for (total, shards) in totals_beside(base) {
        files.extend(
            shards
                .into_iter()
                .filter_map(|index| Shard::new(index, total))
                .map(|shard| shard.path(base)),
        );
    }
    files
}

/// Copies each database file and says what each copy holds.
pub fn run_backup(args: BackupArgs) -> Result<(), String> {
    let base = database_path(args.database);
    let files = database_files(&base);
    if files.is_empty() {
        return Err(format!(
            "there is no database at {} (nor a shard's file beside it): nothing to back up",
            base.display()
        ));
    }
    let into_folder = args.to.is_dir() || args.to.as_os_str().to_string_lossy().ends_with('/');
    if !into_folder && files.len() > 1 {
        return Err(format!(
            "there are {} database files ({}): give --to a folder, which gets a copy of each",
            files.len(),
            list(&files)
        ));
    }
    if into_folder {
        std::fs::create_dir_all(&args.to).map_err(|e| format!("{}: {e}", args.to.display()))?;
    }
    for file in &files {
        let target = match (into_folder, file.file_name()) {
            (true, Some(name)) => args.to.join(name),
            _ => args.to.clone(),
        };
        let (copy, took) = backup(file, &target).map_err(|e| e.to_string())?;
        println!(
            "{} -> {}: {}, in {:.2} s",
            file.display(),
            copy.path.display(),
            summary(&copy),
            took.as_secs_f64()
        );
    }
    Ok(())
}

/// Puts each backup file in place and says what was moved aside.
pub fn run_restore(args: RestoreArgs) -> Result<(), String> {
    let base = database_path(args.database);
    let pairs: Vec<(PathBuf, PathBuf)> = if args.from.is_dir() {
        let folder = args.from.join(base.file_name().unwrap_or_default());
        let found = database_files(&folder);
        if found.is_empty() {
            return Err(format!(
                "{} holds no copy named as {} or one of its shard files",
                args.from.display(),
                base.display()
            ));
        }
        found
            .into_iter()
            .map(|copy| {
                let name = copy.file_name().unwrap_or_default().to_owned();
                (copy, base.with_file_name(name))
            })
            .collect()
    } else {
        vec![(args.from.clone(), base)]
    };
    for (copy, database) in &pairs {
        let restored = restore(copy, database).map_err(|e| e.to_string())?;
        println!(
            "{} -> {}: {}",
            copy.display(),
            database.display(),
            summary(&restored.checked)
        );
        if let Some(aside) = restored.replaced {
            println!(
                "  the file it replaced was moved to {} (remove it once the bot runs well)",
                aside.display()
            );
        }
    }
    Ok(())
}

/// "12 games, 240 moves, 0.3 MB, schema 12, integrity checked".
fn summary(checked: &Checked) -> String {
    format!(
        "{} game{}, {} move{}, {:.1} MB, schema {}, integrity checked",
        checked.games,
        plural(checked.games),
        checked.moves,
        plural(checked.moves),
        checked.bytes as f64 / 1e6,
        checked.schema
    )
}

fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
