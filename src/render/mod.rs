//! Board pictures: a game position in, a PNG out.
//!
//! Depends only on plain data (a view of the position the bot builds from the
//! rules engine) and draws with `image` and `ab_glyph`. What never changes
//! (background, board, coordinates, piece sprites) is drawn once per theme
//! and board size ([`sprites`]); each move only composes on top of it
//! ([`tak`]) and encodes with a fast PNG setting ([`png`]).
//!
//! ```
//! use taktable::render::{tak, Theme};
//! let view = tak::TakBoardView::new(5);
//! let png = tak::render_png(&view, Theme::default());
//! assert_eq!(&png[1..4], b"PNG");
//! ```

pub mod draw;
pub mod game;
pub mod layout;
pub mod png;
pub mod position;
pub mod sample;
pub mod sprites;
pub mod tak;
pub mod takat;
pub mod text;
pub mod theme;

pub use layout::{square_centre, Layout};
pub use tak::{render_png, render_rgba, Reserve, Side, Stone, StoneKind, TakBoardView};
pub use theme::{Palette, Theme};
