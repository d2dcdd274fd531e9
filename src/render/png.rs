//! PNG encoding for every game's picture: a palette PNG, a failure
//! reported, never an empty file.
//!
//! The pictures are flat areas in a few theme colours with anti-aliased
//! edges between them: about 550 to 3,500 colours in all. [`encode`]
//! keeps at most 256 of them (see [`palette`]: the flat areas keep their
//! exact colours, an edge pixel moves by at most a few steps of 255) and
//! writes one byte a pixel instead of three: a 6x6 Tak mid-game is about
//! 36 KB instead of 75 KB. Rows are Paeth-filtered and compressed by
//! fdeflate; a picture that comes out above [`SIZE_LIMIT`] is compressed
//! again with zlib level 1 and the game's [`Filter`].
//!
//! `tests/scale_png.rs` measures the sizes and how far any pixel moved, in
//! every theme; `docs/scale.md` has the figures.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use image::RgbImage;

use super::draw::Rect;
use super::spans::RowSpans;

/// The largest picture the fast setting may produce.
pub const SIZE_LIMIT: usize = 150 * 1024;

/// The row filter a picture compresses best with in the slower setting,
/// zlib, used when the fast one comes out above [`SIZE_LIMIT`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filter {
    /// Paeth: flat squares with straight edges (Tak).
    Paeth,
    /// None: curves on nearly every row, where a filter only turns the
    /// anti-aliased edges into noise and plain rows keep long runs (Takat).
    Unfiltered,
}

impl Filter {
    fn codec(self) -> ::png::Filter {
        match self {
            Filter::Paeth => ::png::Filter::Paeth,
            Filter::Unfiltered => ::png::Filter::NoFilter,
        }
    }
}

/// Why a picture could not be made.
#[derive(Debug)]
pub struct RenderError(Box<dyn std::error::Error + Send + Sync>);

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
        Some(&*self.0)
    }
}

/// Colours packed as `0x00RRGGBB`, for hashing.
fn packed(c: [u8; 3]) -> u32 {
    (c[0] as u32) << 16 | (c[1] as u32) << 8 | c[2] as u32
}

fn unpacked(c: u32) -> [u8; 3] {
    [(c >> 16) as u8, (c >> 8) as u8, c as u8]
}

/// A multiplicative hash for packed colours: SipHash is ten times slower
/// and no input here is chosen by anyone.
#[derive(Default, Clone, Copy)]
struct ColourHasher(u64);

impl std::hash::Hasher for ColourHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x100_0000_01b3);
        }
    }
    fn write_u32(&mut self, n: u32) {
        let h = (n as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = h ^ (h >> 29);
    }
}

type ColourMap<V> = std::collections::HashMap<u32, V, std::hash::BuildHasherDefault<ColourHasher>>;

/// The picture's pixels as runs of one colour, row after row (the
/// pictures are mostly flat areas): `(colour, length)`.
fn runs(img: &RgbImage) -> Vec<(u32, u32)> {
    let mut runs: Vec<(u32, u32)> = Vec::with_capacity(64 * 1024);
    let mut pixels = img.as_raw().chunks_exact(3);
    let Some(mut run) = pixels.next() else {
        return runs;
    };
    let mut length = 1;
    for p in pixels {
        if p == run {
            length += 1;
        } else {
            runs.push((packed([run[0], run[1], run[2]]), length));
            (run, length) = (p, 1);
        }
    }
    runs.push((packed([run[0], run[1], run[2]]), length));
    runs
}

/// How many pixels have each colour.
fn histogram(runs: &[(u32, u32)]) -> ColourMap<u32> {
    let mut counts = ColourMap::default();
    for &(c, length) in runs {
        *counts.entry(c).or_insert(0) += length;
    }
    counts
}

/// At most 256 colours for a picture with the colour counts `counts`,
/// and the palette index of every colour of the picture. With more
/// colours than that, the palette grows from the commonest colour by the
/// colour whose pixels are worst served so far (count times squared
/// distance to its nearest palette colour): the flat areas keep their
/// exact colours, and the anti-aliased edges map to a colour a few steps
/// away (the tests measure how far).
fn palette(counts: &ColourMap<u32>) -> (Vec<u32>, ColourMap<u8>) {
    let mut colours: Vec<(u32, u32)> = counts.iter().map(|(&c, &n)| (c, n)).collect();
    // Commonest first; equal counts by colour, so the palette is the same every time.
    colours.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    if colours.len() <= 256 {
        let index = colours
            .iter()
            .enumerate()
            .map(|(i, &(c, _))| (c, i as u8))
            .collect();
        return (colours.into_iter().map(|(c, _)| c).collect(), index);
    }
    // One array per channel, so the update below vectorises.
    let channel = |shift: u32| -> Vec<i32> {
        colours
            .iter()
            .map(|&(c, _)| (c >> shift & 0xff) as i32)
            .collect()
    };
    let (r, g, b) = (channel(16), channel(8), channel(0));
    let count: Vec<u64> = colours.iter().map(|&(_, n)| n as u64).collect();
    let mut dist = vec![u32::MAX; colours.len()];
    let mut nearest = vec![0u8; colours.len()];
    let mut chosen = Vec::with_capacity(256);
    let mut pick = 0;
    // One pass per colour added: the distances to it, and the colour worst served now.
    while chosen.len() < 256 {
        let index = chosen.len() as u8;
        chosen.push(colours[pick].0);
        let (pr, pg, pb) = (r[pick], g[pick], b[pick]);
        let mut best = (0u64, 0usize);
        for i in 0..colours.len() {
            let d = ((r[i] - pr).pow(2) + (g[i] - pg).pow(2) + (b[i] - pb).pow(2)) as u32;
            if d < dist[i] {
                dist[i] = d;
                nearest[i] = index;
            }
            let worth = count[i] * dist[i] as u64;
            if worth > best.0 {
                best = (worth, i);
            }
        }
        if best.0 == 0 {
            break;
        }
        pick = best.1;
    }
    let index = colours
        .iter()
        .zip(nearest)
        .map(|(&(c, _), i)| (c, i))
        .collect();
    (chosen, index)
}

/// A palette picture: at most 256 colours and one index a pixel.
struct Indexed {
    colours: Vec<u32>,
    pixels: Vec<u8>,
}

/// The palette chosen for `img` and the colours `seen` before in pictures
/// of its kind (their pixel counts), and the index of each of those colours.
fn chosen(img: &RgbImage, mut seen: ColourMap<u32>) -> (Indexed, Kept) {
    let runs = runs(img);
    let counts = histogram(&runs);
    if seen.len() + counts.len() > SEEN {
        seen.clear();
    }
    for (&c, &n) in &counts {
        *seen.entry(c).or_insert(0) += n;
    }
    let (colours, index) = palette(&seen);
    let mut pixels = Vec::with_capacity(img.as_raw().len() / 3);
    for &(c, length) in &runs {
        // Every colour of the picture has an index (`palette` maps them all).
        let i = index.get(&c).copied().unwrap_or(0);
        pixels.resize(pixels.len() + length as usize, i);
    }
    let kept = Kept {
        colours: colours.clone(),
        index,
        seen,
        backgrounds: Vec::new(),
    };
    (Indexed { colours, pixels }, kept)
}

/// How far a colour may move to a palette colour it was not chosen for:
/// 8 steps of 255 in any channel (the test's bound for "far").
const NEAR: i32 = 8;

/// The most colours a kind of picture remembers (a game's pictures in one
/// theme have a few thousand): past it, they are forgotten.
const SEEN: usize = 16 * 1024;

/// The palette kept for one kind of picture (game, theme and size): its
/// colours, the index of every colour seen in those pictures so far, and
/// how many pixels had each colour, for choosing the next palette from all
/// of them when a new colour fits none.
#[derive(Clone, Default)]
struct Kept {
    colours: Vec<u32>,
    index: ColourMap<u8>,
    seen: ColourMap<u32>,
    /// The pre-drawn backgrounds of these pictures (one a board size, in
    /// pictures of one size) and their pixels through this palette (see
    /// [`Drawn`]), or `None` for one with a colour that fits none of the
    /// palette's (its pictures are then looked up whole, without trying
    /// again); a palette that grows keeps the indices it had, so they stay
    /// right until one is chosen anew.
    backgrounds: Vec<(Arc<RgbImage>, Option<Indices>)>,
}

/// A picture's palette indices, one a pixel.
type Indices = Arc<Vec<u8>>;

/// The most backgrounds a palette keeps the indices of (Tak has one a
/// board size, 3 to 8): past it, they are forgotten.
const BACKGROUNDS: usize = 8;

/// What a picture is: its pre-drawn background with `rects` drawn over
/// it (each clipped to the picture). Every pixel outside the rectangles
/// must be the background's: only the rectangles are then looked up in
/// the palette, the rest copied from the background's indices, worked out
/// once per palette.
pub struct Drawn {
    pub background: Arc<RgbImage>,
    pub rects: Vec<Rect>,
}

/// The index for a colour `c` not seen before: an exact new entry while
/// `palette` has room, else the nearest colour if it is [`NEAR`]; `None`
/// when neither (the palette no longer fits the pictures).
fn place(palette: &mut Vec<u32>, c: u32) -> Option<u8> {
    if palette.len() < 256 {
        palette.push(c);
        return Some((palette.len() - 1) as u8);
    }
    let [r, g, b] = unpacked(c).map(i32::from);
    let (far, i) = palette
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            let [pr, pg, pb] = unpacked(p).map(i32::from);
            let far = (r - pr).abs().max((g - pg).abs()).max((b - pb).abs());
            (far, i)
        })
        .min()?;
    (far <= NEAR).then_some(i as u8)
}

/// Pixels compared with the row above at once: most of a board picture
/// is flat areas, the same as the row above.
const CHUNK: usize = 16;

/// Whether the `n` pixels (at most `CHUNK`) from byte `at` equal those
/// from byte `above`. A full chunk compares inline rather than calling
/// `memcmp` some 30,000 times a picture.
#[inline]
fn same_chunk(raw: &[u8], at: usize, above: usize, n: usize) -> bool {
    let chunk = |from: usize| <&[u8; CHUNK * 3]>::try_from(raw.get(from..from + CHUNK * 3)?).ok();
    if n == CHUNK {
        if let (Some(a), Some(b)) = (chunk(at), chunk(above)) {
            return a == b;
        }
    }
    raw.get(at..at + n * 3) == raw.get(above..above + n * 3)
}

/// The part of each row to look up: the whole row, or the pixels that
/// `rects` cover over a background whose indices are known.
#[derive(Clone, Copy)]
enum Rows<'a> {
    Whole,
    Over {
        indices: &'a [u8],
        rects: &'a [Rect],
    },
}

/// `img` through the palette `kept`: the pixels, the palette with any
/// colours added, and the colours not seen before with their indices; or
/// `None` when a colour fits none of the palette's.
fn through(img: &RgbImage, kept: &Kept, rows: Rows) -> Option<(Vec<u8>, Vec<u32>, ColourMap<u8>)> {
    let raw = img.as_raw();
    let w = img.width() as usize;
    let mut pixels = match rows {
        Rows::Whole => vec![0; raw.len() / 3],
        Rows::Over { indices, .. } if indices.len() == raw.len() / 3 => indices.to_vec(),
        Rows::Over { .. } => return None,
    };
    let mut palette = kept.colours.clone();
    let mut new = ColourMap::default();
    let mut recent = Recent::new();
    let mut rows = match rows {
        Rows::Whole => RowSpans::whole(img.dimensions()),
        Rows::Over { rects, .. } => RowSpans::new(rects, img.dimensions()),
    };
    while let Some((y, spans)) = rows.next_row() {
        let row = y * w;
        for &(x0, x1) in spans {
            let (from, to) = (row + x0, row + x1);
            // The same as the row above: one comparison for all of it.
            if y > 0 && raw[from * 3..to * 3] == raw[(from - w) * 3..(to - w) * 3] {
                pixels.copy_within(from - w..to - w, from);
                continue;
            }
            for start in (from..to).step_by(CHUNK) {
                let end = (start + CHUNK).min(to);
                if y > 0 && same_chunk(raw, start * 3, (start - w) * 3, end - start) {
                    pixels.copy_within(start - w..end - w, start);
                    continue;
                }
                for p in start..end {
                    let c = packed([raw[p * 3], raw[p * 3 + 1], raw[p * 3 + 2]]);
                    let slot = recent.slot(c);
                    pixels[p] = match recent.colours[slot] == c {
                        true => recent.indices[slot],
                        false => {
                            let i = match kept.index.get(&c).or_else(|| new.get(&c)) {
                                Some(&i) => i,
                                None => {
                                    let i = place(&mut palette, c)?;
                                    new.insert(c, i);
                                    i
                                }
                            };
                            (recent.colours[slot], recent.indices[slot]) = (c, i);
                            i
                        }
                    };
                }
            }
        }
    }
    Some((pixels, palette, new))
}

/// The colours looked up lately and their indices, in a small table by
/// colour (a slot holds the last colour that fell in it), asked before the
/// palette's map: most pixels looked up have a colour seen a little
/// before, and a probe here is one comparison (the drawn parts of a 6x6
/// mid-game mapped in 280 us against 355 us with the map alone).
struct Recent {
    colours: Box<[u32; RECENT]>,
    indices: Box<[u8; RECENT]>,
}

const RECENT: usize = 4096;

impl Recent {
    fn new() -> Recent {
        // No colour is `u32::MAX` (they are 24 bits): every slot empty.
        Recent {
            colours: Box::new([u32::MAX; RECENT]),
            indices: Box::new([0; RECENT]),
        }
    }

    fn slot(&self, c: u32) -> usize {
        (c.wrapping_mul(0x9e37_79b1) >> (32 - RECENT.trailing_zeros())) as usize
    }
}

type KeptKey = (u64, (u32, u32));

/// Palettes kept between pictures, by kind of picture and size: choosing
/// one (see [`palette`]) costs more than the rest of the encoding, and a
/// game's pictures share their colours from move to move.
static KEPT: Mutex<Option<HashMap<KeptKey, Arc<Kept>>>> = Mutex::new(None);

/// More kinds than games x themes x sizes would be a leak: start again.
const KINDS: usize = 256;

fn kept(key: KeptKey) -> Option<Arc<Kept>> {
    let all = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    all.as_ref()?.get(&key).cloned()
}

fn keep(key: KeptKey, palette: Kept) {
    let mut all = KEPT.lock().unwrap_or_else(|e| e.into_inner());
    let all = all.get_or_insert_with(HashMap::new);
    if all.len() >= KINDS {
        all.clear();
    }
    all.insert(key, Arc::new(palette));
}

/// `img` with the palette kept for `kind`, extended by its new colours, or
/// one chosen again from all the colours seen (then kept) when one of them
/// fits none of the kept palette's.
fn indexed(img: &RgbImage, kind: u64) -> Indexed {
    let key = (kind, img.dimensions());
    let old = kept(key);
    if let Some(old) = &old {
        if let Some(picture) = kept_through(img, old, Rows::Whole, key) {
            return picture;
        }
    }
    chosen_again(img, old, key)
}

/// `img` through the palette `old` as [`through`] does, the palette kept
/// with the colours it gained.
fn kept_through(img: &RgbImage, old: &Kept, rows: Rows, key: KeptKey) -> Option<Indexed> {
    let (pixels, colours, new) = through(img, old, rows)?;
    if !new.is_empty() {
        keep(key, grown(old, &colours, new));
    }
    Some(Indexed { colours, pixels })
}

/// `old` with the colours `new` added (`colours` is the palette with them).
fn grown(old: &Kept, colours: &[u32], new: ColourMap<u8>) -> Kept {
    let mut grown = Kept::clone(old);
    grown.colours = colours.to_vec();
    for (c, i) in new {
        grown.index.insert(c, i);
        grown.seen.insert(c, 1);
    }
    grown
}

/// `img` with a palette chosen for it and the colours seen before, kept.
fn chosen_again(img: &RgbImage, old: Option<Arc<Kept>>, key: KeptKey) -> Indexed {
    let seen = old.map(|o| o.seen.clone()).unwrap_or_default();
    let (picture, palette) = chosen(img, seen);
    keep(key, palette);
    picture
}

/// [`indexed`] for a picture `drawn` over a background: only the drawn
/// rectangles are looked up.
fn indexed_over(img: &RgbImage, drawn: &Drawn, kind: u64) -> Indexed {
    let key = (kind, img.dimensions());
    let Some(mut old) = kept(key) else {
        return indexed(img, kind);
    };
    let known = old
        .backgrounds
        .iter()
        .find(|(background, _)| Arc::ptr_eq(background, &drawn.background));
    let indices = match known {
        Some((_, Some(indices))) => indices.clone(),
        Some((_, None)) => return indexed(img, kind),
        None => {
            // The background through this palette, once per palette.
            let (mut with, indices) = match through(&drawn.background, &old, Rows::Whole) {
                Some((pixels, colours, new)) => {
                    (grown(&old, &colours, new), Some(Arc::new(pixels)))
                }
                // Only a full palette refuses a colour, and a full one never grows.
                None => (Kept::clone(&old), None),
            };
            if with.backgrounds.len() >= BACKGROUNDS {
                with.backgrounds.clear();
            }
            with.backgrounds
                .push((drawn.background.clone(), indices.clone()));
            old = Arc::new(with);
            keep(key, Kept::clone(&old));
            match indices {
                Some(indices) => indices,
                None => return indexed(img, kind),
            }
        }
    };
    let rows = Rows::Over {
        indices: &indices,
        rects: &drawn.rects,
    };
    kept_through(img, &old, rows, key).unwrap_or_else(|| chosen_again(img, Some(old), key))
}

fn write(
    img: &RgbImage,
    picture: &Indexed,
    compression: ::png::DeflateCompression,
    filter: ::png::Filter,
) -> Result<Vec<u8>, RenderError> {
    let failed = |e: ::png::EncodingError| RenderError(e.into());
    let mut out = Vec::with_capacity(64 * 1024);
    let (w, h) = img.dimensions();
    let mut encoder = ::png::Encoder::new(&mut out, w, h);
    encoder.set_color(::png::ColorType::Indexed);
    encoder.set_depth(::png::BitDepth::Eight);
    encoder.set_palette(
        picture
            .colours
            .iter()
            .flat_map(|&c| unpacked(c))
            .collect::<Vec<u8>>(),
    );
    encoder.set_deflate_compression(compression);
    encoder.set_filter(filter);
    let mut writer = encoder.write_header().map_err(failed)?;
    writer.write_image_data(&picture.pixels).map_err(failed)?;
    writer.finish().map_err(failed)?;
    Ok(out)
}

/// `img` as a palette PNG (see the module's note) with a palette chosen
/// for it alone; `filter` for the slower setting.
pub fn encode(img: &RgbImage, filter: Filter) -> Result<Vec<u8>, RenderError> {
    written(img, &chosen(img, ColourMap::default()).0, filter)
}

/// `img` as a palette PNG like [`encode`], with the palette kept from the
/// earlier pictures of its `kind` (its game and theme; the size is the
/// picture's) when it fits: the flat areas keep their exact colours, a
/// colour not seen before gets a palette entry of its own while there is
/// room, else the nearest one if that is at most 8 steps of 255 away, else
/// the picture gets a palette chosen for it alone, kept for the next ones.
pub fn encode_kept(img: &RgbImage, filter: Filter, kind: u64) -> Result<Vec<u8>, RenderError> {
    written(img, &indexed(img, kind), filter)
}

/// [`encode_kept`] for a picture `drawn` over a pre-drawn background: the
/// same file, with only the drawn rectangles looked up in the palette.
pub fn encode_drawn(
    img: &RgbImage,
    drawn: &Drawn,
    filter: Filter,
    kind: u64,
) -> Result<Vec<u8>, RenderError> {
    written(img, &indexed_over(img, drawn, kind), filter)
}

fn written(img: &RgbImage, picture: &Indexed, filter: Filter) -> Result<Vec<u8>, RenderError> {
    let fast = write(
        img,
        picture,
        ::png::DeflateCompression::FdeflateUltraFast,
        ::png::Filter::Paeth,
    )?;
    if fast.len() <= SIZE_LIMIT {
        return Ok(fast);
    }
    write(
        img,
        picture,
        ::png::DeflateCompression::Level(1),
        filter.codec(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoded(png: &[u8]) -> RgbImage {
        image::load_from_memory(png).unwrap().to_rgb8()
    }

    #[test]
    fn a_picture_of_few_colours_comes_back_exactly() {
        let img = RgbImage::from_fn(40, 30, |x, y| {
            image::Rgb([(x / 4) as u8 * 20, (y / 3) as u8, 7])
        });
        for filter in [Filter::Paeth, Filter::Unfiltered] {
            assert_eq!(decoded(&encode(&img, filter).unwrap()), img, "{filter:?}");
        }
    }

    #[test]
    fn a_picture_of_many_colours_comes_back_close() {
        // 1,200 colours in a smooth gradient: each maps to a near one.
        let img = RgbImage::from_fn(40, 30, |x, y| image::Rgb([x as u8 * 6, y as u8 * 8, 7]));
        let back = decoded(&encode(&img, Filter::Paeth).unwrap());
        let moved = img
            .pixels()
            .zip(back.pixels())
            .flat_map(|(a, b)| (0..3).map(move |i| a.0[i].abs_diff(b.0[i])))
            .max();
        assert!(moved.is_some_and(|d| d <= 8), "{moved:?}");
    }

    /// The largest change of any channel of any pixel.
    fn moved(img: &RgbImage, png: &[u8]) -> u8 {
        let back = decoded(png);
        img.pixels()
            .zip(back.pixels())
            .flat_map(|(a, b)| (0..3).map(move |i| a.0[i].abs_diff(b.0[i])))
            .max()
            .unwrap_or(0)
    }

    #[test]
    fn a_kept_palette_serves_the_next_pictures_of_its_kind() {
        let kind = 0x6b65_7074;
        let few = RgbImage::from_fn(40, 30, |x, y| {
            image::Rgb([(x / 4) as u8 * 20, (y / 3) as u8, 7])
        });
        assert_eq!(
            decoded(&encode_kept(&few, Filter::Paeth, kind).unwrap()),
            few
        );
        // New colours join the palette exactly while it has room.
        let more = RgbImage::from_fn(40, 30, |x, y| {
            image::Rgb([(x / 4) as u8 * 20, (y / 3) as u8, 9])
        });
        assert_eq!(
            decoded(&encode_kept(&more, Filter::Paeth, kind).unwrap()),
            more
        );
    }

    #[test]
    fn a_colour_far_from_a_full_kept_palette_gets_a_palette_chosen_again() {
        let kind = 0x66_6172;
        let gradient = |x: u32, y: u32| image::Rgb([x as u8 * 6, y as u8 * 8, 7]);
        let first = RgbImage::from_fn(40, 30, gradient);
        assert!(moved(&first, &encode_kept(&first, Filter::Paeth, kind).unwrap()) <= 8);
        // A block of magenta, far from every colour of the full palette.
        let second = RgbImage::from_fn(40, 30, |x, y| {
            if x < 10 && y < 10 {
                image::Rgb([255, 0, 255])
            } else {
                gradient(x, y)
            }
        });
        let png = encode_kept(&second, Filter::Paeth, kind).unwrap();
        assert_eq!(decoded(&png).get_pixel(3, 3).0, [255, 0, 255]);
        assert!(moved(&second, &png) <= 8);
    }

    /// A background of flat blocks, and a copy with `rects` drawn over
    /// in colours of their own.
    fn drawn_over(rects: &[Rect]) -> (Arc<RgbImage>, RgbImage) {
        let background = RgbImage::from_fn(50, 40, |x, y| {
            image::Rgb([(x / 5) as u8 * 20, (y / 4) as u8 * 10, 30])
        });
        let mut img = background.clone();
        for r in rects {
            if let Some((x0, y0, x1, y1)) = r.clip(50, 40) {
                for (x, y) in (y0..y1).flat_map(|y| (x0..x1).map(move |x| (x, y))) {
                    img.put_pixel(x, y, image::Rgb([(x * 7 + y * 3) as u8, 200, x as u8]));
                }
            }
        }
        (Arc::new(background), img)
    }

    const RECTS: [Rect; 4] = [
        Rect::new(3, 4, 10, 7),
        Rect::new(8, 6, 20, 3),
        // Partly off the picture: clipped.
        Rect::new(45, 35, 20, 20),
        Rect::new(-5, -5, 8, 8),
    ];

    #[test]
    fn looking_up_only_the_drawn_rectangles_gives_the_whole_lookup() {
        let (background, img) = drawn_over(&RECTS);
        let (_, kept) = chosen(&img, ColourMap::default());
        // The background through the palette, as `indexed_over` does it.
        let (indices, colours, new) = through(&background, &kept, Rows::Whole).unwrap();
        let kept = grown(&kept, &colours, new);
        let whole = through(&img, &kept, Rows::Whole).unwrap();
        let rows = Rows::Over {
            indices: &indices,
            rects: &RECTS,
        };
        let over = through(&img, &kept, rows).unwrap();
        assert_eq!(over.0, whole.0);
        assert_eq!(over.1, whole.1);
    }

    #[test]
    fn a_picture_drawn_over_its_background_comes_back_exactly() {
        let kind = 0x6f76_6572;
        let (background, first) = drawn_over(&RECTS[..1]);
        let drawn = |rects: &[Rect]| Drawn {
            background: background.clone(),
            rects: rects.to_vec(),
        };
        // The first picture of its kind chooses the palette; the second is
        // looked up only where drawn, over the background's indices.
        let png = encode_drawn(&first, &drawn(&RECTS[..1]), Filter::Paeth, kind).unwrap();
        assert_eq!(decoded(&png), first);
        let (_, second) = drawn_over(&RECTS);
        let png = encode_drawn(&second, &drawn(&RECTS), Filter::Paeth, kind).unwrap();
        assert_eq!(decoded(&png), second);
    }

    #[test]
    fn a_background_that_fits_no_kept_palette_is_not_tried_again() {
        let kind = 0x6e6f_6669;
        let gradient = |x: u32, y: u32| image::Rgb([x as u8 * 6, y as u8 * 8, 7]);
        // A block of magenta in the background, far from every colour of
        // the full palette the gradient gets, and hidden by what is drawn.
        let background = Arc::new(RgbImage::from_fn(40, 30, |x, y| {
            if x < 10 && y < 10 {
                image::Rgb([255, 0, 255])
            } else {
                gradient(x, y)
            }
        }));
        let img = RgbImage::from_fn(40, 30, gradient);
        let drawn = Drawn {
            background: background.clone(),
            rects: vec![Rect::new(0, 0, 10, 10)],
        };
        for _ in 0..2 {
            let png = encode_drawn(&img, &drawn, Filter::Paeth, kind).unwrap();
            assert!(moved(&img, &png) <= 8);
        }
        let kept = kept((kind, (40, 30))).unwrap();
        assert!(kept.colours.len() == 256 && !kept.colours.contains(&0xff00ff));
        let known: Vec<_> = kept
            .backgrounds
            .iter()
            .filter(|(b, _)| Arc::ptr_eq(b, &background))
            .collect();
        assert!(matches!(known[..], [(_, None)]), "{}", known.len());
    }

    #[test]
    fn a_failure_is_reported_not_an_empty_file() {
        // A zero-sized image is refused by the PNG encoder.
        let err = encode(&RgbImage::new(0, 0), Filter::Paeth).unwrap_err();
        assert!(err.to_string().contains("could not be encoded"), "{err}");
    }
}
