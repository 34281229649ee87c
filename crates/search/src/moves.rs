//! Move lists. A game chooses its own list type through [`Game::Moves`](crate::Game::Moves):
//! usually a [`MoveList`] (an `ArrayVec`) sized from the game's documented worst case, so that
//! generating moves never touches the heap; a game with no useful bound may use a `Vec`.

pub use arrayvec::ArrayVec;

/// A fixed-capacity move list on the stack. `N` must cover the game's worst case; a push past
/// the capacity is dropped (and trips a `debug_assert!`), it never panics in release builds.
pub type MoveList<M, const N: usize> = ArrayVec<M, N>;

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
        let pushed = self.try_push(mv);
        debug_assert!(
            pushed.is_ok(),
            "move list capacity {N} exceeded: raise the game's bound"
        );
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
