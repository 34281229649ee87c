//! Move lists. A game chooses its own list type through [`Game::Moves`](crate::Game::Moves):
//! usually a [`MoveList`] (an `ArrayVec`) sized from the game's documented worst case, so that
//! generating moves never touches the heap; a game with no useful bound may use a `Vec`.

pub use arrayvec::ArrayVec;

/// A fixed-capacity move list on the stack. `N` must cover the game's worst case: a push past
/// the capacity panics with a message naming the move type and the capacity, in every build,
/// rather than losing a move (which would make every search of that position silently wrong).
pub type MoveList<M, const N: usize> = ArrayVec<M, N>;

/// The panic of a push past a move list's capacity, out of the hot path.
#[cold]
#[inline(never)]
#[track_caller]
fn overflow<M>(capacity: usize) -> ! {
    panic!(
        "move list full: a game generated more than {capacity} moves into its \
         MoveList<{}, {capacity}> (Game::Moves); raise the capacity to the game's worst case",
        core::any::type_name::<M>()
    )
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

impl<M, const N: usize> MoveBuffer<M> for ArrayVec<M, N> {
    #[inline(always)]
    fn push(&mut self, mv: M) {
        if self.try_push(mv).is_err() {
            overflow::<M>(N);
        }
    }
    #[inline(always)]
    fn clear(&mut self) {
        ArrayVec::clear(self);
    }
    #[inline(always)]
    fn as_slice(&self) -> &[M] {
        ArrayVec::as_slice(self)
    }
    #[inline(always)]
    fn as_mut_slice(&mut self) -> &mut [M] {
        ArrayVec::as_mut_slice(self)
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

    #[test]
    #[should_panic(expected = "more than 2 moves into its MoveList<u8, 2> (Game::Moves)")]
    fn a_push_past_the_capacity_panics_naming_the_move_type_and_capacity() {
        let mut list = MoveList::<u8, 2>::new();
        for mv in 0..3 {
            MoveBuffer::push(&mut list, mv);
        }
    }

    #[test]
    fn pushes_within_the_capacity_keep_every_move() {
        let mut list = MoveList::<u8, 3>::new();
        for mv in 0..3 {
            MoveBuffer::push(&mut list, mv);
        }
        assert_eq!(list.as_slice(), [0, 1, 2]);
    }
}
