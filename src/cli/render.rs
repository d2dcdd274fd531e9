//! `taktable render`: one position as a PNG.

use std::path::PathBuf;

use clap::Args;

use super::setup::GameChoice;
use crate::games::tak::{Komi, Move, Position, Rules};
use crate::games::takat;
use crate::render::tak::TakBoardView;
use crate::render::takat::TakatBoardView;
use crate::render::{Picture, Theme};

#[derive(Args)]
pub struct RenderArgs {
    /// The game.
    #[arg(long, value_enum, default_value_t = GameChoice::Tak)]
    game: GameChoice,
    /// The position: a TPS for Tak, the position format for Takat.
    #[arg(long, visible_alias = "position", allow_hyphen_values = true)]
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
    /// Tak komi (shown with the flat count; it decides flat wins).
    #[arg(long, allow_hyphen_values = true)]
    komi: Option<String>,
    /// Where to write the PNG.
    #[arg(long)]
    out: PathBuf,
}

pub fn run(args: RenderArgs) -> Result<(), String> {
    let theme = Theme::from_name(&args.theme).ok_or_else(|| {
        format!(
            "no theme `{}`; themes: {}",
            args.theme,
            Theme::NAMES.join(", ")
        )
    })?;
    let png = match args.game {
        GameChoice::Tak => render_tak(&args, theme)?,
        GameChoice::Takat => render_takat(&args, theme)?,
    };
    std::fs::write(&args.out, png).map_err(|e| format!("can't write {}: {e}", args.out.display()))
}

fn render_tak(args: &RenderArgs, theme: Theme) -> Result<Vec<u8>, String> {
    let size = crate::games::tak::tps::tps_size(&args.tps).map_err(|e| e.to_string())?;
    let mut rules = Rules::standard(size).map_err(|e| e.to_string())?;
    if let Some(komi) = &args.komi {
        rules = rules.with_komi(komi.parse::<Komi>()?);
    }
    let position = Position::from_tps(&args.tps, rules).map_err(|e| e.to_string())?;
    let last = match &args.last {
        Some(text) => {
            let mv: Move = text.parse().map_err(|e| format!("--last: {e}"))?;
            let touched = mv.touched_squares(size);
            let expected = match mv {
                Move::Place { .. } => 1,
                Move::Spread { drops, .. } => 1 + drops.squares() as usize,
            };
            if touched.len() != expected || !touched.iter().all(|s| s.is_on(size)) {
                return Err(format!(
                    "--last: {text} does not fit on a {size}x{size} board"
                ));
            }
            Some(mv)
        }
        None => None,
    };
    let view =
        TakBoardView::from_position(&position, [args.white.clone(), args.black.clone()], last);
    view.png(theme).map_err(|e| e.to_string())
}

fn render_takat(args: &RenderArgs, theme: Theme) -> Result<Vec<u8>, String> {
    if args.komi.is_some() {
        return Err("--komi is a Tak option".into());
    }
    let position: takat::Position = args
        .tps
        .parse()
        .map_err(|e: takat::ParsePositionError| e.to_string())?;
    let last = match &args.last {
        Some(text) => Some(
            text.parse::<takat::Turn>()
                .map_err(|e| format!("--last: {e}"))?,
        ),
        None => None,
    };
    let view =
        TakatBoardView::from_position(&position, [args.white.clone(), args.black.clone()], last);
    view.png(theme).map_err(|e| e.to_string())
}
