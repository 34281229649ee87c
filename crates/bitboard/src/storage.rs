//! The unsigned integers a [`BitBoard`](crate::BitBoard) can live in: `u16`, `u32`, `u64` and
//! `u128`. The trait is sealed so that the crate can rely on two's-complement bit tricks
//! (`x & (x - 1)` clears the lowest bit) and on the exact width of each type.

use core::fmt::Debug;
use core::hash::Hash;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

mod sealed {
    pub trait Sealed {}
    impl Sealed for u16 {}
    impl Sealed for u32 {}
    impl Sealed for u64 {}
    impl Sealed for u128 {}
}

/// An unsigned integer that stores one bit per square.
///
/// Implemented for `u16`, `u32`, `u64` and `u128` only (the trait is sealed).
pub trait Storage:
    sealed::Sealed
    + Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Default
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// The number of bits in the integer.
    const BITS: u32;
    /// No bit set.
    const ZERO: Self;
    /// Only bit 0 set.
    const ONE: Self;

    /// Index of the lowest set bit (`BITS` when zero).
    fn trailing_zeros(self) -> u32;
    /// Number of set bits.
    fn count_ones(self) -> u32;
    /// Number of zero bits above the highest set bit (`BITS` when zero).
    fn leading_zeros(self) -> u32;
    /// The value with its lowest set bit cleared (zero stays zero).
    fn clear_lowest(self) -> Self;
    /// Two's-complement subtraction modulo `2^BITS`, as the carry-rippler subset enumeration
    /// needs.
    fn wrapping_sub(self, other: Self) -> Self;
    /// Converts from `u128`, keeping the low `BITS` bits. Used to bring masks that geometries
    /// compute in `u128` at compile time into the storage type; with a constant argument the
    /// conversion folds away.
    fn from_u128(value: u128) -> Self;
    /// Widens to `u128`.
    fn to_u128(self) -> u128;
}

macro_rules! impl_storage {
    ($($t:ty),*) => {$(
        impl Storage for $t {
            const BITS: u32 = <$t>::BITS;
            const ZERO: Self = 0;
            const ONE: Self = 1;

            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline(always)]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            #[inline(always)]
            fn clear_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline(always)]
            fn wrapping_sub(self, other: Self) -> Self {
                <$t>::wrapping_sub(self, other)
            }
            #[inline(always)]
            fn from_u128(value: u128) -> Self {
                value as $t
            }
            #[inline(always)]
            fn to_u128(self) -> u128 {
                self as u128
            }
        }
    )*};
}

impl_storage!(u16, u32, u64, u128);
