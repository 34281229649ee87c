//! Quiescence search: below depth 0 the search follows only the noisy moves (captures,
//! promotions: what [`Game::generate_noisy_moves`] gives), so that a position is not scored in
//! the middle of an exchange. The side to move may "stand pat" on the evaluation, except in
//! check, where every move is searched. Also here: the leaf, the most common node, which does
//! what the node function does at its start without an interior node's set-up.

use crate::game::{Evaluator, Game};
use crate::movepick::{MovePicker, Order, PickerSetup, Prefetch};
use crate::moves::MoveBuffer;
use crate::score::{DRAW, INFINITY, MAX_PLY, Score};
use crate::techniques::Techniques;
use crate::tt::{Bound, Entry, score_from_tt, score_to_tt};
use crate::worker::Worker;

impl<'a, G: Game, E: Evaluator<G>> Worker<'a, G, E> {
    /// A child with no depth left: what the node function does there (game over, repetition,
    /// the ply limit, a check extension), then quiescence search or the evaluation.
    #[inline]
    pub(crate) fn leaf(&mut self, game: &mut G, ply: usize, alpha: Score, beta: Score) -> Score {
        self.pv.clear(ply);
        if let Some(score) = self.end_score(game, ply) {
            return score;
        }
        if ply >= MAX_PLY - 1 {
            self.clock.nodes += 1;
            self.estimates += 1;
            return self.evaluate(game);
        }
        if self.settings.uses(Techniques::CHECK_EXTENSION) && game.in_check() {
            // Extended by a ply: an interior node after all (its checks above repeat).
            return self.alphabeta_in_window(game, 0, ply, alpha, beta, true, false);
        }
        self.quiescence_body(game, ply, alpha, beta)
    }

    /// The score of a child that ends the line, because the game is over or the position
    /// repeats, or `None`; otherwise records the position on the path for the repetition test
    /// of the nodes below. Counts the node when it ends here.
    #[inline(always)]
    fn end_score(&mut self, game: &G, ply: usize) -> Option<Score> {
        if let Some(outcome) = game.outcome_by_rule() {
            self.clock.nodes += 1;
            self.note_ruled_draw(outcome);
            return Some(self.outcome_score(game, outcome, ply));
        }
        if G::REPETITION_DRAWS {
            let hash = game.hash();
            if self.is_repetition(game, hash, ply) {
                self.clock.nodes += 1;
                self.estimates += 1;
                return Some(DRAW);
            }
            self.path[ply] = hash;
        }
        None
    }

    /// Quiescence search of a position known not to be over: stand pat on the evaluation, then
    /// try the noisy moves (every move when in check, where standing pat is not an option).
    #[inline]
    pub(crate) fn quiescence_body(
        &mut self,
        game: &mut G,
        ply: usize,
        alpha: Score,
        beta: Score,
    ) -> Score {
        if self.clock.count_node() {
            return DRAW;
        }
        self.seldepth = self.seldepth.max(ply);
        if !self.settings.uses(Techniques::QUIESCENCE) || ply >= MAX_PLY - 1 {
            self.estimates += 1;
            return self.evaluate(game);
        }
        // The table: any stored result may settle the window (every one was searched at least
        // as deep as this), and its move goes first.
        let table_key = self
            .quiescence_table()
            .map(|table| game.hash() ^ table.key_mix);
        let entry = table_key.and_then(|key| self.shared.tt.probe(key));
        if let Some(entry) = entry {
            let score = score_from_tt(entry.score, ply);
            if entry.bound.settles(score, alpha, beta) {
                self.estimates += u64::from(!entry.solved);
                return score;
            }
        }
        let estimates_before = self.estimates;
        let tt_move = entry.and_then(|entry| entry.move_key);
        let (score, best_move) = if game.in_check() {
            // Every move is searched: the value is as sound as theirs.
            self.quiescence_moves(game, ply, alpha, beta, true, -INFINITY, tt_move)
        } else {
            // The horizon: the value stands on the evaluation.
            self.estimates += 1;
            let eval = self.evaluate_cached(game);
            let stand_pat = self.correct(game, eval, self.correction_key(game));
            if stand_pat >= beta {
                return stand_pat;
            }
            self.quiescence_moves(
                game,
                ply,
                alpha.max(stand_pat),
                beta,
                false,
                stand_pat,
                tt_move,
            )
        };
        // A result is stored only where the table knows nothing of the position: an entry
        // of an interior node says more than this one.
        if let Some(key) = table_key
            && entry.is_none()
            && !self.clock.aborted()
        {
            self.shared.tt.store(
                key,
                Entry {
                    move_key: best_move.map(G::move_key),
                    score: score_to_tt(score, ply),
                    depth: 0,
                    bound: Bound::of(score, alpha, beta),
                    solved: self.estimates == estimates_before,
                },
            );
        }
        score
    }

    /// The move loop of quiescence search: every move when `in_check`, else the noisy moves
    /// against the stand-pat score `best_score`, the table's move `tt_move` first. Returns the
    /// score and the move that raised alpha last, if any.
    #[allow(clippy::too_many_arguments)]
    fn quiescence_moves(
        &mut self,
        game: &mut G,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        in_check: bool,
        mut best_score: Score,
        tt_move: Option<u16>,
    ) -> (Score, Option<G::Move>) {
        let mut moves = G::Moves::default();
        if in_check {
            game.generate_moves(&mut moves);
            if moves.is_empty() {
                return (
                    self.outcome_score(game, game.outcome_without_moves(), ply),
                    None,
                );
            }
        } else {
            game.generate_noisy_moves(&mut moves);
            if moves.is_empty() {
                return (best_score, None);
            }
        }
        let side = self.side(game);
        let prefetch = self.quiescence_table();
        let setup = PickerSetup {
            tt_move,
            order: Order::Hints,
            ply,
            player: crate::checks::player_to_move(game),
            // The children's buckets are loaded as each is visited (`visit_child_announcing`),
            // not built ahead: the loop visits by move.
            prefetch: None,
        };
        let mut picker = MovePicker::new(
            game,
            moves.as_mut_slice(),
            setup,
            &mut self.order_scores[ply],
        );
        let exchanges = self.settings.uses(Techniques::STATIC_EXCHANGE) && !in_check;
        // Futility: a capture must win enough by its exchange to lift the stand-pat score,
        // with a margin for what the position gains besides, above alpha.
        let futility_base = (exchanges && self.settings.uses(Techniques::FUTILITY))
            .then(|| best_score + self.parameters.quiescence_futility_margin);
        let mut best_move = None;
        while let Some(picked) = picker.next(game, &self.ordering) {
            // A capture that loses its exchange cannot lift the stand-pat score.
            let least_gain = match futility_base {
                Some(base) if base <= alpha => alpha - base + 1,
                _ => 0,
            };
            if exchanges && !game.static_exchange_at_least(picked.mv, least_gain) {
                continue;
            }
            let search = |child: &mut G| {
                let flip = self.side(child) != side;
                let (low, high) = if flip { (-beta, -alpha) } else { (alpha, beta) };
                let score = self.quiescence(child, ply + 1, low, high);
                if flip { -score } else { score }
            };
            let score = match prefetch {
                Some(Prefetch { tt, key_mix }) => game.visit_child_announcing(
                    picked.mv,
                    |hash| tt.prefetch(hash ^ key_mix),
                    search,
                ),
                None => game.visit_child(picked.mv, search),
            };
            if self.clock.aborted() {
                break;
            }
            if score > best_score {
                best_score = score;
                if score > alpha {
                    best_move = Some(picked.mv);
                    if score >= beta {
                        break;
                    }
                    alpha = score;
                }
            }
        }
        picker.finish(&mut self.order_scores[ply]);
        (best_score, best_move)
    }

    /// The table and key mix where quiescence search reads and fills the table.
    #[inline(always)]
    fn quiescence_table(&self) -> Option<Prefetch<'a>> {
        (self.settings.uses(Techniques::QUIESCENCE_TABLE) && self.settings.uses(Techniques::TT))
            .then_some(Prefetch {
                tt: self.shared.tt,
                key_mix: self.key_mix,
            })
    }

    /// Quiescence search of a child: checks whether the game is over, then searches noisy moves.
    #[inline(always)]
    fn quiescence(&mut self, game: &mut G, ply: usize, alpha: Score, beta: Score) -> Score {
        self.pv.clear(ply);
        if let Some(score) = self.end_score(game, ply) {
            return score;
        }
        self.quiescence_body(game, ply, alpha, beta)
    }
}
