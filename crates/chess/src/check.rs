//! Whether a move gives check, told before it is played: the moved piece attacks the enemy king
//! from its new square (a direct check), or it uncovers a slider of its side behind it (a
//! discovered check). The search keeps checking moves out of its shallow pruning, and asks for
//! every quiet move it might skip, so this is cheaper than playing the move.

use crate::attacks::{self, Bits};
use crate::board::Board;
use crate::moves::{KIND_NORMAL, Move};
use crate::piece::Role;

impl Board {
    /// Whether the legal move `mv` checks the opponent's king.
    ///
    /// ```
    /// use plyforge_chess::{Board, Move, Square};
    /// let board: Board = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1".parse()?;
    /// assert!(board.gives_check(Move::normal(Square::A1, Square::A8)));
    /// assert!(!board.gives_check(Move::normal(Square::A1, Square::A7)));
    /// # Ok::<(), plyforge_chess::FenError>(())
    /// ```
    pub fn gives_check(&self, mv: Move) -> bool {
        if mv.kind_bits() != KIND_NORMAL {
            // Castling, en passant and promotions move or remove a second piece: rare enough
            // to answer by playing them.
            let mut child = *self;
            child.play(mv);
            return child.in_check();
        }
        let us = self.side();
        let king = self.king_square(!us).index();
        let from = mv.origin_index();
        let to = mv.target_index();
        let occupied: Bits = (self.occupied_bits() & !(1 << from)) | (1 << to);
        let direct = match self.occupied_role(from) {
            Role::Pawn => attacks::pawn(us.index(), to),
            Role::Knight => attacks::knight(to),
            Role::Bishop => attacks::bishop(to, occupied),
            Role::Rook => attacks::rook(to, occupied),
            Role::Queen => attacks::queen(to, occupied),
            Role::King => 0,
        };
        if direct & (1 << king) != 0 {
            return true;
        }
        // A slider of ours that sees the king once `from` is empty (the moved piece itself
        // stands on `to`, counted in `occupied`, and is no longer on `from`).
        let ours = self.colors[us.index()] & !(1 << from);
        let diagonal = (self.roles[Role::Bishop.index()] | self.roles[Role::Queen.index()]) & ours;
        let straight = (self.roles[Role::Rook.index()] | self.roles[Role::Queen.index()]) & ours;
        (attacks::bishop(king, occupied) & diagonal) | (attacks::rook(king, occupied) & straight)
            != 0
    }
}
