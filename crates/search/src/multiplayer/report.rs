//! A move with its player: the multi-player searches' lines name the player of each move,
//! because a best-reply line skips players (the opponents who pass).

/// A move and the player who plays it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct PlayerMove<M> {
    /// The player, from 0.
    pub player: usize,
    /// The move.
    pub mv: M,
}
