//! `chatrang bench`: node counts are deterministic with one thread; the chess part is a
//! regression signature of search + evaluation + move generation order.

use chatrang::search::NetChoice;
use chatrang::search::bench;

/// Total nodes of `chatrang bench 8 --chess-only`. A change of search, evaluation or of the order
/// in which chess moves are generated changes it: update it then, after checking the change.
const CHESS_SIGNATURE_DEPTH_8: u64 = 76789;

#[test]
fn chess_bench_signature() {
    let list = bench::positions(1);
    assert_eq!(list.len(), bench::CHESS.len());
    let (nodes, _) = bench::run(&list, 8, 1, 16, &NetChoice::Own, false).unwrap();
    assert_eq!(nodes, CHESS_SIGNATURE_DEPTH_8, "bench signature changed");
}

#[test]
fn bench_is_deterministic_across_games() {
    let list = bench::positions(12);
    let games: std::collections::BTreeSet<&str> = list.iter().map(|b| b.variant.as_str()).collect();
    let two_player = chatrang::variants::all()
        .iter()
        .filter(|e| {
            chatrang::variants::build(e.id, "")
                .is_ok_and(|v| v.players == 2 && chatrang::fen::parse(&v, &v.start_fen).is_ok())
        })
        .count();
    assert_eq!(games.len(), two_player.min(12));
    let (a, _) = bench::run(&list, 5, 1, 16, &NetChoice::Own, false).unwrap();
    let (b, _) = bench::run(&list, 5, 1, 16, &NetChoice::Own, false).unwrap();
    assert_eq!(a, b);
    assert!(a > 0);
}

#[test]
fn bench_reads_positions_from_a_file_and_names_a_bad_line() {
    let dir = std::env::temp_dir().join(format!("chatrang-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.fen");
    std::fs::write(
        &good,
        "# two positions\n\n8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1\n6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1\n",
    )
    .unwrap();
    let list = bench::positions_from_file(good.to_str().unwrap(), "chess").unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list[1].fen, "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1");
    let (nodes, _) = bench::run(&list, 3, 1, 1, &NetChoice::Own, false).unwrap();
    assert!(nodes > 0);

    let bad = dir.join("bad.fen");
    std::fs::write(&bad, "8/8/4k3/8/2p5/8/B2K4/8 w - - 0 1\nnot a fen\n").unwrap();
    let Err(e) = bench::positions_from_file(bad.to_str().unwrap(), "chess") else {
        panic!("a bad FEN was accepted");
    };
    assert!(e.contains("bad.fen:2:"), "{e}");
    assert!(bench::positions_from_file(good.to_str().unwrap(), "nosuchgame").is_err());
    assert!(bench::positions_from_file(dir.join("none.fen").to_str().unwrap(), "chess").is_err());
    let empty = dir.join("empty.fen");
    std::fs::write(&empty, "# nothing\n").unwrap();
    assert!(bench::positions_from_file(empty.to_str().unwrap(), "chess").is_err());
    std::fs::remove_dir_all(&dir).ok();
}
