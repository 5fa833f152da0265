//! Static exchange evaluation: x-rays, royal recaptures, lame leapers, and the conservative
//! "unknown" answer where hoppers take part; the quiescence guard of placement captures.

mod common;

use chatrang::eval::EvalParams;
use chatrang::notation::parse_move;
use chatrang::search::see::see;

/// (SEE of the move, value of the man on its destination, value of the mover).
fn see_of(id: &str, f: &str, mv: &str) -> (Option<i32>, i32, i32) {
    let mut pos = common::setup(id, "", f);
    let ep = EvalParams::new(&pos.v);
    let m = parse_move(&mut pos, mv).unwrap_or_else(|e| panic!("{f} {mv}: {e}"));
    let q = pos.at(m.to);
    let victim = if q.is_empty() {
        0
    } else {
        ep.see_value[q.kind() as usize]
    };
    let mover = ep.see_value[pos.at(m.from).kind() as usize];
    (see(&pos, &ep, m), victim, mover)
}

#[test]
fn see_undefended_capture_wins_the_victim() {
    let (s, p, _) = see_of("chess", "4k3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5");
    assert_eq!(s, Some(p));
}

#[test]
fn see_defended_capture_loses_the_captor() {
    let (s, p, r) = see_of("chess", "3rk3/8/8/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5");
    assert_eq!(s, Some(p - r));
}

#[test]
fn see_xray_attacker_behind_the_captor_joins() {
    let (s, p, _) = see_of("chess", "3rk3/8/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5");
    assert_eq!(s, Some(p));
}

#[test]
fn see_royal_man_cannot_retake_on_a_defended_cell() {
    let (s, p, _) = see_of("chess", "8/8/4k3/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5");
    assert_eq!(s, Some(p));
    let (s, p, r) = see_of("chess", "8/8/4k3/3p4/8/8/3R4/4K3 w - - 0 1", "d2d5");
    assert_eq!(s, Some(p - r));
}

#[test]
fn see_quiet_move_to_an_attacked_cell_loses_the_man() {
    let (s, _, r) = see_of("chess", "4k3/8/8/2p5/8/8/3R4/4K3 w - - 0 1", "d2d4");
    assert_eq!(s, Some(-r));
}

#[test]
fn see_hobbled_lame_leaper_does_not_defend() {
    // The black horse on f8 is blocked by its own pawn on f7: it does not guard e6.
    let (s, p, _) = see_of(
        "xiangqi",
        "3k5/9/5n3/5p3/4p4/9/3N5/9/9/5K3 w - - 0 1",
        "d4e6",
    );
    assert_eq!(s, Some(p));
    let (s, p, n) = see_of("xiangqi", "3k5/9/5n3/9/4p4/9/3N5/9/9/5K3 w - - 0 1", "d4e6");
    assert_eq!(s, Some(p - n));
}

#[test]
fn see_is_unknown_when_a_hopper_can_reach_the_cell() {
    let (s, _, _) = see_of(
        "xiangqi",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "b3b10",
    );
    assert_eq!(s, None);
}

#[test]
fn see_is_unknown_when_a_check_only_attacker_takes_part() {
    // The general's file attack (flying general) gives check but takes nothing.
    let (s, _, _) = see_of("xiangqi", "3k5/9/5n3/9/4p4/9/3N5/9/9/4K4 w - - 0 1", "d4e6");
    assert_eq!(s, None);
}

/// Madhouse captures put the taken man back (one move per placement cell): quiescence tries one
/// placement per capture and stops at a fixed depth, so shallow searches stay small.
#[test]
fn madhouse_placement_captures_do_not_blow_up_quiescence() {
    use chatrang::search::{Control, Limits, Searcher};
    let pos = common::setup(
        "madhouse",
        "",
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    );
    let s = Searcher::new(16);
    let r = s.search(&pos, &Limits::depth(3), &Control::new(false), &mut |_| {});
    assert!(r.best.is_some());
    assert_eq!(r.depth, 3);
    assert!(r.nodes < 200_000, "{} nodes", r.nodes);
}

/// The threshold test answers as the full exchange would, for every legal move of random
/// positions in games with promotions, en passant, royal captures and hoppers.
#[test]
fn see_below_agrees_with_see_for_every_move_and_threshold() {
    use chatrang::movegen::{MoveList, legal_moves};
    use chatrang::search::see::see_below;
    for (id, seed) in [
        ("chess", 3),
        ("capablanca", 5),
        ("shatranj", 7),
        ("xiangqi", 11),
    ] {
        let mut pos = common::start(id, "");
        let ep = EvalParams::new(&pos.v);
        let mut checked = 0;
        common::random_walk(&mut pos, 120, seed, common::Reread::FenAndKey, |pos| {
            let mut list = MoveList::new();
            legal_moves(pos, &mut list);
            for &m in &list {
                let full = see(pos, &ep, m);
                for t in [-900, -300, -101, -1, 0, 1, 99, 300, 900] {
                    // Where the full exchange is unknown (a hopper nearby) the bounds may
                    // still settle it.
                    if let Some(x) = full {
                        assert_eq!(see_below(pos, &ep, m, t), Some(x < t), "{id} {m:?} {t}");
                        checked += 1;
                    }
                }
            }
            true
        });
        assert!(checked > 1000, "{id}: {checked}");
    }
}
