//! Threats for the quiet-move order (Stockfish's escape bonus): a man a cheaper enemy man attacks
//! moves first when it steps to a cell no such man attacks, and a man stepping onto a cell a
//! cheaper enemy man attacks moves late.
//!
//! Men fall into value classes (pawn-like; below 450; below 750; the rest); `by[c]` holds the
//! cells enemy men of class `c` or lower attack, read from their attack masks (`eval::lines`) or
//! one walk over their compiled moves.

use crate::eval::attacks::{self, ATTACK};
use crate::eval::{Bits, EvalParams};
use crate::masks::{CellMask, Wide};
use crate::moves::{Move, MoveKind};
use crate::piece::PieceType;
use crate::position::Position;

const CLASSES: usize = 4;

pub struct Threats {
    by: [Bits; CLASSES],
}

/// The value class of a type (royal types have none: they neither threaten nor flee here).
#[inline]
fn class(ep: &EvalParams, t: usize) -> Option<usize> {
    if ep.royal[t] {
        None
    } else if ep.pawn_like[t] {
        Some(0)
    } else {
        let v = ep.see_value[t];
        Some(if v < 450 {
            1
        } else if v < 750 {
            2
        } else {
            3
        })
    }
}

impl Threats {
    /// The enemy's attacks on the side to move's men, by class (two players only; `None` else).
    pub fn new(pos: &Position, ep: &EvalParams) -> Option<Threats> {
        if pos.v.players != 2 {
            return None;
        }
        let them = 1 - pos.side;
        let mut by = [attacks::EMPTY; CLASSES];
        let occ: Bits = pos.occupied::<Wide>().to_words();
        for t in 0..ep.ntypes {
            let Some(c) = class(ep, t) else { continue };
            for &x in pos.cells_of(them, t as PieceType) {
                // The attack set from the masks on boards of at most 256 cells, else a walk.
                if let Some(a) = ep
                    .lines
                    .as_ref()
                    .and_then(|l| l.attacks(pos.at(x), x, &occ))
                {
                    attacks::or(&mut by[c], &a);
                    continue;
                }
                attacks::scan(pos, x, |cell, fl| {
                    if fl & ATTACK != 0 {
                        attacks::set(&mut by[c], cell);
                    }
                });
            }
        }
        for c in 1..CLASSES {
            let lower = by[c - 1];
            for (w, l) in by[c].iter_mut().zip(lower) {
                *w |= l;
            }
        }
        Some(Threats { by })
    }

    /// Order bonus (or malus) of the quiet move `m`.
    #[inline]
    pub fn score(&self, pos: &Position, ep: &EvalParams, m: Move) -> i32 {
        if m.kind != MoveKind::Normal {
            return 0;
        }
        let t = pos.at(m.from).kind() as usize;
        let Some(c) = class(ep, t).filter(|&c| c > 0) else {
            return 0;
        };
        let cheaper = &self.by[c - 1];
        let weight = (ep.see_value[t] / 100).clamp(1, 9) * 5000;
        match (attacks::has(cheaper, m.from), attacks::has(cheaper, m.to)) {
            (true, false) => weight,
            (false, true) => -weight,
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{fen, variants};

    #[test]
    fn a_threatened_man_fleeing_orders_first_and_one_stepping_into_a_pawns_attack_last() {
        let v = variants::build("chess", "").unwrap();
        let ep = EvalParams::new(&v);
        // The black pawn on e5 attacks the knight on d4 and the cell f4: the knight fleeing gains,
        // the bishop stepping to f4 loses.
        let mut pos = fen::parse(&v, "4k3/8/8/4p3/3N4/8/8/2B1K3 w - - 0 1").unwrap();
        let th = Threats::new(&pos, &ep).unwrap();
        let mut score = |s: &str| {
            let m = crate::notation::parse_move(&mut pos, s).unwrap();
            th.score(&pos, &ep, m)
        };
        assert!(score("d4b5") > 0);
        assert_eq!(score("d4f3"), score("d4b5"));
        assert!(score("c1f4") < 0);
        assert_eq!(score("c1d2"), 0);
        // The king neither flees nor threatens here.
        assert_eq!(score("e1f2"), 0);
    }
}
