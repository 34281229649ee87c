//! A position that carries its network accumulators: [`NnueBoard`] is a [`Board`] with a stack
//! of accumulators, one per ply of the line being searched, each computed from the one below it
//! by the pieces the move added and removed. It implements the search's [`Game`] by delegating
//! the rules to the board, and [`NnueEvaluation`] scores it from its top accumulator, so a
//! search evaluates a node with a few row updates instead of a sum over every piece.

use super::accumulator::{Accumulator, PlacedPiece};
use super::network::Network;
use crate::board::Board;
use crate::color::Color;
use crate::endgame;
use crate::generate::MAX_MOVES;
use crate::moves::{KIND_CASTLE, KIND_EN_PASSANT, Move};
use crate::piece::Role;
use crate::square::Square;
use alloc::sync::Arc;
use alloc::vec::Vec;
use arrayvec::ArrayVec;
use plyforge_search::{Evaluator, Game, MoveList, Outcome, Score};

/// The most pieces one move adds or removes: castling moves two pieces, a capture that promotes
/// removes two and adds one.
const MAX_CHANGED: usize = 2;

/// A [`Board`] with the accumulators of a network, kept up to date move by move.
///
/// ```
/// use plyforge_chess::Board;
/// use plyforge_chess::nnue::{Network, NnueBoard, NnueEvaluation};
/// use plyforge_search::{Config, Limits, Searcher};
/// use std::sync::Arc;
///
/// // A made-up network; a trained one comes from a file (`Network::from_bytes`).
/// let network = Arc::new(Network::from_parts(8, vec![1; 768 * 8], vec![0; 8], vec![3; 16], vec![0])?);
/// let position = NnueBoard::new(Board::default(), network);
/// let mut searcher = Searcher::new(Config::default());
/// let result = searcher.search(&position, &NnueEvaluation, &Limits::depth(3), &[], |_| {})?;
/// assert!(Board::default().legal_moves().contains(&result.best_move));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct NnueBoard {
    board: Board,
    network: Arc<Network>,
    /// The accumulators of the line from the root: `accumulators[depth]` is the board's.
    accumulators: Vec<Accumulator>,
    depth: usize,
}

impl NnueBoard {
    /// `board` with its accumulators under `network`.
    pub fn new(board: Board, network: Arc<Network>) -> NnueBoard {
        let accumulators = alloc::vec![Accumulator::new(&network, &board)];
        NnueBoard {
            board,
            network,
            accumulators,
            depth: 0,
        }
    }

    /// The position.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The network.
    #[inline]
    pub fn network(&self) -> &Arc<Network> {
        &self.network
    }

    /// The network's score of the position for the side to move, in centipawns.
    #[inline]
    pub fn evaluate(&self) -> Score {
        self.network
            .output(&self.accumulators[self.depth], &self.board)
    }

    /// Moves `child`'s accumulators one ply up the stack, computed from the board's: `child` is
    /// the board after `mv`.
    fn push(&mut self, mv: Move, child: &Board) {
        if self.accumulators.len() == self.depth + 1 {
            self.accumulators
                .push(self.accumulators[self.depth].clone());
        }
        let (added, removed) = changed_pieces(&self.board, mv, child);
        let (below, above) = self.accumulators.split_at_mut(self.depth + 1);
        above[0].update(&below[self.depth], &self.network, child, &added, &removed);
        self.depth += 1;
    }
}

/// The pieces `mv` adds to `parent` and removes from it (`child` is the board after it): read
/// off the move and the two squares it names, but for castling, whose rook squares the board
/// works out, found by comparing the boards.
#[inline(always)]
fn changed_pieces(
    parent: &Board,
    mv: Move,
    child: &Board,
) -> (
    ArrayVec<PlacedPiece, MAX_CHANGED>,
    ArrayVec<PlacedPiece, MAX_CHANGED>,
) {
    let (mut added, mut removed) = (ArrayVec::new(), ArrayVec::new());
    let us = parent.side();
    let (from, to) = (mv.from(), mv.to());
    let kind = mv.kind_bits();
    if kind == KIND_CASTLE {
        for color in Color::ALL {
            for role in Role::ALL {
                let (before, after) = (parent.pieces(color, role), child.pieces(color, role));
                for square in after - before {
                    added.push((color, role, square));
                }
                for square in before - after {
                    removed.push((color, role, square));
                }
            }
        }
        return (added, removed);
    }
    let moved = parent.occupied_role(from.index());
    removed.push((us, moved, from));
    added.push((us, mv.promotion_role().unwrap_or(moved), to));
    if kind == KIND_EN_PASSANT {
        // The captured pawn stands beside the origin, on the destination's file.
        let captured = Square::from_index((from.index() & !7 | to.index() & 7) as u8);
        removed.push((!us, Role::Pawn, captured));
    } else if parent.enemy_on(to.index()) {
        removed.push((!us, parent.occupied_role(to.index()), to));
    }
    (added, removed)
}

impl Clone for NnueBoard {
    /// A copy with the current accumulators only (the line below them is not needed).
    fn clone(&self) -> NnueBoard {
        NnueBoard {
            board: self.board,
            network: Arc::clone(&self.network),
            accumulators: alloc::vec![self.accumulators[self.depth].clone()],
            depth: 0,
        }
    }
}

impl core::fmt::Debug for NnueBoard {
    fn fmt(&self, formatter: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        formatter
            .debug_struct("NnueBoard")
            .field("board", &self.board)
            .field("network", &self.network)
            .finish_non_exhaustive()
    }
}

/// The network's score of an [`NnueBoard`], from its accumulators, corrected by the
/// [`endgame`](crate::endgame) knowledge.
#[derive(Debug, Clone, Copy, Default)]
pub struct NnueEvaluation;

impl Evaluator<NnueBoard> for NnueEvaluation {
    #[inline]
    fn evaluate(&self, position: &NnueBoard, player: usize) -> Score {
        let score = endgame::adjust(&position.board, position.evaluate());
        if player == position.board.side_to_move().index() {
            score
        } else {
            -score
        }
    }
}

/// What a search on an [`NnueBoard`] evaluates with: the network of its accumulators, or the
/// classical [`Evaluation`](crate::Evaluation) of its board (to compare the two in one search, or
/// where the classical terms are wanted), chosen at run time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SearchEvaluation {
    /// The network ([`NnueEvaluation`]).
    #[default]
    Network,
    /// The classical evaluation of the board.
    Classical,
}

impl Evaluator<NnueBoard> for SearchEvaluation {
    #[inline]
    fn evaluate(&self, position: &NnueBoard, player: usize) -> Score {
        match self {
            SearchEvaluation::Network => NnueEvaluation.evaluate(position, player),
            SearchEvaluation::Classical => crate::Evaluation.evaluate(&position.board, player),
        }
    }
}

impl Game for NnueBoard {
    type Move = Move;
    type Moves = MoveList<Move, MAX_MOVES>;

    const COPY_MAKE: bool = false;
    const REPETITION_DRAWS: bool = <Board as Game>::REPETITION_DRAWS;
    const CONTINUATION_KEYS: usize = <Board as Game>::CONTINUATION_KEYS;

    #[inline]
    fn player_to_move(&self) -> usize {
        self.board.player_to_move()
    }

    #[inline]
    fn generate_moves(&self, moves: &mut Self::Moves) {
        self.board.generate_moves(moves);
    }

    /// Plays `mv` and computes the accumulators afresh: a game loop's move, not the search's.
    fn play(&mut self, mv: Move) {
        self.board.play(mv);
        self.accumulators.truncate(1);
        self.depth = 0;
        self.accumulators[0].refresh(&self.network, &self.board);
    }

    #[inline]
    fn visit_child<R>(&mut self, mv: Move, visit: impl FnOnce(&mut Self) -> R) -> R {
        self.visit_child_announcing(mv, |_| {}, visit)
    }

    /// Announces the child's hash before the accumulators are updated, so that the search's
    /// table load overlaps the update.
    #[inline]
    fn visit_child_announcing<R>(
        &mut self,
        mv: Move,
        announce: impl FnOnce(u64),
        visit: impl FnOnce(&mut Self) -> R,
    ) -> R {
        let parent = self.board;
        let mut child = parent;
        child.play(mv);
        announce(Game::hash(&child));
        self.push(mv, &child);
        self.board = child;
        let result = visit(self);
        self.board = parent;
        self.depth -= 1;
        result
    }

    #[inline]
    fn outcome_by_rule(&self) -> Option<Outcome> {
        self.board.outcome_by_rule()
    }

    #[inline]
    fn outcome_without_moves(&self) -> Outcome {
        self.board.outcome_without_moves()
    }

    #[inline]
    fn hash(&self) -> u64 {
        Game::hash(&self.board)
    }

    #[inline]
    fn move_key(mv: Move) -> u16 {
        <Board as Game>::move_key(mv)
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        Game::count_moves(&self.board)
    }

    #[inline]
    fn generate_noisy_moves(&self, moves: &mut Self::Moves) {
        self.board.generate_noisy_moves(moves);
    }

    #[inline]
    fn is_noisy(&self, mv: Move) -> bool {
        Game::is_noisy(&self.board, mv)
    }

    #[inline]
    fn move_order_hint(&self, mv: Move) -> i32 {
        self.board.move_order_hint(mv)
    }

    #[inline]
    fn gives_check(&self, mv: Move) -> bool {
        Game::gives_check(&self.board, mv)
    }

    #[inline]
    fn continuation_key(&self, mv: Move) -> u32 {
        self.board.continuation_key(mv)
    }

    #[inline]
    fn static_exchange_at_least(&self, mv: Move, threshold: i32) -> bool {
        self.board.static_exchange_at_least(mv, threshold)
    }

    #[inline]
    fn in_check(&self) -> bool {
        Game::in_check(&self.board)
    }

    /// The board's null move; the pieces stay, and so do the accumulators.
    #[inline]
    fn visit_null_move<R>(&mut self, visit: impl FnOnce(&mut Self) -> R) -> Option<R> {
        let parent = self.board;
        let mut passed = None;
        self.board.visit_null_move(|child| passed = Some(*child))?;
        self.board = passed.expect("the board passed");
        let result = visit(self);
        self.board = parent;
        Some(result)
    }

    #[inline]
    fn reversible_plies(&self) -> usize {
        self.board.reversible_plies()
    }

    #[inline]
    fn correction_key(&self) -> Option<u64> {
        self.board.correction_key()
    }
}
