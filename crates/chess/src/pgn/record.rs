//! The owned game record: tags, a main line whose moves may carry NAGs, comments and
//! variations (lines of their own), and the result; [`GameBuilder`] fills one from a
//! [`Reader`](super::Reader), and the record resolves its moves on the starting board.

use super::{GameResult, Nag, Reader, Skip, SyntaxError, SyntaxErrorKind, Visitor};
use crate::board::Board;
use crate::fen::FenError;
use crate::moves::Move;
use crate::san::{SanError, SanPlus};
use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

/// Variations nested deeper than this are left out by [`GameBuilder`] (with
/// [`SyntaxErrorKind::VariationTooDeep`]): the record is a tree, and a tree without a bound on
/// its depth could exhaust the stack when dropped or compared.
pub const MAX_VARIATION_DEPTH: usize = 64;

/// One move of a line, with what annotates it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Ply {
    /// The move as written.
    pub san: SanPlus,
    /// Its NAGs, in order.
    pub nags: Vec<Nag>,
    /// The comments after it, in order.
    pub comments: Vec<String>,
    /// Alternatives to this move, each a line that starts in its place.
    pub variations: Vec<Line>,
}

impl Ply {
    /// A move with no annotations.
    pub fn new(san: SanPlus) -> Ply {
        Ply {
            san,
            nags: Vec::new(),
            comments: Vec::new(),
            variations: Vec::new(),
        }
    }
}

/// A sequence of moves: the main line of a game or a variation.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Line {
    /// Comments before the first move.
    pub comments: Vec<String>,
    /// The moves.
    pub plies: Vec<Ply>,
}

/// A game: tags in the order read, the main line (with its variations) and the result.
///
/// Comments are kept with their whitespace normalised (runs of spaces and line breaks become
/// one space, none at either end): PGN export wraps lines wherever a comment has a space, so
/// its line breaks carry no meaning and a comment reads back equal after writing. A tag value
/// is one line: [`GameBuilder`] reads control characters in it (tabs included) as spaces, the
/// way the writer writes them. Tag values and comments that are not UTF-8 are read with
/// `U+FFFD` for each bad sequence.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Game {
    /// Tag pairs, name then value.
    pub tags: Vec<(String, String)>,
    /// The main line.
    pub moves: Line,
    /// The result that ends the movetext.
    pub result: GameResult,
}

/// Why a game's moves do not replay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GameError {
    /// The `FEN` tag is not a position.
    Fen(FenError),
    /// The `Variant` tag names a variant other than standard chess or Chess960.
    Variant(String),
    /// A move of the main line (counted from 0) is not legal.
    San {
        /// Its index in the main line.
        ply: usize,
        /// The move as written.
        san: SanPlus,
        /// Why it is not a move.
        error: SanError,
    },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Fen(error) => write!(f, "bad FEN tag: {error}"),
            GameError::Variant(variant) => write!(f, "unsupported variant {variant:?}"),
            GameError::San { ply, san, error } => write!(f, "ply {}: {san}: {error}", ply + 1),
        }
    }
}

impl core::error::Error for GameError {}

/// Whether a `Variant` tag names a game these rules play.
fn is_supported_variant(variant: &str) -> bool {
    let variant = variant.trim().to_ascii_lowercase();
    matches!(
        variant.as_str(),
        "" | "standard" | "chess" | "chess960" | "chess 960" | "fischerandom" | "fischer random"
    )
}

impl Game {
    /// The value of the first tag named `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(tag, _)| tag == name)
            .map(|(_, value)| value.as_str())
    }

    /// Sets the first tag named `name` (or adds it at the end).
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(tag, _)| tag == name) {
            Some((_, old)) => value.clone_into(old),
            None => self.tags.push((name.to_owned(), value.to_owned())),
        }
    }

    /// The position the game starts from: the `FEN` tag's (standard or Chess960, whose
    /// castling the FEN itself tells), or the standard start.
    ///
    /// # Errors
    /// [`GameError::Fen`] for a bad `FEN` tag, [`GameError::Variant`] for a variant other than
    /// chess and Chess960.
    pub fn starting_board(&self) -> Result<Board, GameError> {
        match self.tag("Variant") {
            Some(variant) if !is_supported_variant(variant) => {
                return Err(GameError::Variant(variant.to_owned()));
            }
            _ => {}
        }
        match self.tag("FEN") {
            Some(fen) => Board::from_fen(fen.trim()).map_err(GameError::Fen),
            None => Ok(Board::default()),
        }
    }

    /// The moves of the main line, each checked on the board it is played on.
    ///
    /// # Errors
    /// [`GameError`]: a bad start position or the first move that is not legal.
    pub fn mainline(&self) -> Result<Vec<Move>, GameError> {
        let mut board = self.starting_board()?;
        let mut moves = Vec::with_capacity(self.moves.plies.len());
        for (index, ply) in self.moves.plies.iter().enumerate() {
            let mv = ply.san.to_move(&board).map_err(|error| GameError::San {
                ply: index,
                san: ply.san,
                error,
            })?;
            board.play(mv);
            moves.push(mv);
        }
        Ok(moves)
    }
}

/// Reads the first game of the text.
impl FromStr for Game {
    type Err = SyntaxError;

    fn from_str(text: &str) -> Result<Game, SyntaxError> {
        let mut reader = Reader::new(text.as_bytes());
        match reader.read_game(&mut GameBuilder::default()) {
            Ok(Some(game)) => game,
            _ => Err(SyntaxError {
                line: 1,
                kind: SyntaxErrorKind::NoGame,
            }),
        }
    }
}

/// The comment's text, lossily decoded, with its whitespace normalised.
fn normalised_comment(text: &[u8]) -> String {
    let text = String::from_utf8_lossy(text);
    let mut normal = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !normal.is_empty() {
            normal.push(' ');
        }
        normal.push_str(word);
    }
    normal
}

/// A [`Visitor`] that builds a [`Game`]: the game, or the first syntax error in it.
///
/// A variation before the first move of its line has no move to replace and is left out, as
/// are NAGs there.
#[derive(Debug, Default)]
pub struct GameBuilder {
    game: Game,
    /// The lines open, the main line first.
    lines: Vec<Line>,
    error: Option<SyntaxError>,
}

impl GameBuilder {
    fn line(&mut self) -> &mut Line {
        if self.lines.is_empty() {
            self.lines.push(Line::default());
        }
        let last = self.lines.len() - 1;
        &mut self.lines[last]
    }
}

impl Visitor for GameBuilder {
    type Output = Result<Game, SyntaxError>;

    fn begin_game(&mut self) {
        self.game = Game::default();
        self.lines.clear();
        self.lines.push(Line::default());
        self.error = None;
    }

    fn tag(&mut self, name: &[u8], value: &[u8]) {
        // A tag holds one line of text: control characters (tabs included) become spaces, as
        // the writer writes them, so that a value reads back as it was kept.
        let value = String::from_utf8_lossy(value)
            .chars()
            .map(|character| {
                if character.is_control() {
                    ' '
                } else {
                    character
                }
            })
            .collect();
        self.game
            .tags
            .push((String::from_utf8_lossy(name).into_owned(), value));
    }

    fn san(&mut self, san: SanPlus) {
        self.line().plies.push(Ply::new(san));
    }

    fn nag(&mut self, nag: Nag) {
        if let Some(ply) = self.line().plies.last_mut() {
            ply.nags.push(nag);
        }
    }

    fn comment(&mut self, comment: &[u8]) {
        let comment = normalised_comment(comment);
        let line = self.line();
        match line.plies.last_mut() {
            Some(ply) => ply.comments.push(comment),
            None => line.comments.push(comment),
        }
    }

    fn begin_variation(&mut self) -> Skip {
        if self.line().plies.is_empty() {
            return Skip(true);
        }
        if self.lines.len() > MAX_VARIATION_DEPTH {
            self.syntax_error(SyntaxError {
                line: 0,
                kind: SyntaxErrorKind::VariationTooDeep,
            });
            return Skip(true);
        }
        self.lines.push(Line::default());
        Skip(false)
    }

    fn end_variation(&mut self) {
        if self.lines.len() < 2 {
            return;
        }
        let variation = self.lines.pop().unwrap_or_default();
        if let Some(ply) = self.line().plies.last_mut() {
            ply.variations.push(variation);
        }
    }

    fn result(&mut self, result: GameResult) {
        self.game.result = result;
    }

    fn syntax_error(&mut self, error: SyntaxError) {
        self.error.get_or_insert(error);
    }

    fn end_game(&mut self) -> Result<Game, SyntaxError> {
        while self.lines.len() > 1 {
            self.end_variation();
        }
        let mut game = core::mem::take(&mut self.game);
        game.moves = self.lines.pop().unwrap_or_default();
        match self.error.take() {
            Some(error) => Err(error),
            None => Ok(game),
        }
    }
}
