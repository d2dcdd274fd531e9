//! A whole game as an animated GIF (`/replay`): one frame per position,
//! from the start to the last action, each the game's own picture
//! ([`super::compose`], so its last action is highlighted), drawn from
//! the cached sprites like every board picture.
//!
//! What keeps it fast and small:
//! - one palette for the whole game, learnt (NeuQuant) from the first and
//!   the last picture, and a lazily filled table from colour to palette
//!   index, so mapping a frame is a table look-up per pixel;
//! - each frame after the first holds only the rectangle that changed
//!   since the one before, the unchanged pixels in it transparent, drawn
//!   over the frame before (GIF's "keep" disposal), so a move costs the few
//!   squares and card lines it touched.
//!
//! What keeps it bounded ([`Limits`], issue 26): at most so many frames
//! (a longer game shows every second or third position, the last always),
//! a size checked as each frame is written (the GIF stops growing at the
//! server's upload limit, it is not built whole first), and the job's
//! [`Budget`] checked before each frame.
//!
//! The figures for a 150-ply 8x8 Tak game are in `docs/render.md`
//! (`cargo test --release --lib render::animation -- --ignored`).

use std::borrow::Cow;
use std::fmt;

use color_quant::NeuQuant;
use gif::{DisposalMethod, Encoder, Frame, Repeat};
use image::RgbImage;

use super::{compose, Theme};
use crate::budget::Budget;
use crate::games::{GameError, GameState};

/// How long each position shows, in hundredths of a second.
pub const FRAME_DELAY: u16 = 60;
/// How long the final position shows before the animation starts again.
pub const LAST_DELAY: u16 = 400;

/// The colours of the palette; the last index of the 256 is transparency.
const COLORS: usize = 255;
const TRANSPARENT: u8 = 255;
/// NeuQuant learns from every `SAMPLE`th pixel (1 is best and slowest).
const SAMPLE: i32 = 10;
/// Bits per channel of the colour table's key.
const KEY_BITS: u32 = 6;

/// A finished animation: what the bot attaches, and its description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Animation {
    pub gif: Vec<u8>,
    /// Positions shown: the start and one after each `step` actions (and
    /// the last).
    pub frames: usize,
    /// How many actions each frame moves on: 1 unless the game is longer
    /// than [`Limits::frames`].
    pub step: usize,
    pub alt: String,
}

/// How far one animation may go.
#[derive(Clone, Debug)]
pub struct Limits {
    /// The most frames it has (at least 2: the start and the end).
    pub frames: usize,
    /// The most bytes the GIF may take.
    pub bytes: usize,
    /// Its time, and the bot's stop.
    pub budget: Budget,
}

impl Limits {
    /// No bound (the command line, tests).
    pub fn none() -> Limits {
        Limits {
            frames: usize::MAX,
            bytes: usize::MAX,
            budget: Budget::unlimited(),
        }
    }
}

/// Why a game could not be animated.
#[derive(Debug)]
pub enum AnimationError {
    /// The game could not be played again from its settings.
    Replay(GameError),
    /// The game began from a position its settings do not give, so its
    /// actions from the settings' start do not lead to it.
    UnknownStart,
    Encode(gif::EncodingError),
    /// A picture larger than a GIF can be (65535 pixels a side).
    TooLarge(u32, u32),
    /// The GIF grew past [`Limits::bytes`] before it was done.
    OverSize {
        limit: usize,
    },
    /// The job's budget was spent before it was done.
    OutOfTime,
}

impl fmt::Display for AnimationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnimationError::Replay(e) => write!(f, "the game could not be replayed: {e}"),
            AnimationError::UnknownStart => write!(
                f,
                "the game began from a position its settings do not give, so it can't be replayed"
            ),
            AnimationError::Encode(e) => write!(f, "the replay could not be encoded as GIF: {e}"),
            AnimationError::TooLarge(w, h) => {
                write!(f, "a {w}x{h} picture is too large for a GIF")
            }
            AnimationError::OverSize { limit } => {
                write!(f, "the replay would be over {}", mebibytes(*limit))
            }
            AnimationError::OutOfTime => write!(f, "the replay took too long to draw"),
        }
    }
}

impl std::error::Error for AnimationError {}

/// A size in bytes as MiB, as Discord states upload limits: whole when it is whole (`10 MiB`),
/// else to one place, rounded down so that a file of that size is never over it (`7.6 MiB`).
pub fn mebibytes(bytes: usize) -> String {
    const MIB: usize = 1024 * 1024;
    if bytes % MIB == 0 {
        format!("{} MiB", bytes / MIB)
    } else {
        let tenths = bytes * 10 / MIB;
        format!("{}.{} MiB", tenths / 10, tenths % 10)
    }
}

impl From<gif::EncodingError> for AnimationError {
    fn from(e: gif::EncodingError) -> Self {
        AnimationError::Encode(e)
    }
}

/// Every position of `state`'s game, from its start to now, as an
/// animated GIF in `theme` with the players' names (white's first),
/// within `limits`.
pub fn replay(
    state: &GameState,
    players: [String; 2],
    theme: Theme,
    limits: &Limits,
) -> Result<Animation, AnimationError> {
    let actions = state.actions();
    let step = frame_step(actions.len(), limits.frames);
    let mut game = GameState::new(&state.settings()).map_err(AnimationError::Replay)?;
    let first = compose(&game, players.clone(), theme);
    let last = compose(state, players.clone(), theme);
    let mut writer = GifWriter::new(&first, &last)?;
    writer.add(&first, delay(0, actions.len()))?;
    let mut frames = 1;
    for (i, action) in actions.iter().enumerate() {
        game.play(action).map_err(AnimationError::Replay)?;
        let played = i + 1;
        let is_last = played == actions.len();
        if !is_last && played % step != 0 {
            continue;
        }
        if limits.budget.spent() {
            return Err(AnimationError::OutOfTime);
        }
        let frame = if is_last {
            if game.snapshot() != state.snapshot() {
                return Err(AnimationError::UnknownStart);
            }
            // The last picture is already drawn.
            Cow::Borrowed(&last)
        } else {
            Cow::Owned(compose(&game, players.clone(), theme))
        };
        writer.add(&frame, delay(played, actions.len()))?;
        frames += 1;
        if writer.bytes() > limits.bytes {
            return Err(AnimationError::OverSize {
                limit: limits.bytes,
            });
        }
    }
    if actions.is_empty() && game.snapshot() != state.snapshot() {
        return Err(AnimationError::UnknownStart);
    }
    let gif = writer.finish()?;
    if gif.len() > limits.bytes {
        return Err(AnimationError::OverSize {
            limit: limits.bytes,
        });
    }
    Ok(Animation {
        gif,
        frames,
        step,
        alt: format!(
            "{} game replay: {} positions, from the start to the last action",
            state.kind().title(),
            frames
        ),
    })
}

/// How many actions each frame moves on so that a game of `actions`
/// actions fits in `frames` frames (the start and the end always shown).
fn frame_step(actions: usize, frames: usize) -> usize {
    let between = frames.max(2) - 1;
    actions.div_ceil(between).max(1)
}

/// How long frame `i` of a game of `actions` actions shows.
fn delay(i: usize, actions: usize) -> u16 {
    if i == actions {
        LAST_DELAY
    } else {
        FRAME_DELAY
    }
}

/// One palette for a whole animation, and the way from a colour to its
/// index in it.
struct Palette {
    quant: NeuQuant,
    /// Palette index by colour key ([`KEY_BITS`] per channel), `u16::MAX`
    /// until first asked.
    table: Vec<u16>,
}

impl Palette {
    /// Learnt from the pixels of `pictures`.
    fn learn(pictures: &[&RgbImage]) -> Palette {
        let rgba: Vec<u8> = pictures
            .iter()
            .flat_map(|p| p.pixels())
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect();
        Palette {
            quant: NeuQuant::new(SAMPLE, COLORS, &rgba),
            table: vec![u16::MAX; 1 << (3 * KEY_BITS)],
        }
    }

    /// The palette as GIF stores it: 256 RGB triples (the last unused,
    /// it is transparency).
    fn rgb(&self) -> Vec<u8> {
        let mut rgb = self.quant.color_map_rgb();
        rgb.resize(256 * 3, 0);
        rgb
    }

    fn index(&mut self, [r, g, b]: [u8; 3]) -> u8 {
        let shift = 8 - KEY_BITS;
        let key = ((r as usize >> shift) << (2 * KEY_BITS))
            | ((g as usize >> shift) << KEY_BITS)
            | (b as usize >> shift);
        let cached = self.table[key];
        if cached != u16::MAX {
            return cached as u8;
        }
        // The middle of the key's cell of colours.
        let cell = |c: u8| (c & !((1u8 << shift) - 1)) | (1 << (shift - 1));
        let centre = [cell(r), cell(g), cell(b), 255];
        let index = self.quant.index_of(&centre).min(COLORS - 1) as u8;
        self.table[key] = index as u16;
        index
    }
}

/// Writes frames as they come, each as the rectangle that changed.
struct GifWriter {
    encoder: Encoder<Vec<u8>>,
    palette: Palette,
    width: u32,
    height: u32,
    /// The palette indices shown after the last frame written (empty
    /// before the first).
    shown: Vec<u8>,
    current: Vec<u8>,
}

impl GifWriter {
    fn new(first: &RgbImage, last: &RgbImage) -> Result<GifWriter, AnimationError> {
        let (width, height) = first.dimensions();
        let (w, h) = match (u16::try_from(width), u16::try_from(height)) {
            (Ok(w), Ok(h)) => (w, h),
            _ => return Err(AnimationError::TooLarge(width, height)),
        };
        let palette = Palette::learn(&[first, last]);
        let mut encoder = Encoder::new(Vec::with_capacity(1 << 20), w, h, &palette.rgb())?;
        encoder.set_repeat(Repeat::Infinite)?;
        Ok(GifWriter {
            encoder,
            palette,
            width,
            height,
            shown: Vec::new(),
            current: Vec::with_capacity(width as usize * height as usize),
        })
    }

    /// Adds `picture`, shown for `delay` hundredths of a second. A picture
    /// of another size than the first is fitted to it (cut or padded).
    fn add(&mut self, picture: &RgbImage, delay: u16) -> Result<(), AnimationError> {
        let (w, h) = (self.width as usize, self.height as usize);
        self.current.clear();
        if picture.dimensions() == (self.width, self.height) {
            for p in picture.as_raw().chunks_exact(3) {
                self.current.push(self.palette.index([p[0], p[1], p[2]]));
            }
        } else {
            for y in 0..h as u32 {
                for x in 0..w as u32 {
                    let rgb = picture.get_pixel_checked(x, y).map_or([0; 3], |p| p.0);
                    self.current.push(self.palette.index(rgb));
                }
            }
        }
        let frame = if self.shown.is_empty() {
            Frame {
                delay,
                dispose: DisposalMethod::Keep,
                width: w as u16,
                height: h as u16,
                buffer: Cow::Borrowed(&self.current),
                ..Frame::default()
            }
        } else {
            changed_rectangle(&self.shown, &self.current, w, h, delay)
        };
        self.encoder.write_frame(&frame)?;
        std::mem::swap(&mut self.shown, &mut self.current);
        Ok(())
    }

    /// How many bytes the GIF has so far.
    fn bytes(&self) -> usize {
        self.encoder.get_ref().len()
    }

    fn finish(self) -> Result<Vec<u8>, AnimationError> {
        Ok(self.encoder.into_inner()?)
    }
}

/// The frame that turns `shown` into `next` (both `w` x `h` palette
/// indices): the smallest rectangle holding every changed pixel, the
/// unchanged ones in it transparent; a transparent pixel when nothing
/// changed (the frame still takes its time).
fn changed_rectangle(shown: &[u8], next: &[u8], w: usize, h: usize, delay: u16) -> Frame<'static> {
    let (mut left, mut right, mut top, mut bottom) = (w, 0, h, 0);
    for y in 0..h {
        let (a, b) = (&shown[y * w..(y + 1) * w], &next[y * w..(y + 1) * w]);
        if a == b {
            continue;
        }
        let first = a.iter().zip(b).position(|(p, q)| p != q).unwrap_or(0);
        let last = a.iter().zip(b).rposition(|(p, q)| p != q).unwrap_or(0);
        left = left.min(first);
        right = right.max(last + 1);
        top = top.min(y);
        bottom = y + 1;
    }
    let mut frame = Frame {
        delay,
        dispose: DisposalMethod::Keep,
        transparent: Some(TRANSPARENT),
        width: 1,
        height: 1,
        buffer: Cow::Owned(vec![TRANSPARENT]),
        ..Frame::default()
    };
    if left < right {
        let mut buffer = Vec::with_capacity((right - left) * (bottom - top));
        for y in top..bottom {
            let row = y * w;
            buffer.extend(
                shown[row + left..row + right]
                    .iter()
                    .zip(&next[row + left..row + right])
                    .map(|(&p, &q)| if p == q { TRANSPARENT } else { q }),
            );
        }
        // Rectangles lie inside the picture, whose sides fit in u16.
        frame.left = left as u16;
        frame.top = top as u16;
        frame.width = (right - left) as u16;
        frame.height = (bottom - top) as u16;
        frame.buffer = Cow::Owned(buffer);
    }
    frame
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{GameSettings, TakSettings};

    /// Discord states upload limits in whole MiB (10, 50, 100); a limit in between (as the
    /// stand-in gives) is shown to a tenth, never above what it is.
    #[test]
    fn sizes_are_shown_in_mebibytes_never_rounded_up() {
        assert_eq!(mebibytes(10 * 1024 * 1024), "10 MiB");
        assert_eq!(mebibytes(8_000_000), "7.6 MiB");
        assert_eq!(mebibytes(10 * 1024 * 1024 - 1), "9.9 MiB");
    }

    fn decoded(gif: &[u8]) -> Vec<gif::Frame<'static>> {
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(gif).unwrap();
        let mut frames = Vec::new();
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            frames.push(frame.clone());
        }
        frames
    }

    fn tak_game(size: u8, moves: &[&str]) -> GameState {
        let settings = GameSettings::Tak(TakSettings::standard(size).unwrap());
        GameState::replay(&settings, moves).unwrap()
    }

    #[test]
    fn one_frame_per_position_and_only_what_changed() {
        let game = tak_game(5, &["a1", "e5", "b1", "e4"]);
        let names = ["al".to_string(), "bo".to_string()];
        let anim = replay(&game, names.clone(), Theme::default(), &Limits::none()).unwrap();
        assert_eq!(anim.frames, 5);
        let frames = decoded(&anim.gif);
        assert_eq!(frames.len(), 5);
        let last = compose(&game, names, Theme::default());
        // The first frame is the whole picture; later ones a part of it.
        assert_eq!(
            (frames[0].width as u32, frames[0].height as u32),
            last.dimensions()
        );
        for f in &frames[1..] {
            assert!((f.width as u32) < last.width(), "{}", f.width);
            assert_eq!(f.transparent, Some(TRANSPARENT));
        }
        assert_eq!(frames[0].delay, FRAME_DELAY);
        assert_eq!(frames[4].delay, LAST_DELAY);
    }

    #[test]
    fn the_frames_put_together_show_each_position() {
        // Every frame drawn over the ones before gives that position's
        // picture, up to the palette's rounding.
        let moves = ["c3", "a1", "b2", "Cc2"];
        let game = tak_game(5, &moves);
        let names = ["al".to_string(), "bo".to_string()];
        let anim = replay(&game, names.clone(), Theme::default(), &Limits::none()).unwrap();
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(anim.gif.as_slice()).unwrap();
        let (w, h) = (decoder.width() as usize, decoder.height() as usize);
        let mut canvas = vec![0u8; w * h * 4];
        for ply in 0..=moves.len() {
            let frame = decoder.read_next_frame().unwrap().unwrap().clone();
            for y in 0..frame.height as usize {
                for x in 0..frame.width as usize {
                    let src = &frame.buffer[(y * frame.width as usize + x) * 4..][..4];
                    if src[3] != 0 {
                        let at = ((y + frame.top as usize) * w + x + frame.left as usize) * 4;
                        canvas[at..at + 4].copy_from_slice(src);
                    }
                }
            }
            let expected = compose(&tak_game(5, &moves[..ply]), names.clone(), Theme::default());
            let off = expected
                .pixels()
                .zip(canvas.chunks_exact(4))
                .filter(|(e, c)| (0..3).any(|i| e[i].abs_diff(c[i]) > 48))
                .count();
            // Anti-aliased edges may round to a neighbouring colour.
            assert!(off * 200 < w * h, "ply {ply}: {off} pixels off");
        }
    }

    #[test]
    fn a_game_without_actions_is_its_start() {
        let game = tak_game(6, &[]);
        let anim = replay(
            &game,
            ["a".into(), "b".into()],
            Theme::Paper,
            &Limits::none(),
        )
        .unwrap();
        assert_eq!(anim.frames, 1);
        assert_eq!(decoded(&anim.gif).len(), 1);
    }

    #[test]
    fn every_game_animates() {
        for kind in crate::games::GameKind::ALL {
            let mut game = kind
                .from_command_line(crate::games::Chosen(&[]), None)
                .unwrap();
            for _ in 0..4 {
                let Some(action) = game.legal_actions().into_iter().next() else {
                    break;
                };
                game.play(&action).unwrap();
            }
            let anim = replay(
                &game,
                ["a".into(), "b".into()],
                Theme::default(),
                &Limits::none(),
            )
            .unwrap_or_else(|e| panic!("{}: {e}", kind.title()));
            assert_eq!(
                decoded(&anim.gif).len(),
                game.action_count() + 1,
                "{}",
                kind.title()
            );
        }
    }

    /// The figures in `docs/render.md`: a 150-ply 8x8 Tak game.
    #[test]
    #[ignore]
    fn measure_a_150_ply_8x8_game() {
        let settings = GameSettings::Tak(TakSettings::standard(8).unwrap());
        let mut game = GameState::new(&settings).unwrap();
        let mut seed = 7u64;
        while game.action_count() < 150 {
            let legal = game.legal_actions();
            if legal.is_empty() || game.outcome().is_some() {
                game = GameState::new(&settings).unwrap();
                continue;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let pick = &legal[(seed >> 33) as usize % legal.len()];
            let mut next = game.clone();
            next.play(pick).unwrap();
            // Keep to games that last: skip a move that ends it early.
            if next.outcome().is_none() || next.action_count() == 150 {
                game = next;
            }
        }
        crate::render::preload();
        let names = ["alice".to_string(), "bob".to_string()];
        let start = std::time::Instant::now();
        let anim = replay(&game, names, Theme::default(), &Limits::none()).unwrap();
        let took = start.elapsed();
        println!(
            "150-ply 8x8 Tak game: {} frames, {} bytes ({:.2} MiB) in {took:?}",
            anim.frames,
            anim.gif.len(),
            anim.gif.len() as f64 / (1024.0 * 1024.0)
        );
        assert!(anim.gif.len() < 8 << 20);
    }

    /// Issue 26: a replay is bounded as it is built.
    #[test]
    fn a_long_game_fits_its_frames_and_a_gif_stops_at_its_size_and_time() {
        let moves = ["a1", "e5", "b1", "e4", "c1", "d4", "b2", "c4", "a2"];
        let game = tak_game(5, &moves);
        let names = || ["al".to_string(), "bo".to_string()];
        let limits = Limits {
            frames: 4,
            ..Limits::none()
        };
        let anim = replay(&game, names(), Theme::default(), &limits).unwrap();
        // 9 actions in 3 steps of 3: the start, after 3, 6 and 9.
        assert_eq!((anim.step, anim.frames), (3, 4));
        assert_eq!(decoded(&anim.gif).len(), 4);
        let whole = replay(&game, names(), Theme::default(), &Limits::none()).unwrap();
        assert_eq!((whole.step, whole.frames), (1, 10));
        let small = Limits {
            bytes: whole.gif.len() / 2,
            ..Limits::none()
        };
        assert!(matches!(
            replay(&game, names(), Theme::default(), &small),
            Err(AnimationError::OverSize { .. })
        ));
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
        let stopped = Limits {
            budget: Budget::new(std::time::Duration::from_secs(60), stop),
            ..Limits::none()
        };
        assert!(matches!(
            replay(&game, names(), Theme::default(), &stopped),
            Err(AnimationError::OutOfTime)
        ));
        assert_eq!(frame_step(0, 4), 1);
        assert_eq!(frame_step(1000, 500), 3);
    }
}
