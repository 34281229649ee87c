//! What the engine's test files share: an engine whose answers are captured, and waiting for
//! them as a GUI does (searches and perft run on a thread of their own).

// Each test file uses only some of these.
#![allow(dead_code)]

use plyforge_uci::Engine;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The lines the engine has written and nobody has taken yet.
pub type Lines = Arc<Mutex<Vec<String>>>;

/// An engine that writes its answers into the returned lines.
pub fn engine() -> (Engine, Lines) {
    let lines = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&lines);
    let engine = Engine::new(Arc::new(move |line: &str| {
        sink.lock().unwrap().push(line.to_string())
    }));
    (engine, lines)
}

/// Takes the lines written so far.
pub fn take(lines: &Lines) -> Vec<String> {
    std::mem::take(&mut *lines.lock().unwrap())
}

/// Waits until a line starting with `prefix` has been written; fails after a minute.
pub fn wait_for(lines: &Lines, prefix: &str) {
    for _ in 0..6000 {
        if lines
            .lock()
            .unwrap()
            .iter()
            .any(|line| line.starts_with(prefix))
        {
            return;
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    panic!("no {prefix:?} line within a minute");
}

/// Waits until the search has answered with `bestmove`.
pub fn wait_for_bestmove(lines: &Lines) {
    wait_for(lines, "bestmove ");
}

/// The move of the first `bestmove` line in `lines`.
pub fn bestmove(lines: &[String]) -> &str {
    let line = lines
        .iter()
        .find(|line| line.starts_with("bestmove "))
        .unwrap_or_else(|| panic!("no bestmove line: {lines:?}"));
    line.split_whitespace().nth(1).unwrap()
}
