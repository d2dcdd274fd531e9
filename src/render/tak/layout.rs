//! Geometry of a Tak picture: where the board, squares, pieces, cards and
//! status go.
//!
//! Everything here is a pure function of the board size (and, for a pile, its
//! height), so tests can ask where to look instead of hard-coding pixels.
//!
//! The picture is landscape, twice the box Discord shows it in during a game
//! (550 x 350, see [`crate::render::chat`]): the board takes the whole
//! height, the players and the state of the game stand beside it.
//!
//! ```text
//!  +--------------------------------+----------------------+
//!  | 8 +--------------------------+ | [white card]         |
//!  | 7 |  squares, a1 bottom left | |                      |
//!  | . |                          | | Move 12 · Alice to.. |
//!  | . |                          | | Last move c3>        |
//!  | . |                          | | [white flats|black]  |
//!  | 1 +--------------------------+ | [black card]         |
//!  |     a   b   c  ...             |                      |
//!  +--------------------------------+----------------------+
//! ```

use crate::render::chat::{Layers, Legibility, SMALL_PX};
use crate::render::draw::Rect;
use crate::render::text::{self, Face};

/// Width of every picture, in pixels.
pub const WIDTH: u32 = 1100;
/// Height of every picture, in pixels (the same for every board size).
pub const HEIGHT: u32 = 700;
/// Smallest and largest board sizes drawn; others are clamped into range.
pub const MIN_SIZE: usize = 3;
pub const MAX_SIZE: usize = 8;

/// Band left of the board (rank numbers).
const SIDE: i32 = 28;
/// Width of the board frame around the squares.
pub const FRAME: i32 = 6;
/// Room for the squares: the same for every size, so the picture is too.
const SPAN: i32 = 640;
const TOP: i32 = 12;
/// The panel right of the board: cards, status, flat bar.
const PANEL_X: i32 = SIDE + 2 * FRAME + SPAN + 16;
const PANEL_W: i32 = WIDTH as i32 - 12 - PANEL_X;
const CARD_H: i32 = 100;
const BAR_H: i32 = 40;
/// Pixel size of the file letters and rank numbers.
pub const COORD_PX: f32 = SMALL_PX;

/// `size` clamped to `MIN_SIZE..=MAX_SIZE`.
pub fn clamp_size(size: usize) -> usize {
    size.clamp(MIN_SIZE, MAX_SIZE)
}

/// Geometry for one board size.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Board size (squares per side), already clamped.
    pub size: usize,
    pub width: u32,
    pub height: u32,
    /// Pitch of a square in pixels.
    pub square: i32,
    /// Width of the line between squares.
    pub gap: i32,
    /// The squares, without the frame.
    pub board: Rect,
    /// The frame around the squares.
    pub frame: Rect,
    /// The panel beside the board: cards, status lines, flat bar.
    pub panel: Rect,
    /// Player cards, white (top of the panel) then black (bottom).
    pub cards: [Rect; 2],
    /// The flat bar: each side's share of the flat count, komi included.
    pub flat_bar: Rect,
    /// Baseline of the status line ("Move 12 · Alice to move", or the
    /// result), from the panel's left edge.
    pub footer_baseline: i32,
    /// Baseline of the last move's line ("Last move c3>").
    pub last_baseline: i32,
    /// Side of a flat on the board (the box of every top piece).
    pub tile: i32,
    /// Width of the road frame drawn inside a square.
    pub road_width: i32,
    /// Vertical step between stacked pieces within the carry limit.
    pub step: f32,
    /// Vertical step between pieces below the carry limit.
    pub deep_step: f32,
    /// Width of pieces below the carry limit.
    pub deep_tile: i32,
    /// Width of the line under each piece beneath the top of a stack.
    pub layer_line: f32,
}

/// Geometry of one stack.
#[derive(Clone, Debug, PartialEq)]
pub struct Pile {
    /// Box of the top piece (`tile` square); its centre is the piece's centre.
    pub top: Rect,
    /// The pieces under the top one that can be seen, bottom first.
    pub layers: Vec<PileLayer>,
    /// Where the height label goes, if the stack gets one.
    pub label: Option<Rect>,
    /// Pixel size of the label text.
    pub label_px: f32,
    /// The pieces below the carry limit had to be squeezed closer than
    /// usual to fit (the stack is then labelled with its height).
    pub squeezed: bool,
}

/// One piece under the top of a stack.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PileLayer {
    /// Index in the stack (0 = bottom).
    pub index: usize,
    /// Left and top of the piece's tile.
    pub x: i32,
    pub y: i32,
    /// Below the carry limit (drawn narrower and thinner).
    pub deep: bool,
    /// Rows of this piece that show below the piece above it.
    pub visible: i32,
}

/// Stacks this tall or taller get their height written on them: every
/// stack of more than one piece (bands alone are hard to count at the size
/// Discord shows a picture).
pub const LABEL_HEIGHT: usize = 2;

impl Layout {
    /// The geometry for a board of `size` (clamped to 3..=8).
    pub fn new(size: usize) -> Layout {
        let n = clamp_size(size) as i32;
        let s = SPAN / n;
        let off = (SPAN - s * n) / 2;
        let board = Rect::new(SIDE + FRAME + off, TOP + FRAME + off, s * n, s * n);
        let frame = board.inset(-FRAME);
        let sf = s as f32;
        let gap = (s / 40).max(2);
        // Pieces are as large as the tallest piles on the smallest squares
        // allow: smaller on 7x7 and 8x8, where a stack of the carry limit
        // must still show every layer (issue 29).
        let tile = ((match n {
            8 => 0.38,
            7 => 0.44,
            _ => 0.5,
        }) * sf)
            .round() as i32;
        // A stack of the carry limit and the pieces below it fit the square
        // with every layer showing `step`.
        let avail = sf - 2.0 * pile_margin(gap, sf);
        let step = ((avail - tile as f32 - deep_room(sf)) / (n - 1) as f32).min(0.09 * sf);
        let panel = Rect::new(PANEL_X, TOP, PANEL_W, frame.bottom() - TOP);
        let mid = panel.y + panel.h / 2;
        Layout {
            size: n as usize,
            width: WIDTH,
            height: HEIGHT,
            square: s,
            gap,
            board,
            frame,
            panel,
            cards: [
                Rect::new(panel.x, panel.y, panel.w, CARD_H),
                Rect::new(panel.x, panel.bottom() - CARD_H, panel.w, CARD_H),
            ],
            footer_baseline: mid - 44,
            last_baseline: mid,
            flat_bar: Rect::new(panel.x, mid + 28, panel.w, BAR_H),
            tile,
            road_width: ((0.06 * sf).round() as i32).max(3),
            step,
            deep_step: (0.03 * sf).max(3.0),
            deep_tile: (tile as f32 * 0.84).round() as i32,
            layer_line: (0.07 * tile as f32).max(2.0),
        }
    }

    /// The numbers the legibility rule reads (issue 29, see
    /// [`crate::render::chat`]): the picture, a flat's side, the smallest
    /// text (the coordinates, the cards, and every height label up to a
    /// stack of all the pieces of the size), and the layers of the tallest
    /// stack within the carry limit (the board size) on top of as many
    /// pieces again.
    pub fn legibility(&self) -> Legibility {
        let all = 2 * super::view::Reserve::standard(self.size).total() as usize;
        let label = (2..=all)
            .filter_map(|h| self.pile(0, h))
            .map(|p| p.label_px)
            .fold(f32::INFINITY, f32::min);
        let pitch = self.pile(0, all).map_or(0.0, |p| {
            p.layers
                .iter()
                .filter(|l| !l.deep)
                .map(|l| l.visible as f32)
                .fold(f32::INFINITY, f32::min)
        });
        Legibility {
            width: self.width,
            height: self.height,
            piece: self.tile as f32,
            text: label.min(COORD_PX).min(crate::render::card::SMALLEST_PX),
            layers: Some(Layers {
                count: self.size,
                pitch,
                line: self.layer_line,
            }),
        }
    }

    /// `(file, rank)` of square `sq` (a1 = 0, index = rank * size + file).
    pub fn file_rank(&self, sq: usize) -> (usize, usize) {
        (sq % self.size, sq / self.size)
    }

    /// The whole square `sq`, lines included. `None` if off the board.
    pub fn square_rect(&self, sq: usize) -> Option<Rect> {
        if sq >= self.size * self.size {
            return None;
        }
        let (file, rank) = self.file_rank(sq);
        let s = self.square;
        Some(Rect::new(
            self.board.x + file as i32 * s,
            self.board.y + (self.size - 1 - rank) as i32 * s,
            s,
            s,
        ))
    }

    /// The coloured part of square `sq` (the square less the lines).
    pub fn square_fill(&self, sq: usize) -> Option<Rect> {
        let r = self.square_rect(sq)?;
        let a = self.gap / 2;
        Some(Rect::new(r.x + a, r.y + a, r.w - self.gap, r.h - self.gap))
    }

    /// Centre pixel of square `sq`.
    pub fn square_centre(&self, sq: usize) -> Option<(i32, i32)> {
        self.square_rect(sq).map(|r| r.centre())
    }

    /// A pixel of square `sq` that shows the square's fill (normal, or the
    /// last-move colour) whatever stands on it.
    pub fn fill_probe(&self, sq: usize) -> Option<(i32, i32)> {
        let r = self.square_rect(sq)?;
        let d = (self.square as f32 * 0.12).round() as i32;
        Some((r.right() - d, r.bottom() - d))
    }

    /// A pixel of square `sq` on the road frame, when the square is part of
    /// a road.
    pub fn road_probe(&self, sq: usize) -> Option<(i32, i32)> {
        let f = self.square_fill(sq)?;
        Some((f.right() - 1 - self.road_width / 2, f.y + f.h / 2))
    }

    /// Centre of the top piece of a stack of `height` on square `sq`.
    pub fn piece_centre(&self, sq: usize, height: usize) -> Option<(i32, i32)> {
        Some(self.pile(sq, height.max(1))?.top.centre())
    }

    /// Geometry of a stack of `height` pieces on square `sq`; `None` if the
    /// square is off the board or the stack empty.
    pub fn pile(&self, sq: usize, height: usize) -> Option<Pile> {
        let sq_rect = self.square_rect(sq)?;
        if height == 0 {
            return None;
        }
        let s = self.square as f32;
        let t = self.tile as f32;
        let carry = height.min(self.size);
        let nc = (carry - 1) as f32;
        let nd = height - carry;
        let margin = pile_margin(self.gap, s);
        let avail = s - 2.0 * margin;

        // Squeeze the steps so the pile fits: first the part below the carry
        // limit, then (for very tall stacks on small squares) the rest.
        let mut step = self.step;
        let mut deep_step = self.deep_step;
        if t + nc * step + nd as f32 * deep_step > avail {
            let deep_min = if nd > 0 {
                (nd as f32 * deep_step).min(deep_room(s))
            } else {
                0.0
            };
            if nc > 0.0 && nc * step > avail - t - deep_min {
                step = ((avail - t - deep_min) / nc).max(1.0);
            }
            let room = (avail - t - nc * step).max(0.0);
            if nd > 0 {
                deep_step = deep_step.min(room / nd as f32);
            }
        }
        let pile_h = t + nc * step + nd as f32 * deep_step;
        let squeezed = nd > 0 && deep_step < self.deep_step;

        // A tall (or squeezed) stack gets its height in the top-right corner,
        // and the pile moves left to make room for it.
        let mut cx = sq_rect.x as f32 + s / 2.0;
        let (label, label_px) = if height >= LABEL_HEIGHT || squeezed {
            let text = height.to_string();
            let inner_left = (sq_rect.x + self.gap / 2 + 1) as f32;
            let max_w = s - t - self.gap as f32 - 4.0;
            // The label's text is never smaller than the picture's smallest
            // text while it fits with a little room; its pill is narrowed
            // first.
            let mut px = (0.2 * s).clamp(SMALL_PX, 24.0);
            let ink = |px: f32| text::measure(Face::Bold, px, &text);
            while px > 6.0 && ink(px) + 4.0 > max_w {
                px -= 0.5;
            }
            let w = (ink(px) + 0.6 * px).ceil().min(max_w.floor()) as i32;
            let h = (1.35 * px).round() as i32;
            let x = sq_rect.right() - (self.gap - self.gap / 2) - 2 - w;
            let y = sq_rect.y + self.gap / 2 + 2;
            let room = x as f32 - 1.0 - inner_left;
            cx = cx.min(inner_left + room / 2.0).max(inner_left + t / 2.0);
            (Some(Rect::new(x, y, w, h)), px)
        } else {
            (None, 0.0)
        };

        let top_y = sq_rect.y as f32 + (s - pile_h) / 2.0;
        let left = (cx - t / 2.0).round() as i32;
        let deep_left = (cx - self.deep_tile as f32 / 2.0).round() as i32;
        let top = Rect::new(left, top_y.round() as i32, self.tile, self.tile);

        let mut layers = Vec::new();
        let mut off = 0.0f32;
        let mut above = top.y;
        for k in 1..height {
            let deep = k >= carry;
            off += if deep { deep_step } else { step };
            let y = (top_y + off).round() as i32;
            // A piece exactly under the one above it cannot be seen.
            if y == above && k > 1 {
                continue;
            }
            layers.push(PileLayer {
                index: height - 1 - k,
                x: if deep { deep_left } else { left },
                y,
                deep,
                visible: y - above,
            });
            above = y;
        }
        layers.reverse();
        Some(Pile {
            top,
            layers,
            label,
            label_px,
            squeezed,
        })
    }
}

/// Room above and below a pile inside its square.
fn pile_margin(gap: i32, s: f32) -> f32 {
    (gap / 2) as f32 + (0.03 * s).round().max(2.0)
}

/// Room a pile keeps for the pieces below the carry limit.
fn deep_room(s: f32) -> f32 {
    0.08 * s
}

/// Each side's share of the flat count, white then black: top flats, with
/// komi added to Black (RULINGS Tak 3; a negative komi counts for White).
pub fn flat_shares(flats: [u32; 2], komi_half: i8) -> [f64; 2] {
    let komi = komi_half as f64 / 2.0;
    [
        flats[0] as f64 + (-komi).max(0.0),
        flats[1] as f64 + komi.max(0.0),
    ]
}

impl Layout {
    /// The inside of the flat bar (the frame around it left out) and the x
    /// where White's share ends and Black's begins: nothing on either
    /// side splits it in the middle.
    pub fn flat_bar_split(&self, flats: [u32; 2], komi_half: i8) -> (Rect, i32) {
        let inner = self.flat_bar.inset(BAR_FRAME);
        let [w, b] = flat_shares(flats, komi_half);
        let part = if w + b > 0.0 { w / (w + b) } else { 0.5 };
        let x = inner.x + (inner.w as f64 * part).round() as i32;
        (inner, x)
    }
}

/// Width of the frame around the flat bar.
pub const BAR_FRAME: i32 = 2;

/// Centre pixel of square `sq` on a board of `size`.
pub fn square_centre(size: usize, sq: usize) -> Option<(i32, i32)> {
    Layout::new(size).square_centre(sq)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_tile_the_board() {
        for size in MIN_SIZE..=MAX_SIZE {
            let l = Layout::new(size);
            assert!(l.frame.x >= 0 && l.frame.right() <= WIDTH as i32);
            let a1 = l.square_rect(0).unwrap();
            assert_eq!((a1.x, a1.bottom()), (l.board.x, l.board.bottom()));
            let last = l.square_rect(size * size - 1).unwrap();
            assert_eq!((last.right(), last.y), (l.board.right(), l.board.y));
            assert!(l.square_rect(size * size).is_none());
        }
        assert_eq!(Layout::new(0).size, 3);
        assert_eq!(Layout::new(100).size, 8);
    }

    #[test]
    fn piles_stay_in_their_square() {
        for size in MIN_SIZE..=MAX_SIZE {
            let l = Layout::new(size);
            for h in [1, 2, size, size + 1, 9, 10, 20, 35, 80, 170, 5000] {
                for sq in [0, size * size - 1] {
                    let r = l.square_rect(sq).unwrap();
                    let p = l.pile(sq, h).unwrap();
                    assert!(r.contains_rect(&p.top), "{size} {h} {p:?}");
                    for layer in &p.layers {
                        let w = if layer.deep { l.deep_tile } else { l.tile };
                        let tile = Rect::new(layer.x, layer.y, w, l.tile);
                        assert!(tile.y >= r.y && tile.bottom() <= r.bottom(), "{size} {h}");
                        assert!(tile.x >= r.x && tile.right() <= r.right(), "{size} {h}");
                    }
                    if let Some(label) = p.label {
                        assert!(r.contains_rect(&label), "{size} {h} {label:?}");
                        assert!(label.x >= p.top.right(), "{size} {h} label over piece");
                    }
                    assert_eq!(p.label.is_some(), h >= LABEL_HEIGHT, "{size} {h}");
                }
            }
        }
    }
}
