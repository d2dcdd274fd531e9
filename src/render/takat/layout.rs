//! Geometry of the Takat picture: where the cards, the hexagon, the cells,
//! the piles and their markings go, so tests never hard-code pixels.

use crate::render::chat::{Layers, Legibility};
use crate::render::draw::Rect;
use crate::render::Side;

use super::view::MAX_DRAWN;

/// Width of the picture, in pixels: landscape, twice the chat box (see
/// [`crate::render::chat`]), the hexagon on the left, the players, the
/// state of the game and the legend in a panel on the right.
pub const WIDTH: u32 = 1100;
/// Height of the picture, in pixels.
pub const HEIGHT: u32 = 700;
const MARGIN: i32 = 12;
const CARD_H: i32 = 120;
/// The panel right of the hexagon.
const PANEL_X: i32 = 620;
/// Radius of a cell's circle.
pub(super) const CELL_R: f32 = 94.0;
/// Distance between the centres of neighbouring cells.
pub(super) const PITCH: f32 = 209.0;
/// From the hexagon's centre to a corner.
pub(super) const HEX_R: f32 = 338.0;
/// Rounding of the hexagon's corners.
pub(super) const HEX_CORNER: f32 = 31.0;
/// Half width and half height of a disc's top face, and its thickness.
pub(super) const DISC_RX: f32 = 55.0;
pub(super) const DISC_RY: f32 = 23.0;
pub(super) const DISC_TH: f32 = 13.0;
/// The halo of a last-turn cell: a ring from `CELL_R + HALO_GAP` out to
/// `CELL_R + HALO_GAP + HALO_W`.
pub(super) const HALO_GAP: f32 = 4.0;
pub(super) const HALO_W: f32 = 7.0;
/// The top face of a stack's bottom disc sits this far below the cell's centre.
pub(super) const BASE_DROP: f32 = 20.0;
/// The ring inside a red cell: how far in from the circle, and its width.
pub(super) const RED_RING_IN: f32 = 8.0;
pub(super) const RED_RING_W: f32 = 3.6;
/// Width of a disc's outline: in every theme, then in the contrast theme.
pub const OUTLINE: [f32; 2] = [1.8, 2.4];
/// Pixel size of the cell names, the legend and the height labels.
pub(super) const SMALL_PX: f32 = crate::render::chat::SMALL_PX;

/// Where everything is in a Takat picture, so tests never hard-code pixels.
#[derive(Clone, Debug, PartialEq)]
pub struct TakatLayout {
    pub width: u32,
    pub height: u32,
    /// The panel right of the hexagon: cards, status lines, legend.
    pub panel: Rect,
    /// Player cards, white (top of the panel) then black (bottom).
    pub cards: [Rect; 2],
    /// The hexagon's centre (the centre of cell `C`).
    pub centre: (f32, f32),
    pub hex_radius: f32,
    pub cell_radius: f32,
    /// Baseline of the legend's first line; the others follow
    /// `legend_step` apart.
    pub legend_baseline: i32,
    pub legend_step: i32,
    /// Baselines of the status line and of the last turn's line.
    pub footer_baseline: i32,
    pub last_baseline: i32,
}

impl Default for TakatLayout {
    fn default() -> Self {
        TakatLayout::new()
    }
}

impl TakatLayout {
    pub fn new() -> TakatLayout {
        let centre = (
            MARGIN as f32 + HEX_R * 30f32.to_radians().cos(),
            HEIGHT as f32 / 2.0,
        );
        let panel = Rect::new(
            PANEL_X,
            MARGIN,
            WIDTH as i32 - MARGIN - PANEL_X,
            HEIGHT as i32 - 2 * MARGIN,
        );
        let top = panel.y + CARD_H + 56;
        TakatLayout {
            width: WIDTH,
            height: HEIGHT,
            panel,
            cards: [
                Rect::new(panel.x, panel.y, panel.w, CARD_H),
                Rect::new(panel.x, panel.bottom() - CARD_H, panel.w, CARD_H),
            ],
            centre,
            hex_radius: HEX_R,
            cell_radius: CELL_R,
            footer_baseline: top,
            last_baseline: top + 40,
            legend_baseline: top + 120,
            legend_step: 40,
        }
    }

    /// The numbers the legibility rule reads (issue 29, see
    /// [`crate::render::chat`]): the picture, a disc's smaller extent (its
    /// height, face and side), the smallest text, and the discs of the
    /// tallest stack (six: a stack of six ends the game; only a top piece
    /// moves), each `DISC_TH` below the one on it, with the outline between.
    pub fn legibility(&self) -> Legibility {
        Legibility {
            width: self.width,
            height: self.height,
            piece: (2.0 * DISC_RY + DISC_TH).min(2.0 * DISC_RX),
            text: SMALL_PX.min(crate::render::card::SMALLEST_PX),
            layers: Some(Layers {
                count: MAX_DRAWN,
                pitch: DISC_TH,
                line: OUTLINE.iter().copied().fold(f32::INFINITY, f32::min),
            }),
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
    pub(super) fn face_f(&self, i: usize, level: usize) -> Option<(f32, f32)> {
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
        let r = CELL_R - RED_RING_IN - RED_RING_W / 2.0;
        Some(((x - r).round() as i32, y.round() as i32))
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
}

/// The safe rings on a face, as fractions of the face's half sizes.
pub(super) const MARK_OUTER: f32 = 0.6;
pub(super) const MARK_INNER: f32 = 0.3;
/// Where the rings' centre is in their sprite.
pub(super) const MARK_ORIGIN: (f32, f32) = (DISC_RX + 4.0, DISC_RY + 4.0);
/// The small discs of pieces in hand: radius, spacing, where the row
/// starts in the card and the height of its centre line.
pub(super) const HAND_R: f32 = 9.0;
pub(super) const HAND_STEP: f32 = 2.0 * HAND_R + 4.0;
pub(super) const HAND_X: f32 = crate::render::card::TEXT_X as f32;
pub(super) const HAND_Y: i32 = 96;
/// The height pill, right of the top face.
pub(super) const PILL_X: f32 = DISC_RX + 5.0;
pub(super) const PILL_W: i32 = 32;
pub(super) const PILL_H: i32 = 26;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_sit_on_a_hexagon() {
        let l = TakatLayout::new();
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
