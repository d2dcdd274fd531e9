//! The transposition table: what an earlier search learnt about a position
//! (its best move, a score and whether that score is exact or a bound),
//! indexed by the position's Zobrist key.

use crate::games::tak::moves::Move;

/// What a stored score means relative to the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (the search failed low).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry {
    pub key: u64,
    pub best: Option<Move>,
    pub score: i32,
    pub depth: i8,
    pub bound: Bound,
}

/// A fixed-size table, one entry per slot, replaced when the new entry is
/// at least as deep or comes from a different position.
pub struct Table {
    slots: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    /// A table of about `megabytes` MB (rounded down to a power of two of slots).
    pub fn with_megabytes(megabytes: usize) -> Table {
        let entry = std::mem::size_of::<Option<Entry>>().max(1);
        let wanted = (megabytes.max(1) << 20) / entry;
        let slots = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        let mut table = Vec::with_capacity(slots);
        advise_huge_pages(&table);
        table.resize(slots, None);
        Table {
            slots: table,
            mask: slots - 1,
        }
    }

    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|slot| *slot = None);
    }

    pub fn get(&self, key: u64) -> Option<Entry> {
        self.slots[key as usize & self.mask].filter(|e| e.key == key)
    }

    pub fn put(&mut self, entry: Entry) {
        let slot = &mut self.slots[entry.key as usize & self.mask];
        let replace = match slot {
            None => true,
            Some(old) => old.key != entry.key || entry.depth >= old.depth,
        };
        if replace {
            *slot = Some(entry);
        }
    }
}

/// Asks the kernel to back the table with 2 MB pages where it can (Linux
/// transparent huge pages in `madvise` mode): probes land all over the
/// table, and with 4 KB pages most of them also miss the address cache.
/// Called before the slots are first written, so the pages come in large.
fn advise_huge_pages(slots: &Vec<Option<Entry>>) {
    #[cfg(target_os = "linux")]
    {
        const HUGE: usize = 2 << 20;
        let start = slots.as_ptr() as usize;
        let end = start + slots.capacity() * std::mem::size_of::<Option<Entry>>();
        let first = start.next_multiple_of(HUGE);
        let last = end / HUGE * HUGE;
        if last > first {
            // SAFETY: the range lies inside the vector's own allocation, and
            // the advice changes how the kernel backs it, never its contents.
            unsafe {
                libc::madvise(
                    first as *mut libc::c_void,
                    last - first,
                    libc::MADV_HUGEPAGE,
                );
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = slots;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deeper_entries_survive_shallower_ones_of_the_same_position() {
        let mut table = Table::with_megabytes(1);
        let entry = |depth, score| Entry {
            key: 42,
            best: None,
            score,
            depth,
            bound: Bound::Exact,
        };
        table.put(entry(5, 10));
        table.put(entry(3, 20));
        assert_eq!(table.get(42).unwrap().score, 10);
        table.put(entry(6, 30));
        assert_eq!(table.get(42).unwrap().score, 30);
        assert!(table.get(43).is_none());
    }
}
