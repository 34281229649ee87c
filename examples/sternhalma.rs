//! A command-line Sternhalma (Chinese Checkers) for 2, 3, 4 or 6 players: set up a position,
//! look at the star, play moves, let the computer search or play the game to the end.
//!
//! ```text
//! cargo run --release --example sternhalma [-- --svg board.svg]
//! ```
//! Commands are read one per line from standard input; `help` lists them. Players are numbered
//! from 1 and drawn as letters (A = player 1). With `--svg FILE` the board is also drawn as an
//! SVG picture into FILE at the start and after every change, with a legend and the last move
//! marked (`svg FILE` writes one picture on demand).

use plyforge::search::Algorithm;
use plyforge::search::{Evaluator, Limits};
use plyforge::sternhalma::star::{COORDINATES, HOLES, ROWS};
use plyforge::sternhalma::{Ai, Choice, DistanceEvaluator, Move, PlayerCount, Position, Strategy};
use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

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
/// The height of a line of the SVG picture's legend.
const SVG_LEGEND_ROW: f64 = 20.0;
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
  hint [same options as go]
                           search for the player to move and show the best move, unplayed
  ai [<algorithm>]         show or set the search for go, hint and play:
                           paranoid, maxn, brs, brs+, mcts, greedy
  eval                     each player's evaluation
  play [same options as go]
                           let the computer play every side to the end, showing each move
  svg <file>               draw the board as an SVG picture
  quit                     leave";

/// The session: the game so far and the settings.
struct Session {
    position: Position,
    /// The positions before each move, with the move played from each.
    history: Vec<(Position, Move)>,
    algorithm: Strategy,
    /// Whether the user picked the algorithm (`ai`): kept across `new` and `position`.
    algorithm_chosen: bool,
    svg: Option<String>,
}

/// The algorithm for a game of `players` when the user has not picked one: alpha-beta for
/// two, best-reply search (the strongest in our tournaments) for more.
fn default_algorithm(players: PlayerCount) -> Strategy {
    if players == PlayerCount::Two {
        Strategy::Search(Algorithm::Paranoid)
    } else {
        Strategy::Search(Algorithm::BestReply)
    }
}

impl Session {
    fn new(svg: Option<String>) -> Session {
        let position = Position::new(PlayerCount::Two);
        Session {
            algorithm: default_algorithm(position.players()),
            algorithm_chosen: false,
            position,
            history: Vec::new(),
            svg,
        }
    }

    fn set_position(&mut self, position: Position) {
        self.history.clear();
        if !self.algorithm_chosen {
            self.algorithm = default_algorithm(position.players());
        }
        self.position = position;
        println!(
            "{} players; the computer plays {} (change with ai <algorithm>)",
            self.position.players(),
            describe_algorithm(self.algorithm, self.position.players())
        );
    }

    /// The last move played, if any, for the picture.
    fn last_move(&self) -> Option<Move> {
        self.history.last().map(|&(_, mv)| mv)
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
            "show" => print!("{}", draw(&self.position, false, self.last_move())),
            "numbers" => print!("{}", draw(&self.position, true, None)),
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
                let player = self.position.to_move();
                let mv = self
                    .position
                    .try_play_str(text)
                    .map_err(|e| format!("{e}"))?;
                self.history.push((before, mv));
                println!("player {} ({}) plays {mv}", player + 1, SYMBOLS[player]);
                self.changed();
            }
            "undo" => {
                let (before, mv) = self.history.pop().ok_or("nothing to undo")?;
                self.position = before;
                println!("took back {mv}");
                self.changed();
            }
            "ai" => match args {
                [] => println!(
                    "the computer plays {}",
                    describe_algorithm(self.algorithm, self.position.players())
                ),
                [name] => {
                    self.algorithm = name.parse().map_err(|e| format!("{e}"))?;
                    self.algorithm_chosen = true;
                    println!(
                        "the computer now plays {}",
                        describe_algorithm(self.algorithm, self.position.players())
                    );
                }
                _ => return Err("usage: ai [paranoid|maxn|brs|brs+|mcts|greedy]".into()),
            },
            "eval" => self.eval(),
            "go" => {
                let limits = parse_limits(args)?;
                self.go(&limits, true)?;
            }
            "hint" => {
                let limits = parse_limits(args)?;
                self.go(&limits, false)?;
            }
            "play" => {
                let limits = parse_limits(args)?;
                while self.position.outcome().is_none() {
                    self.go(&limits, true)?;
                }
            }
            "svg" => {
                let [path] = args else {
                    return Err("usage: svg <file>".into());
                };
                write_svg(&self.position, self.last_move(), path)?;
                println!("wrote {path}");
            }
            other => return Err(format!("unknown command {other:?} (try help)")),
        }
        Ok(true)
    }

    /// Searches for the player to move and prints the move found; plays it when `play`.
    fn go(&mut self, limits: &Limits<Move>, play: bool) -> Result<(), String> {
        if self.position.outcome().is_some() {
            return Err("the game is over (new starts another)".into());
        }
        let player = self.position.to_move();
        let clock = Instant::now();
        let choice = Ai::new(self.algorithm, limits.clone())
            .choose(&self.position)
            .map_err(|e| format!("{e}"))?;
        let seconds = clock.elapsed().as_secs_f64();
        let Choice {
            mv,
            score,
            depth,
            nodes,
        } = choice;
        let verb = if play { "plays" } else { "would play" };
        println!(
            "ply {:3}: player {} ({}) {verb} {mv}  ({}: score {score}, depth {depth}, {nodes} nodes, {seconds:.2} s)",
            self.position.plies() + 1,
            player + 1,
            SYMBOLS[player],
            self.algorithm,
        );
        if play {
            self.history.push((self.position.clone(), mv));
            self.position.play(mv);
            self.changed();
        }
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

    /// Draws the board, reports the end of the game and refreshes the SVG picture.
    fn changed(&self) {
        print!("{}", draw(&self.position, false, self.last_move()));
        if self.position.outcome().is_some() {
            match self.position.winner() {
                Some(winner) => println!(
                    "the game is over: player {} ({}) wins",
                    winner + 1,
                    SYMBOLS[winner]
                ),
                None => println!("the game is over: a draw by the move limit"),
            }
        }
        self.write_picture();
    }

    /// Refreshes the SVG picture, if one was asked for.
    fn write_picture(&self) {
        if let Some(path) = &self.svg
            && let Err(message) = write_svg(&self.position, self.last_move(), path)
        {
            eprintln!("error: {message}");
        }
    }
}

/// `go`'s arguments: nothing (the default time), `depth N`, `nodes N`, `time MS`, or a bare
/// number (depth), `Nms` or `Ns` (time).
fn parse_limits(args: &[&str]) -> Result<Limits<Move>, String> {
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

/// An algorithm in words for messages, in a game of `players`: with two players paranoid
/// search is plain alpha-beta and says so.
fn describe_algorithm(algorithm: Strategy, players: PlayerCount) -> &'static str {
    match algorithm {
        Strategy::Search(Algorithm::AlphaBeta) => "alpha-beta",
        Strategy::Search(Algorithm::Paranoid) if players == PlayerCount::Two => "alpha-beta",
        Strategy::Search(Algorithm::Paranoid) => {
            "paranoid alpha-beta (the other players as one team against the player to move)"
        }
        Strategy::Search(Algorithm::MaxN) => "max^n",
        Strategy::Search(Algorithm::BestReply) => "best-reply search",
        Strategy::Search(Algorithm::BestReplyPlus) => "best-reply search plus (BRS+)",
        Strategy::Search(Algorithm::MonteCarlo) => {
            "Monte Carlo tree search, with the evaluation at a rollout cut-off"
        }
        Strategy::Greedy => "greedy: the best evaluation one move ahead",
    }
}

/// The star as text: each hole at its doubled column, so the rows line up as on the board.
/// Hole numbers take two characters a column (four a hole: the star fits 80 columns).
fn draw(position: &Position, numbers: bool, last: Option<Move>) -> String {
    let width = if numbers { 2 } else { 1 };
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
    if let Some(mv) = last {
        let _ = writeln!(text, "last move {mv}");
    }
    text
}

/// Writes the board as an SVG picture: a disc per hole, coloured by its marble's player and
/// lettered as on the text board, the last move drawn as an arrow, and a legend.
fn write_svg(position: &Position, last: Option<Move>, path: &str) -> Result<(), String> {
    let centre = |hole: u8| {
        let (row, column) = COORDINATES[hole as usize];
        (
            SVG_MARGIN + column as f64 * SVG_COLUMN,
            SVG_MARGIN + row as f64 * SVG_ROW,
        )
    };
    let width = 24.0 * SVG_COLUMN + 2.0 * SVG_MARGIN;
    let board_height = (ROWS - 1) as f64 * SVG_ROW + 2.0 * SVG_MARGIN;
    let players = position.players().get();
    let height = board_height + SVG_LEGEND_ROW * (players + 1) as f64;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"#f4ecd8\"/>\n"
    );
    for hole in 0..HOLES as u8 {
        let (x, y) = centre(hole);
        match position.owner(hole) {
            Some(player) => {
                let _ = writeln!(
                    svg,
                    "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"10\" fill=\"{}\"><title>{hole}</title></circle>\
                     <text x=\"{x:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\" fill=\"white\">{}</text>",
                    COLOURS[player],
                    y + 4.0,
                    SYMBOLS[player]
                );
            }
            None => {
                let _ = writeln!(
                    svg,
                    "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"5\" fill=\"#c8bca0\"><title>{hole}</title></circle>"
                );
            }
        }
    }
    if let Some((from, to)) = last.and_then(|mv| Some((mv.from()?, mv.to()?))) {
        let ((x1, y1), (x2, y2)) = (centre(from), centre(to));
        let _ = writeln!(
            svg,
            "<circle cx=\"{x1:.1}\" cy=\"{y1:.1}\" r=\"8\" fill=\"none\" stroke=\"black\" stroke-dasharray=\"3 2\"/>\
             <line x1=\"{x1:.1}\" y1=\"{y1:.1}\" x2=\"{x2:.1}\" y2=\"{y2:.1}\" stroke=\"black\" stroke-width=\"2\" opacity=\"0.6\"/>\
             <circle cx=\"{x2:.1}\" cy=\"{y2:.1}\" r=\"12\" fill=\"none\" stroke=\"black\" stroke-width=\"2\"/>"
        );
    }
    let mut y = board_height;
    let mut legend = |text: String| {
        let _ = writeln!(
            svg,
            "<text x=\"{SVG_MARGIN}\" y=\"{y:.1}\" font-size=\"14\">{text}</text>"
        );
        y += SVG_LEGEND_ROW;
    };
    for (player, (symbol, colour)) in SYMBOLS.iter().zip(COLOURS).take(players).enumerate() {
        let marker = if player == position.to_move() {
            " (to move)"
        } else {
            ""
        };
        legend(format!(
            "<tspan fill=\"{colour}\">\u{25cf}</tspan> {symbol} = player {}{marker}",
            player + 1
        ));
    }
    let last = last.map_or(String::new(), |mv| format!(", last move {mv} (ringed)"));
    legend(format!(
        "{} players, ply {}{last}",
        position.players(),
        position.plies()
    ));
    svg.push_str("</svg>\n");
    std::fs::write(path, svg).map_err(|e| format!("cannot write {path}: {e}"))
}

/// The answer to `--help`.
const USAGE: &str = "\
usage: sternhalma [--svg FILE]
Chinese Checkers for 2, 3, 4 or 6 players in the terminal, against the computer or watching
it play; type help for the commands. --svg FILE keeps a picture of the board up to date.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let svg = match args.as_slice() {
        [] => None,
        [flag] if flag == "--help" || flag == "-h" => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        [flag, path] if flag == "--svg" => Some(path.clone()),
        _ => {
            eprintln!("error: unexpected arguments {args:?}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut session = Session::new(svg);
    println!(
        "Sternhalma: 2 players, the computer plays {}; type help for the commands",
        describe_algorithm(session.algorithm, session.position.players())
    );
    print!("{}", draw(&session.position, false, None));
    session.write_picture();
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
    ExitCode::SUCCESS
}
