//! Move generation: pseudo-legal moves by walking the compiled tables, then legality by the
//! royal-safety test (with a fast path for men that cannot uncover an attack).

use arrayvec::ArrayVec;

use crate::cellset::CellSet;
use crate::geometry::{Cell, NO_CELL};
use crate::moves::{Move, MoveKind};
use crate::piece::{PieceDef, PieceType, Player};
use crate::position::Position;
use crate::tables::{CANNON, CAPTURE, GRASSHOPPER, LEAPS, MOVE, PROMO, SETS_EP};

pub const MAX_MOVES: usize = 4096;
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// Where generated moves go: a list, or a counter (perft leaves count without storing).
pub trait Sink {
    /// Does this sink take quiet moves (no capture, no promotion)? If not, the generator skips them.
    const QUIETS: bool = true;
    fn add(&mut self, m: Move);
}

impl Sink for MoveList {
    #[inline]
    fn add(&mut self, m: Move) {
        // A full list drops further moves rather than panicking; MAX_MOVES is far above any game's need.
        let _ = self.try_push(m);
    }
}

/// Captures and promotions only (quiescence): quiet moves are never built.
struct Tactical<'a>(&'a mut MoveList);

impl Sink for Tactical<'_> {
    const QUIETS: bool = false;
    #[inline]
    fn add(&mut self, m: Move) {
        self.0.add(m);
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
    // Only a sink that refuses quiet moves pays for this test.
    let quiet = !S::QUIETS && pos.at_table(to).is_empty();
    if let Some(pr) = &def.promotion
        && (pr.zone[army as usize].contains(to)
            || (def.promotes_from_zone && pr.zone[army as usize].contains(from)))
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
        // No arrival, unpromoted, where the man could never move again.
        if def.no_dead_arrival && v.tables.atoms(army, pos.at(from).kind(), to).is_empty() {
            return;
        }
        if quiet {
            return;
        }
        let m = Move::with(from, to, kind, 0);
        if !v.hooks.allow_promotion || v.rules.allow_promotion(pos, m) {
            push(out, m);
        }
        return;
    }
    if quiet {
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
                    if S::QUIETS && a.flags & MOVE != 0 {
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
            let Some(&screen) = it.by_ref().find(|&&c| !pos.at_table(c).is_empty()) else {
                continue;
            };
            if def.hop_exclude != 0 && def.hop_exclude >> pos.at_table(screen).kind() & 1 != 0 {
                continue;
            }
            for &c in it {
                let q = pos.at_table(c);
                if q.is_empty() {
                    if a.flags & MOVE != 0 {
                        emit(pos, out, def, army, from, c, MoveKind::Normal);
                    }
                } else {
                    if a.flags & CAPTURE != 0
                        && q.owner() != us
                        && def.hop_spare >> q.kind() & 1 == 0
                    {
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

/// The pseudo-legal captures and promotions of the side to move (and the game's special moves,
/// which the caller sorts), for quiescence.
pub fn pseudo_tactical(pos: &Position, out: &mut MoveList) {
    let v = &*pos.v;
    let us = pos.side;
    if !(v.must_drop && pos.hand_total(us) > 0) {
        let mut t = Tactical(out);
        for kind in 0..v.pieces.len() {
            for &from in pos.cells_of(us, kind as u8) {
                piece_moves(pos, from, &mut t);
            }
        }
        if pos.st.ep[0] != NO_CELL {
            en_passant(pos, out);
        }
    }
    if v.hooks.extra_moves {
        v.rules.extra_moves(pos, out);
    }
}

/// All pseudo-legal moves of the side to move.
pub fn pseudo_legal(pos: &Position, out: &mut MoveList) {
    let v = &*pos.v;
    let us = pos.side;
    if v.must_drop && pos.hand_total(us) > 0 {
        // Placement phase: only drops (and the game's own special moves).
        drops(pos, out);
        if v.hooks.extra_moves {
            v.rules.extra_moves(pos, out);
        }
        return;
    }
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

/// Files (bits by file index) holding a man of `player` of type `t`, for `PieceDef::one_per_file`.
#[inline]
fn files_of(pos: &Position, player: Player, t: PieceType) -> u64 {
    let geo = &pos.v.geo;
    let mut files = 0u64;
    for &c in pos.cells_of(player, t) {
        files |= 1 << (geo.coords(c).0 & 63);
    }
    files
}

fn drops<S: Sink>(pos: &Position, out: &mut S) {
    let v = &*pos.v;
    let us = pos.side;
    for &t in &v.hand_types {
        if pos.hand(us, t) == 0 {
            continue;
        }
        let forbidden = &v.drop_forbidden[t as usize][us as usize % 2];
        if v.pieces[t as usize].one_per_file {
            let files = files_of(pos, us, t);
            let w = v.geo.width as Cell;
            for c in v.geo.cells() {
                if pos.at(c).is_empty()
                    && !forbidden.contains(c)
                    && (!v.geo.is_grid(c) || files >> ((c % w) & 63) & 1 == 0)
                {
                    push(out, Move::with(NO_CELL, c, MoveKind::Drop, t));
                }
            }
            continue;
        }
        for c in v.geo.cells() {
            if pos.at(c).is_empty() && !forbidden.contains(c) {
                push(out, Move::with(NO_CELL, c, MoveKind::Drop, t));
            }
        }
    }
}

/// May the side to move drop a man of type `t` (in hand) on `c`, as `drops` generates it?
fn drop_allowed(pos: &Position, t: PieceType, c: Cell) -> bool {
    let v = &*pos.v;
    let us = pos.side;
    pos.hand(us, t) > 0
        && pos.at(c).is_empty()
        && !v.drop_forbidden[t as usize][us as usize % 2].contains(c)
        && (!v.pieces[t as usize].one_per_file
            || !v.geo.is_grid(c)
            || files_of(pos, us, t) >> (v.geo.coords(c).0 & 63) & 1 == 0)
}

/// Cells from which a man of type `t` of the side to move might attack an enemy royal (a
/// superset: `drop_mates` decides), for the no-drop-mate rule.
fn drop_check_cells(pos: &Position, t: PieceType, out: &mut ArrayVec<Cell, 64>) {
    let v = &*pos.v;
    let tb = &v.tables;
    let us = pos.side;
    for them in (0..v.players).filter(|&p| p != us) {
        for k in pos.royals(them) {
            for &(src, mask) in tb.leaps_to(us, k) {
                if mask >> t & 1 != 0 {
                    let _ = out.try_push(src);
                }
            }
            for r in tb.rays_to(us, k) {
                let cells = &tb.path[r.start as usize..r.start as usize + r.len as usize];
                if r.mask >> t & 1 == 0 {
                    continue;
                }
                for &c in cells {
                    if !pos.at(c).is_empty() {
                        break;
                    }
                    let _ = out.try_push(c);
                }
            }
            for e in tb.paths_to(us, k) {
                if e.kind == t {
                    let _ = out.try_push(e.src);
                }
            }
        }
    }
}

/// Does the (otherwise legal) drop `m` checkmate at once?
fn drop_mates(pos: &mut Position, m: Move) -> bool {
    pos.make(m);
    let mut mate = false;
    if pos.in_check() {
        let mut replies = MoveList::new();
        legal_moves(pos, &mut replies);
        mate = replies.is_empty();
    }
    pos.unmake(m);
    mate
}

/// Legal drops of no-drop-mate types that give immediate mate (each counted once).
fn count_drop_mates(pos: &mut Position) -> usize {
    let v = std::sync::Arc::clone(&pos.v);
    let mut n = 0;
    for &t in &v.hand_types {
        if !v.pieces[t as usize].no_drop_mate || pos.hand(pos.side, t) == 0 {
            continue;
        }
        let mut cells = ArrayVec::new();
        drop_check_cells(pos, t, &mut cells);
        for (i, &c) in cells.iter().enumerate() {
            if cells[..i].contains(&c) || !drop_allowed(pos, t, c) {
                continue;
            }
            if drop_mates(pos, Move::with(NO_CELL, c, MoveKind::Drop, t)) {
                n += 1;
            }
        }
    }
    n
}

/// What the side to move must watch for: check, and the cells a man may not leave (pinned) or
/// enter (a hopper's screen) without the full test.
struct Safety {
    royals: ArrayVec<Cell, 8>,
    in_check: bool,
    unsafe_from: CellSet,
    unsafe_to: CellSet,
    /// In check by plain leaps and straight rides alone, with one royal man: the cells where a
    /// simple move of another man that is not pinned must land (the checker's, and the cells
    /// between it and the royal man on a ride; in double check only the cells that answer both).
    /// `None`: the full test.
    evasions: Option<CellSet>,
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
        evasions: None,
    };
    for k in pos.royals(us) {
        let _ = s.royals.try_push(k);
    }
    // Checks by plain leaps and rides: the cells that answer them all (each check's checker and
    // the cells between, intersected: one man met on two of the tables' rays or leaps is one
    // check, a rider checking both ways round a torus needs taking).
    let (mut evade, mut exact): (Option<CellSet>, bool) = (None, true);
    let mut answer = |set: CellSet| {
        evade = Some(evade.map_or(set, |e| e.intersection(&set)));
    };
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
                    answer([src].into_iter().collect());
                }
            }
            for r in t.rays_to(army, k) {
                let cells = &t.path[r.start as usize..r.start as usize + r.len as usize];
                let mut shield = NO_CELL;
                for (i, &c) in cells.iter().enumerate() {
                    let p = pos.at(c);
                    if p.is_empty() {
                        continue;
                    }
                    let hits = enemy(c, army) && r.mask >> p.kind() & 1 != 0;
                    if shield == NO_CELL {
                        if hits {
                            s.in_check = true;
                            answer(cells[..=i].iter().copied().collect());
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
                exact = false;
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
    if s.in_check && exact && s.royals.len() == 1 {
        s.evasions = evade;
    }
    s
}

/// Is the pseudo-legal move `m` legal?
#[inline]
fn is_legal(pos: &mut Position, m: Move, s: &Safety) -> bool {
    if m.kind == MoveKind::Drop && pos.v.pieces[m.piece as usize].royal {
        // A royal man dropped (placement phases) may not land attacked.
        return royal_safe_after(pos, m);
    }
    if s.royals.is_empty() && m.kind != MoveKind::Special {
        // (a special move may put a royal man on the board: full test below)
        return true;
    }
    let simple = matches!(
        m.kind,
        MoveKind::Normal | MoveKind::Double | MoveKind::Promotion | MoveKind::Drop
    );
    // In check the evasion cells answer, unless the move adds a royal man (a promotion to
    // one: the game may then count check differently).
    let answerable = !s.in_check
        || (s.evasions.is_some()
            && !(m.kind == MoveKind::Promotion && pos.v.pieces[m.piece as usize].royal));
    if simple && answerable && !pos.v.hooks.after_make && !pos.v.hooks.extra_attacks {
        let mover_royal = m.from != NO_CELL && pos.v.pieces[pos.at(m.from).kind() as usize].royal;
        if !mover_royal {
            if (m.from == NO_CELL || !s.unsafe_from.contains(m.from)) && !s.unsafe_to.contains(m.to)
            {
                // In check, another man can only take the checker or step between.
                return s.evasions.as_ref().is_none_or(|e| e.contains(m.to));
            }
        } else if s.royals.len() == 1 && m.kind != MoveKind::Promotion {
            let us = pos.side;
            let v = &*pos.v;
            return !(0..v.players).any(|p| p != us && pos.attacked_by_ignoring(m.to, p, m.from));
        }
    }
    royal_safe_after(pos, m)
}

/// The full test: make `m`, ask whether the mover's royal men are attacked, unmake.
#[inline]
fn royal_safe_after(pos: &mut Position, m: Move) -> bool {
    let us = pos.side;
    pos.make(m);
    let ok = !pos.royal_attacked(us);
    pos.unmake(m);
    ok
}

/// All legal moves of the side to move.
pub fn legal_moves(pos: &mut Position, out: &mut MoveList) {
    legal_moves_opt(pos, out, true);
}

/// Is one of the pseudo-legal moves in `list` legal by the royal man's safety alone (no
/// drop-mate, stalemate-move or game filter rule)?
pub fn any_legal(pos: &mut Position, list: &MoveList) -> bool {
    let s = safety(pos);
    list.iter().any(|&m| is_legal(pos, m, &s))
}

/// Does the side to move have a legal move, the stalemate-move rule (`EndRules::stalemating_illegal`)
/// left aside?
pub fn has_legal_move(pos: &mut Position) -> bool {
    if pos.v.hooks.filter_legal {
        let mut l = MoveList::new();
        legal_moves_opt(pos, &mut l, false);
        return !l.is_empty();
    }
    let mut l = MoveList::new();
    pseudo_legal(pos, &mut l);
    let s = safety(pos);
    let dm = pos.v.drop_mate_rule;
    for &m in &l {
        if is_legal(pos, m, &s)
            && !(dm
                && m.kind == MoveKind::Drop
                && pos.v.pieces[m.piece as usize].no_drop_mate
                && drop_mates(pos, m))
        {
            return true;
        }
    }
    false
}

/// Removes the moves that stalemate the opponent (`EndRules::stalemating_illegal`).
fn remove_stalemating(pos: &mut Position, out: &mut MoveList, start: usize) {
    let mut keep = start;
    for i in start..out.len() {
        let m = out[i];
        pos.make(m);
        let stalemates = !pos.in_check() && !has_legal_move(pos);
        pos.unmake(m);
        if !stalemates {
            out[keep] = m;
            keep += 1;
        }
    }
    if keep == start && pos.v.end.forced_stalemate_allowed {
        return;
    }
    out.truncate(keep);
}

fn legal_moves_opt(pos: &mut Position, out: &mut MoveList, stalemate_rule: bool) {
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
    if pos.v.drop_mate_rule {
        // Candidate (type, cell) pairs: drops of no-drop-mate types that may give check.
        let v = std::sync::Arc::clone(&pos.v);
        let mut cand: ArrayVec<(PieceType, Cell), 64> = ArrayVec::new();
        for &t in &v.hand_types {
            if v.pieces[t as usize].no_drop_mate && pos.hand(pos.side, t) > 0 {
                let mut cells = ArrayVec::new();
                drop_check_cells(pos, t, &mut cells);
                for c in cells {
                    let _ = cand.try_push((t, c));
                }
            }
        }
        if !cand.is_empty() {
            let mut keep = start;
            for i in start..out.len() {
                let m = out[i];
                let banned = m.kind == MoveKind::Drop
                    && cand.contains(&(m.piece, m.to))
                    && drop_mates(pos, m);
                if !banned {
                    out[keep] = m;
                    keep += 1;
                }
            }
            out.truncate(keep);
        }
    }
    if pos.v.hooks.filter_legal {
        let v = std::sync::Arc::clone(&pos.v);
        v.rules.filter_legal(pos, out);
    }
    if stalemate_rule && pos.v.end.stalemating_illegal {
        remove_stalemating(pos, out, start);
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
        || (hooks.filter_legal && pos.v.rules.filter_active(pos))
        || hooks.after_make
        || hooks.extra_attacks
        || pos.v.end.stalemating_illegal
        || ((pos.v.must_drop || pos.v.royal_drops) && pos.hand_total(pos.side) > 0)
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
    if pos.v.drop_mate_rule {
        n.0 -= count_drop_mates(pos);
    }
    n.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::is_tactical as tactical;
    use crate::{fen, variants};

    fn sorted(pos: &Position, l: &MoveList) -> Vec<Move> {
        let mut v: Vec<Move> = l.iter().copied().filter(|&m| tactical(pos, m)).collect();
        v.sort_by_key(|m| format!("{m:?}"));
        v
    }

    /// Calls `visit` on each position of a pseudo-random walk from the start of every game, up
    /// to `plies` plies; two moves in three are drawn from those `prefer` picks, if any.
    fn walk_games(
        mut seed: u64,
        plies: usize,
        prefer: impl Fn(&mut Position, Move) -> bool,
        mut visit: impl FnMut(&str, &mut Position),
    ) {
        for e in variants::all() {
            let Ok(v) = variants::build(e.id, "") else {
                continue;
            };
            let Ok(mut pos) = fen::parse(&v, &v.start_fen) else {
                continue;
            };
            for _ in 0..plies {
                visit(e.id, &mut pos);
                let mut legal = MoveList::new();
                legal_moves(&mut pos, &mut legal);
                if legal.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let picked: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|&m| prefer(&mut pos, m))
                    .collect();
                let m = if !picked.is_empty() && !seed.is_multiple_of(3) {
                    picked[(seed >> 8) as usize % picked.len()]
                } else {
                    legal[(seed >> 8) as usize % legal.len()]
                };
                pos.make(m);
            }
        }
    }

    /// The quiescence generator builds exactly the tactical part of the full one, in every game,
    /// along a pseudo-random walk from the start (captures preferred, so the walk reaches
    /// promotions and en passant).
    #[test]
    fn tactical_generator_equals_the_filtered_full_generator() {
        let mut checked = 0;
        walk_games(
            0x2545_f491_4f6c_dd1d,
            120,
            |pos, m| tactical(pos, m),
            |id, pos| {
                let (mut full, mut tac) = (MoveList::new(), MoveList::new());
                pseudo_legal(pos, &mut full);
                pseudo_tactical(pos, &mut tac);
                assert_eq!(
                    sorted(pos, &full),
                    sorted(pos, &tac),
                    "{id}: {}",
                    fen::to_fen(pos)
                );
                checked += 1;
            },
        );
        assert!(checked > 1000, "only {checked} positions");
    }

    /// Moves out of check judged from the checks found: every pseudo-legal move out of check is
    /// judged as making it and testing the royal man would judge it, in every game along
    /// walks that prefer checks; and in chess, a block, a capture of the checker and a pinned
    /// blocker, and a double check where only the king moves.
    #[test]
    fn in_check_another_man_must_take_the_checker_or_step_between() {
        let gives_check = |pos: &mut Position, m: Move| {
            pos.make(m);
            let c = pos.in_check();
            pos.unmake(m);
            c
        };
        let mut checks = 0;
        walk_games(0x9e37_79b9_7f4a_7c15, 200, gives_check, |id, pos| {
            let s = safety(pos);
            if !s.in_check {
                return;
            }
            checks += 1;
            let mut list = MoveList::new();
            pseudo_legal(pos, &mut list);
            for &m in &list {
                let expect = royal_safe_after(pos, m);
                assert_eq!(is_legal(pos, m, &s), expect, "{id}: {}", fen::to_fen(pos));
            }
        });
        assert!(checks > 500, "only {checks} positions in check");
        let v = variants::build("chess", "").unwrap();
        let names = |fen: &str| {
            let mut pos = fen::parse(&v, fen).unwrap();
            let mut l = MoveList::new();
            legal_moves(&mut pos, &mut l);
            let mut n: Vec<String> = l
                .iter()
                .map(|&m| crate::notation::move_to_string(&pos, m))
                .collect();
            n.sort();
            n
        };
        // The rook on e8 checks along the file: the queen blocks on e5, the knight may not block
        // on e4 (the bishop on a5 pins it), the king steps aside.
        assert_eq!(
            names("4r1k1/8/8/b7/8/8/3N4/Q3K3 w - - 0 1"),
            ["a1e5", "e1d1", "e1f1", "e1f2"]
        );
        // Double check by the rook and the knight: only the king moves.
        assert_eq!(
            names("4r1k1/8/8/8/8/3n4/8/Q3K3 w - - 0 1"),
            ["e1d1", "e1d2", "e1f1"]
        );
    }
}
