//! Rules of the regional family: thai, malay, diwanashah.
//!
//! Start-position perft cross-checks (outside this engine):
//! - thai `firstmoves=off` = Fairy-Stockfish `makruk` (23, 529, 12012, 273026, the published
//!   Makruk counts, re-checked with pyffish); `firstmoves=cambodian` = pyffish `cambodian`
//!   (also compared on random and hand-built positions, including the Rua rule); `firstmoves=book`
//!   against an independent Python move generator (25, 625, 15106, 365407), which also agreed on
//!   random positions to depth 3.
//! - malay against the same independent Python generator (23, 529, 13291, 331301; random
//!   positions to depth 3).
//! - diwanashah = Fairy-Stockfish `maharajah` (variants.ini) wherever no Black pawn can reach
//!   rank 1 (start position and random positions, pyffish).
//! - thai `counting=makruk` was compared with the counting fields of Fairy-Stockfish's FEN along
//!   random endgame playouts.

mod common;

use chatrang::fen;
use chatrang::movegen::{MoveList, legal_moves};
use chatrang::perft::perft;
use chatrang::position::Position;
use chatrang::variant::GameResult;
use chatrang::variants;
use common::*;

/// Plays `plies` pseudo-random legal moves (a fixed LCG), checking the key after each make, then
/// unmakes them all and checks that FEN and key are restored (see `common::random_walk`).
fn make_unmake(id: &str, opts: &str, f: &str, plies: usize, seed: u64) {
    let mut pos = setup(id, opts, f);
    assert!(!random_walk(&mut pos, plies, seed, Reread::Fen, |_| true).is_empty());
    assert_eq!(pos.st.key, pos.compute_key());
}

/// Plays `plies` quiet moves that reach positions not seen before, give no check and leave the
/// opponent a move (so no capture, mate, stalemate or repetition interferes).
fn wander(pos: &mut Position, plies: usize) {
    let mut seen = vec![pos.st.key];
    for _ in 0..plies {
        let mut list = MoveList::new();
        legal_moves(pos, &mut list);
        let mut done = false;
        for &m in &list {
            if !pos.at(m.to).is_empty() {
                continue;
            }
            pos.make(m);
            let ok = !seen.contains(&pos.st.key) && !pos.in_check() && {
                let mut l = MoveList::new();
                legal_moves(pos, &mut l);
                !l.is_empty()
            };
            if ok {
                seen.push(pos.st.key);
                done = true;
                break;
            }
            pos.unmake(m);
        }
        assert!(done, "no quiet new move in {}", fen::to_fen(pos));
    }
}

// ---------------------------------------------------------------------------------------------
// thai

const THAI_START: &str = "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1";

#[test]
fn thai_start_fen_round_trips() {
    round_trip("thai", "", THAI_START);
    round_trip("thai", "firstmoves=cambodian", THAI_START);
    round_trip(
        "thai",
        "firstmoves=off",
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
    );
}

#[test]
fn thai_start_perft() {
    // Book: Makruk's 23 moves plus the Khun's leaps d1-b2 and d1-f2 (the Met's jumps land on
    // its own Bia); the same for Black, hence 25 * 25 at depth 2.
    perft_counts("thai", "", &[25, 625, 15106, 365407]);
    perft_counts("thai", "firstmoves=off", &[23, 529, 12012, 273026]);
    perft_counts("thai", "firstmoves=cambodian", &[25, 625, 15031, 361719]);
}

#[test]
fn thai_make_unmake_restores_fen_and_key() {
    for opts in [
        "",
        "firstmoves=off",
        "firstmoves=cambodian",
        "metleap=slide kingleap=quiet",
    ] {
        for seed in 1..4 {
            make_unmake("thai", opts, thai_start_for(opts), 80, seed);
        }
        // promotions on the sixth rank
        make_unmake("thai", opts, "4k3/8/8/1P1P4/4p1p1/8/8/3K4 w - - 0 1", 30, 7);
    }
}

fn thai_start_for(opts: &str) -> &'static str {
    if opts.contains("off") {
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1"
    } else {
        THAI_START
    }
}

#[test]
fn thai_khun_first_move_knight_leap() {
    // Any of the 8 knight leaps, capturing allowed: the Khon on e3 covers d2, e2 and f2.
    let mut pos = setup("thai", "", "4k3/8/8/8/8/4s3/8/3K4 w D - 0 1");
    assert_eq!(
        from(&mut pos, "d1"),
        strs(&["d1b2", "d1c1", "d1c2", "d1c3", "d1e1", "d1e3"])
    );
    // On an empty board all eight steps and the four leaps on the board.
    let mut pos = setup("thai", "", "4k3/8/8/8/8/8/8/3K4 w D - 0 1");
    assert_eq!(from(&mut pos, "d1").len(), 9);
}

#[test]
fn thai_khun_leap_allowed_in_check() {
    // The Rua on a1 gives check along the first rank.
    let mut pos = setup("thai", "", "4k3/8/8/8/8/8/8/r2K4 w D - 0 1");
    assert_eq!(
        from(&mut pos, "d1"),
        strs(&["d1b2", "d1c2", "d1c3", "d1d2", "d1e2", "d1e3", "d1f2"])
    );
}

#[test]
fn thai_khun_leap_lost_once_the_khun_moved() {
    let mut pos = setup("thai", "", "4k3/8/8/8/8/8/8/3K4 w D - 0 1");
    play(&mut pos, &["d1d2", "e8e7", "d2d1", "e7e8"]);
    assert_eq!(fen::to_fen(&pos), "4k3/8/8/8/8/8/8/3K4 w - - 4 3");
    assert_eq!(from(&mut pos, "d1").len(), 5);
}

#[test]
fn thai_met_first_move_diagonal_jump() {
    // The jump passes over an occupied cell (f2) and may capture (c3).
    let f = "4k3/8/8/8/8/2r5/5P2/3KM3 w DE - 0 1";
    let mut pos = setup("thai", "", f);
    assert_eq!(from(&mut pos, "e1"), strs(&["e1c3", "e1d2", "e1g3"]));
    let mut pos = setup("thai", "metleap=slide", f);
    assert_eq!(from(&mut pos, "e1"), strs(&["e1c3", "e1d2"]));
    let mut pos = setup("thai", "metleap=quiet", f);
    assert_eq!(from(&mut pos, "e1"), strs(&["e1d2", "e1g3"]));
}

#[test]
fn thai_met_jump_lost_once_the_met_moved() {
    let mut pos = setup("thai", "", "4k3/8/8/8/8/8/8/3KM3 w DE - 0 1");
    play(&mut pos, &["e1f2", "e8e7", "f2e1", "e7e8"]);
    assert_eq!(fen::to_fen(&pos), "4k3/8/8/8/8/8/8/3KM3 w D - 4 3");
    assert_eq!(from(&mut pos, "e1"), strs(&["e1d2", "e1f2"]));
}

#[test]
fn thai_promoted_met_has_no_jump() {
    let mut pos = setup("thai", "", "4k3/8/8/2P5/8/8/8/3K4 w - - 0 1");
    assert_eq!(from(&mut pos, "c5"), strs(&["c5c6m"]));
    play(&mut pos, &["c5c6m", "e8f8"]);
    assert_eq!(
        from(&mut pos, "c6"),
        strs(&["c6b5", "c6b7", "c6d5", "c6d7"])
    );
}

#[test]
fn thai_bia_promotes_on_the_sixth_rank() {
    let mut pos = setup("thai", "", "4k3/8/8/8/5p2/8/8/3K4 b - - 0 1");
    assert_eq!(from(&mut pos, "f4"), strs(&["f4f3m"]));
    play(&mut pos, &["f4f3m"]);
    assert_eq!(fen::to_fen(&pos), "4k3/8/8/8/8/5m2/8/3K4 w - - 0 2");
}

#[test]
fn thai_unmoved_khun_and_met_attack_their_leap_cells() {
    // The Met's unused jump covers g3; once the right is gone, the Khun may go there.
    let mut pos = setup("thai", "", "8/8/8/8/7k/8/8/3KM3 b DE - 0 1");
    assert_eq!(
        from(&mut pos, "h4"),
        strs(&["h4g4", "h4g5", "h4h3", "h4h5"])
    );
    let mut pos = setup("thai", "", "8/8/8/8/7k/8/8/3KM3 b D - 0 1");
    assert!(from(&mut pos, "h4").contains(&"h4g3".to_string()));
    // It gives check, too.
    assert!(setup("thai", "", "8/8/8/8/8/6k1/8/3KM3 b DE - 0 1").in_check());
    assert!(!setup("thai", "", "8/8/8/8/8/6k1/8/3KM3 b D - 0 1").in_check());
    // The Khun's unused leap covers its knight cells (e3 from d1), unless the leap is quiet.
    let mut pos = setup("thai", "", "8/8/8/8/5k2/8/8/3K4 b D - 0 1");
    assert!(!from(&mut pos, "f4").contains(&"f4e3".to_string()));
    let mut pos = setup("thai", "kingleap=quiet", "8/8/8/8/5k2/8/8/3K4 b D - 0 1");
    assert!(from(&mut pos, "f4").contains(&"f4e3".to_string()));
}

#[test]
fn thai_kingleap_quiet_no_capture_and_not_in_check() {
    let mut pos = setup("thai", "kingleap=quiet", "4k3/8/8/8/8/4s3/8/3K4 w D - 0 1");
    assert_eq!(
        from(&mut pos, "d1"),
        strs(&["d1b2", "d1c1", "d1c2", "d1c3", "d1e1"])
    );
    let mut pos = setup("thai", "kingleap=quiet", "4k3/8/8/8/8/8/8/r2K4 w D - 0 1");
    assert_eq!(from(&mut pos, "d1"), strs(&["d1c2", "d1d2", "d1e2"]));
}

#[test]
fn thai_firstmoves_off_has_no_privileges() {
    assert!(!parses("thai", "firstmoves=off", THAI_START));
    let mut pos = setup("thai", "firstmoves=off", "4k3/8/8/8/8/8/8/3KM3 w - - 0 1");
    assert_eq!(from(&mut pos, "d1").len(), 4);
    assert_eq!(from(&mut pos, "e1"), strs(&["e1d2", "e1f2"]));
}

#[test]
fn thai_cambodian_first_moves() {
    // Khun: only the two wide knight cells on the rank ahead, to empty cells; Met: two cells
    // straight forward, jumping, to an empty cell.
    let mut pos = setup(
        "thai",
        "firstmoves=cambodian",
        "4k3/8/8/8/8/8/4P3/3KM3 w DE - 0 1",
    );
    assert_eq!(
        from(&mut pos, "d1"),
        strs(&["d1b2", "d1c1", "d1c2", "d1d2", "d1f2"])
    );
    assert_eq!(from(&mut pos, "e1"), strs(&["e1d2", "e1e3", "e1f2"]));
    let mut pos = setup(
        "thai",
        "firstmoves=cambodian",
        "4k3/8/8/8/8/4r3/5n2/3KM3 w DE - 0 1",
    );
    assert!(!from(&mut pos, "d1").contains(&"d1f2".to_string()));
    assert!(!from(&mut pos, "e1").contains(&"e1e3".to_string()));
    // No leap out of check.
    let mut pos = setup(
        "thai",
        "firstmoves=cambodian",
        "4k3/8/8/8/8/8/8/r2KM3 w DE - 0 1",
    );
    assert_eq!(from(&mut pos, "d1"), strs(&["d1c2", "d1d2", "d1e2"]));
}

#[test]
fn thai_cambodian_rua_on_the_khun_line_removes_the_leap() {
    let f = "4k3/r7/8/8/8/8/3S4/3KM3 b DE - 0 1";
    // Onto the Khun's file, even with the Khon between (Fairy-Stockfish semantics).
    let mut pos = setup("thai", "firstmoves=cambodian", f);
    play(&mut pos, &["a7d7"]);
    assert_eq!(fen::to_fen(&pos), "4k3/3r4/8/8/8/8/3S4/3KM3 w E - 1 2");
    assert!(!from(&mut pos, "d1").contains(&"d1b2".to_string()));
    // Elsewhere: the right stays.
    let mut pos = setup("thai", "firstmoves=cambodian", f);
    play(&mut pos, &["a7a6"]);
    assert!(from(&mut pos, "d1").contains(&"d1b2".to_string()));
    // Book rules have no such loss.
    let mut pos = setup("thai", "", f);
    play(&mut pos, &["a7d7"]);
    assert!(from(&mut pos, "d1").contains(&"d1b2".to_string()));
}

#[test]
fn thai_checkmate_wins_and_stalemate_draws() {
    let mut pos = setup("thai", "", "k7/2K5/8/8/8/8/8/1R6 w - - 0 1");
    play(&mut pos, &["b1a1"]);
    assert_eq!(result(&mut pos), Some((GameResult::Win(0), "checkmate")));
    let mut pos = setup("thai", "", "k7/2K5/1M6/8/8/8/8/8 b - - 0 1");
    assert_eq!(result(&mut pos), Some((GameResult::Draw, "stalemate")));
}

/// Two Rua against a bare Khun, and ten plies of wandering that draw by the count.
const TWO_RUA: &str = "4k3/8/8/8/8/8/8/R3K2R w - - 0 1";
const TWO_RUA_WANDER: [&str; 10] = [
    "e1e2", "e8d8", "e2e3", "d8e8", "e3e4", "e8d8", "e4d4", "d8e8", "d4c4", "e8d8",
];

#[test]
fn thai_counting_makruk_pieces_honour() {
    // Two Rua against a bare Khun: limit 8 moves (16 plies); the count starts at 2 * 4 men
    // after White's first move and the game is drawn when it exceeds the limit.
    let (f, moves) = (TWO_RUA, TWO_RUA_WANDER);
    let mut pos = setup("thai", "firstmoves=off counting=makruk", f);
    play(&mut pos, &moves[..9]);
    assert_eq!(result(&mut pos), None);
    play(&mut pos, &moves[9..]);
    assert_eq!(result(&mut pos), Some((GameResult::Draw, "counting rule")));
    // No counting by default.
    let mut pos = setup("thai", "firstmoves=off", f);
    play(&mut pos, &moves);
    assert_eq!(result(&mut pos), None);
}

/// The counting hook tells the search how many plies a running count leaves: one fewer each ply,
/// down to 1 on the last ply before the draw; nothing while a Bia stands or without counting.
#[test]
fn thai_counting_makruk_count_left_falls_to_the_draw() {
    let f = TWO_RUA;
    let mut pos = setup("thai", "firstmoves=off counting=makruk", f);
    let mut left = Vec::new();
    for m in TWO_RUA_WANDER {
        play(&mut pos, &[m]);
        left.push(pos.v.rules.count_left(&pos));
    }
    // The count starts at 2 * 4 men after White's first move, against a limit of 16 plies.
    let expected: Vec<Option<i32>> = (0..10).map(|i| Some(9 - i)).collect();
    assert_eq!(left, expected);
    assert_eq!(result(&mut pos), Some((GameResult::Draw, "counting rule")));
    let pos = setup("thai", "firstmoves=off", f);
    assert_eq!(pos.v.rules.count_left(&pos), None);
    let pos = setup(
        "thai",
        "firstmoves=off counting=makruk",
        "4k3/8/8/8/8/p7/8/R3K2R w - - 0 1",
    );
    assert_eq!(pos.v.rules.count_left(&pos), None);
}

/// `makruk` (Fairy-Stockfish's and cutechess-cli's name) is thai without first moves and with
/// Makruk counting: the two-Rua count draws the game under the alias.
#[test]
fn makruk_alias_counts_as_fairy_stockfish_makruk_does() {
    let v = variants::build("makruk", "").unwrap();
    let mut pos = fen::parse(&v, TWO_RUA).unwrap();
    play(&mut pos, &TWO_RUA_WANDER);
    assert_eq!(result(&mut pos), Some((GameResult::Draw, "counting rule")));
    // Options given with the alias override the implied ones.
    let v = variants::build("makruk", "counting=none").unwrap();
    assert!(v.options.contains(&("counting".into(), "none".into())));
    assert!(v.options.contains(&("firstmoves".into(), "off".into())));
}

#[test]
fn thai_counting_makruk_boards_honour() {
    // Both sides have men and no Bia is left: after White's first move Black counts 64 moves
    // (128 plies); a draw once the count exceeds it, 130 plies after the root.
    let f = "3rk3/8/8/8/8/8/8/R2SK3 w - - 0 1";
    let mut pos = setup("thai", "firstmoves=off counting=makruk", f);
    wander(&mut pos, 129);
    assert_eq!(result(&mut pos), None);
    wander(&mut pos, 1);
    assert_eq!(result(&mut pos), Some((GameResult::Draw, "counting rule")));
    // While a Bia is on the board nothing is counted.
    let mut pos = setup(
        "thai",
        "firstmoves=off counting=makruk",
        "3rk3/8/8/8/8/p7/8/R2SK3 w - - 0 1",
    );
    wander(&mut pos, 130);
    assert_eq!(result(&mut pos), None);
}

// ---------------------------------------------------------------------------------------------
// malay

const MALAY_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w De - 0 1";

#[test]
fn malay_start_fen_round_trips() {
    round_trip("malay", "", MALAY_START);
    for o in [
        "promotion=steps",
        "promotion=immediate",
        "promotion=reverse",
        "kingleap=slide",
    ] {
        round_trip("malay", o, MALAY_START);
    }
    round_trip(
        "malay",
        "kingleap=none",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",
    );
}

#[test]
fn malay_start_perft() {
    // Chess's 20 moves plus the Raja's leaps d1-c3, d1-e3 and d1-d3 (over the pawn); d1-b1,
    // d1-f1, d1-b2 and d1-f2 land on its own men. Symmetric for Black.
    perft_counts("malay", "", &[23, 529, 13291, 331301]);
    perft_counts("malay", "kingleap=none", &[20, 400]);
}

#[test]
fn malay_make_unmake_restores_fen_and_key() {
    for opts in [
        "",
        "promotion=steps",
        "promotion=immediate",
        "promotion=reverse",
        "kingleap=unchecked",
    ] {
        for seed in 1..4 {
            make_unmake("malay", opts, MALAY_START, 80, seed);
        }
        for seed in 1..6 {
            make_unmake(
                "malay",
                opts,
                "r7/1P1P2P1/8/7k/K7/8/1p2p1p1/5R2 w - - 0 1",
                40,
                seed,
            );
        }
    }
}

#[test]
fn malay_king_first_move_leaps() {
    // Steps c1 e1 c2 e2; knight leaps b2 f2 c3 e3; jumps d3 (over the pawn), b1, f1.
    let f = "4k3/8/8/8/8/8/3P4/3K4 w D - 0 1";
    let mut pos = setup("malay", "", f);
    assert_eq!(
        from(&mut pos, "d1"),
        strs(&[
            "d1b1", "d1b2", "d1c1", "d1c2", "d1c3", "d1d3", "d1e1", "d1e2", "d1e3", "d1f1", "d1f2"
        ])
    );
    // kingleap=slide: the two-cell move needs the middle cell empty.
    let mut pos = setup("malay", "kingleap=slide", f);
    assert!(!from(&mut pos, "d1").contains(&"d1d3".to_string()));
    assert_eq!(from(&mut pos, "d1").len(), 10);
    // kingleap=none: steps only, and no flag in the FEN.
    assert!(!parses("malay", "kingleap=none", f));
    let mut pos = setup("malay", "kingleap=none", "4k3/8/8/8/8/8/3P4/3K4 w - - 0 1");
    assert_eq!(from(&mut pos, "d1").len(), 4);
}

#[test]
fn malay_king_leap_captures_and_escapes_check() {
    // Check by the rook on d5; the bishop on f2 may be taken by the leap.
    let mut pos = setup("malay", "", "4k3/8/8/3r4/8/8/5b2/3K4 w D - 0 1");
    let m = from(&mut pos, "d1");
    for mv in ["d1f2", "d1b2", "d1c3", "d1b1", "d1f1"] {
        assert!(m.contains(&mv.to_string()), "{mv} in {m:?}");
    }
    for mv in ["d1d2", "d1d3", "d1e3", "d1e1"] {
        assert!(!m.contains(&mv.to_string()), "{mv} in {m:?}");
    }
}

#[test]
fn malay_king_privilege_kept_after_check() {
    let f = "4k3/8/8/8/8/8/7r/3K4 b D - 0 1";
    let mut pos = setup("malay", "", f);
    play(&mut pos, &["h2h1"]);
    assert!(pos.in_check());
    assert!(from(&mut pos, "d1").contains(&"d1c3".to_string()));
    // kingleap=unchecked: lost once checked.
    let mut pos = setup("malay", "kingleap=unchecked", f);
    play(&mut pos, &["h2h1"]);
    assert_eq!(fen::to_fen(&pos), "4k3/8/8/8/8/8/8/3K3r w - - 1 2");
    assert_eq!(from(&mut pos, "d1"), strs(&["d1c2", "d1d2", "d1e2"]));
}

#[test]
fn malay_unmoved_king_attacks_its_leap_cells() {
    let mut pos = setup("malay", "", "8/8/8/8/5k2/8/8/3K4 b D - 0 1");
    assert!(!from(&mut pos, "f4").contains(&"f4e3".to_string()));
    let mut pos = setup("malay", "", "8/8/8/8/5k2/8/8/3K4 b - - 0 1");
    assert!(from(&mut pos, "f4").contains(&"f4e3".to_string()));
}

#[test]
fn malay_rajas_pawn_double_steps_from_d3() {
    let mut pos = setup("malay", "", "4k3/8/8/8/8/3P4/8/4K3 w - - 0 1");
    assert_eq!(from(&mut pos, "d3"), strs(&["d3d4", "d3d5"]));
    let mut pos = setup("malay", "", "4k3/8/8/8/8/4P3/8/3K4 w - - 0 1");
    assert_eq!(from(&mut pos, "e3"), strs(&["e3e4"]));
    let mut pos = setup("malay", "", "3k4/8/4p3/8/8/8/8/4K3 b - - 0 1");
    assert_eq!(from(&mut pos, "e6"), strs(&["e6e4", "e6e5"]));
    // The second double step leaves an en-passant cell like the first.
    let mut pos = setup("malay", "", "4k3/8/3p4/2p5/8/3P4/8/4K3 w - - 0 1");
    play(&mut pos, &["d3d5"]);
    assert_eq!(fen::to_fen(&pos), "4k3/8/3p4/2pP4/8/8/8/4K3 b - d4 0 1");
}

#[test]
fn malay_en_passant_only_when_blocked_by_enemy_pawn() {
    let mut pos = setup("malay", "", "4k3/3p4/4p3/4P3/8/8/8/3K4 b - - 0 1");
    play(&mut pos, &["d7d5"]);
    assert!(legal(&mut pos).contains(&"e5d6".to_string()));
    // Not without the enemy pawn in front, nor with a piece instead.
    for f in [
        "4k3/3p4/8/4P3/8/8/8/3K4 b - - 0 1",
        "4k3/3p4/4n3/4P3/8/8/8/3K4 b - - 0 1",
    ] {
        let mut pos = setup("malay", "", f);
        play(&mut pos, &["d7d5"]);
        assert!(!legal(&mut pos).contains(&"e5d6".to_string()), "{f}");
    }
    // After the Raja's-pawn double step too: c5 takes on d4, its way blocked by the pawn on c4.
    let mut pos = setup("malay", "", "4k3/8/8/2p5/2P5/3P4/8/4K3 w - - 0 1");
    play(&mut pos, &["d3d5"]);
    assert_eq!(fen::to_fen(&pos), "4k3/8/8/2pP4/2P5/8/8/4K3 b - d4 0 1");
    assert!(legal(&mut pos).contains(&"c5d4".to_string()));
}

#[test]
fn malay_rook_file_pawns_promote_at_once() {
    let mut pos = setup("malay", "", "4k3/P7/8/8/8/8/8/3K4 w - - 0 1");
    assert_eq!(from(&mut pos, "a7"), strs(&["a7a8r"]));
    play(&mut pos, &["a7a8r"]);
    assert!(pos.in_check());
}

#[test]
fn malay_pawn_waits_on_last_rank_then_leaps_back() {
    // Arrival on b-g files: the pawn stays a pawn.
    let mut pos = setup("malay", "", "6k1/3P4/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(from(&mut pos, "d7"), strs(&["d7d8"]));
    play(&mut pos, &["d7d8", "g8h8"]);
    assert_eq!(from(&mut pos, "d8"), strs(&["d8a5q", "d8g5q"]));
    // Leaps of every file: b/g one cell (Kuda), c/f two (Gaja), d/e three (Mantri); captures
    // allowed, own men block.
    let mut pos = setup("malay", "", "1PPPPPP1/8/N7/1n6/8/8/8/K6k w - - 0 1");
    let mut leaps: Vec<String> = legal(&mut pos)
        .into_iter()
        .filter(|m| m.as_bytes()[1] == b'8')
        .collect();
    leaps.sort();
    assert_eq!(
        leaps,
        strs(&[
            "b8a7n", "b8c7n", "c8e6b", "d8a5q", "d8g5q", "e8b5q", "e8h5q", "f8d6b", "f8h6b",
            "g8f7n", "g8h7n"
        ])
    );
    // The Mantri appears on the landing cell.
    play(&mut pos, &["e8b5q"]);
    assert_eq!(fen::to_fen(&pos), "1PPP1PP1/8/N7/1Q6/8/8/8/K6k b - - 0 1");
}

#[test]
fn malay_waiting_pawn_gives_check() {
    assert!(setup("malay", "", "3P4/8/8/k7/8/8/8/7K b - - 0 1").in_check());
    let mut pos = setup("malay", "", "3P4/8/8/8/1k6/8/8/7K b - - 0 1");
    assert!(!from(&mut pos, "b4").contains(&"b4a5".to_string()));
}

#[test]
fn malay_promotion_steps_through_transit() {
    let mut pos = setup("malay", "promotion=steps", "3P2k1/8/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(from(&mut pos, "d8"), strs(&["d8c7q~", "d8e7q~"]));
    play(&mut pos, &["d8c7q~"]);
    assert_eq!(fen::to_fen(&pos), "6k1/2Q~5/8/8/8/8/8/K7 b - - 0 1");
    play(&mut pos, &["g8h8"]);
    assert_eq!(from(&mut pos, "c7"), strs(&["c7b6", "c7d6"]));
    play(&mut pos, &["c7b6", "h8g8"]);
    assert_eq!(from(&mut pos, "b6"), strs(&["b6a5q", "b6c5q"]));
    // A transit pawn reads back from its FEN, Black's too.
    let f = "6k1/8/1B~6/8/8/5q~2/8/K7 w - - 0 1";
    let mut pos = setup("malay", "promotion=steps", f);
    assert_eq!(fen::to_fen(&pos), f);
    assert_eq!(from(&mut pos, "b6"), strs(&["b6a5", "b6c5"]));
    // b/g files finish in one step, c/f in two.
    let mut pos = setup(
        "malay",
        "promotion=steps",
        "1PP3k1/8/8/8/8/8/8/K7 w - - 0 1",
    );
    assert_eq!(from(&mut pos, "b8"), strs(&["b8a7n", "b8c7n"]));
    assert_eq!(from(&mut pos, "c8"), strs(&["c8b7b~", "c8d7b~"]));
    play(&mut pos, &["c8b7b~", "g8h8"]);
    assert_eq!(from(&mut pos, "b7"), strs(&["b7a6b", "b7c6b"]));
}

#[test]
fn malay_promotion_immediate_continues_the_arrival() {
    let f = "6k1/1P1P4/8/8/8/8/8/K7 w - - 0 1";
    let mut pos = setup("malay", "promotion=immediate", f);
    // Arrival and leap in one move, onto an empty cell, the new man not giving check (g5 would).
    assert_eq!(from(&mut pos, "d7"), strs(&["d7a5", "d7d8"]));
    assert_eq!(from(&mut pos, "b7"), strs(&["b7a7", "b7b8", "b7c7"]));
    play(&mut pos, &["d7a5"]);
    assert_eq!(fen::to_fen(&pos), "6k1/1P6/8/Q7/8/8/8/K7 b - - 0 1");
    // Not in the default form.
    let mut pos = setup("malay", "", f);
    assert_eq!(from(&mut pos, "d7"), strs(&["d7d8"]));
    // The leap may land on the cell the pawn came from, after capturing on arrival.
    let mut pos = setup(
        "malay",
        "promotion=immediate",
        "n5k1/1P6/8/8/8/8/8/K7 w - - 0 1",
    );
    assert!(from(&mut pos, "b7").contains(&"b7b8".to_string()));
    let mut pos = setup(
        "malay",
        "promotion=immediate",
        "2n3k1/1P6/8/8/8/8/8/K7 w - - 0 1",
    );
    assert!(from(&mut pos, "b7").contains(&"b7a6".to_string()));
    play(&mut pos, &["b7a6"]);
    assert_eq!(fen::to_fen(&pos), "6k1/8/B7/8/8/8/8/K7 b - - 0 1");
}

#[test]
fn malay_promotion_immediate_inert_chemor() {
    // A Chemor that would check on arrival is inert: no attack, no capture, until it moved.
    let mut pos = setup(
        "malay",
        "promotion=immediate",
        "r5k1/1P6/8/8/8/8/8/7K w - - 0 1",
    );
    assert_eq!(
        from(&mut pos, "b7"),
        strs(&["b7a7", "b7a8r~", "b7b8", "b7c7"])
    );
    play(&mut pos, &["b7a8r~"]);
    assert!(!pos.in_check());
    assert_eq!(fen::to_fen(&pos), "R~5k1/8/8/8/8/8/8/7K b - - 0 1");
    assert!(from(&mut pos, "g8").contains(&"g8f8".to_string()));
    play(&mut pos, &["g8f8"]);
    // It moves like a rook without capturing, and is a Chemor after that move.
    let m = from(&mut pos, "a8");
    assert!(m.contains(&"a8a1r".to_string()) && m.contains(&"a8e8r".to_string()));
    assert!(!m.iter().any(|x| x.starts_with("a8f8")));
    play(&mut pos, &["a8a1r"]);
    assert_eq!(fen::to_fen(&pos), "5k2/8/8/8/8/8/8/R6K b - - 2 2");
    // Without check on arrival it is a Chemor at once.
    let mut pos = setup(
        "malay",
        "promotion=immediate",
        "r7/1P4k1/8/8/8/8/8/7K w - - 0 1",
    );
    assert!(from(&mut pos, "b7").contains(&"b7a8r".to_string()));
}

#[test]
fn malay_promotion_reverse_turns_the_pawn() {
    let mut pos = setup(
        "malay",
        "promotion=reverse",
        "6k1/3P4/8/8/8/8/8/K7 w - - 0 1",
    );
    assert_eq!(from(&mut pos, "d7"), strs(&["d7d8u"]));
    play(&mut pos, &["d7d8u", "g8h8"]);
    assert_eq!(fen::to_fen(&pos), "3U3k/8/8/8/8/8/8/K7 w - - 1 2");
    assert_eq!(from(&mut pos, "d8"), strs(&["d8d7"]));
    // On its own first rank it turns again, and never double-steps after that.
    let mut pos = setup(
        "malay",
        "promotion=reverse",
        "6k1/8/8/8/8/8/1U6/K7 w - - 0 1",
    );
    play(&mut pos, &["b2b1p~", "g8h8"]);
    assert_eq!(fen::to_fen(&pos), "7k/8/8/8/8/8/8/KP~6 w - - 1 2");
    play(&mut pos, &["b1b2", "h8g8"]);
    assert_eq!(from(&mut pos, "b2"), strs(&["b2b3"]));
}

#[test]
fn malay_discovered_mate_is_a_draw() {
    let f = "k3N2R/8/1K6/8/8/8/8/8 w - - 0 1";
    // Knight unmasks the rook: mate by discovery.
    let mut pos = setup("malay", "", f);
    play(&mut pos, &["e8d6"]);
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Draw, "discovered mate"))
    );
    // Double check by knight and rook: a draw, unless discoveredmate=pure.
    let mut pos = setup("malay", "", f);
    play(&mut pos, &["e8c7"]);
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Draw, "discovered mate"))
    );
    let mut pos = setup("malay", "discoveredmate=pure", f);
    play(&mut pos, &["e8c7"]);
    assert_eq!(result(&mut pos), Some((GameResult::Win(0), "checkmate")));
    let mut pos = setup("malay", "discoveredmate=pure", f);
    play(&mut pos, &["e8d6"]);
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Draw, "discovered mate"))
    );
    // A king move that uncovers mate.
    for o in ["", "discoveredmate=pure"] {
        let mut pos = setup("malay", o, "k7/8/K7/4B3/8/8/8/R7 w - - 0 1");
        play(&mut pos, &["a6b6"]);
        assert_eq!(
            result(&mut pos),
            Some((GameResult::Draw, "discovered mate"))
        );
    }
    // A direct mate wins.
    let mut pos = setup("malay", "", "k7/8/1K6/8/8/8/8/7R w - - 0 1");
    play(&mut pos, &["h1h8"]);
    assert_eq!(result(&mut pos), Some((GameResult::Win(0), "checkmate")));
}

#[test]
fn malay_stalemate_and_dead_positions_draw() {
    let mut pos = setup("malay", "", "k7/8/1Q6/8/8/8/8/7K b - - 0 1");
    assert_eq!(result(&mut pos), Some((GameResult::Draw, "stalemate")));
    for f in [
        "4k3/8/8/8/8/8/8/3KB3 w - - 0 1",
        "4k3/8/8/8/8/8/8/3KN3 b - - 0 1",
        "4k3/8/8/8/8/8/8/3K4 w - - 0 1",
    ] {
        let mut pos = setup("malay", "", f);
        assert_eq!(
            result(&mut pos),
            Some((GameResult::Draw, "insufficient material")),
            "{f}"
        );
    }
    let mut pos = setup("malay", "", "4k3/8/8/8/8/8/8/2KR4 w - - 0 1");
    assert_eq!(result(&mut pos), None);
}

#[test]
fn malay_bareking_7_moves_to_mate() {
    let f = "4k3/8/8/8/8/8/7r/R2K3R w - - 0 1";
    let mut pos = setup("malay", "bareking=7", f);
    play(&mut pos, &["h1h2"]);
    wander(&mut pos, 13);
    assert_eq!(result(&mut pos), None);
    wander(&mut pos, 1);
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Draw, "bare king not mated in 7 moves"))
    );
    let mut pos = setup("malay", "", f);
    play(&mut pos, &["h1h2"]);
    wander(&mut pos, 14);
    assert_eq!(result(&mut pos), None);
}

// ---------------------------------------------------------------------------------------------
// diwanashah

const DIWANA_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/8/4M3 w kq - 0 1";

#[test]
fn diwanashah_start_fen_round_trips() {
    round_trip("diwanashah", "", DIWANA_START);
    round_trip(
        "diwanashah",
        "castling=off",
        "rnbqkbnr/pppppppp/8/8/8/8/8/4M3 w - - 0 1",
    );
    round_trip(
        "diwanashah",
        "setup=free",
        "rnbqkbnr/pppppppp/8/8/8/8/8/8[M] w kq - 0 1",
    );
}

#[test]
fn diwanashah_start_perft() {
    // Maharaja e1: queen lines e2-e5 (e6 and e7 are covered), a1-d1, f1-h1, d2-a5, f2-h4 = 18,
    // plus knight d3 f3 c2 g2 = 22. Equal to Fairy-Stockfish `maharajah` (no pawn can reach
    // rank 1 at these depths).
    perft_counts("diwanashah", "", &[22, 438, 9097, 197635]);
}

#[test]
fn diwanashah_make_unmake_restores_fen_and_key() {
    for opts in ["", "castling=off", "setup=free"] {
        let v = variants::build("diwanashah", opts).unwrap();
        for seed in 1..5 {
            make_unmake("diwanashah", opts, &v.start_fen, 80, seed);
        }
    }
    make_unmake(
        "diwanashah",
        "",
        "r3k2r/8/8/8/8/8/1p1p1p2/1M6 b kq - 0 1",
        40,
        3,
    );
}

#[test]
fn diwanashah_maharaja_moves_as_queen_and_knight() {
    let mut pos = start("diwanashah", "");
    let m = from(&mut pos, "e1");
    assert_eq!(m.len(), 22);
    for mv in ["e1d3", "e1g2", "e1a5", "e1h1", "e1e5"] {
        assert!(m.contains(&mv.to_string()), "{mv}");
    }
    // It may not step onto a covered cell.
    assert!(!m.contains(&"e1e6".to_string()) && !m.contains(&"e1e7".to_string()));
}

#[test]
fn diwanashah_checkmate_either_way() {
    // The Maharaja mated in the corner by pawns and a bishop: Black wins.
    let mut pos = setup("diwanashah", "", "4k3/8/8/8/5p2/5pp1/6pp/6bM w - - 0 1");
    assert_eq!(result(&mut pos), Some((GameResult::Win(1), "checkmate")));
    // The Black king mated by the Maharaja's knight leap: White wins.
    let mut pos = setup("diwanashah", "", "7k/6pp/8/8/8/8/8/5M2 w - - 0 1");
    play(&mut pos, &["f1f7"]);
    assert_eq!(result(&mut pos), Some((GameResult::Win(0), "checkmate")));
}

#[test]
fn diwanashah_black_pawns_never_promote() {
    let mut pos = setup("diwanashah", "", "4k3/8/8/8/8/8/3p4/M7 b - - 0 1");
    assert_eq!(from(&mut pos, "d2"), strs(&["d2d1"]));
    play(&mut pos, &["d2d1", "a1a2"]);
    assert_eq!(fen::to_fen(&pos), "4k3/8/8/8/8/8/M7/3p4 b - - 1 2");
    // It stays there, immobile.
    assert!(from(&mut pos, "d1").is_empty());
}

#[test]
fn diwanashah_castling_black_only() {
    let f = "r3k2r/8/8/8/8/8/8/1M6 b kq - 0 1";
    let mut pos = setup("diwanashah", "", f);
    let m = from(&mut pos, "e8");
    assert!(m.contains(&"e8g8".to_string()) && m.contains(&"e8c8".to_string()));
    play(&mut pos, &["e8g8"]);
    assert_eq!(fen::to_fen(&pos), "r4rk1/8/8/8/8/8/8/1M6 w - - 1 2");
    assert!(!parses(
        "diwanashah",
        "",
        "r3k2r/8/8/8/8/8/8/1M6 w KQkq - 0 1"
    ));
    assert!(!parses("diwanashah", "castling=off", f));
    let mut pos = setup(
        "diwanashah",
        "castling=off",
        "r3k2r/8/8/8/8/8/8/1M6 b - - 0 1",
    );
    assert_eq!(from(&mut pos, "e8").len(), 5);
}

#[test]
fn diwanashah_stalemate_draw_or_loss() {
    let f = "7k/4M3/8/8/8/8/8/8 b - - 0 1";
    let mut pos = setup("diwanashah", "", f);
    assert_eq!(result(&mut pos), Some((GameResult::Draw, "stalemate")));
    let mut pos = setup("diwanashah", "stalemate=loss", f);
    assert_eq!(result(&mut pos), Some((GameResult::Win(0), "stalemate")));
}

#[test]
fn diwanashah_setup_free_places_the_maharaja_first() {
    let mut pos = start("diwanashah", "setup=free");
    let m = legal(&mut pos);
    assert_eq!(m.len(), 24);
    assert!(
        m.iter()
            .all(|x| x.starts_with("M@") && x.as_bytes()[3] <= b'3')
    );
    play(&mut pos, &["M@e1"]);
    // Move 0 done: White moves again, as from the fixed start.
    assert_eq!(
        fen::to_fen(&pos),
        "rnbqkbnr/pppppppp/8/8/8/8/8/4M3[] w kq - 1 1"
    );
    assert_eq!(legal(&mut pos).len(), 22);
    assert_eq!(perft(&mut pos, 2), 438);
}
