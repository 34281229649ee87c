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
//! so that the line stays legal play.
//!
//! A MIN layer's candidates are ordered opponent by opponent in turn order, each opponent's
//! moves in generation order; ties go to the first candidate in that order, as at MAX layers
//! they go to the first move generated. The previous iteration's choice is searched first, then
//! the others by their ordering hints, with a window widened by one where needed so that the tie
//! rule holds: the result is exactly that of plain best-reply minimax.

use super::context::{Context, outcome_score};
use super::report::PlayerMove;
use crate::game::{Evaluator, Game, Outcome};
use crate::moves::{ArrayVec, MoveBuffer};
use crate::score::{INFINITY, Score};
use crate::searcher::MAX_PLAYERS;
use crate::tt::{Bound, Entry, score_from_tt, score_to_tt};

/// One candidate of a MIN layer: a move of one opponent, played from the position the
/// opponent's move is generated in (`from`, an index into the layer's positions).
#[derive(Debug, Clone, Copy)]
struct Reply<M> {
    from: usize,
    key: PlayerMove<M>,
}

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

/// The moves the other opponents play around a best reply in BRS+ (at most one each).
type Chain<M> = ArrayVec<PlayerMove<M>, MAX_PLAYERS>;

/// Where playing a reply (and, in BRS+, the rest of the opponents' round) led.
enum AfterReply<G> {
    /// The root player's turn, in this position (or a finished game, which the search scores).
    Position(G),
    /// The game ended this way: the reply finished it (BRS), or an opponent of the round had
    /// no legal move (BRS+).
    Ended(Outcome),
}

/// The positions and candidates of one MIN layer: per layer buffers, reused across the search so
/// that a layer does not allocate once they have grown.
pub(crate) struct ReplyBuffers<G: Game> {
    /// Where each opponent's moves are generated.
    positions: Vec<G>,
    /// BRS+: the most promising move played from each position to reach the next one.
    round: Vec<PlayerMove<G::Move>>,
    replies: Vec<Reply<G::Move>>,
}

impl<G: Game> Default for ReplyBuffers<G> {
    fn default() -> Self {
        ReplyBuffers {
            positions: Vec::new(),
            round: Vec::new(),
            replies: Vec::new(),
        }
    }
}

impl<G: Game> ReplyBuffers<G> {
    /// Lists `opponent`'s `moves` as replies played from the position about to be pushed next.
    fn push_replies(&mut self, opponent: usize, moves: &[G::Move]) {
        let from = self.positions.len();
        self.replies.extend(moves.iter().map(|&mv| Reply {
            from,
            key: PlayerMove {
                player: opponent,
                mv,
            },
        }));
    }
}

impl<G: Game, E: Evaluator<G>> Context<'_, G, E> {
    /// The best-reply value of `game` for the root player, `depth` layers deep, `ply` layers
    /// below the root; BRS+ when `plus`. Fail-soft alpha-beta. Meaningless when the iteration
    /// was aborted ([`ThreadClock::aborted`](crate::clock::ThreadClock::aborted)).
    pub(crate) fn best_reply(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
        plus: bool,
    ) -> Score {
        let on_line = ply == 0;
        self.best_reply_node(game, depth, ply, alpha, beta, plus, on_line)
    }

    #[allow(clippy::too_many_arguments)] // the alpha-beta window and the node's place in the tree
    fn best_reply_node(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
        plus: bool,
        on_line: bool,
    ) -> Score {
        self.clear_pv(ply);
        if let Some(outcome) = game.outcome() {
            return outcome_score(outcome, self.root_player, ply);
        }
        if depth == 0 {
            self.reached_horizon = true;
            return self.evaluate_root(game);
        }
        let key = tt_key(game.hash(), self.root_player, ply);
        let mut tt_move = None;
        if let Some(entry) = self.tt.and_then(|tt| tt.probe(key)) {
            tt_move = entry.move_key;
            let score = score_from_tt(entry.score, ply);
            let usable = match entry.bound {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
            };
            if ply > 0 && entry.depth >= depth as i32 && usable {
                // The entry's subtree may reach the horizon: deeper iterations can differ.
                self.reached_horizon = true;
                return score;
            }
        }
        let (value, best_key) = if ply.is_multiple_of(2) {
            self.root_layer(game, depth, ply, alpha, beta, plus, on_line, tt_move)
        } else {
            let mut buffers = core::mem::take(&mut self.reply_buffers[ply]);
            let found = self.opponents_layer(
                game,
                depth,
                ply,
                alpha,
                beta,
                plus,
                on_line,
                tt_move,
                &mut buffers,
            );
            self.reply_buffers[ply] = buffers;
            found
        };
        if let Some(tt) = self.tt.filter(|_| !self.clock.aborted()) {
            let bound = if value <= alpha {
                Bound::Upper
            } else if value >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            let entry = Entry {
                move_key: best_key,
                score: score_to_tt(value, ply),
                depth: depth as i32,
                bound,
            };
            tt.store(key, entry);
        }
        value
    }

    /// A MAX layer: the root player moves.
    #[allow(clippy::too_many_arguments)]
    fn root_layer(
        &mut self,
        game: &mut G,
        depth: u32,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        plus: bool,
        on_line: bool,
        tt_move: Option<u16>,
    ) -> (Score, Option<u16>) {
        let mut moves = G::Moves::default();
        game.generate_moves(&mut moves);
        let moves = moves.as_slice();
        if moves.is_empty() {
            let score = outcome_score(game.outcome_without_moves(), self.root_player, ply);
            return (score, None);
        }
        let mover = game.player_to_move();
        let previous = if on_line {
            self.previous_move_index(ply, mover, moves)
        } else {
            None
        };
        let lead = previous.or_else(|| {
            let key = tt_move?;
            moves.iter().position(|&mv| G::move_key(mv) == key)
        });
        let killers = self.killers[ply].map(|killer| {
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
            let window = (child_alpha, beta);
            let on_line = previous == Some(index);
            let value = game.visit_child(mv, |child| {
                self.search_child(child, depth - 1, ply + 1, window, plus, on_line, probe)
            });
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
    #[allow(clippy::too_many_arguments)]
    fn opponents_layer(
        &mut self,
        game: &G,
        depth: u32,
        ply: usize,
        alpha: Score,
        mut beta: Score,
        plus: bool,
        on_line: bool,
        tt_move: Option<u16>,
        buffers: &mut ReplyBuffers<G>,
    ) -> (Score, Option<u16>) {
        if plus {
            self.collect_round_replies(game, buffers);
        } else {
            self.collect_best_replies(game, buffers);
        }
        if buffers.replies.is_empty() {
            let score = outcome_score(game.outcome_without_moves(), self.root_player, ply);
            return (score, None);
        }
        let previous = if on_line {
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
        let killers = self.killers[ply].map(|killer| {
            let killer = killer?;
            (buffers.replies.iter()).position(|reply| reply.key == killer)
        });
        let mut order = core::mem::take(&mut self.orders[ply]);
        {
            let hint = |index: usize| {
                let reply = buffers.replies[index];
                buffers.positions[reply.from].move_order_hint(reply.key.mv)
            };
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
            let mut chain = Chain::new();
            let after = if plus {
                chain.extend(buffers.round[..reply.from].iter().copied());
                self.play_round_reply(&buffers.positions[reply.from], reply.key, &mut chain)
            } else {
                self.play_best_reply(&buffers.positions[reply.from], reply.key, &mut chain)
            };
            if self.clock.aborted() {
                break;
            }
            // A reply listed before the best wins a tie: it must only reach the best.
            let child_beta = if index < best_index { beta + 1 } else { beta };
            let probe = if k == 0 { Probe::Full } else { Probe::Lower };
            let window = (alpha, child_beta);
            let on_line = previous == Some(index);
            let value = match after {
                AfterReply::Position(mut child) => {
                    self.search_child(&mut child, depth - 1, ply + 1, window, plus, on_line, probe)
                }
                AfterReply::Ended(outcome) => {
                    self.clear_pv(ply + 1);
                    outcome_score(outcome, self.root_player, ply + 1)
                }
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

    /// Searches a child in the window `(alpha, beta)`. With principal variation search and a
    /// `probe`, a null window first asks whether the child passes the bound it must pass to
    /// matter (above `alpha` below a MAX layer, under `beta` below a MIN layer); only then is it
    /// searched again with the whole window.
    #[allow(clippy::too_many_arguments)]
    fn search_child(
        &mut self,
        child: &mut G,
        depth: u32,
        ply: usize,
        (alpha, beta): (Score, Score),
        plus: bool,
        on_line: bool,
        probe: Probe,
    ) -> Score {
        if self.pvs && beta - alpha > 1 {
            let value = match probe {
                Probe::Full => None,
                Probe::Raise => {
                    Some(self.best_reply_node(child, depth, ply, alpha, alpha + 1, plus, on_line))
                }
                Probe::Lower => {
                    Some(self.best_reply_node(child, depth, ply, beta - 1, beta, plus, on_line))
                }
            };
            let decided = |value: Score| value <= alpha || value >= beta;
            if let Some(value) = value.filter(|&value| self.clock.aborted() || decided(value)) {
                return value;
            }
        }
        self.best_reply_node(child, depth, ply, alpha, beta, plus, on_line)
    }

    /// Remembers a move that caused a cut-off at `ply`, to try it early in the layer's other
    /// nodes.
    fn store_killer(&mut self, ply: usize, killer: PlayerMove<G::Move>) {
        if !self.use_killers {
            return;
        }
        let slots = &mut self.killers[ply];
        if slots[0] != Some(killer) {
            slots[1] = slots[0];
            slots[0] = Some(killer);
        }
    }

    /// BRS: every opponent's moves, each generated with that opponent set to move.
    fn collect_best_replies(&self, game: &G, buffers: &mut ReplyBuffers<G>) {
        buffers.positions.clear();
        buffers.replies.clear();
        let mut moves = G::Moves::default();
        for offset in 1..self.players {
            let opponent = (self.root_player + offset) % self.players;
            let mut position = game.clone();
            if !position.set_player_to_move(opponent) {
                continue;
            }
            moves.clear();
            position.generate_moves(&mut moves);
            buffers.push_replies(opponent, moves.as_slice());
            buffers.positions.push(position);
        }
    }

    /// BRS: plays `reply` and hands the turn back to the root player.
    fn play_best_reply(
        &mut self,
        position: &G,
        reply: PlayerMove<G::Move>,
        chain: &mut Chain<G::Move>,
    ) -> AfterReply<G> {
        self.clock.count_node();
        let mut child = position.clone();
        child.play(reply.mv);
        chain.push(reply);
        // A reply that ends the game ends it before anybody passes: judged with the turn still
        // after the replier's (games such as Sternhalma only check the last mover for a win).
        if let Some(outcome) = child.outcome() {
            return AfterReply::Ended(outcome);
        }
        child.set_player_to_move(self.root_player);
        AfterReply::Position(child)
    }

    /// BRS+: walks the opponents' round in turn order, each opponent playing its most promising
    /// move, and lists each opponent's moves from where its turn comes. The round stops at the
    /// root player's turn, at a finished game or at an opponent without a move.
    fn collect_round_replies(&mut self, game: &G, buffers: &mut ReplyBuffers<G>) {
        buffers.positions.clear();
        buffers.round.clear();
        buffers.replies.clear();
        let mut position = game.clone();
        let mut moves = G::Moves::default();
        for _ in 1..self.players {
            let opponent = position.player_to_move();
            if opponent == self.root_player || position.outcome().is_some() {
                break;
            }
            moves.clear();
            position.generate_moves(&mut moves);
            let Some(promising) = most_promising(&position, moves.as_slice()) else {
                break;
            };
            buffers.push_replies(opponent, moves.as_slice());
            buffers.round.push(PlayerMove {
                player: opponent,
                mv: promising,
            });
            let mut next = position.clone();
            self.clock.count_node();
            next.play(promising);
            buffers
                .positions
                .push(core::mem::replace(&mut position, next));
        }
    }

    /// BRS+: plays `reply`, then the most promising move of each opponent after it until the
    /// root player's turn.
    fn play_round_reply(
        &mut self,
        position: &G,
        reply: PlayerMove<G::Move>,
        chain: &mut Chain<G::Move>,
    ) -> AfterReply<G> {
        self.clock.count_node();
        let mut child = position.clone();
        child.play(reply.mv);
        chain.push(reply);
        let mut moves = G::Moves::default();
        for _ in 1..self.players {
            let player = child.player_to_move();
            if player == self.root_player || child.outcome().is_some() {
                break;
            }
            moves.clear();
            child.generate_moves(&mut moves);
            let Some(mv) = most_promising(&child, moves.as_slice()) else {
                return AfterReply::Ended(child.outcome_without_moves());
            };
            self.clock.count_node();
            child.play(mv);
            chain.push(PlayerMove { player, mv });
        }
        AfterReply::Position(child)
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
