//! The two sides, White and Black, with the FEN letters `w` and `b`.

use core::fmt;
use core::ops::Not;
use core::str::FromStr;

/// A side. White moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// The side that moves first.
    White = 0,
    /// The side that moves second.
    Black = 1,
}

impl Color {
    /// Both colors, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The index, 0 for White and 1 for Black.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter: `w` or `b`.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The name in English: `White` or `Black`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }

    /// Picks `white` or `black` by color.
    #[inline(always)]
    pub const fn fold<T: Copy>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

/// A color that is not `w` or `b`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseColorError;

impl fmt::Display for ParseColorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a color is `w` or `b`")
    }
}

impl core::error::Error for ParseColorError {}

impl FromStr for Color {
    type Err = ParseColorError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "w" => Ok(Color::White),
            "b" => Ok(Color::Black),
            _ => Err(ParseColorError),
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}
