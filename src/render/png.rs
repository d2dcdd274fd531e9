//! PNG encoding for every game's picture, in one of two settings (the game
//! picks the one that suits its picture), a failure reported, never an
//! empty file.
//!
//! - [`Filter::Paeth`]: fdeflate with the Paeth filter (about 1 ms and
//!   75 KB for a typical 6x6 Tak board); a picture that comes out above
//!   [`SIZE_LIMIT`] (tall stacks everywhere) is encoded again with zlib
//!   level 1, which keeps even an 8x8 board of tall stacks well under it.
//! - [`Filter::Unfiltered`]: zlib level 1 on unfiltered rows (fdeflate
//!   finds nothing to repeat in them: 1.6 MB for Takat's picture).
//!
//! The measurements are in `docs/render.md`.

use std::fmt;

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, RgbImage};

/// The largest picture the fast setting may produce.
pub const SIZE_LIMIT: usize = 150 * 1024;

/// The row filter a picture compresses best with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filter {
    /// Paeth: flat squares with straight edges (Tak).
    Paeth,
    /// None: curves on nearly every row, where a filter only turns the
    /// anti-aliased edges into noise and plain rows keep long runs (Takat).
    Unfiltered,
}

impl Filter {
    fn codec(self) -> FilterType {
        match self {
            Filter::Paeth => FilterType::Paeth,
            Filter::Unfiltered => FilterType::NoFilter,
        }
    }
}

/// Why a picture could not be made.
#[derive(Debug)]
pub struct RenderError(image::ImageError);

impl fmt::Display for RenderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the board picture could not be encoded as PNG: {}",
            self.0
        )
    }
}

impl std::error::Error for RenderError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}

fn encode_with(
    img: &RgbImage,
    compression: CompressionType,
    filter: Filter,
) -> Result<Vec<u8>, RenderError> {
    let mut out = Vec::with_capacity(128 * 1024);
    let encoder = PngEncoder::new_with_quality(&mut out, compression, filter.codec());
    let (w, h) = img.dimensions();
    encoder
        .write_image(img.as_raw(), w, h, image::ExtendedColorType::Rgb8)
        .map_err(RenderError)?;
    Ok(out)
}

/// `img` as PNG bytes, rows filtered with `filter`.
pub fn encode(img: &RgbImage, filter: Filter) -> Result<Vec<u8>, RenderError> {
    if filter == Filter::Paeth {
        let fast = encode_with(img, CompressionType::Fast, filter)?;
        if fast.len() <= SIZE_LIMIT {
            return Ok(fast);
        }
    }
    encode_with(img, CompressionType::Level(1), filter)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_picture_encodes_and_decodes_back() {
        let img = RgbImage::from_fn(40, 30, |x, y| image::Rgb([x as u8, y as u8, 7]));
        for filter in [Filter::Paeth, Filter::Unfiltered] {
            let png = encode(&img, filter).unwrap();
            let back = image::load_from_memory(&png).unwrap().to_rgb8();
            assert_eq!(back, img, "{filter:?}");
        }
    }

    #[test]
    fn a_failure_is_reported_not_an_empty_file() {
        // A zero-sized image is refused by the PNG encoder.
        let err = encode(&RgbImage::new(0, 0), Filter::Paeth).unwrap_err();
        assert!(err.to_string().contains("could not be encoded"), "{err}");
    }
}
