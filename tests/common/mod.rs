//! Helpers shared by the rule tests of several game families.
#![allow(dead_code)]

pub mod session;

use std::fmt::Display;

use chatrang::fen;
use chatrang::movegen::{MoveList, legal_moves, pseudo_legal};
use chatrang::moves::{Move, MoveKind};
use chatrang::notation::{move_to_string, parse_move};
use chatrang::outcome::outcome;
use chatrang::perft::perft;
use chatrang::position::Position;
use chatrang::variant::GameResult;
use chatrang::variants;

// The rule-test binaries each use a part of this module, hence `allow(dead_code)` above.

/// The position `f` of game `id` with options `opts`.
pub fn setup(id: &str, opts: &str, f: &str) -> Position {
    let v = variants::build(id, opts).unwrap_or_else(|e| panic!("{id} {opts}: {e}"));
    fen::parse(&v, f).unwrap_or_else(|e| panic!("{id} {f}: {e}"))
}

/// The start position of game `id` with options `opts`.
pub fn start(id: &str, opts: &str) -> Position {
    let v = variants::build(id, opts).unwrap_or_else(|e| panic!("{id} {opts}: {e}"));
    fen::parse(&v, &v.start_fen).unwrap()
}

/// The legal moves, written as the game writes them, sorted.
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

/// Plays `moves` (in the game's notation), checking the key after each.
pub fn play(pos: &mut Position, moves: &[&str]) {
    for s in moves {
        let m = parse_move(pos, s).unwrap_or_else(|e| panic!("{e} in {}", fen::to_fen(pos)));
        pos.make(m);
        assert_eq!(pos.st.key, pos.compute_key(), "key after {s}");
    }
}

/// The game's outcome here, if it is over: result and reason.
pub fn result(pos: &mut Position) -> Option<(GameResult, &'static str)> {
    outcome(pos).map(|o| (o.result, o.reason))
}

/// The side to move has no legal move, and `winner` wins by stalemate.
pub fn assert_stalemate_win(pos: &mut Position, winner: u8) {
    assert!(legal(pos).is_empty(), "legal moves in {}", fen::to_fen(pos));
    assert_eq!(result(pos), Some((GameResult::Win(winner), "stalemate")));
}

/// Owned strings, sorted (to compare with `legal`).
pub fn strs(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Perft of the start position at depths 1, 2, ... equals `counts`.
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

/// Whether `f` is a valid FEN of game `id` with options `opts`.
pub fn parses(id: &str, opts: &str, f: &str) -> bool {
    let v = variants::build(id, opts).unwrap();
    fen::parse(&v, f).is_ok()
}

/// Whether `m` is a legal move.
pub fn has(pos: &mut Position, m: &str) -> bool {
    legal(pos).iter().any(|x| x == m)
}

/// Whether `m` is in `list` (moves already listed, e.g. by `legal` or `from`).
pub fn listed(list: &[String], m: &str) -> bool {
    list.iter().any(|x| x == m)
}

/// The legal moves whose text starts with `prefix`.
pub fn with_prefix(pos: &mut Position, prefix: &str) -> Vec<String> {
    legal(pos)
        .into_iter()
        .filter(|m| m.starts_with(prefix))
        .collect()
}

/// The next draw of the fixed LCG behind the tests' random games (Knuth's MMIX constants; the
/// high bits of the new state).
pub fn lcg(r: &mut u64) -> usize {
    *r = r
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*r >> 33) as usize
}

/// A FEN board field (ranks top first, `/` between) of a `w` x `h` grid from (cell, token)
/// pairs, cells named file letter + rank number from `a1`; runs of empty cells as digits.
pub fn grid_fen<T: Display>(w: usize, h: usize, men: &[(&str, T)]) -> String {
    let mut grid = vec![vec![None; w]; h];
    for (sq, tok) in men {
        let x = (sq.as_bytes()[0] - b'a') as usize;
        let y = sq[1..].parse::<usize>().unwrap() - 1;
        grid[y][x] = Some(tok.to_string());
    }
    let mut rows = Vec::new();
    for row in grid.iter().rev() {
        let mut s = String::new();
        let mut run = 0;
        for cell in row {
            match cell {
                Some(t) => {
                    if run > 0 {
                        s += &run.to_string();
                        run = 0;
                    }
                    s += t;
                }
                None => run += 1,
            }
        }
        if run > 0 {
            s += &run.to_string();
        }
        rows.push(s);
    }
    rows.join("/")
}

/// The pseudo-legal moves that leave none of the mover's royals attacked and that `keep` accepts
/// (called with the move made) — legality worked out independently of `legal_moves`.
pub fn pseudo_minus_self_check(
    pos: &mut Position,
    mut keep: impl FnMut(&mut Position, Move) -> bool,
) -> Vec<Move> {
    let mut pseudo = MoveList::new();
    pseudo_legal(pos, &mut pseudo);
    let us = pos.side;
    let mut out = Vec::new();
    for &m in &pseudo {
        pos.make(m);
        let ok = !pos.royal_attacked(us) && keep(pos, m);
        pos.unmake(m);
        if ok {
            out.push(m);
        }
    }
    out
}

/// Asserts: legal moves = `pseudo_minus_self_check(pos, keep)`, then the game's own legal
/// filter if `game_filter` (compared as sorted move lists).
pub fn assert_legal_is_pseudo_minus_self_check(
    pos: &mut Position,
    game_filter: bool,
    keep: impl FnMut(&mut Position, Move) -> bool,
) {
    let mut expect = MoveList::new();
    for m in pseudo_minus_self_check(pos, keep) {
        expect.push(m);
    }
    let v = std::sync::Arc::clone(&pos.v);
    if game_filter && v.hooks.filter_legal {
        v.rules.filter_legal(pos, &mut expect);
    }
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    let mut got: Vec<_> = list.iter().map(|m| format!("{m:?}")).collect();
    let mut want: Vec<_> = expect.iter().map(|m| format!("{m:?}")).collect();
    got.sort();
    want.sort();
    assert_eq!(got, want, "legal moves in {}", fen::to_fen(pos));
}

/// Any position, any move: no extra condition for `pseudo_minus_self_check`.
pub fn any(_: &mut Position, _: Move) -> bool {
    true
}

/// What the FEN written after each move of a random walk must read back to.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Reread {
    /// The same FEN.
    Fen,
    /// The same FEN and the same key (where the key holds nothing the FEN leaves out, such as
    /// history the game's rules look at).
    FenAndKey,
}

/// Plays up to `plies` random legal moves (picked with `lcg` from `seed`), stopping early where
/// no move is legal or `visit` (called at every position before a move is picked) returns
/// false. After each make: the key equals the recomputed one and the FEN written reads back as
/// `reread` says. Then unmakes everything, each unmake restoring the previous FEN and key.
/// Returns the FENs reached, one per move made.
pub fn random_walk(
    pos: &mut Position,
    plies: usize,
    seed: u64,
    reread: Reread,
    visit: impl FnMut(&mut Position) -> bool,
) -> Vec<String> {
    random_walk_with(pos, plies, seed, reread, visit, |_, list, rng| {
        list[lcg(rng) % list.len()]
    })
}

/// `random_walk` with the moves picked by `pick` (from the position, its legal moves and the
/// LCG state) instead of uniformly.
pub fn random_walk_with(
    pos: &mut Position,
    plies: usize,
    seed: u64,
    reread: Reread,
    mut visit: impl FnMut(&mut Position) -> bool,
    mut pick: impl FnMut(&Position, &[Move], &mut u64) -> Move,
) -> Vec<String> {
    let mut rng = seed;
    let mut made = Vec::new();
    let mut before = Vec::new();
    let mut reached = Vec::new();
    for _ in 0..plies {
        if !visit(pos) {
            break;
        }
        let mut list = MoveList::new();
        legal_moves(pos, &mut list);
        if list.is_empty() {
            break;
        }
        let m = pick(pos, &list, &mut rng);
        let f = fen::to_fen(pos);
        before.push((f.clone(), pos.st.key));
        pos.make(m);
        assert_eq!(pos.st.key, pos.compute_key(), "key after {f} + {m:?}");
        let after = fen::to_fen(pos);
        let again = fen::parse(&pos.v, &after).unwrap_or_else(|e| panic!("{after}: {e}"));
        assert_eq!(fen::to_fen(&again), after, "FEN round trip");
        if reread == Reread::FenAndKey {
            assert_eq!(again.st.key, pos.st.key, "key of re-read FEN {after}");
        }
        made.push(m);
        reached.push(after);
    }
    while let Some(m) = made.pop() {
        pos.unmake(m);
        let (f, k) = before.pop().unwrap();
        assert_eq!(fen::to_fen(pos), f, "FEN after unmaking {m:?}");
        assert_eq!(pos.st.key, k, "key after unmaking {m:?} in {f}");
    }
    reached
}

/// Whether `m`, just made, was a pawn drop (a man lettered `P`) that mates at once
/// (uchifuzume).
pub fn is_pawn_drop_mate(pos: &mut Position, m: Move) -> bool {
    if m.kind != MoveKind::Drop || pos.v.pieces[m.piece as usize].letter != "P" || !pos.in_check() {
        return false;
    }
    let mut replies = MoveList::new();
    legal_moves(pos, &mut replies);
    replies.is_empty()
}

/// Plays up to `plies` moves chosen by the engine's search (`nodes` per move) until no move is
/// legal or the game is over; every chosen move must be legal, and the key right after it.
pub fn search_self_play(pos: &mut Position, plies: usize, nodes: u64) {
    use chatrang::search::{Control, Limits, Searcher};
    let s = Searcher::new(4);
    for _ in 0..plies {
        let mut list = MoveList::new();
        legal_moves(pos, &mut list);
        if list.is_empty() || outcome(pos).is_some() {
            break;
        }
        let limits = Limits {
            nodes: Some(nodes),
            ..Default::default()
        };
        let r = s.search(pos, &limits, &Control::new(false), &mut |_| {});
        let m = r.best.expect("a move");
        assert!(list.contains(&m), "illegal {m:?} in {}", fen::to_fen(pos));
        pos.make(m);
        assert_eq!(pos.st.key, pos.compute_key(), "key after {m:?}");
    }
}
