//! The Plyforge chess engine: speaks UCI on stdin and stdout. `plyforge bench [depth]` runs the
//! bench (a fixed search over fixed positions; the last line is `<nodes> nodes <nps> nps`) and
//! exits.

use plyforge_uci::{Command, Engine, LineReader};
use std::io::Write;
use std::process::ExitCode;
use std::sync::{Arc, mpsc};

fn main() -> ExitCode {
    let mut engine = Engine::new(Arc::new(|line: &str| {
        let mut stdout = std::io::stdout().lock();
        // A GUI that closed its pipe cannot be told anything more; the input ends soon.
        let _ = writeln!(stdout, "{line}");
        let _ = stdout.flush();
    }));
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [] => {}
        [bench, rest @ ..] if bench == "bench" => {
            let depth = match rest {
                [] => None,
                [depth] => match depth.parse() {
                    Ok(depth) => Some(depth),
                    Err(_) => {
                        eprintln!("bench depth must be a whole number, got {depth:?}");
                        return ExitCode::FAILURE;
                    }
                },
                _ => {
                    eprintln!("usage: plyforge [bench [depth]]");
                    return ExitCode::FAILURE;
                }
            };
            engine.handle(Command::Bench(depth));
            engine.wait();
            return ExitCode::SUCCESS;
        }
        _ => {
            eprintln!("usage: plyforge [bench [depth]]");
            return ExitCode::FAILURE;
        }
    }
    // Input is read on a thread of its own, so that the engine sees `stop` and `quit` while a
    // command runs, works while no command waits, and ends at the end of input (the channel
    // closes).
    let (lines, input) = mpsc::channel();
    std::thread::spawn(move || {
        for line in LineReader::new(std::io::stdin().lock()) {
            if lines.send(line).is_err() {
                break;
            }
        }
    });
    engine.serve(&input);
    ExitCode::SUCCESS
}
