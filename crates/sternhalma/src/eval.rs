//! The evaluation: how far each player still has to go, from the distance tables. A player's
//! value is minus its marbles' summed distance to its target's tip, minus a convex straggler
//! term (the sum of squared distances, so a marble left far behind costs more than the same
//! steps spread over the group), plus a bonus per marble already in the target. The sums are
//! kept up to date by `Position::play`, so evaluating costs a few additions per player.
//!
//! `evaluate(position, player)` is that player's value minus the best value among the others:
//! zero-sum for two players (negamax), and "me against the leader" for paranoid and best-reply
//! search. `evaluate_all` gives every player's view at once for max^n.

use crate::distance::HOME_DISTANCE_SUM;
use crate::players::MAX_PLAYERS;
use crate::position::Position;
use plyforge_search::{Evaluator, Score};

/// The weights of the evaluation's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DistanceEvaluator {
    /// Per step of summed distance to the target's tip.
    pub distance: Score,
    /// Per unit of summed squared distance, divided by [`STRAGGLER_DIVISOR`].
    pub straggler: Score,
    /// Per marble standing in its target.
    pub home: Score,
}

/// Scales the straggler weight down: squared distances grow fast.
pub const STRAGGLER_DIVISOR: Score = 4;

impl Default for DistanceEvaluator {
    fn default() -> Self {
        DistanceEvaluator {
            distance: 16,
            straggler: 2,
            home: 8,
        }
    }
}

impl DistanceEvaluator {
    /// `player`'s own value: higher is closer to home.
    ///
    /// ```
    /// use plyforge_sternhalma::{DistanceEvaluator, PlayerCount, Position};
    /// let start = Position::new(PlayerCount::Two);
    /// let eval = DistanceEvaluator::default();
    /// assert_eq!(eval.value(&start, 0), eval.value(&start, 1));
    /// ```
    #[inline]
    pub fn value(&self, position: &Position, player: usize) -> Score {
        let distance = position.distance_sum(player) as Score - HOME_DISTANCE_SUM as Score;
        let squares = position.square_sum(player) as Score;
        -self.distance * distance - self.straggler * squares / STRAGGLER_DIVISOR
            + self.home * position.marbles_home(player) as Score
    }
}

impl Evaluator<Position> for DistanceEvaluator {
    #[inline]
    fn evaluate(&self, position: &Position, player: usize) -> Score {
        let best_other = (0..position.players().get())
            .filter(|&other| other != player)
            .map(|other| self.value(position, other))
            .max()
            .unwrap_or(0);
        self.value(position, player) - best_other
    }

    fn evaluate_all(&self, position: &Position, scores: &mut [Score]) {
        let players = position.players().get();
        let mut values = [0; MAX_PLAYERS];
        let (mut best, mut second) = (Score::MIN, Score::MIN);
        for (player, value) in values.iter_mut().enumerate().take(players) {
            *value = self.value(position, player);
            if *value > best {
                second = best;
                best = *value;
            } else if *value > second {
                second = *value;
            }
        }
        for (player, score) in scores.iter_mut().enumerate().take(players) {
            let best_other = if values[player] == best { second } else { best };
            *score = values[player] - best_other;
        }
    }
}
