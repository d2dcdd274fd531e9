//! `taktable replay`: plays a PTN file through the rules.

use std::path::PathBuf;

use clap::Args;

use crate::games::tak::{Outcome, PtnGame};

#[derive(Args)]
pub struct ReplayArgs {
    /// The PTN file.
    file: PathBuf,
}

/// The result strings the rules decide; a file claiming one of them must
/// agree with the engine.
const RULE_RESULTS: &[&str] = &["R-0", "0-R", "F-0", "0-F", "1/2-1/2"];

pub fn run(args: ReplayArgs) -> Result<(), String> {
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| format!("can't read {}: {e}", args.file.display()))?;
    let game = PtnGame::parse(&text).map_err(|e| e.to_string())?;
    let replay = game.replay().map_err(|e| e.to_string())?;
    let result = replay
        .position
        .outcome()
        .map_or("*", Outcome::result_string);
    println!("{}", replay.position.tps());
    println!("{result}");
    if let Some(claimed) = game.result.as_deref() {
        if RULE_RESULTS.contains(&claimed) && claimed != result {
            return Err(format!(
                "the file gives the result {claimed} but the rules give {result} for the final position"
            ));
        }
    }
    Ok(())
}
