//! Fairy-Stockfish conventions through the UCI layer: FENs and move strings exactly as pyffish
//! writes them (tests/vectors/conventions/fsf_conventions.tsv, made by scripts/fsf_conventions.py)
//! are accepted by `position fen ... moves ...`, and `d` shows the position pyffish computed.
//! Row kinds: `same` (FEN identical), `spelling` (same position, other spelling: `[-]`/`[]`, order
//! of men in hand, no castling/en-passant fields), `halfmove` (FSF resets the halfmove clock on
//! drops; we do not: everything else identical).

use chatrang::uci::{Sink, Uci};
use std::sync::{Arc, Mutex};

const DATA: &str = include_str!("vectors/conventions/fsf_conventions.tsv");

fn run(uci: &mut Uci, cmd: &str) -> Vec<String> {
    let mut out: Vec<u8> = Vec::new();
    assert!(uci.handle(cmd, &mut out));
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn no_error(lines: &[String], cmd: &str) {
    let errs: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string error"))
        .collect();
    assert!(errs.is_empty(), "{cmd}: {errs:?}");
}

fn fen_of(lines: &[String]) -> String {
    lines
        .iter()
        .find_map(|l| l.strip_prefix("Fen: "))
        .expect("d prints a Fen line")
        .to_string()
}

/// FEN fields with the spelling differences removed (see the module comment).
fn normal(fen: &str) -> Vec<String> {
    let mut p: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    p[0] = p[0].replace("[-]", "[]");
    if let Some((board, hand)) = p[0].clone().split_once('[') {
        let mut h: Vec<char> = hand.trim_end_matches(']').chars().collect();
        h.sort_unstable();
        p[0] = format!("{board}[{}]", h.into_iter().collect::<String>());
    }
    if p.len() == 6 && p[2] == "-" && p[3] == "-" {
        p.drain(2..4);
    }
    p
}

#[test]
fn pyffish_fens_and_moves_are_accepted_and_give_the_same_position() {
    let sink: Sink = Arc::new(Mutex::new(Box::new(std::io::sink())));
    let mut uci = Uci::with_sink(sink);
    let mut current = (String::new(), String::new());
    let mut rows = 0;
    for line in DATA
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 7, "bad row {line}");
        let (id, opts, _fsf, start, moves, expect, kind) =
            (f[0], f[1], f[2], f[3], f[4], f[5], f[6]);
        if current != (id.to_string(), opts.to_string()) {
            run(&mut uci, "setoption name VariantOptions value <empty>");
            let l = run(&mut uci, &format!("setoption name UCI_Variant value {id}"));
            no_error(&l, id);
            let o = if opts.is_empty() { "<empty>" } else { opts };
            let l = run(
                &mut uci,
                &format!("setoption name VariantOptions value {o}"),
            );
            no_error(&l, opts);
            current = (id.to_string(), opts.to_string());
        }
        let mut cmd = format!("position fen {start}");
        if !moves.is_empty() {
            cmd += &format!(" moves {moves}");
        }
        for c in [cmd, format!("position fen {expect}")] {
            let mut l = run(&mut uci, &c);
            l.extend(run(&mut uci, "d"));
            no_error(&l, &c);
            let ours = fen_of(&l);
            let ctx = format!("{id} {opts}: {c}\n ours    {ours}\n pyffish {expect}");
            match kind {
                "same" if c.contains(" moves ") => assert_eq!(ours, expect, "{ctx}"),
                "same" | "spelling" => assert_eq!(normal(&ours), normal(expect), "{ctx}"),
                "halfmove" => {
                    let (mut a, mut b) = (normal(&ours), normal(expect));
                    let (na, nb) = (a.len(), b.len());
                    assert_eq!(na, nb, "{ctx}");
                    // The FEN alone carries pyffish's clock; after moves ours may differ.
                    if c.contains(" moves ") {
                        a.remove(na - 2);
                        b.remove(nb - 2);
                    }
                    assert_eq!(a, b, "{ctx}");
                }
                other => panic!(
                    "row kind {other} (a difference scripts/fsf_conventions.py found): {ctx}"
                ),
            }
        }
        rows += 1;
    }
    assert!(rows > 500, "only {rows} rows");
}
