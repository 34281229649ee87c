//! FEN, X-FEN and Shredder-FEN: parsing with a typed error for every field, strict position
//! validation (or a lenient constructor for impossible-but-playable positions), and printing.
//!
//! Castling rights may be written `KQkq` (the outermost rook on each wing, X-FEN) or as rook
//! files `HAha` (Shredder-FEN), so Chess960 positions round-trip. The board prints X-FEN: `K`,
//! `Q`, `k`, `q` where they are unambiguous, file letters otherwise.

use crate::board::Board;
use crate::castling::Wing;
use crate::color::Color;
use crate::piece::{Piece, Role};
use crate::setup::{CastlingMode, Relax, Setup, outermost_rook};
use crate::square::{File, Rank, Square};
use alloc::string::String;
use core::fmt::{self, Write};
use core::str::FromStr;

/// The FEN of the standard start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A FEN that cannot be read: which field is wrong and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FenError {
    /// Fewer than the four required fields (board, side, castling, en passant).
    MissingField(&'static str),
    /// More than six fields.
    TooManyFields,
    /// The board field has this many ranks instead of 8.
    WrongRankCount(usize),
    /// A character in the board field that is neither a piece letter nor a digit 1-8.
    InvalidPiece(char),
    /// A rank of the board field (1-8) that describes more or fewer than 8 squares.
    WrongRankLength(Rank),
    /// The side to move is not `w` or `b`.
    InvalidSideToMove,
    /// The castling field has a character other than `-`, `KQkq` or file letters.
    InvalidCastling(char),
    /// The en-passant field is not `-` or a square on the sixth rank of the side to move.
    InvalidEnPassantSquare,
    /// The halfmove clock is not a number from 0 to 65535.
    InvalidHalfmoveClock,
    /// The fullmove number is not a number from 1 to 65535.
    InvalidFullmoveNumber,
    /// The text is a well-formed FEN of a position that is not legal.
    Position(PositionError),
}

/// A well-formed position that breaks a rule of chess.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PositionError {
    /// This side has no king.
    MissingKing(Color),
    /// This side has more than one king.
    TooManyKings(Color),
    /// This side has more than 16 pieces, more than 8 pawns, or more promoted pieces than its
    /// missing pawns explain.
    TooMuchMaterial(Color),
    /// A pawn stands on the first or eighth rank.
    PawnOnBackRank,
    /// The side that is not to move is in check.
    OppositeCheck,
    /// A castling right of this side has no king on its first rank between the b- and g-files
    /// (where every start position puts it) or no rook on the named file or wing.
    InvalidCastlingRights(Color),
    /// The en-passant square is not explained by a double step just made: no pawn in front
    /// of it, or it or the square the pawn came from is occupied.
    InvalidEnPassant,
    /// The checks on the king could not have been given by any last move: more than two
    /// checkers, two checkers on one line, or a check the en-passant double step cannot explain.
    ImpossibleCheck,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::MissingField(field) => write!(f, "FEN has no {field} field"),
            FenError::TooManyFields => f.write_str("FEN has more than six fields"),
            FenError::WrongRankCount(count) => {
                write!(f, "FEN board has {count} ranks instead of 8")
            }
            FenError::InvalidPiece(letter) => {
                write!(
                    f,
                    "FEN board has {letter:?}, which is not a piece or a digit 1-8"
                )
            }
            FenError::WrongRankLength(rank) => {
                write!(
                    f,
                    "FEN board rank {} does not have exactly 8 squares",
                    rank.char()
                )
            }
            FenError::InvalidSideToMove => f.write_str("FEN side to move is not `w` or `b`"),
            FenError::InvalidCastling(letter) => write!(
                f,
                "FEN castling field has {letter:?}; expected `-`, KQkq or rook files A-H/a-h"
            ),
            FenError::InvalidEnPassantSquare => f.write_str(
                "FEN en-passant field is not `-` or a square on the third or sixth rank",
            ),
            FenError::InvalidHalfmoveClock => {
                f.write_str("FEN halfmove clock is not a number from 0 to 65535")
            }
            FenError::InvalidFullmoveNumber => {
                f.write_str("FEN fullmove number is not a number from 1 to 65535")
            }
            FenError::Position(error) => write!(f, "illegal position: {error}"),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |color: &Color| match color {
            Color::White => "White",
            Color::Black => "Black",
        };
        match self {
            PositionError::MissingKing(color) => write!(f, "{} has no king", name(color)),
            PositionError::TooManyKings(color) => {
                write!(f, "{} has more than one king", name(color))
            }
            PositionError::TooMuchMaterial(color) => write!(
                f,
                "{} has more pieces or pawns than a game can produce",
                name(color)
            ),
            PositionError::PawnOnBackRank => {
                f.write_str("a pawn stands on the first or eighth rank")
            }
            PositionError::OppositeCheck => f.write_str("the side not to move is in check"),
            PositionError::InvalidCastlingRights(color) => write!(
                f,
                "{} has a castling right without its king and rook in place",
                name(color)
            ),
            PositionError::InvalidEnPassant => {
                f.write_str("the en-passant square does not follow a pawn's double step")
            }
            PositionError::ImpossibleCheck => {
                f.write_str("no last move could have given the checks on the king")
            }
        }
    }
}

impl core::error::Error for FenError {}
impl core::error::Error for PositionError {}

impl From<PositionError> for FenError {
    fn from(error: PositionError) -> FenError {
        FenError::Position(error)
    }
}

fn parse_board(field: &str) -> Result<Setup, FenError> {
    let rows: alloc::vec::Vec<&str> = field.split('/').collect();
    if rows.len() != 8 {
        return Err(FenError::WrongRankCount(rows.len()));
    }
    let mut setup = Setup::empty();
    for (row, text) in rows.iter().enumerate() {
        let rank = Rank::new(7 - row as u8);
        let mut file = 0u8;
        for letter in text.chars() {
            if let Some(skip) = letter.to_digit(10).filter(|digit| (1..=8).contains(digit)) {
                file += skip as u8;
            } else if let Some(piece) = Piece::from_char(letter) {
                if file >= 8 {
                    return Err(FenError::WrongRankLength(rank));
                }
                setup.put(Square::new(File::new(file), rank), piece);
                file += 1;
            } else {
                return Err(FenError::InvalidPiece(letter));
            }
            if file > 8 {
                return Err(FenError::WrongRankLength(rank));
            }
        }
        if file != 8 {
            return Err(FenError::WrongRankLength(rank));
        }
    }
    Ok(setup)
}

/// Reads the castling field into `setup`: `KQkq` as the outermost rooks, file letters as the
/// rook on that file, on the wing of the king's side it stands (whether the pieces are in place
/// is for validation to tell).
fn parse_castling(setup: &mut Setup, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    for letter in field.chars() {
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match letter.to_ascii_lowercase() {
            'k' => setup.set_castling_rook(color, Wing::Short, None),
            'q' => setup.set_castling_rook(color, Wing::Long, None),
            'a'..='h' => {
                let file = File::from_char(letter).ok_or(FenError::InvalidCastling(letter))?;
                let back_rank = Rank::First.relative_to(color);
                let king = File::ALL.into_iter().find(|&king_file| {
                    setup.piece_on(Square::new(king_file, back_rank))
                        == Some(Piece {
                            color,
                            role: Role::King,
                        })
                });
                // A file on no wing of a king (none on the first rank, or the king's own
                // file) is recorded on the short wing, where validation finds it broken.
                let wing = match king {
                    Some(king_file) if file < king_file => Wing::Long,
                    _ => Wing::Short,
                };
                setup.set_castling_rook(color, wing, Some(file));
            }
            _ => return Err(FenError::InvalidCastling(letter)),
        }
    }
    Ok(())
}

impl Setup {
    /// Reads a FEN, X-FEN or Shredder-FEN into a setup, checking only its syntax (the clocks
    /// may be left out); [`Setup::to_board`] then checks the position, listing every broken
    /// rule.
    ///
    /// ```
    /// use plyforge_chess::{CastlingMode, Color, PositionError, Relax, Setup};
    /// let setup = Setup::from_fen("4k3/8/8/8/8/8/8/3K3R w K - 0 1")?;
    /// assert!(setup.to_board(CastlingMode::Chess960, Relax::empty()).is_ok());
    /// let error = setup.to_board(CastlingMode::Standard, Relax::empty()).unwrap_err();
    /// assert_eq!(error.errors(), [PositionError::InvalidCastlingRights(Color::White)]);
    /// # Ok::<(), plyforge_chess::FenError>(())
    /// ```
    ///
    /// # Errors
    /// A [`FenError`] naming the field that cannot be read.
    pub fn from_fen(text: &str) -> Result<Setup, FenError> {
        let mut fields = text.split_ascii_whitespace();
        let board_field = fields.next().ok_or(FenError::MissingField("board"))?;
        let side_field = fields
            .next()
            .ok_or(FenError::MissingField("side to move"))?;
        let castling_field = fields.next().ok_or(FenError::MissingField("castling"))?;
        let en_passant_field = fields.next().ok_or(FenError::MissingField("en-passant"))?;
        let halfmove_field = fields.next();
        let fullmove_field = fields.next();
        if fields.next().is_some() {
            return Err(FenError::TooManyFields);
        }

        let mut setup = parse_board(board_field)?;
        setup.set_side_to_move(
            side_field
                .parse()
                .map_err(|_| FenError::InvalidSideToMove)?,
        );
        if let Some(field) = halfmove_field {
            setup.set_halfmove_clock(field.parse().map_err(|_| FenError::InvalidHalfmoveClock)?);
        }
        if let Some(field) = fullmove_field {
            setup.set_fullmove_number(
                field
                    .parse()
                    .ok()
                    .filter(|&number| number > 0)
                    .ok_or(FenError::InvalidFullmoveNumber)?,
            );
        }
        if en_passant_field != "-" {
            let square: Square = en_passant_field
                .parse()
                .map_err(|_| FenError::InvalidEnPassantSquare)?;
            if square.rank() != Rank::Sixth.relative_to(setup.side_to_move()) {
                return Err(FenError::InvalidEnPassantSquare);
            }
            setup.set_en_passant(Some(square));
        }
        parse_castling(&mut setup, castling_field)?;
        Ok(setup)
    }
}

impl FromStr for Setup {
    type Err = FenError;
    /// [`Setup::from_fen`].
    fn from_str(text: &str) -> Result<Setup, FenError> {
        Setup::from_fen(text)
    }
}

impl Board {
    /// Parses a FEN, X-FEN or Shredder-FEN and checks that the position is legal (every check
    /// listed in [`PositionError`]). The halfmove and fullmove fields may be left out. Castling
    /// rights of Chess960 are accepted; the board is played as standard chess when every right
    /// is one standard chess allows, as Chess960 otherwise ([`Board::castling_mode`]).
    ///
    /// ```
    /// use plyforge_chess::{Board, FenError, PositionError};
    /// let board = Board::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")?;
    /// assert_eq!(board.to_string(), "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    /// assert_eq!(
    ///     Board::from_fen("4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
    ///     Err(FenError::Position(PositionError::InvalidCastlingRights(plyforge_chess::Color::White)))
    /// );
    /// # Ok::<(), FenError>(())
    /// ```
    ///
    /// # Errors
    /// A [`FenError`] naming the field that cannot be read or the rule the position breaks.
    pub fn from_fen(fen: &str) -> Result<Board, FenError> {
        let board = Board::from_fen_with(fen, CastlingMode::Chess960, Relax::empty())?;
        Ok(board.with_detected_castling_mode())
    }

    /// Parses a FEN and validates it with castling rights by `mode` and the rules in `relax`
    /// waived; the board is played in `mode`. The error names the first broken rule; [`Setup::from_fen`] and
    /// [`Setup::to_board`] list them all.
    ///
    /// ```
    /// use plyforge_chess::{Board, CastlingMode, Relax};
    /// let fen = "4k3/8/8/8/8/8/8/3K3R w K - 0 1";
    /// assert!(Board::from_fen_with(fen, CastlingMode::Standard, Relax::empty()).is_err());
    /// assert!(Board::from_fen_with(fen, CastlingMode::Chess960, Relax::empty()).is_ok());
    /// ```
    ///
    /// # Errors
    /// A [`FenError`] naming the field that cannot be read or the first rule the position
    /// breaks.
    pub fn from_fen_with(fen: &str, mode: CastlingMode, relax: Relax) -> Result<Board, FenError> {
        Ok(Setup::from_fen(fen)?.to_board(mode, relax)?)
    }

    /// Parses a FEN accepting positions no game can reach but move generation can still
    /// handle: castling rights without their pieces and en-passant squares no double step
    /// explains are dropped, impossible checks are accepted. The kings, the material, the
    /// pawns off the back ranks and the side not to move being out of check are still
    /// required.
    ///
    /// # Errors
    /// A [`FenError`] for text that cannot be read or a position move generation cannot handle.
    pub fn from_fen_lenient(fen: &str) -> Result<Board, FenError> {
        let board = Board::from_fen_with(fen, CastlingMode::Chess960, Relax::LENIENT)?;
        Ok(board.with_detected_castling_mode())
    }

    /// The board in the castling mode its rights suggest (see [`Board::castling_mode`]).
    fn with_detected_castling_mode(mut self) -> Board {
        self.castling_mode = self.detected_castling_mode();
        self
    }

    /// The position in Shredder-FEN: castling rights as rook files (`HAha`).
    pub fn to_shredder_fen(&self) -> String {
        let mut text = String::new();
        let _ = self.write_fen(&mut text, true);
        text
    }

    fn write_fen(&self, out: &mut impl Write, shredder: bool) -> fmt::Result {
        for rank in Rank::ALL.into_iter().rev() {
            let mut empty = 0;
            for file in File::ALL {
                match self.piece_on(Square::new(file, rank)) {
                    Some(piece) => {
                        if empty > 0 {
                            write!(out, "{empty}")?;
                            empty = 0;
                        }
                        out.write_char(piece.char())?;
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                write!(out, "{empty}")?;
            }
            if rank != Rank::First {
                out.write_char('/')?;
            }
        }
        write!(out, " {} ", self.side())?;
        if self.rights.is_empty() {
            out.write_char('-')?;
        }
        for color in Color::ALL {
            for wing in Wing::ALL {
                let Some(rook) = self.castle_rook(color, wing) else {
                    continue;
                };
                let letter = if !shredder && outermost_rook(self, color, wing) == Some(rook.file())
                {
                    match wing {
                        Wing::Short => 'k',
                        Wing::Long => 'q',
                    }
                } else {
                    rook.file().char()
                };
                out.write_char(match color {
                    Color::White => letter.to_ascii_uppercase(),
                    Color::Black => letter,
                })?;
            }
        }
        match self.en_passant {
            Some(square) => write!(out, " {square}")?,
            None => out.write_str(" -")?,
        }
        write!(out, " {} {}", self.halfmove_clock(), self.fullmove_number())
    }
}

/// Reads FEN strictly ([`Board::from_fen`]): six fields, or four with the clocks left out
/// (then 0 and 1), separated by ASCII white space; castling as `KQkq`, as X-FEN's outer-rook
/// letters or as Shredder-FEN's rook files; only legal positions. `Display` prints X-FEN (the
/// standard `KQkq` where it names the castling rooks), which reads back to an equal board;
/// [`Board::to_shredder_fen`] does too.
impl FromStr for Board {
    type Err = FenError;
    /// [`Board::from_fen`].
    fn from_str(text: &str) -> Result<Board, FenError> {
        Board::from_fen(text)
    }
}

/// The X-FEN of the position.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_fen(f, false)
    }
}
