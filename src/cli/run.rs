//! `taktable run`: connect to Discord and serve the slash commands until Ctrl-C or SIGTERM.

use std::process::ExitCode;
use std::time::Duration;

use clap::Args;

use crate::discord;

/// Arguments of `taktable run`. Everything is configured through the environment (or `.env`):
/// see `.env.example`. The flags, when given, win over their variables.
#[derive(Args)]
pub struct RunArgs {
    /// How many gateway shards the whole bot has (DISCORD_SHARDS). Without it, Discord's
    /// recommended number, all in this process, with one database.
    #[arg(long, value_name = "TOTAL")]
    shards: Option<String>,
    /// The shards this process runs, half-open: 0..2 runs shards 0 and 1 (DISCORD_SHARD_RANGE;
    /// default: all of them). Each shard keeps its servers in a database file of its own beside
    /// DATABASE_PATH: taktable.db gives taktable.shard-I-of-TOTAL.db.
    #[arg(long, value_name = "A..B")]
    shard_range: Option<String>,
}

impl RunArgs {
    /// The value of the variable `name`: its flag's, if given, else the environment's.
    fn lookup(&self, name: &str) -> Option<String> {
        let flag = match name {
            discord::config::SHARDS_VAR => &self.shards,
            discord::config::SHARD_RANGE_VAR => &self.shard_range,
            _ => &None,
        };
        flag.clone().or_else(|| std::env::var(name).ok())
    }
}

/// How long the tasks left at the end may take to let go.
const RUNTIME_LIMIT: Duration = Duration::from_millis(500);

/// Reads the configuration and runs the bot. Exit status 2 when the configuration is wrong
/// (a missing DISCORD_TOKEN, say), 1 when the connection fails, 0 after a clean shutdown.
pub fn main(args: RunArgs) -> ExitCode {
    let dotenv = discord::load_dotenv();
    discord::logging::init();
    if let Some(path) = dotenv {
        tracing::info!("read {}", path.display());
    }
    let config = match discord::Config::from_lookup(|name| args.lookup(name)) {
        Ok(config) => config,
        Err(why) => {
            eprintln!("error: {why}");
            return ExitCode::from(why.exit_code());
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(why) => {
            eprintln!("error: could not start the async runtime: {why}");
            return ExitCode::from(1);
        }
    };
    let outcome = runtime.block_on(discord::run(&config));
    // What still runs is dropped now rather than waited for: a shard stuck reconnecting, or a
    // job on a blocking thread. Dropping the tasks drops the last users of the database, which
    // closes it.
    runtime.shutdown_timeout(RUNTIME_LIMIT);
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("error: {why}");
            ExitCode::from(1)
        }
    }
}
