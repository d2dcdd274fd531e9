//! `taktable legal`: every legal turn of a position, sorted; with
//! `--after`, each followed by a tab and the position it leads to.

use std::io::{self, BufWriter, Write};

use clap::Args;

use super::setup::PositionArgs;

#[derive(Args)]
pub struct LegalArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// After each turn, a tab and the position it leads to, in the game's
    /// position format (Tak: TPS).
    #[arg(long)]
    after: bool,
}

pub fn run(args: LegalArgs) -> Result<(), String> {
    let game = args.position.start()?;
    if let Some(outcome) = game.outcome() {
        return Err(format!(
            "the game is over: {} ({}), so there is no legal turn",
            outcome.result, outcome.reason
        ));
    }
    let mut turns = game.legal_actions();
    turns.sort();
    let mut out = BufWriter::new(io::stdout().lock());
    for turn in turns {
        let line = if args.after {
            let mut next = game.clone();
            next.play(&turn)
                .map_err(|e| format!("the legal turn {turn} was refused: {e}"))?;
            writeln!(out, "{turn}\t{}", next.snapshot())
        } else {
            writeln!(out, "{turn}")
        };
        if let Err(e) = line {
            return closed_or(e);
        }
    }
    out.flush().or_else(closed_or)
}

/// A reader that stops reading early (`legal | head`) closes the pipe: that
/// ends the listing quietly; any other write error is reported.
fn closed_or(e: io::Error) -> Result<(), String> {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Ok(())
    } else {
        Err(format!("could not write the turns: {e}"))
    }
}
