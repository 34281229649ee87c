//! `plyforge-search`'s [`Game`] for [`Board`]: legal moves, bulk counting, the noisy-move and
//! null-move hooks, MVV-LVA ordering hints, and the draws by rule (50 moves, insufficient
//! material). Repetitions are found by the search from the hashes the caller hands it (see
//! [`GameHistory`](crate::GameHistory) for standalone use).

use crate::board::Board;
use crate::generate::MAX_MOVES;
use crate::moves::{KIND_CASTLE, KIND_EN_PASSANT, KIND_QUEEN_PROMOTION, Move};
use crate::piece::Role;
use plyforge_search::{Game, MoveList, Outcome};

/// The search's list of a position's moves: the capacity of the crate's own [`MoveList`](crate::MoveList),
/// with the search crate's message should it ever overflow.
type SearchMoves = MoveList<Move, MAX_MOVES>;

/// Piece values for MVV-LVA ordering (victim × 16 − attacker), by role index.
const ORDER_VALUES: [i32; 6] = [1, 3, 3, 5, 9, 0];
/// How much more a victim counts than its attacker in the ordering hint.
const VICTIM_WEIGHT: i32 = 16;
/// The hint of a promotion, added to its capture's.
const PROMOTION_HINT: i32 = 8 * VICTIM_WEIGHT;

impl Board {
    /// Whether the 50-move rule or insufficient material draws the game (ignoring mate).
    fn draw_by_rule(&self) -> bool {
        self.is_fifty_moves() || self.is_insufficient_material()
    }

    /// The search's view of a position without legal moves: a win for the side that mated,
    /// or a draw.
    fn search_outcome_without_moves(&self) -> Outcome {
        match self.outcome_without_legal_moves() {
            crate::Outcome::Checkmate { winner } => Outcome::Win(winner.index()),
            _ => Outcome::Draw,
        }
    }
}

impl Game for Board {
    type Move = Move;
    type Moves = SearchMoves;

    const REPETITION_DRAWS: bool = true;

    /// A piece of either colour on a target square.
    const CONTINUATION_KEYS: usize = 2 * 6 * 64;

    #[inline]
    fn player_to_move(&self) -> usize {
        self.side().index()
    }

    #[inline]
    fn generate_moves(&self, moves: &mut SearchMoves) {
        self.generate_moves_into(moves);
    }

    #[inline]
    fn play(&mut self, mv: Move) {
        Board::play(self, mv);
    }

    /// The search's contract: the end of the game that is known without generating moves
    /// (the search finds checkmate and stalemate itself when no move comes, through
    /// `outcome_without_moves`). For the whole answer with its reason, see the inherent
    /// [`Board::outcome`].
    fn outcome_by_rule(&self) -> Option<Outcome> {
        if !self.draw_by_rule() {
            return None;
        }
        // A checkmate given on the 100th ply stands.
        if self.is_fifty_moves() && self.in_check() && self.count_moves() == 0 {
            return Some(self.search_outcome_without_moves());
        }
        Some(Outcome::Draw)
    }

    #[inline]
    fn outcome_without_moves(&self) -> Outcome {
        self.search_outcome_without_moves()
    }

    /// The repetition key ([`Board::repetition_key`]): the Polyglot hash without an
    /// en-passant square on which no capture is legal, so that the search's repetition draws
    /// count the positions the rules count, and the transposition table shares entries between
    /// positions whose moves are the same. The en-passant square is rare, and costs its legality
    /// test only where it is set.
    #[inline]
    fn hash(&self) -> u64 {
        self.repetition_key()
    }

    #[inline]
    fn move_key(mv: Move) -> u16 {
        mv.key()
    }

    #[inline]
    fn count_moves(&self) -> u64 {
        Board::count_moves(self)
    }

    #[inline]
    fn generate_noisy_moves(&self, moves: &mut SearchMoves) {
        self.generate_noisy_moves_into(moves);
    }

    #[inline]
    fn is_noisy(&self, mv: Move) -> bool {
        Board::is_noisy(self, mv)
    }

    #[inline]
    fn move_order_hint(&self, mv: Move) -> i32 {
        // From the move's bits, not its decoded kind and squares: the search asks for every
        // move's hint (in the full search and in quiescence), and decoding cost it a tenth of its
        // instructions. Most moves are quiet, with hint 0: the attacker is looked up only for
        // the others.
        let kind = mv.kind_bits();
        let to = mv.target_index();
        let victim = if kind == KIND_CASTLE {
            return 0;
        } else if kind == KIND_EN_PASSANT {
            ORDER_VALUES[Role::Pawn.index()]
        } else if self.enemy_on(to) {
            ORDER_VALUES[self.occupied_role(to).index()]
        } else {
            0
        };
        let promotion = if kind == KIND_QUEEN_PROMOTION {
            PROMOTION_HINT
        } else {
            0
        };
        if victim == 0 && promotion == 0 {
            return 0;
        }
        let attacker = ORDER_VALUES[self.occupied_role(mv.origin_index()).index()];
        victim * VICTIM_WEIGHT - attacker + promotion
    }

    #[inline]
    fn gives_check(&self, mv: Move) -> bool {
        Board::gives_check(self, mv)
    }

    /// The moving piece (colour and role) and its target square; a castling move is the king
    /// moving to its rook's square.
    #[inline]
    fn continuation_key(&self, mv: Move) -> u32 {
        let role = self.occupied_role(mv.origin_index()).index();
        ((self.side().index() * 6 + role) * 64 + mv.target_index()) as u32
    }

    #[inline]
    fn static_exchange_at_least(&self, mv: Move, threshold: i32) -> bool {
        self.see_at_least(mv, threshold)
    }

    #[inline]
    fn in_check(&self) -> bool {
        Board::in_check(self)
    }

    /// Passes where the side to move is not in check and has a piece besides pawns and king
    /// (zugzwang is common in pawn endings).
    #[inline]
    fn visit_null_move<R>(&mut self, visit: impl FnOnce(&mut Self) -> R) -> Option<R> {
        let own = self.colors[self.side().index()];
        let pieces = own & !(self.roles[Role::Pawn as usize] | self.roles[Role::King as usize]);
        if pieces == 0 || self.in_check() {
            return None;
        }
        let mut child = *self;
        // Not in check: tested above.
        child.play_null_unchecked();
        Some(visit(&mut child))
    }

    #[inline]
    fn reversible_plies(&self) -> usize {
        usize::from(self.halfmove_clock())
    }

    /// The pawns: an evaluation that misjudges a pawn structure (a passed pawn that runs, a
    /// weakness that falls) misjudges it with every piece placement around it.
    #[inline]
    fn correction_key(&self) -> Option<u64> {
        Some(self.pawn_key())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use plyforge_search::perft;

    #[test]
    fn start_position_perft() {
        let board = Board::default();
        assert_eq!(perft(&board, 1), 20);
        assert_eq!(perft(&board, 2), 400);
        assert_eq!(perft(&board, 3), 8_902);
        assert_eq!(perft(&board, 4), 197_281);
        assert_eq!(perft(&board, 5), 4_865_609);
    }
}
