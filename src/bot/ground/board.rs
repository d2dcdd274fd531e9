//! The board picture that goes with a reply: the renderer's PNG in the
//! game's theme (its challenger's choice when it began, so every picture of
//! a game looks alike whoever moves), with its alt text (the position and
//! the last move) and a text board for terminals.

use super::context::Ctx;
use super::reply::Image;
use crate::games::GameState;
use crate::render::Theme;
use crate::store::GameRow;

/// The theme the invoking user's games to come start with: their choice,
/// else the default.
pub fn theme_of(ctx: &Ctx<'_>) -> Theme {
    named_theme(ctx.store().user_theme(ctx.user.id))
}

/// The theme of a game's pictures (issue 13 item 10: one theme per game).
pub fn game_theme(ctx: &Ctx<'_>, game: &GameRow) -> Theme {
    named_theme(ctx.store().game_theme(game.id))
}

/// A stored theme name as a theme; none, an unknown name or a store error
/// gives the default (a picture is never refused for its colours).
fn named_theme(name: crate::store::Result<Option<String>>) -> Theme {
    name.ok()
        .flatten()
        .and_then(|name| Theme::from_name(&name))
        .unwrap_or_default()
}

/// The picture of `state`, the position of `game`.
/// None while the game is played blind (issue 15).
pub fn board_image(ctx: &Ctx<'_>, game: &GameRow, state: &GameState) -> Option<Image> {
    if super::blind::hides_board(game) {
        return None;
    }
    let names = player_names(ctx, game);
    let plies = state.action_count();
    let picture = match crate::render::picture(state, names, game_theme(ctx, game)) {
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
/// What a kept picture of a game (a replay, an analysis's graph) depends
/// on besides the game: the theme and the names drawn (the variant of its
/// [`crate::store::artefacts::ArtefactKey`]).
pub fn drawn_with(theme: Theme, names: &[String; 2]) -> String {
    format!("{}\n{}\n{}", theme.name(), names[0], names[1])
}

pub fn player_names(ctx: &Ctx<'_>, game: &GameRow) -> [String; 2] {
    game.players.map(|id| {
        ctx.store()
            .user_name(id)
            .ok()
            .flatten()
            .unwrap_or_else(|| format!("player {id}"))
    })
}
