//! Correction history: the static evaluation corrected by what searches found. Where a game
//! gives [`Game::correction_key`](crate::Game::correction_key) (in chess, a hash of the
//! pawns), each node that searched deep enough to know better records how far its search's
//! value lay from its static evaluation, as a running average per key and player; the next
//! node with that key adds the average to its evaluation before the pruning reads it. An
//! evaluation that misjudges a pawn structure misjudges it in every position with those pawns,
//! and the search sees it there first.

use crate::parameters::SearchParameters;
use crate::score::Score;

/// Entries per player (a power of two: a key's low bits choose its entry).
const ENTRIES: usize = 1 << 14;
/// Entries hold the average error in this many parts of an evaluation unit, so that small
/// steps of the average do not round away.
const GRAIN: i32 = 256;
// How fast an entry's average moves and how far it may go are search parameters:
// `correction_weight_per_depth`, `correction_weight_max` and `correction_limit`.

/// The correction history of one search thread.
pub(crate) struct CorrectionHistory {
    /// `players × ENTRIES` averages in `1/GRAIN` units (empty when off).
    table: Vec<i32>,
}

impl CorrectionHistory {
    /// Zero corrections for `players` players, or none at all when `enabled` is false.
    pub fn new(players: usize, enabled: bool) -> Self {
        CorrectionHistory {
            table: if enabled {
                vec![0; players.max(1) * ENTRIES]
            } else {
                Vec::new()
            },
        }
    }

    /// Whether corrections are kept.
    #[inline]
    pub fn enabled(&self) -> bool {
        !self.table.is_empty()
    }

    /// The correction of the evaluation of `player` to move in a position with `key`.
    #[inline]
    pub fn correction(&self, player: usize, key: u64) -> Score {
        self.table[Self::index(player, key)] / GRAIN
    }

    /// Records that a search of `depth` found the value `searched` where the uncorrected
    /// evaluation said `evaluation`, for `player` to move in a position with `key`, at the pace
    /// and within the limit of `parameters`.
    #[inline]
    pub fn update(
        &mut self,
        player: usize,
        key: u64,
        depth: i32,
        searched: Score,
        evaluation: Score,
        parameters: &SearchParameters,
    ) {
        let weight = (parameters.correction_weight_per_depth * depth)
            .min(parameters.correction_weight_max)
            .max(1);
        let limit = parameters.correction_limit;
        let error = (searched - evaluation).clamp(-limit, limit) * GRAIN;
        let entry = &mut self.table[Self::index(player, key)];
        *entry = (*entry * (256 - weight) + error * weight) / 256;
    }

    #[inline]
    fn index(player: usize, key: u64) -> usize {
        player * ENTRIES + (key as usize & (ENTRIES - 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections_follow_the_errors_of_each_key_and_player_and_stay_bounded() {
        let parameters = SearchParameters::default();
        let limit = parameters.correction_limit;
        let mut history = CorrectionHistory::new(2, true);
        for _ in 0..2000 {
            history.update(0, 5, 8, 60, 10, &parameters);
            history.update(1, 5, 8, 1000, 0, &parameters);
        }
        // The average of a constant error of 50 converges to it; another key is untouched.
        assert!((48..=50).contains(&history.correction(0, 5)));
        assert_eq!(history.correction(0, 6), 0);
        // A huge error counts as the limit.
        assert!((limit - 2..=limit).contains(&history.correction(1, 5)));
        // Errors the other way bring it back down.
        for _ in 0..2000 {
            history.update(0, 5, 8, -20, 10, &parameters);
        }
        assert!((-30..=-28).contains(&history.correction(0, 5)));
        assert!(!CorrectionHistory::new(2, false).enabled());
    }
}
