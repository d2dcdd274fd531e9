//! What never changes between moves, drawn once per theme and board size:
//! the empty picture (background, header cards, board, coordinates) and the
//! piece sprites. Kept in the renderer's cache ([`crate::render::cache`]);
//! a set costs about a millisecond to build and is shared behind an `Arc`.

use std::f32::consts::FRAC_PI_4;
use std::sync::Arc;

use image::RgbImage;

use super::layout::{self, Layout, COORD_PX};
use super::view::StoneKind;
use crate::render::cache::{self, Predrawn};
use crate::render::card;
use crate::render::draw::{
    fill_rect, luma, paint, paint_ring, paint_shadow, Colour, Paint, Rect, Shape, Sprite,
};
use crate::render::text::{self, Face, CAP_HEIGHT};
use crate::render::theme::{Palette, Theme};
use crate::render::Side;

/// Opacity of piece shadows.
const SHADOW: f32 = 0.45;

/// How much of a piece under the top of a stack to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LayerPart {
    /// All of it (it shows around a wall or capstone).
    Whole,
    /// The rows that show below the piece above, with its lower edge.
    Sliver,
    /// A plain band of its colour, with side edges but no lower edge (for
    /// squeezed piles, where lines between pieces would only be noise).
    Band,
}

/// Pre-drawn pictures for one theme and board size.
pub struct Sprites {
    pub theme: Theme,
    pub layout: Layout,
    /// The picture with nothing that depends on the position.
    pub background: Arc<RgbImage>,
    /// Piece sprites by side and kind; each is drawn `pad` pixels up and left
    /// of the piece's box.
    pieces: [[Sprite; 3]; 2],
    /// A piece under the top of a stack, within the carry limit and below it.
    layer: [Sprite; 2],
    deep: [Sprite; 2],
    /// Shadows of a stack, by the width of its lowest piece (tile, deep).
    shadow: [Sprite; 2],
    /// Outline marking the card of the player to move (or the winner).
    active_card: Sprite,
    pad: i32,
}

/// The sprites for `theme` and a board of `size` (clamped to 3..=8).
pub fn get(theme: Theme, size: usize) -> Arc<Sprites> {
    cache::get::<Sprites>(theme, layout::clamp_size(size))
}

impl Predrawn for Sprites {
    fn build(theme: Theme, size: usize) -> Sprites {
        Sprites::draw(theme, size)
    }
}

/// Build every theme and size now (e.g. at start-up) rather than on first use.
pub fn preload() {
    for theme in Theme::ALL {
        for size in layout::MIN_SIZE..=layout::MAX_SIZE {
            get(theme, size);
        }
    }
}

fn kind_index(kind: StoneKind) -> usize {
    match kind {
        StoneKind::Flat => 0,
        StoneKind::Wall => 1,
        StoneKind::Cap => 2,
    }
}

impl Sprites {
    fn draw(theme: Theme, size: usize) -> Sprites {
        let layout = Layout::new(size);
        let pal = theme.palette();
        let t = layout.tile as f32;
        let pad = (0.09 * t).ceil() as i32 + 2;
        let line = outline_width(theme, t);
        // Pieces under the top show only a band: a thinner outline leaves
        // more of their colour to see.
        let layer_line = layout.layer_line;
        let deep_line = (0.4 * line).clamp(1.0, layer_line);
        let piece = |side: usize, kind: usize| piece_sprite(pal, side, kind, t, pad, line);
        let tile = |side: usize, w: i32, line: f32| {
            let mut s = Sprite::new((w + 2 * pad) as u32, (layout.tile + 2 * pad) as u32);
            let p = pad as f32;
            paint(
                &mut s,
                &Shape::round_rect(p, p, w as f32, t, 0.18 * t),
                &Paint::outlined(pal.piece[side], pal.layer_line, line),
            );
            s
        };
        let shadow = |w: i32| {
            let mut s = Sprite::new((w + 2 * pad) as u32, (layout.tile + 2 * pad) as u32);
            let p = pad as f32;
            let lift = (0.04 * t).max(1.0);
            let soft = (0.06 * t).max(1.5);
            paint_shadow(
                &mut s,
                &Shape::round_rect(p, p + lift, w as f32, t, 0.18 * t),
                [0, 0, 0],
                SHADOW,
                soft,
            );
            s
        };
        let active_card = card::outline(layout.cards[0], pal);
        Sprites {
            theme,
            background: Arc::new(background(pal, &layout)),
            pieces: [
                [piece(0, 0), piece(0, 1), piece(0, 2)],
                [piece(1, 0), piece(1, 1), piece(1, 2)],
            ],
            layer: [
                tile(0, layout.tile, layer_line),
                tile(1, layout.tile, layer_line),
            ],
            deep: [
                tile(0, layout.deep_tile, deep_line),
                tile(1, layout.deep_tile, deep_line),
            ],
            shadow: [shadow(layout.tile), shadow(layout.deep_tile)],
            active_card,
            pad,
            layout,
        }
    }

    /// Draw a top piece in its box; the rectangle drawn on.
    pub fn draw_piece(
        &self,
        canvas: &mut RgbImage,
        side: Side,
        kind: StoneKind,
        top: Rect,
    ) -> Rect {
        let s = &self.pieces[side.index()][kind_index(kind)];
        s.blit(canvas, top.x - self.pad, top.y - self.pad)
    }

    /// Draw a piece under the top of a stack, its tile at `(x, y)` with its
    /// lowest `visible` rows showing below the piece above; the rectangle
    /// drawn on.
    pub fn draw_layer(
        &self,
        canvas: &mut RgbImage,
        side: Side,
        deep: bool,
        (x, y): (i32, i32),
        visible: i32,
        part: LayerPart,
    ) -> Rect {
        let s = if deep {
            &self.deep[side.index()]
        } else {
            &self.layer[side.index()]
        };
        let (x, t, h) = (x - self.pad, self.layout.tile, s.h);
        // The sprite's rows `row0..h` from canvas row `top`.
        let (top, row0, row1) = match part {
            LayerPart::Whole => (y - self.pad, 0, h),
            LayerPart::Sliver => {
                let corner = (0.18 * t as f32).ceil() as i32 + 2;
                let row0 = (h as i32 - self.pad - visible - corner).max(0) as u32;
                (y - self.pad + row0 as i32, row0, h)
            }
            LayerPart::Band => {
                let visible = visible.clamp(0, t / 2);
                let row0 = (self.pad + t / 4) as u32;
                (y + t - visible, row0, row0 + visible as u32)
            }
        };
        s.blit_band(canvas, x, top, row0, row1)
    }

    /// Draw the shadow of a stack whose lowest piece has its tile at `(x,
    /// y)`; the rectangle drawn on.
    pub fn draw_shadow(&self, canvas: &mut RgbImage, (x, y): (i32, i32), deep: bool) -> Rect {
        self.shadow[usize::from(deep)].blit(canvas, x - self.pad, y - self.pad)
    }

    /// The outline of an active card (to move, or the winner).
    pub fn active_card(&self) -> &Sprite {
        &self.active_card
    }
}

fn outline_width(theme: Theme, t: f32) -> f32 {
    let w = (0.05 * t).clamp(1.3, 3.5);
    if theme == Theme::Contrast {
        w * 1.35
    } else {
        w
    }
}

/// A top piece of `side` (0 white, 1 black) and `kind` (flat, wall, cap) in
/// a box of side `t`, drawn `pad` pixels in from the sprite's corner.
fn piece_sprite(pal: &Palette, side: usize, kind: usize, t: f32, pad: i32, line: f32) -> Sprite {
    let n = (t.round() as i32 + 2 * pad) as u32;
    let mut s = Sprite::new(n, n);
    let c = pad as f32 + t / 2.0;
    let look = Paint::outlined(pal.piece[side], pal.outline[side], line);
    // `grow` widens the shape by that many pixels all round.
    let shape = |dy: f32, grow: f32| match kind {
        0 => Shape::round_rect(
            pad as f32 - grow,
            pad as f32 + dy - grow,
            t + 2.0 * grow,
            t + 2.0 * grow,
            0.18 * t + grow,
        ),
        1 => Shape::RoundRect {
            cx: c,
            cy: c + dy,
            hw: 0.56 * t + grow,
            hh: 0.18 * t + grow,
            r: 0.06 * t + grow,
            angle: FRAC_PI_4,
        },
        _ => Shape::Circle {
            cx: c,
            cy: c + dy,
            r: 0.52 * t + grow,
        },
    };
    // Walls and capstones cast a soft shadow on what they stand on (flats
    // lie flat: a stack casts one shadow, see `Sprites::draw_shadow`). A wall
    // also gets a thin rim in the board's line colour, which sets it apart
    // from a flat of its own colour under it.
    if kind != 0 {
        let lift = if kind == 1 { 0.1 * t } else { 0.04 * t };
        paint_shadow(
            &mut s,
            &shape(lift, 0.0),
            [0, 0, 0],
            SHADOW,
            (0.06 * t).max(1.5),
        );
    }
    if kind == 1 {
        paint(
            &mut s,
            &shape(0.0, (0.5 * line).max(1.0)),
            &Paint::solid(pal.frame),
        );
    }
    paint(&mut s, &shape(0.0, 0.0), &look);
    match kind {
        0 | 1 => {}
        _ => {
            paint_ring(
                &mut s,
                &Shape::Circle {
                    cx: c,
                    cy: c,
                    r: 0.32 * t,
                },
                ring_colour(pal, side),
                (0.75 * line).max(1.0),
            );
        }
    }
    s
}

/// The ring that marks a capstone: its outline colour, unless that is too
/// close to its fill to see (then the middle tone used between stacked
/// pieces).
fn ring_colour(pal: &Palette, side: usize) -> Colour {
    if (luma(pal.outline[side]) - luma(pal.piece[side])).abs() < 64.0 {
        pal.layer_line
    } else {
        pal.outline[side]
    }
}

fn background(pal: &Palette, l: &Layout) -> RgbImage {
    let mut img = RgbImage::from_pixel(l.width, l.height, image::Rgb(pal.background));

    // Player cards, each with a flat of its colour.
    for (side, &card) in l.cards.iter().enumerate() {
        card::draw_blank(&mut img, card, pal);
        let icon = card::ICON;
        paint(
            &mut img,
            &Shape::round_rect(
                (card.x + card::ICON_X) as f32,
                card.y as f32 + (card.h as f32 - icon) / 2.0,
                icon,
                icon,
                0.18 * icon,
            ),
            &Paint::outlined(pal.piece[side], pal.outline[side], 1.6),
        );
    }

    // The board: frame, then squares in a faint checker.
    let f = l.frame;
    paint(
        &mut img,
        &Shape::round_rect(f.x as f32, f.y as f32, f.w as f32, f.h as f32, 6.0),
        &Paint::solid(pal.frame),
    );
    for sq in 0..l.size * l.size {
        if let Some(r) = l.square_fill(sq) {
            let (file, rank) = l.file_rank(sq);
            fill_rect(&mut img, r, pal.square[(file + rank) % 2]);
        }
    }

    // The flat bar's frame: only the bar's inside changes with the position.
    let bar = l.flat_bar;
    paint(
        &mut img,
        &Shape::round_rect(bar.x as f32, bar.y as f32, bar.w as f32, bar.h as f32, 6.0),
        &Paint::solid(pal.frame),
    );

    // Coordinates: rank numbers on the left, file letters below.
    let cap = COORD_PX * CAP_HEIGHT;
    for i in 0..l.size {
        let rank = (i + 1).to_string();
        if let Some((_, cy)) = l.square_centre(i * l.size) {
            let w = text::measure(Face::Bold, COORD_PX, &rank);
            let x = f.x as f32 / 2.0 - w / 2.0;
            let base = cy as f32 + cap / 2.0;
            text::draw(&mut img, Face::Bold, COORD_PX, x, base, pal.coord, &rank);
        }
        let file = char::from(b'a' + i as u8).to_string();
        if let Some((cx, _)) = l.square_centre(i) {
            let w = text::measure(Face::Bold, COORD_PX, &file);
            let x = cx as f32 - w / 2.0;
            let base = (f.bottom() + 7) as f32 + cap;
            text::draw(&mut img, Face::Bold, COORD_PX, x, base, pal.coord, &file);
        }
    }
    img
}
