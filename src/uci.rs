//! The UCI protocol loop, with Fairy-Stockfish's conventions (`UCI_Variant`, `VariantOptions`,
//! `go perft`, `d`). Bad input answers `info string error: ...` and changes nothing.

use std::io::{BufRead, Write};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use crate::fen;
use crate::movegen::{MoveList, legal_moves};
use crate::moves::Move;
use crate::notation::{move_to_string, parse_move};
use crate::perft::{divide, perft};
use crate::position::Position;
use crate::search::tt::{BOUND_LOWER, BOUND_UPPER};
use crate::search::{Control, Info, Limits, MAX_THREADS, Searcher, score_string};
use crate::variant::Variant;
use crate::variants;

/// Where asynchronous output (search `info` lines and `bestmove`) goes.
pub type Sink = Arc<Mutex<Box<dyn Write + Send>>>;

/// A sink on standard output.
pub fn stdout_sink() -> Sink {
    Arc::new(Mutex::new(Box::new(std::io::stdout())))
}

/// Writes whole lines to a sink (so lines from the search thread never interleave with ours).
pub struct SinkWriter {
    sink: Sink,
    buf: Vec<u8>,
}

impl SinkWriter {
    pub fn new(sink: Sink) -> SinkWriter {
        SinkWriter {
            sink,
            buf: Vec::new(),
        }
    }
}

impl Write for SinkWriter {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.buf.extend_from_slice(b);
        if let Some(i) = self.buf.iter().rposition(|&c| c == b'\n') {
            let rest = self.buf.split_off(i + 1);
            let mut g = self.sink.lock().unwrap_or_else(|e| e.into_inner());
            g.write_all(&self.buf)?;
            g.flush()?;
            self.buf = rest;
        }
        Ok(b.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.buf.is_empty() {
            let mut g = self.sink.lock().unwrap_or_else(|e| e.into_inner());
            g.write_all(&self.buf)?;
            self.buf.clear();
            g.flush()?;
        }
        Ok(())
    }
}

pub(crate) fn emit(sink: &Sink, line: &str) {
    let mut g = sink.lock().unwrap_or_else(|e| e.into_inner());
    let _ = g.write_all(format!("{line}\n").as_bytes());
    let _ = g.flush();
}

/// A running search: its control block and thread (which prints `bestmove` when done).
pub(crate) struct Job {
    pub(crate) ctl: Arc<Control>,
    handle: JoinHandle<()>,
    /// `go infinite` or `go ponder`: only `stop` (or `ponderhit`) ends it.
    open_ended: bool,
}

/// How a protocol writes moves and scores (UCI here; USI in `usi.rs`). The search thread, its
/// `info` lines and `bestmove` are shared by both protocols through this.
pub struct Dialect {
    pub move_str: fn(&Position, Move) -> String,
    /// Reads a legal move written in this notation.
    pub parse_move: fn(&mut Position, &str) -> Result<Move, String>,
    pub score_str: fn(i32) -> String,
    /// The `bestmove` argument when there is no move to play.
    pub no_move: &'static str,
}

/// UCI with Fairy-Stockfish's move notation.
pub static UCI_DIALECT: Dialect = Dialect {
    move_str: move_to_string,
    parse_move,
    score_str: score_string,
    no_move: "(none)",
};

pub struct Uci {
    /// An informational line to print after the current command.
    note: Option<String>,
    pub(crate) variant_id: String,
    variant_options: String,
    pub(crate) v: Arc<Variant>,
    pub(crate) pos: Position,
    hash_mb: u32,
    threads: u32,
    pub(crate) multipv: u32,
    pub(crate) overhead: u64,
    /// The `EvalWeights` option, parsed: weights over the game's own.
    eval_weights: Vec<(usize, i32)>,
    /// The `SearchParams` option, parsed: margins over each game's own.
    search_params: Vec<(usize, i32)>,
    pub(crate) searcher: Arc<Searcher>,
    pub(crate) job: Option<Job>,
    pub(crate) sink: Sink,
    /// The last VariantOptions value set, applied to every UCI_Variant it fits.
    options_setting: String,
    /// `debug on`: each search ends with an `info string tree ...` line (its shape).
    debug: bool,
    /// The `UseNNUE` option, and the net the `EvalFile` option read (`None`: the games' own).
    use_nnue: bool,
    eval_file: Option<Arc<crate::eval::nnue::Network>>,
}

impl Default for Uci {
    fn default() -> Self {
        Self::new()
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        self.finish_search();
    }
}

impl Uci {
    /// A protocol handler whose search output goes to standard output.
    pub fn new() -> Uci {
        Self::with_sink(stdout_sink())
    }

    /// A protocol handler whose search output (`info`, `bestmove`) goes to `sink`.
    pub fn with_sink(sink: Sink) -> Uci {
        let v = variants::build("chess", "").expect("chess builds");
        let pos = fen::parse(&v, &v.start_fen).expect("chess start FEN parses");
        Uci {
            note: None,
            variant_id: "chess".into(),
            variant_options: String::new(),
            v,
            pos,
            hash_mb: 16,
            threads: 1,
            multipv: 1,
            overhead: 10,
            eval_weights: Vec::new(),
            search_params: Vec::new(),
            searcher: Arc::new(Searcher::new(16)),
            job: None,
            sink,
            options_setting: String::new(),
            debug: false,
            use_nnue: true,
            eval_file: None,
        }
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Is a search running (its `bestmove` not yet printed)?
    pub fn searching(&self) -> bool {
        self.job.as_ref().is_some_and(|j| !j.handle.is_finished())
    }

    /// Stops a running search and waits for its `bestmove`.
    pub(crate) fn finish_search(&mut self) {
        if let Some(job) = self.job.take() {
            job.ctl.stop();
            let _ = job.handle.join();
        }
    }

    /// Waits for a running search to end by itself (depth, nodes, time) without stopping it.
    /// An open-ended search (`infinite`, `ponder`) is stopped instead.
    pub fn wait(&mut self) {
        if let Some(job) = self.job.take() {
            if job.open_ended {
                job.ctl.stop();
            }
            let _ = job.handle.join();
        }
    }

    /// Handles one command line; returns false on `quit`. Replies go to `out`; search output
    /// (`info`, `bestmove`) to the sink, from the search thread.
    pub fn handle(&mut self, line: &str, out: &mut dyn Write) -> bool {
        let line = line.trim();
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        // Commands that change the engine's state end a running search first.
        if matches!(cmd, "ucinewgame" | "setoption" | "position" | "go" | "quit") {
            self.finish_search();
        }
        let r = match cmd {
            "" => Ok(()),
            "uci" => self.cmd_uci(out),
            "isready" => writeln!(out, "readyok").map_err(|e| e.to_string()),
            "debug" => match rest {
                "on" | "off" => {
                    self.debug = rest == "on";
                    Ok(())
                }
                _ => Err(format!("debug takes on or off, not '{rest}'")),
            },
            "ucinewgame" => {
                self.pos = fen::parse(&self.v, &self.v.start_fen).expect("start FEN parses");
                self.searcher.clear();
                Ok(())
            }
            "setoption" => self.cmd_setoption(rest),
            "position" => self.cmd_position(rest),
            "d" => self.cmd_d(out),
            "eval" => self.cmd_eval(out),
            "go" => self.cmd_go(rest, out),
            "stop" => {
                self.finish_search();
                Ok(())
            }
            "ponderhit" => {
                if let Some(j) = &self.job {
                    j.ctl.ponderhit();
                }
                Ok(())
            }
            "quit" => return false,
            other => Err(format!("unknown command '{other}'")),
        };
        if let Err(e) = r {
            let _ = writeln!(out, "info string error: {e}");
        }
        if let Some(n) = self.note.take() {
            let _ = writeln!(out, "info string {n}");
        }
        let _ = out.flush();
        true
    }

    fn cmd_uci(&self, out: &mut dyn Write) -> Result<(), String> {
        let vars: Vec<&str> = variants::all()
            .iter()
            .map(|e| e.id)
            .chain(variants::ALIASES.iter().map(|a| a.0))
            .collect();
        let mut s = String::new();
        s += "id name chatrang\n";
        s += "id author the chatrang developers\n";
        s += &format!(
            "option name UCI_Variant type combo default chess var {}\n",
            vars.join(" var ")
        );
        s += "option name VariantOptions type string default <empty>\n";
        s += "option name Hash type spin default 16 min 1 max 33554432\n";
        s += &format!("option name Threads type spin default 1 min 1 max {MAX_THREADS}\n");
        s += "option name Clear Hash type button\n";
        s += "option name MultiPV type spin default 1 min 1 max 500\n";
        s += "option name Ponder type check default false\n";
        s += "option name Move Overhead type spin default 10 min 0 max 5000\n";
        s += "option name EvalWeights type string default <empty>\n";
        s += "option name SearchParams type string default <empty>\n";
        s += "option name UseNNUE type check default true\n";
        s += "option name EvalFile type string default <empty>\n";
        s += "uciok";
        writeln!(out, "{s}").map_err(|e| e.to_string())
    }

    pub(crate) fn cmd_setoption(&mut self, rest: &str) -> Result<(), String> {
        let (name, value) = setoption_args(rest)?;
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                // VariantOptions persist across UCI_Variant (GUIs may send them first, and again
                // the variant before every game): applied whenever they fit the game.
                if !self.options_setting.is_empty()
                    && let Ok(v) = variants::build(value, &self.options_setting)
                {
                    let o = self.options_setting.clone();
                    return self.set_variant(value, &o, v);
                }
                let v = variants::build(value, "")?;
                self.set_variant(value, "", v)
            }
            "variantoptions" => {
                let value = if value == "<empty>" { "" } else { value };
                // Kept even when it does not fit the current game (for a following UCI_Variant).
                self.options_setting = value.to_string();
                match variants::build(&self.variant_id, value) {
                    Ok(v) => {
                        let id = self.variant_id.clone();
                        self.set_variant(&id, value, v)
                    }
                    // GUIs such as cutechess send VariantOptions before UCI_Variant: options that
                    // fit another game are a note, not an error.
                    Err(e)
                        if variants::all()
                            .iter()
                            .any(|g| variants::parse_options(g, value).is_ok()) =>
                    {
                        self.note =
                            Some(format!("VariantOptions kept for a later UCI_Variant ({e})"));
                        Ok(())
                    }
                    Err(e) => Err(e),
                }
            }
            "hash" => {
                let mb: u32 = value
                    .parse()
                    .map_err(|_| format!("bad Hash value '{value}'"))?;
                if mb == 0 {
                    return Err("Hash must be at least 1".into());
                }
                // Keep the table within this machine's reach.
                let mb = mb.min(1 << 16);
                // The new table first: if the memory is not there, the old one stays.
                let fresh = Searcher::try_new(mb as usize)?;
                self.hash_mb = mb;
                self.rebuild_searcher(Some(fresh));
                Ok(())
            }
            "threads" => {
                let t: u32 = value
                    .parse()
                    .map_err(|_| format!("bad Threads value '{value}'"))?;
                if t == 0 {
                    return Err("Threads must be at least 1".into());
                }
                // Each search starts its threads afresh, and thousands of them on a few cores
                // starve the one that must answer: at most four per core.
                let cap = std::thread::available_parallelism().map_or(4, |n| 4 * n.get());
                let cap = cap.min(MAX_THREADS) as u32;
                if t > cap {
                    self.note = Some(format!(
                        "Threads {t}: using {cap}, four per core of this machine"
                    ));
                }
                self.threads = t.min(cap);
                self.rebuild_searcher(None);
                Ok(())
            }
            "multipv" => {
                let k: u32 = value
                    .parse()
                    .map_err(|_| format!("bad MultiPV value '{value}'"))?;
                if k == 0 {
                    return Err("MultiPV must be at least 1".into());
                }
                self.multipv = k.min(500);
                Ok(())
            }
            "evalweights" => {
                // `name=value` pairs (commas or spaces) laid over the game's own weights.
                let list: Vec<String> = crate::tune::assignment_items(value)
                    .map(str::to_string)
                    .collect();
                self.eval_weights = crate::tune::parse_values(&list)?;
                self.rebuild_searcher(None);
                // `&&` looks the net up only when weights were given.
                if !self.eval_weights.is_empty()
                    && self
                        .searcher
                        .net()
                        .for_game(&self.v)
                        .is_some_and(|n| !n.residual)
                {
                    self.note = Some(
                        "EvalWeights: this game evaluates with its net, which leaves the weighted \
                         terms bare royal men and their net_terms share (UseNNUE false plays on \
                         the terms)"
                            .into(),
                    );
                }
                Ok(())
            }
            "searchparams" => {
                // `name=value` pairs laid over the game's own margins (not over the last
                // setting: each value of the option is a whole trial).
                self.search_params = crate::search::params::SearchParams::parse(value)?;
                self.rebuild_searcher(None);
                Ok(())
            }
            "usennue" => {
                self.use_nnue = match value.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(format!("bad UseNNUE value '{value}' (true or false)")),
                };
                self.rebuild_searcher(None);
                Ok(())
            }
            "evalfile" => {
                self.eval_file = if value.is_empty() || value == "<empty>" {
                    None
                } else {
                    let bytes =
                        std::fs::read(value).map_err(|e| format!("EvalFile {value}: {e}"))?;
                    let net = crate::eval::nnue::Network::parse(&bytes)
                        .map_err(|e| format!("EvalFile {value}: {e}"))?;
                    if let Err(e) = net.check(&self.v) {
                        self.note = Some(format!("EvalFile: not for this game: {e}"));
                    }
                    Some(Arc::new(net))
                };
                self.rebuild_searcher(None);
                Ok(())
            }
            "move overhead" => {
                self.overhead = value
                    .parse()
                    .map_err(|_| format!("bad Move Overhead value '{value}'"))?;
                self.rebuild_searcher(None);
                Ok(())
            }
            "clear hash" => {
                self.searcher.clear();
                Ok(())
            }
            "ponder" | "uci_chess960" | "uci_analysemode" => Ok(()),
            _ => Err(format!("unknown option '{name}'")),
        }
    }

    /// Applies Hash/Threads/overhead to the searcher (no search runs while options are set), on
    /// `fresh`'s new table or else the present one.
    fn rebuild_searcher(&mut self, fresh: Option<Searcher>) {
        let mut s = fresh.unwrap_or_else(|| {
            let mut s = Searcher::new(1);
            s.tt = Arc::clone(&self.searcher.tt);
            s
        });
        s.threads = self.threads as usize;
        s.overhead_ms = self.overhead;
        s.set_eval_overrides(self.eval_weights.clone());
        s.set_search_params(self.search_params.clone());
        s.set_net(match (&self.eval_file, self.use_nnue) {
            (_, false) => crate::search::NetChoice::Off,
            (Some(n), true) => crate::search::NetChoice::File(Arc::clone(n)),
            (None, true) => crate::search::NetChoice::Own,
        });
        self.searcher = Arc::new(s);
    }

    pub(crate) fn set_variant(
        &mut self,
        id: &str,
        opts: &str,
        v: Arc<Variant>,
    ) -> Result<(), String> {
        let pos = fen::parse(&v, &v.start_fen)?;
        self.variant_id = id.to_string();
        self.variant_options = opts.to_string();
        self.v = v;
        self.pos = pos;
        Ok(())
    }

    fn cmd_position(&mut self, rest: &str) -> Result<(), String> {
        let (spec, moves) = match rest.find(" moves") {
            Some(i) => (&rest[..i], rest[i + 6..].trim()),
            None => (rest, ""),
        };
        let mut pos = if spec.trim() == "startpos" {
            fen::parse(&self.v, &self.v.start_fen)?
        } else if let Some(f) = spec.trim().strip_prefix("fen") {
            fen::parse(&self.v, f.trim())?
        } else {
            return Err(format!("bad position command '{rest}'"));
        };
        for mv in moves.split_whitespace() {
            let m = parse_move(&mut pos, mv)?;
            pos.make(m);
        }
        self.pos = pos;
        Ok(())
    }

    pub(crate) fn cmd_d(&self, out: &mut dyn Write) -> Result<(), String> {
        let s = diagram(&self.pos);
        writeln!(out, "{s}").map_err(|e| e.to_string())
    }

    /// `eval`: the static evaluation and the piece values the evaluation uses.
    pub(crate) fn cmd_eval(&self, out: &mut dyn Write) -> Result<(), String> {
        let ep = self.searcher.eval_params(&self.v);
        let mut s = String::new();
        for (t, p) in self.v.pieces.iter().enumerate() {
            let kind = if ep.royal[t] {
                "royal"
            } else if ep.pawn_like[t] {
                "pawn"
            } else if ep.rider[t] {
                "rider"
            } else {
                "leaper"
            };
            s += &format!(
                "info string piece {} {} value {} ({}) mg {} eg {} {kind}\n",
                p.letter,
                p.name,
                ep.see_value[t],
                if p.value > 0 { "given" } else { "derived" },
                ep.value[t].mg,
                ep.value[t].eg
            );
        }
        s += &format!(
            "info string eval {} (side to move)",
            crate::eval::evaluate(&self.pos, &ep)
        );
        writeln!(out, "{s}").map_err(|e| e.to_string())
    }

    fn cmd_go(&mut self, rest: &str, out: &mut dyn Write) -> Result<(), String> {
        let words: Vec<&str> = rest.split_whitespace().collect();
        if words.first() == Some(&"perft") {
            let depth: u32 = words
                .get(1)
                .and_then(|d| d.parse().ok())
                .ok_or("go perft needs a depth")?;
            let mut pos = self.pos.clone();
            let mut total = 0;
            for (m, n) in divide(&mut pos, depth.max(1)) {
                writeln!(out, "{m}: {n}").map_err(|e| e.to_string())?;
                total += n;
            }
            if depth == 0 {
                total = perft(&mut pos, 0);
            }
            writeln!(out, "\nNodes searched: {total}").map_err(|e| e.to_string())?;
            return Ok(());
        }
        let limits = parse_go(&words, &self.pos, self.multipv, &UCI_DIALECT)?;
        self.start_search(limits, &UCI_DIALECT)
    }

    /// Starts searching the current position in a thread that reports in `dialect`.
    pub(crate) fn start_search(
        &mut self,
        limits: Limits,
        dialect: &'static Dialect,
    ) -> Result<(), String> {
        let open_ended = limits.infinite || limits.ponder;
        let ctl = Control::new(limits.ponder);
        let searcher = Arc::clone(&self.searcher);
        let pos = self.pos.clone();
        let sink = Arc::clone(&self.sink);
        let c = Arc::clone(&ctl);
        let debug = self.debug;
        let handle = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || run_search(&searcher, &pos, &limits, &c, &sink, dialect, debug))
            .map_err(|e| format!("cannot start the search: {e}"))?;
        self.job = Some(Job {
            ctl,
            handle,
            open_ended,
        });
        Ok(())
    }
}

/// Parses the arguments of `go` (not `perft`) for the side to move `side`.
/// The option name and value of `setoption name <name> [value <value>]` (after `setoption `);
/// the value is empty when not given. Shared by the UCI and USI loops.
pub(crate) fn setoption_args(rest: &str) -> Result<(&str, &str), String> {
    let body = rest.strip_prefix("name ").ok_or("setoption needs 'name'")?;
    Ok(match body.split_once(" value") {
        Some((n, v)) => (n.trim(), v.trim()),
        None => (body.trim(), ""),
    })
}

/// The limits of `go <words>` in `pos`; the moves after `searchmoves` (in `dialect`'s notation)
/// run to the end of the command.
pub fn parse_go(
    words: &[&str],
    pos: &Position,
    multipv: u32,
    dialect: &Dialect,
) -> Result<Limits, String> {
    let side = pos.side;
    let mut l = Limits {
        multipv: multipv as usize,
        ..Default::default()
    };
    let (mut wt, mut bt, mut wi, mut bi) = (None, None, 0u64, 0u64);
    let mut i = 0;
    let num = |i: usize, name: &str| -> Result<u64, String> {
        let w = words
            .get(i + 1)
            .ok_or_else(|| format!("go {name} needs a value"))?;
        // Clocks may be negative when a GUI is late: read them as zero.
        if let Ok(x) = w.parse::<i64>() {
            return Ok(x.max(0) as u64);
        }
        Err(format!("bad value '{w}' for go {name}"))
    };
    while i < words.len() {
        match words[i] {
            "wtime" => wt = Some(num(i, "wtime")?),
            "btime" => bt = Some(num(i, "btime")?),
            "winc" => wi = num(i, "winc")?,
            "binc" => bi = num(i, "binc")?,
            "movestogo" => l.movestogo = Some(num(i, "movestogo")? as u32),
            "movetime" => l.movetime = Some(num(i, "movetime")?),
            "depth" => l.depth = Some(num(i, "depth")?.min(1000) as i32),
            "nodes" => l.nodes = Some(num(i, "nodes")?),
            "mate" => l.mate = Some(num(i, "mate")? as u32),
            "infinite" => {
                l.infinite = true;
                i += 1;
                continue;
            }
            "ponder" => {
                l.ponder = true;
                i += 1;
                continue;
            }
            "searchmoves" => {
                let mut p = pos.clone();
                for w in &words[i + 1..] {
                    let m = (dialect.parse_move)(&mut p, w)
                        .map_err(|e| format!("go searchmoves: {e}"))?;
                    if !l.searchmoves.contains(&m) {
                        l.searchmoves.push(m);
                    }
                }
                break;
            }
            w => return Err(format!("unknown go parameter '{w}'")),
        }
        i += 2;
    }
    if side == 0 {
        l.time = wt;
        l.inc = wi;
    } else {
        l.time = bt;
        l.inc = bi;
    }
    Ok(l)
}

/// UCI text of a principal variation, cut at the first move that is not legal.
pub fn pv_string(root: &Position, pv: &[Move]) -> String {
    pv_string_in(root, pv, &UCI_DIALECT)
}

/// A principal variation in a protocol's notation, cut at the first move that is not legal.
pub fn pv_string_in(root: &Position, pv: &[Move], d: &Dialect) -> String {
    let mut p = root.clone();
    let mut out = Vec::new();
    for &m in pv {
        let mut l = MoveList::new();
        legal_moves(&mut p, &mut l);
        if !l.contains(&m) {
            break;
        }
        out.push((d.move_str)(&p, m));
        p.make(m);
    }
    out.join(" ")
}

/// One `info` line.
pub fn info_line(root: &Position, i: &Info) -> String {
    info_line_in(root, i, &UCI_DIALECT)
}

/// One `info` line in a protocol's notation.
pub fn info_line_in(root: &Position, i: &Info, d: &Dialect) -> String {
    let bound = match i.bound {
        BOUND_LOWER => " lowerbound",
        BOUND_UPPER => " upperbound",
        _ => "",
    };
    format!(
        "info depth {} seldepth {} multipv {} score {}{} nodes {} nps {} hashfull {} time {} pv {}",
        i.depth,
        i.seldepth,
        i.multipv,
        (d.score_str)(i.score),
        bound,
        i.nodes,
        i.nps,
        i.hashfull,
        i.time_ms,
        pv_string_in(root, &i.pv, d)
    )
}

/// Searches and prints `bestmove` (after the tree's shape when `debug`).
fn run_search(
    searcher: &Searcher,
    pos: &Position,
    limits: &Limits,
    ctl: &Arc<Control>,
    sink: &Sink,
    d: &Dialect,
    debug: bool,
) {
    let r = searcher.search(pos, limits, ctl, &mut |i: &Info| {
        emit(sink, &info_line_in(pos, i, d))
    });
    // In infinite or ponder mode, bestmove waits for `stop` (or `ponderhit`).
    while (limits.infinite || ctl.pondering.load(std::sync::atomic::Ordering::Relaxed))
        && !ctl.stopped()
    {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let line = match r.best {
        Some(b) => {
            let mut s = format!("bestmove {}", (d.move_str)(pos, b));
            if let Some(p) = r.ponder {
                let mut after = pos.clone();
                after.make(b);
                let mut l = MoveList::new();
                legal_moves(&mut after, &mut l);
                if l.contains(&p) {
                    s += &format!(" ponder {}", (d.move_str)(&after, p));
                }
            }
            s
        }
        None => format!("bestmove {}", d.no_move),
    };
    if debug {
        emit(sink, &format!("info string {}", r.shape.line()));
    }
    emit(sink, &line);
}

/// A text picture of the position, with its FEN and key (as Stockfish's `d`).
pub fn diagram(pos: &Position) -> String {
    let g = &pos.v.geo;
    let mut s = String::new();
    for z in (0..g.levels as i32).rev() {
        if g.levels > 1 {
            s += &format!("level {}\n", (b'A' + z as u8) as char);
        }
        let sep = format!("   +{}\n", "---+".repeat(g.width as usize));
        s += &sep;
        for y in (0..g.height as i32).rev() {
            s += &format!("{:>2} |", y + 1);
            for x in 0..g.width as i32 {
                let t = match g.cell_at(x, y, z) {
                    None => "###".to_string(),
                    Some(c) => {
                        let p = pos.at(c);
                        if p.is_empty() {
                            "   ".to_string()
                        } else {
                            format!(
                                "{:^3}",
                                pos.v.pieces[p.kind() as usize].fen_token(p.owner())
                            )
                        }
                    }
                };
                s += &t;
                s.push('|');
            }
            s.push('\n');
            s += &sep;
        }
        s += "    ";
        for x in 0..g.width {
            s += &format!(" {} ", (b'a' + x) as char);
            s.push(' ');
        }
        s.push('\n');
    }
    // Cells beyond the grid (citadels): name, neighbours, occupant.
    for c in g.grid_cells()..g.num_cells() {
        let c = c as crate::geometry::Cell;
        let mut nb: Vec<String> = g
            .links
            .iter()
            .filter(|l| l.to == c)
            .map(|l| g.name(l.from))
            .collect();
        nb.dedup();
        let p = pos.at(c);
        let occ = if p.is_empty() {
            "-".to_string()
        } else {
            pos.v.pieces[p.kind() as usize].fen_token(p.owner())
        };
        s += &format!("{} [{}]: {}\n", g.name(c), nb.join(" "), occ);
    }
    s += &format!("\nFen: {}\nKey: {:016X}\n", fen::to_fen(pos), pos.st.key);
    s += &format!("Variant: {}", pos.v.id);
    if !pos.v.options.is_empty() {
        s += &format!(" ({})", pos.v.options_string());
    }
    s
}

/// Runs the protocol loop until `quit` or end of input; all output goes to `sink`.
pub fn run(input: impl BufRead, sink: Sink) {
    let mut lines = input.lines();
    // A first command `usi` hands the session over to the USI protocol (shogi GUIs).
    let mut first = None;
    for line in lines.by_ref() {
        let Ok(line) = line else { break };
        if line.trim().is_empty() {
            continue;
        }
        if line.trim() == "usi" {
            crate::usi::run_after(&line, lines, sink);
            return;
        }
        first = Some(line);
        break;
    }
    let mut uci = Uci::with_sink(Arc::clone(&sink));
    let mut out = SinkWriter::new(sink);
    for line in first.into_iter().map(Ok).chain(lines) {
        let Ok(line) = line else { break };
        if !uci.handle(&line, &mut out) {
            break;
        }
    }
    // End of input: let a running search finish by itself.
    uci.wait();
    let _ = out.flush();
}
