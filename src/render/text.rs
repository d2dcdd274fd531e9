//! Fonts and text.
//!
//! DejaVu Sans (regular and bold) is embedded with `include_bytes!` (licence
//! in `assets/fonts/LICENSE.txt`), so nothing is read at run time. Glyphs are
//! rasterised with ab_glyph once per (face, glyph, size) and kept in a cache;
//! drawing text afterwards only blends cached coverage masks. Characters the
//! font lacks (emoji, CJK) are drawn as `?`.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont};
use image::RgbImage;

use super::draw::{blend_mask, paint, Colour, Paint, Rect, Shape};

static REGULAR_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
static BOLD_TTF: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// A typeface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Face {
    Regular,
    Bold,
}

/// Height of capital letters and digits, as a fraction of the pixel size
/// (DejaVu Sans: 1493 / 2048 units).
pub const CAP_HEIGHT: f32 = 0.729;

fn font(face: Face) -> Option<&'static FontRef<'static>> {
    static REGULAR: OnceLock<Option<FontRef<'static>>> = OnceLock::new();
    static BOLD: OnceLock<Option<FontRef<'static>>> = OnceLock::new();
    let (cell, bytes) = match face {
        Face::Regular => (&REGULAR, REGULAR_TTF),
        Face::Bold => (&BOLD, BOLD_TTF),
    };
    cell.get_or_init(|| FontRef::try_from_slice(bytes).ok())
        .as_ref()
}

/// A rasterised glyph: coverage bytes, placed relative to the pen position
/// on the baseline.
struct Glyph {
    left: i32,
    top: i32,
    w: u32,
    mask: Vec<u8>,
}

type GlyphKey = (Face, u16, u32);

fn glyph_cache() -> &'static Mutex<HashMap<GlyphKey, Option<Arc<Glyph>>>> {
    static CACHE: OnceLock<Mutex<HashMap<GlyphKey, Option<Arc<Glyph>>>>> = OnceLock::new();
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

fn rasterise(font: &FontRef<'static>, id: GlyphId, px: f32) -> Option<Arc<Glyph>> {
    let glyph = id.with_scale(PxScale::from(px));
    let outline = font.outline_glyph(glyph)?;
    let b = outline.px_bounds();
    let w = b.width().max(0.0) as u32;
    let h = b.height().max(0.0) as u32;
    let mut mask = vec![0u8; w as usize * h as usize];
    outline.draw(|x, y, c| {
        if x < w && y < h {
            mask[(y * w + x) as usize] = (c.clamp(0.0, 1.0) * 255.0).round() as u8;
        }
    });
    Some(Arc::new(Glyph {
        left: b.min.x as i32,
        top: b.min.y as i32,
        w,
        mask,
    }))
}

fn cached_glyph(face: Face, font: &FontRef<'static>, id: GlyphId, px: f32) -> Option<Arc<Glyph>> {
    let key = (face, id.0, (px * 8.0).round() as u32);
    let mut cache = glyph_cache().lock().unwrap_or_else(|e| e.into_inner());
    cache
        .entry(key)
        .or_insert_with(|| rasterise(font, id, px))
        .clone()
}

/// Glyph ids and pen positions (relative to the start) of `text`, and the
/// total advance.
fn shape(font: &FontRef<'static>, px: f32, text: &str) -> (Vec<(GlyphId, f32)>, f32) {
    let scaled = font.as_scaled(PxScale::from(px));
    let fallback = font.glyph_id('?');
    let mut out = Vec::with_capacity(text.len());
    let mut pen = 0.0f32;
    let mut prev: Option<GlyphId> = None;
    for c in text.chars() {
        if c.is_control() {
            continue;
        }
        let mut id = font.glyph_id(c);
        if id.0 == 0 {
            id = fallback;
        }
        if let Some(p) = prev {
            pen += scaled.kern(p, id);
        }
        out.push((id, pen));
        pen += scaled.h_advance(id);
        prev = Some(id);
    }
    (out, pen)
}

/// Width in pixels of `text` set in `face` at `px` pixels.
pub fn measure(face: Face, px: f32, text: &str) -> f32 {
    match font(face) {
        Some(f) if px > 0.0 => shape(f, px, text).1,
        _ => 0.0,
    }
}

/// Draw `text` with its baseline starting at `(x, baseline)`; returns the
/// advance in pixels.
pub fn draw(
    canvas: &mut RgbImage,
    face: Face,
    px: f32,
    x: f32,
    baseline: f32,
    colour: Colour,
    text: &str,
) -> f32 {
    let Some(f) = font(face) else { return 0.0 };
    if !(px > 0.0 && px < 1000.0) {
        return 0.0;
    }
    let (glyphs, advance) = shape(f, px, text);
    let by = baseline.round() as i32;
    for (id, pen) in glyphs {
        if let Some(g) = cached_glyph(face, f, id, px) {
            let gx = (x + pen).round() as i32 + g.left;
            blend_mask(canvas, &g.mask, g.w, gx, by + g.top, colour);
        }
    }
    advance
}

/// `text`, cut and ended with an ellipsis if needed so that it is at most
/// `max_width` pixels wide.
pub fn fit(face: Face, px: f32, text: &str, max_width: f32) -> String {
    if measure(face, px, text) <= max_width {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    let mut n = chars.len();
    while n > 0 {
        n -= 1;
        let s: String = chars[..n].iter().collect::<String>().trim_end().to_string() + "…";
        if measure(face, px, &s) <= max_width {
            return s;
        }
    }
    String::new()
}

/// A pill of `fill` filling `r`, with `label` in bold `px` pixels centred
/// in it: a stack's height.
pub fn draw_pill(img: &mut RgbImage, r: Rect, label: &str, px: f32, fill: Colour, ink: Colour) {
    let h = r.h as f32;
    let shape = Shape::round_rect(r.x as f32, r.y as f32, r.w as f32, h, h / 2.0);
    paint(img, &shape, &Paint::solid(fill));
    let w = measure(Face::Bold, px, label);
    let x = r.x as f32 + (r.w as f32 - w) / 2.0;
    let base = r.y as f32 + (h + px * CAP_HEIGHT) / 2.0;
    draw(img, Face::Bold, px, x, base, ink, label);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fonts_load_and_measure() {
        assert!(font(Face::Regular).is_some());
        assert!(font(Face::Bold).is_some());
        let w = measure(Face::Regular, 20.0, "abc");
        assert!(w > 20.0 && w < 60.0, "{w}");
        assert!(measure(Face::Bold, 20.0, "abc") > w);
    }

    #[test]
    fn fit_cuts_with_ellipsis() {
        let long = "a very long player name that cannot fit";
        let s = fit(Face::Regular, 16.0, long, 100.0);
        assert!(s.ends_with('…'));
        assert!(measure(Face::Regular, 16.0, &s) <= 100.0);
        assert_eq!(fit(Face::Regular, 16.0, "Al", 100.0), "Al");
    }

    #[test]
    fn draws_ink_and_survives_odd_input() {
        let mut img = RgbImage::new(100, 40);
        draw(
            &mut img,
            Face::Bold,
            20.0,
            5.0,
            30.0,
            [255; 3],
            "Hi 🙂\u{7}",
        );
        assert!(img.pixels().any(|p| p.0[0] > 200));
        draw(
            &mut img,
            Face::Bold,
            20.0,
            -500.0,
            3000.0,
            [255; 3],
            "off canvas",
        );
        draw(&mut img, Face::Bold, f32::NAN, 0.0, 0.0, [255; 3], "nan");
    }
}
