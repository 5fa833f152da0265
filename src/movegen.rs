//! Move generation: pseudo-legal moves by walking the compiled tables, then legality by the
//! royal-safety test (with a fast path for men that cannot uncover an attack).

use arrayvec::ArrayVec;

use crate::cellset::CellSet;
use crate::geometry::{Cell, NO_CELL};
use crate::moves::{Move, MoveKind};
use crate::piece::{PieceDef, Player};
use crate::position::Position;
use crate::tables::{CANNON, CAPTURE, GRASSHOPPER, LEAPS, MOVE, PROMO, SETS_EP};

pub const MAX_MOVES: usize = 4096;
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// Where generated moves go: a list, or a counter (perft leaves count without storing).
pub trait Sink {
    fn add(&mut self, m: Move);
}

impl Sink for MoveList {
    #[inline]
    fn add(&mut self, m: Move) {
        // A full list drops further moves rather than panicking; MAX_MOVES is far above any game's need.
        let _ = self.try_push(m);
    }
}

/// Counts moves instead of storing them.
pub struct Counter(pub usize);

impl Sink for Counter {
    #[inline]
    fn add(&mut self, _m: Move) {
        self.0 += 1;
    }
}

#[inline]
fn emit<S: Sink>(
    pos: &Position,
    out: &mut S,
    def: &PieceDef,
    army: Player,
    from: Cell,
    to: Cell,
    kind: MoveKind,
) {
    if let Some(pr) = &def.promotion
        && pr.zone[army as usize].contains(to)
    {
        let v = &pos.v;
        for &t in &pr.to {
            let m = Move::with(from, to, MoveKind::Promotion, t);
            if !v.hooks.allow_promotion || v.rules.allow_promotion(pos, m) {
                push(out, m);
            }
        }
        if !pr.optional {
            return;
        }
        let m = Move::with(from, to, kind, 0);
        if !v.hooks.allow_promotion || v.rules.allow_promotion(pos, m) {
            push(out, m);
        }
        return;
    }
    push(out, Move::with(from, to, kind, 0));
}

#[inline]
fn push<S: Sink>(out: &mut S, m: Move) {
    out.add(m);
}

/// Moves of the man on `from` (owned by the side to move) from the tables.
#[inline]
pub fn piece_moves<S: Sink>(pos: &Position, from: Cell, out: &mut S) {
    let v = &*pos.v;
    let t = &v.tables;
    let p = pos.at(from);
    let us = p.owner();
    let def = &v.pieces[p.kind() as usize];
    let army = p.army();
    for a in t.atoms(army, p.kind(), from) {
        if !crate::tables::cond_holds(a.cond, a.flags, pos.st.rights) {
            continue;
        }
        let cells = t.cells(a);
        if a.flags & (LEAPS | PROMO) == LEAPS {
            // the common case: independent leaps, no promotion possible
            for &c in cells {
                let q = pos.at_table(c);
                if q.is_empty() {
                    if a.flags & MOVE != 0 {
                        push(out, Move::new(from, c));
                    }
                } else if a.flags & CAPTURE != 0 && q.owner() != us {
                    push(out, Move::new(from, c));
                }
            }
            continue;
        }
        if a.flags & LEAPS != 0 {
            for &c in cells {
                let q = pos.at_table(c);
                if q.is_empty() {
                    if a.flags & MOVE != 0 {
                        emit(pos, out, def, army, from, c, MoveKind::Normal);
                    }
                } else if a.flags & CAPTURE != 0 && q.owner() != us {
                    emit(pos, out, def, army, from, c, MoveKind::Normal);
                }
            }
            continue;
        }
        let prefix = a.prefix as usize;
        if cells[..prefix].iter().any(|&c| !pos.at_table(c).is_empty()) {
            continue;
        }
        let min = a.min as usize;
        let quiet_kind = if a.flags & SETS_EP != 0 {
            MoveKind::Double
        } else {
            MoveKind::Normal
        };
        if a.flags & (CANNON | GRASSHOPPER) == 0 {
            for (i, &c) in cells[prefix..].iter().enumerate() {
                let q = pos.at_table(c);
                if q.is_empty() {
                    if a.flags & MOVE != 0 && i >= min {
                        emit(pos, out, def, army, from, c, quiet_kind);
                    }
                } else {
                    if a.flags & CAPTURE != 0 && q.owner() != us && i >= min {
                        emit(pos, out, def, army, from, c, MoveKind::Normal);
                    }
                    break;
                }
            }
        } else {
            let mut it = cells[prefix..].iter();
            // find the screen
            if !it.by_ref().any(|&c| !pos.at_table(c).is_empty()) {
                continue;
            }
            for &c in it {
                let q = pos.at_table(c);
                if q.is_empty() {
                    if a.flags & MOVE != 0 {
                        emit(pos, out, def, army, from, c, MoveKind::Normal);
                    }
                } else {
                    if a.flags & CAPTURE != 0 && q.owner() != us {
                        emit(pos, out, def, army, from, c, MoveKind::Normal);
                    }
                    break;
                }
                if a.flags & GRASSHOPPER != 0 {
                    break;
                }
            }
        }
    }
}

/// All pseudo-legal moves of the side to move.
pub fn pseudo_legal(pos: &Position, out: &mut MoveList) {
    let v = &*pos.v;
    let us = pos.side;
    for kind in 0..v.pieces.len() {
        for &from in pos.cells_of(us, kind as u8) {
            piece_moves(pos, from, out);
        }
    }
    if pos.st.ep[0] != NO_CELL {
        en_passant(pos, out);
    }
    if !v.castling.is_empty() && pos.st.rights != 0 {
        castling(pos, out);
    }
    if v.drops {
        drops(pos, out);
    }
    if v.hooks.extra_moves {
        v.rules.extra_moves(pos, out);
    }
}

fn en_passant(pos: &Position, out: &mut MoveList) {
    let v = &*pos.v;
    let us = pos.side;
    for &e in pos.st.ep.iter().filter(|&&e| e != NO_CELL) {
        if !pos.at(e).is_empty() {
            continue;
        }
        for army in 0..v.players {
            for &(src, mask) in v.tables.leaps_to(army, e) {
                let p = pos.at(src);
                if !p.is_empty()
                    && p.owner() == us
                    && p.army() == army
                    && mask >> p.kind() & 1 != 0
                    && v.pieces[p.kind() as usize].en_passant
                {
                    push(out, Move::with(src, e, MoveKind::EnPassant, 0));
                }
            }
        }
    }
}

fn castling(pos: &Position, out: &mut MoveList) {
    let v = &*pos.v;
    let us = pos.side;
    let t = &v.tables;
    let mut checked: Option<bool> = None;
    for (i, c) in v.castling.iter().enumerate() {
        if c.player != us || pos.st.rights >> c.right & 1 == 0 {
            continue;
        }
        let (k, r) = (pos.at(c.king_from), pos.at(c.rook_from));
        if k.is_empty() || r.is_empty() || k.owner() != us || r.owner() != us {
            continue;
        }
        if t.castle_empty[i].iter().any(|&x| !pos.at(x).is_empty()) {
            continue;
        }
        if *checked.get_or_insert_with(|| pos.in_check()) {
            return;
        }
        if t.castle_safe[i]
            .iter()
            .any(|&x| x != c.king_from && pos.attacked_by_enemy(x, us))
        {
            continue;
        }
        let mut m = Move::with(c.king_from, c.king_to, MoveKind::Castle, 0);
        m.aux = i as Cell;
        push(out, m);
    }
}

fn drops<S: Sink>(pos: &Position, out: &mut S) {
    let v = &*pos.v;
    let us = pos.side;
    for &t in &v.hand_types {
        if pos.hand(us, t) == 0 {
            continue;
        }
        let forbidden = &v.drop_forbidden[t as usize][us as usize % 2];
        for c in v.geo.cells() {
            if pos.at(c).is_empty() && !forbidden.contains(c) {
                push(out, Move::with(NO_CELL, c, MoveKind::Drop, t));
            }
        }
    }
}

/// What the side to move must watch for: check, and the cells a man may not leave (pinned) or
/// enter (a hopper's screen) without the full test.
struct Safety {
    royals: ArrayVec<Cell, 8>,
    in_check: bool,
    unsafe_from: CellSet,
    unsafe_to: CellSet,
}

fn safety(pos: &Position) -> Safety {
    let v = &*pos.v;
    let t = &v.tables;
    let us = pos.side;
    let mut s = Safety {
        royals: ArrayVec::new(),
        in_check: false,
        unsafe_from: CellSet::EMPTY,
        unsafe_to: CellSet::EMPTY,
    };
    for k in pos.royals(us) {
        let _ = s.royals.try_push(k);
    }
    let enemy = |c: Cell, army: Player| {
        let p = pos.at(c);
        !p.is_empty() && p.owner() != us && p.army() == army
    };
    for &k in &s.royals {
        for army in 0..v.players {
            if army == us && !v.armies_change_hands {
                continue;
            }
            for &(src, mask) in t.leaps_to(army, k) {
                if enemy(src, army) && mask >> pos.at(src).kind() & 1 != 0 {
                    s.in_check = true;
                }
            }
            for r in t.rays_to(army, k) {
                let cells = &t.path[r.start as usize..r.start as usize + r.len as usize];
                let mut shield = NO_CELL;
                for &c in cells {
                    let p = pos.at(c);
                    if p.is_empty() {
                        continue;
                    }
                    let hits = enemy(c, army) && r.mask >> p.kind() & 1 != 0;
                    if shield == NO_CELL {
                        if hits {
                            s.in_check = true;
                            break;
                        }
                        if p.owner() != us {
                            break;
                        }
                        shield = c;
                    } else {
                        if hits {
                            s.unsafe_from.insert(shield);
                        }
                        break;
                    }
                }
            }
            for e in t.paths_to(army, k) {
                if !(enemy(e.src, army) && pos.at(e.src).kind() == e.kind) {
                    continue;
                }
                let cells = &t.path[e.start as usize..e.start as usize + e.len as usize];
                for &c in cells {
                    s.unsafe_from.insert(c);
                    if e.flags & (CANNON | GRASSHOPPER) != 0 {
                        s.unsafe_to.insert(c);
                    }
                }
                // Blocked or not, let the full test decide; a check is found by attacked_by.
                if !s.in_check && pos.attacked_by(k, pos.at(e.src).owner()) {
                    s.in_check = true;
                }
            }
        }
    }
    s
}

/// Is the pseudo-legal move `m` legal?
#[inline]
fn is_legal(pos: &mut Position, m: Move, s: &Safety) -> bool {
    if s.royals.is_empty() {
        return true;
    }
    let simple = matches!(
        m.kind,
        MoveKind::Normal | MoveKind::Double | MoveKind::Promotion | MoveKind::Drop
    );
    if simple && !s.in_check && !pos.v.hooks.after_make {
        let mover_royal = m.from != NO_CELL && pos.v.pieces[pos.at(m.from).kind() as usize].royal;
        if !mover_royal {
            if (m.from == NO_CELL || !s.unsafe_from.contains(m.from)) && !s.unsafe_to.contains(m.to)
            {
                return true;
            }
        } else if s.royals.len() == 1 && m.kind != MoveKind::Promotion {
            let us = pos.side;
            let v = &*pos.v;
            return !(0..v.players).any(|p| p != us && pos.attacked_by_ignoring(m.to, p, m.from));
        }
    }
    let us = pos.side;
    pos.make(m);
    let ok = !pos.royal_attacked(us);
    pos.unmake(m);
    ok
}

/// All legal moves of the side to move.
pub fn legal_moves(pos: &mut Position, out: &mut MoveList) {
    let start = out.len();
    pseudo_legal(pos, out);
    let s = safety(pos);
    let mut keep = start;
    for i in start..out.len() {
        let m = out[i];
        if is_legal(pos, m, &s) {
            out[keep] = m;
            keep += 1;
        }
    }
    out.truncate(keep);
    if pos.v.hooks.filter_legal {
        let v = std::sync::Arc::clone(&pos.v);
        v.rules.filter_legal(pos, out);
    }
}

/// Counts legal moves without keeping them (bulk counting at perft leaves): men that cannot
/// uncover an attack on a royal are counted straight from the tables.
pub fn count_legal(pos: &mut Position) -> usize {
    let s = safety(pos);
    let hooks = pos.v.hooks;
    if s.in_check
        || s.royals.len() > 1
        || !s.unsafe_to.is_empty()
        || hooks.filter_legal
        || hooks.after_make
    {
        let mut out = MoveList::new();
        legal_moves(pos, &mut out);
        return out.len();
    }
    let mut n = Counter(0);
    let mut rest = MoveList::new();
    {
        let pos = &*pos;
        let v = &*pos.v;
        let us = pos.side;
        for kind in 0..v.pieces.len() {
            let royal = v.pieces[kind].royal;
            for &from in pos.cells_of(us, kind as u8) {
                if royal || s.unsafe_from.contains(from) {
                    piece_moves(pos, from, &mut rest);
                } else {
                    piece_moves(pos, from, &mut n);
                }
            }
        }
        if pos.st.ep[0] != NO_CELL {
            en_passant(pos, &mut rest);
        }
        if !v.castling.is_empty() && pos.st.rights != 0 {
            castling(pos, &mut rest);
        }
        if v.drops {
            drops(pos, &mut n);
        }
        if hooks.extra_moves {
            v.rules.extra_moves(pos, &mut rest);
        }
    }
    for &m in &rest {
        if is_legal(pos, m, &s) {
            n.0 += 1;
        }
    }
    n.0
}
