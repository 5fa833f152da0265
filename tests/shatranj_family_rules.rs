//! Rules of the Shatranj family: shatranj, medieval, chaturanga, courier, kamil, kamil2, kabir.
//!
//! Perft counts of the start positions were cross-checked outside this engine: shatranj, medieval
//! and courier against Fairy-Stockfish (built-in variants); kamil and kamil2 against
//! Fairy-Stockfish with a variants.ini definition of the same pieces and array (no rule that
//! differs can be reached at these depths); chaturanga and kabir against an independent Python
//! move generator (Raja leap with its right lost on use and on check; Great Ferz bent rider),
//! plus the hand counts given in the comments.

mod common;

use chatrang::fen;
use chatrang::notation::parse_move;
use chatrang::perft::perft;
use chatrang::variant::GameResult;
use common::*;

/// Plays `plies` moves chosen by a fixed pseudo-random walk (after the given opening), checking
/// the incremental key at every ply, then unmakes everything and compares FEN and key.
fn make_unmake(id: &str, opts: &str, f: Option<&str>, opening: &[&str], plies: usize, seed: u64) {
    let mut pos = match f {
        Some(f) => setup(id, opts, f),
        None => start(id, opts),
    };
    let key0 = pos.st.key;
    let mut fens = vec![fen::to_fen(&pos)];
    let mut made = Vec::new();
    for s in opening {
        let m = parse_move(&mut pos, s).unwrap_or_else(|e| panic!("{id}: {e}"));
        pos.make(m);
        assert_eq!(pos.st.key, pos.compute_key(), "{id}: key after {s}");
        made.push(m);
        fens.push(fen::to_fen(&pos));
    }
    random_walk(&mut pos, plies, seed, Reread::Fen, |_| true);
    while let Some(m) = made.pop() {
        fens.pop();
        pos.unmake(m);
        assert_eq!(
            &fen::to_fen(&pos),
            fens.last().unwrap(),
            "{id}: FEN after unmake"
        );
        assert_eq!(pos.st.key, pos.compute_key(), "{id}: key after unmake");
    }
    assert_eq!(pos.st.key, key0);
}

const WHITE: GameResult = GameResult::Win(0);
const BLACK: GameResult = GameResult::Win(1);
const DRAW: GameResult = GameResult::Draw;

// ---------------------------------------------------------------------------------------------
// shatranj

const SHATRANJ_START: &str = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1";
/// Black (to move) is stalemated: Ka8 boxed in by Kc7 and the Firzan b6, pawn h5 blocked.
const STALEMATE_8X8: &str = "k7/2K5/1Q6/7p/7P/8/8/8 b - - 0 1";

#[test]
fn shatranj_start_fen_round_trips() {
    round_trip("shatranj", "", SHATRANJ_START);
}

#[test]
fn shatranj_start_perft_matches_fairy_stockfish() {
    perft_counts("shatranj", "", &[16, 256, 4176, 68122]);
}

#[test]
fn shatranj_make_unmake_restores_fen_and_key() {
    for seed in 1..4 {
        make_unmake("shatranj", "", None, &[], 120, seed);
    }
    // promotions and captures near the end
    make_unmake(
        "shatranj",
        "",
        Some("3k4/1P4P1/8/8/8/8/1p4p1/3K4 w - - 0 1"),
        &[],
        30,
        7,
    );
}

#[test]
fn shatranj_fil_leaps_two_diagonally_over_men() {
    let mut pos = setup("shatranj", "", "3k4/8/8/2p1p3/3B4/2P1P3/8/3K4 w - - 0 1");
    assert_eq!(
        from(&mut pos, "d4"),
        strs(&["d4b2", "d4b6", "d4f2", "d4f6"])
    );
}

#[test]
fn shatranj_firzan_steps_one_diagonal() {
    let mut pos = setup("shatranj", "", "3k4/8/8/8/3Q4/8/8/3K4 w - - 0 1");
    assert_eq!(
        from(&mut pos, "d4"),
        strs(&["d4c3", "d4c5", "d4e3", "d4e5"])
    );
}

#[test]
fn shatranj_baidaq_single_step_and_diagonal_capture() {
    let mut pos = start("shatranj", "");
    assert_eq!(from(&mut pos, "e2"), strs(&["e2e3"]));
    let mut pos = setup("shatranj", "", "3k4/8/8/8/8/3p1p2/4P3/3K4 w - - 0 1");
    assert_eq!(from(&mut pos, "e2"), strs(&["e2d3", "e2e3", "e2f3"]));
}

#[test]
fn shatranj_baidaq_promotes_to_firzan_only() {
    let mut pos = setup("shatranj", "", "r2k4/1P6/8/8/8/8/8/3K4 w - - 0 1");
    assert_eq!(from(&mut pos, "b7"), strs(&["b7a8q", "b7b8q"]));
    // whatever the number of Firzans already on the board
    let mut pos = setup("shatranj", "", "r2k4/1P6/8/8/8/8/8/Q2KQ3 w - - 0 1");
    assert_eq!(from(&mut pos, "b7"), strs(&["b7a8q", "b7b8q"]));
}

#[test]
fn shatranj_stalemated_player_loses() {
    let mut pos = setup("shatranj", "", STALEMATE_8X8);
    assert!(legal(&mut pos).is_empty());
    assert_eq!(result(&mut pos), Some((WHITE, "stalemate")));
}

#[test]
fn shatranj_checkmate_wins_even_against_a_bared_side() {
    let mut pos = setup("shatranj", "", "k6R/8/1K6/8/8/8/8/8 b - - 0 1");
    assert_eq!(result(&mut pos), Some((WHITE, "checkmate")));
}

#[test]
fn shatranj_bare_shah_loses_without_a_drawing_capture() {
    // two men left to the opponent
    let mut pos = setup("shatranj", "", "3k4/8/8/8/8/8/1R6/R2K4 b - - 0 1");
    assert_eq!(result(&mut pos), Some((WHITE, "bare king")));
    // one man, out of reach
    let mut pos = setup("shatranj", "", "3k4/8/8/8/8/8/8/R2K4 b - - 0 1");
    assert_eq!(result(&mut pos), Some((WHITE, "bare king")));
}

#[test]
fn shatranj_bare_shah_draws_by_baring_the_opponent_at_once() {
    let f = "3k4/4R3/8/8/8/8/8/3K4 b - - 0 1";
    let mut pos = setup("shatranj", "", f);
    assert_eq!(result(&mut pos), None, "the bared side has its reply");
    play(&mut pos, &["d8e7"]);
    assert_eq!(result(&mut pos), Some((DRAW, "bare king")));
    // any other reply loses
    let mut pos = setup("shatranj", "", f);
    play(&mut pos, &["d8c8"]);
    assert_eq!(result(&mut pos), Some((WHITE, "bare king")));
}

#[test]
fn shatranj_bareking_immediate_option() {
    let mut pos = setup(
        "shatranj",
        "bareking=immediate",
        "3k4/4R3/8/8/8/8/8/3K4 b - - 0 1",
    );
    assert_eq!(result(&mut pos), Some((WHITE, "bare king")));
}

#[test]
fn shatranj_nmove_option_draws_after_70_moves() {
    let f = "r2k4/8/8/8/8/8/8/R2K4 w - - 140 80";
    assert_eq!(result(&mut setup("shatranj", "", f)), None);
    assert_eq!(
        result(&mut setup("shatranj", "nmove=70", f)),
        Some((DRAW, "move-count rule"))
    );
    let f = "r2k4/8/8/8/8/8/8/R2K4 w - - 139 80";
    assert_eq!(result(&mut setup("shatranj", "nmove=70", f)), None);
}

#[test]
fn shatranj_threefold_repetition_draws() {
    let mut pos = start("shatranj", "");
    play(&mut pos, &["g1f3", "g8f6", "f3g1", "f6g8"]);
    assert_eq!(result(&mut pos), None);
    play(&mut pos, &["g1f3", "g8f6", "f3g1", "f6g8"]);
    assert_eq!(result(&mut pos), Some((DRAW, "repetition")));
}

// ---------------------------------------------------------------------------------------------
// medieval

#[test]
fn medieval_start_fens_round_trip() {
    round_trip("medieval", "", SHATRANJ_START);
    round_trip(
        "medieval",
        "arrangement=kinge",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    );
}

#[test]
fn medieval_start_perft_matches_fairy_stockfish() {
    perft_counts("medieval", "", &[16, 256, 4176, 68122]);
    // FSF `shatranj` from the `chaturanga` FEN (mirror image of the Shatranj array)
    perft_counts("medieval", "arrangement=kinge", &[16, 256, 4176, 68122]);
}

#[test]
fn medieval_make_unmake_restores_fen_and_key() {
    make_unmake("medieval", "", None, &[], 100, 3);
    make_unmake("medieval", "arrangement=kinge", None, &[], 100, 4);
}

#[test]
fn medieval_stalemate_options() {
    let r = |o: &str| result(&mut setup("medieval", o, STALEMATE_8X8));
    assert_eq!(r(""), Some((WHITE, "stalemate")));
    assert_eq!(r("stalemate=loss"), Some((WHITE, "stalemate")));
    assert_eq!(r("stalemate=draw"), Some((DRAW, "stalemate")));
    assert_eq!(r("stalemate=win"), Some((BLACK, "stalemate")));
}

#[test]
fn medieval_bare_king_as_in_shatranj() {
    let mut pos = setup("medieval", "", "3k4/8/8/8/8/8/8/R2K4 b - - 0 1");
    assert_eq!(result(&mut pos), Some((WHITE, "bare king")));
    let mut pos = setup("medieval", "", "3k4/4R3/8/8/8/8/8/3K4 b - - 0 1");
    play(&mut pos, &["d8e7"]);
    assert_eq!(result(&mut pos), Some((DRAW, "bare king")));
}

// ---------------------------------------------------------------------------------------------
// chaturanga

const CHATURANGA_START: &str = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1";

#[test]
fn chaturanga_start_fen_round_trips_with_black_raja_on_d8() {
    round_trip("chaturanga", "", CHATURANGA_START);
    let pos = start("chaturanga", "");
    let d8 = pos.v.geo.parse_cell("d8").unwrap();
    let p = pos.at(d8);
    assert!(pos.v.pieces[p.kind() as usize].royal && p.owner() == 1);
}

#[test]
fn chaturanga_start_perft() {
    // d1 = 16 Shatranj moves + 2 Raja leaps (e1d3, e1f3); d2 = 18 * 18 (no interaction).
    // d3, d4: independent generator (see the file header).
    perft_counts("chaturanga", "", &[18, 324, 5912, 107539]);
    // Without the leap rights the game is Shatranj from this array: FSF `shatranj` gives these.
    let mut pos = setup(
        "chaturanga",
        "",
        "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
    );
    assert_eq!(perft(&mut pos, 4), 68122);
}

#[test]
fn chaturanga_make_unmake_restores_fen_and_key() {
    for (opts, seed) in [
        ("", 1),
        ("kingleap=capture", 2),
        ("kingleap=unmoved", 3),
        ("promotion=identity", 4),
    ] {
        make_unmake(
            "chaturanga",
            opts,
            None,
            &["e2e3", "d7d6", "e1f3"],
            150,
            seed,
        );
    }
    make_unmake(
        "chaturanga",
        "promotion=identity",
        Some("3k4/P6P/8/r7/8/4K3/8/R6R w - - 0 1"),
        &["a1a2", "d8c8", "h1a1", "a5a2"],
        40,
        5,
    );
}

#[test]
fn chaturanga_raja_leap_used_once() {
    let mut pos = start("chaturanga", "");
    let leaps = from(&mut pos, "e1");
    assert_eq!(leaps, strs(&["e1d3", "e1f3"]));
    play(&mut pos, &["e1d3"]);
    assert!(
        fen::to_fen(&pos).contains(" b k - "),
        "{}",
        fen::to_fen(&pos)
    );
    assert!(from(&mut pos, "d8").contains(&"d8c6".to_string()));
    play(&mut pos, &["a7a6"]);
    // only king steps are left to White's Raja
    assert_eq!(
        from(&mut pos, "d3"),
        strs(&["d3c3", "d3c4", "d3d4", "d3e3", "d3e4"])
    );
}

#[test]
fn chaturanga_raja_leap_quiet_by_default() {
    let f = "3k4/8/8/8/8/3p4/8/4K3 w Kk - 0 1";
    let mut pos = setup("chaturanga", "", f);
    // c2 is covered by the d3 pawn; d3 is occupied: only f3 and g2 remain as leaps
    assert_eq!(
        from(&mut pos, "e1"),
        strs(&["e1d1", "e1d2", "e1f1", "e1f2", "e1f3", "e1g2"])
    );
    let mut pos = setup("chaturanga", "kingleap=capture", f);
    assert!(from(&mut pos, "e1").contains(&"e1d3".to_string()));
}

#[test]
fn chaturanga_kingleap_capture_option_attacks_leap_squares() {
    let f = "8/8/8/8/8/5k2/8/4K3 b K - 0 1";
    assert!(!setup("chaturanga", "", f).in_check());
    assert!(setup("chaturanga", "kingleap=capture", f).in_check());
    // without the right the leap squares are not attacked
    assert!(
        !setup(
            "chaturanga",
            "kingleap=capture",
            "8/8/8/8/8/5k2/8/4K3 b - - 0 1"
        )
        .in_check()
    );
}

#[test]
fn chaturanga_raja_leap_lost_when_checked() {
    let mut pos = setup("chaturanga", "", "r2k4/8/8/8/8/8/3P1P2/4K3 b Kk - 0 1");
    play(&mut pos, &["a8a1"]);
    assert!(pos.in_check());
    assert!(
        fen::to_fen(&pos).contains(" w k - "),
        "{}",
        fen::to_fen(&pos)
    );
    assert_eq!(from(&mut pos, "e1"), strs(&["e1e2"]));
    // even once the check is parried, the right stays lost
    play(&mut pos, &["e1e2", "a1a8"]);
    assert!(from(&mut pos, "e2").iter().all(|m| {
        let (f, t) = (m.as_bytes(), &m.as_bytes()[2..]);
        (f[0] as i32 - t[0] as i32).abs() <= 1 && (f[1] as i32 - t[1] as i32).abs() <= 1
    }));
}

#[test]
fn chaturanga_raja_leap_cannot_escape_check() {
    let mut pos = setup("chaturanga", "", "3k4/8/8/8/8/8/8/r3K3 w Kk - 0 1");
    assert!(fen::to_fen(&pos).contains(" w k - "));
    assert_eq!(from(&mut pos, "e1"), strs(&["e1d2", "e1e2", "e1f2"]));
}

#[test]
fn chaturanga_raja_leap_kept_after_a_normal_raja_move() {
    let f = "3k4/p7/8/8/8/8/P7/4K3 w Kk - 0 1";
    let mut pos = setup("chaturanga", "", f);
    play(&mut pos, &["e1e2", "d8d7"]);
    assert!(from(&mut pos, "e2").contains(&"e2g3".to_string()));
    // kingleap=unmoved: the first Raja move cancels it
    let mut pos = setup("chaturanga", "kingleap=unmoved", f);
    play(&mut pos, &["e1e2"]);
    assert!(
        fen::to_fen(&pos).contains(" b k - "),
        "{}",
        fen::to_fen(&pos)
    );
    play(&mut pos, &["d8d7"]);
    assert!(!from(&mut pos, "e2").contains(&"e2g3".to_string()));
}

#[test]
fn chaturanga_promotion_only_to_lost_master_piece_of_the_file() {
    // both Rathas on the board: the a-pawn may not enter a8
    let mut pos = setup("chaturanga", "", "3k4/P7/8/8/8/8/8/R3K2R w - - 0 1");
    assert!(from(&mut pos, "a7").is_empty());
    let mut pos = setup("chaturanga", "", "3k4/P7/8/8/8/8/8/4K2R w - - 0 1");
    assert_eq!(from(&mut pos, "a7"), strs(&["a7a8r"]));
    // captures promote on the arrival file: a8 needs a Ratha, b8 an Ashwa, c8 a Hasty
    let mut pos = setup("chaturanga", "", "r1n3k1/1P6/8/8/8/8/8/RN2K1NR w - - 0 1");
    assert_eq!(from(&mut pos, "b7"), strs(&["b7c8b"]));
    // d-file: the Mantri, once lost
    let mut pos = setup("chaturanga", "", "7k/3P4/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(from(&mut pos, "d7"), strs(&["d7d8q"]));
    let mut pos = setup("chaturanga", "", "7k/3P4/8/8/8/8/8/3QK3 w - - 0 1");
    assert!(from(&mut pos, "d7").is_empty());
    // the Raja's file: never
    let mut pos = setup("chaturanga", "", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1");
    assert!(from(&mut pos, "e7").is_empty());
    // Black: d-file is the Raja's, e-file the Mantri's
    let mut pos = setup("chaturanga", "", "k7/8/8/8/8/8/3pp3/K7 b - - 0 1");
    assert!(from(&mut pos, "d2").is_empty());
    assert_eq!(from(&mut pos, "e2"), strs(&["e2e1q"]));
}

#[test]
fn chaturanga_promotion_identity_option() {
    // a lone Ratha on the h-side carries the h-file
    let f = "3k4/P6P/8/8/8/8/4K3/7R w - - 0 1";
    let mut pos = setup("chaturanga", "", f);
    assert_eq!(from(&mut pos, "a7"), strs(&["a7a8r"]));
    assert_eq!(from(&mut pos, "h7"), strs(&["h7h8r"]));
    let mut pos = setup("chaturanga", "promotion=identity", f);
    assert_eq!(from(&mut pos, "a7"), strs(&["a7a8r"]));
    assert!(from(&mut pos, "h7").is_empty());
    // identity follows the man, wherever it goes
    play(&mut pos, &["h1a1", "d8c8"]);
    assert_eq!(from(&mut pos, "a7"), strs(&["a7a8r"]));
    assert!(from(&mut pos, "h7").is_empty());
    // both Rathas: the a-Ratha ends up captured on a2 after the h-Ratha went to a1
    let mut pos = setup(
        "chaturanga",
        "promotion=identity",
        "3k4/P6P/8/r7/8/4K3/8/R6R w - - 0 1",
    );
    assert!(from(&mut pos, "a7").is_empty() && from(&mut pos, "h7").is_empty());
    play(&mut pos, &["a1a2", "d8c8", "h1a1", "a5a2"]);
    assert_eq!(from(&mut pos, "a7"), strs(&["a7a8r"]));
    assert!(from(&mut pos, "h7").is_empty());
    // promoting gives the new Ratha the a-file: no second a-file promotion
    play(&mut pos, &["a7a8r", "c8b7"]);
    assert!(from(&mut pos, "h7").is_empty());
}

#[test]
fn chaturanga_stalemated_side_wins() {
    let mut pos = setup("chaturanga", "", "k7/2K5/1Q6/7p/7P/8/8/8 b - - 0 1");
    assert_eq!(result(&mut pos), Some((BLACK, "stalemate")));
}

#[test]
fn chaturanga_bare_raja_draws() {
    let bare = "3k4/8/8/8/8/8/8/R2K4 b - - 0 1";
    assert_eq!(
        result(&mut setup("chaturanga", "", bare)),
        Some((DRAW, "bare king"))
    );
    // before stalemate (rule 8): a stalemated bare Raja draws
    let stale = "k7/2K5/1Q6/8/8/8/8/8 b - - 0 1";
    assert_eq!(
        result(&mut setup("chaturanga", "", stale)),
        Some((DRAW, "bare king"))
    );
    // but checkmate comes first
    let mate = "k6R/8/1K6/8/8/8/8/8 b - - 0 1";
    assert_eq!(
        result(&mut setup("chaturanga", "", mate)),
        Some((WHITE, "checkmate"))
    );
    // options
    assert_eq!(result(&mut setup("chaturanga", "bareking=off", bare)), None);
    assert_eq!(
        result(&mut setup("chaturanga", "bareking=off", stale)),
        Some((BLACK, "stalemate"))
    );
    assert_eq!(
        result(&mut setup("chaturanga", "bareking=shatranj", bare)),
        Some((WHITE, "bare king"))
    );
}

#[test]
fn chaturanga_nmove_option() {
    let f = "r2k4/8/8/8/8/8/8/R2K4 w - - 140 80";
    assert_eq!(result(&mut setup("chaturanga", "", f)), None);
    assert_eq!(
        result(&mut setup("chaturanga", "nmove=70", f)),
        Some((DRAW, "move-count rule"))
    );
    assert_eq!(result(&mut setup("chaturanga", "nmove=71", f)), None);
}

// ---------------------------------------------------------------------------------------------
// courier

const COURIER_START: &str =
    "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1";
const COURIER_PRE: &str =
    "rnebmkfwbenr/pppppppppppp/12/12/12/12/PPPPPPPPPPPP/RNEBMKFWBENR w - - 0 1";

#[test]
fn courier_start_fen_round_trips() {
    round_trip("courier", "", COURIER_START);
    round_trip("courier", "arrangement=preopening", COURIER_PRE);
}

#[test]
fn courier_start_perft_matches_fairy_stockfish() {
    perft_counts("courier", "", &[26, 678, 18406, 500337]);
}

#[test]
fn courier_make_unmake_restores_fen_and_key() {
    make_unmake("courier", "", None, &[], 150, 1);
    make_unmake(
        "courier",
        "promotion=file",
        Some("5k6/1P1P1P6/12/12/12/12/1p1p8/5K6 w - - 0 1"),
        &[],
        40,
        2,
    );
    make_unmake(
        "courier",
        "promotion=joyleap",
        Some("r4k6/1P10/12/12/12/12/2p9/5K6 w - - 0 1"),
        &["b7b8j"],
        60,
        3,
    );
    make_unmake("courier", "arrangement=preopening", None, &[], 40, 4);
}

#[test]
fn courier_man_is_a_non_royal_king_mover() {
    // b3 and c3 are covered by the a3 Rook: the Man may go there all the same
    let mut pos = setup("courier", "", "5k6/12/12/12/12/r11/1M10/5K6 w - - 0 1");
    assert_eq!(
        from(&mut pos, "b2"),
        strs(&[
            "b2a1", "b2a2", "b2a3", "b2b1", "b2b3", "b2c1", "b2c2", "b2c3"
        ])
    );
}

#[test]
fn courier_schleich_courier_and_alfil_moves() {
    let mut pos = setup("courier", "", "5k6/12/12/12/4W7/12/1E10/B4K6 w - - 0 1");
    assert_eq!(
        from(&mut pos, "e4"),
        strs(&["e4d4", "e4e3", "e4e5", "e4f4"])
    );
    assert_eq!(from(&mut pos, "b2"), strs(&["b2d4"]));
    assert_eq!(
        from(&mut pos, "a1"),
        Vec::<String>::new(),
        "the Courier on a1 is blocked by the Alfil on b2"
    );
    let mut pos = setup("courier", "", "5k6/12/12/12/12/12/12/B4K6 w - - 0 1");
    assert_eq!(from(&mut pos, "a1").len(), 7, "a1-h8 diagonal");
}

#[test]
fn courier_promotion_to_queen_by_default() {
    let mut pos = setup("courier", "", "r4k6/1P10/12/12/12/12/12/5K6 w - - 0 1");
    assert_eq!(from(&mut pos, "b7"), strs(&["b7a8f", "b7b8f"]));
}

#[test]
fn courier_promotion_file_option() {
    let f = "12/PPPPP1PPPPPP/12/12/12/12/12/5K4k1 w - - 0 1";
    let mut pos = setup("courier", "promotion=file", f);
    let got: Vec<String> = legal(&mut pos)
        .into_iter()
        .filter(|m| m.len() == 5)
        .collect();
    assert_eq!(
        got,
        strs(&[
            "a7a8r", "b7b8n", "c7c8e", "d7d8b", "e7e8m", "g7g8f", "h7h8w", "i7i8b", "j7j8e",
            "k7k8n", "l7l8r"
        ])
    );
    // the King's file: a Man, or with fpromo=queen a Queen (Fers)
    let f = "12/5P6/12/12/12/12/12/K10k w - - 0 1";
    assert_eq!(
        from(&mut setup("courier", "promotion=file", f), "f7"),
        strs(&["f7f8m"])
    );
    assert_eq!(
        from(
            &mut setup("courier", "promotion=file fpromo=queen", f),
            "f7"
        ),
        strs(&["f7f8f"])
    );
}

#[test]
fn courier_promotion_joyleap_option() {
    let mut pos = setup(
        "courier",
        "promotion=joyleap",
        "r4k6/1P10/12/12/12/12/12/5K6 w - - 0 1",
    );
    assert_eq!(from(&mut pos, "b7"), strs(&["b7a8j", "b7b8j"]));
    play(&mut pos, &["b7b8j"]);
    // immune on the promotion rank
    assert!(!from(&mut pos, "a8").contains(&"a8b8".to_string()));
    play(&mut pos, &["a8a7"]);
    // leaps back two ranks, never captures
    assert_eq!(from(&mut pos, "b8"), strs(&["b8b6"]));
    play(&mut pos, &["b8b6", "a7b7"]);
    assert_eq!(from(&mut pos, "b6"), strs(&["b6b4"]));
    play(&mut pos, &["b6b4"]);
    // capturable on the intermediate ranks
    assert!(from(&mut pos, "b7").contains(&"b7b4".to_string()));
    play(&mut pos, &["f8e8"]);
    // becomes a Queen (Fers) on its second rank
    assert_eq!(from(&mut pos, "b4"), strs(&["b4b2f"]));
    // a leap over an occupied cell is blocked
    let mut pos = setup(
        "courier",
        "promotion=joyleap",
        "5k6/12/12/12/1J10/1p10/12/5K6 w - - 0 1",
    );
    assert!(from(&mut pos, "b4").is_empty());
}

#[test]
fn courier_stalemate_options() {
    let f = "k11/2K9/1F10/7p4/7P4/12/12/12 b - - 0 1";
    assert_eq!(
        result(&mut setup("courier", "", f)),
        Some((WHITE, "stalemate"))
    );
    assert_eq!(
        result(&mut setup("courier", "stalemate=draw", f)),
        Some((DRAW, "stalemate"))
    );
}

#[test]
fn courier_bare_king_options() {
    let f = "5k6/12/12/12/12/12/1R10/R4K6 b - - 0 1";
    assert_eq!(
        result(&mut setup("courier", "", f)),
        Some((WHITE, "bare king"))
    );
    assert_eq!(result(&mut setup("courier", "bareking=off", f)), None);
    // a joy-leaping pawn counts as a man
    let f = "J4k6/12/12/12/12/12/12/5K6 b - - 0 1";
    let mut pos = setup("courier", "promotion=joyleap", f);
    assert_eq!(result(&mut pos), Some((WHITE, "bare king")));
}

#[test]
fn courier_fifty_move_rule() {
    let f = "r4k6/12/12/12/12/12/12/R4K6 w - - 100 70";
    assert_eq!(
        result(&mut setup("courier", "", f)),
        Some((DRAW, "move-count rule"))
    );
    let f = "r4k6/12/12/12/12/12/12/R4K6 w - - 99 70";
    assert_eq!(result(&mut setup("courier", "", f)), None);
}

#[test]
fn courier_preopening_plays_the_compulsory_opening() {
    let mut pos = start("courier", "arrangement=preopening");
    let plies = [
        "a2a4", "l2l4", "g2g4", "g1g3", "a7a5", "l7l5", "g7g5", "g8g6",
    ];
    for (i, p) in plies.iter().enumerate() {
        assert_eq!(legal(&mut pos), strs(&[p]), "ply {}", i + 1);
        assert_eq!(pos.side, (i >= 4) as u8);
        play(&mut pos, &[p]);
    }
    assert_eq!(fen::to_fen(&pos), COURIER_START);
    assert_eq!(legal(&mut pos).len(), 26);
    // the order inside the opening is fixed: perft is 1 for eight plies, then normal play
    let mut pos = start("courier", "arrangement=preopening");
    assert_eq!(perft(&mut pos, 8), 1);
    assert_eq!(perft(&mut pos, 10), 678);
    // a FEN in the middle of the opening resumes it
    let mut pos = setup(
        "courier",
        "arrangement=preopening",
        "rnebmkfwbenr/pppppppppppp/12/12/P10P/12/1PPPPPPPPPP1/RNEBMKFWBENR w - - 0 1",
    );
    assert_eq!(legal(&mut pos), strs(&["g2g4"]));
    // but not in the standard arrangement: 12 pawn steps + Knights 4 + Alfils 4
    let mut pos = setup("courier", "", COURIER_PRE);
    assert_eq!(legal(&mut pos).len(), 20);
}

// ---------------------------------------------------------------------------------------------
// kamil

const KAMIL_START: &str = "rnedkfdenr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNEDKFDENR w - - 0 1";
const STALEMATE_10X10: &str = "k9/2K7/1F8/10/10/10/7p2/7P2/10/10 b - - 0 1";

#[test]
fn kamil_start_fen_round_trips() {
    round_trip("kamil", "", KAMIL_START);
    round_trip(
        "kamil",
        "arrangement=B-conjecture",
        "dnerkfrend/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/DNERKFREND w - - 0 1",
    );
}

#[test]
fn kamil_start_perft() {
    // d1 = 10 Baidaqs + Faras 4 (a3 c3 h3 j3) + Fil 4 (a3 e3 f3 j3) + Jamal 2 (d1-d3, g1-g3
    // over their own Baidaqs) = 20; d2 = 20 * 20; d3, d4 from Fairy-Stockfish (variants.ini game).
    perft_counts("kamil", "", &[20, 400, 8200, 168100]);
}

#[test]
fn kamil_make_unmake_restores_fen_and_key() {
    make_unmake("kamil", "", None, &[], 150, 1);
    make_unmake("kamil", "arrangement=B-conjecture", None, &[], 150, 2);
}

#[test]
fn kamil_jamal_leaps_two_orthogonally() {
    let mut pos = setup(
        "kamil",
        "",
        "4k5/10/10/10/4P5/3PDP4/4P5/10/10/4K5 w - - 0 1",
    );
    assert_eq!(
        from(&mut pos, "e5"),
        strs(&["e5c5", "e5e3", "e5e7", "e5g5"])
    );
}

#[test]
fn kamil_baidaq_promotes_to_firzan() {
    let mut pos = setup("kamil", "", "r3k5/1P8/10/10/10/10/10/10/10/4K4F w - - 0 1");
    assert_eq!(from(&mut pos, "b9"), strs(&["b9a10f", "b9b10f"]));
}

#[test]
fn kamil_stalemated_player_loses() {
    let mut pos = setup("kamil", "", STALEMATE_10X10);
    assert_eq!(result(&mut pos), Some((WHITE, "stalemate")));
}

#[test]
fn kamil_bare_king_options() {
    let f = "4k5/5R4/10/10/10/10/10/10/10/4K5 b - - 0 1";
    let mut pos = setup("kamil", "", f);
    assert_eq!(result(&mut pos), None);
    play(&mut pos, &["e10f9"]);
    assert_eq!(result(&mut pos), Some((DRAW, "bare king")));
    assert_eq!(
        result(&mut setup("kamil", "bareking=immediate", f)),
        Some((WHITE, "bare king"))
    );
    let f = "4k5/10/10/10/10/10/10/10/10/R3K5 b - - 0 1";
    assert_eq!(
        result(&mut setup("kamil", "", f)),
        Some((WHITE, "bare king"))
    );
}

#[test]
fn kamil_nmove_option() {
    let f = "r3k5/10/10/10/10/10/10/10/10/R3K5 w - - 140 80";
    assert_eq!(result(&mut setup("kamil", "", f)), None);
    assert_eq!(
        result(&mut setup("kamil", "nmove=70", f)),
        Some((DRAW, "move-count rule"))
    );
}

// ---------------------------------------------------------------------------------------------
// kamil2

const KAMIL2_START: &str =
    "rnemkfmenr/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/RNEMKFMENR w - - 0 1";

#[test]
fn kamil2_start_fen_round_trips() {
    round_trip("kamil2", "", KAMIL2_START);
    round_trip(
        "kamil2",
        "arrangement=rank2",
        "rnemkfmenr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNEMKFMENR w - - 0 1",
    );
}

#[test]
fn kamil2_start_perft() {
    // d1 = 10 Baidaqs + Faras b1-d2, i1-g2 + Dabbabahs 3 + 3 + Shah 3 + Firzan 2 + Rukhs 2 = 25
    // (the Fils' targets hold own Baidaqs); d2 = 25 * 25; d3, d4 from Fairy-Stockfish with a
    // variants.ini game of the same men (commoner = Dabbabah, no double step).
    perft_counts("kamil2", "", &[25, 625, 16175, 418609]);
}

#[test]
fn kamil2_make_unmake_restores_fen_and_key() {
    make_unmake("kamil2", "", None, &[], 150, 1);
    make_unmake("kamil2", "arrangement=rank2", None, &[], 150, 2);
    let f = "r3k5/1P5P2/10/10/10/10/10/10/1p5p2/F3K4f w - - 0 1";
    make_unmake("kamil2", "", Some(f), &["b9a10", "b2b1"], 40, 3);
    let o = "surplus=opponent-turn";
    make_unmake(
        "kamil2",
        o,
        Some(f),
        &["b9a10", "a10a10", "e1d1", "b2b1", "b1b1"],
        40,
        4,
    );
}

#[test]
fn kamil2_dabbabah_is_a_non_royal_king_mover() {
    // e6 and f6 are covered by the Rukh on a6
    let mut pos = setup("kamil2", "", "4k5/10/10/10/r9/4M5/10/10/10/4K5 w - - 0 1");
    assert_eq!(
        from(&mut pos, "e5"),
        strs(&[
            "e5d4", "e5d5", "e5d6", "e5e4", "e5e6", "e5f4", "e5f5", "e5f6"
        ])
    );
}

#[test]
fn kamil2_baidaq_promotes_to_firzan_when_its_owner_has_none() {
    let mut pos = setup("kamil2", "", "k9/4P5/10/10/10/10/10/10/10/4K5 w - - 0 1");
    assert_eq!(from(&mut pos, "e9"), strs(&["e9e10f"]));
    // the opponent's Firzan does not matter
    let mut pos = setup("kamil2", "", "k4f4/4P5/10/10/10/10/10/10/10/4K5 w - - 0 1");
    assert_eq!(from(&mut pos, "e9"), strs(&["e9e10f", "e9f10f"]));
}

#[test]
fn kamil2_surplus_baidaq_removed_at_once() {
    let f = "k8r/4P5/10/10/10/10/10/10/10/F3K5 w - - 0 1";
    let mut pos = setup("kamil2", "", f);
    assert_eq!(from(&mut pos, "e9"), strs(&["e9e10"]));
    play(&mut pos, &["e9e10"]);
    assert_eq!(
        fen::to_fen(&pos),
        "k8r/10/10/10/10/10/10/10/10/F3K5 b - - 0 1"
    );
    pos.unmake(pos.st.last);
    assert_eq!(fen::to_fen(&pos), f);
    assert_eq!(pos.st.key, pos.compute_key());
    // with a capture: the captured man and the Baidaq both leave the board
    let mut pos = setup("kamil2", "", "k3r5/3P6/10/10/10/10/10/10/10/F4K4 w - - 0 1");
    assert_eq!(from(&mut pos, "d9"), strs(&["d9d10", "d9e10"]));
    play(&mut pos, &["d9e10"]);
    assert_eq!(
        fen::to_fen(&pos),
        "k9/10/10/10/10/10/10/10/10/F4K4 b - - 0 1"
    );
    // Black's surplus Baidaq
    let mut pos = setup("kamil2", "", "k4f4/10/10/10/10/10/10/10/5p4/K3R5 b - - 0 1");
    assert_eq!(from(&mut pos, "f2"), strs(&["f2e1", "f2f1"]));
}

#[test]
fn kamil2_surplus_removal_judged_after_removal() {
    // f9xe10 would take the Baidaq off e10 and open the j10 Rukh's line to the Shah on a10
    let mut pos = setup("kamil2", "", "K3n4r/5P4/10/10/10/10/10/10/10/F8k w - - 0 1");
    assert_eq!(from(&mut pos, "f9"), strs(&["f9f10"]));
    // promoted, the Firzan stays on e10 and shields the Shah
    let mut pos = setup("kamil2", "", "K3n4r/5P4/10/10/10/10/10/10/10/9k w - - 0 1");
    assert_eq!(from(&mut pos, "f9"), strs(&["f9e10f", "f9f10f"]));
}

#[test]
fn kamil2_surplus_opponent_turn_option() {
    let o = "surplus=opponent-turn";
    let mut pos = setup("kamil2", o, "k9/4P5/10/10/10/10/10/10/10/F3K5 w - - 0 1");
    play(&mut pos, &["e9e10"]);
    assert_eq!(
        fen::to_fen(&pos),
        "k3P5/10/10/10/10/10/10/10/10/F3K5 b - - 0 1"
    );
    // Black's turn consists only of removing it
    assert_eq!(legal(&mut pos), strs(&["e10e10"]));
    play(&mut pos, &["e10e10"]);
    assert_eq!(
        fen::to_fen(&pos),
        "k9/10/10/10/10/10/10/10/10/F3K5 w - - 0 2"
    );
}

#[test]
fn kamil2_stalemate_loses_and_lone_shah_plays_on() {
    assert_eq!(
        result(&mut setup("kamil2", "", STALEMATE_10X10)),
        Some((WHITE, "stalemate"))
    );
    let f = "4k5/10/10/10/10/10/10/10/1R8/R3K5 b - - 0 1";
    assert_eq!(result(&mut setup("kamil2", "", f)), None);
}

#[test]
fn kamil2_nmove_option() {
    let f = "r3k5/10/10/10/10/10/10/10/10/R3K5 w - - 140 80";
    assert_eq!(result(&mut setup("kamil2", "", f)), None);
    assert_eq!(
        result(&mut setup("kamil2", "nmove=70", f)),
        Some((DRAW, "move-count rule"))
    );
}

// ---------------------------------------------------------------------------------------------
// kabir

const KABIR_START: &str =
    "rneacfkgcaenr/13/13/ppppppppppppp/13/13/13/13/13/PPPPPPPPPPPPP/13/13/RNEACGKFCAENR w - - 0 1";
/// Kings out of the way of g7's lines: White b1, Black l13.
fn kabir_with(piece: &str) -> String {
    format!("11k1/13/13/13/13/13/6{piece}6/13/13/13/13/13/1K11 w - - 0 1")
}

#[test]
fn kabir_start_fen_round_trips() {
    round_trip("kabir", "", KABIR_START);
}

#[test]
fn kabir_start_perft() {
    // d1 = 13 pawns + Faras 6 + Fil 4 + Karkaddan 16 + Ahu 4 + Great Ferz 6 (f1-e2 then b2/a2;
    // f1-g2 then j2..m2) + Firzan 2 + Shah 3 + Rukh 4 = 58; d2 = 58 * 58 (the armies cannot
    // meet in two plies); d3 from the independent generator.
    perft_counts("kabir", "", &[58, 3364, 194124]);
    // giraffe=min2: the Great Ferz also reaches c2 (e2, then 2 cells) and i2 = 60
    perft_counts("kabir", "giraffe=min2", &[60, 3600, 214018]);
}

#[test]
fn kabir_make_unmake_restores_fen_and_key() {
    make_unmake("kabir", "", None, &[], 200, 1);
    make_unmake("kabir", "giraffe=min2", None, &[], 200, 2);
}

#[test]
fn kabir_great_ferz_bent_rider() {
    let mut pos = setup("kabir", "", &kabir_with("G"));
    let expected = [
        "g7k8", "g7l8", "g7m8", "g7h11", "g7h12", "g7h13", // via h8
        "g7c8", "g7b8", "g7a8", "g7f11", "g7f12", "g7f13", // via f8
        "g7k6", "g7l6", "g7m6", "g7h3", "g7h2", "g7h1", // via h6
        "g7c6", "g7b6", "g7a6", "g7f3", "g7f2", "g7f1", // via f6
    ];
    assert_eq!(from(&mut pos, "g7"), strs(&expected));
    let mut pos = setup("kabir", "giraffe=min2", &kabir_with("G"));
    assert_eq!(from(&mut pos, "g7").len(), 32);
    assert!(from(&mut pos, "g7").contains(&"g7j8".to_string()));
}

#[test]
fn kabir_great_ferz_blocked_and_capturing() {
    // own man on the diagonal step f8: nothing through it; enemy on h10 (2nd cell of the h-leg):
    // not a destination under min3, and it blocks; enemy on k6 (3rd cell): captured there.
    let f = "11k1/13/13/7p5/13/5P7/6G6/10p2/13/13/13/13/1K11 w - - 0 1";
    let mut pos = setup("kabir", "", f);
    let got = from(&mut pos, "g7");
    assert!(!got.iter().any(|m| m == "g7c8" || m == "g7f11"));
    assert!(!got.iter().any(|m| m.starts_with("g7h1") && m.len() == 5));
    assert!(got.contains(&"g7k8".to_string()));
    assert!(got.contains(&"g7k6".to_string()) && !got.contains(&"g7l6".to_string()));
    assert_eq!(got.len(), 24 - 6 - 3 - 2);
    let mut pos = setup("kabir", "giraffe=min2", f);
    assert!(from(&mut pos, "g7").contains(&"g7h10".to_string()));
}

#[test]
fn kabir_great_ferz_gives_check_along_its_path() {
    let f = "13/13/7k5/13/13/13/6G6/13/13/13/13/13/1K11 b - - 0 1";
    assert!(setup("kabir", "", f).in_check());
    // the diagonal step cell must be empty
    let f = "13/13/7k5/13/13/7P5/6G6/13/13/13/13/13/1K11 b - - 0 1";
    assert!(!setup("kabir", "", f).in_check());
    // min3: a king two cells up the leg is not attacked
    let f = "13/13/13/7k5/13/13/6G6/13/13/13/13/13/1K11 b - - 0 1";
    assert!(!setup("kabir", "", f).in_check());
    assert!(setup("kabir", "giraffe=min2", f).in_check());
}

#[test]
fn kabir_karkaddan_moves_as_bishop_and_knight() {
    let mut pos = setup("kabir", "", &kabir_with("A"));
    // 4 diagonals of 6 cells from the centre + 8 knight leaps
    assert_eq!(from(&mut pos, "g7").len(), 32);
    assert!(from(&mut pos, "g7").contains(&"g7a13".to_string()));
    assert!(from(&mut pos, "g7").contains(&"g7h9".to_string()));
}

#[test]
fn kabir_ahu_camel_leap() {
    let mut pos = setup("kabir", "", &kabir_with("C"));
    assert_eq!(
        from(&mut pos, "g7"),
        strs(&[
            "g7d6", "g7d8", "g7f10", "g7f4", "g7h10", "g7h4", "g7j6", "g7j8"
        ])
    );
}

#[test]
fn kabir_baidaq_promotes_to_firzan() {
    let mut pos = setup(
        "kabir",
        "",
        "11k1/2P10/13/13/13/13/13/13/13/13/13/13/1K11 w - - 0 1",
    );
    assert_eq!(from(&mut pos, "c12"), strs(&["c12c13f"]));
}

#[test]
fn kabir_stalemate_options() {
    let f = "k12/2K10/1F11/13/13/13/13/13/13/7p5/7P5/13/13 b - - 0 1";
    assert_eq!(
        result(&mut setup("kabir", "", f)),
        Some((WHITE, "stalemate"))
    );
    assert_eq!(
        result(&mut setup("kabir", "stalemate=draw", f)),
        Some((DRAW, "stalemate"))
    );
}

#[test]
fn kabir_bare_king_options() {
    let f = "6k6/13/13/13/13/13/13/13/13/13/13/13/R5K6 b - - 0 1";
    assert_eq!(
        result(&mut setup("kabir", "", f)),
        Some((WHITE, "bare king"))
    );
    assert_eq!(result(&mut setup("kabir", "bareking=off", f)), None);
}
