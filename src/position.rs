//! The position: mailbox board, piece lists per (player, type), hands, side to move, one-time
//! rights, en-passant cells, clocks, incremental zobrist key, and the undo stack.

use std::sync::Arc;

use crate::geometry::{Cell, NO_CELL};
use crate::masks::{self, BoardMasks, CellMask, Wide};
use crate::moves::{Move, MoveKind};
use crate::piece::{MAX_PLAYERS, MAX_TYPES, Piece, PieceType, Player};
use crate::tables::{CANNON, GRASSHOPPER, PathEntry};
use crate::variant::Variant;

/// What make() changes and unmake() restores, besides the board.
#[derive(Clone, Copy, Debug)]
pub struct State {
    pub key: u64,
    pub rights: u64,
    /// Cells a man passed over in a multi-step (en-passant targets), and the man's own cell.
    pub ep: [Cell; 2],
    pub ep_victim: Cell,
    pub halfmove: u32,
    pub captured: Piece,
    /// Game-specific state word (the game's hooks own its meaning), hashed by the game.
    pub extra: u64,
    /// The move that led here, and the man that made it (before any promotion).
    pub last: Move,
    pub mover: Piece,
}

/// Cells `Position::leap_ray_attackers` sees as empty: one cell (`NO_CELL`: none), or the men an
/// exchange has taken off (`search::see`).
pub trait GoneCells {
    fn has(&self, c: Cell) -> bool;
    /// The cells as a mask.
    fn mask<M: CellMask>(&self) -> M;
}

impl GoneCells for Cell {
    #[inline(always)]
    fn has(&self, c: Cell) -> bool {
        *self == c
    }

    #[inline(always)]
    fn mask<M: CellMask>(&self) -> M {
        M::bit(*self)
    }
}

/// A man put on (`added`) or taken off a cell by a move: what an incremental evaluation replays
/// (`Position::changes`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Change {
    pub piece: Piece,
    pub cell: Cell,
    pub added: bool,
}

/// The most changes one move records; a move with more (a game's special move) is marked
/// `overflowed`, and an incremental evaluation starts afresh there.
pub const MAX_CHANGES: usize = 6;

/// The board changes of one move, in the order they were made.
#[derive(Clone, Copy, Debug, Default)]
pub struct Changes {
    len: u8,
    items: [Change; MAX_CHANGES],
}

impl Changes {
    /// The changes, or `None` when the move made more than `MAX_CHANGES`.
    #[inline]
    pub fn get(&self) -> Option<&[Change]> {
        self.items.get(..self.len as usize)
    }

    #[inline]
    fn push(&mut self, c: Change) {
        if let Some(slot) = self.items.get_mut(self.len as usize) {
            *slot = c;
        }
        self.len = self.len.saturating_add(1);
    }
}

#[derive(Clone)]
pub struct Position {
    pub v: Arc<Variant>,
    board: Vec<Piece>,
    /// Cells of each (player, type), `ncells` slots per list.
    list: Vec<Cell>,
    list_len: Vec<u16>,
    /// Index of a cell's man in its list.
    list_pos: Vec<u16>,
    /// On boards of at most 256 cells (`small`), per (player, type) the cells its men stand on
    /// (`men_mask`), and per player the cells of all his men; empty on larger boards.
    masks: Vec<Wide>,
    occ: [Wide; MAX_PLAYERS],
    small: bool,
    hands: [[u8; MAX_TYPES]; MAX_PLAYERS],
    pub side: Player,
    pub st: State,
    history: Vec<State>,
    pub fullmove: u32,
    /// Plies played from the root position (the FEN's position).
    pub ply: u32,
    /// Per player, the XOR of the keys of his pawn-like men (odd slots) and of his other men
    /// (even slots), kept as the men move: the correction history's keys (docs/eval.md).
    men_keys: [u64; 2 * MAX_PLAYERS],
    /// When set (`track_changes`), each move's board changes, by the history length after it.
    tracking: bool,
    changes: Vec<Changes>,
}

impl Position {
    /// An empty board of the variant, first player to move.
    pub fn empty(v: Arc<Variant>) -> Position {
        let n = v.geo.num_cells();
        let nt = v.pieces.len();
        let players = v.players as usize;
        Position {
            board: vec![Piece::EMPTY; n],
            list: vec![NO_CELL; players * nt * n],
            list_len: vec![0; players * nt],
            list_pos: vec![0; n],
            masks: vec![Wide::default(); players * nt],
            occ: [Wide::default(); MAX_PLAYERS],
            small: n <= masks::MAX_CELLS,
            hands: [[0; MAX_TYPES]; MAX_PLAYERS],
            side: 0,
            st: State {
                key: 0,
                rights: 0,
                ep: [NO_CELL; 2],
                ep_victim: NO_CELL,
                halfmove: 0,
                captured: Piece::EMPTY,
                extra: 0,
                last: Move::NONE,
                mover: Piece::EMPTY,
            },
            history: Vec::with_capacity(1024),
            fullmove: 1,
            ply: 0,
            men_keys: [0; 2 * MAX_PLAYERS],
            tracking: false,
            changes: Vec::new(),
            v,
        }
    }

    #[inline]
    pub fn at(&self, c: Cell) -> Piece {
        self.board[c as usize]
    }

    /// `at` for cells taken from the compiled tables (always on the board): no bounds check.
    #[inline]
    pub(crate) fn at_table(&self, c: Cell) -> Piece {
        debug_assert!((c as usize) < self.board.len());
        // SAFETY: table cells are below the board length by construction (tables::compile builds
        // them from this geometry; checked in debug builds). Saves ~8% of perft instructions.
        unsafe { *self.board.get_unchecked(c as usize) }
    }

    #[inline]
    fn slot(&self, player: Player, t: PieceType) -> usize {
        player as usize * self.v.pieces.len() + t as usize
    }

    /// Cells of `player`'s men of type `t`.
    #[inline]
    pub fn cells_of(&self, player: Player, t: PieceType) -> &[Cell] {
        let s = self.slot(player, t);
        let n = self.board.len();
        &self.list[s * n..s * n + self.list_len[s] as usize]
    }

    /// Cells of `player`'s men of type `t`, on a board of at most `M::CELLS` cells (else
    /// empty or partial).
    #[inline]
    pub fn men_mask<M: CellMask>(&self, player: Player, t: PieceType) -> M {
        M::from_wide(self.masks[self.slot(player, t)])
    }

    /// Cells of `player`'s men, on a board of at most `M::CELLS` cells (else empty or partial).
    #[inline]
    pub fn occupied_by<M: CellMask>(&self, player: Player) -> M {
        M::from_wide(self.occ[player as usize])
    }

    /// Cells of `player`'s men of the types in bit set `types` (all ones: every type), on a
    /// board of at most `M::CELLS` cells (else empty or partial).
    #[inline]
    pub fn men_of_types<M: CellMask>(&self, player: Player, mut types: u64) -> M {
        if types == u64::MAX {
            return self.occupied_by::<M>(player);
        }
        let mut men = M::default();
        while types != 0 {
            men |= self.men_mask::<M>(player, types.trailing_zeros() as PieceType);
            types &= types - 1;
        }
        men
    }

    /// Cells of every man, on a board of at most `M::CELLS` cells (else empty or partial).
    #[inline]
    pub fn occupied<M: CellMask>(&self) -> M {
        self.occ
            .iter()
            .fold(M::default(), |m, &o| m | M::from_wide(o))
    }

    #[inline]
    pub fn count(&self, player: Player, t: PieceType) -> usize {
        self.list_len[self.slot(player, t)] as usize
    }

    /// Men of `player` on the board.
    pub fn material_count(&self, player: Player) -> usize {
        (0..self.v.pieces.len())
            .map(|t| self.count(player, t as PieceType))
            .sum()
    }

    #[inline]
    pub fn hand(&self, player: Player, t: PieceType) -> u8 {
        self.hands[player as usize][t as usize]
    }

    /// Men in `player`'s hand, all types together.
    #[inline]
    pub fn hand_total(&self, player: Player) -> u32 {
        self.hands[player as usize].iter().map(|&n| n as u32).sum()
    }

    pub fn history(&self) -> &[State] {
        &self.history
    }

    /// Puts a man on an empty cell, updating lists and key.
    #[inline]
    pub fn put(&mut self, c: Cell, p: Piece) {
        debug_assert!(self.board[c as usize].is_empty());
        self.board[c as usize] = p;
        let s = self.slot(p.owner(), p.kind());
        let n = self.board.len();
        let len = self.list_len[s] as usize;
        self.list[s * n + len] = c;
        self.list_pos[c as usize] = len as u16;
        self.list_len[s] += 1;
        if self.small {
            self.masks[s].toggle(c);
            self.occ[p.owner() as usize].toggle(c);
        }
        let k = self.v.zobrist.piece(p, c);
        self.st.key ^= k;
        self.men_keys[self.men_slot(p)] ^= k;
        self.note(p, c, true);
    }

    /// Records a board change of the move being made, when changes are tracked.
    #[inline(always)]
    fn note(&mut self, piece: Piece, cell: Cell, added: bool) {
        if self.tracking
            && let Some(ch) = self.changes.get_mut(self.history.len())
        {
            ch.push(Change { piece, cell, added });
        }
    }

    /// Starts (or stops) recording each move's board changes (`changes`), for an incremental
    /// evaluation; perft and the rest go without.
    pub fn track_changes(&mut self, on: bool) {
        self.tracking = on;
        if on {
            // The moves made so far went unrecorded.
            let unknown = Changes {
                len: u8::MAX,
                ..Changes::default()
            };
            self.changes.clear();
            self.changes.resize(self.history.len() + 1, unknown);
        }
    }

    /// The board changes of the move that led to the position at history length `len` (the
    /// present one: `history().len()`), if they were tracked; `None` when they were not or the
    /// move made too many.
    #[inline]
    pub fn changes(&self, len: usize) -> Option<&[Change]> {
        if !self.tracking || len == 0 || len > self.history.len() {
            return None;
        }
        self.changes.get(len)?.get()
    }

    /// A fresh change record for the move being made (its history entry just pushed).
    #[inline(always)]
    fn open_changes(&mut self) {
        if self.tracking {
            let i = self.history.len();
            if i >= self.changes.len() {
                self.changes.resize(i + 1, Changes::default());
            }
            self.changes[i].len = 0;
        }
    }

    /// Slot of man `p` in `men_keys`.
    #[inline]
    fn men_slot(&self, p: Piece) -> usize {
        p.owner() as usize * 2 + (self.v.pawn_like >> p.kind() & 1) as usize
    }

    /// The XOR of the keys of player `p`'s pawn-like men (`pawn_like`) or of his other men.
    #[inline]
    pub fn men_key(&self, p: Player, pawn_like: bool) -> u64 {
        self.men_keys[p as usize * 2 + pawn_like as usize]
    }

    /// Removes the man on `c` and returns it.
    #[inline]
    pub fn remove(&mut self, c: Cell) -> Piece {
        let p = self.board[c as usize];
        debug_assert!(!p.is_empty());
        self.board[c as usize] = Piece::EMPTY;
        let s = self.slot(p.owner(), p.kind());
        let n = self.board.len();
        let last = self.list_len[s] as usize - 1;
        let i = self.list_pos[c as usize] as usize;
        let moved = self.list[s * n + last];
        self.list[s * n + i] = moved;
        self.list_pos[moved as usize] = i as u16;
        self.list_len[s] -= 1;
        if self.small {
            self.masks[s].toggle(c);
            self.occ[p.owner() as usize].toggle(c);
        }
        let k = self.v.zobrist.piece(p, c);
        self.st.key ^= k;
        self.men_keys[self.men_slot(p)] ^= k;
        self.note(p, c, false);
        p
    }

    #[inline]
    fn shift(&mut self, from: Cell, to: Cell) {
        let p = self.board[from as usize];
        self.board[from as usize] = Piece::EMPTY;
        self.board[to as usize] = p;
        let i = self.list_pos[from as usize];
        let s = self.slot(p.owner(), p.kind());
        self.list[s * self.board.len() + i as usize] = to;
        self.list_pos[to as usize] = i;
        if self.small {
            let (m, o) = (&mut self.masks[s], &mut self.occ[p.owner() as usize]);
            for c in [from, to] {
                m.toggle(c);
                o.toggle(c);
            }
        }
        let z = &self.v.zobrist;
        let k = z.piece(p, from) ^ z.piece(p, to);
        self.st.key ^= k;
        self.men_keys[self.men_slot(p)] ^= k;
        self.note(p, from, false);
        self.note(p, to, true);
    }

    pub fn set_hand(&mut self, player: Player, t: PieceType, n: u8) {
        let z = &self.v.zobrist;
        let old = self.hands[player as usize][t as usize];
        self.st.key ^= z.hand(player, t, old) ^ z.hand(player, t, n);
        self.hands[player as usize][t as usize] = n;
    }

    pub fn set_rights(&mut self, r: u64) {
        self.st.key ^= self.v.zobrist.rights_key(self.st.rights ^ r);
        self.st.rights = r;
    }

    pub fn set_side(&mut self, p: Player) {
        let z = &self.v.zobrist;
        self.st.key ^= z.side[self.side as usize] ^ z.side[p as usize];
        self.side = p;
    }

    pub fn set_ep(&mut self, ep: [Cell; 2], victim: Cell) {
        let z = &self.v.zobrist;
        for c in self.st.ep.into_iter().chain(ep) {
            if c != NO_CELL {
                self.st.key ^= z.ep[c as usize];
            }
        }
        self.st.ep = ep;
        self.st.ep_victim = victim;
    }

    /// Sets the game-specific state word, keeping the key in step (its bits hash with `extra` keys).
    pub fn set_extra(&mut self, x: u64) {
        let z = &self.v.zobrist;
        let mut diff = self.st.extra ^ x;
        while diff != 0 {
            self.st.key ^= z.extra[diff.trailing_zeros() as usize];
            diff &= diff - 1;
        }
        self.st.extra = x;
    }

    /// Cells of the royal men of `player`.
    #[inline]
    pub fn royals(&self, player: Player) -> impl Iterator<Item = Cell> + '_ {
        let n = if self.v.sole_royal && self.royal_count(player) != 1 {
            0
        } else {
            usize::MAX
        };
        self.v
            .tables
            .royal_types
            .iter()
            .flat_map(move |&t| self.cells_of(player, t).iter().copied())
            .take(n)
    }

    /// Number of men of royal types `player` has.
    pub fn royal_count(&self, player: Player) -> usize {
        self.v
            .tables
            .royal_types
            .iter()
            .map(|&t| self.count(player, t))
            .sum()
    }

    /// Is cell `x` attacked by any man owned by `by`?
    #[inline]
    pub fn attacked_by(&self, x: Cell, by: Player) -> bool {
        self.attacked_by_ignoring(x, by, NO_CELL)
    }

    /// As `attacked_by`, with the cell `vacated` seen as empty (a king testing where it goes).
    pub fn attacked_by_ignoring(&self, x: Cell, by: Player, vacated: Cell) -> bool {
        let t = &self.v.tables;
        let occupied = |c: Cell| c != vacated && !self.board[c as usize].is_empty();
        // Armies keep their owner unless the game passes armies between players.
        let armies = if self.v.armies_change_hands {
            0..self.v.players
        } else {
            by..by + 1
        };
        for army in armies.clone() {
            if self.leap_ray_attackers(x, by, army, &vacated, |_| true) {
                return true;
            }
        }
        for army in armies {
            let found = self.paths_held(x, by, army, |e| {
                let p = self.board[e.src as usize];
                if p.is_empty() || p.owner() != by || p.army() != army || p.kind() != e.kind {
                    return false;
                }
                if !crate::tables::cond_holds(e.cond, e.flags, self.st.rights) {
                    return false;
                }
                let cells = &t.path[e.start as usize..e.start as usize + e.len as usize];
                if e.flags & CANNON != 0 {
                    if e.exclude != 0 {
                        // The screen may not be of an excluded type. (Spared targets do not
                        // matter here: the cell is asked about for the man that will stand there.)
                        let mut screens = cells.iter().filter(|&&c| occupied(c));
                        let screen = screens.next();
                        screens.next().is_none()
                            && screen.is_some_and(|&c| {
                                e.exclude >> self.board[c as usize].kind() & 1 == 0
                            })
                    } else {
                        cells.iter().filter(|&&c| occupied(c)).count() == 1
                    }
                } else if e.flags & GRASSHOPPER != 0 {
                    match cells.split_last() {
                        Some((last, rest)) => occupied(*last) && !rest.iter().any(|&c| occupied(c)),
                        None => false,
                    }
                } else {
                    !cells.iter().any(|&c| occupied(c))
                }
            });
            if found {
                return true;
            }
        }
        self.v.hooks.extra_attacks && self.v.rules.extra_attack(self, x, by, vacated)
    }

    /// Calls `f` with the cell of each man of `by` (army `army`) that attacks `x` by a plain
    /// leap or along a ray (the first man met there), the cells of `gone` seen as empty, until
    /// `f` returns true; returns whether it did. On boards of at most 256 cells the tables are
    /// read as masks (`masks::AttackMasks`).
    #[inline]
    pub fn leap_ray_attackers(
        &self,
        x: Cell,
        by: Player,
        army: Player,
        gone: &impl GoneCells,
        f: impl FnMut(Cell) -> bool,
    ) -> bool {
        let t = &self.v.tables;
        match &t.masks {
            Some(BoardMasks::Small(mk)) => {
                return self.mask_attackers(mk, x, by, army, gone.mask::<u64>(), f);
            }
            Some(BoardMasks::Narrow(mk)) => {
                return self.mask_attackers(mk, x, by, army, gone.mask::<u128>(), f);
            }
            Some(BoardMasks::Wide(mk)) => {
                return self.mask_attackers(mk, x, by, army, gone.mask::<Wide>(), f);
            }
            None => {}
        }
        let gone = |c: Cell| gone.has(c);
        let mut f = f;
        let is = |c: Cell, types: u64| {
            let p = self.board[c as usize];
            p.army() == army && types >> p.kind() & 1 != 0
        };
        let theirs = |c: Cell| {
            let p = self.board[c as usize];
            !p.is_empty() && p.owner() == by && !gone(c)
        };
        for &(src, types) in t.leaps_to(army, x) {
            if theirs(src) && is(src, types) && f(src) {
                return true;
            }
        }
        for r in t.rays_to(army, x) {
            let path = &t.path[r.start as usize..r.start as usize + r.len as usize];
            if let Some(&c) = path
                .iter()
                .find(|&&c| !self.board[c as usize].is_empty() && !gone(c))
                && theirs(c)
                && is(c, r.mask)
                && f(c)
            {
                return true;
            }
        }
        false
    }

    /// Calls `f` with each of army `army`'s attack paths to `x` (`Tables::paths_to`: lame, bent
    /// and hopping moves) whose source holds a man of `by` of a type with such paths, until `f`
    /// returns true; returns whether it did. With masks only those sources are visited, so most
    /// attack tests skip the paths (xiangqi's horses and cannons, acedrex's bent men); else every
    /// path is offered.
    #[inline]
    pub fn paths_held(
        &self,
        x: Cell,
        by: Player,
        army: Player,
        f: impl FnMut(&PathEntry) -> bool,
    ) -> bool {
        match &self.v.tables.masks {
            Some(BoardMasks::Small(mk)) => self.paths_held_in(mk, x, by, army, f),
            Some(BoardMasks::Narrow(mk)) => self.paths_held_in(mk, x, by, army, f),
            Some(BoardMasks::Wide(mk)) => self.paths_held_in(mk, x, by, army, f),
            None => self.v.tables.paths_to(army, x).iter().any(f),
        }
    }

    #[inline(always)]
    fn paths_held_in<M: CellMask>(
        &self,
        mk: &masks::AttackMasks<M>,
        x: Cell,
        by: Player,
        army: Player,
        mut f: impl FnMut(&PathEntry) -> bool,
    ) -> bool {
        let srcs = mk.path_sources(army, x);
        if srcs.is_empty() {
            return false;
        }
        let men = self.men_of_types::<M>(by, mk.path_kinds(army));
        let paths = &self.v.tables.paths;
        (srcs & men).cells().any(|c| {
            mk.paths_from(army, x, c)
                .iter()
                .any(|&i| f(&paths[i as usize]))
        })
    }

    /// `leap_ray_attackers` from the tables' masks `mk`.
    #[inline(always)]
    fn mask_attackers<M: CellMask>(
        &self,
        mk: &masks::AttackMasks<M>,
        x: Cell,
        by: Player,
        army: Player,
        gone: M,
        mut f: impl FnMut(Cell) -> bool,
    ) -> bool {
        let is = |c: Cell, types: u64| {
            let p = self.board[c as usize];
            p.army() == army && types >> p.kind() & 1 != 0
        };
        let theirs = self.occupied_by::<M>(by) & !gone;
        for &(types, src) in mk.leaps_to(army, x) {
            if (src & theirs).cells().any(|c| is(c, types) && f(c)) {
                return true;
            }
        }
        let occ = self.occupied::<M>() & !gone;
        for r in mk.rays_to(army, x) {
            if (r.cells & theirs).is_empty() {
                continue;
            }
            // The first man met, if it is theirs.
            let first = mk.reach(r, occ) & theirs;
            if !first.is_empty() {
                let c = first.lowest();
                if is(c, r.types) && f(c) {
                    return true;
                }
            }
        }
        false
    }

    /// Is `x` attacked by any opponent of `me`? (two teams: everyone not on my side)
    #[inline]
    pub fn attacked_by_enemy(&self, x: Cell, me: Player) -> bool {
        (0..self.v.players).any(|p| p != me && self.attacked_by(x, p))
    }

    /// Is any royal man of `player` attacked?
    pub fn royal_attacked(&self, player: Player) -> bool {
        if self.v.sole_royal && self.royal_count(player) != 1 {
            return false;
        }
        for &t in &self.v.tables.royal_types {
            for &c in self.cells_of(player, t) {
                if self.attacked_by_enemy(c, player) {
                    return true;
                }
            }
        }
        false
    }

    pub fn in_check(&self) -> bool {
        self.royal_attacked(self.side)
    }

    /// Makes a pseudo-legal move.
    pub fn make(&mut self, m: Move) {
        self.history.push(self.st);
        self.open_changes();
        let us = self.side;
        self.st.captured = Piece::EMPTY;
        self.st.mover = Piece::EMPTY;
        self.st.last = m;
        let old_ep = self.st.ep;
        if old_ep[0] != NO_CELL {
            self.set_ep([NO_CELL; 2], NO_CELL);
        }
        self.st.halfmove += 1;
        // Variant data is read field by field (no Arc clone: an atomic op per move is measurable).
        match m.kind {
            MoveKind::Drop => {
                let n = self.hands[us as usize][m.piece as usize];
                self.set_hand(us, m.piece, n - 1);
                self.put(m.to, Piece::new(m.piece, us, us));
            }
            MoveKind::Castle => {
                let c = self.v.castling[m.aux as usize];
                let king = self.remove(c.king_from);
                let rook = self.remove(c.rook_from);
                self.put(c.king_to, king);
                self.put(c.rook_to, rook);
            }
            MoveKind::Special => {
                let v = Arc::clone(&self.v);
                v.rules.make_special(self, m);
            }
            _ => {
                let mover = self.board[m.from as usize];
                self.st.mover = mover;
                let victim_cell = if m.kind == MoveKind::EnPassant {
                    self.st_prev_ep_victim()
                } else {
                    m.to
                };
                if !self.board[victim_cell as usize].is_empty() {
                    let cap = self.remove(victim_cell);
                    self.st.captured = cap;
                    self.st.halfmove = 0;
                    // Royals are removed from the game, never held (games with several royals).
                    if self.v.captures_to_hand && !self.v.pieces[cap.kind() as usize].royal {
                        let k = self.hand_kind(cap);
                        let n = self.hands[us as usize][k as usize];
                        self.set_hand(us, k, n.wrapping_add(1));
                    }
                }
                if self.v.pieces[mover.kind() as usize].resets_clock {
                    self.st.halfmove = 0;
                }
                if m.kind == MoveKind::Promotion {
                    self.remove(m.from);
                    self.put(m.to, Piece::new(m.piece, mover.owner(), mover.army()));
                } else {
                    self.shift(m.from, m.to);
                }
                if m.kind == MoveKind::Replace {
                    let cap = self.st.captured;
                    self.put(m.aux, cap);
                }
                if m.kind == MoveKind::Double {
                    self.set_double_step_ep(m, mover);
                }
            }
        }
        // Rights lost by touching cells.
        if self.st.rights != 0 {
            let mask = self.v.tables.touch_mask(m.from) | self.v.tables.touch_mask(m.to);
            if self.st.rights & mask != 0 {
                let r = self.st.rights & !mask;
                self.set_rights(r);
            }
        }
        let players = self.v.players;
        if us + 1 == players {
            self.fullmove += 1;
        }
        self.ply += 1;
        let next = if us + 1 == players { 0 } else { us + 1 };
        self.set_side(next);
        let check_rights = self.v.tables.check_rights;
        if check_rights != 0 && self.st.rights & check_rights != 0 {
            let lose = self.v.tables.check_rights_of(next) & self.st.rights;
            if lose != 0 && self.in_check() {
                let r = self.st.rights & !lose;
                self.set_rights(r);
            }
        }
        if self.v.hooks.after_make {
            let v = Arc::clone(&self.v);
            v.rules.after_make(self, m);
        }
    }

    #[inline]
    fn st_prev_ep_victim(&self) -> Cell {
        self.history.last().map_or(NO_CELL, |s| s.ep_victim)
    }

    /// After a multi-step of an en-passant man: the passed cells become targets, but only if an
    /// enemy man could take there (as Fairy-Stockfish records it).
    fn set_double_step_ep(&mut self, m: Move, mover: Piece) {
        let t = &self.v.tables;
        let mut cells = [NO_CELL; 2];
        let mut k = 0;
        // The passed cells are those of the atom path strictly before `to`.
        for a in t.atoms(mover.army(), mover.kind(), m.from) {
            let path = t.cells(a);
            if let Some(i) = path.iter().position(|&c| c == m.to)
                && a.flags & crate::tables::SETS_EP != 0
            {
                for &c in &path[..i] {
                    if k < 2 && self.ep_capturable(c, mover.owner()) {
                        cells[k] = c;
                        k += 1;
                    }
                }
                break;
            }
        }
        if k > 0 {
            self.set_ep(cells, m.to);
        }
    }

    fn ep_capturable(&self, c: Cell, victim_owner: Player) -> bool {
        let t = &self.v.tables;
        for army in 0..self.v.players {
            for &(src, mask) in t.leaps_to(army, c) {
                let p = self.board[src as usize];
                if !p.is_empty()
                    && p.owner() != victim_owner
                    && p.army() == army
                    && mask >> p.kind() & 1 != 0
                    && self.v.pieces[p.kind() as usize].en_passant
                {
                    return true;
                }
            }
        }
        false
    }

    pub fn unmake(&mut self, m: Move) {
        // Taking a move back records nothing: the record of the move before it stays.
        let tracking = std::mem::replace(&mut self.tracking, false);
        self.unmake_board(m);
        self.tracking = tracking;
    }

    fn unmake_board(&mut self, m: Move) {
        if self.v.hooks.after_make {
            let v = Arc::clone(&self.v);
            v.rules.undo_after_make(self, m);
        }
        let prev = self.history.pop().expect("unmake without make");
        let players = self.v.players;
        let us = if self.side == 0 {
            players - 1
        } else {
            self.side - 1
        };
        self.side = us;
        if us + 1 == players {
            self.fullmove -= 1;
        }
        self.ply -= 1;
        match m.kind {
            MoveKind::Drop => {
                self.remove(m.to);
                self.hands[us as usize][m.piece as usize] += 1;
            }
            MoveKind::Castle => {
                let c = self.v.castling[m.aux as usize];
                let king = self.remove(c.king_to);
                let rook = self.remove(c.rook_to);
                self.put(c.king_from, king);
                self.put(c.rook_from, rook);
            }
            MoveKind::Special => {
                let v = Arc::clone(&self.v);
                v.rules.unmake_special(self, m);
            }
            _ => {
                if m.kind == MoveKind::Replace {
                    self.remove(m.aux);
                }
                if m.kind == MoveKind::Promotion {
                    self.remove(m.to);
                    let orig = self.st.mover;
                    self.put(m.from, orig);
                } else {
                    self.shift(m.to, m.from);
                }
                let cap = self.st.captured;
                if !cap.is_empty() {
                    if self.v.captures_to_hand && !self.v.pieces[cap.kind() as usize].royal {
                        let k = self.hand_kind(cap) as usize;
                        self.hands[us as usize][k] = self.hands[us as usize][k].wrapping_sub(1);
                    }
                    let cell = if m.kind == MoveKind::EnPassant {
                        prev.ep_victim
                    } else {
                        m.to
                    };
                    self.put(cell, cap);
                }
            }
        }
        self.st = prev;
    }

    /// The type a captured man `p` becomes in the capturer's hand (`PieceDef::demotes_to`).
    #[inline]
    pub fn hand_kind(&self, p: Piece) -> PieceType {
        self.v.pieces[p.kind() as usize]
            .demotes_to
            .unwrap_or(p.kind())
    }

    /// Passes the turn (null move for search; a pass move in games that have one).
    pub fn make_null(&mut self) {
        self.history.push(self.st);
        self.open_changes();
        self.st.captured = Piece::EMPTY;
        self.st.last = Move::NONE;
        if self.st.ep[0] != NO_CELL {
            self.set_ep([NO_CELL; 2], NO_CELL);
        }
        self.st.halfmove += 1;
        let next = self.v.next_player(self.side);
        self.set_side(next);
        self.ply += 1;
    }

    pub fn unmake_null(&mut self) {
        self.st = self.history.pop().expect("unmake_null without make_null");
        self.side = if self.side == 0 {
            self.v.players - 1
        } else {
            self.side - 1
        };
        self.ply -= 1;
    }

    /// Recomputes the key from scratch (for tests and FEN loading).
    pub fn compute_key(&self) -> u64 {
        let z = &self.v.zobrist;
        let mut k = z.side[self.side as usize] ^ z.rights_key(self.st.rights);
        for c in 0..self.board.len() {
            let p = self.board[c];
            if !p.is_empty() {
                k ^= z.piece(p, c as Cell);
            }
        }
        for p in 0..self.v.players {
            for t in 0..self.v.pieces.len() {
                k ^= z.hand(p, t as u8, self.hands[p as usize][t]);
            }
        }
        for c in self.st.ep {
            if c != NO_CELL {
                k ^= z.ep[c as usize];
            }
        }
        let mut x = self.st.extra;
        while x != 0 {
            k ^= z.extra[x.trailing_zeros() as usize];
            x &= x - 1;
        }
        k
    }

    /// Initialises the key of a freshly built position (hands start at count 0 in the key).
    pub fn reset_key(&mut self) {
        self.st.key = self.compute_key();
    }

    /// Number of earlier occurrences of the current position within the reversible plies.
    pub fn repetitions(&self) -> u32 {
        let mut n = 0;
        let limit = (self.st.halfmove as usize).min(self.history.len());
        let h = &self.history;
        let players = self.v.players as usize;
        let mut i = players;
        while i <= limit {
            if h[h.len() - i].key == self.st.key {
                n += 1;
            }
            i += players;
        }
        n
    }

    pub fn board_cells(&self) -> usize {
        self.board.len()
    }
}

#[cfg(test)]
mod tests {
    use crate::masks::{CellMask, Wide};
    use crate::movegen::{MoveList, legal_moves};
    use crate::{fen, variants};

    /// Each player's men keys recomputed from the board.
    fn men_keys_from_scratch(pos: &super::Position) -> Vec<u64> {
        let mut k = vec![0u64; 2 * super::MAX_PLAYERS];
        for c in 0..pos.board_cells() {
            let p = pos.at(c as super::Cell);
            if !p.is_empty() {
                k[pos.men_slot(p)] ^= pos.v.zobrist.piece(p, c as super::Cell);
            }
        }
        k
    }

    /// Per (player, type) mask recomputed from the board.
    fn masks_from_scratch(pos: &super::Position) -> Vec<Wide> {
        let mut m = vec![Wide::default(); pos.masks.len()];
        if pos.board_cells() > 256 {
            return m;
        }
        for c in 0..pos.board_cells() {
            let p = pos.at(c as super::Cell);
            if !p.is_empty() {
                m[pos.slot(p.owner(), p.kind())] |= Wide::bit(c as super::Cell);
            }
        }
        m
    }

    fn walk(pos: &mut super::Position, depth: u32) {
        assert_eq!(pos.men_keys.to_vec(), men_keys_from_scratch(pos));
        let masks = masks_from_scratch(pos);
        assert_eq!(pos.masks, masks);
        let nt = pos.v.pieces.len();
        for pl in 0..pos.v.players {
            let all = masks[pl as usize * nt..][..nt]
                .iter()
                .fold(Wide::default(), |m, &x| m | x);
            assert_eq!(pos.occupied_by::<Wide>(pl), all);
        }
        if depth == 0 {
            return;
        }
        let mut list = MoveList::new();
        legal_moves(pos, &mut list);
        for &m in &list {
            pos.make(m);
            walk(pos, depth - 1);
            pos.unmake(m);
        }
    }

    /// Through captures, promotions, castling, en passant and drops, the men keys and the men's
    /// masks stay what the board gives, and the pawn-like men's keys are apart from the others'.
    #[test]
    fn men_keys_follow_the_men_through_make_and_unmake() {
        for (game, f) in [
            (
                "chess",
                "r3k2r/p1ppqPb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPpP/R3K2R b KQkq e3 0 1",
            ),
            (
                "shogi",
                "lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL[Bb] w - - 0 1",
            ),
            // 196 cells: the masks' second word.
            (
                "turkish4",
                "rndtbmkqsbtdnr/ppppppp1pppppp/14/14/14/14/14/7p6/14/14/14/14/PPPPPPPPPPPPPP/RNDTBSQKMBTDNR w - - 0 1",
            ),
        ] {
            let v = variants::build(game, "").unwrap();
            let mut pos = fen::parse(&v, f).unwrap();
            let before = pos.men_keys;
            walk(&mut pos, 2);
            assert_eq!(pos.men_keys, before);
            assert_ne!(pos.men_key(0, true), 0, "{game}");
            assert_ne!(pos.men_key(0, false), 0, "{game}");
        }
    }

    /// In every game, along playouts, each move's recorded changes turn the board before it into
    /// the board after it (or the move is marked as having too many); taking a move back records
    /// nothing, so the record of the move before stays.
    #[test]
    fn recorded_changes_replay_each_move() {
        let mut seed = 0x1234_5678_9abc_def1u64;
        let mut overflowed = 0;
        let mut moves = 0;
        for e in variants::all() {
            let v = variants::build(e.id, "").unwrap();
            let Ok(mut pos) = fen::parse(&v, &v.start_fen) else {
                continue;
            };
            pos.track_changes(true);
            let mut list = MoveList::new();
            for _ in 0..60 {
                list.clear();
                legal_moves(&mut pos, &mut list);
                if list.is_empty() {
                    break;
                }
                let m = list[crate::playout::pick(&mut seed, list.len())];
                let before: Vec<_> = (0..pos.board_cells())
                    .map(|c| pos.at(c as super::Cell))
                    .collect();
                let earlier = pos.changes(pos.history().len()).map(<[_]>::to_vec);
                pos.make(m);
                moves += 1;
                let l = pos.history().len();
                match pos.changes(l) {
                    Some(ch) => {
                        let mut board = before.clone();
                        for c in ch {
                            let cell = &mut board[c.cell as usize];
                            if c.added {
                                assert!(cell.is_empty(), "{}: {m:?}", e.id);
                                *cell = c.piece;
                            } else {
                                assert_eq!(*cell, c.piece, "{}: {m:?}", e.id);
                                *cell = super::Piece::EMPTY;
                            }
                        }
                        let after: Vec<_> = (0..pos.board_cells())
                            .map(|c| pos.at(c as super::Cell))
                            .collect();
                        assert_eq!(board, after, "{}: {m:?}", e.id);
                    }
                    None => overflowed += 1,
                }
                // Taken back and made again: the record before is as it was.
                pos.unmake(m);
                assert_eq!(pos.changes(l - 1).map(<[_]>::to_vec), earlier, "{}", e.id);
                pos.make(m);
            }
        }
        assert!(moves > 1000, "{moves}");
        assert!(overflowed * 100 < moves, "{overflowed} of {moves}");
    }
}
