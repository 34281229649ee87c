//! The small value types of the game: the two colours, the four kinds of piece each side owns,
//! and the direction a pawn is travelling in.

use core::fmt;

/// A side: White moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    /// The first player (player 0 for the searches).
    White,
    /// The second player (player 1).
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[inline(always)]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black: the player index of the searches.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour with player index `index` (0 or 1); `None` otherwise.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Color> {
        match index {
            0 => Some(Color::White),
            1 => Some(Color::Black),
            _ => None,
        }
    }

    /// The direction this side's pawn starts out with (and has again after a capture).
    #[inline(always)]
    pub const fn pawn_start(self) -> PawnDirection {
        match self {
            Color::White => PawnDirection::North,
            Color::Black => PawnDirection::South,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

/// The kinds of piece. Each side owns exactly one of each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Piece {
    /// Steps one square forward, captures one square diagonally forward, turns round at the end.
    Pawn,
    /// The usual L-shaped leap.
    Knight,
    /// Slides diagonally.
    Bishop,
    /// Slides along ranks and files.
    Rook,
}

impl Piece {
    /// The number of kinds.
    pub const NUM: usize = 4;
    /// Every kind, in notation order (`PNBR`).
    pub const ALL: [Piece; 4] = [Piece::Pawn, Piece::Knight, Piece::Bishop, Piece::Rook];

    /// The index of this kind in [`Piece::ALL`].
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter of the notation: `P`, `N`, `B` or `R`.
    #[inline]
    pub const fn letter(self) -> char {
        match self {
            Piece::Pawn => 'P',
            Piece::Knight => 'N',
            Piece::Bishop => 'B',
            Piece::Rook => 'R',
        }
    }

    /// The kind for an upper-case notation letter.
    #[inline]
    pub const fn from_letter(letter: char) -> Option<Piece> {
        match letter {
            'P' => Some(Piece::Pawn),
            'N' => Some(Piece::Knight),
            'B' => Some(Piece::Bishop),
            'R' => Some(Piece::Rook),
            _ => None,
        }
    }

    /// The letter of this piece when owned by `color`: upper case for White, lower for Black.
    #[inline]
    pub const fn letter_of(self, color: Color) -> char {
        match color {
            Color::White => self.letter(),
            Color::Black => self.letter().to_ascii_lowercase(),
        }
    }

    /// The owner and kind of a notation letter (`PNBR` White, `pnbr` Black).
    #[inline]
    pub const fn from_colored_letter(letter: char) -> Option<(Color, Piece)> {
        match Piece::from_letter(letter.to_ascii_uppercase()) {
            Some(piece) if letter.is_ascii_uppercase() => Some((Color::White, piece)),
            Some(piece) => Some((Color::Black, piece)),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Piece::Pawn => "pawn",
            Piece::Knight => "knight",
            Piece::Bishop => "bishop",
            Piece::Rook => "rook",
        })
    }
}

/// The way a pawn is travelling: north is towards rank 4.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PawnDirection {
    /// Towards rank 4 (`n` in the notation).
    North,
    /// Towards rank 1 (`s` in the notation).
    South,
}

impl PawnDirection {
    /// The other way round.
    #[inline(always)]
    pub const fn reversed(self) -> PawnDirection {
        match self {
            PawnDirection::North => PawnDirection::South,
            PawnDirection::South => PawnDirection::North,
        }
    }

    /// The rank (from 0) a pawn travelling this way is heading for, where it turns round.
    #[inline(always)]
    pub const fn far_rank(self) -> u8 {
        match self {
            PawnDirection::North => 3,
            PawnDirection::South => 0,
        }
    }

    /// The letter of the notation: `n` or `s`.
    #[inline]
    pub const fn letter(self) -> char {
        match self {
            PawnDirection::North => 'n',
            PawnDirection::South => 's',
        }
    }

    /// 0 for north, 1 for south: the index of the pawn tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
}
