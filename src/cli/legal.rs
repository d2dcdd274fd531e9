//! `taktable legal`: every legal turn of a position, sorted; with
//! `--after`, each followed by a tab and the position it leads to.

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
    for turn in turns {
        if args.after {
            let mut next = game.clone();
            next.play(&turn)
                .map_err(|e| format!("the legal turn {turn} was refused: {e}"))?;
            println!("{turn}\t{}", next.snapshot());
        } else {
            println!("{turn}");
        }
    }
    Ok(())
}
