//! The alpha-beta search of one thread: fail-soft negamax over "sides", with principal
//! variation search, the transposition table, null-move pruning, late-move reductions, check
//! extensions, repetition draws and quiescence search.
//!
//! A side is who a node's score is for. In [`Mode::Negamax`] it is the player to move; in
//! [`Mode::Paranoid`] it is either the root player or the coalition of all the others. Scores are
//! always from the view of the side to move, and a child's score is negated (and the window
//! swapped) only when the side changes between parent and child: a coalition may move several
//! times in a row, and so may a player in a game with passes. Two-player negamax is the case
//! where every move changes the side.
//!
//! There is one node function for every configuration: each technique is a plain switch of the
//! configuration, read where it applies.

use crate::config::Mode;
use crate::game::{Evaluator, Game, Outcome};
use crate::moves::MoveBuffer;
use crate::ordering::{MoveFacts, hint_score, pick_next, sort_by_scores};
use crate::score::{EVAL_LIMIT, INFINITY, MAX_PLY, Score, is_decisive, loss_in, win_in};
use crate::thread::{LMR_TABLE_SIZE, Worker, pv_start};
use crate::tt::{Bound, Entry, score_from_tt, score_to_tt};

/// The score of a draw.
const DRAW: Score = 0;
/// Null-move pruning needs at least this much depth left.
const NULL_MIN_DEPTH: i32 = 3;
/// The null move is searched `NULL_BASE_REDUCTION + depth / NULL_DEPTH_DIVISOR` plies shallower.
const NULL_BASE_REDUCTION: i32 = 2;
/// See [`NULL_BASE_REDUCTION`].
const NULL_DEPTH_DIVISOR: i32 = 4;
/// Late-move reductions need at least this much depth left.
const LMR_MIN_DEPTH: i32 = 3;
/// Moves searched before reductions start.
const LMR_MIN_MOVES: usize = 3;
/// The least remaining depth at which a node probes and stores the transposition table
/// (quiescence never does).
const TT_MIN_DEPTH: i32 = 1;
/// Move lists up to this length keep their ordering scores in a fixed array on the stack.
const LOCAL_SCORES: usize = 32;

impl<G: Game, E: Evaluator<G>> Worker<'_, G, E> {
    /// The side of the player to move of `game` (see the module docs).
    #[inline]
    fn side(&self, game: &G) -> usize {
        self.side_of(game.player_to_move())
    }

    #[inline]
    fn side_of(&self, player: usize) -> usize {
        match self.mode {
            Mode::Negamax => player,
            Mode::Paranoid => (player != self.root_player) as usize,
        }
    }

    /// The evaluation from the view of the side to move, clamped to the evaluation range.
    #[inline]
    fn evaluate(&self, game: &G) -> Score {
        let mode = self.mode;
        let score = match mode {
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
    fn outcome_score(&self, game: &G, outcome: Outcome, ply: usize) -> Score {
        match outcome {
            Outcome::Draw => DRAW,
            Outcome::Win(winner) if self.side_of(winner) == self.side(game) => win_in(ply),
            Outcome::Win(_) => loss_in(ply),
        }
    }

    /// Whether the position at `ply` (hash `hash`) repeats an earlier one within its reversible
    /// plies: on the search path first, then in the caller's history before the root.
    fn is_repetition(&self, game: &G, hash: u64, ply: usize) -> bool {
        let reach = game.reversible_plies();
        let on_path = self.path[..ply].iter().rev();
        let before_root = self.history.iter().rev();
        on_path
            .chain(before_root)
            .take(reach)
            .any(|&earlier| earlier == hash)
    }

    /// Searches `child`, a child of a node of side `parent_side`, with the window
    /// `alpha..beta` of the parent's view, and returns the score in the parent's view.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn search_child(
        &mut self,
        child: &mut G,
        parent_side: usize,
        depth: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
        quiescence: bool,
    ) -> Score {
        let flip = self.side(child) != parent_side;
        let (low, high) = if flip { (-beta, -alpha) } else { (alpha, beta) };
        let score = if quiescence {
            self.quiescence(child, ply + 1, low, high)
        } else if depth <= 0 {
            self.leaf(child, ply + 1, low, high)
        } else {
            self.alphabeta(child, depth, ply + 1, low, high, true)
        };
        if flip { -score } else { score }
    }

    /// Plays `mv`, searches it (null window first unless `full_window`, reduced by `reduction`
    /// first, re-searching as PVS and LMR require), takes it back, returns its score. Always
    /// inlined: the compiler's own choice stops inlining it at its third call site, and a call
    /// per child costs the node loops measurably (docs/measurements.md).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn search_move(
        &mut self,
        game: &mut G,
        mv: G::Move,
        side: usize,
        new_depth: i32,
        reduction: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
        full_window: bool,
    ) -> Score {
        if G::UNDO {
            game.play(mv);
            let score = self.search_sequence(
                game,
                side,
                new_depth,
                reduction,
                ply,
                alpha,
                beta,
                full_window,
            );
            game.undo(mv);
            score
        } else {
            let mut child = game.clone();
            child.play(mv);
            self.search_sequence(
                &mut child,
                side,
                new_depth,
                reduction,
                ply,
                alpha,
                beta,
                full_window,
            )
        }
    }

    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn search_sequence(
        &mut self,
        child: &mut G,
        side: usize,
        new_depth: i32,
        mut reduction: i32,
        ply: usize,
        alpha: Score,
        beta: Score,
        full_window: bool,
    ) -> Score {
        if full_window {
            return self.search_child(child, side, new_depth, ply, alpha, beta, false);
        }
        if reduction > 0 && child.in_check() {
            reduction = 0;
        }
        let mut score = self.search_child(
            child,
            side,
            new_depth - reduction,
            ply,
            alpha,
            alpha + 1,
            false,
        );
        if score > alpha && reduction > 0 {
            score = self.search_child(child, side, new_depth, ply, alpha, alpha + 1, false);
        }
        if score > alpha && score < beta && beta - alpha > 1 {
            score = self.search_child(child, side, new_depth, ply, alpha, beta, false);
        }
        score
    }

    /// Fail-soft alpha-beta: the score of `game` for its side to move, exact when it lies
    /// strictly inside `alpha..beta`, otherwise a bound on the far side of the window.
    pub(crate) fn alphabeta(
        &mut self,
        game: &mut G,
        mut depth: i32,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        allow_null: bool,
    ) -> Score {
        let config = self.config;
        let pv_node = beta - alpha > 1;
        self.pv_len[ply] = 0;
        // The hash serves the table and repetitions only.
        let hash = if config.tt || G::REPETITION_DRAWS {
            game.hash()
        } else {
            0
        };
        if ply > 0 {
            if let Some(outcome) = game.outcome() {
                self.nodes += 1;
                return self.outcome_score(game, outcome, ply);
            }
            if G::REPETITION_DRAWS && self.is_repetition(game, hash, ply) {
                self.nodes += 1;
                return DRAW;
            }
            if ply >= MAX_PLY - 1 {
                self.nodes += 1;
                return self.evaluate(game);
            }
        }
        if G::REPETITION_DRAWS {
            self.path[ply] = hash;
        }
        // Only check extensions, null move and reductions ask.
        let in_check = game.in_check();
        if in_check && config.check_extension && ply > 0 {
            depth += 1;
        }
        if depth <= 0 {
            return self.quiescence_body(game, ply, alpha, beta);
        }
        if self.count_node_and_check_abort() {
            return DRAW;
        }
        self.seldepth = self.seldepth.max(ply);

        // Transposition table: a cut-off outside PV nodes, and the move to try first.
        let key = hash ^ self.key_mix;
        let use_tt = config.tt && depth >= TT_MIN_DEPTH;
        let entry = if use_tt {
            self.shared.tt.probe(key)
        } else {
            None
        };
        let mut tt_move_key = entry.and_then(|entry| entry.move_key);
        if ply == 0 {
            tt_move_key = self.root_best.map(G::move_key).or(tt_move_key);
        }
        if let Some(entry) = entry
            && !pv_node
            && ply > 0
            && entry.depth >= depth
        {
            let score = score_from_tt(entry.score, ply);
            let cut = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if cut {
                return score;
            }
        }

        // Moves are generated only where the table did not cut.
        let mut moves = G::Moves::default();
        let side = self.side(game);

        // Null move: if passing still fails high, a real move will too (the game says where
        // passing is no help, i.e. no zugzwang).
        if config.null_move
            && allow_null
            && !pv_node
            && !in_check
            && ply > 0
            && depth >= NULL_MIN_DEPTH
            && !is_decisive(beta)
            && game.null_move_allowed()
            && self.evaluate(game) >= beta
        {
            let reduction = NULL_BASE_REDUCTION + depth / NULL_DEPTH_DIVISOR;
            let null_depth = depth - 1 - reduction;
            let score = if G::UNDO {
                game.play_null();
                let score = self.null_child(game, side, null_depth, ply, beta);
                game.undo_null();
                score
            } else {
                let mut child = game.clone();
                child.play_null();
                self.null_child(&mut child, side, null_depth, ply, beta)
            };
            if self.aborted() {
                return DRAW;
            }
            if score >= beta {
                // A win found after passing is not proven: report the bound only.
                return if is_decisive(score) { beta } else { score };
            }
        }

        game.generate_moves(&mut moves);
        if moves.is_empty() {
            return self.outcome_score(game, game.outcome_without_moves(), ply);
        }
        let player = game.player_to_move();
        let moves = moves.as_mut_slice();
        let count = moves.len();
        // The transposition-table move goes first, before the other moves are scored: when it
        // cuts off, their scores are never needed. (The selection below would pick it first
        // anyway: it has the highest score.) With the history heuristic on, the scores are taken
        // before the move is searched all the same, as its search updates the history: the
        // order, and so the node count, stays what an eager scoring gives.
        // With every ordering source off, moves are searched in generation order after the
        // transposition-table move.
        let killers = config.killers;
        let history = config.history;
        let ordered = config.order_hints || killers || history;
        // With the hint as the only source, the order is fixed once scored: one stable sort
        // instead of a selection per move, and no table look-ups per move.
        let hint_only = !killers && !history;
        // The children's table buckets are asked for before the children are searched, so that
        // they arrive in the meantime (a child's own probe comes too soon after its move for a
        // prefetch there to help), where the children probe the main table. A game that gives
        // `Game::hash_after` has every child's bucket asked for at once, here: their waits
        // overlap, and even a child searched right after a sibling cut off by the table finds
        // its bucket on the way. A copy-make game without it builds each child one move early
        // and prefetches its bucket then, where the order of the next move is already fixed
        // (moves are scored once, so the selection can run one move ahead).
        let prefetch_children = use_tt && depth > TT_MIN_DEPTH;
        let all_at_once = prefetch_children && self.prefetch_all_children(game, moves);
        let build_ahead = prefetch_children && !G::UNDO && !all_at_once;
        let mut ahead: Option<G> = None;
        let mut selected_ahead = false;
        let mut searched_first = 0;
        if let Some(at) =
            tt_move_key.and_then(|tt_key| moves.iter().position(|&mv| G::move_key(mv) == tt_key))
        {
            if ordered {
                // The selection below reorders the rest anyway.
                moves.swap(0, at);
            } else {
                // The others keep their generated order.
                moves[..=at].rotate_right(1);
            }
            searched_first = 1;
            if build_ahead {
                ahead = Some(self.build_and_prefetch(game, moves[0]));
            }
        }
        // The scores of the moves after the first `searched_first`, in a fixed array on the
        // stack (no list operations per node, and not even zeroed when nothing is scored); only
        // longer move lists use the ply's reusable heap list.
        let to_score = count - searched_first;
        let mut local_scores;
        let mut spilled = Vec::new();
        let scores: &mut [i32] = if !ordered {
            &mut []
        } else if to_score <= LOCAL_SCORES {
            local_scores = [0; LOCAL_SCORES];
            &mut local_scores[..to_score]
        } else {
            spilled = std::mem::take(&mut self.order_scores[ply]);
            spilled.clear();
            spilled.resize(to_score, 0);
            &mut spilled
        };
        let mut scored = false;

        let original_alpha = alpha;
        let mut best_score = -INFINITY;
        let mut best_move = None;
        for index in 0..count {
            if ordered && !scored && (index >= searched_first || history) {
                scored = true;
                if hint_only {
                    for (slot, &mv) in scores.iter_mut().zip(&moves[searched_first..]) {
                        *slot = hint_score(game.is_noisy(mv), game.move_order_hint(mv));
                    }
                    sort_by_scores(&mut moves[searched_first..], scores);
                }
                for (slot, &mv) in scores
                    .iter_mut()
                    .zip(&moves[searched_first..])
                    .take_while(|_| !hint_only)
                {
                    let key = G::move_key(mv);
                    let facts = MoveFacts {
                        tt_move: tt_move_key == Some(key),
                        noisy: game.is_noisy(mv),
                        hint: if config.order_hints {
                            game.move_order_hint(mv)
                        } else {
                            0
                        },
                        key,
                    };
                    *slot = self.ordering.score(mv, &facts, ply, player);
                }
            }
            if ordered && !hint_only && index >= searched_first && !selected_ahead {
                pick_next(&mut moves[searched_first..], scores, index - searched_first);
            }
            selected_ahead = false;
            let mv = moves[index];
            // The child built one move early, if any: its bucket was prefetched.
            let built = ahead.take();
            // The order of the next move is known once the moves are scored (at the first move
            // after the table's, or at once with the history heuristic).
            if build_ahead && index + 1 < count && (!ordered || scored) {
                if ordered && !hint_only {
                    pick_next(
                        &mut moves[searched_first..],
                        scores,
                        index + 1 - searched_first,
                    );
                    selected_ahead = true;
                }
                ahead = Some(self.build_and_prefetch(game, moves[index + 1]));
            }
            let noisy = game.is_noisy(mv);
            let quiet_late = !noisy
                && !in_check
                && config.lmr
                && depth >= LMR_MIN_DEPTH
                && index >= LMR_MIN_MOVES
                && !self.ordering.is_killer(mv, ply);
            let mut reduction = if quiet_late {
                self.lmr_table[(depth as usize).min(LMR_TABLE_SIZE - 1)]
                    [index.min(LMR_TABLE_SIZE - 1)] as i32
            } else {
                0
            };
            if pv_node {
                reduction -= 1;
            }
            let reduction = reduction.clamp(0, (depth - 2).max(0));
            let full_window = index == 0 || (!config.pvs && reduction == 0);
            let score = match built {
                Some(mut child) => self.search_sequence(
                    &mut child,
                    side,
                    depth - 1,
                    reduction,
                    ply,
                    alpha,
                    beta,
                    full_window,
                ),
                None => self.search_move(
                    game,
                    mv,
                    side,
                    depth - 1,
                    reduction,
                    ply,
                    alpha,
                    beta,
                    full_window,
                ),
            };
            if self.aborted() {
                break;
            }
            let cut = self.take_score(
                mv,
                score,
                (&mut best_score, &mut best_move, &mut alpha),
                beta,
                pv_node,
                ply,
            );
            if cut {
                if !noisy && (killers || history) {
                    self.reward_quiet(moves, index, player, depth, ply, game);
                }
                break;
            }
        }
        if ordered && to_score > LOCAL_SCORES {
            self.order_scores[ply] = spilled;
        }
        if self.aborted() {
            return DRAW;
        }

        if use_tt {
            let bound = if best_score >= beta {
                Bound::Lower
            } else if best_score > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.shared.tt.store(
                key,
                Entry {
                    move_key: best_move.map(G::move_key),
                    score: score_to_tt(best_score, ply),
                    depth,
                    bound,
                },
            );
        }
        best_score
    }

    /// Takes the score of `mv` into the node's best score and move, its `alpha` and its
    /// principal variation; true when the move cuts off (`score >= beta`).
    #[inline(always)]
    fn take_score(
        &mut self,
        mv: G::Move,
        score: Score,
        (best_score, best_move, alpha): (&mut Score, &mut Option<G::Move>, &mut Score),
        beta: Score,
        pv_node: bool,
        ply: usize,
    ) -> bool {
        if score > *best_score {
            *best_score = score;
            if score > *alpha {
                *best_move = Some(mv);
                if pv_node {
                    self.update_pv(ply, mv);
                }
                if score >= beta {
                    return true;
                }
                *alpha = score;
            }
        }
        false
    }

    /// Builds the child after `mv` and starts loading its table bucket.
    #[inline]
    fn build_and_prefetch(&self, game: &G, mv: G::Move) -> G {
        let mut child = game.clone();
        child.play(mv);
        self.shared.tt.prefetch(child.hash() ^ self.key_mix);
        child
    }

    /// Starts loading the table buckets of all children of `game` at once, so that their
    /// waits overlap; false (and nothing done) when the game gives no [`Game::hash_after`].
    #[inline]
    fn prefetch_all_children(&self, game: &G, moves: &[G::Move]) -> bool {
        let Some(hash) = moves.first().and_then(|&mv| game.hash_after(mv)) else {
            return false;
        };
        self.shared.tt.prefetch(hash ^ self.key_mix);
        for &mv in &moves[1..] {
            if let Some(hash) = game.hash_after(mv) {
                self.shared.tt.prefetch(hash ^ self.key_mix);
            }
        }
        true
    }

    /// Row `ply` of the principal-variation table becomes `mv` and the child's row.
    #[inline]
    fn update_pv(&mut self, ply: usize, mv: G::Move) {
        let child_start = pv_start(ply + 1);
        let child_len = self.pv_len[ply + 1];
        let (head, tail) = self.pv.split_at_mut(child_start);
        let line = &mut head[pv_start(ply)..];
        line[0] = Some(mv);
        // Lines are short: a plain loop beats a call to `memmove`.
        for (to, from) in line[1..].iter_mut().zip(&tail[..child_len]) {
            *to = *from;
        }
        self.pv_len[ply] = child_len + 1;
    }

    /// Searches the position after a null move with a null window at `beta`.
    fn null_child(
        &mut self,
        child: &mut G,
        side: usize,
        depth: i32,
        ply: usize,
        beta: Score,
    ) -> Score {
        let flip = self.side(child) != side;
        let (low, high) = if flip {
            (-beta, -beta + 1)
        } else {
            (beta - 1, beta)
        };
        let score = self.alphabeta(child, depth, ply + 1, low, high, false);
        if flip { -score } else { score }
    }

    /// Killers and history after the quiet move `moves[index]` caused a cut-off: a bonus for it,
    /// a malus for the quiet moves searched before it in vain.
    fn reward_quiet(
        &mut self,
        moves: &[G::Move],
        index: usize,
        player: usize,
        depth: i32,
        ply: usize,
        game: &G,
    ) {
        let mv = moves[index];
        if self.config.killers {
            self.ordering.add_killer(mv, ply);
        }
        if self.config.history {
            let bonus = depth * depth;
            self.ordering.update_history(player, G::move_key(mv), bonus);
            for &tried in &moves[..index] {
                if !game.is_noisy(tried) {
                    self.ordering
                        .update_history(player, G::move_key(tried), -bonus);
                }
            }
        }
    }

    /// The score of a child that ends the line, because the game is over or the position
    /// repeats, or `None`; otherwise records the position on the path for the repetition test
    /// of the nodes below. Counts the node when it ends here.
    #[inline(always)]
    fn end_score(&mut self, game: &G, ply: usize) -> Option<Score> {
        if let Some(outcome) = game.outcome() {
            self.nodes += 1;
            return Some(self.outcome_score(game, outcome, ply));
        }
        if G::REPETITION_DRAWS {
            let hash = game.hash();
            if self.is_repetition(game, hash, ply) {
                self.nodes += 1;
                return Some(DRAW);
            }
            self.path[ply] = hash;
        }
        None
    }

    /// A child with no depth left, the most common node: what [`Self::alphabeta`] does there
    /// (game over, repetition, the ply limit, a check extension), without an interior node's
    /// set-up, then quiescence search or the evaluation.
    #[inline]
    fn leaf(&mut self, game: &mut G, ply: usize, alpha: Score, beta: Score) -> Score {
        self.pv_len[ply] = 0;
        if let Some(score) = self.end_score(game, ply) {
            return score;
        }
        if ply >= MAX_PLY - 1 {
            self.nodes += 1;
            return self.evaluate(game);
        }
        if self.config.check_extension && game.in_check() {
            // Extended by a ply: an interior node after all (its checks above repeat).
            return self.alphabeta(game, 0, ply, alpha, beta, true);
        }
        self.quiescence_body(game, ply, alpha, beta)
    }

    /// Quiescence search of a child: checks whether the game is over, then searches noisy moves.
    fn quiescence(&mut self, game: &mut G, ply: usize, alpha: Score, beta: Score) -> Score {
        self.pv_len[ply] = 0;
        if let Some(score) = self.end_score(game, ply) {
            return score;
        }
        self.quiescence_body(game, ply, alpha, beta)
    }

    /// Quiescence search of a position known not to be over: stand pat on the evaluation, then
    /// try the noisy moves (every move when in check, where standing pat is not an option).
    #[inline]
    fn quiescence_body(&mut self, game: &mut G, ply: usize, alpha: Score, beta: Score) -> Score {
        if self.count_node_and_check_abort() {
            return DRAW;
        }
        self.seldepth = self.seldepth.max(ply);
        if !(self.config.quiescence) || ply >= MAX_PLY - 1 {
            return self.evaluate(game);
        }
        if game.in_check() {
            return self.quiescence_moves(game, ply, alpha, beta, true, -INFINITY);
        }
        let stand_pat = self.evaluate(game);
        if stand_pat >= beta {
            return stand_pat;
        }
        self.quiescence_moves(game, ply, alpha.max(stand_pat), beta, false, stand_pat)
    }

    /// The move loop of quiescence search: every move when `in_check`, else the noisy moves
    /// against the stand-pat score `best_score`.
    fn quiescence_moves(
        &mut self,
        game: &mut G,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        in_check: bool,
        mut best_score: Score,
    ) -> Score {
        let mut moves = G::Moves::default();
        if in_check {
            game.generate_moves(&mut moves);
            if moves.is_empty() {
                return self.outcome_score(game, game.outcome_without_moves(), ply);
            }
        } else {
            game.generate_noisy_moves(&mut moves);
            if moves.is_empty() {
                return best_score;
            }
        }
        let mut scores = std::mem::take(&mut self.order_scores[ply]);
        scores.clear();
        scores.extend(moves.as_slice().iter().map(|&mv| game.move_order_hint(mv)));
        let side = self.side(game);
        let moves = moves.as_mut_slice();
        for index in 0..moves.len() {
            pick_next(moves, &mut scores, index);
            let mv = moves[index];
            let score = if G::UNDO {
                game.play(mv);
                let score = self.search_child(game, side, 0, ply, alpha, beta, true);
                game.undo(mv);
                score
            } else {
                let mut child = game.clone();
                child.play(mv);
                self.search_child(&mut child, side, 0, ply, alpha, beta, true)
            };
            if self.aborted() {
                break;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        self.order_scores[ply] = scores;
        best_score
    }
}
