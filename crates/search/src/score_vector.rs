//! One score per player, in a fixed-size array: the value of a node in max^n search. It lives on
//! the stack (no heap per node) and holds up to [`MAX_PLAYERS`] scores.

use crate::game::MAX_PLAYERS;
use crate::score::Score;
use core::ops::{Index, IndexMut};

/// A score for each player of a game, each in that player's own view (higher is better for it).
///
/// ```
/// use plyforge_search::ScoreVector;
/// let mut scores = ScoreVector::new(3);
/// scores[1] = 40;
/// assert_eq!(scores.as_slice(), &[0, 40, 0]);
/// assert_eq!(scores.players(), 3);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ScoreVector {
    scores: [Score; MAX_PLAYERS],
    players: u8,
}

impl ScoreVector {
    /// All zeros for `players` players.
    ///
    /// # Panics
    /// If `players` exceeds [`MAX_PLAYERS`]; the searches check the player count first and
    /// return [`SearchError::PlayerCount`](crate::SearchError::PlayerCount) instead.
    pub fn new(players: usize) -> Self {
        assert!(
            players <= MAX_PLAYERS,
            "a score vector holds at most {MAX_PLAYERS} players, not {players}"
        );
        ScoreVector {
            scores: [0; MAX_PLAYERS],
            players: players as u8,
        }
    }

    /// A vector with the given scores, one per player.
    ///
    /// # Panics
    /// If there are more than [`MAX_PLAYERS`] scores.
    ///
    /// ```
    /// use plyforge_search::ScoreVector;
    /// assert_eq!(ScoreVector::from_slice(&[1, 2])[1], 2);
    /// ```
    pub fn from_slice(scores: &[Score]) -> Self {
        let mut vector = ScoreVector::new(scores.len());
        vector.as_mut_slice().copy_from_slice(scores);
        vector
    }

    /// The number of players.
    #[inline]
    pub fn players(&self) -> usize {
        self.players as usize
    }

    /// The scores, indexed by player.
    #[inline]
    pub fn as_slice(&self) -> &[Score] {
        &self.scores[..self.players as usize]
    }

    /// The scores, indexed by player, for writing.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Score] {
        &mut self.scores[..self.players as usize]
    }
}

impl Index<usize> for ScoreVector {
    type Output = Score;
    #[inline]
    fn index(&self, player: usize) -> &Score {
        &self.as_slice()[player]
    }
}

impl IndexMut<usize> for ScoreVector {
    #[inline]
    fn index_mut(&mut self, player: usize) -> &mut Score {
        &mut self.as_mut_slice()[player]
    }
}
