//! A command-line Sternhalma (Chinese Checkers) for 2, 3, 4 or 6 players: set up a position,
//! look at the star, play moves, let the computer search or play the game to the end.
//!
//! ```text
//! cargo run --release --example sternhalma [-- --svg board.svg]
//! ```
//! Commands are read one per line from standard input; `help` lists them. With `--svg FILE`
//! the board is also drawn as an SVG picture into FILE after every change (`svg FILE` writes
//! one picture on demand).

use plyforge::search::{Evaluator, Limits};
use plyforge::sternhalma::star::{COORDINATES, HOLES, ROWS};
use plyforge::sternhalma::{Ai, Algorithm, DistanceEvaluator, PlayerCount, Position};
use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::time::Duration;

/// The symbol of each player's marbles on the text board (player 1 first).
const SYMBOLS: [char; 6] = ['A', 'B', 'C', 'D', 'E', 'F'];
/// An empty hole on the text board.
const EMPTY_SYMBOL: char = '.';
/// The colour of each player's marbles in the SVG picture.
const COLOURS: [&str; 6] = [
    "#d62728", "#2ca02c", "#1f77b4", "#e6b800", "#9467bd", "#222222",
];
/// Pixels per doubled column and per row in the SVG picture, and the margin around it.
const SVG_COLUMN: f64 = 16.0;
const SVG_ROW: f64 = 27.7;
const SVG_MARGIN: f64 = 24.0;
/// The default search budget of `go` and `play`.
const DEFAULT_TIME: Duration = Duration::from_millis(500);

const HELP: &str = "\
commands:
  help                     this list
  new <players>            a new game for 2, 3, 4 or 6 players
  position <board> <n> <p> set up a position in the rules page's notation
  show                     draw the star (A = player 1, B = player 2, ...)
  numbers                  draw the star with hole numbers
  fen                      print the position in notation
  moves                    list the legal moves of the player to move
  move <from-to>|pass      play a move
  undo                     take back the last move
  go [depth N|nodes N|time MS|N|Nms|Ns]
                           search for the player to move and play the best move
  ai <algorithm>           the search for go and play: paranoid, maxn, brs, brs+, greedy
  eval                     each player's evaluation
  play [same options as go]
                           let the computer play every side to the end, showing each move
  svg <file>               draw the board as an SVG picture
  quit                     leave";

/// The session: the game so far and the settings.
struct Session {
    position: Position,
    history: Vec<Position>,
    algorithm: Algorithm,
    ai: Ai,
    svg: Option<String>,
}

impl Session {
    fn new(svg: Option<String>) -> Session {
        let position = Position::new(PlayerCount::Two);
        Session {
            ai: Ai::new(Algorithm::Paranoid, Limits::default()),
            algorithm: Algorithm::Paranoid,
            position,
            history: Vec::new(),
            svg,
        }
    }

    fn set_position(&mut self, position: Position) {
        self.history.clear();
        // Two players: alpha-beta; more: best-reply search, the strongest in our tournaments.
        if self.algorithm == Algorithm::Paranoid && position.players() != PlayerCount::Two {
            self.algorithm = Algorithm::BestReply;
        }
        self.position = position;
        self.ai = Ai::new(self.algorithm, Limits::default());
    }

    /// Runs one command line; returns `false` on `quit`.
    fn run(&mut self, line: &str) -> Result<bool, String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            return Ok(true);
        };
        match command {
            "help" => println!("{HELP}"),
            "quit" | "exit" => return Ok(false),
            "new" => {
                let [players] = args else {
                    return Err("usage: new <players> (2, 3, 4 or 6)".into());
                };
                let players: PlayerCount = players.parse().map_err(|e| format!("{e}"))?;
                self.set_position(Position::new(players));
                self.changed();
            }
            "position" => {
                let position: Position = args.join(" ").parse().map_err(|e| format!("{e}"))?;
                self.set_position(position);
                self.changed();
            }
            "show" => print!("{}", draw(&self.position, false)),
            "numbers" => print!("{}", draw(&self.position, true)),
            "fen" => println!("{}", self.position),
            "moves" => {
                let moves = self.position.legal_moves();
                let list: Vec<String> = moves.iter().map(|mv| mv.to_string()).collect();
                println!("{} moves: {}", list.len(), list.join(" "));
            }
            "move" => {
                let [text] = args else {
                    return Err("usage: move <from-to> or move pass".into());
                };
                let before = self.position.clone();
                self.position
                    .try_play_str(text)
                    .map_err(|e| format!("{e}"))?;
                self.history.push(before);
                self.changed();
            }
            "undo" => {
                self.position = self.history.pop().ok_or("nothing to undo")?;
                self.changed();
            }
            "ai" => {
                let [name] = args else {
                    return Err("usage: ai <paranoid|maxn|brs|brs+|greedy>".into());
                };
                self.algorithm = name.parse().map_err(|e| format!("{e}"))?;
                self.ai = Ai::new(self.algorithm, Limits::default());
                println!("the computer now plays {}", self.algorithm);
            }
            "eval" => self.eval(),
            "go" => {
                let limits = parse_limits(args)?;
                self.go(&limits)?;
            }
            "play" => {
                let limits = parse_limits(args)?;
                while self.position.outcome().is_none() {
                    self.go(&limits)?;
                }
            }
            "svg" => {
                let [path] = args else {
                    return Err("usage: svg <file>".into());
                };
                write_svg(&self.position, path)?;
                println!("wrote {path}");
            }
            other => return Err(format!("unknown command {other:?} (try help)")),
        }
        Ok(true)
    }

    /// Searches, plays and prints the move.
    fn go(&mut self, limits: &Limits) -> Result<(), String> {
        self.ai = Ai::new(self.algorithm, limits.clone());
        let player = self.position.to_move();
        let choice = self.ai.choose(&self.position).map_err(|e| format!("{e}"))?;
        self.history.push(self.position.clone());
        self.position.play(choice.mv);
        println!(
            "ply {:3}: player {} ({}) plays {}  (score {}, depth {}, {} nodes)",
            self.position.plies(),
            player + 1,
            SYMBOLS[player],
            choice.mv,
            choice.score,
            choice.depth,
            choice.nodes
        );
        self.changed();
        Ok(())
    }

    fn eval(&self) {
        let evaluator = DistanceEvaluator::default();
        let players = self.position.players().get();
        for (player, symbol) in SYMBOLS.iter().enumerate().take(players) {
            println!(
                "player {} ({symbol}): distance {:3}, home {:2}, value {:6}, advantage {:6}",
                player + 1,
                self.position.distance_sum(player),
                self.position.marbles_home(player),
                evaluator.value(&self.position, player),
                evaluator.evaluate(&self.position, player)
            );
        }
    }

    /// Reports the end of the game and refreshes the SVG picture.
    fn changed(&self) {
        if let Some(outcome) = self.position.outcome() {
            match self.position.winner() {
                Some(winner) => println!("player {} ({}) wins", winner + 1, SYMBOLS[winner]),
                None => println!("draw by the move limit ({outcome:?})"),
            }
        }
        if let Some(path) = &self.svg
            && let Err(message) = write_svg(&self.position, path)
        {
            eprintln!("error: {message}");
        }
    }
}

/// `go`'s arguments: nothing (the default time), `depth N`, `nodes N`, `time MS`, or a bare
/// number (depth), `Nms` or `Ns` (time).
fn parse_limits(args: &[&str]) -> Result<Limits, String> {
    let number = |text: &str| {
        text.parse::<u64>()
            .map_err(|_| format!("{text:?} is not a whole number"))
    };
    let time = |ms: u64| Limits::time(Duration::from_millis(ms), Duration::from_millis(2 * ms));
    match args {
        [] => Ok(time(DEFAULT_TIME.as_millis() as u64)),
        ["depth", n] => Ok(Limits::depth(number(n)?.clamp(1, 64) as u32)),
        ["nodes", n] => Ok(Limits::nodes(number(n)?.max(1))),
        ["time", ms] => Ok(time(number(ms)?.max(1))),
        [text] if text.ends_with("ms") => Ok(time(number(&text[..text.len() - 2])?.max(1))),
        [text] if text.ends_with('s') => Ok(time(number(&text[..text.len() - 1])?.max(1) * 1000)),
        [text] => Ok(Limits::depth(number(text)?.clamp(1, 64) as u32)),
        _ => Err("usage: go [depth N | nodes N | time MS | N | Nms | Ns]".into()),
    }
}

/// The star as text: each hole at its doubled column, so the rows line up as on the board.
fn draw(position: &Position, numbers: bool) -> String {
    let width = if numbers { 4 } else { 1 };
    let mut rows = vec![String::new(); ROWS];
    for hole in 0..HOLES as u8 {
        let (row, column) = COORDINATES[hole as usize];
        let line = &mut rows[row as usize];
        let at = column as usize * width;
        while line.chars().count() < at {
            line.push(' ');
        }
        if numbers {
            let _ = write!(line, "{hole:<3}");
        } else {
            line.push(match position.owner(hole) {
                Some(player) => SYMBOLS[player],
                None => EMPTY_SYMBOL,
            });
        }
    }
    let mut text = rows.join("\n");
    let to_move = position.to_move();
    let _ = writeln!(
        text,
        "\n{} players, player {} ({}) to move, ply {}",
        position.players(),
        to_move + 1,
        SYMBOLS[to_move],
        position.plies()
    );
    text
}

/// Writes the board as an SVG picture: a disc per hole, coloured by its marble's player.
fn write_svg(position: &Position, path: &str) -> Result<(), String> {
    let width = 24.0 * SVG_COLUMN + 2.0 * SVG_MARGIN;
    let height = (ROWS - 1) as f64 * SVG_ROW + 2.0 * SVG_MARGIN;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#f4ecd8\"/>\n"
    );
    for hole in 0..HOLES as u8 {
        let (row, column) = COORDINATES[hole as usize];
        let x = SVG_MARGIN + column as f64 * SVG_COLUMN;
        let y = SVG_MARGIN + row as f64 * SVG_ROW;
        let (fill, radius) = match position.owner(hole) {
            Some(player) => (COLOURS[player], 10.0),
            None => ("#c8bca0", 5.0),
        };
        let _ = writeln!(
            svg,
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{radius}\" fill=\"{fill}\"><title>{hole}</title></circle>"
        );
    }
    let _ = writeln!(
        svg,
        "<text x=\"{SVG_MARGIN}\" y=\"{:.1}\" font-family=\"sans-serif\" font-size=\"14\">{} players, player {} to move</text>\n</svg>",
        height - 6.0,
        position.players(),
        position.to_move() + 1
    );
    std::fs::write(path, svg).map_err(|e| format!("cannot write {path}: {e}"))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let svg = match args.as_slice() {
        [] => None,
        [flag, path] if flag == "--svg" => Some(path.clone()),
        _ => {
            eprintln!("usage: sternhalma [--svg FILE]   (then type help)");
            std::process::exit(2);
        }
    };
    let mut session = Session::new(svg);
    println!("Sternhalma: 2 players, type help for the commands");
    let stdin = std::io::stdin();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        match session.run(line.trim()) {
            Ok(true) => {}
            Ok(false) => break,
            Err(message) => println!("error: {message}"),
        }
        let _ = std::io::stdout().flush();
    }
}
