//! What never changes between Takat pictures, drawn once per theme with the
//! shared rasteriser and kept in the renderer's cache: the empty picture
//! (cards, hexagon, circles, cell names, legend) and the sprites of discs,
//! safe rings, shadow, last-turn halo and the pieces in hand.

use std::sync::Arc;

use image::RgbImage;

use super::layout::*;
use super::view::{CELL_NAMES, RED};
use crate::render::cache::{self, Predrawn};
use crate::render::card;
use crate::render::draw::{
    luma, mix, paint, paint_ring, paint_shadow, Colour, Paint, Shape, Sprite,
};
use crate::render::text::{self, Face, CAP_HEIGHT};
use crate::render::theme::{Palette, Theme};

/// The colours of a Takat picture, derived from the theme's palette.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakatColours {
    /// The hexagon the circles sit on.
    pub hex: Colour,
    /// A cell that is not red.
    pub cell: Colour,
    /// A red cell.
    pub red: Colour,
    /// The inner ring that also marks a red cell (not by colour alone).
    pub red_ring: Colour,
    /// The side of a disc, white then black. (Its top face is the
    /// palette's piece fill, its outline and safe rings the piece outline;
    /// the halo of the last turn's cells is the last-move colour.)
    pub rim: [Colour; 2],
}

impl TakatColours {
    pub fn of(theme: Theme) -> TakatColours {
        let pal = theme.palette();
        let cell = pal.square[1];
        // Okabe-Ito vermillion for the colour-blind-safe theme, else a red
        // that sits with the board's own colour.
        let red = if theme == Theme::Contrast {
            [0xd5, 0x5e, 0x00]
        } else {
            mix([0xc8, 0x3c, 0x32], cell, 0.22)
        };
        // The hexagon stands out from the background even where the
        // board's frame colour does not (contrast: both black).
        let hex = if (luma(pal.frame) - luma(pal.background)).abs() < 12.0 {
            mix(pal.background, pal.muted, 0.18)
        } else {
            pal.frame
        };
        TakatColours {
            hex,
            cell,
            red,
            red_ring: mix(red, [0, 0, 0], 0.35),
            rim: [0, 1].map(|s| mix(pal.piece[s], pal.outline[s], 0.22)),
        }
    }

    /// The fill of cell `i` (view order): red or not.
    pub fn cell_fill(&self, i: usize) -> Colour {
        if RED.get(i).copied().unwrap_or(false) {
            self.red
        } else {
            self.cell
        }
    }
}

/// The text colour (main text or background) that stands out more on `fill`.
fn text_on(pal: &Palette, fill: Colour) -> Colour {
    let l = luma(fill);
    if (luma(pal.text) - l).abs() >= (luma(pal.background) - l).abs() {
        pal.text
    } else {
        pal.background
    }
}

/// The pre-drawn parts for one theme.
pub struct Sprites {
    pub theme: Theme,
    pub layout: TakatLayout,
    pub background: RgbImage,
    /// A disc by side; its top face's centre is at `disc_origin`.
    pub disc: [Sprite; 2],
    pub disc_origin: (f32, f32),
    /// The rings on a face, by side: safe, permanently safe; centred at
    /// `MARK_ORIGIN`.
    pub safe: [Sprite; 2],
    pub permanent: [Sprite; 2],
    pub shadow: Sprite,
    pub shadow_origin: (f32, f32),
    pub halo: Sprite,
    pub halo_origin: f32,
    /// Pieces in hand (a disc seen from above) and pieces on the board (a
    /// small faint dot), by side.
    pub hand: [Sprite; 2],
    pub ghost: [Sprite; 2],
    pub active_card: Sprite,
}

/// The pre-drawn parts for `theme` (one board: the size is always 7 cells).
pub fn get(theme: Theme) -> Arc<Sprites> {
    cache::get::<Sprites>(theme, CELL_NAMES.len())
}

impl Predrawn for Sprites {
    fn build(theme: Theme, _cells: usize) -> Sprites {
        Sprites::draw(theme)
    }
}

/// Draw every theme's parts now (e.g. at start-up) rather than on first use.
pub fn preload() {
    for theme in Theme::ALL {
        get(theme);
    }
}

fn outline_width(theme: Theme) -> f32 {
    OUTLINE[usize::from(theme == Theme::Contrast)]
}

fn solid(c: Colour) -> Paint {
    Paint::solid(c)
}

fn ellipse(cx: f32, cy: f32, rx: f32, ry: f32) -> Shape {
    Shape::Ellipse { cx, cy, rx, ry }
}

fn circle(cx: f32, cy: f32, r: f32) -> Shape {
    Shape::Circle { cx, cy, r }
}

/// The look of a disc: top face, side and outline colours, outline width.
struct DiscLook {
    face: Colour,
    rim: Colour,
    outline: Colour,
    line: f32,
}

/// A disc seen from the side, its top face centred at `(cx, cy)`, half
/// axes `rx`, `ry`, `th` thick.
fn draw_disc(s: &mut Sprite, (cx, cy): (f32, f32), (rx, ry, th): (f32, f32, f32), look: &DiscLook) {
    let line = look.line;
    let side = |s: &mut Sprite, grow: f32, colour: Colour| {
        paint(
            s,
            &ellipse(cx, cy + th, rx + grow, ry + grow),
            &solid(colour),
        );
        let w = 2.0 * (rx + grow);
        paint(
            s,
            &Shape::round_rect(cx - rx - grow, cy, w, th, 0.0),
            &solid(colour),
        );
    };
    side(s, line, look.outline);
    paint(
        s,
        &ellipse(cx, cy, rx + line, ry + line),
        &solid(look.outline),
    );
    side(s, 0.0, look.rim);
    paint(s, &ellipse(cx, cy, rx, ry), &solid(look.outline));
    let inner = 0.7 * line;
    paint(
        s,
        &ellipse(cx, cy, rx - inner, ry - inner),
        &solid(look.face),
    );
}

/// Rings marking a safe face: one (safe) or two (permanently safe), each
/// `w` wide and centred on `MARK_OUTER` and `MARK_INNER` of the face.
fn draw_marks(
    s: &mut Sprite,
    (cx, cy): (f32, f32),
    (rx, ry): (f32, f32),
    colour: Colour,
    two: bool,
) {
    let w = 3.8;
    let rings: &[f32] = if two {
        &[MARK_OUTER, MARK_INNER]
    } else {
        &[MARK_OUTER]
    };
    for &f in rings {
        let ring = ellipse(cx, cy, f * rx + w / 2.0, f * ry + w / 2.0);
        paint_ring(s, &ring, colour, w);
    }
}

impl Sprites {
    fn draw(theme: Theme) -> Sprites {
        let layout = TakatLayout::new();
        let pal = theme.palette();
        let colours = TakatColours::of(theme);
        let line = outline_width(theme);
        let pad = 4.0;

        let (dw, dh) = (
            2.0 * (DISC_RX + line + pad),
            2.0 * (DISC_RY + line + pad) + DISC_TH,
        );
        let disc_origin = (DISC_RX + line + pad, DISC_RY + line + pad);
        let disc = [0, 1].map(|s| {
            let mut sprite = Sprite::new(dw.ceil() as u32, dh.ceil() as u32);
            let look = DiscLook {
                face: pal.piece[s],
                rim: colours.rim[s],
                outline: pal.outline[s],
                line,
            };
            draw_disc(&mut sprite, disc_origin, (DISC_RX, DISC_RY, DISC_TH), &look);
            sprite
        });

        let (mw, mh) = (2.0 * (DISC_RX + pad), 2.0 * (DISC_RY + pad));
        let mark = |s: usize, two: bool| {
            let mut sprite = Sprite::new(mw.ceil() as u32, mh.ceil() as u32);
            draw_marks(
                &mut sprite,
                MARK_ORIGIN,
                (DISC_RX, DISC_RY),
                pal.outline[s],
                two,
            );
            sprite
        };

        let shadow_origin = (DISC_RX + 14.0, DISC_RY + 14.0);
        let mut shadow = Sprite::new(
            (2.0 * shadow_origin.0).ceil() as u32,
            (2.0 * shadow_origin.1).ceil() as u32,
        );
        paint_shadow(
            &mut shadow,
            &ellipse(
                shadow_origin.0,
                shadow_origin.1,
                DISC_RX + 6.0,
                DISC_RY + 5.0,
            ),
            [0, 0, 0],
            0.37,
            8.0,
        );

        let halo_origin = CELL_R + HALO_GAP + HALO_W + 2.0;
        let n = (2.0 * halo_origin).ceil() as u32;
        let mut halo = Sprite::new(n, n);
        paint_ring(
            &mut halo,
            &circle(halo_origin, halo_origin, CELL_R + HALO_GAP + HALO_W),
            pal.last_move,
            HALO_W,
        );

        let small = |s: usize, ghost: bool| {
            let n = (2.0 * HAND_R + 4.0).ceil() as u32;
            let c = n as f32 / 2.0;
            let mut sprite = Sprite::new(n, n);
            if ghost {
                let dot = mix(pal.card, pal.muted, 0.6);
                paint(&mut sprite, &circle(c, c, 3.0), &solid(dot));
            } else {
                paint(
                    &mut sprite,
                    &circle(c, c, HAND_R + 0.5),
                    &solid(pal.outline[s]),
                );
                paint(
                    &mut sprite,
                    &circle(c, c, HAND_R - 1.0),
                    &solid(pal.piece[s]),
                );
            }
            sprite
        };

        let background = background(theme, &layout, &colours, line);
        Sprites {
            theme,
            background,
            disc,
            disc_origin,
            safe: [mark(0, false), mark(1, false)],
            permanent: [mark(0, true), mark(1, true)],
            shadow,
            shadow_origin,
            halo,
            halo_origin,
            hand: [small(0, false), small(1, false)],
            ghost: [small(0, true), small(1, true)],
            active_card: card::outline(layout.cards[0], pal),
            layout,
        }
    }
}

/// The empty picture: cards, the hexagon, the circles, names and legend.
fn background(theme: Theme, l: &TakatLayout, col: &TakatColours, line: f32) -> RgbImage {
    let pal = theme.palette();
    let mut img = RgbImage::from_pixel(l.width, l.height, image::Rgb(pal.background));

    // Player cards, each with a disc of its colour.
    for (s, &rect) in l.cards.iter().enumerate() {
        card::draw_blank(&mut img, rect, pal);
        let mut icon = Sprite::new(48, 40);
        let look = DiscLook {
            face: pal.piece[s],
            rim: col.rim[s],
            outline: pal.outline[s],
            line: 1.5,
        };
        draw_disc(&mut icon, (24.0, 14.0), (18.0, 8.0, 7.0), &look);
        icon.blit(&mut img, rect.x + 10, rect.y + 16);
    }

    // The hexagon with rounded corners, then the circles.
    let (cx, cy) = l.centre;
    let hexagon = Shape::Hexagon {
        cx,
        cy,
        apothem: HEX_R * 30f32.to_radians().cos(),
        r: HEX_CORNER,
    };
    paint(&mut img, &hexagon, &solid(col.hex));
    for (i, &red) in RED.iter().enumerate() {
        let Some((x, y)) = l.cell_centre_f(i) else {
            continue;
        };
        let fill = col.cell_fill(i);
        paint(
            &mut img,
            &circle(x, y, CELL_R),
            &Paint::outlined(fill, mix(fill, [0, 0, 0], 0.25), line),
        );
        if red {
            let r = CELL_R - RED_RING_IN;
            paint_ring(&mut img, &circle(x, y, r), col.red_ring, RED_RING_W);
        }
    }

    // Cell names, low in each circle.
    let px = SMALL_PX;
    for (i, &name) in CELL_NAMES.iter().enumerate() {
        let Some((x, y)) = l.cell_centre_f(i) else {
            continue;
        };
        let w = text::measure(Face::Bold, px, name);
        let colour = mix(text_on(pal, col.cell_fill(i)), col.cell_fill(i), 0.2);
        let base = y + CELL_R - 17.0;
        text::draw(&mut img, Face::Bold, px, x - w / 2.0, base, colour, name);
    }

    draw_legend(&mut img, pal, l, col);
    img
}

/// In the panel: what a red cell and the safe rings mean, one a line.
fn draw_legend(img: &mut RgbImage, pal: &Palette, l: &TakatLayout, col: &TakatColours) {
    let px = SMALL_PX;
    let items = [
        "red cell",
        "safe: only its owner may move it",
        "permanently safe: no one may move it",
    ];
    let icon_w = 40.0;
    for (n, item) in items.iter().enumerate() {
        let base = (l.legend_baseline + n as i32 * l.legend_step) as f32;
        let mid = base - px * CAP_HEIGHT / 2.0;
        let mut icon = Sprite::new(icon_w as u32, 32);
        let c = (20.0, 16.0);
        if n == 0 {
            let edge = mix(col.red, [0, 0, 0], 0.25);
            paint(
                &mut icon,
                &circle(c.0, c.1, 13.0),
                &Paint::outlined(col.red, edge, 1.0),
            );
            paint_ring(&mut icon, &circle(c.0, c.1, 9.0), col.red_ring, 2.4);
        } else {
            let (rx, ry) = (18.0, 10.5);
            paint(
                &mut icon,
                &ellipse(c.0, c.1, rx + 1.2, ry + 1.2),
                &Paint::outlined(pal.piece[0], pal.outline[0], 1.2),
            );
            let rings: &[f32] = if n == 2 { &[0.62, 0.25] } else { &[0.62] };
            for &f in rings {
                let ring = ellipse(c.0, c.1, f * rx + 1.0, f * ry + 1.0);
                paint_ring(&mut icon, &ring, pal.outline[0], 2.4);
            }
        }
        let x = l.panel.x as f32;
        icon.blit(img, x.round() as i32, (mid - 16.0).round() as i32);
        let room = l.panel.w as f32 - icon_w - 8.0;
        let item = text::fit(Face::Regular, px, item, room);
        text::draw(
            img,
            Face::Regular,
            px,
            x + icon_w + 8.0,
            base,
            pal.muted,
            &item,
        );
    }
}
