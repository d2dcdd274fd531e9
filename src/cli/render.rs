//! `taktable render`: one position as a PNG.

use std::path::PathBuf;

use clap::Args;

use super::setup::PositionArgs;
use crate::render::Theme;

#[derive(Args)]
pub struct RenderArgs {
    #[command(flatten)]
    position: PositionArgs,
    /// Colour theme (slate, wood, contrast, paper).
    #[arg(long, default_value = "slate")]
    theme: String,
    /// The turn that led to the position, highlighted (not played; the last
    /// of --moves is highlighted anyway).
    #[arg(long, allow_hyphen_values = true)]
    last: Option<String>,
    /// White's name.
    #[arg(long, default_value = "White")]
    white: String,
    /// Black's name.
    #[arg(long, default_value = "Black")]
    black: String,
    /// Where to write the PNG.
    #[arg(long)]
    out: PathBuf,
}

pub fn run(args: RenderArgs) -> Result<(), String> {
    let theme = Theme::from_name(&args.theme).ok_or_else(|| {
        format!(
            "no theme {}; themes: {}",
            crate::games::error::quoted(&args.theme),
            Theme::NAMES.join(", ")
        )
    })?;
    let mut game = args.position.start()?;
    if let Some(last) = &args.last {
        game.mark_last(last).map_err(|e| format!("--last: {e}"))?;
    }
    let picture = crate::render::picture(&game, [args.white, args.black], theme)
        .map_err(|e| e.to_string())?;
    std::fs::write(&args.out, picture.png)
        .map_err(|e| format!("can't write {}: {e}", args.out.display()))
}
