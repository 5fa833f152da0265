//! Static exchange evaluation (SEE) for any piece set, from the position's reverse attack tables.
//!
//! The exchange on the destination cell is played out with the least valuable attacker of each
//! side in turn (the swap algorithm); x-ray attackers behind a man that has taken part appear as
//! the cells it left are seen as empty. Leapers, riders, lame leapers and bent riders (the table's
//! plain paths) are exact. Where the answer cannot be trusted cheaply the function says so with
//! `None` and callers fall back to a conservative guess: a hopper (cannon, grasshopper) of either
//! side that could reach the cell (screens change during an exchange), extra-attack hooks, more
//! than two players, a man with check-only attacks (`attack_only`) in the exchange, and moves whose effect the tables do not describe (drops, castling, the
//! games' special moves). Pins and promotions during the exchange are ignored, as usual.
//! Nothing here allocates.

use arrayvec::ArrayVec;

use crate::eval::EvalParams;
use crate::geometry::{Cell, NO_CELL};
use crate::masks::{CellMask, Wide};
use crate::moves::{Move, MoveKind};
use crate::piece::Player;
use crate::position::{GoneCells, Position};
use crate::tables::{CANNON, GRASSHOPPER, cond_holds};

/// Exchange value of a royal man (it may only take last, on an undefended cell).
const ROYAL: i32 = 20_000;
const MAX_SWAPS: usize = 40;

#[inline]
fn value_of(ep: &EvalParams, t: usize) -> i32 {
    if ep.royal[t] { ROYAL } else { ep.see_value[t] }
}

/// The cells that have left the board during an exchange: a list, and on boards with attack
/// masks the same cells as a mask.
struct Removed {
    cells: ArrayVec<Cell, MAX_SWAPS>,
    mask: Wide,
}

impl Removed {
    fn push(&mut self, c: Cell) {
        self.cells.push(c);
        self.mask |= Wide::bit(c);
    }
}

impl GoneCells for Removed {
    #[inline(always)]
    fn has(&self, c: Cell) -> bool {
        self.cells.contains(&c)
    }

    #[inline(always)]
    fn mask<M: CellMask>(&self) -> M {
        M::from_wide(self.mask)
    }
}

/// Least valuable man of `side` attacking `x`, with the cells of `removed` seen as empty:
/// (cell, exchange value, royal).
fn least_attacker(
    pos: &Position,
    ep: &EvalParams,
    x: Cell,
    side: Player,
    removed: &Removed,
) -> Option<(Cell, i32, bool)> {
    let t = &pos.v.tables;
    let gone = |c: Cell| removed.has(c);
    let occupied = |c: Cell| !pos.at(c).is_empty() && !gone(c);
    let mut best: Option<(Cell, i32, bool)> = None;
    let consider = |c: Cell, best: &mut Option<(Cell, i32, bool)>| {
        let k = pos.at(c).kind() as usize;
        let val = value_of(ep, k);
        if best.is_none_or(|b| val < b.1) {
            *best = Some((c, val, ep.royal[k]));
        }
    };
    let armies = if pos.v.armies_change_hands {
        0..pos.v.players
    } else {
        side..side + 1
    };
    for army in armies {
        pos.leap_ray_attackers(x, side, army, removed, |c| {
            consider(c, &mut best);
            false
        });
        pos.paths_held(x, side, army, |e| {
            if e.flags & (CANNON | GRASSHOPPER) != 0 {
                return false; // screened out by the caller
            }
            let p = pos.at(e.src);
            if p.is_empty()
                || p.owner() != side
                || p.army() != army
                || p.kind() != e.kind
                || gone(e.src)
                || !cond_holds(e.cond, e.flags, pos.st.rights)
            {
                return false;
            }
            let cells = &t.path[e.start as usize..e.start as usize + e.len as usize];
            if !cells.iter().any(|&c| occupied(c)) {
                consider(e.src, &mut best);
            }
            false
        });
    }
    best
}

/// Could a hopper of any army reach `x` (whatever the screens)?
fn hopper_near(pos: &Position, x: Cell) -> bool {
    let t = &pos.v.tables;
    if !t.has_hoppers {
        return false;
    }
    (0..pos.v.players).any(|army| {
        t.paths_to(army, x).iter().any(|e| {
            e.flags & (CANNON | GRASSHOPPER) != 0 && {
                let p = pos.at(e.src);
                !p.is_empty() && p.army() == army && p.kind() == e.kind
            }
        })
    })
}

/// Does the static exchange of `m` come out below `t`? Answered from the exchange's bounds when
/// they settle it — it lies between the first gain (victim and promotion) and that gain less the
/// man then on the cell, who may be taken for nothing — else by `see` (`None`: unknown).
pub fn see_below(pos: &Position, ep: &EvalParams, m: Move, t: i32) -> Option<bool> {
    let o = opening(pos, ep, m)?;
    if o.gain - o.on_cell >= t {
        return Some(false);
    }
    if o.gain < t {
        return Some(true);
    }
    exchange(pos, ep, m, o).map(|x| x < t)
}

/// The move that opens an exchange: what it gains at once and what then stands on the cell.
struct Opening {
    /// Victim plus promotion gain.
    gain: i32,
    /// Exchange value of the man on the destination after the move.
    on_cell: i32,
    /// The en-passant victim's cell (it leaves the board too).
    ep_victim: Option<Cell>,
}

/// The opening of `m`'s exchange, where the tables can judge it (see the module notes).
#[inline]
fn opening(pos: &Position, ep: &EvalParams, m: Move) -> Option<Opening> {
    let n = pos.board_cells();
    if pos.v.players != 2
        || pos.v.hooks.extra_attacks
        || m.from == NO_CELL
        || m.to == NO_CELL
        || m.from as usize >= n
        || m.to as usize >= n
    {
        return None;
    }
    let mover = pos.at(m.from);
    if mover.is_empty() {
        return None;
    }
    let mut ep_victim = None;
    let victim = match m.kind {
        MoveKind::Normal | MoveKind::Promotion => {
            let q = pos.at(m.to);
            if q.is_empty() {
                0
            } else if q.owner() == pos.side {
                return None;
            } else {
                ep.see_value[q.kind() as usize]
            }
        }
        MoveKind::EnPassant => {
            let c = pos.st.ep_victim;
            if c == NO_CELL || c as usize >= n || pos.at(c).is_empty() {
                return None;
            }
            ep_victim = Some(c);
            ep.see_value[pos.at(c).kind() as usize]
        }
        _ => return None,
    };
    let mut on_cell = value_of(ep, mover.kind() as usize);
    let mut gain = victim;
    if m.kind == MoveKind::Promotion && (m.piece as usize) < ep.ntypes {
        let pv = value_of(ep, m.piece as usize);
        gain += pv - on_cell;
        on_cell = pv;
    }
    Some(Opening {
        gain,
        on_cell,
        ep_victim,
    })
}

/// Material the side to move wins (>= 0) or loses by playing `m` and then exchanging on its
/// destination as well as both sides can; `None` when unknown (see the module notes).
pub fn see(pos: &Position, ep: &EvalParams, m: Move) -> Option<i32> {
    exchange(pos, ep, m, opening(pos, ep, m)?)
}

/// The exchange on `m`'s destination after its opening `o`: `see`'s value.
fn exchange(pos: &Position, ep: &EvalParams, m: Move, o: Opening) -> Option<i32> {
    if hopper_near(pos, m.to) {
        return None;
    }
    let mut removed = Removed {
        cells: ArrayVec::new(),
        mask: Wide::default(),
    };
    removed.push(m.from);
    if let Some(c) = o.ep_victim {
        removed.push(c);
    }
    let mut on_cell = o.on_cell;
    let mut gain = [0i32; MAX_SWAPS + 1];
    gain[0] = o.gain;
    let mut side = 1 - pos.side;
    let mut d = 0;
    loop {
        d += 1;
        gain[d] = on_cell - gain[d - 1];
        if (-gain[d - 1]).max(gain[d]) < 0 || d >= MAX_SWAPS - 1 || removed.cells.is_full() {
            break;
        }
        let Some((c, val, royal)) = least_attacker(pos, ep, m.to, side, &removed) else {
            break;
        };
        if !pos.v.pieces[pos.at(c).kind() as usize]
            .attack_only
            .is_empty()
        {
            // Its table attacks include some that are no captures (flying general): unknown.
            return None;
        }
        removed.push(c);
        if royal && least_attacker(pos, ep, m.to, 1 - side, &removed).is_some() {
            break; // a royal man cannot take on a defended cell
        }
        on_cell = val;
        side = 1 - side;
    }
    while d > 1 {
        d -= 1;
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
    }
    Some(gain[0])
}
