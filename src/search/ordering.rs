//! Move ordering helpers: what counts as tactical, MVV-LVA scores, and a cheap losing-capture test.

use crate::eval::EvalParams;
use crate::geometry::NO_CELL;
use crate::moves::{Move, MoveKind};
use crate::position::Position;

/// Killer moves score just below good captures; quiet moves use history (|h| < 16384).
pub const KILLER: i32 = 900_000;
const GOOD: i32 = 1_000_000;
const BAD: i32 = -1_000_000;

/// The man a move takes, if any.
#[inline]
fn victim_value(pos: &Position, ep: &EvalParams, m: Move) -> Option<i32> {
    match m.kind {
        MoveKind::Drop | MoveKind::Castle => None,
        MoveKind::EnPassant => {
            // The en-passant victim is the man that just made the multi-step.
            let v = pos.st.ep_victim;
            if v != NO_CELL && (v as usize) < pos.board_cells() && !pos.at(v).is_empty() {
                Some(ep.see_value[pos.at(v).kind() as usize])
            } else {
                Some(100)
            }
        }
        _ => {
            if m.to == NO_CELL || m.to as usize >= pos.board_cells() {
                return None;
            }
            let q = pos.at(m.to);
            (!q.is_empty() && q.owner() != pos.side).then(|| ep.see_value[q.kind() as usize])
        }
    }
}

#[inline]
pub fn is_tactical(pos: &Position, m: Move) -> bool {
    match m.kind {
        MoveKind::Promotion | MoveKind::EnPassant => true,
        MoveKind::Drop | MoveKind::Castle => false,
        _ => {
            m.to != NO_CELL
                && (m.to as usize) < pos.board_cells()
                && !pos.at(m.to).is_empty()
                && pos.at(m.to).owner() != pos.side
        }
    }
}

/// Material a tactical move wins at once (victim plus promotion gain).
#[inline]
pub fn capture_gain(pos: &Position, ep: &EvalParams, m: Move) -> i32 {
    let mut g = victim_value(pos, ep, m).unwrap_or(0);
    if m.kind == MoveKind::Promotion && m.from != NO_CELL {
        let p = pos.at(m.from);
        if !p.is_empty() {
            g += ep.see_value[m.piece as usize] - ep.see_value[p.kind() as usize];
        }
    }
    g
}

/// Ordering score before history: > 0 good capture or promotion, < 0 losing capture, 0 quiet.
#[inline]
pub fn static_score(pos: &Position, ep: &EvalParams, m: Move) -> i32 {
    if !is_tactical(pos, m) {
        return 0;
    }
    let victim = victim_value(pos, ep, m).unwrap_or(0);
    let attacker =
        if m.from != NO_CELL && (m.from as usize) < pos.board_cells() && !pos.at(m.from).is_empty()
        {
            ep.see_value[pos.at(m.from).kind() as usize]
        } else {
            0
        };
    let promo = if m.kind == MoveKind::Promotion {
        (ep.see_value[m.piece as usize] - attacker).max(0)
    } else {
        0
    };
    let s = (victim + promo) * 16 - attacker / 16;
    if m.kind != MoveKind::Promotion && attacker > victim + 50 {
        // Static exchange where the tables allow it; else "attacked at all" (conservative).
        let losing = match super::see::see(pos, ep, m) {
            Some(x) => x < 0,
            None => pos.attacked_by_enemy(m.to, pos.side),
        };
        if losing {
            return BAD + s;
        }
    }
    GOOD + s
}

/// Whether an ordering score is a quiet move's (history and escape bonus: far below killers and
/// counter-moves, far above every losing capture).
#[inline]
pub fn is_quiet_score(s: i32) -> bool {
    s > BAD / 2 && s < KILLER - 2
}

/// Where the best-scored move from `i` on stands (the first of equal ones). The maximum is found in
/// one pass and its first place in another: both branch-free loops the compiler vectorises.
#[inline]
pub fn best_from(scores: &[i32], i: usize) -> usize {
    let rest = &scores[i..];
    let best = rest.iter().copied().fold(i32::MIN, i32::max);
    i + rest.iter().position(|&s| s == best).unwrap_or(0)
}

/// Selection-sort step: brings the best-scored move from `i` on to `i` (moves are tried in order,
/// and a cutoff usually comes before the list is sorted).
pub fn pick_best(list: &mut [Move], scores: &mut [i32], i: usize) {
    let bi = best_from(&scores[..list.len()], i);
    list.swap(i, bi);
    scores.swap(i, bi);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{fen, notation, variants};

    /// The escape bonus is added when the first score in the quiet band is picked, so the band
    /// must hold every history-made score and nothing else: not killers, not captures.
    #[test]
    fn quiet_band_lies_between_losing_captures_and_killers() {
        for s in [0, 150_000, -150_000] {
            assert!(is_quiet_score(s), "{s}");
        }
        for s in [KILLER, KILLER - 1, KILLER - 2, i32::MAX] {
            assert!(!is_quiet_score(s), "{s}");
        }
        let v = variants::build("chess", "").unwrap();
        let ep = EvalParams::new(&v);
        // The queen takes a defended pawn (losing); the rook takes the lone knight.
        let mut pos = fen::parse(&v, "4k3/8/2p5/1p6/3n4/8/8/1Q1RK3 w - - 0 1").unwrap();
        let losing = notation::parse_move(&mut pos, "b1b5").unwrap();
        let good = notation::parse_move(&mut pos, "d1d4").unwrap();
        let quiet = notation::parse_move(&mut pos, "b1b2").unwrap();
        assert!(static_score(&pos, &ep, losing) < BAD / 2);
        assert!(static_score(&pos, &ep, good) > KILLER);
        assert!(is_quiet_score(static_score(&pos, &ep, quiet)));
    }

    /// The pick is the first of the best, as a plain scan's.
    #[test]
    fn best_from_picks_the_first_of_equal_best_scores() {
        let s = [5, 9, 3, 9, 9, -2];
        assert_eq!(best_from(&s, 0), 1);
        assert_eq!(best_from(&s, 2), 3);
        assert_eq!(best_from(&s, 5), 5);
    }
}
