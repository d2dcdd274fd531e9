//! `taktable render`: one Tak position as a PNG.

use std::path::PathBuf;

use clap::Args;

use crate::games::tak::{Komi, Move, Position, Rules};
use crate::render::{tak::render_png, TakBoardView, Theme};

#[derive(Args)]
pub struct RenderArgs {
    /// The position.
    #[arg(long, allow_hyphen_values = true)]
    tps: String,
    /// Colour theme (slate, wood, contrast, paper).
    #[arg(long, default_value = "slate")]
    theme: String,
    /// The move that led to the position, highlighted.
    #[arg(long, allow_hyphen_values = true)]
    last: Option<String>,
    /// White's name.
    #[arg(long, default_value = "White")]
    white: String,
    /// Black's name.
    #[arg(long, default_value = "Black")]
    black: String,
    /// Komi (shown with the flat count; it decides flat wins).
    #[arg(long, allow_hyphen_values = true)]
    komi: Option<String>,
    /// Where to write the PNG.
    #[arg(long)]
    out: PathBuf,
}

pub fn run(args: RenderArgs) -> Result<(), String> {
    let theme = Theme::from_name(&args.theme).ok_or_else(|| {
        let names: Vec<&str> = Theme::ALL.iter().map(|t| t.name()).collect();
        format!("no theme `{}`; themes: {}", args.theme, names.join(", "))
    })?;
    let size = crate::games::tak::tps::tps_size(&args.tps).map_err(|e| e.to_string())?;
    let mut rules = Rules::standard(size).map_err(|e| e.to_string())?;
    if let Some(komi) = &args.komi {
        rules = rules.with_komi(komi.parse::<Komi>()?);
    }
    let position = Position::from_tps(&args.tps, rules).map_err(|e| e.to_string())?;
    let last = match &args.last {
        Some(text) => {
            let mv: Move = text.parse().map_err(|e| format!("--last: {e}"))?;
            let on_board = mv.touched_squares(size).len() == expected_squares(mv)
                && mv.touched_squares(size).iter().all(|s| s.is_on(size));
            if !on_board {
                return Err(format!(
                    "--last: {text} does not fit on a {size}x{size} board"
                ));
            }
            Some(mv)
        }
        None => None,
    };
    let view = TakBoardView::from_position(&position, [args.white, args.black], last);
    let png = render_png(&view, theme);
    std::fs::write(&args.out, png)
        .map_err(|e| format!("can't write {}: {e}", args.out.display()))?;
    Ok(())
}

/// How many squares a move touches when it stays on the board.
fn expected_squares(mv: Move) -> usize {
    match mv {
        Move::Place { .. } => 1,
        Move::Spread { drops, .. } => 1 + drops.squares() as usize,
    }
}
