//! Rules of the large-board family: capablanca, capablanca10, chancellor, turkish1-4, acedrex.
//!
//! Start-position perft counts are cross-checked outside this engine:
//! - capablanca, chancellor (both arrangements), capablanca10, turkish1: Fairy-Stockfish
//!   (pyffish / fairy-stockfish-lb), with variants.ini definitions for the games it lacks
//!   (capablanca10: 10x10 capablanca with `tripleStepRegion*`; turkish1: 10x10 with
//!   `customPiece1 = g:QN`, no double step, promotion to q). Castling cannot occur before ply 7, so
//!   the castling rule does not change these depths.
//! - turkish2, turkish3, turkish4, acedrex: an independent Python move generator written from the
//!   specs (no code shared with this engine); depth 1 (and 2 where the sides cannot interact) are
//!   also counted by hand in the comments.

use std::sync::Arc;

use chatrang::geometry::Cell;
use chatrang::movegen::{MoveList, legal_moves};
use chatrang::moves::Move;
use chatrang::notation::{move_to_string, parse_move};
use chatrang::outcome::outcome;
use chatrang::perft::perft;
use chatrang::position::Position;
use chatrang::variant::{GameResult, Variant};
use chatrang::{fen, variants};

fn game(id: &str, opts: &str) -> Arc<Variant> {
    variants::build(id, opts).unwrap_or_else(|e| panic!("{id} {opts}: {e}"))
}

fn at(id: &str, opts: &str, f: &str) -> Position {
    let v = game(id, opts);
    fen::parse(&v, f).unwrap_or_else(|e| panic!("{id}: {f}: {e}"))
}

/// A FEN from a list of (token, cell) on a `w` x `h` board.
fn fen_of(w: u8, h: u8, men: &[(&str, &str)], rest: &str) -> String {
    let mut grid = vec![vec![None::<&str>; w as usize]; h as usize];
    for &(t, c) in men {
        let x = (c.as_bytes()[0] - b'a') as usize;
        let y: usize = c[1..].parse::<usize>().unwrap() - 1;
        grid[y][x] = Some(t);
    }
    let mut ranks = Vec::new();
    for row in grid.iter().rev() {
        let mut s = String::new();
        let mut empty = 0;
        for &cell in row {
            match cell {
                Some(t) => {
                    if empty > 0 {
                        s += &empty.to_string();
                        empty = 0;
                    }
                    s += t;
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s += &empty.to_string();
        }
        ranks.push(s);
    }
    format!("{} {rest}", ranks.join("/"))
}

fn legal(pos: &mut Position) -> Vec<String> {
    let mut l = MoveList::new();
    legal_moves(pos, &mut l);
    let mut v: Vec<String> = l.iter().map(|&m| move_to_string(pos, m)).collect();
    v.sort();
    v
}

fn cell(pos: &Position, name: &str) -> Cell {
    pos.v.geo.parse_cell(name).unwrap()
}

/// Legal moves of the man on `from`.
fn from(pos: &mut Position, from: &str) -> Vec<String> {
    let c = cell(pos, from);
    let mut l = MoveList::new();
    legal_moves(pos, &mut l);
    let mut v: Vec<String> = l
        .iter()
        .filter(|m| m.from == c)
        .map(|&m| move_to_string(pos, m))
        .collect();
    v.sort();
    v
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn play(pos: &mut Position, m: &str) -> Move {
    let mv = parse_move(pos, m).unwrap_or_else(|e| panic!("{e} in {}", fen::to_fen(pos)));
    pos.make(mv);
    mv
}

fn board(pos: &Position) -> String {
    fen::to_fen(pos).split(' ').next().unwrap().to_string()
}

fn field(pos: &Position, i: usize) -> String {
    fen::to_fen(pos).split(' ').nth(i).unwrap().to_string()
}

fn result(pos: &mut Position) -> Option<(GameResult, &'static str)> {
    outcome(pos).map(|o| (o.result, o.reason))
}

fn check_perft(id: &str, opts: &str, counts: &[u64]) {
    let v = game(id, opts);
    let mut pos = fen::parse(&v, &v.start_fen).unwrap();
    for (i, &n) in counts.iter().enumerate() {
        assert_eq!(
            perft(&mut pos, i as u32 + 1),
            n,
            "{id} {opts} depth {}",
            i + 1
        );
    }
}

fn check_start_round_trip(id: &str, opts: &str, expected: &str) {
    let v = game(id, opts);
    assert_eq!(v.start_fen, expected, "{id} {opts}: start FEN");
    let pos = fen::parse(&v, &v.start_fen).unwrap();
    assert_eq!(fen::to_fen(&pos), expected);
}

/// Plays `plies` moves chosen by a fixed pseudo-random sequence, checking at every step that
/// make/unmake restores the FEN and the key, and that the incremental key is right.
fn check_make_unmake(id: &str, opts: &str, seed: u64, plies: usize) {
    let v = game(id, opts);
    let mut pos = fen::parse(&v, &v.start_fen).unwrap();
    let mut rng = seed;
    let mut stack = Vec::new();
    for _ in 0..plies {
        let mut l = MoveList::new();
        legal_moves(&mut pos, &mut l);
        if l.is_empty() {
            break;
        }
        let before = fen::to_fen(&pos);
        let key = pos.st.key;
        for &m in &l {
            pos.make(m);
            assert_eq!(
                pos.st.key,
                pos.compute_key(),
                "{id}: key after {}",
                move_to_string(&pos, m)
            );
            pos.unmake(m);
            assert_eq!(
                fen::to_fen(&pos),
                before,
                "{id}: unmake {}",
                move_to_string(&pos, m)
            );
            assert_eq!(pos.st.key, key);
        }
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let m = l[(rng >> 33) as usize % l.len()];
        pos.make(m);
        // The FEN written here reads back to the same position and key.
        let f = fen::to_fen(&pos);
        let back = fen::parse(&v, &f).unwrap();
        assert_eq!(fen::to_fen(&back), f);
        assert_eq!(back.st.key, pos.st.key, "{id}: key of parsed {f}");
        stack.push((m, before, key));
    }
    while let Some((m, before, key)) = stack.pop() {
        pos.unmake(m);
        assert_eq!(fen::to_fen(&pos), before);
        assert_eq!(pos.st.key, key);
    }
    assert_eq!(fen::to_fen(&pos), v.start_fen);
}

// ---------------------------------------------------------------------------------------------
// capablanca

const CAPA: &str = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";

#[test]
fn capablanca_start_fen_round_trips() {
    check_start_round_trip("capablanca", "", CAPA);
    check_start_round_trip(
        "capablanca",
        "arrangement=bird",
        "rnbcqkabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBCQKABNR w KQkq - 0 1",
    );
}

#[test]
fn capablanca_make_unmake_restores() {
    check_make_unmake("capablanca", "", 1, 60);
    check_make_unmake("capablanca", "castling=three", 7, 60);
}

/// Fairy-Stockfish `capablanca`: 28, 784, 25228, 805128 (castling cannot differ before ply 7).
#[test]
fn capablanca_start_perft() {
    check_perft("capablanca", "", &[28, 784, 25228, 805128]);
    check_perft("capablanca", "castling=three", &[28, 784, 25228, 805128]);
}

fn castle_position(opts: &str) -> Position {
    at(
        "capablanca",
        opts,
        "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1",
    )
}

#[test]
fn capablanca_castling_two_moves_king_two_squares() {
    let mut pos = castle_position("");
    let m = from(&mut pos, "f1");
    assert!(
        m.contains(&"f1h1".to_string()) && m.contains(&"f1d1".to_string()),
        "{m:?}"
    );
    assert!(!m.contains(&"f1i1".to_string()) && !m.contains(&"f1c1".to_string()));
    let mv = play(&mut pos, "f1h1");
    assert_eq!(board(&pos), "r4k3r/10/10/10/10/10/10/R5RK2");
    assert_eq!(field(&pos, 2), "kq");
    pos.unmake(mv);
    play(&mut pos, "f1d1");
    assert_eq!(board(&pos), "r4k3r/10/10/10/10/10/10/3KR4R");
}

#[test]
fn capablanca_castling_three_moves_king_three_squares() {
    let mut pos = castle_position("castling=three");
    let m = from(&mut pos, "f1");
    assert!(
        m.contains(&"f1i1".to_string()) && m.contains(&"f1c1".to_string()),
        "{m:?}"
    );
    assert!(!m.contains(&"f1h1".to_string()) && !m.contains(&"f1d1".to_string()));
    let mv = play(&mut pos, "f1i1");
    assert_eq!(board(&pos), "r4k3r/10/10/10/10/10/10/R6RK1");
    pos.unmake(mv);
    play(&mut pos, "f1c1");
    assert_eq!(board(&pos), "r4k3r/10/10/10/10/10/10/2KR5R");
}

#[test]
fn capablanca_castling_not_through_attacked_square() {
    // A black rook on g8 attacks g1, which the king crosses (two) or crosses (three).
    for opts in ["", "castling=three"] {
        let mut pos = at(
            "capablanca",
            opts,
            "r4kr2r/10/10/10/10/10/10/R4K3R w KQkq - 0 1",
        );
        let m = from(&mut pos, "f1");
        assert!(
            !m.iter().any(|s| s == "f1h1" || s == "f1i1"),
            "{opts}: {m:?}"
        );
        assert!(
            m.iter().any(|s| s == "f1d1" || s == "f1c1"),
            "{opts}: {m:?}"
        );
    }
    // In check: no castling at all.
    let mut pos = at(
        "capablanca",
        "",
        "r3kr3r/10/10/10/10/10/10/R4K3R w KQ - 0 1",
    );
    assert!(
        !from(&mut pos, "f1")
            .iter()
            .any(|s| s == "f1h1" || s == "f1d1")
    );
}

#[test]
fn capablanca_promotion_choices() {
    let f = "5k4/P9/10/10/10/10/10/5K4 w - - 0 1";
    let mut pos = at("capablanca", "", f);
    assert_eq!(
        from(&mut pos, "a7"),
        sorted(&["a7a8q", "a7a8c", "a7a8a", "a7a8r", "a7a8b", "a7a8n"])
    );
    let mut pos = at("capablanca", "promotion=standard", f);
    assert_eq!(
        from(&mut pos, "a7"),
        sorted(&["a7a8q", "a7a8r", "a7a8b", "a7a8n"])
    );
}

#[test]
fn capablanca_archbishop_and_chancellor_moves() {
    // On d4 of a 10x8 board with the White king on a1: archbishop = bishop (e5-h8 4, c5-a7 3,
    // e3-g1 3, c3-b2 2) + knight 8 = 20; chancellor = rook (d5-d8 4, d3-d1 3, c4-a4 3, e4-j4 6)
    // + knight 8 = 24.
    let mut pos = at("capablanca", "", "9k/10/10/10/3A6/10/10/K9 w - - 0 1");
    assert_eq!(from(&mut pos, "d4").len(), 20);
    let mut pos = at("capablanca", "", "9k/10/10/10/3C6/10/10/K9 w - - 0 1");
    assert_eq!(from(&mut pos, "d4").len(), 24);
}

#[test]
fn capablanca_en_passant() {
    let mut pos = at("capablanca", "", "5k4/10/10/10/4p5/10/3P6/5K4 w - - 0 1");
    play(&mut pos, "d2d4");
    assert_eq!(field(&pos, 3), "d3");
    play(&mut pos, "e4d3");
    assert_eq!(board(&pos), "5k4/10/10/10/10/3p6/10/5K4");
}

#[test]
fn capablanca_insufficient_material_draws() {
    let mut pos = at("capablanca", "", "5k4/10/10/10/10/10/10/5K4 w - - 0 1");
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Draw, "insufficient material"))
    );
    let mut pos = at("capablanca", "", "5k4/10/10/10/10/10/10/4AK4 w - - 0 1");
    assert_eq!(result(&mut pos), None);
}

// ---------------------------------------------------------------------------------------------
// capablanca10

const CAPA10: &str = "rnabqkbcnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";

#[test]
fn capablanca10_start_fen_round_trips() {
    check_start_round_trip("capablanca10", "", CAPA10);
    check_start_round_trip(
        "capablanca10",
        "arrangement=bird",
        "rnbcqkabnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBCQKABNR w KQkq - 0 1",
    );
}

#[test]
fn capablanca10_make_unmake_restores() {
    check_make_unmake("capablanca10", "", 3, 60);
    check_make_unmake("capablanca10", "castling=three arrangement=bird", 5, 60);
}

/// Fairy-Stockfish, `capablanca` made 10x10 with triple steps from ranks 2/9 (variants.ini):
/// 38, 1444, 60046, 2486600. By hand: 10 pawns x 3 steps + 4 knight moves + 4 archbishop/chancellor
/// knight leaps (c1: b3, d3; h1: g3, i3) = 38; Black the same and independent: 38^2 = 1444.
#[test]
fn capablanca10_start_perft() {
    check_perft("capablanca10", "", &[38, 1444, 60046, 2486600]);
}

#[test]
fn capablanca10_pawn_triple_step() {
    let men = [("k", "f10"), ("K", "f1"), ("P", "e2"), ("P", "b3")];
    let mut pos = at("capablanca10", "", &fen_of(10, 10, &men, "w - - 0 1"));
    assert_eq!(from(&mut pos, "e2"), sorted(&["e2e3", "e2e4", "e2e5"]));
    // Only from the start rank.
    assert_eq!(from(&mut pos, "b3"), sorted(&["b3b4"]));
    // Every passed square must be empty.
    let men = [("k", "f10"), ("K", "f1"), ("P", "e2"), ("n", "e4")];
    let mut pos = at("capablanca10", "", &fen_of(10, 10, &men, "w - - 0 1"));
    assert_eq!(from(&mut pos, "e2"), sorted(&["e2e3"]));
}

#[test]
fn capablanca10_en_passant_after_triple_step_on_either_passed_square() {
    // Black pawns d4 (takes on e3) and f5 (takes on e4).
    let men = [
        ("k", "f10"),
        ("K", "f1"),
        ("P", "e2"),
        ("p", "d4"),
        ("p", "f5"),
    ];
    let f = fen_of(10, 10, &men, "w - - 0 1");
    for (capture, after) in [("d4e3", "e3"), ("f5e4", "e4")] {
        let mut pos = at("capablanca10", "", &f);
        play(&mut pos, "e2e5");
        // Both passed squares, written together in square order (Fairy-Stockfish's form).
        assert_eq!(field(&pos, 3), "e3e4");
        let m = legal(&mut pos);
        assert!(
            m.contains(&"d4e3".to_string()) && m.contains(&"f5e4".to_string()),
            "{m:?}"
        );
        play(&mut pos, capture);
        let b = board(&pos);
        let e = pos.at(cell(&pos, "e5"));
        assert!(e.is_empty(), "the triple-stepped pawn is taken: {b}");
        assert!(!pos.at(cell(&pos, after)).is_empty());
    }
    // Only the double step's one square; and only squares an enemy pawn could take on.
    let mut pos = at("capablanca10", "", &f);
    play(&mut pos, "e2e4");
    assert_eq!(field(&pos, 3), "e3");
    let men = [("k", "f10"), ("K", "f1"), ("P", "e2"), ("p", "f5")];
    let mut pos = at("capablanca10", "", &fen_of(10, 10, &men, "w - - 0 1"));
    play(&mut pos, "e2e5");
    assert_eq!(field(&pos, 3), "e4");
    // En passant is lost after one move.
    let mut pos = at("capablanca10", "", &f);
    play(&mut pos, "e2e5");
    play(&mut pos, "f10g10");
    play(&mut pos, "f1g1");
    assert!(!legal(&mut pos).iter().any(|m| m == "d4e3" || m == "f5e4"));
}

#[test]
fn capablanca10_two_en_passant_squares_fen_round_trip() {
    let men = [
        ("k", "f10"),
        ("K", "f1"),
        ("P", "e5"),
        ("p", "d4"),
        ("p", "f5"),
    ];
    let f = fen_of(10, 10, &men, "b - e3e4 0 1");
    let mut pos = at("capablanca10", "", &f);
    assert_eq!(fen::to_fen(&pos), f);
    assert_eq!(pos.st.key, pos.compute_key());
    let m = legal(&mut pos);
    assert!(m.contains(&"d4e3".to_string()) && m.contains(&"f5e4".to_string()));
    // Black's triple step: passed squares e8, e7 (White pawns on d7... here f7 takes e8, d6 e7).
    let men = [
        ("k", "a10"),
        ("K", "a1"),
        ("p", "e9"),
        ("P", "f7"),
        ("P", "d6"),
    ];
    let mut pos = at("capablanca10", "", &fen_of(10, 10, &men, "b - - 0 1"));
    play(&mut pos, "e9e6");
    assert_eq!(field(&pos, 3), "e7e8");
    let m = legal(&mut pos);
    assert!(
        m.contains(&"f7e8".to_string()) && m.contains(&"d6e7".to_string()),
        "{m:?}"
    );
}

#[test]
fn capablanca10_promotion_on_last_rank() {
    let men = [("k", "h8"), ("K", "f1"), ("P", "a9"), ("p", "j2")];
    let mut pos = at("capablanca10", "", &fen_of(10, 10, &men, "w - - 0 1"));
    assert_eq!(
        from(&mut pos, "a9"),
        sorted(&["a9a10q", "a9a10c", "a9a10a", "a9a10r", "a9a10b", "a9a10n"])
    );
    play(&mut pos, "a9a10c");
    assert_eq!(from(&mut pos, "j2").len(), 6);
}

#[test]
fn capablanca10_castling_on_ranks_1_and_10() {
    let f = "r4k3r/10/10/10/10/10/10/10/10/R4K3R b KQkq - 0 1";
    let mut pos = at("capablanca10", "", f);
    let m = from(&mut pos, "f10");
    assert!(
        m.contains(&"f10h10".to_string()) && m.contains(&"f10d10".to_string()),
        "{m:?}"
    );
    play(&mut pos, "f10h10");
    assert_eq!(board(&pos).split('/').next().unwrap(), "r5rk2");
    let mut pos = at("capablanca10", "castling=three", f);
    play(&mut pos, "f10c10");
    assert_eq!(board(&pos).split('/').next().unwrap(), "2kr5r");
}

// ---------------------------------------------------------------------------------------------
// chancellor

const CHANCELLOR_BOOK: &str = "rnbqkcbnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKCBNR w KQkq - 0 1";
const CHANCELLOR_FOSTER: &str = "rnbqkcnbr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKCNBR w KQkq - 0 1";

#[test]
fn chancellor_start_fen_round_trips() {
    check_start_round_trip("chancellor", "", CHANCELLOR_BOOK);
    check_start_round_trip("chancellor", "arrangement=foster", CHANCELLOR_FOSTER);
}

#[test]
fn chancellor_make_unmake_restores() {
    check_make_unmake("chancellor", "", 11, 60);
    check_make_unmake(
        "chancellor",
        "arrangement=foster promotion=standard",
        13,
        60,
    );
}

/// Fairy-Stockfish `chancellor` with the book FEN: 24, 576, 15779, 430138; with its own (Foster)
/// FEN: 24, 576, 15896, 436656.
#[test]
fn chancellor_start_perft() {
    check_perft("chancellor", "", &[24, 576, 15779, 430138]);
    check_perft(
        "chancellor",
        "arrangement=foster",
        &[24, 576, 15896, 436656],
    );
}

#[test]
fn chancellor_castling() {
    let f = "r3k3r/9/9/9/9/9/9/9/R3K3R w KQkq - 0 1";
    let mut pos = at("chancellor", "", f);
    let mv = play(&mut pos, "e1g1");
    assert_eq!(board(&pos), "r3k3r/9/9/9/9/9/9/9/R4RK2");
    pos.unmake(mv);
    play(&mut pos, "e1c1");
    assert_eq!(board(&pos), "r3k3r/9/9/9/9/9/9/9/2KR4R");
    play(&mut pos, "e9g9");
    assert_eq!(board(&pos), "r4rk2/9/9/9/9/9/9/9/2KR4R");
}

#[test]
fn chancellor_promotion_choices() {
    let f = "4k4/P8/9/9/9/9/9/9/4K4 w - - 0 1";
    let mut pos = at("chancellor", "", f);
    assert_eq!(
        from(&mut pos, "a8"),
        sorted(&["a8a9q", "a8a9c", "a8a9r", "a8a9b", "a8a9n"])
    );
    let mut pos = at("chancellor", "promotion=standard", f);
    assert_eq!(
        from(&mut pos, "a8"),
        sorted(&["a8a9q", "a8a9r", "a8a9b", "a8a9n"])
    );
}

#[test]
fn chancellor_pawn_double_step_from_rank_2() {
    let mut pos = at("chancellor", "", CHANCELLOR_BOOK);
    assert_eq!(from(&mut pos, "e2"), sorted(&["e2e3", "e2e4"]));
    play(&mut pos, "e2e4");
    assert_eq!(from(&mut pos, "d8"), sorted(&["d8d7", "d8d6"]));
}

// ---------------------------------------------------------------------------------------------
// turkish1

const TURKISH1: &str =
    "rnbqkgabnr/ppppccpppp/4pp4/10/10/10/10/4PP4/PPPPCCPPPP/RNBAGKQBNR w - - 0 1";

#[test]
fn turkish1_start_fen_round_trips() {
    check_start_round_trip("turkish1", "", TURKISH1);
}

#[test]
fn turkish1_make_unmake_restores() {
    check_make_unmake("turkish1", "", 17, 80);
}

/// Fairy-Stockfish (10x10 variants.ini definition, Zurafa = customPiece `QN`): 24, 576, 18705,
/// 600837. By hand, depth 1: pawns 10 (a-d, g-j, e3, f3), Ghoras 4 (a3 c3 h3 j3), Dabbabah e2
/// leaps c3 d4 f4 g3, Dabbabah f2 leaps d3 e4 g4 h3, Vizir d1 c3, Zurafa e1 d3; everything else
/// is boxed in: 24. Black mirrors it and no first move touches the other side: 24^2 = 576.
#[test]
fn turkish1_start_perft() {
    check_perft("turkish1", "", &[24, 576, 18705, 600837]);
}

#[test]
fn turkish1_pawn_single_step_and_promotes_to_firzan() {
    let men = [
        ("k", "f10"),
        ("K", "f1"),
        ("P", "e2"),
        ("P", "b9"),
        ("r", "c10"),
    ];
    let mut pos = at("turkish1", "", &fen_of(10, 10, &men, "w - - 0 1"));
    assert_eq!(from(&mut pos, "e2"), sorted(&["e2e3"]));
    assert_eq!(from(&mut pos, "b9"), sorted(&["b9b10q", "b9c10q"]));
}

#[test]
fn turkish1_compound_pieces() {
    // From e5 of an empty 10x10 board: queen 9+8+... counted per line.
    // Rook lines from e5: 4 + 5 + 4 + 5 = 18; bishop lines: 4 + 4 + 4 + 5 = 17; knight 8.
    for (t, n) in [
        ("Q", 35),
        ("G", 43),
        ("A", 25),
        ("C", 26),
        ("B", 17),
        ("R", 18),
        ("N", 8),
    ] {
        let men = [("k", "a10"), ("K", "j1"), (t, "e5")];
        let mut pos = at("turkish1", "", &fen_of(10, 10, &men, "w - - 0 1"));
        assert_eq!(from(&mut pos, "e5").len(), n, "{t}");
    }
}

/// The shared end rules of the Turkish games (and acedrex's stalemate / bare king): `id` on a
/// `size` board.
fn check_shatranj_end(id: &str, size: u8) {
    // White Shah a1 stalemated by a queen-mover on c2 (own last man gone too): the stalemated
    // player loses by default, draws with stalemate=draw.
    let q = if id == "acedrex" { "r" } else { "q" };
    let men = [("K", "a1"), (q, "c2"), ("k", "j10"), ("r", "b10")];
    let f = fen_of(size, size, &men, "w - - 0 1");
    let mut pos = at(id, "", &f);
    if id == "acedrex" {
        // A rook on c2 leaves b1 free; a second rook on b10 closes the b-file.
        assert!(legal(&mut pos).is_empty());
    }
    assert_eq!(result(&mut pos), Some((GameResult::Win(1), "stalemate")));
    let mut pos = at(id, "stalemate=draw", &f);
    assert_eq!(result(&mut pos), Some((GameResult::Draw, "stalemate")));

    // Bare king: Black has only the king and cannot take White's last men: Black loses.
    let men = [("K", "a1"), ("R", "b5"), ("R", "h3"), ("k", "j10")];
    let f = fen_of(size, size, &men, "b - - 0 1");
    let mut pos = at(id, "", &f);
    assert_eq!(result(&mut pos), Some((GameResult::Win(0), "bare king")));
    let mut pos = at(id, "bareking=off", &f);
    assert_eq!(result(&mut pos), None);
    // ... but if he can take White's last man at once, play goes on, and taking it draws.
    let men = [("K", "a1"), ("R", "i9"), ("k", "j10")];
    let mut pos = at(id, "", &fen_of(size, size, &men, "b - - 0 1"));
    assert_eq!(result(&mut pos), None);
    play(&mut pos, "j10i9");
    assert_eq!(result(&mut pos), Some((GameResult::Draw, "bare king")));
    // White to move with Black already bare (Black had his reply): White wins.
    let men = [("K", "a1"), ("R", "b5"), ("k", "j10")];
    let mut pos = at(id, "", &fen_of(size, size, &men, "w - - 0 1"));
    assert_eq!(result(&mut pos), Some((GameResult::Win(0), "bare king")));
}

#[test]
fn turkish1_stalemate_loses_and_bare_king() {
    check_shatranj_end("turkish1", 10);
}

#[test]
fn turkish1_checkmate_wins() {
    // Back-rank mate by a Dabbabah's rook line.
    let men = [
        ("k", "a10"),
        ("p", "a9"),
        ("p", "b9"),
        ("C", "j10"),
        ("K", "j1"),
    ];
    let mut pos = at("turkish1", "", &fen_of(10, 10, &men, "b - - 0 1"));
    assert_eq!(result(&mut pos), Some((GameResult::Win(0), "checkmate")));
}

// ---------------------------------------------------------------------------------------------
// turkish2

const TURKISH2: &str = "rnbaksqbnr/ppppuupppp/10/10/10/10/10/10/PPPPUUPPPP/RNBQSKABNR w - - 0 1";

#[test]
fn turkish2_start_fen_round_trips() {
    check_start_round_trip("turkish2", "", TURKISH2);
}

#[test]
fn turkish2_make_unmake_restores() {
    check_make_unmake("turkish2", "", 19, 80);
    check_make_unmake("turkish2", "urdabeqini=euclid", 23, 80);
}

/// Independent Python generator: 22, 480, 13889, 397113. By hand, depth 1: pawns 8, knights 4, each
/// Urdabeqini 3 (e2: d3 e3 f3; f2: e3 f3 g3, toward the Padshah on e10), Shahzada e1 knight
/// leaps d3 f3, Kotwal g1 leaps f3 h3 = 22. Depth 2 = 22 x 22 - 4: after U e2-d3 or e2-f3 the
/// Shahzada on e1 pins the U on e9, which keeps only e9-e8.
#[test]
fn turkish2_start_perft() {
    check_perft("turkish2", "", &[22, 480, 13889, 397113]);
}

#[test]
fn turkish2_urdabeqini_steps_toward_enemy_padshah() {
    // Spec examples: U f7, enemy Padshah f1: e6 f6 g6.
    let men = [("k", "a10"), ("u", "f7"), ("K", "f1")];
    let mut pos = at("turkish2", "", &fen_of(10, 10, &men, "b - - 0 1"));
    assert_eq!(from(&mut pos, "f7"), sorted(&["f7e6", "f7f6", "f7g6"]));
    // U a1, Padshah j10: only b2.
    let men = [("k", "j10"), ("U", "a1"), ("K", "j1")];
    let mut pos = at("turkish2", "", &fen_of(10, 10, &men, "w - - 0 1"));
    assert_eq!(from(&mut pos, "a1"), sorted(&["a1b2"]));
    // It follows the Padshah wherever it goes: with the Padshah on i10, a2 is closer too.
    play(&mut pos, "j1i1");
    play(&mut pos, "j10i10");
    assert_eq!(from(&mut pos, "a1"), sorted(&["a1a2", "a1b2"]));
}

#[test]
fn turkish2_urdabeqini_metrics() {
    // U a5 toward e10 (d = 5): king distance a6 b6; Euclid also b5; direct only b6.
    let men = [("k", "e10"), ("U", "a5"), ("K", "j1")];
    let f = fen_of(10, 10, &men, "w - - 0 1");
    let mut pos = at("turkish2", "", &f);
    assert_eq!(from(&mut pos, "a5"), sorted(&["a5a6", "a5b6"]));
    let mut pos = at("turkish2", "urdabeqini=euclid", &f);
    assert_eq!(from(&mut pos, "a5"), sorted(&["a5a6", "a5b6", "a5b5"]));
    let mut pos = at("turkish2", "urdabeqini=direct", &f);
    assert_eq!(from(&mut pos, "a5"), sorted(&["a5b6"]));
}

#[test]
fn turkish2_urdabeqini_captures_only_on_closer_squares() {
    // U e5 toward e10; enemy men on d4 (behind), d5 (beside), d6 (closer): only d6 is taken.
    let men = [
        ("k", "e10"),
        ("U", "e5"),
        ("p", "d4"),
        ("p", "d5"),
        ("p", "d6"),
        ("K", "j1"),
    ];
    let mut pos = at("turkish2", "", &fen_of(10, 10, &men, "w - - 0 1"));
    assert_eq!(from(&mut pos, "e5"), sorted(&["e5d6", "e5e6", "e5f6"]));
}

#[test]
fn turkish2_padshah_may_not_end_next_to_enemy_urdabeqini() {
    let men = [("k", "j10"), ("u", "e4"), ("K", "c3")];
    let mut pos = at("turkish2", "", &fen_of(10, 10, &men, "w - - 0 1"));
    assert_eq!(
        from(&mut pos, "c3"),
        sorted(&["c3b2", "c3b3", "c3b4", "c3c2", "c3c4", "c3d2"])
    );
}

#[test]
fn turkish2_urdabeqini_gives_check_and_mate() {
    // Black Padshah a10, White U b9 (adjacent: check) guarded by a Rukh on b1: mate.
    let men = [("k", "a10"), ("U", "b9"), ("R", "b1"), ("K", "j1")];
    let mut pos = at("turkish2", "", &fen_of(10, 10, &men, "b - - 0 1"));
    assert!(pos.in_check());
    assert_eq!(result(&mut pos), Some((GameResult::Win(0), "checkmate")));
    // Unguarded, the Padshah takes it.
    let men = [("k", "a10"), ("U", "b9"), ("K", "j1")];
    let mut pos = at("turkish2", "", &fen_of(10, 10, &men, "b - - 0 1"));
    assert!(pos.in_check());
    assert_eq!(legal(&mut pos), sorted(&["a10b9"]));
    // A Padshah may not step next to an enemy U (a10-a9 touches b8).
    let men = [
        ("k", "a10"),
        ("U", "b8"),
        ("r", "b9"),
        ("K", "j1"),
        ("R", "b1"),
    ];
    let mut pos = at("turkish2", "", &fen_of(10, 10, &men, "b - - 0 1"));
    assert!(!pos.in_check());
    assert!(from(&mut pos, "a10").iter().all(|m| m != "a10a9"));
}

#[test]
fn turkish2_end_rules() {
    check_shatranj_end("turkish2", 10);
}

// ---------------------------------------------------------------------------------------------
// turkish3

const TURKISH3: &str =
    "rndtbkqbtdnr/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/RNDTBQKBTDNR w - - 0 1";

#[test]
fn turkish3_start_fen_round_trips() {
    check_start_round_trip("turkish3", "", TURKISH3);
}

#[test]
fn turkish3_make_unmake_restores() {
    check_make_unmake("turkish3", "", 29, 80);
}

/// Independent Python generator: 16, 256, 5200, 105533. By hand: 12 pawn steps + 4 knight moves = 16 per
/// side, and no first move changes the other side's 16: 256.
#[test]
fn turkish3_start_perft() {
    check_perft("turkish3", "", &[16, 256, 5200, 105533]);
}

#[test]
fn turkish3_identical_movers_keep_their_letters() {
    // Dahja = Fil (bishop), Ratha = Rukh (rook), each printed with its own letter.
    let men = [
        ("k", "a12"),
        ("K", "a1"),
        ("D", "f6"),
        ("T", "c3"),
        ("B", "h2"),
        ("R", "j5"),
    ];
    let f = fen_of(12, 12, &men, "w - - 0 1");
    let mut pos = at("turkish3", "", &f);
    assert_eq!(fen::to_fen(&pos), f);
    let d = from(&mut pos, "f6");
    let t = from(&mut pos, "c3");
    let men2 = [
        ("k", "a12"),
        ("K", "a1"),
        ("B", "f6"),
        ("R", "c3"),
        ("D", "h2"),
        ("T", "j5"),
    ];
    let mut pos2 = at("turkish3", "", &fen_of(12, 12, &men2, "w - - 0 1"));
    assert_eq!(d, from(&mut pos2, "f6"));
    assert_eq!(t, from(&mut pos2, "c3"));
    // f6: g7-l12 6, e7-a11 5, g5-k1 5, e5-d4 2 (c3 holds the Ratha); c3: c4-c12 9, c2-c1 2,
    // b3-a3 2, d3-l3 9.
    assert_eq!(d.len(), 18);
    assert_eq!(t.len(), 22);
}

#[test]
fn turkish3_pawn_promotes_to_wazir() {
    let men = [("k", "l10"), ("K", "a1"), ("P", "e11"), ("p", "h2")];
    let mut pos = at("turkish3", "", &fen_of(12, 12, &men, "w - - 0 1"));
    assert_eq!(from(&mut pos, "e11"), sorted(&["e11e12q"]));
    play(&mut pos, "e11e12q");
    assert_eq!(from(&mut pos, "h2"), sorted(&["h2h1q"]));
}

#[test]
fn turkish3_end_rules() {
    check_shatranj_end("turkish3", 12);
}

// ---------------------------------------------------------------------------------------------
// turkish4

const TURKISH4: &str = "rndtbmkqsbtdnr/pppppppppppppp/14/14/14/14/14/14/14/14/14/14/PPPPPPPPPPPPPP/RNDTBSQKMBTDNR w - - 0 1";

#[test]
fn turkish4_start_fen_round_trips() {
    check_start_round_trip("turkish4", "", TURKISH4);
}

#[test]
fn turkish4_make_unmake_restores() {
    check_make_unmake("turkish4", "", 31, 80);
}

/// Independent Python generator: 18, 324, 7560, 176244. By hand: 14 pawn steps + 4 knight moves = 18 per
/// side, independent at depth 2: 324.
#[test]
fn turkish4_start_perft() {
    check_perft("turkish4", "", &[18, 324, 7560, 176244]);
}

#[test]
fn turkish4_rani_is_not_royal() {
    // The Rani may step onto attacked squares (the Raja may not) and can be captured.
    let men = [
        ("k", "n14"),
        ("r", "e14"),
        ("M", "d4"),
        ("K", "h1"),
        ("r", "a2"),
    ];
    let mut pos = at("turkish4", "", &fen_of(14, 14, &men, "w - - 0 1"));
    let m = from(&mut pos, "d4");
    assert!(
        m.contains(&"d4e4".to_string()) && m.contains(&"d4e3".to_string()),
        "{m:?}"
    );
    assert!(!from(&mut pos, "h1").iter().any(|m| m.ends_with('2')));
    play(&mut pos, "d4e4");
    play(&mut pos, "e14e4");
    assert_eq!(pos.count(0, pos.v.piece_by_token("M").unwrap()), 0);
    // Raja + Rani is not a bare king.
    let men = [
        ("k", "n14"),
        ("M", "d4"),
        ("K", "h1"),
        ("r", "a5"),
        ("r", "b7"),
    ];
    let mut pos = at("turkish4", "", &fen_of(14, 14, &men, "w - - 0 1"));
    assert_eq!(result(&mut pos), None);
}

#[test]
fn turkish4_pawn_promotes_to_wazir() {
    let men = [("k", "n14"), ("K", "a1"), ("P", "b13")];
    let mut pos = at("turkish4", "", &fen_of(14, 14, &men, "w - - 0 1"));
    assert_eq!(from(&mut pos, "b13"), sorted(&["b13b14q"]));
}

#[test]
fn turkish4_end_rules() {
    check_shatranj_end("turkish4", 14);
}

// ---------------------------------------------------------------------------------------------
// acedrex

const ACEDREX: &str = "rlugbkabgulr/12/12/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/12/12/RLUGBKABGULR w c1f1j1c12f12j12 - 0 1";

fn acedrex(opts: &str, men: &[(&str, &str)], rest: &str) -> Position {
    at("acedrex", opts, &fen_of(12, 12, men, rest))
}

#[test]
fn acedrex_start_fen_round_trips() {
    check_start_round_trip("acedrex", "", ACEDREX);
}

#[test]
fn acedrex_make_unmake_restores() {
    check_make_unmake("acedrex", "", 37, 100);
    check_make_unmake(
        "acedrex",
        "kingleap=capture aanca=must_continue fpromo=none",
        41,
        100,
    );
    check_make_unmake(
        "acedrex",
        "kingleap=castlelike promoted_unicorn=bishop",
        43,
        100,
    );
}

/// Independent Python generator: 57, 3249, 182115. By hand, depth 1: Peons 12, Unicornios 4 + 4
/// (knight leaps to empty squares), Zaraffas 3 + 3 (d1: c5 e5 h2), Cocatrices 4 + 4, Rogues 2 + 2,
/// Rey 3 steps + 3 jumps (d3 f3 h3), Aanca g1 13 (f2, then e2-a2 or f3; h2, then i2-l2 or h3),
/// Leons 0 = 57; the armies cannot touch before ply 3: 57^2 = 3249.
#[test]
fn acedrex_start_perft() {
    check_perft("acedrex", "", &[57, 3249, 182115]);
}

#[test]
fn acedrex_rey_first_move_jump() {
    let men = [("K", "f1"), ("k", "l12")];
    let mut pos = acedrex("", &men, "w f1 - 0 1");
    assert_eq!(
        from(&mut pos, "f1"),
        sorted(&[
            "f1e1", "f1e2", "f1f2", "f1g2", "f1g1", "f1d1", "f1d3", "f1f3", "f1h3", "f1h1"
        ])
    );
    // Without the privilege: steps only.
    let mut pos = acedrex("", &men, "w - - 0 1");
    assert_eq!(from(&mut pos, "f1").len(), 5);
    // Any first move, step or jump, ends the privilege; the FEN field shows it.
    let mut pos = acedrex("", &men, "w f1 - 0 1");
    play(&mut pos, "f1e1");
    assert_eq!(field(&pos, 2), "-");
    play(&mut pos, "l12k12");
    play(&mut pos, "e1f1");
    play(&mut pos, "k12l12");
    assert_eq!(from(&mut pos, "f1").len(), 5);
}

#[test]
fn acedrex_rey_jump_passes_over_men_and_does_not_capture() {
    // Own men on e1 e2 f2 g2 g1: every jump still goes; an enemy on d3 cannot be taken by it.
    let men = [
        ("K", "f1"),
        ("P", "e1"),
        ("P", "e2"),
        ("P", "f2"),
        ("P", "g2"),
        ("P", "g1"),
        ("l", "d3"),
        ("k", "l12"),
    ];
    let mut pos = acedrex("", &men, "w f1 - 0 1");
    assert_eq!(
        from(&mut pos, "f1"),
        sorted(&["f1d1", "f1f3", "f1h3", "f1h1"])
    );
    let mut pos = acedrex("kingleap=capture", &men, "w f1 - 0 1");
    assert_eq!(
        from(&mut pos, "f1"),
        sorted(&["f1d1", "f1d3", "f1f3", "f1h3", "f1h1"])
    );
}

#[test]
fn acedrex_rey_capturing_jump_attacks() {
    // With kingleap=capture an unmoved Rey attacks its jump squares: the Black Rey may not step
    // onto d3; with quiet jumps it may.
    let men = [("K", "f1"), ("k", "c4")];
    let mut pos = acedrex("kingleap=capture", &men, "b f1 - 0 1");
    assert!(!from(&mut pos, "c4").contains(&"c4d3".to_string()));
    let mut pos = acedrex("", &men, "b f1 - 0 1");
    assert!(from(&mut pos, "c4").contains(&"c4d3".to_string()));
}

#[test]
fn acedrex_rey_jump_castlelike() {
    // A Black Rogue on e12 attacks e1 and e2: the jumps over them (to d1, d3) are forbidden with
    // kingleap=castlelike, allowed by default (they end on safe squares).
    let men = [("K", "f1"), ("r", "e12"), ("k", "l12")];
    let mut pos = acedrex("", &men, "w f1 - 0 1");
    assert_eq!(
        from(&mut pos, "f1"),
        sorted(&[
            "f1f2", "f1g2", "f1g1", "f1d1", "f1d3", "f1f3", "f1h3", "f1h1"
        ])
    );
    let mut pos = acedrex("kingleap=castlelike", &men, "w f1 - 0 1");
    assert_eq!(
        from(&mut pos, "f1"),
        sorted(&["f1f2", "f1g2", "f1g1", "f1f3", "f1h3", "f1h1"])
    );
    // In check (Rogue on f12): no jump at all with castlelike; by default the safe ones.
    let men = [("K", "f1"), ("r", "f12"), ("k", "l12")];
    let mut pos = acedrex("kingleap=castlelike", &men, "w f1 - 0 1");
    assert_eq!(
        from(&mut pos, "f1"),
        sorted(&["f1e1", "f1e2", "f1g2", "f1g1"])
    );
    let mut pos = acedrex("", &men, "w f1 - 0 1");
    assert_eq!(
        from(&mut pos, "f1"),
        sorted(&[
            "f1e1", "f1e2", "f1g2", "f1g1", "f1d1", "f1d3", "f1h3", "f1h1"
        ])
    );
}

#[test]
fn acedrex_unicornio_knight_leap_first_then_bishop() {
    // Unmoved (right c1): only non-capturing knight leaps.
    let men = [("U", "c1"), ("l", "b3"), ("K", "l1"), ("k", "l12")];
    let mut pos = acedrex("", &men, "w c1 - 0 1");
    assert_eq!(from(&mut pos, "c1"), sorted(&["c1a2", "c1d3", "c1e2"]));
    // After its first move it is a bishop.
    play(&mut pos, "c1d3");
    assert_eq!(field(&pos, 2), "-");
    play(&mut pos, "l12k12");
    let m = from(&mut pos, "d3");
    assert_eq!(m.len(), 3 + 2 + 8 + 2, "{m:?}"); // c2 b1 / c4 b5 a6 / e4..l11 / e2 f1
    assert!(!m.contains(&"d3b4".to_string()));
    // Without the right (moved earlier), a Unicornio on c1 is a bishop there too.
    let mut pos = acedrex("", &[("U", "c1"), ("K", "l1"), ("k", "l12")], "w - - 0 1");
    assert_eq!(from(&mut pos, "c1").len(), 2 + 9);
}

#[test]
fn acedrex_unmoved_unicornio_does_not_attack() {
    // Black Rey d4 next to e3 (on the c1 Unicornio's diagonal): while unmoved the Unicornio
    // attacks nothing; once its right is gone the diagonal is covered.
    let men = [("U", "c1"), ("K", "l1"), ("k", "d4")];
    let mut pos = acedrex("", &men, "b c1 - 0 1");
    assert!(from(&mut pos, "d4").contains(&"d4e3".to_string()));
    // Knight-leap squares are not attacked either (b3, d3, e2, a2).
    assert!(from(&mut pos, "d4").contains(&"d4d3".to_string()));
    let mut pos = acedrex("", &men, "b - - 0 1");
    assert!(!from(&mut pos, "d4").contains(&"d4e3".to_string()));
    assert!(from(&mut pos, "d4").contains(&"d4d3".to_string()));
}

#[test]
fn acedrex_aanca_step_then_outward_slide() {
    // On f6 of an empty board: 4 diagonal steps + outward slides 5+5 (NE), 5+4 (NW), 4+5 (SE),
    // 4+4 (SW) = 40; with aanca=must_continue the 4 plain steps go.
    let men = [("A", "f6"), ("K", "a1"), ("k", "l12")];
    let mut pos = acedrex("", &men, "w - - 0 1");
    let m = from(&mut pos, "f6");
    assert_eq!(m.len(), 40, "{m:?}");
    assert!(m.contains(&"f6g12".to_string()) && m.contains(&"f6a5".to_string()));
    assert!(!m.contains(&"f6h8".to_string()) && !m.contains(&"f6f8".to_string()));
    let mut pos = acedrex("aanca=must_continue", &men, "w - - 0 1");
    let m = from(&mut pos, "f6");
    assert_eq!(m.len(), 36);
    assert!(!m.contains(&"f6g7".to_string()));
}

#[test]
fn acedrex_aanca_is_blocked_and_captures() {
    // Enemy on g7: taken there, no continuation through it; own man on e7: that branch is shut;
    // enemy on e3 at the end of the SW slide south: taken, and the slide stops.
    let men = [
        ("A", "f6"),
        ("p", "g7"),
        ("P", "e7"),
        ("l", "e3"),
        ("K", "a1"),
        ("k", "l12"),
    ];
    let mut pos = acedrex("", &men, "w - - 0 1");
    let m = from(&mut pos, "f6");
    assert!(m.contains(&"f6g7".to_string()));
    assert!(
        !m.iter()
            .any(|s| s == "f6g8" || s == "f6h7" || s == "f6e8" || s == "f6d7")
    );
    assert!(m.contains(&"f6e4".to_string()) && m.contains(&"f6e3".to_string()));
    assert!(!m.contains(&"f6e2".to_string()));
    // NE 0 + capture 1, NW 0, SE 1 + 4 + 5, SW 1 + 2 + 4 = 18.
    assert_eq!(m.len(), 18, "{m:?}");
    // The Aanca's slide gives check.
    let men = [("A", "f6"), ("K", "a1"), ("k", "g11")];
    let pos = acedrex("", &men, "b - - 0 1");
    assert!(pos.in_check());
}

#[test]
fn acedrex_zaraffa_and_leon_leaps() {
    let men = [
        ("G", "d1"),
        ("P", "d2"),
        ("P", "e2"),
        ("K", "l1"),
        ("k", "l12"),
    ];
    let mut pos = acedrex("", &men, "w - - 0 1");
    assert_eq!(from(&mut pos, "d1"), sorted(&["d1c5", "d1e5", "d1h2"]));
    let men = [
        ("L", "b1"),
        ("P", "b2"),
        ("P", "c1"),
        ("K", "l1"),
        ("k", "l12"),
    ];
    let mut pos = acedrex("", &men, "w - - 0 1");
    assert_eq!(from(&mut pos, "b1"), sorted(&["b1b4", "b1e1"]));
}

#[test]
fn acedrex_promotion_by_file() {
    let expect = ["r", "l", "u", "g", "b", "a", "a", "b", "g", "u", "l", "r"];
    for (x, t) in expect.iter().enumerate() {
        let f = (b'a' + x as u8) as char;
        let sq = format!("{f}11");
        let men = [("P", sq.as_str()), ("K", "a1"), ("k", "l9")];
        let mut pos = acedrex("", &men, "w - - 0 1");
        assert_eq!(from(&mut pos, &sq), vec![format!("{f}11{f}12{t}")]);
    }
    // Black promotes on rank 1, by the same files.
    let men = [("p", "b2"), ("K", "l3"), ("k", "l12")];
    let mut pos = acedrex("", &men, "b - - 0 1");
    assert_eq!(from(&mut pos, "b2"), sorted(&["b2b1l"]));
}

#[test]
fn acedrex_fpromo_none_leaves_an_immobile_peon() {
    let men = [("P", "f11"), ("K", "a1"), ("k", "l9")];
    let mut pos = acedrex("fpromo=none", &men, "w - - 0 1");
    assert_eq!(from(&mut pos, "f11"), sorted(&["f11f12"]));
    play(&mut pos, "f11f12");
    play(&mut pos, "l9k9");
    assert!(from(&mut pos, "f12").is_empty());
    assert_eq!(board(&pos).split('/').next().unwrap(), "5P6");
}

#[test]
fn acedrex_promoted_unicornio_is_unmoved() {
    // By default the new Unicornio gets its privilege (its square enters the FEN field).
    let men = [("P", "c11"), ("K", "a1"), ("k", "l9")];
    let mut pos = acedrex("", &men, "w - - 0 1");
    play(&mut pos, "c11c12u");
    assert_eq!(field(&pos, 2), "c12");
    play(&mut pos, "l9k9");
    assert_eq!(
        from(&mut pos, "c12"),
        sorted(&["c12a11", "c12b10", "c12d10", "c12e11"])
    );
    // promoted_unicorn=bishop: no privilege, a bishop at once.
    let mut pos = acedrex("promoted_unicorn=bishop", &men, "w - - 0 1");
    play(&mut pos, "c11c12u");
    assert_eq!(field(&pos, 2), "-");
    play(&mut pos, "l9k9");
    assert_eq!(from(&mut pos, "c12").len(), 2 + 9);
    // Capturing an unmoved Black Unicornio on c12 while promoting: the square is unmoved again.
    let men = [("P", "b11"), ("u", "c12"), ("K", "a1"), ("k", "l9")];
    let mut pos = acedrex("", &men, "w c12 - 0 1");
    play(&mut pos, "b11c12u");
    assert_eq!(field(&pos, 2), "c12");
    assert_eq!(pos.st.key, pos.compute_key());
    // Black promoting on c1 likewise.
    let men = [("p", "c2"), ("K", "l3"), ("k", "l12")];
    let mut pos = acedrex("", &men, "b - - 0 1");
    play(&mut pos, "c2c1u");
    assert_eq!(field(&pos, 2), "c1");
    play(&mut pos, "l3k3");
    assert_eq!(
        from(&mut pos, "c1"),
        sorted(&["c1a2", "c1b3", "c1d3", "c1e2"])
    );
}

#[test]
fn acedrex_privileges_field_round_trips_and_is_lost_on_capture() {
    let men = [
        ("U", "c1"),
        ("K", "f1"),
        ("u", "j12"),
        ("k", "f12"),
        ("R", "j1"),
    ];
    for rights in ["c1f1j12", "f1", "c1j12", "-", "c1f1f12j12"] {
        let f = fen_of(12, 12, &men, &format!("w {rights} - 0 1"));
        let pos = at("acedrex", "", &f);
        assert_eq!(fen::to_fen(&pos), f);
    }
    // The Rogue takes the unmoved Unicornio on j12: its square leaves the field.
    let f = fen_of(12, 12, &men, "w c1f1j12f12 - 0 1");
    let mut pos = at("acedrex", "", &f);
    assert_eq!(field(&pos, 2), "c1f1f12j12");
    play(&mut pos, "j1j12");
    assert_eq!(field(&pos, 2), "c1f1f12");
}

#[test]
fn acedrex_stalemate_loses_and_bare_king() {
    check_shatranj_end("acedrex", 12);
}

#[test]
fn acedrex_seventy_move_rule() {
    let men = [("K", "a1"), ("R", "b5"), ("k", "l12"), ("r", "h8")];
    let mut pos = acedrex("", &men, "w - - 140 90");
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Draw, "move-count rule"))
    );
    let mut pos = acedrex("", &men, "w - - 139 90");
    assert_eq!(result(&mut pos), None);
    let mut pos = acedrex("nmove=0", &men, "w - - 140 90");
    assert_eq!(result(&mut pos), None);
    let mut pos = acedrex("nmove=50", &men, "w - - 100 90");
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Draw, "move-count rule"))
    );
}

#[test]
fn acedrex_dice_option_only_off_for_now() {
    let e = variants::find("acedrex").unwrap();
    assert!(variants::parse_options(e, "dice=off").is_ok());
    assert!(variants::parse_options(e, "dice=on").is_err());
    assert!(variants::parse_options(e, "pass=forbidden").is_ok());
}

#[test]
fn every_option_value_builds() {
    for id in [
        "capablanca",
        "capablanca10",
        "chancellor",
        "turkish1",
        "turkish2",
        "turkish3",
        "turkish4",
        "acedrex",
    ] {
        let e = variants::find(id).unwrap();
        for d in e.options {
            for val in d.values.iter().filter(|&&x| x != "N" && x != "*") {
                let v = game(id, &format!("{}={val}", d.key));
                let pos = fen::parse(&v, &v.start_fen).unwrap();
                assert_eq!(fen::to_fen(&pos), v.start_fen);
            }
        }
    }
}
