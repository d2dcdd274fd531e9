//! `taktable run`: connect to Discord and serve the slash commands until Ctrl-C or SIGTERM.

use std::process::ExitCode;

use clap::Args;

use crate::discord;

/// Arguments of `taktable run`. Everything is configured through the environment (or `.env`):
/// see `.env.example`.
#[derive(Args)]
pub struct RunArgs {}

/// Reads the configuration and runs the bot. Exit status 2 when the configuration is wrong
/// (a missing DISCORD_TOKEN, say), 1 when the connection fails, 0 after a clean shutdown.
pub fn main(_args: RunArgs) -> ExitCode {
    let dotenv = discord::load_dotenv();
    discord::logging::init();
    if let Some(path) = dotenv {
        tracing::info!("read {}", path.display());
    }
    let config = match discord::Config::from_env() {
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
    match runtime.block_on(discord::run(&config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(why) => {
            eprintln!("error: {why}");
            ExitCode::from(1)
        }
    }
}
