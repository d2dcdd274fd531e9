//! Board pictures: a game's position in, a PNG and its alt text out.
//!
//! Each game draws its own picture in its own folder ([`tak`], [`takat`])
//! from plain data, a view the game builds from its rules engine's
//! position, and implements [`Picture`] for that view. What every picture
//! shares is here: the rasteriser ([`draw`]: anti-aliased shapes from
//! signed distances, sprites, blits), the fonts ([`text`]), the themes
//! ([`theme`]), the player cards ([`card`]), the footer line ([`status`]),
//! the cache of pre-drawn parts keyed by game, theme and size ([`cache`]),
//! and the PNG encoder ([`png`]), which reports a failure rather than
//! giving an empty file.
//!
//! The bot asks for a game's picture with [`picture`].
//!
//! ```
//! use taktable::games::{GameSettings, GameState, TakSettings};
//! use taktable::render::{self, Theme};
//!
//! let settings = GameSettings::Tak(TakSettings::standard(5).unwrap());
//! let mut game = GameState::new(&settings).unwrap();
//! game.play("a1").unwrap();
//! let picture = render::picture(&game, ["al".into(), "bo".into()], Theme::default()).unwrap();
//! assert_eq!(&picture.png[1..4], b"PNG");
//! assert!(picture.alt.ends_with("(last move a1)"));
//! ```

pub mod analysis;
pub mod animation;
pub mod cache;
pub mod card;
pub mod chat;
pub mod compass;
pub mod crosstable;
pub mod draw;
pub mod picture;
pub mod png;
pub mod spans;
pub mod status;
pub mod tak;
pub mod taka;
pub mod takat;
pub mod takkure;
pub mod text;
pub mod theme;

use image::RgbImage;

pub use card::Side;
pub use picture::{alt_text, Picture, Rendered};
pub use png::RenderError;
pub use tak::layout;
pub use theme::{Palette, Theme};

use crate::games::GameState;

/// What is done with a game's view, whichever game it is ([`with_view`]).
pub trait ViewUse {
    type Out;
    fn with<P: Picture>(self, view: &P) -> Self::Out;
}

/// Builds the view of `state` after its last action (highlighted), with
/// the players' names (white's first) on the cards, and hands it to `use_`:
/// the one place that tells each game's view from the game.
pub fn with_view<U: ViewUse>(state: &GameState, players: [String; 2], use_: U) -> U::Out {
    match state {
        GameState::Tak(g) => use_.with(&tak::TakBoardView::of_game(
            &g.start,
            &g.position,
            &g.turns,
            players,
        )),
        GameState::Takat(g) => use_.with(&takat::TakatBoardView::of_game(
            &g.position,
            &g.turns,
            players,
        )),
        GameState::Taka(g) => use_.with(&taka::TakaBoardView::from_position(
            &g.position,
            players,
            g.turns.last(),
        )),
        GameState::Takkure(g) => use_.with(&takkure::TakkureView::of_game(g, players)),
    }
}

/// The picture of `state` after its last action (highlighted) in `theme`,
/// with the players' names (white's first) on the cards.
pub fn picture(
    state: &GameState,
    players: [String; 2],
    theme: Theme,
) -> Result<Rendered, RenderError> {
    struct Render(Theme);
    impl ViewUse for Render {
        type Out = Result<Rendered, RenderError>;
        fn with<P: Picture>(self, view: &P) -> Self::Out {
            view.render(self.0)
        }
    }
    with_view(state, players, Render(theme))
}

/// The same picture as [`picture`], undecoded (the frames of an animation).
pub fn compose(state: &GameState, players: [String; 2], theme: Theme) -> RgbImage {
    struct Compose(Theme);
    impl ViewUse for Compose {
        type Out = RgbImage;
        fn with<P: Picture>(self, view: &P) -> Self::Out {
            view.compose(self.0)
        }
    }
    with_view(state, players, Compose(theme))
}

/// Draw every game's parts in every theme and size now (e.g. at start-up)
/// rather than on first use.
pub fn preload() {
    tak::preload();
    takat::preload();
    taka::preload();
    takkure::preload();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Chosen, GameKind};

    #[test]
    fn every_game_renders_with_alt_text_naming_the_game_and_the_last_action() {
        for kind in GameKind::ALL {
            let mut game = kind.from_command_line(Chosen(&[]), None).unwrap();
            let action = game.legal_actions().into_iter().next().unwrap();
            game.play(&action).unwrap();
            for theme in [Theme::default(), Theme::Paper] {
                let p = picture(&game, ["al".into(), "bo".into()], theme).unwrap();
                assert_eq!(&p.png[1..4], b"PNG", "{kind:?}");
                assert!(p.alt.starts_with(kind.title()), "{kind:?}: {}", p.alt);
                assert!(p.alt.contains(&action), "{kind:?} {action}: {}", p.alt);
            }
        }
    }
}
