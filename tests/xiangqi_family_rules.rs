//! Rules of xiangqi, korean and janggi (Fairy-Stockfish rules), from hand-built positions.

mod common;
use common::*;

use chatrang::fen;
use chatrang::movegen::{MoveList, legal_moves, pseudo_legal};
use chatrang::variant::GameResult;

#[test]
fn perft_start_positions() {
    // Independent counts: Fairy-Stockfish (pyffish 0.0.90) perft of the same start FENs.
    perft_counts("xiangqi", "", &[44, 1920, 79666]);
    perft_counts("janggi", "", &[32, 1024, 33000]);
}

#[test]
fn debug_janggi() {
    let mut p = start("janggi", "");
    eprintln!("{:?}", legal(&mut p));
}
