//! The board picture that goes with a reply: the renderer's PNG in the
//! theme the invoking user chose, with its alt text (the position and the
//! last move) and a text board for terminals.

use super::reply::Image;
use super::Ctx;
use crate::games::GameState;
use crate::render::Theme;
use crate::store::GameRow;

/// The theme a user sees boards in: their choice, else the default.
pub fn theme_of(ctx: &Ctx<'_>) -> Theme {
    ctx.store()
        .user_theme(ctx.user.id)
        .ok()
        .flatten()
        .and_then(|name| Theme::from_name(&name))
        .unwrap_or_default()
}

/// The picture of `state`, the position of `game`.
pub fn board_image(ctx: &Ctx<'_>, game: &GameRow, state: &GameState) -> Option<Image> {
    let names = player_names(ctx, game);
    let plies = state.action_count();
    let picture = match crate::render::picture(state, names, theme_of(ctx)) {
        Ok(picture) => picture,
        Err(e) => {
            // The reply goes out without its picture.
            tracing::error!(game = game.id, "{e}");
            return None;
        }
    };
    Some(Image {
        bytes: picture.png,
        alt: picture.alt,
        file_name: format!("game-{}-ply-{plies}.png", game.id),
        text: state.text_board(),
    })
}

/// The players' names as the pictures show them, white's first.
pub fn player_names(ctx: &Ctx<'_>, game: &GameRow) -> [String; 2] {
    game.players.map(|id| {
        ctx.store()
            .user_name(id)
            .ok()
            .flatten()
            .unwrap_or_else(|| format!("player {id}"))
    })
}
