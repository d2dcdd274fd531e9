//! Takkure's picture: the 16 x 28 field as a rugby fan reads it.
//!
//! Row 1 (the north in-goal, home's) is at the top, as in docs/takkure.md.
//! The grass is mown in stripes, the in-goals tinted and closed by the try
//! lines, the halfway line solid and the lines of 10 dashed; a faint grid
//! lets distances be counted. Players are discs in their team's colour
//! (home white, away black) with their role's initial, large players a
//! little bigger; a player on the ground lies flat. Red pips are wounds,
//! amber ones fatigue (hollow: rested). The ball is a brown oval, in a
//! carrier's hands or alone on its square. The squares of the activation's
//! marked and executed path are ringed. The panel gives the score, the
//! half, the time dashboard with both tokens, the attacker's activation
//! tokens left, the last input and its roll log.
//!
//! ```
//! use taktable::games::takkure::hosted::{TakkureGame, TakkureSettings};
//! use taktable::games::HostedGame;
//! use taktable::render::takkure::TakkureView;
//! use taktable::render::{Picture, Theme};
//!
//! let game = TakkureGame::new(&TakkureSettings::standard(1)).unwrap();
//! let view = TakkureView::of_game(&game, ["al".into(), "bo".into()]);
//! let png = view.png(Theme::default()).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

pub mod compose;
pub mod field;
pub mod view;

use image::RgbImage;

pub use view::{Man, TakkureView};

use super::png::Filter;
use super::{Picture, Theme};

impl Picture for TakkureView {
    /// Flat stripes of grass and a plain panel: Paeth turns long rows of
    /// one colour into zeros.
    const FILTER: Filter = Filter::Paeth;

    fn compose(&self, theme: Theme) -> RgbImage {
        compose::compose(self, theme)
    }

    fn alt_text(&self) -> String {
        TakkureView::alt_text(self)
    }
}

/// Draw every theme's field now (e.g. at start-up) rather than on first use.
pub fn preload() {
    field::preload();
}
