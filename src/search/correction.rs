//! Static-evaluation correction history: per side to move, running averages of how far searches
//! ended from the static evaluation, keyed by the pawn-like structure and by each player's other
//! men. The evaluation misjudges some structures and placements consistently (a blocked centre, a
//! weak king's cover, a trapped piece); the search learns it as it goes.

use crate::piece::{MAX_PLAYERS, Player};
use crate::position::Position;

/// Entries per table (a power of two).
const SIZE: usize = 1 << 14;
/// Fixed-point scale of an entry.
const GRAIN: i32 = 256;
/// Largest correction of one table, in centipawns.
const LIMIT: i32 = 64;

/// Where a position's corrections live: one slot per table, or none (`NONE`: an evaluation the
/// correction must neither read nor learn from).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Slots {
    pawn: u32,
    /// One table per owner of the other men: their placement, per side to move.
    pieces: [u32; MAX_PLAYERS],
}

impl Slots {
    pub const NONE: Slots = Slots {
        pawn: u32::MAX,
        pieces: [u32::MAX; MAX_PLAYERS],
    };
}

pub struct Correction {
    players: usize,
    pawn: Vec<i32>,
    pieces: Vec<i32>,
}

impl Correction {
    pub fn new(players: usize) -> Correction {
        Correction {
            players,
            pawn: vec![0; players * SIZE],
            pieces: vec![0; players * players * SIZE],
        }
    }

    /// The slots of `pos`: per side to move, the cells of every pawn-like man, and of each
    /// player the cells of his other men (their placement tells what the evaluation misjudges
    /// about them: a trapped piece, a king's attackers). The position keeps these keys as its
    /// men move.
    #[inline]
    pub fn slot(&self, pos: &Position) -> Slots {
        let n = self.players;
        let side = pos.side as usize;
        let index = |table: usize, key: u64| (table * SIZE + (key >> 40) as usize % SIZE) as u32;
        let mut out = Slots::NONE;
        let mut pawn = 0u64;
        for p in 0..n {
            pawn ^= pos.men_key(p as Player, true);
            out.pieces[p] = index(side * n + p, pos.men_key(p as Player, false));
        }
        out.pawn = index(side, pawn);
        out
    }

    /// The sum of the slots' corrections, in centipawns.
    #[inline]
    fn total(&self, s: Slots) -> i32 {
        let mut t = self.pawn[s.pawn as usize];
        for &i in &s.pieces[..self.players] {
            t += self.pieces[i as usize] / 2;
        }
        t / GRAIN
    }

    /// The corrected static evaluation.
    #[inline]
    pub fn apply(&self, s: Slots, raw: i32) -> i32 {
        raw + self.total(s)
    }

    /// Moves the slots' sum toward `diff` (search score − raw evaluation), more for deeper
    /// searches: each table takes a share of the error left, so together they learn what no
    /// single one explains.
    #[inline]
    pub fn update(&mut self, s: Slots, diff: i32, depth: i32) {
        let w = (depth + 1).min(16);
        let err = (diff.clamp(-4 * LIMIT, 4 * LIMIT) - self.total(s)) * GRAIN;
        let step = |e: &mut i32, share: i32| {
            *e = (*e + err * w / 256 * share / 2).clamp(-LIMIT * GRAIN, LIMIT * GRAIN);
        };
        step(&mut self.pawn[s.pawn as usize], 2);
        for &i in &s.pieces[..self.players] {
            step(&mut self.pieces[i as usize], 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants;

    fn chess() -> (std::sync::Arc<crate::variant::Variant>, Correction) {
        let v = variants::build("chess", "").unwrap();
        let c = Correction::new(2);
        (v, c)
    }

    #[test]
    fn correction_follows_search_scores_and_stays_bounded() {
        let (v, mut c) = chess();
        let pos = crate::fen::parse(&v, &v.start_fen).unwrap();
        let s = c.slot(&pos);
        assert_eq!(c.apply(s, 10), 10);
        for _ in 0..200 {
            c.update(s, 30, 10);
        }
        assert!((28..=32).contains(&(c.apply(s, 10) - 10)));
        for _ in 0..200 {
            c.update(s, 10_000, 10);
        }
        // The pawn table's limit and half of each player's piece table's.
        assert_eq!(c.apply(s, 0), 2 * LIMIT);
    }

    #[test]
    fn correction_slots_follow_the_pawn_structure_and_each_players_men() {
        let (v, c) = chess();
        let a = crate::fen::parse(&v, "4k3/pp6/8/8/8/8/PP6/4K2R w - - 0 1").unwrap();
        let b = crate::fen::parse(&v, "4k3/pp6/8/8/8/8/PP6/R3K3 w - - 0 1").unwrap();
        let d = crate::fen::parse(&v, "4k3/p7/1p6/8/8/8/PP6/4K2R w - - 0 1").unwrap();
        let (sa, sb, sd) = (c.slot(&a), c.slot(&b), c.slot(&d));
        // The rook moved: white's pieces' slot changed, the pawns' and black's did not.
        assert_eq!(sa.pawn, sb.pawn);
        assert_ne!(sa.pieces[0], sb.pieces[0]);
        assert_eq!(sa.pieces[1], sb.pieces[1]);
        // A black pawn moved: only the pawns' slot changed.
        assert_ne!(sa.pawn, sd.pawn);
        assert_eq!(sa.pieces, sd.pieces);
    }

    #[test]
    fn corrections_learn_what_the_tables_share() {
        // Two positions that share the pawns but not the pieces: each learns its own score
        // through its piece slot while the shared pawn slot carries their common part.
        let (v, mut c) = chess();
        let a = c.slot(&crate::fen::parse(&v, "4k3/pp6/8/8/8/8/PP6/4K2R w - - 0 1").unwrap());
        let b = c.slot(&crate::fen::parse(&v, "4k3/pp6/8/8/8/8/PP6/R3K3 w - - 0 1").unwrap());
        for _ in 0..400 {
            c.update(a, 40, 10);
            c.update(b, 0, 10);
        }
        assert!((36..=44).contains(&c.apply(a, 0)), "{}", c.apply(a, 0));
        assert!((-4..=4).contains(&c.apply(b, 0)), "{}", c.apply(b, 0));
    }
}
