//! The command line: `taktable <subcommand>`.

mod backup;
mod commands;
mod legal;
mod openings;
mod perft;
mod render;
mod replay;
mod reshard;
mod run;
mod score;
mod selfplay;
mod setup;
mod tally;
mod tei;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "taktable",
    version,
    about = "A Discord bot for the Tak family of board games"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the move sequences of each length up to a depth (checks the move generator).
    Perft(perft::PerftArgs),
    /// Play every move of a game file through the rules, then print the final position and result.
    Replay(replay::ReplayArgs),
    /// Print every legal turn of a position in canonical notation, sorted.
    Legal(legal::LegalArgs),
    /// Draw one Tak position as a PNG.
    Render(render::RenderArgs),
    /// Play in the terminal: type slash commands one per line, as in Discord.
    Local(crate::console::LocalArgs),
    /// Connect to Discord and serve the slash commands (configured by the environment or .env).
    Run(run::RunArgs),
    /// Copy the database files while the bot runs, each copy checked (integrity, schema version).
    Backup(backup::BackupArgs),
    /// Put a backup in place of the database files (stop the bot first).
    Restore(backup::RestoreArgs),
    /// Split or merge the shards' database files when the number of shards changes.
    Reshard(reshard::ReshardArgs),
    /// List the slash commands; with --json, the exact registration payload (no connection).
    Commands(commands::CommandsArgs),
    /// Speak TEI (the Tak engine protocol) on standard input and output.
    Tei(tei::TeiArgs),
    /// Play matches between two levels of the computer opponent.
    Selfplay(Box<selfplay::SelfplayArgs>),
    /// Print random Tak openings of flat placements, one a line: a match runner's book.
    Openings(openings::OpeningsArgs),
    /// Sum up a file of Tak games (a match runner's PTN) for one player, each result checked by the rules.
    Tally(tally::TallyArgs),
}

/// Runs the command line and returns the process's exit status.
pub fn main() -> ExitCode {
    ignore_file_size_signal();
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Perft(args) => perft::run(args),
        Command::Replay(args) => replay::run(args),
        Command::Legal(args) => legal::run(args),
        Command::Render(args) => render::run(args),
        Command::Local(args) => {
            // The core logs its errors through `tracing`; in the terminal only warnings and
            // errors go to standard error, so a session's output stays what it typed and saw.
            if let Err(why) = crate::discord::logging::try_init_with("warn", false, std::io::stderr)
            {
                eprintln!("warning: logging not set up: {why}");
            }
            crate::console::run(args)
        }
        Command::Run(args) => return run::main(args),
        Command::Reshard(args) => reshard::run(args),
        Command::Backup(args) => backup::run_backup(args),
        Command::Restore(args) => backup::run_restore(args),
        Command::Commands(args) => commands::run(args),
        Command::Tei(args) => tei::run(args),
        Command::Selfplay(args) => selfplay::run(*args),
        Command::Openings(args) => openings::run(args),
        Command::Tally(args) => tally::run(args),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(1)
        }
    }
}

/// The database path a command works on: its `--database` flag's, else DATABASE_PATH from the
/// environment (or .env), else taktable.db.
fn database_path(flag: Option<std::path::PathBuf>) -> std::path::PathBuf {
    flag.unwrap_or_else(|| {
        crate::discord::load_dotenv();
        std::env::var_os(crate::discord::config::DATABASE_PATH_VAR).map_or_else(
            || crate::discord::config::DEFAULT_DATABASE_PATH.into(),
            std::path::PathBuf::from,
        )
    })
}

/// A file's text, or an error naming the file.
fn read_text(path: &std::path::Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("reading {}: {e}", path.display()))
}

/// A Tak weights file, as the tuner writes it (`selfplay --tune-out`).
fn read_weights(
    path: &std::path::Path,
) -> Result<crate::games::tak::search::eval::Weights, String> {
    crate::games::tak::search::weights::from_text(&read_text(path)?)
}

/// A write past the file size limit (`ulimit -f`) then fails with EFBIG,
/// which the store reports as a full disk (nothing saved, the command
/// refused), instead of SIGXFSZ killing the process mid-session (issue 27).
fn ignore_file_size_signal() {
    #[cfg(unix)]
    // SAFETY: setting a signal to be ignored touches no memory of ours, and
    // nothing else has started yet.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    /// Every subcommand's arguments are well formed: in particular no
    /// game's own option (`--seed`, `--goals`) takes the name of a shared
    /// one (`--position`, `--moves`, `--depth`, `--out`).
    #[test]
    fn the_command_line_is_well_formed() {
        super::Cli::command().debug_assert();
    }
}
