//! The evaluation cache: the static evaluations of the positions a search thread evaluated
//! last, by hash. A search meets a position again soon after it evaluated it: the full-depth
//! re-search of a reduced move and the open-window re-search of a null-window one, the null
//! move's verification, the singular extension's search without the table move, the next
//! iteration's visit. Each entry is one word, the upper half of the hash beside the
//! evaluation, in a table small enough to stay in the processor's second-level cache. A hit
//! returns exactly what the evaluator returned, so the cache changes no node count and no
//! value, as long as the game's hash covers everything its evaluation reads.

use crate::score::Score;

/// Entries of one thread's cache: 64 KiB, which stays in the second-level cache (a larger one
/// misses it, and the misses cost more than the evaluations it saves).
const ENTRIES: usize = 1 << 13;

/// One search thread's cache (empty when switched off: nothing to allocate or look up).
pub(crate) struct EvalCache {
    /// `tag << 32 | evaluation as u32`, at the index of the hash's low bits; 0 is empty.
    entries: Vec<u64>,
}

impl EvalCache {
    /// An empty cache, or one that never holds anything when `enabled` is false.
    pub fn new(enabled: bool) -> Self {
        EvalCache {
            entries: if enabled {
                vec![0; ENTRIES]
            } else {
                Vec::new()
            },
        }
    }

    /// Whether the cache is switched on.
    #[inline]
    pub fn enabled(&self) -> bool {
        !self.entries.is_empty()
    }

    /// The evaluation stored for `hash`, if any. Only for a switched-on cache.
    #[inline]
    pub fn get(&self, hash: u64) -> Option<Score> {
        let entry = self.entries[index(hash)];
        (entry >> 32 == tag(hash)).then_some(entry as u32 as Score)
    }

    /// Stores `evaluation` for `hash`, in place of what its slot held. Only for a switched-on
    /// cache.
    #[inline]
    pub fn insert(&mut self, hash: u64, evaluation: Score) {
        self.entries[index(hash)] = tag(hash) << 32 | u64::from(evaluation as u32);
    }
}

/// The slot of `hash`: its low bits.
#[inline]
fn index(hash: u64) -> usize {
    hash as usize & (ENTRIES - 1)
}

/// What an entry keeps of `hash` to tell it from the other hashes of its slot: the upper half,
/// its lowest bit set so that no tag is 0 and an empty entry never matches.
#[inline]
fn tag(hash: u64) -> u64 {
    hash >> 32 | 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::EVAL_LIMIT;

    #[test]
    fn returns_what_was_stored_for_the_same_hash_only() {
        let mut cache = EvalCache::new(true);
        let hash = 0x1234_5678_9abc_def0;
        assert_eq!(cache.get(hash), None);
        assert_eq!(
            cache.get(0),
            None,
            "an empty entry matches no hash, not even 0"
        );
        for evaluation in [0, 1, -1, EVAL_LIMIT, -EVAL_LIMIT, 37, -250] {
            cache.insert(hash, evaluation);
            assert_eq!(cache.get(hash), Some(evaluation));
        }
        // Another hash of the same slot misses and then takes the slot over.
        let rival = hash ^ 0xff00_0000_0000_0000;
        assert_eq!(index(rival), index(hash));
        assert_eq!(cache.get(rival), None);
        cache.insert(rival, 5);
        assert_eq!((cache.get(rival), cache.get(hash)), (Some(5), None));
        // Another slot is not touched.
        assert_eq!(cache.get(hash ^ 1), None);
    }

    #[test]
    fn tells_whether_it_is_switched_on() {
        let cache = EvalCache::new(false);
        assert!(!cache.enabled());
        assert!(EvalCache::new(true).enabled());
    }
}
