//! A square of a geometry, stored as its bit index. Constructing one checks that it is playable,
//! so a `Square<G>` is always on the board of `G` and can never name a ghost bit.

use crate::error::SquareError;
use crate::geometry::{Direction, Geometry, bit_index};
use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;

/// A playable square of geometry `G`.
///
/// ```
/// use plyforge_bitboard::{geometries::Grid8x8, Square};
///
/// let e4 = Square::<Grid8x8>::new(4, 3)?;
/// assert_eq!(e4.index(), 28);
/// assert_eq!((e4.file(), e4.rank()), (4, 3));
/// assert_eq!(e4.to_string(), "e4");
/// assert_eq!("e4".parse::<Square<Grid8x8>>()?, e4);
/// # Ok::<(), plyforge_bitboard::SquareError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square<G: Geometry> {
    index: u8,
    geometry: PhantomData<G>,
}

impl<G: Geometry> Square<G> {
    /// The square at (`file`, `rank`), both counted from 0.
    ///
    /// # Errors
    /// [`SquareError::FileOutOfRange`] or [`SquareError::RankOutOfRange`].
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Result<Self, SquareError> {
        if file >= G::FILES {
            return Err(SquareError::FileOutOfRange {
                file,
                files: G::FILES,
            });
        }
        if rank >= G::RANKS {
            return Err(SquareError::RankOutOfRange {
                rank,
                ranks: G::RANKS,
            });
        }
        Ok(Self::from_index_unchecked(
            bit_index(file, rank, G::FILE_STEP, G::RANK_STEP) as u8,
        ))
    }

    /// The square at bit `index`.
    ///
    /// # Errors
    /// [`SquareError::NotPlayable`] when the bit is a ghost bit or outside the integer.
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid4x4Padded, Square, SquareError};
    /// assert!(Square::<Grid4x4Padded>::from_index(5).is_ok()); // a2
    /// assert_eq!(Square::<Grid4x4Padded>::from_index(4), Err(SquareError::NotPlayable { index: 4 }));
    /// ```
    #[inline]
    pub const fn from_index(index: u8) -> Result<Self, SquareError> {
        if index < 128 && G::PLAYABLE_MASK & (1u128 << index) != 0 {
            Ok(Self::from_index_unchecked(index))
        } else {
            Err(SquareError::NotPlayable { index })
        }
    }

    /// Only for indices known to be playable (from a bit scan of a valid board).
    #[inline(always)]
    pub(crate) const fn from_index_unchecked(index: u8) -> Self {
        Square {
            index,
            geometry: PhantomData,
        }
    }

    /// The bit index of this square in `G::Bits`.
    #[inline(always)]
    pub const fn index(self) -> u8 {
        self.index
    }

    /// The file (column), from 0.
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Columns7x6, Square};
    /// // Connect Four is column-major with 7 bits per column: bit 16 is column 2, row 2.
    /// let square = Square::<Columns7x6>::from_index(16)?;
    /// assert_eq!((square.file(), square.rank()), (2, 2));
    /// # Ok::<(), plyforge_bitboard::SquareError>(())
    /// ```
    #[inline]
    pub const fn file(self) -> u8 {
        // A board of one file has both steps 1 when it has no ghost bits: the general formulas
        // below would then read the rank as the file.
        if G::FILES == 1 {
            0
        } else if G::FILE_STEP < G::RANK_STEP {
            (self.index % G::RANK_STEP) / G::FILE_STEP
        } else {
            self.index / G::FILE_STEP
        }
    }

    /// The rank (row), from 0.
    #[inline]
    pub const fn rank(self) -> u8 {
        if G::RANKS == 1 {
            0
        } else if G::FILE_STEP < G::RANK_STEP || G::FILES == 1 {
            self.index / G::RANK_STEP
        } else {
            (self.index % G::FILE_STEP) / G::RANK_STEP
        }
    }

    /// The index of this square's diagonal (the north-east line through it), from 0 at the
    /// top-left corner square (file 0, last rank) to `FILES + RANKS - 2` at the bottom-right one:
    /// `file + RANKS - 1 - rank`. [`BitBoard::diagonal`](crate::BitBoard::diagonal) gives its
    /// squares.
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid8x8, BitBoard, Square};
    /// let e4 = Square::<Grid8x8>::new(4, 3)?;
    /// assert_eq!(e4.diagonal(), 8);
    /// let diagonal = BitBoard::<Grid8x8>::diagonal(e4.diagonal());
    /// assert_eq!(diagonal.len(), 7); // b1 to h7
    /// assert!(diagonal.contains(Square::new(1, 0)?) && diagonal.contains(e4));
    /// # Ok::<(), plyforge_bitboard::SquareError>(())
    /// ```
    #[inline]
    pub const fn diagonal(self) -> u8 {
        self.file() + (G::RANKS - 1 - self.rank())
    }

    /// The index of this square's anti-diagonal (the north-west line through it), from 0 at the
    /// bottom-left corner to `FILES + RANKS - 2` at the top-right one: `file + rank`.
    /// [`BitBoard::anti_diagonal`](crate::BitBoard::anti_diagonal) gives its squares.
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid8x8, Square};
    /// assert_eq!(Square::<Grid8x8>::new(4, 3)?.anti_diagonal(), 7);
    /// # Ok::<(), plyforge_bitboard::SquareError>(())
    /// ```
    #[inline]
    pub const fn anti_diagonal(self) -> u8 {
        self.file() + self.rank()
    }

    /// The square `files` east and `ranks` north of this one, if it is on the board.
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid8x8, Square};
    /// let h1 = Square::<Grid8x8>::new(7, 0).unwrap();
    /// assert_eq!(h1.offset(1, 0), None);
    /// assert_eq!(h1.offset(-7, 7), Some(Square::new(0, 7).unwrap()));
    /// ```
    #[inline]
    pub const fn offset(self, files: i8, ranks: i8) -> Option<Self> {
        let file = self.file() as i16 + files as i16;
        let rank = self.rank() as i16 + ranks as i16;
        if file < 0 || rank < 0 || file >= G::FILES as i16 || rank >= G::RANKS as i16 {
            return None;
        }
        match Self::new(file as u8, rank as u8) {
            Ok(square) => Some(square),
            Err(_) => None,
        }
    }

    /// The neighbour in `direction`, if it is on the board.
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid8x8, Direction, Square};
    /// let a1 = Square::<Grid8x8>::new(0, 0)?;
    /// assert_eq!(a1.step(Direction::NorthEast), Some(Square::new(1, 1)?));
    /// assert_eq!(a1.step(Direction::West), None);
    /// # Ok::<(), plyforge_bitboard::SquareError>(())
    /// ```
    #[inline]
    pub const fn step(self, direction: Direction) -> Option<Self> {
        let (files, ranks) = direction.delta();
        self.offset(files, ranks)
    }

    /// Every playable square, from the lowest bit.
    ///
    /// ```
    /// use plyforge_bitboard::{geometries::Grid4x4Padded, Square};
    /// let indices: Vec<u8> = Square::<Grid4x4Padded>::all().map(Square::index).take(6).collect();
    /// assert_eq!(indices, [0, 1, 2, 3, 5, 6]); // bit 4 is the ghost file
    /// ```
    pub fn all() -> crate::Iter<G> {
        crate::BitBoard::<G>::FULL.iter()
    }
}

impl<G: Geometry> fmt::Debug for Square<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Square({}, file {}, rank {})",
            self.index,
            self.file(),
            self.rank()
        )
    }
}

/// Boards of up to 26 files print as a file letter and a rank number from 1 (`e4`); wider boards
/// print as `file,rank` counted from 0.
impl<G: Geometry> fmt::Display for Square<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if G::FILES <= 26 {
            write!(
                f,
                "{}{}",
                (b'a' + self.file()) as char,
                self.rank() as u32 + 1
            )
        } else {
            write!(f, "{},{}", self.file(), self.rank())
        }
    }
}

impl<G: Geometry> FromStr for Square<G> {
    type Err = SquareError;

    fn from_str(text: &str) -> Result<Self, SquareError> {
        let (file, rank) = if G::FILES <= 26 {
            let mut chars = text.chars();
            let letter = chars.next().ok_or(SquareError::Syntax)?;
            if !letter.is_ascii_lowercase() {
                return Err(SquareError::Syntax);
            }
            let rank: u16 = chars.as_str().parse().map_err(|_| SquareError::Syntax)?;
            if rank == 0 || !chars.as_str().bytes().all(|b| b.is_ascii_digit()) {
                return Err(SquareError::Syntax);
            }
            (letter as u16 - 'a' as u16, rank - 1)
        } else {
            let (file, rank) = text.split_once(',').ok_or(SquareError::Syntax)?;
            let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
            if !all_digits(file) || !all_digits(rank) {
                return Err(SquareError::Syntax);
            }
            (
                file.parse().map_err(|_| SquareError::Syntax)?,
                rank.parse().map_err(|_| SquareError::Syntax)?,
            )
        };
        let file = u8::try_from(file).unwrap_or(u8::MAX);
        let rank = u8::try_from(rank).unwrap_or(u8::MAX);
        Self::new(file, rank)
    }
}
