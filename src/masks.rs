//! The reverse attack tables (`Tables::leaps_to`, `Tables::rays_to`) as 128-bit cell masks, for
//! boards of at most 128 cells: who attacks a cell is then found from the position's men masks
//! with a few mask operations instead of a walk over the tables' cells. A straight ray's cells,
//! on a board numbered row by row, run in rising or falling cell order, so the first man met on
//! it is the lowest or the highest occupied bit.

use crate::geometry::Cell;
use crate::piece::Player;
use crate::tables::Tables;

/// The largest board the masks cover.
pub const MAX_CELLS: usize = 128;

/// A reverse ray: the cells from which a rider of `types` attacks the ray's cell, nearest first.
#[derive(Clone, Copy, Debug)]
pub struct MaskRay {
    pub cells: u128,
    /// Type bits of the riders that attack along the ray.
    pub types: u64,
    /// The cells rise in cell order (else they fall).
    pub rising: bool,
}

impl MaskRay {
    /// The ray's cells up to and including the first occupied one (all when none is).
    #[inline(always)]
    pub fn reach(&self, occ: u128) -> u128 {
        if self.rising {
            rise(self.cells, occ)
        } else {
            fall(self.cells, occ)
        }
    }
}

/// A rising ride's cells up to and including the lowest occupied one (all when none is):
/// `b ^ (b - 1)` sets the lowest set bit of `b` and every bit below it, or every bit for 0.
#[inline(always)]
pub fn rise(cells: u128, occ: u128) -> u128 {
    let b = cells & occ;
    cells & (b ^ b.wrapping_sub(1))
}

/// A falling ride's cells down to and including the highest occupied one (all when none is).
#[inline(always)]
pub fn fall(cells: u128, occ: u128) -> u128 {
    let b = cells & occ;
    if b == 0 {
        cells
    } else {
        cells & (u128::MAX << (127 - b.leading_zeros()))
    }
}

/// The bit of cell `c` (none from 128 on).
#[inline(always)]
pub fn bit(c: Cell) -> u128 {
    1u128.checked_shl(c as u32).unwrap_or(0)
}

/// The cells of a mask, lowest first.
#[inline]
pub fn cells(mut m: u128) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let c = m.trailing_zeros() as Cell;
        m &= m - 1;
        Some(c)
    })
}

/// Per (army, cell), the plain leaps that attack it grouped by the types that make them, and its
/// reverse rays, as masks.
#[derive(Clone, Debug, Default)]
pub struct AttackMasks {
    ncells: usize,
    /// (type bits, source cells) per (army, cell), `leap_idx` indexed.
    leaps: Vec<(u64, u128)>,
    leap_idx: Vec<u32>,
    rays: Vec<MaskRay>,
    ray_idx: Vec<u32>,
}

impl AttackMasks {
    /// The masks of the tables, or `None` for a board above `MAX_CELLS` cells or one where a
    /// reverse ray does not run in cell order (it bends round the board).
    pub fn new(tb: &Tables) -> Option<AttackMasks> {
        let n = tb.ncells;
        if n > MAX_CELLS || n == 0 {
            return None;
        }
        let slots = tb.leap_idx.len().saturating_sub(1);
        let mut out = AttackMasks {
            ncells: n,
            ..AttackMasks::default()
        };
        for i in 0..slots {
            out.leap_idx.push(out.leaps.len() as u32);
            let start = out.leaps.len();
            for &(src, types) in &tb.leaps[tb.leap_idx[i] as usize..tb.leap_idx[i + 1] as usize] {
                match out.leaps[start..].iter_mut().find(|(t, _)| *t == types) {
                    Some((_, m)) => *m |= bit(src),
                    None => out.leaps.push((types, bit(src))),
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
                cells: path.iter().fold(0, |m, &c| m | bit(c)),
                types: r.mask,
                rising,
            });
        }
        out.ray_idx = tb.ray_idx.clone();
        Some(out)
    }

    /// The plain leaps that attack `x` for men of `army`: (type bits, source cells) pairs.
    #[inline]
    pub fn leaps_to(&self, army: Player, x: Cell) -> &[(u64, u128)] {
        let i = army as usize * self.ncells + x as usize;
        &self.leaps[self.leap_idx[i] as usize..self.leap_idx[i + 1] as usize]
    }

    /// The reverse rays of `x` for men of `army`, in `Tables::rays_to`'s order.
    #[inline]
    pub fn rays_to(&self, army: Player, x: Cell) -> &[MaskRay] {
        let i = army as usize * self.ncells + x as usize;
        &self.rays[self.ray_idx[i] as usize..self.ray_idx[i + 1] as usize]
    }
}
