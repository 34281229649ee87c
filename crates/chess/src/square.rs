//! Files, ranks and squares of the 8×8 board, a1 = 0 up to h8 = 63 (little-endian rank-file,
//! the layout of `plyforge_bitboard::geometries::Grid8x8`), with their algebraic names.

use crate::color::Color;
use core::fmt;
use core::str::FromStr;

/// Declares an eight-valued board coordinate (a file or a rank): the enum, `ALL` in index order,
/// `new` and `index`. The two coordinates differ only in their names and characters.
macro_rules! coordinate {
    (
        $(#[$doc:meta])* $name:ident { $($variant:ident),+ $(,)? }
        $(#[$error_doc:meta])* $error:ident: $message:literal
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum $name {
            $($variant),+
        }

        impl $name {
            /// Every value, in index order.
            pub const ALL: [$name; 8] = [$($name::$variant),+];

            /// The value with index `index` (0 is the first of [`ALL`](Self::ALL)), wrapping
            /// modulo 8.
            #[inline(always)]
            pub const fn new(index: u8) -> $name {
                $name::ALL[(index & 7) as usize]
            }

            /// The index, 0 for the first of [`ALL`](Self::ALL).
            #[inline(always)]
            pub const fn index(self) -> usize {
                self as usize
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.char())
            }
        }

        $(#[$error_doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub struct $error;

        impl fmt::Display for $error {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str($message)
            }
        }

        impl core::error::Error for $error {}

        impl FromStr for $name {
            type Err = $error;

            /// Reads exactly the one character that [`Display`](fmt::Display) writes.
            fn from_str(text: &str) -> Result<$name, $error> {
                let mut chars = text.chars();
                match (chars.next(), chars.next()) {
                    (Some(c), None) => $name::from_char(c)
                        .filter(|value| value.char() == c)
                        .ok_or($error),
                    _ => Err($error),
                }
            }
        }
    };
}

coordinate! {
    /// A file, `a` to `h`.
    File { A, B, C, D, E, F, G, H }
    /// A file name that is not a single letter `a`-`h`.
    ParseFileError: "a file is one letter `a`-`h`"
}

impl File {
    /// The letter, `a` to `h`.
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The file named by a letter `a`..`h` (or `A`..`H`, as in Shredder-FEN castling rights).
    pub const fn from_char(letter: char) -> Option<File> {
        match letter {
            'a'..='h' => Some(File::new(letter as u8 - b'a')),
            'A'..='H' => Some(File::new(letter as u8 - b'A')),
            _ => None,
        }
    }
}

coordinate! {
    /// A rank, `1` to `8`.
    Rank { First, Second, Third, Fourth, Fifth, Sixth, Seventh, Eighth }
    /// A rank name that is not a single digit `1`-`8`.
    ParseRankError: "a rank is one digit `1`-`8`"
}

impl Rank {
    /// The digit, `1` to `8`.
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The rank named by a digit `1`..`8`.
    pub const fn from_char(digit: char) -> Option<Rank> {
        match digit {
            '1'..='8' => Some(Rank::new(digit as u8 - b'1')),
            _ => None,
        }
    }

    /// The rank as `color` sees it: the first rank is Black's eighth.
    #[inline(always)]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::new(7 - self as u8),
        }
    }
}

/// A square of the board, `A1` = 0 to `H8` = 63.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
#[rustfmt::skip]
#[allow(missing_docs)]
pub enum Square {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// Every square, `a1`, `b1`, ... `h8`.
    #[rustfmt::skip]
    pub const ALL: [Square; 64] = {
        use Square::*;
        [
            A1, B1, C1, D1, E1, F1, G1, H1,
            A2, B2, C2, D2, E2, F2, G2, H2,
            A3, B3, C3, D3, E3, F3, G3, H3,
            A4, B4, C4, D4, E4, F4, G4, H4,
            A5, B5, C5, D5, E5, F5, G5, H5,
            A6, B6, C6, D6, E6, F6, G6, H6,
            A7, B7, C7, D7, E7, F7, G7, H7,
            A8, B8, C8, D8, E8, F8, G8, H8,
        ]
    };

    /// The square on `file` and `rank`.
    #[inline(always)]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square::from_index(rank as u8 * 8 + file as u8)
    }

    /// The square with index `index` (`a1` = 0), wrapping modulo 64.
    #[inline(always)]
    pub const fn from_index(index: u8) -> Square {
        Square::ALL[(index & 63) as usize]
    }

    /// The index, 0 for `a1` and 63 for `h8`.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The set holding only this square, as a raw `u64`.
    #[inline(always)]
    pub const fn bit(self) -> u64 {
        1 << self as u8
    }

    /// The file.
    #[inline(always)]
    pub const fn file(self) -> File {
        File::new(self as u8 & 7)
    }

    /// The rank.
    #[inline(always)]
    pub const fn rank(self) -> Rank {
        Rank::new(self as u8 >> 3)
    }

    /// The square mirrored top to bottom (`a1` ↔ `a8`).
    #[inline(always)]
    pub const fn flip_rank(self) -> Square {
        Square::from_index(self as u8 ^ 56)
    }

    /// The square as `color` sees it: Black's view mirrors the ranks.
    #[inline(always)]
    pub const fn relative_to(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_rank(),
        }
    }

    /// The king's distance to `other`: the moves a king needs to walk there, 0 to 7.
    ///
    /// ```
    /// use plyforge_chess::Square;
    /// assert_eq!(Square::A1.distance(Square::H8), 7);
    /// assert_eq!(Square::E4.distance(Square::F6), 2);
    /// assert_eq!(Square::E4.distance(Square::E4), 0);
    /// ```
    #[inline(always)]
    pub const fn distance(self, other: Square) -> u8 {
        let files = (self as u8 & 7).abs_diff(other as u8 & 7);
        let ranks = (self as u8 >> 3).abs_diff(other as u8 >> 3);
        if files > ranks { files } else { ranks }
    }

    /// The square `files` files and `ranks` ranks away, or `None` off the board.
    pub const fn offset(self, files: i8, ranks: i8) -> Option<Square> {
        let file = self.file() as i8 + files;
        let rank = self.rank() as i8 + ranks;
        if file < 0 || file > 7 || rank < 0 || rank > 7 {
            None
        } else {
            Some(Square::from_index((rank * 8 + file) as u8))
        }
    }

    /// This square as a `plyforge_bitboard` square of the 8×8 grid.
    #[inline(always)]
    pub fn to_grid(self) -> plyforge_bitboard::Square<plyforge_bitboard::geometries::Grid8x8> {
        plyforge_bitboard::Square::from_index(self as u8)
            .expect("every chess square is a square of Grid8x8")
    }
}

/// A square name that is not a file letter followed by a rank digit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a square is a file `a`-`h` followed by a rank `1`-`8`")
    }
}

impl core::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let mut chars = text.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(file @ 'a'..='h'), Some(rank), None) => {
                match (File::from_char(file), Rank::from_char(rank)) {
                    (Some(file), Some(rank)) => Ok(Square::new(file, rank)),
                    _ => Err(ParseSquareError),
                }
            }
            _ => Err(ParseSquareError),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn names_round_trip() {
        for square in Square::ALL {
            assert_eq!(square.to_string().parse(), Ok(square));
            assert_eq!(square.file().to_string().parse(), Ok(square.file()));
            assert_eq!(square.rank().to_string().parse(), Ok(square.rank()));
            assert_eq!(Square::new(square.file(), square.rank()), square);
            assert_eq!(square.flip_rank().flip_rank(), square);
        }
        assert_eq!("i1".parse::<Square>(), Err(ParseSquareError));
        assert_eq!("A1".parse::<Square>(), Err(ParseSquareError));
        assert_eq!("a9".parse::<Square>(), Err(ParseSquareError));
        assert_eq!("ab".parse::<File>(), Err(ParseFileError));
        // `from_char` takes Shredder-FEN's capitals; the text form does not.
        assert_eq!(File::from_char('A'), Some(File::A));
        assert_eq!("A".parse::<File>(), Err(ParseFileError));
        assert_eq!("".parse::<File>(), Err(ParseFileError));
        assert_eq!("0".parse::<Rank>(), Err(ParseRankError));
        assert_eq!("11".parse::<Rank>(), Err(ParseRankError));
    }
}
