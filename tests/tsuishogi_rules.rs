//! Rules of tsuishogi (shared/rules/tsuishogi.md): the book's Chu Shogi with drops, and the
//! standard Chu options.
//!
//! Start-position perft cross-checks (no Fairy-Stockfish variant: 12x12):
//! - depth 1 by hand (book array, White): pawns 10 (d4, i4 blocked), Phoenix d5 5 (d6 c5 e5 b7
//!   f7), Adjutant i5 1, rank 3: Straight-Goers b3/k3 1+1, Dragon Horses d3/i3 1+1 (d2, i2),
//!   Dragon Kings e3/h3 1+1 (d2, i2), Lion f3 2 (f5, h5: cKAD jumps), rank 2: Tigers e2/h2 1+1
//!   (d2, i2), Unicorn f2 1 (d2), rank 1: Panthers 1+1 (b2, k2), Coppers 2+2, Silvers 1+1, Golds
//!   1+1 = 37. No move of either side can touch the other side's men at depth 2: 37^2 = 1369.
//!   Standard Chu (`rules=chu arrangement=chu`): the d5 Go-Between has 1 move instead of the
//!   Phoenix's 5, and the Chu Lion (KNAD) on f3 has 5 (f5 h5 e5 g5 d2) instead of 2: 36, 1296.
//! - depths 3 and 4: scripts/tsuishogi_perft.py, an independent Python generator written from
//!   the spec (own board and move lists, drops, promotion, Crown Prince, Chu lion powers and
//!   Lion trading): book 37 / 1369 / 51107 / 1908921; standard Chu 36 / 1296 / 48315;
//!   `rules=chu` 40 / 1600 / 66471; `booklion=ring prince=plain promotion=chu` 40 / 1600 / 64491.
//!   The same script agreed with the engine on ~100 random positions from capture-heavy
//!   playouts (depth 2, some depth 3; hands, drops, promotions, Crown Princes, Chu lion moves)
//!   under the default, `rules=chu`, standard-Chu and `promotion=chu prince=plain booklion=ring`
//!   option sets, and on every piece type alone on the board (depth 1-2, both sides).

mod common;

use chatrang::fen;
use chatrang::moves::{Move, MoveKind};
use chatrang::position::Position;
use chatrang::variant::GameResult;
use chatrang::variants::shogi_family::tsuishogi::{START_BOOK, START_CHU};
use common::*;

const ID: &str = "tsuishogi";
const CHU: &str = "rules=chu";

/// A FEN from a list of (cell, token) pairs, a hand and the side to move.
fn board(men: &[(&str, &str)], hand: &str, side: &str) -> String {
    format!("{}[{hand}] {side} - - 0 1", grid_fen(12, 12, men))
}

fn pos(opts: &str, men: &[(&str, &str)], hand: &str, side: &str) -> Position {
    setup(ID, opts, &board(men, hand, side))
}

/// A lion-power move, written with three cells.
fn three_cells(m: &str) -> bool {
    m.chars().filter(|c| c.is_ascii_lowercase()).count() == 3
}

fn hand_of(p: &Position) -> String {
    let f = fen::to_fen(p);
    let a = f.find('[').unwrap();
    let b = f.find(']').unwrap();
    f[a + 1..b].to_string()
}

// ---------------------------------------------------------------- start position, FEN, perft

#[test]
fn tsuishogi_start_fen_round_trips() {
    round_trip(ID, "", START_BOOK);
    round_trip(ID, "arrangement=chu", START_CHU);
    round_trip(ID, "drops=off", START_BOOK);
    round_trip(
        ID,
        "rules=chu arrangement=chu drops=off promotion=chu bareking=shatranj",
        START_CHU,
    );
    // Promoted men and hands survive parse + format.
    let f = board(
        &[
            ("f1", "K"),
            ("g12", "k"),
            ("c10", "+P"),
            ("d4", "+o"),
            ("h8", "+E"),
        ],
        "GPPln",
        "b",
    );
    let p = setup(ID, "", &f);
    assert_eq!(fen::to_fen(&p), f);
    // drops=off: the hand stays empty; men in hand are an error.
    assert!(!parses(
        ID,
        "drops=off",
        &board(&[("f1", "K"), ("g12", "k")], "P", "w")
    ));
    assert!(parses(
        ID,
        "drops=off",
        &board(&[("f1", "K"), ("g12", "k")], "", "w")
    ));
}

#[test]
fn tsuishogi_perft_start_book() {
    perft_counts(ID, "", &[37, 1369, 51107, 1908921]);
}

#[test]
fn tsuishogi_perft_start_standard_chu() {
    perft_counts(
        ID,
        "rules=chu arrangement=chu drops=off promotion=chu",
        &[36, 1296, 48315],
    );
    // Chu moves with the book array and drops; the book Lion with the knight ring.
    perft_counts(ID, "rules=chu", &[40, 1600, 66471]);
    perft_counts(
        ID,
        "booklion=ring prince=plain promotion=chu",
        &[40, 1600, 64491],
    );
}

// ---------------------------------------------------------------- piece moves

#[test]
fn book_lion_jumps_two_squares_and_takes_adjacent_men_only() {
    let men = [
        ("a1", "K"),
        ("l12", "k"),
        ("f6", "N"),
        ("g7", "p"),
        ("f8", "p"),
    ];
    let mut p = pos("", &men, "", "w");
    assert_eq!(
        from(&mut p, "f6"),
        strs(&[
            "f6g7", "f6f8", "f6d6", "f6h6", "f6f4", "f6d8", "f6h8", "f6d4", "f6h4"
        ])
    );
    // booklion=ring adds the knight squares.
    let mut p = pos("booklion=ring", &men, "", "w");
    let m = from(&mut p, "f6");
    assert_eq!(m.len(), 17);
    assert!(listed(&m, "f6e8") && listed(&m, "f6g4"));
}

#[test]
fn book_fleeing_king_moves_as_retreating_chariot_and_chu_free_king_as_queen() {
    let men = [("a1", "K"), ("k12", "k"), ("f6", "Q")];
    let mut p = pos("", &men, "", "w");
    let m = from(&mut p, "f6");
    assert_eq!(m.len(), 11);
    assert!(m.iter().all(|x| x.starts_with("f6f")));
    let mut p = pos(CHU, &men, "", "w");
    assert_eq!(from(&mut p, "f6").len(), 11 + 11 + 5 + 5 + 5 + 6 - 1);
}

#[test]
fn book_flying_eagle_and_horned_falcon_moves() {
    let men = [("l2", "K"), ("a12", "k"), ("f6", "+D")];
    let mut p = pos("", &men, "", "w");
    let m = from(&mut p, "f6");
    // rook 22, backward diagonals 5 + 5, forward-diagonal jumps d8 h8
    assert_eq!(m.len(), 34);
    assert!(listed(&m, "f6h8") && listed(&m, "f6d8") && !listed(&m, "f6g7") && listed(&m, "f6a1"));
    let men = [("l2", "K"), ("a12", "k"), ("f6", "+H")];
    let mut p = pos("", &men, "", "w");
    let m = from(&mut p, "f6");
    // bishop 21, sideways 11, jumps f8 f4
    assert_eq!(m.len(), 34);
    assert!(listed(&m, "f6f8") && listed(&m, "f6f4") && !listed(&m, "f6f7") && listed(&m, "f6a11"));
}

#[test]
fn chu_lion_double_move_igui_and_pass() {
    let men = [("a1", "K"), ("l12", "k"), ("f6", "N"), ("g7", "p")];
    let mut p = pos(CHU, &men, "", "w");
    let m = from(&mut p, "f6");
    // 8 steps, 16 jumps, igui, 7 capture-and-step, one pass
    assert_eq!(m.len(), 33, "{m:?}");
    for x in [
        "f6g7f6", "f6g7h8", "f6g7g6", "f6g7f7", "f6f7f6", "f6g7", "f6h7", "f6d4",
    ] {
        assert!(listed(&m, x), "{x}");
    }
    // igui: the Lion stays, the man is taken (and goes to the hand).
    play(&mut p, &["f6g7f6"]);
    assert!(p.at(p.v.geo.parse_cell("g7").unwrap()).is_empty());
    assert_eq!(hand_of(&p), "P");
    // double capture
    let men = [
        ("a1", "K"),
        ("l12", "k"),
        ("f6", "N"),
        ("g7", "p"),
        ("h8", "r"),
    ];
    let mut p = pos(CHU, &men, "", "w");
    play(&mut p, &["f6g7h8"]);
    assert_eq!(hand_of(&p), "RP");
    // a pass leaves the position as it was, with the other side to move
    let mut p = pos(CHU, &[("a1", "K"), ("l12", "k"), ("f6", "N")], "", "w");
    let board_of = |p: &Position| fen::to_fen(p).split(' ').next().unwrap().to_string();
    let before = board_of(&p);
    play(&mut p, &["f6f7f6"]);
    assert_eq!(board_of(&p), before);
    assert_eq!(p.side, 1);
    // the book Lion has none of these
    let mut p = pos("", &men, "", "w");
    assert!(!from(&mut p, "f6").iter().any(|x| three_cells(x)));
}

#[test]
fn chu_soaring_eagle_and_horned_falcon_have_line_lion_power() {
    let men = [("a1", "K"), ("k12", "k"), ("f6", "+D"), ("g7", "p")];
    let mut p = pos(CHU, &men, "", "w");
    let m = from(&mut p, "f6");
    for x in ["f6g7f6", "f6g7h8", "f6e7f6", "f6g7", "f6e7", "f6h8", "f6d8"] {
        assert!(listed(&m, x), "{x}");
    }
    assert!(!listed(&m, "f6g7g8") && !listed(&m, "f6g7f7"));
    let men = [("a1", "K"), ("k12", "k"), ("f6", "+H"), ("f7", "p")];
    let mut p = pos(CHU, &men, "", "w");
    let m = from(&mut p, "f6");
    for x in ["f6f7f6", "f6f7f8", "f6f7", "f6f8", "f6f5", "f6f1"] {
        assert!(listed(&m, x), "{x}");
    }
    // no pass: its only lion square is occupied
    assert_eq!(m.iter().filter(|x| three_cells(x)).count(), 2);
}

// ---------------------------------------------------------------- promotion

#[test]
fn promotion_is_optional_entering_moving_within_or_leaving_the_zone() {
    let men = [
        ("a1", "K"),
        ("l12", "k"),
        ("b8", "S"),
        ("e10", "S"),
        ("h9", "S"),
        ("j5", "S"),
    ];
    let mut p = pos("", &men, "", "w");
    let m = legal(&mut p);
    for x in [
        "b8b9+", "b8b9", "e10e11+", "e10e11", "h9g8+", "h9g8", "j5j6",
    ] {
        assert!(listed(&m, x), "{x}");
    }
    assert!(!listed(&m, "j5j6+"));
    // Black's zone is ranks 1-4.
    let men = [("a1", "K"), ("l12", "k"), ("c5", "s")];
    let mut p = pos("", &men, "", "b");
    assert_eq!(
        from(&mut p, "c5"),
        strs(&[
            "c5c4", "c5c4+", "c5b4", "c5b4+", "c5d4", "c5d4+", "c5b6", "c5d6"
        ])
    );
}

#[test]
fn foot_soldier_and_spearman_must_promote_on_the_last_rank() {
    let men = [("a1", "K"), ("l11", "k"), ("c11", "P"), ("h5", "L")];
    let mut p = pos("", &men, "", "w");
    assert_eq!(from(&mut p, "c11"), strs(&["c11c12+"]));
    let m = from(&mut p, "h5");
    assert!(listed(&m, "h5h12+") && !listed(&m, "h5h12"));
    assert!(
        listed(&m, "h5h11+") && listed(&m, "h5h11") && listed(&m, "h5h6") && !listed(&m, "h5h6+")
    );
}

#[test]
fn king_lion_and_fleeing_king_never_promote_nor_do_promoted_men() {
    let men = [
        ("a1", "K"),
        ("l12", "k"),
        ("c8", "N"),
        ("f8", "Q"),
        ("h10", "+P"),
        ("b9", "+R"),
    ];
    let mut p = pos("", &men, "", "w");
    assert!(!legal(&mut p).iter().any(|m| m.ends_with('+')));
}

#[test]
fn promotion_notation_is_a_plus_suffix() {
    // Sample game 68. St C8-C12X+ (the Straight-Goer takes and becomes a Flying Ox).
    let men = [("a1", "K"), ("l11", "k"), ("c8", "V"), ("c12", "c")];
    let mut p = pos("", &men, "", "w");
    play(&mut p, &["c8c12+"]);
    let c12 = p.v.geo.parse_cell("c12").unwrap();
    assert_eq!(p.v.pieces[p.at(c12).kind() as usize].letter, "+V");
    assert_eq!(hand_of(&p), "C");
}

#[test]
fn promotion_chu_only_on_entering_or_capturing_in_the_zone() {
    let men = [
        ("a1", "K"),
        ("l12", "k"),
        ("b8", "S"),
        ("e10", "S"),
        ("h9", "S"),
        ("g11", "S"),
        ("g12", "p"),
        ("c11", "P"),
    ];
    let mut p = pos("promotion=chu", &men, "", "w");
    let m = legal(&mut p);
    // entering: may promote
    assert!(listed(&m, "b8b9+") && listed(&m, "b8b9"));
    // moving within or leaving without a capture: no
    assert!(!listed(&m, "e10e11+") && listed(&m, "e10e11"));
    assert!(!listed(&m, "h9g8+") && listed(&m, "h9g8"));
    // a capture inside the zone: yes
    assert!(listed(&m, "g11g12+") && listed(&m, "g11g12"));
    // a pawn reaching the last rank promotes (it already stood in the zone)
    assert_eq!(from(&mut p, "c11"), strs(&["c11c12+"]));
}

// ---------------------------------------------------------------- drops

#[test]
fn captured_men_go_to_the_captors_hand_unpromoted() {
    // +O (a promoted Unicorn, now a Lion) reverts to a Unicorn; +E (Crown Prince) to an Elephant.
    let men = [
        ("a1", "K"),
        ("l12", "k"),
        ("f2", "R"),
        ("f10", "+o"),
        ("b3", "B"),
        ("e6", "+e"),
    ];
    let mut p = pos("prince=plain", &men, "", "w");
    play(&mut p, &["f2f10"]);
    assert_eq!(hand_of(&p), "O");
    play(&mut p, &["l12k12", "b3e6"]);
    assert_eq!(hand_of(&p), "EO");
    play(&mut p, &["k12l12"]);
    let m = legal(&mut p);
    assert!(listed(&m, "E@f5") && listed(&m, "O@f5"));
    assert!(!m.iter().any(|x| x.starts_with("+")));
}

#[test]
fn drop_restrictions_last_rank_and_pawn_file() {
    let men = [("a1", "K"), ("l12", "k"), ("c4", "P"), ("e7", "+P")];
    let mut p = pos("", &men, "PL", "w");
    let m = legal(&mut p);
    // no pawn on the c-file (an unpromoted pawn is there); the promoted one on e does not count
    assert!(!m.iter().any(|x| x.starts_with("P@c")));
    assert!(listed(&m, "P@e5"));
    // no pawn or spearman drop on the last rank
    assert!(!m.iter().any(|x| x.ends_with("12") && x.contains('@')));
    assert!(listed(&m, "P@d11") && listed(&m, "L@a11"));
}

#[test]
fn pawn_drop_mate_is_forbidden_but_pawn_drop_check_is_allowed() {
    let men = [
        ("f1", "K"),
        ("a12", "k"),
        ("b12", "l"),
        ("b11", "p"),
        ("b10", "G"),
    ];
    let mut p = pos("", &men, "PG", "w");
    let m = legal(&mut p);
    assert!(!listed(&m, "P@a11"));
    assert!(listed(&m, "G@a11")); // other men may mate by a drop
    // unprotected, the pawn only checks: allowed
    let men = [("f1", "K"), ("a12", "k"), ("b12", "l"), ("b11", "p")];
    let mut p = pos("", &men, "P", "w");
    assert!(has(&mut p, "P@a11"));
}

#[test]
fn lions_may_be_dropped_anywhere_even_in_the_zone() {
    let men = [("f1", "K"), ("g12", "k")];
    let mut p = pos("", &men, "N", "w");
    let m = legal(&mut p);
    assert_eq!(m.iter().filter(|x| x.starts_with("N@")).count(), 142);
    assert!(listed(&m, "N@f11"));
}

#[test]
fn drops_off_captured_men_leave_play() {
    let men = [("a1", "K"), ("l12", "k"), ("f2", "R"), ("f10", "n")];
    let mut p = pos("drops=off", &men, "", "w");
    play(&mut p, &["f2f10"]);
    assert_eq!(hand_of(&p), "");
    assert!(!legal(&mut p).iter().any(|x| x.contains('@')));
}

// ---------------------------------------------------------------- royalty

#[test]
fn crown_prince_and_king_together_are_not_protected_by_check_rules() {
    let men = [("e1", "K"), ("h1", "+E"), ("e12", "r"), ("l12", "k")];
    let mut p = pos("", &men, "", "w");
    assert!(!p.in_check());
    let m = legal(&mut p);
    // the King may stay attacked, or step along the attacked file
    assert!(listed(&m, "h1h2") && listed(&m, "e1e2"));
}

#[test]
fn after_one_royal_is_taken_the_other_is_under_check_rules() {
    let men = [
        ("e1", "K"),
        ("h1", "+E"),
        ("e12", "r"),
        ("l12", "k"),
        ("a5", "P"),
    ];
    let mut p = pos("", &men, "", "w");
    play(&mut p, &["a5a6", "e12e1"]);
    // the King went out of play, not into Black's hand (nor into a hidden hand count)
    assert_eq!(hand_of(&p), "");
    assert!((0..p.v.pieces.len()).all(|t| p.hand(1, t as u8) == 0));
    assert_eq!(p.st.key, p.compute_key());
    assert!(p.in_check());
    let m = legal(&mut p);
    assert!(!m.is_empty());
    assert!(!listed(&m, "a6a7"));
    assert!(listed(&m, "h1h2"));
    assert!(m.iter().all(|x| x.starts_with("h1") || x.contains('@')));
    assert_eq!(result(&mut p), None);
}

#[test]
fn checkmate_of_the_last_royal_wins() {
    // Rook mate on the edge; the Crown Prince is long gone.
    let men = [("a1", "+E"), ("c3", "k"), ("l2", "r"), ("k12", "r")];
    let mut p = pos("", &men, "", "b");
    play(&mut p, &["k12k1"]);
    assert_eq!(result(&mut p), Some((GameResult::Win(1), "checkmate")));
}

#[test]
fn prince_plain_crown_prince_is_an_ordinary_man() {
    let men = [("e1", "K"), ("h1", "+E"), ("e12", "r"), ("l12", "k")];
    let mut p = pos("prince=plain", &men, "", "w");
    assert!(p.in_check());
    let m = legal(&mut p);
    assert!(!listed(&m, "h1h2") && !listed(&m, "e1e2") && listed(&m, "e1d1"));
}

#[test]
fn chu_lion_taking_both_royals_at_once_wins() {
    let men = [
        ("e4", "K"),
        ("e5", "+E"),
        ("e6", "n"),
        ("l12", "k"),
        ("a2", "P"),
    ];
    let mut p = pos(CHU, &men, "", "b");
    play(&mut p, &["e6e5e4"]);
    assert_eq!(
        result(&mut p),
        Some((GameResult::Win(1), "royal pieces captured"))
    );
}

// ---------------------------------------------------------------- Lion trading (rules=chu)

#[test]
fn chu_lion_may_not_take_a_protected_lion_from_afar() {
    let base = [("a1", "K"), ("l12", "k"), ("f6", "N"), ("f8", "n")];
    let mut men = base.to_vec();
    men.push(("f9", "g"));
    let mut p = pos(CHU, &men, "", "w");
    assert!(!has(&mut p, "f6f8"));
    // unprotected: allowed
    let mut p = pos(CHU, &base, "", "w");
    assert!(has(&mut p, "f6f8"));
    // the book rules have no such restriction
    let mut p = pos("", &men, "", "w");
    assert!(has(&mut p, "f6f8"));
    // taking a worthy man on the first step makes it legal; a pawn does not
    let mut with_silver = men.clone();
    with_silver.push(("f7", "s"));
    let mut p = pos(CHU, &with_silver, "", "w");
    let m = legal(&mut p);
    assert!(listed(&m, "f6f7f8") && !listed(&m, "f6f8"));
    let mut with_pawn = men.clone();
    with_pawn.push(("f7", "p"));
    let mut p = pos(CHU, &with_pawn, "", "w");
    let m = legal(&mut p);
    assert!(!listed(&m, "f6f7f8") && !listed(&m, "f6f8") && listed(&m, "f6f7"));
    // an adjacent Lion may always be taken
    let men = [
        ("a1", "K"),
        ("l12", "k"),
        ("f6", "N"),
        ("f7", "n"),
        ("f8", "g"),
    ];
    let mut p = pos(CHU, &men, "", "w");
    assert!(has(&mut p, "f6f7"));
}

#[test]
fn chu_no_lion_counterstrike_by_a_non_lion() {
    let men = [
        ("a1", "K"),
        ("l12", "k"),
        ("a5", "R"),
        ("a9", "n"),
        ("h5", "N"),
        ("h6", "g"),
        ("h7", "+o"),
    ];
    // Without a Lion just taken, the Gold may take the Lion.
    let mut p = pos(CHU, &men, "", "b");
    assert!(has(&mut p, "h6h5"));
    let mut p = pos(CHU, &men, "", "w");
    play(&mut p, &["a5a9"]);
    let m = legal(&mut p);
    assert!(!listed(&m, "h6h5"));
    assert!(listed(&m, "h7h5")); // a Lion may
}

// ---------------------------------------------------------------- end rules

#[test]
fn stalemate_loses_by_default_or_draws_with_option() {
    let men = [("a1", "K"), ("b12", "r"), ("l2", "r"), ("k12", "k")];
    let mut p = pos("", &men, "", "w");
    assert_stalemate_win(&mut p, 1);
    let mut p = pos("stalemate=draw", &men, "", "w");
    assert_eq!(result(&mut p), Some((GameResult::Draw, "stalemate")));
}

#[test]
fn stalemate_illegal_move_forbids_the_stalemating_move() {
    let men = [("a1", "K"), ("b12", "r"), ("l3", "r"), ("k12", "k")];
    let mut p = pos("stalemate=illegal-move", &men, "", "b");
    let m = legal(&mut p);
    assert!(!listed(&m, "l3l2") && listed(&m, "l3l4"));
    let mut p = pos("", &men, "", "b");
    assert!(has(&mut p, "l3l2"));
}

#[test]
fn sennichite_fourth_occurrence_draws() {
    let men = [("f1", "K"), ("l12", "k")];
    let cycle = ["f1f2", "l12l11", "f2f1", "l11l12"];
    let mut p = pos("", &men, "", "w");
    for _ in 0..2 {
        play(&mut p, &cycle);
    }
    assert_eq!(result(&mut p), None); // third occurrence
    play(&mut p, &cycle);
    assert_eq!(result(&mut p), Some((GameResult::Draw, "repetition")));
    let mut p = pos("repetition=draw3", &men, "", "w");
    play(&mut p, &cycle);
    assert_eq!(result(&mut p), None);
    play(&mut p, &cycle);
    assert_eq!(result(&mut p), Some((GameResult::Draw, "repetition")));
}

#[test]
fn sennichite_perpetual_check_loses() {
    let men = [
        ("f1", "K"),
        ("a11", "R"),
        ("l12", "k"),
        ("k10", "p"),
        ("l10", "p"),
    ];
    let cycle = ["a11a12", "l12l11", "a12a11", "l11l12"];
    let mut p = pos("", &men, "", "w");
    for _ in 0..3 {
        play(&mut p, &cycle);
    }
    assert_eq!(
        result(&mut p),
        Some((GameResult::Win(1), "perpetual check"))
    );
}

#[test]
fn bare_king_option_shatranj() {
    let men = [("f1", "K"), ("a4", "G"), ("l12", "k")];
    let mut p = pos("bareking=shatranj", &men, "", "b");
    assert_eq!(result(&mut p), Some((GameResult::Win(0), "bare king")));
    let mut p = pos("", &men, "", "b");
    assert_eq!(result(&mut p), None);
}

// ---------------------------------------------------------------- consistency

/// Random legal playouts: key, FEN round trip, and legal = pseudo-legal minus moves leaving the
/// (sole) royal attacked minus pawn-drop mates (book rules: no other filter); then unmake all.
fn playout(opts: &str, f: &str, plies: usize, seed: u64, check_legal: bool) {
    let mut pos = setup(ID, opts, f);
    let check = |p: &mut Position| {
        if check_legal {
            assert_legal_is_pseudo_minus_self_check(p, false, |p, m| !is_pawn_drop_mate(p, m));
        }
        true
    };
    assert!(
        random_walk_with(&mut pos, plies, seed, Reread::Fen, check, prefer_captures).len() > 10
    );
}

/// A random move, a capture now and then, so hands fill and drops get played.
fn prefer_captures(pos: &Position, list: &[Move], rng: &mut u64) -> Move {
    lcg(rng);
    let caps: Vec<_> = list
        .iter()
        .copied()
        .filter(|m| m.from != m.to && m.kind != MoveKind::Drop && !pos.at(m.to).is_empty())
        .collect();
    if !caps.is_empty() && (*rng >> 20).is_multiple_of(3) {
        caps[(*rng >> 33) as usize % caps.len()]
    } else {
        list[(*rng >> 33) as usize % list.len()]
    }
}

#[test]
fn make_unmake_restores_fen_and_key_book() {
    for seed in 1..9 {
        playout("", START_BOOK, 200, seed, seed <= 4);
    }
}

#[test]
fn make_unmake_restores_fen_and_key_chu() {
    for seed in 1..9 {
        playout(CHU, START_BOOK, 200, seed, false);
        playout(
            "rules=chu arrangement=chu drops=off promotion=chu",
            START_CHU,
            200,
            seed + 10,
            false,
        );
    }
}

/// Short self-play with the generic search under each rule set: every chosen move is legal.
#[test]
fn search_plays_legal_moves_under_every_rule_set() {
    for opts in [
        "",
        "rules=chu",
        "rules=chu arrangement=chu drops=off promotion=chu bareking=shatranj",
        "prince=plain stalemate=illegal-move booklion=ring",
    ] {
        search_self_play(&mut start(ID, opts), 10, 2000);
    }
}

/// The opening of the book's sample game (Author v M. Wesner, moves 1-42, with the spec's
/// corrections: 28. H C3-C2, 33. St C3-C7X, 33...P@c8, 37...P@c8, 38...S D10-C9; book symbols (G) = Silver, (R) = Dragon Horse, (H) = Flying
/// Chariot, (Ka) = Diagonal Mover, (F) = Fleeing King, (Ph) = Phoenix) replays under the
/// default rules, including a Fleeing King capture along its file and a drop from reserve.
#[test]
fn sample_game_opening_replays_under_default_rules() {
    let moves = [
        "e4e5", "e9e8", "c4c5", "c9c8", "h4h5", "h9h8", "j4j5", "j9j8", "k4k5", "k9k8", "k5k6",
        "b9b8", "b4b5", "i10j9", "b5b6", "d10c9", "d3b5", "g9g8", "g4g5", "f9f8", "f4f5", "d12d11",
        "d1d2", "i12i11", "i3k5", "c11e9", "j2h4", "j11h9", "c2e4", "a9a8", "a4a5", "a10a9",
        "l4l5", "l9l8", "c5c6", "g8g7", "f5f6", "h10g9", "e5e6", "g10g8", "f3f5", "h8h7", "j5j6",
        "i8h8", "l5l6", "a8a7", "a3a4", "j10i10", "g5g6", "g7g6", "g3g6", "P@g7", "g6g3", "i9i8",
        "c3c2", "i11j10", "b3c3", "j10k9", "a4b4", "a9a8", "d2d3", "b10b9", "c6c7", "c8c7", "c3c7",
        "P@c8", "c7c5", "d11d10", "b6b7", "c9b10", "P@c7", "c8c7", "c5c7", "P@c8", "c7c8", "d10c9",
        "c8c5", "b8b7", "d5b7", "P@c8", "P@b8", "c9b8", "b7b8", "a8b8",
    ];
    let mut p = start(ID, "");
    play(&mut p, &moves[..64]);
    assert_eq!(hand_of(&p), "Pp");
    play(&mut p, &moves[64..]);
    assert_eq!(hand_of(&p), "SPPPxp");
    assert_eq!(result(&mut p), None);
}

#[test]
fn dropped_man_is_not_promoted_but_may_promote_on_its_next_move() {
    // Sample game 77. b9b10+: a dropped man promotes on a later move in the zone.
    let mut p = pos("", &[("f1", "K"), ("l12", "k")], "S", "w");
    let m = legal(&mut p);
    assert!(listed(&m, "S@e10") && !m.iter().any(|x| x.contains('+')));
    play(&mut p, &["S@e10", "l12k12"]);
    let e10 = p.v.geo.parse_cell("e10").unwrap();
    assert_eq!(p.v.pieces[p.at(e10).kind() as usize].letter, "S");
    let m = from(&mut p, "e10");
    assert!(listed(&m, "e10e11+") && listed(&m, "e10e11") && listed(&m, "e10d9+"));
}

#[test]
fn adjutant_promotes_to_drunk_elephant_and_elephant_to_crown_prince() {
    let men = [("a1", "K"), ("l12", "k"), ("c8", "I"), ("h8", "E")];
    let mut p = pos("", &men, "", "w");
    play(&mut p, &["c8c9+"]);
    let c9 = p.v.geo.parse_cell("c9").unwrap();
    assert_eq!(p.v.pieces[p.at(c9).kind() as usize].letter, "+I");
    play(&mut p, &["l12k12", "h8h9+"]);
    // now King and Crown Prince: two royals, so no check rules for White
    let h9 = p.v.geo.parse_cell("h9").unwrap();
    assert!(p.v.pieces[p.at(h9).kind() as usize].royal);
    play(&mut p, &["k12k11"]);
    // the promoted Adjutant moves as a Drunk Elephant (7 steps, not straight back)
    assert_eq!(from(&mut p, "c9").len(), 7);
    assert!(!has(&mut p, "c9c8"));
}
