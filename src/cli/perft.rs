//! `taktable perft`: perft counts per depth, with their time.

use std::time::Instant;

use clap::Args;

use super::setup::PositionArgs;

#[derive(Args)]
pub struct PerftArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Count up to this many plies (0: the position itself, 1 node).
    #[arg(long)]
    depth: u32,
}

pub fn run(args: PerftArgs) -> Result<(), String> {
    let start = args.position.start()?;
    // Depth 0 counts the position itself: perft(0) = 1 by definition.
    let first = args.depth.min(1);
    for depth in first..=args.depth {
        let clock = Instant::now();
        let nodes = start.perft(depth);
        let seconds = clock.elapsed().as_secs_f64();
        println!("depth {depth} nodes {nodes} time {seconds:.3}");
    }
    Ok(())
}
