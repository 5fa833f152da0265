//! Rules of xiangqi, korean and janggi (Fairy-Stockfish rules), from hand-built positions.

mod common;
use common::*;

use chatrang::fen;
use chatrang::position::Position;
use chatrang::variant::GameResult;

/// A 9x10 FEN from (letter, square) pairs; upper case = first player.
fn fen_of(men: &[(&str, &str)], side: &str) -> String {
    let men: Vec<_> = men.iter().map(|&(l, sq)| (sq, l)).collect();
    format!("{} {side} - - 0 1", grid_fen(9, 10, &men))
}

fn pos(id: &str, opts: &str, men: &[(&str, &str)], side: &str) -> Position {
    setup(id, opts, &fen_of(men, side))
}

fn won_by(p: &mut Position, winner: u8, reason: &str) {
    assert_eq!(
        result(p),
        Some((GameResult::Win(winner), reason_static(reason)))
    );
}

fn reason_static(r: &str) -> &'static str {
    match r {
        "checkmate" => "checkmate",
        "stalemate" => "stalemate",
        "perpetual check" => "perpetual check",
        "perpetual chase" => "perpetual chase",
        "bikjang" => "bikjang",
        "double pass" => "double pass",
        _ => panic!("unknown reason {r}"),
    }
}

// ------------------------------------------------------------------ common to the three games

#[test]
fn start_fens_round_trip() {
    round_trip(
        "xiangqi",
        "",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    );
    let j = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
    round_trip("korean", "", j);
    round_trip("janggi", "", j);
}

#[test]
fn perft_start_positions() {
    // Independent counts: Fairy-Stockfish (pyffish 0.0.90) perft of the same start FENs.
    perft_counts("xiangqi", "", &[44, 1920, 79666]);
    perft_counts("janggi", "", &[32, 1024, 33000]);
    // Korean (book): no pass at the start (no bare general): janggi's 32 moves without the
    // pass = 31. Depth 2: 31 * 31 replies, minus those where a general steps onto a file the
    // other general has just opened (facing is illegal for a player not behind): after e2d2,
    // e2d3, e2f2, e2f3 (White's general on the d/f file, nothing between) Black's general may not
    // go to d8/d9 (f8/f9), and after e4d4/e4f4 (e-file opened) not to e8/e10: 6 * 2 = 12.
    perft_counts("korean", "", &[31, 31 * 31 - 12]);
}

/// Random legal moves from the start, made and unmade (see `common::random_walk`).
fn walk(id: &str, opts: &str, seed: u64, plies: usize) {
    random_walk(&mut start(id, opts), plies, seed, Reread::Fen, |_| true);
}

#[test]
fn make_unmake_restores_fen_and_key() {
    for seed in 1..6 {
        walk("xiangqi", "", seed, 120);
        walk("janggi", "", seed, 120);
        walk("korean", "", seed, 120);
        walk("korean", "setup=choice pass=any facing=modern", seed, 80);
        walk(
            "korean",
            "repetition=modern diagonals=all cannon_takes_cannon=true",
            seed,
            80,
        );
    }
}

/// Legal moves = pseudo-legal moves minus those that leave the own general attacked (where
/// no other rule of the game filters moves at that node).
fn legal_is_pseudo_minus_check(id: &str, seed: u64) {
    use chatrang::variants::xiangqi_family::palace;
    random_walk(&mut start(id, ""), 100, seed, Reread::Fen, |p| {
        let special = id == "janggi" && (palace::facing(p) || palace::is_pass(p.st.last));
        if !special {
            assert_legal_is_pseudo_minus_self_check(p, false, any);
        }
        true
    });
}

#[test]
fn legal_moves_are_pseudo_legal_minus_checks() {
    for seed in 1..5 {
        legal_is_pseudo_minus_check("xiangqi", seed);
        legal_is_pseudo_minus_check("janggi", seed);
    }
}

// ------------------------------------------------------------------ xiangqi

#[test]
fn xiangqi_general_and_advisor_stay_in_palace() {
    let mut p = pos(
        "xiangqi",
        "",
        &[("K", "d3"), ("A", "e2"), ("k", "f10")],
        "w",
    );
    assert_eq!(from(&mut p, "d3"), strs(&["d3d2", "d3e3"]));
    assert_eq!(from(&mut p, "e2"), strs(&["e2d1", "e2f1", "e2f3"]));
}

#[test]
fn xiangqi_flying_general_is_illegal() {
    // The horse is the only man between the generals: it may not move.
    let mut p = pos(
        "xiangqi",
        "",
        &[("K", "e1"), ("N", "e5"), ("k", "e10")],
        "w",
    );
    assert!(from(&mut p, "e5").is_empty());
    assert_eq!(from(&mut p, "e1"), strs(&["e1d1", "e1e2", "e1f1"]));
    // The general may not step onto the open file of the other general.
    let mut p = pos("xiangqi", "", &[("K", "d1"), ("k", "e10")], "w");
    assert_eq!(from(&mut p, "d1"), strs(&["d1d2"]));
}

#[test]
fn xiangqi_elephant_stays_home_and_is_blocked_by_its_eye() {
    let mut p = pos(
        "xiangqi",
        "",
        &[("K", "e1"), ("B", "c5"), ("k", "d10")],
        "w",
    );
    assert_eq!(from(&mut p, "c5"), strs(&["c5a3", "c5e3"]));
    let mut p = pos(
        "xiangqi",
        "",
        &[("K", "e1"), ("B", "c5"), ("P", "d4"), ("k", "d10")],
        "w",
    );
    assert_eq!(from(&mut p, "c5"), strs(&["c5a3"]));
}

#[test]
fn xiangqi_horse_is_blocked_by_its_leg() {
    let mut p = pos(
        "xiangqi",
        "",
        &[("K", "e1"), ("N", "b1"), ("P", "b2"), ("k", "d10")],
        "w",
    );
    assert_eq!(from(&mut p, "b1"), strs(&["b1d2"]));
}

#[test]
fn xiangqi_cannon_captures_over_exactly_one_screen() {
    let mut p = pos(
        "xiangqi",
        "",
        &[
            ("K", "e1"),
            ("C", "b3"),
            ("p", "b5"),
            ("r", "b8"),
            ("k", "d10"),
        ],
        "w",
    );
    let m = from(&mut p, "b3");
    assert!(listed(&m, "b3b8"));
    assert!(listed(&m, "b3b4"));
    assert!(!listed(&m, "b3b5"));
    assert!(!listed(&m, "b3b6"));
    assert!(!listed(&m, "b3b9"));
}

#[test]
fn xiangqi_soldier_moves_sideways_only_after_crossing_the_river() {
    let mut p = pos(
        "xiangqi",
        "",
        &[
            ("K", "e1"),
            ("P", "a4"),
            ("P", "c6"),
            ("P", "i10"),
            ("k", "d10"),
        ],
        "w",
    );
    assert_eq!(from(&mut p, "a4"), strs(&["a4a5"]));
    assert_eq!(from(&mut p, "c6"), strs(&["c6b6", "c6c7", "c6d6"]));
    assert_eq!(from(&mut p, "i10"), strs(&["i10h10"]));
}

#[test]
fn xiangqi_stalemate_loses() {
    let mut p = pos(
        "xiangqi",
        "",
        &[("K", "f1"), ("R", "a9"), ("R", "d2"), ("k", "e10")],
        "b",
    );
    assert!(legal(&mut p).is_empty());
    assert!(!p.in_check());
    won_by(&mut p, 0, "stalemate");
}

#[test]
fn xiangqi_checkmate_loses() {
    let mut p = pos(
        "xiangqi",
        "",
        &[("K", "f1"), ("R", "a10"), ("R", "b9"), ("k", "e10")],
        "b",
    );
    assert!(legal(&mut p).is_empty());
    won_by(&mut p, 0, "checkmate");
}

const PERPETUAL: [&str; 9] = [
    "a1a10", "f10f9", "a10a9", "f9f10", "a9a10", "f10f9", "a10a9", "f9f10", "a9a10",
];

#[test]
fn xiangqi_perpetual_check_loses() {
    let men = [("K", "d1"), ("R", "a1"), ("k", "f10"), ("p", "i7")];
    let mut p = pos("xiangqi", "", &men, "w");
    play(&mut p, &PERPETUAL[..8]);
    assert_eq!(result(&mut p), None);
    play(&mut p, &PERPETUAL[8..]);
    won_by(&mut p, 1, "perpetual check");
    // The Asian rules forbid it too.
    let mut p = pos("xiangqi", "repetition=axf", &men, "w");
    play(&mut p, &PERPETUAL);
    won_by(&mut p, 1, "perpetual check");
    // draw3: a plain draw.
    let mut p = pos("xiangqi", "repetition=draw3", &men, "w");
    play(&mut p, &PERPETUAL);
    assert_eq!(result(&mut p), Some((GameResult::Draw, "repetition")));
    // repetition-count=4: not yet.
    let mut p = pos("xiangqi", "repetition-count=4", &men, "w");
    play(&mut p, &PERPETUAL);
    assert_eq!(result(&mut p), None);
}

#[test]
fn xiangqi_other_repetition_is_a_draw() {
    let men = [("K", "d1"), ("R", "a1"), ("k", "f10"), ("r", "i10")];
    let mut p = pos("xiangqi", "", &men, "w");
    play(
        &mut p,
        &[
            "a1a2", "i10i9", "a2a1", "i9i10", "a1a2", "i10i9", "a2a1", "i9i10",
        ],
    );
    assert_eq!(result(&mut p), Some((GameResult::Draw, "repetition")));
}

#[test]
fn xiangqi_axf_perpetual_chase_loses() {
    // White's chariot chases the unprotected black horse between a8/b8 and a9/b9... here
    // simply: the chariot attacks the horse on every move, the horse flees each time.
    let men = [
        ("K", "d1"),
        ("R", "a2"),
        ("k", "f10"),
        ("n", "b9"),
        ("P", "i5"),
    ];
    let seq = [
        "a2b2", "b9a7", "b2a2", "a7b9", "a2b2", "b9a7", "b2a2", "a7b9", "a2b2",
    ];
    let mut p = pos("xiangqi", "repetition=axf", &men, "w");
    play(&mut p, &seq);
    won_by(&mut p, 1, "perpetual chase");
    // Under the book rule (perpetual check only) it is a draw.
    let mut p = pos("xiangqi", "", &men, "w");
    play(&mut p, &seq);
    assert_eq!(result(&mut p), Some((GameResult::Draw, "repetition")));
}

#[test]
fn xiangqi_move_count_option() {
    let f = "4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 100 60";
    let mut p = setup("xiangqi", "", f);
    assert_eq!(result(&mut p), None);
    let mut p = setup("xiangqi", "nmove=50", f);
    assert_eq!(result(&mut p), Some((GameResult::Draw, "move-count rule")));
}

// ------------------------------------------------------------------ korean (book rules)

#[test]
fn korean_general_moves_along_the_fortress_lines() {
    let men = [
        ("K", "e2"),
        ("P", "a4"),
        ("k", "e9"),
        ("p", "d5"),
        ("p", "e5"),
        ("p", "f5"),
    ];
    let mut p = pos("korean", "", &men, "w");
    assert_eq!(
        from(&mut p, "e2"),
        strs(&[
            "e2d1", "e2d2", "e2d3", "e2e1", "e2e3", "e2f1", "e2f2", "e2f3"
        ])
    );
    let men = [
        ("K", "d2"),
        ("P", "a4"),
        ("k", "e9"),
        ("p", "d5"),
        ("p", "e5"),
        ("p", "f5"),
    ];
    let mut p = pos("korean", "", &men, "w");
    // No diagonal line joins d2 with e1 or e3.
    assert_eq!(from(&mut p, "d2"), strs(&["d2d1", "d2d3", "d2e2"]));
}

#[test]
fn korean_guard_moves_like_the_general() {
    let men = [
        ("K", "e1"),
        ("A", "d3"),
        ("k", "f9"),
        ("p", "e5"),
        ("p", "f5"),
    ];
    let mut p = pos("korean", "", &men, "w");
    assert_eq!(from(&mut p, "d3"), strs(&["d3d2", "d3e2", "d3e3"]));
}

#[test]
fn korean_chariot_rides_the_fortress_diagonals() {
    let men = [
        ("K", "f2"),
        ("R", "d1"),
        ("k", "e9"),
        ("p", "e5"),
        ("p", "f5"),
    ];
    let mut p = pos("korean", "", &men, "w");
    let m = from(&mut p, "d1");
    assert!(listed(&m, "d1e2"));
    assert!(listed(&m, "d1f3"));
    assert!(!listed(&m, "d1c2"));
}

#[test]
fn korean_cannon_must_jump_to_move() {
    let men = [
        ("K", "f2"),
        ("C", "b5"),
        ("k", "e9"),
        ("p", "e5"),
        ("p", "f5"),
    ];
    let mut p = pos("korean", "", &men, "w");
    // No screen on the b-file nor before e5: its only move jumps e5 to take f5.
    assert_eq!(from(&mut p, "b5"), strs(&["b5f5"]));
}

#[test]
fn korean_cannon_jumps_along_the_fortress_diagonal() {
    let men = [
        ("K", "d2"),
        ("C", "d3"),
        ("A", "e2"),
        ("n", "f1"),
        ("k", "e9"),
        ("p", "e5"),
        ("p", "d5"),
    ];
    let mut p = pos("korean", "", &men, "w");
    assert!(has(&mut p, "d3f1"));
    // A cannon on f1 may not be taken.
    let men = [
        ("K", "d2"),
        ("C", "d3"),
        ("A", "e2"),
        ("c", "f1"),
        ("k", "e9"),
        ("p", "e5"),
        ("p", "d5"),
    ];
    let mut p = pos("korean", "", &men, "w");
    assert!(!has(&mut p, "d3f1"));
}

#[test]
fn korean_cannon_may_neither_jump_nor_take_a_cannon() {
    let screen = [
        ("K", "e1"),
        ("C", "b3"),
        ("c", "b5"),
        ("k", "f9"),
        ("p", "e5"),
        ("p", "f5"),
    ];
    let mut p = pos("korean", "", &screen, "w");
    assert!(!from(&mut p, "b3").iter().any(|m| m.starts_with("b3b")));
    let target = [
        ("K", "e1"),
        ("C", "b3"),
        ("p", "b5"),
        ("c", "b8"),
        ("k", "f9"),
        ("p", "e5"),
        ("p", "f5"),
    ];
    let mut p = pos("korean", "", &target, "w");
    let m = from(&mut p, "b3");
    assert!(listed(&m, "b3b6") && listed(&m, "b3b7"));
    assert!(!listed(&m, "b3b8"));
    // First-edition rule: it may take the cannon (still not jump one).
    let mut p = pos("korean", "cannon_takes_cannon=true", &target, "w");
    assert!(has(&mut p, "b3b8"));
    let mut p = pos("korean", "cannon_takes_cannon=true", &screen, "w");
    assert!(!from(&mut p, "b3").iter().any(|m| m.starts_with("b3b")));
}

#[test]
fn korean_elephant_makes_a_lame_2_3_leap() {
    let men = [
        ("K", "e1"),
        ("B", "e5"),
        ("k", "f9"),
        ("p", "d9"),
        ("p", "f8"),
    ];
    let mut p = pos("korean", "", &men, "w");
    assert_eq!(
        from(&mut p, "e5"),
        strs(&[
            "e5b3", "e5b7", "e5c2", "e5c8", "e5g2", "e5g8", "e5h3", "e5h7"
        ])
    );
    // A man on e6 blocks the two leaps that start by stepping to e6.
    let men = [
        ("K", "e1"),
        ("B", "e5"),
        ("P", "e6"),
        ("k", "f9"),
        ("p", "d9"),
        ("p", "f8"),
    ];
    let mut p = pos("korean", "", &men, "w");
    assert_eq!(
        from(&mut p, "e5"),
        strs(&["e5b3", "e5b7", "e5c2", "e5g2", "e5h3", "e5h7"])
    );
}

#[test]
fn korean_soldier_moves_forward_and_sideways() {
    let men = [("K", "e1"), ("P", "c4"), ("k", "f9"), ("p", "f5")];
    let mut p = pos("korean", "", &men, "w");
    assert_eq!(from(&mut p, "c4"), strs(&["c4b4", "c4c5", "c4d4"]));
}

#[test]
fn korean_soldier_in_the_enemy_fortress_gains_the_guard_move() {
    // f9: the guard's backward step f9-f8 inside the fortress (book).
    let men = [("K", "e1"), ("P", "f9"), ("k", "d10"), ("p", "f5")];
    let mut p = pos("korean", "", &men, "w");
    assert_eq!(from(&mut p, "f9"), strs(&["f9e9", "f9f10", "f9f8", "f9g9"]));
    let mut p = pos("korean", "soldier_fortress=forward-only", &men, "w");
    assert_eq!(from(&mut p, "f9"), strs(&["f9e9", "f9f10", "f9g9"]));
    // e9 (centre): diagonal steps to the four corners (book), only forward (modern).
    let men = [("K", "e1"), ("P", "e9"), ("k", "a10"), ("p", "f5")];
    let mut p = pos("korean", "", &men, "w");
    assert_eq!(
        from(&mut p, "e9"),
        strs(&[
            "e9d10", "e9d8", "e9d9", "e9e10", "e9e8", "e9f10", "e9f8", "e9f9"
        ])
    );
    let mut p = pos("korean", "soldier_fortress=forward-only", &men, "w");
    assert_eq!(
        from(&mut p, "e9"),
        strs(&["e9d10", "e9d9", "e9e10", "e9f10", "e9f9"])
    );
}

#[test]
fn korean_diagonals_all_lets_horse_and_elephant_step_on_the_lines() {
    let men = [("K", "d1"), ("N", "e2"), ("k", "f9"), ("p", "f5")];
    let mut p = pos("korean", "", &men, "w");
    assert!(!has(&mut p, "e2f3"));
    let mut p = pos("korean", "diagonals=all", &men, "w");
    assert!(has(&mut p, "e2f3"));
}

#[test]
fn korean_bare_general_may_pass() {
    let mut p = pos("korean", "", &[("K", "d2"), ("k", "f9"), ("r", "a10")], "w");
    assert!(has(&mut p, "d2d2"));
    play(&mut p, &["d2d2"]);
    assert_eq!(fen::to_fen(&p).split(' ').nth(1), Some("b"));
    // Not while in check, and not with other men.
    let mut p = pos("korean", "", &[("K", "d2"), ("k", "f9"), ("r", "a2")], "w");
    assert!(!has(&mut p, "d2d2"));
    let mut p = pos("korean", "", &[("K", "d2"), ("P", "a4"), ("k", "f9")], "w");
    assert!(!has(&mut p, "d2d2"));
    // pass=any: anyone may pass; two passes in a row draw.
    let mut p = pos(
        "korean",
        "pass=any",
        &[("K", "d2"), ("P", "a4"), ("k", "f9"), ("p", "a7")],
        "w",
    );
    play(&mut p, &["d2d2", "f9f9"]);
    assert_eq!(result(&mut p), Some((GameResult::Draw, "double pass")));
}

#[test]
fn korean_facing_generals_is_illegal_unless_materially_behind() {
    let even = [("K", "d2"), ("R", "a1"), ("k", "e9"), ("r", "i10")];
    let mut p = pos("korean", "", &even, "w");
    assert_eq!(from(&mut p, "d2"), strs(&["d2d1", "d2d3"]));
    // White behind (a soldier against a chariot): the king check d2e2 is allowed.
    let behind = [("K", "d2"), ("P", "a4"), ("k", "e9"), ("r", "i10")];
    let mut p = pos("korean", "", &behind, "w");
    assert!(has(&mut p, "d2e2"));
    play(&mut p, &["d2e2"]);
    // Black must break the facing.
    let m = legal(&mut p);
    assert!(!m.is_empty());
    for x in &m {
        assert!(x.starts_with("e9") || x.starts_with("i10"), "{x}");
        assert_ne!(x, "e9e8");
    }
    // (i10e10 would not break it: the file stays open between e2 and e9.)
    assert!(!listed(&m, "i10e10"));
    assert!(listed(&m, "e9d9"));
    // behind=count: one man each is not behind.
    let mut p = pos("korean", "behind=count", &behind, "w");
    assert!(!has(&mut p, "d2e2"));
    // facing=never: never.
    let mut p = pos("korean", "facing=never", &behind, "w");
    assert!(!has(&mut p, "d2e2"));
}

#[test]
fn korean_king_check_forfeits_the_win() {
    // White is behind and gives a king check that Black cannot escape: it counts as a draw.
    let men = [
        ("K", "d2"),
        ("P", "a4"),
        ("k", "e10"),
        ("b", "d10"),
        ("b", "f10"),
    ];
    let mut p = pos("korean", "", &men, "w");
    play(&mut p, &["d2e2"]);
    assert!(legal(&mut p).is_empty());
    assert_eq!(
        result(&mut p),
        Some((GameResult::Draw, "checkmate after a king check"))
    );
}

#[test]
fn korean_mate_protected_only_along_the_file_is_a_draw() {
    let men = [
        ("K", "e2"),
        ("R", "e9"),
        ("k", "e10"),
        ("b", "d10"),
        ("b", "f10"),
        ("r", "a3"),
    ];
    let mut p = pos("korean", "", &men, "b");
    assert!(legal(&mut p).is_empty());
    assert!(p.in_check());
    assert_eq!(
        result(&mut p),
        Some((GameResult::Draw, "mate protected only along the file"))
    );
    // With the chariot defended by a horse it is a plain mate.
    let mut men2 = men.to_vec();
    men2.push(("N", "d7"));
    let mut p = pos("korean", "", &men2, "b");
    assert!(legal(&mut p).is_empty());
    won_by(&mut p, 0, "checkmate");
}

#[test]
fn korean_facing_modern_must_be_broken_or_the_game_is_drawn() {
    let men = [("K", "d2"), ("R", "a1"), ("k", "e9"), ("r", "i10")];
    let mut p = pos("korean", "facing=modern", &men, "w");
    assert!(has(&mut p, "d2e2"));
    play(&mut p, &["d2e2"]);
    for x in legal(&mut p) {
        assert_ne!(x, "e9e8");
    }
    // Black cannot pass (not bare): if he could not break it the game would end; here he can.
    assert_eq!(result(&mut p), None);
    let men = [("K", "d2"), ("k", "e9")];
    let mut p = pos("korean", "facing=modern", &men, "w");
    play(&mut p, &["d2e2", "e9e9"]);
    assert_eq!(result(&mut p), Some((GameResult::Draw, "bikjang")));
}

#[test]
fn korean_stalemate_loses_by_default_with_options() {
    // The pinned horse cannot move, the general has no free point.
    let men = [
        ("K", "e1"),
        ("R", "d5"),
        ("R", "e5"),
        ("R", "f5"),
        ("k", "e10"),
        ("n", "e9"),
    ];
    let mut p = pos("korean", "", &men, "b");
    assert!(legal(&mut p).is_empty());
    won_by(&mut p, 0, "stalemate");
    let mut p = pos("korean", "stalemate=draw", &men, "b");
    assert_eq!(result(&mut p), Some((GameResult::Draw, "stalemate")));
    let mut p = pos("korean", "stalemate=pass", &men, "b");
    assert_eq!(legal(&mut p), strs(&["e10e10"]));
}

#[test]
fn korean_perpetual_check_loses() {
    let men = [("K", "d1"), ("R", "a1"), ("k", "f10"), ("p", "i7")];
    let mut p = pos("korean", "", &men, "w");
    play(&mut p, &PERPETUAL);
    won_by(&mut p, 1, "perpetual check");
    let mut p = pos("korean", "repetition=draw3", &men, "w");
    play(&mut p, &PERPETUAL);
    assert_eq!(result(&mut p), Some((GameResult::Draw, "repetition")));
}

#[test]
fn korean_repetition_modern_forbids_repeating_a_move_pair() {
    let men = [("K", "d1"), ("R", "a1"), ("k", "f10"), ("r", "i10")];
    let mut p = pos("korean", "repetition=modern", &men, "w");
    play(&mut p, &["a1a2", "i10i9", "a2a1", "i9i10"]);
    assert!(!has(&mut p, "a1a2"));
    assert!(has(&mut p, "a1a3"));
    let mut p = pos("korean", "", &men, "w");
    play(&mut p, &["a1a2", "i10i9", "a2a1", "i9i10"]);
    assert!(has(&mut p, "a1a2"));
}

#[test]
fn korean_setup_choice_swaps_horses_and_elephants() {
    let mut p = start("korean", "setup=choice");
    assert_eq!(legal(&mut p), strs(&["b1c1", "b1c1h1g1", "e2e2", "h1g1"]));
    play(&mut p, &["b1c1"]);
    assert_eq!(
        legal(&mut p),
        strs(&["b10c10", "b10c10h10g10", "e9e9", "h10g10"])
    );
    play(&mut p, &["b10c10h10g10"]);
    assert_eq!(
        fen::to_fen(&p),
        "rbna1anbr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RBNA1ABNR w - - 2 2"
    );
    let l = legal(&mut p);
    assert!(listed(&l, "c1d3") && listed(&l, "b1d4"), "{l:?}");
}

// ------------------------------------------------------------------ janggi (FSF rules)

#[test]
fn janggi_pass_is_written_as_the_general_cell_twice() {
    let mut p = start("janggi", "");
    assert!(has(&mut p, "e2e2"));
    // Not in check (Fairy-Stockfish: no pass in check outside bikjang).
    let mut p = setup("janggi", "", "4k4/9/9/9/9/4r4/9/9/4K4/9 w - - 0 1");
    assert_eq!(
        legal(&mut p),
        strs(&["e2d1", "e2d2", "e2d3", "e2f1", "e2f2", "e2f3"])
    );
}

#[test]
fn janggi_bikjang_must_be_broken_or_the_game_ends_by_counting() {
    // Fairy-Stockfish: e2e2 e2f3 e2d3 e2f1 e2d2 e2f2 (the guard's moves keep the facing).
    let mut p = setup("janggi", "", "4k4/9/9/9/9/9/9/9/4K4/3A5 w - - 0 1");
    assert_eq!(
        legal(&mut p),
        strs(&["e2d2", "e2d3", "e2e2", "e2f1", "e2f2", "e2f3"])
    );
    play(&mut p, &["e2e2"]);
    assert!(legal(&mut p).is_empty());
    // Points: White 3 (guard) against Black 0 + 1.5: White wins.
    won_by(&mut p, 0, "bikjang");
}

#[test]
fn janggi_two_passes_end_the_game_by_counting() {
    let mut p = start("janggi", "");
    play(&mut p, &["e2e2", "e9e9"]);
    assert!(legal(&mut p).is_empty());
    // Equal material: Han (Black) wins by the 1.5 bonus.
    won_by(&mut p, 1, "double pass");
}

#[test]
fn search_plays_legal_moves_in_the_three_games() {
    for (id, opts) in [
        ("xiangqi", ""),
        ("janggi", ""),
        ("korean", ""),
        ("korean", "setup=choice facing=modern pass=any"),
    ] {
        search_self_play(&mut start(id, opts), 24, 3000);
    }
}

#[test]
fn janggi_move_count_and_repetition_end_by_counting() {
    // Fairy-Stockfish: halfmove 100 ends the game; equal material: Han (Black) wins.
    let j = "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR";
    let mut p = setup("janggi", "", &format!("{j} w - - 99 100"));
    assert_eq!(result(&mut p), None);
    let mut p = setup("janggi", "", &format!("{j} w - - 100 100"));
    assert_eq!(
        result(&mut p),
        Some((GameResult::Win(1), "move-count rule"))
    );
    // A threefold repetition (no checks) is counted: White, a chariot up, wins (FSF: +mate).
    let up = "rnba1abn1/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1";
    let mut p = setup("janggi", "", up);
    let ms = ["b1c3", "b10c8", "c3b1", "c8b10"];
    play(&mut p, &ms);
    play(&mut p, &ms[..3]);
    assert_eq!(result(&mut p), None);
    play(&mut p, &ms[3..]);
    assert_eq!(result(&mut p), Some((GameResult::Win(0), "repetition")));
}
