//! Best-Reply Search (Schadd and Winands, 2011) and BRS+ (Esser, Gras, Winands, Schadd and
//! Lanctot, 2013): alpha-beta over the root player's evaluation, where layers of the root
//! player's moves (MAX) alternate with one layer (MIN) in which a single opponent moves: the one
//! whose reply is worst for the root player.
//!
//! In a BRS MIN layer every opponent's moves are generated from the same position (each with
//! that opponent set to move by [`Game::set_player_to_move`]); after the chosen reply the root
//! player is set to move again, the other opponents having passed (unless the reply ended the
//! game, which is judged before the turn moves on). In a BRS+ MIN layer the
//! opponents move in turn order: the best replier plays each of its moves, every other opponent
//! plays its most promising move (highest [`Game::move_order_hint`], first generated on ties),
//! so that the line stays legal play. Every move is played through [`Game::visit_child`], as in
//! the other searches, and the turn is handed around in place, and back before the move is
//! taken back.
//!
//! A MIN layer's candidates are ordered opponent by opponent in turn order, each opponent's
//! moves in generation order; ties go to the first candidate in that order, as at MAX layers
//! they go to the first move generated. The previous iteration's choice is searched first, then
//! the others by their ordering hints, with a window widened by one where needed so that the tie
//! rule holds: the result is exactly that of plain best-reply minimax.

use super::context::Context;
use super::player_move::{PlayerMove, outcome_score};
use super::replies::ReplyBuffers;
use crate::game::MAX_PLAYERS;
use crate::game::{Evaluator, Game, Outcome};
use crate::moves::{ArrayVec, MoveBuffer};
use crate::score::{INFINITY, Score};
use crate::tt::{Bound, Entry, score_from_tt, score_to_tt};

/// How principal variation search first probes a child with a null window.
#[derive(Debug, Clone, Copy)]
enum Probe {
    /// No probe: the first child searched gets the whole window.
    Full,
    /// Below a MAX layer: does the child beat `alpha`?
    Raise,
    /// Below a MIN layer: does the child get under `beta`?
    Lower,
}

/// A node to search: the depth left, its layer below the root, its window, BRS+ or BRS, whether
/// it lies on the previous iteration's line, and how its parent probes it first.
#[derive(Debug, Clone, Copy)]
struct Node {
    depth: u32,
    ply: usize,
    alpha: Score,
    beta: Score,
    plus: bool,
    on_line: bool,
    probe: Probe,
}

impl Node {
    /// A child of this node, searched in the window `(alpha, beta)`.
    fn child(self, alpha: Score, beta: Score, on_line: bool, probe: Probe) -> Node {
        Node {
            depth: self.depth - 1,
            ply: self.ply + 1,
            alpha,
            beta,
            on_line,
            probe,
            ..self
        }
    }
}

/// The moves the other opponents play around a best reply in BRS+ (at most one each).
type Chain<M> = ArrayVec<PlayerMove<M>, MAX_PLAYERS>;

impl<G: Game, E: Evaluator<G>> Context<'_, G, E> {
    /// The best-reply value of the root `game` for its player, `depth` layers deep; BRS+ when
    /// `plus`. Fail-soft alpha-beta. Meaningless when the iteration was aborted
    /// ([`ThreadClock::aborted`](crate::clock::ThreadClock::aborted)).
    pub(crate) fn best_reply(&mut self, game: &mut G, depth: u32, plus: bool) -> Score {
        let root = Node {
            depth,
            ply: 0,
            alpha: -INFINITY,
            beta: INFINITY,
            plus,
            on_line: true,
            probe: Probe::Full,
        };
        self.best_reply_node(game, root)
    }

    fn best_reply_node(&mut self, game: &mut G, node: Node) -> Score {
        let (depth, ply, alpha, beta) = (node.depth, node.ply, node.alpha, node.beta);
        self.clear_pv(ply);
        if let Some(outcome) = game.outcome_by_rule() {
            return outcome_score(outcome, self.root_player, ply);
        }
        if depth == 0 {
            self.reached_horizon = true;
            return self.evaluate_root(game);
        }
        // Whether the search above this node reached the horizon: this node's own search
        // starts from none, so that the table learns whether it was solved.
        let horizon_above = core::mem::replace(&mut self.reached_horizon, false);
        let key = tt_key(game.hash(), self.root_player, ply);
        let mut tt_move = None;
        if let Some(entry) = self.tt.and_then(|tt| tt.probe(key)) {
            tt_move = entry.move_key;
            let score = score_from_tt(entry.score, ply);
            // A solved entry holds at any depth.
            if ply > 0
                && (entry.depth >= depth as i32 || entry.solved)
                && entry.bound.settles(score, alpha, beta)
            {
                // An entry whose subtree reached the horizon may differ in deeper iterations.
                self.reached_horizon = horizon_above || !entry.solved;
                return score;
            }
        }
        let (value, best_key) = if ply.is_multiple_of(2) {
            self.root_layer(game, node, tt_move)
        } else {
            let mut buffers = core::mem::take(&mut self.reply_buffers[ply]);
            let found = self.opponents_layer(game, node, tt_move, &mut buffers);
            self.reply_buffers[ply] = buffers;
            found
        };
        // A root that leaves moves out has no value of its position to store.
        let restricted = ply == 0 && !self.root_moves.is_empty();
        if let Some(tt) = self.tt.filter(|_| !self.clock.aborted() && !restricted) {
            let entry = Entry {
                move_key: best_key,
                score: score_to_tt(value, ply),
                depth: depth as i32,
                bound: Bound::of(value, alpha, beta),
                solved: !self.reached_horizon,
            };
            tt.store(key, entry);
        }
        self.reached_horizon |= horizon_above;
        value
    }

    /// A MAX layer: the root player moves.
    fn root_layer(
        &mut self,
        game: &mut G,
        node: Node,
        tt_move: Option<u16>,
    ) -> (Score, Option<u16>) {
        let (ply, mut alpha, beta) = (node.ply, node.alpha, node.beta);
        let mut moves = G::Moves::default();
        game.generate_moves(&mut moves);
        self.restrict_root(ply, &mut moves);
        let moves = moves.as_slice();
        if moves.is_empty() {
            let score = outcome_score(game.outcome_without_moves(), self.root_player, ply);
            return (score, None);
        }
        let mover = game.player_to_move();
        let previous = if node.on_line {
            self.previous_move_index(ply, mover, moves)
        } else {
            None
        };
        let lead = previous.or_else(|| {
            let key = tt_move?;
            moves.iter().position(|&mv| G::move_key(mv) == key)
        });
        let killers = self.killers.at(ply).map(|killer| {
            let killer = killer.filter(|killer| killer.player == mover)?;
            moves.iter().position(|&mv| mv == killer.mv)
        });
        let mut order = core::mem::take(&mut self.orders[ply]);
        let hint = |index: usize| game.move_order_hint(moves[index]);
        order.fill(
            moves.len(),
            lead,
            killers,
            self.order_hints.then_some(&hint as &dyn Fn(usize) -> i32),
        );
        let mut best = -INFINITY;
        let mut best_index = usize::MAX;
        for k in 0..order.len() {
            let index = order.get(k);
            let mv = moves[index];
            if self.clock.count_node() {
                break;
            }
            // A move generated before the best wins a tie: it must only reach the best.
            let child_alpha = if index < best_index { alpha - 1 } else { alpha };
            let probe = if k == 0 { Probe::Full } else { Probe::Raise };
            let child = node.child(child_alpha, beta, previous == Some(index), probe);
            let value = game.visit_child(mv, |position| self.search_child(position, child));
            if self.clock.aborted() {
                break;
            }
            if value > best || (value == best && index < best_index) {
                best = value;
                best_index = index;
                let played = PlayerMove { player: mover, mv };
                self.update_pv(ply, played, &[played]);
                alpha = alpha.max(value);
                if value >= beta {
                    self.store_killer(ply, played);
                    break;
                }
            }
        }
        self.orders[ply] = order;
        (best, moves.get(best_index).map(|&mv| G::move_key(mv)))
    }

    /// A MIN layer: one opponent replies.
    fn opponents_layer(
        &mut self,
        game: &mut G,
        node: Node,
        tt_move: Option<u16>,
        buffers: &mut ReplyBuffers<G::Move>,
    ) -> (Score, Option<u16>) {
        let (ply, alpha, mut beta, plus) = (node.ply, node.alpha, node.beta, node.plus);
        buffers.round.clear();
        buffers.replies.clear();
        if plus {
            self.collect_round_replies(game, buffers, self.players - 1);
        } else {
            self.collect_best_replies(game, buffers);
        }
        if buffers.replies.is_empty() {
            let score = outcome_score(game.outcome_without_moves(), self.root_player, ply);
            return (score, None);
        }
        let previous = if node.on_line {
            self.previous_keys
                .get(ply)
                .and_then(|key| buffers.replies.iter().position(|reply| reply.key == *key))
        } else {
            None
        };
        let lead = previous.or_else(|| {
            let key = tt_move?;
            (buffers.replies.iter()).position(|reply| G::move_key(reply.key.mv) == key)
        });
        let killers = self.killers.at(ply).map(|killer| {
            let killer = killer?;
            (buffers.replies.iter()).position(|reply| reply.key == killer)
        });
        let mut order = core::mem::take(&mut self.orders[ply]);
        {
            let hint = |index: usize| buffers.replies[index].hint;
            order.fill(
                buffers.replies.len(),
                lead,
                killers,
                self.order_hints.then_some(&hint as &dyn Fn(usize) -> i32),
            );
        }
        let mut best = INFINITY;
        let mut best_index = usize::MAX;
        for k in 0..order.len() {
            let index = order.get(k);
            let reply = buffers.replies[index];
            // A reply listed before the best wins a tie: it must only reach the best.
            let child_beta = if index < best_index { beta + 1 } else { beta };
            let probe = if k == 0 { Probe::Full } else { Probe::Lower };
            let child = node.child(alpha, child_beta, previous == Some(index), probe);
            let mut chain = Chain::new();
            let value = if plus {
                let round = &buffers.round[..reply.after_round];
                chain.extend(round.iter().copied());
                self.round_reply_value(game, round, reply.key, &mut chain, child)
            } else {
                self.best_reply_value(game, reply.key, &mut chain, child)
            };
            if self.clock.aborted() {
                break;
            }
            if value < best || (value == best && index < best_index) {
                best = value;
                best_index = index;
                self.update_pv(ply, reply.key, &chain);
                beta = beta.min(value);
                if value <= alpha {
                    self.store_killer(ply, reply.key);
                    break;
                }
            }
        }
        self.orders[ply] = order;
        let best_key = buffers.replies.get(best_index);
        (best, best_key.map(|reply| G::move_key(reply.key.mv)))
    }

    /// Searches a child node. With principal variation search and a probe, a null window first
    /// asks whether the child passes the bound it must pass to matter (above `alpha` below a MAX
    /// layer, under `beta` below a MIN layer); only then is it searched with its whole window.
    fn search_child(&mut self, child: &mut G, node: Node) -> Score {
        let (alpha, beta) = (node.alpha, node.beta);
        if self.pvs && beta - alpha > 1 {
            let null_window = match node.probe {
                Probe::Full => None,
                Probe::Raise => Some((alpha, alpha + 1)),
                Probe::Lower => Some((beta - 1, beta)),
            };
            if let Some((low, high)) = null_window {
                let probe = Node {
                    alpha: low,
                    beta: high,
                    ..node
                };
                let value = self.best_reply_node(child, probe);
                if self.clock.aborted() || value <= alpha || value >= beta {
                    return value;
                }
            }
        }
        self.best_reply_node(child, node)
    }

    /// Remembers a move that caused a cut-off at `ply`, to try it early in the layer's other
    /// nodes.
    fn store_killer(&mut self, ply: usize, killer: PlayerMove<G::Move>) {
        if self.use_killers {
            self.killers.add(ply, killer);
        }
    }

    /// Searches the root player's turn that a reply (and in BRS+ the rest of its round) led
    /// to, unless the iteration was aborted on the way (0 then, which the caller discards).
    fn search_after_reply(&mut self, position: &mut G, child: Node) -> Score {
        if self.clock.aborted() {
            return 0;
        }
        self.search_child(position, child)
    }

    /// The score of a game that a reply ended (BRS), or an opponent of its round without a
    /// move (BRS+).
    fn ended_by_reply(&mut self, outcome: Outcome, child: Node) -> Score {
        self.clear_pv(child.ply);
        outcome_score(outcome, self.root_player, child.ply)
    }

    /// BRS: every opponent's moves, each generated with that opponent set to move in `game`,
    /// which gets its player to move back afterwards.
    fn collect_best_replies(&self, game: &mut G, buffers: &mut ReplyBuffers<G::Move>) {
        let to_move = game.player_to_move();
        let mut moves = G::Moves::default();
        for offset in 1..self.players {
            let opponent = (self.root_player + offset) % self.players;
            if !game.set_player_to_move(opponent) {
                continue;
            }
            moves.clear();
            game.generate_moves(&mut moves);
            buffers.push_replies(game, opponent, moves.as_slice(), self.order_hints);
        }
        game.set_player_to_move(to_move);
    }

    /// BRS: plays `reply` from `game` (its player set to move there for the time), hands the
    /// turn to the root player, and searches the position.
    fn best_reply_value(
        &mut self,
        game: &mut G,
        reply: PlayerMove<G::Move>,
        chain: &mut Chain<G::Move>,
        child: Node,
    ) -> Score {
        let to_move = game.player_to_move();
        game.set_player_to_move(reply.player);
        self.clock.count_node();
        chain.push(reply);
        let value = game.visit_child(reply.mv, |position| {
            // A reply that ends the game ends it before anybody passes: judged with the turn
            // still after the replier's (games such as Sternhalma only check the last mover for
            // a win).
            if let Some(outcome) = position.outcome_by_rule() {
                return self.ended_by_reply(outcome, child);
            }
            let next = position.player_to_move();
            position.set_player_to_move(self.root_player);
            let value = self.search_after_reply(position, child);
            position.set_player_to_move(next);
            value
        });
        game.set_player_to_move(to_move);
        value
    }

    /// BRS+: walks the opponents' round in turn order from `position`, each opponent playing
    /// its most promising move, and lists each opponent's moves from where its turn comes. The
    /// round stops at the root player's turn, at a finished game or at an opponent without a
    /// move, and after `turns` turns at most.
    fn collect_round_replies(
        &mut self,
        position: &mut G,
        buffers: &mut ReplyBuffers<G::Move>,
        turns: usize,
    ) {
        let opponent = position.player_to_move();
        if turns == 0 || opponent == self.root_player || position.outcome_by_rule().is_some() {
            return;
        }
        let mut moves = G::Moves::default();
        position.generate_moves(&mut moves);
        let Some(promising) = most_promising(position, moves.as_slice()) else {
            return;
        };
        buffers.push_replies(position, opponent, moves.as_slice(), self.order_hints);
        buffers.round.push(PlayerMove {
            player: opponent,
            mv: promising,
        });
        self.clock.count_node();
        position.visit_child(promising, |next| {
            self.collect_round_replies(next, buffers, turns - 1);
        });
    }

    /// BRS+: plays the `round` moves before `reply` from `game` (already counted when the
    /// round was collected), then `reply`, then the rest of the round, and searches the
    /// position reached.
    fn round_reply_value(
        &mut self,
        game: &mut G,
        round: &[PlayerMove<G::Move>],
        reply: PlayerMove<G::Move>,
        chain: &mut Chain<G::Move>,
        child: Node,
    ) -> Score {
        if let Some((first, rest)) = round.split_first() {
            return game.visit_child(first.mv, |next| {
                self.round_reply_value(next, rest, reply, chain, child)
            });
        }
        self.clock.count_node();
        chain.push(reply);
        let turns = self.players - 1;
        game.visit_child(reply.mv, |position| {
            self.finish_round(position, chain, turns, child)
        })
    }

    /// BRS+: plays the most promising move of each opponent after a reply, `turns` at most,
    /// until the root player's turn, and searches the position reached.
    fn finish_round(
        &mut self,
        position: &mut G,
        chain: &mut Chain<G::Move>,
        turns: usize,
        child: Node,
    ) -> Score {
        let player = position.player_to_move();
        if turns == 0 || player == self.root_player || position.outcome_by_rule().is_some() {
            return self.search_after_reply(position, child);
        }
        let mut moves = G::Moves::default();
        position.generate_moves(&mut moves);
        let Some(mv) = most_promising(position, moves.as_slice()) else {
            return self.ended_by_reply(position.outcome_without_moves(), child);
        };
        self.clock.count_node();
        chain.push(PlayerMove { player, mv });
        position.visit_child(mv, |next| self.finish_round(next, chain, turns - 1, child))
    }
}

/// The move with the highest ordering hint, the first generated on ties; `None` without moves.
fn most_promising<G: Game>(game: &G, moves: &[G::Move]) -> Option<G::Move> {
    let mut best: Option<(G::Move, i32)> = None;
    for &mv in moves {
        let hint = game.move_order_hint(mv);
        if best.is_none_or(|(_, best_hint)| hint > best_hint) {
            best = Some((mv, hint));
        }
    }
    best.map(|(mv, _)| mv)
}

/// The transposition-table key of a best-reply node: the position's hash, salted with the root
/// player (values are in its view) and the layer type, so that entries of other searches (max^n
/// uses none; the main engine has its own table) and of the other layer never match.
fn tt_key(hash: u64, root_player: usize, ply: usize) -> u64 {
    /// An odd constant with well-mixed bits (2^64 / golden ratio).
    const SALT: u64 = 0x9e37_79b9_7f4a_7c15;
    let salt = ((root_player as u64) << 1 | (ply as u64 & 1)) + 1;
    hash ^ salt.wrapping_mul(SALT)
}
