//! The UCI protocol, driven line by line through the binary: search output, `stop`, `ponder` /
//! `ponderhit`, MultiPV, `go perft`, and errors for bad input.

mod common;

use common::session::{Engine, bestmove, first_pv_move, lines_at_depth};
use std::time::{Duration, Instant};

#[test]
fn handshake_and_errors() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    let l = e.until("uciok", 5000);
    assert_eq!(l[0], "id name chatrang");
    for opt in [
        "Hash",
        "Threads",
        "MultiPV",
        "Ponder",
        "Clear Hash",
        "UCI_Variant",
    ] {
        assert!(
            l.iter()
                .any(|x| x.starts_with(&format!("option name {opt} "))),
            "{opt}"
        );
    }
    e.send("isready");
    assert_eq!(e.until("readyok", 5000), vec!["readyok"]);
    e.send("frobnicate");
    assert_eq!(
        e.until("info string", 5000),
        vec!["info string error: unknown command 'frobnicate'"]
    );
    e.send("position startpos moves e2e5");
    assert_eq!(
        e.until("info string", 5000),
        vec!["info string error: illegal move 'e2e5'"]
    );
    e.send("go depth x");
    assert_eq!(
        e.until("info string", 5000),
        vec!["info string error: bad value 'x' for go depth"]
    );
    refused(&mut e, "Threads", "0", "Threads must be at least 1");
    refused(&mut e, "Hash", "abc", "bad Hash value 'abc'");
    refused(&mut e, "Hash", "0", "Hash must be at least 1");
    // The engine still searches with the table it had.
    e.send("go depth 2");
    assert_eq!(bestmove(&e.until("bestmove", 10000)).len(), 4);
}

#[test]
fn go_depth_prints_info_then_a_legal_bestmove() {
    let mut e = Engine::start(&[]);
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.send("go depth 6");
    let l = e.until("bestmove", 20000);
    let infos: Vec<&String> = l.iter().filter(|x| x.starts_with("info depth")).collect();
    assert_eq!(infos.len(), 6, "{l:?}");
    for (i, x) in infos.iter().enumerate() {
        let w: Vec<&str> = x.split_whitespace().collect();
        assert_eq!(w[2], (i + 1).to_string());
        for key in [
            "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time", "pv",
        ] {
            assert!(w.contains(&key), "{key} missing in {x}");
        }
        assert!(x.contains(" score cp ") || x.contains(" score mate "));
    }
    let bm = bestmove(&l);
    let v = chatrang::variants::build("chess", "").unwrap();
    let mut pos = chatrang::fen::parse(&v, &v.start_fen).unwrap();
    for m in ["e2e4", "e7e5", "g1f3"] {
        let m = chatrang::notation::parse_move(&mut pos, m).unwrap();
        pos.make(m);
    }
    assert!(
        chatrang::notation::parse_move(&mut pos, &bm).is_ok(),
        "illegal {bm}"
    );
    // The bestmove is the first move of the last pv.
    assert!(infos.last().unwrap().contains(&format!(" pv {bm}")));
}

#[test]
fn go_perft_output_is_unchanged() {
    let mut e = Engine::start(&[]);
    e.send("position startpos");
    e.send("go perft 2");
    let l = e.until("Nodes searched", 20000);
    assert_eq!(l.len(), 22);
    assert_eq!(l[0], "a2a3: 20");
    assert_eq!(l[20], "");
    assert_eq!(l[21], "Nodes searched: 400");
}

#[test]
fn infinite_search_waits_for_stop() {
    let mut e = Engine::start(&[]);
    e.send("position startpos");
    e.send("go infinite");
    e.quiet(400, |l| l.starts_with("info "));
    e.send("isready");
    e.until("readyok", 2000);
    let t = Instant::now();
    e.send("stop");
    let l = e.until("bestmove", 2000);
    assert!(t.elapsed() < Duration::from_millis(1500));
    assert!(l.last().unwrap().starts_with("bestmove "));
}

#[test]
fn ponder_then_ponderhit_plays_on_the_clock() {
    let mut e = Engine::start(&[]);
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 2000 btime 2000 winc 0 binc 0");
    // While pondering, no bestmove even past the time this move would get.
    e.quiet(600, |l| l.starts_with("info "));
    let t = Instant::now();
    e.send("ponderhit");
    let l = e.until("bestmove", 3000);
    assert!(
        t.elapsed() < Duration::from_millis(1500),
        "took {:?}",
        t.elapsed()
    );
    assert!(l.last().unwrap().starts_with("bestmove "));
}

#[test]
fn ponder_then_stop_answers_at_once() {
    let mut e = Engine::start(&[]);
    e.send("position startpos");
    e.send("go ponder wtime 100000 btime 100000");
    e.quiet(300, |l| l.starts_with("info "));
    e.send("stop");
    let l = e.until("bestmove", 2000);
    assert!(l.last().unwrap().starts_with("bestmove "));
    // A new search right after works.
    e.send("position startpos moves d2d4");
    e.send("go movetime 200");
    let t = Instant::now();
    e.until("bestmove", 3000);
    assert!(
        t.elapsed() < Duration::from_millis(1200),
        "movetime 200 took {:?}",
        t.elapsed()
    );
}

#[test]
fn multipv_reports_distinct_lines() {
    let mut e = Engine::start(&[]);
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 4");
    let l = e.until("bestmove", 20000);
    let last = lines_at_depth(&l, 4);
    assert_eq!(last.len(), 3, "{l:?}");
    let firsts: Vec<&str> = last.iter().map(|x| first_pv_move(x)).collect();
    for (k, x) in last.iter().enumerate() {
        assert!(x.contains(&format!(" multipv {} ", k + 1)));
    }
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    assert_eq!(bestmove(&l), firsts[0]);
}

#[test]
fn multipv_with_threads_reports_every_line_of_the_requested_depth() {
    // Helpers run ahead of the main thread; under MultiPV the lines come from the main thread,
    // so a helper reaching the depth first must not end the search before they are shown.
    let mut e = Engine::start(&[]);
    e.send("setoption name Threads value 2");
    e.send("setoption name MultiPV value 3");
    for moves in [
        "",
        " moves e2e4",
        " moves d2d4 d7d5",
        " moves g1f3 g8f6 c2c4",
    ] {
        e.send("ucinewgame");
        e.send(&format!("position startpos{moves}"));
        e.send("go depth 7");
        let l = e.until("bestmove", 60000);
        let last = lines_at_depth(&l, 7);
        let pvs: Vec<&str> = last
            .iter()
            .filter_map(|x| x.split(" multipv ").nth(1))
            .collect();
        assert!(
            (1..=3).all(|k| pvs.iter().any(|x| x.starts_with(&format!("{k} ")))),
            "{moves}: {l:?}"
        );
        assert_eq!(bestmove(&l), first_pv_move(last[0]), "{moves}");
    }
}

#[test]
fn mate_search_and_mate_scores() {
    let mut e = Engine::start(&[]);
    e.send("position fen r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1");
    e.send("go mate 3");
    let l = e.until("bestmove", 20000);
    assert!(l.iter().any(|x| x.contains(" score mate 3 ")), "{l:?}");
    assert_eq!(bestmove(&l), "f6a6");
}

#[test]
fn no_legal_move_answers_none() {
    let mut e = Engine::start(&[]);
    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go depth 3");
    assert_eq!(e.until("bestmove", 5000).last().unwrap(), "bestmove (none)");
}

#[test]
fn fast_clock_never_flags() {
    // 1 s + 10 ms per move: each move must come back well inside the clock.
    let mut e = Engine::start(&[]);
    let mut moves: Vec<String> = Vec::new();
    let mut clock: i64 = 1000;
    for _ in 0..30 {
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        e.send(&format!("go wtime {clock} btime {clock} winc 10 binc 10"));
        let t = Instant::now();
        let l = e.until("bestmove", 5000);
        let used = t.elapsed().as_millis() as i64;
        clock = clock - used + 10;
        assert!(clock > 0, "flagged: {used} ms used");
        assert!(used < 400, "one move took {used} ms");
        let bm = bestmove(&l);
        if bm == "(none)" {
            break;
        }
        moves.push(bm);
    }
    assert!(clock > 100, "too little time left: {clock} ms");
}

#[test]
fn variant_switch_and_search() {
    let mut e = Engine::start(&[]);
    e.send("setoption name UCI_Variant value chess");
    e.send("position startpos");
    e.send("go nodes 3000");
    let l = e.until("bestmove", 10000);
    assert!(bestmove(&l).len() >= 4);
}

#[test]
fn variant_options_sent_before_the_variant_apply_to_it() {
    let mut e = Engine::start(&[]);
    e.send("debug off");
    e.send("setoption name VariantOptions value castling=three");
    // Not an option of chess but of another game: a note (not an error), kept for the next
    // UCI_Variant.
    let l = e.until("info string", 5000);
    assert!(
        l[0].starts_with("info string VariantOptions kept for a later UCI_Variant"),
        "{l:?}"
    );
    // Options no game knows are an error.
    e.send("setoption name VariantOptions value nosuchoption=1");
    let l = e.until("info string", 5000);
    assert!(l[0].starts_with("info string error: "), "{l:?}");
    e.send("setoption name VariantOptions value castling=three");
    let _ = e.until("info string", 5000);
    e.send("setoption name UCI_Variant value capablanca");
    e.send("position fen r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1 moves f1i1");
    e.send("d");
    let l = e.until("Variant:", 5000);
    assert!(
        l.iter().all(|x| !x.starts_with("info string error")),
        "{l:?}"
    );
    assert!(l.last().unwrap().contains("castling=three"), "{l:?}");
    // A GUI sets the variant again before the next game: the options stay.
    e.send("ucinewgame");
    e.send("setoption name UCI_Variant value capablanca");
    e.send("position fen r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1 moves f1c1");
    e.send("d");
    let l = e.until("Variant:", 5000);
    assert!(
        l.iter().all(|x| !x.starts_with("info string error")),
        "{l:?}"
    );
    assert!(l.last().unwrap().contains("castling=three"), "{l:?}");
}

#[test]
fn fairy_stockfish_alias_makruk_is_thai_without_first_moves() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    let l = e.until("uciok", 5000);
    assert!(l.iter().any(|x| x.contains(" var makruk")), "{l:?}");
    e.send("setoption name UCI_Variant value makruk");
    e.send("position startpos");
    e.send("go perft 2");
    // Makruk's published start counts: 23 moves, 529 at depth 2.
    let l = e.until("Nodes searched", 10000);
    assert_eq!(l.last().unwrap(), "Nodes searched: 529");
    assert_eq!(l.len(), 23 + 2, "{l:?}");
}

/// The `eval` command's answer: its `info string eval` line.
fn eval(e: &mut Engine) -> String {
    e.send("eval");
    e.until("info string eval", 5000).last().unwrap().clone()
}

/// `EvalWeights` lays weights over the game's own: the evaluation follows them, a bad name or
/// value is an error that keeps the last setting, and `<empty>` restores the game's weights.
/// (They weigh the hand-made terms, so chess's net is switched off first.)
#[test]
fn eval_weights_option_changes_the_evaluation_and_rejects_bad_input() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    let l = e.until("uciok", 5000);
    assert!(
        l.iter()
            .any(|x| x == "option name EvalWeights type string default <empty>")
    );
    e.send("setoption name UseNNUE value false");
    e.send("position startpos moves e2e4");
    let own = eval(&mut e);
    e.send("setoption name EvalWeights value tempo=537");
    let raised = eval(&mut e);
    assert_ne!(own, raised);
    e.send("setoption name EvalWeights value nosuchweight=1");
    assert_eq!(
        e.until("info string error", 5000).last().unwrap(),
        "info string error: no weight named nosuchweight"
    );
    e.send("setoption name EvalWeights value tempo=many");
    assert_eq!(
        e.until("info string error", 5000).last().unwrap(),
        "info string error: tempo=many: the value is not an integer"
    );
    assert_eq!(eval(&mut e), raised);
    e.send("setoption name EvalWeights value <empty>");
    assert_eq!(eval(&mut e), own);
}

/// The `net_terms` weight mixes the hand-made terms into a net's score by its share: all of it at
/// 1000, half at 500.
#[test]
fn net_terms_weight_mixes_the_terms_into_the_nets_score() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    e.until("uciok", 5000);
    // "info string eval N (side to move)": N.
    let score =
        |e: &mut Engine| -> i32 { eval(e).split_whitespace().nth(3).unwrap().parse().unwrap() };
    e.send("position startpos moves e2e4 g8f6 b1c3");
    let net = score(&mut e);
    e.send("setoption name UseNNUE value false");
    let terms = score(&mut e);
    assert_ne!(net, terms);
    e.send("setoption name UseNNUE value true");
    e.send("setoption name EvalWeights value net_terms=1000");
    assert_eq!(score(&mut e), terms);
    e.send("setoption name EvalWeights value net_terms=500");
    assert_eq!(score(&mut e), (net * 500 + terms * 500) / 1000);
}

/// Weights set while chess's net evaluates would change almost nothing unannounced: the engine
/// says so; on the terms (`UseNNUE false`) they are taken without a note.
#[test]
fn eval_weights_under_a_net_are_announced() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    e.until("uciok", 5000);
    e.send("setoption name EvalWeights value tempo=40");
    e.send("isready");
    assert_eq!(
        e.until("readyok", 5000),
        vec![
            "info string EvalWeights: this game evaluates with its net, which leaves the weighted \
             terms bare royal men and their net_terms share (UseNNUE false plays on the terms)",
            "readyok"
        ]
    );
    e.send("setoption name UseNNUE value false");
    e.send("setoption name EvalWeights value tempo=40");
    e.send("isready");
    assert_eq!(e.until("readyok", 5000), vec!["readyok"]);
}

#[test]
fn threads_beyond_four_per_core_are_capped_and_a_timed_search_still_ends() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    e.until("uciok", 5000);
    e.send("setoption name Threads value 1024");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let cap = (4 * cores).min(1024);
    if cap < 1024 {
        assert_eq!(
            e.until("info string", 5000),
            vec![format!(
                "info string Threads 1024: using {cap}, four per core of this machine"
            )]
        );
    }
    e.send("go movetime 100");
    let l = e.until("bestmove", 20000);
    assert_eq!(bestmove(&l).len(), 4, "{l:?}");
}

#[test]
fn searchmoves_limits_the_root_moves_and_rejects_illegal_ones() {
    let mut e = Engine::start(&[]);
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    // Neither move is one a search of the whole list would choose.
    e.send("go depth 5 searchmoves a2a3 h2h3 a2a3");
    let l = e.until("bestmove", 20000);
    let lines = lines_at_depth(&l, 5);
    assert_eq!(lines.len(), 2, "{l:?}");
    for x in &lines {
        assert!(["a2a3", "h2h3"].contains(&first_pv_move(x)), "{x}");
    }
    assert!(["a2a3", "h2h3"].contains(&bestmove(&l).as_str()), "{l:?}");
    e.send("go depth 3 searchmoves e2e4 e2e5");
    assert_eq!(
        e.until("info string", 5000),
        vec!["info string error: go searchmoves: illegal move 'e2e5'"]
    );
    // Without searchmoves every move is searched again.
    e.send("setoption name MultiPV value 1");
    e.send("go depth 5");
    let bm = bestmove(&e.until("bestmove", 20000));
    assert!(!["a2a3", "h2h3"].contains(&bm.as_str()), "{bm}");
}

/// A single root move under `go movetime` still gets its time, as in Stockfish: only a clock
/// lets the search stop early on it (once at depth 4).
#[test]
fn movetime_with_one_root_move_searches_past_depth_four() {
    let mut e = Engine::start(&[]);
    e.send("position startpos");
    e.send("go movetime 500 searchmoves e2e4");
    let l = e.until("bestmove", 5000);
    assert_eq!(bestmove(&l), "e2e4");
    assert!(!lines_at_depth(&l, 7).is_empty(), "{l:?}");
}

/// `debug on`: the search's tree shape comes on one line before `bestmove`, its node counts by
/// remaining depth adding up to the nodes searched; `debug off` ends it; other words are errors.
#[test]
fn debug_on_prints_the_tree_shape_before_bestmove() {
    let mut e = Engine::start(&[]);
    e.send("debug on");
    e.send("position startpos moves e2e4 e7e5");
    e.send("go depth 7");
    let l = e.until("bestmove", 20000);
    let n = l.len();
    assert!(l[n - 2].starts_with("info string tree nodes "), "{l:?}");
    let w: Vec<&str> = l[n - 2].split_whitespace().collect();
    let cuts = w.iter().position(|&x| x == "cuts").unwrap();
    let by_depth: Vec<u64> = w[4..cuts].iter().map(|x| x.parse().unwrap()).collect();
    // The root's 7 plies, then each ply deeper: nodes at 0 (quiescence) to 7 at least.
    assert!(by_depth.len() >= 8, "{by_depth:?}");
    let last_info: Vec<&str> = lines_at_depth(&l, 7)
        .last()
        .unwrap()
        .split_whitespace()
        .collect();
    assert_eq!(
        by_depth.iter().sum::<u64>(),
        value_after(&last_info, "nodes")
    );
    let count = |k: &str| value_after(&w, k);
    assert!(count("cuts") >= count("first") && count("first") > 0);
    assert!(count("quietmoves") >= count("quiet") && count("quiet") > 0);

    e.send("debug sometimes");
    assert_eq!(
        e.until("info string", 5000),
        vec!["info string error: debug takes on or off, not 'sometimes'"]
    );
    // Still on after the bad command; off ends it.
    e.send("go depth 2");
    let l = e.until("bestmove", 10000);
    assert!(
        l[l.len() - 2].starts_with("info string tree nodes "),
        "{l:?}"
    );
    e.send("debug off");
    e.send("go depth 2");
    let l = e.until("bestmove", 10000);
    assert!(l.iter().all(|x| !x.starts_with("info string")), "{l:?}");
}

/// The number after the word `key` in a line's words.
fn value_after(words: &[&str], key: &str) -> u64 {
    let i = words.iter().position(|&x| x == key).unwrap();
    words[i + 1].parse().unwrap()
}

/// Sets option `name` to `value` and expects exactly `info string error: <error>` back.
fn refused(e: &mut Engine, name: &str, value: &str, error: &str) {
    e.send(&format!("setoption name {name} value {value}"));
    assert_eq!(
        e.until("info string", 5000),
        vec![format!("info string error: {error}")]
    );
}

/// Nodes of the last `info depth` line of a `go depth` search from the start position, the
/// tables cleared first so each search is the same tree.
fn nodes_to_depth(e: &mut Engine, depth: u32) -> u64 {
    e.send("ucinewgame");
    e.send("position startpos");
    e.send(&format!("go depth {depth}"));
    let l = e.until("bestmove", 30000);
    let last = l.iter().rfind(|x| x.starts_with("info depth")).unwrap();
    let w: Vec<&str> = last.split_whitespace().collect();
    let i = w.iter().position(|x| *x == "nodes").unwrap();
    w[i + 1].parse().unwrap()
}

#[test]
fn search_params_move_the_search_and_bad_ones_keep_the_last_setting() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    let l = e.until("uciok", 5000);
    assert!(l.contains(&"option name SearchParams type string default <empty>".to_string()));
    let own = nodes_to_depth(&mut e, 8);
    e.send("setoption name SearchParams value rfp_margin=200 lmr_div=300");
    let other = nodes_to_depth(&mut e, 8);
    assert_ne!(own, other, "other margins, another tree");
    for (value, error) in [
        ("rfp_margin=10", "rfp_margin=10: rfp_margin takes 20 to 300"),
        ("no_such=4", "no search parameter named no_such"),
        ("lmr_div=x", "lmr_div=x: the value is not an integer"),
    ] {
        refused(&mut e, "SearchParams", value, error);
    }
    assert_eq!(
        nodes_to_depth(&mut e, 8),
        other,
        "the last good setting stays"
    );
    e.send("setoption name SearchParams value <empty>");
    assert_eq!(
        nodes_to_depth(&mut e, 8),
        own,
        "<empty>: the engine's own margins"
    );
}

/// A net of pseudo-random weights for chess, written to a file of the test's own.
fn random_chess_net(path: &std::path::Path) -> chatrang::eval::nnue::Network {
    use chatrang::eval::nnue::{HIDDEN, Network};
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = |a: f32| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        ((x >> 40) as f32 / (1u64 << 24) as f32 - 0.5) * a
    };
    let ft: Vec<f32> = (0..768 * HIDDEN).map(|_| next(0.2)).collect();
    let bias: Vec<f32> = (0..HIDDEN).map(|_| 0.3 + next(0.2)).collect();
    let out: Vec<f32> = (0..2 * HIDDEN).map(|_| next(1.0)).collect();
    let net = Network::quantise("chess", 6, 64, &[], &ft, &bias, &out, &[0.2]);
    std::fs::write(path, net.to_bytes()).unwrap();
    net
}

/// `UseNNUE` and `EvalFile` choose the evaluation: `UseNNUE false` the hand-made terms, a net
/// file the net's scores; an unreadable or malformed file, or a value that is no boolean, is an
/// error that keeps the last setting; a net of another game is taken with a note and leaves this
/// game's evaluation alone; `<empty>` restores the game's own.
#[test]
fn net_options_choose_the_evaluation_and_reject_bad_files() {
    let dir = std::env::temp_dir().join(format!("chatrang-nets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("random.nnue");
    let net = random_chess_net(&good);
    let text = dir.join("text.nnue");
    std::fs::write(&text, "not a net").unwrap();
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";
    let v = chatrang::variants::build("chess", "").unwrap();
    let nn = chatrang::eval::nnue::Nnue::new(std::sync::Arc::new(net), &v).unwrap();
    let expected = nn.evaluate(&chatrang::fen::parse(&v, fen).unwrap());

    let mut e = Engine::start(&[]);
    e.send("uci");
    let l = e.until("uciok", 5000);
    for opt in [
        "option name UseNNUE type check default true",
        "option name EvalFile type string default <empty>",
    ] {
        assert!(l.iter().any(|x| x == opt), "{opt}");
    }
    e.send(&format!("position fen {fen}"));
    let own = eval(&mut e);
    e.send("setoption name UseNNUE value false");
    let terms = eval(&mut e);
    e.send("setoption name UseNNUE value maybe");
    assert_eq!(
        e.until("info string error", 5000).last().unwrap(),
        "info string error: bad UseNNUE value 'maybe' (true or false)"
    );
    assert_eq!(eval(&mut e), terms);
    e.send("setoption name UseNNUE value true");
    assert_eq!(eval(&mut e), own);

    e.send(&format!("setoption name EvalFile value {}", good.display()));
    assert_eq!(
        eval(&mut e),
        format!("info string eval {expected} (side to move)")
    );
    e.send(&format!("setoption name EvalFile value {}", text.display()));
    assert_eq!(
        e.until("info string error", 5000).last().unwrap(),
        &format!(
            "info string error: EvalFile {}: not a chatrang net file",
            text.display()
        )
    );
    e.send("setoption name EvalFile value /no/such/dir/x.nnue");
    assert!(
        e.until("info string error", 5000)
            .last()
            .unwrap()
            .starts_with("info string error: EvalFile /no/such/dir/x.nnue: ")
    );
    assert_eq!(
        eval(&mut e),
        format!("info string eval {expected} (side to move)")
    );
    // In another game the chess net is no use: that game keeps its own evaluation.
    e.send("setoption name UCI_Variant value capablanca");
    let capa_with_file = eval(&mut e);
    e.send("setoption name EvalFile value <empty>");
    assert_eq!(eval(&mut e), capa_with_file);
    e.send(&format!("setoption name EvalFile value {}", good.display()));
    assert_eq!(
        e.until("info string", 5000).last().unwrap(),
        "info string EvalFile: not for this game: the net (6 types, 64 cells, trained for chess) \
         does not fit capablanca (8 types, 80 cells)"
    );
    e.send("setoption name UCI_Variant value chess");
    e.send(&format!("position fen {fen}"));
    e.send("setoption name EvalFile value <empty>");
    assert_eq!(eval(&mut e), own);
    // A search with the net plays a legal move.
    e.send(&format!("setoption name EvalFile value {}", good.display()));
    e.send("go depth 6");
    let l = e.until("bestmove", 20000);
    assert_eq!(bestmove(&l).len(), 4, "{l:?}");
    std::fs::remove_dir_all(&dir).ok();
}
