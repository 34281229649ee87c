//! `Bitboard`: a set of squares of the chess board as one `u64` (`a1` = bit 0), the type every
//! square-set query of the crate answers with ([`Board::pieces`](crate::Board::pieces), the
//! attack tables of [`attacks`](crate::attacks), [`Board::attackers_to`](crate::Board::attackers_to)).
//! It iterates the crate's own [`Square`], lowest first, and converts to and from the generic
//! `plyforge_bitboard::BitBoard<Grid8x8>`, which has the same layout.

use crate::square::Square;
use core::fmt;
use core::iter::FusedIterator;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub};
use plyforge_bitboard::geometries::Grid8x8;

/// A set of squares, one bit per square (`a1` = bit 0, `h8` = bit 63).
///
/// ```
/// use plyforge_chess::{Bitboard, Square};
/// let set = Bitboard::from_square(Square::E4) | Bitboard::from_square(Square::A1);
/// assert_eq!(set.len(), 2);
/// assert!(set.contains(Square::E4));
/// assert_eq!(set.into_iter().collect::<Vec<_>>(), [Square::A1, Square::E4]);
/// assert_eq!(set.first(), Some(Square::A1));
/// assert_eq!(!set & set, Bitboard::EMPTY);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The light squares (`b1`, `a2`, ...; `h1` is light).
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55AA_55AA_55AA_55AA);
    /// The dark squares (`a1`, `c1`, ...).
    pub const DARK_SQUARES: Bitboard = Bitboard(!0x55AA_55AA_55AA_55AA);

    /// The set of `square` alone.
    #[inline(always)]
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(square.bit())
    }

    /// The raw bits.
    #[inline(always)]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// How many squares the set holds.
    #[inline(always)]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set holds no square.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds more than one square.
    #[inline(always)]
    pub const fn has_several(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Whether `square` is in the set.
    #[inline(always)]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & square.bit() != 0
    }

    /// The set with `square` added.
    #[inline(always)]
    pub const fn with(self, square: Square) -> Bitboard {
        Bitboard(self.0 | square.bit())
    }

    /// The set with `square` removed.
    #[inline(always)]
    pub const fn without(self, square: Square) -> Bitboard {
        Bitboard(self.0 & !square.bit())
    }

    /// Adds `square`.
    #[inline(always)]
    pub fn insert(&mut self, square: Square) {
        self.0 |= square.bit();
    }

    /// Removes `square`.
    #[inline(always)]
    pub fn remove(&mut self, square: Square) {
        self.0 &= !square.bit();
    }

    /// The lowest square (`a1` first, then along the rank), if any.
    #[inline(always)]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index(self.0.trailing_zeros() as u8))
        }
    }

    /// The highest square, if any.
    #[inline(always)]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index(63 - self.0.leading_zeros() as u8))
        }
    }

    /// The set as the generic 8×8 bitboard of `plyforge_bitboard` (the same bits).
    #[inline(always)]
    pub fn to_grid(self) -> plyforge_bitboard::BitBoard<Grid8x8> {
        plyforge_bitboard::BitBoard::from_bits(self.0)
    }
}

impl From<Square> for Bitboard {
    #[inline(always)]
    fn from(square: Square) -> Bitboard {
        Bitboard::from_square(square)
    }
}

impl From<plyforge_bitboard::BitBoard<Grid8x8>> for Bitboard {
    #[inline(always)]
    fn from(set: plyforge_bitboard::BitBoard<Grid8x8>) -> Bitboard {
        Bitboard(set.bits())
    }
}

impl From<Bitboard> for plyforge_bitboard::BitBoard<Grid8x8> {
    #[inline(always)]
    fn from(set: Bitboard) -> plyforge_bitboard::BitBoard<Grid8x8> {
        set.to_grid()
    }
}

macro_rules! set_operator {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $method(self, other: Bitboard) -> Bitboard {
                Bitboard(self.0 $op other.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline(always)]
            fn $assign_method(&mut self, other: Bitboard) {
                self.0 = self.0 $op other.0;
            }
        }
    };
}

set_operator!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
set_operator!(BitOr, bitor, BitOrAssign, bitor_assign, |);
set_operator!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Sub for Bitboard {
    type Output = Bitboard;
    /// The squares of `self` that are not in `other`.
    #[inline(always)]
    fn sub(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & !other.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// The squares of a [`Bitboard`], lowest first.
#[derive(Debug, Clone)]
pub struct BitboardIter(u64);

impl Iterator for BitboardIter {
    type Item = Square;

    #[inline(always)]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let square = Square::from_index(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(square)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.0.count_ones() as usize;
        (len, Some(len))
    }
}

impl DoubleEndedIterator for BitboardIter {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        let square = Bitboard(self.0).last()?;
        self.0 ^= square.bit();
        Some(square)
    }
}

impl ExactSizeIterator for BitboardIter {}
impl FusedIterator for BitboardIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;

    #[inline(always)]
    fn into_iter(self) -> BitboardIter {
        BitboardIter(self.0)
    }
}

impl Bitboard {
    /// The squares, lowest first.
    #[inline(always)]
    pub fn iter(self) -> BitboardIter {
        self.into_iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(squares: I) -> Bitboard {
        squares.into_iter().fold(Bitboard::EMPTY, Bitboard::with)
    }
}

impl fmt::Debug for Bitboard {
    /// The squares by name: `Bitboard[a1, e4]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Bitboard")?;
        f.debug_list().entries(self.iter()).finish()
    }
}

impl fmt::Display for Bitboard {
    /// A diagram, rank 8 at the top: `X` for a square in the set, `.` for the others.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8u8).rev() {
            for file in 0..8u8 {
                let square = Square::from_index(rank * 8 + file);
                f.write_str(if self.contains(square) { "X" } else { "." })?;
                if file < 7 {
                    f.write_str(" ")?;
                }
            }
            if rank > 0 {
                f.write_str("\n")?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iteration_and_set_operations() {
        let set: Bitboard = [Square::H8, Square::A1, Square::D4].into_iter().collect();
        assert_eq!(
            set.iter().collect::<alloc::vec::Vec<_>>(),
            [Square::A1, Square::D4, Square::H8]
        );
        assert_eq!(
            set.iter().rev().collect::<alloc::vec::Vec<_>>(),
            [Square::H8, Square::D4, Square::A1]
        );
        assert_eq!(set.iter().len(), 3);
        assert_eq!((set - Bitboard::from(Square::D4)).len(), 2);
        assert!(set.has_several() && !Bitboard::from(Square::C3).has_several());
        assert_eq!(set.first(), Some(Square::A1));
        assert_eq!(set.last(), Some(Square::H8));
        assert_eq!(Bitboard::EMPTY.first(), None);
        assert_eq!(Bitboard::from(set.to_grid()), set);
        assert_eq!(Bitboard::LIGHT_SQUARES.len(), 32);
        assert!(Bitboard::DARK_SQUARES.contains(Square::A1));
        assert!(Bitboard::LIGHT_SQUARES.contains(Square::H1));
        assert_eq!(
            alloc::format!("{:?}", Bitboard::from(Square::E4)),
            "Bitboard[E4]"
        );
    }
}
