//! Board geometry: cells with coordinates and names, and how a displacement maps a cell to another.
//!
//! A board is a box of `width x height x levels` grid positions; some may be holes. Either axis may
//! wrap. Every grid position has a cell index (holes included, so index arithmetic stays simple);
//! holes are never reachable. Boards that are not boxes (citadels, explicit graphs) add cells after
//! the grid with explicit links; their movement tables are built by their game's own file.

use crate::cellset::CellSet;

pub type Cell = u16;
pub const NO_CELL: Cell = u16::MAX;
/// Largest cell count any board may have (8x8x8 = 512; 16x16 = 256; plus a few special cells).
pub const MAX_CELLS: usize = 576;

#[derive(Clone, Debug)]
pub struct Geometry {
    pub width: u8,
    pub height: u8,
    pub levels: u8,
    pub wrap_x: bool,
    pub wrap_y: bool,
    exists: CellSet,
    ncells: usize,
    /// Names of cells beyond the grid (citadels and the like), by index from `grid_cells()`.
    extra_names: Vec<String>,
    /// Explicit links to and from cells beyond the grid (see `Link`).
    pub links: Vec<Link>,
}

/// An explicit one-step connection used where the grid has none (citadels): from `from`, a step
/// of board vector `d` (after `tables::orient`, i.e. as seen from the first player) reaches `to`.
/// Links should join cells beyond the grid to grid cells (or to each other).
/// The movement tables use it for every Betza step or leap of that vector, subject to the
/// restrictions below; the reverse attack tables follow from the movement tables.
#[derive(Clone, Debug)]
pub struct Link {
    pub from: Cell,
    pub d: (i32, i32, i32),
    pub to: Cell,
    /// May a ride or multi-leg move pass this link (else only a single step or leap of vector `d`)?
    pub ride: bool,
    /// May a man capture on `to` through this link (else move-only: `to` is never attacked that way)?
    pub capture: bool,
    /// Per army: bit mask of the piece types that may use the link.
    pub types: [u64; 4],
}

impl Link {
    /// A link usable by single steps/leaps of every type, captures allowed.
    pub fn new(from: Cell, d: (i32, i32, i32), to: Cell) -> Link {
        Link {
            from,
            d,
            to,
            ride: false,
            capture: true,
            types: [u64::MAX; 4],
        }
    }
}

impl Geometry {
    pub fn rect(width: u8, height: u8) -> Geometry {
        Self::boxed(width, height, 1)
    }

    pub fn boxed(width: u8, height: u8, levels: u8) -> Geometry {
        let n = width as usize * height as usize * levels as usize;
        assert!(n <= MAX_CELLS, "board too large");
        let mut exists = CellSet::EMPTY;
        for c in 0..n {
            exists.insert(c as Cell);
        }
        Geometry {
            width,
            height,
            levels,
            wrap_x: false,
            wrap_y: false,
            exists,
            ncells: n,
            extra_names: Vec::new(),
            links: Vec::new(),
        }
    }

    /// Removes grid positions for which `keep(file, rank)` is false (holes).
    pub fn with_mask(mut self, keep: impl Fn(u8, u8) -> bool) -> Geometry {
        for c in 0..self.grid_cells() {
            let (x, y, _) = self.coords(c as Cell);
            if !keep(x, y) {
                self.exists.remove(c as Cell);
            }
        }
        self
    }

    pub fn wrapping(mut self, wrap_x: bool, wrap_y: bool) -> Geometry {
        self.wrap_x = wrap_x;
        self.wrap_y = wrap_y;
        self
    }

    /// Adds a named cell outside the grid; returns its index.
    pub fn add_cell(&mut self, name: &str) -> Cell {
        let c = self.ncells as Cell;
        assert!(self.ncells < MAX_CELLS);
        self.ncells += 1;
        self.exists.insert(c);
        self.extra_names.push(name.to_string());
        c
    }

    /// Declares an explicit link (see `Link`).
    pub fn add_link(&mut self, l: Link) {
        self.links.push(l);
    }

    /// `offset` for one step, falling back on explicit links where the grid has no cell (always
    /// for cells beyond the grid): the target and the index of the link used, if any.
    pub fn linked_offset(&self, c: Cell, d: (i32, i32, i32)) -> Option<(Cell, Option<usize>)> {
        if let Some(t) = self.offset(c, d.0, d.1, d.2) {
            return Some((t, None));
        }
        self.links
            .iter()
            .position(|l| l.from == c && l.d == d)
            .map(|i| (self.links[i].to, Some(i)))
    }

    pub fn grid_cells(&self) -> usize {
        self.width as usize * self.height as usize * self.levels as usize
    }

    pub fn num_cells(&self) -> usize {
        self.ncells
    }

    pub fn exists(&self, c: Cell) -> bool {
        (c as usize) < self.ncells && self.exists.contains(c)
    }

    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.ncells as Cell).filter(move |&c| self.exists.contains(c))
    }

    pub fn is_grid(&self, c: Cell) -> bool {
        (c as usize) < self.grid_cells()
    }

    /// (file, rank, level), zero based. Only for grid cells.
    pub fn coords(&self, c: Cell) -> (u8, u8, u8) {
        let c = c as usize;
        let w = self.width as usize;
        let h = self.height as usize;
        ((c % w) as u8, ((c / w) % h) as u8, (c / (w * h)) as u8)
    }

    pub fn cell_at(&self, x: i32, y: i32, z: i32) -> Option<Cell> {
        let (w, h, l) = (self.width as i32, self.height as i32, self.levels as i32);
        let x = if self.wrap_x { x.rem_euclid(w) } else { x };
        let y = if self.wrap_y { y.rem_euclid(h) } else { y };
        if x < 0 || y < 0 || z < 0 || x >= w || y >= h || z >= l {
            return None;
        }
        let c = ((z * h + y) * w + x) as Cell;
        self.exists.contains(c).then_some(c)
    }

    /// The cell reached from `c` by a displacement, if any.
    pub fn offset(&self, c: Cell, dx: i32, dy: i32, dz: i32) -> Option<Cell> {
        if !self.is_grid(c) {
            return None;
        }
        let (x, y, z) = self.coords(c);
        self.cell_at(x as i32 + dx, y as i32 + dy, z as i32 + dz)
    }

    pub fn name(&self, c: Cell) -> String {
        if !self.is_grid(c) {
            // `-` for no cell, as in FEN.
            return self
                .extra_names
                .get(c as usize - self.grid_cells())
                .map_or_else(|| "-".to_string(), Clone::clone);
        }
        let (x, y, z) = self.coords(c);
        let sq = format!("{}{}", (b'a' + x) as char, y as u32 + 1);
        if self.levels > 1 {
            format!("{}{}", (b'A' + z) as char, sq)
        } else {
            sq
        }
    }

    /// Parses a cell name at the start of `s`; returns the cell and the number of bytes used.
    pub fn parse_cell_prefix(&self, s: &str) -> Option<(Cell, usize)> {
        for (i, n) in self.extra_names.iter().enumerate() {
            if s.starts_with(n.as_str()) {
                return Some(((self.grid_cells() + i) as Cell, n.len()));
            }
        }
        let b = s.as_bytes();
        let mut i = 0;
        let mut z = 0;
        if self.levels > 1 {
            let l = *b.first()?;
            if !l.is_ascii_uppercase() {
                return None;
            }
            z = (l - b'A') as i32;
            i = 1;
        }
        let f = *b.get(i)?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        i += 1;
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() && i - start < 2 {
            i += 1;
        }
        if i == start {
            return None;
        }
        let mut rank: i32 = s[start..i].parse().ok()?;
        // A rank like "10" must not swallow the next square's digit on small boards: prefer the
        // longest rank that exists on the board.
        if rank > self.height as i32 && i - start == 2 {
            i -= 1;
            rank = s[start..i].parse().ok()?;
        }
        let c = self.cell_at((f - b'a') as i32, rank - 1, z)?;
        Some((c, i))
    }

    pub fn parse_cell(&self, s: &str) -> Option<Cell> {
        match self.parse_cell_prefix(s) {
            Some((c, n)) if n == s.len() => Some(c),
            _ => None,
        }
    }

    /// The mirror of a grid cell for the other player (rank flipped).
    pub fn flip_rank(&self, c: Cell) -> Cell {
        let (x, y, z) = self.coords(c);
        ((z as usize * self.height as usize + (self.height - 1 - y) as usize) * self.width as usize
            + x as usize) as Cell
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_on_large_boards() {
        let g = Geometry::rect(14, 14);
        for c in g.cells() {
            assert_eq!(g.parse_cell(&g.name(c)), Some(c));
        }
        assert_eq!(g.name(g.cell_at(0, 9, 0).unwrap()), "a10");
        assert_eq!(
            g.parse_cell_prefix("a10a8"),
            Some((g.cell_at(0, 9, 0).unwrap(), 3))
        );
    }

    #[test]
    fn two_digit_rank_prefix_on_small_board() {
        let g = Geometry::rect(8, 8);
        // "a1" followed by "0" is not rank 10 on an 8-rank board.
        assert_eq!(g.parse_cell_prefix("a10"), Some((0, 2)));
    }

    #[test]
    fn wrapping_offsets() {
        let g = Geometry::rect(8, 8).wrapping(true, true);
        assert_eq!(g.offset(0, -1, -1, 0), g.cell_at(7, 7, 0));
    }
}
