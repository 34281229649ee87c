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

/// The letters of the rights in FEN order, each with its flag.
const FEN_LETTERS: [(char, CastleRights); 4] = [
    ('K', CastleRights::WHITE_SHORT),
    ('Q', CastleRights::WHITE_LONG),
    ('k', CastleRights::BLACK_SHORT),
    ('q', CastleRights::BLACK_LONG),
];

/// Text that is not a standard FEN castling field (`KQkq`, a subset in that order, or `-`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ParseCastleRightsError;

impl core::fmt::Display for ParseCastleRightsError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("castling rights must be `-` or a subset of `KQkq` in that order")
    }
}

impl core::error::Error for ParseCastleRightsError {}

/// The standard FEN castling field: `KQkq`, a subset of it, or `-`. (Chess960 rights name rook
/// files and need the board: see the FEN parser.)
///
/// ```
/// use plyforge_chess::CastleRights;
/// let rights: CastleRights = "Kq".parse()?;
/// assert_eq!(rights, CastleRights::WHITE_SHORT | CastleRights::BLACK_LONG);
/// assert_eq!(rights.to_string(), "Kq");
/// assert_eq!(CastleRights::empty().to_string(), "-");
/// assert!("qK".parse::<CastleRights>().is_err());
/// # Ok::<(), plyforge_chess::ParseCastleRightsError>(())
/// ```
impl core::fmt::Display for CastleRights {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (letter, right) in FEN_LETTERS {
            if self.contains(right) {
                core::fmt::Write::write_char(f, letter)?;
            }
        }
        Ok(())
    }
}

impl core::str::FromStr for CastleRights {
    type Err = ParseCastleRightsError;

    fn from_str(text: &str) -> Result<CastleRights, ParseCastleRightsError> {
        if text == "-" {
            return Ok(CastleRights::empty());
        }
        let mut rights = CastleRights::empty();
        let mut letters = FEN_LETTERS.iter();
        for character in text.chars() {
            // Each letter must come after the previous one in FEN order, so the text round-trips.
            let &(_, right) = letters
                .find(|(letter, _)| *letter == character)
                .ok_or(ParseCastleRightsError)?;
            rights |= right;
        }
        if rights.is_empty() {
            Err(ParseCastleRightsError)
        } else {
            Ok(rights)
        }
    }
}
