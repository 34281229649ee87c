//! The state one multi-player search carries through the tree: the evaluator, the root player,
//! the clock, the principal variation and the previous iteration's line for move ordering; and
//! the scores of finished games, shared by all the algorithms.

use super::ordering::SearchOrder;
use super::player_move::PlayerMove;
use super::replies::ReplyBuffers;
use crate::algorithm::Algorithm;
use crate::clock::ThreadClock;
use crate::game::MAX_PLAYERS;
use crate::game::{Evaluator, Game};
use crate::moves::MoveBuffer;
use crate::ordering::Killers;
use crate::pv::PvTable;
use crate::score::{EVAL_LIMIT, Score};
use crate::score_vector::ScoreVector;
use crate::techniques::Techniques;
use crate::tt::TranspositionTable;

/// The search state shared by max^n, BRS and BRS+.
pub(crate) struct Context<'a, G: Game, E> {
    pub(crate) evaluator: &'a E,
    /// The player to move at the root.
    pub(crate) root_player: usize,
    pub(crate) players: usize,
    /// The shallow-pruning bound (max^n), when known.
    pub(crate) max_sum: Option<Score>,
    /// Whether to order candidates by [`Game::move_order_hint`] where that can prune more.
    pub(crate) order_hints: bool,
    pub(crate) clock: ThreadClock<'a>,
    /// Best-reply search: the transposition table, when configured.
    pub(crate) tt: Option<&'a TranspositionTable>,
    /// The line played below each layer: one move per layer, more in a BRS+ opponents' layer
    /// (the round around the best reply), what the caller gets.
    pub(crate) pv: PvTable<PlayerMove<G::Move>>,
    /// The key move of each layer of those lines (the move chosen there), kept apart so that
    /// the next iteration can order by them.
    pub(crate) pv_keys: PvTable<PlayerMove<G::Move>>,
    /// The previous iteration's key moves, one per layer, tried first along that line.
    pub(crate) previous_keys: Vec<PlayerMove<G::Move>>,
    /// Whether this iteration stopped at its depth somewhere (rather than only at game ends),
    /// or used a table entry whose search did: if not, deeper iterations cannot change
    /// anything, and the result is proven. Best-reply search keeps it per node while the node
    /// is searched (whether its own subtree did, which its table entry records as solved) and
    /// adds it to its parent's at the end.
    pub(crate) reached_horizon: bool,
    /// Best-reply search: the MIN layers' buffers, one per layer.
    pub(crate) reply_buffers: Vec<ReplyBuffers<G::Move>>,
    /// Each layer's search order.
    pub(crate) orders: Vec<SearchOrder>,
    /// Whether best-reply search probes later moves with a null window first.
    pub(crate) pvs: bool,
    /// Whether best-reply search keeps killer moves.
    pub(crate) use_killers: bool,
    /// Best-reply search: each layer's two most recent cut-off moves.
    pub(crate) killers: Killers<PlayerMove<G::Move>>,
    /// The root moves the iteration in progress chooses among; empty for all.
    pub(crate) root_moves: Vec<G::Move>,
}

/// What the multi-player searches read of the configuration.
#[derive(Debug, Clone, Copy)]
pub(crate) struct MultiplayerSettings {
    /// Max^n, BRS or BRS+.
    pub algorithm: Algorithm,
    /// Best-reply search reads the table, killer, PVS and ordering-hint switches.
    pub techniques: Techniques,
    /// Max^n's shallow-pruning bound, if any.
    pub max_sum: Option<Score>,
}

impl<'a, G: Game, E: Evaluator<G>> Context<'a, G, E> {
    pub(crate) fn new(
        evaluator: &'a E,
        root_player: usize,
        players: usize,
        settings: &MultiplayerSettings,
        clock: ThreadClock<'a>,
        tt: Option<&'a TranspositionTable>,
        layers: usize,
    ) -> Self {
        Context {
            evaluator,
            root_player,
            players,
            max_sum: settings.max_sum,
            order_hints: settings.techniques.contains(Techniques::ORDER_HINTS),
            clock,
            tt,
            // Grown per iteration ([`Context::prepare_iteration`]): most searches stay shallow.
            pv: PvTable::new(1, MAX_PLAYERS),
            pv_keys: PvTable::new(1, 1),
            previous_keys: Vec::new(),
            reached_horizon: false,
            reply_buffers: (0..=layers).map(|_| ReplyBuffers::default()).collect(),
            orders: (0..=layers).map(|_| SearchOrder::default()).collect(),
            use_killers: settings.techniques.contains(Techniques::KILLERS),
            pvs: settings.techniques.contains(Techniques::PVS),
            killers: Killers::new(layers + 1),
            root_moves: Vec::new(),
        }
    }

    /// Leaves out of the root's `moves` those the iteration does not choose among.
    pub(crate) fn restrict_root(&self, ply: usize, moves: &mut G::Moves) {
        if ply != 0 || self.root_moves.is_empty() {
            return;
        }
        let kept: Vec<G::Move> = moves
            .as_slice()
            .iter()
            .copied()
            .filter(|mv| self.root_moves.contains(mv))
            .collect();
        moves.clear();
        for mv in kept {
            moves.push(mv);
        }
    }

    /// Makes room for an iteration `depth` layers deep.
    pub(crate) fn prepare_iteration(&mut self, depth: u32) {
        self.pv.ensure_rows(depth as usize + 1);
        self.pv_keys.ensure_rows(depth as usize + 1);
        self.reached_horizon = false;
    }

    /// Empties the lines of the node at `ply` (on entering it).
    #[inline]
    pub(crate) fn clear_pv(&mut self, ply: usize) {
        self.pv.clear(ply);
        self.pv_keys.clear(ply);
    }

    /// The node at `ply` chose `key`, played as `played`, followed by the line below it.
    pub(crate) fn update_pv(
        &mut self,
        ply: usize,
        key: PlayerMove<G::Move>,
        played: &[PlayerMove<G::Move>],
    ) {
        self.pv.update(ply, played);
        self.pv_keys.update(ply, &[key]);
    }

    /// Every player's evaluation of `game`, clamped to the evaluation range.
    #[inline]
    pub(crate) fn evaluate_all(&self, game: &G) -> ScoreVector {
        let mut scores = ScoreVector::new(self.players);
        self.evaluator.evaluate_all(game, scores.as_mut_slice());
        for score in scores.as_mut_slice() {
            *score = (*score).clamp(-EVAL_LIMIT, EVAL_LIMIT);
        }
        scores
    }

    /// The root player's evaluation of `game`, clamped to the evaluation range.
    #[inline]
    pub(crate) fn evaluate_root(&self, game: &G) -> Score {
        self.evaluator
            .evaluate(game, self.root_player)
            .clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// The move the previous iteration chose at the node at `ply` on its line, if it was made by
    /// `player` and is among `moves`: its index there.
    pub(crate) fn previous_move_index(
        &self,
        ply: usize,
        player: usize,
        moves: &[G::Move],
    ) -> Option<usize> {
        let key = self.previous_keys.get(ply)?;
        if key.player != player {
            return None;
        }
        moves.iter().position(|&mv| mv == key.mv)
    }
}
