//! The empty Taka picture, drawn once per theme and kept in the renderer's
//! cache: the cards' backgrounds, the grass in stripes, the goal squares as
//! nets, the shooting zones' lines, the halfway line, the goalie circles
//! and the coordinates; and where everything is.
//!
//! The picture is landscape, twice the box Discord shows it in during a
//! game (see [`crate::render::chat`]): the pitch is the map of RULINGS
//! Taka 1 (north, row 1, up; column A west) turned a quarter turn
//! anticlockwise, never mirrored (issue 42), as Takkure's field is: north
//! and White's goal at the left, row 14 at the right, east (column J) at
//! the top and column A at the bottom, and a compass in the panel says so
//! ([`NORTH`], [`heading`]); the cards above it, the state of the game in
//! the panel on the right.

use std::sync::Arc;

use image::RgbImage;

use super::view::{COLUMNS, ROWS};
use crate::games::taka::Facing;
use crate::render::cache::{self, Predrawn};
use crate::render::card;
use crate::render::compass::{self, Heading};
use crate::render::draw::{fill_rect, mix, paint, paint_ring, Colour, Paint, Rect, Shape, Sprite};
use crate::render::text::{self, Face, CAP_HEIGHT};
use crate::render::theme::{Palette, Theme};
use crate::render::Side;

pub const WIDTH: u32 = 1100;
pub const HEIGHT: u32 = 700;
const MARGIN: i32 = 12;
const CARD_H: i32 = 100;
const CARD_GAP: i32 = 12;
/// One square's side in pixels.
pub const CELL: f32 = 52.0;
/// The pitch's top left corner (the outer corner of A1).
pub const PITCH_X: f32 = 40.0;
pub const PITCH_Y: f32 = 150.0;
/// Along the rows (x) and across the columns (y).
pub const PITCH_W: f32 = CELL * ROWS as f32;
pub const PITCH_H: f32 = CELL * COLUMNS as f32;
/// Radius of a field piece; a goalie is a rounded square of the same size.
pub const PIECE_R: f32 = 17.5;
/// Radius of a ball.
pub const BALL_R: f32 = 10.0;
/// Radius of a goalie circle.
pub const CIRCLE_R: f32 = 23.0;
/// Pixel size of the coordinates (the smallest text, with the cards' lines).
pub const COORD_PX: f32 = crate::render::chat::SMALL_PX;
/// The panel right of the pitch: the turn, the score, whose turn, the last turn.
pub const PANEL: Rect = Rect::new(
    (PITCH_X + PITCH_W) as i32 + 20,
    MARGIN,
    WIDTH as i32 - MARGIN - ((PITCH_X + PITCH_W) as i32 + 20),
    HEIGHT as i32 - 2 * MARGIN,
);

/// The player cards, white then black, above the pitch: White's over the
/// left (its own goal), Black's over the right.
pub fn cards() -> [Rect; 2] {
    let (left, right) = (MARGIN, (PITCH_X + PITCH_W) as i32);
    let w = (right - left - CARD_GAP) / 2;
    [
        Rect::new(left, MARGIN, w, CARD_H),
        Rect::new(right - w, MARGIN, w, CARD_H),
    ]
}

/// The numbers the legibility rule reads (issue 29, see
/// [`crate::render::chat`]): a piece across (a field piece's disc, a
/// goalie's square), the smallest text; no stacks.
pub fn legibility() -> crate::render::chat::Legibility {
    crate::render::chat::Legibility {
        width: WIDTH,
        height: HEIGHT,
        piece: 2.0 * PIECE_R,
        text: COORD_PX.min(card::SMALLEST_PX),
        layers: None,
    }
}

/// The centre of square `index` (A1 = 0): its row along x (row 1 at the
/// left), its column along y (column J at the top).
pub fn centre(index: usize) -> (f32, f32) {
    let (row, column) = (index / COLUMNS, index % COLUMNS);
    (
        PITCH_X + (row as f32 + 0.5) * CELL,
        PITCH_Y + ((COLUMNS - 1 - column) as f32 + 0.5) * CELL,
    )
}

/// Where north lies on the page (towards row 1, RULINGS Taka 1): left.
pub const NORTH: Heading = (-1.0, 0.0);

/// Where a facing points on the page: N left, E up, S right, W down.
pub fn heading(facing: Facing) -> Heading {
    let [n, e, s, w] = compass::points(NORTH);
    match facing {
        Facing::N => n,
        Facing::E => e,
        Facing::S => s,
        Facing::W => w,
    }
}

/// The compass's centre, low in the panel, and its radius to the letters.
pub const COMPASS: ((f32, f32), f32) = (
    (
        PANEL.x as f32 + PANEL.w as f32 / 2.0,
        (PANEL.y + PANEL.h) as f32 - 90.0,
    ),
    56.0,
);

/// The centre of a side's goalie circle: where E1, F1, E2 and F2 meet
/// (Black: E13, F13, E14, F14; RULINGS Taka 4).
pub fn circle_centre(side: Side) -> (f32, f32) {
    let row = match side {
        Side::White => 1.0,
        Side::Black => 13.0,
    };
    (PITCH_X + row * CELL, PITCH_Y + 5.0 * CELL)
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
            let x = PITCH_X + row as f32 * CELL;
            let rect = Rect::new(x as i32, PITCH_Y as i32, CELL as i32, PITCH_H as i32);
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
        let top = PITCH_Y as i32;
        let height = PITCH_H as i32;
        let line = |img: &mut RgbImage, row_edge: usize, thick: i32| {
            let x = (PITCH_X + row_edge as f32 * CELL) as i32 - thick / 2;
            fill_rect(img, Rect::new(x, top, thick, height), c.line);
        };
        line(&mut img, 5, 2); // White's shooting zone ends
        line(&mut img, 7, 3); // halfway
        line(&mut img, 9, 2); // Black's shooting zone begins
                              // Faint square grid so coordinates can be counted.
        for column in 1..COLUMNS {
            let y = (PITCH_Y + column as f32 * CELL) as i32;
            let faint = mix(c.grass[0], c.line, 0.18);
            fill_rect(
                &mut img,
                Rect::new(PITCH_X as i32, y, PITCH_W as i32, 1),
                faint,
            );
        }
        // Centre circle on the halfway line.
        let mid = (PITCH_X + 7.0 * CELL, PITCH_Y + 5.0 * CELL);
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
            PITCH_W + 2.0,
            PITCH_H + 2.0,
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
        // Coordinates: rows above and below, columns on the left.
        let px = COORD_PX;
        for row in 0..ROWS {
            let label = (row + 1).to_string();
            let w = text::measure(Face::Bold, px, &label);
            let x = PITCH_X + (row as f32 + 0.5) * CELL - w / 2.0;
            for y in [PITCH_Y - 10.0, PITCH_Y + PITCH_H + 10.0 + px * CAP_HEIGHT] {
                text::draw(&mut img, Face::Bold, px, x, y, pal.coord, &label);
            }
        }
        for column in 0..COLUMNS {
            let label = ((b'A' + column as u8) as char).to_string();
            let w = text::measure(Face::Bold, px, &label);
            let y = centre(column).1 + px * CAP_HEIGHT / 2.0;
            let x = (PITCH_X - w) / 2.0;
            text::draw(&mut img, Face::Bold, px, x, y, pal.coord, &label);
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
