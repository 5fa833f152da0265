//! `chatrang bench`: node counts are deterministic with one thread; the chess part is a
//! regression signature of search + evaluation + move generation order.

use chatrang::search::bench;

/// Total nodes of `chatrang bench 8 --chess-only`. A change of search, evaluation or of the order
/// in which chess moves are generated changes it: update it then, after checking the change.
const CHESS_SIGNATURE_DEPTH_8: u64 = 66979;

#[test]
fn chess_bench_signature() {
    let list = bench::positions(1);
    assert_eq!(list.len(), bench::CHESS.len());
    let (nodes, _) = bench::run(&list, 8, 1, 16, false);
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
    let (a, _) = bench::run(&list, 5, 1, 16, false);
    let (b, _) = bench::run(&list, 5, 1, 16, false);
    assert_eq!(a, b);
    assert!(a > 0);
}
