//! Test support: pseudo-random playouts through the games, for tests that compare two ways of
//! computing one thing along real positions.

use crate::movegen::{MoveList, legal_moves};
use crate::position::Position;
use crate::variant::Variant;
use crate::{fen, variants};

/// Plays `runs` playouts of at most `plies` moves from the start of every two-player game that
/// `wanted` accepts (a fixed pseudo-random choice of move, from `seed`), calling `f` with the
/// game's id and each position reached; returns how many games were played.
pub fn two_player_playouts(
    runs: usize,
    plies: usize,
    mut seed: u64,
    wanted: impl Fn(&Variant) -> bool,
    mut f: impl FnMut(&str, &Position),
) -> usize {
    let mut games = 0;
    for e in variants::all() {
        let v = variants::build(e.id, "").unwrap();
        if v.players != 2 || !wanted(&v) {
            continue;
        }
        games += 1;
        for _ in 0..runs {
            let mut pos = fen::parse(&v, &v.start_fen).unwrap();
            let mut list = MoveList::new();
            for _ in 0..plies {
                f(e.id, &pos);
                list.clear();
                legal_moves(&mut pos, &mut list);
                if list.is_empty() {
                    break;
                }
                pos.make(list[pick(&mut seed, list.len())]);
            }
        }
    }
    games
}

/// A pseudo-random index below `n` (xorshift of `seed`).
pub fn pick(seed: &mut u64, n: usize) -> usize {
    *seed ^= *seed << 13;
    *seed ^= *seed >> 7;
    *seed ^= *seed << 17;
    (*seed % n as u64) as usize
}
