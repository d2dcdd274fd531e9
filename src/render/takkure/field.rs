//! The empty Takkure picture, drawn once per theme and kept in the
//! renderer's cache: the cards' and the side panel's backgrounds, the grass
//! in stripes, the two in-goal zones, the try lines, the lines of 10, the
//! halfway line, the square grid and the coordinates; and where everything is.

use std::sync::Arc;

use image::RgbImage;

use super::view::ROWS;
use crate::render::cache::{self, Predrawn};
use crate::render::card;
use crate::render::draw::{fill_rect, mix, paint_ring, Colour, Rect, Shape, Sprite};
use crate::render::text::{self, Face, CAP_HEIGHT};
use crate::render::theme::{Palette, Theme};

pub const WIDTH: u32 = 760;
pub const HEIGHT: u32 = 930;
const MARGIN: i32 = 16;
const CARD_Y: i32 = 14;
const CARD_H: i32 = 92;
const CARD_GAP: i32 = 12;
/// One square's side in pixels.
pub const CELL: f32 = 26.0;
/// The field's top left corner (A1's).
pub const FIELD_X: f32 = 40.0;
pub const FIELD_Y: f32 = (CARD_Y + CARD_H + 28) as f32;
pub const FIELD_W: f32 = CELL * COLUMNS as f32;
pub const FIELD_H: f32 = CELL * ROWS as f32;
/// How many squares the field has.
pub const COLUMNS_X_ROWS: usize = COLUMNS * ROWS;
pub use super::view::COLUMNS;
/// The panel right of the field: score, time, tokens, the roll log.
pub const PANEL: Rect = Rect::new(
    (FIELD_X + FIELD_W) as i32 + 24,
    FIELD_Y as i32 - 8,
    WIDTH as i32 - MARGIN - ((FIELD_X + FIELD_W) as i32 + 24),
    FIELD_H as i32 + 16,
);
/// Radius of a player's disc; large players' a little more.
pub const MAN_R: f32 = 10.5;
pub const LARGE_R: f32 = 12.0;
/// Half the length of the ball.
pub const BALL_R: f32 = 7.0;
pub const FOOTER_BASELINE: i32 = FIELD_Y as i32 + FIELD_H as i32 + 50;

/// The player cards, home then away.
pub fn cards() -> [Rect; 2] {
    let w = (WIDTH as i32 - 2 * MARGIN - CARD_GAP) / 2;
    [
        Rect::new(MARGIN, CARD_Y, w, CARD_H),
        Rect::new(MARGIN + w + CARD_GAP, CARD_Y, w, CARD_H),
    ]
}

/// The centre of square `index` (A1 = 0, row 1 at the top).
pub fn centre(index: usize) -> (f32, f32) {
    let (row, column) = (index / COLUMNS, index % COLUMNS);
    (
        FIELD_X + (column as f32 + 0.5) * CELL,
        FIELD_Y + (row as f32 + 0.5) * CELL,
    )
}

/// The field's colours in a theme: grass near the theme's squares, always green.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldColours {
    pub grass: [Colour; 2],
    pub in_goal: [Colour; 2],
    pub line: Colour,
    pub grid: Colour,
}

impl FieldColours {
    pub fn of(pal: &Palette) -> FieldColours {
        const GREEN: [Colour; 2] = [[60, 128, 70], [68, 140, 78]];
        let grass = [0, 1].map(|i| mix(GREEN[i], pal.square[i], 0.25));
        let line = mix([245, 245, 240], pal.square[0], 0.1);
        FieldColours {
            in_goal: [0, 1].map(|i| mix(grass[i], [30, 70, 110], 0.4)),
            grid: mix(grass[0], line, 0.16),
            grass,
            line,
        }
    }
}

/// The pre-drawn parts of one theme.
pub struct Field {
    pub theme: Theme,
    pub colours: FieldColours,
    pub background: RgbImage,
    pub active_card: [Sprite; 2],
}

impl Predrawn for Field {
    fn build(theme: Theme, _: usize) -> Field {
        Field::draw(theme)
    }
}

/// The field of `theme`, drawn on first use.
pub fn get(theme: Theme) -> Arc<Field> {
    cache::get::<Field>(theme, ROWS * COLUMNS)
}

/// Draw every theme's field now rather than on first use.
pub fn preload() {
    for theme in Theme::ALL {
        get(theme);
    }
}

impl Field {
    fn draw(theme: Theme) -> Field {
        let pal = theme.palette();
        let c = FieldColours::of(pal);
        let mut img = RgbImage::from_pixel(WIDTH, HEIGHT, image::Rgb(pal.background));
        for card in cards() {
            card::draw_blank(&mut img, card, pal);
        }
        card::draw_blank(&mut img, PANEL, pal);
        // Grass mown in stripes two rows wide; the in-goals (rows 1-2 and
        // 27-28, RULINGS Takkure 1) tinted.
        for row in 0..ROWS {
            let stripe = (row / 2) % 2;
            let colour = if !(2..ROWS - 2).contains(&row) {
                c.in_goal[stripe]
            } else {
                c.grass[stripe]
            };
            let y = (FIELD_Y + row as f32 * CELL) as i32;
            fill_rect(
                &mut img,
                Rect::new(FIELD_X as i32, y, FIELD_W as i32, CELL as i32),
                colour,
            );
        }
        // The square grid, faint, so distances can be counted.
        for column in 1..COLUMNS {
            let x = (FIELD_X + column as f32 * CELL) as i32;
            fill_rect(
                &mut img,
                Rect::new(x, FIELD_Y as i32, 1, FIELD_H as i32),
                c.grid,
            );
        }
        for row in 1..ROWS {
            let y = (FIELD_Y + row as f32 * CELL) as i32;
            fill_rect(
                &mut img,
                Rect::new(FIELD_X as i32, y, FIELD_W as i32, 1),
                c.grid,
            );
        }
        let (left, width) = (FIELD_X as i32, FIELD_W as i32);
        let line = |img: &mut RgbImage, row_edge: usize, thick: i32| {
            let y = (FIELD_Y + row_edge as f32 * CELL) as i32 - thick / 2;
            fill_rect(img, Rect::new(left, y, width, thick), c.line);
        };
        line(&mut img, 2, 3); // north try line
        line(&mut img, ROWS - 2, 3); // south try line
        line(&mut img, 14, 3); // halfway
                               // The lines of 10, dashed: between rows 12 and 13, 16 and 17.
        for row_edge in [12, 16] {
            let y = (FIELD_Y + row_edge as f32 * CELL) as i32 - 1;
            for k in (0..width).step_by(12) {
                fill_rect(
                    &mut img,
                    Rect::new(left + k, y, 7.min(width - k), 2),
                    c.line,
                );
            }
        }
        let outline = Shape::round_rect(
            FIELD_X - 1.0,
            FIELD_Y - 1.0,
            FIELD_W + 2.0,
            FIELD_H + 2.0,
            2.0,
        );
        paint_ring(&mut img, &outline, c.line, 3.0);
        // Coordinates: columns above and below, rows on the left.
        let px = 12.0;
        for column in 0..COLUMNS {
            let label = ((b'A' + column as u8) as char).to_string();
            let w = text::measure(Face::Bold, px, &label);
            let x = FIELD_X + (column as f32 + 0.5) * CELL - w / 2.0;
            for y in [FIELD_Y - 8.0, FIELD_Y + FIELD_H + 8.0 + px * CAP_HEIGHT] {
                text::draw(&mut img, Face::Bold, px, x, y, pal.coord, &label);
            }
        }
        for row in 0..ROWS {
            let label = (row + 1).to_string();
            let w = text::measure(Face::Bold, px, &label);
            let y = FIELD_Y + (row as f32 + 0.5) * CELL + px * CAP_HEIGHT / 2.0;
            text::draw(
                &mut img,
                Face::Bold,
                px,
                FIELD_X - 8.0 - w,
                y,
                pal.coord,
                &label,
            );
        }
        // "IN-GOAL" written faintly in both in-goals.
        for row_mid in [1.0, ROWS as f32 - 1.0] {
            let label = "IN-GOAL";
            let w = text::measure(Face::Bold, 14.0, label);
            let y = FIELD_Y + row_mid * CELL + 14.0 * CAP_HEIGHT / 2.0;
            let ink = mix(c.in_goal[0], c.line, 0.35);
            text::draw(
                &mut img,
                Face::Bold,
                14.0,
                FIELD_X + (FIELD_W - w) / 2.0,
                y,
                ink,
                label,
            );
        }
        let active_card = cards().map(|r| card::outline(r, pal));
        Field {
            theme,
            colours: c,
            background: img,
            active_card,
        }
    }
}
