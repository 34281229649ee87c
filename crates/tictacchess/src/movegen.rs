//! Move generation: drops of each piece in hand onto every empty square, then the moves of the
//! pieces on the board from the attack tables. A won position has no moves. Counting (the last
//! ply of perft) needs no list: it adds popcounts of the destination sets.

use crate::Board;
use crate::attacks::FULL;
use crate::moves::Move;
use crate::piece::Piece;
use crate::position::Position;
use arrayvec::ArrayVec;

/// The most legal moves any position has: four pieces in hand on sixteen empty squares, at the
/// start. With `k` pieces in hand and `m = 4 - k` of one's own on the board there are at most
/// `k * (16 - m) + 6 m` moves (a rook or bishop reaches at most 6 squares on 4x4), which is
/// largest, 64, at `k = 4`.
pub const MAX_MOVES: usize = 64;

/// A move list that holds every position's moves.
pub type Moves = ArrayVec<Move, MAX_MOVES>;

impl Position {
    /// Appends every legal move to `moves`: drops in `PNBR` order, each onto the empty squares
    /// from a1 up, then the board pieces' moves in `PNBR` order.
    #[inline]
    pub fn generate(&self, moves: &mut impl Extend<Move>) {
        if self.is_won() {
            return;
        }
        let us = self.side.index();
        let empty = Board::from_bits(FULL & !(self.occupied[0] | self.occupied[1]));
        for piece in Piece::ALL {
            let bit = self.pieces[us][piece.index()];
            if bit == 0 {
                for to in empty {
                    moves.extend(core::iter::once(Move::Drop { piece, to }));
                }
            }
        }
        for piece in Piece::ALL {
            for from in Board::from_bits(self.pieces[us][piece.index()]) {
                let targets = self.targets(piece, from.index() as usize);
                for to in Board::from_bits(targets) {
                    moves.extend(core::iter::once(Move::Step { from, to }));
                }
            }
        }
    }

    /// Appends the captures (the moves that send an enemy piece back to its hand).
    #[inline]
    pub fn generate_captures(&self, moves: &mut impl Extend<Move>) {
        if self.is_won() {
            return;
        }
        let us = self.side.index();
        let enemy = self.occupied[1 - us];
        for piece in Piece::ALL {
            for from in Board::from_bits(self.pieces[us][piece.index()]) {
                let targets = self.targets(piece, from.index() as usize) & enemy;
                for to in Board::from_bits(targets) {
                    moves.extend(core::iter::once(Move::Step { from, to }));
                }
            }
        }
    }

    /// The number of legal moves, by popcounts.
    #[inline]
    pub fn count_moves(&self) -> u64 {
        if self.is_won() {
            return 0;
        }
        let us = self.side.index();
        let empty = (FULL & !(self.occupied[0] | self.occupied[1])).count_ones();
        let mut count = 0;
        for piece in Piece::ALL {
            let bit = self.pieces[us][piece.index()];
            count += if bit == 0 {
                empty
            } else {
                self.targets(piece, bit.trailing_zeros() as usize)
                    .count_ones()
            };
        }
        count as u64
    }

    /// Every legal move, in generation order.
    pub fn legal_moves(&self) -> Moves {
        let mut moves = Moves::new();
        self.generate(&mut moves);
        moves
    }

    /// Whether `mv` sends an enemy piece back to its hand (for a legal `mv`).
    #[inline(always)]
    pub fn is_capture(&self, mv: Move) -> bool {
        match mv {
            Move::Drop { .. } => false,
            Move::Step { to, .. } => {
                self.occupied[self.side.opponent().index()] & 1 << to.index() != 0
            }
        }
    }

    /// Whether playing `mv` (legal) gives the mover four in a row.
    #[inline]
    pub fn wins_at_once(&self, mv: Move) -> bool {
        let own = self.occupied[self.side.index()];
        let after = match mv {
            Move::Drop { to, .. } => own | 1 << to.index(),
            Move::Step { from, to } => own & !(1 << from.index()) | 1 << to.index(),
        };
        crate::lines::has_line(after)
    }
}
