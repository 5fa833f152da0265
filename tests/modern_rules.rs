//! Rules of the modern family (src/variants/modern): reversed, littlechess, peasants,
//! knightedqueen, faerychess, fairychess, giveaway, giveaway2, madhouse, pocketknight.
//!
//! Start-position perft counts are cross-checked independently: with Fairy-Stockfish (pyffish)
//! where it plays the same game (noted at each test), by hand, or by an argument given in the test.

use std::sync::Arc;

use chatrang::fen;
use chatrang::movegen::{MoveList, legal_moves};
use chatrang::notation::{move_to_string, parse_move};
use chatrang::outcome::outcome;
use chatrang::perft::perft;
use chatrang::position::Position;
use chatrang::variant::{GameResult, Variant};
use chatrang::variants;

fn game(id: &str, opts: &str) -> Arc<Variant> {
    variants::build(id, opts).unwrap_or_else(|e| panic!("{id} {opts}: {e}"))
}

fn at(id: &str, opts: &str, f: &str) -> Position {
    let v = game(id, opts);
    fen::parse(&v, f).unwrap_or_else(|e| panic!("{id}: {f}: {e}"))
}

fn start(id: &str, opts: &str) -> Position {
    let v = game(id, opts);
    fen::parse(&v, &v.start_fen).unwrap()
}

fn legal(pos: &mut Position) -> Vec<String> {
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    let mut v: Vec<String> = list.iter().map(|&m| move_to_string(pos, m)).collect();
    v.sort();
    v
}

fn has(pos: &mut Position, m: &str) -> bool {
    legal(pos).iter().any(|x| x == m)
}

fn play(pos: &mut Position, moves: &[&str]) {
    for s in moves {
        let m = parse_move(pos, s).unwrap_or_else(|e| panic!("{e} in {}", fen::to_fen(pos)));
        pos.make(m);
    }
}

fn moves_from(pos: &mut Position, from: &str) -> Vec<String> {
    legal(pos)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

fn perfts(pos: &mut Position, counts: &[u64]) {
    for (i, &n) in counts.iter().enumerate() {
        assert_eq!(
            perft(pos, i as u32 + 1),
            n,
            "{} depth {}",
            fen::to_fen(pos),
            i + 1
        );
    }
}

fn winner(pos: &mut Position) -> Option<GameResult> {
    outcome(pos).map(|o| o.result)
}

fn start_fen_round_trips(id: &str, opts: &str, expected: &str) {
    let v = game(id, opts);
    assert_eq!(v.start_fen, expected);
    let pos = fen::parse(&v, &v.start_fen).unwrap();
    assert_eq!(fen::to_fen(&pos), expected);
}

/// Plays pseudo-random games (captures and special moves preferred half the time), checking the
/// incremental key, FEN round trips, and that unmake restores every FEN and key.
fn make_unmake_restores(id: &str, opts: &str, plies: usize, seeds: &[u64]) {
    let v = game(id, opts);
    for &seed in seeds {
        let mut pos = fen::parse(&v, &v.start_fen).unwrap();
        let mut rng = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut stack = Vec::new();
        for _ in 0..plies {
            let mut list = MoveList::new();
            legal_moves(&mut pos, &mut list);
            if list.is_empty() {
                break;
            }
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let r = (rng >> 33) as usize;
            let special: Vec<_> = list
                .iter()
                .copied()
                .filter(|&m| {
                    !pos.at(m.to).is_empty() || move_to_string(&pos, m).contains([',', '@'])
                })
                .collect();
            let m = if r & 1 == 0 && !special.is_empty() {
                special[(r >> 1) % special.len()]
            } else {
                list[(r >> 1) % list.len()]
            };
            let before = (fen::to_fen(&pos), pos.st.key);
            pos.make(m);
            assert_eq!(pos.st.key, pos.compute_key(), "key after {}", before.0);
            let f = fen::to_fen(&pos);
            let again = fen::parse(&v, &f).unwrap_or_else(|e| panic!("{f}: {e}"));
            assert_eq!(fen::to_fen(&again), f);
            stack.push((m, before));
        }
        assert!(stack.len() > 4, "{id}: game too short");
        while let Some((m, (f, k))) = stack.pop() {
            pos.unmake(m);
            assert_eq!(fen::to_fen(&pos), f);
            assert_eq!(pos.st.key, k);
        }
    }
}

// ---------------------------------------------------------------- reversed

#[test]
fn reversed_start_fen_round_trips() {
    start_fen_round_trips(
        "reversed",
        "",
        "rbnqknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNQKNBR w KQkq - 0 1",
    );
}

#[test]
fn reversed_make_unmake_restores() {
    make_unmake_restores("reversed", "", 120, &[1, 2, 3]);
}

/// Fairy-Stockfish `chess` with our start FEN: 20, 400, 9010 (pyffish).
#[test]
fn reversed_start_perft() {
    perfts(&mut start("reversed", ""), &[20, 400, 9010]);
}

#[test]
fn reversed_minor_pieces_swapped() {
    let mut pos = start("reversed", "");
    // Knights on c1/f1: c1 reaches b3, d3, e2 is a pawn; f1 reaches e3, g3, h2 is a pawn.
    assert_eq!(moves_from(&mut pos, "c1"), ["c1b3", "c1d3"]);
    assert_eq!(moves_from(&mut pos, "f1"), ["f1e3", "f1g3"]);
    assert!(moves_from(&mut pos, "b1").is_empty());
}

#[test]
fn reversed_castling_on_usual_squares() {
    // King side needs f1 and g1 empty (knight and bishop gone).
    let mut pos = at(
        "reversed",
        "",
        "rbnqknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNQK2R w KQkq - 0 1",
    );
    assert!(has(&mut pos, "e1g1"));
    let mut pos = at(
        "reversed",
        "",
        "rbnqknbr/pppppppp/8/8/8/8/PPPPPPPP/RBNQK1BR w KQkq - 0 1",
    );
    assert!(!has(&mut pos, "e1g1"));
    let mut pos = at(
        "reversed",
        "",
        "rbnqknbr/pppppppp/8/8/8/8/PPPPPPPP/R3KNBR w KQkq - 0 1",
    );
    assert!(has(&mut pos, "e1c1"));
    play(&mut pos, &["e1c1"]);
    assert!(fen::to_fen(&pos).starts_with("rbnqknbr/pppppppp/8/8/8/8/PPPPPPPP/2KR1NBR b kq"));
}

// ---------------------------------------------------------------- littlechess

#[test]
fn littlechess_start_fen_round_trips() {
    start_fen_round_trips("littlechess", "", "4k3/5ppp/8/8/8/8/PPP5/3K4 w - - 0 1");
}

#[test]
fn littlechess_make_unmake_restores() {
    make_unmake_restores("littlechess", "", 150, &[1, 2, 3, 4]);
}

/// By hand: White has Kc1 e1 d2 e2 (c2 is a pawn) and 3 pawns x 2 steps = 10; Black mirrors it
/// (Kd8 f8 d7 e7) = 10, with no interaction at depth 2; depth 3 = 1030 from Fairy-Stockfish `chess`.
#[test]
fn littlechess_start_perft() {
    perfts(&mut start("littlechess", ""), &[10, 100, 1030]);
}

#[test]
fn littlechess_promotion_to_q_r_b_n() {
    let mut pos = at("littlechess", "", "8/P7/8/8/8/8/8/k1K5 w - - 0 1");
    assert_eq!(
        moves_from(&mut pos, "a7"),
        ["a7a8b", "a7a8n", "a7a8q", "a7a8r"]
    );
}

#[test]
fn littlechess_standard_draws() {
    // Stalemate draws.
    let mut pos = at("littlechess", "", "k7/P7/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(winner(&mut pos), Some(GameResult::Draw));
    // King against king is a dead position.
    let mut pos = at("littlechess", "", "k7/8/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(winner(&mut pos), Some(GameResult::Draw));
    // Checkmate wins.
    let mut pos = at("littlechess", "", "k7/8/1K6/8/8/8/8/7R w - - 0 1");
    play(&mut pos, &["h1h8"]);
    assert_eq!(winner(&mut pos), Some(GameResult::Win(0)));
}

// ---------------------------------------------------------------- peasants

#[test]
fn peasants_start_fen_round_trips() {
    start_fen_round_trips(
        "peasants",
        "",
        "1nn1knn1/4p3/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
    );
    start_fen_round_trips(
        "peasants",
        "arrangement=knights3",
        "1nn1k1n1/4p3/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",
    );
}

#[test]
fn peasants_make_unmake_restores() {
    make_unmake_restores("peasants", "", 120, &[1, 2, 3]);
}

/// Fairy-Stockfish `chess` with our start FENs (pyffish): book 18, 306, 5339.
#[test]
fn peasants_start_perft() {
    perfts(&mut start("peasants", ""), &[18, 306, 5339]);
    // knights3 (= FSF variants.ini `peasant`), pyffish: 18, 252, 4397.
    perfts(
        &mut start("peasants", "arrangement=knights3"),
        &[18, 252, 4397],
    );
}

#[test]
fn peasants_unequal_armies_no_castling() {
    let mut pos = start("peasants", "");
    // No rook, no castling: the king has its five steps only.
    assert_eq!(moves_from(&mut pos, "e1"), ["e1d1", "e1f1"]);
}

// ---------------------------------------------------------------- knightedqueen

#[test]
fn knightedqueen_start_fen_round_trips() {
    start_fen_round_trips(
        "knightedqueen",
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
}

#[test]
fn knightedqueen_make_unmake_restores() {
    make_unmake_restores("knightedqueen", "", 120, &[1, 2, 3]);
}

/// Fairy-Stockfish `amazon` (our q = its a), pyffish: 22, 484, 12483. By hand at depth 1: the 20
/// chess moves + Qc3, Qe3.
#[test]
fn knightedqueen_start_perft() {
    perfts(&mut start("knightedqueen", ""), &[22, 484, 12483]);
}

#[test]
fn knightedqueen_queen_leaps_as_knight_at_all_times() {
    let mut pos = at("knightedqueen", "", "4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1");
    // 27 queen moves from d4 on an open board + 8 knight leaps.
    let q = moves_from(&mut pos, "d4");
    for leap in [
        "d4b3", "d4b5", "d4c2", "d4c6", "d4e2", "d4e6", "d4f3", "d4f5",
    ] {
        assert!(q.contains(&leap.to_string()), "{leap}");
    }
    assert_eq!(q.len(), 27 + 8);
    play(&mut pos, &["d4f5", "e8d8", "f5e3"]);
    assert!(fen::to_fen(&pos).starts_with("3k4/8/8/8/8/4Q3/8/4K3 b"));
}

#[test]
fn knightedqueen_promoted_queen_is_knighted() {
    let mut pos = at("knightedqueen", "", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    play(&mut pos, &["e7e8q", "a8a7"]);
    assert!(has(&mut pos, "e8f6"), "{:?}", legal(&mut pos));
    // The leap attacks: the king may not step to a cell a knight's leap from the queen.
    let mut pos = at("knightedqueen", "", "8/k7/8/8/8/8/8/1Q2K3 w - - 0 1");
    play(&mut pos, &["b1c3"]);
    assert!(!has(&mut pos, "a7b5"), "b5 is a knight leap from c3");
}

// ---------------------------------------------------------------- faerychess

#[test]
fn faerychess_start_fen_round_trips() {
    start_fen_round_trips(
        "faerychess",
        "",
        "rnaqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKANR w KQkq - 0 1",
    );
}

#[test]
fn faerychess_make_unmake_restores() {
    make_unmake_restores("faerychess", "", 120, &[1, 2, 3]);
    make_unmake_restores("faerychess", "special=b1:A", 100, &[4]);
}

/// Fairy-Stockfish `fairy` (archbishop a) with our start FEN, pyffish: 22, 484, 12005. By hand at
/// depth 1: the 20 chess moves + Ae3, Ag3 (f1's knight leaps; d2 and h2 are pawns).
#[test]
fn faerychess_start_perft() {
    perfts(&mut start("faerychess", ""), &[22, 484, 12005]);
}

#[test]
fn faerychess_knighted_light_bishop_keeps_knight_move() {
    let mut pos = start("faerychess", "");
    assert_eq!(moves_from(&mut pos, "f1"), ["f1e3", "f1g3"]);
    // After a knight leap it stands on a dark square and still slides as a bishop and leaps.
    play(&mut pos, &["f1g3", "c8b6", "g3f5"]);
    let mut pos2 = at("faerychess", "", "4k3/8/8/8/8/6A1/8/4K3 w - - 0 1");
    let a = moves_from(&mut pos2, "g3");
    assert!(
        a.contains(&"g3f5".to_string())
            && a.contains(&"g3h4".to_string())
            && a.contains(&"g3b8".to_string())
    );
    assert!(fen::to_fen(&pos).starts_with("rn1qkbnr/pppppppp/1a6/5A2/8/8/PPPPPPPP/RNBQK1NR b"));
}

#[test]
fn faerychess_promotion_not_to_special_unless_withspecial() {
    let mut pos = at("faerychess", "", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(
        moves_from(&mut pos, "e7"),
        ["e7e8b", "e7e8n", "e7e8q", "e7e8r"]
    );
    let mut pos = at(
        "faerychess",
        "promotion=withspecial",
        "k7/4P3/8/8/8/8/8/4K3 w - - 0 1",
    );
    assert_eq!(
        moves_from(&mut pos, "e7"),
        ["e7e8a", "e7e8b", "e7e8n", "e7e8q", "e7e8r"]
    );
}

#[test]
fn faerychess_special_other_man_and_move() {
    // By start square: the b1 knight (and b8 for Black) also leaps as an alfil, written A.
    let v = game("faerychess", "special=b1:A");
    assert_eq!(
        v.start_fen,
        "rabqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RABQKBNR w KQkq - 0 1"
    );
    let mut pos = start("faerychess", "special=b1:A");
    assert_eq!(moves_from(&mut pos, "b1"), ["b1a3", "b1c3", "b1d3"]);
    // By kind: both rooks of each side gain a one-step diagonal (ferz) move.
    let v = game("faerychess", "special=R:F");
    assert_eq!(
        v.start_fen,
        "anbqkbna/pppppppp/8/8/8/8/PPPPPPPP/ANBQKBNA w KQkq - 0 1"
    );
    let mut pos = at(
        "faerychess",
        "special=R:F",
        "4k3/8/8/8/8/8/8/A3K3 w Q - 0 1",
    );
    assert!(has(&mut pos, "a1b2") && has(&mut pos, "a1a8") && has(&mut pos, "e1c1"));
    assert!(variants::build("faerychess", "special=e4:N").is_err());
    assert!(variants::build("faerychess", "special=Q:Y").is_err());
}

// ---------------------------------------------------------------- fairychess

#[test]
fn fairychess_start_fen_round_trips() {
    start_fen_round_trips(
        "fairychess",
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Qq",
    );
    start_fen_round_trips(
        "fairychess",
        "special=b1:A",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Nb1nb8",
    );
    start_fen_round_trips(
        "fairychess",
        "special=secret",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 KQRBNPkqrbnp",
    );
}

#[test]
fn fairychess_make_unmake_restores() {
    make_unmake_restores("fairychess", "", 120, &[1, 2, 3, 4]);
    make_unmake_restores("fairychess", "special=secret", 100, &[5, 6]);
    make_unmake_restores("fairychess", "special=R:W", 100, &[7]);
}

/// Depth 1: 20 chess moves + the queen's knight leaps Qc3, Qe3 = 22; depth 2: 22 x 22 (the two
/// sides do not interact). Depth 3: knightedqueen (every queen leaps always) has 12483; the only
/// difference within 3 plies is White's second knight leap after a first one at ply 1: from c3
/// (a4 b5 d1 d5 e4) or e3 (c4 d1 d5 f5 g4) 5 leaps after each of Black's 22 replies:
/// 12483 - 2 * 22 * 5 = 12263.
#[test]
fn fairychess_start_perft() {
    perfts(&mut start("fairychess", ""), &[22, 484, 12263]);
}

#[test]
fn fairychess_queen_knight_move_once() {
    let mut pos = start("fairychess", "");
    assert_eq!(moves_from(&mut pos, "d1"), ["d1c3", "d1e3"]);
    play(&mut pos, &["d1c3"]);
    assert_eq!(
        fen::to_fen(&pos),
        "rnbqkbnr/pppppppp/8/8/8/2Q5/PPPPPPPP/RNB1KBNR b KQkq - 1 1 q"
    );
    play(&mut pos, &["d8c6"]);
    assert_eq!(
        fen::to_fen(&pos),
        "rnb1kbnr/pppppppp/2q5/8/8/2Q5/PPPPPPPP/RNB1KBNR w KQkq - 2 2 -"
    );
    // No more knight leaps for either queen; ordinary queen moves remain.
    let q = moves_from(&mut pos, "c3");
    assert!(
        !q.contains(&"c3b5".to_string())
            && q.contains(&"c3c6".to_string())
            && q.contains(&"c3a5".to_string())
    );
}

#[test]
fn fairychess_right_lost_when_queen_captured() {
    let mut pos = at("fairychess", "", "4k3/8/8/8/8/2q5/8/Q3K3 w - - 0 1 Qq");
    play(&mut pos, &["a1c3"]);
    assert_eq!(fen::to_fen(&pos), "4k3/8/8/8/8/2Q5/8/4K3 b - - 0 1 Q");
    // The capture is an ordinary diagonal move: White keeps its leap.
    play(&mut pos, &["e8d7"]);
    assert!(has(&mut pos, "c3b5"));
}

#[test]
fn fairychess_promoted_queen_has_no_power() {
    let mut pos = at("fairychess", "", "k7/4P3/8/8/8/8/8/3QK3 w - - 0 1 Q");
    play(&mut pos, &["e7e8q", "a8a7"]);
    // Two white queens: the field names the original one.
    assert!(fen::to_fen(&pos).ends_with(" Qd1"), "{}", fen::to_fen(&pos));
    let e8 = moves_from(&mut pos, "e8");
    assert!(
        !e8.iter()
            .any(|m| m == "e8f6" || m == "e8d6" || m == "e8c7" || m == "e8g7")
    );
    assert!(has(&mut pos, "d1c3"));
    // The same position read back from its FEN.
    let f = fen::to_fen(&pos);
    let mut again = at("fairychess", "", &f);
    assert_eq!(legal(&mut again), legal(&mut pos));
}

#[test]
fn fairychess_knight_move_checks_and_answers_check() {
    // The unused leap attacks: the black king may not step to b6, a knight's leap from d5.
    let mut pos = at("fairychess", "", "8/k7/8/3Q4/8/8/8/4K3 b - - 0 1 Q");
    assert_eq!(moves_from(&mut pos, "a7"), ["a7a6", "a7b8"]);
    // Once spent, b6 is safe again.
    let mut pos = at("fairychess", "", "8/k7/8/3Q4/8/8/8/4K3 b - - 0 1 -");
    assert_eq!(moves_from(&mut pos, "a7"), ["a7a6", "a7b6", "a7b8"]);
    // The leap may answer a check: capture the checking rook on c3 from d1.
    let mut pos = at("fairychess", "", "4k3/8/8/8/8/2r5/8/2KQ4 w - - 0 1 Q");
    assert!(has(&mut pos, "d1c3"));
}

#[test]
fn fairychess_special_by_square_and_betza() {
    let mut pos = start("fairychess", "special=b1:A");
    assert_eq!(moves_from(&mut pos, "b1"), ["b1a3", "b1c3", "b1d3"]);
    assert_eq!(moves_from(&mut pos, "g1"), ["g1f3", "g1h3"]);
    play(&mut pos, &["b1d3"]);
    assert!(fen::to_fen(&pos).ends_with(" nb8"));
    // A special move that an ordinary move also makes (rook + W) is listed once and keeps the power.
    let mut pos = at(
        "fairychess",
        "special=R:W",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 R",
    );
    assert_eq!(moves_from(&mut pos, "a1").len(), 10);
    play(&mut pos, &["a1a2"]);
    assert!(fen::to_fen(&pos).ends_with(" R"));
}

#[test]
fn fairychess_secret_any_man_may_use_it_once() {
    let mut pos = start("fairychess", "special=secret");
    // Any man may leap as a knight: pawn, king, rook...
    let l = legal(&mut pos);
    assert!(
        l.contains(&"e2d4".to_string())
            && l.contains(&"e1f3".to_string())
            && l.contains(&"a1b3".to_string())
    );
    play(&mut pos, &["e2d4"]);
    assert!(fen::to_fen(&pos).ends_with(" kqrbnp"));
    play(&mut pos, &["e7e5"]);
    // White's power is spent: no knight leap for any white man.
    let l = legal(&mut pos);
    assert!(
        !l.contains(&"d1e3".to_string())
            && !l.contains(&"e1f3".to_string())
            && !l.contains(&"a1b3".to_string())
    );
    // A recorded designation: only that man.
    let mut pos = at(
        "fairychess",
        "special=secret",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 Pe2kqrbnp",
    );
    assert!(has(&mut pos, "e2d4") && !has(&mut pos, "d2b3"));
    // secret-exclude=KP: kings and pawns may not hold it.
    let v = game("fairychess", "special=secret secret-exclude=KP");
    assert!(v.start_fen.ends_with(" QRBNqrbn"));
}

#[test]
fn fairychess_designated_pawn_promotes_with_power() {
    let mut pos = at(
        "fairychess",
        "special=secret",
        "k7/4P3/8/8/8/8/8/4K3 w - - 0 1 P",
    );
    play(&mut pos, &["e7e8q", "a8a7"]);
    assert!(fen::to_fen(&pos).ends_with(" Q"));
    assert!(has(&mut pos, "e8f6"));
    // Reaching the last rank by the special move promotes as usual.
    let mut pos = at(
        "fairychess",
        "special=secret",
        "k7/8/4P3/8/8/8/8/4K3 w - - 0 1 P",
    );
    assert!(has(&mut pos, "e6d8q") && !has(&mut pos, "e6d8"));
}

// ---------------------------------------------------------------- giveaway

#[test]
fn giveaway_start_fen_round_trips() {
    start_fen_round_trips(
        "giveaway",
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    );
    start_fen_round_trips(
        "giveaway",
        "castling=on",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
}

#[test]
fn giveaway_make_unmake_restores() {
    make_unmake_restores("giveaway", "", 120, &[1, 2, 3, 4]);
    make_unmake_restores("giveaway", "castling=on", 80, &[5, 6]);
}

/// Fairy-Stockfish `antichess` differs only in promotion and stalemate, neither reachable within
/// four plies, pyffish: 20, 400, 8067, 153299.
#[test]
fn giveaway_start_perft() {
    perfts(&mut start("giveaway", ""), &[20, 400, 8067, 153299]);
}

#[test]
fn giveaway_capture_compulsory() {
    let mut pos = start("giveaway", "");
    play(&mut pos, &["e2e4", "d7d5"]);
    assert_eq!(legal(&mut pos), ["e4d5"]);
    // En passant counts as a capture.
    let mut pos = at("giveaway", "", "4k3/8/8/3pP3/8/8/8/R3K3 w - d6 0 1");
    assert_eq!(legal(&mut pos), ["e5d6"]);
    // With several captures, any of them.
    let mut pos = at("giveaway", "", "4k3/8/8/3p1p2/4P3/8/8/4K3 w - - 0 1");
    assert_eq!(legal(&mut pos), ["e4d5", "e4f5"]);
}

#[test]
fn giveaway_king_not_royal() {
    // The king may step into attack and be captured; check means nothing.
    let mut pos = at("giveaway", "", "8/8/8/8/8/8/r7/4K3 w - - 0 1");
    assert_eq!(legal(&mut pos), ["e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]);
    let mut pos = at("giveaway", "", "8/8/8/8/8/8/4r3/4K3 w - - 0 1");
    assert_eq!(legal(&mut pos), ["e1e2"]);
    let mut pos = at("giveaway", "", "8/8/8/8/8/8/1K6/r7 b - - 0 1");
    // The rook may move next to the king (7 + 7 moves)...
    assert_eq!(legal(&mut pos).len(), 14);
    play(&mut pos, &["a1a2"]);
    // White must capture the rook with the king.
    assert_eq!(legal(&mut pos), ["b2a2"]);
}

#[test]
fn giveaway_promotion_to_queen_only() {
    let mut pos = at("giveaway", "", "8/4P3/8/8/8/8/8/k7 w - - 0 1");
    assert_eq!(legal(&mut pos), ["e7e8q"]);
}

#[test]
fn giveaway_player_without_men_wins() {
    let mut pos = at("giveaway", "", "8/8/8/8/8/8/1r6/B7 w - - 0 1");
    play(&mut pos, &["a1b2"]);
    assert_eq!(winner(&mut pos), Some(GameResult::Win(1)));
}

#[test]
fn giveaway_stalemate_draws() {
    // Black has a blocked pawn and no move.
    let mut pos = at("giveaway", "", "8/8/8/8/8/p7/P7/8 b - - 0 1");
    assert!(legal(&mut pos).is_empty());
    assert_eq!(winner(&mut pos), Some(GameResult::Draw));
}

#[test]
fn giveaway_castling_option_without_attack_conditions() {
    let f = "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    let mut pos = at("giveaway", "castling=on", f);
    // f1 is attacked by the f8 rook: castling through it is still allowed.
    assert!(has(&mut pos, "e1g1") && has(&mut pos, "e1c1"));
    play(&mut pos, &["e1g1"]);
    assert_eq!(fen::to_fen(&pos), "4kr2/8/8/8/8/8/8/R4RK1 b - - 1 1");
    // Default: no castling (and no rights in the FEN).
    assert!(fen::parse(&game("giveaway", ""), f).is_err());
    let mut pos = at("giveaway", "", "4kr2/8/8/8/8/8/8/R3K2R w - - 0 1");
    assert!(!has(&mut pos, "e1g1"));
}

// ---------------------------------------------------------------- giveaway2

#[test]
fn giveaway2_start_fen_round_trips() {
    start_fen_round_trips(
        "giveaway2",
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
}

#[test]
fn giveaway2_make_unmake_restores() {
    make_unmake_restores("giveaway2", "", 120, &[1, 2, 3, 4]);
}

/// Fairy-Stockfish `losers` differs only in promotion and stalemate, neither reachable within four
/// plies, pyffish: 20, 400, 8067, 152955.
#[test]
fn giveaway2_start_perft() {
    perfts(&mut start("giveaway2", ""), &[20, 400, 8067, 152955]);
}

#[test]
fn giveaway2_capture_compulsory_among_legal_moves() {
    // The e5 pawn may not take d6 (pinned by the e8 rook): the capture is not legal, so White is free.
    let mut pos = at("giveaway2", "", "k3r3/8/3p4/4P3/8/8/8/4K3 w - - 0 1");
    assert!(!has(&mut pos, "e5d6") && has(&mut pos, "e1d1") && has(&mut pos, "e5e6"));
    // In check: capture only if a capture is among the evasions.
    let mut pos = at("giveaway2", "", "k7/8/8/8/8/8/8/3rK3 w - - 0 1");
    assert_eq!(legal(&mut pos), ["e1d1"]);
    // The knight's capture on h5 does not answer the check: no capture is legal.
    let mut pos = at("giveaway2", "", "k7/8/8/7p/8/6N1/8/r3K3 w - - 0 1");
    assert_eq!(legal(&mut pos), ["e1d2", "e1e2", "e1f2"]);
}

#[test]
fn giveaway2_checkmated_player_wins() {
    let mut pos = at("giveaway2", "", "k7/pp6/8/8/8/8/8/4K2R w - - 0 1");
    play(&mut pos, &["h1h8"]);
    assert!(legal(&mut pos).is_empty());
    assert_eq!(winner(&mut pos), Some(GameResult::Win(1)));
}

#[test]
fn giveaway2_bare_king_wins() {
    let mut pos = at("giveaway2", "", "7k/8/8/8/8/8/8/Rp2K3 w - - 0 1");
    assert_eq!(winner(&mut pos), None);
    play(&mut pos, &["a1b1"]);
    assert_eq!(winner(&mut pos), Some(GameResult::Win(1)));
}

#[test]
fn giveaway2_promotion_and_stalemate_options() {
    let f = "8/4P3/8/8/8/8/8/k1K5 w - - 0 1";
    assert_eq!(moves_from(&mut at("giveaway2", "", f), "e7"), ["e7e8q"]);
    assert_eq!(
        moves_from(&mut at("giveaway2", "promotion=standard", f), "e7"),
        ["e7e8b", "e7e8n", "e7e8q", "e7e8r"]
    );
    // Black stalemated (with a blocked pawn, so not bare).
    let s = "k7/P7/1K6/8/8/7p/7P/8 b - - 0 1";
    assert_eq!(winner(&mut at("giveaway2", "", s)), Some(GameResult::Draw));
    assert_eq!(
        winner(&mut at("giveaway2", "stalemate=win", s)),
        Some(GameResult::Win(1))
    );
}

// ---------------------------------------------------------------- madhouse

#[test]
fn madhouse_start_fen_round_trips() {
    start_fen_round_trips(
        "madhouse",
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    );
    start_fen_round_trips(
        "madhouse",
        "promoted=pawn",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -",
    );
}

#[test]
fn madhouse_make_unmake_restores() {
    make_unmake_restores("madhouse", "", 100, &[1, 2, 3]);
    make_unmake_restores("madhouse", "promoted=pawn pawnlastrank=forbidden", 80, &[4]);
}

/// Depths 1-2 as chess (no capture possible). Depth 3: chess has 8902 leaves; each ply-3 capture
/// instead counts its valid placements. Counted independently with pyffish (chess move tree,
/// placements checked with `gives_check` on the captor's side): 9975.
#[test]
fn madhouse_start_perft() {
    perfts(&mut start("madhouse", ""), &[20, 400, 9975]);
}

#[test]
fn madhouse_captor_replaces_captured_man() {
    let mut pos = start("madhouse", "");
    play(&mut pos, &["e2e4", "d7d5"]);
    let caps: Vec<String> = legal(&mut pos)
        .into_iter()
        .filter(|m| m.starts_with("e4d5"))
        .collect();
    // 64 cells - 31 men after the capture = 33 empty cells (e4 and d7 included); none on rank 8
    // (forbidden for a black pawn) and none on d2/f2 (where it would check e1): 33 placements.
    assert_eq!(caps.len(), 33, "{caps:?}");
    assert!(caps.contains(&"e4d5,p@e4".to_string()) && caps.contains(&"e4d5,p@d7".to_string()));
    assert!(
        !caps.contains(&"e4d5".to_string()),
        "the plain capture needs no free cell"
    );
    play(&mut pos, &["e4d5,p@h3"]);
    assert_eq!(
        fen::to_fen(&pos),
        "rnbqkbnr/ppp1pppp/8/3P4/8/7p/PPPP1PPP/RNBQKBNR b KQkq - 0 2"
    );
}

#[test]
fn madhouse_pawn_not_on_owner_first_rank() {
    // White takes a black pawn: it may not go on rank 8; it may go on rank 1 (its last rank).
    let mut pos = at("madhouse", "", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    let caps: Vec<String> = moves_from(&mut pos, "e4");
    assert!(!caps.iter().any(|m| m.ends_with('8')));
    assert!(caps.contains(&"e4d5,p@a1".to_string()));
    // 64 - 3 men = 61 empty; minus rank 8 (7 empty cells) and d2, f2 (checking e1): 52
    // placements, + e4e5.
    assert_eq!(caps.len(), 52 + 1);
    // pawnlastrank=forbidden: rank 1 is excluded too (7 cells, e1 being the king).
    let mut pos = at(
        "madhouse",
        "pawnlastrank=forbidden",
        "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1",
    );
    assert_eq!(moves_from(&mut pos, "e4").len(), 52 - 7 + 1);
}

#[test]
fn madhouse_bishop_on_colour_of_capture_cell() {
    // d5 is a light cell: the bishop comes back on a light cell.
    let mut pos = at("madhouse", "", "4k3/8/8/3b4/4P3/8/8/4K3 w - - 0 1");
    let caps: Vec<String> = moves_from(&mut pos, "e4")
        .into_iter()
        .filter(|m| m.contains(','))
        .collect();
    assert!(caps.contains(&"e4d5,b@h1".to_string()) && !caps.contains(&"e4d5,b@a1".to_string()));
    // 32 light cells minus d5 (the captor) and e8 (the black king); e4 (vacated) is light and
    // free. A light-square bishop never checks e1 (dark): 30 placements.
    assert_eq!(caps.len(), 30);
}

#[test]
fn madhouse_placement_may_not_check_captor() {
    // A captured knight may not be placed a knight's leap from the captor's king (e1: c2 d3 f3 g2).
    let mut pos = at("madhouse", "", "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1");
    let caps: Vec<String> = moves_from(&mut pos, "e4")
        .into_iter()
        .filter(|m| m.contains(','))
        .collect();
    for bad in ["c2", "d3", "f3", "g2"] {
        assert!(!caps.contains(&format!("e4d5,n@{bad}")), "{bad}");
    }
    assert_eq!(caps.len(), 61 - 4);
}

#[test]
fn madhouse_placement_can_block_check() {
    // The e2 knight is pinned by the e8 rook; taking d4 is legal only with the pawn put back on
    // the e-file between them (e2 e3 e4 e5 e6 e7).
    let mut pos = at("madhouse", "", "k3r3/8/8/8/3p4/8/4N3/4K3 w - - 0 1");
    let caps: Vec<String> = moves_from(&mut pos, "e2")
        .into_iter()
        .filter(|m| m.starts_with("e2d4"))
        .collect();
    assert_eq!(
        caps,
        [
            "e2d4,p@e2",
            "e2d4,p@e3",
            "e2d4,p@e4",
            "e2d4,p@e5",
            "e2d4,p@e6",
            "e2d4,p@e7"
        ]
    );
}

#[test]
fn madhouse_no_cell_removes_man_for_good() {
    // Every light cell is full but d5, where a white knight takes a black bishop: it leaves the game.
    let mut rows = Vec::new();
    for y in (0..8).rev() {
        let mut r = String::new();
        for x in 0..8 {
            let light = (x + y) % 2 == 1;
            let c = match (x, y) {
                (0, 0) => 'K',
                (7, 7) => 'k',
                (2, 2) => 'N',
                (3, 4) => 'b',
                _ if light && (y == 0 || y == 7) => 'N',
                _ if light => 'P',
                _ => '1',
            };
            r.push(c);
        }
        rows.push(r);
    }
    let board = rows.join("/");
    let mut f = String::new();
    let mut run = 0;
    for ch in board.chars() {
        if ch == '1' {
            run += 1;
            continue;
        }
        if run > 0 {
            f += &run.to_string();
            run = 0;
        }
        f.push(ch);
    }
    if run > 0 {
        f += &run.to_string();
    }
    let mut pos = at("madhouse", "", &format!("{f} w - - 0 1"));
    let c3: Vec<String> = moves_from(&mut pos, "c3")
        .into_iter()
        .filter(|m| m.starts_with("c3d5"))
        .collect();
    assert_eq!(c3, ["c3d5"]);
    play(&mut pos, &["c3d5"]);
    assert_eq!(pos.material_count(1), 1);
}

#[test]
fn madhouse_en_passant_and_promotion_captures_replace() {
    let mut pos = at("madhouse", "", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let ep: Vec<String> = moves_from(&mut pos, "e5")
        .into_iter()
        .filter(|m| m.starts_with("e5d6"))
        .collect();
    // The captured pawn's own cell d5 and the vacated e5 are free; rank 8 is not (pawn).
    assert!(ep.contains(&"e5d6,p@d5".to_string()) && ep.contains(&"e5d6,p@e5".to_string()));
    play(&mut pos, &["e5d6,p@d5"]);
    assert_eq!(fen::to_fen(&pos), "4k3/8/3P4/3p4/8/8/8/4K3 b - - 0 1");
    let mut pos = at("madhouse", "", "3rk3/4P3/8/8/8/8/8/K7 w - - 0 1");
    // Not a8 or h1, where the rook would check the a1 king.
    assert!(has(&mut pos, "e7d8q,r@h8") && has(&mut pos, "e7d8n,r@h2") && !has(&mut pos, "e7d8q"));
    assert!(!has(&mut pos, "e7d8q,r@a8") && !has(&mut pos, "e7d8q,r@h1"));
    play(&mut pos, &["e7d8n,r@h2"]);
    assert_eq!(fen::to_fen(&pos), "3Nk3/8/8/8/8/8/7r/K7 b - - 0 1");
}

#[test]
fn madhouse_placed_pawn_double_steps_and_last_rank_pawn_is_idle() {
    // A white pawn put back on its second rank may double-step.
    let mut pos = at("madhouse", "", "4k3/8/8/8/8/3p4/4P3/4K3 b - - 0 1");
    play(&mut pos, &["d3e2,P@c2"]);
    assert!(has(&mut pos, "c2c4"));
    // A pawn on its last rank (allowed) has no move and does not promote.
    let mut pos = at("madhouse", "", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1");
    assert!(moves_from(&mut pos, "a8").is_empty());
}

#[test]
fn madhouse_promoted_option_returns_pawn() {
    let mut pos = at(
        "madhouse",
        "promoted=pawn",
        "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1 d2",
    );
    let caps: Vec<String> = moves_from(&mut pos, "e1")
        .into_iter()
        .filter(|m| m.starts_with("e1d2"))
        .collect();
    assert!(caps.contains(&"e1d2,p@a3".to_string()) && !caps.iter().any(|m| m.contains("q@")));
    play(&mut pos, &["e1d2,p@a3"]);
    assert_eq!(fen::to_fen(&pos), "4k3/8/8/8/8/p7/3K4/8 b - - 0 1 -");
    // An original queen comes back as a queen.
    let mut pos = at(
        "madhouse",
        "promoted=pawn",
        "4k3/8/8/8/8/8/3q4/4K3 w - - 0 1 -",
    );
    assert!(has(&mut pos, "e1d2,q@a3"));
}

#[test]
fn madhouse_captured_rook_loses_castling_right() {
    let mut pos = at("madhouse", "", "r3k2r/8/8/8/8/8/8/R3K2B w Qkq - 0 1");
    // Bishop h1 takes a8: the rook goes back (here to d7), Black's queen-side right is gone.
    play(&mut pos, &["h1a8,r@d7"]);
    assert_eq!(fen::to_fen(&pos), "B3k2r/3r4/8/8/8/8/8/R3K3 b Qk - 0 1");
}

// ---------------------------------------------------------------- pocketknight

#[test]
fn pocketknight_start_fen_round_trips() {
    start_fen_round_trips(
        "pocketknight",
        "",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1",
    );
}

#[test]
fn pocketknight_make_unmake_restores() {
    make_unmake_restores("pocketknight", "", 120, &[1, 2, 3]);
}

/// Fairy-Stockfish `pocketknight`, pyffish: 52, 2565, 88617. By hand at depth 1: 20 moves + a
/// drop on each of the 32 empty cells.
#[test]
fn pocketknight_start_perft() {
    perfts(&mut start("pocketknight", ""), &[52, 2565, 88617]);
}

#[test]
fn pocketknight_drop_once_anywhere() {
    let mut pos = start("pocketknight", "");
    let drops: Vec<String> = legal(&mut pos)
        .into_iter()
        .filter(|m| m.starts_with("N@"))
        .collect();
    assert_eq!(drops.len(), 32);
    assert!(drops.contains(&"N@a6".to_string()));
    play(&mut pos, &["N@a6"]);
    assert_eq!(
        fen::to_fen(&pos),
        "rnbqkbnr/pppppppp/N7/8/8/8/PPPPPPPP/RNBQKBNR[n] b KQkq - 1 1"
    );
    // Black drops too (written with an upper-case N); then both pockets are empty.
    play(&mut pos, &["N@e4"]);
    assert!(!legal(&mut pos).iter().any(|m| m.contains('@')));
    assert!(fen::to_fen(&pos).contains("[]"));
}

#[test]
fn pocketknight_captures_do_not_fill_pocket() {
    let mut pos = at("pocketknight", "", "4k3/8/8/3n4/4P3/8/8/4K3[] w - - 0 1");
    play(&mut pos, &["e4d5"]);
    assert!(fen::to_fen(&pos).starts_with("4k3/8/8/3P4/8/8/8/4K3[] b"));
}

#[test]
fn pocketknight_drop_blocks_and_gives_check() {
    // In check from the a5 bishop: the drop may block on b4, c3 or d2.
    let mut pos = at("pocketknight", "", "4k3/8/8/b7/8/8/8/4K3[N] w - - 0 1");
    let drops: Vec<String> = legal(&mut pos)
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    assert_eq!(drops, ["N@b4", "N@c3", "N@d2"]);
    // A drop may mate: a smothered mate on f7.
    let mut pos = at("pocketknight", "", "6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1");
    play(&mut pos, &["N@f7"]);
    assert_eq!(winner(&mut pos), Some(GameResult::Win(0)));
}
