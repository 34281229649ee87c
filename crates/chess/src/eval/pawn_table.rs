//! The pawn table: the weighted middlegame and endgame sums of the pawn-only features and the
//! [`PawnFacts`], cached by [`Board::pawn_key`](crate::Board::pawn_key). Pawn structures change
//! far less often than the rest of the position, so most evaluations find their pawns here.
//!
//! One table serves every evaluator and every thread of the process. An entry is a pure
//! function of its pawns, so sharing it between searches can change no result, and it lets
//! [`Evaluation`](super::Evaluation) stay a zero-sized `Copy` value. A table per evaluator would
//! make `Evaluation` own memory (and every `&Evaluation` in callers a constructed value);
//! `thread_local!` storage needs `std`, which this `no_std` crate only has through its search
//! dependency, and would give each helper thread a cold table of its own.
//!
//! Threads read and write entries without locks: every word is an [`AtomicU64`] accessed with
//! relaxed ordering (plain loads and stores on x86-64 and AArch64), and an entry's check word is
//! the xor of its key, its data words and [`WRITTEN`]. A read that interleaves with a write of
//! another key mixes words of two entries, and such a mix passes the check only when the xors
//! happen to cancel: as unlikely as two pawn structures sharing a 64-bit key, the collision
//! risk every Zobrist-keyed table takes. No `unsafe` is involved.

use super::terms::PawnFacts;
use core::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The number of entries: a power of two, so the key's low bits index the table. 2^14 entries
/// of 32 bytes are 512 KiB, untouched (and not resident) until evaluations fill them.
const ENTRIES: usize = 1 << 14;

/// Xored into every check word, so that an entry never written (all zeros) does not match
/// the pawnless position, whose key is 0.
const WRITTEN: u64 = 0x9e37_79b9_7f4a_7c15;

/// What the table keeps for one pawn structure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct PawnEntry {
    /// The weighted middlegame sum of the pawn-only features.
    pub middle: i32,
    /// The weighted endgame sum of the pawn-only features.
    pub end: i32,
    /// The facts the other terms need.
    pub facts: PawnFacts,
}

impl PawnEntry {
    /// The two sums in one word.
    fn scores(&self) -> u64 {
        u64::from(self.middle as u32) | u64::from(self.end as u32) << 32
    }
}

/// One slot: four words, aligned so that a slot never straddles two cache lines.
#[repr(align(32))]
pub(super) struct Slot {
    check: AtomicU64,
    scores: AtomicU64,
    passed: AtomicU64,
    shield: AtomicU64,
}

impl Slot {
    /// A slot never written: it matches no key.
    pub(super) const fn new() -> Slot {
        Slot {
            check: AtomicU64::new(0),
            scores: AtomicU64::new(0),
            passed: AtomicU64::new(0),
            shield: AtomicU64::new(0),
        }
    }

    /// The entry of `key`, if this slot holds it.
    #[inline(always)]
    pub(super) fn load(&self, key: u64) -> Option<PawnEntry> {
        let check = self.check.load(Relaxed);
        let scores = self.scores.load(Relaxed);
        let passed = self.passed.load(Relaxed);
        let shield = self.shield.load(Relaxed);
        (check ^ scores ^ passed ^ shield ^ WRITTEN == key).then_some(PawnEntry {
            middle: scores as u32 as i32,
            end: (scores >> 32) as u32 as i32,
            facts: PawnFacts { passed, shield },
        })
    }

    /// Writes `entry` as the entry of `key`.
    #[inline(always)]
    pub(super) fn store(&self, key: u64, entry: &PawnEntry) {
        let scores = entry.scores();
        let PawnFacts { passed, shield } = entry.facts;
        self.check
            .store(key ^ scores ^ passed ^ shield ^ WRITTEN, Relaxed);
        self.scores.store(scores, Relaxed);
        self.passed.store(passed, Relaxed);
        self.shield.store(shield, Relaxed);
    }
}

/// The slot of `key` in `slots` (whose length is a power of two).
#[inline(always)]
pub(super) fn slot(slots: &[Slot], key: u64) -> &Slot {
    &slots[key as usize & (slots.len() - 1)]
}

/// The process's table.
pub(super) static TABLE: [Slot; ENTRIES] = [const { Slot::new() }; ENTRIES];

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use alloc::vec::Vec;

    fn entry(seed: u64) -> PawnEntry {
        PawnEntry {
            middle: -(seed as i32),
            end: seed as i32 ^ 0x5555,
            facts: PawnFacts {
                passed: seed.rotate_left(17),
                shield: seed.wrapping_mul(0x9e37_79b9),
            },
        }
    }

    #[test]
    fn a_slot_returns_what_was_stored_under_its_key_only() {
        let slot = Slot::new();
        assert_eq!(slot.load(0), None, "an empty slot matches the pawnless key");
        for key in [0, 1, u64::MAX, 0x0123_4567_89ab_cdef] {
            let stored = entry(key ^ 7);
            slot.store(key, &stored);
            assert_eq!(slot.load(key), Some(stored));
            assert_eq!(slot.load(key ^ 1), None);
        }
        let negative = PawnEntry {
            middle: i32::MIN,
            end: -1,
            facts: PawnFacts::default(),
        };
        slot.store(3, &negative);
        assert_eq!(slot.load(3), Some(negative));
    }

    /// Threads writing different keys to the same few slots while others read: every hit is
    /// the entry of the key asked for, never a mix of two writes.
    #[test]
    fn concurrent_writers_never_produce_a_wrong_hit() {
        const SLOTS: usize = 4;
        const KEYS: u64 = 64;
        const ROUNDS: u64 = 20_000;
        let slots: Vec<Slot> = (0..SLOTS).map(|_| Slot::new()).collect();
        let key_of = |i: u64| i.wrapping_mul(0xd6e8_feb8_6659_fd93) | 1;
        std::thread::scope(|scope| {
            for thread in 0..4u64 {
                let slots = &slots;
                scope.spawn(move || {
                    for round in 0..ROUNDS {
                        let key = key_of((round * 7 + thread * 13) % KEYS);
                        let slot = slot(slots, key);
                        match slot.load(key) {
                            Some(found) => assert_eq!(found, entry(key)),
                            None => slot.store(key, &entry(key)),
                        }
                    }
                });
            }
        });
    }
}
