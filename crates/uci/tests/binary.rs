//! The `plyforge` binary driven through pipes, as a GUI drives it: the handshake, every `go`
//! parameter, commands that need the engine idle sent while a search runs, bytes that are not
//! UTF-8, a game played through `position ... moves`, positions drawn by rule, and `bench`.

use plyforge_chess::Board;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// The engine's process, its input, and its output lines as they arrive.
struct Engine {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_plyforge"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the engine starts");
        let input = child.stdin.take().unwrap();
        let output = child.stdout.take().unwrap();
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            input,
            lines,
        }
    }

    fn send(&mut self, text: &str) {
        self.send_bytes(format!("{text}\n").as_bytes());
    }

    fn send_bytes(&mut self, bytes: &[u8]) {
        self.input.write_all(bytes).unwrap();
        self.input.flush().unwrap();
    }

    /// The lines up to and including the first that `done` accepts, within `limit`.
    fn until(&mut self, limit: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + limit;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let finished = done(&line);
                    seen.push(line);
                    if finished {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout) => panic!("no answer within {limit:?}: {seen:?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("the engine ended: {seen:?}"),
            }
        }
    }

    /// `isready`, answered within `limit`; the lines before `readyok`.
    fn ready(&mut self, limit: Duration) -> Vec<String> {
        self.send("isready");
        self.until(limit, |line| line == "readyok")
    }

    /// The move of the next `bestmove` line, within `limit`.
    fn bestmove(&mut self, limit: Duration) -> String {
        let lines = self.until(limit, |line| line.starts_with("bestmove "));
        lines
            .last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string()
    }

    /// `quit`, and the process ends. The bound catches a hang, not a slow exit: how fast the
    /// engine answers is measured by `uci_latency` in the lab, not here, where a loaded machine
    /// can hold a debug build up for a second.
    fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if self.child.try_wait().unwrap().is_some() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        panic!("the engine did not quit within five seconds");
    }
}

const SECOND: Duration = Duration::from_secs(1);

#[test]
fn handshake_lists_every_option() {
    let mut engine = Engine::start();
    engine.send("uci");
    let lines = engine.until(SECOND, |line| line == "uciok");
    assert!(lines[0].starts_with("id name Plyforge"));
    for option in [
        "Hash",
        "Threads",
        "Clear Hash",
        "Ponder",
        "Move Overhead",
        "UCI_Chess960",
        "EvalFile",
        "Use NNUE",
    ] {
        let prefix = format!("option name {option} type ");
        assert!(
            lines.iter().any(|line| line.starts_with(&prefix)),
            "{option}: {lines:?}"
        );
    }
    engine.ready(SECOND);
    engine.quit();
}

#[test]
fn commands_that_need_the_engine_idle_stop_a_running_search_first() {
    let mut engine = Engine::start();
    for search in [
        "go depth 60",
        "go infinite",
        "go nodes 500000000",
        "go wtime 600000 btime 600000",
    ] {
        for command in [
            "position startpos moves e2e4",
            "ucinewgame",
            "setoption name Hash value 8",
            "go depth 1",
            "perft 1",
        ] {
            engine.send("position startpos");
            engine.send(search);
            std::thread::sleep(Duration::from_millis(50));
            engine.send(command);
            // The running search's bestmove, then isready answered at once.
            engine.bestmove(SECOND);
            let before_ready = engine.ready(SECOND);
            if command == "go depth 1" {
                assert!(
                    before_ready
                        .iter()
                        .any(|line| line.starts_with("bestmove "))
                        || !engine.bestmove(SECOND).is_empty()
                );
            }
        }
    }
    engine.send("go infinite");
    engine.send("stop");
    engine.bestmove(SECOND);
    engine.send("go infinite");
    engine.quit();
}

#[test]
fn every_go_parameter_in_any_order() {
    let mut engine = Engine::start();
    let start = Board::default();
    for go in [
        "go wtime 2000 btime 2000 winc 20 binc 20 movestogo 10",
        "go movestogo 3 binc 0 btime 300 winc 0 wtime 300",
        "go depth 4",
        "go nodes 3000",
        "go movetime 100",
        "go depth 3 nodes 100000 movetime 1000",
        "go nodes 5000 depth 20 wtime 100000 btime 100000",
    ] {
        engine.send("position startpos");
        engine.send(go);
        let mv = engine.bestmove(5 * SECOND);
        assert!(start.parse_uci(&mv).is_ok(), "{go}: {mv}");
    }
    // searchmoves, with other parameters before and after it.
    for go in [
        "go depth 4 searchmoves a2a3 h2h4",
        "go searchmoves a2a3 h2h4 depth 4",
        "go searchmoves a2a3 h2h4 movetime 200",
        "go nodes 20000 searchmoves h2h4 a2a3 infinite",
    ] {
        engine.send("position startpos");
        engine.send(go);
        if go.ends_with("infinite") {
            std::thread::sleep(Duration::from_millis(100));
            engine.send("stop");
        }
        let mv = engine.bestmove(5 * SECOND);
        assert!(mv == "a2a3" || mv == "h2h4", "{go}: {mv}");
    }
    // mate: a mate in one and a mate in two are found and the search ends by itself.
    for (fen, mate, expected) in [
        ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1, "d1d8"),
        (
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
            2,
            "h5f7",
        ),
    ] {
        engine.send(&format!("position fen {fen}"));
        engine.send(&format!("go mate {mate}"));
        let lines = engine.until(5 * SECOND, |line| line.starts_with("bestmove "));
        assert!(
            lines.iter().any(|line| line.contains(" score mate ")),
            "{lines:?}"
        );
        assert_eq!(
            lines.last().unwrap().split_whitespace().nth(1),
            Some(expected)
        );
    }
    // ponder, then ponderhit: the clock starts and the search ends within its budget.
    engine.send("position startpos moves e2e4");
    engine.send("go ponder wtime 3000 btime 3000");
    std::thread::sleep(Duration::from_millis(300));
    let hit = Instant::now();
    engine.send("ponderhit");
    engine.bestmove(2 * SECOND);
    assert!(hit.elapsed() < Duration::from_millis(1500));
    // ponder, then stop.
    engine.send("go ponder wtime 3000 btime 3000");
    std::thread::sleep(Duration::from_millis(100));
    engine.send("stop");
    engine.bestmove(SECOND);
    engine.quit();
}

#[test]
fn any_bytes_are_survived() {
    let mut engine = Engine::start();
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut noise = Vec::new();
    for _ in 0..20_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        noise.push(state as u8);
    }
    engine.send_bytes(&noise);
    engine.send_bytes(b"\n\xff\xfe\x00go\x00\nposition fen \xc3\x28\n");
    // A line of two megabytes, longer than any the engine reads.
    engine.send_bytes(&vec![b'x'; 2 << 20]);
    engine.send_bytes(b"\n");
    let lines = engine.ready(5 * SECOND);
    assert!(
        lines.iter().any(|line| line.contains("not UTF-8")),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|line| line.contains("longer than")),
        "{lines:?}"
    );
    engine.send("position startpos");
    engine.send("go depth 2");
    engine.bestmove(SECOND);
    engine.quit();
}

#[test]
fn a_forty_move_game_through_position_moves() {
    let mut engine = Engine::start();
    let mut board = Board::default();
    let mut moves: Vec<String> = Vec::new();
    for _ in 0..80 {
        if board.legal_moves().is_empty() {
            break;
        }
        engine.send(&format!("position startpos moves {}", moves.join(" ")));
        engine.send("go nodes 2000");
        let mv = engine.bestmove(5 * SECOND);
        let parsed = board
            .parse_uci(&mv)
            .unwrap_or_else(|error| panic!("{mv} on {board}: {error}"));
        board.play(parsed);
        moves.push(mv);
    }
    assert!(
        moves.len() >= 60 || board.legal_moves().is_empty(),
        "{moves:?}"
    );
    engine.quit();
}

#[test]
fn positions_drawn_by_rule_get_a_legal_move_and_only_mate_or_stalemate_gets_0000() {
    let mut engine = Engine::start();
    for fen in [
        "8/8/8/4k3/8/8/3QK3/8 w - - 100 80",
        "8/8/8/4k3/8/8/3NK3/8 w - - 0 1",
        "8/8/8/4k3/8/8/4K3/8 w - - 0 1",
    ] {
        engine.send(&format!("position fen {fen}"));
        engine.send("go depth 4");
        let mv = engine.bestmove(5 * SECOND);
        let board: Board = fen.parse().unwrap();
        assert!(board.parse_uci(&mv).is_ok(), "{fen}: {mv}");
    }
    engine.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    engine.send("go depth 3");
    assert_eq!(engine.bestmove(SECOND), "0000");
    engine.quit();
}

#[test]
fn bench_prints_a_deterministic_signature() {
    let run = || {
        let output = Command::new(env!("CARGO_BIN_EXE_plyforge"))
            .args(["bench", "4"])
            .output()
            .unwrap();
        assert!(output.status.success());
        let text = String::from_utf8(output.stdout).unwrap();
        let last = text.lines().last().unwrap().to_string();
        let words: Vec<&str> = last.split_whitespace().collect();
        assert_eq!(
            (words.len(), words[1], words[3]),
            (4, "nodes", "nps"),
            "{last}"
        );
        assert!(
            text.lines()
                .filter(|line| line.contains("bench position"))
                .count()
                >= 30
        );
        words[0].parse::<u64>().unwrap()
    };
    assert_eq!(run(), run());
}

#[test]
fn multipv_reports_distinct_first_moves() {
    let mut engine = Engine::start();
    engine.send("uci");
    let options = engine.until(SECOND, |line| line == "uciok");
    assert!(
        options
            .iter()
            .any(|line| line.starts_with("option name MultiPV type spin"))
    );
    engine.send("setoption name MultiPV value 3");
    engine.send("position startpos");
    engine.send("go depth 3");
    let lines = engine.until(5 * SECOND, |line| line.starts_with("bestmove "));
    let last_depth: Vec<&String> = lines
        .iter()
        .filter(|line| line.starts_with("info multipv ") && line.contains(" depth 3 "))
        .collect();
    assert_eq!(last_depth.len(), 3, "{lines:?}");
    let first_moves: std::collections::HashSet<&str> = last_depth
        .iter()
        .map(|line| {
            line.split(" pv ")
                .nth(1)
                .unwrap()
                .split_whitespace()
                .next()
                .unwrap()
        })
        .collect();
    assert_eq!(first_moves.len(), 3, "{last_depth:?}");
    let best = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    assert!(last_depth[0].contains(&format!(" pv {best}")), "{lines:?}");
    engine.quit();
}

#[test]
fn perft_runs_beside_the_input_and_stops_on_request() {
    let mut engine = Engine::start();
    engine.send("position startpos");
    engine.send("go perft 3");
    let lines = engine.until(5 * SECOND, |line| line.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 8902");
    assert_eq!(lines.iter().filter(|line| line.contains(": ")).count(), 21);
    engine.send("perft 0");
    let lines = engine.until(SECOND, |line| line.starts_with("Nodes searched"));
    assert_eq!(lines.last().unwrap(), "Nodes searched: 1");
    // A perft of minutes: isready is answered meanwhile, and stop ends it.
    engine.send("go perft 9");
    engine.ready(SECOND);
    // Well into the first root move's subtree (billions of nodes) before the stop.
    std::thread::sleep(Duration::from_millis(300));
    let stopped = Instant::now();
    engine.send("stop");
    engine.until(5 * SECOND, |line| line == "info string perft stopped");
    // Far sooner than the first root move's subtree would take to count.
    assert!(stopped.elapsed() < 3 * SECOND);
    engine.ready(SECOND);
    engine.quit();
}

#[test]
fn clearing_a_large_table_does_not_hold_up_the_input() {
    let mut engine = Engine::start();
    // A GUI sizes the table, starts a game and waits for readyok: the table is still unused,
    // and the engine backs only what it can of it in a bounded time before answering.
    engine.send("setoption name Hash value 1024");
    engine.send("ucinewgame");
    engine.ready(2 * SECOND);
    // After a short search has written a part of it, both ways of clearing it.
    // The first searches may wait on the kernel: backing a large table's first pages with huge
    // pages can mean compacting memory, seconds on a fragmented machine; what is timed here is
    // the clearing, so the searches get time to spare.
    for clear in ["ucinewgame", "setoption name Clear Hash"] {
        engine.send("position startpos");
        engine.send("go depth 5");
        engine.bestmove(30 * SECOND);
        engine.send(clear);
        engine.ready(2 * SECOND);
    }
    // The cleared table serves the next search.
    engine.send("position startpos moves e2e4");
    engine.send("go depth 6");
    let mv = engine.bestmove(30 * SECOND);
    let board = Board::default();
    let mut after_e4 = board;
    after_e4.play(board.parse_uci("e2e4").unwrap());
    assert!(after_e4.parse_uci(&mv).is_ok(), "{mv}");
    engine.quit();
}

#[test]
fn bench_runs_beside_the_input_and_stops_on_request() {
    let mut engine = Engine::start();
    engine.send("bench 2");
    let lines = engine.until(10 * SECOND, |line| line.ends_with(" nps"));
    assert_eq!(
        lines
            .iter()
            .filter(|line| line.starts_with("info string bench position"))
            .count(),
        32,
        "{lines:?}"
    );
    // A bench of minutes: isready is answered meanwhile, stop ends it without a node count.
    engine.send("bench 40");
    engine.ready(SECOND);
    std::thread::sleep(Duration::from_millis(200));
    let stopped = Instant::now();
    engine.send("stop");
    let lines = engine.until(2 * SECOND, |line| line == "info string bench stopped");
    assert!(stopped.elapsed() < 2 * SECOND);
    assert!(
        !lines.iter().any(|line| line.ends_with(" nps")),
        "{lines:?}"
    );
    engine.ready(SECOND);
    // The engine searches as before, and quit ends a running bench at once.
    engine.send("go depth 3");
    engine.bestmove(5 * SECOND);
    engine.send("bench 40");
    engine.ready(SECOND);
    engine.quit();
}

#[test]
fn a_malformed_go_still_answers_bestmove() {
    let mut engine = Engine::start();
    let start = Board::default();
    for bad in [
        "go depth x",
        "go searchmoves",
        "go nodes 99999999999999999999999",
        "go movetime 1e3",
        "go depth 3 searchmoves",
    ] {
        engine.send("position startpos");
        engine.send(bad);
        // Errors reported, and a move within the default search's second (and the build's
        // slowness on a loaded machine).
        let lines = engine.until(10 * SECOND, |line| line.starts_with("bestmove "));
        assert!(
            lines
                .iter()
                .any(|line| line.starts_with("info string error: ")),
            "{bad}: {lines:?}"
        );
        let mv = lines.last().unwrap().split_whitespace().nth(1).unwrap();
        assert!(start.parse_uci(mv).is_ok(), "{bad}: {mv}");
        engine.ready(SECOND);
    }
    engine.quit();
}
