//! Rules of the citadel games: husun (Shatranj al-Husun) and timur (Tamerlane Chess).
//!
//! Start-position perft cross-checks: scripts/special_citadel_perft.py, an independent Python
//! move generator written from the specs (husun 18, 324, 6210, 118980; timur 24, 576, 14518,
//! 365893 — depth 4 includes Black's royal swaps after White's first checks). Depths 1-2 were also
//! counted by hand: husun 10 pawn steps + 2x2 Faras + 2x2 Fil leaps = 18; timur 11 pawn steps +
//! Asp 3+3 + Jamal 2+2 + Ferz 2 + Shah 1 = 24; the armies cannot meet within two plies, so depth 2
//! is the square.

mod common;

use chatrang::fen;
use chatrang::position::Position;
use chatrang::variant::GameResult;
use chatrang::variants;
use common::*;

fn tfen(men: &[(&str, char)], rest: &str) -> String {
    format!("{} {rest}", grid_fen(11, 10, men))
}

fn hfen(men: &[(&str, char)], rest: &str) -> String {
    format!("{} {rest}", grid_fen(10, 10, men))
}

/// Random legal moves with make/unmake, key and FEN checks, and legal = pseudo-legal minus
/// self-check (then the game's own filter). Returns whether a citadel was ever occupied.
fn self_consistency(id: &str, opts: &str, f: &str, plies: usize, seed: u64) -> bool {
    let mut pos = setup(id, opts, f);
    let reached = random_walk(&mut pos, plies, seed, Reread::FenAndKey, |p| {
        assert_legal_is_pseudo_minus_self_check(p, true, any);
        true
    });
    reached.iter().any(|f| f.contains('{'))
}

fn draw(pos: &mut Position) -> bool {
    matches!(result(pos), Some((GameResult::Draw, _)))
}

// ---------------------------------------------------------------------------------------------
// husun

const HUSUN_START: &str = "rnebkfbenr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNEBKFBENR w - - 0 1";

#[test]
fn husun_start_fen_round_trips() {
    round_trip("husun", "", HUSUN_START);
    round_trip(
        "husun",
        "owncitadel=refuge citadels=file nmove=70",
        HUSUN_START,
    );
}

#[test]
fn husun_start_perft() {
    perft_counts("husun", "", &[18, 324, 6210, 118980]);
    perft_counts("husun", "citadels=rank owncitadel=refuge", &[18, 324, 6210]);
}

#[test]
fn husun_make_unmake_and_legality_self_consistent() {
    for seed in 1..6 {
        self_consistency("husun", "", HUSUN_START, 80, seed);
        self_consistency(
            "husun",
            "owncitadel=refuge citadels=rank",
            HUSUN_START,
            60,
            seed,
        );
    }
    // Near the citadels.
    let f = hfen(
        &[("a1", 'K'), ("j10", 'k'), ("c5", 'R'), ("h6", 'r')],
        "w - - 0 1",
    );
    let mut citadel = false;
    for seed in 1..12 {
        citadel |= self_consistency("husun", "owncitadel=refuge", &f, 40, seed);
        self_consistency("husun", "citadels=file", &f, 40, seed);
    }
    assert!(citadel, "the walks should visit a citadel");
}

#[test]
fn husun_shah_entering_far_citadel_draws() {
    let f = hfen(&[("j10", 'K'), ("e5", 'k')], "w - - 0 1");
    let mut pos = setup("husun", "", &f);
    assert_eq!(
        from(&mut pos, "j10"),
        strs(&["j10i10", "j10i9", "j10j9", "j10x4"])
    );
    play(&mut pos, &["j10x4"]);
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Draw, "Shah entered a citadel"))
    );
    // The occupied citadel is written as a board suffix and read back.
    let s = fen::to_fen(&pos);
    assert!(
        s.starts_with("10/10/10/10/10/4k5/10/10/10/10{-,-,-,K} b"),
        "{s}"
    );
    assert_eq!(fen::to_fen(&setup("husun", "", &s)), s);
    // Black's Shah into White's side citadels.
    let f = hfen(&[("e5", 'K'), ("a1", 'k')], "b - - 0 1");
    let mut pos = setup("husun", "", &f);
    assert!(has(&mut pos, "a1x1"));
}

#[test]
fn husun_shah_may_not_enter_own_citadel() {
    let f = hfen(&[("a1", 'K'), ("j1", 'k'), ("e5", 'p')], "w - - 0 1");
    let mut pos = setup("husun", "", &f);
    assert_eq!(from(&mut pos, "a1"), strs(&["a1a2", "a1b1", "a1b2"]));
    // Black's Shah may not enter x3/x4.
    let f = hfen(&[("a1", 'K'), ("j10", 'k'), ("e5", 'P')], "b - - 0 1");
    let mut pos = setup("husun", "", &f);
    assert_eq!(from(&mut pos, "j10"), strs(&["j10i10", "j10i9", "j10j9"]));
}

#[test]
fn husun_only_the_shah_enters_a_citadel() {
    // Rukh, Firzan and Fil beside the far citadels; a Dabbabah on the long diagonal.
    let f = hfen(
        &[
            ("e1", 'K'),
            ("e8", 'k'),
            ("a10", 'R'),
            ("j10", 'F'),
            ("b9", 'B'),
            ("c8", 'E'),
        ],
        "w - - 0 1",
    );
    let mut pos = setup("husun", "", &f);
    assert!(legal(&mut pos).iter().all(|m| !m.contains('x')));
}

#[test]
fn husun_citadel_entry_allowed_in_check() {
    let f = hfen(
        &[("a10", 'K'), ("a3", 'r'), ("b3", 'r'), ("j1", 'k')],
        "w - - 0 1",
    );
    let mut pos = setup("husun", "", &f);
    assert!(pos.in_check());
    assert_eq!(legal(&mut pos), strs(&["a10x3"]));
    play(&mut pos, &["a10x3"]);
    assert!(draw(&mut pos));
}

#[test]
fn husun_citadel_is_never_attacked() {
    // A Shah in a citadel is not in check whatever stands around.
    let f = format!(
        "{}{{-,-,K,-}} b - - 0 1",
        grid_fen(10, 10, &[("a10", 'r'), ("b9", 'b'), ("e1", 'k')])
    );
    let mut pos = setup("husun", "", &f);
    assert!(!pos.royal_attacked(0));
    // Nothing captures into it.
    assert!(legal(&mut pos).iter().all(|m| !m.contains('x')));
}

#[test]
fn husun_owncitadel_refuge() {
    let f = hfen(&[("a1", 'K'), ("j10", 'k'), ("e5", 'r')], "w - - 0 1");
    let mut pos = setup("husun", "owncitadel=refuge", &f);
    assert!(has(&mut pos, "a1x1"));
    play(&mut pos, &["a1x1"]);
    assert_eq!(result(&mut pos), None);
    assert!(fen::to_fen(&pos).contains("{K,-,-,-}"));
    play(&mut pos, &["e5e4", "x1a1"]);
    // The far citadel still draws.
    let mut pos = setup("husun", "owncitadel=refuge", &f.replace(" w ", " b "));
    assert!(has(&mut pos, "j10x4"));
    play(&mut pos, &["j10x4"]);
    assert_eq!(result(&mut pos), None);
}

#[test]
fn husun_citadels_rank_and_file_options() {
    let f = hfen(&[("a10", 'K'), ("j1", 'k')], "w - - 0 1");
    let mut pos = setup("husun", "citadels=rank", &f);
    assert!(has(&mut pos, "a10x3"));
    let f2 = hfen(&[("a9", 'K'), ("j1", 'k')], "w - - 0 1");
    let mut pos = setup("husun", "citadels=rank", &f2);
    assert!(has(&mut pos, "a9x3"));
    let mut pos = setup("husun", "citadels=file", &f2);
    assert!(!has(&mut pos, "a9x3"));
    let f3 = hfen(&[("b10", 'K'), ("j1", 'k')], "w - - 0 1");
    let mut pos = setup("husun", "citadels=file", &f3);
    assert!(has(&mut pos, "b10x3"));
    let mut pos = setup("husun", "", &f3);
    assert!(!has(&mut pos, "b10x3"));
}

#[test]
fn husun_stalemate_loses() {
    // Black Shah a10 boxed in by Shah and Faras (its far citadels are x1/x2, not x3).
    let f = hfen(&[("a10", 'k'), ("c9", 'K'), ("c8", 'N')], "b - - 0 1");
    let mut pos = setup("husun", "", &f);
    assert_stalemate_win(&mut pos, 0);
}

#[test]
fn husun_baidaq_promotes_to_firzan_and_never_double_steps() {
    let f = hfen(
        &[("e1", 'K'), ("e10", 'k'), ("b9", 'P'), ("c2", 'P')],
        "w - - 0 1",
    );
    let mut pos = setup("husun", "", &f);
    assert_eq!(from(&mut pos, "b9"), strs(&["b9b10f"]));
    assert_eq!(from(&mut pos, "c2"), strs(&["c2c3"]));
}

#[test]
fn husun_dabbabah_is_a_bishop_and_fil_an_alfil() {
    let f = hfen(
        &[("e1", 'K'), ("e10", 'k'), ("a1", 'B'), ("j1", 'E')],
        "w - - 0 1",
    );
    let mut pos = setup("husun", "", &f);
    assert_eq!(from(&mut pos, "a1").len(), 9);
    assert_eq!(from(&mut pos, "j1"), strs(&["j1h3"]));
}

#[test]
fn husun_nmove_option() {
    let f = hfen(&[("e1", 'K'), ("e10", 'k'), ("a1", 'R')], "w - - 140 80");
    let mut pos = setup("husun", "nmove=70", &f);
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Draw, "move-count rule"))
    );
    let mut pos = setup("husun", "", &f);
    assert_eq!(result(&mut pos), None);
}

// ---------------------------------------------------------------------------------------------
// timur

const TIMUR_A: &str = "e1c1d1d1c1e/rntgwkfgtnr/osyzvhqljmp/11/11/11/11/PMJLQHVZYSO/RNTGFKWGTNR/E1C1D1D1C1E w Ss - 0 1";
const TIMUR_B: &str = "e1c1wkf1c1e/rntgdhdgtnr/osyzv1qljmp/11/11/11/11/PMJLQ1VZYSO/RNTGDHDGTNR/E1C1FKW1C1E w Ss - 0 1";
const TIMUR_C: &str = "e1c1wkf1c1e/rndtghgtdnr/osmyz1ljvqp/11/11/11/11/PQVJL1ZYMSO/RNDTGHGTDNR/E1C1FKW1C1E w Ss - 0 1";

#[test]
fn timur_start_fen_round_trips() {
    round_trip("timur", "", TIMUR_A);
    round_trip("timur", "arrangement=B", TIMUR_B);
    round_trip("timur", "arrangement=C", TIMUR_C);
    round_trip(
        "timur",
        "citadel=forbes",
        &TIMUR_A.replace(" Ss ", " SsCc "),
    );
}

#[test]
fn timur_start_perft() {
    perft_counts("timur", "", &[24, 576, 14518, 365893]);
}

#[test]
fn timur_make_unmake_and_legality_self_consistent() {
    for seed in 1..5 {
        self_consistency("timur", "", TIMUR_A, 70, seed);
        self_consistency("timur", "arrangement=C giraffe=min2", TIMUR_C, 50, seed);
    }
    // Specials close at hand: dead Pawn of Pawns, u and x pawns, citadels, two royals.
    let f = tfen(
        &[
            ("c10", 'P'),
            ("a1", 'p'),
            ("j9", 'U'),
            ("b2", 'u'),
            ("d9", 'X'),
            ("k2", 'K'),
            ("b9", 'k'),
            ("e4", 'I'),
            ("k4", 'A'),
            ("b10", 'a'),
            ("g7", 'r'),
            ("c5", 'R'),
            ("f6", 'n'),
            ("h5", 'G'),
        ],
        "w Ss - 0 1",
    );
    let mut citadel = false;
    for seed in 1..8 {
        citadel |= self_consistency("timur", "", &f, 40, seed);
        self_consistency(
            "timur",
            "citadelattack=geometric citadel=forbes",
            &f,
            40,
            seed,
        );
        self_consistency("timur", "swap=check-or-stalemate ppplace=any", &f, 40, seed);
    }
    assert!(citadel, "the walks should visit a citadel");
}

#[test]
fn timur_each_pawn_promotes_to_its_own_piece() {
    for (pawn, to) in [
        ('M', 'd'),
        ('J', 'c'),
        ('L', 'e'),
        ('Q', 'f'),
        ('H', 'i'),
        ('V', 'w'),
        ('Z', 'g'),
        ('Y', 't'),
        ('S', 'n'),
        ('O', 'r'),
        ('X', 'a'),
    ] {
        let f = tfen(&[("b9", pawn), ("f1", 'K'), ("h8", 'k')], "w - - 0 1");
        let mut pos = setup("timur", "", &f);
        assert_eq!(
            from(&mut pos, "b9"),
            strs(&[&format!("b9b10{to}")]),
            "{pawn}"
        );
        // Black's pawn of the same kind, on rank 1.
        let f = tfen(
            &[("b2", pawn.to_ascii_lowercase()), ("f5", 'K'), ("h8", 'k')],
            "b - - 0 1",
        );
        let mut pos = setup("timur", "", &f);
        assert_eq!(
            from(&mut pos, "b2"),
            strs(&[&format!("b2b1{to}")]),
            "{pawn}"
        );
    }
}

#[test]
fn timur_shah_pawn_promotes_to_prince_making_a_royal_group() {
    let f = tfen(
        &[("b9", 'H'), ("f1", 'K'), ("f10", 'r'), ("h8", 'k')],
        "w - - 0 1",
    );
    let mut pos = setup("timur", "", &f);
    assert!(pos.in_check());
    // Promoting to a Prince answers the check: with two royals there is no check.
    assert!(has(&mut pos, "b9b10i"));
    play(&mut pos, &["b9b10i"]);
    assert!(!pos.royal_attacked(0));
    // Black may now take the Shah.
    assert!(has(&mut pos, "f10f1"));
}

#[test]
fn timur_pawn_of_pawns_first_arrival_is_dead_and_immune() {
    let f = tfen(
        &[
            ("c9", 'P'),
            ("f1", 'K'),
            ("h8", 'k'),
            ("c3", 'r'),
            ("b10", 'n'),
        ],
        "w - - 0 1",
    );
    let mut pos = setup("timur", "", &f);
    assert_eq!(from(&mut pos, "c9"), strs(&["c9b10", "c9c10"]));
    play(&mut pos, &["c9c10"]);
    // The dead pawn cannot be captured (Rukh up the file, Asp by its leap).
    assert!(!has(&mut pos, "c3c10"));
    assert!(!has(&mut pos, "b10c10"));
    assert!(has(&mut pos, "c3c9"));
}

#[test]
fn timur_pawn_of_pawns_placement_fork() {
    let f = tfen(
        &[
            ("c10", 'P'),
            ("f1", 'K'),
            ("h9", 'k'),
            ("d6", 'r'),
            ("f6", 'n'),
            ("a1", 'c'),
        ],
        "w - - 0 1",
    );
    let mut pos = setup("timur", "", &f);
    let placements: Vec<String> = from(&mut pos, "c10");
    assert_eq!(placements, strs(&["c10e5"]));
    play(&mut pos, &["c10e5"]);
    assert!(fen::to_fen(&pos).contains("4U6"));
    // Placing onto a non-royal man removes it (fork from a Jamal's cell).
    let f = tfen(
        &[
            ("c10", 'P'),
            ("f1", 'K'),
            ("h9", 'k'),
            ("d6", 'r'),
            ("f6", 'n'),
            ("e5", 'c'),
        ],
        "w - - 0 1",
    );
    let mut pos = setup("timur", "", &f);
    assert!(has(&mut pos, "c10e5"));
    play(&mut pos, &["c10e5"]);
    assert_eq!(pos.count(1, 10), 0);
    // ppplace=any: anywhere that is empty or holds a non-royal man (not its own last rank).
    let mut pos = setup("timur", "ppplace=any", &f);
    // 110 cells - 11 on rank 10 - 2 royal = 97.
    assert_eq!(from(&mut pos, "c10").len(), 97);
}

#[test]
fn timur_pawn_of_pawns_placement_trapped_piece() {
    // Black Vizir a5; after the placement on b4 its cells a4 (Asp b2), a6 (Rukh k6), b5 (Rukh k5)
    // are attacked.
    let men = [
        ("c10", 'P'),
        ("f1", 'K'),
        ("h9", 'k'),
        ("a5", 'w'),
        ("b2", 'N'),
        ("k6", 'R'),
        ("k5", 'R'),
    ];
    let mut pos = setup("timur", "", &tfen(&men, "w - - 0 1"));
    assert!(has(&mut pos, "c10b4"));
    let mut pos = setup("timur", "ppplace=fork", &tfen(&men, "w - - 0 1"));
    assert!(!has(&mut pos, "c10b4"));
    // With b5 free the Vizir escapes.
    let mut pos = setup("timur", "", &tfen(&men[..6], "w - - 0 1"));
    assert!(!has(&mut pos, "c10b4"));
}

#[test]
fn timur_pawn_of_pawns_second_arrival_returns_to_shah_pawn_cell() {
    let f = tfen(
        &[("k9", 'U'), ("b1", 'K'), ("h7", 'k'), ("f3", 'r')],
        "w - - 0 1",
    );
    let mut pos = setup("timur", "", &f);
    assert_eq!(from(&mut pos, "k9"), strs(&["k9k10"]));
    play(&mut pos, &["k9k10"]);
    let s = fen::to_fen(&pos);
    assert_eq!(
        s.split(' ').next().unwrap(),
        grid_fen(11, 10, &[("b1", 'K'), ("h7", 'k'), ("f3", 'X')])
    );
    // Arrangement B/C: the Shah's pawn starts on f2.
    let mut pos = setup("timur", "arrangement=B", &f);
    play(&mut pos, &["k9k10"]);
    assert_eq!(pos.at(pos.v.geo.parse_cell("f2").unwrap()).kind(), 14);
    // A royal man on that cell makes the arrival illegal.
    let f = tfen(&[("k9", 'U'), ("f3", 'K'), ("h7", 'k')], "w - - 0 1");
    let mut pos = setup("timur", "", &f);
    assert!(from(&mut pos, "k9").is_empty());
    // Black's u returns to f8.
    let f = tfen(&[("a2", 'u'), ("f5", 'K'), ("h7", 'k')], "b - - 0 1");
    let mut pos = setup("timur", "", &f);
    play(&mut pos, &["a2a1"]);
    assert_eq!(pos.at(pos.v.geo.parse_cell("f8").unwrap()).kind(), 14);
}

#[test]
fn timur_pawn_of_pawns_third_arrival_becomes_adventitious_king() {
    let f = tfen(&[("c9", 'X'), ("f1", 'K'), ("h8", 'k')], "w - - 0 1");
    let mut pos = setup("timur", "", &f);
    play(&mut pos, &["c9c10a"]);
    assert_eq!(pos.royal_count(0), 2);
}

#[test]
fn timur_royal_group_of_two_has_no_check() {
    let f = tfen(
        &[("f1", 'K'), ("c4", 'A'), ("f10", 'r'), ("h8", 'k')],
        "w - - 0 1",
    );
    let mut pos = setup("timur", "", &f);
    assert!(!pos.in_check());
    // The Shah may stay on the attacked file and even step along it.
    assert!(has(&mut pos, "f1f2"));
    assert!(has(&mut pos, "c4d4"));
}

#[test]
fn timur_royal_succession_sole_royal_is_royal() {
    // Shah captured earlier: the Prince alone is royal.
    let f = tfen(&[("f1", 'I'), ("f10", 'r'), ("h8", 'k')], "w - - 0 1");
    let mut pos = setup("timur", "", &f);
    assert!(pos.in_check());
    assert_eq!(
        from(&mut pos, "f1"),
        strs(&["f1e1", "f1e2", "f1g1", "f1g2"])
    );
}

#[test]
fn timur_swap_when_checked() {
    let f = tfen(
        &[
            ("e5", 'K'),
            ("a1", 'E'),
            ("b3", 'M'),
            ("e10", 'r'),
            ("h8", 'k'),
        ],
        "w Ss - 0 1",
    );
    let mut pos = setup("timur", "", &f);
    assert!(pos.in_check());
    assert!(has(&mut pos, "e5a1"));
    assert!(has(&mut pos, "e5b3"));
    play(&mut pos, &["e5a1"]);
    let s = fen::to_fen(&pos);
    assert!(s.contains(" b s - "), "{s}");
    assert_eq!(pos.at(pos.v.geo.parse_cell("e5").unwrap()).kind(), 9);
    // Not without check, and not twice.
    let f2 = tfen(
        &[
            ("e5", 'K'),
            ("a1", 'E'),
            ("b3", 'M'),
            ("d10", 'r'),
            ("h8", 'k'),
        ],
        "w Ss - 0 1",
    );
    let mut pos = setup("timur", "", &f2);
    assert!(!has(&mut pos, "e5a1"));
    let mut pos = setup("timur", "", &f.replace(" Ss ", " s "));
    assert!(!has(&mut pos, "e5a1"));
}

#[test]
fn timur_swap_restrictions() {
    // Checked Shah on rank 10: not with a pawn (it would stand on its last rank), not with the dead
    // Pawn of Pawns, not where the Shah stays in check (c3, on the Rukh's file); a6 is fine.
    let men = [
        ("e10", 'K'),
        ("b3", 'M'),
        ("a10", 'P'),
        ("c3", 'R'),
        ("a6", 'W'),
        ("e1", 'r'),
        ("c5", 'r'),
        ("h8", 'k'),
    ];
    let mut pos = setup("timur", "", &tfen(&men, "w Ss - 0 1"));
    assert!(pos.in_check());
    assert!(has(&mut pos, "e10a6"));
    for m in ["e10b3", "e10a10", "e10c3"] {
        assert!(!has(&mut pos, m), "{m}");
    }
    // Not with a man in a citadel (and with the AK there, two royals: no check, no swap).
    let f = format!("{}{{A,-}} w Ss - 0 1", grid_fen(11, 10, &men));
    let mut pos = setup("timur", "", &f);
    assert!(!pos.in_check());
    assert!(!has(&mut pos, "e10a6"));
    assert!(!has(&mut pos, "e10x1"));
}

#[test]
fn timur_swap_mate_and_stalemate_options() {
    // Checked Shah with a free escape: swap=mate forbids the swap, swap=check allows it.
    let f = tfen(
        &[("e5", 'K'), ("a1", 'E'), ("e10", 'r'), ("h8", 'k')],
        "w Ss - 0 1",
    );
    let mut pos = setup("timur", "swap=mate", &f);
    assert!(!has(&mut pos, "e5a1"));
    let mut pos = setup("timur", "", &f);
    assert!(has(&mut pos, "e5a1"));
    // Stalemate: Shah a1 boxed in by the Rukhs b10 and h2, its pawn d4 blocked by d5.
    let f = tfen(
        &[
            ("a1", 'K'),
            ("d4", 'M'),
            ("d5", 'm'),
            ("b10", 'r'),
            ("h2", 'r'),
            ("h8", 'k'),
        ],
        "w Ss - 0 1",
    );
    let mut pos = setup("timur", "", &f);
    assert_stalemate_win(&mut pos, 1);
    let mut pos = setup("timur", "swap=mate", &f);
    assert!(legal(&mut pos).is_empty());
    let mut pos = setup("timur", "swap=check-or-stalemate", &f);
    assert_eq!(legal(&mut pos), strs(&["a1d4"]));
    // Mated: swap=mate allows it.
    let f = tfen(
        &[
            ("a1", 'K'),
            ("d4", 'M'),
            ("d5", 'm'),
            ("b10", 'r'),
            ("a9", 'r'),
            ("h2", 'r'),
            ("h8", 'k'),
        ],
        "w Ss - 0 1",
    );
    let mut pos = setup("timur", "swap=mate", &f);
    assert_eq!(legal(&mut pos), strs(&["a1d4"]));
}

#[test]
fn timur_citadel_entry_rules() {
    // White: Shah a8, AK k3. Own citadel x1: only the AK; opponent citadel x2: only the Shah.
    let f = tfen(
        &[("a8", 'K'), ("k3", 'A'), ("k1", 'W'), ("e5", 'k')],
        "w - - 0 1",
    );
    let mut pos = setup("timur", "", &f);
    assert!(has(&mut pos, "a8x2"));
    assert!(has(&mut pos, "k3x1"));
    assert!(legal(&mut pos).iter().filter(|m| m.contains('x')).count() == 2);
    play(&mut pos, &["a8x2"]);
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Draw, "Shah entered the opponent's citadel"))
    );
    // The AK in its own citadel: no draw; it may leave again.
    let mut pos = setup("timur", "", &f);
    play(&mut pos, &["k3x1", "e5e4"]);
    assert_eq!(result(&mut pos), None);
    assert!(has(&mut pos, "x1k2"));
    // A Shah may not enter its own citadel; a Prince not the opponent's while the Shah lives.
    let f = tfen(&[("k2", 'K'), ("a9", 'I'), ("e5", 'k')], "w - - 0 1");
    let mut pos = setup("timur", "", &f);
    assert!(legal(&mut pos).iter().all(|m| !m.contains('x')));
}

#[test]
fn timur_citadel_succession_acting_shah() {
    // Shah gone: the Prince acts as Shah and may take the opponent's citadel (draw) ...
    let f = tfen(&[("a9", 'I'), ("k3", 'A'), ("e5", 'k')], "w - - 0 1");
    let mut pos = setup("timur", "", &f);
    assert!(has(&mut pos, "a9x2"));
    play(&mut pos, &["a9x2"]);
    assert!(draw(&mut pos));
    // ... but not with succession=shah-only.
    let mut pos = setup("timur", "succession=shah-only", &f);
    assert!(!has(&mut pos, "a9x2"));
}

#[test]
fn timur_citadel_sanctuary() {
    // Black's AK in x2: nothing captures it, it attacks a8-a10, nothing else enters.
    let f = format!(
        "{} w - - 0 1",
        grid_fen(
            11,
            10,
            &[("b8", 'K'), ("a1", 'R'), ("h8", 'k'), ("c7", 'N')]
        ) + "{-,a}"
    );
    let mut pos = setup("timur", "", &f);
    assert!(legal(&mut pos).iter().all(|m| !m.contains('x')));
    // White's Shah b8 may not step to a9 (attacked from the citadel) — Black has two royals.
    assert!(!has(&mut pos, "b8a9"));
    assert!(has(&mut pos, "b8b9"));
    assert_eq!(fen::to_fen(&pos), f);
}

#[test]
fn timur_citadelentry_orthogonal() {
    let f = tfen(&[("a10", 'K'), ("e5", 'k')], "w - - 0 1");
    let mut pos = setup("timur", "", &f);
    assert!(has(&mut pos, "a10x2"));
    let mut pos = setup("timur", "citadelentry=orthogonal", &f);
    assert!(!has(&mut pos, "a10x2"));
    let f = tfen(&[("a9", 'K'), ("e5", 'k')], "w - - 0 1");
    let mut pos = setup("timur", "citadelentry=orthogonal", &f);
    assert!(has(&mut pos, "a9x2"));
}

#[test]
fn timur_citadelattack_geometric() {
    // Black AK in x2 ("z9"): a White Rukh on rank 9 captures it; a Asp reaches it by its leap.
    let f = format!(
        "{}{{-,a}} w - - 0 1",
        grid_fen(
            11,
            10,
            &[("f9", 'R'), ("a7", 'N'), ("f1", 'K'), ("h8", 'k')]
        )
    );
    let mut pos = setup("timur", "citadelattack=geometric", &f);
    assert!(has(&mut pos, "f9x2"));
    assert!(has(&mut pos, "a7x2"));
    let mut pos = setup("timur", "", &f);
    assert!(!has(&mut pos, "f9x2"));
    assert!(!has(&mut pos, "a7x2"));
}

#[test]
fn timur_citadel_forbes_exchange() {
    let f = tfen(
        &[("a9", 'K'), ("e4", 'I'), ("e8", 'k'), ("e7", 'i')],
        "w SsCc - 0 1",
    );
    let mut pos = setup("timur", "citadel=forbes", &f);
    assert!(has(&mut pos, "a9x2"));
    assert!(has(&mut pos, "a9x2e4"));
    play(&mut pos, &["a9x2e4"]);
    assert_eq!(result(&mut pos), None);
    let s = fen::to_fen(&pos);
    assert!(s.contains("{-,I} b Ssc "), "{s}");
    assert_eq!(pos.at(pos.v.geo.parse_cell("e4").unwrap()).kind(), 0);
}

#[test]
fn timur_giraffe_and_taliah_minimum_distances() {
    let f = tfen(
        &[("a1", 'G'), ("k1", 'T'), ("f5", 'K'), ("h8", 'k')],
        "w - - 0 1",
    );
    let mut pos = setup("timur", "", &f);
    // Zarafah a1: via b2, up the b-file from b5 (3 cells after the step) or along rank 2 from e2.
    assert_eq!(
        from(&mut pos, "a1"),
        strs(&[
            "a1b5", "a1b6", "a1b7", "a1b8", "a1b9", "a1b10", "a1e2", "a1f2", "a1g2", "a1h2",
            "a1i2", "a1j2", "a1k2"
        ])
    );
    let mut pos = setup("timur", "giraffe=min2", &f);
    assert!(has(&mut pos, "a1b4") && has(&mut pos, "a1d2"));
    // Taliah k1: never one cell.
    assert!(!has(&mut pos, "k1j2"));
    assert!(has(&mut pos, "k1i3"));
}

#[test]
fn timur_stalemate_loses() {
    let f = tfen(&[("a10", 'k'), ("c9", 'K'), ("c8", 'N')], "b - - 0 1");
    let mut pos = setup("timur", "", &f);
    // a10 neighbours x2, but a Shah may not enter its own citadel.
    assert_stalemate_win(&mut pos, 0);
}

#[test]
fn timur_options_build() {
    for o in [
        "arrangement=B",
        "arrangement=C",
        "giraffe=min2",
        "citadel=forbes",
        "citadelentry=orthogonal",
        "citadelattack=geometric",
        "swap=mate",
        "swap=check-or-stalemate",
        "succession=shah-only",
        "ppplace=fork",
        "ppplace=any",
    ] {
        let v = variants::build("timur", o).unwrap();
        assert!(fen::parse(&v, &v.start_fen).is_ok(), "{o}");
    }
}

#[test]
fn timur_occupied_citadel_cannot_be_entered() {
    // White's AK holds x1: Black's Shah on k2 (checked by it) may not step in nor capture it.
    let f = format!(
        "{}{{A,-}} b - - 0 1",
        grid_fen(11, 10, &[("k2", 'k'), ("c4", 'K'), ("a1", 'r')])
    );
    let mut pos = setup("timur", "", &f);
    assert!(pos.in_check());
    assert_eq!(from(&mut pos, "k2"), strs(&["k2j1", "k2j2", "k2j3"]));
    let f = format!(
        "{} b - - 0 1",
        grid_fen(11, 10, &[("k2", 'k'), ("c4", 'K'), ("a1", 'r')])
    );
    let mut pos = setup("timur", "", &f);
    assert!(has(&mut pos, "k2x1"));
}

#[test]
fn timur_search_plays_special_positions() {
    let f = tfen(
        &[
            ("c10", 'P'),
            ("a1", 'p'),
            ("j9", 'U'),
            ("b2", 'u'),
            ("d9", 'X'),
            ("k2", 'K'),
            ("b9", 'k'),
            ("e4", 'I'),
            ("g7", 'r'),
            ("c5", 'R'),
            ("f6", 'n'),
            ("h5", 'G'),
        ],
        "w Ss - 0 1",
    );
    for opts in [
        "",
        "citadelattack=geometric citadel=forbes swap=check-or-stalemate",
    ] {
        search_self_play(&mut setup("timur", opts, &f), 40, 800);
    }
}
