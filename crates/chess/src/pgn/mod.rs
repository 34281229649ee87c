//! Portable Game Notation: a streaming [`Reader`] that hands each game's tags, SAN moves,
//! comments, NAGs, variations and result to a [`Visitor`] (so that millions of games are read
//! without building anything the visitor does not build), an owned [`Game`] record that the
//! provided [`GameBuilder`] visitor fills, and a writer ([`Game`]'s `Display`) that prints PGN
//! export format: the seven-tag roster first, move numbers, lines wrapped before 80 columns.
//!
//! ```
//! use plyforge_chess::pgn::{Game, GameResult};
//!
//! let text = "[Event \"Casual\"]\n[Site \"?\"]\n[Date \"2024.05.01\"]\n[Round \"1\"]\n\
//!             [White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n\n\
//!             1. e4 e5 2. Qh5 {threatens mate} (2. Nf3) 2... Nc6 3. Bc4 Nf6?? 4. Qxf7# 1-0\n";
//! let game: Game = text.parse()?;
//! assert_eq!(game.tag("White"), Some("A"));
//! assert_eq!(game.result, GameResult::WhiteWins);
//! let moves = game.mainline()?;
//! assert_eq!(moves.len(), 7);
//! // Written and read back, the game is the same (the writer fills in any of the seven roster
//! // tags that is missing, as export format requires).
//! assert_eq!(game.to_string().parse::<Game>()?, game);
//! assert!(game.to_string().ends_with("2. Qh5 {threatens mate} (2. Nf3) 2... Nc6 3. Bc4 Nf6 $4 4. Qxf7# 1-0\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod reader;
mod record;
mod writer;

pub use reader::Reader;
pub use record::{Game, GameBuilder, GameError, Line, MAX_VARIATION_DEPTH, Ply};

use core::fmt;
use core::str::FromStr;

use crate::san::{ParseSanError, SanPlus};

/// The result of a game as PGN writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GameResult {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`: unknown, unfinished or abandoned.
    #[default]
    Unknown,
}

impl GameResult {
    /// The PGN text: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The result a PGN token names.
    pub fn from_ascii(token: &[u8]) -> Option<GameResult> {
        match token {
            b"1-0" => Some(GameResult::WhiteWins),
            b"0-1" => Some(GameResult::BlackWins),
            b"1/2-1/2" => Some(GameResult::Draw),
            b"*" => Some(GameResult::Unknown),
            _ => None,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a text is not a game result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ParseGameResultError;

impl fmt::Display for ParseGameResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a game result is 1-0, 0-1, 1/2-1/2 or *")
    }
}

impl core::error::Error for ParseGameResultError {}

impl FromStr for GameResult {
    type Err = ParseGameResultError;

    fn from_str(text: &str) -> Result<GameResult, ParseGameResultError> {
        GameResult::from_ascii(text.as_bytes()).ok_or(ParseGameResultError)
    }
}

/// A Numeric Annotation Glyph (`$1` is "good move", `$2` "poor move" and so on).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Nag(pub u8);

impl Nag {
    /// `!`
    pub const GOOD_MOVE: Nag = Nag(1);
    /// `?`
    pub const MISTAKE: Nag = Nag(2);
    /// `!!`
    pub const BRILLIANT_MOVE: Nag = Nag(3);
    /// `??`
    pub const BLUNDER: Nag = Nag(4);
    /// `!?`
    pub const SPECULATIVE_MOVE: Nag = Nag(5);
    /// `?!`
    pub const DUBIOUS_MOVE: Nag = Nag(6);

    /// The NAG of a move-suffix glyph (`!`, `?`, `!!`, `??`, `!?`, `?!`).
    pub fn from_glyph(glyph: &[u8]) -> Option<Nag> {
        match glyph {
            b"!" => Some(Nag::GOOD_MOVE),
            b"?" => Some(Nag::MISTAKE),
            b"!!" => Some(Nag::BRILLIANT_MOVE),
            b"??" => Some(Nag::BLUNDER),
            b"!?" => Some(Nag::SPECULATIVE_MOVE),
            b"?!" => Some(Nag::DUBIOUS_MOVE),
            _ => None,
        }
    }
}

/// `$n`, the form PGN export writes.
impl fmt::Display for Nag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "${}", self.0)
    }
}

/// Whether the reader should skip what a visitor was just told about: the movetext of a game
/// (from [`Visitor::end_tags`]) or a variation (from [`Visitor::begin_variation`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Skip(pub bool);

/// What is wrong in a PGN text. The reader reports each problem to
/// [`Visitor::syntax_error`] and reads on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SyntaxErrorKind {
    /// A movetext token that is not SAN (nor a move number, result or NAG).
    San(ParseSanError),
    /// A tag pair that is not `[Name "value"]`.
    Tag,
    /// `$` without a number from 0 to 255.
    Nag,
    /// A `)` with no variation open.
    UnmatchedParenthesis,
    /// A `{` comment still open at the end of the input.
    UnterminatedComment,
    /// A character with no meaning in PGN (e.g. a stray `}` or `]`).
    UnexpectedCharacter(u8),
    /// Variations nested deeper than [`GameBuilder`] keeps (the variation is left out).
    VariationTooDeep,
    /// The text holds no game (from [`Game`]'s `FromStr`).
    NoGame,
}

/// A problem in PGN text, with the line it is on (1 for the first line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SyntaxError {
    /// The line, counted from 1 (0 for an error a visitor finds, which sees no lines).
    pub line: u64,
    /// What is wrong.
    pub kind: SyntaxErrorKind,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PGN line {}: ", self.line)?;
        match self.kind {
            SyntaxErrorKind::San(error) => write!(f, "{error}"),
            SyntaxErrorKind::Tag => f.write_str("a tag pair is written [Name \"value\"]"),
            SyntaxErrorKind::Nag => f.write_str("a NAG is $ and a number from 0 to 255"),
            SyntaxErrorKind::UnmatchedParenthesis => f.write_str("`)` with no variation open"),
            SyntaxErrorKind::UnterminatedComment => f.write_str("a `{` comment is never closed"),
            SyntaxErrorKind::UnexpectedCharacter(byte) => {
                write!(f, "unexpected character {:?}", char::from(byte))
            }
            SyntaxErrorKind::VariationTooDeep => f.write_str("variations nested too deeply"),
            SyntaxErrorKind::NoGame => f.write_str("no game in the text"),
        }
    }
}

impl core::error::Error for SyntaxError {}

/// What the [`Reader`] tells about a game, in the order of the text. Every method but
/// [`end_game`](Visitor::end_game) has a default that ignores the event, so a visitor
/// implements only what it needs.
///
/// The calls for one game are: [`begin_game`](Visitor::begin_game); each tag;
/// [`end_tags`](Visitor::end_tags) (return `Skip(true)` to skip the movetext); then moves,
/// NAGs, comments and variations (balanced: every `begin_variation` that is not skipped has its
/// `end_variation`, even when the text leaves a variation open), the result if the movetext
/// ends with one; and [`end_game`](Visitor::end_game), whose value
/// [`Reader::read_game`] returns.
pub trait Visitor {
    /// What a game read gives.
    type Output;

    /// A game begins.
    fn begin_game(&mut self) {}

    /// A tag pair, its value unescaped; both as the bytes of the text (usually UTF-8, see
    /// [`String::from_utf8_lossy`](std::string::String::from_utf8_lossy)).
    fn tag(&mut self, _name: &[u8], _value: &[u8]) {}

    /// The tags are over; `Skip(true)` skips the movetext (up to `end_game`).
    fn end_tags(&mut self) -> Skip {
        Skip(false)
    }

    /// A move in SAN, as written (not checked against any board).
    fn san(&mut self, _san: SanPlus) {}

    /// A NAG (`$n`, or a `!?`-style glyph after a move or alone).
    fn nag(&mut self, _nag: Nag) {}

    /// A comment's text, without its braces or `;` (line breaks as `\n`).
    fn comment(&mut self, _comment: &[u8]) {}

    /// A variation (an alternative to the last move) begins; `Skip(true)` skips it, with the
    /// variations inside it.
    fn begin_variation(&mut self) -> Skip {
        Skip(false)
    }

    /// The variation begun last ends.
    fn end_variation(&mut self) {}

    /// The result token that ends the movetext.
    fn result(&mut self, _result: GameResult) {}

    /// Something in the text is not PGN; the reader goes on after it.
    fn syntax_error(&mut self, _error: SyntaxError) {}

    /// The game ends; its value is what [`Reader::read_game`] returns.
    fn end_game(&mut self) -> Self::Output;
}
