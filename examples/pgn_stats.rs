//! Reads PGN files of many games, checks every move of each main line on the board, and prints
//! statistics: games, results, plies, average length, the most common first moves, how games
//! ended on the board, and the errors found by kind. Variations are skipped; a game stops being
//! replayed at its first error. A progress bar shows on large files.
//!
//! ```text
//! cargo run --release --example pgn_stats -- examples/data/games.pgn
//! ```

use indicatif::{ProgressBar, ProgressStyle};
use plyforge::chess::pgn::{GameResult, Reader, Skip, SyntaxError, SyntaxErrorKind, Visitor};
use plyforge::chess::{Board, Outcome, SanError, SanPlus};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::fs::File;
use std::io::{BufRead, BufReader};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: pgn_stats [--top N] <file.pgn>...

Reads every game of the PGN files (- for standard input), checks each move of the main lines,
and prints statistics: games, results, plies, average length, the N most common first moves
(default 5), how the games ended on the board, and the errors found by kind.";

/// Files larger than this get a progress bar.
const PROGRESS_BAR_BYTES: u64 = 4 << 20;
/// Games read between two updates of the progress bar.
const GAMES_PER_UPDATE: u64 = 256;

/// What went wrong in a game, by kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum ErrorKind {
    /// A PGN syntax problem.
    Syntax(&'static str),
    /// The FEN tag is not a position.
    BadFen,
    /// A variant other than chess or Chess960.
    Variant,
    /// A SAN move that names no legal move.
    Move(&'static str),
}

impl ErrorKind {
    fn name(self) -> String {
        match self {
            ErrorKind::Syntax(what) => format!("syntax: {what}"),
            ErrorKind::BadFen => "bad FEN tag".to_string(),
            ErrorKind::Variant => "unsupported variant".to_string(),
            ErrorKind::Move(what) => format!("move: {what}"),
        }
    }

    fn of_syntax(error: SyntaxError) -> ErrorKind {
        ErrorKind::Syntax(match error.kind {
            SyntaxErrorKind::San(_) => "not SAN",
            SyntaxErrorKind::Tag => "malformed tag",
            SyntaxErrorKind::Nag => "malformed NAG",
            SyntaxErrorKind::UnmatchedParenthesis => "unmatched parenthesis",
            SyntaxErrorKind::UnterminatedComment => "unterminated comment",
            SyntaxErrorKind::UnexpectedCharacter(_) => "unexpected character",
            SyntaxErrorKind::VariationTooDeep => "variations too deep",
            SyntaxErrorKind::NoGame => "no game",
        })
    }

    fn of_san(error: SanError) -> ErrorKind {
        ErrorKind::Move(match error {
            SanError::Syntax(_) => "not SAN",
            SanError::NoSuchPiece => "no such piece",
            SanError::NothingToCapture => "nothing to capture",
            SanError::Illegal => "illegal",
            SanError::Ambiguous => "ambiguous",
        })
    }
}

/// What one game gives.
#[derive(Debug, Default)]
struct GameSummary {
    plies: u64,
    result: Option<GameResult>,
    first_move: Option<String>,
    error: Option<ErrorKind>,
    /// How the game ended on the board (mate, stalemate, ...), when it did.
    outcome: Option<Outcome>,
}

/// Replays each game's main line as it is read.
#[derive(Default)]
struct Checker {
    board: Board,
    fen: Option<String>,
    variant: Option<String>,
    summary: GameSummary,
}

impl Visitor for Checker {
    type Output = GameSummary;

    fn begin_game(&mut self) {
        self.fen = None;
        self.variant = None;
        self.summary = GameSummary::default();
    }

    fn tag(&mut self, name: &[u8], value: &[u8]) {
        let value = || String::from_utf8_lossy(value).into_owned();
        match name {
            b"FEN" => self.fen = Some(value()),
            b"Variant" => self.variant = Some(value()),
            _ => {}
        }
    }

    fn end_tags(&mut self) -> Skip {
        let variant = self.variant.as_deref().unwrap_or("").to_ascii_lowercase();
        if !matches!(
            variant.trim(),
            "" | "standard" | "chess" | "chess960" | "chess 960" | "fischerandom"
        ) {
            self.summary.error = Some(ErrorKind::Variant);
            return Skip(true);
        }
        self.board = match self.fen.as_deref().map(|fen| fen.trim().parse::<Board>()) {
            None => Board::default(),
            Some(Ok(board)) => board,
            Some(Err(_)) => {
                self.summary.error = Some(ErrorKind::BadFen);
                return Skip(true);
            }
        };
        Skip(false)
    }

    fn san(&mut self, san: SanPlus) {
        if self.summary.error.is_some() {
            return;
        }
        match san.to_move(&self.board) {
            Ok(mv) => {
                if self.summary.plies == 0 {
                    self.summary.first_move = Some(SanPlus::from_move(&self.board, mv).to_string());
                }
                self.board.play(mv);
                self.summary.plies += 1;
            }
            Err(error) => self.summary.error = Some(ErrorKind::of_san(error)),
        }
    }

    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }

    fn result(&mut self, result: GameResult) {
        self.summary.result = Some(result);
    }

    fn syntax_error(&mut self, error: SyntaxError) {
        self.summary
            .error
            .get_or_insert(ErrorKind::of_syntax(error));
    }

    fn end_game(&mut self) -> GameSummary {
        if self.summary.error.is_none() {
            self.summary.outcome = self.board.outcome();
        }
        std::mem::take(&mut self.summary)
    }
}

/// Everything counted over the files.
#[derive(Default)]
struct Statistics {
    games: u64,
    bytes: u64,
    results: HashMap<Option<GameResult>, u64>,
    plies: u64,
    longest: u64,
    first_moves: HashMap<String, u64>,
    outcomes: HashMap<String, u64>,
    errors: HashMap<ErrorKind, u64>,
}

impl Statistics {
    fn add(&mut self, game: GameSummary) {
        self.games += 1;
        *self.results.entry(game.result).or_default() += 1;
        self.plies += game.plies;
        self.longest = self.longest.max(game.plies);
        if let Some(first) = game.first_move {
            *self.first_moves.entry(first).or_default() += 1;
        }
        let ended = match game.outcome {
            Some(outcome) => outcome.to_string(),
            None => "not ended on the board".to_string(),
        };
        *self.outcomes.entry(ended).or_default() += 1;
        if let Some(error) = game.error {
            *self.errors.entry(error).or_default() += 1;
        }
    }

    /// Reads every game of `input` (of `length` bytes, when known, for the progress bar).
    fn read(&mut self, input: impl BufRead, length: Option<u64>) -> std::io::Result<()> {
        let bar = match length {
            Some(length) if length >= PROGRESS_BAR_BYTES => {
                let bar = ProgressBar::new(length);
                bar.set_style(
                    ProgressStyle::with_template(
                        "{bar:40} {bytes}/{total_bytes} {bytes_per_sec} eta {eta} {msg}",
                    )
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
                );
                bar
            }
            _ => ProgressBar::hidden(),
        };
        let mut reader = Reader::new(input);
        let mut checker = Checker::default();
        let mut games = 0u64;
        while let Some(game) = reader.read_game(&mut checker)? {
            self.add(game);
            games += 1;
            if games.is_multiple_of(GAMES_PER_UPDATE) {
                bar.set_position(reader.bytes_read());
                bar.set_message(format!("{games} games"));
            }
        }
        bar.finish_and_clear();
        self.bytes += reader.bytes_read();
        Ok(())
    }

    fn report(&self, top: usize, seconds: f64) -> String {
        let mut out = String::new();
        let percent = |count: u64| 100.0 * count as f64 / self.games.max(1) as f64;
        let _ = writeln!(out, "games        {}", self.games);
        let mut results = Vec::new();
        for (result, name) in [
            (Some(GameResult::WhiteWins), "1-0"),
            (Some(GameResult::BlackWins), "0-1"),
            (Some(GameResult::Draw), "1/2-1/2"),
            (Some(GameResult::Unknown), "*"),
            (None, "no result"),
        ] {
            let count = self.results.get(&result).copied().unwrap_or(0);
            if count > 0 || result.is_some() {
                results.push(format!("{name} {count} ({:.1} %)", percent(count)));
            }
        }
        let _ = writeln!(out, "results      {}", results.join(", "));
        let _ = writeln!(
            out,
            "plies        {} (average {:.1} per game, longest {})",
            self.plies,
            self.plies as f64 / self.games.max(1) as f64,
            self.longest
        );
        let _ = writeln!(
            out,
            "first moves  {}",
            top_counts(&self.first_moves, top, self.games)
        );
        let _ = writeln!(
            out,
            "ended        {}",
            top_counts(&self.outcomes, usize::MAX, self.games)
        );
        let mut errors: Vec<(String, u64)> = self
            .errors
            .iter()
            .map(|(kind, &count)| (kind.name(), count))
            .collect();
        errors.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let errors: Vec<String> = errors
            .iter()
            .map(|(name, count)| format!("{name} {count}"))
            .collect();
        let with_errors: u64 = self.errors.values().sum();
        let _ = writeln!(
            out,
            "errors       {} game(s){}{}",
            with_errors,
            if errors.is_empty() { "" } else { ": " },
            errors.join(", ")
        );
        let _ = writeln!(
            out,
            "read         {:.2} MB in {seconds:.2} s ({:.1} MB/s, {:.0} games/s)",
            self.bytes as f64 / 1e6,
            self.bytes as f64 / 1e6 / seconds.max(1e-9),
            self.games as f64 / seconds.max(1e-9)
        );
        out
    }
}

/// The `top` largest counts as `name count (percent)`, largest first, ties by name.
fn top_counts(counts: &HashMap<String, u64>, top: usize, total: u64) -> String {
    let mut sorted: Vec<(&String, &u64)> = counts.iter().collect();
    sorted.sort_by(|a, b| b.1.cmp(a.1).then_with(|| a.0.cmp(b.0)));
    let parts: Vec<String> = sorted
        .into_iter()
        .take(top)
        .map(|(name, &count)| {
            format!(
                "{name} {count} ({:.1} %)",
                100.0 * count as f64 / total.max(1) as f64
            )
        })
        .collect();
    if parts.is_empty() {
        "none".to_string()
    } else {
        parts.join(", ")
    }
}

/// The options of a run.
#[derive(Debug, PartialEq)]
struct Options {
    top: usize,
    files: Vec<String>,
}

fn parse_options(arguments: &[String]) -> Result<Options, String> {
    let mut options = Options {
        top: 5,
        files: Vec::new(),
    };
    let mut arguments = arguments.iter();
    while let Some(argument) = arguments.next() {
        match argument.as_str() {
            "--top" => {
                options.top = arguments
                    .next()
                    .and_then(|value| value.parse().ok())
                    .ok_or("--top takes a number")?;
            }
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}")),
            file => options.files.push(file.to_string()),
        }
    }
    if options.files.is_empty() {
        return Err("no PGN file given".to_string());
    }
    Ok(options)
}

fn main() -> ExitCode {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    if arguments
        .iter()
        .any(|argument| argument == "--help" || argument == "-h")
    {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let options = match parse_options(&arguments) {
        Ok(options) => options,
        Err(error) => {
            eprintln!("pgn_stats: {error}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut statistics = Statistics::default();
    let start = Instant::now();
    for path in &options.files {
        let read = if path == "-" {
            statistics.read(std::io::stdin().lock(), None)
        } else {
            File::open(path).and_then(|file| {
                let length = file.metadata().ok().map(|metadata| metadata.len());
                statistics.read(BufReader::with_capacity(1 << 16, file), length)
            })
        };
        if let Err(error) = read {
            eprintln!("pgn_stats: {path}: {error}");
            return ExitCode::FAILURE;
        }
    }
    print!(
        "{}",
        statistics.report(options.top, start.elapsed().as_secs_f64())
    );
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    fn statistics(text: &[u8]) -> Statistics {
        let mut statistics = Statistics::default();
        statistics.read(text, None).unwrap();
        statistics
    }

    /// The example's data: every game replays, and its plies match its `PlyCount` tag.
    #[test]
    fn the_example_games_all_replay() {
        let text = std::fs::read("examples/data/games.pgn").unwrap();
        let statistics = statistics(&text);
        assert_eq!(statistics.games, 50);
        assert!(statistics.errors.is_empty(), "{:?}", statistics.errors);
        let tagged: u64 = String::from_utf8_lossy(&text)
            .lines()
            .filter_map(|line| line.strip_prefix("[PlyCount \""))
            .map(|count| count.trim_end_matches("\"]").parse::<u64>().unwrap())
            .sum();
        assert_eq!(statistics.plies, tagged);
        let decided: u64 = [GameResult::WhiteWins, GameResult::BlackWins]
            .iter()
            .map(|result| statistics.results.get(&Some(*result)).copied().unwrap_or(0))
            .sum();
        let mates = statistics
            .outcomes
            .keys()
            .filter(|name| name.contains("checkmate"));
        let mated: u64 = mates.map(|name| statistics.outcomes[name]).sum();
        assert_eq!(decided, mated);
        let report = statistics.report(3, 1.0);
        assert!(report.starts_with("games        50\n"), "{report}");
        assert!(report.contains("errors       0 game(s)\n"), "{report}");
    }

    #[test]
    fn errors_are_counted_by_kind() {
        let text = b"1. e4 e5 2. Nxf3 *\n\n1. e4 e5 2. Ke3 *\n\n1. e4 Zz9 *\n\n\
                     [FEN \"8/8 w\"]\n\n1. e4 *\n\n[Variant \"Atomic\"]\n\n1. e4 *\n\n\
                     1. e4 (1. d4 Kxd8) e5 1-0\n";
        let statistics = statistics(text);
        assert_eq!(statistics.games, 6);
        let count = |kind| statistics.errors.get(&kind).copied().unwrap_or(0);
        assert_eq!(count(ErrorKind::Move("nothing to capture")), 1);
        assert_eq!(count(ErrorKind::Move("illegal")), 1);
        assert_eq!(count(ErrorKind::Syntax("not SAN")), 1);
        assert_eq!(count(ErrorKind::BadFen), 1);
        assert_eq!(count(ErrorKind::Variant), 1);
        assert_eq!(statistics.errors.values().sum::<u64>(), 5);
        // The last game's variation is skipped: its illegal move is not an error.
        assert_eq!(statistics.results[&Some(GameResult::WhiteWins)], 1);
        assert_eq!(statistics.first_moves["e4"], 4);
    }

    #[test]
    fn options() {
        let strings = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            parse_options(&strings(&["--top", "3", "a.pgn", "b.pgn"])),
            Ok(Options {
                top: 3,
                files: strings(&["a.pgn", "b.pgn"])
            })
        );
        assert!(parse_options(&[]).is_err());
        assert!(parse_options(&strings(&["--top"])).is_err());
        assert!(parse_options(&strings(&["--fast", "a.pgn"])).is_err());
    }
}
