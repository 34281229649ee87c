//! The streaming PGN reader: reads a line at a time from any `BufRead`, cuts it into tokens
//! (tags, comments, move numbers, SAN, NAGs, parentheses, results) and calls the visitor for
//! each. Nothing is kept between tokens but the open comment and the nesting depth, so memory
//! stays flat however many games a file holds. Bad text is reported to the visitor and
//! skipped; only I/O fails a read.

use super::{GameResult, Nag, Skip, SyntaxError, SyntaxErrorKind, Visitor};
use crate::san::SanPlus;
use alloc::vec::Vec;
use std::io::{self, BufRead};

/// The UTF-8 byte order mark some editors put at the start of a file.
const BYTE_ORDER_MARK: &[u8] = b"\xEF\xBB\xBF";

/// The bytes that end a movetext token: white space and the characters that open or close
/// another token.
const DELIMITERS: &[u8] = b" \t\n\r\x0C\x0B{}()[];$";

/// Whether each byte ends a movetext token, looked up instead of compared in turn: the
/// tokenizer asks for every byte of every move.
static IS_DELIMITER: [bool; 256] = {
    let mut table = [false; 256];
    let mut index = 0;
    while index < DELIMITERS.len() {
        table[DELIMITERS[index] as usize] = true;
        index += 1;
    }
    table
};

/// Whether `byte` ends a movetext token.
#[inline(always)]
fn is_delimiter(byte: u8) -> bool {
    IS_DELIMITER[usize::from(byte)]
}

/// Reads games of PGN text one at a time, telling a [`Visitor`] what each holds.
///
/// ```
/// use plyforge_chess::pgn::{Reader, Visitor, Skip};
/// use plyforge_chess::SanPlus;
///
/// /// Counts the moves of each game's main line.
/// struct Plies(usize);
/// impl Visitor for Plies {
///     type Output = usize;
///     fn begin_game(&mut self) { self.0 = 0; }
///     fn san(&mut self, _: SanPlus) { self.0 += 1; }
///     fn begin_variation(&mut self) -> Skip { Skip(true) }
///     fn end_game(&mut self) -> usize { self.0 }
/// }
///
/// let pgn = b"1. e4 e5 (1... c5) 2. Nf3 *\n\n[Event \"?\"]\n1. d4 1-0\n";
/// let mut reader = Reader::new(&pgn[..]);
/// let mut plies = Plies(0);
/// assert_eq!(reader.read_game(&mut plies)?, Some(3));
/// assert_eq!(reader.read_game(&mut plies)?, Some(1));
/// assert_eq!(reader.read_game(&mut plies)?, None);
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    input: R,
    /// The current line and how far it is read.
    line: Vec<u8>,
    at: usize,
    /// Lines read so far (the current line's number).
    line_number: u64,
    bytes_read: u64,
    /// The text of a comment being read.
    comment: Vec<u8>,
    /// A tag value being unescaped.
    value: Vec<u8>,
}

/// Where a game being read stands.
#[derive(Default)]
struct GameState {
    begun: bool,
    in_movetext: bool,
    skip_game: bool,
    /// Open variations.
    depth: usize,
    /// The depth at which a skipped variation was opened.
    skip_from: Option<usize>,
}

impl GameState {
    fn suppressed(&self) -> bool {
        self.skip_game || self.skip_from.is_some()
    }
}

impl<R: BufRead> Reader<R> {
    /// A reader of `input` (any `BufRead`: a `BufReader<File>`, `&[u8]`, stdin's lock).
    pub fn new(input: R) -> Reader<R> {
        Reader {
            input,
            line: Vec::new(),
            at: 0,
            line_number: 0,
            bytes_read: 0,
            comment: Vec::new(),
            value: Vec::new(),
        }
    }

    /// Bytes of input consumed so far (for progress reports).
    pub fn bytes_read(&self) -> u64 {
        self.bytes_read
    }

    /// The input back.
    pub fn into_inner(self) -> R {
        self.input
    }

    /// Reads the next game, telling `visitor` what it holds; `None` when no game is left.
    ///
    /// # Errors
    /// Only those of the input; bad PGN goes to [`Visitor::syntax_error`].
    pub fn read_game<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<Option<V::Output>> {
        let mut game = GameState::default();
        loop {
            if self.at >= self.line.len() && !self.next_line(true)? {
                break;
            }
            let Some(&byte) = self.line.get(self.at) else {
                continue;
            };
            match byte {
                b' ' | b'\t' | b'\n' | b'\r' | b'\x0C' | b'\x0B' => self.at += 1,
                b'%' if self.at == 0 => self.at = self.line.len(),
                b'[' => {
                    if game.in_movetext {
                        // A tag after movetext starts the next game: this one ended without a
                        // result.
                        break;
                    }
                    Self::begin(&mut game, visitor);
                    self.read_tag(visitor);
                }
                b'{' => {
                    self.at += 1;
                    self.enter_movetext(&mut game, visitor);
                    self.read_brace_comment(&game, visitor)?;
                }
                b';' => {
                    self.enter_movetext(&mut game, visitor);
                    let text = &self.line[self.at + 1..];
                    let text = text.strip_suffix(b"\n").unwrap_or(text);
                    let text = text.strip_suffix(b"\r").unwrap_or(text);
                    if !game.suppressed() {
                        visitor.comment(text);
                    }
                    self.at = self.line.len();
                }
                b'(' => {
                    self.at += 1;
                    self.enter_movetext(&mut game, visitor);
                    if !game.suppressed() && visitor.begin_variation() == Skip(true) {
                        game.skip_from = Some(game.depth);
                    }
                    game.depth += 1;
                }
                b')' => {
                    self.at += 1;
                    self.enter_movetext(&mut game, visitor);
                    if game.depth == 0 {
                        self.report(&game, visitor, SyntaxErrorKind::UnmatchedParenthesis);
                    } else {
                        Self::close_variation(&mut game, visitor);
                    }
                }
                b'$' => {
                    self.enter_movetext(&mut game, visitor);
                    self.read_nag(&game, visitor);
                }
                b'}' | b']' => {
                    self.at += 1;
                    Self::begin(&mut game, visitor);
                    self.report(&game, visitor, SyntaxErrorKind::UnexpectedCharacter(byte));
                }
                _ => {
                    self.enter_movetext(&mut game, visitor);
                    if let Some(result) = self.read_token(&game, visitor) {
                        Self::close_variations(&mut game, visitor);
                        if !game.skip_game {
                            visitor.result(result);
                        }
                        break;
                    }
                }
            }
        }
        if !game.begun {
            return Ok(None);
        }
        if !game.in_movetext && visitor.end_tags() == Skip(true) {
            game.skip_game = true;
        }
        Self::close_variations(&mut game, visitor);
        Ok(Some(visitor.end_game()))
    }

    /// Reads past the next game without looking at it; `false` when no game was left.
    ///
    /// # Errors
    /// Only those of the input.
    pub fn skip_game(&mut self) -> io::Result<bool> {
        struct Skipper;
        impl Visitor for Skipper {
            type Output = ();
            fn end_tags(&mut self) -> Skip {
                Skip(true)
            }
            fn end_game(&mut self) {}
        }
        Ok(self.read_game(&mut Skipper)?.is_some())
    }

    /// Loads the next line; `false` at the end of the input. A byte order mark at its start is
    /// skipped when `skip_byte_order_mark` (outside comments: files joined together keep
    /// theirs, and inside a comment the character is text).
    fn next_line(&mut self, skip_byte_order_mark: bool) -> io::Result<bool> {
        self.line.clear();
        self.at = 0;
        let read = self.input.read_until(b'\n', &mut self.line)?;
        if read == 0 {
            return Ok(false);
        }
        self.bytes_read += read as u64;
        self.line_number += 1;
        if skip_byte_order_mark && self.line.starts_with(BYTE_ORDER_MARK) {
            self.at = BYTE_ORDER_MARK.len();
        }
        Ok(true)
    }

    fn begin<V: Visitor>(game: &mut GameState, visitor: &mut V) {
        if !game.begun {
            game.begun = true;
            visitor.begin_game();
        }
    }

    fn enter_movetext<V: Visitor>(&self, game: &mut GameState, visitor: &mut V) {
        Self::begin(game, visitor);
        if !game.in_movetext {
            game.in_movetext = true;
            if visitor.end_tags() == Skip(true) {
                game.skip_game = true;
            }
        }
    }

    fn report<V: Visitor>(&self, game: &GameState, visitor: &mut V, kind: SyntaxErrorKind) {
        if !game.suppressed() {
            visitor.syntax_error(SyntaxError {
                line: self.line_number,
                kind,
            });
        }
    }

    fn close_variation<V: Visitor>(game: &mut GameState, visitor: &mut V) {
        game.depth -= 1;
        if game.skip_from == Some(game.depth) {
            game.skip_from = None;
        } else if !game.suppressed() {
            visitor.end_variation();
        }
    }

    fn close_variations<V: Visitor>(game: &mut GameState, visitor: &mut V) {
        while game.depth > 0 {
            Self::close_variation(game, visitor);
        }
    }

    /// Reads `[Name "value"]` from `[`; a malformed pair is reported and the rest of the line
    /// skipped.
    fn read_tag<V: Visitor>(&mut self, visitor: &mut V) {
        let line = &self.line;
        let mut at = self.at + 1;
        let skip_spaces = |at: &mut usize| {
            while line
                .get(*at)
                .is_some_and(|&byte| byte == b' ' || byte == b'\t')
            {
                *at += 1;
            }
        };
        skip_spaces(&mut at);
        let name_start = at;
        while line
            .get(at)
            .is_some_and(|&byte| byte.is_ascii_alphanumeric() || byte == b'_')
        {
            at += 1;
        }
        let name_end = at;
        skip_spaces(&mut at);
        let mut well_formed = name_end > name_start && line.get(at) == Some(&b'"');
        self.value.clear();
        if well_formed {
            at += 1;
            loop {
                match line.get(at) {
                    Some(b'"') => {
                        at += 1;
                        break;
                    }
                    Some(b'\\') if matches!(line.get(at + 1), Some(b'"' | b'\\')) => {
                        self.value.push(line[at + 1]);
                        at += 2;
                    }
                    Some(b'\n' | b'\r') | None => {
                        well_formed = false;
                        break;
                    }
                    Some(&byte) => {
                        self.value.push(byte);
                        at += 1;
                    }
                }
            }
            skip_spaces(&mut at);
            well_formed &= line.get(at) == Some(&b']');
        }
        if well_formed {
            self.at = at + 1;
            visitor.tag(&self.line[name_start..name_end], &self.value);
        } else {
            self.at = self.line.len();
            visitor.syntax_error(SyntaxError {
                line: self.line_number,
                kind: SyntaxErrorKind::Tag,
            });
        }
    }

    /// Reads a `{` comment (already past the brace) up to its `}`, across lines.
    fn read_brace_comment<V: Visitor>(
        &mut self,
        game: &GameState,
        visitor: &mut V,
    ) -> io::Result<()> {
        self.comment.clear();
        let start_line = self.line_number;
        loop {
            let rest = &self.line[self.at..];
            if let Some(end) = rest.iter().position(|&byte| byte == b'}') {
                self.comment.extend_from_slice(&rest[..end]);
                self.at += end + 1;
                break;
            }
            let text = rest
                .strip_suffix(b"\n")
                .map_or(rest, |text| text.strip_suffix(b"\r").unwrap_or(text));
            self.comment.extend_from_slice(text);
            if rest.ends_with(b"\n") {
                self.comment.push(b'\n');
            }
            if !self.next_line(false)? {
                if !game.suppressed() {
                    visitor.syntax_error(SyntaxError {
                        line: start_line,
                        kind: SyntaxErrorKind::UnterminatedComment,
                    });
                }
                break;
            }
        }
        if !game.suppressed() {
            visitor.comment(&self.comment);
        }
        Ok(())
    }

    /// Reads `$n`.
    fn read_nag<V: Visitor>(&mut self, game: &GameState, visitor: &mut V) {
        let digits = self.line[self.at + 1..]
            .iter()
            .take_while(|byte| byte.is_ascii_digit())
            .count();
        let number = &self.line[self.at + 1..self.at + 1 + digits];
        self.at += 1 + digits;
        if game.suppressed() {
            return;
        }
        let value = core::str::from_utf8(number)
            .ok()
            .and_then(|text| text.parse::<u8>().ok());
        match value {
            Some(value) => visitor.nag(Nag(value)),
            None => self.report(game, visitor, SyntaxErrorKind::Nag),
        }
    }

    /// Reads a token of movetext: a result (returned), a move number, SAN with its glyphs, or
    /// glyphs alone.
    fn read_token<V: Visitor>(&mut self, game: &GameState, visitor: &mut V) -> Option<GameResult> {
        let start = self.at;
        let length = self.line[start..]
            .iter()
            .position(|&byte| is_delimiter(byte))
            .unwrap_or(self.line.len() - start);
        self.at += length;
        let token = &self.line[start..start + length];
        if let Some(result) = GameResult::from_ascii(token) {
            return Some(result);
        }
        if game.suppressed() {
            return None;
        }
        // A move number (`12.`, `12...`, `12`), perhaps glued to the move (`12.e4`).
        let mut token = token;
        let digits = token
            .iter()
            .take_while(|byte| byte.is_ascii_digit())
            .count();
        if digits == token.len() || (digits > 0 && token[digits] == b'.') {
            token = &token[digits..];
        }
        let dots = token.iter().take_while(|&&byte| byte == b'.').count();
        token = &token[dots..];
        if token.is_empty() {
            return None;
        }
        let glyphs = token
            .iter()
            .rev()
            .take_while(|&&byte| byte == b'!' || byte == b'?')
            .count();
        let (san, glyph) = token.split_at(token.len() - glyphs);
        let nag = Nag::from_glyph(glyph);
        if !san.is_empty() {
            match SanPlus::from_ascii(san) {
                Ok(san) => visitor.san(san),
                Err(error) => {
                    self.report(game, visitor, SyntaxErrorKind::San(error));
                    return None;
                }
            }
        }
        match nag {
            Some(nag) => visitor.nag(nag),
            None if glyphs > 0 => self.report(
                game,
                visitor,
                SyntaxErrorKind::UnexpectedCharacter(glyph[0]),
            ),
            None => {}
        }
        None
    }
}
