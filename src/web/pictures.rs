//! The board picture of each ply of a game, as the game page shows it.
//!
//! A picture's address names what it shows: the game, the ply and a stamp
//! of everything drawn (the theme, the players' names and the actions up
//! to that ply), so the same address always shows the same board (the
//! encoder's palette, grown by each process, may move a few edge pixels)
//! and browsers may keep it for ever; a take-back (`/undo`) or a renamed
//! player gives new addresses, and an old address of a live game that no
//! longer matches answers 404.
//!
//! Pictures are drawn by the bot's renderer (whose pre-drawn parts are
//! the process's one cache, [`crate::render::cache`]) and the PNGs kept
//! here, the most recently used first, within [`KEPT_BYTES`]. A walk
//! through a game replays each ply from the one drawn before it
//! ([`Cursor`]), not from the start.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use crate::games::{GameSettings, GameState};
use crate::render::Theme;

/// How many bytes of PNGs are kept.
pub const KEPT_BYTES: usize = 48 * 1024 * 1024;

/// How many games' cursors are kept.
const CURSORS: usize = 256;

/// What the address of one ply's picture names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PictureKey {
    pub game: i64,
    pub ply: usize,
    pub stamp: u64,
}

/// The stamps of every ply of a game: `stamps[k]` covers what the picture
/// after `k` actions draws. FNV-1a, 64 bits: a fixed function, so an
/// address stays the same across restarts and versions.
pub fn stamps(theme: Theme, names: &[String; 2], actions: &[String]) -> Vec<u64> {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let eat = |mut hash: u64, bytes: &[u8]| {
        for &b in bytes.iter().chain(&[0xff]) {
            hash ^= u64::from(b);
            hash = hash.wrapping_mul(PRIME);
        }
        hash
    };
    let mut hash = eat(OFFSET, theme.name().as_bytes());
    hash = eat(hash, names[0].as_bytes());
    hash = eat(hash, names[1].as_bytes());
    let mut out = Vec::with_capacity(actions.len() + 1);
    out.push(hash);
    for action in actions {
        hash = eat(hash, action.as_bytes());
        out.push(hash);
    }
    out
}

/// The picture's file name in its address: `PLY-STAMP.png`.
pub fn file_name(ply: usize, stamp: u64) -> String {
    format!("{ply}-{stamp:016x}.png")
}

/// The ply and stamp a file name gives, if it is written as one.
pub fn parse_file_name(name: &str) -> Option<(usize, u64)> {
    let (ply, stamp) = name.strip_suffix(".png")?.split_once('-')?;
    if stamp.len() != 16 || ply.is_empty() || ply.len() > 6 {
        return None;
    }
    Some((ply.parse().ok()?, u64::from_str_radix(stamp, 16).ok()?))
}

/// A game's state at one ply, kept so that the next ply is one action away.
struct Cursor {
    ply: usize,
    stamp: u64,
    state: GameState,
}

/// The kept pictures, the cursors, and how often a picture was found kept.
#[derive(Default)]
pub struct Pictures {
    kept: Mutex<Kept>,
    cursors: Mutex<HashMap<i64, Cursor>>,
    hits: AtomicU64,
    misses: AtomicU64,
}

#[derive(Default)]
struct Kept {
    pngs: HashMap<PictureKey, (Arc<Vec<u8>>, u64)>,
    bytes: usize,
    clock: u64,
}

/// What a picture is drawn from.
pub struct Drawing<'a> {
    pub key: PictureKey,
    pub settings: &'a GameSettings,
    /// The game's actions up to the ply at least.
    pub actions: &'a [String],
    /// The stamps of every ply ([`stamps`]).
    pub stamps: &'a [u64],
    pub names: [String; 2],
    pub theme: Theme,
}

/// Why a picture could not be given.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    #[error("the game's actions do not replay: {0}")]
    Replay(String),
    #[error(transparent)]
    Render(#[from] crate::render::RenderError),
}

impl Pictures {
    /// How many pictures were found kept, and how many were drawn.
    pub fn counts(&self) -> (u64, u64) {
        (
            self.hits.load(Ordering::Relaxed),
            self.misses.load(Ordering::Relaxed),
        )
    }

    /// The kept picture of `key`, if any.
    pub fn kept(&self, key: &PictureKey) -> Option<Arc<Vec<u8>>> {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.clock += 1;
        let clock = kept.clock;
        let found = kept.pngs.get_mut(key).map(|(png, used)| {
            *used = clock;
            Arc::clone(png)
        });
        let counter = if found.is_some() {
            &self.hits
        } else {
            &self.misses
        };
        counter.fetch_add(1, Ordering::Relaxed);
        found
    }

    /// Draws the picture of `drawing` (seconds at most; never on an async
    /// thread) and keeps it.
    pub fn draw(&self, drawing: &Drawing<'_>) -> Result<Arc<Vec<u8>>, PictureError> {
        let state = self.state_at(drawing)?;
        let png =
            Arc::new(crate::render::picture(&state, drawing.names.clone(), drawing.theme)?.png);
        self.keep(drawing.key, Arc::clone(&png));
        Ok(png)
    }

    /// The state after `drawing.key.ply` actions: from the game's cursor
    /// when it stands on the same line at or before that ply, else from
    /// the start. The cursor then stands there.
    fn state_at(&self, drawing: &Drawing<'_>) -> Result<GameState, PictureError> {
        let ply = drawing.key.ply;
        let taken = {
            let mut cursors = self.cursors.lock().unwrap_or_else(|e| e.into_inner());
            cursors.remove(&drawing.key.game)
        };
        let (mut state, from) = match taken {
            Some(c) if c.ply <= ply && drawing.stamps.get(c.ply) == Some(&c.stamp) => {
                (c.state, c.ply)
            }
            _ => (
                GameState::new(drawing.settings)
                    .map_err(|e| PictureError::Replay(e.to_string()))?,
                0,
            ),
        };
        for action in &drawing.actions[from..ply] {
            state
                .play(action)
                .map_err(|e| PictureError::Replay(e.to_string()))?;
        }
        let mut cursors = self.cursors.lock().unwrap_or_else(|e| e.into_inner());
        if cursors.len() >= CURSORS {
            cursors.clear();
        }
        cursors.insert(
            drawing.key.game,
            Cursor {
                ply,
                stamp: drawing.key.stamp,
                state: state.clone(),
            },
        );
        Ok(state)
    }

    fn keep(&self, key: PictureKey, png: Arc<Vec<u8>>) {
        let mut kept = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        kept.clock += 1;
        let clock = kept.clock;
        kept.bytes += png.len();
        if let Some((old, _)) = kept.pngs.insert(key, (png, clock)) {
            kept.bytes -= old.len();
        }
        if kept.bytes > KEPT_BYTES {
            // The least recently used go until a quarter is free.
            let mut by_use: Vec<(u64, PictureKey)> =
                kept.pngs.iter().map(|(k, (_, used))| (*used, *k)).collect();
            by_use.sort_unstable_by_key(|(used, _)| *used);
            for (_, key) in by_use {
                if kept.bytes <= KEPT_BYTES / 4 * 3 {
                    break;
                }
                if let Some((png, _)) = kept.pngs.remove(&key) {
                    kept.bytes -= png.len();
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::TakSettings;

    fn names() -> [String; 2] {
        ["alice".into(), "bob".into()]
    }

    #[test]
    fn stamps_change_with_every_action_the_names_and_the_theme() {
        let actions: Vec<String> = ["a1", "e5", "c3"].map(String::from).to_vec();
        let all = stamps(Theme::Slate, &names(), &actions);
        assert_eq!(all.len(), 4);
        // A take-back and another move: the same ply, another stamp.
        let other: Vec<String> = ["a1", "e5", "d3"].map(String::from).to_vec();
        let again = stamps(Theme::Slate, &names(), &other);
        assert_eq!(all[..3], again[..3]);
        assert_ne!(all[3], again[3]);
        assert_ne!(all[0], stamps(Theme::Paper, &names(), &actions)[0]);
        let renamed = ["alice".to_string(), "bobby".to_string()];
        assert_ne!(all[0], stamps(Theme::Slate, &renamed, &actions)[0]);
        // Names and actions are kept apart: "ab"+"c" is not "a"+"bc".
        let a = stamps(Theme::Slate, &["ab".into(), "c".into()], &[]);
        let b = stamps(Theme::Slate, &["a".into(), "bc".into()], &[]);
        assert_ne!(a, b);
    }

    #[test]
    fn file_names_round_trip_and_nothing_else_parses() {
        assert_eq!(parse_file_name(&file_name(12, 0xabc)), Some((12, 0xabc)));
        for bad in [
            "12.png",
            "12-abc.png",
            "-0000000000000abc.png",
            "x-0000000000000abc.png",
            "12-0000000000000abc.gif",
            "1234567-0000000000000abc.png",
        ] {
            assert_eq!(parse_file_name(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_walk_draws_each_ply_once_and_matches_a_fresh_replay() {
        let settings = GameSettings::Tak(TakSettings::standard(5).unwrap());
        let actions: Vec<String> = ["a1", "e5", "c3", "c2", "c3-"].map(String::from).to_vec();
        let all = stamps(Theme::Slate, &names(), &actions);
        let pictures = Pictures::default();
        for ply in (0..=actions.len()).chain([2, 5]) {
            let key = PictureKey {
                game: 1,
                ply,
                stamp: all[ply],
            };
            if pictures.kept(&key).is_some() {
                continue;
            }
            let png = pictures
                .draw(&Drawing {
                    key,
                    settings: &settings,
                    actions: &actions,
                    stamps: &all,
                    names: names(),
                    theme: Theme::Slate,
                })
                .unwrap();
            let fresh = GameState::replay(&settings, &actions[..ply]).unwrap();
            let expected = crate::render::picture(&fresh, names(), Theme::Slate).unwrap();
            assert_eq!(*png, expected.png, "ply {ply}");
        }
        // Six drawn, the two asked again found kept.
        assert_eq!(pictures.counts(), (2, 6));
    }
}
