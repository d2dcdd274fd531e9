//! The empty Takkure picture, drawn once per theme and kept in the
//! renderer's cache: the cards' and the side panel's backgrounds, the grass
//! in stripes, the two in-goal zones, the try lines, the lines of 10, the
//! halfway line, the square grid and the coordinates; and where everything is.
//!
//! The picture is landscape, so that it stays legible when Discord shows it
//! scaled down in chat (550 x 350): the field is the map of RULINGS
//! Takkure 1 (north, row 1, up; column A west) turned a quarter turn
//! anticlockwise, never mirrored (issue 42): north and home's in-goal at
//! the left, row 28 at the right, east (column P) at the top and column A
//! at the bottom, and a compass in the panel says so ([`NORTH`]). So a
//! clock face read on the field turns as on the page, 12 pointing left.
//! The teams' cards are above the field, the time, the tokens and the
//! compass in a panel on the right. Every size is chosen for that scale
//! (see [`chat_scale`]): pieces at least 14 px across, text at least 9 px.

use std::sync::Arc;

use image::RgbImage;

use super::view::ROWS;
use crate::render::cache::{self, Predrawn};
use crate::render::card;
use crate::render::draw::{fill_rect, mix, paint_ring, Colour, Rect, Shape, Sprite};
use crate::render::text::{self, Face, CAP_HEIGHT};
use crate::render::theme::{Palette, Theme};

pub const WIDTH: u32 = 1100;
pub const HEIGHT: u32 = 700;
const MARGIN: i32 = 12;
/// One square's side in pixels.
pub const CELL: f32 = 31.0;
/// The field's top left corner (the outer corner of A1).
pub const FIELD_X: f32 = 38.0;
pub const FIELD_Y: f32 = 126.0;
/// Along the rows (x) and across the columns (y).
pub const FIELD_W: f32 = CELL * ROWS as f32;
pub const FIELD_H: f32 = CELL * COLUMNS as f32;
/// How many squares the field has.
pub const COLUMNS_X_ROWS: usize = COLUMNS * ROWS;
pub use super::view::COLUMNS;
/// The panel right of the field: time, activation tokens, the roll log.
pub const PANEL: Rect = Rect::new(
    (FIELD_X + FIELD_W) as i32 + 16,
    MARGIN,
    WIDTH as i32 - MARGIN - ((FIELD_X + FIELD_W) as i32 + 16),
    HEIGHT as i32 - 2 * MARGIN,
);
/// Radius of a player's disc; large players' a little more.
pub const MAN_R: f32 = 14.5;
pub const LARGE_R: f32 = 15.5;
/// Half the length of the ball on the ground.
pub const BALL_R: f32 = 11.0;
/// The smallest text of the picture (coordinates, panel lines, badges),
/// and the other sizes, in pixels.
pub use crate::render::chat::{BIG_PX, BODY_PX, NAME_PX, SMALL_PX};
/// The status line under the field.
pub const FOOTER_BASELINE: i32 = HEIGHT as i32 - 22;

pub use crate::render::chat::CHAT_BOX;

/// The factor the picture is scaled by to fit [`CHAT_BOX`].
pub fn chat_scale() -> f32 {
    crate::render::chat::scale(WIDTH, HEIGHT)
}

/// The numbers the legibility rule reads (issue 29, see
/// [`crate::render::chat`]): a player's disc across, the smallest text;
/// no stacks.
pub fn legibility() -> crate::render::chat::Legibility {
    crate::render::chat::Legibility {
        width: WIDTH,
        height: HEIGHT,
        piece: 2.0 * MAN_R.min(LARGE_R),
        text: SMALL_PX,
        layers: None,
    }
}

/// The player cards, home then away, above the field: home's over the
/// left (its own in-goal), away's over the right.
pub fn cards() -> [Rect; 2] {
    let right = (FIELD_X + FIELD_W) as i32;
    let w = (right - MARGIN - 12) / 2;
    let h = FIELD_Y as i32 - 36 - MARGIN;
    [
        Rect::new(MARGIN, MARGIN, w, h),
        Rect::new(right - w, MARGIN, w, h),
    ]
}

/// The centre of square `index` (A1 = 0, reading order): its row along x
/// (row 1 at the left), its column along y (column P at the top).
pub fn centre(index: usize) -> (f32, f32) {
    let (row, column) = (index / COLUMNS, index % COLUMNS);
    (
        FIELD_X + (row as f32 + 0.5) * CELL,
        FIELD_Y + ((COLUMNS - 1 - column) as f32 + 0.5) * CELL,
    )
}

/// Where north lies on the page (towards row 1, RULINGS Takkure 1 and 8):
/// left.
pub const NORTH: crate::render::compass::Heading = (-1.0, 0.0);

/// The compass's centre, at the foot of the panel, and its radius to the
/// letters.
pub const COMPASS: ((f32, f32), f32) = (
    (
        PANEL.x as f32 + PANEL.w as f32 / 2.0,
        (PANEL.y + PANEL.h) as f32 - 70.0,
    ),
    52.0,
);

/// The marks round a player's disc, each in a corner slot of its own so
/// that none hides another (issue 42): the ball it carries, its wounds,
/// its fatigue tokens showing their active side, its rested ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Ball,
    Wounds,
    Fatigue,
    Rested,
}

impl Mark {
    pub const ALL: [Mark; 4] = [Mark::Ball, Mark::Wounds, Mark::Fatigue, Mark::Rested];

    /// The mark's centre, from the centre of a disc of radius `r`: the
    /// ball at the upper left, wounds upper right, fatigue lower right,
    /// rested tokens lower left; on the disc's square's corners, clear of
    /// the neighbours' initials.
    pub fn offset(self, r: f32) -> (f32, f32) {
        match self {
            Mark::Ball => (-r, -r),
            Mark::Wounds => (r, -r),
            Mark::Fatigue => (r, r),
            Mark::Rested => (-r, r),
        }
    }
}

/// A mark's radius (a badge's, the carried ball's).
pub const MARK_R: f32 = 9.5;

/// The marks' sizes the legibility rule reads (issue 42), at full size.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MarkSizes {
    /// A badge's or the carried ball's disc across.
    pub mark: f32,
    /// The pixel size of a badge's number and a player's initial.
    pub digit: f32,
    /// The loose ball's ring across.
    pub loose: f32,
    /// The widest initial.
    pub initial: f32,
}

/// The sizes of the marks, for `tests/render/render_chat.rs`.
pub fn mark_sizes() -> MarkSizes {
    let initial = ["R", "P", "G", "O", "S", "T", "Br", "Be"]
        .iter()
        .map(|l| text::measure(Face::Bold, SMALL_PX, l))
        .fold(0.0, f32::max);
    MarkSizes {
        mark: 2.0 * MARK_R,
        digit: SMALL_PX,
        loose: CELL - 2.0,
        initial,
    }
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
        let (fx, fy) = (FIELD_X as i32, FIELD_Y as i32);
        // Grass mown in stripes two rows wide; the in-goals (rows 1-2 and
        // 27-28, RULINGS Takkure 1) tinted.
        for row in 0..ROWS {
            let stripe = (row / 2) % 2;
            let colour = if !(2..ROWS - 2).contains(&row) {
                c.in_goal[stripe]
            } else {
                c.grass[stripe]
            };
            let x = (FIELD_X + row as f32 * CELL) as i32;
            fill_rect(
                &mut img,
                Rect::new(x, fy, CELL as i32, FIELD_H as i32),
                colour,
            );
        }
        // The square grid, faint, so distances can be counted.
        for row in 1..ROWS {
            let x = (FIELD_X + row as f32 * CELL) as i32;
            fill_rect(&mut img, Rect::new(x, fy, 1, FIELD_H as i32), c.grid);
        }
        for column in 1..COLUMNS {
            let y = (FIELD_Y + column as f32 * CELL) as i32;
            fill_rect(&mut img, Rect::new(fx, y, FIELD_W as i32, 1), c.grid);
        }
        let height = FIELD_H as i32;
        let line = |img: &mut RgbImage, row_edge: usize, thick: i32| {
            let x = (FIELD_X + row_edge as f32 * CELL) as i32 - thick / 2;
            fill_rect(img, Rect::new(x, fy, thick, height), c.line);
        };
        line(&mut img, 2, 3); // home try line
        line(&mut img, ROWS - 2, 3); // away try line
        line(&mut img, 14, 3); // halfway
                               // The lines of 10, dashed: between rows 12 and 13, 16 and 17.
        for row_edge in [12, 16] {
            let x = (FIELD_X + row_edge as f32 * CELL) as i32 - 1;
            for k in (0..height).step_by(14) {
                fill_rect(&mut img, Rect::new(x, fy + k, 2, 8.min(height - k)), c.line);
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
        // Coordinates: rows above and below, columns on the left.
        let px = SMALL_PX;
        for row in 0..ROWS {
            let label = (row + 1).to_string();
            let w = text::measure(Face::Bold, px, &label);
            let x = FIELD_X + (row as f32 + 0.5) * CELL - w / 2.0;
            for y in [FIELD_Y - 9.0, FIELD_Y + FIELD_H + 9.0 + px * CAP_HEIGHT] {
                text::draw(&mut img, Face::Bold, px, x, y, pal.coord, &label);
            }
        }
        for column in 0..COLUMNS {
            let label = ((b'A' + column as u8) as char).to_string();
            let w = text::measure(Face::Bold, px, &label);
            let y = centre(column).1 + px * CAP_HEIGHT / 2.0;
            text::draw(
                &mut img,
                Face::Bold,
                px,
                FIELD_X - 9.0 - w,
                y,
                pal.coord,
                &label,
            );
        }
        // "IN-GOAL" written faintly down the middle of both in-goals.
        let ink = mix(c.in_goal[0], c.line, 0.4);
        for row_mid in [1.0, ROWS as f32 - 1.0] {
            let letters = "IN-GOAL";
            let step = px + 4.0;
            let top = FIELD_Y + (FIELD_H - step * letters.len() as f32) / 2.0 + px * CAP_HEIGHT;
            for (k, ch) in letters.chars().enumerate() {
                let s = ch.to_string();
                let w = text::measure(Face::Bold, px, &s);
                let x = FIELD_X + row_mid * CELL - w / 2.0;
                text::draw(&mut img, Face::Bold, px, x, top + k as f32 * step, ink, &s);
            }
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
