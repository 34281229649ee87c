//! EPD: a position (the four FEN fields, optionally followed by the two clocks) and a list of
//! operations such as `bm Qg6; id "WAC.001";` or the perft suites' `;D1 20 ;D2 400`.
//!
//! Parsing is lenient where files in the wild differ: the clocks may follow the four fields;
//! empty operations (`;;`) are skipped; an operand is a word or a quoted string, in which `"`
//! stands for a quote and `\` for a backslash (PGN's convention; EPD itself defines no
//! escapes). Printing writes the clocks only when they differ from `0 1`, and quotes an operand
//! that is empty or holds white space, `;`, `"` or `\`, escaping the last two. So every record
//! this module prints parses back to an equal [`Epd`].

use crate::board::Board;
use crate::fen::FenError;
use crate::moves::Move;
use crate::san::SanError;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

/// One EPD operation: an opcode and its operands (quoted strings unquoted).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Operation {
    /// The opcode, such as `bm`, `am`, `id` or `D1`.
    pub opcode: String,
    /// The operands, in order.
    pub operands: Vec<String>,
}

/// An EPD record.
///
/// ```
/// use plyforge_chess::Epd;
/// let epd: Epd = r#"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - bm Qg6; id "WAC.001";"#.parse()?;
/// assert_eq!(epd.id(), Some("WAC.001"));
/// assert_eq!(epd.best_moves()?.len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Epd {
    /// The position.
    pub board: Board,
    /// The operations, in order.
    pub operations: Vec<Operation>,
}

/// Why an EPD record could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EpdError {
    /// The position fields are not a valid FEN.
    Fen(FenError),
    /// A quoted operand has no closing quote.
    UnterminatedQuote,
    /// An operation's opcode does not start with a letter or holds other than letters,
    /// digits and underscores.
    InvalidOpcode,
}

impl fmt::Display for EpdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EpdError::Fen(error) => write!(f, "EPD position: {error}"),
            EpdError::UnterminatedQuote => f.write_str("EPD operand has no closing quote"),
            EpdError::InvalidOpcode => f.write_str(
                "EPD opcode must start with a letter and hold only letters, digits and `_`",
            ),
        }
    }
}

impl core::error::Error for EpdError {}

/// Reads a quoted string (after its opening quote) with its escapes; returns it and the text
/// after its closing quote.
fn quoted_string(text: &str) -> Result<(String, &str), EpdError> {
    let mut word = String::new();
    let mut letters = text.char_indices();
    while let Some((index, letter)) = letters.next() {
        match letter {
            '\\' => match letters.next() {
                Some((_, escaped)) => word.push(escaped),
                None => return Err(EpdError::UnterminatedQuote),
            },
            '"' => return Ok((word, &text[index + 1..])),
            _ => word.push(letter),
        }
    }
    Err(EpdError::UnterminatedQuote)
}

/// Splits one operation into words, keeping quoted strings whole.
fn words(text: &str) -> Result<Vec<String>, EpdError> {
    let mut words = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        if let Some(quoted) = rest.strip_prefix('"') {
            let (word, after) = quoted_string(quoted)?;
            words.push(word);
            rest = after.trim_start();
        } else {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            words.push(rest[..end].to_string());
            rest = rest[end..].trim_start();
        }
    }
    Ok(words)
}

/// Splits the operations at semicolons outside quotes.
fn operations(text: &str) -> Result<Vec<Operation>, EpdError> {
    let mut result = Vec::new();
    let mut start = 0;
    let mut quoted = false;
    let mut escaped = false;
    let mut segments = Vec::new();
    for (index, letter) in text.char_indices() {
        if escaped {
            escaped = false;
            continue;
        }
        match letter {
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            ';' if !quoted => {
                segments.push(&text[start..index]);
                start = index + 1;
            }
            _ => {}
        }
    }
    if quoted {
        return Err(EpdError::UnterminatedQuote);
    }
    segments.push(&text[start..]);
    for segment in segments {
        let mut parts = words(segment)?.into_iter();
        let Some(opcode) = parts.next() else {
            continue;
        };
        let valid = opcode.starts_with(|letter: char| letter.is_ascii_alphabetic())
            && opcode
                .chars()
                .all(|letter| letter.is_ascii_alphanumeric() || letter == '_');
        if !valid {
            return Err(EpdError::InvalidOpcode);
        }
        result.push(Operation {
            opcode,
            operands: parts.collect(),
        });
    }
    Ok(result)
}

impl Epd {
    fn parse(text: &str, parse_fen: fn(&str) -> Result<Board, FenError>) -> Result<Epd, EpdError> {
        // The four position fields, then the clocks if both are numbers.
        let mut rest = text.trim_start();
        let mut fen = String::new();
        for field in 0..6 {
            let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
            let word = &rest[..end];
            let is_clock =
                field >= 4 && !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit());
            if word.is_empty() || (field >= 4 && !is_clock) {
                break;
            }
            if field > 0 {
                fen.push(' ');
            }
            fen.push_str(word);
            rest = rest[end..].trim_start();
        }
        let board = parse_fen(&fen).map_err(EpdError::Fen)?;
        Ok(Epd {
            board,
            operations: operations(rest)?,
        })
    }

    /// Parses a record whose position may be impossible (see [`Board::from_fen_lenient`]).
    ///
    /// # Errors
    /// [`EpdError`] naming the problem.
    pub fn parse_lenient(text: &str) -> Result<Epd, EpdError> {
        Epd::parse(text, Board::from_fen_lenient)
    }

    /// The operands of the first operation with `opcode`.
    pub fn operation(&self, opcode: &str) -> Option<&[String]> {
        self.operations
            .iter()
            .find(|operation| operation.opcode == opcode)
            .map(|operation| operation.operands.as_slice())
    }

    /// The `id` operand.
    pub fn id(&self) -> Option<&str> {
        self.operation("id")?.first().map(String::as_str)
    }

    fn san_moves(&self, opcode: &str) -> Result<Vec<Move>, SanError> {
        self.operation(opcode)
            .unwrap_or_default()
            .iter()
            .map(|san| self.board.parse_san(san))
            .collect()
    }

    /// The best moves (`bm`, in SAN), none when there is no `bm`.
    ///
    /// # Errors
    /// [`SanError`] when an operand is not a legal SAN move.
    pub fn best_moves(&self) -> Result<Vec<Move>, SanError> {
        self.san_moves("bm")
    }

    /// The moves to avoid (`am`, in SAN).
    ///
    /// # Errors
    /// [`SanError`] when an operand is not a legal SAN move.
    pub fn avoid_moves(&self) -> Result<Vec<Move>, SanError> {
        self.san_moves("am")
    }

    /// The perft counts `D1`, `D2`, ... as (depth, nodes), in record order; operations whose
    /// operand is not a number are skipped.
    pub fn perft_counts(&self) -> Vec<(u32, u64)> {
        self.operations
            .iter()
            .filter_map(|operation| {
                let depth = operation.opcode.strip_prefix('D')?.parse().ok()?;
                let nodes = operation.operands.first()?.parse().ok()?;
                Some((depth, nodes))
            })
            .collect()
    }
}

impl FromStr for Epd {
    type Err = EpdError;
    /// Parses a record with a legal position.
    fn from_str(text: &str) -> Result<Epd, EpdError> {
        Epd::parse(text, Board::from_fen)
    }
}

/// The record: the four position fields, the clocks when they are not `0 1`, then each
/// operation written `opcode operands;`, an operand quoted (and escaped) where a bare word
/// would not read back the same (see the module documentation).
impl fmt::Display for Epd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let fen = self.board.to_string();
        let with_clocks = self.board.halfmove_clock() != 0 || self.board.fullmove_number() != 1;
        let fields: Vec<&str> = fen
            .split(' ')
            .take(if with_clocks { 6 } else { 4 })
            .collect();
        f.write_str(&fields.join(" "))?;
        for operation in &self.operations {
            write!(f, " {}", operation.opcode)?;
            for operand in &operation.operands {
                let bare = !operand.is_empty()
                    && !operand
                        .contains(|c: char| c.is_whitespace() || matches!(c, ';' | '"' | '\\'));
                if bare {
                    write!(f, " {operand}")?;
                    continue;
                }
                f.write_str(" \"")?;
                for letter in operand.chars() {
                    if matches!(letter, '"' | '\\') {
                        f.write_str("\\")?;
                    }
                    write!(f, "{letter}")?;
                }
                f.write_str("\"")?;
            }
            f.write_str(";")?;
        }
        Ok(())
    }
}
