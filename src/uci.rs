//! The UCI protocol loop, with Fairy-Stockfish's conventions (`UCI_Variant`, `VariantOptions`,
//! `go perft`, `d`). Bad input answers `info string error: ...` and changes nothing.

use std::io::{BufRead, Write};
use std::sync::Arc;

use crate::fen;
use crate::movegen::{MoveList, legal_moves};
use crate::notation::{move_to_string, parse_move};
use crate::outcome::outcome_with;
use crate::perft::{divide, perft};
use crate::position::Position;
use crate::variant::Variant;
use crate::variants;

pub struct Uci {
    variant_id: String,
    variant_options: String,
    v: Arc<Variant>,
    pos: Position,
    hash_mb: u32,
    threads: u32,
}

impl Default for Uci {
    fn default() -> Self {
        Self::new()
    }
}

impl Uci {
    pub fn new() -> Uci {
        let v = variants::build("chess", "").expect("chess builds");
        let pos = fen::parse(&v, &v.start_fen).expect("chess start FEN parses");
        Uci {
            variant_id: "chess".into(),
            variant_options: String::new(),
            v,
            pos,
            hash_mb: 16,
            threads: 1,
        }
    }

    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Handles one command line; returns false on `quit`.
    pub fn handle(&mut self, line: &str, out: &mut dyn Write) -> bool {
        let line = line.trim();
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let r = match cmd {
            "" => Ok(()),
            "uci" => self.cmd_uci(out),
            "isready" => writeln!(out, "readyok").map_err(|e| e.to_string()),
            "ucinewgame" => {
                self.pos = fen::parse(&self.v, &self.v.start_fen).expect("start FEN parses");
                Ok(())
            }
            "setoption" => self.cmd_setoption(rest),
            "position" => self.cmd_position(rest),
            "d" => self.cmd_d(out),
            "go" => self.cmd_go(rest, out),
            "stop" | "ponderhit" => Ok(()),
            "quit" => return false,
            other => Err(format!("unknown command '{other}'")),
        };
        if let Err(e) = r {
            let _ = writeln!(out, "info string error: {e}");
        }
        let _ = out.flush();
        true
    }

    fn cmd_uci(&self, out: &mut dyn Write) -> Result<(), String> {
        let vars: Vec<&str> = variants::all().iter().map(|e| e.id).collect();
        let mut s = String::new();
        s += "id name chatrang\n";
        s += "id author the chatrang developers\n";
        s += &format!(
            "option name UCI_Variant type combo default chess var {}\n",
            vars.join(" var ")
        );
        s += "option name VariantOptions type string default <empty>\n";
        s += "option name Hash type spin default 16 min 1 max 33554432\n";
        s += "option name Threads type spin default 1 min 1 max 1024\n";
        s += "option name Clear Hash type button\n";
        s += "uciok";
        writeln!(out, "{s}").map_err(|e| e.to_string())
    }

    fn cmd_setoption(&mut self, rest: &str) -> Result<(), String> {
        let rest = rest.strip_prefix("name ").ok_or("setoption needs 'name'")?;
        let (name, value) = match rest.split_once(" value") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => (rest.trim(), ""),
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let v = variants::build(value, "")?;
                self.set_variant(value, "", v)
            }
            "variantoptions" => {
                let value = if value == "<empty>" { "" } else { value };
                let v = variants::build(&self.variant_id, value)?;
                let id = self.variant_id.clone();
                self.set_variant(&id, value, v)
            }
            "hash" => {
                self.hash_mb = value.parse().map_err(|_| format!("bad Hash value '{value}'"))?;
                Ok(())
            }
            "threads" => {
                let t: u32 = value.parse().map_err(|_| format!("bad Threads value '{value}'"))?;
                if t == 0 {
                    return Err("Threads must be at least 1".into());
                }
                self.threads = t;
                Ok(())
            }
            "clear hash" | "ponder" | "multipv" | "uci_chess960" | "uci_analysemode" => Ok(()),
            _ => Err(format!("unknown option '{name}'")),
        }
    }

    fn set_variant(&mut self, id: &str, opts: &str, v: Arc<Variant>) -> Result<(), String> {
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

    fn cmd_d(&self, out: &mut dyn Write) -> Result<(), String> {
        let s = diagram(&self.pos);
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
        let mut pos = self.pos.clone();
        let mut list = MoveList::new();
        legal_moves(&mut pos, &mut list);
        // Any legal move until the search lands; a finished game answers (none).
        let over = outcome_with(&mut pos, &list).is_some();
        match list.first().copied().filter(|_| !over || !list.is_empty()) {
            Some(m) => writeln!(out, "bestmove {}", move_to_string(&pos, m)),
            None => writeln!(out, "bestmove (none)"),
        }
        .map_err(|e| e.to_string())
    }
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
                            format!("{:^3}", pos.v.pieces[p.kind() as usize].fen_token(p.owner()))
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
    s += &format!("\nFen: {}\nKey: {:016X}\n", fen::to_fen(pos), pos.st.key);
    s += &format!("Variant: {}", pos.v.id);
    if !pos.v.options.is_empty() {
        s += &format!(" ({})", pos.v.options_string());
    }
    s
}

/// Runs the protocol loop until `quit` or end of input.
pub fn run(input: impl BufRead, out: &mut dyn Write) {
    let mut uci = Uci::new();
    for line in input.lines() {
        let Ok(line) = line else { break };
        if !uci.handle(&line, out) {
            break;
        }
    }
}
