//! Orthodox chess perft on the six standard published positions (chessprogramming.org).

use chatrang::perft::perft;
use chatrang::{fen, variants};

fn check(f: &str, counts: &[u64]) {
    let v = variants::build("chess", "").unwrap();
    let mut pos = fen::parse(&v, f).unwrap();
    for (i, &n) in counts.iter().enumerate() {
        assert_eq!(perft(&mut pos, i as u32 + 1), n, "{f} depth {}", i + 1);
    }
}

#[test]
fn start_position() {
    check(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        &[20, 400, 8902, 197281, 4865609],
    );
}

#[test]
fn kiwipete() {
    check(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        &[48, 2039, 97862, 4085603],
    );
}

#[test]
fn position_3() {
    check(
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        &[14, 191, 2812, 43238, 674624],
    );
}

#[test]
fn position_4() {
    check(
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        &[6, 264, 9467, 422333],
    );
}

#[test]
fn position_5() {
    check(
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        &[44, 1486, 62379, 2103487],
    );
}

/// A middlegame with pins on both kings; counts from Fairy-Stockfish's `go perft`.
#[test]
fn position_6_middlegame_pins() {
    check(
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P3/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
        &[47, 1845, 81467, 3065277],
    );
}

/// Martin Sedlak's special cases (illegal en passant, castling giving check, rights), depth 4,
/// counts from Fairy-Stockfish's `go perft`.
#[test]
fn sedlak_special_cases() {
    for (f, n) in [
        ("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 10138),
        ("8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 10276),
        ("8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 13931),
        ("5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6399),
        ("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 7418),
        ("r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 1274206),
    ] {
        let v = variants::build("chess", "").unwrap();
        let mut pos = fen::parse(&v, f).unwrap();
        assert_eq!(perft(&mut pos, 4), n, "{f}");
    }
}
