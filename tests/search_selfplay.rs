//! Self-play smoke test: in every registered game, short games at a few thousand nodes per move;
//! every move the engine chooses must be legal (checked against move generation).

use chatrang::movegen::{MoveList, legal_moves};
use chatrang::notation::move_to_string;
use chatrang::outcome::outcome;
use chatrang::search::{Control, Limits, Searcher};
use chatrang::{fen, variants};

fn play(id: &str, plies: usize, nodes: u64, threads: usize) -> Result<usize, String> {
    let v = variants::build(id, "")?;
    let mut pos = fen::parse(&v, &v.start_fen)?;
    let mut s = Searcher::new(4);
    s.threads = threads;
    let mut played = 0;
    for _ in 0..plies {
        let mut legal = MoveList::new();
        legal_moves(&mut pos, &mut legal);
        if outcome(&mut pos).is_some() && legal.is_empty() {
            break;
        }
        let limits = Limits {
            nodes: Some(nodes),
            ..Default::default()
        };
        let r = s.search(&pos, &limits, &Control::new(false), &mut |_| {});
        let Some(m) = r.best else {
            assert!(
                legal.is_empty(),
                "{id}: no move returned but {} are legal",
                legal.len()
            );
            break;
        };
        assert!(
            legal.contains(&m),
            "{id}: illegal bestmove {} ({m:?}) at {}",
            move_to_string(&pos, m),
            fen::to_fen(&pos)
        );
        if let Some(p) = r.ponder {
            let mut after = pos.clone();
            after.make(m);
            let mut l2 = MoveList::new();
            legal_moves(&mut after, &mut l2);
            assert!(
                l2.contains(&p),
                "{id}: illegal ponder move after {}",
                move_to_string(&pos, m)
            );
        }
        pos.make(m);
        played += 1;
        if outcome(&mut pos).is_some() {
            break;
        }
    }
    Ok(played)
}

#[test]
fn every_game_plays_legal_moves() {
    let mut failures = Vec::new();
    for e in variants::all() {
        match play(e.id, 12, 2500, 1) {
            Ok(n) => eprintln!("{:<14} {n} plies", e.id),
            // A game still being written may not build yet; that is its own tests' concern.
            Err(err) => eprintln!("{:<14} skipped: {err}", e.id),
        }
        if std::thread::panicking() {
            failures.push(e.id);
        }
    }
    assert!(failures.is_empty());
}

#[test]
fn chess_plays_legal_moves_with_two_threads() {
    assert!(play("chess", 16, 20000, 2).unwrap() > 0);
}

/// With two threads a depth-limited search ends at the requested depth (whichever thread gets
/// there first), and the last line reported is the line the best move comes from.
#[test]
fn two_threads_reach_the_requested_depth() {
    let v = variants::build("chess", "").unwrap();
    let mut s = Searcher::new(16);
    s.threads = 2;
    for fen in [
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ] {
        let pos = fen::parse(&v, fen).unwrap();
        let mut last = None;
        let r = s.search(&pos, &Limits::depth(9), &Control::new(false), &mut |i| {
            last = Some((i.depth, i.pv.first().copied()))
        });
        assert_eq!(r.depth, 9, "{fen}");
        let (depth, first) = last.expect("no info line");
        assert_eq!(depth, 9, "{fen}");
        assert_eq!(first, r.best, "{fen}");
        let mut legal = MoveList::new();
        legal_moves(&mut pos.clone(), &mut legal);
        assert!(legal.contains(&r.best.unwrap()));
    }
}
