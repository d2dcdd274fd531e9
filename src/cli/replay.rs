//! `taktable replay`: plays a game file through the rules and prints the
//! final position and the result.

use std::path::PathBuf;

use clap::Args;

use super::setup::GameChoice;
use crate::games::{tak, takat};

#[derive(Args)]
pub struct ReplayArgs {
    /// The game of the file: a PTN file for Tak, a Takat record for Takat.
    #[arg(long, value_enum, default_value_t = GameChoice::Tak)]
    game: GameChoice,
    /// The game file.
    file: PathBuf,
}

/// The Tak result strings the rules decide; a file claiming one of them
/// must agree with the engine.
const RULE_RESULTS: &[&str] = &["R-0", "0-R", "F-0", "0-F", "1/2-1/2"];

pub fn run(args: ReplayArgs) -> Result<(), String> {
    let text = std::fs::read_to_string(&args.file)
        .map_err(|e| format!("can't read {}: {e}", args.file.display()))?;
    match args.game {
        GameChoice::Tak => replay_tak(&text),
        GameChoice::Takat => replay_takat(&text),
    }
}

fn replay_tak(text: &str) -> Result<(), String> {
    let game = tak::PtnGame::parse(text).map_err(|e| e.to_string())?;
    let replay = game.replay().map_err(|e| e.to_string())?;
    let result = replay
        .position
        .outcome()
        .map_or("*", tak::Outcome::result_string);
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

/// The result string of a Takat position: `1-0` (White), `0-1` (Black), `*`.
pub fn takat_result(position: &takat::Position) -> &'static str {
    match position.outcome() {
        Some(o) if o.winner == takat::Color::White => "1-0",
        Some(_) => "0-1",
        None => "*",
    }
}

fn replay_takat(text: &str) -> Result<(), String> {
    let record = takat::parse_record(text).map_err(|e| e.to_string())?;
    let position = record
        .final_position()
        .map_err(|(i, e)| format!("turn {}: {e}", i + 1))?;
    let result = takat_result(&position);
    println!("{position}");
    println!("{result}");
    if let Some(claimed) = record.tag("Result") {
        if ["1-0", "0-1"].contains(&claimed) && claimed != result {
            return Err(format!(
                "the file gives the result {claimed} but the rules give {result} for the final position"
            ));
        }
    }
    Ok(())
}
