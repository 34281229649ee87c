//! Board geometries: how `FILES` × `RANKS` playable squares are laid out in an integer.
//!
//! Square (file, rank) lives at bit `file * FILE_STEP + rank * RANK_STEP`. Row-major boards
//! (`FILE_STEP = 1`) may pad every rank with ghost files, column-major boards (`RANK_STEP = 1`,
//! the classic Connect Four layout) may pad every file with ghost ranks. Ghost bits are never set
//! in a [`BitBoard`](crate::BitBoard), so a one-square shift lands on a ghost bit instead of
//! wrapping onto the next row, and raw-integer tricks such as `b & (b >> 1)` stay within a line.
//! Geometries are declared with the [`geometry!`](crate::geometry!) macro, which rejects at
//! compile time a layout that does not fit its integer.

use crate::storage::Storage;
use core::fmt::Debug;
use core::hash::Hash;

/// The eight one-square directions. North is towards higher ranks, east towards higher files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// Rank + 1.
    North,
    /// File + 1, rank + 1.
    NorthEast,
    /// File + 1.
    East,
    /// File + 1, rank - 1.
    SouthEast,
    /// Rank - 1.
    South,
    /// File - 1, rank - 1.
    SouthWest,
    /// File - 1.
    West,
    /// File - 1, rank + 1.
    NorthWest,
}

impl Direction {
    /// Number of directions.
    pub const NUM: usize = 8;
    /// All directions, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// The (file, rank) step of this direction.
    ///
    /// ```
    /// use plyforge_bitboard::Direction;
    /// assert_eq!(Direction::NorthWest.delta(), (-1, 1));
    /// ```
    #[inline]
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::North => (0, 1),
            Direction::NorthEast => (1, 1),
            Direction::East => (1, 0),
            Direction::SouthEast => (1, -1),
            Direction::South => (0, -1),
            Direction::SouthWest => (-1, -1),
            Direction::West => (-1, 0),
            Direction::NorthWest => (-1, 1),
        }
    }

    /// The direction pointing the other way.
    ///
    /// ```
    /// use plyforge_bitboard::Direction;
    /// assert_eq!(Direction::East.opposite(), Direction::West);
    /// ```
    #[inline]
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 4) % 8]
    }

    /// One direction per line through a square (north, north-east, east, south-east): the four
    /// axes a k-in-a-row game checks. The other four directions are their opposites.
    ///
    /// ```
    /// use plyforge_bitboard::Direction;
    /// for axis in Direction::AXES {
    ///     assert!(!Direction::AXES.contains(&axis.opposite()));
    /// }
    /// ```
    pub const AXES: [Direction; 4] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
    ];

    /// The four rook directions (north, east, south, west).
    pub const ORTHOGONAL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    /// The four bishop directions (north-east, south-east, south-west, north-west).
    pub const DIAGONAL: [Direction; 4] = [
        Direction::NorthEast,
        Direction::SouthEast,
        Direction::SouthWest,
        Direction::NorthWest,
    ];

    /// Whether this is one of the four diagonal directions.
    ///
    /// ```
    /// use plyforge_bitboard::Direction;
    /// assert!(Direction::SouthWest.is_diagonal());
    /// assert!(!Direction::West.is_diagonal());
    /// ```
    #[inline]
    pub const fn is_diagonal(self) -> bool {
        let (files, ranks) = self.delta();
        files != 0 && ranks != 0
    }

    /// How far one step this way moves a bit in geometry `G`'s integer: positive means a left
    /// shift. This is the stride that raw-integer code uses, e.g. `b & (b >> 5)` for two in a
    /// file of a stride-5 board.
    ///
    /// ```
    /// use plyforge_bitboard::geometries::{Columns7x6, Grid4x4Padded};
    /// use plyforge_bitboard::Direction;
    /// assert_eq!(Direction::North.bit_offset::<Grid4x4Padded>(), 5);
    /// assert_eq!(Direction::NorthEast.bit_offset::<Grid4x4Padded>(), 6);
    /// assert_eq!(Direction::SouthEast.bit_offset::<Grid4x4Padded>(), -4);
    /// // Connect Four is column-major: north is the next bit, east the next column.
    /// assert_eq!(Direction::North.bit_offset::<Columns7x6>(), 1);
    /// assert_eq!(Direction::East.bit_offset::<Columns7x6>(), 7);
    /// ```
    #[inline(always)]
    pub const fn bit_offset<G: Geometry>(self) -> i32 {
        let (files, ranks) = self.delta();
        files as i32 * G::FILE_STEP as i32 + ranks as i32 * G::RANK_STEP as i32
    }
}

/// A board layout: its storage integer, its playable size and the bit distance between
/// neighbouring files and ranks. Declare one with [`geometry!`](crate::geometry!); the provided
/// constants are derived from the four required ones at compile time.
pub trait Geometry: Copy + Eq + Ord + Hash + Debug + Default + Send + Sync + 'static {
    /// The integer holding one bit per square.
    type Bits: Storage;
    /// Playable files (columns), at most 128.
    const FILES: u8;
    /// Playable ranks (rows), at most 128.
    const RANKS: u8;
    /// Bit distance from a square to its east neighbour.
    const FILE_STEP: u8;
    /// Bit distance from a square to its north neighbour.
    const RANK_STEP: u8;

    /// Every playable square. [`geometry!`](crate::geometry!) derives it from the layout.
    const PLAYABLE: Self::Bits;
    /// For each [`Direction`] (in [`Direction::ALL`] order), the squares that have a neighbour
    /// that way: a shift first keeps only these, so no bit can wrap, ghost columns or not.
    /// [`geometry!`](crate::geometry!) derives it from the layout.
    const SHIFT_SOURCES: [Self::Bits; 8];

    /// For each [`Direction`] (in [`Direction::ALL`] order), a mask that keeps every bit except
    /// the playable squares whose one-step shift that way would wrap onto another playable
    /// square (e.g. the h-file for east on 8x8). [`BitBoard::shift`](crate::BitBoard::shift)
    /// masks with it, shifts, and masks with [`PLAYABLE`](Self::PLAYABLE): the fewest masks that
    /// are exact. On 8x8 `u64` the first mask is the edge file (as in hand-written engines) and
    /// the last is all ones; on ghost-padded boards the first is all ones. With a constant
    /// direction, the optimiser drops whichever mask is all ones.
    ///
    /// ```
    /// use plyforge_bitboard::geometries::{Grid4x4Padded, Grid8x8};
    /// use plyforge_bitboard::{Direction, Geometry};
    /// let h_file = 0x0101_0101_0101_0101u64 << 7;
    /// // South-east, h1 would wrap to a1 and h8 to a8.
    /// assert_eq!(Grid8x8::SHIFT_KEEP[Direction::SouthEast as usize] as u64, !h_file);
    /// // East, h8 leaves the integer (bit 64) and needs no mask.
    /// assert_eq!(Grid8x8::SHIFT_KEEP[Direction::East as usize] as u64, !h_file | 1 << 63);
    /// assert_eq!(Grid8x8::SHIFT_KEEP[Direction::North as usize], u128::MAX);
    /// assert!(Grid4x4Padded::SHIFT_KEEP.iter().all(|&keep| keep == u128::MAX));
    /// ```
    const SHIFT_KEEP: [u128; 8] =
        shift_keep(Self::FILES, Self::RANKS, Self::FILE_STEP, Self::RANK_STEP);
    /// Every playable square, as a `u128` mask.
    const PLAYABLE_MASK: u128 =
        playable_mask(Self::FILES, Self::RANKS, Self::FILE_STEP, Self::RANK_STEP);
    /// `true` when every one-square step that leaves the board lands on a ghost bit or outside
    /// the integer, never on another playable square. Then a shift can move first and mask
    /// with [`PLAYABLE`](Self::PLAYABLE) once, two squares that are one step apart in bits are
    /// neighbours on the board, and `b & (b >> s) & (b >> 2s) ...` finds runs with no mask at
    /// all: the raw idioms of ghost-padded boards. True for boards with a ghost file (or a
    /// ghost rank); false for a plain 8x8, where `h1 << 1` is `a2`, and for
    /// [`Line121`](crate::geometries::Line121), whose north-west step from its first square
    /// (`+120`) lands on its last. Either way [`BitBoard::shift`](crate::BitBoard::shift) is
    /// exact; this only picks the cheaper way.
    ///
    /// ```
    /// use plyforge_bitboard::geometries::{Columns7x6, Grid4x4Padded, Grid8x8, Line121};
    /// use plyforge_bitboard::Geometry;
    /// assert!(Grid4x4Padded::GHOST_GUARDED && Columns7x6::GHOST_GUARDED);
    /// assert!(!Grid8x8::GHOST_GUARDED && !Line121::GHOST_GUARDED);
    /// ```
    const GHOST_GUARDED: bool =
        ghost_guarded(Self::FILES, Self::RANKS, Self::FILE_STEP, Self::RANK_STEP);
    /// `true` when the layout fits its integer and squares do not overlap.
    const VALID: bool = layout_is_valid(
        Self::FILES,
        Self::RANKS,
        Self::FILE_STEP,
        Self::RANK_STEP,
        <Self::Bits as Storage>::BITS,
    );
}

/// Bit index of (file, rank) in a layout. Callers check the bounds.
#[inline(always)]
pub(crate) const fn bit_index(file: u8, rank: u8, file_step: u8, rank_step: u8) -> u32 {
    file as u32 * file_step as u32 + rank as u32 * rank_step as u32
}

/// Whether a layout fits `bits` bits without two squares sharing a bit.
pub const fn layout_is_valid(
    files: u8,
    ranks: u8,
    file_step: u8,
    rank_step: u8,
    bits: u32,
) -> bool {
    if files == 0 || ranks == 0 || files > 128 || ranks > 128 || file_step == 0 || rank_step == 0 {
        return false;
    }
    // The highest square must fit, and the two steps must not make squares collide: one of them
    // is 1-dimensional "inner" and the other must skip over all of its squares.
    let top = bit_index(files - 1, ranks - 1, file_step, rank_step);
    if top >= bits {
        return false;
    }
    if ranks == 1 || files == 1 {
        return true;
    }
    if file_step < rank_step {
        ((files as u32 - 1) * file_step as u32) < rank_step as u32
    } else {
        ((ranks as u32 - 1) * rank_step as u32) < file_step as u32
    }
}

/// The mask of playable squares of a layout.
pub const fn playable_mask(files: u8, ranks: u8, file_step: u8, rank_step: u8) -> u128 {
    let mut mask = 0u128;
    let mut rank = 0;
    while rank < ranks {
        let mut file = 0;
        while file < files {
            let bit = bit_index(file, rank, file_step, rank_step);
            if bit < 128 {
                mask |= 1u128 << bit;
            }
            file += 1;
        }
        rank += 1;
    }
    mask
}

/// Whether every one-square step off the board lands on a bit that is not playable (see
/// [`Geometry::GHOST_GUARDED`]).
pub const fn ghost_guarded(files: u8, ranks: u8, file_step: u8, rank_step: u8) -> bool {
    // Guarded exactly when no shift has a square to drop: `shift_keep` keeps every bit then.
    let keep = shift_keep(files, ranks, file_step, rank_step);
    let mut d = 0;
    while d < 8 {
        if keep[d] != u128::MAX {
            return false;
        }
        d += 1;
    }
    true
}

/// For each direction, every bit except the playable squares whose step that way leaves the
/// board yet lands on a playable bit (see [`Geometry::SHIFT_KEEP`]).
pub const fn shift_keep(files: u8, ranks: u8, file_step: u8, rank_step: u8) -> [u128; 8] {
    let playable = playable_mask(files, ranks, file_step, rank_step);
    let mut keep = [u128::MAX; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = Direction::ALL[d].delta();
        let amount = df as i32 * file_step as i32 + dr as i32 * rank_step as i32;
        let mut rank = 0;
        while rank < ranks {
            let mut file = 0;
            while file < files {
                let to_file = file as i16 + df as i16;
                let to_rank = rank as i16 + dr as i16;
                let off_board = to_file < 0
                    || to_file >= files as i16
                    || to_rank < 0
                    || to_rank >= ranks as i16;
                let bit = bit_index(file, rank, file_step, rank_step);
                let target = bit as i32 + amount;
                if off_board && target >= 0 && target < 128 && playable & (1u128 << target) != 0 {
                    keep[d] &= !(1u128 << bit);
                }
                file += 1;
            }
            rank += 1;
        }
        d += 1;
    }
    keep
}

/// For each direction, the squares whose neighbour that way is on the board.
pub const fn shift_sources(files: u8, ranks: u8, file_step: u8, rank_step: u8) -> [u128; 8] {
    let mut sources = [0u128; 8];
    let mut d = 0;
    while d < 8 {
        let (df, dr) = Direction::ALL[d].delta();
        let mut rank = 0;
        while rank < ranks {
            let mut file = 0;
            while file < files {
                let to_file = file as i16 + df as i16;
                let to_rank = rank as i16 + dr as i16;
                let bit = bit_index(file, rank, file_step, rank_step);
                if to_file >= 0
                    && to_file < files as i16
                    && to_rank >= 0
                    && to_rank < ranks as i16
                    && bit < 128
                {
                    sources[d] |= 1u128 << bit;
                }
                file += 1;
            }
            rank += 1;
        }
        d += 1;
    }
    sources
}

/// Declares a [`Geometry`]: a unit struct and its layout, checked at compile time.
///
/// Row-major with ghost files padding every rank (`ghost_files: 0` for none), or column-major
/// with ghost ranks padding every file:
///
/// ```
/// use plyforge_bitboard::{geometry, BitBoard, Geometry};
///
/// geometry! {
///     /// 4x4 with one ghost file: stride 5, as TicTacChess uses.
///     pub struct Padded4x4: u32 { files: 4, ranks: 4, ghost_files: 1 }
/// }
/// geometry! {
///     /// Connect Four: 7 columns of 6 cells plus a ghost cell on top of each.
///     pub struct Columns7x6: u64 { files: 7, ranks: 6, ghost_ranks: 1 }
/// }
/// assert_eq!(Padded4x4::RANK_STEP, 5);
/// assert_eq!(Columns7x6::FILE_STEP, 7);
/// assert_eq!(BitBoard::<Columns7x6>::FULL.len(), 42);
/// ```
///
/// A layout that does not fit fails to compile:
///
/// ```compile_fail
/// plyforge_bitboard::geometry! { pub struct TooBig: u16 { files: 4, ranks: 4, ghost_files: 1 } }
/// ```
#[macro_export]
macro_rules! geometry {
    ($(#[$meta:meta])* $vis:vis struct $name:ident : $bits:ty { files: $files:expr, ranks: $ranks:expr, ghost_files: $ghost:expr $(,)? }) => {
        $crate::geometry!(@define $(#[$meta])* $vis $name, $bits, $files, $ranks, 1, $files + $ghost);
    };
    ($(#[$meta:meta])* $vis:vis struct $name:ident : $bits:ty { files: $files:expr, ranks: $ranks:expr, ghost_ranks: $ghost:expr $(,)? }) => {
        $crate::geometry!(@define $(#[$meta])* $vis $name, $bits, $files, $ranks, $ranks + $ghost, 1);
    };
    (@define $(#[$meta:meta])* $vis:vis $name:ident, $bits:ty, $files:expr, $ranks:expr, $file_step:expr, $rank_step:expr) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
        $vis struct $name;

        impl $crate::Geometry for $name {
            type Bits = $bits;
            const FILES: u8 = $files;
            const RANKS: u8 = $ranks;
            const FILE_STEP: u8 = $file_step;
            const RANK_STEP: u8 = $rank_step;
            const PLAYABLE: $bits = $crate::geometry::playable_mask($files, $ranks, $file_step, $rank_step) as $bits;
            const SHIFT_SOURCES: [$bits; 8] = {
                let wide = $crate::geometry::shift_sources($files, $ranks, $file_step, $rank_step);
                let mut narrow = [0 as $bits; 8];
                let mut d = 0;
                while d < 8 {
                    narrow[d] = wide[d] as $bits;
                    d += 1;
                }
                narrow
            };
        }

        const _: () = assert!(
            <$name as $crate::Geometry>::VALID,
            concat!("geometry `", stringify!($name), "` does not fit its integer")
        );
    };
}
