//! What a picture must be at the size Discord shows it in chat, and the
//! type sizes every picture is drawn with to be that.
//!
//! Discord shows an attachment scaled down until it fits a box of
//! [`CHAT_BOX`] (550 x 350) until it is clicked; what players read during a
//! game is that. Issue 29 asks that at that scale pieces are at least
//! [`MIN_PIECE`] px across, the smallest text at least [`MIN_TEXT`] px
//! tall (its pixel size), and the layers of a stack countable up to the
//! carry limit: each at least [`MIN_LAYER`] px apart, with a line between
//! two of the same colour at least [`MIN_LAYER_LINE`] px wide. Every game
//! is landscape, twice the box (1100 x 700 at most), board on the left and
//! players and status beside it, so the board gets the box's whole height;
//! each game's layout reports its numbers as a [`Legibility`].

/// The box Discord scales a picture into when it shows it in chat.
pub const CHAT_BOX: (f32, f32) = (550.0, 350.0);

/// Thresholds at chat size (issue 29), in pixels of the scaled picture.
pub const MIN_PIECE: f32 = 14.0;
pub const MIN_TEXT: f32 = 9.0;
pub const MIN_LAYER: f32 = 2.5;
pub const MIN_LAYER_LINE: f32 = 0.75;

/// Type sizes of the pictures, in pixels at full size (twice what chat
/// shows): the smallest text (coordinates, lines on the cards, chips,
/// height labels), body text (the status lines), names, large figures.
pub const SMALL_PX: f32 = 18.0;
pub const BODY_PX: f32 = 20.0;
pub const NAME_PX: f32 = 24.0;
pub const BIG_PX: f32 = 40.0;

/// The factor a picture `width` x `height` is scaled by to fit [`CHAT_BOX`]
/// (never enlarged).
pub fn scale(width: u32, height: u32) -> f32 {
    (CHAT_BOX.0 / width as f32)
        .min(CHAT_BOX.1 / height as f32)
        .min(1.0)
}

/// A game's layout as the legibility rule reads it, at full size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Legibility {
    /// The picture.
    pub width: u32,
    pub height: u32,
    /// The smallest piece on the board across (a Tak flat's side, a
    /// Takat disc's width, a Taka or Takkure player's disc).
    pub piece: f32,
    /// The pixel size of the smallest text drawn.
    pub text: f32,
    /// For games with stacks: the tallest stack whose every layer must be
    /// countable (the carry limit), the distance between two layers within
    /// it in the tallest such stack, and the width of the line between them.
    pub layers: Option<Layers>,
}

/// How the pieces under the top of a stack show (see [`Legibility`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layers {
    pub count: usize,
    pub pitch: f32,
    pub line: f32,
}

impl Legibility {
    /// The factor the picture is shown at in chat ([`scale`]).
    pub fn scale(&self) -> f32 {
        scale(self.width, self.height)
    }
}
