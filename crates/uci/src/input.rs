//! Reading the GUI's input: lines of any bytes and any length, so that nothing on the pipe can
//! end or wedge the engine. A line is delivered as text, or as the fact that it was not UTF-8
//! or was too long (its bytes are then skipped up to its end), for the engine to answer with a
//! message and go on.

use std::io::{BufRead, ErrorKind};

/// The longest line read; a longer one is skipped whole. A `position ... moves` line of a
/// thousand-move game takes about 5 KB.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One line of input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputLine {
    /// The line, without its line ending (`\n` or `\r\n`).
    Text(String),
    /// The line's bytes are not UTF-8.
    NotUtf8,
    /// The line is longer than [`MAX_LINE_BYTES`].
    TooLong,
}

/// The lines of a reader; ends at the end of input or on a read error.
///
/// ```
/// use plyforge_uci::{InputLine, LineReader};
/// let input: &[u8] = b"isready\r\n\xff\xfe\nquit";
/// let lines: Vec<InputLine> = LineReader::new(input).collect();
/// assert_eq!(
///     lines,
///     [InputLine::Text("isready".into()), InputLine::NotUtf8, InputLine::Text("quit".into())]
/// );
/// ```
#[derive(Debug)]
pub struct LineReader<R> {
    reader: R,
}

impl<R: BufRead> LineReader<R> {
    /// Lines from `reader`.
    pub fn new(reader: R) -> Self {
        LineReader { reader }
    }
}

impl<R: BufRead> Iterator for LineReader<R> {
    type Item = InputLine;

    fn next(&mut self) -> Option<InputLine> {
        let mut line = Vec::new();
        let mut too_long = false;
        let mut read_any = false;
        loop {
            let available = match self.reader.fill_buf() {
                Ok(available) => available,
                Err(error) if error.kind() == ErrorKind::Interrupted => continue,
                Err(_) => &[],
            };
            if available.is_empty() {
                if !read_any {
                    return None;
                }
                break;
            }
            read_any = true;
            let end = available.iter().position(|&byte| byte == b'\n');
            let chunk = &available[..end.unwrap_or(available.len())];
            if !too_long {
                if line.len() + chunk.len() > MAX_LINE_BYTES {
                    too_long = true;
                    line = Vec::new();
                } else {
                    line.extend_from_slice(chunk);
                }
            }
            let used = chunk.len() + usize::from(end.is_some());
            self.reader.consume(used);
            if end.is_some() {
                break;
            }
        }
        if too_long {
            return Some(InputLine::TooLong);
        }
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        Some(String::from_utf8(line).map_or(InputLine::NotUtf8, InputLine::Text))
    }
}
