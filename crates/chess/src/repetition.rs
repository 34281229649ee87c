//! Positions that are the same by the laws of chess (FIDE 9.2.2): the same player to move, the
//! same pieces on the same squares and the same moves possible. The Polyglot hash
//! ([`Board::hash`]) keys an en-passant square whenever a pawn stands beside the pawn that just
//! made its double step, as opening books expect; the repetition key leaves that square out
//! when no en-passant capture is legal (the capturing pawn is pinned, or the capture would
//! uncover the king along the rank), because then it changes none of the possible moves.

use crate::board::Board;
use crate::zobrist;

impl Board {
    /// The key under which positions repeat: [`Board::hash`] without its en-passant part when
    /// no en-passant capture is legal. Two positions that are the same by FIDE 9.2.2 (castling
    /// rights counted as rights, en passant only as a legal capture) have the same key; the
    /// threefold and fivefold repetition rules of [`GameHistory`](crate::GameHistory) and the
    /// search's repetition draws compare these keys.
    ///
    /// ```
    /// use plyforge_chess::Board;
    /// // After c7c5 the b5 pawn stands beside c5 but is pinned by the h5 rook.
    /// let pinned: Board = "4k1n1/8/8/KPp4r/8/8/8/6N1 w - c6 0 2".parse()?;
    /// let without: Board = "4k1n1/8/8/KPp4r/8/8/8/6N1 w - - 0 2".parse()?;
    /// assert_ne!(pinned.hash(), without.hash());
    /// assert_eq!(pinned.repetition_key(), without.repetition_key());
    /// # Ok::<(), plyforge_chess::FenError>(())
    /// ```
    #[inline]
    pub fn repetition_key(&self) -> u64 {
        match self.en_passant {
            Some(square) if !self.has_legal_en_passant() => {
                self.hash ^ zobrist::en_passant(square.file().index())
            }
            _ => self.hash,
        }
    }

    /// Whether the side to move may capture en passant (a legal move, not only a pawn beside
    /// the one that made its double step, which is what [`Board::en_passant`] records).
    pub fn can_capture_en_passant(&self) -> bool {
        self.has_legal_en_passant()
    }
}
