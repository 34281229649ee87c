//! The UCI protocol for the Plyforge chess engine, over `plyforge-chess` and
//! `plyforge-search`: reading input that may hold any bytes ([`LineReader`]), command parsing
//! ([`Command`]), time management ([`time`]), playing below full strength ([`strength`]:
//! `Skill Level`, `UCI_LimitStrength` and `UCI_Elo`) and an [`Engine`] that runs searches on a
//! thread of their own and answers through a callback, never waiting for a search. The `plyforge` binary
//! of this crate reads stdin on a thread of its own and writes to stdout; `plyforge bench
//! [depth]` runs the bench and exits.
//!
//! ```
//! use plyforge_uci::{Engine, Flow};
//! use std::sync::{Arc, Mutex};
//!
//! let lines = Arc::new(Mutex::new(Vec::<String>::new()));
//! let sink = Arc::clone(&lines);
//! let mut engine = Engine::new(Arc::new(move |line: &str| sink.lock().unwrap().push(line.into())));
//! engine.handle_line("uci");
//! engine.handle_line("banana");
//! engine.handle_line("isready");
//! let lines = lines.lock().unwrap();
//! assert!(lines.contains(&"uciok".to_string()));
//! assert!(lines.iter().any(|line| line.starts_with("info string error: unknown command")));
//! assert_eq!(lines.last().unwrap(), "readyok");
//! ```
#![forbid(unsafe_code)]

mod bench;
mod command;
mod engine;
mod input;
pub mod strength;
pub mod time;

pub use command::{Command, CommandError, Go, StartPosition};
pub use engine::{ENGINE_AUTHOR, ENGINE_NAME, Engine, Flow, Output, info_line, uci_score};
pub use input::{InputLine, LineReader, MAX_LINE_BYTES};

/// The README's example, run as a doc test so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
