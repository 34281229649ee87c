//! The Plyforge chess engine: speaks UCI on stdin and stdout.

use plyforge_uci::{Engine, Flow};
use std::io::{BufRead, Write};
use std::sync::Arc;

fn main() {
    let mut engine = Engine::new(Arc::new(|line: &str| {
        let mut stdout = std::io::stdout().lock();
        // A GUI that closed its pipe cannot be told anything more; the input loop ends soon.
        let _ = writeln!(stdout, "{line}");
        let _ = stdout.flush();
    }));
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        if engine.handle_line(&line) == Flow::Quit {
            break;
        }
    }
}
