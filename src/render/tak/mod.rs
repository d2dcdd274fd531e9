//! Tak's picture: a square board seen from above, stacks drawn as in
//! ptn.ninja with their heights written on them, a card per player, the
//! flat count as a bar.
//!
//! The renderer takes a [`TakBoardView`], plain data built from the rules
//! engine's position ([`TakBoardView::of_game`]), and composes it on the
//! pre-drawn background of its theme and size ([`sprites`]).
//!
//! ```
//! use taktable::render::{tak::TakBoardView, Picture, Theme};
//! let png = TakBoardView::new(5).png(Theme::default()).unwrap();
//! assert_eq!(&png[1..4], b"PNG");
//! ```

pub mod compose;
pub mod layout;
pub mod sample;
pub mod sprites;
pub mod view;

pub use compose::{bar_labels, flat_count_text, tak_chip};
pub use layout::{square_centre, Layout};
pub use view::{Reserve, Stone, StoneKind, TakBoardView};

/// Draw every theme and size now (e.g. at start-up) rather than on first
/// use (about 150 ms in all).
pub fn preload() {
    sprites::preload();
}
