//! Perft counts and legal-move sets against Fairy-Stockfish, from the vectors that
//! scripts/gen_vectors.py wrote with pyffish (tests/vectors/*.tsv).

use std::fs;

use chatrang::movegen::{MoveList, legal_moves};
use chatrang::notation::move_to_string;
use chatrang::perft::perft;
use chatrang::{fen, variants};

fn header_value<'a>(header: &'a str, key: &str) -> Option<&'a str> {
    header
        .split_whitespace()
        .find_map(|w| w.strip_prefix(key)?.strip_prefix('='))
}

#[test]
fn perft_and_legal_moves_match_fairy_stockfish() {
    let mut files: Vec<_> = fs::read_dir("tests/vectors")
        .expect("tests/vectors exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tsv"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no vector files");
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in files {
        let text = fs::read_to_string(&path).unwrap();
        let header = text.lines().next().unwrap_or("");
        let id = header_value(header, "variant").expect("variant= in header");
        let opts = header_value(header, "options").unwrap_or("-");
        let opts = if opts == "-" { "" } else { opts };
        let v = variants::build(id, opts)
            .unwrap_or_else(|e| panic!("{}: variant {id} {opts}: {e}", path.display()));
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let cols: Vec<&str> = line.split('\t').collect();
            let f = cols[0];
            let mut pos = match fen::parse(&v, f) {
                Ok(p) => p,
                Err(e) => {
                    failures.push(format!("{id}: FEN {f}: {e}"));
                    continue;
                }
            };
            if let Some(expected) = cols.get(2) {
                let mut list = MoveList::new();
                legal_moves(&mut pos, &mut list);
                let mut ours: Vec<String> = list.iter().map(|&m| move_to_string(&pos, m)).collect();
                ours.sort();
                let mut theirs: Vec<String> =
                    expected.split_whitespace().map(String::from).collect();
                theirs.sort();
                if ours != theirs {
                    let extra: Vec<_> = ours.iter().filter(|m| !theirs.contains(m)).collect();
                    let missing: Vec<_> = theirs.iter().filter(|m| !ours.contains(m)).collect();
                    failures.push(format!("{id}: {f}: extra {extra:?} missing {missing:?}"));
                    continue;
                }
            }
            for item in cols.get(1).unwrap_or(&"").split_whitespace() {
                let (d, n) = item.split_once('=').unwrap();
                let depth: u32 = d.trim_start_matches('d').parse().unwrap();
                let expected: u64 = n.parse().unwrap();
                let got = perft(&mut pos, depth);
                if got != expected {
                    failures.push(format!("{id}: {f}: perft {depth} = {got}, FSF {expected}"));
                    break;
                }
            }
            checked += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(checked > 0);
}
