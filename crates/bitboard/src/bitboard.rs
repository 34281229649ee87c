//! `BitBoard<G>`: a set of squares of geometry `G`, one bit per square. Every operation keeps
//! the invariant that only playable bits are set, so the complement stays on the board and
//! shifts never wrap; the set algebra is the integer's own, with no cost on top.

use crate::error::ParseBitBoardError;
use crate::geometry::{Direction, Geometry};
use crate::square::Square;
use crate::storage::Storage;
use core::fmt;
use core::iter::FusedIterator;
use core::marker::PhantomData;
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};
use core::str::FromStr;

/// A set of squares of geometry `G`.
///
/// `&`, `|`, `^` are intersection, union and symmetric difference, `-` is difference and `!` the
/// complement within the playable squares.
///
/// ```
/// use plyforge_bitboard::{geometries::Grid4x4Padded, BitBoard, Direction, Square};
///
/// let a1 = Square::<Grid4x4Padded>::new(0, 0)?;
/// let d1 = Square::new(3, 0)?;
/// let rank1: BitBoard<Grid4x4Padded> = BitBoard::rank(0);
/// assert_eq!(rank1.len(), 4);
/// assert!(rank1.contains(a1) && rank1.contains(d1));
/// // Shifting east drops d1 instead of wrapping it onto a2.
/// assert_eq!(rank1.shift(Direction::East).len(), 3);
/// assert_eq!((!rank1).len(), 12);
/// assert_eq!(rank1 - BitBoard::from_square(a1), rank1 ^ BitBoard::from_square(a1));
/// # Ok::<(), plyforge_bitboard::SquareError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct BitBoard<G: Geometry> {
    bits: G::Bits,
    geometry: PhantomData<G>,
}

impl<G: Geometry> BitBoard<G> {
    /// No square.
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid8x8, BitBoard};
    /// assert!(BitBoard::<Grid8x8>::EMPTY.is_empty());
    /// ```
    pub const EMPTY: Self = Self::from_bits_unchecked(<G::Bits as Storage>::ZERO);

    /// Every playable square (ghost bits are not in it).
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid4x4Padded, BitBoard};
    /// assert_eq!(BitBoard::<Grid4x4Padded>::FULL.len(), 16);
    /// assert_eq!(BitBoard::<Grid4x4Padded>::FULL.bits(), 0b01111_01111_01111_01111);
    /// ```
    pub const FULL: Self = Self::from_bits_unchecked(G::PLAYABLE);

    /// The set with exactly the bits of `bits` that are playable squares: ghost bits are dropped.
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid4x4Padded, BitBoard};
    /// // Bit 4 is the ghost bit after a1..d1.
    /// assert_eq!(BitBoard::<Grid4x4Padded>::from_bits(0b1_1111).len(), 4);
    /// ```
    #[inline(always)]
    pub fn from_bits(bits: G::Bits) -> Self {
        Self::from_bits_unchecked(bits & Self::FULL.bits)
    }

    /// Crate-internal: `bits` must have no ghost bit.
    #[inline(always)]
    pub(crate) const fn from_bits_unchecked(bits: G::Bits) -> Self {
        BitBoard {
            bits,
            geometry: PhantomData,
        }
    }

    /// The raw integer. Only playable bits are ever set.
    #[inline(always)]
    pub const fn bits(self) -> G::Bits {
        self.bits
    }

    /// The set holding only `square`. (Not a `const fn`: the shift goes through the `Storage`
    /// trait, and trait methods cannot be called in `const` contexts on stable Rust. Const tables
    /// of a concrete geometry are best built as raw integers and wrapped with
    /// [`from_bits`](Self::from_bits).)
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid8x8, BitBoard, Square};
    /// let e4 = Square::<Grid8x8>::new(4, 3)?;
    /// assert_eq!(BitBoard::from_square(e4).bits(), 1 << 28);
    /// # Ok::<(), plyforge_bitboard::SquareError>(())
    /// ```
    #[inline(always)]
    pub fn from_square(square: Square<G>) -> Self {
        Self::from_bits_unchecked(<G::Bits as Storage>::ONE << square.index() as u32)
    }

    /// Every square of file `file` (from 0); empty when `file` is off the board.
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid8x8, BitBoard};
    /// assert_eq!(BitBoard::<Grid8x8>::file(0).bits(), 0x0101_0101_0101_0101);
    /// ```
    pub fn file(file: u8) -> Self {
        (0..G::RANKS)
            .filter_map(|rank| Square::new(file, rank).ok())
            .collect()
    }

    /// Every square of rank `rank` (from 0); empty when `rank` is off the board.
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Columns7x6, BitBoard};
    /// // Connect Four's bottom row: bit 0 of each 7-bit column.
    /// assert_eq!(BitBoard::<Columns7x6>::rank(0).bits(), 0x0408_1020_4081);
    /// ```
    pub fn rank(rank: u8) -> Self {
        (0..G::FILES)
            .filter_map(|file| Square::new(file, rank).ok())
            .collect()
    }

    /// The squares of the longest line through `square` in `direction` and its opposite: a rank,
    /// a file or a diagonal. Used for line masks (e.g. the rows, columns and diagonals of a
    /// tic-tac-toe-like game).
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid4x4Padded, BitBoard, Direction, Square};
    /// let a1 = Square::<Grid4x4Padded>::new(0, 0)?;
    /// assert_eq!(BitBoard::line(a1, Direction::NorthEast).len(), 4);
    /// # Ok::<(), plyforge_bitboard::SquareError>(())
    /// ```
    pub fn line(square: Square<G>, direction: Direction) -> Self {
        let mut line = Self::from_square(square);
        for way in [direction, direction.opposite()] {
            let mut at = square;
            while let Some(next) = at.step(way) {
                line.insert(next);
                at = next;
            }
        }
        line
    }

    /// Every square of diagonal `index` (a north-east line), numbered as by
    /// [`Square::diagonal`]: 0 is the top-left corner alone, `FILES + RANKS - 2` the bottom-right
    /// one. Empty when `index` is off the board.
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid4x4Padded, BitBoard};
    /// // The long a1-d4 diagonal of a 4x4 board is number 3 of 0..=6.
    /// let long = BitBoard::<Grid4x4Padded>::diagonal(3);
    /// assert_eq!(long.to_string(), "...x\n..x.\n.x..\nx...");
    /// assert!(BitBoard::<Grid4x4Padded>::diagonal(7).is_empty());
    /// ```
    pub fn diagonal(index: u8) -> Self {
        // file - rank = index - (RANKS - 1), so file = rank + index - (RANKS - 1).
        let shift = index as i16 - (G::RANKS as i16 - 1);
        (0..G::RANKS)
            .filter_map(|rank| {
                let file = rank as i16 + shift;
                u8::try_from(file)
                    .ok()
                    .and_then(|file| Square::new(file, rank).ok())
            })
            .collect()
    }

    /// Every square of anti-diagonal `index` (a north-west line), numbered as by
    /// [`Square::anti_diagonal`]: `file + rank`. Empty when `index` is off the board.
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid4x4Padded, BitBoard};
    /// let long = BitBoard::<Grid4x4Padded>::anti_diagonal(3);
    /// assert_eq!(long.to_string(), "x...\n.x..\n..x.\n...x");
    /// ```
    pub fn anti_diagonal(index: u8) -> Self {
        (0..G::RANKS)
            .filter_map(|rank| {
                let file = index as i16 - rank as i16;
                u8::try_from(file)
                    .ok()
                    .and_then(|file| Square::new(file, rank).ok())
            })
            .collect()
    }

    /// The number of squares in the set.
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid8x8, BitBoard};
    /// assert_eq!(BitBoard::<Grid8x8>::FULL.len(), 64);
    /// ```
    #[inline(always)]
    pub fn len(self) -> u32 {
        self.bits.count_ones()
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.bits == <G::Bits as Storage>::ZERO
    }

    /// Whether `square` is in the set.
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid8x8, BitBoard, Square};
    /// let mut set = BitBoard::<Grid8x8>::EMPTY;
    /// let e4 = Square::new(4, 3)?;
    /// set.insert(e4);
    /// assert!(set.contains(e4) && set.len() == 1);
    /// set.remove(e4);
    /// assert!(!set.contains(e4) && set.is_empty());
    /// # Ok::<(), plyforge_bitboard::SquareError>(())
    /// ```
    #[inline(always)]
    pub fn contains(self, square: Square<G>) -> bool {
        !(self & Self::from_square(square)).is_empty()
    }

    /// Adds `square`.
    #[inline(always)]
    pub fn insert(&mut self, square: Square<G>) {
        *self |= Self::from_square(square);
    }

    /// Removes `square`.
    #[inline(always)]
    pub fn remove(&mut self, square: Square<G>) {
        *self -= Self::from_square(square);
    }

    /// Whether every square of `self` is in `other`.
    #[inline(always)]
    pub fn is_subset(self, other: Self) -> bool {
        (self - other).is_empty()
    }

    /// Whether `self` and `other` have no square in common.
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid8x8, BitBoard};
    /// assert!(BitBoard::<Grid8x8>::rank(0).is_disjoint(BitBoard::rank(1)));
    /// assert!(!BitBoard::<Grid8x8>::rank(0).is_disjoint(BitBoard::file(0)));
    /// ```
    #[inline(always)]
    pub fn is_disjoint(self, other: Self) -> bool {
        (self & other).is_empty()
    }

    /// The lowest square of the set.
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid8x8, BitBoard, Square};
    /// let rank3 = BitBoard::<Grid8x8>::rank(2);
    /// assert_eq!(rank3.first(), Some(Square::new(0, 2)?));
    /// assert_eq!(rank3.last(), Some(Square::new(7, 2)?));
    /// assert_eq!(BitBoard::<Grid8x8>::EMPTY.first(), None);
    /// # Ok::<(), plyforge_bitboard::SquareError>(())
    /// ```
    #[inline(always)]
    pub fn first(self) -> Option<Square<G>> {
        if self.is_empty() {
            None
        } else {
            Some(Square::from_index_unchecked(
                self.bits.trailing_zeros() as u8
            ))
        }
    }

    /// The highest square of the set.
    #[inline(always)]
    pub fn last(self) -> Option<Square<G>> {
        if self.is_empty() {
            None
        } else {
            Some(Square::from_index_unchecked(
                (<G::Bits as Storage>::BITS - 1 - self.bits.leading_zeros()) as u8,
            ))
        }
    }

    /// Removes and returns the lowest square of the set (the step of the iteration).
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid8x8, BitBoard, Square};
    /// let mut set = BitBoard::<Grid8x8>::file(4);
    /// assert_eq!(set.pop_first(), Some(Square::new(4, 0)?));
    /// assert_eq!(set.len(), 7);
    /// # Ok::<(), plyforge_bitboard::SquareError>(())
    /// ```
    #[inline(always)]
    pub fn pop_first(&mut self) -> Option<Square<G>> {
        let first = self.first()?;
        self.bits = self.bits.clear_lowest();
        Some(first)
    }

    /// The set moved one square in `direction`; squares that would leave the board are dropped.
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid8x8, BitBoard, Direction};
    /// let h_file = BitBoard::<Grid8x8>::file(7);
    /// assert!(h_file.shift(Direction::East).is_empty());
    /// assert_eq!(h_file.shift(Direction::West), BitBoard::file(6));
    /// ```
    #[inline(always)]
    pub fn shift(self, direction: Direction) -> Self {
        let amount = direction.bit_offset::<G>();
        // A step that leaves the integer has no source square (its target would be outside
        // the integer), but shifting by `BITS` or more would still panic in debug builds.
        if amount.unsigned_abs() >= <G::Bits as Storage>::BITS {
            return Self::EMPTY;
        }
        // Drop the squares that would wrap onto another playable square, move, then drop what
        // landed on a ghost bit. With constant `direction` both masks are constants: on a
        // ghost-padded board the first is all ones, on a full-width board the second is, and
        // the optimiser removes either (and shares the rest across a union of shifts).
        let keep = <G::Bits as Storage>::from_u128(G::SHIFT_KEEP[direction as usize]);
        let kept = self.bits & keep;
        let moved = if amount >= 0 {
            kept << amount as u32
        } else {
            kept >> (-amount) as u32
        };
        Self::from_bits_unchecked(moved & G::PLAYABLE)
    }

    /// Every square one step (in any of the eight directions) from a square of the set: king
    /// moves, or a one-step dilation. The set's own squares are in it only when they neighbour
    /// another square of the set.
    ///
    /// On a ghost-guarded board ([`Geometry::GHOST_GUARDED`]) this is the raw idiom: eight
    /// unmasked shifts and one mask with the playable squares at the end.
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid4x4Padded, BitBoard, Square};
    /// let a1 = BitBoard::<Grid4x4Padded>::from_square(Square::new(0, 0)?);
    /// assert_eq!(a1.neighbours().to_string(), "....\n....\nxx..\n.x..");
    /// # Ok::<(), plyforge_bitboard::SquareError>(())
    /// ```
    #[inline]
    pub fn neighbours(self) -> Self {
        if !G::GHOST_GUARDED {
            return Direction::ALL
                .iter()
                .fold(Self::EMPTY, |all, &direction| all | self.shift(direction));
        }
        let mut all = <G::Bits as Storage>::ZERO;
        for direction in Direction::ALL {
            let amount = direction.bit_offset::<G>();
            if amount.unsigned_abs() >= <G::Bits as Storage>::BITS {
                continue;
            }
            all |= if amount >= 0 {
                self.bits << amount as u32
            } else {
                self.bits >> (-amount) as u32
            };
        }
        Self::from_bits_unchecked(all & G::PLAYABLE)
    }

    /// The squares that start a run of `length` squares of the set in `direction` (for `length`
    /// 0 or 1, the set itself).
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid4x4Padded, BitBoard, Direction};
    /// let rank2 = BitBoard::<Grid4x4Padded>::rank(1);
    /// assert_eq!(rank2.runs(Direction::East, 4).len(), 1);
    /// assert!(rank2.runs(Direction::North, 2).is_empty());
    /// ```
    #[inline]
    pub fn runs(self, direction: Direction, length: u32) -> Self {
        if G::GHOST_GUARDED {
            // Squares one step apart in bits are neighbours on the board, so the raw idiom
            // `b & (b >> s) & (b >> 2s) ...` needs no mask: every term is within `b`.
            let step = direction.bit_offset::<G>();
            let mut run = self.bits;
            for k in 1..length {
                let amount = u64::from(step.unsigned_abs()) * u64::from(k);
                if amount >= u64::from(<G::Bits as Storage>::BITS) {
                    return Self::EMPTY;
                }
                run &= if step >= 0 {
                    self.bits >> amount as u32
                } else {
                    self.bits << amount as u32
                };
            }
            return Self::from_bits_unchecked(run);
        }
        let back = direction.opposite();
        let mut run = self;
        let mut moved = self;
        for _ in 1..length {
            moved = moved.shift(back);
            run &= moved;
        }
        run
    }

    /// Iterates over the squares from the lowest bit.
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid8x8, BitBoard, Square};
    /// let names: Vec<String> = BitBoard::<Grid8x8>::file(1).iter().map(|s| s.to_string()).collect();
    /// assert_eq!(names, ["b1", "b2", "b3", "b4", "b5", "b6", "b7", "b8"]);
    /// ```
    #[inline(always)]
    pub fn iter(self) -> Iter<G> {
        Iter {
            bits: self.bits,
            geometry: PhantomData,
        }
    }

    /// Every subset of this set, the empty set first and the set itself last, by the
    /// carry-rippler trick `next = (current - set) & set`: `2^len` sets, so keep `len` small
    /// (it serves, e.g., building attack tables over the blocker subsets of a mask).
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid8x8, BitBoard};
    /// let corners: BitBoard<Grid8x8> = BitBoard::from_bits(0x8100_0000_0000_0081);
    /// assert_eq!(corners.subsets().count(), 16);
    /// assert!(corners.subsets().all(|subset| subset.is_subset(corners)));
    /// ```
    #[inline]
    pub fn subsets(self) -> Subsets<G> {
        Subsets {
            set: self.bits,
            next: Some(<G::Bits as Storage>::ZERO),
        }
    }
}

/// The subsets of a set, from [`BitBoard::subsets`].
#[derive(Clone, Copy, Debug)]
pub struct Subsets<G: Geometry> {
    set: G::Bits,
    next: Option<G::Bits>,
}

impl<G: Geometry> Iterator for Subsets<G> {
    type Item = BitBoard<G>;

    #[inline]
    fn next(&mut self) -> Option<BitBoard<G>> {
        let current = self.next?;
        // Subtracting the set borrows through its holes, so the bits of the set count up as
        // one binary number; back at zero, every subset has been seen.
        let following = current.wrapping_sub(self.set) & self.set;
        self.next = (following != <G::Bits as Storage>::ZERO).then_some(following);
        Some(BitBoard::from_bits_unchecked(current))
    }
}

impl<G: Geometry> FusedIterator for Subsets<G> {}

macro_rules! impl_set_op {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign_method:ident, $op:tt) => {
        impl<G: Geometry> $trait for BitBoard<G> {
            type Output = Self;
            #[inline(always)]
            fn $method(self, other: Self) -> Self {
                Self::from_bits_unchecked(self.bits $op other.bits)
            }
        }
        impl<G: Geometry> $assign_trait for BitBoard<G> {
            #[inline(always)]
            fn $assign_method(&mut self, other: Self) {
                self.bits = self.bits $op other.bits;
            }
        }
    };
}

impl_set_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
impl_set_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
impl_set_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

/// Difference: the squares of `self` that are not in `other`.
impl<G: Geometry> Sub for BitBoard<G> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, other: Self) -> Self {
        Self::from_bits_unchecked(self.bits & !other.bits)
    }
}

impl<G: Geometry> SubAssign for BitBoard<G> {
    #[inline(always)]
    fn sub_assign(&mut self, other: Self) {
        self.bits &= !other.bits;
    }
}

/// Complement within the playable squares: ghost bits stay clear.
impl<G: Geometry> Not for BitBoard<G> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        Self::from_bits_unchecked(!self.bits & G::PLAYABLE)
    }
}

impl<G: Geometry> From<Square<G>> for BitBoard<G> {
    #[inline(always)]
    fn from(square: Square<G>) -> Self {
        Self::from_square(square)
    }
}

/// The squares of a set, from the lowest bit: a trailing-zeros scan that clears the lowest bit.
#[derive(Clone, Copy, Debug)]
pub struct Iter<G: Geometry> {
    bits: G::Bits,
    geometry: PhantomData<G>,
}

impl<G: Geometry> Iterator for Iter<G> {
    type Item = Square<G>;

    #[inline(always)]
    fn next(&mut self) -> Option<Square<G>> {
        if self.bits == <G::Bits as Storage>::ZERO {
            return None;
        }
        let index = self.bits.trailing_zeros() as u8;
        self.bits = self.bits.clear_lowest();
        Some(Square::from_index_unchecked(index))
    }

    #[inline(always)]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.bits.count_ones() as usize;
        (len, Some(len))
    }
}

/// From the highest bit down.
impl<G: Geometry> DoubleEndedIterator for Iter<G> {
    #[inline(always)]
    fn next_back(&mut self) -> Option<Square<G>> {
        if self.bits == <G::Bits as Storage>::ZERO {
            return None;
        }
        let index = <G::Bits as Storage>::BITS - 1 - self.bits.leading_zeros();
        self.bits ^= <G::Bits as Storage>::ONE << index;
        Some(Square::from_index_unchecked(index as u8))
    }
}

impl<G: Geometry> ExactSizeIterator for Iter<G> {}
impl<G: Geometry> FusedIterator for Iter<G> {}

impl<G: Geometry> IntoIterator for BitBoard<G> {
    type Item = Square<G>;
    type IntoIter = Iter<G>;
    #[inline(always)]
    fn into_iter(self) -> Iter<G> {
        self.iter()
    }
}

impl<G: Geometry> FromIterator<Square<G>> for BitBoard<G> {
    fn from_iter<I: IntoIterator<Item = Square<G>>>(squares: I) -> Self {
        let mut set = Self::EMPTY;
        for square in squares {
            set.insert(square);
        }
        set
    }
}

impl<G: Geometry> Extend<Square<G>> for BitBoard<G> {
    fn extend<I: IntoIterator<Item = Square<G>>>(&mut self, squares: I) {
        for square in squares {
            self.insert(square);
        }
    }
}

impl<G: Geometry> fmt::Debug for BitBoard<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BitBoard({:#x})", self.bits.to_u128())
    }
}

/// Draws the board as rows of `.` (empty) and `x` (in the set), the highest rank first, rows
/// separated by `\n`. [`FromStr`] reads the same picture back.
///
/// ```
/// use plyforge_bitboard::{geometries::Grid4x4Padded, BitBoard};
/// let diagonal: BitBoard<Grid4x4Padded> = "...x\n..x.\n.x..\nx...".parse()?;
/// assert_eq!(diagonal.len(), 4);
/// assert_eq!(diagonal.to_string(), "...x\n..x.\n.x..\nx...");
/// # Ok::<(), plyforge_bitboard::ParseBitBoardError>(())
/// ```
impl<G: Geometry> fmt::Display for BitBoard<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..G::RANKS).rev() {
            for file in 0..G::FILES {
                let cell = match Square::new(file, rank) {
                    Ok(square) if self.contains(square) => 'x',
                    _ => '.',
                };
                fmt::Write::write_char(f, cell)?;
            }
            if rank > 0 {
                f.write_str("\n")?;
            }
        }
        Ok(())
    }
}

impl<G: Geometry> FromStr for BitBoard<G> {
    type Err = ParseBitBoardError;

    /// Reads the picture that `Display` draws. Leading and trailing white space of the whole
    /// text and of each row is ignored.
    fn from_str(text: &str) -> Result<Self, ParseBitBoardError> {
        let rows = text.trim().lines().count();
        if rows != G::RANKS as usize {
            return Err(ParseBitBoardError::WrongRankCount {
                expected: G::RANKS,
                found: rows,
            });
        }
        let mut set = Self::EMPTY;
        for (row, line) in text.trim().lines().enumerate() {
            let rank = G::RANKS - 1 - row as u8;
            let line = line.trim();
            let cells = line.chars().count();
            if cells != G::FILES as usize {
                return Err(ParseBitBoardError::WrongFileCount {
                    rank,
                    expected: G::FILES,
                    found: cells,
                });
            }
            for (file, cell) in line.chars().enumerate() {
                match cell {
                    '.' => {}
                    'x' => {
                        if let Ok(square) = Square::new(file as u8, rank) {
                            set.insert(square);
                        }
                    }
                    found => return Err(ParseBitBoardError::InvalidCell { found }),
                }
            }
        }
        Ok(set)
    }
}
