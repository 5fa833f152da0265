//! Rules of shogi (shared/rules/shogi.md).
//!
//! Cross-checks outside this engine: the start-position perft 30, 900, 25470 (719731, 19861490)
//! are the published shogi counts, also given by Fairy-Stockfish `go perft`; every hand-built
//! legal-move list below was compared with pyffish 0.0.90 (`shogi`), except where our spec and
//! Fairy-Stockfish differ (uchifuzume: FSF generates the mating pawn drop and scores it as a
//! loss for the dropper; our spec makes it illegal).

mod common;

use chatrang::fen;
use chatrang::variant::GameResult;
use common::*;

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1";

#[test]
fn shogi_start_fen_round_trips() {
    round_trip("shogi", "", START);
    // Fairy-Stockfish's full form is read as well, and written back in the short form.
    let pos = setup(
        "shogi",
        "",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1",
    );
    assert_eq!(fen::to_fen(&pos), START);
}

#[test]
fn shogi_start_perft() {
    perft_counts("shogi", "", &[30, 900, 25470]);
}

#[test]
fn shogi_promoted_men_written_plus_letter_in_fen() {
    let f = "4k4/9/4+p4/2+B6/4R4/9/+R8/9/4K4[SPPgl] b 3 7";
    let pos = setup("shogi", "", f);
    assert_eq!(fen::to_fen(&pos), f);
}

#[test]
fn shogi_make_unmake_restores_fen_and_key() {
    for seed in 1..6u64 {
        random_walk(&mut start("shogi", ""), 160, seed, Reread::Fen, |_| true);
    }
}

#[test]
fn shogi_legal_moves_are_pseudo_legal_minus_king_exposure_and_pawn_drop_mates() {
    for seed in 7..11u64 {
        random_walk(&mut start("shogi", ""), 120, seed, Reread::Fen, |p| {
            assert_legal_is_pseudo_minus_self_check(p, false, |p, m| !is_pawn_drop_mate(p, m));
            true
        });
    }
}

#[test]
fn shogi_captured_man_goes_to_hand_demoted() {
    let mut pos = setup("shogi", "", "4k4/9/4+p4/9/4R4/9/9/9/4K4[-] w - - 0 1");
    play(&mut pos, &["e5e7"]);
    assert_eq!(fen::to_fen(&pos), "4k4/9/4R4/9/9/9/9/9/4K4[P] b 0 1");
    let mut pos = setup("shogi", "", "4k4/9/4+r4/9/4R4/9/9/9/4K4[-] w - - 0 1");
    play(&mut pos, &["e5e7"]);
    assert_eq!(fen::to_fen(&pos), "4k4/9/4R4/9/9/9/9/9/4K4[R] b 0 1");
    // ... and can be dropped back as the captor's own man
    play(&mut pos, &["e9d9", "R@a5"]);
    assert!(fen::to_fen(&pos).starts_with("3k5/9/4R4/9/R8/"));
}

#[test]
fn shogi_drops_forbidden_where_the_man_could_never_move() {
    let mut pos = setup("shogi", "", "4k4/9/9/9/9/9/9/9/4K4[PLN] w - - 0 1");
    let drops = legal(&mut pos);
    for (l, ranks) in [("P", 1..=8), ("L", 1..=8), ("N", 1..=7)] {
        for r in 1..=9 {
            let allowed = drops.iter().any(|m| m == &format!("{l}@a{r}"));
            assert_eq!(allowed, ranks.contains(&r), "{l}@a{r}");
        }
    }
}

#[test]
fn shogi_nifu_no_second_unpromoted_pawn_on_a_file() {
    let mut pos = setup("shogi", "", "4k4/9/9/9/9/9/4P4/9/4K4[P] w - - 0 1");
    assert!(legal(&mut pos).iter().all(|m| !m.starts_with("P@e")));
    // a tokin does not count
    let mut pos = setup("shogi", "", "4k4/9/9/9/9/9/4+P4/9/4K4[P] w - - 0 1");
    assert_eq!(
        legal(&mut pos)
            .into_iter()
            .filter(|m| m.starts_with("P@e"))
            .collect::<Vec<_>>(),
        strs(&["P@e2", "P@e4", "P@e5", "P@e6", "P@e7", "P@e8"])
    );
}

#[test]
fn shogi_uchifuzume_pawn_drop_mate_is_illegal() {
    // P@e8 would mate (gold e7 guards e8, d8 and f8; the lances cannot take): illegal.
    let mut pos = setup("shogi", "", "3lkl3/9/4G4/9/9/9/9/9/4K4[P] w - - 0 1");
    assert_eq!(
        with_prefix(&mut pos, "P@e"),
        strs(&["P@e2", "P@e3", "P@e4", "P@e5", "P@e6"])
    );
    assert_eq!(perft_of(&mut pos, 1), legal(&mut pos).len() as u64);
    // A pawn drop that checks without mating is legal.
    let mut pos = setup("shogi", "", "4k4/9/9/9/9/9/9/9/4K4[P] w - - 0 1");
    assert!(has(&mut pos, "P@e8"));
    // A pawn already on the board may mate by moving.
    let mut pos = setup("shogi", "", "3lkl3/9/3GP1S2/9/9/9/9/9/4K4[-] w - - 0 1");
    assert_eq!(with_prefix(&mut pos, "e7"), strs(&["e7e8", "e7e8+"]));
    play(&mut pos, &["e7e8"]);
    assert_eq!(result(&mut pos), Some((GameResult::Win(0), "checkmate")));
}

fn perft_of(pos: &mut chatrang::position::Position, d: u32) -> u64 {
    chatrang::perft::perft(pos, d)
}

#[test]
fn shogi_promotion_optional_on_entering_the_zone() {
    let mut pos = setup("shogi", "", "4k4/9/9/4S4/9/9/9/9/4K4[-] w - - 0 1");
    assert_eq!(
        with_prefix(&mut pos, "e6"),
        strs(&[
            "e6d5", "e6d7", "e6d7+", "e6e7", "e6e7+", "e6f5", "e6f7", "e6f7+"
        ])
    );
}

#[test]
fn shogi_promotion_on_moving_inside_and_leaving_the_zone() {
    let mut pos = setup("shogi", "", "4k4/9/4S4/9/9/9/9/9/4K4[-] w - - 0 1");
    assert_eq!(
        with_prefix(&mut pos, "e7"),
        strs(&[
            "e7d6", "e7d6+", "e7d8", "e7d8+", "e7e8", "e7e8+", "e7f6", "e7f6+", "e7f8", "e7f8+"
        ])
    );
    play(&mut pos, &["e7d6+"]);
    assert!(fen::to_fen(&pos).starts_with("4k4/9/9/3+S5/"));
}

#[test]
fn shogi_forced_promotion_where_the_man_could_never_move_again() {
    let mut pos = setup("shogi", "", "k8/4P4/9/4N4/3L5/9/9/9/4K4[-] w - - 0 1");
    assert_eq!(
        legal(&mut pos),
        strs(&[
            "d5d6", "d5d7", "d5d7+", "d5d8", "d5d8+", "d5d9+", "e1d1", "e1d2", "e1e2", "e1f1",
            "e1f2", "e6d8+", "e6f8+", "e8e9+"
        ])
    );
}

#[test]
fn shogi_dropped_man_promotes_only_on_a_later_move() {
    let mut pos = setup("shogi", "", "4k4/9/9/9/9/9/9/9/4K4[S] w - - 0 1");
    assert!(legal(&mut pos).iter().all(|m| !m.ends_with('+')));
    play(&mut pos, &["S@d7", "e9f9"]);
    assert!(fen::to_fen(&pos).contains("3S5"));
    assert_eq!(
        with_prefix(&mut pos, "d7"),
        strs(&[
            "d7c6", "d7c6+", "d7c8", "d7c8+", "d7d8", "d7d8+", "d7e6", "d7e6+", "d7e8", "d7e8+"
        ])
    );
}

#[test]
fn shogi_king_and_gold_never_promote() {
    let mut pos = setup("shogi", "", "k8/9/9/4G4/9/9/9/9/4K4[-] w - - 0 1");
    assert!(legal(&mut pos).iter().all(|m| !m.ends_with('+')));
}

#[test]
fn shogi_checkmate_wins() {
    let mut pos = setup("shogi", "", "3lkl3/9/4G4/9/9/9/9/9/4K4[G] w - - 0 1");
    play(&mut pos, &["G@e8"]);
    assert_eq!(result(&mut pos), Some((GameResult::Win(0), "checkmate")));
}

#[test]
fn shogi_stalemated_player_loses() {
    // Z's king on a9 has no move (gold b7 guards a8/b8, knight c7 guards b9) and is not in check.
    let mut pos = setup("shogi", "", "k8/9/1GN6/9/9/9/9/9/4K4[-] b - - 0 1");
    assert_stalemate_win(&mut pos, 0);
}

#[test]
fn shogi_stalemate_illegal_move_option() {
    let f = "k8/9/1G7/9/3N5/9/9/9/4K4[-] w - - 0 1";
    let mut pos = setup("shogi", "", f);
    assert_eq!(
        with_prefix(&mut pos, "d5"),
        strs(&["d5c7", "d5c7+", "d5e7", "d5e7+"])
    );
    // d5c7 stalemates the Z king: illegal under the option (the promoted knight does not).
    let mut pos = setup("shogi", "stalemate=illegal-move", f);
    assert_eq!(
        with_prefix(&mut pos, "d5"),
        strs(&["d5c7+", "d5e7", "d5e7+"])
    );
}

/// Plays the cycle `moves` `times` times.
fn cycle(pos: &mut chatrang::position::Position, moves: &[&str], times: usize) {
    for _ in 0..times {
        play(pos, moves);
    }
}

#[test]
fn shogi_sennichite_fourth_occurrence_draws() {
    let f = "4k4/9/9/9/9/9/9/9/4K4[-] w - - 0 1";
    let mut pos = setup("shogi", "", f);
    let c = ["e1e2", "e9e8", "e2e1", "e8e9"];
    cycle(&mut pos, &c, 2);
    assert_eq!(result(&mut pos), None, "third occurrence");
    cycle(&mut pos, &c, 1);
    assert_eq!(result(&mut pos), Some((GameResult::Draw, "repetition")));
}

#[test]
fn shogi_sennichite_perpetual_check_loses() {
    // X's rook checks from h9 and h8 in turn; the Z king steps between e9 and e8.
    let f = "4k4/7R1/9/9/9/9/9/9/4K4[-] w - - 0 1";
    let mut pos = setup("shogi", "", f);
    let c = ["h8h9", "e9e8", "h9h8", "e8e9"];
    cycle(&mut pos, &c, 2);
    assert_eq!(result(&mut pos), None);
    cycle(&mut pos, &c, 1);
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Win(1), "perpetual check"))
    );
}

#[test]
fn shogi_repetition_draw3_option() {
    let f = "4k4/7R1/9/9/9/9/9/9/4K4[-] w - - 0 1";
    let mut pos = setup("shogi", "repetition=draw3", f);
    let c = ["h8h9", "e9e8", "h9h8", "e8e9"];
    cycle(&mut pos, &c, 1);
    assert_eq!(result(&mut pos), None);
    cycle(&mut pos, &c, 1);
    assert_eq!(result(&mut pos), Some((GameResult::Draw, "repetition")));
}

#[test]
fn shogi_impasse_none_by_default() {
    let f = "9/RBGGSSLPP/N3K4/9/9/9/9/9/k8[RB] w - - 0 1";
    let mut pos = setup("shogi", "", f);
    assert_eq!(result(&mut pos), None);
}

#[test]
fn shogi_impasse_27_declaration() {
    // X king in camp, 10 men in camp worth 18, R+B in hand: 28 points -> X wins by declaring.
    let f = "9/RBGGSSLPP/N3K4/9/9/9/9/9/k8[RB] w - - 0 1";
    let mut pos = setup("shogi", "impasse=27", f);
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Win(0), "impasse declaration (27 points)"))
    );
    // 27 points are not enough for X (28 needed) ...
    let f27 = "9/RBGGSSLPP/N3K4/9/9/9/9/9/k8[RPPPP] w - - 0 1";
    let mut pos = setup("shogi", "impasse=27", f27);
    assert_eq!(result(&mut pos), None);
    // ... but they are for Z.
    let z = "K8/9/9/9/9/9/n3k4/rbggsslpp/9[rpppp] b - - 0 1";
    let mut pos = setup("shogi", "impasse=27", z);
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Win(1), "impasse declaration (27 points)"))
    );
    // Only the side to move declares.
    let mut pos = setup("shogi", "impasse=27", &f.replace(" w ", " b "));
    assert_eq!(result(&mut pos), None);
}

#[test]
fn shogi_impasse_24_points() {
    // Both kings in the enemy camp: X has 5+5+5+5+4 = 24 points, Z 1+1+1+1 = 4: Z loses.
    let f = "9/4K4/9/R8/B8/PPPP5/9/4k4/9[RBgggg] w - - 0 1";
    let mut pos = setup("shogi", "impasse=24", f);
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Win(0), "impasse (24 points)"))
    );
    let mut pos = setup("shogi", "", f);
    assert_eq!(result(&mut pos), None);
}

#[test]
fn shogi_nmove_option() {
    let f = "4k4/9/9/9/9/9/9/9/4K4[-] w 9 20";
    let mut pos = setup("shogi", "nmove=5", f);
    assert_eq!(result(&mut pos), None);
    play(&mut pos, &["e1e2"]);
    assert_eq!(
        result(&mut pos),
        Some((GameResult::Draw, "move-count rule"))
    );
    let mut pos = setup("shogi", "", f);
    play(&mut pos, &["e1e2"]);
    assert_eq!(result(&mut pos), None);
}

#[test]
fn shogi_move_notation_is_fairy_stockfish_uci() {
    let mut pos = setup("shogi", "", "4k4/9/9/4S4/9/9/9/9/4K4[P] w - - 0 1");
    let l = legal(&mut pos);
    assert!(listed(&l, "e6e7+"));
    assert!(listed(&l, "P@e5"));
}
