//! Move lists. A game chooses its own list type through [`Game::Moves`](crate::Game::Moves):
//! usually a [`MoveList`], a list on the stack sized from the game's documented worst case, so
//! that generating moves never touches the heap; a game with no useful bound may use a `Vec`.
//! Whatever way a move goes in (the inherent [`MoveList::push`], [`MoveBuffer::push`],
//! `Extend`, `collect`), a move past the capacity panics with a message that names the list,
//! the code that pushed and the fix, instead of being lost or ending in another crate's panic.

// The list inside `MoveList`, and a small array the multi-player searches keep on the stack.
pub(crate) use arrayvec::ArrayVec;
use core::fmt;
use core::ops::{Deref, DerefMut};
use core::panic::Location;

/// A fixed-capacity move list on the stack. `N` must cover the game's worst case; a push past
/// it panics, in every build, with a message naming the move type, the capacity, the code that
/// pushed (the game's move generation) and the fix, rather than losing a move (which would make
/// every search of that position silently wrong).
///
/// It reads as a slice (`Deref<Target = [M]>`: indexing, `iter`, `sort_by_key`, `contains`,
/// ...) and keeps `Vec`'s own operations a game or a search uses: `push`, `pop`, `clear`,
/// `truncate`, `retain`, `swap_remove`, `extend`, `collect`.
///
/// ```
/// use plyforge_search::MoveList;
///
/// let mut moves = MoveList::<u8, 4>::new();
/// moves.extend([3, 1, 2]);
/// moves.sort_unstable();
/// assert_eq!(moves, [1, 2, 3]);
/// moves.retain(|&mv| mv != 2);
/// assert_eq!(moves.as_slice(), [1, 3]);
/// assert_eq!((moves.len(), moves.capacity()), (2, 4));
/// ```
///
/// A game that outgrows its list is told what to change:
///
/// ```should_panic
/// # use plyforge_search::MoveList;
/// let mut moves = MoveList::<u8, 2>::new();
/// moves.extend([1, 2, 3]); // panics: "move list full: ... raise N ..."
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MoveList<M, const N: usize> {
    moves: ArrayVec<M, N>,
}

/// The panic of a push past a move list's capacity, out of the hot path.
#[cold]
#[inline(never)]
#[track_caller]
fn overflow<M>(capacity: usize) -> ! {
    let pusher = Location::caller();
    panic!(
        "move list full: the code at {pusher} (the game's move generation) pushed move {} into \
         a MoveList<{}, {capacity}>, which holds {capacity}; raise N in the game's \
         `type Moves = MoveList<_, N>` (its MAX_MOVES constant, where it has one) to the most \
         moves any position of the game has",
        capacity + 1,
        core::any::type_name::<M>(),
    )
}

impl<M, const N: usize> MoveList<M, N> {
    /// The number of moves the list holds: `N`.
    pub const CAPACITY: usize = N;

    /// An empty list.
    #[inline(always)]
    #[must_use]
    pub const fn new() -> Self {
        Self {
            moves: ArrayVec::new_const(),
        }
    }

    /// Appends a move.
    ///
    /// # Panics
    /// When the list already holds `N` moves, with a message naming the list, the caller and
    /// the fix: the game's worst case is larger than the capacity it declared.
    #[inline(always)]
    #[track_caller]
    pub fn push(&mut self, mv: M) {
        if self.moves.try_push(mv).is_err() {
            overflow::<M>(N);
        }
    }

    /// Removes and returns the last move, if any.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<M> {
        self.moves.pop()
    }

    /// Removes every move.
    #[inline(always)]
    pub fn clear(&mut self) {
        self.moves.clear();
    }

    /// Keeps the first `len` moves (nothing changes when there are fewer).
    #[inline(always)]
    pub fn truncate(&mut self, len: usize) {
        self.moves.truncate(len);
    }

    /// Keeps the moves for which `keep` is true, in their order.
    #[inline]
    pub fn retain(&mut self, mut keep: impl FnMut(&M) -> bool) {
        self.moves.retain(|mv| keep(mv));
    }

    /// Removes the move at `index` and returns it, putting the last move in its place.
    ///
    /// # Panics
    /// When `index` is not below the number of moves.
    #[inline(always)]
    #[track_caller]
    pub fn swap_remove(&mut self, index: usize) -> M {
        self.moves.swap_remove(index)
    }

    /// Removes the move at `index` and returns it, shifting the later moves down.
    ///
    /// # Panics
    /// When `index` is not below the number of moves.
    #[inline]
    #[track_caller]
    pub fn remove(&mut self, index: usize) -> M {
        self.moves.remove(index)
    }

    /// The number of moves the list can hold: `N`.
    #[inline(always)]
    #[must_use]
    pub const fn capacity(&self) -> usize {
        N
    }

    /// Whether the list holds `N` moves, so that one more push would panic.
    #[inline(always)]
    #[must_use]
    pub fn is_full(&self) -> bool {
        self.moves.is_full()
    }

    /// The moves, in the order they were pushed.
    #[inline(always)]
    #[must_use]
    pub fn as_slice(&self) -> &[M] {
        self.moves.as_slice()
    }

    /// The moves, for reordering or rewriting in place.
    #[inline(always)]
    #[must_use]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        self.moves.as_mut_slice()
    }
}

impl<M, const N: usize> Default for MoveList<M, N> {
    #[inline(always)]
    fn default() -> Self {
        Self::new()
    }
}

impl<M: fmt::Debug, const N: usize> fmt::Debug for MoveList<M, N> {
    /// The moves, as a list.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<M, const N: usize> Deref for MoveList<M, N> {
    type Target = [M];

    #[inline(always)]
    fn deref(&self) -> &[M] {
        self.as_slice()
    }
}

impl<M, const N: usize> DerefMut for MoveList<M, N> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [M] {
        self.as_mut_slice()
    }
}

impl<M, const N: usize> AsRef<[M]> for MoveList<M, N> {
    #[inline(always)]
    fn as_ref(&self) -> &[M] {
        self.as_slice()
    }
}

impl<M, const N: usize> AsMut<[M]> for MoveList<M, N> {
    #[inline(always)]
    fn as_mut(&mut self) -> &mut [M] {
        self.as_mut_slice()
    }
}

impl<M: PartialEq, const N: usize> PartialEq<[M]> for MoveList<M, N> {
    fn eq(&self, other: &[M]) -> bool {
        self.as_slice() == other
    }
}

impl<M: PartialEq, const N: usize, const K: usize> PartialEq<[M; K]> for MoveList<M, N> {
    fn eq(&self, other: &[M; K]) -> bool {
        self.as_slice() == other
    }
}

impl<M, const N: usize> Extend<M> for MoveList<M, N> {
    /// Pushes each move, panicking like [`push`](MoveList::push) past the capacity (with the
    /// location of the code that extended).
    #[inline(always)]
    #[track_caller]
    fn extend<I: IntoIterator<Item = M>>(&mut self, moves: I) {
        for mv in moves {
            self.push(mv);
        }
    }
}

impl<'a, M: Copy + 'a, const N: usize> Extend<&'a M> for MoveList<M, N> {
    /// Pushes a copy of each move, panicking like [`push`](MoveList::push) past the capacity.
    #[inline(always)]
    #[track_caller]
    fn extend<I: IntoIterator<Item = &'a M>>(&mut self, moves: I) {
        for &mv in moves {
            self.push(mv);
        }
    }
}

impl<M, const N: usize> FromIterator<M> for MoveList<M, N> {
    /// The moves in order, panicking like [`push`](MoveList::push) past the capacity.
    #[track_caller]
    fn from_iter<I: IntoIterator<Item = M>>(moves: I) -> Self {
        let mut list = Self::new();
        list.extend(moves);
        list
    }
}

impl<'a, M, const N: usize> IntoIterator for &'a MoveList<M, N> {
    type Item = &'a M;
    type IntoIter = core::slice::Iter<'a, M>;

    #[inline(always)]
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<'a, M, const N: usize> IntoIterator for &'a mut MoveList<M, N> {
    type Item = &'a mut M;
    type IntoIter = core::slice::IterMut<'a, M>;

    #[inline(always)]
    fn into_iter(self) -> Self::IntoIter {
        self.as_mut_slice().iter_mut()
    }
}

impl<M, const N: usize> IntoIterator for MoveList<M, N> {
    type Item = M;
    type IntoIter = MoveListIntoIter<M, N>;

    #[inline(always)]
    fn into_iter(self) -> MoveListIntoIter<M, N> {
        MoveListIntoIter {
            moves: self.moves.into_iter(),
        }
    }
}

/// The moves of a [`MoveList`] by value, in order (`MoveList::into_iter`).
#[derive(Clone)]
pub struct MoveListIntoIter<M, const N: usize> {
    moves: arrayvec::IntoIter<M, N>,
}

impl<M, const N: usize> Iterator for MoveListIntoIter<M, N> {
    type Item = M;

    #[inline(always)]
    fn next(&mut self) -> Option<M> {
        self.moves.next()
    }

    #[inline(always)]
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.moves.size_hint()
    }
}

impl<M, const N: usize> DoubleEndedIterator for MoveListIntoIter<M, N> {
    #[inline(always)]
    fn next_back(&mut self) -> Option<M> {
        self.moves.next_back()
    }
}

impl<M, const N: usize> ExactSizeIterator for MoveListIntoIter<M, N> {}

impl<M, const N: usize> core::iter::FusedIterator for MoveListIntoIter<M, N> {}

impl<M: fmt::Debug, const N: usize> fmt::Debug for MoveListIntoIter<M, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("MoveListIntoIter")
            .field(&self.moves.as_slice())
            .finish()
    }
}

/// What move generation writes into. Implemented for [`MoveList`] and `Vec`.
pub trait MoveBuffer<M>: Default {
    /// Appends a move.
    fn push(&mut self, mv: M);
    /// Removes every move.
    fn clear(&mut self);
    /// The moves, in generation order.
    fn as_slice(&self) -> &[M];
    /// The moves, for reordering in place.
    fn as_mut_slice(&mut self) -> &mut [M];
    /// The number of moves.
    #[inline]
    fn len(&self) -> usize {
        self.as_slice().len()
    }
    /// Whether there is no move.
    #[inline]
    fn is_empty(&self) -> bool {
        self.as_slice().is_empty()
    }
}

impl<M, const N: usize> MoveBuffer<M> for MoveList<M, N> {
    #[inline(always)]
    #[track_caller]
    fn push(&mut self, mv: M) {
        MoveList::push(self, mv);
    }
    #[inline(always)]
    fn clear(&mut self) {
        MoveList::clear(self);
    }
    #[inline(always)]
    fn as_slice(&self) -> &[M] {
        MoveList::as_slice(self)
    }
    #[inline(always)]
    fn as_mut_slice(&mut self) -> &mut [M] {
        MoveList::as_mut_slice(self)
    }
}

impl<M> MoveBuffer<M> for Vec<M> {
    #[inline(always)]
    fn push(&mut self, mv: M) {
        Vec::push(self, mv);
    }
    #[inline(always)]
    fn clear(&mut self) {
        Vec::clear(self);
    }
    #[inline(always)]
    fn as_slice(&self) -> &[M] {
        self
    }
    #[inline(always)]
    fn as_mut_slice(&mut self) -> &mut [M] {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The panic message of `push_all` on a list of capacity `N`.
    fn overflow_message<const N: usize>(push_all: fn(&mut MoveList<u8, N>)) -> String {
        let panic = std::panic::catch_unwind(|| {
            let mut list = MoveList::<u8, N>::new();
            push_all(&mut list);
        })
        .expect_err("a push past the capacity panics");
        panic
            .downcast_ref::<String>()
            .cloned()
            .expect("a formatted message")
    }

    #[test]
    fn every_way_in_past_the_capacity_panics_naming_the_list_the_pusher_and_the_fix() {
        let inherent = overflow_message::<2>(|list| (0..3).for_each(|mv| list.push(mv)));
        let buffer = overflow_message::<2>(|list| (0..3).for_each(|mv| MoveBuffer::push(list, mv)));
        let extend = overflow_message::<2>(|list| list.extend([0, 1, 2]));
        let extend_copies = overflow_message::<2>(|list| list.extend(&[0, 1, 2]));
        for message in [inherent, buffer, extend, extend_copies] {
            assert!(message.starts_with("move list full"), "{message}");
            assert!(
                message.contains("pushed move 3 into a MoveList<u8, 2>"),
                "{message}"
            );
            assert!(message.contains("type Moves = MoveList<_, N>"), "{message}");
            // The pusher is this file (the caller), not the list's own code.
            assert!(message.contains(&format!("{}:", file!())), "{message}");
        }
    }

    #[test]
    #[should_panic(expected = "MoveList<u8, 1>")]
    fn collecting_past_the_capacity_panics() {
        let _: MoveList<u8, 1> = [1, 2].into_iter().collect();
    }

    proptest! {
        /// Every operation agrees with the same operation on a `Vec`.
        #[test]
        fn operations_agree_with_a_vec(
            moves in proptest::collection::vec(any::<u8>(), 0..=16),
            keep_below in any::<u8>(),
            cut in 0usize..20,
            index in any::<prop::sample::Index>(),
        ) {
            let mut list: MoveList<u8, 16> = moves.iter().copied().collect();
            let mut vec = moves.clone();
            prop_assert_eq!(list.as_slice(), vec.as_slice());
            prop_assert_eq!(list.is_full(), vec.len() == 16);
            if !vec.is_empty() {
                let at = index.index(vec.len());
                prop_assert_eq!(list.swap_remove(at), vec.swap_remove(at));
            }
            list.retain(|&mv| mv < keep_below);
            vec.retain(|&mv| mv < keep_below);
            prop_assert_eq!(list.as_slice(), vec.as_slice());
            list.sort_unstable_by_key(|&mv| core::cmp::Reverse(mv));
            vec.sort_unstable_by_key(|&mv| core::cmp::Reverse(mv));
            prop_assert_eq!(list.as_slice(), vec.as_slice());
            list.truncate(cut);
            vec.truncate(cut);
            prop_assert_eq!(list.pop(), vec.pop());
            prop_assert_eq!(list.iter().rev().collect::<Vec<_>>(), vec.iter().rev().collect::<Vec<_>>());
            prop_assert_eq!(list.clone().into_iter().collect::<Vec<_>>(), vec.clone());
            list.clear();
            prop_assert!(list.is_empty());
        }
    }
}
