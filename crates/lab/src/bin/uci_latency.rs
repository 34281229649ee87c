//! How fast a UCI engine answers: the time from `stop` to `bestmove` during `go infinite`
//! (median and worst over many trials, for one and two threads), the time from
//! `setoption name Hash value N` to `readyok`, and the time from `ucinewgame` to `readyok` at
//! that size: on a table nothing has written, and on a fresh table after a search of a few
//! seconds has written part of it.
//!
//! ```text
//! cargo build --release -p plyforge-uci
//! cargo run --release -p plyforge-lab --bin uci_latency -- target/release/plyforge [trials] [hash MiB]
//! ```

use plyforge_lab::uci_process::UciProcess;
use std::process::ExitCode;
use std::time::Duration;

/// How long any answer may take.
const ANSWER_LIMIT: Duration = Duration::from_secs(60);
/// What `--help` prints, and a wrong command line.
const USAGE: &str = "usage: uci_latency <engine> [trials] [hash MiB]";
/// The search that writes part of the table before the second `ucinewgame`.
const FILL_SEARCH: Duration = Duration::from_secs(3);

/// Median and maximum of `values`, in milliseconds.
fn summary(mut values: Vec<f64>) -> String {
    values.sort_by(f64::total_cmp);
    format!(
        "median {:.2} ms, max {:.2} ms over {} trials",
        values[values.len() / 2],
        values[values.len() - 1],
        values.len()
    )
}

/// Sends `command` then `isready`; the milliseconds from the command to `readyok`.
fn until_ready(engine: &mut UciProcess, command: &str) -> f64 {
    let sent = engine.send(command);
    engine.send("isready");
    let (ready, _) = engine
        .wait_for("readyok", ANSWER_LIMIT)
        .expect("the engine answers");
    ready.duration_since(sent).as_secs_f64() * 1e3
}

fn main() -> ExitCode {
    if plyforge_lab::answered_help(USAGE) {
        return ExitCode::SUCCESS;
    }
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("{USAGE}");
        return ExitCode::FAILURE;
    };
    let trials: usize = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(50);
    let hash: usize = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(4096);
    let mut engine = match UciProcess::start(path) {
        Ok(engine) => engine,
        Err(error) => {
            eprintln!("cannot start {path}: {error}");
            return ExitCode::FAILURE;
        }
    };
    engine.send("uci");
    engine
        .wait_for("uciok", ANSWER_LIMIT)
        .expect("the engine answers");
    for threads in [1, 2] {
        engine.send(&format!("setoption name Threads value {threads}"));
        engine.send("isready");
        engine
            .wait_for("readyok", ANSWER_LIMIT)
            .expect("the engine answers");
        let mut latencies = Vec::new();
        for trial in 0..trials {
            engine.send("position startpos");
            engine.send("go infinite");
            // A search of a few hundred milliseconds, varied so the stop falls anywhere.
            std::thread::sleep(Duration::from_millis(100 + (trial as u64 * 37) % 300));
            let sent = engine.send("stop");
            let (answered, _) = engine
                .wait_for("bestmove", ANSWER_LIMIT)
                .expect("the engine answers");
            latencies.push(answered.duration_since(sent).as_secs_f64() * 1e3);
        }
        println!("Threads {threads}: stop to bestmove {}", summary(latencies));
    }
    let setoption = format!("setoption name Hash value {hash}");
    let milliseconds = until_ready(&mut engine, &setoption);
    println!("Hash {hash}: readyok after {milliseconds:.0} ms");
    let milliseconds = until_ready(&mut engine, "ucinewgame");
    println!("Hash {hash}: ucinewgame on an unused table, readyok after {milliseconds:.0} ms");
    // A fresh table again, so that the search below is the only thing that wrote to it.
    engine.send(&setoption);
    engine.send("position startpos");
    engine.send(&format!("go movetime {}", FILL_SEARCH.as_millis()));
    // The last `hashfull` before the `bestmove`: how much of the table the search wrote.
    let mut hashfull = String::from("?");
    loop {
        let (_, line) = engine
            .wait_for("", ANSWER_LIMIT)
            .expect("the engine answers");
        if line.starts_with("bestmove") {
            break;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if let Some(at) = words.iter().position(|&word| word == "hashfull") {
            hashfull = words.get(at + 1).unwrap_or(&"?").to_string();
        }
    }
    let milliseconds = until_ready(&mut engine, "ucinewgame");
    println!(
        "Hash {hash}: ucinewgame after a {} ms search (hashfull {hashfull}), readyok after \
         {milliseconds:.0} ms",
        FILL_SEARCH.as_millis()
    );
    ExitCode::SUCCESS
}
