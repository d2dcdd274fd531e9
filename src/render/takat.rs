//! A Takat position as a picture.
//!
//! The board is a hexagon of seven circles (the centre `C` and the ring `N`,
//! `NE`, `SE`, `S`, `SW`, `NW`, clockwise from the top), the red ones `N`,
//! `SE` and `SW` filled red and ringed. Each stack is drawn from the side, a
//! pile of discs bottom to top, so its make-up and height read at a glance
//! (a pill gives the height of stacks of two or more). A safe top piece has
//! a ring on its face, a permanently safe one two rings. The cells of the
//! last turn get a halo; the header cards show each side's pieces in hand
//! and whose turn it is (or the winner); the footer says the turn or the
//! result and the last turn.
//!
//! As for Tak, the renderer takes plain data, a [`TakatBoardView`] (built
//! from the engine's position by [`TakatBoardView::from_position`]). What
//! never changes (background, cards, hexagon, circles, names, legend, disc
//! sprites) is drawn once per theme with `imageproc`'s filled circles,
//! ellipses and polygons at four times the size and averaged down (that is
//! the anti-aliasing), then kept; a move composes on a copy and encodes.
//!
//! ```
//! use taktable::games::takat::Position;
//! use taktable::render::takat::{render_png, TakatBoardView};
//! use taktable::render::Theme;
//!
//! let pos: Position = "bbw/wb/x/x/x/x/b b N".parse().unwrap();
//! let view = TakatBoardView::from_position(&pos, ["al".into(), "bo".into()], None);
//! let png = render_png(&view, Theme::default());
//! assert_eq!(&png[1..4], b"PNG");
//! ```

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use image::{RgbImage, Rgba, RgbaImage};
use imageproc::drawing::{
    draw_filled_circle_mut, draw_filled_ellipse_mut, draw_filled_rect_mut, draw_polygon_mut,
};
use imageproc::point::Point;

use super::draw::{paint, paint_ring, Colour, Paint, Rect, Shape, Sprite};
use super::tak::Side;
use super::text::{self, Face, CAP_HEIGHT};
use super::theme::{Palette, Theme};
use crate::games::takat::{self, Cell, Safety};

/// The cells in view order (the engine's [`Cell::ALL`]): the centre, then
/// the ring clockwise from the top.
pub const CELL_NAMES: [&str; 7] = ["C", "N", "NE", "SE", "S", "SW", "NW"];

/// Whether each cell (view order) is red: `N`, `SE` and `SW`.
pub const RED: [bool; 7] = [false, true, false, true, false, true, false];

/// How many discs of a stack are drawn; a taller stack (only an odd view
/// has one: a stack of six ends the game) shows its top six and its height.
pub const MAX_DRAWN: usize = 6;

/// The marking of a stack's top piece (RULINGS Takat 5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SafeMark {
    /// Either player may move it.
    #[default]
    None,
    /// Only its owner may move it: one ring.
    Safe,
    /// No one may move it: two rings.
    Permanent,
}

/// Everything the picture of a Takat position shows, as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakatBoardView {
    /// Stacks by cell in view order (`C`, `N`, `NE`, `SE`, `S`, `SW`,
    /// `NW`), each bottom to top. Missing entries are empty cells; extra
    /// ones are ignored.
    pub stacks: Vec<Vec<Side>>,
    /// The marking of each cell's top piece (view order; missing: none).
    pub safe: Vec<SafeMark>,
    /// Cells (view order) the last turn left or entered.
    pub last_turn: Vec<usize>,
    /// The last turn in notation (`C-NE`), if any.
    pub last_notation: Option<String>,
    /// White's name, black's name.
    pub players: [String; 2],
    /// Whose turn it is; `None` once the game is over.
    pub to_move: Option<Side>,
    /// Turns played so far.
    pub turns_played: u32,
    /// Pieces in hand, white then black.
    pub in_hand: [u32; 2],
    /// Black must enter a piece this turn (RULINGS Takat 4).
    pub must_enter: bool,
    /// `1-0` or `0-1` once the game is over.
    pub result: Option<String>,
    /// What decided it: "a stack of six", "black has no legal turn".
    pub reason: Option<String>,
}

impl Default for TakatBoardView {
    /// The start: an empty board, all pieces in hand, White to move.
    fn default() -> Self {
        TakatBoardView {
            stacks: vec![Vec::new(); 7],
            safe: vec![SafeMark::None; 7],
            last_turn: Vec::new(),
            last_notation: None,
            players: ["White".into(), "Black".into()],
            to_move: Some(Side::White),
            turns_played: 0,
            in_hand: [6, 15],
            must_enter: false,
            result: None,
            reason: None,
        }
    }
}

fn side(color: takat::Color) -> Side {
    match color {
        takat::Color::White => Side::White,
        takat::Color::Black => Side::Black,
    }
}

impl TakatBoardView {
    /// The picture's data for `position`, with the players' names and the
    /// cells of the turn that led here highlighted. `turns_played` is left
    /// at 0: the position does not know it (see [`TakatBoardView::with_turns_played`]).
    pub fn from_position(
        position: &takat::Position,
        players: [String; 2],
        last_turn: Option<takat::Turn>,
    ) -> TakatBoardView {
        let outcome = position.outcome();
        TakatBoardView {
            stacks: Cell::ALL
                .iter()
                .map(|&c| position.stack(c).iter().map(|&p| side(p)).collect())
                .collect(),
            safe: Cell::ALL
                .iter()
                .map(|&c| match position.safety(c) {
                    Safety::Unsafe => SafeMark::None,
                    Safety::Safe => SafeMark::Safe,
                    Safety::PermanentlySafe => SafeMark::Permanent,
                })
                .collect(),
            last_turn: match last_turn {
                Some(takat::Turn::Enter(c)) => vec![c.index()],
                Some(takat::Turn::Move { from, to }) => vec![from.index(), to.index()],
                None => Vec::new(),
            },
            last_notation: last_turn.map(|t| t.to_string()),
            players,
            to_move: outcome.is_none().then(|| side(position.to_move())),
            turns_played: 0,
            in_hand: takat::Color::ALL.map(|c| position.in_hand(c) as u32),
            must_enter: outcome.is_none() && position.must_enter(),
            result: outcome.map(|o| {
                match o.winner {
                    takat::Color::White => "1-0",
                    takat::Color::Black => "0-1",
                }
                .to_string()
            }),
            reason: outcome.map(|o| match o.reason {
                takat::WinReason::StackOfSix => "a stack of six".to_string(),
                takat::WinReason::NoLegalTurn => format!(
                    "{} has no legal turn",
                    o.winner.other().name().to_lowercase()
                ),
            }),
        }
    }

    /// The same view, saying that `n` turns have been played.
    pub fn with_turns_played(mut self, n: usize) -> TakatBoardView {
        self.turns_played = n.min(u32::MAX as usize) as u32;
        self
    }

    /// The stack on cell `i` (view order; empty if none).
    pub fn stack(&self, i: usize) -> &[Side] {
        self.stacks.get(i).map_or(&[], Vec::as_slice)
    }

    /// The marking of cell `i`'s top piece.
    pub fn mark(&self, i: usize) -> SafeMark {
        if self.stack(i).is_empty() {
            SafeMark::None
        } else {
            self.safe.get(i).copied().unwrap_or_default()
        }
    }
}

/// The alt text of a board picture: the position and the last turn.
pub fn alt_text(position: &takat::Position, last_turn: Option<&str>) -> String {
    match last_turn {
        Some(turn) => format!("Takat board, position {position} (last turn {turn})"),
        None => format!("Takat board, position {position}"),
    }
}

/// A mid-game view for previews, docs and benchmarks: stacks of one to
/// five, safe and permanently safe tops, the last turn `C-NE`.
pub fn sample_midgame() -> TakatBoardView {
    let pos: takat::Position = "bwb/bbb/wbw/ww/x/bw/b w NE"
        .parse()
        .unwrap_or_else(|_| takat::Position::start());
    let last = Some(takat::Turn::Move {
        from: Cell::C,
        to: Cell::NE,
    });
    TakatBoardView::from_position(&pos, ["Alice".into(), "Bob".into()], last).with_turns_played(17)
}

// ---------------------------------------------------------------------------
// Geometry

/// Width of the picture, in pixels.
pub const WIDTH: u32 = 720;
/// Height of the picture, in pixels.
pub const HEIGHT: u32 = 762;
const MARGIN: i32 = 16;
const CARD_Y: i32 = 14;
const CARD_H: i32 = 92;
const CARD_GAP: i32 = 12;
const BOARD_TOP: f32 = (CARD_Y + CARD_H + 12) as f32;
/// Radius of a cell's circle.
const CELL_R: f32 = 78.0;
/// Distance between the centres of neighbouring cells.
const PITCH: f32 = 174.0;
/// From the hexagon's centre to a corner.
const HEX_R: f32 = 282.0;
/// Rounding of the hexagon's corners.
const HEX_CORNER: f32 = 26.0;
/// Half width and half height of a disc's top face, and its thickness.
const DISC_RX: f32 = 46.0;
const DISC_RY: f32 = 19.0;
const DISC_TH: f32 = 11.0;
/// The halo of a last-turn cell: a ring from `CELL_R + HALO_GAP` out to
/// `CELL_R + HALO_GAP + HALO_W`.
const HALO_GAP: f32 = 3.0;
const HALO_W: f32 = 6.0;
/// The top face of a stack's bottom disc sits this far below the cell's centre.
const BASE_DROP: f32 = 17.0;

/// Where everything is in a Takat picture, so tests never hard-code pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct TakatLayout {
    pub width: u32,
    pub height: u32,
    /// Player cards, white then black.
    pub cards: [Rect; 2],
    /// The hexagon's centre (the centre of cell `C`).
    pub centre: (f32, f32),
    pub hex_radius: f32,
    pub cell_radius: f32,
    pub legend_baseline: i32,
    pub footer_baseline: i32,
}

impl Default for TakatLayout {
    fn default() -> Self {
        TakatLayout::new()
    }
}

impl TakatLayout {
    pub fn new() -> TakatLayout {
        let card_w = (WIDTH as i32 - 2 * MARGIN - CARD_GAP) / 2;
        let centre = (WIDTH as f32 / 2.0, BOARD_TOP + HEX_R);
        let hex_bottom = (centre.1 + HEX_R) as i32;
        TakatLayout {
            width: WIDTH,
            height: HEIGHT,
            cards: [
                Rect::new(MARGIN, CARD_Y, card_w, CARD_H),
                Rect::new(MARGIN + card_w + CARD_GAP, CARD_Y, card_w, CARD_H),
            ],
            centre,
            hex_radius: HEX_R,
            cell_radius: CELL_R,
            legend_baseline: hex_bottom + 30,
            footer_baseline: hex_bottom + 64,
        }
    }

    /// The centre of cell `i` (view order), exactly.
    pub fn cell_centre_f(&self, i: usize) -> Option<(f32, f32)> {
        let (cx, cy) = self.centre;
        match i {
            0 => Some((cx, cy)),
            1..=6 => {
                // N straight up, then clockwise in steps of 60 degrees.
                let a = (-90.0 + 60.0 * (i - 1) as f32).to_radians();
                Some((cx + PITCH * a.cos(), cy + PITCH * a.sin()))
            }
            _ => None,
        }
    }

    /// The centre pixel of cell `i`.
    pub fn cell_centre(&self, i: usize) -> Option<(i32, i32)> {
        self.cell_centre_f(i)
            .map(|(x, y)| (x.round() as i32, y.round() as i32))
    }

    /// The centre of the top face of the disc at `level` (0 = bottom) on
    /// cell `i`, exactly.
    fn face_f(&self, i: usize, level: usize) -> Option<(f32, f32)> {
        let (x, y) = self.cell_centre_f(i)?;
        Some((x, y + BASE_DROP - level.min(MAX_DRAWN - 1) as f32 * DISC_TH))
    }

    /// A pixel at the centre of the top piece's face on cell `i` holding a
    /// stack of `height`: it shows exactly the piece's fill colour.
    pub fn top_face_centre(&self, i: usize, height: usize) -> Option<(i32, i32)> {
        if height == 0 {
            return None;
        }
        self.face_f(i, height - 1)
            .map(|(x, y)| (x.round() as i32, y.round() as i32))
    }

    /// Pixels on the outer and the inner safe ring of the top piece's face
    /// on cell `i` holding a stack of `height`: a safe top piece shows the
    /// outer ring, a permanently safe one both, any other neither (the
    /// pixels then show the face's colour).
    pub fn marker_probes(&self, i: usize, height: usize) -> Option<[(i32, i32); 2]> {
        if height == 0 {
            return None;
        }
        let (x, y) = self.face_f(i, height - 1)?;
        // The rings' sprite is placed on whole pixels, as in `draw_pile`.
        let (ox, oy) = MARK_ORIGIN;
        let left = (x - ox).round() as i32;
        let row = (y - oy).round() as i32 + oy as i32;
        Some([MARK_OUTER, MARK_INNER].map(|f| (left + (ox + f * DISC_RX).floor() as i32, row)))
    }

    /// A pixel of cell `i`'s own fill (red or not) that no stack covers.
    pub fn fill_probe(&self, i: usize) -> Option<(i32, i32)> {
        let (x, y) = self.cell_centre_f(i)?;
        Some(((x - 0.8 * CELL_R).round() as i32, y.round() as i32))
    }

    /// A pixel on the inner ring that marks a red cell (a plain cell shows
    /// its fill there).
    pub fn red_ring_probe(&self, i: usize) -> Option<(i32, i32)> {
        let (x, y) = self.cell_centre_f(i)?;
        Some(((x - CELL_R + 8.5).round() as i32, y.round() as i32))
    }

    /// The centre of the `k`th small disc (from 0) in the card of `side`:
    /// a piece in hand while `k` is below the count in hand, else a dot for
    /// a piece on the board. `None` past the room in the card.
    pub fn hand_slot(&self, side: Side, k: usize) -> Option<(i32, i32)> {
        let card = self.cards[side.index()];
        let x = card.x as f32 + HAND_X + HAND_R + k as f32 * HAND_STEP;
        (x + HAND_R < (card.right() - 14) as f32).then(|| (x.round() as i32, card.y + HAND_Y))
    }

    /// A pixel on the halo that marks cell `i` as part of the last turn
    /// (it shows the hexagon's colour when the cell is not marked).
    pub fn halo_probe(&self, i: usize) -> Option<(i32, i32)> {
        let (x, y) = self.cell_centre_f(i)?;
        let d = CELL_R + HALO_GAP + HALO_W / 2.0;
        // Towards the centre for ring cells (into the gap next to C),
        // straight up for C.
        let (dx, dy) = if i == 0 {
            (0.0, -1.0)
        } else {
            let (cx, cy) = self.centre;
            ((cx - x) / PITCH, (cy - y) / PITCH)
        };
        Some(((x + dx * d).round() as i32, (y + dy * d).round() as i32))
    }

    /// The box holding everything drawn for a stack of `height` on cell `i`
    /// (discs, shadow and height pill).
    pub fn pile_bounds(&self, i: usize, height: usize) -> Option<Rect> {
        if height == 0 {
            return None;
        }
        let (x, y) = self.cell_centre_f(i)?;
        let (_, top) = self.face_f(i, height - 1)?;
        let y0 = (top - DISC_RY - 2.0).floor() as i32;
        let y1 = (y + BASE_DROP + DISC_TH + DISC_RY + 6.0).ceil() as i32;
        let x0 = (x - DISC_RX - 5.0).floor() as i32;
        let x1 = (x + PILL_X + PILL_W as f32).ceil() as i32;
        Some(Rect::new(x0, y0, x1 - x0, y1 - y0))
    }

    /// The height pill of a stack of `height` (two or more) on cell `i`.
    pub fn pill(&self, i: usize, height: usize) -> Option<Rect> {
        if height < 2 {
            return None;
        }
        let (x, _) = self.cell_centre_f(i)?;
        let (_, fy) = self.face_f(i, height - 1)?;
        Some(Rect::new(
            (x + PILL_X).round() as i32,
            (fy - PILL_H as f32 / 2.0).round() as i32,
            PILL_W,
            PILL_H,
        ))
    }

    /// The hexagon's corners, clockwise from the top.
    fn hex_corners(&self, r: f32) -> [(f32, f32); 6] {
        let (cx, cy) = self.centre;
        std::array::from_fn(|k| {
            let a = (-90.0 + 60.0 * k as f32).to_radians();
            (cx + r * a.cos(), cy + r * a.sin())
        })
    }
}

/// The geometry of the Takat picture.
pub fn layout() -> TakatLayout {
    TakatLayout::new()
}

/// The safe rings on a face, as fractions of the face's half sizes.
const MARK_OUTER: f32 = 0.6;
const MARK_INNER: f32 = 0.3;
/// Where the rings' centre is in their sprite.
const MARK_ORIGIN: (f32, f32) = (DISC_RX + 4.0, DISC_RY + 4.0);
/// The small discs of pieces in hand: radius, spacing, where the row
/// starts in the card and the height of its centre line.
const HAND_R: f32 = 6.5;
const HAND_STEP: f32 = 2.0 * HAND_R + 4.0;
const HAND_X: f32 = 58.0;
const HAND_Y: i32 = 72;
/// The height pill, right of the top face.
const PILL_X: f32 = DISC_RX + 5.0;
const PILL_W: i32 = 22;
const PILL_H: i32 = 20;

// ---------------------------------------------------------------------------
// Drawing at four times the size with imageproc, averaged down

/// Supersampling factor.
const K: f32 = 4.0;
const CLEAR: Rgba<u8> = Rgba([0, 0, 0, 0]);

fn solid(c: Colour) -> Rgba<u8> {
    Rgba([c[0], c[1], c[2], 255])
}

/// A transparent canvas `K` times the size of a sprite of `w` x `h`: draw
/// on it in sprite coordinates with imageproc's filled shapes (each
/// overwrites what is under it, [`CLEAR`] erases), then average it down.
struct Hi {
    img: RgbaImage,
    w: u32,
    h: u32,
}

fn k(v: f32) -> i32 {
    (v * K).round() as i32
}

impl Hi {
    fn new(w: u32, h: u32) -> Hi {
        Hi {
            img: RgbaImage::new(w * K as u32, h * K as u32),
            w,
            h,
        }
    }

    fn ellipse(&mut self, cx: f32, cy: f32, rx: f32, ry: f32, c: Rgba<u8>) {
        if rx > 0.0 && ry > 0.0 {
            draw_filled_ellipse_mut(&mut self.img, (k(cx), k(cy)), k(rx), k(ry), c);
        }
    }

    fn circle(&mut self, cx: f32, cy: f32, r: f32, c: Rgba<u8>) {
        if r > 0.0 {
            draw_filled_circle_mut(&mut self.img, (k(cx), k(cy)), k(r), c);
        }
    }

    fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, c: Rgba<u8>) {
        let (w, h) = (k(x + w) - k(x), k(y + h) - k(y));
        if w > 0 && h > 0 {
            let r = imageproc::rect::Rect::at(k(x), k(y)).of_size(w as u32, h as u32);
            draw_filled_rect_mut(&mut self.img, r, c);
        }
    }

    fn polygon(&mut self, points: &[(f32, f32)], c: Rgba<u8>) {
        let mut pts: Vec<Point<i32>> = points
            .iter()
            .map(|&(x, y)| Point::new(k(x), k(y)))
            .collect();
        pts.dedup();
        if pts.len() >= 3 && pts.first() != pts.last() {
            draw_polygon_mut(&mut self.img, &pts, c);
        }
    }

    /// A ring: the band between radii `r - w` and `r`, leaving the inside
    /// as it was only if nothing was drawn there (it erases it).
    fn ring_ellipse(&mut self, cx: f32, cy: f32, rx: f32, ry: f32, w: f32, c: Rgba<u8>) {
        self.ellipse(cx, cy, rx, ry, c);
        self.ellipse(cx, cy, rx - w, ry - w, CLEAR);
    }

    /// Averages the canvas down into a sprite (premultiplied alpha), at
    /// opacity `alpha`.
    fn sprite(&self, alpha: f32) -> Sprite {
        let n = K as u32;
        let mut s = Sprite::new(self.w, self.h);
        let samples = (n * n) as f32;
        for y in 0..self.h {
            for x in 0..self.w {
                let mut acc = [0f32; 4];
                for sy in 0..n {
                    for sx in 0..n {
                        let p = self.img.get_pixel(x * n + sx, y * n + sy).0;
                        let a = p[3] as f32 / 255.0;
                        acc[0] += p[0] as f32 * a;
                        acc[1] += p[1] as f32 * a;
                        acc[2] += p[2] as f32 * a;
                        acc[3] += p[3] as f32;
                    }
                }
                let f = alpha.clamp(0.0, 1.0) / samples;
                s.px[(y * self.w + x) as usize] = acc.map(|v| (v * f).round().min(255.0) as u8);
            }
        }
        s
    }
}

// ---------------------------------------------------------------------------
// Colours

fn mix(a: Colour, b: Colour, t: f32) -> Colour {
    std::array::from_fn(|i| (a[i] as f32 + (b[i] as f32 - a[i] as f32) * t).round() as u8)
}

fn luma(c: Colour) -> f32 {
    0.2126 * c[0] as f32 + 0.7152 * c[1] as f32 + 0.0722 * c[2] as f32
}

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
    /// The halo of the last turn's cells.
    pub last_turn: Colour,
    /// The top face of a disc, white then black (the palette's piece fills).
    pub face: [Colour; 2],
    /// The side of a disc, white then black.
    pub rim: [Colour; 2],
    /// Outlines of discs, white then black.
    pub outline: [Colour; 2],
    /// The safe rings on a face, white then black.
    pub mark: [Colour; 2],
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
            last_turn: pal.last_move,
            face: pal.piece,
            rim: [0, 1].map(|s| mix(pal.piece[s], pal.outline[s], 0.22)),
            outline: pal.outline,
            mark: pal.outline,
        }
    }

    fn cell_fill(&self, i: usize) -> Colour {
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

// ---------------------------------------------------------------------------
// Pre-drawn parts, per theme

struct Sprites {
    theme: Theme,
    layout: TakatLayout,
    colours: TakatColours,
    background: RgbImage,
    /// A disc by side; its top face's centre is at `disc_origin`.
    disc: [Sprite; 2],
    disc_origin: (f32, f32),
    /// The rings on a face, by side: safe, permanently safe; centred on the face.
    safe: [Sprite; 2],
    permanent: [Sprite; 2],
    shadow: Sprite,
    shadow_origin: (f32, f32),
    halo: Sprite,
    halo_origin: f32,
    /// Pieces in hand (a disc seen from above) and pieces on the board (a
    /// small faint dot), by side.
    hand: [Sprite; 2],
    ghost: [Sprite; 2],
    active_card: Sprite,
}

/// The pre-drawn parts for `theme`, built on first use and kept.
fn sprites(theme: Theme) -> Arc<Sprites> {
    type Cache = Mutex<HashMap<Theme, Arc<Sprites>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    map.entry(theme)
        .or_insert_with(|| Arc::new(Sprites::build(theme)))
        .clone()
}

/// Build every theme's parts now (e.g. at start-up) rather than on first use.
pub fn preload() {
    for theme in Theme::ALL {
        sprites(theme);
    }
}

fn outline_width(theme: Theme) -> f32 {
    if theme == Theme::Contrast {
        2.4
    } else {
        1.8
    }
}

/// Draws a disc seen from the side, its top face centred at `(cx, cy)`.
#[allow(clippy::too_many_arguments)]
fn draw_disc(
    hi: &mut Hi,
    (cx, cy): (f32, f32),
    rx: f32,
    ry: f32,
    th: f32,
    face: Colour,
    rim: Colour,
    outline: Colour,
    line: f32,
) {
    let o = solid(outline);
    hi.ellipse(cx, cy + th, rx + line, ry + line, o);
    hi.rect(cx - rx - line, cy, 2.0 * (rx + line), th, o);
    hi.ellipse(cx, cy, rx + line, ry + line, o);
    hi.ellipse(cx, cy + th, rx, ry, solid(rim));
    hi.rect(cx - rx, cy, 2.0 * rx, th, solid(rim));
    hi.ellipse(cx, cy, rx, ry, o);
    hi.ellipse(cx, cy, rx - 0.7 * line, ry - 0.7 * line, solid(face));
}

/// Rings marking a safe face: one (safe) or two (permanently safe).
fn draw_marks(hi: &mut Hi, (cx, cy): (f32, f32), rx: f32, ry: f32, colour: Colour, two: bool) {
    let w = 3.2;
    hi.ring_ellipse(
        cx,
        cy,
        MARK_OUTER * rx + w / 2.0,
        MARK_OUTER * ry + w / 2.0,
        w,
        solid(colour),
    );
    if two {
        hi.ring_ellipse(
            cx,
            cy,
            MARK_INNER * rx + w / 2.0,
            MARK_INNER * ry + w / 2.0,
            w,
            solid(colour),
        );
    }
}

impl Sprites {
    fn build(theme: Theme) -> Sprites {
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
            let mut hi = Hi::new(dw.ceil() as u32, dh.ceil() as u32);
            draw_disc(
                &mut hi,
                disc_origin,
                DISC_RX,
                DISC_RY,
                DISC_TH,
                colours.face[s],
                colours.rim[s],
                colours.outline[s],
                line,
            );
            hi.sprite(1.0)
        });

        let (mw, mh) = (2.0 * (DISC_RX + pad), 2.0 * (DISC_RY + pad));
        let mark_origin = MARK_ORIGIN;
        let mark = |s: usize, two: bool| {
            let mut hi = Hi::new(mw.ceil() as u32, mh.ceil() as u32);
            draw_marks(&mut hi, mark_origin, DISC_RX, DISC_RY, colours.mark[s], two);
            hi.sprite(1.0)
        };

        let shadow_origin = (DISC_RX + 12.0, DISC_RY + 12.0);
        let shadow = {
            let mut hi = Hi::new(
                (2.0 * shadow_origin.0).ceil() as u32,
                (2.0 * shadow_origin.1).ceil() as u32,
            );
            // A soft edge: rings of growing opacity inwards.
            for step in 0..4 {
                let g = 6.0 - 2.0 * step as f32;
                let a = 60 + 50 * step as u8;
                hi.ellipse(
                    shadow_origin.0,
                    shadow_origin.1,
                    DISC_RX + 2.0 + g,
                    DISC_RY + 2.0 + g * 0.6,
                    Rgba([0, 0, 0, a]),
                );
            }
            hi.sprite(0.45)
        };

        let halo_origin = CELL_R + HALO_GAP + HALO_W + 2.0;
        let halo = {
            let n = (2.0 * halo_origin).ceil() as u32;
            let mut hi = Hi::new(n, n);
            hi.circle(
                halo_origin,
                halo_origin,
                CELL_R + HALO_GAP + HALO_W,
                solid(colours.last_turn),
            );
            hi.circle(halo_origin, halo_origin, CELL_R + HALO_GAP, CLEAR);
            hi.sprite(1.0)
        };

        let hand_r = HAND_R;
        let small = |s: usize, ghost: bool| {
            let n = (2.0 * hand_r + 4.0).ceil() as u32;
            let c = n as f32 / 2.0;
            let mut hi = Hi::new(n, n);
            if ghost {
                hi.circle(c, c, 2.5, solid(mix(pal.card, pal.muted, 0.6)));
                hi.sprite(1.0)
            } else {
                hi.circle(c, c, hand_r + 0.5, solid(colours.outline[s]));
                hi.circle(c, c, hand_r - 1.0, solid(colours.face[s]));
                hi.sprite(1.0)
            }
        };

        let card = layout.cards[0];
        let mut active_card = Sprite::new(card.w as u32, card.h as u32);
        paint_ring(
            &mut active_card,
            &Shape::round_rect(0.0, 0.0, card.w as f32, card.h as f32, 10.0),
            pal.accent,
            3.0,
        );

        let safe = [mark(0, false), mark(1, false)];
        let permanent = [mark(0, true), mark(1, true)];
        let mut sprites = Sprites {
            theme,
            background: RgbImage::new(1, 1),
            disc,
            disc_origin,
            safe,
            permanent,
            shadow,
            shadow_origin,
            halo,
            halo_origin,
            hand: [small(0, false), small(1, false)],
            ghost: [small(0, true), small(1, true)],
            active_card,
            colours,
            layout,
        };
        sprites.background = sprites.draw_background(line);
        sprites
    }

    fn draw_background(&self, line: f32) -> RgbImage {
        let l = &self.layout;
        let pal = self.theme.palette();
        let col = &self.colours;
        let mut img = RgbImage::from_pixel(l.width, l.height, image::Rgb(pal.background));

        // Player cards, each with a disc of its colour.
        for (s, card) in l.cards.iter().enumerate() {
            paint(
                &mut img,
                &Shape::round_rect(
                    card.x as f32,
                    card.y as f32,
                    card.w as f32,
                    card.h as f32,
                    10.0,
                ),
                &Paint::solid(pal.card),
            );
            let mut hi = Hi::new(40, 34);
            draw_disc(
                &mut hi,
                (20.0, 12.0),
                15.0,
                6.5,
                6.0,
                col.face[s],
                col.rim[s],
                col.outline[s],
                1.5,
            );
            hi.sprite(1.0).blit(&mut img, card.x + 8, card.y + 16);
        }

        // The hexagon with rounded corners, then the circles.
        let (cx, cy) = l.centre;
        let pad = 4.0;
        let x0 = (cx - HEX_R - pad).floor();
        let y0 = (cy - HEX_R - pad).floor();
        let n = (2.0 * (HEX_R + pad)).ceil() as u32;
        let mut hi = Hi::new(n, n);
        let local = |(x, y): (f32, f32)| (x - x0, y - y0);
        // A hexagon shrunk by the corner radius and grown back by it: its
        // corners, a circle at each, and the 12-gon joining their edges.
        let inner = HEX_R - HEX_CORNER / (30f32.to_radians().cos());
        let corners = l.hex_corners(inner).map(local);
        let hex = solid(col.hex);
        hi.polygon(&corners, hex);
        let mut outline = Vec::with_capacity(12);
        for (k, &(x, y)) in corners.iter().enumerate() {
            hi.circle(x, y, HEX_CORNER, hex);
            // The outward normals of the two edges meeting at this corner.
            for edge in [k + 5, k] {
                let a = (-60.0 + 60.0 * (edge % 6) as f32).to_radians();
                outline.push((x + HEX_CORNER * a.cos(), y + HEX_CORNER * a.sin()));
            }
        }
        hi.polygon(&outline, hex);
        for (i, &red) in RED.iter().enumerate() {
            let Some(c) = l.cell_centre_f(i) else {
                continue;
            };
            let (x, y) = local(c);
            let fill = col.cell_fill(i);
            hi.circle(x, y, CELL_R, solid(mix(fill, [0, 0, 0], 0.25)));
            hi.circle(x, y, CELL_R - line, solid(fill));
            if red {
                hi.circle(x, y, CELL_R - 7.0, solid(col.red_ring));
                hi.circle(x, y, CELL_R - 10.0, solid(fill));
            }
        }
        hi.sprite(1.0).blit(&mut img, x0 as i32, y0 as i32);

        // Cell names, low in each circle.
        let px = 15.0;
        for (i, &name) in CELL_NAMES.iter().enumerate() {
            let Some((x, y)) = l.cell_centre_f(i) else {
                continue;
            };
            let w = text::measure(Face::Bold, px, name);
            let colour = mix(text_on(pal, col.cell_fill(i)), col.cell_fill(i), 0.2);
            text::draw(
                &mut img,
                Face::Bold,
                px,
                x - w / 2.0,
                y + CELL_R - 14.0,
                colour,
                name,
            );
        }

        self.draw_legend(&mut img);
        img
    }

    /// Under the hexagon: what a red cell and the safe rings mean.
    fn draw_legend(&self, img: &mut RgbImage) {
        let l = &self.layout;
        let pal = self.theme.palette();
        let col = &self.colours;
        let px = 14.0;
        let items = [
            "red cell",
            "safe: only its owner may move it",
            "permanently safe: no one may move it",
        ];
        let icon_w = 34.0;
        let gap = 22.0;
        let total: f32 = items
            .iter()
            .map(|t| icon_w + 6.0 + text::measure(Face::Regular, px, t))
            .sum::<f32>()
            + gap * (items.len() - 1) as f32;
        let mut x = (l.width as f32 - total) / 2.0;
        let base = l.legend_baseline as f32;
        let mid = base - px * CAP_HEIGHT / 2.0;
        for (n, item) in items.iter().enumerate() {
            let mut hi = Hi::new(icon_w as u32, 26);
            match n {
                0 => {
                    hi.circle(17.0, 13.0, 11.0, solid(mix(col.red, [0, 0, 0], 0.25)));
                    hi.circle(17.0, 13.0, 10.0, solid(col.red));
                    hi.circle(17.0, 13.0, 7.5, solid(col.red_ring));
                    hi.circle(17.0, 13.0, 5.5, solid(col.red));
                }
                _ => {
                    let (rx, ry) = (15.0, 9.0);
                    hi.ellipse(17.0, 13.0, rx + 1.2, ry + 1.2, solid(col.outline[0]));
                    hi.ellipse(17.0, 13.0, rx, ry, solid(col.face[0]));
                    let w = 2.0;
                    hi.ring_ellipse(
                        17.0,
                        13.0,
                        0.62 * rx + 1.0,
                        0.62 * ry + 1.0,
                        w,
                        solid(col.mark[0]),
                    );
                    hi.ellipse(
                        17.0,
                        13.0,
                        0.62 * rx - 1.0,
                        0.62 * ry - 1.0,
                        solid(col.face[0]),
                    );
                    if n == 2 {
                        hi.ellipse(
                            17.0,
                            13.0,
                            0.25 * rx + 1.0,
                            0.25 * ry + 1.0,
                            solid(col.mark[0]),
                        );
                        hi.ellipse(
                            17.0,
                            13.0,
                            0.25 * rx - 1.0,
                            0.25 * ry - 1.0,
                            solid(col.face[0]),
                        );
                    }
                }
            }
            hi.sprite(1.0)
                .blit(img, x.round() as i32, (mid - 13.0).round() as i32);
            x += icon_w + 6.0;
            x += text::draw(img, Face::Regular, px, x, base, pal.muted, item);
            x += gap;
        }
    }

    fn draw_pile(&self, img: &mut RgbImage, i: usize, stack: &[Side], mark: SafeMark) {
        let l = &self.layout;
        let Some(top) = stack.last() else { return };
        let Some((cx, cy)) = l.cell_centre_f(i) else {
            return;
        };
        let shown = &stack[stack.len().saturating_sub(MAX_DRAWN)..];
        let at = |(x, y): (f32, f32), (ox, oy): (f32, f32)| {
            ((x - ox).round() as i32, (y - oy).round() as i32)
        };
        let base = (cx, cy + BASE_DROP + DISC_TH + 1.0);
        let (sx, sy) = at(base, self.shadow_origin);
        self.shadow.blit(img, sx, sy);
        for (level, piece) in shown.iter().enumerate() {
            let Some(face) = l.face_f(i, level) else {
                continue;
            };
            let (x, y) = at(face, self.disc_origin);
            self.disc[piece.index()].blit(img, x, y);
        }
        let Some(face) = l.face_f(i, shown.len() - 1) else {
            return;
        };
        let (x, y) = at(face, MARK_ORIGIN);
        match mark {
            SafeMark::None => {}
            SafeMark::Safe => self.safe[top.index()].blit(img, x, y),
            SafeMark::Permanent => self.permanent[top.index()].blit(img, x, y),
        }
        if let Some(r) = l.pill(i, stack.len()) {
            let pal = self.theme.palette();
            paint(
                img,
                &Shape::round_rect(
                    r.x as f32,
                    r.y as f32,
                    r.w as f32,
                    r.h as f32,
                    r.h as f32 / 2.0,
                ),
                &Paint::solid(pal.label),
            );
            let label = if stack.len() > 99 {
                "99+".to_string()
            } else {
                stack.len().to_string()
            };
            let px = if label.len() > 1 { 12.0 } else { 14.0 };
            let w = text::measure(Face::Bold, px, &label);
            let tx = r.x as f32 + (r.w as f32 - w) / 2.0;
            let base = r.y as f32 + (r.h as f32 + px * CAP_HEIGHT) / 2.0;
            text::draw(img, Face::Bold, px, tx, base, pal.label_text, &label);
        }
    }

    fn draw_header(&self, img: &mut RgbImage, view: &TakatBoardView) {
        let pal = self.theme.palette();
        let names = names(view);
        let winner = winner(view);
        for s in [Side::White, Side::Black] {
            let i = s.index();
            let card = self.layout.cards[i];
            let chip = super::tak::card_chip(s, winner, view.result.is_some(), view.to_move);
            let text_x = (card.x + 58) as f32;
            let mut name_right = (card.right() - 14) as f32;
            if let Some(chip) = chip {
                self.active_card.blit(img, card.x, card.y);
                let left = text::draw_chip(
                    img,
                    card.right() - 14,
                    card.y + 13,
                    chip,
                    pal.accent,
                    pal.accent_text,
                );
                name_right = (left - 8) as f32;
            }
            let name = text::fit(Face::Bold, 19.0, names[i], name_right - text_x);
            text::draw(
                img,
                Face::Bold,
                19.0,
                text_x,
                (card.y + 32) as f32,
                pal.text,
                &name,
            );
            let total = [6u32, 15][i];
            let hand = view.in_hand[i];
            let line = format!(
                "{} · {} of {total} in hand{}",
                s.name(),
                hand,
                if s == Side::Black && view.must_enter && view.to_move == Some(Side::Black) {
                    " · must enter"
                } else {
                    ""
                }
            );
            let line = text::fit(
                Face::Regular,
                14.0,
                &line,
                (card.right() - 14) as f32 - text_x,
            );
            text::draw(
                img,
                Face::Regular,
                14.0,
                text_x,
                (card.y + 53) as f32,
                pal.muted,
                &line,
            );
            // One small disc per piece in hand, a faint dot per piece on the board.
            let half = self.hand[i].w as i32 / 2;
            for k in 0..total.max(hand) {
                let Some((x, y)) = self.layout.hand_slot(s, k as usize) else {
                    break;
                };
                let sprite = if k < hand {
                    &self.hand[i]
                } else {
                    &self.ghost[i]
                };
                sprite.blit(img, x - half, y - half);
            }
        }
    }

    fn draw_footer(&self, img: &mut RgbImage, view: &TakatBoardView) {
        let l = &self.layout;
        let pal = self.theme.palette();
        let px = 17.0;
        let base = l.footer_baseline as f32;
        let left = l.cards[0].x as f32;
        let right = l.cards[1].right() as f32;
        let mut room = right - left;
        if let Some(last) = view.last_notation.as_deref() {
            let last = text::fit(Face::Bold, px, last.trim(), 120.0);
            let label = "Last turn ";
            let w = text::measure(Face::Bold, px, &last);
            let lw = text::measure(Face::Regular, px, label);
            text::draw(
                img,
                Face::Regular,
                px,
                right - w - lw,
                base,
                pal.muted,
                label,
            );
            text::draw(img, Face::Bold, px, right - w, base, pal.text, &last);
            room -= w + lw + 24.0;
        }
        let names = names(view);
        if let Some(result) = view.result.as_deref() {
            let words = match (winner(view), view.reason.as_deref()) {
                (Some(s), Some(why)) => format!(" · {} wins: {why}", names[s.index()]),
                (Some(s), None) => format!(" · {} wins", names[s.index()]),
                (None, _) => String::new(),
            };
            let line = text::fit(Face::Bold, px, &format!("{}{words}", result.trim()), room);
            text::draw(img, Face::Bold, px, left, base, pal.accent, &line);
            return;
        }
        let head = format!("Turn {}", view.turns_played.saturating_add(1));
        let x = left + text::draw(img, Face::Bold, px, left, base, pal.text, &head);
        let rest = match view.to_move {
            Some(s) if s == Side::Black && view.must_enter => {
                format!(" · {} must enter a piece", names[s.index()])
            }
            Some(s) => format!(" · {} to move", names[s.index()]),
            None => " · game over".to_string(),
        };
        let rest = text::fit(Face::Regular, px, &rest, room - (x - left));
        text::draw(img, Face::Regular, px, x, base, pal.muted, &rest);
    }
}

fn names(view: &TakatBoardView) -> [&str; 2] {
    let name = |i: usize, default: &'static str| match view.players[i].trim() {
        "" => default,
        s => s,
    };
    [name(0, "White"), name(1, "Black")]
}

fn winner(view: &TakatBoardView) -> Option<Side> {
    match view.result.as_deref().map(str::trim) {
        Some("1-0") => Some(Side::White),
        Some("0-1") => Some(Side::Black),
        _ => None,
    }
}

/// The picture of `view` in `theme` as PNG bytes, ready to attach.
pub fn render_png(view: &TakatBoardView, theme: Theme) -> Vec<u8> {
    encode(&render_image(view, theme))
}

/// PNG with zlib level 1 and no row filter. The picture is flat colours
/// with anti-aliased curves on nearly every row: filters turn those edges
/// into noise, while unfiltered rows keep long repeats of one colour. The
/// mid-game sample, composed and encoded, is 96 KB in about 2 ms this way;
/// the Tak pictures' settings (`render::png`) give 147 KB (fdeflate,
/// adaptive filter; as fast) or 120 KB (zlib level 1, Paeth; about 4 ms).
pub fn encode(img: &RgbImage) -> Vec<u8> {
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    use image::ImageEncoder;
    let mut out = Vec::with_capacity(128 * 1024);
    let encoder =
        PngEncoder::new_with_quality(&mut out, CompressionType::Level(1), FilterType::NoFilter);
    let (w, h) = img.dimensions();
    match encoder.write_image(img.as_raw(), w, h, image::ExtendedColorType::Rgb8) {
        Ok(()) => out,
        Err(_) => Vec::new(),
    }
}

/// The picture of `view` in `theme` with an alpha channel (always opaque).
pub fn render_rgba(view: &TakatBoardView, theme: Theme) -> RgbaImage {
    image::DynamicImage::ImageRgb8(render_image(view, theme)).into_rgba8()
}

/// The picture of `view` in `theme`.
pub fn render_image(view: &TakatBoardView, theme: Theme) -> RgbImage {
    let s = sprites(theme);
    let mut img = s.background.clone();
    let mut marked = [false; 7];
    for &i in &view.last_turn {
        if let Some(m) = marked.get_mut(i) {
            *m = true;
        }
    }
    for (i, _) in marked.iter().enumerate().filter(|(_, &m)| m) {
        if let Some((x, y)) = s.layout.cell_centre_f(i) {
            let o = s.halo_origin;
            s.halo
                .blit(&mut img, (x - o).round() as i32, (y - o).round() as i32);
        }
    }
    // Top row first, so a tall pile never hides under the cell below it.
    for i in [1, 6, 2, 0, 5, 3, 4] {
        s.draw_pile(&mut img, i, view.stack(i), view.mark(i));
    }
    s.draw_header(&mut img, view);
    s.draw_footer(&mut img, view);
    img
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_view_mirrors_the_position() {
        let pos: takat::Position = "bbw/www/x/bb/x/x/b b C".parse().unwrap();
        let last = Some(takat::Turn::Move {
            from: Cell::NE,
            to: Cell::C,
        });
        let view = TakatBoardView::from_position(&pos, ["a".into(), "b".into()], last);
        assert_eq!(view.stack(0), &[Side::Black, Side::Black, Side::White]);
        assert_eq!(view.mark(0), SafeMark::None);
        // N is red: three White in a row there are permanently safe.
        assert_eq!(view.mark(1), SafeMark::Permanent);
        assert_eq!(view.mark(3), SafeMark::Safe);
        assert_eq!(view.last_turn, vec![2, 0]);
        assert_eq!(view.last_notation.as_deref(), Some("NE-C"));
        assert_eq!(view.in_hand, [2, 10]);
        assert_eq!(view.to_move, Some(Side::Black));
        // Black has five on the board against White's four: not bound.
        assert!(!view.must_enter);
        assert!(view.result.is_none());
        let entered: takat::Position = "x/w/x/x/x/x/x b N".parse().unwrap();
        let view = TakatBoardView::from_position(&entered, ["a".into(), "b".into()], None);
        assert!(view.must_enter);
        assert_eq!(
            alt_text(&pos, Some("NE-C")),
            "Takat board, position bbw/www/x/bb/x/x/b b C (last turn NE-C)"
        );
    }

    #[test]
    fn cells_sit_on_a_hexagon() {
        let l = layout();
        let (cx, cy) = l.centre;
        for i in 1..7 {
            let (x, y) = l.cell_centre_f(i).unwrap();
            assert!(((x - cx).hypot(y - cy) - PITCH).abs() < 0.01);
            let (nx, ny) = l.cell_centre_f(i % 6 + 1).unwrap();
            assert!(
                ((x - nx).hypot(y - ny) - PITCH).abs() < 0.01,
                "ring neighbours"
            );
        }
        let (nx, ny) = l.cell_centre_f(1).unwrap();
        assert!((nx - cx).abs() < 0.01 && ny < cy, "N is straight up");
        assert!(l.cell_centre_f(7).is_none());
    }
}
