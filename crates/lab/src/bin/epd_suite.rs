//! A test suite of positions with best moves (`bm`) or moves to avoid (`am`), such as Win At
//! Chess or Bratko-Kopec: the engine's configuration searches each position for a fixed time
//! and the tool counts the positions where it chose a best move (and no move to avoid),
//! printing each miss as it comes. The last line also gives the nodes of all the searches and
//! their nodes a second: at a fixed time, how fast the machine and the engine were in the run.
//!
//! ```text
//! cargo run --release -p plyforge-lab --bin epd_suite -- crates/chess/tests/data/wac.epd 1000 [threads] [variant]
//! ```
//!
//! Arguments: the EPD file, milliseconds per position (default 1000) or `nodes=N` (a node budget:
//! with one thread the same answers on any machine, however loaded), threads (default 1), and
//! optionally a variant of the engine's configuration with techniques off or on
//! (`without-static-exchange`, `with-countermove`, as `chess_selfplay` takes them).
//!
//! With `--curve` anywhere among the arguments it also prints, for each position solved, how
//! many nodes the search had taken when it first reported the best move it then kept to the
//! end, and at the end how many positions were solved that way by fractions of the budget. One
//! long run then tells what shorter budgets would solve, and two engines can be compared by
//! their whole curves rather than by one count at one budget, which moves by several positions
//! for any small change of the search.
//!
//! With `--engine COMMAND` another UCI engine solves the suite instead, through the same scoring:
//! `--engine /usr/games/toga2`, `--engine "/usr/games/gnuchess --uci"`, options after a `?`
//! (`--engine "/usr/games/glaurung?Threads=1"`). Each position gets `ucinewgame`, then `go
//! movetime` or `go nodes`; the engine's table is set to the size this tool gives its own search,
//! and `Threads` to the threads argument where the engine has that option. So the suite's count
//! for a budget on this machine can be set beside an engine of known strength.

use plyforge_chess::{Epd, Evaluation, Move};
use plyforge_lab::progress;
use plyforge_lab::techniques::selective_variant;
use plyforge_lab::uci_process::UciProcess;
use plyforge_search::{Config, Limits, Searcher};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// Time per position when none is given, in milliseconds.
const DEFAULT_MOVE_MS: u64 = 1000;
/// The table of each search, in MiB.
const TABLE_MIB: usize = 64;
/// The fractions of the budget at which `--curve` counts the positions solved, in tenths.
const CURVE_TENTHS: [u64; 10] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
/// How long an engine may take to answer `uci` or `isready`.
const HANDSHAKE_LIMIT: Duration = Duration::from_secs(30);
/// How long past its budget an engine may take to give its best move before it is told to stop.
const ANSWER_GRACE: Duration = Duration::from_secs(10);
/// How long a search to a node budget may take before the engine is told to stop.
const NODE_BUDGET_LIMIT: Duration = Duration::from_secs(600);
/// How long the table's memory may take to be backed before a search starts anyway (a 64 MiB
/// table takes tens of milliseconds).
const POPULATE_LIMIT: Duration = Duration::from_secs(5);

/// What `--help` prints, and a wrong command line.
const USAGE: &str = "usage: epd_suite <file.epd> [ms per position | nodes=N] [threads] [variant] \
                     [--curve] [--engine COMMAND]";

fn main() -> ExitCode {
    if plyforge_lab::answered_help(USAGE) {
        return ExitCode::SUCCESS;
    }
    plyforge_lab::exit_with(run())
}

fn run() -> Result<(), String> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let curve = args.iter().any(|arg| arg == "--curve");
    args.retain(|arg| arg != "--curve");
    let engine = match args.iter().position(|arg| arg == "--engine") {
        Some(at) if at + 1 < args.len() => {
            let command = args.remove(at + 1);
            args.remove(at);
            Some(command)
        }
        Some(_) => return Err("--engine needs a command".to_string()),
        None => None,
    };
    let mut args = args.into_iter();
    let path = args.next().ok_or(USAGE)?;
    let number = |text: Option<String>, default: u64| -> Result<u64, String> {
        text.map_or(Ok(default), |text| {
            text.parse().map_err(|_| format!("not a number: {text:?}"))
        })
    };
    let budget = match args.next() {
        Some(text) => match text.strip_prefix("nodes=") {
            Some(nodes) => Budget::Nodes(
                nodes
                    .parse()
                    .map_err(|_| format!("not a number of nodes: {nodes:?}"))?,
            ),
            None => Budget::Time(Duration::from_millis(number(Some(text), 0)?)),
        },
        None => Budget::Time(Duration::from_millis(DEFAULT_MOVE_MS)),
    };
    let threads = number(args.next(), 1)? as usize;
    let variant = args.next();
    let mut solver = match engine {
        Some(command) => {
            if variant.is_some() {
                return Err("a variant is of this crate's search, not of another engine".into());
            }
            Solver::Engine(Engine::start(&command, threads)?)
        }
        None => {
            let config = match variant {
                Some(variant) => selective_variant(&variant)?,
                None => Config::selective(),
            };
            Solver::Searcher(Box::new(Searcher::new(
                config.with_tt_mib(TABLE_MIB).with_threads(threads),
            )))
        }
    };
    let text = std::fs::read_to_string(&path).map_err(|error| format!("{path}: {error}"))?;
    let positions = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(index, line)| {
            Epd::parse_lenient(line).map_err(|error| format!("{path}, line {}: {error}", index + 1))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let bar = progress::bar(positions.len() as u64, "positions");
    let started = Instant::now();
    let mut solved = 0;
    // For `--curve`: the nodes at which each solved position's search found its answer for good.
    let mut solved_at = Vec::new();
    // The nodes of every search and the time spent in them, for the speed the budget bought.
    let (mut nodes_searched, mut searching) = (0, Duration::ZERO);
    for (index, epd) in positions.iter().enumerate() {
        let id = epd.id().unwrap_or("?").to_string();
        let best = epd.best_moves().map_err(|error| format!("{id}: {error}"))?;
        let avoid = epd
            .avoid_moves()
            .map_err(|error| format!("{id}: {error}"))?;
        let is_good = |mv| (best.is_empty() || best.contains(&mv)) && !avoid.contains(&mv);
        let mut good_run = GoodRun {
            is_good: &is_good,
            since: None,
        };
        let search_started = Instant::now();
        let answer = solver
            .solve(epd, budget, &mut good_run)
            .map_err(|error| format!("{id}: {error}"))?;
        searching += search_started.elapsed();
        nodes_searched += answer.nodes;
        if is_good(answer.best_move) {
            solved += 1;
            if curve {
                // A move an interrupted iteration found, never reported, counts at the end.
                let nodes = good_run.since.unwrap_or(answer.nodes);
                solved_at.push(nodes);
                bar.suspend(|| println!("solved {id} at {nodes} nodes"));
            }
        } else {
            // Printed beside the bar, and also when the bar is hidden (output not a terminal).
            bar.suspend(|| {
                println!(
                    "missed {id}: played {} (score {}, depth {})",
                    epd.board.san(answer.best_move),
                    answer.score,
                    answer.depth
                )
            });
        }
        bar.set_position(index as u64 + 1);
    }
    bar.finish_and_clear();
    let budget_text = match budget {
        Budget::Nodes(nodes) => format!("{nodes} nodes"),
        Budget::Time(time) => format!("{} ms", time.as_millis()),
    };
    println!(
        "{solved} of {} solved at {budget_text} a position, {threads} thread(s), {:.0} s; \
         {nodes_searched} nodes, {:.0} a second",
        positions.len(),
        started.elapsed().as_secs_f64(),
        nodes_searched as f64 / searching.as_secs_f64().max(1e-9)
    );
    if curve {
        let node_budget = match budget {
            Budget::Nodes(nodes) => Some(nodes),
            Budget::Time(_) => None,
        };
        print_curve(&solved_at, node_budget);
    }
    Ok(())
}

/// What each position gets: a time or a number of nodes.
#[derive(Clone, Copy)]
enum Budget {
    Time(Duration),
    Nodes(u64),
}

/// Who solves the positions: this crate's search, or another engine.
enum Solver {
    Searcher(Box<Searcher<plyforge_chess::Board>>),
    Engine(Engine),
}

/// A solver's answer to one position.
struct Answer {
    best_move: Move,
    nodes: u64,
    /// The score as the solver gives it (`51` from this crate's search, `cp 51` or `mate 3`
    /// from an engine).
    score: String,
    depth: u32,
}

impl Solver {
    /// Searches `epd`'s position within `budget`.
    fn solve(
        &mut self,
        epd: &Epd,
        budget: Budget,
        good_run: &mut GoodRun<'_>,
    ) -> Result<Answer, String> {
        match self {
            Solver::Searcher(searcher) => {
                // As the engine does between `ucinewgame` and `readyok`: the table is emptied
                // and its memory backed before the clock starts, so that no search pays the
                // page faults of a fresh table on its own budget.
                searcher.clear();
                searcher.populate_table(Instant::now() + POPULATE_LIMIT);
                let limits = match budget {
                    Budget::Time(time) => Limits::time(time, time),
                    Budget::Nodes(nodes) => Limits::nodes(nodes),
                };
                let result = searcher
                    .search(&epd.board, &Evaluation, &limits, &[], |info| {
                        if let Some(&mv) = info.pv.first() {
                            good_run.report(mv, info.nodes);
                        }
                    })
                    .map_err(|error| error.to_string())?;
                Ok(Answer {
                    best_move: result.best_move,
                    nodes: result.nodes,
                    score: result.score.to_string(),
                    depth: result.depth,
                })
            }
            Solver::Engine(engine) => engine.solve(epd, budget, good_run),
        }
    }
}

/// Follows a search's reports for `--curve`: `since` is the nodes of the first report of the
/// run of good first moves that lasts to the latest report, if that report's move is good.
struct GoodRun<'a> {
    is_good: &'a dyn Fn(Move) -> bool,
    since: Option<u64>,
}

impl GoodRun<'_> {
    /// A report whose line starts with `mv`, after `nodes`.
    fn report(&mut self, mv: Move, nodes: u64) {
        self.since = if (self.is_good)(mv) {
            self.since.or(Some(nodes))
        } else {
            None
        };
    }
}

/// Another UCI engine, in a child process.
struct Engine {
    process: UciProcess,
}

impl Engine {
    /// Starts `command` (a program, its arguments, and options after a `?`:
    /// `/usr/games/glaurung?Threads=1&Hash=128`) and sets its table to [`TABLE_MIB`] and its
    /// threads to `threads` where it has those options, then the options the command names.
    fn start(command: &str, threads: usize) -> Result<Engine, String> {
        let (program, options) = command.split_once('?').unwrap_or((command, ""));
        let mut words = program.split_whitespace();
        let path = words.next().ok_or("--engine needs a program")?;
        let args: Vec<&str> = words.collect();
        let mut process =
            UciProcess::start_with_args(path, &args).map_err(|error| format!("{path}: {error}"))?;
        process.send("uci");
        let mut declared = Vec::new();
        loop {
            let line = process
                .next_line(HANDSHAKE_LIMIT)
                .ok_or(format!("{path} did not answer uci"))?;
            if line.trim() == "uciok" {
                break;
            }
            if let Some(rest) = line.strip_prefix("option name ")
                && let Some((name, _)) = rest.split_once(" type ")
            {
                declared.push(name.trim().to_string());
            }
        }
        let mut settings = vec![
            ("Hash".to_string(), TABLE_MIB.to_string()),
            ("Threads".to_string(), threads.to_string()),
        ];
        settings.retain(|(name, _)| declared.iter().any(|declared| declared == name));
        for option in options.split('&').filter(|option| !option.is_empty()) {
            let (name, value) = option
                .split_once('=')
                .ok_or(format!("an engine option is Name=Value, not {option:?}"))?;
            settings.retain(|(set, _)| set != name);
            settings.push((name.to_string(), value.to_string()));
        }
        for (name, value) in &settings {
            process.send(&format!("setoption name {name} value {value}"));
        }
        let mut engine = Engine { process };
        engine.ready()?;
        Ok(engine)
    }

    /// Waits until the engine has done what it was told.
    fn ready(&mut self) -> Result<(), String> {
        self.process.send("isready");
        self.process
            .wait_for("readyok", HANDSHAKE_LIMIT)
            .map(|_| ())
            .ok_or("the engine did not answer isready".to_string())
    }

    /// Searches `epd`'s position from a fresh game within `budget`, reading the engine's
    /// reports as the search of this crate's are read.
    fn solve(
        &mut self,
        epd: &Epd,
        budget: Budget,
        good_run: &mut GoodRun<'_>,
    ) -> Result<Answer, String> {
        self.process.send("ucinewgame");
        self.ready()?;
        self.process.send(&format!("position fen {}", epd.board));
        let limit = match budget {
            Budget::Time(time) => {
                self.process
                    .send(&format!("go movetime {}", time.as_millis()));
                time + ANSWER_GRACE
            }
            Budget::Nodes(nodes) => {
                self.process.send(&format!("go nodes {nodes}"));
                NODE_BUDGET_LIMIT
            }
        };
        let deadline = Instant::now() + limit;
        let mut told_to_stop = false;
        let (mut nodes, mut score, mut depth) = (0, String::new(), 0);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let Some(line) = self.process.next_line(left) else {
                if told_to_stop {
                    return Err("the engine gave no best move".to_string());
                }
                self.process.send("stop");
                told_to_stop = true;
                continue;
            };
            let mut words = line.split_whitespace();
            match words.next() {
                Some("bestmove") => {
                    let text = words.next().unwrap_or("(none)");
                    let best_move = epd
                        .board
                        .parse_uci(text)
                        .map_err(|error| format!("the engine's best move {text}: {error}"))?;
                    return Ok(Answer {
                        best_move,
                        nodes,
                        score,
                        depth,
                    });
                }
                Some("info") => {
                    let report = InfoLine::parse(words);
                    nodes = report.nodes.unwrap_or(nodes);
                    depth = report.depth.unwrap_or(depth);
                    if let Some(text) = report.score {
                        score = text;
                    }
                    // A move that is not legal here counts as a wrong one.
                    if let Some(mv) = report.first_move {
                        match epd.board.parse_uci(mv) {
                            Ok(mv) => good_run.report(mv, nodes),
                            Err(_) => good_run.since = None,
                        }
                    }
                }
                _ => {}
            }
        }
    }
}

/// What one `info` line of an engine says that the suite reads.
#[derive(Default)]
struct InfoLine<'a> {
    depth: Option<u32>,
    nodes: Option<u64>,
    score: Option<String>,
    first_move: Option<&'a str>,
}

impl<'a> InfoLine<'a> {
    /// Reads the words after `info`.
    fn parse(mut words: impl Iterator<Item = &'a str>) -> InfoLine<'a> {
        let mut info = InfoLine::default();
        while let Some(word) = words.next() {
            match word {
                "depth" => info.depth = words.next().and_then(|text| text.parse().ok()),
                "nodes" => info.nodes = words.next().and_then(|text| text.parse().ok()),
                "score" => {
                    info.score = words
                        .next()
                        .zip(words.next())
                        .map(|(kind, value)| format!("{kind} {value}"));
                }
                // The rest of the line is the variation; only its first move counts here.
                "pv" => {
                    info.first_move = words.next();
                    break;
                }
                // Free text to the end of the line.
                "string" => break,
                _ => {}
            }
        }
        info
    }
}

/// The positions solved for good by each fraction of the budget: by node counts, the budget's
/// own or, for a time budget, the most nodes any solved position took.
fn print_curve(solved_at: &[u64], node_budget: Option<u64>) {
    let Some(full) = node_budget.or_else(|| solved_at.iter().copied().max()) else {
        return;
    };
    println!("solved for good by nodes:");
    for tenths in CURVE_TENTHS {
        let nodes = full * tenths / 10;
        let count = solved_at.iter().filter(|&&at| at <= nodes).count();
        println!("  {nodes:>10} nodes: {count}");
    }
}

#[cfg(test)]
mod tests {
    use super::InfoLine;

    #[test]
    fn an_info_line_gives_its_depth_nodes_score_and_first_move() {
        let line = "multipv 1 depth 12 seldepth 20 score cp -35 upperbound time 80 nodes 91234 \
                    nps 1140425 pv e2e4 e7e5 g1f3";
        let info = InfoLine::parse(line.split_whitespace());
        assert_eq!(info.depth, Some(12));
        assert_eq!(info.nodes, Some(91234));
        assert_eq!(info.score.as_deref(), Some("cp -35"));
        assert_eq!(info.first_move, Some("e2e4"));
    }

    #[test]
    fn words_after_pv_or_string_are_not_read_as_fields() {
        let info = InfoLine::parse("depth 3 pv a2a3 nodes 7".split_whitespace());
        assert_eq!(
            (info.depth, info.nodes, info.first_move),
            (Some(3), None, Some("a2a3"))
        );
        let info = InfoLine::parse("string depth 99 nodes 5".split_whitespace());
        assert_eq!((info.depth, info.nodes, info.score), (None, None, None));
        let info = InfoLine::parse("score mate".split_whitespace());
        assert_eq!(info.score, None);
    }
}
