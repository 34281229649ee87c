//! Max^n (Luckhardt and Irani, 1986) in the multi-player searcher: the search of
//! `crate::maxn` on [`ScoreVector`]s, with shallow pruning when the configuration gives a bound
//! (`max_sum`), recording the principal variation and choosing among the iteration's root moves.
//!
//! The previous iteration's move is searched first along its line (and, with pruning, the other
//! moves by their ordering hints); ties still go to the first move generated, so the result is
//! exactly that of plain max^n in generation order.

use super::context::Context;
use super::ordering::SearchOrder;
use super::player_move::{PlayerMove, outcome_scores};
use crate::game::{Evaluator, Game, Outcome};
use crate::maxn::{self, MaxnWalk, Reach};
use crate::moves::MoveBuffer;
use crate::score::Score;
use crate::score_vector::ScoreVector;

impl<G: Game, E: Evaluator<G>> Context<'_, G, E> {
    /// The max^n value of the root `game` searched `depth` plies deep; `None` when the iteration
    /// was aborted.
    pub(crate) fn maxn(&mut self, game: &mut G, depth: u32) -> Option<ScoreVector> {
        maxn::value(self, game, Reach::depth(depth), 0, None, true)
    }
}

impl<G: Game, E: Evaluator<G>> MaxnWalk<G> for Context<'_, G, E> {
    type Component = Score;
    type Value = ScoreVector;
    type Order = SearchOrder;

    #[inline]
    fn max_sum(&self) -> Option<Score> {
        self.max_sum
    }

    #[inline]
    fn outcome_value(&self, outcome: Outcome, ply: usize) -> ScoreVector {
        outcome_scores(outcome, self.players, ply)
    }

    #[inline]
    fn leaf_value(&mut self, game: &G) -> ScoreVector {
        self.reached_horizon = true;
        self.evaluate_all(game)
    }

    #[inline]
    fn enter(&mut self, ply: usize) {
        self.clear_pv(ply);
    }

    #[inline]
    fn restrict(&self, ply: usize, moves: &mut G::Moves) {
        self.restrict_root(ply, moves);
    }

    fn order(
        &mut self,
        game: &G,
        ply: usize,
        moves: &mut G::Moves,
        on_line: bool,
    ) -> (SearchOrder, Option<usize>) {
        let moves = moves.as_slice();
        let previous = if on_line {
            self.previous_move_index(ply, game.player_to_move(), moves)
        } else {
            None
        };
        // Without pruning the order cannot save anything: skip the hints.
        let use_hints = self.order_hints && self.max_sum.is_some();
        let mut order = core::mem::take(&mut self.orders[ply]);
        let hint = |index: usize| game.move_order_hint(moves[index]);
        order.fill(
            moves.len(),
            previous,
            [None, None],
            use_hints.then_some(&hint as &dyn Fn(usize) -> i32),
        );
        (order, previous)
    }

    #[inline]
    fn release(&mut self, ply: usize, order: SearchOrder) {
        self.orders[ply] = order;
    }

    #[inline]
    fn count_node(&mut self) -> bool {
        self.clock.count_node()
    }

    #[inline]
    fn aborted(&self) -> bool {
        self.clock.aborted()
    }

    #[inline]
    fn chose(&mut self, ply: usize, player: usize, mv: G::Move) {
        let played = PlayerMove { player, mv };
        self.update_pv(ply, played, &[played]);
    }
}
