//! A game-independent retrograde solver over a perfectly indexed state space, with one
//! `AtomicU16` per state. The space says, for each state, how it starts (lost at once, drawn,
//! excluded, or the number of its moves) and lists its predecessors with edge multiplicities;
//! the solver then works level by level: at level `k` it scans the table for the states decided
//! at exactly `k` plies and pushes each to its predecessors. A lost child makes a predecessor won
//! in `k + 1`; a won child takes its edges off the predecessor's count of undecided moves, and
//! the predecessor whose count reaches zero is lost in `k + 1` (its slowest defence lasts `k`
//! plies, since its children were decided in increasing order). The scan is split in chunks over
//! threads; updates are compare-and-swap loops, so two threads can update one state at once.
//! States never decided are draws: neither side can force the end (the winner of a decided state
//! reaches the end without repeating a position, as the distance falls every two plies).

use std::sync::atomic::{AtomicU16, AtomicU64, Ordering};
use std::time::Instant;

/// Tags in the top two bits of an entry.
const TAG: u16 = 0xC000;
/// Tag of an entry that is decided as a draw or not part of the analysis.
const FIXED: u16 = 0x4000;
/// Tag of a won entry (the side to move wins), the low bits the plies to the end.
const WON: u16 = 0x8000;
/// Tag of a lost entry.
const LOST: u16 = 0xC000;
/// The largest distance, and the largest move count, that an entry holds.
pub const MAX_PLIES: u16 = 0x3FFF;
/// A fixed entry: excluded from the analysis (not a real state, or not the representative of
/// its symmetry class).
const EXCLUDED: u16 = FIXED;
/// A fixed entry: the side to move has no legal move, a draw.
const STALEMATE: u16 = FIXED | 1;
/// States handed to one thread at a time in a scan.
const CHUNK: u64 = 1 << 16;

/// How a state enters the analysis.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    /// Not analysed (an impossible state, or one represented by a symmetric image).
    Excluded,
    /// The game is over and the side to move has lost.
    Lost,
    /// The side to move has no legal move: a draw.
    Stalemate,
    /// The side to move has this many legal moves (at least 1, at most [`MAX_PLIES`]).
    Moves(u16),
}

/// The value of a state for the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// It wins, the game ending after this many plies with best play by both.
    Win(u16),
    /// It loses after this many plies (0: the game is already over).
    Loss(u16),
    /// Neither side can force a win (including no legal move, and excluded states).
    Draw,
}

impl Value {
    /// Decodes a table entry: every undecided entry is a draw.
    fn of(entry: u16) -> Value {
        match entry & TAG {
            WON => Value::Win(entry & MAX_PLIES),
            LOST => Value::Loss(entry & MAX_PLIES),
            _ => Value::Draw,
        }
    }
}

/// A perfectly indexed state space for [`solve`]. Indices run below [`Space::len`].
pub trait Space: Sync {
    /// The number of indices.
    fn len(&self) -> u64;

    /// Whether there are no indices.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How state `index` enters the analysis.
    fn start(&self, index: u64) -> Start;

    /// Calls `visit(predecessor, edges)` for the analysed states with moves into `index`: the
    /// number of their moves that lead to `index` (or, under a symmetry, to a state `index`
    /// represents). Each predecessor's edges summed over all its children must equal its
    /// [`Start::Moves`]. A predecessor may be reported more than once; the edges add up.
    fn predecessors(&self, index: u64, visit: &mut dyn FnMut(u64, u16));
}

/// What one level of the analysis did, for progress reports.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Level {
    /// The distance whose states were pushed to their predecessors.
    pub plies: u16,
    /// States decided at `plies`.
    pub decided: u64,
    /// States this level decided as won in `plies + 1`.
    pub new_wins: u64,
    /// States this level decided as lost in `plies + 1`.
    pub new_losses: u64,
    /// Seconds since the solver started.
    pub seconds: f64,
}

/// The solved table: one value per index.
#[derive(Debug)]
pub struct Solution {
    entries: Vec<AtomicU16>,
}

impl Solution {
    /// The value of state `index` for its side to move.
    pub fn value(&self, index: u64) -> Value {
        Value::of(self.entries[index as usize].load(Ordering::Relaxed))
    }

    /// Whether state `index` took part in the analysis (not [`Start::Excluded`]).
    pub fn is_analysed(&self, index: u64) -> bool {
        self.entries[index as usize].load(Ordering::Relaxed) != EXCLUDED
    }

    /// Whether state `index` is a draw because its side to move has no legal move.
    pub fn is_stalemate(&self, index: u64) -> bool {
        self.entries[index as usize].load(Ordering::Relaxed) == STALEMATE
    }

    /// The number of entries.
    pub fn len(&self) -> u64 {
        self.entries.len() as u64
    }

    /// Whether the table is empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Reads a table written by [`Solution::write_to`] (`len` entries).
    ///
    /// # Errors
    /// The reader's error, or [`std::io::ErrorKind::UnexpectedEof`] for a short table.
    pub fn read_from(input: &mut impl std::io::Read, len: u64) -> std::io::Result<Solution> {
        let mut entries = Vec::with_capacity(len as usize);
        let mut buffer = vec![0u8; 2 * CHUNK as usize];
        while (entries.len() as u64) < len {
            let count = (len - entries.len() as u64).min(CHUNK) as usize;
            input.read_exact(&mut buffer[..2 * count])?;
            entries.extend(
                buffer[..2 * count]
                    .chunks_exact(2)
                    .map(|pair| AtomicU16::new(u16::from_le_bytes([pair[0], pair[1]]))),
            );
        }
        Ok(Solution { entries })
    }

    /// The raw entries as little-endian bytes, for saving the table.
    pub fn write_to(&self, out: &mut impl std::io::Write) -> std::io::Result<()> {
        let mut buffer = Vec::with_capacity(2 * CHUNK as usize);
        for block in self.entries.chunks(CHUNK as usize) {
            buffer.clear();
            for entry in block {
                buffer.extend_from_slice(&entry.load(Ordering::Relaxed).to_le_bytes());
            }
            out.write_all(&buffer)?;
        }
        Ok(())
    }
}

/// Runs `work(first, end)` over `0..len` in chunks on `threads` threads and sums what it returns.
fn parallel<T: Default + Copy + Send + std::ops::AddAssign>(
    len: u64,
    threads: usize,
    work: impl Fn(u64, u64) -> T + Sync,
) -> T {
    let next = AtomicU64::new(0);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut total = T::default();
                    loop {
                        let first = next.fetch_add(CHUNK, Ordering::Relaxed);
                        if first >= len {
                            break total;
                        }
                        total += work(first, (first + CHUNK).min(len));
                    }
                })
            })
            .collect();
        let mut total = T::default();
        for handle in handles {
            total += handle.join().expect("a solver thread panicked");
        }
        total
    })
}

/// Counts per level kept by each thread: (new wins, new losses, states pushed).
#[derive(Debug, Default, Clone, Copy)]
struct Counts(u64, u64, u64);

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, other: Counts) {
        self.0 += other.0;
        self.1 += other.1;
        self.2 += other.2;
    }
}

/// Solves `space` on `threads` threads, calling `progress` after the initial pass (a [`Level`]
/// with `plies` 0, nothing decided and the states lost at once as `new_losses`) and after every
/// level.
pub fn solve(space: &impl Space, threads: usize, mut progress: impl FnMut(&Level)) -> Solution {
    let clock = Instant::now();
    let len = space.len();
    let entries: Vec<AtomicU16> = (0..len).map(|_| AtomicU16::new(EXCLUDED)).collect();
    let lost_at_once = parallel(len, threads, |first, end| {
        let mut lost = Counts::default();
        for index in first..end {
            let entry = match space.start(index) {
                Start::Excluded => EXCLUDED,
                Start::Lost => {
                    lost.1 += 1;
                    LOST
                }
                Start::Stalemate => STALEMATE,
                Start::Moves(count) => {
                    assert!((1..=MAX_PLIES).contains(&count), "move count {count}");
                    count
                }
            };
            entries[index as usize].store(entry, Ordering::Relaxed);
        }
        lost
    });
    progress(&Level {
        plies: 0,
        decided: 0,
        new_wins: 0,
        new_losses: lost_at_once.1,
        seconds: clock.elapsed().as_secs_f64(),
    });
    let mut plies = 0u16;
    loop {
        let won_here = WON | plies;
        let lost_here = LOST | plies;
        let next = plies + 1;
        assert!(next <= MAX_PLIES, "distances beyond {MAX_PLIES} plies");
        let counts = parallel(len, threads, |first, end| {
            let mut counts = Counts::default();
            for index in first..end {
                let entry = entries[index as usize].load(Ordering::Relaxed);
                if entry != won_here && entry != lost_here {
                    continue;
                }
                counts.2 += 1;
                let child_lost = entry == lost_here;
                space.predecessors(index, &mut |parent, edges| {
                    let cell = &entries[parent as usize];
                    let update = cell.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |old| {
                        if old & TAG != 0 || old == 0 {
                            return None;
                        }
                        if child_lost {
                            return Some(WON | next);
                        }
                        assert!(edges <= old, "more edges than moves into {parent}");
                        Some(if old == edges {
                            LOST | next
                        } else {
                            old - edges
                        })
                    });
                    if let Ok(old) = update {
                        if child_lost {
                            counts.0 += 1;
                        } else if old == edges {
                            counts.1 += 1;
                        }
                    }
                });
            }
            counts
        });
        progress(&Level {
            plies,
            decided: counts.2,
            new_wins: counts.0,
            new_losses: counts.1,
            seconds: clock.elapsed().as_secs_f64(),
        });
        if counts.0 + counts.1 == 0 {
            break;
        }
        plies = next;
    }
    Solution { entries }
}
