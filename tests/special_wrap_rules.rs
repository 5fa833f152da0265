//! Rules of torus, round, roundcitadel, cuarenta and oblong (issue 5, part E).
//!
//! Start-position perft cross-checks: `scripts/special_wrap_perft.py`, an independent Python
//! move generator written from the specs (not from this engine), gives
//! - torus 39, 1350, 51570, 1981420;
//! - round (and roundcitadel: the radially mirrored array, same counts) 14, 196, 2912, 43267, 679749;
//! - cuarenta 22, 509, 12377, 304665 (22 = the spec's own count for White's first move);
//! - oblong A 24, 576, 13826, 331960; B 20, 400, 8000; C 8, 64, 624; D 4, 16, 88;
//!   E and F 18, 324, 6084; G and G2 12, 144, 1884.
//!
//! Positions with the special rules in reach (same script, `fen=`): round with pawns about to
//! meet, cuarenta with Frog lines, castling in check and promotions (see `*_position_perft`).
//!
//! Round's first move is also countable by hand: 8 pawn steps, Faras b1-a15/c15 and b2-a4/c4,
//! Fil c1-a15 and c2-a4 (14); nothing interacts within two plies (14 * 14 = 196).

mod common;

use chatrang::fen;
use chatrang::movegen::{MoveList, legal_moves};
use chatrang::notation::move_to_string;
use chatrang::position::Position;
use chatrang::variant::GameResult;
use chatrang::variants;
use common::*;

// ---------------------------------------------------------------------------------------------
// helpers

/// A FEN board built from (cell, letter) pairs on a `w` x `h` grid (plain digits for empty
/// cells, which also skip holes), followed by `rest`.
fn board(w: usize, h: usize, men: &[(&str, char)], rest: &str) -> String {
    format!("{} {rest}", grid_fen(w, h, men))
}

/// Legal moves = pseudo-legal moves (each (move string) once) that do not leave the mover's
/// royal attacked and that `allowed` accepts; no duplicates in the legal list.
fn check_legal_set(pos: &mut Position, allowed: &dyn Fn(&Position, &str) -> bool) {
    let mut want: Vec<String> = pseudo_minus_self_check(pos, common::any)
        .into_iter()
        .map(|m| move_to_string(pos, m))
        .filter(|s| allowed(pos, s))
        .collect();
    want.sort();
    want.dedup();
    let got = legal(pos);
    let mut dedup = got.clone();
    dedup.dedup();
    assert_eq!(got, dedup, "duplicate legal moves in {}", fen::to_fen(pos));
    assert_eq!(got, want, "legal set in {}", fen::to_fen(pos));
}

/// Random legal moves from `f`: key after each make, FEN written after each move reads back to
/// the same FEN, legal = pseudo-legal minus self-check; then everything unmade restores FEN and
/// key.
fn random_walk(
    id: &str,
    opts: &str,
    f: &str,
    plies: usize,
    seed: u64,
    allowed: &dyn Fn(&Position, &str) -> bool,
) {
    let mut pos = setup(id, opts, f);
    let reached = common::random_walk(&mut pos, plies, seed, Reread::FenAndKey, |p| {
        if chatrang::outcome::outcome(p).is_some() {
            return false;
        }
        check_legal_set(p, allowed);
        true
    });
    assert!(!reached.is_empty(), "{id} {opts}: no move made");
}

fn any(_: &Position, _: &str) -> bool {
    true
}

fn cell(pos: &Position, s: &str) -> u16 {
    pos.v.geo.parse_cell(s).unwrap()
}

/// The moves after which the opponent is checkmated.
fn mating_moves(pos: &mut Position) -> Vec<String> {
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    let mut out = Vec::new();
    for &m in &list {
        let s = move_to_string(pos, m);
        pos.make(m);
        if let Some((GameResult::Win(_), "checkmate")) = result(pos) {
            out.push(s);
        }
        pos.unmake(m);
    }
    out.sort();
    out
}

// ---------------------------------------------------------------------------------------------
// torus

const TORUS_START: &str = "r1b2b1r/p2pp2p/n1pqkp1n/3pp3/3PP3/N1PQKP1N/P2PP2P/R1B2B1R w - - 0 1";

#[test]
fn torus_start_fen_round_trips() {
    round_trip("torus", "", TORUS_START);
    round_trip("torus", "doublestep=rank2 material=fide", TORUS_START);
    // The optional seventh field, given in full, is the start position itself.
    let v = variants::build("torus", "").unwrap();
    let full = format!("{TORUS_START} a2d2e2h2d4e4a7d7e7h7d5e5");
    let pos = fen::parse(&v, &full).unwrap();
    assert_eq!(fen::to_fen(&pos), TORUS_START);
    assert_eq!(pos.st.key, start("torus", "").st.key);
}

#[test]
fn torus_start_perft() {
    perft_counts("torus", "", &[39, 1350, 51570, 1981420]);
}

#[test]
fn torus_wrap_rook_h8_attacks_h1() {
    let pos = setup("torus", "", "7r/8/8/k7/8/8/8/2K5 w - - 0 1");
    assert!(pos.attacked_by(cell(&pos, "h1"), 1));
    assert!(pos.attacked_by(cell(&pos, "a8"), 1));
}

#[test]
fn torus_wrap_bishop_reenters_long_diagonals() {
    let mut pos = setup("torus", "", "8/6B1/8/8/k7/8/8/2K5 w - - 0 1");
    let m = from(&mut pos, "g7");
    for s in ["g7h8", "g7a1", "g7b2", "g7f6"] {
        assert!(m.contains(&s.to_string()), "{s} in {m:?}");
    }
    let mut pos = setup("torus", "", "8/1B6/8/4k3/8/8/8/2K5 w - - 0 1");
    let m = from(&mut pos, "b7");
    assert!(listed(&m, "b7a8") && listed(&m, "b7h1"));
    assert!(listed(&m, "b7g2"));
}

#[test]
fn torus_wrap_knight_g1_a8() {
    let mut pos = setup("torus", "", "8/8/8/4k3/8/8/8/2K3N1 w - - 0 1");
    let m = from(&mut pos, "g1");
    assert_eq!(m.len(), 8, "{m:?}");
    assert!(listed(&m, "g1a8"));
}

#[test]
fn torus_wrap_queen_d6_reaches_a1_through_c7_b8() {
    let mut pos = setup("torus", "", "8/8/3Q4/8/8/5k2/8/1K6 w - - 0 1");
    let m = from(&mut pos, "d6");
    for s in ["d6c7", "d6b8", "d6a1"] {
        assert!(m.contains(&s.to_string()), "{s}");
    }
}

#[test]
fn torus_slider_never_returns_to_own_square() {
    // A rook alone on its rank and file: 7 + 7 targets, each once, never its own cell.
    let mut pos = setup("torus", "", "8/8/4k3/8/8/8/2K5/R7 w - - 0 1");
    let m = from(&mut pos, "a1");
    assert!(!listed(&m, "a1a1"));
    assert_eq!(m.len(), 14, "{m:?}");
}

#[test]
fn torus_target_on_two_rays_generated_once() {
    // a1-e1 is 4 steps both ways; with the rank empty both paths are clear.
    let mut pos = setup("torus", "", "8/8/4k3/8/8/8/2K5/R7 w - - 0 1");
    let all = legal(&mut pos);
    assert_eq!(all.iter().filter(|s| *s == "a1e1").count(), 1);
    // A capture on e1 reached both ways is one move too; a blocker on c1 leaves the other way.
    let mut pos = setup("torus", "", "8/8/4k3/8/8/8/2K5/R3n3 w - - 0 1");
    assert_eq!(legal(&mut pos).iter().filter(|s| *s == "a1e1").count(), 1);
    let mut pos = setup("torus", "", "8/8/4k3/K7/8/8/8/R1N1n3 w - - 0 1");
    let m = from(&mut pos, "a1");
    assert_eq!(m.iter().filter(|s| *s == "a1e1").count(), 1);
    assert!(listed(&m, "a1b1") && !listed(&m, "a1d1"));
    check_legal_set(&mut pos, &any);
}

#[test]
fn torus_double_step_only_for_unmoved_eligible_pawns() {
    // The d4 pawn may double-step (default); c3 never may.
    let f = "8/8/6k1/8/3P4/2P5/8/K7 w - - 0 1";
    let mut pos = setup("torus", "", f);
    assert_eq!(from(&mut pos, "d4"), strs(&["d4d5", "d4d6"]));
    assert_eq!(from(&mut pos, "c3"), strs(&["c3c4"]));
    let mut pos = setup("torus", "doublestep=rank2", f);
    assert_eq!(from(&mut pos, "d4"), strs(&["d4d5"]));
    // The seventh field says the d4 pawn has moved: it is written back.
    let f2 = "8/8/6k1/8/3P4/2P5/8/K7 w - - 0 1 -";
    let mut pos = setup("torus", "", f2);
    assert_eq!(from(&mut pos, "d4"), strs(&["d4d5"]));
    assert_eq!(fen::to_fen(&pos), f2);
    // The start pawns beside the royal pair step once.
    let mut pos = start("torus", "");
    assert_eq!(from(&mut pos, "c3"), strs(&["c3c4"]));
    assert_eq!(from(&mut pos, "f3"), strs(&["f3f4"]));
    // A right on a cell without its pawn is rejected.
    assert!(!parses("torus", "", "8/8/6k1/8/3P4/2P5/8/K7 w - - 0 1 e4"));
    assert!(!parses("torus", "", "8/8/6k1/8/3P4/2P5/8/K7 w - - 0 1 c3"));
}

#[test]
fn torus_double_step_right_lost_when_pawn_moves() {
    let mut pos = setup("torus", "", "8/8/6k1/8/8/8/3P4/K7 w - - 0 1");
    play(&mut pos, &["d2d3", "g6g5", "d3d4", "g5g6"]);
    // d4 is an eligible square, but this pawn came from d2: the field says so.
    assert_eq!(fen::to_fen(&pos), "8/8/6k1/8/3P4/8/8/K7 w - - 1 3 -");
    assert_eq!(from(&mut pos, "d4"), strs(&["d4d5"]));
}

#[test]
fn torus_pawn_captures_and_en_passant_across_the_edge() {
    let mut pos = setup("torus", "", "4k3/7p/1n6/P7/8/8/8/K7 b - - 0 1");
    play(&mut pos, &["h7h5"]);
    assert_eq!(fen::to_fen(&pos), "4k3/8/1n6/P6p/8/8/8/K7 w - h6 0 2");
    let m = from(&mut pos, "a5");
    assert_eq!(m, strs(&["a5a6", "a5b6", "a5h6"]));
    play(&mut pos, &["a5h6"]);
    assert_eq!(fen::to_fen(&pos), "4k3/8/1n5P/8/8/8/8/K7 b - - 0 2");
}

#[test]
fn torus_promotion_on_last_rank() {
    let mut pos = setup("torus", "", "8/P7/8/8/4k3/8/8/2K5 w - - 0 1");
    assert_eq!(
        from(&mut pos, "a7"),
        strs(&["a7a8b", "a7a8n", "a7a8q", "a7a8r"])
    );
    // A pawn may never stand on its last rank.
    assert!(!parses("torus", "", "P7/8/8/8/4k3/8/8/2K5 w - - 0 1"));
}

#[test]
fn torus_sample_endgame_four_mates() {
    // Black to move: 1...Kd6 (forced) 2.Qe5#.
    let mut pos = setup("torus", "", "8/2R5/4k3/6Q1/4K3/8/8/8 b - - 0 1");
    assert_eq!(legal(&mut pos), strs(&["e6d6"]));
    play(&mut pos, &["e6d6", "g5e5"]);
    assert_eq!(fen::to_fen(&pos), "8/2R5/3k4/4Q3/4K3/8/8/8 b - - 2 2");
    assert_eq!(result(&mut pos), Some((GameResult::Win(0), "checkmate")));
    // White to move: exactly Qe7, Qe5, Qg6 and Qh6 mate.
    let mut pos = setup("torus", "", "8/2R5/4k3/6Q1/4K3/8/8/8 w - - 0 1");
    assert_eq!(
        mating_moves(&mut pos),
        strs(&["g5e5", "g5e7", "g5g6", "g5h6"])
    );
}

#[test]
fn torus_sample_game_ends_in_mate() {
    let mut pos = start("torus", "");
    play(&mut pos, &["h3g1", "a6h4", "g1a8", "h8h1", "a3h1", "f8g1"]);
    assert!(pos.in_check(), "3...Bf8-g1+ is check");
    play(&mut pos, &["h1f2", "d6a1", "f1h7", "g1f8", "a8h6", "h4g2"]);
    assert_eq!(result(&mut pos), Some((GameResult::Win(1), "checkmate")));
}

#[test]
fn torus_insufficient_material_torus_list() {
    let draw = Some((GameResult::Draw, "insufficient material"));
    for f in [
        "8/8/8/4k3/8/8/8/1K1Q4 w - - 0 1",
        "8/8/8/4k3/8/8/8/1K1R4 w - - 0 1",
        "8/8/8/4k3/8/8/8/1KNR4 w - - 0 1",
        "8/8/8/4k3/8/8/8/1KNN4 w - - 0 1",
        "8/8/8/4k3/8/8/8/1KB1B3 w - - 0 1",
    ] {
        assert_eq!(result(&mut setup("torus", "", f)), draw, "{f}");
    }
    for f in [
        "8/8/8/4k3/8/8/8/1KQR4 w - - 0 1",
        "8/8/8/4k3/8/8/8/1KBB4 w - - 0 1",
        "8/8/8/4k3/8/8/P7/1K1R4 w - - 0 1",
        "8/8/8/4k3/8/8/r7/1K1R4 w - - 0 1",
    ] {
        assert_eq!(result(&mut setup("torus", "", f)), None, "{f}");
    }
    // FIDE's list: K+R v K plays on, K+N v K is dead.
    assert_eq!(
        result(&mut setup(
            "torus",
            "material=fide",
            "8/8/8/4k3/8/8/8/1K1R4 w - - 0 1"
        )),
        None
    );
    assert_eq!(
        result(&mut setup(
            "torus",
            "material=fide",
            "8/8/8/4k3/8/8/8/1K1N4 w - - 0 1"
        )),
        draw
    );
}

#[test]
fn torus_make_unmake_and_legality() {
    for (opts, seed) in [
        ("", 1),
        ("", 2),
        ("doublestep=rank2", 3),
        ("material=fide", 4),
    ] {
        random_walk("torus", opts, TORUS_START, 60, seed, &any);
    }
    random_walk(
        "torus",
        "",
        "8/2R5/4k3/6Q1/4K3/8/8/8 w - - 0 1",
        30,
        5,
        &any,
    );
}

// ---------------------------------------------------------------------------------------------
// round / roundcitadel

const ROUND_START: &str = "MMMM/4/4/4/4/pppp/rnbq/rnbk/mmmm/4/4/4/4/PPPP/RNBQ/RNBK w - - 0 1";
const CITADEL_START: &str = "MMMM/4/4/4/4/pppp/qbnr/kbnr/mmmm/4/4/4/4/PPPP/QBNR/KBNR w - - 0 1";

fn rb(men: &[(&str, char)], rest: &str) -> String {
    board(4, 16, men, rest)
}

#[test]
fn round_start_fen_round_trips() {
    round_trip("round", "", ROUND_START);
    round_trip(
        "round",
        "pawnmeet=choice rookcircle=on nmove=50",
        ROUND_START,
    );
    round_trip("roundcitadel", "", CITADEL_START);
    round_trip(
        "roundcitadel",
        "citadel=own citadelentry=spoke",
        CITADEL_START,
    );
}

#[test]
fn round_start_perft() {
    perft_counts("round", "", &[14, 196, 2912, 43267, 679749]);
    perft_counts("roundcitadel", "", &[14, 196, 2912, 43267]);
}

#[test]
fn round_ranks_wrap_for_leapers() {
    let f = rb(
        &[("b1", 'N'), ("c1", 'B'), ("c5", 'K'), ("c12", 'k')],
        "w - - 0 1",
    );
    let mut pos = setup("round", "", &f);
    assert_eq!(
        from(&mut pos, "b1"),
        strs(&["b1a15", "b1a3", "b1c15", "b1c3", "b1d16", "b1d2"])
    );
    assert_eq!(from(&mut pos, "c1"), strs(&["c1a15", "c1a3"]));
    // The book's examples: a15-c13, d13-b12.
    let f = rb(
        &[("a15", 'B'), ("d13", 'N'), ("c5", 'K'), ("c10", 'k')],
        "w - - 0 1",
    );
    let mut pos = setup("round", "", &f);
    assert!(has(&mut pos, "a15c13"));
    assert!(has(&mut pos, "d13b12"));
}

#[test]
fn round_rukh_rides_the_ring_but_never_back_to_its_cell() {
    let f = rb(&[("a1", 'R'), ("c5", 'K'), ("c12", 'k')], "w - - 0 1");
    let mut pos = setup("round", "", &f);
    let m = from(&mut pos, "a1");
    // a2..a16 round the ring (15), b1 c1 d1 along the spoke.
    assert_eq!(m.len(), 18, "{m:?}");
    assert!(!listed(&m, "a1a1"));
    // A Rukh attacks round the ring both ways.
    let f = rb(&[("a3", 'R'), ("a12", 'k'), ("c5", 'K')], "b - - 0 1");
    assert!(setup("round", "", &f).in_check(), "a3-a2-a1-a16-...-a12");
    let f = rb(
        &[
            ("a3", 'R'),
            ("a12", 'k'),
            ("a1", 'n'),
            ("a8", 'n'),
            ("c5", 'K'),
        ],
        "b - - 0 1",
    );
    assert!(!setup("round", "", &f).in_check());
}

#[test]
fn round_rook_circle_option() {
    let f = rb(&[("a1", 'R'), ("c5", 'K'), ("c12", 'k')], "w - - 0 1");
    let mut pos = setup("round", "rookcircle=on", &f);
    assert!(has(&mut pos, "a1a1"));
    play(&mut pos, &["a1a1"]);
    assert_eq!(
        fen::to_fen(&pos),
        rb(&[("a1", 'R'), ("c5", 'K'), ("c12", 'k')], "b - - 1 1")
    );
    // Not while another man stands on the ring, and not in check.
    let f = rb(
        &[("a1", 'R'), ("a9", 'n'), ("c5", 'K'), ("c12", 'k')],
        "w - - 0 1",
    );
    assert!(!from(&mut setup("round", "rookcircle=on", &f), "a1").contains(&"a1a1".to_string()));
    let f = rb(
        &[("a1", 'R'), ("c5", 'K'), ("c9", 'r'), ("d12", 'k')],
        "w - - 0 1",
    );
    let mut pos = setup("round", "rookcircle=on", &f);
    assert!(pos.in_check());
    assert!(!has(&mut pos, "a1a1"));
    // Off by default.
    let f = rb(&[("a1", 'R'), ("c5", 'K'), ("c12", 'k')], "w - - 0 1");
    assert!(!from(&mut setup("round", "", &f), "a1").contains(&"a1a1".to_string()));
}

#[test]
fn round_ascending_and_descending_pawns_of_both_colours() {
    let f = rb(
        &[
            ("b3", 'P'),
            ("b14", 'M'),
            ("b11", 'p'),
            ("b6", 'm'),
            ("d1", 'K'),
            ("d9", 'k'),
        ],
        "w - - 0 1",
    );
    let mut pos = setup("round", "", &f);
    assert_eq!(from(&mut pos, "b3"), strs(&["b3b4"]));
    assert_eq!(from(&mut pos, "b14"), strs(&["b14b13"]));
    let f = f.replace(" w ", " b ");
    let mut pos = setup("round", "", &f);
    assert_eq!(from(&mut pos, "b11"), strs(&["b11b12"]));
    assert_eq!(from(&mut pos, "b6"), strs(&["b6b5"]));
    // Captures diagonally forward in their own direction, across the 16/1 seam too.
    let f = rb(
        &[
            ("b16", 'P'),
            ("a1", 'n'),
            ("c1", 'n'),
            ("b2", 'M'),
            ("a1", 'n'),
            ("d5", 'K'),
            ("d12", 'k'),
        ],
        "w - - 0 1",
    );
    let mut pos = setup("round", "", &f);
    assert_eq!(from(&mut pos, "b16"), strs(&["b16a1", "b16b1", "b16c1"]));
    assert_eq!(from(&mut pos, "b2"), strs(&["b2a1", "b2b1", "b2c1"]));
}

#[test]
fn round_pawns_meet_and_are_removed() {
    let men = [
        ("c4", 'P'),
        ("c6", 'M'),
        ("a1", 'K'),
        ("a9", 'k'),
        ("b9", 'n'),
    ];
    let f = rb(&men, "w - - 0 1");
    for mv in ["c4c5", "c6c5"] {
        let mut pos = setup("round", "", &f);
        play(&mut pos, &[mv]);
        assert_eq!(
            fen::to_fen(&pos),
            rb(&[("a1", 'K'), ("a9", 'k'), ("b9", 'n')], "b - - 0 1"),
            "{mv}"
        );
        // unmake puts both back
        let mut list = MoveList::new();
        let mut p2 = setup("round", "", &f);
        legal_moves(&mut p2, &mut list);
        let m = *list
            .iter()
            .find(|m| move_to_string(&p2, **m) == mv)
            .unwrap();
        p2.make(m);
        p2.unmake(m);
        assert_eq!(fen::to_fen(&p2), f);
    }
    // pawnmeet=off: they stay and block each other.
    let mut pos = setup("round", "pawnmeet=off", &f);
    play(&mut pos, &["c4c5"]);
    assert_eq!(
        fen::to_fen(&pos),
        rb(
            &[
                ("c5", 'P'),
                ("c6", 'M'),
                ("a1", 'K'),
                ("a9", 'k'),
                ("b9", 'n')
            ],
            "b - - 0 1"
        )
    );
    // Pawns of different colours just block.
    let f = rb(
        &[("c4", 'P'), ("c6", 'm'), ("a1", 'K'), ("a9", 'k')],
        "w - - 0 1",
    );
    let mut pos = setup("round", "", &f);
    play(&mut pos, &["c4c5"]);
    assert_eq!(
        fen::to_fen(&pos),
        rb(
            &[("c5", 'P'), ("c6", 'm'), ("a1", 'K'), ("a9", 'k')],
            "b - - 0 1"
        )
    );
}

#[test]
fn round_pawn_meeting_legal_only_if_shah_safe_after_removal() {
    // The pair a4/a6 would be removed by a6-a5, opening ring a from the Rukh a2 to the Shah a8.
    let men = [
        ("a2", 'r'),
        ("a4", 'P'),
        ("a6", 'M'),
        ("a8", 'K'),
        ("a12", 'N'),
        ("d12", 'k'),
    ];
    let f = rb(&men, "w - - 0 1");
    let mut pos = setup("round", "", &f);
    assert!(!has(&mut pos, "a6a5"));
    check_legal_set(&mut pos, &any);
    let mut pos = setup("round", "pawnmeet=off", &f);
    assert!(has(&mut pos, "a6a5"));
}

#[test]
fn round_pawn_meeting_choice_lets_the_opponent_remove() {
    let men = [
        ("c4", 'P'),
        ("c6", 'M'),
        ("a1", 'K'),
        ("a9", 'k'),
        ("b9", 'n'),
    ];
    let f = rb(&men, "w - - 0 1");
    let mut pos = setup("round", "pawnmeet=choice", &f);
    play(&mut pos, &["c4c5"]);
    let m = legal(&mut pos);
    // Every Black move, with or without the removal.
    assert!(listed(&m, "b9c11"));
    assert!(listed(&m, "b9c11,xc5c6"));
    assert_eq!(m.len() % 2, 0);
    check_legal_set(&mut pos, &any);
    play(&mut pos, &["b9c11,xc5c6"]);
    assert_eq!(
        fen::to_fen(&pos),
        rb(&[("a1", 'K'), ("a9", 'k'), ("c11", 'n')], "w - - 1 2")
    );
}

#[test]
fn round_stalemate_loses_and_bare_shah_loses() {
    // Black Shah a9: a8 a10 b8 b9 b10 all covered by Fils, a9 itself not; the Black pawn c2 is
    // blocked. Stalemate: Black loses.
    let f = rb(
        &[
            ("a9", 'k'),
            ("c6", 'B'),
            ("c12", 'B'),
            ("d6", 'B'),
            ("d7", 'B'),
            ("d12", 'B'),
            ("c2", 'p'),
            ("c3", 'P'),
            ("d1", 'K'),
        ],
        "b - - 0 1",
    );
    let mut pos = setup("round", "", &f);
    assert!(!pos.in_check());
    assert_stalemate_win(&mut pos, 0);
    // A bare Shah that cannot bare the opponent at once loses.
    let f = rb(&[("a9", 'k'), ("c3", 'R'), ("d1", 'K')], "b - - 0 1");
    let mut pos = setup("round", "", &f);
    assert_eq!(result(&mut pos), Some((GameResult::Win(0), "bare king")));
}

#[test]
fn round_sample_game_replays() {
    // Gollon v Strang (the book's game, with the spec's three corrections); Black resigns.
    let mut pos = start("round", "");
    play(
        &mut pos,
        &[
            "b1c15", "b10c12", "b2c4", "b9c7", "a16a15", "a8a7", "a3a4", "a11a12", "a15a14",
            "a7a6", "c1a15", "c9a7", "d2c1", "d10c9", "c15d13", "d9d10", "c4d6", "c12b10", "c3c4",
            "c11c12", "d13b12", "a10a11", "a15c13", "a11a10", "b12a10", "a9a10", "b3b4", "c7d9",
            "b4b5", "a6a5", "b5b6", "a7c5", "d3d4", "c5a7", "b6a7",
        ],
    );
    assert_eq!(pos.ply, 35);
    assert_eq!(result(&mut pos), None);
}

#[test]
fn round_position_perft_with_meeting_pawns() {
    let f = "4/4/4/4/4/4/4/k1m1/4/p2M/4/2M1/4/2P1/1P2/K3 w - - 0 1";
    let mut pos = setup("round", "", f);
    for (d, n) in [(1, 8), (2, 56), (3, 483), (4, 3504)] {
        assert_eq!(chatrang::perft::perft(&mut pos, d), n, "depth {d}");
    }
}

#[test]
fn round_make_unmake_and_legality() {
    for (opts, seed) in [
        ("", 1),
        ("", 2),
        ("pawnmeet=choice", 3),
        ("pawnmeet=off rookcircle=on", 4),
        ("rookcircle=on", 5),
    ] {
        random_walk("round", opts, ROUND_START, 80, seed, &any);
        random_walk("roundcitadel", opts, CITADEL_START, 80, seed + 10, &any);
    }
}

#[test]
fn roundcitadel_shah_entering_a_citadel_draws() {
    let f = rb(&[("d1", 'K'), ("a9", 'k'), ("d2", 'R')], "w - - 0 1");
    let mut pos = setup("roundcitadel", "", &f);
    assert_eq!(
        from(&mut pos, "d1"),
        strs(&["d1c1", "d1c16", "d1c2", "d1d16", "d1e1"])
    );
    play(&mut pos, &["d1e1"]);
    assert_eq!(result(&mut pos), Some((GameResult::Draw, "citadel")));
    assert_eq!(
        fen::to_fen(&pos),
        rb(&[("a9", 'k'), ("d2", 'R')], "b - - 1 1").replacen(" b", "{K,-,-,-} b", 1)
    );
    // Only a Shah may enter: the Rukh on ring d has no way in.
    let f = rb(&[("d1", 'R'), ("a5", 'K'), ("a9", 'k')], "w - - 0 1");
    let mut pos = setup("roundcitadel", "", &f);
    assert!(from(&mut pos, "d1").iter().all(|m| !m.contains('e')));
}

#[test]
fn roundcitadel_entry_allowed_in_check_and_diagonal_neighbours() {
    // Shah d4 checked along ring d by the Rukh d8: it may flee into e2 (spoke) or e1 (diagonal).
    let f = rb(
        &[
            ("d4", 'K'),
            ("d8", 'r'),
            ("a12", 'k'),
            ("c3", 'r'),
            ("c5", 'r'),
        ],
        "w - - 0 1",
    );
    let mut pos = setup("roundcitadel", "", &f);
    assert!(pos.in_check());
    let m = from(&mut pos, "d4");
    assert!(listed(&m, "d4e2") && listed(&m, "d4e1"), "{m:?}");
    let mut pos = setup("roundcitadel", "citadelentry=spoke", &f);
    let m = from(&mut pos, "d4");
    assert!(listed(&m, "d4e2") && !listed(&m, "d4e1"), "{m:?}");
    // citadel=own: White only into e1.
    let mut pos = setup("roundcitadel", "citadel=own", &f);
    let m = from(&mut pos, "d4");
    assert!(!listed(&m, "d4e2") && listed(&m, "d4e1"), "{m:?}");
    // Ring d cells of each quadrant: d16 d1 d2 d3 -> e1; d15 -> e1 diagonally; d12 -> e3? no: e4.
    let f = rb(&[("d16", 'K'), ("a8", 'k')], "w - - 0 1");
    let m = from(&mut setup("roundcitadel", "", &f), "d16");
    assert!(listed(&m, "d16e1") && listed(&m, "d16e4"), "{m:?}");
}

#[test]
fn roundcitadel_citadel_is_never_attacked() {
    let f = rb(
        &[("d1", 'K'), ("a9", 'k'), ("c2", 'q'), ("d5", 'r')],
        "w - - 0 1",
    );
    let pos = setup("roundcitadel", "", &f);
    let e1 = cell(&pos, "e1");
    assert!(!pos.attacked_by(e1, 1));
}

// ---------------------------------------------------------------------------------------------
// cuarenta

const CUARENTA_START: &str = "*c*f*f*b*/v*g*k*g*v/*p*p*p*p*/1*1*1*1*1/*1*1*1*1*/1*1*1*1*1/*P*P*P*P*/V*G*K*G*V/*B*F*F*C* w Kk - 0 1";
const CUARENTA_PLAIN: &str =
    "1c1f1f1b1/v1g1k1g1v/1p1p1p1p1/9/9/9/1P1P1P1P1/V1G1K1G1V/1B1F1F1C1 w Kk - 0 1";

fn cb(men: &[(&str, char)], rest: &str) -> String {
    board(9, 9, men, rest)
}

fn no_pawn_takes_pawn(pos: &Position, s: &str) -> bool {
    let g = &pos.v.geo;
    let (Some((a, n)), true) = (g.parse_cell_prefix(s), s.len() >= 4) else {
        return true;
    };
    let Some((b, _)) = g.parse_cell_prefix(&s[n..]) else {
        return true;
    };
    let (p, q) = (pos.at(a), pos.at(b));
    let pawn = pos.v.piece_by_token("P").unwrap();
    !(!p.is_empty()
        && !q.is_empty()
        && p.kind() == pawn
        && q.kind() == pawn
        && p.owner() != q.owner())
}

#[test]
fn cuarenta_start_fen_round_trips() {
    round_trip("cuarenta", "", CUARENTA_START);
    let v = variants::build("cuarenta", "").unwrap();
    let plain = fen::parse(&v, CUARENTA_PLAIN).unwrap();
    assert_eq!(fen::to_fen(&plain), CUARENTA_START);
    // Dark squares hold nothing.
    assert!(!parses(
        "cuarenta",
        "",
        &cb(&[("a1", 'K'), ("e8", 'k')], "w - - 0 1")
    ));
}

#[test]
fn cuarenta_start_perft() {
    // White: 22 legal moves (the spec); Black also castles once White's reply allows.
    perft_counts("cuarenta", "", &[22, 509, 12377, 304665]);
}

#[test]
fn cuarenta_frog_d1_worked_example() {
    let mut pos = start("cuarenta", "");
    assert_eq!(from(&mut pos, "d1"), strs(&["d1a4", "d1d5", "d1g4"]));
}

#[test]
fn cuarenta_frog_jumps_friendly_lines_only() {
    // Frog e4: D steps c4 g4 e2 e6; over the friendly e6-e8 line? (e6 friend, e8 enemy -> lands
    // on e8 capturing), never over an enemy man.
    let f = cb(
        &[
            ("e4", 'F'),
            ("e6", 'G'),
            ("e8", 'v'),
            ("f5", 'p'),
            ("d3", 'C'),
            ("a2", 'K'),
            ("i8", 'k'),
        ],
        "w - - 0 1",
    );
    let mut pos = setup("cuarenta", "", &f);
    assert_eq!(
        from(&mut pos, "e4"),
        strs(&["e4c4", "e4e2", "e4e8", "e4g4", "e4c2"])
    );
}

#[test]
fn cuarenta_king_guard_camel_pawn_worked_examples() {
    let f = cb(&[("e4", 'K'), ("a8", 'k')], "w - - 0 1");
    let mut pos = setup("cuarenta", "", &f);
    assert_eq!(
        from(&mut pos, "e4"),
        strs(&["e4d3", "e4d5", "e4e2", "e4e6", "e4f3", "e4f5"])
    );
    // The straight king move never captures.
    let f = cb(&[("e4", 'K'), ("e6", 'g'), ("a8", 'k')], "w - - 0 1");
    assert!(!from(&mut setup("cuarenta", "", &f), "e4").contains(&"e4e6".to_string()));
    let f = cb(&[("e4", 'G'), ("a2", 'K'), ("i8", 'k')], "w - - 0 1");
    assert_eq!(
        from(&mut setup("cuarenta", "", &f), "e4"),
        strs(&[
            "e4c2", "e4c6", "e4d3", "e4d5", "e4f3", "e4f5", "e4g2", "e4g6"
        ])
    );
    let f = cb(&[("e4", 'C'), ("a2", 'K'), ("i8", 'k')], "w - - 0 1");
    assert_eq!(
        from(&mut setup("cuarenta", "", &f), "e4"),
        strs(&[
            "e4b3", "e4b5", "e4d1", "e4d7", "e4f1", "e4f7", "e4h3", "e4h5"
        ])
    );
    let f = cb(&[("d5", 'P'), ("a2", 'K'), ("i8", 'k')], "w - - 0 1");
    assert_eq!(
        from(&mut setup("cuarenta", "", &f), "d5"),
        strs(&["d5b5", "d5c6", "d5e6", "d5f5"])
    );
}

#[test]
fn cuarenta_pawns_are_immune_to_pawns() {
    let f = cb(
        &[
            ("d5", 'P'),
            ("c6", 'p'),
            ("b5", 'p'),
            ("e6", 'g'),
            ("a2", 'K'),
            ("i8", 'k'),
        ],
        "w - - 0 1",
    );
    let mut pos = setup("cuarenta", "", &f);
    assert_eq!(from(&mut pos, "d5"), strs(&["d5e6", "d5f5"]));
    check_legal_set(&mut pos, &no_pawn_takes_pawn);
    // A Pawn still checks a King.
    let f = cb(&[("d5", 'P'), ("e6", 'k'), ("a2", 'K')], "b - - 0 1");
    assert!(setup("cuarenta", "", &f).in_check());
}

#[test]
fn cuarenta_optional_promotion() {
    // Into ranks 7-8: Camel or stay a Pawn; on rank 9: any of C F G V B, or stay.
    let f = cb(
        &[("d7", 'P'), ("c8", 'P'), ("a2", 'K'), ("i4", 'k')],
        "w - - 0 1",
    );
    let mut pos = setup("cuarenta", "", &f);
    assert_eq!(
        from(&mut pos, "d7"),
        strs(&["d7b7", "d7b7c", "d7e8", "d7e8c", "d7f7", "d7f7c"])
    );
    assert_eq!(
        from(&mut pos, "c8"),
        strs(&[
            "c8a8", "c8a8c", "c8b9", "c8b9b", "c8b9c", "c8b9f", "c8b9g", "c8b9v", "c8d9", "c8d9b",
            "c8d9c", "c8d9f", "c8d9g", "c8d9v", "c8e8", "c8e8c"
        ])
    );
    // An unpromoted Pawn on the last rank moves sideways and may promote then.
    let f = cb(&[("d9", 'P'), ("a2", 'K'), ("i4", 'k')], "w - - 0 1");
    let m = from(&mut setup("cuarenta", "", &f), "d9");
    assert!(listed(&m, "d9f9v") && listed(&m, "d9b9"));
}

#[test]
fn cuarenta_king_camel_castling() {
    // Black has lost his right: White may castle (default castleorder=blacklost).
    let f = cb(
        &[("e2", 'K'), ("h1", 'C'), ("e8", 'k'), ("b9", 'c')],
        "w K - 0 1",
    );
    let mut pos = setup("cuarenta", "", &f);
    assert!(has(&mut pos, "e2h1"));
    play(&mut pos, &["e2h1"]);
    let after = cb(
        &[("h1", 'K'), ("e2", 'C'), ("e8", 'k'), ("b9", 'c')],
        "b - - 1 1",
    );
    assert_eq!(
        fen::to_fen(&pos),
        fen::to_fen(&setup("cuarenta", "", &after))
    );
    // While Black still has his right, White may not; Black may.
    let f = cb(
        &[("e2", 'K'), ("h1", 'C'), ("e8", 'k'), ("b9", 'c')],
        "w Kk - 0 1",
    );
    let mut pos = setup("cuarenta", "", &f);
    assert!(!has(&mut pos, "e2h1"));
    assert!(
        from(&mut setup("cuarenta", "castleorder=none", &f), "e2").contains(&"e2h1".to_string())
    );
    let fb = f.replace(" w ", " b ");
    assert!(from(&mut setup("cuarenta", "", &fb), "e8").contains(&"e8b9".to_string()));
    // castleorder=both: Black's King moved but his Camel did not: not yet.
    let f = cb(
        &[("e2", 'K'), ("h1", 'C'), ("d7", 'k'), ("b9", 'c')],
        "w K - 0 1",
    );
    assert!(
        !from(&mut setup("cuarenta", "castleorder=both", &f), "e2").contains(&"e2h1".to_string())
    );
    let f = cb(
        &[("e2", 'K'), ("h1", 'C'), ("d7", 'k'), ("c6", 'c')],
        "w K - 0 1",
    );
    assert!(
        from(&mut setup("cuarenta", "castleorder=both", &f), "e2").contains(&"e2h1".to_string())
    );
}

#[test]
fn cuarenta_castling_out_of_check_but_not_into_check() {
    // The Bishop b5 checks e2; after castling the King on h1 is safe.
    let f = cb(
        &[("e2", 'K'), ("h1", 'C'), ("b5", 'b'), ("a8", 'k')],
        "w K - 0 1",
    );
    let mut pos = setup("cuarenta", "", &f);
    assert!(pos.in_check());
    assert!(has(&mut pos, "e2h1"));
    // A Camel on e4 of Black's attacks h1? (e4->h3/h5..., no) use a Guard on f3? f3-h1 is an A leap.
    let f = cb(
        &[("e2", 'K'), ("h1", 'C'), ("f3", 'g'), ("a8", 'k')],
        "w K - 0 1",
    );
    let mut pos = setup("cuarenta", "", &f);
    assert!(!has(&mut pos, "e2h1"));
    // The right is lost when the Camel moves, or is captured.
    let f = cb(&[("e2", 'K'), ("h1", 'C'), ("a8", 'k')], "w K - 0 1");
    let mut pos = setup("cuarenta", "", &f);
    play(&mut pos, &["h1g4"]);
    assert_eq!(fen::to_fen(&pos).split(' ').nth(2), Some("-"));
    let f = cb(
        &[("e2", 'K'), ("h1", 'C'), ("a8", 'k'), ("g4", 'c')],
        "b K - 0 1",
    );
    let mut pos = setup("cuarenta", "", &f);
    play(&mut pos, &["g4h1"]);
    assert_eq!(fen::to_fen(&pos).split(' ').nth(2), Some("-"));
    // ... and when the King moves, even if it comes back.
    let f = cb(&[("e2", 'K'), ("h1", 'C'), ("a8", 'k')], "w K - 0 1");
    let mut pos = setup("cuarenta", "", &f);
    play(&mut pos, &["e2d3", "a8b9", "d3e2", "b9a8"]);
    assert!(!has(&mut pos, "e2h1"));
}

#[test]
fn cuarenta_frog_jump_gives_check() {
    // White Frog d1, White Pawn d3, Black King d5: the Frog jumps d3 and lands on d5.
    let f = cb(
        &[("d1", 'F'), ("d3", 'P'), ("d5", 'k'), ("a2", 'K')],
        "b - - 0 1",
    );
    let mut pos = setup("cuarenta", "", &f);
    assert!(pos.in_check());
    check_legal_set(&mut pos, &no_pawn_takes_pawn);
    // The Black King may not step onto a cell a Frog jump reaches.
    let f = cb(
        &[("d1", 'F'), ("d3", 'P'), ("c6", 'k'), ("a2", 'K')],
        "b - - 0 1",
    );
    let mut pos = setup("cuarenta", "", &f);
    assert!(!pos.in_check());
    assert!(!has(&mut pos, "c6d5"));
    // A King capturing the end man of the line lands where the Frog lands.
    let f = cb(
        &[("d1", 'F'), ("d3", 'P'), ("e4", 'k'), ("a2", 'K')],
        "b - - 0 1",
    );
    let mut pos = setup("cuarenta", "", &f);
    assert!(!has(&mut pos, "e4d3"));
}

#[test]
fn cuarenta_vao_checks_only_through_a_screen() {
    let f = cb(&[("a2", 'V'), ("d5", 'k'), ("i8", 'K')], "b - - 0 1");
    assert!(!setup("cuarenta", "", &f).in_check());
    let f = cb(
        &[("a2", 'V'), ("b3", 'p'), ("d5", 'k'), ("i8", 'K')],
        "b - - 0 1",
    );
    assert!(setup("cuarenta", "", &f).in_check());
}

#[test]
fn cuarenta_forty_move_rule_counts_captures_and_promotions_only() {
    let f = cb(
        &[
            ("b3", 'P'),
            ("d7", 'P'),
            ("a2", 'K'),
            ("i8", 'k'),
            ("h7", 'v'),
        ],
        "w - - 78 60",
    );
    let mut pos = setup("cuarenta", "", &f);
    play(&mut pos, &["b3a4"]);
    assert_eq!(pos.st.halfmove, 79, "a pawn move does not reset the count");
    play(&mut pos, &["i8h9"]);
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Draw, "move-count rule"))
    );
    let mut pos = setup("cuarenta", "", &f);
    play(&mut pos, &["d7e8c"]);
    assert_eq!(pos.st.halfmove, 0, "a promotion resets it");
    let mut pos = setup(
        "cuarenta",
        "nmove=20",
        &cb(
            &[("a2", 'K'), ("i8", 'k'), ("h7", 'v'), ("b3", 'P')],
            "w - - 40 60",
        ),
    );
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Draw, "move-count rule"))
    );
}

#[test]
fn cuarenta_insufficient_material() {
    let draw = Some((GameResult::Draw, "insufficient material"));
    for f in [
        cb(&[("a2", 'K'), ("i8", 'k')], "w - - 0 1"),
        cb(&[("a2", 'K'), ("c2", 'V'), ("i8", 'k')], "w - - 0 1"),
        cb(
            &[("a2", 'K'), ("c2", 'V'), ("g8", 'v'), ("i8", 'k')],
            "w - - 0 1",
        ),
    ] {
        assert_eq!(result(&mut setup("cuarenta", "", &f)), draw, "{f}");
    }
    for f in [
        cb(&[("a2", 'K'), ("c2", 'B'), ("a8", 'k')], "w - - 0 1"),
        cb(
            &[("a2", 'K'), ("c2", 'V'), ("e2", 'V'), ("i8", 'k')],
            "w - - 0 1",
        ),
        cb(&[("a2", 'K'), ("c2", 'P'), ("i8", 'k')], "w - - 0 1"),
    ] {
        assert_eq!(result(&mut setup("cuarenta", "", &f)), None, "{f}");
    }
    let f = cb(&[("a2", 'K'), ("c2", 'V'), ("i8", 'k')], "w - - 0 1");
    assert_eq!(result(&mut setup("cuarenta", "material=bare", &f)), None);
    let f = cb(&[("a2", 'K'), ("i8", 'k')], "w - - 0 1");
    assert_eq!(result(&mut setup("cuarenta", "material=bare", &f)), draw);
}

#[test]
fn cuarenta_no_repetition_draw_by_default() {
    let f = cb(&[("a2", 'K'), ("c2", 'B'), ("a8", 'k')], "w - - 0 1");
    let cycle = ["c2d3", "a8b9", "d3c2", "b9a8"];
    let mut pos = setup("cuarenta", "", &f);
    for _ in 0..3 {
        play(&mut pos, &cycle);
    }
    assert_eq!(result(&mut pos), None);
    let mut pos = setup("cuarenta", "repetition=draw3", &f);
    for _ in 0..2 {
        play(&mut pos, &cycle);
    }
    assert_eq!(result(&mut pos), Some((GameResult::Draw, "repetition")));
}

#[test]
fn cuarenta_position_perft() {
    for (f, counts) in [
        (
            "1c1f1f1b1/v1g1k1g1v/1p1p1p1p1/9/1F1F1P3/9/1P1P3P1/V1G1K1G1V/1B5C1 w Kk - 0 1",
            &[29u64, 664, 18496][..],
        ),
        (
            "1c1f1f1b1/v1g3g1v/1p1p1p1p1/9/1F1F1P3/2k6/1P1P3P1/V1G1K1G1V/1B5C1 b K - 0 1",
            &[1, 30, 450][..],
        ),
        (
            "7k1/P1P6/9/9/9/4f4/3g5/4K4/7C1 w K - 0 1",
            &[4, 52, 1258, 15693][..],
        ),
        (
            "7k1/P1P6/9/9/9/4f4/9/4K4/7C1 w K - 0 1",
            &[5, 35, 925, 6574][..],
        ),
    ] {
        let mut pos = setup("cuarenta", "", f);
        for (i, &n) in counts.iter().enumerate() {
            assert_eq!(
                chatrang::perft::perft(&mut pos, i as u32 + 1),
                n,
                "{f} depth {}",
                i + 1
            );
        }
    }
}

#[test]
fn cuarenta_make_unmake_and_legality() {
    for (opts, seed) in [
        ("", 1),
        ("", 2),
        ("castleorder=none", 3),
        ("castleorder=both", 4),
    ] {
        random_walk(
            "cuarenta",
            opts,
            CUARENTA_START,
            80,
            seed,
            &no_pawn_takes_pawn,
        );
    }
}

// ---------------------------------------------------------------------------------------------
// oblong

#[test]
fn oblong_start_fens_round_trip() {
    for (a, f) in [
        (
            "A",
            "bqkb/1nn1/r2r/4/pppp/4/pppp/4/4/PPPP/4/PPPP/4/R2R/1NN1/BQKB w - - 0 1",
        ),
        (
            "B",
            "bkqb/1nn1/r2r/4/pppp/pppp/4/4/4/4/PPPP/PPPP/4/R2R/1NN1/BQKB w - - 0 1",
        ),
        (
            "C",
            "bkqb/pppp/rnnr/pppp/4/4/4/4/4/4/4/4/PPPP/RNNR/PPPP/BKQB w - - 0 1",
        ),
        (
            "D",
            "rnnr/bqkb/pppp/pppp/4/4/4/4/4/4/4/4/PPPP/PPPP/BQKB/RNNR w - - 0 1",
        ),
        (
            "E",
            "rqkr/1nn1/1bb1/4/pppp/pppp/4/4/4/4/PPPP/PPPP/4/1BB1/1NN1/RQKR w - - 0 1",
        ),
        (
            "F",
            "rqkr/1nn1/1bb1/4/pppp/pppp/4/4/4/4/PPPP/PPPP/4/1BB1/1NN1/RKQR w - - 0 1",
        ),
        (
            "G",
            "rqkr/1nn1/1bb1/pppp/pppp/4/4/4/4/4/4/PPPP/PPPP/1BB1/1NN1/RQKR w - - 0 1",
        ),
        (
            "G2",
            "rkqr/1nn1/1bb1/pppp/pppp/4/4/4/4/4/4/PPPP/PPPP/1BB1/1NN1/RQKR w - - 0 1",
        ),
    ] {
        round_trip("oblong", &format!("arrangement={a}"), f);
    }
    round_trip(
        "oblong",
        "",
        "bqkb/1nn1/r2r/4/pppp/4/pppp/4/4/PPPP/4/PPPP/4/R2R/1NN1/BQKB w - - 0 1",
    );
}

#[test]
fn oblong_dice_option_not_yet_available() {
    let e = variants::build("oblong", "dice=on").err().unwrap();
    assert!(e.contains("dice"), "{e}");
    assert!(variants::build("oblong", "dice=off dicemate=capture").is_ok());
}

#[test]
fn oblong_start_perft_all_arrangements() {
    perft_counts("oblong", "", &[24, 576, 13826, 331960]);
    for (a, n) in [
        ("B", [20, 400, 8000]),
        ("C", [8, 64, 624]),
        ("D", [4, 16, 88]),
        ("E", [18, 324, 6084]),
        ("F", [18, 324, 6084]),
        ("G", [12, 144, 1884]),
        ("G2", [12, 144, 1884]),
    ] {
        perft_counts("oblong", &format!("arrangement={a}"), &n);
    }
}

#[test]
fn oblong_baidaq_promotes_to_firzan() {
    let f = rb(&[("a15", 'P'), ("c14", 'K'), ("c1", 'k')], "w - - 0 1");
    let mut pos = setup("oblong", "", &f);
    assert_eq!(from(&mut pos, "a15"), strs(&["a15a16q"]));
}

#[test]
fn oblong_shatranj_ends() {
    // Stalemate loses: Black Shah a16 (a15 covered by the Fil c13, b15 b16 by the Rukh b1);
    // the Black Baidaq d10 is blocked.
    let f = rb(
        &[
            ("a16", 'k'),
            ("b1", 'R'),
            ("c13", 'B'),
            ("d10", 'p'),
            ("d9", 'P'),
            ("d3", 'K'),
        ],
        "b - - 0 1",
    );
    let mut pos = setup("oblong", "", &f);
    assert!(!pos.in_check());
    assert_stalemate_win(&mut pos, 0);
    let f = rb(&[("a16", 'k'), ("c3", 'R'), ("b1", 'K')], "b - - 0 1");
    assert_eq!(
        result(&mut setup("oblong", "", &f)),
        Some((GameResult::Win(0), "bare king"))
    );
}

#[test]
fn oblong_make_unmake_and_legality() {
    for (i, a) in ["A", "B", "C", "D", "E", "F", "G", "G2"].iter().enumerate() {
        let v = variants::build("oblong", &format!("arrangement={a}")).unwrap();
        random_walk(
            "oblong",
            &format!("arrangement={a}"),
            &v.start_fen,
            80,
            i as u64 + 1,
            &any,
        );
    }
}
