//! The player cards at the top of every picture: a piece of the player's
//! colour, their name, one line about their pieces, and chips saying whose
//! turn it is, who won, or that a player threatens to win.

use image::RgbImage;

use super::chat::{NAME_PX, SMALL_PX};
use super::draw::{paint, paint_ring, Colour, Paint, Rect, Shape, Sprite};
use super::text::{self, Face, CAP_HEIGHT};
use super::theme::Palette;

/// A player's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    White,
    Black,
}

impl Side {
    /// Both sides, White first.
    pub const ALL: [Side; 2] = [Side::White, Side::Black];

    /// 0 for White, 1 for Black (the index into a view's pairs).
    pub fn index(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }

    /// The side a result names as the winner (`1-0`, `0-1`); none for a
    /// draw, a game going on, or a result no side wins.
    pub fn winner_of(result: Option<&str>) -> Option<Side> {
        match result.map(str::trim) {
            Some("1-0") => Some(Side::White),
            Some("0-1") => Some(Side::Black),
            _ => None,
        }
    }

    /// "white" or "black".
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

/// The players' names as shown, white's first: a blank name shows as
/// "White" or "Black".
pub fn names(players: &[String; 2]) -> [&str; 2] {
    let name = |i: usize, default: &'static str| match players[i].trim() {
        "" => default,
        s => s,
    };
    [name(0, "White"), name(1, "Black")]
}

/// The status chip on a player's card: "winner" at the end, "to move"
/// before it.
pub fn status(
    side: Side,
    winner: Option<Side>,
    over: bool,
    to_move: Option<Side>,
) -> Option<&'static str> {
    if winner == Some(side) {
        Some("winner")
    } else if !over && to_move == Some(side) {
        Some("to move")
    } else {
        None
    }
}

/// A chip beside the status chip (Tak's "Tak!").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chip {
    pub label: &'static str,
    pub fill: Colour,
    pub ink: Colour,
}

/// What one card says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardText<'a> {
    pub name: &'a str,
    /// Under the name: the colour and the pieces left.
    pub line: String,
    /// "to move" or "winner": the card is outlined and the chip drawn in
    /// the accent colour.
    pub status: Option<&'static str>,
    /// Drawn left of the status chip.
    pub extra: Option<Chip>,
}

/// Left edge of a card's text (the piece sits left of it).
pub const TEXT_X: i32 = 64;
/// Side of the piece drawn at a card's left, and its left edge.
pub const ICON: f32 = 36.0;
pub const ICON_X: i32 = 16;
/// Baselines of the name and of the line under it, from the card's top.
pub const NAME_BASE: i32 = 38;
pub const LINE_BASE: i32 = 70;
/// The smallest text on a card (the line under the name, the chips).
pub const SMALLEST_PX: f32 = SMALL_PX;
/// Right margin of a card's text and chips.
const RIGHT: i32 = 14;

/// A card's empty background (part of the pre-drawn picture).
pub fn draw_blank(img: &mut RgbImage, card: Rect, pal: &Palette) {
    paint(
        img,
        &Shape::round_rect(
            card.x as f32,
            card.y as f32,
            card.w as f32,
            card.h as f32,
            10.0,
        ),
        &Paint::solid(pal.card),
    );
}

/// The outline of an active card (to move, or the winner), to blit at the
/// card's corner.
pub fn outline(card: Rect, pal: &Palette) -> Sprite {
    let mut s = Sprite::new(card.w.max(0) as u32, card.h.max(0) as u32);
    paint_ring(
        &mut s,
        &Shape::round_rect(0.0, 0.0, card.w as f32, card.h as f32, 10.0),
        pal.accent,
        3.0,
    );
    s
}

/// Where a card's chips go: the status chip at the top right, the extra
/// chip left of it.
pub fn chip_boxes(card: Rect, status: Option<&str>, extra: Option<&str>) -> [Option<Rect>; 2] {
    let top = card.y + 12;
    let status = status.map(|label| chip_rect(card.right() - RIGHT, top, label));
    let right = status.map_or(card.right() - RIGHT, |r| r.x - CHIP_GAP);
    [status, extra.map(|label| chip_rect(right, top, label))]
}

/// Between two chips, and between the chips and the name.
const CHIP_GAP: i32 = 8;

/// Draw `text` on the card at `card`; `outline` is its [`outline`].
pub fn draw(img: &mut RgbImage, card: Rect, outline: &Sprite, pal: &Palette, text: &CardText) {
    let text_x = (card.x + TEXT_X) as f32;
    let mut right = card.right() - RIGHT;
    let [status_box, extra_box] = chip_boxes(card, text.status, text.extra.map(|c| c.label));
    if let (Some(label), Some(r)) = (text.status, status_box) {
        outline.blit(img, card.x, card.y);
        draw_chip(img, r, label, pal.accent, pal.accent_text);
        right = r.x - CHIP_GAP;
    }
    if let (Some(chip), Some(r)) = (text.extra, extra_box) {
        draw_chip(img, r, chip.label, chip.fill, chip.ink);
        right = r.x - CHIP_GAP;
    }
    let name = text::fit(Face::Bold, NAME_PX, text.name, right as f32 - text_x);
    let base = (card.y + NAME_BASE) as f32;
    text::draw(img, Face::Bold, NAME_PX, text_x, base, pal.text, &name);
    let line = text::fit(
        Face::Regular,
        SMALL_PX,
        &text.line,
        (card.right() - RIGHT) as f32 - text_x,
    );
    let base = (card.y + LINE_BASE) as f32;
    text::draw(img, Face::Regular, SMALL_PX, text_x, base, pal.muted, &line);
}

/// The box of a chip labelled `label` with its right edge at `right` and
/// its top at `top`.
fn chip_rect(right: i32, top: i32, label: &str) -> Rect {
    let w = (text::measure(Face::Bold, CHIP_PX, label) + 2.0 * CHIP_PAD).round() as i32;
    Rect::new(right - w, top, w, CHIP_H)
}

const CHIP_PX: f32 = SMALL_PX;
const CHIP_H: i32 = 28;
const CHIP_PAD: f32 = 10.0;

/// A rounded chip filling `r` with a short bold label.
fn draw_chip(img: &mut RgbImage, r: Rect, label: &str, fill: Colour, ink: Colour) {
    paint(
        img,
        &Shape::round_rect(
            r.x as f32,
            r.y as f32,
            r.w as f32,
            r.h as f32,
            r.h as f32 / 2.0,
        ),
        &Paint::solid(fill),
    );
    let base = r.y as f32 + (r.h as f32 + CHIP_PX * CAP_HEIGHT) / 2.0;
    let x = r.x as f32 + CHIP_PAD;
    text::draw(img, Face::Bold, CHIP_PX, x, base, ink, label);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_chip_follows_the_turn_then_the_result() {
        use Side::*;
        assert_eq!(status(White, None, false, Some(White)), Some("to move"));
        assert_eq!(status(Black, None, false, Some(White)), None);
        assert_eq!(status(Black, Some(Black), true, None), Some("winner"));
        assert_eq!(status(White, Some(Black), true, Some(White)), None);
        // A draw: nobody's card is marked.
        assert_eq!(status(White, None, true, None), None);
    }

    #[test]
    fn blank_names_show_the_colour() {
        let players = ["  ".to_string(), "Bob".to_string()];
        assert_eq!(names(&players), ["White", "Bob"]);
    }
}
