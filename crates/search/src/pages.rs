//! Large tables in memory of their own, on huge pages: an array of at least [`HUGE_PAGE`] bytes
//! gets, on Linux, a mapping of its own that starts on a 2 MiB boundary, and the kernel is asked
//! to back it with transparent huge pages.
//!
//! A transposition table is read at random addresses, one cache line per probe. With 4 KiB pages a
//! table of 16 MiB spans 4096 pages, more than a core's second-level TLB holds, so most probes also
//! pay a page-table walk; on 2 MiB pages the same table needs 8 TLB entries. Linux gives huge pages
//! to a region only when it is aligned to 2 MiB and either the system enables them for every
//! allocation (`/sys/kernel/mm/transparent_hugepage/enabled` is `always`) or the program asks for
//! them (`madvise`, the default of many distributions): this module does both.
//!
//! Why a mapping of its own rather than the global allocator: the advice stays with the addresses,
//! not with the table. Memory from the allocator goes back to it when the table is dropped and is
//! handed out again to whatever the program allocates next, huge-page advice included (so another
//! table allocated after ours would get the huge pages ours asked for, and a benchmark would credit
//! it with them). A mapping of our own is returned to the system whole when the table is dropped.
//! Elsewhere (another system, or a refused mapping) the array is an ordinary boxed slice.

use std::ops::Deref;
use std::ptr::NonNull;

/// The size of a huge page on x86-64 and most AArch64 Linux systems.
pub(crate) const HUGE_PAGE: usize = 2 << 20;

/// Types whose value with every byte zero is valid and equal to their `Default`: the values of
/// a fresh mapping, which the kernel fills with zeros.
///
/// # Safety
/// An implementor must be valid when all its bytes are zero (no references, no `NonZero`, no
/// enum without a zero discriminant), and that value must equal `T::default()`.
#[allow(unsafe_code)]
pub(crate) unsafe trait Zeroable: Default {}

/// Where the values of a [`PageAligned`] live, to give the memory back.
enum Source {
    /// A boxed slice turned into its raw pointer.
    Heap,
    /// A mapping of our own, from `base`, `bytes` long.
    #[cfg(target_os = "linux")]
    Mapping {
        base: NonNull<libc::c_void>,
        bytes: usize,
    },
}

/// A fixed array of `len` values, starting on a [`HUGE_PAGE`] boundary in a mapping of its own
/// when it is at least that large.
pub(crate) struct PageAligned<T: Zeroable> {
    /// The first of `len` initialised values, owned by this array.
    values: NonNull<T>,
    len: usize,
    source: Source,
}

// SAFETY: a `PageAligned<T>` owns its values exclusively, like a `Box<[T]>` (nothing else points
// into its memory), so it can be sent or shared between threads exactly when a `Box<[T]>` can.
#[allow(unsafe_code)]
unsafe impl<T: Zeroable + Send> Send for PageAligned<T> {}
// SAFETY: as for `Send`: shared access gives out only `&[T]`.
#[allow(unsafe_code)]
unsafe impl<T: Zeroable + Sync> Sync for PageAligned<T> {}

impl<T: Zeroable> PageAligned<T> {
    /// `len` default values, on huge pages in a mapping of their own where the system allows;
    /// `None` when neither the system nor the allocator can provide that much memory.
    pub fn try_new(len: usize) -> Option<Self> {
        let size = size_of::<T>();
        let bytes = len.saturating_mul(size);
        if bytes >= HUGE_PAGE
            && align_of::<T>() <= HUGE_PAGE
            && let Some(array) = Self::mapped(len, bytes)
        {
            return Some(array);
        }
        Self::boxed(len)
    }

    /// `len` default values on the heap; `None` when the allocator refuses them (rather than
    /// aborting the program, as an infallible allocation would).
    fn boxed(len: usize) -> Option<Self> {
        let mut values = Vec::new();
        values.try_reserve_exact(len).ok()?;
        values.extend((0..len).map(|_| T::default()));
        let values = values.into_boxed_slice();
        Some(PageAligned {
            values: NonNull::from(Box::leak(values)).cast(),
            len,
            source: Source::Heap,
        })
    }

    /// `len` zeroed values (`bytes` bytes) in a mapping of their own on a 2 MiB boundary, its
    /// pages advised huge; `None` when the system refuses the mapping. The pages are not
    /// written here: the kernel backs each with zeros at its first touch, so that a large
    /// table is ready at once (a GUI waits for `readyok` after `setoption name Hash`) and the
    /// first search pays the faults of the pages it reaches.
    #[cfg(target_os = "linux")]
    fn mapped(len: usize, bytes: usize) -> Option<Self> {
        let advised = bytes.checked_next_multiple_of(HUGE_PAGE)?;
        // A huge page of slack to move the start to the next boundary; never touched, so it
        // costs address space only.
        let mapped = advised.checked_add(HUGE_PAGE)?;
        // SAFETY: an anonymous private mapping at an address of the kernel's choice overlaps
        // nothing of the program; the arguments are valid and the result is checked.
        #[allow(unsafe_code)]
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                mapped,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return None;
        }
        let base = NonNull::new(base)?;
        let offset = base.as_ptr().align_offset(HUGE_PAGE);
        // The kernel maps at page boundaries, so `offset < HUGE_PAGE` and the advised range
        // `offset..offset + advised` lies inside the `mapped` bytes.
        let start = base.as_ptr().wrapping_byte_add(offset).cast::<u8>();
        // SAFETY: `start..start + advised` is a range of whole pages inside our own mapping (see
        // above); `madvise` only marks it so that the kernel may back it with huge pages and
        // changes no value. Its result is advice: ignored on purpose.
        #[allow(unsafe_code)]
        unsafe {
            libc::madvise(start.cast(), advised, libc::MADV_HUGEPAGE);
        }
        Some(PageAligned {
            values: NonNull::new(start.cast::<T>())?,
            len,
            source: Source::Mapping {
                base,
                bytes: mapped,
            },
        })
    }

    #[cfg(not(target_os = "linux"))]
    fn mapped(_len: usize, _bytes: usize) -> Option<Self> {
        None
    }

    /// Sets every value back to its default, and returns how many leading values stay backed
    /// by memory: at least the first `backed` (values the program has touched, or had the
    /// system back), which are written in place so that their pages stay backed. In a mapping
    /// of its own the pages after them, from the next huge-page boundary on, are given back to
    /// the system, which maps zeros there again at their next touch: emptying a large table
    /// then costs what the program had backed, and a part it never reached is not backed just
    /// to be zeroed. A heap array (or a mapping the system will not take pages back from) is
    /// written whole, and all of it stays backed.
    pub fn reset_keeping(&mut self, backed: usize) -> usize {
        let written = self.give_back_pages_after(backed).unwrap_or(self.len);
        for value in &mut self.as_mut_slice()[..written] {
            *value = T::default();
        }
        written
    }

    /// Gives the pages of a mapping of its own back to the system from the first huge-page
    /// boundary after the first `backed` values on, and returns how many values lie before
    /// that boundary (one may straddle it: its bytes past it become zero, its default, and it
    /// is written as well); `None` where nothing was given back (a heap array, a boundary at
    /// the end, or the system refused).
    #[cfg(target_os = "linux")]
    fn give_back_pages_after(&mut self, backed: usize) -> Option<usize> {
        let Source::Mapping { .. } = self.source else {
            return None;
        };
        let size = size_of::<T>();
        // `len * size` bytes are mapped, so neither product overflows.
        let boundary = (backed.min(self.len) * size).next_multiple_of(HUGE_PAGE);
        let end = (self.len * size).next_multiple_of(HUGE_PAGE);
        if size == 0 || boundary >= end {
            return None;
        }
        let start = self.values.as_ptr().wrapping_byte_add(boundary);
        // SAFETY: `values` starts on a huge-page boundary of our own private anonymous mapping,
        // whose advised range runs to `len * size` rounded up to a huge page (`mapped`), so
        // `start..start + (end - boundary)` is whole pages inside it, and `&mut self` means no
        // reference into them exists. After `MADV_DONTNEED` the kernel fills the range with
        // zeros at the next touch: every value there is zero bytes, valid and default by
        // `Zeroable` (the old values are not dropped: at worst a leak). On failure nothing
        // changed, and the caller writes every value.
        #[allow(unsafe_code)]
        let result = unsafe { libc::madvise(start.cast(), end - boundary, libc::MADV_DONTNEED) };
        (result == 0).then(|| boundary.div_ceil(size).min(self.len))
    }

    #[cfg(not(target_os = "linux"))]
    fn give_back_pages_after(&mut self, _backed: usize) -> Option<usize> {
        None
    }

    /// Whether the values are in a mapping of their own (otherwise on the heap).
    #[cfg(test)]
    pub fn is_mapping(&self) -> bool {
        !matches!(self.source, Source::Heap)
    }

    /// The values, mutably.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        // SAFETY: `values` points to `len` initialised values (defaults on the heap; zero bytes,
        // valid and default by `Zeroable`, in a mapping aligned to 2 MiB, which is a multiple
        // of `align_of::<T>()`), owned by `self` and alive until it is dropped; `&mut self`
        // makes this the only reference.
        #[allow(unsafe_code)]
        unsafe {
            std::slice::from_raw_parts_mut(self.values.as_ptr(), self.len)
        }
    }
}

impl<T: Zeroable> Deref for PageAligned<T> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        // SAFETY: as in `as_mut_slice`; `&self` allows only shared references meanwhile.
        #[allow(unsafe_code)]
        unsafe {
            std::slice::from_raw_parts(self.values.as_ptr(), self.len)
        }
    }
}

impl<T: Zeroable> Drop for PageAligned<T> {
    fn drop(&mut self) {
        match self.source {
            Source::Heap => {
                let values = std::ptr::slice_from_raw_parts_mut(self.values.as_ptr(), self.len);
                // SAFETY: `values` is the boxed slice `boxed` leaked, given back once.
                #[allow(unsafe_code)]
                drop(unsafe { Box::from_raw(values) });
            }
            #[cfg(target_os = "linux")]
            Source::Mapping { base, bytes } => {
                let values: *mut [T] = self.as_mut_slice();
                // SAFETY: the values are initialised and dropped exactly once, here, and never
                // used again: the mapping is removed next.
                #[allow(unsafe_code)]
                unsafe {
                    std::ptr::drop_in_place(values);
                }
                // SAFETY: `base..base + bytes` is exactly the mapping `mapped` made, removed
                // once; no reference into it outlives `self`.
                #[allow(unsafe_code)]
                unsafe {
                    libc::munmap(base.as_ptr(), bytes);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};

    #[repr(align(64))]
    #[derive(Default)]
    struct Line([AtomicU64; 8]);

    // SAFETY: atomics of zero bytes are valid zeros, the default.
    #[allow(unsafe_code)]
    unsafe impl Zeroable for Line {}

    fn word(lines: &[Line], index: usize) -> u64 {
        lines[index].0[3].load(Ordering::Relaxed)
    }

    #[test]
    fn large_arrays_start_on_a_huge_page_and_hold_defaults() {
        // 3 MiB plus a line: a mapping of its own, advised, touched and unmapped on drop.
        let count = 3 * (1 << 20) / 64 + 1;
        let mut lines = PageAligned::<Line>::try_new(count).unwrap();
        // A mapping of its own on a huge-page boundary on Linux; a boxed slice elsewhere.
        #[cfg(target_os = "linux")]
        {
            assert!(matches!(lines.source, Source::Mapping { .. }));
            assert_eq!(lines.as_ptr() as usize % HUGE_PAGE, 0);
        }
        assert_eq!(lines.len(), count);
        assert!((0..count).all(|index| word(&lines, index) == 0));
        lines.as_mut_slice()[count - 1].0[3].store(7, Ordering::Relaxed);
        lines[5].0[3].store(9, Ordering::Relaxed);
        assert_eq!(word(&lines, count - 1), 7);
        assert_eq!(word(&lines, 5), 9);
        assert_eq!(word(&lines, 0), 0);
        // Shared between threads, as the transposition table is.
        std::thread::scope(|scope| {
            scope.spawn(|| lines[1].0[0].store(3, Ordering::Relaxed));
        });
        assert_eq!(lines[1].0[0].load(Ordering::Relaxed), 3);
        drop(lines);
        // A second array after the first is unmapped starts from defaults again.
        let again = PageAligned::<Line>::try_new(count).unwrap();
        assert!((0..count).all(|index| word(&again, index) == 0));
    }

    #[test]
    fn reset_gives_defaults_back() {
        // A mapping of its own (3 MiB and a line) and a heap array: written, then reset with
        // none, some or all of it counted as backed.
        let huge_page_lines = HUGE_PAGE / 64;
        for count in [3 * huge_page_lines + 1, 10] {
            let mut lines = PageAligned::<Line>::try_new(count).unwrap();
            let mapped = matches!(lines.source, Source::Mapping { .. });
            for backed in [0, 5, huge_page_lines, huge_page_lines + 1, count] {
                for index in [0, 4, 5, count / 2, count - 1] {
                    lines[index].0[3].store(index as u64 + 1, Ordering::Relaxed);
                }
                let kept = lines.reset_keeping(backed);
                assert_eq!(lines.len(), count);
                assert!((0..count).all(|index| word(&lines, index) == 0));
                let expected = if mapped {
                    // Rounded up to the next huge page, within the array.
                    (backed.next_multiple_of(huge_page_lines)).min(count)
                } else {
                    count
                };
                assert_eq!(kept, expected, "{count} lines, {backed} backed");
                // Usable after the reset.
                lines[count - 1].0[3].store(5, Ordering::Relaxed);
                assert_eq!(word(&lines, count - 1), 5);
            }
            if mapped {
                assert_eq!(lines.as_ptr() as usize % HUGE_PAGE, 0);
            }
        }
    }

    #[test]
    fn impossible_sizes_are_refused_not_fatal() {
        // More lines than the address space holds: the mapping and the allocator refuse them.
        assert!(PageAligned::<Line>::try_new(usize::MAX / 64).is_none());
        assert!(PageAligned::<Line>::try_new(usize::MAX).is_none());
        // Still usable afterwards.
        assert_eq!(PageAligned::<Line>::try_new(10).unwrap().len(), 10);
    }

    #[test]
    fn small_arrays_are_plain() {
        let lines = PageAligned::<Line>::try_new(10).unwrap();
        assert!(matches!(lines.source, Source::Heap));
        assert_eq!(lines.len(), 10);
        assert!((0..10).all(|index| word(&lines, index) == 0));
        assert!(PageAligned::<Line>::try_new(0).unwrap().is_empty());
    }
}
