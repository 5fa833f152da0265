//! Each man's attacks and destinations as 128-bit cell sets, for boards of at most 128 cells: the
//! compiled move tables recast as one mask per leap atom and per straight ride, so the
//! evaluation gets a man's whole attack set from a few mask operations instead of a walk over
//! its cells (docs/eval.md). The first man met on a ride is found by a bit scan: on a board
//! numbered row by row, a straight ride's cells run in rising or in falling cell order.

use crate::geometry::Cell;
use crate::piece::Piece;
use crate::tables::{CANNON, CAPTURE, GRASSHOPPER, LEAPS, MOVE, Tables};

/// The largest board the sets cover.
pub const MAX_CELLS: usize = 128;

/// Every cell is a target (a merged leap atom).
const LEAP: u8 = 1;
/// A ride whose cells rise in cell order: the first man met is the lowest set bit.
const UP: u8 = 2;
/// A ride whose cells fall in cell order: the first man met is the highest set bit.
const DOWN: u8 = 4;
const TAKES: u8 = 8;
const MOVES: u8 = 16;

#[derive(Clone, Copy, Debug)]
struct Line {
    cells: u128,
    /// Cells that must be empty for the move (a lame leg); not destinations.
    lame: u128,
    flags: u8,
}

/// Per (army, type, cell), the lines of a man there; the man is walked instead
/// (`attacks::scan`) where one of its atoms is neither a leap nor a straight ride, perhaps behind
/// a lame leg (hopping, ranged, or bending round the board).
#[derive(Clone, Debug)]
pub struct Lines {
    ntypes: usize,
    ncells: usize,
    idx: Vec<u32>,
    lines: Vec<Line>,
    /// Bit set per (army, type, cell) index: the man there must be walked.
    walked: Vec<u64>,
}

impl Lines {
    /// The lines of every man of the tables, or `None` for a board above `MAX_CELLS` cells.
    pub fn new(tb: &Tables) -> Option<Lines> {
        let per_army = tb.ntypes * tb.ncells;
        if tb.ncells > MAX_CELLS || per_army == 0 {
            return None;
        }
        let slots = (tb.atom_idx.len() - 1) / per_army * per_army;
        let mut out = Lines {
            ntypes: tb.ntypes,
            ncells: tb.ncells,
            idx: Vec::with_capacity(slots + 1),
            lines: Vec::new(),
            walked: vec![0; slots.div_ceil(64)],
        };
        for i in 0..slots {
            out.idx.push(out.lines.len() as u32);
            let start = out.lines.len();
            let (a, b) = (tb.atom_idx[i] as usize, tb.atom_idx[i + 1] as usize);
            for at in &tb.atoms[a..b] {
                if at.cond != 0 {
                    // Privileged moves (double steps, castling) are left out, as in `scan`.
                    continue;
                }
                let (leg, path) = tb.cells(at).split_at(at.prefix as usize);
                let mask = |cells: &[Cell]| cells.iter().fold(0u128, |m, &c| m | 1 << c);
                let mut flags = 0;
                if at.flags & CAPTURE != 0 {
                    flags |= TAKES;
                }
                if at.flags & MOVE != 0 {
                    flags |= MOVES;
                }
                let plain = at.min == 0 && at.flags & (CANNON | GRASSHOPPER) == 0;
                if at.flags & LEAPS != 0 && leg.is_empty() {
                    flags |= LEAP;
                } else if plain && path.windows(2).all(|w| w[0] < w[1]) {
                    flags |= UP;
                } else if plain && path.windows(2).all(|w| w[0] > w[1]) {
                    flags |= DOWN;
                } else {
                    out.walked[i / 64] |= 1 << (i % 64);
                    out.lines.truncate(start);
                    break;
                }
                out.lines.push(Line {
                    cells: mask(path),
                    lame: mask(leg),
                    flags,
                });
            }
        }
        out.idx.push(out.lines.len() as u32);
        Some(out)
    }

    /// The cells man `p` standing on `c` attacks (could capture on: an own man there is
    /// defended) and the cells it can move to now, given the occupied cells and the enemy's
    /// men; `None` when the man must be walked instead.
    #[inline]
    pub fn sets(&self, p: Piece, c: Cell, occ: u128, enemy: u128) -> Option<(u128, u128)> {
        let i = (p.army() as usize * self.ntypes + p.kind() as usize) * self.ncells + c as usize;
        if self.walked[i / 64] >> (i % 64) & 1 != 0 {
            return None;
        }
        let (mut att, mut reach) = (0u128, 0u128);
        for l in &self.lines[self.idx[i] as usize..self.idx[i + 1] as usize] {
            if l.lame & occ != 0 {
                continue;
            }
            let block = l.cells & occ;
            let cells = if l.flags & LEAP != 0 || block == 0 {
                l.cells
            } else if l.flags & UP != 0 {
                // Up to and including the lowest occupied cell.
                l.cells & (2u128 << block.trailing_zeros()).wrapping_sub(1)
            } else {
                l.cells & (u128::MAX << (127 - block.leading_zeros()))
            };
            if l.flags & TAKES != 0 {
                att |= cells;
                reach |= cells & enemy;
            }
            if l.flags & MOVES != 0 {
                reach |= cells & !occ;
            }
        }
        Some((att, reach))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::attacks::{ATTACK, REACH, scan};
    use crate::movegen::{MoveList, legal_moves};
    use crate::position::Position;
    use crate::{fen, variants};

    /// The walk's attack and move sets of the man on `c`, as 128-bit sets.
    fn walked(pos: &Position, c: Cell) -> (u128, u128) {
        let (mut a, mut r) = (0u128, 0u128);
        scan(pos, c, |x, fl| {
            if fl & ATTACK != 0 {
                a |= 1 << x;
            }
            if fl & REACH != 0 {
                r |= 1 << x;
            }
        });
        (a, r)
    }

    /// Every man's sets on the board, compared with the walk; returns how many men had lines.
    fn check(pos: &Position, lines: &Lines, game: &str) -> usize {
        let mut men = [0u128; 2];
        for c in 0..pos.board_cells() {
            let p = pos.at(c as Cell);
            if !p.is_empty() {
                men[p.owner() as usize & 1] |= 1 << c;
            }
        }
        let occ = men[0] | men[1];
        let mut n = 0;
        for c in 0..pos.board_cells() {
            let p = pos.at(c as Cell);
            if p.is_empty() {
                continue;
            }
            let enemy = men[1 - (p.owner() as usize & 1)];
            if let Some(got) = lines.sets(p, c as Cell, occ, enemy) {
                let fen = fen::to_fen(pos);
                assert_eq!(got, walked(pos, c as Cell), "{game} {fen} cell {c}");
                n += 1;
            }
        }
        n
    }

    /// In every two-player game of at most 128 cells, along a few playouts (a fixed pseudo-random
    /// choice of move), each man's sets from the lines equal those of the walk over its moves.
    #[test]
    fn lines_give_the_sets_the_walk_gives() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut games = 0;
        for e in variants::all() {
            let v = variants::build(e.id, "").unwrap();
            let Some(lines) = Lines::new(&v.tables) else {
                continue;
            };
            if v.players != 2 {
                continue;
            }
            games += 1;
            let mut checked = 0;
            for _ in 0..4 {
                let mut pos = fen::parse(&v, &v.start_fen).unwrap();
                let mut list = MoveList::new();
                for _ in 0..60 {
                    checked += check(&pos, &lines, e.id);
                    list.clear();
                    legal_moves(&mut pos, &mut list);
                    if list.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    pos.make(list[(seed % list.len() as u64) as usize]);
                }
            }
            assert!(checked > 0, "{}: no man had lines", e.id);
        }
        assert!(games >= 30, "only {games} games");
    }
}
