//! The picture of `/analyze`: the computer's evaluation of every position
//! of a game as a graph, the first player's advantage up, the second's
//! down, with the marked moves (!!, !, ?, ??) as coloured dots, and the
//! move numbers under it as the game's notation writes them.
//!
//! The graph plots the first player's winning chance (0 to 1, with 50%
//! marked) rather than raw scores, so a decided game sits at the edge
//! instead of stretching the scale; the bot computes the chances and the
//! marks (see `bot::views::analyze`).

use image::RgbImage;

use super::draw::{fill_rect, mix, paint, Colour, Paint, Rect, Shape};
use super::png::{encode, Filter};
use super::text::{self, Face};
use super::{RenderError, Theme};

const WIDTH: u32 = 900;
const HEIGHT: u32 = 360;
const MARGIN: i32 = 24;
/// Room for the names on the left of the plot.
const LABEL_BAND: i32 = 30;
/// Room for the move numbers under the plot.
const AXIS_BAND: i32 = 22;
/// The least room between two move numbers on the axis.
const TICK_ROOM: f32 = 34.0;

/// How a move is marked, as analysis tools do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// `!!`: a move that turned the game far beyond what was expected.
    Brilliant,
    /// `!`: a move that turned it clearly.
    Good,
    /// `?`: a mistake.
    Mistake,
    /// `??`: a blunder.
    Blunder,
}

impl Mark {
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Brilliant => "!!",
            Mark::Good => "!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    fn colour(self) -> Colour {
        match self {
            Mark::Brilliant => [0x26, 0xa6, 0x9a],
            Mark::Good => [0x5c, 0xb8, 0x5c],
            Mark::Mistake => [0xf0, 0xa0, 0x30],
            Mark::Blunder => [0xe0, 0x40, 0x40],
        }
    }
}

/// One point of the graph: a position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// The first player's winning chance, 0 to 1.
    pub chance: f32,
    /// The mark of the action that led to this position.
    pub mark: Option<Mark>,
    /// The move number whose first action is played from here (PTN's
    /// `17` before `17. Sf1`), if one starts here: the axis's label.
    pub move_number: Option<u32>,
}

/// The graph of `points` (the start first) in `theme`, with the players'
/// names (the first player's at the top), as PNG.
pub fn evaluation_graph(
    points: &[Point],
    names: [&str; 2],
    theme: Theme,
) -> Result<Vec<u8>, RenderError> {
    encode(&compose(points, names, theme), Filter::Paeth)
}

fn compose(points: &[Point], names: [&str; 2], theme: Theme) -> RgbImage {
    let palette = theme.palette();
    let mut img = RgbImage::from_pixel(WIDTH, HEIGHT, image::Rgb(palette.background));
    let plot = Rect::new(
        MARGIN + LABEL_BAND,
        MARGIN,
        WIDTH as i32 - 2 * MARGIN - LABEL_BAND,
        HEIGHT as i32 - 2 * MARGIN - AXIS_BAND,
    );
    fill_rect(&mut img, plot, palette.card);
    let mid = plot.y + plot.h / 2;
    let x_of = |index: usize| -> f32 {
        let steps = points.len().saturating_sub(1).max(1) as f32;
        plot.x as f32 + index as f32 * plot.w as f32 / steps
    };
    let y_of =
        |chance: f32| -> f32 { plot.y as f32 + (1.0 - chance.clamp(0.0, 1.0)) * plot.h as f32 };
    // The area between the curve and the even line, in each side's colour.
    let fills = [
        mix(palette.card, palette.piece[0], 0.55),
        mix(palette.card, palette.piece[1], 0.55),
    ];
    if points.len() >= 2 {
        for x in plot.x..plot.right() {
            let at = (x - plot.x) as f32 / plot.w as f32 * (points.len() - 1) as f32;
            let i = (at.floor() as usize).min(points.len() - 2);
            let k = at - i as f32;
            let chance = points[i].chance + (points[i + 1].chance - points[i].chance) * k;
            let y = y_of(chance).round() as i32;
            let (top, bottom, colour) = if y < mid {
                (y, mid, fills[0])
            } else {
                (mid, y, fills[1])
            };
            fill_rect(&mut img, Rect::new(x, top, 1, bottom - top), colour);
        }
    }
    // The even line, and the move numbers under the plot.
    fill_rect(&mut img, Rect::new(plot.x, mid, plot.w, 1), palette.muted);
    axis(&mut img, points, plot, palette, &x_of);
    let line = palette.accent;
    for pair in points.windows(2).enumerate() {
        let (i, [a, b]) = pair else { continue };
        segment(
            &mut img,
            (x_of(i), y_of(a.chance)),
            (x_of(i + 1), y_of(b.chance)),
            2.0,
            line,
        );
    }
    for (i, point) in points.iter().enumerate() {
        if let Some(mark) = point.mark {
            let (x, y) = (x_of(i), y_of(point.chance));
            let dot = Shape::Circle {
                cx: x,
                cy: y,
                r: 6.0,
            };
            paint(
                &mut img,
                &dot,
                &Paint::outlined(mark.colour(), palette.background, 1.5),
            );
            let px = 14.0;
            let w = text::measure(Face::Bold, px, mark.symbol());
            let baseline = if y - 12.0 < plot.y as f32 + px {
                y + 10.0 + px
            } else {
                y - 10.0
            };
            text::draw(
                &mut img,
                Face::Bold,
                px,
                x - w / 2.0,
                baseline,
                mark.colour(),
                mark.symbol(),
            );
        }
    }
    // The names, each by its own half.
    let px = 15.0;
    for (index, name) in names.iter().enumerate() {
        let label = text::fit(Face::Bold, px, name, plot.w as f32 - 16.0);
        let baseline = if index == 0 {
            plot.y as f32 + px + 6.0
        } else {
            plot.bottom() as f32 - 8.0
        };
        text::draw(
            &mut img,
            Face::Bold,
            px,
            plot.x as f32 + 8.0,
            baseline,
            palette.text,
            &label,
        );
    }
    // The side bar: each player's colour by their half.
    let bar = |top: i32, colour: Colour, img: &mut RgbImage| {
        fill_rect(img, Rect::new(MARGIN, top, 12, plot.h / 2), colour);
    };
    bar(plot.y, palette.piece[0], &mut img);
    bar(mid, palette.piece[1], &mut img);
    img
}

/// The move numbers under the plot: a tick and the number at every
/// `step`-th move, `step` the first of 1, 2, 5, 10, 20, ... that leaves the
/// numbers [`TICK_ROOM`] apart; "50%" by the even line.
fn axis(
    img: &mut RgbImage,
    points: &[Point],
    plot: Rect,
    palette: &super::theme::Palette,
    x_of: &dyn Fn(usize) -> f32,
) {
    let px = 12.0;
    let numbers: Vec<(usize, u32)> = points
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.move_number.map(|n| (i, n)))
        .collect();
    let moves = numbers.len().max(1) as f32;
    let step = tick_step(plot.w as f32 / moves);
    for &(i, number) in &numbers {
        if number % step != 0 && !(step > 1 && number == 1) {
            continue;
        }
        let x = x_of(i);
        fill_rect(
            img,
            Rect::new(x.round() as i32, plot.bottom(), 1, 4),
            palette.muted,
        );
        let label = number.to_string();
        let w = text::measure(Face::Regular, px, &label);
        let left = (x - w / 2.0).clamp(plot.x as f32 - 8.0, (plot.right() + 8) as f32 - w);
        let baseline = plot.bottom() as f32 + 6.0 + px;
        text::draw(img, Face::Regular, px, left, baseline, palette.text, &label);
    }
    let even = "50%";
    let w = text::measure(Face::Regular, px, even);
    let baseline = (plot.y + plot.h / 2) as f32 - 4.0;
    let left = plot.right() as f32 - w - 6.0;
    text::draw(img, Face::Regular, px, left, baseline, palette.muted, even);
}

/// The moves between two labelled numbers when each move has `room` px.
fn tick_step(room: f32) -> u32 {
    let mut step = 1u32;
    let mut next = [2u32, 5, 10].into_iter().cycle();
    let mut decade = 1u32;
    while room * (step as f32) < TICK_ROOM && step < 100_000 {
        let factor = next.next().unwrap_or(10);
        if factor == 10 {
            decade = decade.saturating_mul(10);
            step = decade;
        } else {
            step = decade * factor;
        }
    }
    step
}

/// A straight line of `width` from `a` to `b`, with round ends.
fn segment(img: &mut RgbImage, a: (f32, f32), b: (f32, f32), width: f32, colour: Colour) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = (dx * dx + dy * dy).sqrt();
    let shape = Shape::RoundRect {
        cx: (a.0 + b.0) / 2.0,
        cy: (a.1 + b.1) / 2.0,
        hw: length / 2.0 + width / 2.0,
        hh: width / 2.0,
        r: width / 2.0,
        angle: dy.atan2(dx),
    };
    paint(img, &shape, &Paint::solid(colour));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_curve_and_the_marks_are_drawn_where_the_chances_say() {
        let points = [
            Point {
                chance: 0.5,
                mark: None,
                move_number: Some(1),
            },
            Point {
                chance: 0.9,
                mark: Some(Mark::Blunder),
                move_number: None,
            },
            Point {
                chance: 0.1,
                mark: None,
                move_number: Some(2),
            },
        ];
        let img = compose(&points, ["alice", "bob"], Theme::default());
        assert_eq!(img.dimensions(), (WIDTH, HEIGHT));
        // The blunder's dot, at the middle point (chance 0.9: near the top).
        let plot_x = MARGIN + LABEL_BAND;
        let plot_w = WIDTH as i32 - 2 * MARGIN - LABEL_BAND;
        let plot_h = HEIGHT as i32 - 2 * MARGIN - AXIS_BAND;
        let x = (plot_x + plot_w / 2) as u32;
        let y = (MARGIN as f32 + 0.1 * plot_h as f32).round() as u32;
        assert_eq!(img.get_pixel(x, y).0, Mark::Blunder.colour());
        // Left of the middle the first player's colour fills above the even
        // line; at the right end the second's below it.
        let palette = Theme::default().palette();
        let above = img.get_pixel(x - 20, (MARGIN + plot_h / 2 - 5) as u32).0;
        assert_eq!(above, mix(palette.card, palette.piece[0], 0.55));
        let below = img.get_pixel(
            (plot_x + plot_w - 10) as u32,
            (MARGIN + plot_h / 2 + 5) as u32,
        );
        assert_eq!(below.0, mix(palette.card, palette.piece[1], 0.55));
        assert!(
            evaluation_graph(&points, ["alice", "bob"], Theme::default())
                .unwrap()
                .starts_with(b"\x89PNG")
        );
        // Issue 29: the axis has move numbers: the tick of move 2 under
        // the plot's right end.
        let tick = img.get_pixel((plot_x + plot_w) as u32, (MARGIN + plot_h + 2) as u32);
        assert_eq!(tick.0, palette.muted);
    }

    #[test]
    fn move_numbers_are_labelled_far_enough_apart() {
        // Issue 29: every move on a short game, fewer on a long one.
        assert_eq!(tick_step(80.0), 1);
        assert_eq!(tick_step(20.0), 2);
        assert_eq!(tick_step(10.0), 5);
        assert_eq!(tick_step(5.0), 10);
        assert_eq!(tick_step(1.0), 50);
        assert_eq!(tick_step(0.1), 500);
    }
}
