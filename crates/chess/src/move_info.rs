//! What a move does on the board it is played on: the piece that moves, the piece it
//! captures (and where, for en passant), the promotion, the castling wing. A [`Move`] is 16
//! bits and names only squares and a kind; [`Board::decode`] reads the rest from the position.

use crate::board::Board;
use crate::castling::Wing;
use crate::moves::{Move, MoveKind};
use crate::piece::{Piece, Role};
use crate::square::{File, Square};

/// A move decoded on its board ([`Board::decode`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveInfo {
    /// The piece that moves (the king, for castling).
    pub piece: Piece,
    /// Where it starts.
    pub from: Square,
    /// Where it ends: for castling the king's destination (not the rook's square, which
    /// [`Move::to`] names).
    pub to: Square,
    /// The role of the captured piece, if any (a pawn for en passant).
    pub capture: Option<Role>,
    /// Where the captured piece stood: `to`, or beside `from` for en passant.
    pub capture_square: Option<Square>,
    /// The role a pawn promotes to.
    pub promotion: Option<Role>,
    /// The wing, for castling.
    pub castling: Option<Wing>,
    /// Whether the move captures en passant.
    pub en_passant: bool,
}

impl MoveInfo {
    /// Whether the move captures.
    pub const fn is_capture(&self) -> bool {
        self.capture.is_some()
    }

    /// Whether the move resets the fifty-move count (a capture or a pawn move).
    pub fn is_zeroing(&self) -> bool {
        self.capture.is_some() || self.piece.role == Role::Pawn
    }
}

impl Board {
    /// The move `mv` decoded on this board: the piece moved, the capture, the promotion and
    /// the castling wing. `None` when no piece of the side to move stands on its origin (the
    /// move cannot be from this position); otherwise the move is read as given, legal or not.
    ///
    /// ```
    /// use plyforge_chess::{Board, Color, Piece, Role, Square, Wing};
    /// let board: Board = "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 2".parse()?;
    /// let en_passant = board.decode(board.parse_uci("e5d6")?).unwrap();
    /// assert_eq!(en_passant.piece, Piece { color: Color::White, role: Role::Pawn });
    /// assert_eq!(en_passant.capture, Some(Role::Pawn));
    /// assert_eq!(en_passant.capture_square, Some(Square::D5));
    /// let castle = board.decode(board.parse_uci("e1c1")?).unwrap();
    /// assert_eq!((castle.to, castle.castling), (Square::C1, Some(Wing::Long)));
    /// assert_eq!(castle.capture, None);
    /// assert_eq!(board.captured(board.parse_uci("a1a8")?), Some(Role::Rook));
    /// assert_eq!(board.piece_moved(board.parse_uci("a1a8")?).map(|p| p.role), Some(Role::Rook));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn decode(&self, mv: Move) -> Option<MoveInfo> {
        let from = mv.from();
        let piece = self
            .piece_on(from)
            .filter(|piece| piece.color == self.side())?;
        let mut info = MoveInfo {
            piece,
            from,
            to: mv.to(),
            capture: None,
            capture_square: None,
            promotion: None,
            castling: None,
            en_passant: false,
        };
        match mv.kind() {
            MoveKind::Castle => {
                info.to = mv.castle_king_target();
                info.castling = Some(if info.to.file() == File::G {
                    Wing::Short
                } else {
                    Wing::Long
                });
            }
            MoveKind::EnPassant => {
                info.en_passant = true;
                info.capture = Some(Role::Pawn);
                info.capture_square = Some(Square::new(mv.to().file(), from.rank()));
            }
            kind => {
                if let Some(captured) = self.piece_on(mv.to()).filter(|p| p.color != self.side()) {
                    info.capture = Some(captured.role);
                    info.capture_square = Some(mv.to());
                }
                if let MoveKind::Promotion(role) = kind {
                    info.promotion = Some(role);
                }
            }
        }
        Some(info)
    }

    /// The piece `mv` moves (the king, for castling), or `None` when no piece of the side to
    /// move stands on its origin.
    pub fn piece_moved(&self, mv: Move) -> Option<Piece> {
        self.piece_on(mv.from())
            .filter(|piece| piece.color == self.side())
    }

    /// The role of the piece `mv` captures (a pawn for en passant), if any.
    pub fn captured(&self, mv: Move) -> Option<Role> {
        self.decode(mv).and_then(|info| info.capture)
    }
}
