//! Which pieces attack a square: [`Board::attackers_to`] for the board as it stands, and
//! [`Board::attackers_to_with`] with another occupancy (a piece lifted off, a line opened), as
//! exchange evaluation and legality tests ask.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::color::Color;
use crate::square::Square;

impl Board {
    /// The pieces of `attacker` that attack `square` (a pawn by its capture, a king by its
    /// step, sliders through empty squares), whatever stands on `square` and whether or not a
    /// capture there would be legal.
    ///
    /// ```
    /// use plyforge_chess::{Bitboard, Board, Color, Square};
    /// let board: Board = "4k3/8/8/3p4/5N2/8/8/3RK3 w - - 0 1".parse()?;
    /// let attackers = board.attackers_to(Square::D5, Color::White);
    /// assert_eq!(attackers, Bitboard::from(Square::D1) | Bitboard::from(Square::F4));
    /// assert!(board.attackers_to(Square::D5, Color::Black).is_empty());
    /// # Ok::<(), plyforge_chess::FenError>(())
    /// ```
    #[inline]
    pub fn attackers_to(&self, square: Square, attacker: Color) -> Bitboard {
        self.attackers_to_with(square, attacker, self.occupied())
    }

    /// The pieces of `attacker` that attack `square` when the board's occupancy is `occupied`
    /// (sliders pass through squares not in it and stop at squares in it). Only pieces that
    /// are on the board and in `occupied` count: lift a piece off by removing it from
    /// `occupied`.
    ///
    /// ```
    /// use plyforge_chess::{Board, Color, Square};
    /// let board: Board = "4k3/8/8/3p4/8/3Q4/8/3RK3 w - - 0 1".parse()?;
    /// let attackers = board.attackers_to(Square::D5, Color::White);
    /// assert_eq!(attackers.len(), 1, "the rook stands behind the queen");
    /// let without_queen = board.occupied().without(Square::D3);
    /// let x_ray = board.attackers_to_with(Square::D5, Color::White, without_queen);
    /// assert_eq!(x_ray.first(), Some(Square::D1));
    /// # Ok::<(), plyforge_chess::FenError>(())
    /// ```
    #[inline]
    pub fn attackers_to_with(
        &self,
        square: Square,
        attacker: Color,
        occupied: Bitboard,
    ) -> Bitboard {
        Bitboard(self.attackers(attacker, square.index(), occupied.0) & occupied.0)
    }

    /// Whether a piece of `attacker` attacks `square`.
    #[inline]
    pub fn is_attacked(&self, square: Square, attacker: Color) -> bool {
        self.attacked_by(attacker, square.index(), self.occupied_bits())
    }
}
