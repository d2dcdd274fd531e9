//! What every game's picture is ([`Picture`]: composed in a theme, encoded
//! as PNG, described in words) and what the bot attaches ([`Rendered`]).

use std::hash::{Hash, Hasher};

use image::{RgbImage, RgbaImage};

use super::png::{self, RenderError};
use super::theme::Theme;

/// A finished picture: what the bot attaches, and its description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rendered {
    pub png: Vec<u8>,
    /// The alt text: the position in the game's notation and the last action.
    pub alt: String,
}

/// A game's picture of one position: each game's view implements it.
pub trait Picture {
    /// The PNG row filter this game's pictures compress best with.
    const FILTER: png::Filter;

    /// The picture in `theme`, undecoded.
    fn compose(&self, theme: Theme) -> RgbImage;

    /// The picture in `theme` and, where the game draws on a pre-drawn
    /// background and says where, what it drew over it: the encoder then
    /// looks up only those parts in the palette (see [`png::Drawn`]).
    fn compose_drawn(&self, theme: Theme) -> (RgbImage, Option<png::Drawn>) {
        (self.compose(theme), None)
    }

    /// What the picture shows, in words (see [`alt_text`]).
    fn alt_text(&self) -> String;

    /// The picture as PNG bytes, with the palette kept from this game's
    /// earlier pictures in `theme` (see [`png::encode_kept`]).
    fn png(&self, theme: Theme) -> Result<Vec<u8>, RenderError> {
        let mut kind = std::hash::DefaultHasher::new();
        (std::any::type_name::<Self>(), theme).hash(&mut kind);
        match self.compose_drawn(theme) {
            (img, Some(drawn)) => png::encode_drawn(&img, &drawn, Self::FILTER, kind.finish()),
            (img, None) => png::encode_kept(&img, Self::FILTER, kind.finish()),
        }
    }

    /// The picture with an alpha channel (always opaque), for tests and
    /// previews.
    fn rgba(&self, theme: Theme) -> RgbaImage {
        image::DynamicImage::ImageRgb8(self.compose(theme)).into_rgba8()
    }

    /// The PNG with its alt text.
    fn render(&self, theme: Theme) -> Result<Rendered, RenderError> {
        Ok(Rendered {
            png: self.png(theme)?,
            alt: self.alt_text(),
        })
    }
}

/// The alt text of a picture of `game`: the position in the game's
/// notation (`"TPS"`, its text) and the last action (`"move"`, its
/// notation), each left out when empty.
pub fn alt_text(game: &str, position: (&str, &str), last: (&str, Option<&str>)) -> String {
    let mut alt = format!("{game} board");
    if !position.1.is_empty() {
        alt += &format!(", {} {}", position.0, position.1);
    }
    if let Some(action) = last.1 {
        alt += &format!(" (last {} {action})", last.0);
    }
    alt
}
