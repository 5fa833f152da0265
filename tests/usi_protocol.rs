//! The USI protocol, driven line by line through the binary: handshake (`chatrang usi`, and a
//! first command `usi` in the default loop), SFEN round trips with a drop and a promotion, search
//! output in USI notation, byoyomi, ponder/stop, `resign`, errors that keep the state.

mod common;

use common::session::{Engine, bestmove};
use std::time::Instant;

/// USI requests on top of the shared engine session.
trait Usi {
    /// The SFEN the engine reports for its current position (`d`).
    fn sfen(&mut self) -> String;
    /// The `usi` handshake: the lines up to `usiok`.
    fn usi(&mut self) -> Vec<String>;
}

impl Usi for Engine {
    fn sfen(&mut self) -> String {
        self.send("d");
        let l = self.until("Sfen:", 5000);
        l.last().unwrap()["Sfen: ".len()..].to_string()
    }

    fn usi(&mut self) -> Vec<String> {
        self.send("usi");
        self.until("usiok", 5000)
    }
}

/// A USI move: `7g7f`, `8h2b+`, `P*5e`.
fn is_usi_move(s: &str) -> bool {
    let b = s.as_bytes();
    let sq = |i: usize| {
        b.get(i).is_some_and(|c| (b'1'..=b'9').contains(c))
            && b.get(i + 1).is_some_and(|c| (b'a'..=b'i').contains(c))
    };
    if b.len() == 4 && b[0].is_ascii_uppercase() && b[1] == b'*' {
        return sq(2);
    }
    (b.len() == 4 || (b.len() == 5 && b[4] == b'+')) && sq(0) && sq(2)
}

const START_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

#[test]
fn usi_handshake_options_and_ready() {
    let mut e = Engine::start(&["usi"]);
    let l = e.usi();
    assert_eq!(l[0], "id name chatrang");
    assert!(l[1].starts_with("id author "));
    for opt in ["USI_Hash", "USI_Ponder", "Threads", "MultiPV", "Variant"] {
        assert!(
            l.iter()
                .any(|x| x.starts_with(&format!("option name {opt} type "))),
            "{opt}: {l:?}"
        );
    }
    let variant = l
        .iter()
        .find(|x| x.starts_with("option name Variant "))
        .unwrap();
    assert!(variant.contains("default shogi"), "{variant}");
    e.send("setoption name USI_Hash value 32");
    e.send("setoption name USI_Ponder value true");
    e.send("isready");
    assert_eq!(e.until("readyok", 5000), vec!["readyok"]);
    e.send("usinewgame");
    assert_eq!(e.sfen(), START_SFEN);
}

#[test]
fn first_command_usi_switches_the_default_loop_to_usi() {
    let mut e = Engine::start(&[]);
    let l = e.usi();
    assert!(l.iter().any(|x| x.starts_with("option name USI_Hash")));
    e.send("position startpos moves 7g7f");
    e.send("go depth 2");
    let l = e.until("bestmove", 10000);
    assert!(is_usi_move(&bestmove(&l)), "{l:?}");
}

#[test]
fn sfen_round_trip_with_promotion_capture_and_drop() {
    let mut e = Engine::start(&["usi"]);
    e.usi();
    // Bishop takes bishop promoting (8h2b+), silver retakes the horse, sente drops the bishop.
    e.send("position startpos moves 7g7f 3c3d 8h2b+");
    let promoted = e.sfen();
    assert_eq!(
        promoted,
        "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4"
    );
    e.send("position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e");
    let dropped = e.sfen();
    assert_eq!(
        dropped,
        "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6"
    );
    // Both read back as they were written, and moves continue from them.
    for s in [&promoted, &dropped] {
        e.send(&format!("position sfen {s}"));
        assert_eq!(&e.sfen(), s);
    }
    e.send(&format!("position sfen {promoted} moves 3a2b B*4e"));
    assert_eq!(e.sfen(), dropped);
    // Counts in hands: two pawns each side.
    let s = "lnsgkgsnl/1r5b1/p1ppppp1p/9/9/9/P1PPPPP1P/1B5R1/LNSGKGSNL b 2P2p 1";
    e.send(&format!("position sfen {s} moves P*8e"));
    assert_eq!(
        e.sfen(),
        "lnsgkgsnl/1r5b1/p1ppppp1p/9/1P7/9/P1PPPPP1P/1B5R1/LNSGKGSNL w P2p 2"
    );
    // Nifu: no second pawn on file 5.
    e.send(&format!("position sfen {s} moves P*5e"));
    assert_eq!(
        e.until("info string", 5000),
        vec!["info string error: illegal move 'P*5e'"]
    );
}

#[test]
fn drop_mate_in_one_is_found_in_usi_notation() {
    let mut e = Engine::start(&["usi"]);
    e.usi();
    // Gote's king on 5a, sente's pawn on 5c: a gold dropped on 5b mates.
    e.send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    e.send("go depth 3");
    let l = e.until("bestmove", 10000);
    assert_eq!(bestmove(&l), "G*5b", "{l:?}");
    assert!(
        l.iter().any(|x| x.contains(" score mate 1 ")),
        "mate in plies: {l:?}"
    );
    for x in l.iter().filter(|x| x.starts_with("info depth")) {
        let pv = x.split(" pv ").nth(1).unwrap();
        assert!(pv.split_whitespace().all(is_usi_move), "{x}");
    }
}

#[test]
fn searchmoves_in_usi_notation_leave_the_mate_out() {
    let mut e = Engine::start(&["usi"]);
    e.usi();
    e.send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    e.send("go depth 3 searchmoves 5i5h G*4b");
    let l = e.until("bestmove", 10000);
    assert!(["5i5h", "G*4b"].contains(&bestmove(&l).as_str()), "{l:?}");
    e.send("go depth 3 searchmoves 5i5g");
    assert_eq!(
        e.until("info string", 5000),
        vec!["info string error: go searchmoves: illegal move '5i5g'"]
    );
}

#[test]
fn mated_side_resigns() {
    let mut e = Engine::start(&["usi"]);
    e.usi();
    e.send("position sfen 4k4/4G4/4P4/9/9/9/9/9/4K4 w - 2");
    e.send("go byoyomi 1000");
    assert_eq!(e.until("bestmove", 5000), vec!["bestmove resign"]);
}

#[test]
fn impasse_declaration_answers_win() {
    let mut e = Engine::start(&["usi"]);
    e.usi();
    // Sente's king in the camp, ten men there (rook 5 + nine pawns) and 28 points with the
    // hand: under `impasse=27` sente declares the win.
    let s = "R8/4K4/PPPPPPPPP/9/9/9/9/9/8k b B4G4SL 1";
    e.send("setoption name VariantOptions value impasse=27");
    e.send(&format!("position sfen {s}"));
    e.send("go byoyomi 1000");
    assert_eq!(e.until("bestmove", 5000), vec!["bestmove win"]);
    // Without the rule the game goes on.
    e.send("setoption name VariantOptions value <empty>");
    e.send(&format!("position sfen {s}"));
    e.send("go depth 1");
    let l = e.until("bestmove", 5000);
    assert!(is_usi_move(&bestmove(&l)), "{l:?}");
}

#[test]
fn byoyomi_is_respected() {
    let mut e = Engine::start(&["usi"]);
    e.usi();
    e.send("isready");
    e.until("readyok", 5000);
    e.send("position startpos moves 7g7f 3c3d");
    let t = Instant::now();
    e.send("go btime 0 wtime 0 byoyomi 700");
    let l = e.until("bestmove", 5000);
    let ms = t.elapsed().as_millis();
    assert!(ms < 700, "took {ms} ms for a 700 ms byoyomi");
    assert!(is_usi_move(&bestmove(&l)), "{l:?}");
    // A little main time left plus byoyomi (sente's clock is btime): still well inside.
    let t = Instant::now();
    e.send("go btime 1000 wtime 100000 byoyomi 300 binc 0 winc 0");
    let l = e.until("bestmove", 5000);
    assert!(t.elapsed().as_millis() < 1300);
    assert!(is_usi_move(&bestmove(&l)), "{l:?}");
}

#[test]
fn ponder_ponderhit_infinite_stop_gameover() {
    let mut e = Engine::start(&["usi"]);
    e.usi();
    e.send("position startpos moves 7g7f 3c3d");
    e.send("go ponder btime 0 wtime 0 byoyomi 200");
    e.quiet(400, |l| l.starts_with("info"));
    e.send("ponderhit");
    let l = e.until("bestmove", 5000);
    assert!(is_usi_move(&bestmove(&l)));
    e.send("go infinite");
    e.quiet(300, |l| l.starts_with("info"));
    e.send("stop");
    let l = e.until("bestmove", 5000);
    assert!(is_usi_move(&bestmove(&l)));
    e.send("gameover win");
    e.send("usinewgame");
    e.send("isready");
    assert_eq!(e.until("readyok", 5000), vec!["readyok"]);
}

#[test]
fn errors_keep_the_previous_state() {
    let mut e = Engine::start(&["usi"]);
    e.usi();
    e.send("position startpos moves 7g7f");
    let before = e.sfen();
    for (cmd, err) in [
        (
            "frobnicate",
            "info string error: unknown command 'frobnicate'",
        ),
        (
            "position startpos moves 7g7f 7g7f",
            "info string error: illegal move '7g7f'",
        ),
        (
            "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1",
            "info string error: bad SFEN side 'x'",
        ),
        (
            "position sfen lnsgkgsnl/1r5b1 b - 1",
            "info string error: expected 9 ranks, found 2",
        ),
        (
            "position sfen 4k4/9/9/9/9/9/9/9/4K4 b 2Q 1",
            "info string error: unknown piece 'Q' in SFEN hand",
        ),
        (
            "go depth x",
            "info string error: bad value 'x' for go depth",
        ),
        ("go byoyomi", "info string error: go byoyomi needs a value"),
        (
            "setoption name Nonsense value 3",
            "info string error: unknown option 'Nonsense'",
        ),
    ] {
        e.send(cmd);
        assert_eq!(e.until("info string", 5000), vec![err.to_string()], "{cmd}");
    }
    assert_eq!(e.sfen(), before);
    // Chess-style promotion letters are not USI: `+` only.
    e.send("position startpos moves 7g7f 3c3d 8h2bq");
    assert_eq!(
        e.until("info string", 5000),
        vec!["info string error: illegal move '8h2bq'"]
    );
}

#[test]
fn tsuishogi_through_the_variant_option() {
    let mut e = Engine::start(&["usi"]);
    e.usi();
    e.send("setoption name Variant value tsuishogi");
    // 12x12: files 12..1 from the left, ranks a..l from the top; White's a4-a5 is 12i12h.
    e.send("position startpos moves 12i12h");
    assert_eq!(
        e.sfen(),
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4x3/12/12/P2X4I3/\
         1PPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - 2"
    );
    e.send("go depth 2");
    let l = e.until("bestmove", 10000);
    let m = bestmove(&l);
    assert!(m.len() >= 4 && m.as_bytes()[0].is_ascii_digit(), "{l:?}");
}

#[test]
fn sittuyin_setup_placements_are_written_and_read_as_drops() {
    // Sittuyin over USI: its setup moves place men from the hand, so they read as drops.
    let mut e = Engine::start(&["usi"]);
    e.usi();
    e.send("setoption name Variant value sittuyin");
    let before = e.sfen();
    e.send("go depth 2");
    let l = e.until("bestmove", 10000);
    let m = bestmove(&l);
    assert!(is_usi_move(&m) && m.as_bytes()[1] == b'*', "{l:?}");
    e.send(&format!("position startpos moves {m}"));
    let after = e.sfen();
    // The board changed (a placement on an own pawn sends the pawn to the hand), and the other
    // side is to move.
    let side = |s: &str| s.split(' ').nth(1).unwrap().to_string();
    assert_eq!(
        (side(&before), side(&after)),
        ("b".into(), "w".into()),
        "{after}"
    );
    assert_ne!(after.split(' ').next(), before.split(' ').next(), "{after}");
}

#[test]
fn uci_still_plays_shogi_in_fairy_stockfish_notation() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    e.until("uciok", 5000);
    e.send("setoption name UCI_Variant value shogi");
    e.send("position startpos moves c3c4 g7g6 b2h8+");
    e.send("go depth 3");
    let l = e.until("bestmove", 10000);
    let m = bestmove(&l);
    assert!(!is_usi_move(&m) && m.len() >= 4, "{l:?}");
}
