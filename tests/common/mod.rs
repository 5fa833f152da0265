//! Helpers shared by the rule tests of several game families.
#![allow(dead_code)]

use chatrang::fen;
use chatrang::movegen::{MoveList, legal_moves};
use chatrang::notation::{move_to_string, parse_move};
use chatrang::outcome::outcome;
use chatrang::perft::perft;
use chatrang::position::Position;
use chatrang::variant::GameResult;
use chatrang::variants;

pub fn setup(id: &str, opts: &str, f: &str) -> Position {
    let v = variants::build(id, opts).unwrap_or_else(|e| panic!("{id} {opts}: {e}"));
    fen::parse(&v, f).unwrap_or_else(|e| panic!("{id} {f}: {e}"))
}

pub fn start(id: &str, opts: &str) -> Position {
    let v = variants::build(id, opts).unwrap_or_else(|e| panic!("{id} {opts}: {e}"));
    fen::parse(&v, &v.start_fen).unwrap()
}

pub fn legal(pos: &mut Position) -> Vec<String> {
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    let mut v: Vec<String> = list.iter().map(|&m| move_to_string(pos, m)).collect();
    v.sort();
    v
}

/// Legal moves of the man on `sq`.
pub fn from(pos: &mut Position, sq: &str) -> Vec<String> {
    legal(pos)
        .into_iter()
        .filter(|m| m.starts_with(sq) && !m[sq.len()..].starts_with(|c: char| c.is_ascii_digit()))
        .collect()
}

pub fn play(pos: &mut Position, moves: &[&str]) {
    for s in moves {
        let m = parse_move(pos, s).unwrap_or_else(|e| panic!("{e} in {}", fen::to_fen(pos)));
        pos.make(m);
        assert_eq!(pos.st.key, pos.compute_key(), "key after {s}");
    }
}

pub fn result(pos: &mut Position) -> Option<(GameResult, &'static str)> {
    outcome(pos).map(|o| (o.result, o.reason))
}

pub fn strs(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

pub fn perft_counts(id: &str, opts: &str, counts: &[u64]) {
    let mut pos = start(id, opts);
    for (i, &n) in counts.iter().enumerate() {
        assert_eq!(
            perft(&mut pos, i as u32 + 1),
            n,
            "{id} {opts} depth {}",
            i + 1
        );
    }
}

/// The start FEN is the spec's and survives parse + format.
pub fn round_trip(id: &str, opts: &str, expected: &str) {
    let v = variants::build(id, opts).unwrap();
    assert_eq!(v.start_fen, expected, "{id} {opts} start FEN");
    let pos = fen::parse(&v, &v.start_fen).unwrap();
    assert_eq!(fen::to_fen(&pos), expected);
}

pub fn parses(id: &str, opts: &str, f: &str) -> bool {
    let v = variants::build(id, opts).unwrap();
    fen::parse(&v, f).is_ok()
}
