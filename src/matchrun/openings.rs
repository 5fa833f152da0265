//! Openings: start positions from a FEN/EPD file (one a line), and random book moves.

use std::sync::Arc;

use crate::fen;
use crate::movegen::{MoveList, legal_moves};
use crate::notation::move_to_string;
use crate::variant::Variant;

/// A start position (None: the game's own) and book moves played from it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

/// A small deterministic generator (xorshift64*), so matches replay with the same seed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// Reads one position a line (`#` comments and blank lines skipped). A line is tried whole,
/// then as its first six and first four fields (EPD operations after them are ignored).
pub fn load(v: &Arc<Variant>, text: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let tries = [
            line.to_string(),
            fields.iter().take(6).copied().collect::<Vec<_>>().join(" "),
            fields.iter().take(4).copied().collect::<Vec<_>>().join(" "),
        ];
        let mut ok = None;
        let mut err = String::new();
        for t in &tries {
            match fen::parse(v, t) {
                Ok(p) => {
                    ok = Some(fen::to_fen(&p));
                    break;
                }
                Err(e) => {
                    if err.is_empty() {
                        err = e;
                    }
                }
            }
        }
        match ok {
            Some(f) => out.push(f),
            None => return Err(format!("openings line {}: {err}", n + 1)),
        }
    }
    if out.is_empty() {
        return Err("the openings file has no position".into());
    }
    Ok(out)
}

/// `plies` random legal moves from `start` (the game's start when None), avoiding positions
/// where the game is over; fewer when no such line is found.
pub fn random_line(v: &Arc<Variant>, start: Option<&str>, plies: u32, rng: &mut Rng) -> Opening {
    let f = start.unwrap_or(&v.start_fen);
    let Ok(root) = fen::parse(v, f) else {
        return Opening {
            fen: start.map(String::from),
            moves: Vec::new(),
        };
    };
    let mut best = Vec::new();
    for _attempt in 0..20 {
        let mut pos = root.clone();
        let mut line = Vec::new();
        for _ in 0..plies {
            let mut l = MoveList::new();
            legal_moves(&mut pos, &mut l);
            if l.is_empty() {
                break;
            }
            let m = l[rng.below(l.len())];
            line.push(move_to_string(&pos, m));
            pos.make(m);
            if crate::outcome::outcome(&mut pos).is_some() {
                line.clear();
                break;
            }
        }
        if line.len() as u32 == plies {
            best = line;
            break;
        }
    }
    Opening {
        fen: start.map(String::from),
        moves: best,
    }
}
