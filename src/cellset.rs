//! A fixed-size set of cells (regions: promotion zones, palaces, double-step ranks).

use crate::geometry::Cell;

const WORDS: usize = 9; // 576 cells

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct CellSet([u64; WORDS]);

impl CellSet {
    pub const EMPTY: CellSet = CellSet([0; WORDS]);

    #[inline]
    pub fn contains(&self, c: Cell) -> bool {
        let c = c as usize;
        c < WORDS * 64 && self.0[c >> 6] >> (c & 63) & 1 != 0
    }

    #[inline]
    pub fn insert(&mut self, c: Cell) {
        self.0[c as usize >> 6] |= 1 << (c & 63);
    }

    #[inline]
    pub fn remove(&mut self, c: Cell) {
        self.0[c as usize >> 6] &= !(1 << (c & 63));
    }

    /// The cells in both sets.
    #[inline]
    pub fn intersection(&self, o: &CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros();
                w &= w - 1;
                Some((i * 64 + b as usize) as Cell)
            })
        })
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(cells: I) -> CellSet {
        let mut s = CellSet::EMPTY;
        for c in cells {
            s.insert(c);
        }
        s
    }
}

impl std::fmt::Debug for CellSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}
