//! The reverse attack tables (`Tables::leaps_to`, `Tables::rays_to`) as cell masks, for boards of
//! at most 256 cells: who attacks a cell is then found from the position's men masks with a few
//! mask operations instead of a walk over the tables' cells. A straight ray's cells, on a board
//! numbered row by row, run in rising or falling cell order, so the first man met on it is the
//! lowest or the highest occupied bit. Boards of at most 128 cells use one `u128` per mask,
//! larger ones a `Wide` pair (`CellMask` is what the two have in common).

use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXorAssign, Not};

use crate::geometry::Cell;
use crate::piece::Player;
use crate::tables::Tables;

/// The largest board the masks cover.
pub const MAX_CELLS: usize = 256;

/// A set of cells as a mask: `u128` up to 128 cells, `Wide` up to 256.
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

impl CellMask for u128 {
    const CELLS: usize = 128;

    #[inline(always)]
    fn bit(c: Cell) -> u128 {
        1u128.checked_shl(c as u32).unwrap_or(0)
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

    /// `b ^ (b - 1)` sets the lowest set bit of `b` and every bit below it, or every bit for 0.
    #[inline(always)]
    fn rise(cells: u128, occ: u128) -> u128 {
        let b = cells & occ;
        cells & (b ^ b.wrapping_sub(1))
    }

    #[inline(always)]
    fn fall(cells: u128, occ: u128) -> u128 {
        let b = cells & occ;
        if b == 0 {
            cells
        } else {
            cells & (u128::MAX << (127 - b.leading_zeros()))
        }
    }

    #[inline(always)]
    fn from_wide(w: Wide) -> u128 {
        w.0[0]
    }

    #[inline(always)]
    fn to_words<const N: usize>(self) -> [u64; N] {
        let mut s = [0; N];
        s[0] = self as u64;
        if N > 1 {
            s[1] = (self >> 64) as u64;
        }
        s
    }

    #[inline(always)]
    fn from_words<const N: usize>(w: &[u64; N]) -> u128 {
        w[0] as u128 | (w.get(1).copied().unwrap_or(0) as u128) << 64
    }
}

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

/// A reverse ray: the cells from which a rider of `types` attacks the ray's cell, nearest first.
#[derive(Clone, Copy, Debug)]
pub struct MaskRay<M> {
    pub cells: M,
    /// Type bits of the riders that attack along the ray.
    pub types: u64,
    /// The cells rise in cell order (else they fall).
    pub rising: bool,
}

impl<M: CellMask> MaskRay<M> {
    /// The ray's cells up to and including the first occupied one (all when none is).
    #[inline(always)]
    pub fn reach(&self, occ: M) -> M {
        if self.rising {
            M::rise(self.cells, occ)
        } else {
            M::fall(self.cells, occ)
        }
    }
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
}

impl<M: CellMask> AttackMasks<M> {
    /// The masks of the tables, or `None` for a board above `M::CELLS` cells or one where a
    /// reverse ray does not run in cell order (it bends round the board).
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
            let rising = path.windows(2).all(|w| w[0] < w[1]);
            if !rising && !path.windows(2).all(|w| w[0] > w[1]) {
                return None;
            }
            out.rays.push(MaskRay {
                cells: path.iter().fold(M::default(), |m, &c| m | M::bit(c)),
                types: r.mask,
                rising,
            });
        }
        out.ray_idx = tb.ray_idx.clone();
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
}

/// The tables' reverse masks at the width the board needs: `u128` up to 128 cells, `Wide` up
/// to 256; none on larger boards or where a ray bends round the board.
#[derive(Clone, Debug)]
pub enum BoardMasks {
    Narrow(AttackMasks<u128>),
    Wide(AttackMasks<Wide>),
}

impl BoardMasks {
    pub fn new(tb: &Tables) -> Option<BoardMasks> {
        if tb.ncells <= u128::CELLS {
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
}
