//! Taka's picture: the 14x10 pitch as a football fan reads it.
//!
//! Row 1 (White's goal) is at the top, as in docs/taka.md. The grass is
//! mown in stripes, the two shooting zones (rows 1-5 and 10-14) a shade
//! darker and closed by lines, the halfway line and centre circle drawn;
//! the goal squares (D-G on rows 1 and 14) are nets; each goalie circle
//! sits where its four squares meet. Field pieces are discs, goalies
//! rounded squares; a held ball sits on the side of its carrier that it
//! faces, a loose ball alone on its square. The squares (and circle) the
//! last turn touched are ringed. The cards give each side's goals and
//! direction of attack and whose turn it is (or the winner); the footer
//! the turn count, the score and the last turn.
//!
//! ```
//! use taktable::games::taka::Position;
//! use taktable::render::taka::TakaBoardView;
//! use taktable::render::{Picture, Theme};
//!
//! let view = TakaBoardView::from_position(&Position::start(), ["al".into(), "bo".into()], None);
//! let png = view.png(Theme::default()).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

pub mod compose;
pub mod pitch;
pub mod view;

use image::RgbImage;

pub use view::{sample_goal, Man, TakaBoardView};

use super::png::Filter;
use super::{Picture, Theme};

impl Picture for TakaBoardView {
    /// Flat stripes of grass: Paeth turns long rows of one colour into zeros.
    const FILTER: Filter = Filter::Paeth;

    fn compose(&self, theme: Theme) -> RgbImage {
        compose::compose(self, theme)
    }

    fn alt_text(&self) -> String {
        TakaBoardView::alt_text(self)
    }
}

/// Draw every theme's pitch now (e.g. at start-up) rather than on first use.
pub fn preload() {
    pitch::preload();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::taka::{Position, Turn};
    use crate::render::png::SIZE_LIMIT;

    #[test]
    fn renders_in_every_theme_under_the_size_limit() {
        let mut pos = Position::start();
        let turn: Turn = "F3>F7>E7 S".parse().unwrap();
        pos.play(&turn).unwrap();
        let view = TakaBoardView::from_position(&pos, ["al".into(), "bo".into()], Some(&turn));
        assert_eq!(view.last_turn, [25, 65, 64]);
        for theme in Theme::ALL {
            let png = view.png(theme).unwrap();
            assert!(png.len() < SIZE_LIMIT, "{theme:?}: {} bytes", png.len());
            let img = image::load_from_memory(&png).unwrap().to_rgb8();
            assert_eq!(img.dimensions(), (pitch::WIDTH, pitch::HEIGHT));
            // The ball E7 received is drawn on its south edge (it faces S;
            // south, towards row 14, is right): the ball's fill, not grass,
            // just right of the piece.
            let (x, y) = pitch::centre(64);
            // 4 px below the ball's centre: past its dark patch, inside its fill.
            let d = pitch::PIECE_R + pitch::BALL_R * 0.3;
            let south = img.get_pixel((x + d) as u32, (y + 4.0) as u32).0;
            let north = img.get_pixel((x - d) as u32, (y + 4.0) as u32).0;
            assert_eq!(south, compose::BALL_FILL, "{theme:?}");
            assert_ne!(north, compose::BALL_FILL, "{theme:?}");
        }
        assert!(
            view.alt_text().ends_with("b 1 0-0 (last turn F3>F7>E7 S)"),
            "{}",
            view.alt_text()
        );
    }
}
