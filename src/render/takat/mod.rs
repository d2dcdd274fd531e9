//! Takat's picture.
//!
//! The board is a hexagon of seven circles (the centre `C` and the ring `N`,
//! `NE`, `SE`, `S`, `SW`, `NW`, clockwise from the top), the red ones `N`,
//! `SE` and `SW` filled red and ringed. Each stack is drawn from the side, a
//! pile of discs bottom to top, so its make-up and height read at a glance
//! (a pill gives the height of stacks of two or more). A safe top piece has
//! a ring on its face, a permanently safe one two rings. The cells of the
//! last turn get a halo; the cards show each side's pieces in hand and
//! whose turn it is (or the winner); the footer says the turn or the result
//! and the last turn.
//!
//! As for Tak, the renderer takes plain data, a [`TakatBoardView`] (built
//! from the engine's position by [`TakatBoardView::of_game`]). What never
//! changes (background, cards, hexagon, circles, names, legend, disc
//! sprites) is drawn once per theme with the shared rasteriser and kept; a
//! move composes on a copy and encodes.
//!
//! ```
//! use taktable::games::takat::Position;
//! use taktable::render::takat::TakatBoardView;
//! use taktable::render::{Picture, Theme};
//!
//! let pos: Position = "bbw/wb/x/x/x/x/b b N".parse().unwrap();
//! let view = TakatBoardView::from_position(&pos, ["al".into(), "bo".into()], None);
//! let png = view.png(Theme::default()).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

pub mod compose;
pub mod layout;
pub mod sprites;
pub mod view;

pub use layout::TakatLayout;
pub use sprites::TakatColours;
pub use view::{sample_midgame, SafeMark, TakatBoardView, CELL_NAMES, MAX_DRAWN, RED};

/// Draw every theme's parts now (e.g. at start-up) rather than on first use.
pub fn preload() {
    sprites::preload();
}
