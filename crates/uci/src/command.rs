//! The commands a GUI sends, parsed from one line of text into a [`Command`]. Parsing is strict
//! about the words it knows and reports anything else as a [`CommandError`], so the engine can
//! answer with a message and keep running. A command prints as its canonical line, which
//! parses back to the same command.

use core::fmt;
use core::str::FromStr;
use std::time::Duration;

/// Where a `position` command starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StartPosition {
    /// `startpos`.
    Start,
    /// `fen <six fields>`.
    Fen(String),
}

/// The parameters of `go`. Absent fields were not given.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Go {
    /// `wtime`: White's remaining clock time.
    pub white_time: Option<Duration>,
    /// `btime`: Black's remaining clock time.
    pub black_time: Option<Duration>,
    /// `winc`: White's increment per move.
    pub white_increment: Option<Duration>,
    /// `binc`: Black's increment per move.
    pub black_increment: Option<Duration>,
    /// `movestogo`: moves until the next time control.
    pub moves_to_go: Option<u32>,
    /// `depth`: search this many plies.
    pub depth: Option<u32>,
    /// `nodes`: search this many nodes.
    pub nodes: Option<u64>,
    /// `movetime`: search exactly this long.
    pub move_time: Option<Duration>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `ponder`: searched as `infinite` until `ponderhit` (then the clock counts) or `stop`.
    pub ponder: bool,
    /// `mate`: stop once a mate in at most this many moves is found.
    pub mate: Option<u32>,
    /// `searchmoves`: consider only these root moves (UCI notation); empty for all.
    pub search_moves: Vec<String>,
}

/// One command of the UCI protocol, plus the common debugging extras `d`, `eval` and `perft`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify and list the options.
    Uci,
    /// `debug on|off`.
    Debug(bool),
    /// `isready`.
    IsReady,
    /// `setoption name <name> [value <value>]`.
    SetOption {
        /// The option's name (may contain spaces).
        name: String,
        /// The value, if any.
        value: Option<String>,
    },
    /// `ucinewgame`.
    NewGame,
    /// `position startpos|fen <fen> [moves <m1> ...]`.
    Position {
        /// The starting position.
        start: StartPosition,
        /// The moves played from it, in UCI notation.
        moves: Vec<String>,
    },
    /// `go ...`.
    Go(Go),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `quit`.
    Quit,
    /// `d`: print the board and its FEN.
    Display,
    /// `eval`: print the static evaluation.
    Eval,
    /// `perft <depth>` or `go perft <depth>`: print the divide and the node count.
    Perft(u32),
    /// `bench [depth]`: search the fixed bench positions and print the node count and speed.
    Bench(Option<u32>),
}

/// The canonical line of a command: one space between words, `go` parameters in the order of
/// the fields of [`Go`] (`searchmoves` last), `perft` for `go perft`, times in milliseconds.
///
/// The line reads back as the same command: `line.parse::<Command>()` of a printed command gives
/// it back for every command that parsing made (a command built by hand round-trips when its
/// names, FEN and moves are words that parsing could have made: no whitespace inside a word,
/// no `value` in an option's name, no `moves` in a FEN, no `go` parameter among
/// `searchmoves`, and times in whole milliseconds up to `i64::MAX`).
///
/// ```
/// use plyforge_uci::Command;
/// let command: Command = "go  movetime 100 depth 7   searchmoves e2e4 d2d4".parse()?;
/// assert_eq!(command.to_string(), "go depth 7 movetime 100 searchmoves e2e4 d2d4");
/// assert_eq!(command.to_string().parse::<Command>()?, command);
/// let option: Command = "setoption name Clear Hash".parse()?;
/// assert_eq!(option.to_string(), "setoption name Clear Hash");
/// # Ok::<(), plyforge_uci::CommandError>(())
/// ```
impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Uci => f.write_str("uci"),
            Command::Debug(on) => f.write_str(if *on { "debug on" } else { "debug off" }),
            Command::IsReady => f.write_str("isready"),
            Command::SetOption { name, value } => {
                write!(f, "setoption name {name}")?;
                match value {
                    Some(value) => write!(f, " value {value}"),
                    None => Ok(()),
                }
            }
            Command::NewGame => f.write_str("ucinewgame"),
            Command::Position { start, moves } => {
                match start {
                    StartPosition::Start => f.write_str("position startpos")?,
                    StartPosition::Fen(fen) => write!(f, "position fen {fen}")?,
                }
                if !moves.is_empty() {
                    write!(f, " moves {}", moves.join(" "))?;
                }
                Ok(())
            }
            Command::Go(go) => write!(f, "go{go}"),
            Command::Stop => f.write_str("stop"),
            Command::PonderHit => f.write_str("ponderhit"),
            Command::Quit => f.write_str("quit"),
            Command::Display => f.write_str("d"),
            Command::Eval => f.write_str("eval"),
            Command::Perft(depth) => write!(f, "perft {depth}"),
            Command::Bench(None) => f.write_str("bench"),
            Command::Bench(Some(depth)) => write!(f, "bench {depth}"),
        }
    }
}

/// The parameters of `go` as they follow the word `go`: each one preceded by a space, so an
/// empty `Go` prints nothing (see [`Command`]'s `Display` for the order and the round trip).
impl fmt::Display for Go {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let times = [
            ("wtime", self.white_time),
            ("btime", self.black_time),
            ("winc", self.white_increment),
            ("binc", self.black_increment),
        ];
        for (name, time) in times {
            if let Some(time) = time {
                write!(f, " {name} {}", time.as_millis())?;
            }
        }
        if let Some(moves) = self.moves_to_go {
            write!(f, " movestogo {moves}")?;
        }
        if let Some(depth) = self.depth {
            write!(f, " depth {depth}")?;
        }
        if let Some(nodes) = self.nodes {
            write!(f, " nodes {nodes}")?;
        }
        if let Some(time) = self.move_time {
            write!(f, " movetime {}", time.as_millis())?;
        }
        if self.infinite {
            f.write_str(" infinite")?;
        }
        if self.ponder {
            f.write_str(" ponder")?;
        }
        if let Some(moves) = self.mate {
            write!(f, " mate {moves}")?;
        }
        if !self.search_moves.is_empty() {
            write!(f, " searchmoves {}", self.search_moves.join(" "))?;
        }
        Ok(())
    }
}

/// A line that is not a command this engine understands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CommandError {
    /// The line is empty.
    Empty,
    /// The first word is not a command.
    Unknown(String),
    /// A command word is followed by something it does not take.
    Unexpected {
        /// The command.
        command: &'static str,
        /// The word that does not fit.
        word: String,
    },
    /// A parameter lacks its value.
    MissingValue(&'static str),
    /// A parameter's value is not a number in range.
    BadNumber {
        /// The parameter.
        parameter: &'static str,
        /// The text found.
        found: String,
    },
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Empty => f.write_str("empty command"),
            CommandError::Unknown(word) => write!(f, "unknown command {word:?}"),
            CommandError::Unexpected { command, word } => {
                write!(f, "{command}: unexpected {word:?}")
            }
            CommandError::MissingValue(parameter) => write!(f, "{parameter} needs a value"),
            CommandError::BadNumber { parameter, found } => {
                write!(f, "{parameter}: {found:?} is not a valid number")
            }
        }
    }
}

impl std::error::Error for CommandError {}

impl FromStr for Command {
    type Err = CommandError;

    /// ```
    /// use plyforge_uci::{Command, StartPosition};
    /// let command: Command = "position startpos moves e2e4 e7e5".parse()?;
    /// assert_eq!(command, Command::Position {
    ///     start: StartPosition::Start,
    ///     moves: vec!["e2e4".into(), "e7e5".into()],
    /// });
    /// assert!("go depth x".parse::<Command>().is_err());
    /// # Ok::<(), plyforge_uci::CommandError>(())
    /// ```
    fn from_str(line: &str) -> Result<Command, CommandError> {
        let mut words = line.split_whitespace();
        let first = words.next().ok_or(CommandError::Empty)?;
        let rest: Vec<&str> = words.collect();
        let no_arguments = |command: &'static str, value: Command| match rest.first() {
            None => Ok(value),
            Some(word) => Err(CommandError::Unexpected {
                command,
                word: word.to_string(),
            }),
        };
        match first {
            "uci" => no_arguments("uci", Command::Uci),
            "isready" => no_arguments("isready", Command::IsReady),
            "ucinewgame" => no_arguments("ucinewgame", Command::NewGame),
            "stop" => no_arguments("stop", Command::Stop),
            "ponderhit" => no_arguments("ponderhit", Command::PonderHit),
            "quit" => no_arguments("quit", Command::Quit),
            "d" => no_arguments("d", Command::Display),
            "eval" => no_arguments("eval", Command::Eval),
            "debug" => match rest.as_slice() {
                ["on"] => Ok(Command::Debug(true)),
                ["off"] => Ok(Command::Debug(false)),
                [] => Err(CommandError::MissingValue("debug")),
                [word, ..] => Err(CommandError::Unexpected {
                    command: "debug",
                    word: word.to_string(),
                }),
            },
            "perft" => match rest.as_slice() {
                [depth] => Ok(Command::Perft(number("perft", depth)?)),
                [] => Err(CommandError::MissingValue("perft")),
                [_, word, ..] => Err(CommandError::Unexpected {
                    command: "perft",
                    word: word.to_string(),
                }),
            },
            "bench" => match rest.as_slice() {
                [] => Ok(Command::Bench(None)),
                [depth] => Ok(Command::Bench(Some(number("bench", depth)?))),
                [_, word, ..] => Err(CommandError::Unexpected {
                    command: "bench",
                    word: word.to_string(),
                }),
            },
            "setoption" => parse_setoption(&rest),
            "position" => parse_position(&rest),
            "go" => match rest.as_slice() {
                ["perft", depth] => Ok(Command::Perft(number("perft", depth)?)),
                ["perft"] => Err(CommandError::MissingValue("go perft")),
                _ => parse_go(&rest).map(Command::Go),
            },
            other => Err(CommandError::Unknown(other.to_string())),
        }
    }
}

fn number<T: FromStr>(parameter: &'static str, text: &str) -> Result<T, CommandError> {
    text.parse().map_err(|_| CommandError::BadNumber {
        parameter,
        found: text.to_string(),
    })
}

fn parse_setoption(words: &[&str]) -> Result<Command, CommandError> {
    match words.first() {
        Some(&"name") => {}
        Some(word) => {
            return Err(CommandError::Unexpected {
                command: "setoption",
                word: word.to_string(),
            });
        }
        None => return Err(CommandError::MissingValue("setoption name")),
    }
    let words = &words[1..];
    let value_at = words.iter().position(|&word| word == "value");
    let (name, value) = match value_at {
        Some(at) => (&words[..at], Some(words[at + 1..].join(" "))),
        None => (words, None),
    };
    if name.is_empty() {
        return Err(CommandError::MissingValue("setoption name"));
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value,
    })
}

fn parse_position(words: &[&str]) -> Result<Command, CommandError> {
    let moves_at = words.iter().position(|&word| word == "moves");
    let (setup, moves) = match moves_at {
        Some(at) => (
            &words[..at],
            words[at + 1..].iter().map(|m| m.to_string()).collect(),
        ),
        None => (words, Vec::new()),
    };
    let start = match setup {
        ["startpos"] => StartPosition::Start,
        ["fen", fen @ ..] if !fen.is_empty() => StartPosition::Fen(fen.join(" ")),
        ["fen"] => return Err(CommandError::MissingValue("position fen")),
        [] => return Err(CommandError::MissingValue("position")),
        [word, ..] => {
            return Err(CommandError::Unexpected {
                command: "position",
                word: word.to_string(),
            });
        }
    };
    Ok(Command::Position { start, moves })
}

/// The words `go` takes as parameters; `searchmoves` reads moves up to the next of them.
const GO_PARAMETERS: [&str; 12] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "movetime",
    "infinite",
    "ponder",
    "mate",
    "searchmoves",
];

fn parse_go(words: &[&str]) -> Result<Go, CommandError> {
    let (go, errors) = Go::parse_lenient(words);
    match errors.into_iter().next() {
        Some(error) => Err(error),
        None => Ok(go),
    }
}

impl Go {
    /// The parameters among the words after `go`, read leniently: each parameter whose value
    /// is missing or not a number in range, each word that is not a parameter, and a
    /// `searchmoves` without moves is left out and reported, and the rest is kept. A value
    /// that is a parameter's name is taken as missing and read as that parameter. Parsing a
    /// [`Command`] is strict and gives the first of these errors; the engine searches with
    /// what this keeps (as Stockfish does), so that a malformed `go` still gets a `bestmove`.
    ///
    /// ```
    /// use plyforge_uci::{CommandError, Go};
    /// use std::time::Duration;
    /// let (go, errors) = Go::parse_lenient(&["depth", "x", "movetime", "100", "searchmoves"]);
    /// assert_eq!(go, Go { move_time: Some(Duration::from_millis(100)), ..Go::default() });
    /// assert_eq!(errors, [
    ///     CommandError::BadNumber { parameter: "depth", found: "x".into() },
    ///     CommandError::MissingValue("searchmoves"),
    /// ]);
    /// ```
    pub fn parse_lenient(words: &[&str]) -> (Go, Vec<CommandError>) {
        let mut go = Go::default();
        let mut errors = Vec::new();
        let mut words = words.iter().copied().peekable();
        while let Some(word) = words.next() {
            if word == "searchmoves" {
                let before = go.search_moves.len();
                while let Some(mv) = words.next_if(|mv| !GO_PARAMETERS.contains(mv)) {
                    go.search_moves.push(mv.to_string());
                }
                if go.search_moves.len() == before {
                    errors.push(CommandError::MissingValue("searchmoves"));
                }
                continue;
            }
            let parameter = match GO_PARAMETERS.iter().find(|&&name| name == word) {
                Some(&parameter) => parameter,
                None => {
                    errors.push(CommandError::Unexpected {
                        command: "go",
                        word: word.to_string(),
                    });
                    continue;
                }
            };
            match parameter {
                "infinite" => {
                    go.infinite = true;
                    continue;
                }
                "ponder" => {
                    go.ponder = true;
                    continue;
                }
                _ => {}
            }
            let Some(text) = words.next_if(|value| !GO_PARAMETERS.contains(value)) else {
                errors.push(CommandError::MissingValue(parameter));
                continue;
            };
            if let Err(error) = go.set(parameter, text) {
                errors.push(error);
            }
        }
        (go, errors)
    }

    /// Sets the parameter `parameter` (one that takes a value) from `text`.
    fn set(&mut self, parameter: &'static str, text: &str) -> Result<(), CommandError> {
        // Some GUIs send a negative clock when the engine is over time: treat it as zero.
        let milliseconds = || -> Result<Duration, CommandError> {
            let ms: i64 = number(parameter, text)?;
            Ok(Duration::from_millis(ms.max(0) as u64))
        };
        match parameter {
            "wtime" => self.white_time = Some(milliseconds()?),
            "btime" => self.black_time = Some(milliseconds()?),
            "winc" => self.white_increment = Some(milliseconds()?),
            "binc" => self.black_increment = Some(milliseconds()?),
            "movetime" => self.move_time = Some(milliseconds()?),
            "movestogo" => self.moves_to_go = Some(number(parameter, text)?),
            "depth" => self.depth = Some(number(parameter, text)?),
            "nodes" => self.nodes = Some(number(parameter, text)?),
            "mate" => self.mate = Some(number(parameter, text)?),
            _ => {
                return Err(CommandError::Unexpected {
                    command: "go",
                    word: parameter.to_string(),
                });
            }
        }
        Ok(())
    }
}
