//! PNG encoding with a fast setting.
//!
//! zlib level 1 with the Paeth filter: about a millisecond for a typical
//! board, and it keeps an 8x8 board full of tall stacks well under 150 KB,
//! which the even faster fdeflate setting does not (see `docs/render.md`).

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, RgbImage};

/// `img` as PNG bytes. Encoding into memory cannot fail for a valid image;
/// should it ever, the result is empty rather than a panic.
pub fn encode(img: &RgbImage) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 * 1024);
    let encoder =
        PngEncoder::new_with_quality(&mut out, CompressionType::Level(1), FilterType::Paeth);
    let (w, h) = img.dimensions();
    match encoder.write_image(img.as_raw(), w, h, image::ExtendedColorType::Rgb8) {
        Ok(()) => out,
        Err(_) => Vec::new(),
    }
}
