//! `taktable perft`: perft counts per depth, with their time.

use std::time::Instant;

use clap::Args;

use super::setup::PositionArgs;

#[derive(Args)]
pub struct PerftArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Count up to this many plies.
    #[arg(long)]
    depth: u32,
}

pub fn run(args: PerftArgs) -> Result<(), String> {
    let start = args.position.start()?;
    for depth in 1..=args.depth {
        let clock = Instant::now();
        let nodes = start.perft(depth);
        let seconds = clock.elapsed().as_secs_f64();
        println!("depth {depth} nodes {nodes} time {seconds:.3}");
    }
    Ok(())
}
