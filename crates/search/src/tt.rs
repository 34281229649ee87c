//! The transposition table: a fixed-size, lock-free hash table of search results shared by all
//! threads of a Lazy SMP search.
//!
//! Each 64-byte bucket holds four entries of two 64-bit words: the packed data (move code,
//! score, whether the score was searched to the end of the game, depth, bound, age) and the position key XORed with that data. A reader accepts an
//! entry only if `stored_key ^ data == key`. Two threads may write the same entry at once and
//! leave the key of one write with the data of the other; such a torn entry fails the check
//! (unless a 64-bit coincidence makes `key1 ^ data1 ^ data2` equal the probed key, as rare as a
//! full hash collision), so no lock is needed: every word is an `AtomicU64` accessed with
//! relaxed ordering, which makes each word's load and store indivisible, and the XOR ties the two
//! words together. A wrong entry can at worst give a wrong score, never an illegal move: the
//! stored move code is used only after it matched a generated move.
//!
//! The table lies in a mapping of its own, on huge pages where the system allows
//! (`pages.rs`): a probe then rarely waits for a page walk too. [`TranspositionTable::prefetch`]
//! lets the search start loading the children's buckets before it searches them.
//!
//! Replacement: an entry of the same position is overwritten (keeping its move when the new
//! result has none); otherwise the entry with the least `depth - 8 × age` (stale entries of
//! earlier searches first) makes room. Win and loss scores are stored relative to the node,
//! not the root, and converted back by the ply of the probing node.

use crate::pages::{PageAligned, Zeroable};
use crate::score::{EVAL_LIMIT, Score};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Entries per bucket: four 16-byte entries fill one 64-byte cache line.
const BUCKET_ENTRIES: usize = 4;
/// Bytes per bucket.
const BUCKET_BYTES: usize = 64;
/// Buckets per small (4 KiB) page: [`TranspositionTable::populate`] writes one of each.
const BUCKETS_PER_PAGE: usize = 4096 / BUCKET_BYTES;
/// [`TranspositionTable::populate`] looks at its deadline after each 2 MiB (a huge page).
const POPULATE_CHUNK_BUCKETS: usize = (2 << 20) / BUCKET_BYTES;
/// How much one search of age difference counts against depth when choosing a victim.
const AGE_WEIGHT: i32 = 8;
/// Ages wrap modulo this (5 bits of the data word).
const AGE_CYCLE: u8 = 32;
/// Entries sampled for `hashfull`.
const HASHFULL_SAMPLE: usize = 1000;

/// How a stored score bounds the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The true value is at most the score (the search failed low).
    Upper = 1,
    /// The true value is at least the score (the search failed high).
    Lower = 2,
    /// The score is the true value.
    Exact = 3,
}

impl Bound {
    /// How the fail-soft `score` of a node searched in the window `(alpha, beta)` bounds its
    /// true value.
    #[inline]
    pub(crate) fn of(score: Score, alpha: Score, beta: Score) -> Bound {
        if score >= beta {
            Bound::Lower
        } else if score > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }

    /// Whether a stored `score` with this bound settles a node searched in the window
    /// `(alpha, beta)`.
    #[inline]
    pub(crate) fn settles(self, score: Score, alpha: Score, beta: Score) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
}

/// One decoded entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The best move's [`Game::move_key`](crate::Game::move_key), if any.
    pub move_key: Option<u16>,
    /// The score, relative to the node (see [`score_to_tt`]).
    pub score: Score,
    /// The remaining depth the score was searched to.
    pub depth: i32,
    /// The bound type.
    pub bound: Bound,
    /// Whether the score is a bound on the game's result with best play (its distance
    /// included), whatever the depth: the search below the node met no estimate (no
    /// evaluation, pruning or repetition, no entry that was not solved itself), only ends of
    /// the game.
    pub solved: bool,
}

/// Bits of the data word that hold the score: every stored score (an evaluation, a win or
/// loss at most [`MAX_PLY`](crate::score::MAX_PLY) plies from the node, or a window's
/// infinity) fits in 24 bits with its sign.
const SCORE_BITS: u32 = 24;

/// The data word: move code (16 bits), score (24, two's complement), solved (1), unused (7),
/// depth (8, biased), bound (2), has-move (1), age (5).
fn pack(entry: &Entry, age: u8) -> u64 {
    debug_assert!(
        entry.score.unsigned_abs() < 1 << (SCORE_BITS - 1),
        "the score {} fits the table's field",
        entry.score
    );
    let depth = (entry.depth.clamp(-1, 254) + 1) as u64;
    let flags = entry.bound as u64 | (entry.move_key.is_some() as u64) << 2 | (age as u64) << 3;
    let score = entry.score as u32 as u64 & ((1 << SCORE_BITS) - 1);
    entry.move_key.unwrap_or(0) as u64
        | score << 16
        | (entry.solved as u64) << (16 + SCORE_BITS)
        | depth << 48
        | flags << 56
}

fn unpack(data: u64) -> Entry {
    let flags = (data >> 56) as u8;
    // The score's 24 bits moved to the top of a 32-bit word, then shifted back with their sign.
    let score = ((data >> 16) as u32) << (32 - SCORE_BITS);
    Entry {
        move_key: (flags & 4 != 0).then_some(data as u16),
        score: (score as i32) >> (32 - SCORE_BITS),
        solved: data >> (16 + SCORE_BITS) & 1 != 0,
        depth: ((data >> 48) & 0xff) as i32 - 1,
        bound: match flags & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            _ => Bound::Exact,
        },
    }
}

fn age_of(data: u64) -> u8 {
    (data >> 59) as u8
}

#[derive(Default)]
struct Slot {
    key: AtomicU64,
    data: AtomicU64,
}

#[repr(align(64))]
#[derive(Default)]
struct Bucket {
    slots: [Slot; BUCKET_ENTRIES],
}

// SAFETY: a bucket is eight `AtomicU64`s, which have the bit validity of `u64`: all zeros is a
// valid bucket, and it is the default (empty) one.
#[allow(unsafe_code)]
unsafe impl Zeroable for Bucket {}

/// The shared table.
pub(crate) struct TranspositionTable {
    /// On huge pages where the system allows.
    buckets: PageAligned<Bucket>,
    age: u8,
    /// Whether a search has started since the table was made or cleared: every search that
    /// stores starts with [`TranspositionTable::new_search`], so an unset flag means the table
    /// is still empty and [`TranspositionTable::clear`] has nothing to do.
    written: bool,
    /// The buckets from the first up to this one are backed ([`TranspositionTable::populate`]).
    /// Clearing writes them in place rather than asking for fresh pages that would be backed
    /// again.
    populated: usize,
}

impl TranspositionTable {
    /// A table of `mib` MiB (at least one bucket); `None` when the memory cannot be had.
    pub fn new(mib: usize) -> Option<Self> {
        let bytes = mib.saturating_mul(1 << 20);
        Some(TranspositionTable {
            buckets: PageAligned::try_new((bytes / BUCKET_BYTES).max(1))?,
            age: 0,
            written: false,
            populated: 0,
        })
    }

    /// Empties the table. A GUI sends `ucinewgame` (and waits for `readyok`) before every game,
    /// often right after sizing the table: a table no search has written is left as it is. In
    /// a written one the buckets [populated](TranspositionTable::populate) so far are written
    /// in place (their pages stay backed, and populating goes on after them); the pages of the
    /// rest are given back to the system (see [`PageAligned::reset_keeping`]), so that a large
    /// table is not backed whole just to be emptied.
    pub fn clear(&mut self) {
        if self.written {
            self.populated = self.buckets.reset_keeping(self.populated);
        }
        self.age = 0;
        self.written = false;
    }

    /// Has the system back the pages of the table, each bucket keeping its entries, until all
    /// are or `deadline` passes (a later call goes on where this one stopped); returns whether
    /// all are. A new table (or one cleared before it was populated) is memory the kernel
    /// backs only on the first write to each page, zeroing the page then; a search meeting
    /// those faults pays for them on its clock, so an engine calls this while it waits for the
    /// next command. One slot a page is read and written back: a plain read of an untouched
    /// page would only map the kernel's shared zero page.
    pub fn populate(&mut self, deadline: Instant) -> bool {
        while self.populated < self.buckets.len() {
            let end = (self.populated + POPULATE_CHUNK_BUCKETS).min(self.buckets.len());
            for bucket in self.buckets[self.populated..end]
                .iter()
                .step_by(BUCKETS_PER_PAGE)
            {
                let key = &bucket.slots[0].key;
                key.store(key.load(Ordering::Relaxed), Ordering::Relaxed);
            }
            self.populated = end;
            if Instant::now() >= deadline {
                break;
            }
        }
        self.populated == self.buckets.len()
    }

    /// Starts a new search: entries of earlier searches become the first to be replaced.
    /// Every search calls this before it stores anything.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) % AGE_CYCLE;
        self.written = true;
    }

    /// The bucket of `key` in `buckets`.
    #[inline]
    fn bucket(buckets: &[Bucket], key: u64) -> &Bucket {
        // Multiply-shift maps the key onto the bucket count without a division.
        let index = ((key as u128 * buckets.len() as u128) >> 64) as usize;
        &buckets[index]
    }

    /// The entry stored for `key` in `buckets`, if any.
    #[inline(always)]
    fn find(buckets: &[Bucket], key: u64) -> Option<Entry> {
        Self::bucket(buckets, key).slots.iter().find_map(|slot| {
            let data = slot.data.load(Ordering::Relaxed);
            let stored = slot.key.load(Ordering::Relaxed);
            (data != 0 && stored ^ data == key).then(|| unpack(data))
        })
    }

    /// The entry stored for `key`, if any.
    #[inline(always)]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        Self::find(&self.buckets, key)
    }

    /// Asks the processor to start loading the bucket for `key`.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        let bucket = Self::bucket(&self.buckets, key);
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch hint has no architectural effect: it never faults and reads or
        // writes nothing the program can observe, whatever the address.
        #[allow(unsafe_code)]
        unsafe {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            _mm_prefetch::<_MM_HINT_T0>((bucket as *const Bucket).cast::<i8>());
        }
    }

    /// Stores `entry` for `key`.
    pub fn store(&self, key: u64, mut entry: Entry) {
        debug_assert!(self.written, "a search stores only after `new_search`");
        let bucket = Self::bucket(&self.buckets, key);
        let mut victim = &bucket.slots[0];
        let mut victim_worth = i32::MAX;
        for slot in &bucket.slots {
            let data = slot.data.load(Ordering::Relaxed);
            let stored = slot.key.load(Ordering::Relaxed);
            if data == 0 || stored ^ data == key {
                if data != 0 && entry.move_key.is_none() {
                    entry.move_key = unpack(data).move_key;
                }
                victim = slot;
                break;
            }
            let age_distance = (AGE_CYCLE + self.age - age_of(data)) % AGE_CYCLE;
            let worth = unpack(data).depth - AGE_WEIGHT * age_distance as i32;
            if worth < victim_worth {
                victim_worth = worth;
                victim = slot;
            }
        }
        let data = pack(&entry, self.age);
        victim.key.store(key ^ data, Ordering::Relaxed);
        victim.data.store(data, Ordering::Relaxed);
    }

    /// Permille of sampled entries written by the current search.
    pub fn hashfull(&self) -> u32 {
        let sample = self
            .buckets
            .iter()
            .flat_map(|bucket| bucket.slots.iter())
            .take(HASHFULL_SAMPLE);
        let mut seen = 0;
        let mut used = 0;
        for slot in sample {
            seen += 1;
            let data = slot.data.load(Ordering::Relaxed);
            if data != 0 && age_of(data) == self.age {
                used += 1;
            }
        }
        (used * 1000 / seen.max(1)) as u32
    }
}

/// A score as stored: wins and losses counted from the node instead of the root.
#[inline]
pub(crate) fn score_to_tt(score: Score, ply: usize) -> Score {
    if score > EVAL_LIMIT {
        score + ply as Score
    } else if score < -EVAL_LIMIT {
        score - ply as Score
    } else {
        score
    }
}

/// A stored score seen from a node `ply` plies below the root.
#[inline]
pub(crate) fn score_from_tt(score: Score, ply: usize) -> Score {
    if score > EVAL_LIMIT {
        score - ply as Score
    } else if score < -EVAL_LIMIT {
        score + ply as Score
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::{INFINITY, WIN, win_in};

    #[test]
    fn pack_round_trips() {
        for &(move_key, score, depth, bound, solved) in &[
            (Some(0u16), -WIN, 0, Bound::Upper, true),
            (Some(u16::MAX), WIN, 254, Bound::Lower, false),
            (None, 17, -1, Bound::Exact, false),
            (Some(513), -3, 12, Bound::Exact, true),
            (None, -INFINITY - 255, 3, Bound::Upper, false),
            (Some(7), INFINITY + 255, 3, Bound::Lower, true),
            (Some(7), 0, 9, Bound::Exact, true),
        ] {
            let entry = Entry {
                move_key,
                score,
                depth,
                bound,
                solved,
            };
            for age in [0, 1, AGE_CYCLE - 1] {
                let data = pack(&entry, age);
                assert_eq!(unpack(data), entry);
                assert_eq!(age_of(data), age);
            }
        }
    }

    #[test]
    fn store_probe_and_replace() {
        let mut tt = TranspositionTable::new(0).unwrap();
        tt.new_search();
        let entry = |depth| Entry {
            move_key: Some(depth as u16),
            score: depth,
            depth,
            bound: Bound::Exact,
            solved: false,
        };
        // One bucket: five keys compete for four slots, the shallowest entry makes room.
        for key in 1..=4u64 {
            tt.store(key, entry(key as i32 + 10));
        }
        tt.store(99, entry(20));
        assert_eq!(tt.probe(1), None);
        assert_eq!(tt.probe(99), Some(entry(20)));
        assert_eq!(tt.probe(4), Some(entry(14)));
        // Same key without a move keeps the stored move.
        tt.store(
            4,
            Entry {
                move_key: None,
                ..entry(3)
            },
        );
        assert_eq!(tt.probe(4).unwrap().move_key, Some(14));
        assert_eq!(tt.probe(4).unwrap().depth, 3);
    }

    #[test]
    fn populating_keeps_every_entry() {
        // A table of 3 MiB (a mapping of its own where the system gives one) with an entry in
        // its first, middle and last buckets, each populated twice: fresh and written.
        let mut tt = TranspositionTable::new(3).unwrap();
        let far = Instant::now() + std::time::Duration::from_secs(3600);
        // A deadline already past still backs the first 2 MiB, and a later call goes on.
        assert!(!tt.populate(Instant::now()));
        assert_eq!(tt.populated, POPULATE_CHUNK_BUCKETS);
        assert!(tt.populate(far));
        tt.new_search();
        let buckets = tt.buckets.len() as u64;
        let keys = [0, (u64::MAX / buckets) * (buckets / 2), u64::MAX];
        let entry = |key: u64| Entry {
            move_key: Some(key as u16 | 1),
            score: (key % 1000) as i32 - 500,
            depth: 7,
            bound: Bound::Lower,
            solved: true,
        };
        for &key in &keys {
            tt.store(key, entry(key));
        }
        tt.populated = 0;
        assert!(tt.populate(far));
        for &key in &keys {
            assert_eq!(tt.probe(key), Some(entry(key)));
        }
        assert_eq!(tt.probe(12345), None);
        // A populated table is cleared in place, and stays populated.
        tt.clear();
        assert_eq!(tt.populated, tt.buckets.len());
        for &key in &keys {
            assert_eq!(tt.probe(key), None);
        }
        // One populated in part keeps that part (a mapping of its own gives the rest back),
        // and is empty throughout.
        tt.new_search();
        for &key in &keys {
            tt.store(key, entry(key));
        }
        tt.populated = POPULATE_CHUNK_BUCKETS;
        tt.clear();
        let kept = if tt.buckets.is_mapping() {
            POPULATE_CHUNK_BUCKETS
        } else {
            tt.buckets.len()
        };
        assert_eq!(tt.populated, kept);
        for &key in &keys {
            assert_eq!(tt.probe(key), None);
        }
        assert!(tt.populate(far));
    }

    #[test]
    fn prefetch_changes_nothing() {
        // Exercises the prefetch's `unsafe` block on every bucket, the first and last
        // keys included: the table must read back exactly as before.
        let mut tt = TranspositionTable::new(1).unwrap();
        tt.new_search();
        let entry = Entry {
            move_key: Some(3),
            score: -12,
            depth: 5,
            bound: Bound::Upper,
            solved: false,
        };
        let keys = [0, 1, u64::MAX, 0x9e37_79b9_7f4a_7c15];
        for &key in &keys {
            tt.store(key, entry);
        }
        for index in 0..tt.buckets.len() as u64 {
            tt.prefetch(index.wrapping_mul(u64::MAX / tt.buckets.len() as u64));
        }
        for &key in &keys {
            tt.prefetch(key);
            assert_eq!(tt.probe(key), Some(entry));
        }
    }

    #[test]
    fn clear_empties_written_tables_of_every_kind() {
        let entry = Entry {
            move_key: Some(2),
            score: 7,
            depth: 4,
            bound: Bound::Lower,
            solved: false,
        };
        // One bucket on the heap, and 4 MiB in a mapping of its own.
        for mib in [0, 4] {
            let mut tt = TranspositionTable::new(mib).unwrap();
            let keys = [1, u64::MAX / 3, u64::MAX];
            // Cleared before any search: nothing to do, and still empty.
            tt.clear();
            assert!(keys.iter().all(|&key| tt.probe(key).is_none()));
            for round in 0..2 {
                tt.new_search();
                for &key in &keys {
                    tt.store(key, entry);
                }
                assert!(
                    keys.iter().all(|&key| tt.probe(key) == Some(entry)),
                    "{round}"
                );
                tt.clear();
                assert!(keys.iter().all(|&key| tt.probe(key).is_none()), "{round}");
                assert_eq!(tt.age, 0);
            }
            assert_eq!(tt.hashfull(), 0);
        }
    }

    #[test]
    fn torn_entries_are_rejected() {
        let mut tt = TranspositionTable::new(0).unwrap();
        tt.new_search();
        let a = Entry {
            move_key: Some(1),
            score: 5,
            depth: 3,
            bound: Bound::Exact,
            solved: false,
        };
        tt.store(7, a);
        // Simulate a torn write: another write's data under the first key word.
        let slot = &tt.buckets[0].slots[0];
        slot.data
            .store(pack(&Entry { score: 9, ..a }, 0), Ordering::Relaxed);
        assert_eq!(tt.probe(7), None);
    }

    #[test]
    fn mate_scores_are_node_relative() {
        let stored = score_to_tt(win_in(7), 3);
        assert_eq!(stored, win_in(4));
        assert_eq!(score_from_tt(stored, 5), win_in(9));
        assert_eq!(score_from_tt(score_to_tt(-42, 9), 1), -42);
    }
}
