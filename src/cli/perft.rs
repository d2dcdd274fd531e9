//! `taktable perft`: perft counts per depth, with their time.

use std::time::Instant;

use clap::Args;

use crate::games::tak::{Komi, Position, Rules};

#[derive(Args)]
pub struct PerftArgs {
    /// Board size (3 to 8).
    #[arg(long)]
    size: Option<u8>,
    /// Start from this position instead of the empty board.
    #[arg(long)]
    tps: Option<String>,
    /// Count up to this many plies.
    #[arg(long)]
    depth: u32,
    /// Komi (it decides flat wins, so it can change counts below a finished game).
    #[arg(long, allow_hyphen_values = true)]
    komi: Option<String>,
}

pub fn run(args: PerftArgs) -> Result<(), String> {
    let size = match (args.size, &args.tps) {
        (Some(size), _) => size,
        (None, Some(tps)) => crate::games::tak::tps::tps_size(tps).map_err(|e| e.to_string())?,
        (None, None) => return Err("give --size N (3 to 8) or --tps".into()),
    };
    let mut rules = Rules::standard(size).map_err(|e| e.to_string())?;
    if let Some(komi) = &args.komi {
        rules = rules.with_komi(komi.parse::<Komi>()?);
    }
    let position = match &args.tps {
        Some(tps) => Position::from_tps(tps, rules).map_err(|e| e.to_string())?,
        None => Position::new(rules),
    };
    for depth in 1..=args.depth {
        let start = Instant::now();
        let nodes = position.perft(depth);
        let seconds = start.elapsed().as_secs_f64();
        println!("depth {depth} nodes {nodes} time {seconds:.3}");
    }
    Ok(())
}
