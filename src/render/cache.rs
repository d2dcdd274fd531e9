//! The one cache of what never changes between moves: each game's
//! pre-drawn parts (empty picture, piece sprites), built once per game,
//! theme and board size, then shared behind an `Arc` for the life of the
//! process.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::theme::Theme;

/// A game's pre-drawn parts for one theme and board size.
pub trait Predrawn: Send + Sync + 'static {
    /// Draw them (a millisecond or a few).
    fn build(theme: Theme, size: usize) -> Self;
}

type Entry = Arc<dyn Any + Send + Sync>;
/// The game is the type of its pre-drawn parts.
type Key = (TypeId, Theme, usize);

/// `T`'s parts for `theme` and `size`, built on first use. The game sets
/// which sizes exist (it clamps `size` before asking).
pub fn get<T: Predrawn>(theme: Theme, size: usize) -> Arc<T> {
    static CACHE: OnceLock<Mutex<HashMap<Key, Entry>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let entry = {
        let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
        map.entry((TypeId::of::<T>(), theme, size))
            .or_insert_with(|| Arc::new(T::build(theme, size)))
            .clone()
    };
    // The key's type is the entry's type, so this always succeeds; were it
    // ever not to, the parts are drawn afresh rather than a panic.
    entry
        .downcast::<T>()
        .unwrap_or_else(|_| Arc::new(T::build(theme, size)))
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Counted(Theme, usize);
    impl Predrawn for Counted {
        fn build(theme: Theme, size: usize) -> Self {
            Counted(theme, size)
        }
    }
    struct Other;
    impl Predrawn for Other {
        fn build(_: Theme, _: usize) -> Self {
            Other
        }
    }

    #[test]
    fn one_entry_per_game_theme_and_size() {
        let a = get::<Counted>(Theme::Wood, 5);
        assert_eq!((a.0, a.1), (Theme::Wood, 5));
        assert!(Arc::ptr_eq(&a, &get::<Counted>(Theme::Wood, 5)));
        assert!(!Arc::ptr_eq(&a, &get::<Counted>(Theme::Wood, 6)));
        assert!(!Arc::ptr_eq(&a, &get::<Counted>(Theme::Paper, 5)));
        // Another game under the same theme and size has its own entry.
        let _: Arc<Other> = get::<Other>(Theme::Wood, 5);
        assert!(Arc::ptr_eq(&a, &get::<Counted>(Theme::Wood, 5)));
    }
}
