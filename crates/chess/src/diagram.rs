//! A board drawn in text: ranks from 8 down (or from 1 down, flipped), files lettered below,
//! pieces as FEN letters (ASCII) or chess symbols (Unicode). [`Board::diagram`] gives one to
//! print; `{:?}` of a [`Board`] prints one with the FEN under it.

use crate::board::Board;
use crate::color::Color;
use crate::piece::{Piece, Role};
use crate::square::{File, Rank, Square};
use core::fmt;

/// A [`Board`] drawn in text; see [`Board::diagram`].
///
/// ```
/// use plyforge_chess::Board;
/// let text = Board::default().diagram().to_string();
/// assert!(text.starts_with("8 r n b q k b n r\n7 p p p p p p p p\n6 . . . . . . . ."));
/// assert!(text.ends_with("1 R N B Q K B N R\n  a b c d e f g h\n"));
/// let flipped = Board::default().diagram().flipped(true).to_string();
/// assert!(flipped.starts_with("1 R N B K Q B N R\n"));
/// let symbols = Board::default().diagram().unicode(true).to_string();
/// assert!(symbols.starts_with("8 ♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜\n"));
/// ```
#[derive(Clone, Copy)]
pub struct Diagram<'a> {
    board: &'a Board,
    unicode: bool,
    flipped: bool,
}

impl Diagram<'_> {
    /// Pieces as chess symbols (`♔`, `♟`, ...) instead of FEN letters.
    #[must_use]
    pub fn unicode(self, unicode: bool) -> Self {
        Diagram { unicode, ..self }
    }

    /// Black's view: rank 1 on top, the h-file on the left.
    #[must_use]
    pub fn flipped(self, flipped: bool) -> Self {
        Diagram { flipped, ..self }
    }

    fn symbol(&self, piece: Option<Piece>) -> char {
        let Some(piece) = piece else { return '.' };
        if !self.unicode {
            return piece.char();
        }
        let symbols = match piece.color {
            Color::White => ['♙', '♘', '♗', '♖', '♕', '♔'],
            Color::Black => ['♟', '♞', '♝', '♜', '♛', '♚'],
        };
        symbols[piece.role as usize]
    }
}

impl fmt::Display for Diagram<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let order = |index: u8| if self.flipped { index } else { 7 - index };
        for row in 0..8u8 {
            let rank = Rank::new(order(row));
            write!(f, "{}", rank.char())?;
            for column in 0..8u8 {
                let file = File::new(7 - order(column));
                let piece = self.board.piece_on(Square::new(file, rank));
                write!(f, " {}", self.symbol(piece))?;
            }
            f.write_str("\n")?;
        }
        f.write_str(" ")?;
        for column in 0..8u8 {
            write!(f, " {}", File::new(7 - order(column)).char())?;
        }
        f.write_str("\n")
    }
}

impl Board {
    /// The board drawn in text, White at the bottom and FEN letters by default.
    pub fn diagram(&self) -> Diagram<'_> {
        Diagram {
            board: self,
            unicode: false,
            flipped: false,
        }
    }
}

impl fmt::Debug for Board {
    /// The diagram, then the FEN: a board in a failed assertion reads as a board.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{self}", self.diagram())
    }
}

// Roles index the symbol arrays above in this order.
const _: () = assert!(Role::Pawn as usize == 0 && Role::King as usize == 5);
