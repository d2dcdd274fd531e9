//! `taktable commands`: the slash commands, without connecting to Discord.

use clap::Args;

use crate::bot::commands::commands;
use crate::bot::views::help;

/// Arguments of `taktable commands`.
#[derive(Args)]
pub struct CommandsArgs {
    /// Print the JSON array of application commands exactly as `taktable run` registers it.
    #[arg(long)]
    json: bool,
}

pub fn run(args: CommandsArgs) -> Result<(), String> {
    if args.json {
        println!("{}", crate::discord::application_commands_json());
    } else {
        for command in commands() {
            println!("{} : {}", help::synopsis(command), command.description);
        }
    }
    Ok(())
}
