//! The engine behind the protocol: the current game, the searcher and its options, and the
//! search thread. [`Engine::handle`] takes one [`Command`] at a time and writes every answer
//! through the output callback, so the same engine runs on stdin/stdout or inside a test.

use crate::command::{Command, Go, StartPosition};
use crate::time::limits_for;
use plyforge_chess::{Board, Color, Evaluation, GameHistory, Move};
use plyforge_search::score::plies_to_end;
use plyforge_search::{Config, Evaluator, Info, Score, Searcher, StopFlag, divide};
use std::sync::Arc;
use std::thread::JoinHandle;

/// The engine's name as `uci` reports it.
pub const ENGINE_NAME: &str = concat!("Plyforge ", env!("CARGO_PKG_VERSION"));
/// The authors as `uci` reports them.
pub const ENGINE_AUTHOR: &str = "the Plyforge developers";

const DEFAULT_HASH_MIB: usize = 16;
const MAX_HASH_MIB: usize = 4096;
/// The smallest table, the engine's last resort when memory runs short.
const MIN_HASH_MIB: usize = 1;
const MAX_THREADS: usize = 64;

/// Where the engine writes its lines (one call per line, without the newline).
pub type Output = Arc<dyn Fn(&str) + Send + Sync>;

/// Whether the engine keeps reading commands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// `quit` was received.
    Quit,
}

/// A search running on its own thread; joining it gives the searcher back.
struct RunningSearch {
    stop: StopFlag,
    thread: JoinHandle<Searcher>,
    /// Searches until told to stop (`go infinite`, `go ponder`).
    endless: bool,
}

/// A UCI chess engine over `plyforge-chess` and `plyforge-search`.
///
/// ```
/// use plyforge_uci::{Engine, Flow};
/// use std::sync::{Arc, Mutex};
///
/// let lines = Arc::new(Mutex::new(Vec::<String>::new()));
/// let sink = Arc::clone(&lines);
/// let mut engine = Engine::new(Arc::new(move |line: &str| sink.lock().unwrap().push(line.into())));
/// engine.handle_line("position startpos moves e2e4");
/// engine.handle_line("go depth 4");
/// assert_eq!(engine.handle_line("quit"), Flow::Quit); // waits for the search to finish
/// assert!(lines.lock().unwrap().last().unwrap().starts_with("bestmove "));
/// ```
pub struct Engine {
    game: GameHistory,
    searcher: Option<Searcher>,
    running: Option<RunningSearch>,
    hash_mib: usize,
    threads: usize,
    chess960: bool,
    output: Output,
}

impl Engine {
    /// An engine at the start position that writes its answers to `output`.
    pub fn new(output: Output) -> Engine {
        let hash_mib = DEFAULT_HASH_MIB;
        let threads = 1;
        Engine {
            game: GameHistory::default(),
            searcher: Some(Searcher::new(search_config(hash_mib, threads))),
            running: None,
            hash_mib,
            threads,
            chess960: false,
            output,
        }
    }

    /// The current position.
    pub fn board(&self) -> &Board {
        self.game.board()
    }

    fn say(&self, line: &str) {
        (self.output)(line);
    }

    fn complain(&self, message: impl std::fmt::Display) {
        self.say(&format!("info string error: {message}"));
    }

    /// Parses and handles one line; a line that is not a command is answered with an
    /// `info string error: ...` line and otherwise ignored.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        if line.trim().is_empty() {
            return Flow::Continue;
        }
        match line.parse::<Command>() {
            Ok(command) => self.handle(command),
            Err(error) => {
                self.complain(error);
                Flow::Continue
            }
        }
    }

    /// Handles one command.
    pub fn handle(&mut self, command: Command) -> Flow {
        match command {
            Command::IsReady => self.say("readyok"),
            Command::Stop => self.finish_search(Finish::Stop),
            Command::PonderHit | Command::Debug(_) => {}
            Command::Quit => {
                self.finish_search(Finish::Stop);
                return Flow::Quit;
            }
            Command::Uci | Command::Display | Command::Eval => self.handle_idle(command),
            other => {
                // Everything else changes what a search reads or competes with it: a search with
                // a limit may end by itself first, an endless one is stopped.
                self.finish_search(Finish::Wait);
                self.handle_idle(other);
            }
        }
        Flow::Continue
    }

    fn handle_idle(&mut self, command: Command) {
        match command {
            Command::Uci => {
                self.say(&format!("id name {ENGINE_NAME}"));
                self.say(&format!("id author {ENGINE_AUTHOR}"));
                self.say(&format!(
                    "option name Hash type spin default {DEFAULT_HASH_MIB} min {MIN_HASH_MIB} max {MAX_HASH_MIB}"
                ));
                self.say(&format!(
                    "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
                ));
                self.say("option name Clear Hash type button");
                self.say("option name UCI_Chess960 type check default false");
                self.say("uciok");
            }
            Command::SetOption { name, value } => self.set_option(&name, value.as_deref()),
            Command::NewGame => {
                if let Some(searcher) = self.searcher.as_mut() {
                    searcher.clear();
                }
                self.game = GameHistory::default();
            }
            Command::Position { start, moves } => self.set_position(start, &moves),
            Command::Go(go) => self.go(&go),
            Command::Display => {
                self.say(&format!("fen {}", self.board()));
                self.say(&format!("key {:016x}", self.board().hash()));
            }
            Command::Eval => {
                let board = self.board();
                let score = Evaluation.evaluate(board, board.side_to_move() as usize);
                self.say(&format!("info string eval {score} cp (side to move)"));
            }
            Command::Perft(depth) => {
                let split = divide(self.board(), depth.max(1));
                let mut total = 0;
                for (mv, nodes) in &split {
                    let nodes = if depth == 0 { 1 } else { *nodes };
                    self.say(&format!("{}: {nodes}", mv.to_uci(self.chess960)));
                    total += nodes;
                }
                self.say(&format!(
                    "Nodes searched: {}",
                    if depth == 0 { 1 } else { total }
                ));
            }
            Command::IsReady
            | Command::Stop
            | Command::PonderHit
            | Command::Quit
            | Command::Debug(_) => {}
        }
    }

    /// A fresh searcher with a table of `hash_mib` MiB and `threads` threads. When the system
    /// does not give that much memory, says so and keeps the sizes it had (the old table is
    /// dropped first, so that the two never take memory together).
    fn rebuild_searcher(&mut self, hash_mib: usize, threads: usize) {
        self.searcher = None;
        match Searcher::try_new(search_config(hash_mib, threads)) {
            Ok(searcher) => {
                self.searcher = Some(searcher);
                self.hash_mib = hash_mib;
                self.threads = threads;
            }
            Err(error) => {
                // The old size again; should even that fail now, the smallest table.
                let searcher = Searcher::try_new(search_config(self.hash_mib, self.threads))
                    .unwrap_or_else(|_| {
                        self.hash_mib = MIN_HASH_MIB;
                        Searcher::new(search_config(MIN_HASH_MIB, self.threads))
                    });
                self.complain(format!("{error}; Hash stays at {} MiB", self.hash_mib));
                self.searcher = Some(searcher);
            }
        }
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let number = |max: usize| -> Option<usize> {
            value
                .and_then(|v| v.trim().parse::<usize>().ok())
                .filter(|&n| (1..=max).contains(&n))
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" => match number(MAX_HASH_MIB) {
                Some(mib) => self.rebuild_searcher(mib, self.threads),
                None => self.complain(format!(
                    "Hash takes a size in MiB from {MIN_HASH_MIB} to {MAX_HASH_MIB}"
                )),
            },
            "threads" => match number(MAX_THREADS) {
                Some(threads) => self.rebuild_searcher(self.hash_mib, threads),
                None => self.complain(format!("Threads takes a number from 1 to {MAX_THREADS}")),
            },
            "clear hash" => {
                if let Some(searcher) = self.searcher.as_mut() {
                    searcher.clear();
                }
            }
            "uci_chess960" => match value.map(str::trim) {
                Some("true") => self.chess960 = true,
                Some("false") => self.chess960 = false,
                _ => self.complain("UCI_Chess960 takes true or false"),
            },
            _ => self.complain(format!("unknown option {name:?}")),
        }
    }

    /// Sets up the position; on any error the previous position stays.
    fn set_position(&mut self, start: StartPosition, moves: &[String]) {
        let board = match start {
            StartPosition::Start => Board::default(),
            StartPosition::Fen(fen) => match fen.parse::<Board>() {
                Ok(board) => board,
                Err(error) => return self.complain(format!("bad FEN: {error}")),
            },
        };
        let mut game = GameHistory::new(board);
        for mv in moves {
            if let Err(error) = game.play_uci(mv) {
                return self.complain(format!("move {mv}: {error}"));
            }
        }
        self.game = game;
    }

    fn go(&mut self, go: &Go) {
        let Some(mut searcher) = self.searcher.take() else {
            return self.complain("no searcher available");
        };
        let stop = StopFlag::new();
        let board = *self.board();
        let us = board.side_to_move();
        let limits = limits_for(go, us == Color::White).with_stop(stop.clone());
        let history = self.game.earlier_hashes().to_vec();
        let output = Arc::clone(&self.output);
        let chess960 = self.chess960;
        let thread = std::thread::spawn(move || {
            let report = |info: &Info<'_, Move>| output(&info_line(info, chess960));
            match searcher.search(&board, &Evaluation, &limits, &history, report) {
                Ok(result) => {
                    let mut line = format!("bestmove {}", result.best_move.to_uci(chess960));
                    if let Some(ponder) = result.pv.get(1) {
                        line.push_str(&format!(" ponder {}", ponder.to_uci(chess960)));
                    }
                    output(&line);
                }
                Err(error) => {
                    output(&format!("info string {error}"));
                    output("bestmove 0000");
                }
            }
            searcher
        });
        let endless = go.infinite || go.ponder;
        self.running = Some(RunningSearch {
            stop,
            thread,
            endless,
        });
    }

    /// Ends a running search (its `bestmove` is written) and takes the searcher back.
    fn finish_search(&mut self, finish: Finish) {
        if let Some(running) = self.running.take() {
            if finish == Finish::Stop || running.endless {
                running.stop.stop();
            }
            match running.thread.join() {
                Ok(searcher) => self.searcher = Some(searcher),
                Err(_) => {
                    self.complain("the search thread failed; starting a fresh searcher");
                    self.searcher = Some(Searcher::new(search_config(self.hash_mib, self.threads)));
                }
            }
        }
    }
}

/// How to end a running search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Finish {
    /// Stop it now.
    Stop,
    /// Let a search with limits reach them; stop an endless one.
    Wait,
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.finish_search(Finish::Stop);
    }
}

fn search_config(hash_mib: usize, threads: usize) -> Config {
    Config {
        tt_mib: hash_mib,
        threads,
        ..Config::default()
    }
}

/// The `info` line for a completed iteration.
pub fn info_line(info: &Info<'_, Move>, chess960: bool) -> String {
    let mut line = format!(
        "info depth {} seldepth {} score {} nodes {} nps {} hashfull {} time {} pv",
        info.depth,
        info.seldepth,
        uci_score(info.score),
        info.nodes,
        info.nps,
        info.hashfull,
        info.time.as_millis()
    );
    for mv in info.pv {
        line.push(' ');
        line.push_str(&mv.to_uci(chess960).to_string());
    }
    line
}

/// A score in UCI form: `cp <centipawns>` or `mate <moves>` (negative when mated).
///
/// ```
/// use plyforge_search::score::{loss_in, win_in};
/// use plyforge_uci::uci_score;
/// assert_eq!(uci_score(35), "cp 35");
/// assert_eq!(uci_score(win_in(3)), "mate 2");
/// assert_eq!(uci_score(loss_in(2)), "mate -1");
/// ```
pub fn uci_score(score: Score) -> String {
    match plies_to_end(score) {
        Some(plies) if plies > 0 => format!("mate {}", (plies + 1) / 2),
        Some(plies) => format!("mate -{}", (-plies + 1) / 2),
        None => format!("cp {score}"),
    }
}
