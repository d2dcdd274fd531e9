//! The empty Taka picture, drawn once per theme and kept in the renderer's
//! cache: the cards' backgrounds, the grass in stripes, the goal squares as
//! nets, the shooting zones' lines, the halfway line, the goalie circles
//! and the coordinates; and where everything is.

use std::sync::Arc;

use image::RgbImage;

use super::view::{COLUMNS, ROWS};
use crate::render::cache::{self, Predrawn};
use crate::render::card;
use crate::render::draw::{fill_rect, mix, paint, paint_ring, Colour, Paint, Rect, Shape, Sprite};
use crate::render::text::{self, Face, CAP_HEIGHT};
use crate::render::theme::{Palette, Theme};
use crate::render::Side;

pub const WIDTH: u32 = 720;
pub const HEIGHT: u32 = 882;
const MARGIN: i32 = 16;
const CARD_Y: i32 = 14;
const CARD_H: i32 = 92;
const CARD_GAP: i32 = 12;
/// One square's side in pixels.
pub const CELL: f32 = 48.0;
/// The pitch's top left corner.
pub const PITCH_X: f32 = (WIDTH as f32 - CELL * COLUMNS as f32) / 2.0;
pub const PITCH_Y: f32 = (CARD_Y + CARD_H + 30) as f32;
/// Radius of a field piece; a goalie is a rounded square of the same size.
pub const PIECE_R: f32 = 16.0;
/// Radius of a ball.
pub const BALL_R: f32 = 9.0;
/// Radius of a goalie circle.
pub const CIRCLE_R: f32 = 20.0;
pub const FOOTER_BASELINE: i32 = PITCH_Y as i32 + (CELL as i32) * ROWS as i32 + 56;

/// The player cards, white then black.
pub fn cards() -> [Rect; 2] {
    let w = (WIDTH as i32 - 2 * MARGIN - CARD_GAP) / 2;
    [
        Rect::new(MARGIN, CARD_Y, w, CARD_H),
        Rect::new(MARGIN + w + CARD_GAP, CARD_Y, w, CARD_H),
    ]
}

/// The centre of square `index` (A1 = 0, row 1 at the top as in docs/taka.md).
pub fn centre(index: usize) -> (f32, f32) {
    let (row, column) = (index / COLUMNS, index % COLUMNS);
    (
        PITCH_X + (column as f32 + 0.5) * CELL,
        PITCH_Y + (row as f32 + 0.5) * CELL,
    )
}

/// The centre of a side's goalie circle: where E1, F1, E2 and F2 meet
/// (Black: E13, F13, E14, F14; RULINGS Taka 4).
pub fn circle_centre(side: Side) -> (f32, f32) {
    let row = match side {
        Side::White => 1.0,
        Side::Black => 13.0,
    };
    (PITCH_X + 5.0 * CELL, PITCH_Y + row * CELL)
}

/// Whether square `index` is a goal square (D-G on rows 1 and 14).
pub fn is_goal(index: usize) -> bool {
    let (row, column) = (index / COLUMNS, index % COLUMNS);
    (row == 0 || row == ROWS - 1) && (3..=6).contains(&column)
}

/// The colours of the pitch in a theme: grass close to the theme's squares
/// so each theme keeps its mood, but always green.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PitchColours {
    pub grass: [Colour; 2],
    pub line: Colour,
    pub net: Colour,
    /// The shooting zones' tint over the grass.
    pub zone: [Colour; 2],
}

impl PitchColours {
    pub fn of(pal: &Palette) -> PitchColours {
        const GREEN: [Colour; 2] = [[58, 125, 68], [66, 138, 76]];
        let grass = [0, 1].map(|i| mix(GREEN[i], pal.square[i], 0.25));
        let line = mix([245, 245, 240], pal.square[0], 0.1);
        PitchColours {
            zone: [0, 1].map(|i| mix(grass[i], [40, 90, 50], 0.35)),
            net: mix(line, grass[0], 0.3),
            grass,
            line,
        }
    }
}

/// The pre-drawn parts of one theme.
pub struct Pitch {
    pub theme: Theme,
    pub colours: PitchColours,
    pub background: RgbImage,
    pub active_card: [Sprite; 2],
}

impl Predrawn for Pitch {
    fn build(theme: Theme, _: usize) -> Pitch {
        Pitch::draw(theme)
    }
}

/// The pitch of `theme`, drawn on first use.
pub fn get(theme: Theme) -> Arc<Pitch> {
    cache::get::<Pitch>(theme, ROWS * COLUMNS)
}

/// Draw every theme's pitch now rather than on first use.
pub fn preload() {
    for theme in Theme::ALL {
        get(theme);
    }
}

impl Pitch {
    fn draw(theme: Theme) -> Pitch {
        let pal = theme.palette();
        let c = PitchColours::of(pal);
        let mut img = RgbImage::from_pixel(WIDTH, HEIGHT, image::Rgb(pal.background));
        for card in cards() {
            card::draw_blank(&mut img, card, pal);
        }
        // Grass mown in stripes, one per row; the shooting zones (rows
        // 1-5 and 10-14) a shade darker.
        for row in 0..ROWS {
            let zone = !(5..9).contains(&row);
            let colour = if zone {
                c.zone[row % 2]
            } else {
                c.grass[row % 2]
            };
            let y = PITCH_Y + row as f32 * CELL;
            let rect = Rect::new(
                PITCH_X as i32,
                y as i32,
                (CELL * COLUMNS as f32) as i32,
                CELL as i32,
            );
            fill_rect(&mut img, rect, colour);
        }
        // The goal squares as nets: a light fill crossed by a mesh.
        for index in (0..ROWS * COLUMNS).filter(|&i| is_goal(i)) {
            let (x, y) = centre(index);
            let h = CELL / 2.0;
            let r = Rect::new((x - h) as i32, (y - h) as i32, CELL as i32, CELL as i32);
            fill_rect(&mut img, r, mix(c.net, c.grass[0], 0.55));
            for k in 1..6 {
                let d = (k as f32 * CELL / 6.0) as i32;
                fill_rect(&mut img, Rect::new(r.x + d, r.y, 1, r.h), c.net);
                fill_rect(&mut img, Rect::new(r.x, r.y + d, r.w, 1), c.net);
            }
        }
        let left = PITCH_X as i32;
        let width = (CELL * COLUMNS as f32) as i32;
        let line = |img: &mut RgbImage, row_edge: usize, thick: i32| {
            let y = (PITCH_Y + row_edge as f32 * CELL) as i32 - thick / 2;
            fill_rect(img, Rect::new(left, y, width, thick), c.line);
        };
        line(&mut img, 5, 2); // White's shooting zone ends
        line(&mut img, 7, 3); // halfway
        line(&mut img, 9, 2); // Black's shooting zone begins
                              // Faint square grid so coordinates can be counted.
        for column in 1..COLUMNS {
            let x = (PITCH_X + column as f32 * CELL) as i32;
            let h = (CELL * ROWS as f32) as i32;
            let faint = mix(c.grass[0], c.line, 0.18);
            fill_rect(&mut img, Rect::new(x, PITCH_Y as i32, 1, h), faint);
        }
        // Centre circle on the halfway line.
        let mid = (PITCH_X + 5.0 * CELL, PITCH_Y + 7.0 * CELL);
        paint_ring(
            &mut img,
            &Shape::Circle {
                cx: mid.0,
                cy: mid.1,
                r: CELL * 1.2,
            },
            c.line,
            2.0,
        );
        // The pitch's outline.
        let outline = Shape::round_rect(
            PITCH_X - 1.0,
            PITCH_Y - 1.0,
            CELL * COLUMNS as f32 + 2.0,
            CELL * ROWS as f32 + 2.0,
            2.0,
        );
        paint_ring(&mut img, &outline, c.line, 3.0);
        // The goalie circles.
        for side in Side::ALL {
            let (cx, cy) = circle_centre(side);
            let shape = Shape::Circle {
                cx,
                cy,
                r: CIRCLE_R,
            };
            paint(&mut img, &shape, &Paint::outlined(c.grass[1], c.line, 2.0));
        }
        // Coordinates: columns above and below, rows on both sides.
        let px = 15.0;
        for column in 0..COLUMNS {
            let label = ((b'A' + column as u8) as char).to_string();
            let w = text::measure(Face::Bold, px, &label);
            let x = PITCH_X + (column as f32 + 0.5) * CELL - w / 2.0;
            let top = PITCH_Y - 10.0;
            let bottom = PITCH_Y + ROWS as f32 * CELL + 10.0 + px * CAP_HEIGHT;
            for y in [top, bottom] {
                text::draw(&mut img, Face::Bold, px, x, y, pal.coord, &label);
            }
        }
        for row in 0..ROWS {
            let label = (row + 1).to_string();
            let w = text::measure(Face::Bold, px, &label);
            let y = PITCH_Y + (row as f32 + 0.5) * CELL + px * CAP_HEIGHT / 2.0;
            let right = PITCH_X + COLUMNS as f32 * CELL;
            text::draw(
                &mut img,
                Face::Bold,
                px,
                PITCH_X - 12.0 - w,
                y,
                pal.coord,
                &label,
            );
            text::draw(&mut img, Face::Bold, px, right + 12.0, y, pal.coord, &label);
        }
        let active_card = cards().map(|r| card::outline(r, pal));
        Pitch {
            theme,
            colours: c,
            background: img,
            active_card,
        }
    }
}
