//! Standard Algebraic Notation: printing (`Nbd7`, `exd6`, `e8=Q+`, `O-O-O#`) with the least
//! disambiguation that makes the move unique, and parsing that accepts the usual variants
//! (`0-0`, a missing or extra `x`, `e8Q`, trailing `+`, `#`, `!`, `?`).

use crate::board::Board;
use crate::moves::{Move, MoveKind};
use crate::piece::Role;
use crate::square::{File, Rank, Square};
use alloc::string::String;
use core::fmt::{self, Write};

/// Why a SAN move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SanError {
    /// Not SAN: no destination square, an unknown piece letter, stray characters.
    Syntax,
    /// Well-formed, but no legal move matches.
    Illegal,
    /// Several legal moves match (the disambiguation is missing).
    Ambiguous,
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Syntax => {
                f.write_str("not a SAN move: expected e.g. e4, Nbd7, exd6, e8=Q, O-O or O-O-O")
            }
            SanError::Illegal => f.write_str("the SAN move is not legal in this position"),
            SanError::Ambiguous => {
                f.write_str("the SAN move matches several legal moves: add the origin file or rank")
            }
        }
    }
}

impl core::error::Error for SanError {}

/// What a SAN string asks for.
struct SanParts {
    role: Role,
    from_file: Option<File>,
    from_rank: Option<Rank>,
    to: Square,
    promotion: Option<Role>,
}

/// A castling SAN: `Some(true)` for the king's side, `Some(false)` for the queen's side.
fn castle_side(text: &str) -> Option<bool> {
    match text {
        "O-O" | "0-0" => Some(true),
        "O-O-O" | "0-0-0" => Some(false),
        _ => None,
    }
}

fn split(text: &str) -> Result<SanParts, SanError> {
    if !text.is_ascii() || text.len() < 2 {
        return Err(SanError::Syntax);
    }
    let mut bytes = text.as_bytes();
    let role = match bytes[0] {
        b'N' => Role::Knight,
        b'B' => Role::Bishop,
        b'R' => Role::Rook,
        b'Q' => Role::Queen,
        b'K' => Role::King,
        _ => Role::Pawn,
    };
    if role != Role::Pawn {
        bytes = &bytes[1..];
    }
    let mut promotion = None;
    let promoted = bytes.last().and_then(|&last| {
        Role::from_char(last as char)
            .filter(|role| last.is_ascii_uppercase() && !matches!(role, Role::Pawn | Role::King))
    });
    if let Some(role) = promoted {
        promotion = Some(role);
        bytes = &bytes[..bytes.len() - 1];
        if bytes.last() == Some(&b'=') {
            bytes = &bytes[..bytes.len() - 1];
        }
    }
    if bytes.len() < 2 {
        return Err(SanError::Syntax);
    }
    let (prefix, square) = bytes.split_at(bytes.len() - 2);
    let to = core::str::from_utf8(square)
        .ok()
        .and_then(|square| square.parse().ok())
        .ok_or(SanError::Syntax)?;
    let prefix = match prefix.split_last() {
        Some((b'x', rest)) => rest,
        _ => prefix,
    };
    let (mut from_file, mut from_rank) = (None, None);
    for &byte in prefix {
        match byte {
            b'a'..=b'h' if from_file.is_none() && from_rank.is_none() => {
                from_file = File::from_char(byte as char);
            }
            b'1'..=b'8' if from_rank.is_none() => from_rank = Rank::from_char(byte as char),
            _ => return Err(SanError::Syntax),
        }
    }
    if promotion.is_some() && role != Role::Pawn {
        return Err(SanError::Syntax);
    }
    Ok(SanParts {
        role,
        from_file,
        from_rank,
        to,
        promotion,
    })
}

impl Board {
    /// The legal move `text` names in SAN.
    ///
    /// ```
    /// use plyforge_chess::{Board, SanError};
    /// let board = Board::default();
    /// let mv = board.parse_san("Nf3")?;
    /// assert_eq!(mv.to_string(), "g1f3");
    /// assert_eq!(board.parse_san("Nf4"), Err(SanError::Illegal));
    /// assert_eq!(board.parse_san("Zz9"), Err(SanError::Syntax));
    /// # Ok::<(), SanError>(())
    /// ```
    ///
    /// Lenient where writers differ (the module documentation lists how: `0-0`, a missing or
    /// extra `x`, `e8Q`, suffixes). [`Board::san`] prints standard SAN, which always reads back
    /// to the same move.
    ///
    /// # Errors
    /// [`SanError`]: not SAN, not legal, or ambiguous.
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        let text = text.trim_end_matches(['+', '#', '!', '?']);
        let moves = self.legal_moves();
        if let Some(short) = castle_side(text) {
            return moves
                .into_iter()
                .find(|mv| mv.is_castle() && (mv.castle_king_target().file() == File::G) == short)
                .ok_or(SanError::Illegal);
        }
        let parts = split(text)?;
        let mut found = None;
        for mv in moves {
            let matches = !mv.is_castle()
                && mv.to() == parts.to
                && self.role_on(mv.from()) == Some(parts.role)
                && parts.from_file.is_none_or(|file| mv.from().file() == file)
                && parts.from_rank.is_none_or(|rank| mv.from().rank() == rank)
                && mv.promotion_role() == parts.promotion;
            if matches {
                if found.is_some() {
                    return Err(SanError::Ambiguous);
                }
                found = Some(mv);
            }
        }
        found.ok_or(SanError::Illegal)
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
        if mv.is_castle() {
            out.write_str(if mv.castle_king_target().file() == File::G {
                "O-O"
            } else {
                "O-O-O"
            })?;
        } else {
            let role = self.role_on(mv.from()).unwrap_or(Role::Pawn);
            let capture = self.color_on(mv.to()).is_some() || mv.kind() == MoveKind::EnPassant;
            if role == Role::Pawn {
                if capture {
                    write!(out, "{}x", mv.from().file())?;
                }
                write!(out, "{}", mv.to())?;
                if let Some(promoted) = mv.promotion_role() {
                    write!(out, "={}", promoted.upper_char())?;
                }
            } else {
                out.write_char(role.upper_char())?;
                let rivals = self.legal_moves().into_iter().filter(|other| {
                    other.to() == mv.to()
                        && other.from() != mv.from()
                        && !other.is_castle()
                        && self.role_on(other.from()) == Some(role)
                });
                let (mut any, mut same_file, mut same_rank) = (false, false, false);
                for other in rivals {
                    any = true;
                    same_file |= other.from().file() == mv.from().file();
                    same_rank |= other.from().rank() == mv.from().rank();
                }
                if any && (!same_file || same_rank) {
                    write!(out, "{}", mv.from().file())?;
                }
                if any && same_file {
                    write!(out, "{}", mv.from().rank())?;
                }
                if capture {
                    out.write_char('x')?;
                }
                write!(out, "{}", mv.to())?;
            }
        }
        let mut after = *self;
        after.play(mv);
        if after.in_check() {
            out.write_char(if after.count_moves() == 0 { '#' } else { '+' })?;
        }
        Ok(())
    }
}
