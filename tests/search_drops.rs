//! The search in drop and palace games: mates by drop (shogi, tsuishogi), xiangqi mates, and
//! repetitions judged by the game's own rules inside the search (perpetual check loses).

use chatrang::movegen::{MoveList, legal_moves};
use chatrang::notation::{move_to_string, parse_move};
use chatrang::outcome::outcome;
use chatrang::position::Position;
use chatrang::search::{Control, Limits, MATE, MATE_BOUND, SearchResult, Searcher};
use chatrang::{fen, variants};

fn setup(id: &str, opts: &str, f: &str, moves: &[&str]) -> Option<Position> {
    // A game still being written may not be registered yet: its test is skipped.
    let v = variants::build(id, opts).ok()?;
    let mut pos = fen::parse(&v, f).unwrap_or_else(|e| panic!("{id}: {f}: {e}"));
    for m in moves {
        let mv = parse_move(&mut pos, m).unwrap_or_else(|e| panic!("{id}: {e}"));
        pos.make(mv);
    }
    Some(pos)
}

fn search(pos: &Position, depth: i32) -> (String, SearchResult) {
    let s = Searcher::new(8);
    let r = s.search(
        pos,
        &Limits::depth(depth),
        &Control::new(false),
        &mut |_| {},
    );
    let best = r.best.map_or("(none)".into(), |m| move_to_string(pos, m));
    (best, r)
}

#[test]
fn shogi_mate_in_one_by_gold_drop() {
    // Gote's king on e9 (5a), sente's pawn on e7: G@e8 mates (the king may not take: the pawn
    // guards e8).
    let Some(pos) = setup("shogi", "", "4k4/9/4P4/9/9/9/9/9/4K4[G] w 0 1", &[]) else {
        return;
    };
    let (best, r) = search(&pos, 4);
    assert_eq!(best, "G@e8");
    assert_eq!(r.score, MATE - 1);
}

#[test]
fn shogi_pawn_drop_mate_is_not_played() {
    // Uchifuzume: P@e8 would mate (the gold on e7 guards it, the knights cannot take it), so it
    // is illegal; a gold from hand mates instead.
    let Some(pos) = setup("shogi", "", "3nkn3/9/4G4/9/9/9/9/9/4K4[PG] w 0 1", &[]) else {
        return;
    };
    let (best, r) = search(&pos, 4);
    assert_ne!(best, "P@e8");
    assert!(r.score >= MATE_BOUND, "{best} {}", r.score);
}

/// Sente, far behind in material, can repeat the position by checking with its rook on every
/// move (h5-i5+ K i9-h9, i5-h5+ K h9-i9): perpetual check loses in shogi (sennichite), a plain
/// draw under `repetition=draw3`.
const PERPETUAL: &str = "r7k/b8/9/9/7R1/9/9/9/3GKG3[rb] w 0 1";
const CYCLE: &[&str] = &["h5i5", "i9h9", "i5h5", "h9i9"];

#[test]
fn shogi_perpetual_check_is_a_loss_in_search() {
    let Some(pos) = setup("shogi", "", PERPETUAL, CYCLE) else {
        return;
    };
    let (best, r) = search(&pos, 5);
    assert_ne!(best, "h5i5", "the perpetual check loses: score {}", r.score);
    assert!(r.score < 0 && r.score > -(MATE - 2), "{best} {}", r.score);
}

#[test]
fn shogi_draw3_repetition_is_a_draw_in_search() {
    let Some(pos) = setup("shogi", "repetition=draw3", PERPETUAL, CYCLE) else {
        return;
    };
    // Repeating is the best sente has (other checking cycles may draw as well).
    let (best, r) = search(&pos, 5);
    assert_eq!(r.score, 0, "{best}");
}

#[test]
fn tsuishogi_mate_in_one_by_drop() {
    // 12x12: Black's king on f12 between its own spearmen (which cannot take on f11); White's
    // pawn on f10 and a gold in hand: G@f11 mates.
    let Some(pos) = setup(
        "tsuishogi",
        "",
        "4lkl5/12/5P6/12/12/12/12/12/12/12/12/5K6[G] w - - 0 1",
        &[],
    ) else {
        return;
    };
    let (best, r) = search(&pos, 3);
    assert_eq!(best, "G@f11");
    assert_eq!(r.score, MATE - 1);
}

#[test]
fn xiangqi_two_chariot_mate_in_one() {
    // The a9 chariot holds rank 9; b1-b10 checks along rank 10: the general has no square.
    let Some(pos) = setup("xiangqi", "", "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", &[]) else {
        return;
    };
    let (best, r) = search(&pos, 3);
    assert_eq!(best, "b1b10");
    assert_eq!(r.score, MATE - 1);
}

#[test]
fn korean_and_janggi_two_chariot_mate_in_one() {
    // As in xiangqi: the general on e10 (no palace diagonal from there), the a9 chariot holds
    // rank 9, b1-b10 checks along rank 10; a general in check may not pass.
    for id in ["korean", "janggi"] {
        let Some(pos) = setup(id, "", "4k4/R8/9/9/9/9/9/9/3K5/1R7 w - - 0 1", &[]) else {
            continue;
        };
        let (best, r) = search(&pos, 3);
        assert_eq!((id, best.as_str()), (id, "b1b10"));
        assert_eq!(r.score, MATE - 1, "{id}");
    }
}

#[test]
fn sittuyin_two_rook_mate_in_one() {
    let Some(pos) = setup("sittuyin", "", "7k/R7/8/8/8/8/8/1R4K1[] w - - 0 1", &[]) else {
        return;
    };
    let (best, r) = search(&pos, 3);
    assert_eq!(best, "b1b8");
    assert_eq!(r.score, MATE - 1);
}

#[test]
fn xiangqi_perpetual_check_is_avoided() {
    // Red (behind: Black has two chariots) could repeat by checking with its chariot on every
    // move (d7-e7+ K e10-d10, e7-d7+ K d10-e10): under the default rule the checker loses, under
    // `repetition=draw3` it draws.
    let f = "4k4/r8/r8/3R5/9/9/9/9/9/5K3 w - - 0 1";
    let cycle = &["d7e7", "e10d10", "e7d7", "d10e10"];
    let Some(pos) = setup("xiangqi", "", f, cycle) else {
        return;
    };
    let (best, r) = search(&pos, 5);
    assert_ne!(best, "d7e7", "score {}", r.score);
    assert!(r.score > -(MATE - 2), "{best} {}", r.score);
    let Some(pos) = setup("xiangqi", "repetition=draw3", f, cycle) else {
        return;
    };
    let (best, r) = search(&pos, 5);
    assert_eq!(r.score, 0, "{best}");
}

#[test]
fn palace_games_play_legal_moves_quickly() {
    for id in ["xiangqi", "korean", "shogi", "tsuishogi", "sittuyin"] {
        let Ok(v) = variants::build(id, "") else {
            continue;
        };
        let Some(mut pos) = setup(id, "", &v.start_fen, &[]) else {
            continue;
        };
        let s = Searcher::new(4);
        for _ in 0..6 {
            let mut legal = MoveList::new();
            legal_moves(&mut pos, &mut legal);
            if legal.is_empty() || outcome(&mut pos).is_some() {
                break;
            }
            let limits = Limits {
                nodes: Some(3000),
                ..Default::default()
            };
            let r = s.search(&pos, &limits, &Control::new(false), &mut |_| {});
            let m = r.best.expect("a move");
            assert!(legal.contains(&m), "{id}: illegal {m:?}");
            pos.make(m);
        }
    }
}

/// Plays `games` self-play games of shogi at `nodes` per move (varied by the hash size and a
/// first move of each side) and returns (plies, result) per game; every move must be legal.
fn shogi_selfplay(games: usize, nodes: u64, max_plies: usize) -> Vec<(usize, String)> {
    let Ok(v) = variants::build("shogi", "") else {
        return Vec::new();
    };
    let openings = [
        ["c3c4", "g7g6"],
        ["h3h4", "c7c6"],
        ["c3c4", "c7c6"],
        ["g3g4", "g7g6"],
    ];
    let mut out = Vec::new();
    for g in 0..games {
        let mut pos = fen::parse(&v, &v.start_fen).unwrap();
        for m in openings[g % openings.len()] {
            let mv = parse_move(&mut pos, m).unwrap();
            pos.make(mv);
        }
        let s = Searcher::new(2 + g);
        let mut result = "unfinished".to_string();
        for _ in 0..max_plies {
            if let Some(o) = outcome(&mut pos) {
                result = format!("{:?} ({})", o.result, o.reason);
                break;
            }
            let mut legal = MoveList::new();
            legal_moves(&mut pos, &mut legal);
            let limits = Limits {
                nodes: Some(nodes),
                ..Default::default()
            };
            let r = s.search(&pos, &limits, &Control::new(false), &mut |_| {});
            let m = r.best.expect("a move while the game goes on");
            assert!(
                legal.contains(&m),
                "illegal {} at {}",
                move_to_string(&pos, m),
                fen::to_fen(&pos)
            );
            pos.make(m);
        }
        out.push((pos.ply as usize, result));
    }
    out
}

#[test]
fn shogi_selfplay_moves_are_legal_and_games_end() {
    let games = shogi_selfplay(2, 1500, 400);
    for (plies, result) in &games {
        eprintln!("shogi self-play: {plies} plies, {result}");
        assert_ne!(result, "unfinished", "{plies} plies");
    }
}

/// The longer sanity run of the report: `cargo test --release --test search_drops -- --ignored`.
#[test]
#[ignore]
fn shogi_selfplay_four_games() {
    for (plies, result) in shogi_selfplay(4, 3000, 600) {
        eprintln!("shogi self-play: {plies} plies, {result}");
        assert_ne!(result, "unfinished");
    }
}

#[test]
fn start_positions_of_palace_and_drop_games_are_balanced() {
    use chatrang::eval::evaluate;
    for id in [
        "xiangqi",
        "korean",
        "janggi",
        "shogi",
        "tsuishogi",
        "sittuyin",
    ] {
        let Ok(v) = variants::build(id, "") else {
            continue;
        };
        let ep = chatrang::eval::EvalParams::new(&v);
        let pos = fen::parse(&v, &v.start_fen).unwrap();
        // Mirror-symmetric armies: only the tempo bonus remains.
        let e = evaluate(&pos, &ep);
        assert!(e.abs() <= 20, "{id}: {e}");
    }
}
