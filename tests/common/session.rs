//! An engine process driven line by line through its standard input and output, for the
//! protocol tests (UCI, USI).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// The `chatrang` binary, its input and the lines it prints (read by a thread). Dropping it sends
/// `quit` and waits for the process.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    /// Starts `chatrang` with the command-line `args`.
    pub fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chatrang"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start chatrang");
        let stdin = child.stdin.take().unwrap();
        let out = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for l in BufReader::new(out).lines() {
                let Ok(l) = l else { break };
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    /// Sends one command line.
    pub fn send(&mut self, s: &str) {
        writeln!(self.stdin, "{s}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first one starting with `prefix`.
    pub fn until(&mut self, prefix: &str, timeout_ms: u64) -> Vec<String> {
        let end = Instant::now() + Duration::from_millis(timeout_ms);
        let mut got = Vec::new();
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(l) => {
                    let done = l.starts_with(prefix);
                    got.push(l);
                    if done {
                        return got;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no '{prefix}' within {timeout_ms} ms; got {got:?}")
                }
                Err(RecvTimeoutError::Disconnected) => panic!("engine exited; got {got:?}"),
            }
        }
    }

    /// Nothing is printed for `ms` milliseconds except lines accepted by `ok`.
    pub fn quiet(&mut self, ms: u64, ok: impl Fn(&str) -> bool) {
        let end = Instant::now() + Duration::from_millis(ms);
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(l) => assert!(ok(&l), "unexpected line '{l}'"),
                Err(_) => return,
            }
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.wait();
    }
}

/// The `info` lines of iteration `depth` (one per MultiPV line).
pub fn lines_at_depth(lines: &[String], depth: u32) -> Vec<&String> {
    let prefix = format!("info depth {depth} ");
    lines.iter().filter(|x| x.starts_with(&prefix)).collect()
}

/// The first move of an `info` line's principal variation.
pub fn first_pv_move(line: &str) -> &str {
    let pv = line.split(" pv ").nth(1).expect("info line without pv");
    pv.split_whitespace().next().expect("empty pv")
}

/// The move of the last line (`bestmove <move> ...`).
pub fn bestmove(lines: &[String]) -> String {
    lines
        .last()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .to_string()
}
