//! Movement tables compiled once per variant: for every (army, piece type, cell) the list of
//! atoms (paths of cells to walk), and for every (army, cell) the reverse tables that answer
//! "is this cell attacked?" without generating moves.

use crate::betza::{self, Hop};
use crate::cellset::CellSet;
use crate::geometry::{Cell, Geometry};
use crate::masks::BoardMasks;
use crate::piece::{Initial, PieceType, Player};
use crate::variant::Variant;

pub const MOVE: u8 = 1;
pub const CAPTURE: u8 = 2;
pub const CANNON: u8 = 4;
pub const GRASSHOPPER: u8 = 8;
/// A move-only multi-step of an en-passant man: it leaves en-passant cells behind.
pub const SETS_EP: u8 = 16;
/// The atom's `cond` right must NOT be held (Betza `u`, the opposite of `x`).
pub const UNLESS: u8 = 32;
/// Independent single leaps merged into one atom: every cell is a target, none blocks another.
pub const LEAPS: u8 = 64;
/// Some destination lies in the man's promotion zone.
pub const PROMO: u8 = 128;

/// Does a right condition hold? `cond` = 0 (none) or 1 + the right's index; `UNLESS` in `flags`
/// inverts it.
#[inline]
pub fn cond_holds(cond: u8, flags: u8, rights: u64) -> bool {
    cond == 0 || (rights >> (cond - 1) & 1 != 0) != (flags & UNLESS != 0)
}

/// One way a man may move from one cell: walk `path`; the first `prefix` cells must be empty and
/// are not destinations; from index `prefix + min` on, cells are destinations until blocked.
#[derive(Clone, Copy, Debug)]
pub struct Atom {
    pub start: u32,
    pub len: u16,
    pub prefix: u8,
    pub min: u8,
    pub flags: u8,
    /// 0, or 1 + the index of the right this move needs.
    pub cond: u8,
}

/// A straight line from a target cell outward; any man of a type in `mask` first met on it attacks.
#[derive(Clone, Copy, Debug)]
pub struct RayEntry {
    pub start: u32,
    pub len: u16,
    pub mask: u64,
}

/// A single attacker cell reached through a path with a condition (lame, bent, hopping, ranged).
#[derive(Clone, Copy, Debug)]
pub struct PathEntry {
    pub src: Cell,
    pub kind: PieceType,
    pub start: u32,
    pub len: u16,
    pub flags: u8,
    pub cond: u8,
    /// Hoppers: types that may not be the screen (`PieceDef.hop_exclude`).
    pub exclude: u64,
}

#[derive(Default)]
pub struct Tables {
    pub ncells: usize,
    pub ntypes: usize,
    pub path: Vec<Cell>,
    pub atoms: Vec<Atom>,
    /// (army * ntypes + type) * ncells + cell -> first atom; one extra sentinel at the end.
    pub atom_idx: Vec<u32>,
    pub leaps: Vec<(Cell, u64)>,
    pub leap_idx: Vec<u32>,
    pub rays: Vec<RayEntry>,
    pub ray_idx: Vec<u32>,
    pub paths: Vec<PathEntry>,
    pub path_idx: Vec<u32>,
    /// Cells whose occupant can block or screen an attack on the indexed cell.
    pub aligned: Vec<CellSet>,
    pub has_hoppers: bool,
    pub royal_types: Vec<PieceType>,
    /// Per castling rule: cells that must be empty, and cells the king must not be attacked on.
    pub castle_empty: Vec<Vec<Cell>>,
    pub castle_safe: Vec<Vec<Cell>>,
    /// Per cell: rights lost when a move starts or ends there.
    pub touch: Vec<u64>,
    /// Rights lost when their player is checked, all and per player.
    pub check_rights: u64,
    pub check_rights_by_player: [u64; 4],
    /// The reverse tables as masks, on boards of at most 256 cells whose rays run in cell order.
    pub masks: Option<BoardMasks>,
}

/// Direction vector of an army: the first army moves up the board, the second down (mirrored, as
/// Fairy-Stockfish does); four armies face the four sides.
pub fn orient(players: u8, army: Player, v: (i8, i8, i8)) -> (i32, i32, i32) {
    let (x, y, z) = (v.0 as i32, v.1 as i32, v.2 as i32);
    match (players, army) {
        (_, 0) => (x, y, z),
        (2, _) => (x, -y, z),
        (_, 1) => (y, -x, z),
        (_, 2) => (-x, -y, z),
        _ => (-y, x, z),
    }
}

fn walk(geo: &Geometry, from: Cell, d: (i32, i32, i32), max: usize, out: &mut Vec<Cell>) {
    let mut cur = from;
    let mut seen = CellSet::EMPTY;
    seen.insert(from);
    while max == 0 || out.len() < max {
        match geo.offset(cur, d.0, d.1, d.2) {
            Some(c) if !seen.contains(c) => {
                seen.insert(c);
                out.push(c);
                cur = c;
            }
            _ => break,
        }
    }
}

/// `walk` that may step through explicit links (`Geometry::links`); records `(index in out, link)`
/// for every linked step.
fn walk_linked(
    geo: &Geometry,
    from: Cell,
    d: (i32, i32, i32),
    max: usize,
    out: &mut Vec<Cell>,
    used: &mut Vec<(usize, usize)>,
) {
    let mut cur = from;
    let mut seen = CellSet::EMPTY;
    seen.insert(from);
    for &c in out.iter() {
        seen.insert(c);
    }
    let base = out.len();
    while max == 0 || out.len() - base < max {
        match geo.linked_offset(cur, d) {
            Some((c, l)) if !seen.contains(c) => {
                seen.insert(c);
                if let Some(l) = l {
                    used.push((out.len(), l));
                }
                out.push(c);
                cur = c;
            }
            _ => break,
        }
    }
}

impl Tables {
    #[inline]
    pub fn atoms(&self, army: Player, t: PieceType, cell: Cell) -> &[Atom] {
        let i = (army as usize * self.ntypes + t as usize) * self.ncells + cell as usize;
        let (a, b) = (self.atom_idx[i] as usize, self.atom_idx[i + 1] as usize);
        debug_assert!(a <= b && b <= self.atoms.len());
        // SAFETY: atom_idx is built increasing and ends at atoms.len().
        unsafe { self.atoms.get_unchecked(a..b) }
    }

    #[inline]
    pub fn touch_mask(&self, c: Cell) -> u64 {
        self.touch.get(c as usize).copied().unwrap_or(0)
    }

    #[inline]
    pub fn check_rights_of(&self, p: Player) -> u64 {
        self.check_rights_by_player[p as usize]
    }

    #[inline]
    pub fn cells(&self, a: &Atom) -> &[Cell] {
        debug_assert!(a.start as usize + a.len as usize <= self.path.len());
        // SAFETY: every atom's path was pushed to `path` when the atom was built.
        unsafe {
            self.path
                .get_unchecked(a.start as usize..a.start as usize + a.len as usize)
        }
    }

    #[inline]
    pub fn leaps_to(&self, army: Player, x: Cell) -> &[(Cell, u64)] {
        let i = army as usize * self.ncells + x as usize;
        &self.leaps[self.leap_idx[i] as usize..self.leap_idx[i + 1] as usize]
    }

    #[inline]
    pub fn rays_to(&self, army: Player, x: Cell) -> &[RayEntry] {
        let i = army as usize * self.ncells + x as usize;
        &self.rays[self.ray_idx[i] as usize..self.ray_idx[i + 1] as usize]
    }

    #[inline]
    pub fn paths_to(&self, army: Player, x: Cell) -> &[PathEntry] {
        let i = army as usize * self.ncells + x as usize;
        &self.paths[self.path_idx[i] as usize..self.path_idx[i + 1] as usize]
    }

    /// Merges the plain single leaps of one (army, type, cell) into `LEAPS` atoms (fewer atoms to
    /// walk), and marks atoms that can reach the promotion zone.
    fn finish_cell(&mut self, first: usize, zone: Option<&CellSet>, from_zone: bool) {
        let plain = |a: &Atom| {
            a.len == 1
                && a.prefix == 0
                && a.min == 0
                && a.cond == 0
                && a.flags & !(MOVE | CAPTURE) == 0
        };
        let mut keep: Vec<Atom> = Vec::new();
        let mut groups: Vec<(u8, Vec<Cell>)> = Vec::new();
        for a in self.atoms.drain(first..) {
            if plain(&a) {
                let c = self.path[a.start as usize];
                match groups.iter_mut().find(|(f, _)| *f == a.flags) {
                    Some((_, cells)) => cells.push(c),
                    None => groups.push((a.flags, vec![c])),
                }
            } else {
                keep.push(a);
            }
        }
        for (flags, cells) in groups {
            keep.insert(
                0,
                Atom {
                    start: self.path.len() as u32,
                    len: cells.len() as u16,
                    prefix: 0,
                    min: 0,
                    flags: flags | LEAPS,
                    cond: 0,
                },
            );
            self.path.extend_from_slice(&cells);
        }
        if let Some(zone) = zone {
            for a in keep.iter_mut() {
                let cells = &self.path[a.start as usize..a.start as usize + a.len as usize];
                if from_zone || cells.iter().any(|&c| zone.contains(c)) {
                    a.flags |= PROMO;
                }
            }
        }
        self.atoms.extend(keep);
    }

    pub fn compile(v: &Variant) -> Result<Tables, String> {
        let geo = &v.geo;
        let ncells = geo.num_cells();
        let ntypes = v.pieces.len();
        let players = v.players;
        let mut t = Tables {
            ncells,
            ntypes,
            ..Default::default()
        };
        let specs: Vec<Vec<betza::MoveSpec>> = v
            .pieces
            .iter()
            .map(|p| betza::parse(&p.betza).map_err(|e| format!("{}: {e}", p.name)))
            .collect::<Result<_, _>>()?;
        // Per type: moves available only from some cells (per army).
        type ZoneSpecs = Vec<(Vec<CellSet>, Vec<betza::MoveSpec>)>;
        let zone_specs: Vec<ZoneSpecs> = v
            .pieces
            .iter()
            .map(|p| {
                p.zone_moves
                    .iter()
                    .map(|z| {
                        betza::parse(&z.betza)
                            .map(|s| (z.cells.clone(), s))
                            .map_err(|e| format!("{}: {e}", p.name))
                    })
                    .collect::<Result<ZoneSpecs, String>>()
            })
            .collect::<Result<_, _>>()?;
        // Per type: moves from some cells that stay within them (palace lines).
        let inner_specs: Vec<ZoneSpecs> = v
            .pieces
            .iter()
            .map(|p| {
                p.inner_moves
                    .iter()
                    .map(|z| {
                        betza::parse(&z.betza)
                            .map(|s| (z.cells.clone(), s))
                            .map_err(|e| format!("{}: {e}", p.name))
                    })
                    .collect::<Result<ZoneSpecs, String>>()
            })
            .collect::<Result<_, _>>()?;
        t.royal_types = (0..ntypes)
            .filter(|&i| v.pieces[i].royal)
            .map(|i| i as PieceType)
            .collect();

        // Forward tables.
        let mut buf = Vec::new();
        let mut used: Vec<(usize, usize)> = Vec::new();
        for army in 0..players {
            for (ti, piece) in v.pieces.iter().enumerate() {
                for cell in 0..ncells as Cell {
                    t.atom_idx.push(t.atoms.len() as u32);
                    if !geo.exists(cell) || (!geo.is_grid(cell) && geo.links.is_empty()) {
                        continue;
                    }
                    let zoned = zone_specs[ti]
                        .iter()
                        .filter(|(cells, _)| {
                            cells.get(army as usize).is_some_and(|c| c.contains(cell))
                        })
                        .flat_map(|(_, s)| s.iter().map(|s| (s, None)));
                    let inner = inner_specs[ti]
                        .iter()
                        .filter_map(|(cells, s)| {
                            cells
                                .get(army as usize)
                                .filter(|c| c.contains(cell))
                                .map(|c| (c, s))
                        })
                        .flat_map(|(c, s)| s.iter().map(move |s| (s, Some(c))));
                    let region = piece.region.get(army as usize);
                    for (s, confine) in specs[ti]
                        .iter()
                        .map(|s| (s, None))
                        .chain(zoned)
                        .chain(inner)
                    {
                        if s.initial {
                            let ok = match &piece.initial {
                                Initial::Cells(sets) => sets
                                    .get(army as usize)
                                    .is_some_and(|set| set.contains(cell)),
                                Initial::Never => false,
                            };
                            if !ok {
                                continue;
                            }
                        }
                        let mut cond = 0u8;
                        if s.privilege || s.unless_privilege {
                            let r = v.rights.iter().position(|r| {
                                r.player == army && (r.cell == Some(cell) || r.cell.is_none())
                            });
                            match r {
                                Some(r) => cond = r as u8 + 1,
                                // `u` without a matching right: always available.
                                None if s.unless_privilege => {}
                                None => continue,
                            }
                        }
                        let d = orient(players, army, s.v);
                        buf.clear();
                        used.clear();
                        let mut prefix = 0u8;
                        let mut min = s.min.saturating_sub(1);
                        if let Some(w) = s.bend {
                            let Some(first) = geo.offset(cell, d.0, d.1, d.2) else {
                                continue;
                            };
                            buf.push(first);
                            prefix = 1;
                            let w = orient(players, army, w);
                            // `buf` already holds the first step: the bent leg may add `max` cells.
                            let limit = if s.max == 0 { 0 } else { s.max as usize + 1 };
                            if geo.links.is_empty() {
                                walk(geo, first, w, limit, &mut buf);
                            } else {
                                walk_linked(geo, first, w, limit, &mut buf, &mut used);
                            }
                            buf.retain(|&c| c != cell);
                            if buf.len() <= 1 {
                                continue;
                            }
                        } else if s.max == 1 && s.hop == Hop::None {
                            let Some((to, link)) = geo.linked_offset(cell, d) else {
                                continue;
                            };
                            if s.lame {
                                let lp = betza::lame_path((s.v.0, s.v.1));
                                let mut ok = true;
                                for (lx, ly) in lp {
                                    let l = orient(players, army, (lx, ly, 0));
                                    match geo.offset(cell, l.0, l.1, l.2) {
                                        Some(c) => buf.push(c),
                                        None => ok = false,
                                    }
                                }
                                if !ok {
                                    continue;
                                }
                                prefix = buf.len() as u8;
                            }
                            if let Some(l) = link {
                                used.push((buf.len(), l));
                            }
                            buf.push(to);
                            min = 0;
                        } else {
                            if geo.links.is_empty() {
                                walk(geo, cell, d, s.max as usize, &mut buf);
                            } else {
                                walk_linked(geo, cell, d, s.max as usize, &mut buf, &mut used);
                            }
                            if buf.is_empty() {
                                continue;
                            }
                        }
                        // Confinement: destinations stay in the region (and the inner
                        // moves' cells); a ride stops at the edge.
                        if region.is_some() || confine.is_some() {
                            let inside = |c: Cell| {
                                region.is_none_or(|r| r.contains(c))
                                    && confine.is_none_or(|z| z.contains(c))
                            };
                            let first = prefix as usize;
                            if let Some(k) =
                                buf[first.min(buf.len())..].iter().position(|&c| !inside(c))
                            {
                                buf.truncate(first + k);
                            }
                            if buf.len() <= first + min as usize {
                                continue;
                            }
                        }
                        let mut flags = 0;
                        if s.can_move {
                            flags |= MOVE;
                        }
                        if s.can_capture {
                            flags |= CAPTURE;
                        }
                        match s.hop {
                            Hop::Cannon => flags |= CANNON,
                            Hop::Grasshopper => flags |= GRASSHOPPER,
                            Hop::None => {}
                        }
                        if piece.en_passant && s.can_move && !s.can_capture && buf.len() > 1 {
                            flags |= SETS_EP;
                        }
                        if s.unless_privilege && cond != 0 {
                            flags |= UNLESS;
                        }
                        // Explicit links: cut the path where this man may not pass; a move-only
                        // link ends the path and gets a move-only atom of its own.
                        let single = s.max == 1 && s.hop == Hop::None && s.bend.is_none();
                        for &(i, l) in used.iter() {
                            let link = &geo.links[l];
                            let ok = link.types[army as usize % 4] >> ti & 1 != 0
                                && (single || link.ride)
                                && s.hop == Hop::None;
                            if ok && link.capture {
                                continue;
                            }
                            if ok && flags & MOVE != 0 && i >= prefix as usize + min as usize {
                                t.atoms.push(Atom {
                                    start: t.path.len() as u32,
                                    len: i as u16 + 1,
                                    prefix: i as u8,
                                    min: 0,
                                    flags: flags & !CAPTURE,
                                    cond,
                                });
                                t.path.extend_from_slice(&buf[..=i]);
                            }
                            buf.truncate(i);
                            break;
                        }
                        if !used.is_empty() && buf.len() <= prefix as usize + min as usize {
                            continue;
                        }
                        t.atoms.push(Atom {
                            start: t.path.len() as u32,
                            len: buf.len() as u16,
                            prefix,
                            min,
                            flags,
                            cond,
                        });
                        t.path.extend_from_slice(&buf);
                    }
                    let zone = piece
                        .promotion
                        .as_ref()
                        .and_then(|p| p.zone.get(army as usize));
                    // Promotion on leaving the zone too: every move from a zone cell may promote.
                    let from_zone =
                        piece.promotes_from_zone && zone.is_some_and(|z| z.contains(cell));
                    t.finish_cell(*t.atom_idx.last().unwrap() as usize, zone, from_zone);
                }
            }
        }
        t.atom_idx.push(t.atoms.len() as u32);
        t.has_hoppers = t
            .atoms
            .iter()
            .any(|a| a.flags & (CANNON | GRASSHOPPER) != 0);
        t.compile_attacks(v, players);
        t.masks = BoardMasks::new(&t);
        t.compile_castling(v);
        t.touch = vec![0; ncells];
        for (i, r) in v.rights.iter().enumerate() {
            for &c in &r.lost_on_touch {
                t.touch[c as usize] |= 1 << i;
            }
            if r.lost_on_check {
                t.check_rights |= 1 << i;
                t.check_rights_by_player[r.player as usize] |= 1 << i;
            }
        }
        Ok(t)
    }

    fn compile_attacks(&mut self, v: &Variant, players: u8) {
        let geo = &v.geo;
        let n = self.ncells;
        let mut leaps: Vec<Vec<(Cell, u64)>> = vec![Vec::new(); players as usize * n];
        let mut paths: Vec<Vec<PathEntry>> = vec![Vec::new(); players as usize * n];
        let mut path_pool: Vec<Cell> = Vec::new();
        // Unlimited plain capture rides, by army and direction: the types that have them.
        // Per army: (direction, types that ride it).
        type DirTypes = Vec<((i32, i32, i32), u64)>;
        let mut ray_dirs: Vec<DirTypes> = vec![Vec::new(); players as usize];
        // Confined men's rides are not plain rays (they stop at the region's edge): they go to
        // the path tables. Attack-only rides (flying general) are plain rays.
        let specs: Vec<Vec<betza::MoveSpec>> = v
            .pieces
            .iter()
            .map(|p| {
                let mut s = if p.region.is_empty() {
                    betza::parse(&p.betza).unwrap_or_default()
                } else {
                    Vec::new()
                };
                s.extend(betza::parse(&p.attack_only).unwrap_or_default());
                s
            })
            .collect();
        for army in 0..players {
            for (ti, sp) in specs.iter().enumerate() {
                for s in sp {
                    if s.can_capture
                        && s.max == 0
                        && s.min <= 1
                        && s.hop == Hop::None
                        && s.bend.is_none()
                        && !s.initial
                        && !s.privilege
                        && !s.unless_privilege
                    {
                        let d = orient(players, army, s.v);
                        let list = &mut ray_dirs[army as usize];
                        match list.iter_mut().find(|(dd, _)| *dd == d) {
                            Some((_, m)) => *m |= 1 << ti,
                            None => list.push((d, 1 << ti)),
                        }
                    }
                }
            }
        }
        for army in 0..players {
            for ti in 0..self.ntypes {
                let plain_dirs: Vec<(i32, i32, i32)> = ray_dirs[army as usize]
                    .iter()
                    .filter(|(_, m)| m >> ti & 1 != 0)
                    .map(|(d, _)| *d)
                    .collect();
                for src in 0..n as Cell {
                    for a in self.atoms(army, ti as PieceType, src).to_vec() {
                        if a.flags & CAPTURE == 0 {
                            continue;
                        }
                        let cells = self.cells(&a).to_vec();
                        if a.flags & LEAPS != 0 {
                            for &x in &cells {
                                let list = &mut leaps[army as usize * n + x as usize];
                                match list.iter_mut().find(|(s, _)| *s == src) {
                                    Some((_, m)) => *m |= 1 << ti,
                                    None => list.push((src, 1 << ti)),
                                }
                            }
                            continue;
                        }
                        let hop = a.flags & (CANNON | GRASSHOPPER) != 0;
                        // Is this atom a plain ray covered by the reverse rays?
                        // (Paths through explicit links are never plain rays.)
                        let linked = !geo.links.is_empty()
                            && (!geo.is_grid(src) || cells.iter().any(|&c| !geo.is_grid(c)));
                        if !hop
                            && !linked
                            && a.prefix == 0
                            && a.min == 0
                            && a.cond == 0
                            && cells.len() > 1
                        {
                            let (sx, sy, sz) = geo.coords(src);
                            let (cx, cy, cz) = geo.coords(cells[0]);
                            let mut d = (
                                cx as i32 - sx as i32,
                                cy as i32 - sy as i32,
                                cz as i32 - sz as i32,
                            );
                            // Undo wrapping to recover the step.
                            if geo.wrap_x && d.0.abs() > 1 {
                                d.0 = -d.0.signum() * (geo.width as i32 - d.0.abs());
                            }
                            if geo.wrap_y && d.1.abs() > 1 {
                                d.1 = -d.1.signum() * (geo.height as i32 - d.1.abs());
                            }
                            if plain_dirs.contains(&d) {
                                continue;
                            }
                        }
                        let start = if hop {
                            1
                        } else {
                            a.prefix as usize + a.min as usize
                        };
                        for j in start..cells.len() {
                            let x = cells[j];
                            let before = &cells[..j];
                            if !hop && a.prefix == 0 && j == 0 && a.cond == 0 {
                                let list = &mut leaps[army as usize * n + x as usize];
                                match list.iter_mut().find(|(s, _)| *s == src) {
                                    Some((_, m)) => *m |= 1 << ti,
                                    None => list.push((src, 1 << ti)),
                                }
                                continue;
                            }
                            let e = PathEntry {
                                src,
                                kind: ti as PieceType,
                                start: path_pool.len() as u32,
                                len: before.len() as u16,
                                flags: a.flags,
                                cond: a.cond,
                                exclude: v.pieces[ti].hop_exclude,
                            };
                            path_pool.extend_from_slice(before);
                            paths[army as usize * n + x as usize].push(e);
                            if a.flags & GRASSHOPPER != 0 {
                                // a grasshopper lands right behind its hurdle only
                                break;
                            }
                        }
                    }
                }
            }
        }
        // Reverse rays.
        let mut rays: Vec<Vec<RayEntry>> = vec![Vec::new(); players as usize * n];
        let mut ray_pool: Vec<Cell> = Vec::new();
        let mut buf = Vec::new();
        for army in 0..players {
            for x in 0..n as Cell {
                if !geo.exists(x) || !geo.is_grid(x) {
                    continue;
                }
                for &(d, mask) in &ray_dirs[army as usize] {
                    buf.clear();
                    walk(geo, x, (-d.0, -d.1, -d.2), 0, &mut buf);
                    if buf.is_empty() {
                        continue;
                    }
                    rays[army as usize * n + x as usize].push(RayEntry {
                        start: ray_pool.len() as u32,
                        len: buf.len() as u16,
                        mask,
                    });
                    ray_pool.extend_from_slice(&buf);
                }
            }
        }
        // Merge pools: paths first then rays, both into self.path (after movement paths).
        let base = self.path.len() as u32;
        self.path.extend_from_slice(&path_pool);
        let rbase = self.path.len() as u32;
        self.path.extend_from_slice(&ray_pool);
        self.aligned = vec![CellSet::EMPTY; n];
        for (i, list) in leaps.into_iter().enumerate() {
            self.leap_idx.push(self.leaps.len() as u32);
            self.leaps.extend(list);
            let _ = i;
        }
        self.leap_idx.push(self.leaps.len() as u32);
        for (i, list) in paths.into_iter().enumerate() {
            self.path_idx.push(self.paths.len() as u32);
            for mut e in list {
                e.start += base;
                let x = i % n;
                for k in 0..e.len as usize {
                    let c = self.path[e.start as usize + k];
                    self.aligned[x].insert(c);
                }
                self.paths.push(e);
            }
        }
        self.path_idx.push(self.paths.len() as u32);
        for (i, list) in rays.into_iter().enumerate() {
            self.ray_idx.push(self.rays.len() as u32);
            for mut e in list {
                e.start += rbase;
                let x = i % n;
                for k in 0..e.len as usize {
                    let c = self.path[e.start as usize + k];
                    self.aligned[x].insert(c);
                }
                self.rays.push(e);
            }
        }
        self.ray_idx.push(self.rays.len() as u32);
    }

    fn compile_castling(&mut self, v: &Variant) {
        let geo = &v.geo;
        for c in &v.castling {
            let line = |a: Cell, b: Cell| -> Vec<Cell> {
                let (ax, ay, _) = geo.coords(a);
                let (bx, _, _) = geo.coords(b);
                let (lo, hi) = (ax.min(bx), ax.max(bx));
                (lo..=hi)
                    .filter_map(|x| geo.cell_at(x as i32, ay as i32, 0))
                    .collect()
            };
            let mut empty: Vec<Cell> = line(c.king_from, c.king_to);
            empty.extend(line(c.rook_from, c.rook_to));
            empty.sort();
            empty.dedup();
            empty.retain(|&x| x != c.king_from && x != c.rook_from);
            self.castle_empty.push(empty);
            self.castle_safe.push(line(c.king_from, c.king_to));
        }
    }
}
