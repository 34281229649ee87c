//! Standard Algebraic Notation as a value: [`San`] is what a SAN text says (`Nbd7`, `exd6`,
//! `e8=Q`, `O-O-O`) and [`SanPlus`] adds the check or mate sign. Both parse and print without a
//! board; on a board a SAN resolves to the one legal [`Move`] it names ([`San::to_move`]) and a
//! legal move turns into SAN with the least disambiguation that makes it unique
//! ([`San::from_move`]).
//!
//! Parsing is lenient where the intent is clear and strict where it is not; [`San`] has the
//! table.

use crate::attacks;
use crate::board::Board;
use crate::castling::Wing;
use crate::color::Color;
use crate::moves::{Move, MoveKind};
use crate::piece::Role;
use crate::square::{File, Rank, Square};
use alloc::string::String;
use core::fmt::{self, Write};
use core::str::FromStr;

/// Why a text is not SAN (see [`San`] for what is accepted).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ParseSanError {
    /// The text is empty (or holds only a check sign or annotation glyphs).
    Empty,
    /// Begins like castling (`O` or `0`) but is not `O-O` or `O-O-O`.
    Castling,
    /// No destination square where one was expected.
    MissingSquare,
    /// A promotion that cannot be: to a pawn or a king, by a piece, or not on the last rank.
    Promotion,
    /// A character that has no place here, at this byte index of the text.
    UnexpectedCharacter(usize),
}

impl fmt::Display for ParseSanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseSanError::Empty => f.write_str("empty SAN"),
            ParseSanError::Castling => f.write_str("castling is written O-O or O-O-O"),
            ParseSanError::MissingSquare => {
                f.write_str("SAN without a destination square (expected e.g. e4, Nf3, exd5)")
            }
            ParseSanError::Promotion => f.write_str(
                "a promotion must be a pawn's move to the last rank, to a knight, bishop, rook or queen",
            ),
            ParseSanError::UnexpectedCharacter(index) => {
                write!(f, "unexpected character at byte {index} of the SAN")
            }
        }
    }
}

impl core::error::Error for ParseSanError {}

/// Why a SAN did not name a legal move on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SanError {
    /// The text is not SAN (only from the entry points that take text, e.g.
    /// [`Board::parse_san`]).
    Syntax(ParseSanError),
    /// The side to move has no piece of the named kind (on the named file or rank).
    NoSuchPiece,
    /// The move is written as a capture (`x`), but there is nothing to take on its square.
    NothingToCapture,
    /// Well-formed, but no legal move matches.
    Illegal,
    /// Several legal moves match (the disambiguation is missing).
    Ambiguous,
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Syntax(error) => write!(f, "not a SAN move: {error}"),
            SanError::NoSuchPiece => {
                f.write_str("the side to move has no such piece for the SAN move")
            }
            SanError::NothingToCapture => {
                f.write_str("the SAN move is a capture, but its square holds nothing to take")
            }
            SanError::Illegal => f.write_str("the SAN move is not legal in this position"),
            SanError::Ambiguous => {
                f.write_str("the SAN move matches several legal moves: add the origin file or rank")
            }
        }
    }
}

impl core::error::Error for SanError {}

impl From<ParseSanError> for SanError {
    fn from(error: ParseSanError) -> SanError {
        SanError::Syntax(error)
    }
}

/// A move in SAN, without a board: the piece, what disambiguates it, whether it captures, its
/// square and promotion; or castling.
///
/// Parsing is lenient where the intent is clear and strict where it is not:
///
/// | text | read as | why |
/// | --- | --- | --- |
/// | `0-0`, `0-0-0` | `O-O`, `O-O-O` | zeros for the letter O are common |
/// | `Pe4` | `e4` | an explicit pawn letter names the pawn |
/// | `b8=q` | `b8=Q` | after `=` the letter can only be the promotion piece |
/// | `b8Q` | `b8=Q` | an upper-case piece letter after the square names the promotion |
/// | `b8q` | error | a lower-case letter after the square reads as the start of another square |
/// | `e4!?`, `Nf3+`, `Qxf7#!!` | `e4`, `Nf3+`, `Qxf7#` | annotation glyphs are dropped, the check sign kept |
/// | `Ng1f3`, `e2e4` | `Nf3`, `e4` | extra disambiguation is harmless |
/// | `Nf3` capturing on f3 | the capture | a missing `x` loses nothing: the board says what is taken |
/// | `Nxf3` with f3 empty | [`SanError::NothingToCapture`] | the text claims a capture the board does not have |
/// | `nf3`, `b8=K`, `Nf3=Q`, `e5=Q` | [`ParseSanError`] | not SAN in any position |
///
/// A check sign that the move does not give (or a missing one) is not an error: the sign is
/// printed from the board by [`SanPlus::from_move`], and the move is what counts when reading.
///
/// ```
/// use plyforge_chess::{Board, San, Square, Role};
/// let san: San = "Nbd7".parse()?;
/// assert_eq!(san, San::Normal {
///     role: Role::Knight, file: Some(plyforge_chess::File::B), rank: None,
///     capture: false, to: Square::D7, promotion: None,
/// });
/// assert_eq!(san.to_string(), "Nbd7");
///
/// let board = Board::default();
/// let mv = "Nf3".parse::<San>()?.to_move(&board)?;
/// assert_eq!(San::from_move(&board, mv).to_string(), "Nf3");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum San {
    /// Any move but castling.
    Normal {
        /// The piece that moves.
        role: Role,
        /// The origin's file, when written.
        file: Option<File>,
        /// The origin's rank, when written.
        rank: Option<Rank>,
        /// Whether the text marks a capture (`x`).
        capture: bool,
        /// The destination square.
        to: Square,
        /// The piece a pawn promotes to.
        promotion: Option<Role>,
    },
    /// Castling on a wing (`O-O` short, `O-O-O` long), Chess960 included.
    Castle(Wing),
}

/// The check sign after a SAN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Suffix {
    /// `+`
    Check,
    /// `#`
    Checkmate,
}

impl Suffix {
    /// The sign: `'+'` or `'#'`.
    pub const fn char(self) -> char {
        match self {
            Suffix::Check => '+',
            Suffix::Checkmate => '#',
        }
    }
}

/// A [`San`] with its check or mate sign, as moves are written in games.
///
/// ```
/// use plyforge_chess::{Board, SanPlus, Suffix};
/// let san: SanPlus = "Qxf7#".parse()?;
/// assert_eq!(san.suffix, Some(Suffix::Checkmate));
/// let board: Board = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 4".parse()?;
/// let mv = san.san.to_move(&board)?;
/// assert_eq!(SanPlus::from_move(&board, mv), san);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SanPlus {
    /// The move.
    pub san: San,
    /// The check or mate sign, if written.
    pub suffix: Option<Suffix>,
}

/// The squares of the a-file.
const FILE_A: u64 = 0x0101_0101_0101_0101;
/// The squares of the first rank.
const RANK_1: u64 = 0xFF;

/// The piece letters SAN uses, upper case only (a lower-case letter is a file).
const fn piece_letter(byte: u8) -> Option<Role> {
    match byte {
        b'P' => Some(Role::Pawn),
        b'N' => Some(Role::Knight),
        b'B' => Some(Role::Bishop),
        b'R' => Some(Role::Rook),
        b'Q' => Some(Role::Queen),
        b'K' => Some(Role::King),
        _ => None,
    }
}

const fn file_of(byte: u8) -> Option<File> {
    match byte {
        b'a'..=b'h' => Some(File::new(byte - b'a')),
        _ => None,
    }
}

const fn rank_of(byte: u8) -> Option<Rank> {
    match byte {
        b'1'..=b'8' => Some(Rank::new(byte - b'1')),
        _ => None,
    }
}

/// Whether `byte` is an annotation glyph (`!` or `?`).
const fn is_glyph(byte: u8) -> bool {
    matches!(byte, b'!' | b'?')
}

/// A cursor over the bytes of one SAN.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn eat(&mut self, byte: u8) -> bool {
        let found = self.peek() == Some(byte);
        self.at += usize::from(found);
        found
    }

    fn file(&mut self) -> Option<File> {
        let file = file_of(self.peek()?)?;
        self.at += 1;
        Some(file)
    }

    fn rank(&mut self) -> Option<Rank> {
        let rank = rank_of(self.peek()?)?;
        self.at += 1;
        Some(rank)
    }

    fn square(&mut self) -> Result<Square, ParseSanError> {
        match (self.file(), self.rank()) {
            (Some(file), Some(rank)) => Ok(Square::new(file, rank)),
            _ => Err(ParseSanError::MissingSquare),
        }
    }
}

impl Board {
    /// The origins (among `within`) of the legal moves of the side to move's pieces of `role`
    /// to `to`, and those among them that take en passant: what resolving and disambiguating
    /// SAN need. Only the pieces of that role that reach `to` by the rules of their kind are
    /// looked at, each played on a copy to see that its king stays safe; no list of every move
    /// is built.
    fn legal_origins(&self, role: Role, to: Square, within: u64) -> (u64, u64) {
        let us = self.side_to_move();
        let them = !us;
        let target = to.index();
        let target_bit = to.bit();
        if self.color_pieces(us).bits() & target_bit != 0 {
            return (0, 0);
        }
        let occupied = self.occupied().bits();
        let pieces = self.pieces(us, role).bits() & within;
        let mut en_passant = 0;
        let reach = match role {
            Role::Knight => attacks::knight(target),
            Role::Bishop => attacks::bishop(target, occupied),
            Role::Rook => attacks::rook(target, occupied),
            Role::Queen => attacks::queen(target, occupied),
            Role::King => attacks::king(target),
            Role::Pawn => {
                // The squares from which a pawn of ours takes on `to`.
                let takers = attacks::pawn(them.index(), target);
                if self.color_pieces(them).bits() & target_bit != 0 {
                    takers
                } else if self.en_passant() == Some(to) {
                    en_passant = takers & pieces;
                    takers
                } else {
                    let (single, double_rank, double) = match us {
                        Color::White => (target_bit >> 8, Rank::Fourth, target_bit >> 16),
                        Color::Black => (target_bit << 8, Rank::Fifth, target_bit << 16),
                    };
                    let double = if to.rank() == double_rank && single & occupied == 0 {
                        double
                    } else {
                        0
                    };
                    single | double
                }
            }
        };
        let mut candidates = reach & pieces;
        if candidates == 0 {
            return (0, 0);
        }
        let king = self.king_square(us).index();
        let (checkers, pinned) = self.checks();
        if role != Role::King && en_passant == 0 && checkers == 0 {
            // Out of check a piece that is not pinned may go anywhere it reaches, and a pinned
            // one along its pin.
            let free = candidates & !pinned;
            let mut along_pin = 0;
            let mut pinned_candidates = candidates & pinned;
            while pinned_candidates != 0 {
                let from = pinned_candidates.trailing_zeros() as usize;
                if attacks::line(king, from) & target_bit != 0 {
                    along_pin |= 1 << from;
                }
                pinned_candidates &= pinned_candidates - 1;
            }
            return (free | along_pin, 0);
        }
        // In check, for the king and for en passant: each candidate played on a copy.
        let mut origins = 0;
        while candidates != 0 {
            let from = Square::from_index(candidates.trailing_zeros() as u8);
            candidates &= candidates - 1;
            let mv = if en_passant & from.bit() != 0 {
                Move::en_passant(from, to)
            } else if role == Role::Pawn && matches!(to.rank(), Rank::First | Rank::Eighth) {
                Move::promotion(from, to, Role::Queen)
            } else {
                Move::normal(from, to)
            };
            let mut child = *self;
            child.play(mv);
            let king = child.king_square(us).index();
            if !child.attacked_by(them, king, child.occupied_bits()) {
                origins |= from.bit();
            }
        }
        (origins, en_passant & origins)
    }
}

impl San {
    /// Reads SAN from ASCII bytes: the move, then an optional check sign and annotation glyphs
    /// (dropped; see [`SanPlus::from_ascii`] to keep the sign).
    ///
    /// # Errors
    /// [`ParseSanError`] when the bytes are not SAN.
    pub fn from_ascii(text: &[u8]) -> Result<San, ParseSanError> {
        SanPlus::from_ascii(text).map(|san| san.san)
    }

    /// Reads the move part alone: no sign, no glyphs.
    fn from_move_text(text: &[u8]) -> Result<San, ParseSanError> {
        match text {
            [] => return Err(ParseSanError::Empty),
            b"O-O" | b"0-0" => return Ok(San::Castle(Wing::Short)),
            b"O-O-O" | b"0-0-0" => return Ok(San::Castle(Wing::Long)),
            [b'O' | b'0', ..] => return Err(ParseSanError::Castling),
            _ => {}
        }
        let mut cursor = Cursor { bytes: text, at: 0 };
        let role = match piece_letter(text[0]) {
            Some(role) => {
                cursor.at = 1;
                role
            }
            None => Role::Pawn,
        };
        // Up to a file and a rank of disambiguation, an optional `x`, then the square: when no
        // second square follows, what was read as disambiguation is the destination.
        let first_file = cursor.file();
        let first_rank = cursor.rank();
        let capture = cursor.eat(b'x');
        let (file, rank, to) = if capture || cursor.peek().and_then(file_of).is_some() {
            (first_file, first_rank, cursor.square()?)
        } else {
            match (first_file, first_rank) {
                (Some(file), Some(rank)) => (None, None, Square::new(file, rank)),
                _ => return Err(ParseSanError::MissingSquare),
            }
        };
        let promotion = if cursor.eat(b'=') {
            let letter = cursor.peek().ok_or(ParseSanError::Promotion)?;
            cursor.at += 1;
            Some(Role::from_char(letter as char).ok_or(ParseSanError::Promotion)?)
        } else if let Some(role) = cursor.peek().and_then(piece_letter) {
            cursor.at += 1;
            Some(role)
        } else {
            None
        };
        if cursor.at != text.len() {
            return Err(ParseSanError::UnexpectedCharacter(cursor.at));
        }
        if let Some(promoted) = promotion {
            let last_rank = matches!(to.rank(), Rank::First | Rank::Eighth);
            if role != Role::Pawn || matches!(promoted, Role::Pawn | Role::King) || !last_rank {
                return Err(ParseSanError::Promotion);
            }
        }
        Ok(San::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        })
    }

    /// The legal move this SAN names on `board`.
    ///
    /// ```
    /// use plyforge_chess::{Board, San, SanError};
    /// let board = Board::default();
    /// let san = |text: &str| text.parse::<San>().unwrap();
    /// assert_eq!(san("e4").to_move(&board)?.to_string(), "e2e4");
    /// assert_eq!(san("Qh5").to_move(&board), Err(SanError::Illegal));
    /// assert_eq!(san("Nxf3").to_move(&board), Err(SanError::NothingToCapture));
    /// assert_eq!(san("Nd4").to_move(&board), Err(SanError::Illegal));
    /// assert_eq!(san("Ncf3").to_move(&board), Err(SanError::NoSuchPiece));
    /// # Ok::<(), SanError>(())
    /// ```
    ///
    /// # Errors
    /// [`SanError`]: no such piece, nothing to capture, not legal, or ambiguous.
    pub fn to_move(self, board: &Board) -> Result<Move, SanError> {
        let (role, file, rank, capture, to, promotion) = match self {
            San::Castle(wing) => {
                let short = wing == Wing::Short;
                return board
                    .legal_moves()
                    .into_iter()
                    .find(|mv| {
                        mv.is_castle() && (mv.castle_king_target().file() == File::G) == short
                    })
                    .ok_or(SanError::Illegal);
            }
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => (role, file, rank, capture, to, promotion),
        };
        let us = board.side_to_move();
        let file_mask = file.map_or(u64::MAX, |file| FILE_A << file.index());
        let rank_mask = rank.map_or(u64::MAX, |rank| RANK_1 << (8 * rank.index()));
        if board.pieces(us, role).bits() & file_mask & rank_mask == 0 {
            return Err(SanError::NoSuchPiece);
        }
        let takes_en_passant = role == Role::Pawn && board.en_passant() == Some(to);
        if capture && board.color_on(to) != Some(!us) && !takes_en_passant {
            return Err(SanError::NothingToCapture);
        }
        let (candidates, en_passant) = board.legal_origins(role, to, file_mask & rank_mask);
        let promotes = role == Role::Pawn && matches!(to.rank(), Rank::First | Rank::Eighth);
        if candidates == 0 || promotes != promotion.is_some() {
            return Err(SanError::Illegal);
        }
        if candidates & (candidates - 1) != 0 {
            return Err(SanError::Ambiguous);
        }
        let from = Square::from_index(candidates.trailing_zeros() as u8);
        Ok(if en_passant != 0 {
            Move::en_passant(from, to)
        } else if let Some(promoted) = promotion {
            Move::promotion(from, to, promoted)
        } else {
            Move::normal(from, to)
        })
    }

    /// `mv` (legal on `board`) in SAN, disambiguated by file, rank or both only as far as the
    /// other legal moves require.
    pub fn from_move(board: &Board, mv: Move) -> San {
        if mv.is_castle() {
            return San::Castle(if mv.castle_king_target().file() == File::G {
                Wing::Short
            } else {
                Wing::Long
            });
        }
        let role = board.role_on(mv.from()).unwrap_or(Role::Pawn);
        let capture = board.color_on(mv.to()).is_some() || mv.kind() == MoveKind::EnPassant;
        let (mut file, mut rank) = (None, None);
        if role == Role::Pawn {
            if capture {
                file = Some(mv.from().file());
            }
        } else {
            let rivals = board.legal_origins(role, mv.to(), u64::MAX).0 & !mv.from().bit();
            let any = rivals != 0;
            let same_file = rivals & (FILE_A << mv.from().file().index()) != 0;
            let same_rank = rivals & (RANK_1 << (8 * mv.from().rank().index())) != 0;
            if any && (!same_file || same_rank) {
                file = Some(mv.from().file());
            }
            if any && same_file {
                rank = Some(mv.from().rank());
            }
        }
        San::Normal {
            role,
            file,
            rank,
            capture,
            to: mv.to(),
            promotion: mv.promotion_role(),
        }
    }
}

impl FromStr for San {
    type Err = ParseSanError;

    fn from_str(text: &str) -> Result<San, ParseSanError> {
        San::from_ascii(text.as_bytes())
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            San::Castle(Wing::Short) => f.write_str("O-O"),
            San::Castle(Wing::Long) => f.write_str("O-O-O"),
            San::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    f.write_char(role.upper_char())?;
                }
                if let Some(file) = file {
                    write!(f, "{file}")?;
                }
                if let Some(rank) = rank {
                    write!(f, "{rank}")?;
                }
                if capture {
                    f.write_char('x')?;
                }
                write!(f, "{to}")?;
                if let Some(promoted) = promotion {
                    write!(f, "={}", promoted.upper_char())?;
                }
                Ok(())
            }
        }
    }
}

impl SanPlus {
    /// Reads SAN with its optional check or mate sign; trailing annotation glyphs (`!`, `?`,
    /// `!?` and the like, at most two) are accepted and dropped.
    ///
    /// # Errors
    /// [`ParseSanError`] when the bytes are not SAN.
    pub fn from_ascii(text: &[u8]) -> Result<SanPlus, ParseSanError> {
        let mut end = text.len();
        let glyphs = text
            .iter()
            .rev()
            .take_while(|&&byte| is_glyph(byte))
            .count();
        if glyphs > 2 {
            return Err(ParseSanError::UnexpectedCharacter(end - glyphs));
        }
        end -= glyphs;
        let suffix = match text[..end].last() {
            Some(b'+') => Some(Suffix::Check),
            Some(b'#') => Some(Suffix::Checkmate),
            _ => None,
        };
        end -= usize::from(suffix.is_some());
        let san = San::from_move_text(&text[..end])?;
        Ok(SanPlus { san, suffix })
    }

    /// `mv` (legal on `board`) in SAN with `+` or `#` when it checks or mates.
    pub fn from_move(board: &Board, mv: Move) -> SanPlus {
        let san = San::from_move(board, mv);
        let mut after = *board;
        after.play(mv);
        let suffix = if !after.in_check() {
            None
        } else if after.count_moves() == 0 {
            Some(Suffix::Checkmate)
        } else {
            Some(Suffix::Check)
        };
        SanPlus { san, suffix }
    }

    /// The legal move this SAN names on `board` (the sign is not checked).
    ///
    /// # Errors
    /// As [`San::to_move`].
    pub fn to_move(self, board: &Board) -> Result<Move, SanError> {
        self.san.to_move(board)
    }
}

impl FromStr for SanPlus {
    type Err = ParseSanError;

    fn from_str(text: &str) -> Result<SanPlus, ParseSanError> {
        SanPlus::from_ascii(text.as_bytes())
    }
}

impl fmt::Display for SanPlus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.san)?;
        if let Some(suffix) = self.suffix {
            f.write_char(suffix.char())?;
        }
        Ok(())
    }
}

impl From<San> for SanPlus {
    fn from(san: San) -> SanPlus {
        SanPlus { san, suffix: None }
    }
}

impl Board {
    /// The legal move `text` names in SAN (see [`San`] for what is accepted).
    ///
    /// ```
    /// use plyforge_chess::{Board, ParseSanError, SanError};
    /// let board = Board::default();
    /// let mv = board.parse_san("Nf3")?;
    /// assert_eq!(mv.to_string(), "g1f3");
    /// assert_eq!(board.parse_san("Nf4"), Err(SanError::Illegal));
    /// assert_eq!(board.parse_san("Zz9"), Err(SanError::Syntax(ParseSanError::MissingSquare)));
    /// # Ok::<(), SanError>(())
    /// ```
    ///
    /// [`Board::san`] prints standard SAN, which always reads back to the same move.
    ///
    /// # Errors
    /// [`SanError`]: not SAN, no such piece, nothing to capture, not legal, or ambiguous.
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        San::from_ascii(text.as_bytes())?.to_move(self)
    }

    /// `mv` (legal here) in SAN, with `+` or `#` when it checks or mates.
    ///
    /// ```
    /// use plyforge_chess::Board;
    /// let board: Board = "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 4".parse()?;
    /// let mate = board.parse_uci("h5f7")?;
    /// assert_eq!(board.san(mate), "Qxf7#");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn san(&self, mv: Move) -> String {
        let mut text = String::new();
        let _ = self.write_san(mv, &mut text);
        text
    }

    /// Writes `mv` (legal here) in SAN to `out`.
    ///
    /// # Errors
    /// Only those of `out`.
    pub fn write_san(&self, mv: Move, out: &mut impl Write) -> fmt::Result {
        write!(out, "{}", SanPlus::from_move(self, mv))
    }
}
