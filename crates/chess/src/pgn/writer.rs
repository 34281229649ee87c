//! The PGN writer: a [`Game`] as export-format text. The seven-tag roster comes first in its
//! order (with the standard's placeholders for missing ones), then the other tags as stored;
//! the movetext numbers white's moves and black's after a break (`12...`), puts variations in
//! parentheses after the move they replace, and wraps before column 80.

use super::GameResult;
use super::record::{Game, Line};
use crate::color::Color;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt::{self, Write};

/// The longest movetext line: PGN export keeps lines within 79 columns.
const MAX_COLUMNS: usize = 79;

/// The seven-tag roster in export order, each with its placeholder (`Result`'s is the game's
/// result).
const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", ""),
];

/// A movetext token and how it joins its neighbours.
struct Token {
    text: String,
    /// No space before it (after `(`, or `)` itself).
    glued: bool,
    /// The line must end after it (a `;` comment).
    ends_line: bool,
}

/// The tokens of a game's movetext, in order.
#[derive(Default)]
struct Movetext {
    tokens: Vec<Token>,
    /// The next token follows `(` with no space.
    glue_next: bool,
}

impl Movetext {
    fn push(&mut self, text: String) {
        self.tokens.push(Token {
            text,
            glued: core::mem::take(&mut self.glue_next),
            ends_line: false,
        });
    }

    fn open(&mut self) {
        self.push("(".to_string());
        self.glue_next = true;
    }

    /// `)`, glued to what it closes (the writer still breaks the line after a `;` comment).
    fn close(&mut self) {
        self.glue_next = true;
        self.push(")".to_string());
    }

    /// A comment: in braces, word by word so that it wraps; after `;` when it holds a `}`,
    /// which a brace comment cannot.
    fn comment(&mut self, comment: &str) {
        let mut words = comment.split_whitespace().peekable();
        if comment.contains('}') {
            let mut text = String::from(";");
            for word in words {
                text.push(' ');
                text.push_str(word);
            }
            self.push(text);
            if let Some(last) = self.tokens.last_mut() {
                last.ends_line = true;
            }
            return;
        }
        if words.peek().is_none() {
            self.push("{}".to_string());
            return;
        }
        let mut first = true;
        while let Some(word) = words.next() {
            let mut text = String::new();
            if first {
                text.push('{');
                first = false;
            }
            text.push_str(word);
            if words.peek().is_none() {
                text.push('}');
            }
            self.push(text);
        }
    }

    /// A line whose first move is played by `color` as move `number`.
    fn line(&mut self, line: &Line, mut color: Color, mut number: u32) {
        for comment in &line.comments {
            self.comment(comment);
        }
        let mut after_break = true;
        for ply in &line.plies {
            if color == Color::White {
                self.push(format!("{number}."));
            } else if after_break {
                self.push(format!("{number}..."));
            }
            self.push(ply.san.to_string());
            for nag in &ply.nags {
                self.push(nag.to_string());
            }
            for comment in &ply.comments {
                self.comment(comment);
            }
            for variation in &ply.variations {
                self.open();
                self.line(variation, color, number);
                self.close();
            }
            after_break = !ply.comments.is_empty() || !ply.variations.is_empty();
            if color == Color::Black {
                number += 1;
            }
            color = !color;
        }
    }

    fn write(&self, out: &mut impl Write) -> fmt::Result {
        let mut column = 0;
        let mut line_ends = false;
        for token in &self.tokens {
            let width = token.text.chars().count();
            let space = usize::from(!token.glued);
            if line_ends || (column > 0 && column + space + width > MAX_COLUMNS) {
                out.write_char('\n')?;
                column = 0;
            } else if column > 0 && space == 1 {
                out.write_char(' ')?;
                column += 1;
            }
            out.write_str(&token.text)?;
            column += width;
            line_ends = token.ends_line;
        }
        out.write_char('\n')
    }
}

/// Writes a tag value between quotes, escaping `"` and `\`; line breaks and other control
/// characters, which a tag cannot hold, become spaces.
fn write_tag(out: &mut impl Write, name: &str, value: &str) -> fmt::Result {
    write!(out, "[{name} \"")?;
    for character in value.chars() {
        match character {
            '"' | '\\' => {
                out.write_char('\\')?;
                out.write_char(character)?;
            }
            character if character.is_control() => out.write_char(' ')?,
            character => out.write_char(character)?,
        }
    }
    out.write_str("\"]\n")
}

impl Game {
    /// The side to move and move number of the starting position (from the `FEN` tag when it
    /// reads, else white's first move).
    fn first_move(&self) -> (Color, u32) {
        match self.starting_board() {
            Ok(board) => (
                board.side_to_move(),
                u32::from(board.fullmove_number().max(1)),
            ),
            Err(_) => (Color::White, 1),
        }
    }
}

/// PGN export format: tags, a blank line, the wrapped movetext ending with the result, and a
/// line break. Separate games by a blank line when writing several.
impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, placeholder) in SEVEN_TAG_ROSTER {
            let value = match self.tag(name) {
                Some(value) => value,
                None if name == "Result" => self.result.as_str(),
                None => placeholder,
            };
            write_tag(f, name, value)?;
        }
        let mut roster_written = [false; SEVEN_TAG_ROSTER.len()];
        for (name, value) in &self.tags {
            let roster = SEVEN_TAG_ROSTER
                .iter()
                .position(|(roster_name, _)| roster_name == name);
            // The first of each roster tag is written above; any repeat stays with the others.
            if let Some(index) = roster.filter(|&index| !roster_written[index]) {
                roster_written[index] = true;
                continue;
            }
            write_tag(f, name, value)?;
        }
        f.write_char('\n')?;
        let mut movetext = Movetext::default();
        let (color, number) = self.first_move();
        movetext.line(&self.moves, color, number);
        let result: GameResult = self.result;
        movetext.push(result.to_string());
        movetext.write(f)
    }
}
