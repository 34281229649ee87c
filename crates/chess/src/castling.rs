//! Castling rights as bit flags, one per side and wing. Which rook each right belongs to (its
//! file, for Chess960) is kept by the board next to the flags.

use crate::color::Color;

bitflags::bitflags! {
    /// The castling rights still held. The flags follow the Polyglot key order.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
    pub struct CastleRights: u8 {
        /// White may castle on the king's side (with the rook on the king's right).
        const WHITE_SHORT = 1;
        /// White may castle on the queen's side.
        const WHITE_LONG = 2;
        /// Black may castle on the king's side.
        const BLACK_SHORT = 4;
        /// Black may castle on the queen's side.
        const BLACK_LONG = 8;
    }
}

/// A wing: where the king goes when castling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Wing {
    /// The king's side: the king ends on the g-file, the rook on the f-file (`O-O`).
    Short = 0,
    /// The queen's side: the king ends on the c-file, the rook on the d-file (`O-O-O`).
    Long = 1,
}

impl Wing {
    /// Both wings, short first.
    pub const ALL: [Wing; 2] = [Wing::Short, Wing::Long];
}

impl CastleRights {
    /// The single right of `color` on `wing`.
    #[inline(always)]
    pub const fn of(color: Color, wing: Wing) -> CastleRights {
        CastleRights::from_bits_truncate(1 << (color as u8 * 2 + wing as u8))
    }

    /// Both rights of `color`.
    #[inline(always)]
    pub const fn color(color: Color) -> CastleRights {
        CastleRights::from_bits_truncate(3 << (color as u8 * 2))
    }
}
