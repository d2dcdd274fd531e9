//! Drawing primitives: anti-aliased shapes from signed distances, sprites
//! with premultiplied alpha, clipped rectangle fills and blits.
//!
//! The canvas is an [`RgbImage`] (the picture is opaque); sprites carry alpha.
//! Every function clips to the target, so nothing here can index out of
//! bounds whatever the coordinates.

use std::sync::OnceLock;

use image::RgbImage;

/// An opaque colour, `[r, g, b]`.
pub type Colour = [u8; 3];

/// An axis-aligned rectangle in pixels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rect {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

impl Rect {
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect { x, y, w, h }
    }

    pub fn right(&self) -> i32 {
        self.x + self.w
    }

    pub fn bottom(&self) -> i32 {
        self.y + self.h
    }

    /// The centre pixel.
    pub fn centre(&self) -> (i32, i32) {
        (self.x + self.w / 2, self.y + self.h / 2)
    }

    /// Whether the pixel `(x, y)` lies inside.
    pub fn contains(&self, x: i32, y: i32) -> bool {
        x >= self.x && x < self.right() && y >= self.y && y < self.bottom()
    }

    /// Whether `other` lies wholly inside `self`.
    pub fn contains_rect(&self, other: &Rect) -> bool {
        other.x >= self.x
            && other.y >= self.y
            && other.right() <= self.right()
            && other.bottom() <= self.bottom()
    }

    /// Shrunk by `d` on every side.
    pub fn inset(&self, d: i32) -> Rect {
        Rect::new(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)
    }

    pub(crate) fn clip(&self, w: u32, h: u32) -> Option<(u32, u32, u32, u32)> {
        let x0 = self.x.max(0);
        let y0 = self.y.max(0);
        let x1 = self.right().min(w as i32);
        let y1 = self.bottom().min(h as i32);
        (x0 < x1 && y0 < y1).then_some((x0 as u32, y0 as u32, x1 as u32, y1 as u32))
    }
}

/// A shape given by its signed distance (negative inside), in pixels.
#[derive(Clone, Copy, Debug)]
pub enum Shape {
    /// A rectangle with rounded corners, centred at `(cx, cy)` with half
    /// sizes `hw`, `hh`, corner radius `r`, turned by `angle` radians.
    RoundRect {
        cx: f32,
        cy: f32,
        hw: f32,
        hh: f32,
        r: f32,
        angle: f32,
    },
    /// A circle.
    Circle { cx: f32, cy: f32, r: f32 },
    /// An axis-aligned ellipse with half axes `rx`, `ry`.
    Ellipse { cx: f32, cy: f32, rx: f32, ry: f32 },
    /// A regular hexagon with a corner straight up, `apothem` from its
    /// centre to each edge, its corners rounded with radius `r`.
    Hexagon {
        cx: f32,
        cy: f32,
        apothem: f32,
        r: f32,
    },
}

impl Shape {
    pub fn round_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Shape {
        Shape::RoundRect {
            cx: x + w / 2.0,
            cy: y + h / 2.0,
            hw: w / 2.0,
            hh: h / 2.0,
            r,
            angle: 0.0,
        }
    }

    fn distance(&self, px: f32, py: f32) -> f32 {
        match *self {
            Shape::RoundRect {
                cx,
                cy,
                hw,
                hh,
                r,
                angle,
            } => {
                let (mut x, mut y) = (px - cx, py - cy);
                if angle != 0.0 {
                    let (s, c) = angle.sin_cos();
                    (x, y) = (x * c + y * s, -x * s + y * c);
                }
                let r = r.min(hw).min(hh).max(0.0);
                let qx = x.abs() - (hw - r);
                let qy = y.abs() - (hh - r);
                let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt();
                outside + qx.max(qy).min(0.0) - r
            }
            Shape::Circle { cx, cy, r } => ((px - cx).powi(2) + (py - cy).powi(2)).sqrt() - r,
            Shape::Ellipse { cx, cy, rx, ry } => {
                // The distance estimated from the implicit function and its
                // gradient: exact on the edge, which is all smoothing needs.
                let (x, y) = (px - cx, py - cy);
                let (rx, ry) = (rx.max(1e-3), ry.max(1e-3));
                let k0 = (x / rx).hypot(y / ry);
                let k1 = (x / (rx * rx)).hypot(y / (ry * ry));
                if k1 <= f32::EPSILON {
                    -rx.min(ry)
                } else {
                    k0 * (k0 - 1.0) / k1
                }
            }
            Shape::Hexagon { cx, cy, apothem, r } => {
                // Folded into one twelfth of the hexagon (x across the flat
                // left and right edges), then the distance to that edge.
                const N: (f32, f32) = (-0.866_025_4, 0.5);
                let tan30 = 0.577_350_26;
                let a = (apothem - r).max(0.0);
                let (mut x, mut y) = ((py - cy).abs(), (px - cx).abs());
                let fold = 2.0 * (N.0 * x + N.1 * y).min(0.0);
                x -= fold * N.0;
                y -= fold * N.1;
                x -= x.clamp(-tan30 * a, tan30 * a);
                y -= a;
                x.hypot(y) * y.signum() - r
            }
        }
    }

    /// A pixel box that holds the whole shape (plus a pixel for smoothing).
    fn bounds(&self) -> Rect {
        let (cx, cy, ex, ey) = match *self {
            Shape::RoundRect {
                cx,
                cy,
                hw,
                hh,
                angle,
                ..
            } => {
                let (s, c) = angle.sin_cos();
                let ex = hw * c.abs() + hh * s.abs();
                let ey = hw * s.abs() + hh * c.abs();
                (cx, cy, ex, ey)
            }
            Shape::Circle { cx, cy, r } => (cx, cy, r, r),
            Shape::Ellipse { cx, cy, rx, ry } => (cx, cy, rx, ry),
            Shape::Hexagon {
                cx, cy, apothem, ..
            } => {
                let corner = apothem / 0.866_025_4;
                (cx, cy, corner, corner)
            }
        };
        let x0 = (cx - ex).floor() as i32 - 1;
        let y0 = (cy - ey).floor() as i32 - 1;
        let x1 = (cx + ex).ceil() as i32 + 1;
        let y1 = (cy + ey).ceil() as i32 + 1;
        Rect::new(x0, y0, x1 - x0, y1 - y0)
    }
}

/// How to paint a shape: a fill, optionally inside an outline of a width.
#[derive(Clone, Copy, Debug)]
pub struct Paint {
    pub fill: Colour,
    pub outline: Option<(Colour, f32)>,
}

impl Paint {
    pub fn solid(fill: Colour) -> Paint {
        Paint {
            fill,
            outline: None,
        }
    }

    pub fn outlined(fill: Colour, outline: Colour, width: f32) -> Paint {
        Paint {
            fill,
            outline: Some((outline, width)),
        }
    }

    /// Colour and coverage at signed distance `d`.
    fn at(&self, d: f32) -> Option<(Colour, f32)> {
        let cover = (0.5 - d).clamp(0.0, 1.0);
        if cover <= 0.0 {
            return None;
        }
        let colour = match self.outline {
            None => self.fill,
            Some((line, w)) => {
                let k = (-d - w + 0.5).clamp(0.0, 1.0);
                mix(line, self.fill, k)
            }
        };
        Some((colour, cover))
    }
}

/// `a` moved towards `b` by `k` (0: `a`, 1: `b`).
pub fn mix(a: Colour, b: Colour, k: f32) -> Colour {
    let f = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * k).round() as u8;
    [f(a[0], b[0]), f(a[1], b[1]), f(a[2], b[2])]
}

/// The lightness of a colour as the eye sees it (Rec. 709 weights), 0..=255.
pub fn luma(c: Colour) -> f32 {
    0.2126 * c[0] as f32 + 0.7152 * c[1] as f32 + 0.0722 * c[2] as f32
}

/// Something shapes can be painted on.
pub trait Surface {
    fn dims(&self) -> (u32, u32);
    /// Composite `colour` with coverage `alpha` (0..=1) over the pixel.
    fn blend(&mut self, x: u32, y: u32, colour: Colour, alpha: f32);
}

impl Surface for RgbImage {
    fn dims(&self) -> (u32, u32) {
        self.dimensions()
    }

    fn blend(&mut self, x: u32, y: u32, colour: Colour, alpha: f32) {
        let p = self.get_pixel_mut(x, y);
        if alpha >= 1.0 {
            p.0 = colour;
        } else {
            p.0 = mix(p.0, colour, alpha);
        }
    }
}

/// Paint `shape` on `surface`.
pub fn paint<S: Surface>(surface: &mut S, shape: &Shape, paint: &Paint) {
    let (w, h) = surface.dims();
    let Some((x0, y0, x1, y1)) = shape.bounds().clip(w, h) else {
        return;
    };
    for y in y0..y1 {
        for x in x0..x1 {
            let d = shape.distance(x as f32 + 0.5, y as f32 + 0.5);
            if let Some((c, a)) = paint.at(d) {
                surface.blend(x, y, c, a);
            }
        }
    }
}

/// Paint a soft-edged `shape` (edges blurred over `soft` pixels) in `colour`
/// at opacity `alpha`: a shadow.
pub fn paint_shadow<S: Surface>(
    surface: &mut S,
    shape: &Shape,
    colour: Colour,
    alpha: f32,
    soft: f32,
) {
    let (w, h) = surface.dims();
    let b = shape.bounds().inset(-(soft.ceil() as i32));
    let Some((x0, y0, x1, y1)) = b.clip(w, h) else {
        return;
    };
    let soft = soft.max(1.0);
    for y in y0..y1 {
        for x in x0..x1 {
            let d = shape.distance(x as f32 + 0.5, y as f32 + 0.5);
            let a = (0.5 - d / soft).clamp(0.0, 1.0) * alpha;
            if a > 0.0 {
                surface.blend(x, y, colour, a);
            }
        }
    }
}

/// Paint only the outline of `shape`: a line `width` wide just inside its edge.
pub fn paint_ring<S: Surface>(surface: &mut S, shape: &Shape, colour: Colour, width: f32) {
    let (w, h) = surface.dims();
    let Some((x0, y0, x1, y1)) = shape.bounds().clip(w, h) else {
        return;
    };
    for y in y0..y1 {
        for x in x0..x1 {
            let d = shape.distance(x as f32 + 0.5, y as f32 + 0.5);
            let a = (0.5 - d).clamp(0.0, 1.0) * (0.5 + d + width).clamp(0.0, 1.0);
            if a > 0.0 {
                surface.blend(x, y, colour, a);
            }
        }
    }
}

/// Call `f` on each row of `rect` clipped to the canvas: its pixels,
/// three bytes each.
fn for_each_row(canvas: &mut RgbImage, rect: Rect, mut f: impl FnMut(&mut [u8])) {
    let (w, h) = canvas.dimensions();
    let Some((x0, y0, x1, y1)) = rect.clip(w, h) else {
        return;
    };
    let stride = w as usize * 3;
    let buf: &mut [u8] = canvas.as_mut();
    for y in y0..y1 {
        f(&mut buf[y as usize * stride..][x0 as usize * 3..x1 as usize * 3]);
    }
}

/// Fill a rectangle with an opaque colour.
pub fn fill_rect(canvas: &mut RgbImage, rect: Rect, colour: Colour) {
    for_each_row(canvas, rect, |row| {
        for px in row.chunks_exact_mut(3) {
            px.copy_from_slice(&colour);
        }
    });
}

/// Swap colours `a` and `b` in `rect`: a pixel of `a` becomes `b`, one of
/// `b` becomes `a`, and a blend of the two (anti-aliased text of one on
/// the other) the same blend the other way round.
pub fn swap_colours(canvas: &mut RgbImage, rect: Rect, a: Colour, b: Colour) {
    for_each_row(canvas, rect, |row| {
        for px in row.chunks_exact_mut(3) {
            for k in 0..3 {
                px[k] = (a[k] as i16 + b[k] as i16 - px[k] as i16).clamp(0, 255) as u8;
            }
        }
    });
}

/// An image with premultiplied alpha, drawn once and blitted often.
#[derive(Clone, Debug, Default)]
pub struct Sprite {
    pub w: u32,
    pub h: u32,
    /// Premultiplied `[r, g, b, a]`, row by row.
    px: Vec<[u8; 4]>,
    /// The rows as runs of one kind of pixel, worked out at the first blit
    /// after drawing: most of a piece is opaque, copied a run at a time.
    runs: OnceLock<Runs>,
}

/// A sprite's rows split into runs, its colours without alpha for copying
/// the opaque runs, and what each channel keeps of the canvas (`255 -
/// alpha`) for blending the partly covered ones.
#[derive(Clone, Debug)]
struct Runs {
    rows: Vec<Vec<Run>>,
    rgb: Vec<u8>,
    keep: Vec<u8>,
}

/// Pixels `start..end` of a row, all transparent, all opaque or all partly
/// covered (to blend one by one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Run {
    start: u32,
    end: u32,
    cover: Cover,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cover {
    Clear,
    Opaque,
    Partial,
}

impl Cover {
    fn of(alpha: u8) -> Cover {
        match alpha {
            0 => Cover::Clear,
            255 => Cover::Opaque,
            _ => Cover::Partial,
        }
    }
}

impl Runs {
    fn of(sprite: &Sprite) -> Runs {
        let w = sprite.w as usize;
        let rows = sprite
            .px
            .chunks(w.max(1))
            .map(|row| {
                let mut runs: Vec<Run> = Vec::new();
                for (x, p) in row.iter().enumerate() {
                    let cover = Cover::of(p[3]);
                    match runs.last_mut() {
                        Some(run) if run.cover == cover => run.end = x as u32 + 1,
                        _ => runs.push(Run {
                            start: x as u32,
                            end: x as u32 + 1,
                            cover,
                        }),
                    }
                }
                runs.retain(|run| run.cover != Cover::Clear);
                runs
            })
            .collect();
        let rgb = sprite.px.iter().flat_map(|p| [p[0], p[1], p[2]]).collect();
        let keep = sprite.px.iter().flat_map(|p| [255 - p[3]; 3]).collect();
        Runs { rows, rgb, keep }
    }
}

impl Sprite {
    /// A transparent sprite.
    pub fn new(w: u32, h: u32) -> Sprite {
        Sprite {
            w,
            h,
            px: vec![[0; 4]; w as usize * h as usize],
            runs: OnceLock::new(),
        }
    }

    /// Draw the sprite with its top-left corner at `(x, y)`; the rectangle
    /// drawn on (as for every blit: unclipped, maybe partly off the canvas).
    pub fn blit(&self, canvas: &mut RgbImage, x: i32, y: i32) -> Rect {
        self.blit_rows(canvas, x, y, 0, self.h)
    }

    /// Draw only the sprite's rows `row0..row1`, placed as in [`Sprite::blit`].
    pub fn blit_rows(&self, canvas: &mut RgbImage, x: i32, y: i32, row0: u32, row1: u32) -> Rect {
        self.blit_band(canvas, x, y + row0 as i32, row0, row1)
    }

    /// Draw the sprite's rows `row0..row1` with its left edge at `x` and
    /// row `row0` at canvas row `top`.
    pub fn blit_band(&self, canvas: &mut RgbImage, x: i32, top: i32, row0: u32, row1: u32) -> Rect {
        let (cw, ch) = canvas.dimensions();
        let row1 = row1.min(self.h);
        let area = Rect::new(x, top, self.w as i32, row1.saturating_sub(row0) as i32);
        if row0 >= row1 {
            return area;
        }
        let y = top - row0 as i32;
        let Some((x0, y0, x1, y1)) = area.clip(cw, ch) else {
            return area;
        };
        let runs = self.runs.get_or_init(|| Runs::of(self));
        // The sprite's columns that land on the canvas.
        let (sx0, sx1) = ((x0 as i32 - x) as u32, (x1 as i32 - x) as u32);
        let stride = cw as usize * 3;
        let buf: &mut [u8] = canvas.as_mut();
        for cy in y0..y1 {
            let sy = (cy as i32 - y) as usize;
            let row = sy * self.w as usize;
            let dst_row = &mut buf[cy as usize * stride..][..stride];
            for run in &runs.rows[sy] {
                let (a, b) = (run.start.max(sx0), run.end.min(sx1));
                if a >= b {
                    continue;
                }
                // Canvas column of sprite column `a`.
                let cx = (x + a as i32) as usize;
                let dst = &mut dst_row[cx * 3..(cx + (b - a) as usize) * 3];
                let (a, b) = (a as usize, b as usize);
                match run.cover {
                    Cover::Opaque => dst.copy_from_slice(&runs.rgb[(row + a) * 3..(row + b) * 3]),
                    // Clear runs are dropped when the runs are worked out;
                    // blending one would change nothing (its colour is zero).
                    Cover::Partial | Cover::Clear => blend_premultiplied(
                        dst,
                        &runs.rgb[(row + a) * 3..(row + b) * 3],
                        &runs.keep[(row + a) * 3..(row + b) * 3],
                    ),
                }
            }
        }
        area
    }
}

impl Surface for Sprite {
    fn dims(&self) -> (u32, u32) {
        (self.w, self.h)
    }

    fn blend(&mut self, x: u32, y: u32, colour: Colour, alpha: f32) {
        // Drawn on again: its runs are worked out anew at the next blit.
        self.runs.take();
        let i = y as usize * self.w as usize + x as usize;
        let d = self.px[i];
        let a = alpha.clamp(0.0, 1.0);
        let inv = 1.0 - a;
        let mut out = [0u8; 4];
        for k in 0..3 {
            out[k] = (colour[k] as f32 * a + d[k] as f32 * inv).round() as u8;
        }
        out[3] = (255.0 * a + d[3] as f32 * inv).round() as u8;
        self.px[i] = out;
    }
}

/// `canvas` under premultiplied colours `rgb` that keep `keep / 255` of
/// it, byte by byte: in 16 bits, so the compiler blends many bytes at once
/// (the soft shadows are mostly partly covered pixels).
fn blend_premultiplied(canvas: &mut [u8], rgb: &[u8], keep: &[u8]) {
    for ((d, &s), &k) in canvas.iter_mut().zip(rgb).zip(keep) {
        // At most 255 * 255 + 128 + 254: fits 16 bits, and equals div255.
        let v = *d as u16 * k as u16 + 128;
        *d = s.wrapping_add(((v + (v >> 8)) >> 8) as u8);
    }
}

/// `v / 255`, rounded, for `v <= 255 * 255`.
#[inline]
fn div255(v: u32) -> u32 {
    (v + 128 + ((v + 128) >> 8)) >> 8
}

/// Blend a coverage mask (one byte per pixel, `mw` wide) in `colour` with its
/// top-left corner at `(x, y)`.
pub fn blend_mask(canvas: &mut RgbImage, mask: &[u8], mw: u32, x: i32, y: i32, colour: Colour) {
    if mw == 0 {
        return;
    }
    let mh = (mask.len() / mw as usize) as u32;
    let (cw, ch) = canvas.dimensions();
    let Some((x0, y0, x1, y1)) = Rect::new(x, y, mw as i32, mh as i32).clip(cw, ch) else {
        return;
    };
    let stride = cw as usize * 3;
    let buf: &mut [u8] = canvas.as_mut();
    for cy in y0..y1 {
        let my = (cy as i32 - y) as usize;
        let src = &mask[my * mw as usize..][(x0 as i32 - x) as usize..];
        let dst = &mut buf[cy as usize * stride..][x0 as usize * 3..x1 as usize * 3];
        for (d, &a) in dst.chunks_exact_mut(3).zip(src) {
            match a {
                0 => {}
                255 => d.copy_from_slice(&colour),
                a => {
                    let a = a as u32;
                    let inv = 255 - a;
                    for k in 0..3 {
                        d[k] = div255(colour[k] as u32 * a + d[k] as u32 * inv) as u8;
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blending_in_16_bits_keeps_the_canvas_rounded_to_nearest() {
        // A sprite pixel of coverage a, premultiplied colour s <= a, over
        // a canvas byte d: s + d * (255 - a) / 255, rounded.
        for keep in 0..=255u8 {
            let canvas: Vec<u8> = (0..=255).collect();
            for s in [0, 255 - keep] {
                let mut blended = canvas.clone();
                blend_premultiplied(&mut blended, &[s; 256], &[keep; 256]);
                for (d, b) in canvas.iter().zip(&blended) {
                    let exact = s as f64 + (*d as f64 * keep as f64 / 255.0).round();
                    assert_eq!(*b as f64, exact, "d {d}, s {s}, keep {keep}");
                }
            }
        }
    }

    #[test]
    fn div255_rounds() {
        for v in 0..=255 * 255 {
            assert_eq!(div255(v), (v as f32 / 255.0).round() as u32, "{v}");
        }
    }

    #[test]
    fn clipped_drawing_never_panics() {
        let mut img = RgbImage::new(10, 10);
        fill_rect(&mut img, Rect::new(-5, -5, 100, 7), [1, 2, 3]);
        fill_rect(&mut img, Rect::new(50, 50, 10, 10), [1, 2, 3]);
        let mut s = Sprite::new(6, 6);
        paint(
            &mut s,
            &Shape::Circle {
                cx: 3.0,
                cy: 3.0,
                r: 10.0,
            },
            &Paint::solid([9, 9, 9]),
        );
        s.blit(&mut img, -3, 8);
        s.blit(&mut img, 9, -5);
        s.blit_rows(&mut img, 2, 2, 4, 100);
        blend_mask(&mut img, &[255; 12], 4, 8, -1, [5, 5, 5]);
        assert_eq!(img.get_pixel(0, 0).0, [1, 2, 3]);
        swap_colours(&mut img, Rect::new(-4, -4, 5, 5), [1, 2, 3], [9, 9, 9]);
        assert_eq!(img.get_pixel(0, 0).0, [9, 9, 9]);
        assert_eq!(img.get_pixel(1, 1).0, [1, 2, 3]);
    }

    /// Premultiplied "over", one pixel at a time: what a blit must give
    /// whichever runs it copies or blends.
    fn blit_pixel_by_pixel(s: &Sprite, canvas: &mut RgbImage, x: i32, y: i32) {
        for sy in 0..s.h as i32 {
            for sx in 0..s.w as i32 {
                let (cx, cy) = (x + sx, y + sy);
                if cx < 0 || cy < 0 || cx >= canvas.width() as i32 || cy >= canvas.height() as i32 {
                    continue;
                }
                let p = s.px[(sy as u32 * s.w + sx as u32) as usize];
                let d = &mut canvas.get_pixel_mut(cx as u32, cy as u32).0;
                let inv = 255 - p[3] as u32;
                for k in 0..3 {
                    d[k] = (p[k] as u32 + div255(d[k] as u32 * inv)) as u8;
                }
            }
        }
    }

    #[test]
    fn a_blit_by_runs_equals_blending_every_pixel() {
        // A ring with anti-aliased edges: clear, partial and opaque runs
        // on most rows.
        let mut s = Sprite::new(23, 17);
        paint_ring(
            &mut s,
            &Shape::round_rect(2.0, 2.0, 18.0, 12.0, 4.0),
            [200, 40, 90],
            3.0,
        );
        let canvas = RgbImage::from_fn(30, 25, |x, y| image::Rgb([x as u8 * 7, y as u8 * 9, 77]));
        for (x, y) in [
            (0, 0),
            (5, 4),
            (-6, -3),
            (20, 15),
            (-22, 10),
            (29, 24),
            (3, -16),
        ] {
            let mut by_runs = canvas.clone();
            s.blit(&mut by_runs, x, y);
            let mut by_pixels = canvas.clone();
            blit_pixel_by_pixel(&s, &mut by_pixels, x, y);
            assert_eq!(by_runs, by_pixels, "at ({x}, {y})");
        }
        // Drawn on after a blit: the next blit shows the new drawing.
        let mut once = canvas.clone();
        s.blit(&mut once, 1, 1);
        paint(
            &mut s,
            &Shape::round_rect(8.0, 6.0, 6.0, 4.0, 1.0),
            &Paint::solid([1, 2, 3]),
        );
        let mut by_runs = canvas.clone();
        s.blit(&mut by_runs, 1, 1);
        let mut by_pixels = canvas.clone();
        blit_pixel_by_pixel(&s, &mut by_pixels, 1, 1);
        assert_eq!(by_runs, by_pixels);
        assert_ne!(by_runs, once);
    }
}
