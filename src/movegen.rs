//! Move generation: pseudo-legal moves by walking the compiled tables, then legality by the
//! royal-safety test (with a fast path for men that cannot uncover an attack).

use arrayvec::ArrayVec;

use crate::geometry::{Cell, NO_CELL};
use crate::moves::{Move, MoveKind};
use crate::piece::{PieceDef, Player};
use crate::position::Position;
use crate::tables::{CANNON, CAPTURE, GRASSHOPPER, MOVE, SETS_EP};

pub const MAX_MOVES: usize = 4096;
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

#[inline]
fn emit(pos: &Position, out: &mut MoveList, def: &PieceDef, army: Player, from: Cell, to: Cell, kind: MoveKind) {
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
fn push(out: &mut MoveList, m: Move) {
    // A full list drops further moves rather than panicking; MAX_MOVES is far above any game's need.
    let _ = out.try_push(m);
}

/// Moves of the man on `from` (owned by the side to move) from the tables.
#[inline]
pub fn piece_moves(pos: &Position, from: Cell, out: &mut MoveList) {
    let v = &*pos.v;
    let t = &v.tables;
    let p = pos.at(from);
    let us = p.owner();
    let def = &v.pieces[p.kind() as usize];
    let army = p.army();
    for a in t.atoms(army, p.kind(), from) {
        if a.cond != 0 && pos.st.rights >> (a.cond - 1) & 1 == 0 {
            continue;
        }
        let cells = t.cells(a);
        let prefix = a.prefix as usize;
        if cells[..prefix].iter().any(|&c| !pos.at(c).is_empty()) {
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
                let q = pos.at(c);
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
            if !it.by_ref().any(|&c| !pos.at(c).is_empty()) {
                continue;
            }
            for &c in it {
                let q = pos.at(c);
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

fn drops(pos: &Position, out: &mut MoveList) {
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

/// Royal cells of a player, for the legality fast path.
type Royals = ArrayVec<Cell, 8>;

fn royal_cells(pos: &Position, p: Player) -> Royals {
    let mut r = Royals::new();
    for c in pos.royals(p) {
        let _ = r.try_push(c);
    }
    r
}

/// Is the pseudo-legal move `m` legal? `in_check` and `royals` describe the side to move.
#[inline]
fn is_legal(pos: &mut Position, m: Move, in_check: bool, royals: &Royals) -> bool {
    if royals.is_empty() {
        return true;
    }
    let t = &pos.v.tables;
    let simple = matches!(
        m.kind,
        MoveKind::Normal | MoveKind::Double | MoveKind::Promotion | MoveKind::Drop
    );
    if simple && !in_check {
        let mover_royal = m.from != NO_CELL && pos.v.pieces[pos.at(m.from).kind() as usize].royal;
        if !mover_royal
            && royals.iter().all(|&k| {
                let al = &t.aligned[k as usize];
                (m.from == NO_CELL || !al.contains(m.from)) && !(t.has_hoppers && al.contains(m.to))
            })
        {
            return true;
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
    let mut pl = MoveList::new();
    pseudo_legal(pos, &mut pl);
    let royals = royal_cells(pos, pos.side);
    let in_check = !royals.is_empty() && pos.in_check();
    for &m in &pl {
        if is_legal(pos, m, in_check, &royals) {
            out.push(m);
        }
    }
    if pos.v.hooks.filter_legal {
        let v = std::sync::Arc::clone(&pos.v);
        v.rules.filter_legal(pos, out);
    }
}

/// Counts legal moves without keeping them (bulk counting at perft leaves).
pub fn count_legal(pos: &mut Position) -> usize {
    let mut out = MoveList::new();
    legal_moves(pos, &mut out);
    out.len()
}
