//! Rules of toto40, jetan and chess3d.
//!
//! Start-position perft cross-checks (outside this engine):
//! - toto40: scripts/toto40_perft.py, an independent generator written from the spec (board
//!   arithmetic on (file, rank), paths walked on the fly, superko by sets of arrangements):
//!   15, 220, 2445, 28399, 326908. Depth 1 is also the spec's "15 legal moves". `white=upper` is
//!   the half-turned game, so its counts must equal the default's.
//! - jetan: scripts/jetan_perft.py, an independent generator written from the spec (paths
//!   searched on the actual board at move time): 110, 12084, 1081433. Depth 1 by hand: 60
//!   escapes (every empty cell), 8 Panthan steps forward + 16 diagonally forward, 2 x 2 Thoat
//!   moves, 14 Princess moves (c3-i3, c4-i4), 2 x 4 Odwar moves (d1: a4 c4 e4 g4), and nothing for
//!   the boxed-in Chieftain, Dwars, Padwars and Thans: 110.
//! - chess3d: at the start no piece may leave level A (version 1: nothing climbs above the
//!   ceiling A, and no king is in check) and there is nothing below it, so the counts are
//!   orthodox chess's: 20, 400, 8902, 197281.

mod common;

use chatrang::fen;
use chatrang::perft::perft;
use chatrang::position::Position;
use chatrang::variant::GameResult;
use chatrang::variants;
use common::*;

/// A board field from placements like `("K", "c6")`: `dims` = (width, height, levels), `exists`
/// tells holes (`*`) apart; cell names as the game writes them (`Ae2` with levels).
fn board(dims: (u8, u8, u8), exists: impl Fn(u8, u8) -> bool, men: &[(&str, &str)]) -> String {
    let v = variants::build(
        match dims {
            (8, 12, 1) => "toto40",
            (10, 10, 1) => "jetan",
            _ => "chess3d",
        },
        "",
    )
    .unwrap();
    let g = &v.geo;
    let mut at = std::collections::HashMap::new();
    for (p, sq) in men {
        let c = g.parse_cell(sq).unwrap_or_else(|| panic!("no cell {sq}"));
        at.insert(c, *p);
    }
    let mut levels = Vec::new();
    for z in 0..dims.2 {
        let mut ranks = Vec::new();
        for y in (0..dims.1).rev() {
            let mut s = String::new();
            let mut run = 0;
            for x in 0..dims.0 {
                let cell = g.cell_at(x as i32, y as i32, z as i32);
                let tok = match cell {
                    None => Some("*".to_string()),
                    Some(c) => at.get(&c).map(|p| p.to_string()),
                };
                assert_eq!(cell.is_some(), exists(x, y));
                match tok {
                    None => run += 1,
                    Some(t) => {
                        if run > 0 {
                            s += &run.to_string();
                            run = 0;
                        }
                        s += &t;
                    }
                }
            }
            if run > 0 {
                s += &run.to_string();
            }
            ranks.push(s);
        }
        levels.push(ranks.join("/"));
    }
    levels.join("|")
}

fn toto(men: &[(&str, &str)], rest: &str) -> String {
    format!(
        "{} {rest}",
        board((8, 12, 1), |x, y| (7..=11).contains(&(x + y)), men)
    )
}

fn jet(men: &[(&str, &str)], rest: &str) -> String {
    format!("{} {rest}", board((10, 10, 1), |_, _| true, men))
}

fn c3d(men: &[(&str, &str)], rest: &str) -> String {
    format!("{} {rest}", board((8, 8, 8), |_, _| true, men))
}

/// Random legal moves (fixed LCG): key checked after each make, FEN written after each move reads
/// back identically; then everything unmade: FEN and key restored.
fn make_unmake(id: &str, opts: &str, f: &str, plies: usize, seed: u64) {
    let mut pos = setup(id, opts, f);
    assert!(!random_walk(&mut pos, plies, seed, Reread::Fen, |_| true).is_empty());
}

/// Legal moves = pseudo-legal moves that leave no royal attacked, then the game's filter; along
/// random games.
fn legal_is_pseudo_minus_self_check(id: &str, opts: &str, f: &str, plies: usize, seed: u64) {
    let mut pos = setup(id, opts, f);
    random_walk(&mut pos, plies, seed, Reread::Fen, |p| {
        assert_legal_is_pseudo_minus_self_check(p, true, any);
        true
    });
}

fn count(pos: &mut Position) -> usize {
    legal(pos).len()
}

// ---------------------------------------------------------------------------------------------
// toto40

const TOTO_START: &str = "p*******/1p******/2h*****/3n****/P3r***/*P3k**/**K3p*/***R3p/****N3/*****H2/******P1/*******P w - - 0 1";
const TOTO_UPPER: &str = "P*******/1P******/2H*****/3N****/p3R***/*p3K**/**k3P*/***r3P/****n3/*****h2/******p1/*******p w - - 0 1";

#[test]
fn toto40_start_fen_round_trips() {
    round_trip("toto40", "", TOTO_START);
    round_trip("toto40", "white=upper", TOTO_UPPER);
}

#[test]
fn toto40_board_has_forty_cells_in_a_staircase() {
    let v = variants::build("toto40", "").unwrap();
    assert_eq!(v.geo.cells().count(), 40);
    for name in ["a12", "a8", "b7", "h1", "h5", "e8", "d5", "c10"] {
        assert!(v.geo.parse_cell(name).is_some(), "{name}");
    }
    for name in ["a7", "b12", "h6", "g1", "c11", "e3"] {
        assert!(v.geo.parse_cell(name).is_none(), "{name}");
    }
}

#[test]
fn toto40_start_perft() {
    perft_counts("toto40", "", &[15, 220, 2445, 28399, 326908]);
    // The half-turned game is the same game.
    perft_counts("toto40", "white=upper", &[15, 220, 2445, 28399]);
    perft_counts("toto40", "royal=capture", &[15]);
}

#[test]
fn toto40_opening_mobility_and_line_entries() {
    let mut pos = start("toto40", "");
    let moves = legal(&mut pos);
    assert_eq!(moves.len(), 15);
    let line = ["a10", "b9", "c8", "d7", "e6", "f5", "g4", "h3"];
    let entries: Vec<String> = moves
        .into_iter()
        .filter(|m| line.contains(&&m[2..]))
        .collect();
    assert_eq!(entries, strs(&["c6d7", "d5d7", "d5f5", "f3f5", "f3h3"]));
    play(&mut pos, &["c6c7"]);
    assert_eq!(count(&mut pos), 15);
}

#[test]
fn toto40_hawk_diagram() {
    // Hawk c6 on an otherwise empty board (kings far away): a8, c8, e6, e4; e8 lies beyond the
    // line, c4/a4/a6 do not exist.
    let f = toto(&[("H", "c6"), ("K", "h1"), ("k", "a12")], "w - - 0 1");
    let mut pos = setup("toto40", "", &f);
    assert_eq!(
        from(&mut pos, "c6"),
        strs(&["c6a8", "c6c8", "c6e4", "c6e6"])
    );
}

#[test]
fn toto40_no_crossing_into_the_enemy_section() {
    // The rook slides up the d-file only to the line (d7), never beyond; along rank 5 freely.
    let f = toto(&[("R", "d5"), ("K", "h1"), ("k", "a12")], "w - - 0 1");
    let mut pos = setup("toto40", "", &f);
    assert_eq!(
        from(&mut pos, "d5"),
        strs(&["d5d6", "d5d7", "d5e5", "d5f5"])
    );
    // A knight on the line does not jump into the black section.
    let f = toto(&[("N", "e6"), ("K", "h1"), ("k", "a12")], "w - - 0 1");
    let mut pos = setup("toto40", "", &f);
    assert_eq!(
        from(&mut pos, "e6"),
        strs(&["e6c7", "e6d7", "e6f4", "e6f5"])
    );
}

#[test]
fn toto40_line_step_for_every_man_on_the_line() {
    // The knight on e6 steps to d7 and f5 along the line; the hawk on c8 to b9 and d7.
    let f = toto(&[("H", "c8"), ("K", "h1"), ("k", "a12")], "w - - 0 1");
    let mut pos = setup("toto40", "", &f);
    assert!(has(&mut pos, "c8b9"));
    assert!(has(&mut pos, "c8d7"));
}

#[test]
fn toto40_pawn_on_the_line_only_steps_along_it() {
    // White pawn e6 on the line: e6d7 and e6f5 (both directions), capturing the black rook on
    // f5; no forward step (e7 is Black's).
    let f = toto(
        &[("P", "e6"), ("r", "f5"), ("K", "h1"), ("k", "a12")],
        "w - - 0 1",
    );
    let mut pos = setup("toto40", "", &f);
    assert_eq!(from(&mut pos, "e6"), strs(&["e6d7", "e6f5"]));
    // Off the line: forward step, and the only possible capture is onto the line.
    let f = toto(
        &[
            ("P", "c7"),
            ("n", "d8"),
            ("r", "c8"),
            ("K", "h1"),
            ("k", "a12"),
        ],
        "w - - 0 1",
    );
    let mut pos = setup("toto40", "", &f);
    assert_eq!(from(&mut pos, "c7"), Vec::<String>::new());
    let f = toto(
        &[("P", "b7"), ("n", "c8"), ("K", "h1"), ("k", "a12")],
        "w - - 0 1",
    );
    let mut pos = setup("toto40", "", &f);
    assert_eq!(from(&mut pos, "b7"), strs(&["b7b8", "b7c8"]));
}

#[test]
fn toto40_captures_only_on_the_line() {
    // The black rook on e7 faces the white rook on e5 with e6 empty: neither may take the other
    // (each would enter the enemy section), but the white rook may enter e6.
    let f = toto(
        &[("R", "e5"), ("r", "e7"), ("K", "h1"), ("k", "a12")],
        "w - - 0 1",
    );
    let mut pos = setup("toto40", "", &f);
    let m = from(&mut pos, "e5");
    assert!(listed(&m, "e5e6"));
    assert!(!listed(&m, "e5e7"));
    play(&mut pos, &["e5e6"]);
    // Now the black rook takes on the line.
    assert!(has(&mut pos, "e7e6"));
}

#[test]
fn toto40_king_can_be_checked_only_on_the_line() {
    // The White king on d7 (line) is attacked by the black rook on d9? No: d8/d9 are Black's and
    // a rook there attacks down the file onto the line. The king may not stay on the file.
    let f = toto(
        &[("K", "d6"), ("r", "d9"), ("P", "h1"), ("k", "a12")],
        "w - - 0 1",
    );
    let mut pos = setup("toto40", "", &f);
    // d7 is on the line and attacked by the rook: the king may not go there.
    let m = from(&mut pos, "d6");
    assert!(!listed(&m, "d6d7"));
    assert!(listed(&m, "d6c7"));
    // In its own section the king is never attacked, even on the rook's file.
    assert!(!pos.in_check());
    // With royal=capture, the king may step into the attack; taking it wins.
    let mut pos = setup("toto40", "royal=capture", &f);
    assert!(has(&mut pos, "d6d7"));
    play(&mut pos, &["d6d7", "d9d7"]);
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Win(1), "king captured"))
    );
    assert_eq!(count(&mut pos), 0);
}

#[test]
fn toto40_checkmate_and_stalemate_lose() {
    // White king a10 (line corner) checked by the rook a12 through a11; b9 is covered by the
    // rook b11; its own pawn blocks a9, and its own section can never be entered by Black.
    let f = toto(
        &[
            ("K", "a10"),
            ("P", "a9"),
            ("r", "a12"),
            ("r", "b11"),
            ("k", "h5"),
        ],
        "w - - 0 1",
    );
    let mut pos = setup("toto40", "", &f);
    assert!(pos.in_check());
    assert_eq!(count(&mut pos), 0);
    assert_eq!(result(&mut pos), Some((GameResult::Win(1), "checkmate")));
    // Stalemate loses too: king a8 boxed in by its pawns a9, b8, b7 (blocked by Black's men on
    // the line), and b9 guarded by the rook's line step from a10.
    let f = toto(
        &[
            ("K", "a8"),
            ("P", "a9"),
            ("P", "b8"),
            ("P", "b7"),
            ("r", "a10"),
            ("n", "b9"),
            ("k", "h5"),
        ],
        "w - - 0 1",
    );
    let mut pos = setup("toto40", "", &f);
    assert!(!pos.in_check());
    assert_eq!(count(&mut pos), 0);
    assert_eq!(result(&mut pos), Some((GameResult::Win(1), "stalemate")));
}

#[test]
fn toto40_no_man_on_the_line_loses() {
    // White enters the line (Kc6-d7); Black ignores it and loses at once.
    let mut pos = start("toto40", "");
    play(&mut pos, &["c6d7"]);
    assert_eq!(result(&mut pos), None);
    play(&mut pos, &["a12a11"]);
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Win(0), "no man on the fighting line"))
    );
    // The game is over: no moves.
    assert_eq!(count(&mut pos), 0);
    // Black entering in reply is fine.
    let mut pos = start("toto40", "");
    play(&mut pos, &["c6d7", "e8e6"]);
    assert_eq!(result(&mut pos), None);
    // Leaving the line with one's only line man loses even if the line is then empty.
    play(&mut pos, &["d7c6"]);
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Win(1), "no man on the fighting line"))
    );
}

#[test]
fn toto40_positional_superko() {
    // After Kc6-c7, Kf7-e7, Kc7-c6, the move Ke7-f7 would recreate the start position.
    let mut pos = start("toto40", "");
    play(&mut pos, &["c6c7", "f7e7"]);
    play(&mut pos, &["c7c6"]);
    assert!(!has(&mut pos, "e7f7"));
    assert!(has(&mut pos, "e7f6"));
    // Positional: the arrangement alone counts, even with the other side to move. White
    // K c6-c7-c6 while Black shuffles a rook e8-d8-e8 twice... here: arrangement after
    // W c6c7, B e8d8, W c7c6, B d8e8 = start (illegal for Black at the last step).
    let mut pos = start("toto40", "");
    play(&mut pos, &["c6c7", "e8d8", "c7c6"]);
    assert!(!has(&mut pos, "d8e8"));
    // Situational superko compares side to move too: a position reached with the other side to
    // move is not a repetition. W Rd5-e5, B Re8-d8, W Re5-d5: arrangement A (R d5, r d8) with
    // Black to move. Then B Kf7-g6?, etc. Simplest check: the same sequence is illegal under
    // both (same side to move).
    let mut pos = start("toto40", "superko=situational");
    play(&mut pos, &["c6c7", "e8d8", "c7c6"]);
    assert!(!has(&mut pos, "d8e8"));
}

#[test]
fn toto40_situational_superko_ignores_positions_with_the_other_side_to_move() {
    // White king walks c6-c7-b8 ... a triangle (3 moves) returns the arrangement with the
    // other side to move: c6-c7, c7-b8?, b8-c6? not a king step. Use the rook: d5-e5-e4? no.
    // Construct directly: K c6 -> c7 -> d6 -> c6 is a triangle of king steps.
    // Black meanwhile: r e8-d8, d8-e8 (back), then... Arrangement after W c6c7, B e8d8,
    // W c7d6, B d8e8, W d6c6 equals the start arrangement but with Black to move:
    // positional superko forbids W d6c6, situational allows it.
    let mut pos = start("toto40", "");
    play(&mut pos, &["c6c7", "e8d8", "c7d6", "d8e8"]);
    assert!(!has(&mut pos, "d6c6"));
    let mut pos = start("toto40", "superko=situational");
    play(&mut pos, &["c6c7", "e8d8", "c7d6", "d8e8"]);
    assert!(has(&mut pos, "d6c6"));
}

#[test]
fn toto40_white_upper_is_the_half_turned_game() {
    let mut pos = start("toto40", "white=upper");
    // The half turn of c6d7 is f7e6.
    assert!(has(&mut pos, "f7e6"));
    assert_eq!(count(&mut pos), 15);
    // White pawns walk down: h5-h4.
    assert!(has(&mut pos, "h5h4"));
}

#[test]
fn toto40_make_unmake_and_legality() {
    for opts in ["", "royal=capture", "superko=situational", "white=upper"] {
        let v = variants::build("toto40", opts).unwrap();
        for seed in 1..4 {
            make_unmake("toto40", opts, &v.start_fen, 60, seed);
        }
    }
    for seed in 1..4 {
        legal_is_pseudo_minus_self_check("toto40", "", TOTO_START, 60, seed);
    }
}

// ---------------------------------------------------------------------------------------------
// jetan

const JETAN_START: &str =
    "wldopcodlw/tmmmmmmmmt/10/10/10/10/10/10/TMMMMMMMMT/WLDOCPODLW w Pp - 0 1";

#[test]
fn jetan_start_fen_round_trips() {
    round_trip("jetan", "", JETAN_START);
    round_trip(
        "jetan",
        "first=black",
        "wldopcodlw/tmmmmmmmmt/10/10/10/10/10/10/TMMMMMMMMT/WLDOCPODLW b Pp - 0 1",
    );
}

#[test]
fn jetan_start_perft() {
    perft_counts("jetan", "", &[110, 12084, 1081433]);
}

#[test]
fn jetan_midgame_perft_matches_independent_generator() {
    // Counts from scripts/jetan_perft.py on a crowded middle game (captures, blocked paths,
    // decided positions after a Princess or Chieftain capture), both sides to move.
    let board = "w1d1p1od1w/t1mm1m1m1t/2m1l1c3/3M2m3/1o2O3T1/4mM1L2/2D1M3M1/3C1W4/TM4M1d1/1L3P3W";
    for (rest, counts) in [
        ("w Pp - 0 1", [186, 32094, 5266475]),
        ("b p - 0 1", [173, 20814, 3169256]),
    ] {
        let mut pos = setup("jetan", "", &format!("{board} {rest}"));
        for (i, &n) in counts.iter().enumerate() {
            assert_eq!(perft(&mut pos, i as u32 + 1), n, "{rest} depth {}", i + 1);
        }
    }
}

#[test]
fn jetan_chieftain_winding_path() {
    // Sample game 14... C f10-f7: the straight path is blocked by its own Panthan on f8 (and
    // f9), legal by the winding path f9?-e8-f7: here with f9 empty and f8 occupied.
    let f = jet(
        &[
            ("c", "f10"),
            ("m", "f8"),
            ("p", "a10"),
            ("P", "a1"),
            ("C", "j1"),
        ],
        "b - - 0 1",
    );
    let mut pos = setup("jetan", "", &f);
    assert!(has(&mut pos, "f10f7"));
    // Boxed in: the first step has no empty cell.
    let f = jet(
        &[
            ("c", "f10"),
            ("m", "e10"),
            ("m", "g10"),
            ("m", "e9"),
            ("m", "f9"),
            ("m", "g9"),
            ("p", "a10"),
            ("P", "a1"),
        ],
        "b - - 0 1",
    );
    let mut pos = setup("jetan", "", &f);
    assert_eq!(from(&mut pos, "f10"), Vec::<String>::new());
}

#[test]
fn jetan_exact_steps_reach_adjacent_cells_once() {
    // 21... C i2xj1: net one diagonal step by a three-step path; every cell within distance 3
    // is one move (destinations, not paths): 48 on an open board.
    let f = jet(&[("c", "e5"), ("p", "a10"), ("P", "a1")], "b - - 0 1");
    let mut pos = setup("jetan", "", &f);
    let m = from(&mut pos, "e5");
    assert_eq!(m.len(), 48);
    let f = jet(
        &[("c", "i2"), ("W", "j1"), ("p", "a10"), ("P", "a3")],
        "b - - 0 1",
    );
    let mut pos = setup("jetan", "", &f);
    assert!(has(&mut pos, "i2j1"));
}

#[test]
fn jetan_odwar_three_diagonal_steps_leaping() {
    // Book: Odwar d1-e2-d3-c2 is written d1c2; it leaps over men.
    let f = jet(
        &[
            ("O", "d1"),
            ("M", "e2"),
            ("M", "d3"),
            ("P", "j1"),
            ("p", "j10"),
        ],
        "w - - 0 1",
    );
    let mut pos = setup("jetan", "", &f);
    let m = from(&mut pos, "d1");
    assert!(listed(&m, "d1c2"));
    // Never an orthogonal neighbour.
    assert!(!listed(&m, "d1d2") && !listed(&m, "d1c1"));
    // Corner: a1-b2 impossible (every zigzag leaves the board) ...
    let f = jet(&[("O", "a1"), ("P", "j1"), ("p", "j10")], "w - - 0 1");
    let mut pos = setup("jetan", "", &f);
    assert!(!has(&mut pos, "a1b2"));
    // ... unless paths may revisit cells.
    let mut pos = setup("jetan", "revisit=on", &f);
    assert!(has(&mut pos, "a1b2"));
    // odwar=step: it no longer leaps (d1-c2 needs an empty path).
    let f = jet(
        &[
            ("O", "d1"),
            ("M", "e2"),
            ("M", "c2"),
            ("M", "d3"),
            ("P", "j1"),
            ("p", "j10"),
        ],
        "w - - 0 1",
    );
    let mut pos = setup("jetan", "odwar=step", &f);
    assert_eq!(from(&mut pos, "d1"), Vec::<String>::new());
    let mut pos = setup("jetan", "", &f);
    assert!(!from(&mut pos, "d1").is_empty());
}

#[test]
fn jetan_dwar_three_orthogonal_steps() {
    // c1-c4 needs c2 and c3 empty; (2,1) and (1,0) by L- and U-shaped paths.
    let f = jet(&[("D", "c1"), ("P", "j1"), ("p", "j10")], "w - - 0 1");
    let mut pos = setup("jetan", "", &f);
    let m = from(&mut pos, "c1");
    for t in [
        "c1c4", "c1d3", "c1b3", "c1d1", "c1b1", "c1a2", "c1e2", "c1f1",
    ] {
        assert!(m.contains(&t.to_string()), "{t}");
    }
    let f = jet(
        &[("D", "c1"), ("M", "c3"), ("P", "j1"), ("p", "j10")],
        "w - - 0 1",
    );
    let mut pos = setup("jetan", "", &f);
    assert!(!has(&mut pos, "c1c4"));
}

#[test]
fn jetan_padwar_and_than_two_steps_either_way() {
    // Padwar b1-b3 via a2 or c2.
    let f = jet(
        &[("L", "b1"), ("M", "a2"), ("P", "j1"), ("p", "j10")],
        "w - - 0 1",
    );
    let mut pos = setup("jetan", "", &f);
    assert!(has(&mut pos, "b1b3"));
    let f = jet(
        &[
            ("L", "b1"),
            ("M", "a2"),
            ("M", "c2"),
            ("P", "j1"),
            ("p", "j10"),
        ],
        "w - - 0 1",
    );
    let mut pos = setup("jetan", "", &f);
    assert_eq!(from(&mut pos, "b1"), Vec::<String>::new());
    // Than a1-b2 via a2 or b1 (book example), a1-a3 straight.
    let f = jet(
        &[("W", "a1"), ("M", "a2"), ("P", "j1"), ("p", "j10")],
        "w - - 0 1",
    );
    let mut pos = setup("jetan", "", &f);
    assert_eq!(from(&mut pos, "a1"), strs(&["a1b2", "a1c1"]));
}

#[test]
fn jetan_thoat_either_elbow() {
    // Sample game 24... T j9-i7 through i8 with j8 occupied.
    let f = jet(
        &[("t", "j9"), ("m", "j8"), ("p", "a10"), ("P", "a1")],
        "b - - 0 1",
    );
    let mut pos = setup("jetan", "", &f);
    assert!(has(&mut pos, "j9i7"));
    // thoat=orthfirst (xiangqi horse): blocked by j8.
    let mut pos = setup("jetan", "thoat=orthfirst", &f);
    assert!(!has(&mut pos, "j9i7"));
    // Both elbows blocked: only thoat=leap jumps.
    let f = jet(
        &[
            ("t", "j9"),
            ("m", "j8"),
            ("m", "i8"),
            ("p", "a10"),
            ("P", "a1"),
        ],
        "b - - 0 1",
    );
    let mut pos = setup("jetan", "", &f);
    assert!(!has(&mut pos, "j9i7"));
    let mut pos = setup("jetan", "thoat=leap", &f);
    assert!(has(&mut pos, "j9i7"));
}

#[test]
fn jetan_panthan_never_straight_backward() {
    let f = jet(&[("M", "e5"), ("P", "j1"), ("p", "j10")], "w - - 0 1");
    let mut pos = setup("jetan", "", &f);
    assert_eq!(
        from(&mut pos, "e5"),
        strs(&["e5d4", "e5d5", "e5d6", "e5e6", "e5f4", "e5f5", "e5f6"])
    );
    let mut pos = setup("jetan", "panthan=nobackdiagonal", &f);
    assert_eq!(
        from(&mut pos, "e5"),
        strs(&["e5d5", "e5d6", "e5e6", "e5f5", "e5f6"])
    );
    // Black's forward is down the board.
    let f = jet(&[("m", "e5"), ("P", "j1"), ("p", "j10")], "b - - 0 1");
    let mut pos = setup("jetan", "panthan=nobackdiagonal", &f);
    assert_eq!(
        from(&mut pos, "e5"),
        strs(&["e5d4", "e5d5", "e5e4", "e5f4", "e5f5"])
    );
}

#[test]
fn jetan_princess_never_captures() {
    let f = jet(&[("P", "e5"), ("m", "e6"), ("p", "j10")], "w - - 0 1");
    let mut pos = setup("jetan", "", &f);
    let m = from(&mut pos, "e5");
    assert!(!listed(&m, "e5e6"));
    // leaping: reaches e7 over the Panthan
    assert!(listed(&m, "e5e7"));
    assert_eq!(m.len(), 47);
}

#[test]
fn jetan_princess_escape_once_per_game() {
    // Sample game 26... P c9-f1 (the escape, distance 8), written c9f1e.
    let f = jet(
        &[("p", "c9"), ("P", "j1"), ("M", "g2"), ("C", "e1")],
        "b Pp - 0 1",
    );
    let mut pos = setup("jetan", "", &f);
    let m = from(&mut pos, "c9");
    // 24 normal moves near c9 ... plus an escape to every empty cell (100 - 4 men).
    assert_eq!(m.iter().filter(|s| s.ends_with('e')).count(), 96);
    play(&mut pos, &["c9f1e"]);
    assert!(fen::to_fen(&pos).contains(" w P "));
    play(&mut pos, &["e1e2"]);
    assert!(!from(&mut pos, "f1").iter().any(|s| s.ends_with('e')));
    // escape=line: along the eight lines only.
    let mut pos = setup("jetan", "escape=line", &f);
    let m: Vec<String> = from(&mut pos, "c9")
        .into_iter()
        .filter(|s| s.ends_with('e'))
        .collect();
    assert!(listed(&m, "c9c1e") && listed(&m, "c9j2e"));
    assert!(!listed(&m, "c9f1e"));
    // N 1, S 8, E 7, W 2, NE 1, NW 1, SE 7, SW 2.
    assert_eq!(m.len(), 29);
}

#[test]
fn jetan_princess_safe_option() {
    // The escape c9-f1 ends on a cell the Panthan g2 attacks (diagonally backward): legal by
    // default, illegal with princess-safe=on, legal again with the Burroughs Panthan.
    let f = jet(
        &[("p", "c9"), ("P", "j1"), ("M", "g2"), ("C", "a5")],
        "b Pp - 0 1",
    );
    let mut pos = setup("jetan", "", &f);
    assert!(has(&mut pos, "c9f1e"));
    let mut pos = setup("jetan", "princess-safe=on", &f);
    assert!(!has(&mut pos, "c9f1e"));
    let mut pos = setup("jetan", "princess-safe=on panthan=nobackdiagonal", &f);
    assert!(has(&mut pos, "c9f1e"));
    // Normal moves too: the Chieftain a5 reaches b7 (distance 2).
    let mut pos = setup("jetan", "princess-safe=on", &f);
    assert!(!has(&mut pos, "c9b7"));
}

#[test]
fn jetan_capturing_the_princess_wins() {
    let f = jet(
        &[("M", "e5"), ("p", "e6"), ("P", "a1"), ("c", "j10")],
        "w - - 0 1",
    );
    let mut pos = setup("jetan", "", &f);
    play(&mut pos, &["e5e6"]);
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Win(0), "princess captured"))
    );
    assert_eq!(count(&mut pos), 0);
}

#[test]
fn jetan_chieftain_takes_chieftain_wins_other_capture_draws() {
    let f = jet(
        &[
            ("C", "e5"),
            ("c", "e7"),
            ("M", "d6"),
            ("P", "a1"),
            ("p", "j10"),
        ],
        "w - - 0 1",
    );
    let mut pos = setup("jetan", "", &f);
    play(&mut pos, &["e5e7"]);
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Win(0), "chieftain captured by the chieftain"))
    );
    let mut pos = setup("jetan", "", &f);
    play(&mut pos, &["d6e7"]);
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Draw, "chieftain captured by another piece"))
    );
    assert_eq!(count(&mut pos), 0);
}

#[test]
fn jetan_odwar_house_rule() {
    // An Odwar's capture of the Chieftain: a draw by default, play goes on with odwarrule=on.
    let f = jet(
        &[("O", "d1"), ("c", "e4"), ("P", "a1"), ("p", "j10")],
        "w - - 0 1",
    );
    let mut pos = setup("jetan", "", &f);
    play(&mut pos, &["d1e4"]);
    assert_eq!(result(&mut pos).map(|r| r.0), Some(GameResult::Draw));
    let mut pos = setup("jetan", "odwarrule=on", &f);
    play(&mut pos, &["d1e4"]);
    assert_eq!(result(&mut pos), None);
    assert!(count(&mut pos) > 0);
    // Another man's capture still draws under the house rule.
    let f = jet(
        &[("M", "e3"), ("c", "e4"), ("P", "a1"), ("p", "j10")],
        "w - - 0 1",
    );
    let mut pos = setup("jetan", "odwarrule=on", &f);
    play(&mut pos, &["e3e4"]);
    assert_eq!(result(&mut pos).map(|r| r.0), Some(GameResult::Draw));
}

#[test]
fn jetan_endgame_counter_draw() {
    // After e5xe6: Orange Princess + Dwar + Panthan (1 + 3 + 1), Black Princess + Odwar +
    // Panthan (1 + 3 + 1): equal values, three men each. The counter starts at the capture that made it hold; ten plies later: draw.
    let f = jet(
        &[
            ("P", "a1"),
            ("D", "c3"),
            ("M", "e5"),
            ("p", "j10"),
            ("o", "h8"),
            ("m", "e6"),
            ("m", "a9"),
        ],
        "w - - 7 1",
    );
    let mut pos = setup("jetan", "", &f);
    assert_eq!(fen::to_fen(&pos).split(' ').nth(4), Some("7"));
    play(&mut pos, &["e5e6"]);
    // Condition holds now (P+D v P+O): counter 0.
    assert_eq!(fen::to_fen(&pos).split(' ').nth(4), Some("0"));
    let shuffle = ["h8g7", "c3c4", "g7h8", "c4c3"];
    for i in 0..10 {
        assert_eq!(result(&mut pos), None, "ply {i}");
        play(&mut pos, &[shuffle[i % 4]]);
    }
    assert_eq!(fen::to_fen(&pos).split(' ').nth(4), Some("10"));
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Draw, "equal endgame not won in 10 plies"))
    );
    // Unequal material: the counter stays 0.
    let f = jet(
        &[("P", "a1"), ("D", "c3"), ("p", "j10"), ("m", "h8")],
        "w - - 0 1",
    );
    let mut pos = setup("jetan", "", &f);
    play(&mut pos, &["c3c4"]);
    assert_eq!(fen::to_fen(&pos).split(' ').nth(4), Some("0"));
    // endgame=sametypes: P+D v P+O is not the same kinds.
    let f = jet(
        &[("P", "a1"), ("D", "c3"), ("p", "j10"), ("o", "h8")],
        "w - - 9 1",
    );
    let mut pos = setup("jetan", "endgame=sametypes", &f);
    play(&mut pos, &["c3c4"]);
    assert_eq!(result(&mut pos), None);
    let mut pos = setup("jetan", "", &f);
    play(&mut pos, &["c3c4"]);
    assert_eq!(result(&mut pos).map(|r| r.0), Some(GameResult::Draw));
}

#[test]
fn jetan_first_black_and_no_move_draws() {
    let mut pos = start("jetan", "first=black");
    assert_eq!(pos.side, 1);
    assert_eq!(count(&mut pos), 110);
    // Black's only man, the Princess in the corner (escape used), is walled in by Orange men on
    // every cell within three steps: no legal move, a draw.
    let mut men = vec![("p", "a1"), ("P", "j10")];
    let cells: Vec<String> = (0..4)
        .flat_map(|x| (1..=4).map(move |y| format!("{}{y}", (b'a' + x) as char)))
        .filter(|c| c != "a1")
        .collect();
    for c in &cells {
        men.push(("M", c.as_str()));
    }
    let f = jet(&men, "b P - 0 1");
    let mut pos = setup("jetan", "", &f);
    assert_eq!(count(&mut pos), 0);
    assert_eq!(result(&mut pos).map(|r| r.0), Some(GameResult::Draw));
}

#[test]
fn jetan_make_unmake_and_fen() {
    for opts in [
        "",
        "revisit=on thoat=leap odwar=step",
        "princess-safe=on escape=line odwarrule=on",
        "first=black panthan=nobackdiagonal endgame=sametypes thoat=orthfirst",
    ] {
        let v = variants::build("jetan", opts).unwrap();
        for seed in 1..4 {
            make_unmake("jetan", opts, &v.start_fen, 80, seed);
        }
        legal_is_pseudo_minus_self_check("jetan", opts, &v.start_fen, 40, 5);
    }
}

// ---------------------------------------------------------------------------------------------
// chess3d

const C3D_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8|8/8/8/8/8/8/8/8 w KQkq - 0 1 t1";

#[test]
fn chess3d_start_fen_round_trips() {
    round_trip("chess3d", "", C3D_START);
    round_trip("chess3d", "version=3", C3D_START);
    let f = c3d(&[("K", "Ce1"), ("k", "Ae8")], "w - - 0 1 t3");
    let pos = setup("chess3d", "", &f);
    assert_eq!(fen::to_fen(&pos), f);
    let f = c3d(&[("K", "Ce1"), ("k", "Ae8")], "w - - 0 1 t3t1");
    let pos = setup("chess3d", "ceiling=own", &f);
    assert_eq!(fen::to_fen(&pos), f);
    let f = c3d(&[("K", "Ce1"), ("k", "Ae8")], "w - - 0 1 open");
    let pos = setup("chess3d", "version=3", &f);
    assert_eq!(fen::to_fen(&pos), f);
    assert!(!parses(
        "chess3d",
        "",
        &c3d(&[("K", "Ae1"), ("k", "Ae8")], "w - - 0 1 t9")
    ));
}

#[test]
fn chess3d_start_perft() {
    perft_counts("chess3d", "", &[20, 400, 8902]);
    // Version 2: the kings may climb at once (6 upward steps each from e1 / e8).
    perft_counts("chess3d", "version=2", &[26]);
    perft_counts("chess3d", "version=3 queen=rb pawn=flat", &[20, 400]);
}

#[test]
fn chess3d_perft_matches_independent_generator() {
    // Counts from scripts/chess3d_perft.py (written from the spec, version 1): kings above level
    // A with 3-D queens, bishops, knights and pawns; an interposition against a back-rank check;
    // the forced first climb out of a mate (after which Black's men may climb to level B).
    let e = "8/8/8/8/8/8/8/8";
    let cases = [
        (
            format!(
                "8/4p2r/8/8/8/8/4P3/8|8/8/8/8/8/8/8/1N1Q4|8/8/2b5/8/8/8/8/4K3|3qk3/8/8/8/8/8/8/8|{e}|{e}|{e}|{e} w - - 0 1 t4"
            ),
            vec![56, 4559, 268867],
        ),
        (
            format!(
                "6k1/5ppp/8/8/4B3/8/2R2PPP/1r4K1|8/8/8/3q4/8/8/8/8|{e}|{e}|{e}|{e}|{e}|{e} w - - 0 1 t1"
            ),
            vec![1, 26, 611],
        ),
        (
            format!(
                "6k1/5ppp/8/8/8/8/5PPP/1r4K1|{e}|8/8/8/3q4/8/8/8/8|{e}|{e}|{e}|{e}|{e} w - - 0 1 t1"
            ),
            vec![6, 240, 3107],
        ),
    ];
    for (f, counts) in cases {
        let mut pos = setup("chess3d", "", &f);
        for (i, &n) in counts.iter().enumerate() {
            assert_eq!(perft(&mut pos, i as u32 + 1), n, "{f} depth {}", i + 1);
        }
    }
}

#[test]
fn chess3d_piece_moves_in_three_dimensions() {
    // Version 3, open stack: every direction available. Queen in the middle of an empty block:
    // from Dd4 (x=3, y=3, z=3) the 26 rays.
    let f = c3d(
        &[("Q", "Dd4"), ("K", "Ha1"), ("k", "Hg8")],
        "w - - 0 1 open",
    );
    let mut pos = setup("chess3d", "version=3", &f);
    let n = from(&mut pos, "Dd4").len();
    // Rays: for each of the 26 directions the number of cells until the edge (min over the
    // moving coordinates of 4 or 3 steps): computed below independently; minus Ha1? not on any
    // ray from Dd4 (dz = 4, dx = -3, dy = -3: not a line).
    let mut expect = 0;
    for dx in -1i32..=1 {
        for dy in -1i32..=1 {
            for dz in -1i32..=1 {
                if (dx, dy, dz) == (0, 0, 0) {
                    continue;
                }
                let (mut x, mut y, mut z, mut k) = (3, 3, 3, 0);
                loop {
                    x += dx;
                    y += dy;
                    z += dz;
                    if !(0..8).contains(&x) || !(0..8).contains(&y) || !(0..8).contains(&z) {
                        break;
                    }
                    k += 1;
                }
                expect += k;
            }
        }
    }
    assert_eq!(n, expect);
    let mut pos = setup("chess3d", "version=3 queen=rb", &f);
    assert!(from(&mut pos, "Dd4").len() < expect);
    assert!(!has(&mut pos, "Dd4Ee5"));
    assert!(has(&mut pos, "Dd4Ed5"));
    // Knight: 24 leaps; king: 26 steps.
    let f = c3d(
        &[("N", "Dd4"), ("K", "Ef6"), ("k", "Hh8")],
        "w - - 0 1 open",
    );
    let mut pos = setup("chess3d", "version=3", &f);
    assert_eq!(from(&mut pos, "Dd4").len(), 24);
    assert_eq!(from(&mut pos, "Ef6").len(), 26);
    // Bishop: 12 planar diagonals, never changing colour (file + rank + level parity).
    let f = c3d(
        &[("B", "Dd4"), ("K", "Ha1"), ("k", "Hh8")],
        "w - - 0 1 open",
    );
    let mut pos = setup("chess3d", "version=3", &f);
    let v = variants::build("chess3d", "version=3").unwrap();
    for m in from(&mut pos, "Dd4") {
        let c = v.geo.parse_cell(&m[3..]).unwrap();
        let (x, y, z) = v.geo.coords(c);
        assert_eq!((x + y + z) % 2, 1, "{m}");
    }
}

#[test]
fn chess3d_pawn_captures_sideways_and_vertically() {
    // Pawn Be4 (level B): captures Bd5, Bf5, Ae5, Ce5; moves to Be5.
    let men = [
        ("P", "Be4"),
        ("p", "Bd5"),
        ("p", "Bf5"),
        ("p", "Ae5"),
        ("p", "Ce5"),
        ("K", "Aa1"),
        ("k", "Ah8"),
    ];
    let f = c3d(&men, "w - - 0 1 t3");
    let mut pos = setup("chess3d", "", &f);
    assert_eq!(
        from(&mut pos, "Be4"),
        strs(&["Be4Ae5", "Be4Bd5", "Be4Be5", "Be4Bf5", "Be4Ce5"])
    );
    let mut pos = setup("chess3d", "pawn=flat", &f);
    assert_eq!(from(&mut pos, "Be4"), strs(&["Be4Bd5", "Be4Be5", "Be4Bf5"]));
}

#[test]
fn chess3d_en_passant_from_another_level() {
    // A White pawn on Bd5 may take en passant downward-forward on Ad6 after ...Ad7-Ad5.
    let men = [("P", "Bd5"), ("p", "Ad7"), ("K", "Aa1"), ("k", "Ah8")];
    let f = c3d(&men, "b - - 0 1 t2");
    let mut pos = setup("chess3d", "", &f);
    play(&mut pos, &["Ad7Ad5"]);
    assert!(fen::to_fen(&pos).contains(" Ad6 "));
    assert!(has(&mut pos, "Bd5Ad6"));
    play(&mut pos, &["Bd5Ad6"]);
    let v = variants::build("chess3d", "").unwrap();
    assert!(pos.at(v.geo.parse_cell("Ad5").unwrap()).is_empty());
}

#[test]
fn chess3d_promotion_on_any_level() {
    let f = c3d(&[("P", "Ce7"), ("K", "Aa1"), ("k", "Ah1")], "w - - 0 1 t3");
    let mut pos = setup("chess3d", "", &f);
    assert_eq!(
        from(&mut pos, "Ce7"),
        strs(&["Ce7Ce8b", "Ce7Ce8n", "Ce7Ce8q", "Ce7Ce8r"])
    );
}

#[test]
fn chess3d_castling_on_level_a() {
    let f = c3d(
        &[("K", "Ae1"), ("R", "Ah1"), ("R", "Aa1"), ("k", "Ae8")],
        "w KQ - 0 1 t1",
    );
    let mut pos = setup("chess3d", "", &f);
    let m = from(&mut pos, "Ae1");
    assert!(listed(&m, "Ae1Ag1") && listed(&m, "Ae1Ac1"));
}

#[test]
fn chess3d_attacks_are_three_dimensional_from_move_one() {
    // A Black queen on level B checks the king on Ae1 from Be2 (planar diagonal down)... and a
    // queen on Ce3 on the triagonal Ce3-Bd2?-Ae1: (dx,dy,dz) = (-1,-1,-1) twice: check.
    let f = c3d(&[("K", "Ae1"), ("q", "Cg3"), ("k", "Ah8")], "w - - 0 1 t3");
    let pos = setup("chess3d", "", &f);
    assert!(pos.in_check());
    let f = c3d(&[("K", "Ae1"), ("q", "Cg3"), ("k", "Ah8")], "w - - 0 1 t3");
    let pos = setup("chess3d", "queen=rb", &f);
    assert!(!pos.in_check());
}

#[test]
fn chess3d_version1_ceiling_for_non_kings() {
    // top = A: the rook on Ad1 cannot climb; with t3 it may go to B and C but not D.
    let f = c3d(&[("R", "Ad1"), ("K", "Aa1"), ("k", "Ah8")], "w - - 0 1 t1");
    let mut pos = setup("chess3d", "", &f);
    assert!(from(&mut pos, "Ad1").iter().all(|m| m.contains("Ad1A")));
    let f = c3d(&[("R", "Ad1"), ("K", "Aa1"), ("k", "Ch8")], "w - - 0 1 t3");
    let mut pos = setup("chess3d", "", &f);
    let m = from(&mut pos, "Ad1");
    assert!(listed(&m, "Ad1Cd1"));
    assert!(!listed(&m, "Ad1Dd1"));
    // ceiling=own: Black's king reached C, White's only A: White's rook stays on A.
    let f = c3d(
        &[("R", "Ad1"), ("K", "Aa1"), ("k", "Ch8")],
        "w - - 0 1 t1t3",
    );
    let mut pos = setup("chess3d", "ceiling=own", &f);
    assert!(from(&mut pos, "Ad1").iter().all(|m| m.contains("Ad1A")));
}

#[test]
fn chess3d_version1_king_climbs_only_out_of_check() {
    // Not in check: the king may not climb (even with top = C).
    let f = c3d(&[("K", "Ae1"), ("k", "Ch8"), ("P", "Ah2")], "w - - 0 1 t3");
    let mut pos = setup("chess3d", "", &f);
    assert!(from(&mut pos, "Ae1").iter().all(|m| m.contains("Ae1A")));
    // In check, with top = C (a king has left level A): upward escapes allowed alongside others.
    let f = c3d(&[("K", "Ae1"), ("r", "Aa1"), ("k", "Ch8")], "w - - 0 1 t3");
    let mut pos = setup("chess3d", "", &f);
    let m = from(&mut pos, "Ae1");
    assert!(m.iter().any(|s| s.contains("Ae1B")));
    assert!(m.iter().any(|s| s.contains("Ae1A")));
    // v1up=mate: only when nothing else is legal.
    let mut pos = setup("chess3d", "v1up=mate", &f);
    assert!(from(&mut pos, "Ae1").iter().all(|s| s.contains("Ae1A")));
}

#[test]
fn chess3d_first_climb_only_to_escape_mate() {
    // Back-rank mate on level A: K g1, pawns f2 g2 h2, Black rook on a1. Only the climb saves.
    let men = [
        ("K", "Ag1"),
        ("P", "Af2"),
        ("P", "Ag2"),
        ("P", "Ah2"),
        ("r", "Aa1"),
        ("k", "Ag8"),
    ];
    let f = c3d(&men, "w - - 0 1 t1");
    let mut pos = setup("chess3d", "", &f);
    let m = legal(&mut pos);
    assert!(!m.is_empty());
    assert!(m.iter().all(|s| s.starts_with("Ag1B")), "{m:?}");
    play(&mut pos, &[m[0].as_str()]);
    assert!(fen::to_fen(&pos).ends_with(" t2"));
    // If another move exists (a rook can interpose), the king may not climb yet.
    let men2 = [
        ("K", "Ag1"),
        ("P", "Af2"),
        ("P", "Ag2"),
        ("P", "Ah2"),
        ("R", "Ac2"),
        ("r", "Aa1"),
        ("k", "Ag8"),
    ];
    let f = c3d(&men2, "w - - 0 1 t1");
    let mut pos = setup("chess3d", "", &f);
    assert!(legal(&mut pos).iter().all(|s| !s.starts_with("Ag1B")));
    // Version 2: the king climbs at any time.
    let f = c3d(&[("K", "Ae1"), ("k", "Ah8"), ("P", "Ah2")], "w - - 0 1 t1");
    let mut pos = setup("chess3d", "version=2", &f);
    assert!(from(&mut pos, "Ae1").iter().any(|s| s.contains("Ae1B")));
    let mut pos = setup("chess3d", "", &f);
    assert!(!from(&mut pos, "Ae1").iter().any(|s| s.contains("Ae1B")));
}

#[test]
fn chess3d_version3_opens_the_stack() {
    let men = [
        ("K", "Ag1"),
        ("P", "Af2"),
        ("P", "Ag2"),
        ("P", "Ah2"),
        ("R", "Ad4"),
        ("r", "Aa1"),
        ("k", "Ag8"),
    ];
    // The rook on d4 can block on d1: no climbing yet in version 3 either.
    let f = c3d(&men, "w - - 0 1 t1");
    let mut pos = setup("chess3d", "version=3", &f);
    assert!(legal(&mut pos).iter().all(|s| !s.starts_with("Ag1B")));
    // Without the rook: climb, then everything is open (the black king may climb freely).
    let f = c3d(
        &men[..4]
            .iter()
            .chain(&men[5..])
            .copied()
            .collect::<Vec<_>>(),
        "w - - 0 1 t1",
    );
    let mut pos = setup("chess3d", "version=3", &f);
    play(&mut pos, &["Ag1Bg1"]);
    assert!(fen::to_fen(&pos).ends_with(" open"));
    assert!(from(&mut pos, "Ag8").iter().any(|s| s.contains("Ag8B")));
    assert!(from(&mut pos, "Aa1").iter().any(|s| s.contains("Aa1H")));
}

#[test]
fn chess3d_insufficient_material_uses_3d_colours() {
    // Bishops on Ac1 and Bc2 stand on the same colour (file + rank + level even... both odd):
    // dead position; on Ac1 and Bc1 they differ.
    let f = c3d(
        &[("K", "Ae1"), ("B", "Ac1"), ("b", "Bc2"), ("k", "Ae8")],
        "w - - 0 1 t1",
    );
    let mut pos = setup("chess3d", "", &f);
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Draw, "insufficient material"))
    );
    let f = c3d(
        &[("K", "Ae1"), ("B", "Ac1"), ("b", "Bc1"), ("k", "Ae8")],
        "w - - 0 1 t1",
    );
    let mut pos = setup("chess3d", "", &f);
    assert_eq!(result(&mut pos), None);
}

#[test]
fn chess3d_make_unmake_and_legality() {
    for opts in [
        "",
        "version=2",
        "version=3",
        "ceiling=own v1up=mate queen=rb pawn=flat",
    ] {
        for seed in 1..3 {
            make_unmake("chess3d", opts, C3D_START, 40, seed);
        }
        legal_is_pseudo_minus_self_check("chess3d", opts, C3D_START, 30, 3);
    }
    // From a position with kings high up.
    let f = c3d(
        &[
            ("K", "Ce1"),
            ("Q", "Bd1"),
            ("P", "Ae2"),
            ("k", "De8"),
            ("q", "Dd8"),
            ("p", "Ae7"),
        ],
        "w - - 0 1 t4",
    );
    for seed in 1..4 {
        make_unmake("chess3d", "version=2", &f, 40, seed);
        legal_is_pseudo_minus_self_check("chess3d", "version=2", &f, 30, seed);
    }
}

#[test]
fn perft_within_time() {
    // A quick guard that the three games' perft stays cheap (depth 2 from the start).
    for id in ["toto40", "jetan", "chess3d"] {
        let mut pos = start(id, "");
        assert!(perft(&mut pos, 2) > 0);
    }
}
