//! Rules of sittuyin (shared/rules/sittuyin.md).
//!
//! Cross-checks outside this engine: `setup=fsf promotion=fsf stalemate=draw` start perft 88,
//! 7744, 580096 = pyffish `sittuyin`; the sample-game arrangement (`setup=fixed`) 38, 1449 =
//! pyffish `sittuyin` on the same FEN (no promotion or stalemate can arise that early); the
//! `promotion=fsf` move lists below were taken from pyffish. Book setup: 139 by hand (5 kinds of
//! men x (20 empty territory squares + 8 own pawns), less the king onto e4, attacked by the d5
//! pawn); 139 and 19283 also by an independent Python count of the placement rules.

mod common;

use chatrang::fen;
use chatrang::variant::GameResult;
use common::*;

const START: &str = "8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1";
const FIXED: &str = "r6r/1ksnn3/1sf1pppp/pppp4/4PPPP/PPPP1FS1/3NNSK1/R6R[] w - - 0 1";
const FSF: &str = "setup=fsf promotion=fsf stalemate=draw";

/// The sample game's arrangement, placed from the start under the book setup.
const PLACE: [&str; 16] = [
    "K@g2", "K@b7", "F@f3", "F@c6", "S@f2", "S@b6", "S@g3", "S@c7", "N@d2", "N@d7", "N@e2", "N@e7",
    "R@a1", "R@a8", "R@h1", "R@h8",
];

#[test]
fn sittuyin_start_fen_round_trips() {
    round_trip("sittuyin", "", START);
    round_trip("sittuyin", FSF, START);
    round_trip("sittuyin", "setup=fixed", FIXED);
}

#[test]
fn sittuyin_start_perft() {
    perft_counts("sittuyin", "", &[139, 19283]);
    perft_counts("sittuyin", FSF, &[88, 7744, 580096]);
    perft_counts("sittuyin", "setup=fixed", &[38, 1449]);
}

#[test]
fn sittuyin_make_unmake_restores_fen_and_key() {
    for (opts, seed) in [("", 1u64), ("", 2), (FSF, 3), ("setup=fixed", 4)] {
        random_walk(&mut start("sittuyin", opts), 80, seed, Reread::Fen, |_| {
            true
        });
    }
}

#[test]
fn sittuyin_legal_moves_are_pseudo_legal_minus_king_exposure() {
    for seed in 11..14u64 {
        let mut pos = setup("sittuyin", "setup=fixed stalemate=draw", FIXED);
        random_walk(&mut pos, 60, seed, Reread::Fen, |p| {
            assert_legal_is_pseudo_minus_self_check(p, false, any);
            true
        });
    }
}

#[test]
fn sittuyin_placement_only_in_own_territory() {
    let mut pos = start("sittuyin", "");
    let l = legal(&mut pos);
    assert_eq!(l.len(), 139);
    assert!(!listed(&l, "K@e4")); // the d5 pawn attacks e4
    assert!(listed(&l, "R@h4")); // onto the own pawn on h4
    assert!(listed(&l, "N@h3"));
    assert!(!listed(&l, "N@a4")); // a4 is outside White's territory
    assert!(!listed(&l, "N@e5"));
    // Black: a5-d8 and e6-h8.
    play(&mut pos, &["K@g2"]);
    let l = legal(&mut pos);
    assert!(listed(&l, "N@a5"));
    assert!(!listed(&l, "N@e5"));
}

#[test]
fn sittuyin_placement_displaces_own_pawn_to_hand() {
    let mut pos = start("sittuyin", "");
    play(&mut pos, &["N@e4"]);
    assert_eq!(
        fen::to_fen(&pos),
        "8/8/4pppp/pppp4/4NPPP/PPPP4/8/8[KFRRSSNPkfrrssnn] b - - 1 1"
    );
    // The pawn goes back on an empty territory square later (not onto another pawn).
    play(&mut pos, &["K@b7"]);
    let l = legal(&mut pos);
    assert!(listed(&l, "P@e1"));
    assert!(!listed(&l, "P@f4"));
}

#[test]
fn sittuyin_must_place_before_normal_moves() {
    let mut pos = start("sittuyin", "");
    assert!(legal(&mut pos).iter().all(|m| m.contains('@')));
    // FSF setup too.
    let mut pos = start("sittuyin", FSF);
    assert!(legal(&mut pos).iter().all(|m| m.contains('@')));
}

#[test]
fn sittuyin_lift_until_the_first_normal_move() {
    let mut pos = start("sittuyin", "");
    play(&mut pos, &PLACE);
    assert_eq!(
        fen::board_string(&pos),
        "r6r/1ksnn3/1sf1pppp/pppp4/4PPPP/PPPP1FS1/3NNSK1/R6R[]"
    );
    let l = legal(&mut pos);
    assert!(listed(&l, "@a1"));
    assert!(listed(&l, "@g2"));
    assert!(!listed(&l, "@a3")); // pawns are not lifted
    assert!(listed(&l, "a3a4"));
    // A lifted man must be placed again.
    play(&mut pos, &["@a1", "@a8"]);
    let l = legal(&mut pos);
    assert!(l.iter().all(|m| m.starts_with("R@")));
    play(&mut pos, &["R@b1", "R@b8", "a3a4"]);
    // The first normal move ends all lifting.
    let l = legal(&mut pos);
    assert!(l.iter().all(|m| !m.starts_with('@')));
    // FSF setup has no lifts.
    let mut pos = setup("sittuyin", FSF, FIXED);
    assert!(legal(&mut pos).iter().all(|m| !m.starts_with('@')));
}

#[test]
fn sittuyin_placement_may_not_attack_the_enemy_king() {
    let mut pos = setup("sittuyin", "", "1k6/8/8/8/8/8/8/4K3[Rr] w - - 0 1");
    let rooks = with_prefix(&mut pos, "R@");
    assert_eq!(rooks.len(), 27 - 3);
    assert!(!listed(&rooks, "R@b1"));
    assert!(!listed(&rooks, "R@b3"));
    assert!(listed(&rooks, "R@a1"));
}

#[test]
fn sittuyin_king_not_placed_on_an_attacked_square() {
    let mut pos = setup("sittuyin", "", "8/8/8/8/8/8/8/R3K3[k] b - - 0 1");
    let kings = legal(&mut pos);
    assert_eq!(kings.len(), 28 - 4);
    assert!(!listed(&kings, "K@a5"));
    // The same holds for the FSF setup (ranks 6-8 there).
    let mut pos = setup("sittuyin", FSF, "8/8/8/8/8/8/8/R3K3[k] b - - 0 1");
    assert_eq!(legal(&mut pos).len(), 24 - 3);
}

#[test]
fn sittuyin_no_check_by_a_normal_move_while_the_opponent_places() {
    let mut pos = setup("sittuyin", "", "1k6/8/8/8/8/8/8/R3K3[r] w - - 0 1");
    let l = legal(&mut pos);
    assert!(!listed(&l, "a1b1"));
    assert!(listed(&l, "a1c1"));
    // Once the opponent's hand is empty, checks are normal.
    let mut pos = setup("sittuyin", "", "1k6/8/8/8/8/8/8/R3K3[] w - - 0 1");
    assert!(has(&mut pos, "a1b1"));
}

#[test]
fn sittuyin_fsf_setup_regions_and_back_rank_rooks() {
    let mut pos = start("sittuyin", FSF);
    let l = legal(&mut pos);
    assert_eq!(l.len(), 88);
    assert!(listed(&l, "R@a1"));
    assert!(!listed(&l, "R@a2"));
    assert!(listed(&l, "N@h3"));
    assert!(!listed(&l, "N@h4"));
}

#[test]
fn sittuyin_promotion_book_on_the_long_diagonals() {
    let f = "7k/8/8/8/3P4/8/8/K7[] w - - 0 1";
    let mut pos = setup("sittuyin", "", f);
    let mut promos = with_prefix(&mut pos, "d4");
    promos.retain(|m| m.contains('f'));
    assert_eq!(
        promos,
        strs(&[
            "d4c3f", "d4c4f", "d4c5f", "d4d3f", "d4d4f", "d4d5f", "d4d5fc6", "d4d5fd6", "d4d5fe6",
            "d4e3f", "d4e4f", "d4e5f"
        ])
    );
    play(&mut pos, &["d4d5fe6"]);
    assert_eq!(fen::board_string(&pos), "7k/8/4F3/8/8/8/8/K7[]");
    // No promotion while the player has a Sit-ke on the board.
    let mut pos = setup("sittuyin", "", "7k/8/8/8/3P4/8/8/K1F5[] w - - 0 1");
    assert!(with_prefix(&mut pos, "d4").iter().all(|m| !m.contains('f')));
}

#[test]
fn sittuyin_promotion_on_arrival_with_capture() {
    // The sample game's 27th move: e4xd5 becomes a Sit-ke on d5.
    let mut pos = setup("sittuyin", "", "7k/8/8/3s4/4P3/8/8/K7[] w - - 0 1");
    let l = with_prefix(&mut pos, "e4d5");
    assert!(listed(&l, "e4d5"));
    assert!(listed(&l, "e4d5f"));
    assert!(listed(&l, "e4d5fc6"));
    play(&mut pos, &["e4d5f"]);
    assert_eq!(fen::board_string(&pos), "7k/8/8/3F4/8/8/8/K7[]");
}

#[test]
fn sittuyin_promotion_enemyhalf_option() {
    let f = "7k/8/8/8/3P4/8/8/K7[] w - - 0 1";
    let mut pos = setup("sittuyin", "promotion=enemyhalf", f);
    let mut promos = with_prefix(&mut pos, "d4");
    promos.retain(|m| m.contains('f'));
    assert_eq!(
        promos,
        strs(&[
            "d4d5f", "d4d5fc4", "d4d5fc5", "d4d5fc6", "d4d5fd4", "d4d5fd6", "d4d5fe4", "d4d5fe5",
            "d4d5fe6"
        ])
    );
}

#[test]
fn sittuyin_promotion_falkener_option() {
    let f = "7k/8/8/8/3P4/8/8/K1F5[] w - - 0 1";
    let mut pos = setup("sittuyin", "promotion=falkener", f);
    let l = with_prefix(&mut pos, "d4");
    assert!(listed(&l, "d4d4r"));
    assert!(l.iter().all(|m| !m.contains('f')));
}

#[test]
fn sittuyin_promotion_fsf_option() {
    let check = |f: &str, expected: &[&str]| {
        let mut pos = setup("sittuyin", FSF, f);
        assert_eq!(legal(&mut pos), strs(expected), "{f}");
    };
    // Several pawns: only those on the enemy-half diagonals; the Sit-ke may not attack a man.
    check(
        "8/1k6/8/3P4/2n5/8/6K1/8[] w - - 0 1",
        &[
            "d5d6", "d5e4f", "d5e6f", "g2f1", "g2g1", "g2h1", "g2f2", "g2h2", "g2f3", "g2g3",
            "g2h3",
        ],
    );
    check(
        "8/1k6/8/8/8/2P5/1P4K1/8[] w - - 0 1",
        &[
            "b2b3", "c3c4", "g2f1", "g2g1", "g2h1", "g2f2", "g2h2", "g2f3", "g2g3", "g2h3",
        ],
    );
    // The last pawn promotes anywhere.
    check(
        "8/1k6/8/8/8/2P5/6K1/8[] w - - 0 1",
        &[
            "c3c4", "c3b2f", "c3d2f", "c3c3f", "c3b4f", "c3d4f", "g2f1", "g2g1", "g2h1", "g2f2",
            "g2h2", "g2f3", "g2g3", "g2h3",
        ],
    );
    // No discovered check by a promotion.
    check(
        "3k4/8/8/3P4/8/8/3R2K1/8[] w - - 0 1",
        &[
            "d5d6", "g2h3", "g2g3", "d5d5f", "g2f3", "g2h2", "d2d1", "d2a2", "d2b2", "d2c2",
            "d2e2", "d2f2", "d2d3", "d2d4", "g2f1", "g2g1", "g2h1", "g2f2",
        ],
    );
    // A promotion may block a check.
    check(
        "8/1k6/8/8/8/4P3/r5K1/8[] w - - 0 1",
        &[
            "e3d2f", "e3f2f", "g2f1", "g2g1", "g2h1", "g2h3", "g2g3", "g2f3",
        ],
    );
}

#[test]
fn sittuyin_stalemating_move_is_illegal() {
    let f = "k7/2K5/8/2F5/8/8/8/8[] w - - 0 1";
    let mut pos = setup("sittuyin", "", f);
    let l = legal(&mut pos);
    assert!(!listed(&l, "c5b6"));
    assert!(listed(&l, "c5d6"));
    let mut pos = setup("sittuyin", "stalemate=draw", f);
    assert!(has(&mut pos, "c5b6"));
    play(&mut pos, &["c5b6"]);
    assert_eq!(result(&mut pos), Some((GameResult::Draw, "stalemate")));
}

#[test]
fn sittuyin_checkmate_wins() {
    let mut pos = setup("sittuyin", "", "k7/8/1K6/8/8/8/8/7R[] w - - 0 1");
    play(&mut pos, &["h1h8"]);
    assert_eq!(result(&mut pos), Some((GameResult::Win(0), "checkmate")));
}

#[test]
fn sittuyin_draw_when_neither_side_can_mate() {
    for f in [
        "k7/8/1K6/8/8/8/8/8[] w - - 0 1",
        "k7/8/1K6/8/8/8/8/5F2[] w - - 0 1",
        "k7/8/1K6/8/8/8/8/5N2[] w - - 0 1",
        "k7/8/1K6/8/8/8/5P2/8[] w - - 0 1",
    ] {
        let mut pos = setup("sittuyin", "", f);
        assert_eq!(
            result(&mut pos),
            Some((GameResult::Draw, "insufficient material")),
            "{f}"
        );
    }
    let mut pos = setup("sittuyin", "", "k7/8/1K6/8/8/8/8/5R2[] w - - 0 1");
    assert_eq!(result(&mut pos), None);
    // Falkener's pawn becomes a Yattah: it can still mate.
    let mut pos = setup(
        "sittuyin",
        "promotion=falkener",
        "k7/8/1K6/8/8/8/5P2/8[] w - - 0 1",
    );
    assert_eq!(result(&mut pos), None);
}

#[test]
fn sittuyin_threefold_repetition_draws() {
    let mut pos = setup("sittuyin", "", "k7/8/1K6/8/8/8/8/7R[] w - - 0 1");
    let c = ["h1h2", "a8b8", "h2h1", "b8a8"];
    play(&mut pos, &c);
    assert_eq!(result(&mut pos), None);
    play(&mut pos, &c);
    assert_eq!(result(&mut pos), Some((GameResult::Draw, "repetition")));
}

#[test]
fn sittuyin_counting_asean_option() {
    // No pawns, Black bare: one Yattah must mate within 8 moves (16 plies since the capture).
    let f = "k7/8/1K6/8/8/8/8/7R[] w - - 15 40";
    let mut pos = setup("sittuyin", "counting=asean", f);
    assert_eq!(result(&mut pos), None);
    // The search is told the count: one ply left, then none.
    assert_eq!(pos.v.rules.count_left(&pos), Some(1));
    play(&mut pos, &["h1h2"]);
    assert_eq!(pos.v.rules.count_left(&pos), Some(0));
    assert_eq!(result(&mut pos), Some((GameResult::Draw, "counting")));
    let mut pos = setup("sittuyin", "", f);
    assert_eq!(pos.v.rules.count_left(&pos), None);
    play(&mut pos, &["h1h2"]);
    assert_eq!(result(&mut pos), None);
}
