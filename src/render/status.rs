//! The line at the foot of every picture: the state of the game on the
//! left ("Move 12 · Alice to move", or the result in the accent colour) and
//! one figure on the right ("Flats 7 : 5", "Last turn C-NE").

use image::RgbImage;

use super::chat::BODY_PX;
use super::text::{self, Face};
use super::theme::Palette;

/// Pixel size of the line.
pub const PX: f32 = BODY_PX;

/// The left part of the line.
pub enum State {
    /// The game goes on: `head` in bold ("Move 12"), `rest` muted
    /// (" · Alice to move").
    On { head: String, rest: String },
    /// The game is over: the result in words, in the accent colour.
    Over(String),
}

/// Draw the line on `baseline` between `left` and `right`: `state` on the
/// left and, if any, `figure` (a muted label, a bold value) on the right.
/// The left part is cut to leave room for the figure.
pub fn draw(
    img: &mut RgbImage,
    pal: &Palette,
    (left, right, baseline): (i32, i32, i32),
    state: &State,
    figure: Option<(&str, &str)>,
) {
    let (left, right, base) = (left as f32, right as f32, baseline as f32);
    let mut room = right - left;
    if let Some((label, value)) = figure {
        let value = text::fit(Face::Bold, PX, value.trim(), (right - left) / 2.0);
        let vw = text::measure(Face::Bold, PX, &value);
        let lw = text::measure(Face::Regular, PX, label);
        let x = right - vw;
        text::draw(img, Face::Regular, PX, x - lw, base, pal.muted, label);
        text::draw(img, Face::Bold, PX, x, base, pal.text, &value);
        room -= vw + lw + 24.0;
    }
    match state {
        State::Over(line) => {
            let line = text::fit(Face::Bold, PX, line, room);
            text::draw(img, Face::Bold, PX, left, base, pal.accent, &line);
        }
        State::On { head, rest } => {
            let head = text::fit(Face::Bold, PX, head, room);
            let x = left + text::draw(img, Face::Bold, PX, left, base, pal.text, &head);
            let rest = text::fit(Face::Regular, PX, rest, room - (x - left));
            text::draw(img, Face::Regular, PX, x, base, pal.muted, &rest);
        }
    }
}

/// Draw `label` (muted) then `value` (bold) from `left` on `baseline`,
/// the value cut to end before `right` (e.g. "Last move c3>").
pub fn draw_figure(
    img: &mut RgbImage,
    pal: &Palette,
    (left, right, baseline): (i32, i32, i32),
    label: &str,
    value: &str,
) {
    let (left, base) = (left as f32, baseline as f32);
    let x = left + text::draw(img, Face::Regular, PX, left, base, pal.muted, label);
    let value = text::fit(Face::Bold, PX, value, right as f32 - x);
    text::draw(img, Face::Bold, PX, x, base, pal.text, &value);
}

/// The last action's line: "Last move c3>" (`what` is "move" or "turn"),
/// or "No move yet" before the first.
pub fn draw_last(
    img: &mut RgbImage,
    pal: &Palette,
    span: (i32, i32, i32),
    what: &str,
    last: Option<&str>,
) {
    match last {
        Some(last) => draw_figure(img, pal, span, &format!("Last {what} "), last),
        None => draw_figure(img, pal, span, &format!("No {what} yet"), ""),
    }
}
