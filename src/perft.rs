//! Perft: counts leaf nodes of the legal-move tree (bulk-counted at depth 1).

use crate::movegen::{MoveList, count_legal, legal_moves};
use crate::notation::move_to_string;
use crate::position::Position;

pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return count_legal(pos) as u64;
    }
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    let mut n = 0;
    for &m in &list {
        pos.make(m);
        n += perft(pos, depth - 1);
        pos.unmake(m);
    }
    n
}

/// Per-move counts at the root, in generation order.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(String, u64)> {
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    let mut out = Vec::with_capacity(list.len());
    for &m in &list {
        let name = move_to_string(pos, m);
        pos.make(m);
        let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
        pos.unmake(m);
        out.push((name, n));
    }
    out
}
