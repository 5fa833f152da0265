//! Static-evaluation correction history: per side and pawn-like structure, a running average of
//! how far searches ended from the static evaluation. The evaluation misjudges some structures
//! consistently (a blocked centre, a weak king's cover); the search learns it as it goes.

use arrayvec::ArrayVec;

use crate::piece::PieceType;
use crate::position::Position;

/// Entries per side (a power of two).
const SIZE: usize = 1 << 14;
/// Fixed-point scale of an entry.
const GRAIN: i32 = 256;
/// Largest correction, in centipawns.
const LIMIT: i32 = 64;

pub struct Correction {
    table: Vec<i32>,
    /// The types whose men make the structure key (pawn-like men).
    kinds: ArrayVec<PieceType, 32>,
}

impl Correction {
    pub fn new(players: usize, pawn_like: &[bool]) -> Correction {
        Correction {
            table: vec![0; players * SIZE],
            kinds: (0..pawn_like.len())
                .filter(|&t| pawn_like[t])
                .map(|t| t as PieceType)
                .take(32)
                .collect(),
        }
    }

    /// The table slot of `pos`: its side to move and the cells of every pawn-like man.
    #[inline]
    pub fn slot(&self, pos: &Position) -> usize {
        let z = &pos.v.zobrist;
        let mut key = 0u64;
        for p in 0..pos.v.players {
            for &t in &self.kinds {
                for &c in pos.cells_of(p, t) {
                    key ^= z.piece(pos.at(c), c);
                }
            }
        }
        pos.side as usize * SIZE + (key >> 40) as usize % SIZE
    }

    /// The corrected static evaluation.
    #[inline]
    pub fn apply(&self, slot: usize, raw: i32) -> i32 {
        raw + self.table[slot] / GRAIN
    }

    /// Moves the slot toward `diff` (search score − raw evaluation), more for deeper searches.
    #[inline]
    pub fn update(&mut self, slot: usize, diff: i32, depth: i32) {
        let w = (depth + 1).min(16);
        let e = &mut self.table[slot];
        let target = diff.clamp(-4 * LIMIT, 4 * LIMIT) * GRAIN;
        *e = ((*e * (256 - w) + target * w) / 256).clamp(-LIMIT * GRAIN, LIMIT * GRAIN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants;

    #[test]
    fn correction_follows_search_scores_and_stays_bounded() {
        let v = variants::build("chess", "").unwrap();
        let pos = crate::fen::parse(&v, &v.start_fen).unwrap();
        let ep = crate::eval::EvalParams::new(&v);
        let mut c = Correction::new(2, &ep.pawn_like);
        let s = c.slot(&pos);
        assert_eq!(c.apply(s, 10), 10);
        for _ in 0..200 {
            c.update(s, 30, 10);
        }
        assert!((28..=30).contains(&(c.apply(s, 10) - 10)));
        for _ in 0..200 {
            c.update(s, 10_000, 10);
        }
        assert_eq!(c.apply(s, 0), LIMIT);
    }

    #[test]
    fn correction_slot_depends_on_the_pawn_structure_only() {
        let v = variants::build("chess", "").unwrap();
        let ep = crate::eval::EvalParams::new(&v);
        let c = Correction::new(2, &ep.pawn_like);
        let a = crate::fen::parse(&v, "4k3/pp6/8/8/8/8/PP6/4K2R w - - 0 1").unwrap();
        let b = crate::fen::parse(&v, "3k4/pp6/8/8/8/8/PP6/R3K3 w - - 0 1").unwrap();
        let d = crate::fen::parse(&v, "4k3/p7/1p6/8/8/8/PP6/4K2R w - - 0 1").unwrap();
        assert_eq!(c.slot(&a), c.slot(&b));
        assert_ne!(c.slot(&a), c.slot(&d));
    }
}
