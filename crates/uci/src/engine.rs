//! The engine behind the protocol: the current game, the searcher and its options, and the
//! search thread. [`Engine::handle`] takes one [`Command`] at a time and writes every answer
//! through the output callback, so the same engine runs on stdin/stdout or inside a test.
//!
//! A search, `perft` and `bench` run on a thread of their own, so the engine never waits for
//! one: `isready` is answered at once, `stop`, `ponderhit` and `quit` act at once, and any
//! command that needs the engine idle (`position`, `go`, `setoption`, ...) first stops the
//! running search, whose `bestmove` is still written, as Stockfish does. While no command waits,
//! the engine backs its table's memory a slice at a time ([`Engine::work_while_idle`]).

use crate::bench::{BENCH_POSITIONS, DEFAULT_BENCH_DEPTH};
use crate::command::{Command, Go, StartPosition};
use crate::input::{InputLine, MAX_LINE_BYTES};
use crate::strength::{MAX_ELO, MAX_SKILL_LEVEL, MIN_ELO, Strength};
use crate::time::{DEFAULT_MOVE_OVERHEAD, TimeManager, managed_limits_for};
use plyforge_chess::nnue::{Network, NnueBoard, SearchEvaluation};
use plyforge_chess::{Board, Color, Evaluation, GameHistory, Move};
use plyforge_search::mcts::Rng;
use plyforge_search::score::plies_to_end;
use plyforge_search::{
    Algorithm, Config, Evaluator, Info, Limits, Score, ScoreBound, SearchError, SearchParameters,
    SearchResult, Searcher, StopFlag, divide, perft_until,
};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The longest `bench` spends backing its table's memory before its clock starts.
const POPULATE_TIME: Duration = Duration::from_millis(500);

/// How long [`Engine::work_while_idle`] backs the table at a time: a command that arrives
/// meanwhile waits about this long at most.
const IDLE_WORK_SLICE: Duration = Duration::from_millis(10);

/// How often an idle input loop looks whether the running search has ended by itself, to take
/// its searcher back (and go on backing the table) before the next command.
const SEARCH_END_POLL: Duration = Duration::from_millis(20);

/// The engine's name as `uci` reports it.
pub const ENGINE_NAME: &str = concat!("Plyforge ", env!("CARGO_PKG_VERSION"));
/// The authors as `uci` reports them.
pub const ENGINE_AUTHOR: &str = "the Plyforge developers";

/// The table of a fresh engine: large enough that a search of a game at 10+0.1 does not fill it
/// (a table of 16 MiB was nearly full after 5 s from the start position); its pages are only
/// backed as the search reaches them.
const DEFAULT_HASH_MIB: usize = 64;
const MAX_HASH_MIB: usize = 4096;
/// The smallest table, the engine's last resort when memory runs short.
const MIN_HASH_MIB: usize = 1;
const MAX_THREADS: usize = 64;
/// The most lines `MultiPV` reports (more than any position has legal moves).
const MAX_MULTIPV: usize = 256;
/// The largest `Move Overhead`, in milliseconds.
const MAX_MOVE_OVERHEAD_MS: u64 = 5000;
/// Plies searched beyond a mate's own length before `go mate N` without another limit gives up.
const MATE_DEPTH_MARGIN: u32 = 8;
/// `UCI_Elo` before it is set: the weakest, as Stockfish has it.
const DEFAULT_ELO: u32 = MIN_ELO;
/// How often a `go infinite` or `go ponder` whose search ended looks for `stop`: the
/// protocol wants no `bestmove` before it, and a few milliseconds are nothing to a GUI.
const STOP_POLL: Duration = Duration::from_millis(5);

/// `EvalFile`'s value for the network the chess crate ships.
const EMBEDDED_NETWORK: &str = "<embedded>";

/// How long a malformed `go` with no valid limit left searches.
const MALFORMED_GO_TIME: Duration = Duration::from_millis(1000);

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
    thread: JoinHandle<Searcher<NnueBoard>>,
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
    searcher: Option<Searcher<NnueBoard>>,
    running: Option<RunningSearch>,
    hash_mib: usize,
    threads: usize,
    chess960: bool,
    move_overhead: Duration,
    multipv: usize,
    /// `SearchParameters`: the search's numbers (the defaults unless set).
    parameters: SearchParameters,
    /// `UCI_LimitStrength`: play at `UCI_Elo` rather than at `Skill Level`.
    limit_strength: bool,
    /// `UCI_Elo`, as a strength.
    elo_strength: Strength,
    /// `Skill Level`, as a strength.
    skill_strength: Strength,
    /// `EvalFile`: the network the search evaluates with (the chess crate's own unless set),
    /// and the file it came from.
    network: Arc<Network>,
    network_file: Option<String>,
    /// `Use NNUE`: the network, or the classical evaluation.
    evaluation: SearchEvaluation,
    /// The random choices of a weakened engine: one seed per `go`.
    rng: Rng,
    output: Output,
}

impl Engine {
    /// An engine at the start position that writes its answers to `output`.
    pub fn new(output: Output) -> Engine {
        let hash_mib = DEFAULT_HASH_MIB;
        let threads = 1;
        Engine {
            game: GameHistory::default(),
            searcher: Some(Searcher::new(search_config(
                hash_mib,
                threads,
                SearchParameters::default(),
            ))),
            running: None,
            hash_mib,
            threads,
            chess960: false,
            move_overhead: DEFAULT_MOVE_OVERHEAD,
            multipv: 1,
            parameters: SearchParameters::default(),
            limit_strength: false,
            elo_strength: Strength::from_elo(DEFAULT_ELO).unwrap_or_default(),
            skill_strength: Strength::FULL,
            network: Network::embedded(),
            network_file: None,
            evaluation: SearchEvaluation::Network,
            rng: Rng::new(clock_seed()),
            output,
        }
    }

    /// Seeds the random choices of a weakened engine (a fresh engine seeds them from the
    /// clock, so that its games differ): the same seed and commands give the same moves.
    pub fn seed_random(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    /// The strength the options ask for: `UCI_Elo` when `UCI_LimitStrength` is on, otherwise
    /// `Skill Level` (full strength at its default).
    pub fn strength(&self) -> Strength {
        if self.limit_strength {
            self.elo_strength
        } else {
            self.skill_strength
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

    /// Runs the engine on the lines of `input` until `quit` or the end of input (every sender
    /// gone), and between commands does what [`Engine::work_while_idle`] does. A command that
    /// waits is handled first: idle work never holds one up for more than a slice.
    ///
    /// ```
    /// use plyforge_uci::{Engine, InputLine};
    /// use std::sync::{Arc, Mutex, mpsc};
    ///
    /// let lines = Arc::new(Mutex::new(Vec::<String>::new()));
    /// let sink = Arc::clone(&lines);
    /// let mut engine = Engine::new(Arc::new(move |line: &str| sink.lock().unwrap().push(line.into())));
    /// let (send, input) = mpsc::channel();
    /// for line in ["isready", "go depth 3", "quit"] {
    ///     send.send(InputLine::Text(line.into())).unwrap();
    /// }
    /// engine.serve(&input);
    /// let lines = lines.lock().unwrap();
    /// assert_eq!(lines[0], "readyok");
    /// assert!(lines.last().unwrap().starts_with("bestmove "));
    /// ```
    pub fn serve(&mut self, input: &Receiver<InputLine>) {
        loop {
            let line = match input.try_recv() {
                Ok(line) => line,
                Err(TryRecvError::Disconnected) => return,
                Err(TryRecvError::Empty) => {
                    let received = match self.work_while_idle() {
                        Some(wait) => input.recv_timeout(wait),
                        None => input.recv().map_err(|_| RecvTimeoutError::Disconnected),
                    };
                    match received {
                        Ok(line) => line,
                        Err(RecvTimeoutError::Timeout) => continue,
                        Err(RecvTimeoutError::Disconnected) => return,
                    }
                }
            };
            if self.handle_input(line) == Flow::Quit {
                return;
            }
        }
    }

    /// Does a slice of the work an engine can do while it waits for a command, and says when
    /// to call again: after at most the returned wait if no command comes first, or, with
    /// `None`, not before the next command (nothing is left to do). It takes the searcher back
    /// from a search, `perft` or `bench` that has ended by itself (a search that waits for
    /// `stop` has not), and backs the table's memory where it is not yet backed, a short slice
    /// at a time. `isready` backs at most half a second of a large table; a table
    /// of gigabytes set before a game, or a game against a person, leaves the engine idle for
    /// much longer, and so the first searches do not pay the table's page faults on their clock.
    pub fn work_while_idle(&mut self) -> Option<Duration> {
        if let Some(running) = &self.running {
            if !running.thread.is_finished() {
                return Some(SEARCH_END_POLL);
            }
            self.wait();
        }
        let backed = self.populate_table(IDLE_WORK_SLICE);
        (!backed).then_some(Duration::ZERO)
    }

    /// Handles one line as the input reader delivers it: a line that is not UTF-8 or is too
    /// long is answered with an `info string error: ...` line and otherwise ignored.
    pub fn handle_input(&mut self, line: InputLine) -> Flow {
        match line {
            InputLine::Text(text) => self.handle_line(&text),
            InputLine::NotUtf8 => {
                self.complain("the line is not UTF-8; ignored");
                Flow::Continue
            }
            InputLine::TooLong => {
                self.complain(format!(
                    "the line is longer than {MAX_LINE_BYTES} bytes; ignored"
                ));
                Flow::Continue
            }
        }
    }

    /// Parses and handles one line; a line that is not a command is answered with an
    /// `info string error: ...` line and otherwise ignored, except a malformed `go` search:
    /// its errors are reported and it searches with the parameters that are valid (see
    /// [`Go::parse_lenient`]), so that a GUI waiting for `bestmove` gets one.
    pub fn handle_line(&mut self, line: &str) -> Flow {
        if line.trim().is_empty() {
            return Flow::Continue;
        }
        match line.parse::<Command>() {
            Ok(command) => self.handle(command),
            Err(error) => {
                let words: Vec<&str> = line.split_whitespace().collect();
                match words.as_slice() {
                    ["go", rest @ ..] if rest.first() != Some(&"perft") => {
                        self.handle(Command::Go(self.repair_go(rest)))
                    }
                    _ => {
                        self.complain(error);
                        Flow::Continue
                    }
                }
            }
        }
    }

    /// The search a malformed `go` gets: its valid parameters, each error reported; when none
    /// of them ends the search for the side to move, a search of [`MALFORMED_GO_TIME`], since
    /// the GUI is waiting for a move, not for an analysis without end.
    fn repair_go(&self, words: &[&str]) -> Go {
        let (mut go, errors) = Go::parse_lenient(words);
        for error in &errors {
            self.complain(format!("{error}; left out"));
        }
        let clock = match self.board().side_to_move() {
            Color::White => go.white_time,
            Color::Black => go.black_time,
        };
        let ends = go.depth.is_some()
            || go.nodes.is_some()
            || go.mate.is_some()
            || go.move_time.is_some()
            || clock.is_some();
        if !ends && !go.infinite && !go.ponder {
            go.move_time = Some(MALFORMED_GO_TIME);
            self.say(&format!(
                "info string no valid limit left; searching for {} ms",
                MALFORMED_GO_TIME.as_millis()
            ));
        }
        go
    }

    /// Handles one command.
    pub fn handle(&mut self, command: Command) -> Flow {
        match command {
            // Answered at once: the table is backed while the engine is idle, in slices
            // that never hold a command up for long.
            Command::IsReady => self.say("readyok"),
            Command::Stop => self.finish_search(),
            Command::PonderHit => self.ponder_hit(),
            Command::Debug(_) => {}
            Command::Quit => {
                self.finish_search();
                return Flow::Quit;
            }
            Command::Uci | Command::Display | Command::Eval => self.handle_idle(command),
            other => {
                // Everything else changes what a search reads or competes with it: the running
                // search is stopped first (its bestmove is still written).
                self.finish_search();
                self.handle_idle(other);
            }
        }
        Flow::Continue
    }

    /// `ponderhit`: the move pondered on was played, so the running search switches from
    /// pondering to its clock (its time limits count from now).
    fn ponder_hit(&mut self) {
        if let Some(running) = &self.running {
            running.stop.ponder_hit();
        }
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
                self.say("option name Ponder type check default false");
                self.say(&format!(
                    "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
                ));
                self.say(&format!(
                    "option name Move Overhead type spin default {} min 0 max {MAX_MOVE_OVERHEAD_MS}",
                    DEFAULT_MOVE_OVERHEAD.as_millis()
                ));
                self.say("option name SearchParameters type string default <empty>");
                self.say(&format!(
                    "option name EvalFile type string default {EMBEDDED_NETWORK}"
                ));
                self.say("option name Use NNUE type check default true");
                self.say("option name UCI_Chess960 type check default false");
                self.say("option name UCI_LimitStrength type check default false");
                self.say(&format!(
                    "option name UCI_Elo type spin default {DEFAULT_ELO} min {MIN_ELO} max {MAX_ELO}"
                ));
                self.say(&format!(
                    "option name Skill Level type spin default {MAX_SKILL_LEVEL} min 0 max {MAX_SKILL_LEVEL}"
                ));
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
                let board = *self.board();
                for line in board.diagram().to_string().lines() {
                    self.say(line);
                }
                self.say(&format!("fen {board}"));
                self.say(&format!("key {:016x}", board.hash()));
                let checkers: Vec<String> = board
                    .checkers()
                    .into_iter()
                    .map(|square| square.to_string())
                    .collect();
                self.say(&format!("checkers {}", checkers.join(" ")));
            }
            Command::Eval => {
                let board = self.board();
                let trace = plyforge_chess::Evaluation::trace(board);
                let pair = |(middle, end): (i32, i32)| format!("{middle} mg {end} eg");
                self.say(&format!(
                    "info string eval (White's view, cp): material {}, placement {}, mobility {}, \
                     passed pawns {}, pawn structure {}, king safety {}, pieces {}, threats {}, tempo {}, \
                     phase {} of {}, endgame scale {} of {}, total {}",
                    pair(trace.material),
                    pair(trace.placement),
                    pair(trace.mobility),
                    pair(trace.passed_pawns),
                    pair(trace.pawn_structure),
                    pair(trace.king_safety),
                    pair(trace.pieces),
                    pair(trace.threats),
                    pair(trace.tempo),
                    trace.phase,
                    plyforge_chess::EvaluationTrace::FULL_PHASE,
                    trace.end_scale,
                    plyforge_chess::EvaluationTrace::SCALE_FULL,
                    trace.score
                ));
                let side = board.side_to_move();
                let classical = Evaluation.evaluate(board, side as usize);
                let classical_terms = side.fold(trace.score, -trace.score);
                let network = Evaluator::evaluate(&*self.network, board, side as usize);
                let network_alone = self.network.evaluate(board);
                self.say(&format!(
                    "info string eval network {network} cp ({network_alone} before the endgame \
                     rules), classical {classical} cp ({classical_terms} before them), side to \
                     move's view; the search uses the {}",
                    match self.evaluation {
                        SearchEvaluation::Network => "network",
                        SearchEvaluation::Classical => "classical evaluation",
                    }
                ));
            }
            Command::Bench(depth) => self.bench(depth.unwrap_or(DEFAULT_BENCH_DEPTH)),
            Command::Perft(depth) => self.perft(depth),
            Command::IsReady
            | Command::Stop
            | Command::PonderHit
            | Command::Quit
            | Command::Debug(_) => {}
        }
    }

    /// Backs the table of an idle searcher with memory where a new one is not yet backed, for
    /// at most `time`, so that no search spends its clock on the page faults of its first
    /// writes; returns whether nothing is left to back. Called by [`Engine::work_while_idle`] a
    /// slice at a time. While a search runs,
    /// the searcher is on the search's thread and its table in use: nothing to do.
    fn populate_table(&mut self, time: Duration) -> bool {
        self.searcher
            .as_mut()
            .is_none_or(|searcher| searcher.populate_table(Instant::now() + time))
    }

    /// A fresh searcher with a table of `hash_mib` MiB and `threads` threads. When the system
    /// does not give that much memory, says so and keeps the sizes it had (the old table is
    /// dropped first, so that the two never take memory together).
    fn rebuild_searcher(&mut self, hash_mib: usize, threads: usize) {
        self.searcher = None;
        match Searcher::try_new(search_config(hash_mib, threads, self.parameters)) {
            Ok(searcher) => {
                self.searcher = Some(searcher);
                self.hash_mib = hash_mib;
                self.threads = threads;
            }
            Err(error) => {
                // The old size again; should even that fail now, the smallest table.
                let parameters = self.parameters;
                let searcher =
                    Searcher::try_new(search_config(self.hash_mib, self.threads, parameters))
                        .unwrap_or_else(|_| {
                            self.hash_mib = MIN_HASH_MIB;
                            Searcher::new(search_config(MIN_HASH_MIB, self.threads, parameters))
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
            "ponder" => {}
            "multipv" => match number(MAX_MULTIPV) {
                Some(lines) => self.multipv = lines,
                None => self.complain(format!("MultiPV takes a number from 1 to {MAX_MULTIPV}")),
            },
            "move overhead" => match value.and_then(|v| v.trim().parse::<u64>().ok()) {
                Some(ms) if ms <= MAX_MOVE_OVERHEAD_MS => {
                    self.move_overhead = Duration::from_millis(ms);
                }
                _ => self.complain(format!(
                    "Move Overhead takes milliseconds from 0 to {MAX_MOVE_OVERHEAD_MS}"
                )),
            },
            // `name=value,...` over the defaults (empty: the defaults); a new searcher, whose
            // table starts empty, as after `ucinewgame`.
            "searchparameters" => {
                let text = value.map(str::trim).filter(|text| *text != "<empty>");
                match text.unwrap_or_default().parse::<SearchParameters>() {
                    Ok(parameters) => {
                        self.parameters = parameters;
                        self.rebuild_searcher(self.hash_mib, self.threads);
                    }
                    Err(error) => self.complain(format!(
                        "SearchParameters: {error}; the parameters stay as they were"
                    )),
                }
            }
            "evalfile" => match value.map(str::trim) {
                None | Some("") | Some(EMBEDDED_NETWORK) => {
                    self.network = Network::embedded();
                    self.network_file = None;
                }
                Some(path) => match std::fs::read(path)
                    .map_err(|error| error.to_string())
                    .and_then(|bytes| Network::from_bytes(&bytes).map_err(|e| e.to_string()))
                {
                    Ok(network) => {
                        self.network = Arc::new(network);
                        self.network_file = Some(path.to_string());
                    }
                    Err(error) => self.complain(format!(
                        "EvalFile {path}: {error}; the network stays {}",
                        self.network_file.as_deref().unwrap_or(EMBEDDED_NETWORK)
                    )),
                },
            },
            "use nnue" => match value.map(str::trim) {
                Some("true") => self.evaluation = SearchEvaluation::Network,
                Some("false") => self.evaluation = SearchEvaluation::Classical,
                _ => self.complain("Use NNUE takes true or false"),
            },
            "uci_chess960" => match value.map(str::trim) {
                Some("true") => self.chess960 = true,
                Some("false") => self.chess960 = false,
                _ => self.complain("UCI_Chess960 takes true or false"),
            },
            "uci_limitstrength" => match value.map(str::trim) {
                Some("true") => self.limit_strength = true,
                Some("false") => self.limit_strength = false,
                _ => self.complain("UCI_LimitStrength takes true or false"),
            },
            "uci_elo" => match value
                .and_then(|v| v.trim().parse::<u32>().ok())
                .and_then(Strength::from_elo)
            {
                Some(strength) => self.elo_strength = strength,
                None => self.complain(format!(
                    "UCI_Elo takes a rating from {MIN_ELO} to {MAX_ELO}"
                )),
            },
            "skill level" => match value
                .and_then(|v| v.trim().parse::<u32>().ok())
                .and_then(Strength::from_skill_level)
            {
                Some(strength) => self.skill_strength = strength,
                None => self.complain(format!(
                    "Skill Level takes a number from 0 to {MAX_SKILL_LEVEL}"
                )),
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
        let stop = if go.ponder {
            StopFlag::pondering()
        } else {
            StopFlag::new()
        };
        let board = *self.board();
        let (limits, time_manager) = managed_limits_for(go, &board, self.move_overhead);
        let mut limits = limits.with_stop(stop.clone());
        if let Some(moves) = go.mate
            && limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.soft_time.is_none()
            && !go.infinite
            && !go.ponder
        {
            limits.depth = Some(2 * moves + MATE_DEPTH_MARGIN);
        }
        limits.search_moves = self.root_moves(&go.search_moves);
        limits.multi_pv = self.multipv;
        let strength = self.strength();
        let search = Search {
            board,
            network: Arc::clone(&self.network),
            evaluation: self.evaluation,
            history: self.game.earlier_hashes().to_vec(),
            limits: strength.limit(&limits),
            time_manager,
            mate: go.mate,
            multipv: self.multipv,
            strength,
            seed: self.rng.next_u64(),
            wait_for_stop: go.infinite,
            chess960: self.chess960,
            output: Arc::clone(&self.output),
        };
        let thread = std::thread::spawn(move || {
            search.run(&mut searcher);
            searcher
        });
        self.running = Some(RunningSearch { stop, thread });
    }

    /// `perft`/`go perft`: the divide, one root move at a time, then `Nodes searched: N`, on
    /// the search thread, so that `isready` is answered meanwhile and `stop` or `quit` end it
    /// at once.
    fn perft(&mut self, depth: u32) {
        let Some(searcher) = self.searcher.take() else {
            return self.complain("no searcher available");
        };
        let stop = StopFlag::new();
        let flag = stop.clone();
        let board = *self.board();
        let output = Arc::clone(&self.output);
        let chess960 = self.chess960;
        let thread = std::thread::spawn(move || {
            // Depth 0 counts the position itself, with no root move to divide by.
            let (mut total, root_moves) = if depth == 0 {
                (1, Vec::new())
            } else {
                (0, divide(&board, 1))
            };
            for (mv, _) in root_moves {
                let mut child = board;
                child.play(mv);
                let Some(nodes) = perft_until(&child, depth - 1, &flag) else {
                    output("info string perft stopped");
                    return searcher;
                };
                output(&format!("{}: {nodes}", mv.to_uci(chess960)));
                total += nodes;
            }
            output(&format!("Nodes searched: {total}"));
            searcher
        });
        self.running = Some(RunningSearch { stop, thread });
    }

    /// The legal moves among `search_moves` (each illegal one reported); empty for all moves.
    fn root_moves(&self, search_moves: &[String]) -> Vec<Move> {
        let mut moves = Vec::new();
        for text in search_moves {
            match self.board().parse_uci(text) {
                Ok(mv) if !moves.contains(&mv) => moves.push(mv),
                Ok(_) => {}
                Err(error) => self.complain(format!("searchmoves {text}: {error}")),
            }
        }
        moves
    }

    /// `bench`: every bench position searched to `depth` from a cleared table, one thread;
    /// the last line is `<nodes> nodes <nps> nps`, the speed of the searches alone. It runs on
    /// the search thread, as `perft` does, so that `isready` is answered meanwhile and `stop`
    /// or `quit` end it (with `info string bench stopped` and no node count, which would not
    /// name the search).
    fn bench(&mut self, depth: u32) {
        let Some(searcher) = self.searcher.take() else {
            return self.complain("no searcher available");
        };
        let stop = StopFlag::new();
        let flag = stop.clone();
        let limits = Limits::depth(depth).with_stop(stop.clone());
        let (hash_mib, chess960) = (self.hash_mib, self.chess960);
        let output = Arc::clone(&self.output);
        let thread = std::thread::spawn(move || {
            // A searcher of its own: the bench is one thread whatever `Threads` says.
            // The default parameters and the embedded network: the bench's node count
            // identifies the search.
            let config = search_config(hash_mib, 1, SearchParameters::default());
            let mut bench_searcher = match Searcher::try_new(config) {
                Ok(bench_searcher) => bench_searcher,
                Err(error) => {
                    output(&format!("info string error: bench: {error}"));
                    return searcher;
                }
            };
            // Backed before the clock starts, as `isready` backs the engine's table: the
            // searches then pay neither the page faults nor, between positions, fresh pages.
            bench_searcher.populate_table(Instant::now() + POPULATE_TIME);
            // Only the searches are timed: clearing the table before each position (so
            // that each position's node count stands alone) is a memset of the whole table,
            // which a game pays once, at `ucinewgame`.
            let (mut nodes, mut searching) = (0u64, Duration::ZERO);
            for (index, fen) in BENCH_POSITIONS.iter().enumerate() {
                let board: Board = fen.parse().expect("the bench positions are valid");
                let position = NnueBoard::new(board, Network::embedded());
                bench_searcher.clear();
                let start = Instant::now();
                let result = bench_searcher.search(
                    &position,
                    &SearchEvaluation::Network,
                    &limits,
                    &[],
                    |_| {},
                );
                searching += start.elapsed();
                if flag.is_stopped() {
                    output("info string bench stopped");
                    return searcher;
                }
                match result {
                    Ok(result) => {
                        nodes += result.nodes;
                        output(&format!(
                            "info string bench position {} of {}: {} nodes, bestmove {}",
                            index + 1,
                            BENCH_POSITIONS.len(),
                            result.nodes,
                            result.best_move.to_uci(chess960)
                        ));
                    }
                    Err(error) => {
                        output(&format!("info string error: bench position {fen}: {error}"))
                    }
                }
            }
            let seconds = searching.as_secs_f64().max(1e-9);
            output(&format!(
                "{nodes} nodes {} nps",
                (nodes as f64 / seconds) as u64
            ));
            searcher
        });
        self.running = Some(RunningSearch { stop, thread });
    }

    /// Waits until the running search, `perft` or `bench` ends by itself, and takes the
    /// searcher back (`plyforge bench` on the command line waits so). A search that waits for
    /// `stop` (`go infinite`, `go ponder`) never ends by itself: this is for commands that end.
    pub fn wait(&mut self) {
        self.join_running(false);
    }

    /// Stops a running search (its `bestmove` is written) and takes the searcher back.
    fn finish_search(&mut self) {
        self.join_running(true);
    }

    /// Takes the searcher back from the running search, `perft` or `bench`, stopping it first
    /// when `stop` is set.
    fn join_running(&mut self, stop: bool) {
        if let Some(running) = self.running.take() {
            if stop {
                running.stop.stop();
            }
            match running.thread.join() {
                Ok(searcher) => self.searcher = Some(searcher),
                Err(_) => {
                    self.complain("the search thread failed; starting a fresh searcher");
                    self.searcher = Some(Searcher::new(search_config(
                        self.hash_mib,
                        self.threads,
                        self.parameters,
                    )));
                }
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.finish_search();
    }
}

/// One `go`: what the search thread needs, and the writing of its `info` and `bestmove`.
struct Search {
    board: Board,
    network: Arc<Network>,
    evaluation: SearchEvaluation,
    history: Vec<u64>,
    /// The limits, with the root moves (`searchmoves`), the lines (`MultiPV`, more for a
    /// weakened engine) and the stop flag (pondering until `ponderhit`).
    limits: Limits<Move>,
    /// On a clock: what moves the soft limit of `limits` from the progress reports.
    time_manager: Option<TimeManager>,
    /// `go mate N`: stop once a mate in at most N moves is found.
    mate: Option<u32>,
    /// `MultiPV`: how many best lines to report.
    multipv: usize,
    /// Below full strength one of the best lines is picked.
    strength: Strength,
    /// The seed of that pick.
    seed: u64,
    /// `go infinite`: no `bestmove` before `stop` (a pondering search waits for `stop` or
    /// `ponderhit` likewise).
    wait_for_stop: bool,
    chess960: bool,
    output: Output,
}

impl Search {
    /// Searches and writes the `info` lines and the `bestmove`. There is always a `bestmove`,
    /// and it is `0000` only when the position has no legal move.
    fn run(&self, searcher: &mut Searcher<NnueBoard>) {
        let result = self.search(searcher);
        // A search that ends by itself (a weakened one by its own limits, any at a depth
        // limit or a proven mate) holds its `bestmove` until the GUI that analyses says `stop`,
        // or, while it ponders, until `stop` or `ponderhit`, as the protocol asks.
        if let Some(stop) = &self.limits.stop {
            while !stop.is_stopped() && (self.wait_for_stop || stop.is_pondering()) {
                std::thread::sleep(STOP_POLL);
            }
        }
        let line = match result {
            Ok(result) => {
                let mut line = format!("bestmove {}", result.best_move.to_uci(self.chess960));
                if let Some(ponder) = result.pv.get(1) {
                    line.push_str(&format!(" ponder {}", ponder.to_uci(self.chess960)));
                }
                line
            }
            Err(error) => match self.board.legal_moves().first() {
                Some(mv) => {
                    (self.output)(&format!("info string {error}; playing on"));
                    format!("bestmove {}", mv.to_uci(self.chess960))
                }
                None => {
                    (self.output)(&format!("info string {error}"));
                    "bestmove 0000".to_string()
                }
            },
        };
        (self.output)(&line);
    }

    /// The search, writing its `info` lines (each line of `MultiPV` with its number), ending
    /// early for `go mate`; below full strength, one of the best lines is picked.
    fn search(
        &self,
        searcher: &mut Searcher<NnueBoard>,
    ) -> Result<SearchResult<Move>, SearchError> {
        let numbered = self.multipv > 1;
        let mut time_manager = self.time_manager.clone();
        let report = |info: &Info<'_, Move>| {
            if let Some(manager) = time_manager.as_mut() {
                manager.observe(info);
            }
            // A weakened engine searches more lines than it reports.
            if info.multi_pv > self.multipv.max(1) {
                return;
            }
            (self.output)(&info_line(info, self.chess960, numbered));
            let mated_within = |moves: u32| {
                plies_to_end(info.score)
                    .is_some_and(|plies| plies > 0 && (plies + 1) / 2 <= moves as i32)
            };
            if info.multi_pv == 1
                && info.bound == ScoreBound::Exact
                && self.mate.is_some_and(mated_within)
                && let Some(stop) = &self.limits.stop
            {
                stop.stop();
            }
        };
        let position = NnueBoard::new(self.board, Arc::clone(&self.network));
        let result = searcher.search(
            &position,
            &self.evaluation,
            &self.limits,
            &self.history,
            report,
        )?;
        Ok(self.strength.choose(result, &mut Rng::new(self.seed)))
    }
}

/// A seed that differs from run to run: the clock's nanoseconds.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos() as u64)
}

/// The chess crate's recommended alpha-beta configuration with the engine's table, threads and
/// search parameters.
fn search_config(hash_mib: usize, threads: usize, parameters: SearchParameters) -> Config {
    plyforge_chess::search_config(Algorithm::AlphaBeta)
        .with_tt_mib(hash_mib)
        .with_threads(threads)
        .with_parameters(parameters)
}

/// The `info` line of a progress report: a completed iteration, or a failed aspiration window
/// (its score marked `lowerbound` or `upperbound`); with `numbered`, the line's `multipv` number
/// first.
pub fn info_line(info: &Info<'_, Move>, chess960: bool, numbered: bool) -> String {
    let bound = match info.bound {
        ScoreBound::Exact => "",
        ScoreBound::Lower => " lowerbound",
        ScoreBound::Upper => " upperbound",
    };
    let multipv = if numbered {
        format!(" multipv {}", info.multi_pv)
    } else {
        String::new()
    };
    let mut line = format!(
        "info{multipv} depth {} seldepth {} score {}{bound} nodes {} nps {} hashfull {} time {} pv",
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
