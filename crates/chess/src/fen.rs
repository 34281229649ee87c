//! FEN, X-FEN and Shredder-FEN: parsing with a typed error for every field, strict position
//! validation (or a lenient constructor for impossible-but-playable positions), and printing.
//!
//! Castling rights may be written `KQkq` (the outermost rook on each wing, X-FEN) or as rook
//! files `HAha` (Shredder-FEN), so Chess960 positions round-trip. The board prints X-FEN: `K`,
//! `Q`, `k`, `q` where they are unambiguous, file letters otherwise.

use crate::attacks::{self, Bits};
use crate::board::Board;
use crate::castling::{CastleRights, Wing};
use crate::color::Color;
use crate::piece::{Piece, Role};
use crate::square::{File, Rank, Square};
use alloc::string::String;
use core::fmt::{self, Write};
use core::str::FromStr;

/// The FEN of the standard start position.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// The most pieces one side can have.
const MAX_PIECES: u32 = 16;
/// The most pawns one side can have.
const MAX_PAWNS: u32 = 8;

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

/// How strictly a FEN is checked.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Strictness {
    /// Every rule: castling rights, en passant and checks must be explainable.
    Strict,
    /// Only what move generation needs; unexplainable castling rights and en-passant squares
    /// are dropped, impossible checks accepted.
    Lenient,
}

fn parse_board(field: &str) -> Result<Board, FenError> {
    let rows: alloc::vec::Vec<&str> = field.split('/').collect();
    if rows.len() != 8 {
        return Err(FenError::WrongRankCount(rows.len()));
    }
    let mut board = Board::empty();
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
                board.toggle(
                    piece.color,
                    piece.role,
                    Square::new(File::new(file), rank) as usize,
                );
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
    Ok(board)
}

/// The outermost rook of `color` on `wing` of its king on its first rank.
fn outermost_rook(board: &Board, color: Color, wing: Wing) -> Option<File> {
    let king = board.king_square(color);
    let rank = Rank::First.relative_to(color);
    let rooks = board.bits(color, Role::Rook);
    let mut files = File::ALL.into_iter().filter(|&file| {
        rooks & Square::new(file, rank).bit() != 0
            && match wing {
                Wing::Short => file > king.file(),
                Wing::Long => file < king.file(),
            }
    });
    match wing {
        Wing::Short => files.next_back(),
        Wing::Long => files.next(),
    }
}

/// Reads the castling field into `board`. Rights that do not match the pieces are an error
/// when strict and dropped when lenient.
fn parse_castling(board: &mut Board, field: &str, strictness: Strictness) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    for letter in field.chars() {
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let king_bits = board.bits(color, Role::King);
        let back_rank = Rank::First.relative_to(color);
        let king_in_place =
            king_bits.count_ones() == 1 && board.king_square(color).rank() == back_rank;
        // Chess960 starts the king between its rooks, so never in a corner: a right with the
        // king there is impossible (the lenient constructor keeps it, as perft tools do).
        if king_in_place
            && strictness == Strictness::Strict
            && matches!(board.king_square(color).file(), File::A | File::H)
        {
            return Err(PositionError::InvalidCastlingRights(color).into());
        }
        let wanted = match letter.to_ascii_lowercase() {
            'k' => Some(Wing::Short),
            'q' => Some(Wing::Long),
            'a'..='h' => None,
            _ => return Err(FenError::InvalidCastling(letter)),
        };
        let found = if !king_in_place {
            None
        } else if let Some(wing) = wanted {
            outermost_rook(board, color, wing).map(|file| (wing, file))
        } else {
            let file = File::from_char(letter).ok_or(FenError::InvalidCastling(letter))?;
            let king_file = board.king_square(color).file();
            let rook_here = board.bits(color, Role::Rook) & Square::new(file, back_rank).bit() != 0;
            match (rook_here, file.cmp(&king_file)) {
                (true, core::cmp::Ordering::Greater) => Some((Wing::Short, file)),
                (true, core::cmp::Ordering::Less) => Some((Wing::Long, file)),
                _ => None,
            }
        };
        match found {
            Some((wing, file)) => {
                board.rights |= CastleRights::of(color, wing);
                board.castle_files[color.index()][wing as usize] = file;
            }
            None if strictness == Strictness::Strict => {
                return Err(PositionError::InvalidCastlingRights(color).into());
            }
            None => {}
        }
    }
    Ok(())
}

/// Whether the checks on the side to move could follow from some last move, given the
/// double step `en_passant` says was just made.
fn checks_are_possible(board: &Board, en_passant: Option<Square>) -> bool {
    let checkers = board.checks().0;
    let king = board.king_square(board.side) as usize;
    match checkers.count_ones() {
        0 => return true,
        1 => {}
        2 => {
            let first = checkers.trailing_zeros() as usize;
            let second = 63 - checkers.leading_zeros() as usize;
            if attacks::line(first, second) & (1 << king) != 0 {
                return false;
            }
        }
        _ => return false,
    }
    if let Some(square) = en_passant {
        let (pushed, origin) = match board.side {
            Color::White => (square as usize - 8, square as usize + 8),
            Color::Black => (square as usize + 8, square as usize - 8),
        };
        let mut remaining: Bits = checkers;
        while remaining != 0 {
            let checker = remaining.trailing_zeros() as usize;
            let explained =
                checker == pushed || attacks::between(king, checker) & (1 << origin) != 0;
            if !explained {
                return false;
            }
            remaining &= remaining - 1;
        }
    }
    true
}

fn parse(text: &str, strictness: Strictness) -> Result<Board, FenError> {
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

    let mut board = parse_board(board_field)?;
    board.side = side_field
        .parse()
        .map_err(|_| FenError::InvalidSideToMove)?;
    if let Some(field) = halfmove_field {
        board.halfmove_clock = field.parse().map_err(|_| FenError::InvalidHalfmoveClock)?;
    }
    if let Some(field) = fullmove_field {
        board.fullmove_number = field
            .parse()
            .ok()
            .filter(|&number| number > 0)
            .ok_or(FenError::InvalidFullmoveNumber)?;
    }
    let en_passant = match en_passant_field {
        "-" => None,
        field => {
            let square: Square = field
                .parse()
                .map_err(|_| FenError::InvalidEnPassantSquare)?;
            if square.rank() != Rank::Sixth.relative_to(board.side) {
                return Err(FenError::InvalidEnPassantSquare);
            }
            Some(square)
        }
    };

    // Material: kings first, since castling needs them.
    for color in Color::ALL {
        match board.bits(color, Role::King).count_ones() {
            0 => return Err(PositionError::MissingKing(color).into()),
            1 => {}
            _ => return Err(PositionError::TooManyKings(color).into()),
        }
        if !material_is_reachable(&board, color) {
            return Err(PositionError::TooMuchMaterial(color).into());
        }
    }
    if board.roles[Role::Pawn as usize] & crate::movegen::PROMOTION_RANKS != 0 {
        return Err(PositionError::PawnOnBackRank.into());
    }
    parse_castling(&mut board, castling_field, strictness)?;

    // The side not to move may not be in check: its king could be taken.
    let them = !board.side;
    let their_king = board.king_square(them) as usize;
    if board.attacked_by(board.side, their_king, board.occupied_bits()) {
        return Err(PositionError::OppositeCheck.into());
    }

    let en_passant = en_passant.filter(|&square| {
        let ahead = match board.side {
            Color::White => square as usize - 8,
            Color::Black => square as usize + 8,
        };
        let behind = match board.side {
            Color::White => square as usize + 8,
            Color::Black => square as usize - 8,
        };
        board.bits(them, Role::Pawn) & (1 << ahead) != 0
            && board.occupied_bits() & ((1 << behind) | square.bit()) == 0
    });
    if en_passant.is_none() && en_passant_field != "-" && strictness == Strictness::Strict {
        return Err(PositionError::InvalidEnPassant.into());
    }

    if strictness == Strictness::Strict && !checks_are_possible(&board, en_passant) {
        return Err(PositionError::ImpossibleCheck.into());
    }
    // Keep the en-passant square only when a pawn could take (the Polyglot rule).
    board.en_passant = en_passant.filter(|&square| {
        attacks::pawn(them.index(), square as usize) & board.bits(board.side, Role::Pawn) != 0
    });
    board.update_castle_squares();
    board.hash = board.hash_from_scratch();
    board.pawn_key = board.pawn_key_from_scratch();
    Ok(board)
}

/// Whether `color`'s material could come from the starting set by promotions.
fn material_is_reachable(board: &Board, color: Color) -> bool {
    let count = |role| board.bits(color, role).count_ones();
    let pawns = count(Role::Pawn);
    let promoted = count(Role::Queen).saturating_sub(1)
        + count(Role::Rook).saturating_sub(2)
        + count(Role::Bishop).saturating_sub(2)
        + count(Role::Knight).saturating_sub(2);
    board.colors[color.index()].count_ones() <= MAX_PIECES
        && pawns <= MAX_PAWNS
        && promoted <= MAX_PAWNS - pawns
}

impl Board {
    /// Parses a FEN, X-FEN or Shredder-FEN and checks that the position is legal (every check
    /// listed in [`PositionError`]). The halfmove and fullmove fields may be left out.
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
        parse(fen, Strictness::Strict)
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
        parse(fen, Strictness::Lenient)
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
        write!(out, " {} ", self.side)?;
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
        write!(out, " {} {}", self.halfmove_clock, self.fullmove_number)
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
