//! Takkure's picture: the 16 x 28 field as a rugby fan reads it, legible
//! when Discord shows it scaled down in chat (550 x 350).
//!
//! The picture is landscape: the field lies on its side, row 1 (home's
//! in-goal) at the left, columns A to P from the top; home's card above
//! the left half, away's above the right, each with its tries. The grass
//! is mown in stripes, the in-goals tinted and closed by the try lines,
//! the halfway line solid and the lines of 10 dashed; a faint grid lets
//! distances be counted. Players are discs in their team's colour (home
//! white, away black) with their role's initial, large players a little
//! bigger; a player on the ground lies flat; the active player is ringed
//! in the accent colour. Wounds are a red badge with their number, fatigue
//! tokens an amber one (rested tokens a pale one). The ball is a brown
//! oval ringed in white, in a carrier's hands or alone on its square. The
//! squares of the activation's marked and executed path are framed; while
//! an activation is under way its declarations are drawn: a tackle as an
//! arrow from the tackler (ringed red) to its point (framed red), pressure
//! as a violet frame round the squares within 2 of the presser, a steal as
//! a cyan ring and a small ball. The panel gives the time dashboard with
//! both tokens named (active or turned), the attacker's activation tokens
//! (left ones in its colour, used ones crossed), the last input and its
//! roll log; the line under the field gives the half, time box, score and
//! the step, and a legend of the declarations.
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

pub use view::{Declaration, Declared, Man, TakkureView};

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
