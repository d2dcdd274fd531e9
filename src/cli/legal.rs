//! `taktable legal`: every legal turn of a position, sorted.

use clap::Args;

use super::setup::PositionArgs;

#[derive(Args)]
pub struct LegalArgs {
    #[command(flatten)]
    position: PositionArgs,
}

pub fn run(args: LegalArgs) -> Result<(), String> {
    for turn in args.position.start()?.legal_sorted() {
        println!("{turn}");
    }
    Ok(())
}
