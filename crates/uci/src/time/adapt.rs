//! The time manager that adapts a move's time during its search: after every completed
//! iteration it scales the base soft limit by three facts of the search so far, and moves the
//! search's [`SoftDeadline`] there. A best move that keeps changing gets more time (the choice
//! is not made yet); one that has held for many iterations gets less. A score that falls gets
//! more time (a threat was found, look for a way out), one that rises a little less. A best
//! move that took nearly all the nodes gets less (its rivals are refuted at once); one whose
//! rivals took much of the effort gets more. The scales multiply, the product is bounded, and
//! the soft limit never passes half the hard limit, so the hard limit (and with it the clock's
//! reserve) is never put at risk.

use plyforge_chess::Move;
use plyforge_search::score::is_decisive;
use plyforge_search::{Info, Score, ScoreBound, SoftDeadline};
use std::time::Duration;

/// Permille of the base soft limit by the number of completed iterations since the best move
/// last changed (0: it changed in the last one); the last entry holds for longer runs.
const STABILITY_SCALE: [u32; 7] = [1900, 1450, 1200, 1000, 880, 800, 750];
/// The score of the last iteration is compared with the one this many iterations before.
const SCORE_TREND_ITERATIONS: usize = 3;
/// Permille of the base soft limit added per unit of score (centipawn) the score fell.
const SCORE_DROP_PERMILLE_PER_UNIT: u32 = 5;
/// A fall counts up to this much (a scale of at most 1.5).
const SCORE_DROP_CAP: Score = 100;
/// A rise counts up to this much (a scale of at least 0.8).
const SCORE_RISE_CAP: Score = 40;
/// The node-share scale in permille is `NODE_SHARE_BASE - share × NODE_SHARE_SLOPE / 1000`,
/// with the share in permille: 0.70 for a move that took every node, 1.125 at half of them.
const NODE_SHARE_BASE: u32 = 1550;
/// See [`NODE_SHARE_BASE`].
const NODE_SHARE_SLOPE: u32 = 850;
/// The node share says little in the first iterations (a few hundred nodes): it counts from
/// this depth.
const NODE_SHARE_MIN_DEPTH: u32 = 7;
/// Iterations this shallow take no time worth managing: the soft limit stays as it is.
const MIN_ADAPT_DEPTH: u32 = 4;
/// The product of the scales is kept within these bounds, in permille.
const MIN_SCALE: u32 = 400;
/// See [`MIN_SCALE`].
const MAX_SCALE: u32 = 2500;
/// The soft limit never passes the hard limit divided by this: an iteration started later
/// would most likely be aborted, its time wasted.
const HARD_PER_SOFT_CAP: u32 = 2;

/// The time manager of one search on a clock: made with the base limits, fed every progress
/// report of the search ([`TimeManager::observe`]), it moves the soft limit the search reads
/// (its [`SoftDeadline`], to be put into the search's limits).
///
/// ```
/// use plyforge_uci::time::TimeManager;
/// use std::time::Duration;
/// let manager = TimeManager::new(Duration::from_millis(100), Duration::from_millis(800));
/// assert_eq!(manager.deadline().get(), Duration::from_millis(100));
/// ```
#[derive(Debug, Clone)]
pub struct TimeManager {
    deadline: SoftDeadline,
    base_soft: Duration,
    hard: Duration,
    /// The best move of the last completed iteration.
    best_move: Option<Move>,
    /// Completed iterations since the best move last changed.
    stable_iterations: usize,
    /// The score of every completed iteration, oldest first.
    scores: Vec<Score>,
}

impl TimeManager {
    /// A manager of a search whose soft limit is `base_soft` before any adaptation and whose
    /// hard limit is `hard`.
    pub fn new(base_soft: Duration, hard: Duration) -> Self {
        let base_soft = base_soft.min(hard);
        TimeManager {
            deadline: SoftDeadline::new(base_soft),
            base_soft,
            hard,
            best_move: None,
            stable_iterations: 0,
            scores: Vec::new(),
        }
    }

    /// The soft limit this manager moves: give it to the search
    /// ([`Limits::soft_deadline`](plyforge_search::Limits::soft_deadline)).
    pub fn deadline(&self) -> SoftDeadline {
        self.deadline.clone()
    }

    /// The hard limit, which the manager never moves.
    pub fn hard_time(&self) -> Duration {
        self.hard
    }

    /// Takes in a progress report of the search: the report of a completed iteration's best
    /// line (an exact score, line 1) moves the soft limit; the other reports change nothing.
    pub fn observe(&mut self, info: &Info<'_, Move>) {
        if info.multi_pv != 1 || info.bound != ScoreBound::Exact {
            return;
        }
        let Some(&best_move) = info.pv.first() else {
            return;
        };
        if self.best_move == Some(best_move) {
            self.stable_iterations += 1;
        } else {
            self.stable_iterations = 0;
        }
        self.best_move = Some(best_move);
        self.scores.push(info.score);
        if info.depth < MIN_ADAPT_DEPTH {
            return;
        }
        let node_share = info
            .best_move_node_share
            .filter(|_| info.depth >= NODE_SHARE_MIN_DEPTH);
        let scale = combined_scale(self.stable_iterations, self.score_change(), node_share);
        self.deadline.set(self.soft_time_at(scale));
    }

    /// The score of the last iteration less that of [`SCORE_TREND_ITERATIONS`] before (or of
    /// the first), `None` where either is a win or a loss.
    fn score_change(&self) -> Option<Score> {
        let last = *self.scores.last()?;
        let earlier = self.scores[self.scores.len().saturating_sub(SCORE_TREND_ITERATIONS + 1)];
        (!is_decisive(last) && !is_decisive(earlier)).then_some(last - earlier)
    }

    /// The soft limit at `scale` permille of the base one, within the cap below the hard limit.
    fn soft_time_at(&self, scale: u32) -> Duration {
        (self.base_soft * scale / 1000).min(self.hard / HARD_PER_SOFT_CAP)
    }
}

/// The scale of the soft limit, in permille: the product of the stability, score and node-share
/// scales, within [`MIN_SCALE`] and [`MAX_SCALE`].
fn combined_scale(
    stable_iterations: usize,
    score_change: Option<Score>,
    node_share: Option<u32>,
) -> u32 {
    let product = u64::from(stability_scale(stable_iterations))
        * u64::from(score_scale(score_change))
        * u64::from(node_share_scale(node_share))
        / 1_000_000;
    (product as u32).clamp(MIN_SCALE, MAX_SCALE)
}

/// The stability scale, in permille, after `stable_iterations` iterations with the same move.
fn stability_scale(stable_iterations: usize) -> u32 {
    STABILITY_SCALE[stable_iterations.min(STABILITY_SCALE.len() - 1)]
}

/// The score scale, in permille: above 1000 where the score fell, below where it rose.
fn score_scale(score_change: Option<Score>) -> u32 {
    let Some(change) = score_change else {
        return 1000;
    };
    let fall = (-change).clamp(-SCORE_RISE_CAP, SCORE_DROP_CAP);
    (1000 + fall * SCORE_DROP_PERMILLE_PER_UNIT as Score) as u32
}

/// The node-share scale, in permille, for a best move that took `share` permille of the nodes.
fn node_share_scale(share: Option<u32>) -> u32 {
    share.map_or(1000, |share| {
        NODE_SHARE_BASE - share.min(1000) * NODE_SHARE_SLOPE / 1000
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use plyforge_chess::Board;
    use proptest::prelude::*;

    const BASE: Duration = Duration::from_millis(1000);
    const HARD: Duration = Duration::from_millis(8000);

    /// The report of a completed iteration at `depth` with `best` first in its line.
    fn observe(manager: &mut TimeManager, depth: u32, best: Move, score: Score, share: u32) {
        let pv = [best];
        manager.observe(&Info {
            multi_pv: 1,
            depth,
            seldepth: depth,
            score,
            scores: None,
            bound: ScoreBound::Exact,
            nodes: 1000,
            nps: 0,
            hashfull: 0,
            time: Duration::ZERO,
            best_move_node_share: Some(share),
            pv: &pv,
            pv_players: &[0],
        });
    }

    fn two_moves() -> (Move, Move) {
        let moves = Board::default().legal_moves();
        (moves[0], moves[1])
    }

    #[test]
    fn the_scales_are_as_documented() {
        assert_eq!(stability_scale(0), 1900);
        assert_eq!(stability_scale(100), 750);
        assert_eq!(score_scale(Some(-100)), 1500);
        assert_eq!(score_scale(Some(-1000)), 1500);
        assert_eq!(score_scale(Some(40)), 800);
        assert_eq!(score_scale(Some(0)), 1000);
        assert_eq!(score_scale(None), 1000);
        assert_eq!(node_share_scale(Some(1000)), 700);
        assert_eq!(node_share_scale(Some(500)), 1125);
        assert_eq!(node_share_scale(None), 1000);
        // 1.9 × 1.5 × 1.55 is beyond the cap; 0.75 × 0.8 × 0.7 is the least there is.
        assert_eq!(combined_scale(0, Some(-500), Some(0)), MAX_SCALE);
        assert_eq!(combined_scale(9, Some(500), Some(1000)), 420);
        assert_eq!(combined_scale(3, Some(0), None), 1000);
    }

    #[test]
    fn a_stable_move_shortens_the_soft_limit_and_a_changing_one_lengthens_it() {
        let (first, second) = two_moves();
        let mut stable = TimeManager::new(BASE, HARD);
        for depth in 1..=12 {
            observe(&mut stable, depth, first, 20, 800);
        }
        // 0.75 for the stability, 0.87 for a share of 80 %.
        assert_eq!(stable.deadline().get(), BASE * 652 / 1000);
        let mut changing = TimeManager::new(BASE, HARD);
        for depth in 1..=12 {
            observe(
                &mut changing,
                depth,
                if depth % 2 == 0 { first } else { second },
                20,
                800,
            );
        }
        assert_eq!(changing.deadline().get(), BASE * 1653 / 1000);
    }

    #[test]
    fn a_falling_score_lengthens_the_soft_limit() {
        let (first, _) = two_moves();
        let mut manager = TimeManager::new(BASE, HARD);
        for depth in 1..=8 {
            observe(&mut manager, depth, first, 50 - 10 * depth as Score, 500);
        }
        // Stable for 7 iterations (0.75), a fall of 30 over three (1.15), half the nodes
        // (1.125).
        assert_eq!(manager.deadline().get(), BASE * 970 / 1000);
    }

    #[test]
    fn shallow_iterations_and_bounds_leave_the_soft_limit_alone() {
        let (first, second) = two_moves();
        let mut manager = TimeManager::new(BASE, HARD);
        observe(&mut manager, 1, first, 0, 0);
        observe(&mut manager, 3, second, 0, 0);
        assert_eq!(manager.deadline().get(), BASE);
        let pv = [first];
        manager.observe(&Info {
            multi_pv: 1,
            depth: 9,
            seldepth: 9,
            score: -300,
            scores: None,
            bound: ScoreBound::Upper,
            nodes: 1000,
            nps: 0,
            hashfull: 0,
            time: Duration::ZERO,
            best_move_node_share: None,
            pv: &pv,
            pv_players: &[0],
        });
        assert_eq!(manager.deadline().get(), BASE);
    }

    proptest! {
        #[test]
        fn the_soft_limit_stays_within_its_bounds(
            base_ms in 1u64..100_000,
            hard_ms in 1u64..400_000,
            reports in proptest::collection::vec((any::<bool>(), -2_000i32..2_000, 0u32..=1000), 1..30),
        ) {
            let (first, second) = two_moves();
            let base = Duration::from_millis(base_ms);
            let hard = Duration::from_millis(hard_ms);
            let mut manager = TimeManager::new(base, hard);
            let base = base.min(hard);
            for (depth, (same, score, share)) in reports.into_iter().enumerate() {
                observe(&mut manager, depth as u32 + 1, if same { first } else { second }, score, share);
                let soft = manager.deadline().get();
                prop_assert!(soft <= hard);
                if depth + 1 >= MIN_ADAPT_DEPTH as usize {
                    prop_assert!(soft <= hard / HARD_PER_SOFT_CAP);
                    prop_assert!(soft <= base * MAX_SCALE / 1000);
                    prop_assert!(soft >= (base * MIN_SCALE / 1000).min(hard / HARD_PER_SOFT_CAP));
                }
            }
        }
    }
}
