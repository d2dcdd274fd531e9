//! PNG encoding with a fast setting.
//!
//! First fdeflate with the Paeth filter (about 0.5 ms and 63 KB for a
//! typical 6x6 board); a picture that comes out above [`SIZE_LIMIT`] (tall
//! stacks everywhere) is encoded again with zlib level 1 and the Paeth
//! filter, which keeps even an 8x8 board of tall stacks well under it
//! (see `docs/render.md`).

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, RgbImage};

/// The largest picture the fast setting may produce.
pub const SIZE_LIMIT: usize = 150 * 1024;

fn encode_with(img: &RgbImage, compression: CompressionType, filter: FilterType) -> Vec<u8> {
    let mut out = Vec::with_capacity(96 * 1024);
    let encoder = PngEncoder::new_with_quality(&mut out, compression, filter);
    let (w, h) = img.dimensions();
    match encoder.write_image(img.as_raw(), w, h, image::ExtendedColorType::Rgb8) {
        Ok(()) => out,
        Err(_) => Vec::new(),
    }
}

/// `img` as PNG bytes. Encoding into memory cannot fail for a valid image;
/// should it ever, the result is empty rather than a panic.
pub fn encode(img: &RgbImage) -> Vec<u8> {
    let fast = encode_with(img, CompressionType::Fast, FilterType::Paeth);
    if fast.len() <= SIZE_LIMIT {
        return fast;
    }
    encode_with(img, CompressionType::Level(1), FilterType::Paeth)
}
