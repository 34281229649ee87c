//! The node function of the alpha-beta search: fail-soft negamax over "sides", with principal
//! variation search, the transposition table, null-move pruning, late-move reductions, check
//! extensions and repetition draws. It reads top-down: the end of the line (outcome,
//! repetition, depth), the table probe, null-move pruning, the move loop, the table store.
//! Quiescence search, below depth 0, has its own file.
//!
//! A side is who a node's score is for. In [`Mode::Negamax`] it is the player to move; in
//! [`Mode::Paranoid`] it is either the root player or the coalition of all the others. Scores are
//! always from the view of the side to move, and a child's score is negated (and the window
//! swapped) only when the side changes between parent and child: a coalition may move several
//! times in a row, and so may a player in a game with passes. Two-player negamax is the case
//! where every move changes the side.
//!
//! The node function is specialised by node type ([`Root`], [`Pv`], [`NonPv`]), as Stockfish's
//! `search<NodeType>` is: a PV node is searched with an open window and keeps its principal
//! variation; a non-PV node has a null window and may be cut by the table and by null move.
//! Each technique is a plain switch of the configuration, read where it applies.

use crate::game::{Evaluator, Game, Outcome};
use crate::movepick::{MovePicker, Order, PickerSetup, Prefetch};
use crate::moves::MoveBuffer;
use crate::node_type::{NodeType, NonPv, Pv};
use crate::report::ScoreBound;
use crate::score::{DRAW, EVAL_LIMIT, INFINITY, MAX_PLY, Score, is_decisive, loss_in, win_in};
use crate::techniques::Techniques;
use crate::tt::{Bound, Entry, score_from_tt, score_to_tt};
use crate::worker::{LMR_TABLE_SIZE, Mode, Worker};

/// The least remaining depth at which a node probes and stores the transposition table
/// (quiescence never does).
const TT_MIN_DEPTH: i32 = 1;
/// The most plies a null move is searched shallower for an evaluation far above beta.
const NULL_EVAL_REDUCTION_MAX: i32 = 3;

/// Whether a child is a cut node, given whether it is one in negamax terms (`negamax_cut`:
/// its parent expects the move to fail low) and whether its side differs from its parent's
/// (`flip`): a side that moves again keeps its parent's view, and so the opposite expectation.
#[inline]
fn child_cut_node(negamax_cut: bool, flip: bool) -> bool {
    negamax_cut == flip
}

/// How a child is searched: the depth it gets, the reduction it is tried with first,
/// whether it gets the full window at once (the first move, or every move without PVS), and
/// whether its parent is a cut node.
#[derive(Clone, Copy)]
struct ChildSearch {
    depth: i32,
    reduction: i32,
    full_window: bool,
    parent_cut_node: bool,
}

impl<G: Game, E: Evaluator<G>> Worker<'_, G, E> {
    /// Fail-soft alpha-beta: the score of `game` for its side to move, exact when it lies
    /// strictly inside `alpha..beta`, otherwise a bound on the far side of the window.
    /// `cut_node` says that a null-window node is expected to fail high: the parent expects
    /// its move to fail low (a reduced late move, or the first move of a node expected to fail
    /// low). Such a node's late moves are reduced more.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn alphabeta<NT: NodeType>(
        &mut self,
        game: &mut G,
        mut depth: i32,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
        allow_null: bool,
        cut_node: bool,
    ) -> Score {
        debug_assert!(NT::ROOT == (ply == 0));
        debug_assert!(NT::PV || beta - alpha == 1);
        let settings = self.settings;
        self.pv.clear(ply);

        // The end of the line: the game is over, the position repeats, the ply limit.
        // The hash serves the table and repetitions only.
        let hash = if settings.uses(Techniques::TT) || G::REPETITION_DRAWS {
            game.hash()
        } else {
            0
        };
        if !NT::ROOT {
            if let Some(outcome) = game.outcome_by_rule() {
                self.clock.nodes += 1;
                self.note_ruled_draw(outcome);
                return self.outcome_score(game, outcome, ply);
            }
            if G::REPETITION_DRAWS && self.is_repetition(game, hash, ply) {
                // A draw by the path, not by the position: no proof.
                self.clock.nodes += 1;
                self.estimates += 1;
                return DRAW;
            }
            if ply >= MAX_PLY - 1 {
                self.clock.nodes += 1;
                self.estimates += 1;
                return self.evaluate(game);
            }
        }
        if G::REPETITION_DRAWS {
            self.path[ply] = hash;
        }
        // Mate-distance pruning: no score here beats a win at this ply or falls below a loss.
        if settings.uses(Techniques::MATE_DISTANCE) && !NT::ROOT {
            alpha = alpha.max(loss_in(ply));
            beta = beta.min(win_in(ply));
            if alpha >= beta {
                return alpha;
            }
        }
        let in_check = game.in_check();
        if in_check && settings.uses(Techniques::CHECK_EXTENSION) && !NT::ROOT {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiescence_body(game, ply, alpha, beta);
        }
        if self.clock.count_node() {
            return DRAW;
        }
        self.seldepth = self.seldepth.max(ply);
        // Unchanged at the end: this node's value is the game's, at any depth.
        let estimates_before = self.estimates;

        // The transposition table: a cut-off outside PV nodes, and the move to try first. A
        // search that excludes a move (for a singular extension) has another value than the
        // node's and stays out of the table.
        let excluded = self.excluded[ply];
        let key = hash ^ self.key_mix;
        let use_tt = settings.uses(Techniques::TT) && depth >= TT_MIN_DEPTH && excluded.is_none();
        let entry = if use_tt {
            self.shared.tt.probe(key)
        } else {
            None
        };
        let mut tt_move = entry.and_then(|entry| entry.move_key);
        if NT::ROOT {
            tt_move = self.root_best.map(G::move_key).or(tt_move);
        }
        if let Some(entry) = entry
            && !NT::PV
            && entry.depth >= depth
        {
            let score = score_from_tt(entry.score, ply);
            if entry.bound.settles(score, alpha, beta) {
                self.estimates += u64::from(!entry.solved);
                return score;
            }
        }

        // A node without a table move has poor ordering: search it shallower, and let the
        // next iteration find the table filled.
        if settings.uses(Techniques::INTERNAL_ITERATIVE_REDUCTION)
            && depth >= self.parameters.iir_min_depth
            && tt_move.is_none()
        {
            depth -= 1;
        }

        // The static evaluation, corrected by the correction history, and whether it improved
        // on the side's last one two plies up.
        let side = self.side(game);
        let correction_key = self.correction_key(game);
        let raw_eval = (!in_check).then(|| self.evaluate_cached(game));
        let static_eval = raw_eval.map(|eval| self.correct(game, eval, correction_key));
        self.static_evals[ply] = static_eval.map(|eval| (side, eval));
        let improving = match (
            static_eval,
            ply.checked_sub(2).map(|up| self.static_evals[up]),
        ) {
            (Some(eval), Some(Some((earlier_side, earlier)))) => {
                earlier_side == side && eval > earlier
            }
            _ => false,
        };

        // The pruning reads the table's score instead of the static evaluation where the
        // table's bound says the evaluation is wrong: where the score would settle a window
        // at the evaluation (an exact score, or a bound beyond it).
        let pruning_eval = match (static_eval, entry) {
            (Some(eval), Some(entry))
                if settings.uses(Techniques::TABLE_SCORE_PRUNING) && !is_decisive(entry.score) =>
            {
                let score = score_from_tt(entry.score, ply);
                Some(if entry.bound.settles(score, eval, eval) {
                    score
                } else {
                    eval
                })
            }
            _ => static_eval,
        };

        // Reverse futility pruning: far enough above beta that a shallow search would not fall
        // below it.
        if let Some(eval) = pruning_eval
            && settings.uses(Techniques::REVERSE_FUTILITY)
            && !NT::PV
            && excluded.is_none()
            && depth <= self.parameters.reverse_futility_max_depth
            && !is_decisive(beta)
            && eval - self.parameters.reverse_futility_margin * (depth - i32::from(improving))
                >= beta
        {
            self.estimates += 1;
            return eval;
        }

        // Null move: if passing still fails high, a real move will too (the game declines to
        // pass where passing is no help, as in zugzwang). A search after passing that does not
        // cut is thrown away, and so are its estimates.
        let estimates_before_null = self.estimates;
        if settings.uses(Techniques::NULL_MOVE)
            && allow_null
            && !NT::PV
            && depth >= self.parameters.null_min_depth
            && !is_decisive(beta)
            && let Some(eval) = pruning_eval.filter(|&eval| eval >= beta)
            && let Some(score) = self.null_move_score(game, side, depth, ply, beta, eval, cut_node)
        {
            if self.clock.aborted() {
                return DRAW;
            }
            if score >= beta {
                // A win found after passing is not proven: report the bound only.
                let bound = if is_decisive(score) { beta } else { score };
                if depth < self.parameters.null_verify_min_depth {
                    self.estimates = estimates_before_null + 1;
                    return bound;
                }
                // Deep down, a fail-high after passing is verified by a search of the same
                // depth without a null move, so that a zugzwang does not cut a whole subtree.
                // The cut then stands on a search of the position itself: proven where that
                // search was and its value is at least the bound returned.
                let estimates_before_verification = self.estimates;
                let verified = self.alphabeta::<NonPv>(
                    game,
                    depth - self.null_reduction(depth),
                    ply,
                    beta - 1,
                    beta,
                    false,
                    false,
                );
                if verified >= beta {
                    let proven =
                        self.estimates == estimates_before_verification && verified >= bound;
                    self.estimates = estimates_before_null + u64::from(!proven);
                    return bound;
                }
            }
        }
        self.estimates = estimates_before_null;

        // Singular extension: when every move but the table's fails well below the table's
        // score, the table move is forced and gets a ply more. When even the others reach
        // beta, several moves would cut: the node is cut at once. When they reach the margin
        // only, but the table move's score is at or above beta, the table move is not the only
        // one that may cut: it gets a ply less.
        let mut singular_move = None;
        let mut not_singular_move = None;
        if settings.uses(Techniques::SINGULAR_EXTENSION)
            && !NT::ROOT
            && excluded.is_none()
            && depth >= self.parameters.singular_min_depth
            && let (Some(entry), Some(tt_key)) = (entry, tt_move)
            && entry.depth >= depth - self.parameters.singular_table_depth_margin
            && entry.bound != Bound::Upper
            && !is_decisive(entry.score)
        {
            let tt_score = score_from_tt(entry.score, ply);
            let singular_beta = tt_score - self.parameters.singular_margin * depth;
            let estimates_before_singular = self.estimates;
            self.excluded[ply] = Some(tt_key);
            let score = self.alphabeta::<NonPv>(
                game,
                (depth - 1) / 2,
                ply,
                singular_beta - 1,
                singular_beta,
                false,
                cut_node,
            );
            self.excluded[ply] = None;
            if self.clock.aborted() {
                return DRAW;
            }
            // Where other moves reach beta, the node's value is at least theirs: a bound as
            // sound as their search. Otherwise the test only chose a depth.
            if singular_beta >= beta && score >= singular_beta {
                return singular_beta;
            }
            self.estimates = estimates_before_singular;
            if score < singular_beta {
                singular_move = Some(tt_key);
            } else if tt_score >= beta {
                not_singular_move = Some(tt_key);
            }
        }

        // The move loop. Moves are generated only where the table did not cut.
        let mut moves = G::Moves::default();
        game.generate_moves(&mut moves);
        if moves.is_empty() {
            return self.outcome_score(game, game.outcome_without_moves(), ply);
        }
        // A root that searches several lines, or some of its moves, takes its moves in the
        // order of their last scores (the best lines first), as the lines are ranked.
        let ranked_root = NT::ROOT && self.restricted_root;
        if ranked_root {
            moves.clear();
            for line in &self.root_moves[self.pv_index..] {
                moves.push(line.mv);
            }
        }
        let order = if ranked_root
            || !(settings.uses(Techniques::ORDER_HINTS)
                || settings.uses(Techniques::KILLERS)
                || settings.uses(Techniques::HISTORY))
        {
            Order::Generation
        } else if !settings.uses(Techniques::KILLERS) && !settings.uses(Techniques::HISTORY) {
            Order::SortedHints
        } else {
            Order::Scored {
                hints: settings.uses(Techniques::ORDER_HINTS),
                exchanges: settings.uses(Techniques::STATIC_EXCHANGE),
            }
        };
        let tt = self.shared.tt;
        let key_mix = self.key_mix;
        // The children probe the table where they are interior nodes, or quiescence nodes
        // that read it too.
        let children_probe =
            use_tt && (depth > TT_MIN_DEPTH || settings.uses(Techniques::QUIESCENCE_TABLE));
        let setup = PickerSetup {
            tt_move,
            order,
            ply,
            player: crate::checks::player_to_move(game),
            prefetch: children_probe.then_some(Prefetch { tt, key_mix }),
        };
        // A root searching a later line starts from the best move whose exact value an earlier
        // search of the root in this iteration found, as from a move searched first.
        let taken_up = if NT::ROOT {
            self.exact_root_line()
        } else {
            None
        };
        if let Some((_, score)) = taken_up
            && score >= beta
        {
            return score;
        }
        let mut picker = MovePicker::new(
            game,
            moves.as_mut_slice(),
            setup,
            &mut self.order_scores[ply],
        );
        let original_alpha = alpha;
        let (mut best_score, mut best_move) = match taken_up {
            Some((mv, score)) => {
                alpha = alpha.max(score);
                (score, Some(mv))
            }
            None => (-INFINITY, None),
        };
        let mut index = usize::from(taken_up.is_some());
        let mut quiets_seen = 0;
        // Futility: the quiet moves cannot lift this node to alpha at this depth (never in
        // check, where there is no static evaluation).
        let futile = pruning_eval.is_some_and(|eval| {
            settings.uses(Techniques::FUTILITY)
                && depth <= self.parameters.futility_max_depth
                && eval + self.parameters.futility_base + self.parameters.futility_margin * depth
                    <= alpha
        });
        // Late-move pruning: the quiet moves after this many are skipped.
        let late_move_limit = (settings.uses(Techniques::LATE_MOVE_PRUNING)
            && depth <= self.parameters.late_move_max_depth
            && !in_check)
            .then(|| {
                (self.parameters.late_move_base + depth * depth) as usize >> usize::from(!improving)
            });
        while let Some(picked) = picker.next(game, &self.ordering) {
            let mv = picked.mv;
            let move_key = G::move_key(mv);
            if excluded == Some(move_key) || (NT::ROOT && !self.root_allows(mv)) {
                continue;
            }
            // A root that leaves moves out searches itself several times an iteration: a
            // move an earlier search of this iteration found no better than alpha fails low
            // again, its bound standing for its score (once a move holds alpha).
            if NT::ROOT && self.restricted_root && best_move.is_some() {
                let bound = self.root_upper_bound(mv);
                if bound <= alpha {
                    best_score = best_score.max(bound);
                    index += 1;
                    continue;
                }
            }
            let noisy = game.is_noisy(mv);
            quiets_seen += usize::from(!noisy);
            // Shallow pruning, once a move has been searched and the node is not lost.
            let may_prune =
                !NT::ROOT && best_score > -INFINITY && (best_score > 0 || !is_decisive(best_score));
            if may_prune && !noisy && late_move_limit.is_some_and(|limit| quiets_seen > limit) {
                // Late-move pruning: this quiet move and every later one, checking moves too.
                picker.skip_quiets(game);
                self.estimates += 1;
                index += 1;
                continue;
            }
            // A quiet move other than a killer may be pruned by its history and reduced late;
            // both read its history, and only then.
            let plain_quiet = !noisy && !in_check && !self.ordering.is_killer(mv, ply);
            let prunable_by_history = may_prune
                && plain_quiet
                && settings.uses(Techniques::HISTORY_PRUNING)
                && depth <= self.parameters.history_pruning_max_depth;
            let late_quiet = plain_quiet
                && settings.uses(Techniques::LMR)
                && depth >= self.parameters.lmr_min_depth
                && index >= self.parameters.lmr_min_moves as usize;
            let history = if prunable_by_history || late_quiet {
                self.quiet_history(game, mv, ply)
            } else {
                0
            };
            // History pruning: a quiet move that failed again and again.
            if prunable_by_history && history < -self.parameters.history_pruning_margin * depth {
                self.estimates += 1;
                index += 1;
                continue;
            }
            // Futility and losing exchanges: a checking move is kept.
            if may_prune
                && ((!noisy && futile) || self.loses_exchange(game, mv, noisy, depth))
                && !game.gives_check(mv)
            {
                self.estimates += 1;
                index += 1;
                continue;
            }
            let late_losing_noisy = noisy
                && !in_check
                && settings.uses(Techniques::LOSING_NOISY_REDUCTION)
                && depth >= self.parameters.lmr_min_depth
                && index >= self.parameters.lmr_min_moves as usize
                && !game.static_exchange_at_least(mv, 0);
            // A late quiet move is reduced by the table, more where the position is not
            // improving, less (or more) as its history is good (or bad); a late noisy move
            // that loses its exchange by the table alone.
            let mut reduction = if late_quiet {
                self.late_move_reduction(depth, index) + i32::from(!improving)
                    - history / self.parameters.lmr_history_divisor
            } else if late_losing_noisy {
                self.late_move_reduction(depth, index)
            } else {
                0
            };
            if NT::PV {
                reduction -= 1;
            }
            if cut_node && late_quiet && settings.uses(Techniques::CUT_NODE_REDUCTION) {
                reduction += self.parameters.lmr_cut_node;
            }
            let reduction = reduction.clamp(0, (depth - 2).max(0));
            let extension = i32::from(singular_move == Some(move_key))
                - i32::from(not_singular_move == Some(move_key));
            let child = ChildSearch {
                depth: depth - 1 + extension,
                reduction,
                full_window: index == 0 || (!settings.uses(Techniques::PVS) && reduction == 0),
                parent_cut_node: cut_node,
            };
            if self.ordering.tracks_continuation() {
                self.ordering
                    .set_played(ply, Some(game.continuation_key(mv)));
            }
            let nodes_before = self.clock.nodes;
            let score = match picked.child {
                Some(mut built) => self.search_child(&mut built, side, child, ply, alpha, beta),
                None if children_probe => game.visit_child_announcing(
                    mv,
                    |hash| tt.prefetch(hash ^ key_mix),
                    |position| self.search_child(position, side, child, ply, alpha, beta),
                ),
                None => game.visit_child(mv, |position| {
                    self.search_child(position, side, child, ply, alpha, beta)
                }),
            };
            if NT::ROOT {
                self.note_root_nodes(mv, self.clock.nodes - nodes_before);
            }
            if self.clock.aborted() {
                break;
            }
            if NT::ROOT && score <= alpha {
                self.note_root_score(mv, score, false, index == 0, false);
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(mv);
                    if NT::PV {
                        self.pv.update(ply, &[mv]);
                    }
                    if NT::ROOT {
                        self.note_root_score(mv, score, true, true, score < beta);
                        let bound = if score >= beta {
                            ScoreBound::Lower
                        } else {
                            ScoreBound::Exact
                        };
                        self.note_root_improvement(score, bound);
                    }
                    if score >= beta {
                        self.reward_cutoff(picker.picked(), game, noisy, depth, ply);
                        break;
                    }
                    alpha = score;
                }
            }
            index += 1;
        }
        picker.finish(&mut self.order_scores[ply]);
        if self.clock.aborted() {
            return DRAW;
        }

        let bound = Bound::of(best_score, original_alpha, beta);
        // The correction history learns from a node whose value says more than its static
        // evaluation: not a capture's (the evaluation of a position before a capture is
        // expected to miss it), not a bound on the evaluation's side of it.
        if let (Some(eval), Some(corrected), Some(key)) = (raw_eval, static_eval, correction_key)
            && excluded.is_none()
            && !is_decisive(best_score)
            && best_move.is_none_or(|mv| !game.is_noisy(mv))
            && !(bound == Bound::Lower && best_score <= corrected)
            && !(bound == Bound::Upper && best_score >= corrected)
        {
            self.correction.update(
                game.player_to_move(),
                key,
                depth,
                best_score,
                eval,
                &self.parameters,
            );
        }
        // A root that leaves moves out (a later line, a restricted root) has no value of its
        // position to store.
        if use_tt && !(NT::ROOT && self.restricted_root) {
            self.shared.tt.store(
                key,
                Entry {
                    move_key: best_move.map(G::move_key),
                    score: score_to_tt(best_score, ply),
                    depth,
                    bound,
                    solved: self.estimates == estimates_before,
                },
            );
        }
        best_score
    }

    /// Whether `mv` loses its exchange by more than a margin per ply at a node of `depth`
    /// shallow enough for the static exchange pruning.
    #[inline]
    fn loses_exchange(&self, game: &G, mv: G::Move, noisy: bool, depth: i32) -> bool {
        if !self.settings.uses(Techniques::STATIC_EXCHANGE)
            || depth > self.parameters.exchange_max_depth
        {
            return false;
        }
        let margin = if noisy {
            self.parameters.exchange_noisy_margin
        } else {
            self.parameters.exchange_quiet_margin
        };
        !game.static_exchange_at_least(mv, -margin * depth)
    }

    /// The history of the quiet move `mv` at `ply`: the history heuristic and the continuation
    /// history after the last two moves.
    #[inline]
    fn quiet_history(&self, game: &G, mv: G::Move, ply: usize) -> i32 {
        let continuation = if self.ordering.tracks_continuation() {
            game.continuation_key(mv)
        } else {
            0
        };
        self.ordering
            .quiet_history(game.player_to_move(), G::move_key(mv), continuation, ply)
    }

    /// The reduction of the `index`th move at `depth` from the late-move reduction table.
    #[inline]
    fn late_move_reduction(&self, depth: i32, index: usize) -> i32 {
        i32::from(
            self.lmr_table[(depth as usize).min(LMR_TABLE_SIZE - 1)][index.min(LMR_TABLE_SIZE - 1)],
        )
    }

    /// Searches `child` of a node of side `parent_side` at `ply` as `search` says: a null
    /// window first unless it gets the full window, reduced first if it is reduced, searched
    /// again at full depth and with the full window where PVS and LMR require. Returns the
    /// score in the parent's view.
    #[inline(always)]
    fn search_child(
        &mut self,
        child: &mut G,
        parent_side: usize,
        search: ChildSearch,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        let ChildSearch {
            depth,
            mut reduction,
            full_window,
            parent_cut_node,
        } = search;
        // The child's own expectation, as a node whose move we expect to fail low is
        // expected to fail high, and the other way round.
        if full_window {
            return self.search_window(
                child,
                parent_side,
                depth,
                ply,
                alpha,
                beta,
                !parent_cut_node,
            );
        }
        if reduction > 0 && child.in_check() {
            reduction = 0;
        }
        let reduced = reduction > 0;
        let mut score = self.search_window(
            child,
            parent_side,
            depth - reduction,
            ply,
            alpha,
            alpha + 1,
            reduced || !parent_cut_node,
        );
        if score > alpha && reduced {
            score = self.search_window(
                child,
                parent_side,
                depth,
                ply,
                alpha,
                alpha + 1,
                !parent_cut_node,
            );
        }
        if score > alpha && score < beta && beta - alpha > 1 {
            score = self.search_window(child, parent_side, depth, ply, alpha, beta, false);
        }
        score
    }

    /// Searches `child` once with the window `alpha..beta` of its parent's view (side
    /// `parent_side`) and returns the score in the parent's view: as a PV or non-PV node by the
    /// window, or as a leaf with no depth left. `cut_node`: the child is expected to fail high
    /// in its side's view when that side is not the parent's (a side that moves again keeps
    /// the parent's view, and so the opposite expectation).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn search_window(
        &mut self,
        child: &mut G,
        parent_side: usize,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
        cut_node: bool,
    ) -> Score {
        let flip = self.side(child) != parent_side;
        let (low, high) = if flip { (-beta, -alpha) } else { (alpha, beta) };
        let score = if depth <= 0 {
            self.leaf(child, ply + 1, low, high)
        } else {
            self.alphabeta_in_window(
                child,
                depth,
                ply + 1,
                low,
                high,
                true,
                child_cut_node(cut_node, flip),
            )
        };
        if flip { -score } else { score }
    }

    /// The node function for a node below the root, its type chosen by its window (a PV
    /// node is never a cut node).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(crate) fn alphabeta_in_window(
        &mut self,
        game: &mut G,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
        allow_null: bool,
        cut_node: bool,
    ) -> Score {
        if beta - alpha > 1 {
            self.alphabeta::<Pv>(game, depth, ply, alpha, beta, allow_null, false)
        } else {
            self.alphabeta::<NonPv>(game, depth, ply, alpha, beta, allow_null, cut_node)
        }
    }

    /// The score of the position after a null move, searched shallower with a null window at
    /// `beta`, in the view of `side` (whose evaluation is `eval`, at a node that is a cut
    /// node or not); `None` where the game declines to pass.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn null_move_score(
        &mut self,
        game: &mut G,
        side: usize,
        depth: i32,
        ply: usize,
        beta: Score,
        eval: Score,
        cut_node: bool,
    ) -> Option<Score> {
        let eval_reduction =
            ((eval - beta) / self.parameters.null_eval_divisor).min(NULL_EVAL_REDUCTION_MAX);
        let null_depth = depth - 1 - self.null_reduction(depth) - eval_reduction;
        self.ordering.set_played(ply, None);
        game.visit_null_move(|child| {
            let flip = self.side(child) != side;
            let (low, high) = if flip {
                (-beta, -beta + 1)
            } else {
                (beta - 1, beta)
            };
            // The position after passing is expected to fail low for the side now to move.
            let child_cut = child_cut_node(!cut_node, flip);
            let score =
                self.alphabeta::<NonPv>(child, null_depth, ply + 1, low, high, false, child_cut);
            if flip { -score } else { score }
        })
    }

    /// How much shallower than a real move's the search after a null move is.
    #[inline]
    fn null_reduction(&self, depth: i32) -> i32 {
        self.parameters.null_base_reduction + depth / self.parameters.null_depth_divisor
    }

    /// The ordering tables after the move last in `picked` (`noisy` or not) caused a cut-off at
    /// a node of `depth`: a bonus for it, a malus for the moves of its kind searched before it
    /// in vain, and, after a quiet move, a malus for the noisy moves searched in vain too.
    fn reward_cutoff(&mut self, picked: &[G::Move], game: &G, noisy: bool, depth: i32, ply: usize) {
        let Some((&mv, tried)) = picked.split_last() else {
            return;
        };
        let bonus = (self.parameters.history_bonus_scale * (depth * depth + 2 * depth - 2))
            .min(self.parameters.history_bonus_max);
        if self.ordering.tracks_captures() {
            let player = game.player_to_move();
            if noisy {
                self.ordering
                    .update_capture(player, game.continuation_key(mv), bonus);
            }
            for &capture in tried.iter().filter(|&&tried| game.is_noisy(tried)) {
                self.ordering
                    .update_capture(player, game.continuation_key(capture), -bonus);
            }
        }
        let settings = self.settings;
        if !noisy
            && (settings.uses(Techniques::KILLERS)
                || settings.uses(Techniques::HISTORY)
                || self.ordering.tracks_continuation())
        {
            self.reward_quiet(mv, tried, game, bonus, ply);
        }
    }

    /// Killers and history after the quiet move `mv` caused a cut-off, the moves `tried`
    /// searched before it: a bonus for it, a malus for the quiet ones of them.
    fn reward_quiet(&mut self, mv: G::Move, tried: &[G::Move], game: &G, bonus: i32, ply: usize) {
        if self.settings.uses(Techniques::KILLERS) {
            self.ordering.killers.add(ply, mv);
        }
        let continuation = self.ordering.tracks_continuation();
        if self.settings.uses(Techniques::HISTORY) || continuation {
            let player = game.player_to_move();
            let searched_in_vain = tried.iter().filter(|&&tried| !game.is_noisy(tried));
            for (&quiet, bonus) in [(&mv, bonus)]
                .into_iter()
                .chain(searched_in_vain.map(|quiet| (quiet, -bonus)))
            {
                if self.settings.uses(Techniques::HISTORY) {
                    self.ordering
                        .update_history(player, G::move_key(quiet), bonus);
                }
                if continuation {
                    let key = game.continuation_key(quiet);
                    self.ordering.update_continuation(quiet, key, ply, bonus);
                }
            }
        }
    }

    /// The side of the player to move of `game` (see the module docs).
    #[inline]
    pub(crate) fn side(&self, game: &G) -> usize {
        self.side_of(game.player_to_move())
    }

    #[inline]
    fn side_of(&self, player: usize) -> usize {
        match self.mode {
            Mode::Negamax => player,
            Mode::Paranoid => (player != self.root_player) as usize,
        }
    }

    /// The key of `game` for the correction history, if it keeps one.
    #[inline]
    pub(crate) fn correction_key(&self, game: &G) -> Option<u64> {
        if self.correction.enabled() {
            game.correction_key()
        } else {
            None
        }
    }

    /// `eval`, the evaluation of `game`, with the correction history's correction for `key`.
    #[inline]
    pub(crate) fn correct(&self, game: &G, eval: Score, key: Option<u64>) -> Score {
        match key {
            Some(key) => (eval + self.correction.correction(game.player_to_move(), key))
                .clamp(-EVAL_LIMIT, EVAL_LIMIT),
            None => eval,
        }
    }

    /// [`Worker::evaluate`], from the evaluation cache where this thread evaluated the position
    /// lately.
    #[inline]
    pub(crate) fn evaluate_cached(&mut self, game: &G) -> Score {
        if !self.eval_cache.enabled() {
            return self.evaluate(game);
        }
        let hash = game.hash();
        if let Some(score) = self.eval_cache.get(hash) {
            return score;
        }
        let score = self.evaluate(game);
        self.eval_cache.insert(hash, score);
        score
    }

    /// The evaluation from the view of the side to move, clamped to the evaluation range.
    #[inline]
    pub(crate) fn evaluate(&self, game: &G) -> Score {
        let score = match self.mode {
            Mode::Negamax => self.evaluator.evaluate(game, game.player_to_move()),
            Mode::Paranoid => {
                let root_view = self.evaluator.evaluate(game, self.root_player);
                if game.player_to_move() == self.root_player {
                    root_view
                } else {
                    -root_view
                }
            }
        };
        score.clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    /// The score of a finished game from the view of the side to move, `ply` plies from the
    /// root.
    #[inline]
    pub(crate) fn outcome_score(&self, game: &G, outcome: Outcome, ply: usize) -> Score {
        match outcome {
            Outcome::Draw => DRAW,
            Outcome::Win(winner)
                if self.side_of(crate::checks::winner(game, winner)) == self.side(game) =>
            {
                win_in(ply)
            }
            Outcome::Win(_) => loss_in(ply),
        }
    }

    /// Counts a draw by rule as an estimate in a game with repetition draws: there, draws by
    /// rule often hang on counters the hash leaves out (chess's fifty moves, a move limit), so
    /// that a table entry cannot tell the drawn position from the same one with moves to go.
    #[inline(always)]
    pub(crate) fn note_ruled_draw(&mut self, outcome: Outcome) {
        if G::REPETITION_DRAWS && outcome == Outcome::Draw {
            self.estimates += 1;
        }
    }

    /// Whether the position at `ply` (hash `hash`) repeats an earlier one within its reversible
    /// plies: on the search path first, then in the caller's history before the root.
    pub(crate) fn is_repetition(&self, game: &G, hash: u64, ply: usize) -> bool {
        let reach = game.reversible_plies();
        let on_path = self.path[..ply].iter().rev();
        let before_root = self.history.iter().rev();
        on_path
            .chain(before_root)
            .take(reach)
            .any(|&earlier| earlier == hash)
    }
}
