//! Large tables on huge pages: an array of at least [`HUGE_PAGE`] bytes is placed on a 2 MiB
//! boundary and, on Linux, the kernel is asked to back it with transparent huge pages.
//!
//! A transposition table is read at random addresses, one cache line per probe. With 4 KiB
//! pages a table of 16 MiB spans 4096 pages, more than a core's second-level TLB holds, so most
//! probes also pay a page-table walk; on 2 MiB pages the same table needs 8 TLB entries.
//! Measured on Connect Four to depth 12 (docs/search.md): a 16 MiB table on 4 KiB pages took
//! about 1.3-1.5 times as long as on huge pages, for the same nodes. Linux gives huge pages to a
//! region only when it is aligned to 2 MiB and either the system enables them for every
//! allocation (`/sys/kernel/mm/transparent_hugepage/enabled` is `always`) or the program asks
//! for them (`madvise`, the default of many distributions): this module does both, and without
//! huge pages (another system, `never`, no free huge page) the table works as before.

use std::ops::Deref;

/// The size of a huge page on x86-64 and most AArch64 Linux systems.
pub(crate) const HUGE_PAGE: usize = 2 << 20;

/// A boxed slice of `len` default values that starts on a [`HUGE_PAGE`] boundary when it is at
/// least that large.
pub(crate) struct PageAligned<T> {
    storage: Box<[T]>,
    start: usize,
    len: usize,
}

impl<T: Default> PageAligned<T> {
    /// `len` default values, on huge pages where the system allows.
    pub fn new(len: usize) -> Self {
        let size = size_of::<T>();
        let bytes = len.saturating_mul(size);
        if bytes < HUGE_PAGE || size == 0 || !HUGE_PAGE.is_multiple_of(size) {
            return PageAligned {
                storage: (0..len).map(|_| T::default()).collect(),
                start: 0,
                len,
            };
        }
        // One huge page of padding leaves room to move the start to the next boundary.
        let padding = HUGE_PAGE / size;
        let mut storage: Vec<T> = Vec::with_capacity(len + padding);
        let address = storage.as_ptr() as usize;
        // `align_of::<T>()` divides `size`, which divides `HUGE_PAGE`: the distance to the next
        // boundary is a whole number of elements.
        let start = (HUGE_PAGE - address % HUGE_PAGE) % HUGE_PAGE / size;
        // Advice before the first write: the pages are allocated when first touched.
        advise_huge_pages(storage.as_ptr().wrapping_add(start).cast(), bytes);
        storage.resize_with(len + padding, T::default);
        PageAligned {
            storage: storage.into_boxed_slice(),
            start,
            len,
        }
    }
}

impl<T> Deref for PageAligned<T> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        &self.storage[self.start..self.start + self.len]
    }
}

impl<T> PageAligned<T> {
    /// The values, mutably.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.storage[self.start..self.start + self.len]
    }
}

/// Asks the kernel to back the whole huge pages of `bytes` bytes from `start` (a 2 MiB
/// boundary inside one allocation of ours) with transparent huge pages. Advice only: a refusal
/// changes nothing.
#[cfg(target_os = "linux")]
fn advise_huge_pages(start: *const u8, bytes: usize) {
    let whole_pages = bytes / HUGE_PAGE * HUGE_PAGE;
    if whole_pages == 0 {
        return;
    }
    // SAFETY: `madvise` with `MADV_HUGEPAGE` reads and writes no memory of the program and
    // changes no value in it: it only marks the range so that the kernel may map it with 2 MiB
    // pages (contents are kept when pages are merged). The range lies inside the caller's live
    // allocation (a whole number of huge pages from a boundary inside it, not rounded up), so
    // no other allocation's pages are affected. On error (an older kernel, huge pages disabled)
    // the call returns -1 and nothing happened; the result is ignored on purpose.
    #[allow(unsafe_code)]
    unsafe {
        libc::madvise(start.cast_mut().cast(), whole_pages, libc::MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_start: *const u8, _bytes: usize) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[repr(align(64))]
    #[derive(Default, Clone, Copy, PartialEq, Debug)]
    struct Line([u64; 8]);

    #[test]
    fn large_arrays_start_on_a_huge_page_and_hold_defaults() {
        // 3 MiB: one whole huge page to advise (this runs `advise_huge_pages`) and a partial one.
        let count = 3 * (1 << 20) / 64;
        let mut lines = PageAligned::<Line>::new(count);
        assert_eq!(lines.len(), count);
        assert_eq!(lines.as_ptr() as usize % HUGE_PAGE, 0);
        assert!(lines.iter().all(|line| *line == Line::default()));
        lines.as_mut_slice()[count - 1] = Line([7; 8]);
        assert_eq!(lines[count - 1], Line([7; 8]));
        assert_eq!(lines[0], Line::default());
    }

    #[test]
    fn small_arrays_are_plain() {
        let lines = PageAligned::<Line>::new(10);
        assert_eq!(lines.len(), 10);
        assert!(lines.iter().all(|line| *line == Line::default()));
        assert!(PageAligned::<Line>::new(0).is_empty());
    }
}
