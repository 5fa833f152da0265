//! The reverse attack tables (`Tables::leaps_to`, `Tables::rays_to`) as cell masks, for boards of
//! at most 256 cells: who attacks a cell is then found from the position's men masks with a few
//! mask operations instead of a walk over the tables' cells. A straight ray's cells, on a board
//! numbered row by row, run in rising or falling cell order, so the first man met on it is the
//! lowest or the highest occupied bit. A ray that wraps round the board (torus, round boards) is
//! cut into such runs, read in turn until one holds a man. Boards of at most 64 cells use one
//! `u64` per mask, of at most 128 one `u128`, larger ones a `Wide` pair (`CellMask` is what they
//! have in common).

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXorAssign, Not};

use crate::geometry::Cell;
use crate::piece::Player;
use crate::tables::Tables;

/// The largest board the masks cover.
pub const MAX_CELLS: usize = 256;

/// A set of cells as a mask: `u64` up to 64 cells, `u128` up to 128, `Wide` up to 256.
pub trait CellMask:
    Copy
    + Default
    + Eq
    + Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// The cells a mask of this type can hold.
    const CELLS: usize;
    /// The bit of cell `c` (none beyond `CELLS`).
    fn bit(c: Cell) -> Self;
    fn is_empty(self) -> bool;
    /// The lowest cell (the mask must not be empty).
    fn lowest(self) -> Cell;
    /// Removes and returns the lowest cell, if any.
    fn pop(&mut self) -> Option<Cell>;
    /// The cells of a rising ride up to and including the lowest occupied one (all when none is).
    fn rise(cells: Self, occ: Self) -> Self;
    /// The cells of a falling ride down to and including the highest occupied one.
    fn fall(cells: Self, occ: Self) -> Self;
    /// The mask's part of a `Wide` (the position keeps its masks as `Wide`).
    fn from_wide(w: Wide) -> Self;
    /// The mask as `N` 64-bit words (the evaluation's sets), cells beyond them dropped.
    fn to_words<const N: usize>(self) -> [u64; N];
    /// The first `CELLS` cells of a set of `N` words.
    fn from_words<const N: usize>(w: &[u64; N]) -> Self;

    /// The cells of the mask, lowest first.
    #[inline]
    fn cells(self) -> impl Iterator<Item = Cell> {
        let mut m = self;
        std::iter::from_fn(move || m.pop())
    }
}

/// One machine word (or two) per mask: `u64` for boards of up to 64 cells, `u128` up to 128.
macro_rules! word_mask {
    ($t:ty) => {
        impl CellMask for $t {
            const CELLS: usize = <$t>::BITS as usize;

            #[inline(always)]
            fn bit(c: Cell) -> $t {
                (1 as $t).checked_shl(c as u32).unwrap_or(0)
            }

            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }

            #[inline(always)]
            fn lowest(self) -> Cell {
                self.trailing_zeros() as Cell
            }

            #[inline(always)]
            fn pop(&mut self) -> Option<Cell> {
                if *self == 0 {
                    return None;
                }
                let c = self.trailing_zeros() as Cell;
                *self &= *self - 1;
                Some(c)
            }

            /// `b ^ (b - 1)` sets the lowest set bit of `b` and every bit below it, or every bit
            /// for 0.
            #[inline(always)]
            fn rise(cells: $t, occ: $t) -> $t {
                let b = cells & occ;
                cells & (b ^ b.wrapping_sub(1))
            }

            #[inline(always)]
            fn fall(cells: $t, occ: $t) -> $t {
                let b = cells & occ;
                if b == 0 {
                    cells
                } else {
                    cells & (<$t>::MAX << (<$t>::BITS - 1 - b.leading_zeros()))
                }
            }

            #[inline(always)]
            fn from_wide(w: Wide) -> $t {
                w.0[0] as $t
            }

            #[inline(always)]
            fn to_words<const N: usize>(self) -> [u64; N] {
                let mut s = [0; N];
                for (i, x) in s.iter_mut().enumerate().take(Self::CELLS / 64) {
                    *x = (self >> (64 * i)) as u64;
                }
                s
            }

            #[inline(always)]
            fn from_words<const N: usize>(w: &[u64; N]) -> $t {
                let mut m: $t = 0;
                for (i, &x) in w.iter().enumerate().take(Self::CELLS / 64) {
                    m |= (x as $t) << (64 * i);
                }
                m
            }
        }
    };
}

word_mask!(u64);
word_mask!(u128);

/// A 256-cell mask: cells 0-127 in the first word, 128-255 in the second.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wide(pub [u128; 2]);

impl Wide {
    /// Flips cell `c` (below 256): the position's one update per man put, taken or moved.
    #[inline(always)]
    pub fn toggle(&mut self, c: Cell) {
        debug_assert!((c as usize) < 256);
        self.0[(c as usize >> 7) & 1] ^= 1 << (c & 127);
    }

    /// Holds cell `c` (below 256).
    #[inline(always)]
    pub fn has(&self, c: Cell) -> bool {
        self.0[(c as usize >> 7) & 1] >> (c & 127) & 1 != 0
    }
}

impl BitAnd for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitand(self, o: Wide) -> Wide {
        Wide([self.0[0] & o.0[0], self.0[1] & o.0[1]])
    }
}

impl BitOr for Wide {
    type Output = Wide;
    #[inline(always)]
    fn bitor(self, o: Wide) -> Wide {
        Wide([self.0[0] | o.0[0], self.0[1] | o.0[1]])
    }
}

impl Not for Wide {
    type Output = Wide;
    #[inline(always)]
    fn not(self) -> Wide {
        Wide([!self.0[0], !self.0[1]])
    }
}

impl BitAndAssign for Wide {
    #[inline(always)]
    fn bitand_assign(&mut self, o: Wide) {
        *self = *self & o;
    }
}

impl BitOrAssign for Wide {
    #[inline(always)]
    fn bitor_assign(&mut self, o: Wide) {
        *self = *self | o;
    }
}

impl BitXorAssign for Wide {
    #[inline(always)]
    fn bitxor_assign(&mut self, o: Wide) {
        self.0[0] ^= o.0[0];
        self.0[1] ^= o.0[1];
    }
}

impl CellMask for Wide {
    const CELLS: usize = 256;

    #[inline(always)]
    fn bit(c: Cell) -> Wide {
        let mut w = Wide::default();
        if (c as usize) < 256 {
            w.0[c as usize >> 7] = 1 << (c & 127);
        }
        w
    }

    #[inline(always)]
    fn is_empty(self) -> bool {
        self.0[0] | self.0[1] == 0
    }

    #[inline(always)]
    fn lowest(self) -> Cell {
        if self.0[0] != 0 {
            self.0[0].trailing_zeros() as Cell
        } else {
            (128 + self.0[1].trailing_zeros()) as Cell
        }
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<Cell> {
        if self.0[0] != 0 {
            self.0[0].pop()
        } else {
            self.0[1].pop().map(|c| c + 128)
        }
    }

    /// The lowest occupied cell is in the low word (the high word is then cut off) or in the
    /// high word (the low word is wholly below it).
    #[inline(always)]
    fn rise(cells: Wide, occ: Wide) -> Wide {
        if cells.0[0] & occ.0[0] != 0 {
            Wide([u128::rise(cells.0[0], occ.0[0]), 0])
        } else {
            Wide([cells.0[0], u128::rise(cells.0[1], occ.0[1])])
        }
    }

    #[inline(always)]
    fn fall(cells: Wide, occ: Wide) -> Wide {
        if cells.0[1] & occ.0[1] != 0 {
            Wide([0, u128::fall(cells.0[1], occ.0[1])])
        } else {
            Wide([u128::fall(cells.0[0], occ.0[0]), cells.0[1]])
        }
    }

    #[inline(always)]
    fn from_wide(w: Wide) -> Wide {
        w
    }

    #[inline(always)]
    fn to_words<const N: usize>(self) -> [u64; N] {
        let mut s = [0; N];
        for (i, x) in s.iter_mut().enumerate().take(4) {
            *x = (self.0[i >> 1] >> (64 * (i & 1))) as u64;
        }
        s
    }

    #[inline(always)]
    fn from_words<const N: usize>(w: &[u64; N]) -> Wide {
        let word = |i: usize| w.get(i).copied().unwrap_or(0) as u128;
        Wide([word(0) | word(1) << 64, word(2) | word(3) << 64])
    }
}

/// Cells of a path that run in one cell order: rising (the first man met is the lowest set bit)
/// or falling (the highest).
#[derive(Clone, Copy, Debug)]
pub struct Run<M> {
    pub cells: M,
    pub rising: bool,
}

impl<M: CellMask> Run<M> {
    /// The run's cells up to and including the first occupied one (all when none is).
    #[inline(always)]
    pub fn reach(&self, occ: M) -> M {
        if self.rising {
            M::rise(self.cells, occ)
        } else {
            M::fall(self.cells, occ)
        }
    }
}

/// A path of cells (nearest first) cut into its longest runs in one cell order.
pub fn runs<M: CellMask>(path: &[Cell]) -> Vec<Run<M>> {
    let mut out: Vec<(Vec<Cell>, Option<bool>)> = Vec::new();
    for &c in path {
        let joined = out.last_mut().is_some_and(|(cells, dir)| {
            let up = c > *cells.last().unwrap();
            if dir.is_none_or(|d| d == up) {
                cells.push(c);
                *dir = Some(up);
                true
            } else {
                false
            }
        });
        if !joined {
            out.push((vec![c], None));
        }
    }
    out.into_iter()
        .map(|(cells, dir)| Run {
            cells: cells.iter().fold(M::default(), |m, &c| m | M::bit(c)),
            rising: dir.unwrap_or(true),
        })
        .collect()
}

/// Runs read in turn: their cells up to and including the first occupied one.
#[inline]
pub fn reach_runs<M: CellMask>(runs: &[Run<M>], occ: M) -> M {
    let mut out = M::default();
    for r in runs {
        out |= r.reach(occ);
        if !(r.cells & occ).is_empty() {
            break;
        }
    }
    out
}

/// A reverse ray: the cells from which a rider of `types` attacks the ray's cell, nearest first.
#[derive(Clone, Copy, Debug)]
pub struct MaskRay<M> {
    pub cells: M,
    /// Type bits of the riders that attack along the ray.
    pub types: u64,
    /// The cells rise in cell order (else they fall, or the ray is bent).
    rising: bool,
    /// A ray whose cells do not keep one order: its runs are `runs[first_run..][..nruns]`.
    bent: bool,
    nruns: u16,
    first_run: u32,
}

/// Per (army, cell), the plain leaps that attack it grouped by the types that make them, and its
/// reverse rays, as masks of type `M`.
#[derive(Clone, Debug, Default)]
pub struct AttackMasks<M> {
    ncells: usize,
    /// (type bits, source cells) per (army, cell), `leap_idx` indexed.
    leaps: Vec<(u64, M)>,
    leap_idx: Vec<u32>,
    rays: Vec<MaskRay<M>>,
    ray_idx: Vec<u32>,
    /// The runs of bent rays.
    runs: Vec<Run<M>>,
    /// Per (army, cell), the source cells of its attack paths (`Tables::paths_to`: lame, bent
    /// and hopping moves), and per army the type bits of the men that have such paths.
    path_srcs: Vec<M>,
    path_kinds: Vec<u64>,
    /// Per (army, cell), its paths grouped by source: (source, range of `path_order`), sorted by
    /// source, `path_group_idx` indexed; `path_order` holds indices into `Tables::paths`.
    path_groups: Vec<(Cell, u32, u32)>,
    path_group_idx: Vec<u32>,
    path_order: Vec<u32>,
}

impl<M: CellMask> AttackMasks<M> {
    /// The masks of the tables, or `None` for a board above `M::CELLS` cells.
    pub fn new(tb: &Tables) -> Option<AttackMasks<M>> {
        let n = tb.ncells;
        if n > M::CELLS || n == 0 {
            return None;
        }
        let slots = tb.leap_idx.len().saturating_sub(1);
        let mut out = AttackMasks {
            ncells: n,
            leaps: Vec::new(),
            leap_idx: Vec::new(),
            rays: Vec::new(),
            ray_idx: Vec::new(),
            runs: Vec::new(),
            path_srcs: Vec::new(),
            path_kinds: Vec::new(),
            path_groups: Vec::new(),
            path_group_idx: Vec::new(),
            path_order: Vec::new(),
        };
        for i in 0..slots {
            out.leap_idx.push(out.leaps.len() as u32);
            let start = out.leaps.len();
            for &(src, types) in &tb.leaps[tb.leap_idx[i] as usize..tb.leap_idx[i + 1] as usize] {
                match out.leaps[start..].iter_mut().find(|(t, _)| *t == types) {
                    Some((_, m)) => *m |= M::bit(src),
                    None => out.leaps.push((types, M::bit(src))),
                }
            }
        }
        out.leap_idx.push(out.leaps.len() as u32);
        for r in &tb.rays {
            let path = &tb.path[r.start as usize..r.start as usize + r.len as usize];
            let runs = runs::<M>(path);
            let bent = runs.len() > 1;
            out.rays.push(MaskRay {
                cells: path.iter().fold(M::default(), |m, &c| m | M::bit(c)),
                types: r.mask,
                rising: runs.first().is_none_or(|r| r.rising),
                bent,
                // A path holds fewer cells than a board (at most 256).
                nruns: runs.len() as u16,
                first_run: out.runs.len() as u32,
            });
            if bent {
                out.runs.extend(&runs);
            }
        }
        out.ray_idx = tb.ray_idx.clone();
        let armies = tb.path_idx.len().saturating_sub(1) / n;
        for army in 0..armies {
            let mut kinds = 0u64;
            for x in 0..n {
                let paths = tb.paths_to(army as Player, x as Cell);
                out.path_srcs
                    .push(paths.iter().fold(M::default(), |m, e| m | M::bit(e.src)));
                // A type beyond 64 makes the bits all ones: "any type".
                kinds |= paths.iter().fold(0, |k, e| {
                    k | 1u64.checked_shl(e.kind as u32).unwrap_or(u64::MAX)
                });
                let first = tb.path_idx[army * n + x] as usize;
                let mut order: Vec<u32> = (first..first + paths.len()).map(|i| i as u32).collect();
                order.sort_by_key(|&i| tb.paths[i as usize].src);
                let cell_groups = out.path_groups.len();
                out.path_group_idx.push(cell_groups as u32);
                for &i in &order {
                    let src = tb.paths[i as usize].src;
                    let at = out.path_order.len() as u32;
                    match out.path_groups[cell_groups..].last_mut() {
                        Some(g) if g.0 == src => g.2 = at + 1,
                        _ => out.path_groups.push((src, at, at + 1)),
                    }
                    out.path_order.push(i);
                }
            }
            out.path_kinds.push(kinds);
        }
        out.path_group_idx.push(out.path_groups.len() as u32);
        Some(out)
    }

    /// The plain leaps that attack `x` for men of `army`: (type bits, source cells) pairs.
    #[inline]
    pub fn leaps_to(&self, army: Player, x: Cell) -> &[(u64, M)] {
        let i = army as usize * self.ncells + x as usize;
        &self.leaps[self.leap_idx[i] as usize..self.leap_idx[i + 1] as usize]
    }

    /// The reverse rays of `x` for men of `army`, in `Tables::rays_to`'s order.
    #[inline]
    pub fn rays_to(&self, army: Player, x: Cell) -> &[MaskRay<M>] {
        let i = army as usize * self.ncells + x as usize;
        &self.rays[self.ray_idx[i] as usize..self.ray_idx[i + 1] as usize]
    }

    /// The source cells of `x`'s attack paths for men of `army`.
    #[inline]
    pub fn path_sources(&self, army: Player, x: Cell) -> M {
        self.path_srcs
            .get(army as usize * self.ncells + x as usize)
            .copied()
            .unwrap_or_default()
    }

    /// The indices (into `Tables::paths`) of `x`'s attack paths for men of `army` that start
    /// on `src`.
    #[inline]
    pub fn paths_from(&self, army: Player, x: Cell, src: Cell) -> &[u32] {
        let i = army as usize * self.ncells + x as usize;
        let groups =
            &self.path_groups[self.path_group_idx[i] as usize..self.path_group_idx[i + 1] as usize];
        match groups.binary_search_by_key(&src, |g| g.0) {
            Ok(k) => &self.path_order[groups[k].1 as usize..groups[k].2 as usize],
            Err(_) => &[],
        }
    }

    /// The type bits of `army`'s men that have attack paths (all ones: any type).
    #[inline]
    pub fn path_kinds(&self, army: Player) -> u64 {
        self.path_kinds.get(army as usize).copied().unwrap_or(0)
    }

    /// Ray `r`'s cells up to and including the first occupied one (all when none is).
    #[inline(always)]
    pub fn reach(&self, r: &MaskRay<M>, occ: M) -> M {
        if r.bent {
            let a = r.first_run as usize;
            reach_runs(&self.runs[a..a + r.nruns as usize], occ)
        } else if r.rising {
            M::rise(r.cells, occ)
        } else {
            M::fall(r.cells, occ)
        }
    }
}

/// The tables' reverse masks at the width the board needs: `u64` up to 64 cells, `u128` up to
/// 128, `Wide` up to 256; none on larger boards.
#[derive(Clone, Debug)]
pub enum BoardMasks {
    Small(AttackMasks<u64>),
    Narrow(AttackMasks<u128>),
    Wide(AttackMasks<Wide>),
}

impl BoardMasks {
    pub fn new(tb: &Tables) -> Option<BoardMasks> {
        if tb.ncells <= u64::CELLS {
            AttackMasks::new(tb).map(BoardMasks::Small)
        } else if tb.ncells <= u128::CELLS {
            AttackMasks::new(tb).map(BoardMasks::Narrow)
        } else {
            AttackMasks::new(tb).map(BoardMasks::Wide)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A wide ride's reach, cell by cell, is the narrow rule's across the word boundary.
    #[test]
    fn wide_rides_stop_at_the_first_man_across_the_word_boundary() {
        let cells = |cs: &[Cell]| cs.iter().fold(Wide::default(), |m, &c| m | Wide::bit(c));
        let ride = [120, 125, 130, 135, 140, 200];
        let rising = cells(&ride);
        for (i, &stop) in ride.iter().enumerate() {
            let occ = cells(&[stop, 3, 250]);
            assert_eq!(
                Wide::rise(rising, occ),
                cells(&ride[..=i]),
                "rise to {stop}"
            );
            let expect: Vec<Cell> = ride[i..].to_vec();
            assert_eq!(Wide::fall(rising, occ), cells(&expect), "fall to {stop}");
        }
        assert_eq!(Wide::rise(rising, Wide::default()), rising);
        assert_eq!(Wide::fall(rising, Wide::default()), rising);
        assert_eq!(rising.cells().collect::<Vec<_>>(), ride);
        assert_eq!(Wide::from_words(&rising.to_words::<4>()), rising);
        assert_eq!(rising.lowest(), 120);
        assert!(Wide::bit(256).is_empty() && u128::bit(128) == 0);
    }

    /// The 64-cell masks (chess-sized boards) read rides as the 128-cell ones do, up to the top
    /// bit of the word.
    #[test]
    fn small_rides_stop_at_the_first_man_as_narrow_ones_do() {
        let ride: [Cell; 6] = [1, 9, 27, 36, 54, 63];
        let small = ride.iter().fold(0u64, |m, &c| m | u64::bit(c));
        let narrow = ride.iter().fold(0u128, |m, &c| m | u128::bit(c));
        for &stop in &ride {
            let occ = [stop, 0, 40].iter().fold(0u64, |m, &c| m | u64::bit(c));
            let wide_occ = occ as u128;
            assert_eq!(u64::rise(small, occ) as u128, u128::rise(narrow, wide_occ));
            assert_eq!(u64::fall(small, occ) as u128, u128::fall(narrow, wide_occ));
        }
        assert_eq!(u64::fall(small, 0), small);
        assert_eq!(small.cells().collect::<Vec<_>>(), ride);
        assert_eq!(u64::from_words(&small.to_words::<2>()), small);
        assert_eq!(u64::from_wide(Wide([narrow, 0])), small);
        assert!(u64::bit(64) == 0);
    }

    /// A path that wraps round the board is cut where its cell order turns, and its reach stops
    /// at the first man met in path order, whichever run holds it.
    #[test]
    fn a_wrapping_ray_is_read_run_by_run_in_path_order() {
        // A rank of a torus, from cell 13 eastward: 14, 15, then round to 8..12.
        let path: [Cell; 7] = [14, 15, 8, 9, 10, 11, 12];
        let cut = runs::<u128>(&path);
        assert_eq!(cut.len(), 2);
        let cells = |cs: &[Cell]| cs.iter().fold(0u128, |m, &c| m | 1 << c);
        for i in 0..path.len() {
            // A man on path[i] and one further on: the reach ends at path[i].
            let occ = cells(&[path[i], path[(i + 2).min(6)], 3]);
            assert_eq!(
                reach_runs(&cut, occ),
                cells(&path[..=i]),
                "man on {}",
                path[i]
            );
        }
        assert_eq!(reach_runs(&cut, 1 << 3), cells(&path));
        // A falling then rising path (a bend).
        let bend = runs::<u128>(&[20, 12, 4, 5, 6]);
        assert_eq!(
            (bend.len(), bend[0].rising, bend[1].rising),
            (2, false, true)
        );
    }
}
