//! `chatrang bench`: a fixed set of positions searched to a fixed depth with one thread; the
//! total node count is a regression signature of search and evaluation.

use std::time::Instant;

use super::{Control, Limits, NetChoice, Searcher};
use crate::{fen, variants};

/// Orthodox chess positions (start, middle games, endgames).
pub const CHESS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2Q1RK1 w - - 0 10",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
];

/// One bench position: game id, options and FEN.
pub struct BenchPos {
    pub variant: String,
    pub fen: String,
}

/// Chess positions, then the start position of every other two-player game in the registry
/// (at most `max_games` games in all), in registry order.
pub fn positions(max_games: usize) -> Vec<BenchPos> {
    let mut out: Vec<BenchPos> = CHESS
        .iter()
        .map(|f| BenchPos {
            variant: "chess".into(),
            fen: f.to_string(),
        })
        .collect();
    let mut games = 1;
    for e in variants::all() {
        if games >= max_games {
            break;
        }
        if e.id == "chess" {
            continue;
        }
        let Ok(v) = variants::build(e.id, "") else {
            continue;
        };
        if v.players != 2 || fen::parse(&v, &v.start_fen).is_err() {
            continue;
        }
        out.push(BenchPos {
            variant: e.id.to_string(),
            fen: v.start_fen.clone(),
        });
        games += 1;
    }
    out
}

/// The positions of a file, one FEN of game `variant` per line (blank lines and `#` comments
/// skipped); an unreadable file, unknown game or bad FEN is an error naming the line.
pub fn positions_from_file(path: &str, variant: &str) -> Result<Vec<BenchPos>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let v = variants::build(variant, "")?;
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        fen::parse(&v, line).map_err(|e| format!("{path}:{}: {e}", n + 1))?;
        out.push(BenchPos {
            variant: variant.to_string(),
            fen: line.to_string(),
        });
    }
    if out.is_empty() {
        return Err(format!("{path}: no positions"));
    }
    Ok(out)
}

/// Searches each position to `depth` (fresh hash each) with the evaluation `net` chooses,
/// printing a line per position when `verbose`; returns (total nodes, milliseconds), or an
/// error when the table cannot be had.
pub fn run(
    list: &[BenchPos],
    depth: i32,
    threads: usize,
    hash_mb: usize,
    net: &NetChoice,
    verbose: bool,
) -> Result<(u64, u64), String> {
    let mut s = Searcher::try_new(hash_mb)?;
    s.threads = threads.max(1);
    s.set_net(net.clone());
    let mut total = 0;
    let start = Instant::now();
    for (i, b) in list.iter().enumerate() {
        let Ok(v) = variants::build(&b.variant, "") else {
            continue;
        };
        let Ok(pos) = fen::parse(&v, &b.fen) else {
            continue;
        };
        s.clear();
        let ctl = Control::new(false);
        let t = Instant::now();
        let r = s.search(&pos, &Limits::depth(depth), &ctl, &mut |_| {});
        total += r.nodes;
        if verbose {
            let best = r.best.map_or("(none)".to_string(), |m| {
                crate::notation::move_to_string(&pos, m)
            });
            println!(
                "{:>2} {:<12} nodes {:>10} {:>6} ms  best {:<8} score {:<10} {}",
                i + 1,
                b.variant,
                r.nodes,
                t.elapsed().as_millis(),
                best,
                super::score_string(r.score),
                b.fen
            );
        }
    }
    Ok((total, start.elapsed().as_millis() as u64))
}
