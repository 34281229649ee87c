//! A UCI engine in a child process, for the drivers that measure engines from outside: lines
//! in, and its output lines with the moment each arrived. The engine is told to quit, and ended
//! if it does not, when the process handle is dropped (GNU Chess does not end when its input
//! closes).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// How long an engine told to quit may take before it is killed.
const QUIT_GRACE: Duration = Duration::from_secs(2);
/// How often a quitting engine is looked at.
const QUIT_POLL: Duration = Duration::from_millis(20);

/// The engine's input and its output lines as they arrive.
pub struct UciProcess {
    child: Child,
    input: ChildStdin,
    lines: Receiver<(Instant, String)>,
}

impl UciProcess {
    /// Starts the engine at `path`.
    ///
    /// # Errors
    /// When the program cannot be started.
    pub fn start(path: &str) -> std::io::Result<UciProcess> {
        Self::start_with_args(path, &[])
    }

    /// Starts the engine at `path` with command-line arguments (`gnuchess --uci`).
    ///
    /// # Errors
    /// When the program cannot be started.
    pub fn start_with_args(path: &str, args: &[&str]) -> std::io::Result<UciProcess> {
        let mut child = Command::new(path)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()?;
        let input = child.stdin.take().expect("piped");
        let output = child.stdout.take().expect("piped");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if sender.send((Instant::now(), line)).is_err() {
                    break;
                }
            }
        });
        Ok(UciProcess {
            child,
            input,
            lines,
        })
    }

    /// Sends one line; returns when it was sent.
    ///
    /// # Panics
    /// When the engine no longer reads its input.
    pub fn send(&mut self, line: &str) -> Instant {
        writeln!(self.input, "{line}").expect("the engine reads its input");
        self.input.flush().expect("the engine reads its input");
        Instant::now()
    }

    /// Sends `line`, or says why it could not (the engine has ended).
    ///
    /// # Errors
    /// When the engine no longer reads its input.
    pub fn try_send(&mut self, line: &str) -> std::io::Result<Instant> {
        writeln!(self.input, "{line}")?;
        self.input.flush()?;
        Ok(Instant::now())
    }

    /// The next line within `limit`; `None` when none came in time or the engine ended.
    pub fn next_line(&mut self, limit: Duration) -> Option<String> {
        self.lines.recv_timeout(limit).ok().map(|(_, line)| line)
    }

    /// The first line starting with `prefix` within `limit`, and when it arrived; `None` when
    /// none came in time or the engine ended.
    pub fn wait_for(&mut self, prefix: &str, limit: Duration) -> Option<(Instant, String)> {
        let deadline = Instant::now() + limit;
        loop {
            let left = deadline.checked_duration_since(Instant::now())?;
            let (at, line) = self.lines.recv_timeout(left).ok()?;
            if line.starts_with(prefix) {
                return Some((at, line));
            }
        }
    }
}

impl Drop for UciProcess {
    fn drop(&mut self) {
        // The engine may be gone already: a failed write or a failed kill changes nothing.
        let _ = writeln!(self.input, "quit").and_then(|()| self.input.flush());
        let deadline = Instant::now() + QUIT_GRACE;
        while Instant::now() < deadline {
            if !matches!(self.child.try_wait(), Ok(None)) {
                return;
            }
            std::thread::sleep(QUIT_POLL);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
