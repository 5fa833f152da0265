//! Game-end adjudication: mate, stalemate, bare king, move-count and repetition draws, and
//! whatever a game's hooks add.

use crate::movegen::{MoveList, any_legal, legal_moves, pseudo_legal};
use crate::piece::{PieceType, Player};
use crate::position::Position;
use crate::variant::{BareKing, GameResult, Outcome, Variant, Verdict};

fn verdict(v: Verdict, us: Player, them: Player, reason: &'static str) -> Outcome {
    let result = match v {
        Verdict::Win => GameResult::Win(us),
        Verdict::Loss => GameResult::Win(them),
        Verdict::Draw => GameResult::Draw,
    };
    Outcome { result, reason }
}

/// Men of `p` that are not royal.
pub fn non_royal_count(pos: &Position, p: Player) -> usize {
    (0..pos.v.pieces.len())
        .filter(|&t| !pos.v.pieces[t].royal)
        .map(|t| pos.count(p, t as PieceType))
        .sum()
}

/// Has `p` nothing but royal men on the board? (Stops at the first other man.)
#[inline]
pub fn is_bare(pos: &Position, p: Player) -> bool {
    (0..pos.v.pieces.len()).all(|t| pos.v.pieces[t].royal || pos.count(p, t as PieceType) == 0)
}

/// The result of the game at this position, if it is over. Needs the legal moves.
pub fn outcome(pos: &mut Position) -> Option<Outcome> {
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    outcome_with(pos, &list)
}

/// Can the game's end be judged out of check without the moves? True when it has no bare-king
/// rule, a drawn stalemate and no outcome hook or a blind one (`HookFlags::outcome_blind`): then
/// only mate, stalemate (a draw), the move-count and repetition rules and the hook decide.
pub fn judged_without_moves(v: &Variant) -> bool {
    (!v.hooks.outcome || v.hooks.outcome_blind)
        && v.end.bare_king == BareKing::Off
        && v.end.stalemated == Verdict::Draw
}

/// `outcome_with` for a position out of check in a game `judged_without_moves`, before its moves
/// are known (assumed to exist: a stalemate would be a draw anyway). The repetition rule is left
/// to the caller.
pub fn outcome_without_moves(pos: &Position) -> Option<Outcome> {
    let v = &*pos.v;
    if v.hooks.outcome
        && let Some(o) = v.rules.outcome(pos, 1)
    {
        return Some(o);
    }
    (v.end.nmove > 0 && pos.st.halfmove >= 2 * v.end.nmove).then_some(Outcome {
        result: GameResult::Draw,
        reason: "move-count rule",
    })
}

/// Legality is the royal man's safety alone: no drop-mate, stalemate-move or game filter rule,
/// so a pseudo-legal move may be tested only when it is tried.
pub fn legality_is_royal_safety(v: &Variant) -> bool {
    !v.hooks.filter_legal && !v.drop_mate_rule && !v.end.stalemating_illegal
}

/// A game judged by its moves only through a bare-king rule or a stalemate that is not a draw,
/// with legality the royal man's safety alone: where `no_side_bare`, `outcome_unless_moves`
/// judges a position out of check.
pub fn judged_lazily_unless_bare(v: &Variant) -> bool {
    !judged_without_moves(v)
        && (!v.hooks.outcome || v.hooks.outcome_blind)
        && legality_is_royal_safety(v)
}

/// No side is bare (or the game has no two-player bare-king rule): no bare-king verdict can
/// apply to the position.
pub fn no_side_bare(pos: &Position) -> bool {
    let v = &*pos.v;
    v.end.bare_king == BareKing::Off || v.players != 2 || (0..2).all(|p| !is_bare(pos, p))
}

/// `outcome` for a position out of check where `no_side_bare`, in a game
/// `judged_lazily_unless_bare`: the game's verdict if it is over, else `None` with the
/// pseudo-legal moves in `list`, at least one of them legal (the others untested). With a legal
/// move and no bare side, only the verdicts that need no moves remain, so this is `outcome`'s
/// verdict (`outcome_unless_moves_agrees_with_the_full_adjudication`).
pub fn outcome_unless_moves(pos: &mut Position, list: &mut MoveList) -> Option<Outcome> {
    if let Some(o) = outcome_without_moves(pos) {
        return Some(o);
    }
    pseudo_legal(pos, list);
    if any_legal(pos, list) {
        return None;
    }
    outcome_with(pos, &MoveList::new())
}

/// As `outcome`, with the legal moves already generated.
pub fn outcome_with(pos: &mut Position, legal: &MoveList) -> Option<Outcome> {
    let v = std::sync::Arc::clone(&pos.v);
    let us = pos.side;
    let them = if us == 0 { v.players - 1 } else { us - 1 };
    if v.hooks.outcome
        && let Some(o) = v.rules.outcome(pos, legal.len())
    {
        return Some(o);
    }
    let e = &v.end;
    if legal.is_empty() {
        if pos.in_check() {
            return Some(verdict(e.checkmated, us, them, "checkmate"));
        }
        // A bare king that draws "as soon as" it is bare comes before stalemate.
        if e.bare_king == BareKing::Draw
            && v.players == 2
            && (non_royal_count(pos, us) == 0 || non_royal_count(pos, them) == 0)
        {
            return Some(Outcome {
                result: GameResult::Draw,
                reason: "bare king",
            });
        }
        return Some(verdict(e.stalemated, us, them, "stalemate"));
    }
    if e.bare_king != BareKing::Off && v.players == 2 {
        let (mine, theirs) = (non_royal_count(pos, us), non_royal_count(pos, them));
        let draw = Outcome {
            result: GameResult::Draw,
            reason: "bare king",
        };
        match e.bare_king {
            BareKing::Draw if mine == 0 || theirs == 0 => return Some(draw),
            BareKing::Immediate | BareKing::Shatranj if mine == 0 && theirs == 0 => {
                return Some(draw);
            }
            BareKing::Immediate if mine == 0 => {
                return Some(verdict(Verdict::Loss, us, them, "bare king"));
            }
            BareKing::Immediate if theirs == 0 => {
                return Some(verdict(Verdict::Win, us, them, "bare king"));
            }
            BareKing::Shatranj if theirs == 0 => {
                // They were bared before their move and did not bare us in reply.
                return Some(verdict(Verdict::Win, us, them, "bare king"));
            }
            BareKing::Shatranj if mine == 0 => {
                let can_bare = theirs == 1
                    && legal
                        .iter()
                        .any(|m| m.from != crate::geometry::NO_CELL && !pos.at(m.to).is_empty());
                if !can_bare {
                    return Some(verdict(Verdict::Loss, us, them, "bare king"));
                }
            }
            _ => {}
        }
    }
    if e.nmove > 0 && pos.st.halfmove >= 2 * e.nmove {
        return Some(Outcome {
            result: GameResult::Draw,
            reason: "move-count rule",
        });
    }
    if e.repetition > 0 && pos.repetitions() + 1 >= e.repetition {
        return Some(Outcome {
            result: GameResult::Draw,
            reason: "repetition",
        });
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{fen, variants};

    /// Where it applies (out of check, no side bare, in games judged by their moves through a
    /// bare-king rule or a stalemate that is not a draw), `outcome_unless_moves` gives the full
    /// adjudication's verdict along playouts, and its moves hold every legal move.
    #[test]
    fn outcome_unless_moves_agrees_with_the_full_adjudication() {
        let mut seen = std::collections::HashSet::new();
        let mut ends = 0;
        let wanted = judged_lazily_unless_bare;
        crate::playout::two_player_playouts(6, 150, 0x51ed_270b_2f1a_9c3d, wanted, |id, p| {
            if p.in_check() || !no_side_bare(p) {
                return;
            }
            seen.insert(id.to_string());
            let mut pos = p.clone();
            let mut legal = MoveList::new();
            legal_moves(&mut pos, &mut legal);
            let full = outcome_with(&mut pos, &legal);
            let mut list = MoveList::new();
            let lazy = outcome_unless_moves(&mut pos, &mut list);
            let fen = fen::to_fen(&pos);
            assert_eq!(lazy, full, "{id} {fen}");
            ends += lazy.is_some() as usize;
            if lazy.is_none() {
                assert!(legal.iter().all(|m| list.contains(m)), "{id} {fen}");
            }
        });
        for g in ["shatranj", "courier", "acedrex", "kabir", "turkish3"] {
            assert!(seen.contains(g), "{g} not played");
        }
        // Ends seldom come up in playouts: a stalemate (a loss in shatranj) and the move-count
        // draw, as positions.
        let v = variants::build("shatranj", "nmove=70").unwrap();
        for (f, reason) in [
            ("k7/p1K5/P7/8/8/8/8/8 b - - 0 1", Some("stalemate")),
            (
                "k7/p7/P1K5/8/8/8/8/3R4 b - - 140 90",
                Some("move-count rule"),
            ),
            ("k7/p7/P1K5/8/8/8/8/3R4 b - - 0 90", None),
        ] {
            let mut pos = fen::parse(&v, f).unwrap();
            let full = outcome(&mut pos);
            let lazy = outcome_unless_moves(&mut pos, &mut MoveList::new());
            assert_eq!(lazy, full, "{f}");
            assert_eq!(lazy.map(|o| o.reason), reason, "{f}");
            ends += lazy.is_some() as usize;
        }
        assert!(ends >= 2, "{ends}");
    }

    /// Chess is judged without moves out of check; games with a bare-king rule or a stalemate
    /// that is not a draw are not.
    #[test]
    fn only_games_without_move_dependent_end_rules_are_judged_without_moves() {
        assert!(judged_without_moves(&variants::build("chess", "").unwrap()));
        assert!(!judged_without_moves(
            &variants::build("shatranj", "").unwrap()
        ));
        assert!(!judged_without_moves(
            &variants::build("xiangqi", "").unwrap()
        ));
    }

    /// Before the moves are known: the dead-position hook and the move-count rule still judge,
    /// as `outcome_with` does once the moves are there.
    #[test]
    fn outcome_without_moves_agrees_with_the_full_adjudication() {
        let v = variants::build("chess", "").unwrap();
        for (f, draw) in [
            ("8/8/8/8/8/6k1/2N5/4K3 w - - 0 1", true),
            ("8/8/8/8/8/6k1/2R5/4K3 w - - 100 80", true),
            ("8/8/8/8/8/6k1/2R5/4K3 w - - 99 80", false),
        ] {
            let mut pos = fen::parse(&v, f).unwrap();
            let blind = outcome_without_moves(&pos);
            assert_eq!(blind.is_some(), draw, "{f}");
            assert_eq!(blind, outcome(&mut pos), "{f}");
        }
    }
}
