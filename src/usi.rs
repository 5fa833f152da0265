//! The USI protocol (shogi GUIs): `usi`, `isready`, `usinewgame`, `setoption`, `position sfen|startpos
//! [moves ...]`, `go` (btime/wtime/byoyomi/binc/winc/movetime/depth/nodes/infinite/ponder), `stop`,
//! `ponderhit`, `gameover`, `quit`. Moves and squares in USI notation (`7g7f`, `8h2b+`, `P*5e`;
//! see `sfen.rs`); mate scores in plies; `bestmove resign` with no legal move, `bestmove win` when
//! the game's rules already give the side to move the win (a declaration, e.g. an impasse rule).
//!
//! The engine state, options and the search thread are `uci::Uci`'s, shared: only the notation
//! (`uci::Dialect`) and the command set differ. Bad input answers `info string error: ...` and
//! changes nothing.

use std::io::{BufRead, Write};
use std::sync::Arc;

use crate::fen;
use crate::movegen::{MoveList, legal_moves};
use crate::outcome::outcome_with;
use crate::search::{MATE, MATE_BOUND, MAX_THREADS};
use crate::sfen::{move_to_usi, parse_sfen, parse_usi_move, to_sfen};
use crate::uci::{Dialect, Sink, SinkWriter, Uci, emit, parse_go};
use crate::variant::GameResult;
use crate::variants;

/// USI notation for the shared search thread.
pub static USI_DIALECT: Dialect = Dialect {
    move_str: move_to_usi,
    parse_move: parse_usi_move,
    score_str: usi_score,
    no_move: "resign",
};

/// The game a USI session starts with, when it is registered.
const DEFAULT_GAME: &str = "shogi";

/// `cp X`, or `mate N` with N in plies (negative: we are mated), as USI counts.
pub fn usi_score(s: i32) -> String {
    if s >= MATE_BOUND {
        format!("mate {}", MATE - s)
    } else if s <= -MATE_BOUND {
        format!("mate -{}", MATE + s)
    } else {
        format!("cp {s}")
    }
}

pub struct Usi {
    core: Uci,
}

impl Usi {
    /// A USI handler whose search output goes to `sink`; plays `shogi` when it is registered.
    pub fn with_sink(sink: Sink) -> Usi {
        let mut core = Uci::with_sink(sink);
        if let Ok(v) = variants::build(DEFAULT_GAME, "") {
            let _ = core.set_variant(DEFAULT_GAME, "", v);
        }
        // GUIs and networks add latency: keep a little more back per move than in UCI.
        let _ = core.cmd_setoption("name Move Overhead value 50");
        Usi { core }
    }

    /// Waits for a running search to end by itself (an open-ended one is stopped).
    pub fn wait(&mut self) {
        self.core.wait();
    }

    pub fn position(&self) -> &crate::position::Position {
        self.core.position()
    }

    /// Handles one command line; returns false on `quit`.
    pub fn handle(&mut self, line: &str, out: &mut dyn Write) -> bool {
        let line = line.trim();
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        if matches!(
            cmd,
            "usinewgame" | "setoption" | "position" | "go" | "gameover" | "quit"
        ) {
            self.core.finish_search();
        }
        let r = match cmd {
            "" => Ok(()),
            "usi" => self.cmd_usi(out),
            "isready" => writeln!(out, "readyok").map_err(|e| e.to_string()),
            "debug" | "gameover" => Ok(()),
            "usinewgame" => {
                let v = Arc::clone(&self.core.v);
                self.core.pos = fen::parse(&v, &v.start_fen).expect("start FEN parses");
                self.core.searcher.clear();
                Ok(())
            }
            "setoption" => self.cmd_setoption(rest),
            "position" => self.cmd_position(rest),
            "go" => self.cmd_go(rest),
            "stop" => {
                self.core.finish_search();
                Ok(())
            }
            "ponderhit" => {
                if let Some(j) = &self.core.job {
                    j.ctl.ponderhit();
                }
                Ok(())
            }
            "d" => self.core.cmd_d(out).and_then(|_| {
                writeln!(out, "Sfen: {}", to_sfen(&self.core.pos)).map_err(|e| e.to_string())
            }),
            "eval" => self.core.cmd_eval(out),
            "quit" => return false,
            other => Err(format!("unknown command '{other}'")),
        };
        if let Err(e) = r {
            let _ = writeln!(out, "info string error: {e}");
        }
        let _ = out.flush();
        true
    }

    fn cmd_usi(&self, out: &mut dyn Write) -> Result<(), String> {
        let vars: Vec<&str> = variants::all().iter().map(|e| e.id).collect();
        let mut s = String::new();
        s += "id name chatrang\n";
        s += "id author the chatrang developers\n";
        s += "option name USI_Hash type spin default 16 min 1 max 65536\n";
        s += "option name USI_Ponder type check default false\n";
        s += &format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}\n");
        s += "option name MultiPV type spin default 1 min 1 max 500\n";
        s += "option name MoveOverhead type spin default 50 min 0 max 5000\n";
        s += &format!(
            "option name Variant type combo default {} var {}\n",
            self.core.variant_id,
            vars.join(" var ")
        );
        s += "option name VariantOptions type string default <empty>\n";
        s += "usiok";
        writeln!(out, "{s}").map_err(|e| e.to_string())
    }

    fn cmd_setoption(&mut self, rest: &str) -> Result<(), String> {
        let (name, value) = crate::uci::setoption_args(rest)?;
        let mapped = match name.to_ascii_lowercase().as_str() {
            "usi_hash" | "hash" => "Hash",
            "usi_ponder" | "ponder" => "Ponder",
            "variant" | "usi_variant" | "uci_variant" => "UCI_Variant",
            "variantoptions" | "usi_variantoptions" => "VariantOptions",
            "threads" => "Threads",
            "multipv" => "MultiPV",
            "moveoverhead" | "move overhead" => "Move Overhead",
            "clear hash" | "clearhash" => "Clear Hash",
            _ => return Err(format!("unknown option '{name}'")),
        };
        self.core
            .cmd_setoption(&format!("name {mapped} value {value}"))
    }

    fn cmd_position(&mut self, rest: &str) -> Result<(), String> {
        let words: Vec<&str> = rest.split_whitespace().collect();
        let (spec, moves) = match words.iter().position(|&w| w == "moves") {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (&words[..], &[][..]),
        };
        let v = Arc::clone(&self.core.v);
        let mut pos = match spec.first() {
            Some(&"startpos") if spec.len() == 1 => fen::parse(&v, &v.start_fen)?,
            Some(&"sfen") => parse_sfen(&v, &spec[1..].join(" "))?,
            _ => return Err(format!("bad position command '{rest}'")),
        };
        for mv in moves {
            let m = parse_usi_move(&mut pos, mv)?;
            pos.make(m);
        }
        self.core.pos = pos;
        Ok(())
    }

    fn cmd_go(&mut self, rest: &str) -> Result<(), String> {
        let words: Vec<&str> = rest.split_whitespace().collect();
        // USI names the first player (sente) black: `btime` is his clock. Translate to UCI's
        // names and keep the byoyomi apart.
        let mut uci_words: Vec<&str> = Vec::new();
        let mut byoyomi = 0u64;
        let mut i = 0;
        while i < words.len() {
            match words[i] {
                "byoyomi" => {
                    let w = words.get(i + 1).ok_or("go byoyomi needs a value")?;
                    let x: i64 = w
                        .parse()
                        .map_err(|_| format!("bad value '{w}' for go byoyomi"))?;
                    byoyomi = x.max(0) as u64;
                    i += 2;
                    continue;
                }
                "mate" => return Err("go mate (tsume search) is not supported".into()),
                "btime" => uci_words.push("wtime"),
                "wtime" => uci_words.push("btime"),
                "binc" => uci_words.push("winc"),
                "winc" => uci_words.push("binc"),
                w => uci_words.push(w),
            }
            i += 1;
        }
        let mut limits = parse_go(&uci_words, &self.core.pos, self.core.multipv, &USI_DIALECT)?;
        limits.byoyomi = byoyomi;
        // Nothing to search: the game is already decided at the root.
        let mut pos = self.core.pos.clone();
        let mut list = MoveList::new();
        legal_moves(&mut pos, &mut list);
        let answer = match outcome_with(&mut pos, &list) {
            Some(o) if o.result == GameResult::Win(pos.side) => Some("bestmove win"),
            _ if list.is_empty() => Some("bestmove resign"),
            _ => None,
        };
        if let Some(a) = answer {
            emit(&self.core.sink, a);
            return Ok(());
        }
        self.core.start_search(limits, &USI_DIALECT)
    }
}

/// Runs a USI session whose first line `first` was already read (handed over by `uci::run`).
pub fn run_after(first: &str, lines: impl Iterator<Item = std::io::Result<String>>, sink: Sink) {
    let mut usi = Usi::with_sink(Arc::clone(&sink));
    let mut out = SinkWriter::new(sink);
    if usi.handle(first, &mut out) {
        for line in lines {
            let Ok(line) = line else { break };
            if !usi.handle(&line, &mut out) {
                break;
            }
        }
    }
    usi.wait();
    let _ = out.flush();
}

/// Runs the USI loop until `quit` or end of input (`chatrang usi`).
pub fn run(input: impl BufRead, sink: Sink) {
    let mut usi = Usi::with_sink(Arc::clone(&sink));
    let mut out = SinkWriter::new(sink);
    for line in input.lines() {
        let Ok(line) = line else { break };
        if !usi.handle(&line, &mut out) {
            break;
        }
    }
    usi.wait();
    let _ = out.flush();
}
