//! An engine process and the client side of its protocol: UCI, USI for shogi engines, or xboard
//! (CECP) for engines such as Fairy-Max (src/matchrun/xboard.rs translates).
//!
//! Output is read by a thread into a channel, so every wait has a deadline; a dead process, a
//! closed pipe or a missing reply is an error value, never a panic.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use super::xboard::{self, Features};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proto {
    Uci,
    Usi,
    Xboard,
}

/// `Reply::bestmove` of an engine that resigned (xboard's `resign`).
pub const RESIGNS: &str = "(resigns)";

/// How to start and set up an engine (`--engine cmd=... name=... proto=uci option.Hash=16`).
#[derive(Clone, Debug)]
pub struct EngineSpec {
    pub name: String,
    /// Program and arguments (split at white space).
    pub cmd: Vec<String>,
    pub dir: Option<String>,
    pub proto: Proto,
    /// `setoption` pairs, in order.
    pub options: Vec<(String, String)>,
    /// The engine's own name of the variant (default: chatrang's id).
    pub variant: Option<String>,
}

impl EngineSpec {
    /// Parses `key=value` items: cmd, name, dir, proto (uci|usi), variant, option.<Name>=<value>,
    /// arg=<extra argument>. `cmd=self` is this program.
    pub fn parse(items: &[String]) -> Result<EngineSpec, String> {
        let mut s = EngineSpec {
            name: String::new(),
            cmd: Vec::new(),
            dir: None,
            proto: Proto::Uci,
            options: Vec::new(),
            variant: None,
        };
        for it in items {
            let (k, v) = it
                .split_once('=')
                .ok_or_else(|| format!("engine item '{it}' is not key=value"))?;
            match k {
                "cmd" => {
                    s.cmd = if v == "self" {
                        let exe = std::env::current_exe()
                            .map_err(|e| format!("cannot find this program: {e}"))?;
                        vec![exe.to_string_lossy().into_owned()]
                    } else {
                        v.split_whitespace().map(String::from).collect()
                    }
                }
                "arg" => s.cmd.push(v.to_string()),
                "name" => s.name = v.to_string(),
                "dir" => s.dir = Some(v.to_string()),
                "variant" => s.variant = Some(v.to_string()),
                "proto" => {
                    s.proto = match v.to_ascii_lowercase().as_str() {
                        "uci" => Proto::Uci,
                        "usi" => Proto::Usi,
                        "xboard" | "cecp" => Proto::Xboard,
                        _ => {
                            return Err(format!("unknown protocol '{v}' (uci, usi or xboard)"));
                        }
                    }
                }
                _ => match k.strip_prefix("option.") {
                    Some(o) if !o.is_empty() => s.options.push((o.to_string(), v.to_string())),
                    _ => return Err(format!("unknown engine item '{k}'")),
                },
            }
        }
        if s.cmd.is_empty() {
            return Err("engine needs cmd=<program>".into());
        }
        if s.name.is_empty() {
            s.name = std::path::Path::new(&s.cmd[0])
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_else(|| s.cmd[0].clone());
        }
        Ok(s)
    }
}

/// Why an engine failed to answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The process ended or its pipes closed.
    Crashed(String),
    /// No reply before the deadline.
    Timeout,
    /// A reply that is not protocol.
    Protocol(String),
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Crashed(s) => write!(f, "engine crashed ({s})"),
            EngineError::Timeout => write!(f, "engine did not answer in time"),
            EngineError::Protocol(s) => write!(f, "protocol error: {s}"),
        }
    }
}

/// A search score as reported by the engine (for the side to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Mate in n moves (negative: being mated).
    Mate(i32),
}

impl Score {
    /// Centipawns, mates as +-100000 minus distance.
    pub fn cp(self) -> i32 {
        match self {
            Score::Cp(c) => c,
            Score::Mate(n) if n >= 0 => 100_000 - n,
            Score::Mate(n) => -100_000 - n,
        }
    }

    /// PGN comment form: `+0.31`, `+M5`, `-M3`.
    pub fn pgn(self) -> String {
        match self {
            Score::Cp(c) => format!("{:+.2}", c as f64 / 100.0),
            Score::Mate(n) if n >= 0 => format!("+M{n}"),
            Score::Mate(n) => format!("-M{}", -n),
        }
    }
}

/// The engine's answer to `go`.
#[derive(Clone, Debug)]
pub struct Reply {
    pub bestmove: String,
    pub score: Option<Score>,
    pub depth: Option<u32>,
    pub elapsed_ms: u64,
}

pub struct Engine {
    pub spec: EngineSpec,
    /// Name the engine gives itself (`id name`).
    pub id_name: String,
    child: Child,
    stdin: Option<ChildStdin>,
    rx: Receiver<String>,
    /// Option names advertised (`option name X type ...`), as written.
    pub option_names: Vec<String>,
    /// Variants advertised by a `UCI_Variant` combo, if any.
    pub variants: Option<Vec<String>>,
    /// Whether the last search ended properly (the engine may be reused).
    pub healthy: bool,
    /// xboard engines: what the dialogue needs to remember.
    xb: Option<XboardState>,
}

/// An xboard engine's features and what it has been told of the current game.
struct XboardState {
    features: Features,
    /// The engine's name of the variant (`normal` for chess).
    variant: String,
    /// Ranks of the board, for the coordinates.
    ranks: u8,
    /// The game the engine knows: its start (`startpos` or a FEN; empty: none yet) and moves.
    start: String,
    sent: Vec<String>,
    level_sent: bool,
    pings: u32,
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.send("quit");
        self.stdin = None;
        // Give it a moment to exit by itself, then kill it.
        let t = Instant::now();
        while t.elapsed() < Duration::from_millis(300) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Parses `option name <Name> type combo default x var a var b` into the name and, for
/// combos, the values.
fn parse_option_line(line: &str) -> Option<(String, Vec<String>)> {
    let rest = line.strip_prefix("option name ")?;
    let (name, tail) = match rest.find(" type ") {
        Some(i) => (&rest[..i], &rest[i + 6..]),
        None => (rest, ""),
    };
    let mut vars = Vec::new();
    let words: Vec<&str> = tail.split_whitespace().collect();
    let mut i = 0;
    while i < words.len() {
        if words[i] == "var" && i + 1 < words.len() {
            vars.push(words[i + 1].to_string());
            i += 2;
        } else {
            i += 1;
        }
    }
    Some((name.trim().to_string(), vars))
}

/// Reads `score cp X` / `score mate N` and `depth D` of an `info` line.
pub fn parse_info(line: &str) -> (Option<Score>, Option<u32>) {
    let w: Vec<&str> = line.split_whitespace().collect();
    let (mut score, mut depth) = (None, None);
    let mut i = 1;
    while i < w.len() {
        match w[i] {
            "depth" => {
                depth = w.get(i + 1).and_then(|x| x.parse().ok());
                i += 2;
            }
            "score" => {
                match (
                    w.get(i + 1).copied(),
                    w.get(i + 2).and_then(|x| x.parse().ok()),
                ) {
                    (Some("cp"), Some(v)) => score = Some(Score::Cp(v)),
                    (Some("mate"), Some(v)) => score = Some(Score::Mate(v)),
                    _ => {}
                }
                i += 3;
            }
            // Everything after pv / string is free text.
            "pv" | "string" => break,
            _ => i += 1,
        }
    }
    (score, depth)
}

impl Engine {
    fn ok(&self) -> &'static str {
        match self.spec.proto {
            Proto::Uci | Proto::Xboard => "uciok",
            Proto::Usi => "usiok",
        }
    }

    /// Starts the process and completes the handshake (`uci`/`uciok` or `usi`/`usiok`).
    pub fn start(spec: &EngineSpec) -> Result<Engine, String> {
        let mut cmd = Command::new(&spec.cmd[0]);
        cmd.args(&spec.cmd[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(d) = &spec.dir {
            cmd.current_dir(d);
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start '{}': {e}", spec.cmd.join(" ")))?;
        let stdout = child.stdout.take().ok_or("no stdout pipe")?;
        let stdin = child.stdin.take();
        let (tx, rx) = channel();
        std::thread::Builder::new()
            .name(format!("engine-{}", spec.name))
            .spawn(move || {
                let mut r = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match r.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => break,
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&buf).trim().to_string();
                            if tx.send(line).is_err() {
                                break;
                            }
                        }
                    }
                }
            })
            .map_err(|e| format!("cannot start a reader thread: {e}"))?;
        let mut e = Engine {
            spec: spec.clone(),
            id_name: spec.name.clone(),
            child,
            stdin,
            rx,
            option_names: Vec::new(),
            variants: None,
            healthy: true,
            xb: None,
        };
        if spec.proto == Proto::Xboard {
            e.xboard_hello()?;
            return Ok(e);
        }
        let hello = match spec.proto {
            Proto::Uci | Proto::Xboard => "uci",
            Proto::Usi => "usi",
        };
        e.send(hello).map_err(|x| format!("{}: {x}", spec.name))?;
        let deadline = Instant::now() + Duration::from_secs(10);
        let ok = e.ok();
        loop {
            let line = e
                .recv(deadline)
                .map_err(|x| format!("{}: no {ok}: {x}", spec.name))?;
            if line == ok {
                break;
            }
            if let Some(n) = line.strip_prefix("id name ") {
                e.id_name = n.trim().to_string();
            } else if let Some((name, vars)) = parse_option_line(&line) {
                if name.eq_ignore_ascii_case("UCI_Variant")
                    || name.eq_ignore_ascii_case("USI_Variant")
                {
                    e.variants = Some(vars);
                }
                e.option_names.push(name);
            }
        }
        Ok(e)
    }

    /// xboard handshake: `xboard`, `protover 2`, the features up to `done=1` (an engine that
    /// announces none is given two seconds), each one accepted.
    fn xboard_hello(&mut self) -> Result<(), String> {
        let name = self.spec.name.clone();
        let err = |x: EngineError| format!("{name}: {x}");
        self.send("xboard").map_err(err)?;
        self.send("protover 2").map_err(err)?;
        let mut f = Features::default();
        let mut deadline = Instant::now() + Duration::from_secs(2);
        loop {
            match self.recv(deadline) {
                Ok(line) => {
                    f.read(&line);
                    match f.done {
                        Some(true) => break,
                        // done=0: the engine needs time; the protocol allows an hour, we a minute.
                        Some(false) => deadline = Instant::now() + Duration::from_secs(60),
                        None => {}
                    }
                }
                Err(EngineError::Timeout) => break,
                Err(x) => return Err(err(x)),
            }
        }
        for n in f.names.clone() {
            self.send(&format!("accepted {n}")).map_err(err)?;
        }
        if let Some(n) = &f.name {
            self.id_name = n.clone();
        }
        self.xb = Some(XboardState {
            features: f,
            variant: "normal".into(),
            ranks: 8,
            start: String::new(),
            sent: Vec::new(),
            level_sent: false,
            pings: 0,
        });
        Ok(())
    }

    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        let w = self
            .stdin
            .as_mut()
            .ok_or_else(|| EngineError::Crashed("stdin closed".into()))?;
        w.write_all(line.as_bytes())
            .and_then(|_| w.write_all(b"\n"))
            .and_then(|_| w.flush())
            .map_err(|e| {
                self.healthy = false;
                EngineError::Crashed(e.to_string())
            })
    }

    /// The next line before the deadline.
    pub fn recv(&mut self, deadline: Instant) -> Result<String, EngineError> {
        let now = Instant::now();
        let wait = deadline.saturating_duration_since(now);
        match self.rx.recv_timeout(wait) {
            Ok(l) => Ok(l),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout),
            Err(RecvTimeoutError::Disconnected) => {
                self.healthy = false;
                let status = self
                    .child
                    .try_wait()
                    .ok()
                    .flatten()
                    .map(|s| s.to_string())
                    .unwrap_or_else(|| "output closed".into());
                Err(EngineError::Crashed(status))
            }
        }
    }

    pub fn has_option(&self, name: &str) -> bool {
        self.option_names
            .iter()
            .any(|o| o.eq_ignore_ascii_case(name))
    }

    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        self.send(&format!("setoption name {name} value {value}"))
    }

    /// `isready` / `readyok` (xboard: `ping` / `pong`, when the engine has it) within `timeout`.
    pub fn sync(&mut self, timeout: Duration) -> Result<(), EngineError> {
        if let Some(xb) = self.xb.as_mut() {
            if !xb.features.ping {
                return Ok(());
            }
            xb.pings += 1;
            let n = xb.pings;
            self.send(&format!("ping {n}"))?;
            let pong = format!("pong {n}");
            let deadline = Instant::now() + timeout;
            while self.recv(deadline)? != pong {}
            return Ok(());
        }
        self.send("isready")?;
        let deadline = Instant::now() + timeout;
        loop {
            if self.recv(deadline)? == "readyok" {
                return Ok(());
            }
        }
    }

    /// Sets the user's options, then the variant (`UCI_Variant`, then `VariantOptions` when
    /// the engine has that option and options are given). Errors when the engine does not
    /// advertise the variant (chess needs no advertisement).
    /// `ranks`: the board's, for xboard coordinates.
    pub fn configure(
        &mut self,
        variant: &str,
        variant_options: &str,
        ranks: u8,
    ) -> Result<(), String> {
        if let Some(mut xb) = self.xb.take() {
            let r = self.configure_xboard(&mut xb, variant, variant_options, ranks);
            self.xb = Some(xb);
            r?;
            let name = self.spec.name.clone();
            return self
                .sync(Duration::from_secs(10))
                .map_err(|e| format!("{name}: {e}"));
        }
        let name = self.spec.name.clone();
        let opts = self.spec.options.clone();
        for (k, v) in &opts {
            self.set_option(k, v).map_err(|e| format!("{name}: {e}"))?;
        }
        let vname = self
            .spec
            .variant
            .clone()
            .unwrap_or_else(|| variant.to_string());
        let opt_name = self
            .option_names
            .iter()
            .find(|o| {
                o.eq_ignore_ascii_case("UCI_Variant") || o.eq_ignore_ascii_case("USI_Variant")
            })
            .cloned();
        match (&self.variants, opt_name) {
            (Some(list), Some(o)) => {
                if !list.iter().any(|x| x == &vname) {
                    return Err(format!(
                        "{name} does not play the variant '{vname}' (its UCI_Variant lacks it)"
                    ));
                }
                self.set_option(&o, &vname)
                    .map_err(|e| format!("{name}: {e}"))?;
            }
            _ => {
                let native = match self.spec.proto {
                    Proto::Uci | Proto::Xboard => "chess",
                    Proto::Usi => "shogi",
                };
                if vname != native {
                    return Err(format!(
                        "{name} has no UCI_Variant option: it cannot play '{vname}'"
                    ));
                }
            }
        }
        if !variant_options.is_empty() {
            if self.has_option("VariantOptions") {
                self.set_option("VariantOptions", variant_options)
                    .map_err(|e| format!("{name}: {e}"))?;
            } else if self.spec.variant.is_none() {
                // An explicit `variant=` names the engine's own game for these options (Fairy-
                // Stockfish's capablanca is ours with castling=three): nothing more to send.
                return Err(format!(
                    "{name} has no VariantOptions option: it cannot take '{variant_options}' \
                     (give variant=<its name> if its own game already has these rules)"
                ));
            }
        }
        self.sync(Duration::from_secs(10))
            .map_err(|e| format!("{name}: {e}"))
    }

    /// xboard: options (`Hash` as `memory`, the others as `option NAME=VALUE`) and the variant,
    /// which the engine must list in its `variants` feature (chess is its `normal`). The caller
    /// syncs once the state is back in place.
    fn configure_xboard(
        &mut self,
        xb: &mut XboardState,
        variant: &str,
        variant_options: &str,
        ranks: u8,
    ) -> Result<(), String> {
        let name = self.spec.name.clone();
        let err = |x: EngineError| format!("{name}: {x}");
        for (k, v) in self.spec.options.clone() {
            let line = if k.eq_ignore_ascii_case("Hash") {
                format!("memory {v}")
            } else {
                format!("option {k}={v}")
            };
            self.send(&line).map_err(err)?;
        }
        let mut vname = self
            .spec
            .variant
            .clone()
            .unwrap_or_else(|| variant.to_string());
        if vname == "chess" {
            vname = "normal".into();
        }
        if ranks > 10 {
            return Err(format!(
                "{name}: xboard coordinates reach ten ranks; '{variant}' has {ranks}"
            ));
        }
        if !variant_options.is_empty() && self.spec.variant.is_none() {
            return Err(format!(
                "{name}: an xboard engine cannot take '{variant_options}' \
                 (give variant=<its name> if its own game already has these rules)"
            ));
        }
        let listed = xb
            .features
            .variants
            .as_ref()
            .is_some_and(|l| l.iter().any(|x| x == &vname));
        if vname != "normal" && !listed {
            return Err(format!(
                "{name} does not play the variant '{vname}' (its variants feature lacks it)"
            ));
        }
        xb.variant = vname;
        xb.ranks = ranks;
        Ok(())
    }

    /// xboard: a fresh game in force mode (`new`, `variant`, `force`), thinking output on.
    fn xboard_new(&mut self, xb: &mut XboardState) -> Result<(), EngineError> {
        xb.start.clear();
        xb.sent.clear();
        xb.level_sent = false;
        self.send("new")?;
        if xb.variant != "normal" {
            self.send(&format!("variant {}", xb.variant))?;
        }
        self.send("force")?;
        self.send("post")?;
        self.send("easy")
    }

    /// Before each game.
    pub fn new_game(&mut self) -> Result<(), EngineError> {
        if let Some(mut xb) = self.xb.take() {
            let r = self.xboard_new(&mut xb);
            self.xb = Some(xb);
            r?;
            return self.sync(Duration::from_secs(10));
        }
        let cmd = match self.spec.proto {
            Proto::Uci | Proto::Xboard => "ucinewgame",
            Proto::Usi => "usinewgame",
        };
        self.send(cmd)?;
        self.sync(Duration::from_secs(10))
    }

    /// Sends `position` and `go`, and waits for `bestmove` until `deadline`. On a timeout the
    /// engine is told to stop; if it still does not answer soon it is marked unhealthy.
    pub fn go(
        &mut self,
        position: &str,
        go: &str,
        deadline: Instant,
    ) -> Result<Reply, EngineError> {
        if let Some(mut xb) = self.xb.take() {
            let r = self.xboard_go(&mut xb, position, go, deadline);
            self.xb = Some(xb);
            return r;
        }
        self.send(position)?;
        self.send(go)?;
        let start = Instant::now();
        let (mut score, mut depth) = (None, None);
        loop {
            match self.recv(deadline) {
                Ok(line) => {
                    if line.starts_with("info ") {
                        let (s, d) = parse_info(&line);
                        // Bound scores and lines without a score keep the last exact one.
                        if s.is_some() && !line.contains("bound") {
                            score = s;
                            depth = d.or(depth);
                        }
                    } else if let Some(rest) = line.strip_prefix("bestmove") {
                        let elapsed_ms = start.elapsed().as_millis() as u64;
                        let bm = rest.split_whitespace().next().unwrap_or("").to_string();
                        if bm.is_empty() {
                            return Err(EngineError::Protocol("empty bestmove".into()));
                        }
                        return Ok(Reply {
                            bestmove: bm,
                            score,
                            depth,
                            elapsed_ms,
                        });
                    }
                }
                Err(EngineError::Timeout) => {
                    let _ = self.send("stop");
                    let grace = Instant::now() + Duration::from_millis(1000);
                    let mut answered = false;
                    while let Ok(l) = self.recv(grace) {
                        if l.starts_with("bestmove") {
                            answered = true;
                            break;
                        }
                    }
                    if !answered {
                        self.healthy = false;
                    }
                    return Err(EngineError::Timeout);
                }
                Err(e) => return Err(e),
            }
        }
    }
}

impl Engine {
    /// xboard: brings the engine's game up to `position` (only the moves it has not seen; a
    /// new game if the start or the earlier moves differ), sets its clock from the UCI `go`, and
    /// waits for `move X` until `deadline` (then `?`, move now, with a second's grace). Node
    /// limits are refused before a match (`preflight`).
    fn xboard_go(
        &mut self,
        xb: &mut XboardState,
        position: &str,
        go: &str,
        deadline: Instant,
    ) -> Result<Reply, EngineError> {
        let protocol = |s: String| EngineError::Protocol(s);
        let (start, moves) = xboard::split_position(position)
            .ok_or_else(|| protocol("bad position command".into()))?;
        if xb.start != start || !moves.starts_with(&xb.sent) {
            if !xb.start.is_empty() {
                self.xboard_new(xb)?;
            }
            if start != "startpos" {
                if !xb.features.setboard {
                    return Err(protocol(
                        "the engine cannot set up a position (no setboard)".into(),
                    ));
                }
                self.send(&format!("setboard {start}"))?;
            }
            xb.start = start.clone();
            xb.sent.clear();
        }
        self.send("force")?;
        for m in &moves[xb.sent.len()..] {
            let x = xboard::to_xboard(m, xb.ranks)
                .ok_or_else(|| protocol(format!("move '{m}' has no xboard form")))?;
            self.send(&if xb.features.usermove {
                format!("usermove {x}")
            } else {
                x
            })?;
        }
        // The side to move: the start's (startpos: the first player), flipped per move.
        let first_to_move = start == "startpos" || start.split_whitespace().nth(1) != Some("b");
        let white = first_to_move == (moves.len() % 2 == 0);
        if let (Some(wt), Some(bt)) = (xboard::go_value(go, "wtime"), xboard::go_value(go, "btime"))
        {
            let (own, opp) = if white { (wt, bt) } else { (bt, wt) };
            if !xb.level_sent {
                xb.level_sent = true;
                let inc = xboard::go_value(go, if white { "winc" } else { "binc" }).unwrap_or(0);
                self.send(&xboard::level(own, inc))?;
            }
            self.send(&format!("time {}", own / 10))?;
            self.send(&format!("otim {}", opp / 10))?;
        }
        if let Some(mt) = xboard::go_value(go, "movetime") {
            self.send(&format!("st {}", mt.div_ceil(1000).max(1)))?;
        }
        if let Some(d) = xboard::go_value(go, "depth") {
            self.send(&format!("sd {d}"))?;
        }
        xb.sent = moves;
        self.send("go")?;
        let start_t = Instant::now();
        let (mut score, mut depth) = (None, None);
        loop {
            let line = match self.recv(deadline) {
                Ok(line) => line,
                Err(EngineError::Timeout) => {
                    let _ = self.send("?");
                    let grace = Instant::now() + Duration::from_millis(1000);
                    let answered = std::iter::from_fn(|| self.recv(grace).ok())
                        .any(|l| xboard::parse_move(&l).is_some());
                    self.healthy &= answered;
                    // The engine's game went on without the referee: start afresh next time.
                    xb.start.clear();
                    return Err(EngineError::Timeout);
                }
                Err(e) => return Err(e),
            };
            let bestmove = if let Some(m) = xboard::parse_move(&line) {
                let ours = xboard::from_xboard(m, xb.ranks)
                    .ok_or_else(|| protocol(format!("bad move '{m}'")))?;
                xb.sent.push(ours.clone());
                ours
            } else if line == "resign" {
                RESIGNS.to_string()
            } else if line.starts_with("Illegal move") || line.starts_with("Error") {
                return Err(protocol(line));
            } else {
                if let Some((d, s)) = xboard::parse_thinking(&line) {
                    depth = Some(d);
                    score = Some(Score::Cp(s));
                }
                continue;
            };
            return Ok(Reply {
                bestmove,
                score,
                depth,
                elapsed_ms: start_t.elapsed().as_millis() as u64,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_info_and_options() {
        assert_eq!(
            parse_info("info depth 12 seldepth 15 score cp -31 nodes 100 pv e2e4"),
            (Some(Score::Cp(-31)), Some(12))
        );
        assert_eq!(
            parse_info("info depth 3 score mate -2 pv a1a2"),
            (Some(Score::Mate(-2)), Some(3))
        );
        assert_eq!(parse_info("info string depth x"), (None, None));
        let (n, v) = parse_option_line(
            "option name UCI_Variant type combo default chess var chess var shatranj",
        )
        .unwrap();
        assert_eq!(n, "UCI_Variant");
        assert_eq!(v, vec!["chess", "shatranj"]);
        assert_eq!(Score::Mate(5).pgn(), "+M5");
        assert_eq!(Score::Cp(31).pgn(), "+0.31");
    }
}
