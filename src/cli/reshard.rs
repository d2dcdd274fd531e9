//! `taktable reshard --from F --to T`: the database files of F shards split or merged into the
//! files of T shards, every row kept (see [`crate::store::reshard`]).

use std::path::PathBuf;
use std::time::Instant;

use clap::Args;

use crate::store::reshard::{reshard, Outcome};

/// Arguments of `taktable reshard`.
#[derive(Args)]
pub struct ReshardArgs {
    /// How many shards the files are now for (`taktable.shard-I-of-FROM.db`). With 1 and no
    /// such file, the unsharded database itself is split.
    #[arg(long, value_name = "TOTAL", value_parser = clap::value_parser!(u32).range(1..))]
    from: u32,
    /// How many shards the new files are for (`taktable.shard-I-of-TO.db`).
    #[arg(long, value_name = "TOTAL", value_parser = clap::value_parser!(u32).range(1..))]
    to: u32,
    /// The database path the shard files sit beside and are named after (default:
    /// DATABASE_PATH from the environment or .env, else taktable.db).
    #[arg(long, value_name = "FILE")]
    database: Option<PathBuf>,
}

/// Runs the reshard and says what it wrote and what to remove once the bot runs on it.
pub fn run(args: ReshardArgs) -> Result<(), String> {
    let database = super::database_path(args.database);
    let started = Instant::now();
    let outcome = reshard(&database, args.from, args.to).map_err(|e| e.to_string())?;
    print!(
        "{}",
        report(&outcome, args.from, args.to, started.elapsed())
    );
    Ok(())
}

/// What `run` prints.
fn report(outcome: &Outcome, from: u32, to: u32, took: std::time::Duration) -> String {
    let mut text = format!(
        "Read the {} file{} of {from} shard{} and wrote the {to} file{} of {to} shard{} in {:.2} s:\n",
        outcome.sources.len(),
        plural(outcome.sources.len()),
        plural(from as usize),
        plural(to as usize),
        plural(to as usize),
        took.as_secs_f64()
    );
    for file in &outcome.targets {
        text.push_str(&format!(
            "  {}: {} server{}, {} game{}\n",
            file.path.display(),
            file.servers,
            plural(file.servers),
            file.games,
            plural(file.games as usize)
        ));
    }
    text.push_str("Rows of each table, old files -> new files (each checked):\n");
    for (table, before, after) in &outcome.tables {
        let note = if before == after {
            ""
        } else {
            " (users, their preferences and each file's own record are in every new file)"
        };
        text.push_str(&format!("  {table}: {before} -> {after}{note}\n"));
    }
    let sources: Vec<String> = outcome
        .sources
        .iter()
        .map(|s| s.display().to_string())
        .collect();
    if outcome.old_naming {
        // The bot refuses to start beside files of the old naming.
        text.push_str(&format!(
            "The old files were left as they were. Move them out of this folder (keep them until \
             the bot runs well on the new files), then run the bot with --shards {to} \
             (DISCORD_SHARDS={to}):\n  mkdir -p old-shard-files && mv {} old-shard-files/\n",
            sources.join(" ")
        ));
    } else {
        text.push_str(&format!(
            "The old files were left as they were. Run the bot with --shards {to} \
             (DISCORD_SHARDS={to}) on the new files; once it runs, remove the old ones:\n  rm {}\n",
            sources.join(" ")
        ));
    }
    text
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
