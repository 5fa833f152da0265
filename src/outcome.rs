//! Game-end adjudication: mate, stalemate, bare king, move-count and repetition draws, and
//! whatever a game's hooks add.

use crate::movegen::{MoveList, legal_moves};
use crate::piece::{PieceType, Player};
use crate::position::Position;
use crate::variant::{BareKing, GameResult, Outcome, Verdict};

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

/// The result of the game at this position, if it is over. Needs the legal moves.
pub fn outcome(pos: &mut Position) -> Option<Outcome> {
    let mut list = MoveList::new();
    legal_moves(pos, &mut list);
    outcome_with(pos, &list)
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
