//! The state of a game: where each piece is (a one-bit `u32` per piece on the ghost-column
//! layout, empty when the piece is in hand, so the hands need no field of their own), which pawns
//! travel against their starting direction, and the side to move, with its Zobrist hash kept up
//! to date by [`Position::play`]. A `Position` is `Copy` and 56 bytes: the searches copy it
//! rather than undo moves.

use crate::attacks::{self, FULL};
use crate::error::{IllegalMoveError, MoveError};
use crate::lines::has_line;
use crate::moves::Move;
use crate::piece::{Color, PawnDirection, Piece};
use crate::zobrist::{HAND, KEYS};
use crate::{Board, Square};

/// A TicTacChess position.
///
/// ```
/// use plyforge_tictacchess::{Color, Position};
///
/// let mut position = Position::start();
/// assert_eq!(position.legal_moves().len(), 64);
/// position.play(position.parse_move("N@b1")?);
/// assert_eq!(position.side_to_move(), Color::Black);
/// assert_eq!(position.to_string(), "4/4/4/1N2 b PBRpnbr ns");
/// # Ok::<(), plyforge_tictacchess::MoveError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// By colour and piece: the piece's bit, or 0 when it is in hand.
    pub(crate) pieces: [[u32; Piece::NUM]; 2],
    /// By colour: the union of its pieces.
    pub(crate) occupied: [u32; 2],
    /// By colour: the pawn travels against its colour's starting direction.
    pub(crate) turned: [bool; 2],
    pub(crate) side: Color,
    pub(crate) hash: u64,
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl Position {
    /// The start: every piece in hand, White to move.
    pub fn start() -> Position {
        let mut position = Position {
            pieces: [[0; Piece::NUM]; 2],
            occupied: [0; 2],
            turned: [false; 2],
            side: Color::White,
            hash: 0,
        };
        position.hash = position.compute_hash();
        position
    }

    /// The side to move.
    #[inline(always)]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The square of `color`'s `piece`, or `None` when it is in hand.
    #[inline]
    pub fn square_of(&self, color: Color, piece: Piece) -> Option<Square> {
        Board::from_bits(self.pieces[color.index()][piece.index()]).first()
    }

    /// Whether `color`'s `piece` is in hand.
    #[inline(always)]
    pub fn in_hand(&self, color: Color, piece: Piece) -> bool {
        self.pieces[color.index()][piece.index()] == 0
    }

    /// The pieces `color` holds in hand, in `PNBR` order.
    pub fn hand(&self, color: Color) -> impl Iterator<Item = Piece> + '_ {
        Piece::ALL
            .into_iter()
            .filter(move |&piece| self.in_hand(color, piece))
    }

    /// The owner and kind of the piece on `square`.
    pub fn piece_at(&self, square: Square) -> Option<(Color, Piece)> {
        let bit = 1u32 << square.index();
        Color::ALL.into_iter().find_map(|color| {
            Piece::ALL
                .into_iter()
                .find(|&piece| self.pieces[color.index()][piece.index()] & bit != 0)
                .map(|piece| (color, piece))
        })
    }

    /// The squares of `color`'s pieces.
    #[inline(always)]
    pub fn pieces_of(&self, color: Color) -> Board {
        Board::from_bits(self.occupied[color.index()])
    }

    /// The direction `color`'s pawn travels in (its starting one while it is in hand).
    #[inline(always)]
    pub fn pawn_direction(&self, color: Color) -> PawnDirection {
        let start = color.pawn_start();
        if self.turned[color.index()] {
            start.reversed()
        } else {
            start
        }
    }

    /// The side with four in a row, if any. Only the side that just moved can have made a line;
    /// should a set-up position give both sides one, the side that just moved is named.
    #[inline]
    pub fn winner(&self) -> Option<Color> {
        let last = self.side.opponent();
        if has_line(self.occupied[last.index()]) {
            Some(last)
        } else if has_line(self.occupied[self.side.index()]) {
            Some(self.side)
        } else {
            None
        }
    }

    /// Whether somebody has four in a row (the position then has no moves).
    #[inline(always)]
    pub fn is_won(&self) -> bool {
        has_line(self.occupied[0]) || has_line(self.occupied[1])
    }

    /// The Zobrist hash of the whole state (board, hands, pawn directions, side to move).
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch; [`Position::play`] keeps [`Position::hash`] equal to it.
    pub fn compute_hash(&self) -> u64 {
        let mut hash = 0;
        for color in Color::ALL {
            for piece in Piece::ALL {
                let bit = self.pieces[color.index()][piece.index()];
                let location = if bit == 0 {
                    HAND
                } else {
                    bit.trailing_zeros() as usize
                };
                hash ^= KEYS.piece[color.index()][piece.index()][location];
            }
            if self.turned[color.index()] {
                hash ^= KEYS.pawn_turned[color.index()];
            }
        }
        if self.side == Color::Black {
            hash ^= KEYS.black_to_move;
        }
        hash
    }

    /// Plays `mv`, which must be legal (see [`Position::legality`]); the caller's contract is
    /// checked only by `debug_assert!`.
    #[inline]
    pub fn play(&mut self, mv: Move) {
        debug_assert_eq!(self.legality(mv), Ok(()), "illegal move {mv}");
        let us = self.side.index();
        let them = 1 - us;
        match mv {
            Move::Drop { piece, to } => {
                let to = to.index() as usize;
                let bit = 1u32 << to;
                self.pieces[us][piece.index()] = bit;
                self.occupied[us] |= bit;
                self.hash ^=
                    KEYS.piece[us][piece.index()][HAND] ^ KEYS.piece[us][piece.index()][to];
                if piece == Piece::Pawn {
                    self.turn_pawn_on_far_rank(bit);
                }
            }
            Move::Step { from, to } => {
                let from = from.index() as usize;
                let to = to.index() as usize;
                let (from_bit, to_bit) = (1u32 << from, 1u32 << to);
                if self.occupied[them] & to_bit != 0 {
                    self.capture(them, to_bit, to);
                }
                let mut moved = Piece::Pawn;
                for piece in Piece::ALL {
                    if self.pieces[us][piece.index()] == from_bit {
                        moved = piece;
                    }
                }
                self.pieces[us][moved.index()] = to_bit;
                self.occupied[us] ^= from_bit | to_bit;
                self.hash ^=
                    KEYS.piece[us][moved.index()][from] ^ KEYS.piece[us][moved.index()][to];
                if moved == Piece::Pawn {
                    self.turn_pawn_on_far_rank(to_bit);
                }
            }
        }
        self.side = self.side.opponent();
        self.hash ^= KEYS.black_to_move;
    }

    /// Sends the piece of `them` on `bit` back to its hand; a pawn forgets its direction.
    #[inline(always)]
    fn capture(&mut self, them: usize, bit: u32, square: usize) {
        for piece in Piece::ALL {
            if self.pieces[them][piece.index()] == bit {
                self.pieces[them][piece.index()] = 0;
                self.hash ^=
                    KEYS.piece[them][piece.index()][square] ^ KEYS.piece[them][piece.index()][HAND];
                if piece == Piece::Pawn && self.turned[them] {
                    self.turned[them] = false;
                    self.hash ^= KEYS.pawn_turned[them];
                }
            }
        }
        self.occupied[them] ^= bit;
    }

    /// Turns the mover's pawn, now on `bit`, round when it stands on the rank it travels to.
    #[inline(always)]
    fn turn_pawn_on_far_rank(&mut self, bit: u32) {
        let us = self.side;
        if bit & attacks::far_rank(self.pawn_direction(us)) != 0 {
            self.turned[us.index()] = !self.turned[us.index()];
            self.hash ^= KEYS.pawn_turned[us.index()];
        }
    }

    /// The squares the mover's `piece` on bit index `from` can go to (empty or enemy).
    #[inline(always)]
    pub(crate) fn targets(&self, piece: Piece, from: usize) -> u32 {
        let us = self.side.index();
        let own = self.occupied[us];
        let occupied = own | self.occupied[1 - us];
        self.reach(self.side, piece, from, occupied) & !own
    }

    /// The squares `color`'s `piece` on bit index `from` moves to or captures on, own pieces
    /// included (the caller removes them), with `occupied` the union of both sides.
    #[inline(always)]
    pub(crate) fn reach(&self, color: Color, piece: Piece, from: usize, occupied: u32) -> u32 {
        match piece {
            Piece::Pawn => {
                let direction = self.pawn_direction(color).index();
                let enemy = self.occupied[color.opponent().index()];
                (attacks::PAWN_PUSH[direction][from] & !occupied)
                    | (attacks::PAWN_CAPTURE[direction][from] & enemy)
            }
            Piece::Knight => attacks::KNIGHT[from],
            Piece::Bishop => attacks::bishop(from, occupied),
            Piece::Rook => attacks::rook(from, occupied),
        }
    }

    /// `Ok(())` when `mv` is legal here, otherwise why not.
    ///
    /// # Errors
    /// The [`IllegalMoveError`] that names the problem.
    pub fn legality(&self, mv: Move) -> Result<(), IllegalMoveError> {
        if self.is_won() {
            return Err(IllegalMoveError::GameOver);
        }
        let us = self.side;
        let occupied = self.occupied[0] | self.occupied[1];
        match mv {
            Move::Drop { piece, to } => {
                if !self.in_hand(us, piece) {
                    return Err(IllegalMoveError::NotInHand { color: us, piece });
                }
                if occupied & 1 << to.index() != 0 {
                    return Err(IllegalMoveError::Occupied { square: to });
                }
                Ok(())
            }
            Move::Step { from, to } => {
                let Some((color, piece)) = self.piece_at(from) else {
                    return Err(IllegalMoveError::NoOwnPiece { square: from });
                };
                if color != us {
                    return Err(IllegalMoveError::NoOwnPiece { square: from });
                }
                if self.targets(piece, from.index() as usize) & 1 << to.index() == 0 {
                    return Err(IllegalMoveError::Unreachable { piece, from, to });
                }
                Ok(())
            }
        }
    }

    /// Whether `mv` is legal here.
    #[inline]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legality(mv).is_ok()
    }

    /// Reads a move in the notation and checks that it is legal here.
    ///
    /// ```
    /// use plyforge_tictacchess::{IllegalMoveError, MoveError, Position};
    /// let position = Position::start();
    /// assert!(position.parse_move("R@a1").is_ok());
    /// assert!(matches!(position.parse_move("a1a2"), Err(MoveError::Illegal(IllegalMoveError::NoOwnPiece { .. }))));
    /// assert!(matches!(position.parse_move("a1a9"), Err(MoveError::Syntax(_))));
    /// ```
    ///
    /// # Errors
    /// [`MoveError::Syntax`] when the text is not a move, [`MoveError::Illegal`] when it is one
    /// but not legal here.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let mv: Move = text.parse()?;
        self.legality(mv)?;
        Ok(mv)
    }

    /// Plays `mv` if it is legal, otherwise leaves the position alone.
    ///
    /// # Errors
    /// The [`IllegalMoveError`] that names the problem.
    pub fn try_play(&mut self, mv: Move) -> Result<(), IllegalMoveError> {
        self.legality(mv)?;
        self.play(mv);
        Ok(())
    }

    /// Every playable square that is empty.
    #[inline(always)]
    pub fn empty_squares(&self) -> Board {
        Board::from_bits(FULL & !(self.occupied[0] | self.occupied[1]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn position_stays_small() {
        // Searches copy the position at every node.
        assert!(core::mem::size_of::<Position>() <= 56);
    }
}
