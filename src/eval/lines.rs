//! Each man's attacks and destinations as cell masks, for boards of at most 256 cells (`u64`
//! masks up to 64, `u128` up to 128, `Wide` ones above): the compiled move tables recast as one
//! mask per leap atom and per straight ride, so the evaluation gets a man's whole attack set from
//! a few mask operations instead of a walk over its cells (docs/eval.md). The first man met on a
//! ride is found by a bit scan: on a board numbered row by row, a straight ride's cells run in
//! rising or in falling cell order.

use crate::geometry::Cell;
use crate::masks::{CellMask, Run, Wide, reach_runs, runs};
use crate::piece::Piece;
use crate::tables::{CANNON, CAPTURE, GRASSHOPPER, LEAPS, MOVE, Tables};

/// The largest board the sets cover.
pub use crate::masks::MAX_CELLS;

/// A ride whose cells rise in cell order: the first man met is the lowest set bit.
const UP: u8 = 1;
/// A ride whose cells fall in cell order: the first man met is the highest set bit.
const DOWN: u8 = 2;
/// A leap behind a lame leg: every cell is a target once the leg is empty.
const LAME_LEAP: u8 = 4;
const TAKES: u8 = 8;
const MOVES: u8 = 16;
/// A ride whose cells do not keep one order (it wraps round the board or bends): read as its
/// runs in one order each (`Line::runs`).
const BENT: u8 = 32;

/// A line that is not a plain ride that both moves and captures: a lame leap, a ride that only
/// moves or only captures, or a bent ride.
#[derive(Clone, Copy, Debug)]
struct Line<M> {
    cells: M,
    /// Cells that must be empty for the move (a lame leg); not destinations.
    lame: M,
    flags: u8,
    /// A bent ride's runs: `Lines::runs[runs.0..runs.1]`.
    runs: (u32, u32),
}

/// One man's moves from one cell: its plain leaps merged into two masks, its plain rides that
/// move and capture as bare masks (rising, then falling, in `rides`), and its other lines.
#[derive(Clone, Copy, Debug, Default)]
struct Slot<M> {
    /// Cells the plain leaps could capture on.
    leap_takes: M,
    /// Cells the plain leaps could move to when empty.
    leap_moves: M,
    /// `rides[up..down]` rise, `rides[down..end]` fall.
    up: u32,
    down: u32,
    end: u32,
    /// `lines[other..other_end]`; `other == u32::MAX` when the man must be walked.
    other: u32,
    other_end: u32,
}

/// Per (army, type, cell), the masks of a man there; the man is walked instead
/// (`attacks::scan`) where one of its atoms is neither a leap nor a plain ride, perhaps behind a
/// lame leg (a hopper, or a ride with a least distance). A ride that wraps round the board or
/// bends is kept as its runs in one cell order (`BENT`).
#[derive(Clone, Debug)]
pub struct Lines<M> {
    ntypes: usize,
    ncells: usize,
    slots: Vec<Slot<M>>,
    rides: Vec<M>,
    lines: Vec<Line<M>>,
    /// The runs of bent rides.
    runs: Vec<Run<M>>,
}

impl<M: CellMask> Lines<M> {
    /// The lines of every man of the tables, or `None` for a board above `M::CELLS` cells.
    pub fn new(tb: &Tables) -> Option<Lines<M>> {
        let per_army = tb.ntypes * tb.ncells;
        if tb.ncells > M::CELLS || per_army == 0 {
            return None;
        }
        let n = (tb.atom_idx.len() - 1) / per_army * per_army;
        let mut out = Lines {
            ntypes: tb.ntypes,
            ncells: tb.ncells,
            slots: Vec::with_capacity(n),
            rides: Vec::new(),
            lines: Vec::new(),
            runs: Vec::new(),
        };
        for i in 0..n {
            let mut slot = Slot::default();
            let (mut ups, mut downs, mut others) = (Vec::new(), Vec::new(), Vec::new());
            let runs_before = out.runs.len();
            let mut walked = false;
            let (a, b) = (tb.atom_idx[i] as usize, tb.atom_idx[i + 1] as usize);
            for at in &tb.atoms[a..b] {
                if at.cond != 0 {
                    // Privileged moves (double steps, castling) are left out, as in `scan`.
                    continue;
                }
                let (leg, path) = tb.cells(at).split_at(at.prefix as usize);
                let mask = |cells: &[Cell]| cells.iter().fold(M::default(), |m, &c| m | M::bit(c));
                let (takes, moves) = (at.flags & CAPTURE != 0, at.flags & MOVE != 0);
                let plain = at.min == 0 && at.flags & (CANNON | GRASSHOPPER) == 0;
                let kind = if at.flags & LEAPS != 0 && leg.is_empty() {
                    if takes {
                        slot.leap_takes |= mask(path);
                    }
                    if moves {
                        slot.leap_moves |= mask(path);
                    }
                    continue;
                } else if at.flags & LEAPS != 0 {
                    LAME_LEAP
                } else if plain && path.windows(2).all(|w| w[0] < w[1]) {
                    UP
                } else if plain && path.windows(2).all(|w| w[0] > w[1]) {
                    DOWN
                } else if plain {
                    BENT
                } else {
                    walked = true;
                    break;
                };
                if kind & (UP | DOWN) != 0 && leg.is_empty() && takes && moves {
                    if kind == UP { &mut ups } else { &mut downs }.push(mask(path));
                    continue;
                }
                let flags = kind | if takes { TAKES } else { 0 } | if moves { MOVES } else { 0 };
                let first = out.runs.len() as u32;
                if kind == BENT {
                    out.runs.extend(runs::<M>(path));
                }
                others.push(Line {
                    cells: mask(path),
                    lame: mask(leg),
                    flags,
                    runs: (first, out.runs.len() as u32),
                });
            }
            if walked {
                out.runs.truncate(runs_before);
                slot = Slot {
                    other: u32::MAX,
                    ..Slot::default()
                };
            } else {
                slot.up = out.rides.len() as u32;
                out.rides.extend(ups);
                slot.down = out.rides.len() as u32;
                out.rides.extend(downs);
                slot.end = out.rides.len() as u32;
                slot.other = out.lines.len() as u32;
                out.lines.extend(others);
                slot.other_end = out.lines.len() as u32;
            }
            out.slots.push(slot);
        }
        Some(out)
    }

    #[inline]
    fn slot(&self, p: Piece, c: Cell) -> &Slot<M> {
        &self.slots
            [(p.army() as usize * self.ntypes + p.kind() as usize) * self.ncells + c as usize]
    }

    /// The cells the plain rides of a slot reach, up to and including the first man met.
    #[inline(always)]
    fn rides(&self, s: &Slot<M>, occ: M) -> M {
        let mut r = M::default();
        for &cells in &self.rides[s.up as usize..s.down as usize] {
            r |= M::rise(cells, occ);
        }
        for &cells in &self.rides[s.down as usize..s.end as usize] {
            r |= M::fall(cells, occ);
        }
        r
    }

    /// The cells man `p` standing on `c` attacks (could capture on: an own man there is
    /// defended) and the cells it can move to now, given the occupied cells and the enemy's
    /// men; `None` when the man must be walked instead.
    #[inline(always)]
    pub fn sets(&self, p: Piece, c: Cell, occ: M, enemy: M) -> Option<(M, M)> {
        let s = self.slot(p, c);
        if s.other == u32::MAX {
            return None;
        }
        let rides = self.rides(s, occ);
        let mut att = s.leap_takes | rides;
        let mut reach = (att & enemy) | ((s.leap_moves | rides) & !occ);
        for l in &self.lines[s.other as usize..s.other_end as usize] {
            if !(l.lame & occ).is_empty() {
                continue;
            }
            let cells = self.ride(l, occ);
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

    /// A line's cells up to and including the first man met (all of them for a leap).
    #[inline(always)]
    fn ride(&self, l: &Line<M>, occ: M) -> M {
        if l.flags & LAME_LEAP != 0 {
            l.cells
        } else if l.flags & UP != 0 {
            M::rise(l.cells, occ)
        } else if l.flags & DOWN != 0 {
            M::fall(l.cells, occ)
        } else {
            reach_runs(&self.runs[l.runs.0 as usize..l.runs.1 as usize], occ)
        }
    }

    /// The cells man `p` standing on `c` attacks (`sets`' first set), or `None` when the man
    /// must be walked instead.
    #[inline(always)]
    pub fn attacks(&self, p: Piece, c: Cell, occ: M) -> Option<M> {
        let s = self.slot(p, c);
        if s.other == u32::MAX {
            return None;
        }
        let mut att = s.leap_takes | self.rides(s, occ);
        for l in &self.lines[s.other as usize..s.other_end as usize] {
            if l.flags & TAKES != 0 && (l.lame & occ).is_empty() {
                att |= self.ride(l, occ);
            }
        }
        Some(att)
    }
}

/// The lines at the width the board needs: `u64` masks up to 64 cells, `u128` up to 128, `Wide`
/// up to 256.
/// Callers hand over cell sets of `N` 64-bit words (the evaluation's); a width the sets cannot
/// hold answers `None`, as a man that must be walked does.
#[derive(Clone, Debug)]
pub enum ManLines {
    Small(Lines<u64>),
    Narrow(Lines<u128>),
    Wide(Lines<Wide>),
}

impl ManLines {
    /// The lines of the tables, or `None` for a board above 256 cells.
    pub fn new(tb: &Tables) -> Option<ManLines> {
        if tb.ncells <= u64::CELLS {
            Lines::new(tb).map(ManLines::Small)
        } else if tb.ncells <= u128::CELLS {
            Lines::new(tb).map(ManLines::Narrow)
        } else {
            Lines::new(tb).map(ManLines::Wide)
        }
    }

    /// `Lines::sets` on sets of `N` words.
    #[inline(always)]
    pub fn sets<const N: usize>(
        &self,
        p: Piece,
        c: Cell,
        occ: &[u64; N],
        enemy: &[u64; N],
    ) -> Option<([u64; N], [u64; N])> {
        match self {
            ManLines::Small(l) => l
                .sets(p, c, u64::from_words(occ), u64::from_words(enemy))
                .map(|(a, r)| (a.to_words(), r.to_words())),
            ManLines::Narrow(l) if N >= 2 => l
                .sets(p, c, u128::from_words(occ), u128::from_words(enemy))
                .map(|(a, r)| (a.to_words(), r.to_words())),
            ManLines::Wide(l) if N >= 4 => l
                .sets(p, c, Wide::from_words(occ), Wide::from_words(enemy))
                .map(|(a, r)| (a.to_words(), r.to_words())),
            _ => None,
        }
    }

    /// `Lines::attacks` on sets of `N` words.
    #[inline(always)]
    pub fn attacks<const N: usize>(&self, p: Piece, c: Cell, occ: &[u64; N]) -> Option<[u64; N]> {
        match self {
            ManLines::Small(l) => l.attacks(p, c, u64::from_words(occ)).map(|a| a.to_words()),
            ManLines::Narrow(l) if N >= 2 => {
                l.attacks(p, c, u128::from_words(occ)).map(|a| a.to_words())
            }
            ManLines::Wide(l) if N >= 4 => {
                l.attacks(p, c, Wide::from_words(occ)).map(|a| a.to_words())
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::attacks::{ATTACK, REACH, scan};
    use crate::fen;
    use crate::playout::two_player_playouts;
    use crate::position::Position;

    /// The walk's attack and move sets of the man on `c`, as four-word sets.
    fn walked(pos: &Position, c: Cell) -> ([u64; 4], [u64; 4]) {
        let (mut a, mut r) = (Wide::default(), Wide::default());
        scan(pos, c, |x, fl| {
            if fl & ATTACK != 0 {
                a |= Wide::bit(x);
            }
            if fl & REACH != 0 {
                r |= Wide::bit(x);
            }
        });
        (a.to_words(), r.to_words())
    }

    /// Every man's sets on the board, compared with the walk; returns how many men had lines.
    fn check(pos: &Position, lines: &ManLines, game: &str) -> usize {
        let mut men = [Wide::default(); 2];
        for c in 0..pos.board_cells() {
            let p = pos.at(c as Cell);
            if !p.is_empty() {
                men[p.owner() as usize & 1] |= Wide::bit(c as Cell);
            }
        }
        let occ = (men[0] | men[1]).to_words::<4>();
        let mut n = 0;
        for c in 0..pos.board_cells() {
            let p = pos.at(c as Cell);
            if p.is_empty() {
                continue;
            }
            let enemy = men[1 - (p.owner() as usize & 1)].to_words::<4>();
            if let Some(got) = lines.sets(p, c as Cell, &occ, &enemy) {
                let fen = fen::to_fen(pos);
                assert_eq!(got, walked(pos, c as Cell), "{game} {fen} cell {c}");
                assert_eq!(
                    lines.attacks(p, c as Cell, &occ),
                    Some(got.0),
                    "{game} {fen} {c}"
                );
                n += 1;
            }
        }
        n
    }

    /// In every two-player game of at most 256 cells, along a few playouts (a fixed pseudo-random
    /// choice of move), each man's sets from the lines (`u64` masks up to 64 cells, `u128`
    /// up to 128, `Wide` above) equal those of the walk over its moves.
    #[test]
    fn lines_give_the_sets_the_walk_gives() {
        let mut lines: Option<(String, ManLines)> = None;
        let mut checked = std::collections::HashMap::new();
        let wanted = |v: &crate::variant::Variant| ManLines::new(&v.tables).is_some();
        let games = two_player_playouts(4, 60, 0x9e37_79b9_7f4a_7c15, wanted, |id, pos| {
            if lines.as_ref().is_none_or(|(g, _)| g != id) {
                lines = Some((id.to_string(), ManLines::new(&pos.v.tables).unwrap()));
            }
            let (_, l) = lines.as_ref().unwrap();
            *checked.entry(id.to_string()).or_insert(0) += check(pos, l, id);
        });
        assert!(games >= 30, "only {games} games");
        for (id, n) in &checked {
            assert!(*n > 0, "{id}: no man had lines");
        }
        for wide in ["kabir", "acedrex", "turkish3", "turkish4", "tsuishogi"] {
            assert!(
                checked.get(wide).is_some_and(|&n| n > 0),
                "{wide} not checked"
            );
        }
    }
}
