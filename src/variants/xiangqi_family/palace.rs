//! Shared pieces of the xiangqi family: the 9x10 board's palaces and halves, the pieces of
//! xiangqi and janggi, facing generals, passes, and the perpetual-check / chase repetition judge.

use crate::cellset::CellSet;
use crate::geometry::{Cell, Geometry, NO_CELL};
use crate::movegen::{MoveList, piece_moves};
use crate::moves::{Move, MoveKind};
use crate::piece::{PieceDef, PieceType, Player, ZoneMoves};
use crate::position::Position;
use crate::variant::{GameResult, Outcome};

pub const WIDTH: u8 = 9;
pub const HEIGHT: u8 = 10;

pub fn board() -> Geometry {
    Geometry::rect(WIDTH, HEIGHT)
}

fn cells(geo: &Geometry, f: impl Fn(u8, u8) -> bool) -> CellSet {
    let mut s = CellSet::EMPTY;
    for y in 0..geo.height {
        for x in 0..geo.width {
            if f(x, y)
                && let Some(c) = geo.cell_at(x as i32, y as i32, 0)
            {
                s.insert(c);
            }
        }
    }
    s
}

/// The palace (fortress) of `army`: files d-f, its first three ranks.
pub fn palace(geo: &Geometry, army: Player) -> CellSet {
    cells(geo, |x, y| {
        (3..=5).contains(&x) && if army == 0 { y <= 2 } else { y >= 7 }
    })
}

/// The points of `army`'s palace on its diagonals: the four corners and the centre.
pub fn palace_diagonal_points(geo: &Geometry, army: Player) -> CellSet {
    cells(geo, |x, y| {
        let ry = if army == 0 { y as i32 } else { 9 - y as i32 };
        (3..=5).contains(&x) && (0..=2).contains(&ry) && (x as i32 - 4).abs() == (ry - 1).abs()
    })
}

/// The diagonal points of both palaces.
pub fn all_diagonal_points(geo: &Geometry) -> CellSet {
    union(
        palace_diagonal_points(geo, 0),
        palace_diagonal_points(geo, 1),
    )
}

/// `army`'s own half of the board (ranks 1-5 for the first army).
pub fn own_half(geo: &Geometry, army: Player) -> CellSet {
    cells(geo, |_, y| if army == 0 { y <= 4 } else { y >= 5 })
}

pub fn union(a: CellSet, b: CellSet) -> CellSet {
    let mut s = a;
    for c in b.iter() {
        s.insert(c);
    }
    s
}

/// Per army: `f(army)`.
pub fn per_army(f: impl Fn(Player) -> CellSet) -> Vec<CellSet> {
    vec![f(0), f(1)]
}

/// Per army: the opponent's `f`.
pub fn per_enemy(f: impl Fn(Player) -> CellSet) -> Vec<CellSet> {
    vec![f(1), f(0)]
}

/// Moves from `cells` (per army) that stay within them.
pub fn inner(cells: Vec<CellSet>, betza: &str) -> ZoneMoves {
    ZoneMoves {
        cells,
        betza: betza.to_string(),
    }
}

/// Type indices shared by the family's games (the order the builders add them).
pub const KING: PieceType = 0;
pub const ADVISOR: PieceType = 1;
pub const ELEPHANT: PieceType = 2;
pub const HORSE: PieceType = 3;
pub const CHARIOT: PieceType = 4;
pub const CANNON: PieceType = 5;
pub const SOLDIER: PieceType = 6;

/// The xiangqi army, in the order of the constants above.
pub fn xiangqi_pieces(geo: &Geometry) -> Vec<PieceDef> {
    let pal = per_army(|a| palace(geo, a));
    let mut k = PieceDef::new("general", "K", "W").royal();
    k.region = pal.clone();
    // Flying general: the general attacks along its file, for check purposes only.
    k.attack_only = "vR".to_string();
    let mut a = PieceDef::new("advisor", "A", "F").value(200);
    a.region = pal;
    let mut b = PieceDef::new("elephant", "B", "nA").value(200);
    b.region = per_army(|a| own_half(geo, a));
    let n = PieceDef::new("horse", "N", "nN").value(400);
    let r = PieceDef::new("chariot", "R", "R").value(900);
    let c = PieceDef::new("cannon", "C", "mRcpR").value(450);
    let mut p = PieceDef::new("soldier", "P", "fW").value(100);
    p.zone_moves.push(ZoneMoves {
        cells: per_enemy(|a| own_half(geo, a)),
        betza: "sW".to_string(),
    });
    vec![k, a, b, n, r, c, p]
}

/// Janggi / Korean army options.
pub struct KoreanArmy {
    /// A cannon may capture a cannon (first-edition rule).
    pub cannon_takes_cannon: bool,
    /// Horse and elephant also step along the palace diagonals.
    pub diagonals_all: bool,
    /// The soldier in the enemy palace moves only forward along its lines (modern, FSF);
    /// otherwise it gains the guard's moves there (book).
    pub soldier_forward_only: bool,
}

/// The janggi army, in the order of the constants above.
pub fn korean_pieces(geo: &Geometry, o: &KoreanArmy) -> Vec<PieceDef> {
    let pal = per_army(|a| palace(geo, a));
    let diag_own = per_army(|a| palace_diagonal_points(geo, a));
    let both = all_diagonal_points(geo);
    let diag_all = vec![both, both];
    let mut k = PieceDef::new("general", "K", "W").royal();
    k.region = pal.clone();
    k.inner_moves.push(inner(diag_own.clone(), "F"));
    let mut a = PieceDef::new("guard", "A", "W").value(300);
    a.region = pal;
    a.inner_moves.push(inner(diag_own, "F"));
    let mut b = PieceDef::new("elephant", "B", "nZ").value(300);
    let mut n = PieceDef::new("horse", "N", "nN").value(500);
    if o.diagonals_all {
        b.inner_moves.push(inner(diag_all.clone(), "F"));
        n.inner_moves.push(inner(diag_all.clone(), "F"));
    }
    let mut r = PieceDef::new("chariot", "R", "R").value(1300);
    r.inner_moves.push(inner(diag_all.clone(), "B"));
    let mut c = PieceDef::new("cannon", "C", "pR").value(700);
    c.inner_moves.push(inner(diag_all, "pB"));
    c.hop_exclude = 1 << CANNON;
    if !o.cannon_takes_cannon {
        c.hop_spare = 1 << CANNON;
    }
    let mut p = PieceDef::new("soldier", "P", "fWsW").value(200);
    let enemy_diag = per_enemy(|a| palace_diagonal_points(geo, a));
    if o.soldier_forward_only {
        p.inner_moves.push(inner(enemy_diag, "fF"));
    } else {
        p.inner_moves.push(inner(enemy_diag, "F"));
        p.inner_moves
            .push(inner(per_enemy(|a| palace(geo, a)), "bW"));
    }
    vec![k, a, b, n, r, c, p]
}

/// The general of `p`, if any.
#[inline]
pub fn general(pos: &Position, p: Player) -> Cell {
    pos.cells_of(p, KING).first().copied().unwrap_or(NO_CELL)
}

/// Do the generals face each other on an open file? `moved`: a move (from, to) to apply
/// first (the cell `from` is seen empty and `to` occupied; a general moving from `from` goes
/// to `to`).
pub fn facing_after(pos: &Position, from: Cell, to: Cell) -> bool {
    let (mut a, mut b) = (general(pos, 0), general(pos, 1));
    if a == NO_CELL || b == NO_CELL {
        return false;
    }
    if from != NO_CELL && from != to {
        if a == from {
            a = to;
        } else if b == from {
            b = to;
        }
    }
    let geo = &pos.v.geo;
    let (ax, ay, _) = geo.coords(a);
    let (bx, by, _) = geo.coords(b);
    if ax != bx {
        return false;
    }
    let (lo, hi) = (ay.min(by), ay.max(by));
    for y in lo + 1..hi {
        let Some(c) = geo.cell_at(ax as i32, y as i32, 0) else {
            continue;
        };
        let occupied = if c == to {
            true
        } else if c == from {
            false
        } else {
            !pos.at(c).is_empty()
        };
        if occupied {
            return false;
        }
    }
    true
}

/// Do the generals face each other now?
pub fn facing(pos: &Position) -> bool {
    facing_after(pos, NO_CELL, NO_CELL)
}

/// A pass: the general's cell twice (Fairy-Stockfish's notation), played as a special move.
pub fn pass_move(pos: &Position) -> Option<Move> {
    let k = general(pos, pos.side);
    (k != NO_CELL).then(|| Move::with(k, k, MoveKind::Special, 0))
}

pub fn is_pass(m: Move) -> bool {
    m.kind == MoveKind::Special && m.from == m.to && m.from != NO_CELL && m.piece == 0
}

/// Was the move that led here a pass, and the one before it too?
pub fn double_pass(pos: &Position) -> bool {
    is_pass(pos.st.last) && pos.history().last().is_some_and(|s| is_pass(s.last))
}

/// Janggi material points (chariot 13, cannon 7, horse 5, elephant 3, guard 3, soldier 2).
pub fn points(pos: &Position, p: Player) -> i32 {
    const V: [i32; 7] = [0, 3, 3, 5, 13, 7, 2];
    (0..7)
        .map(|t| V[t] * pos.count(p, t as PieceType) as i32)
        .sum()
}

/// How the repetition judge ranks a repetition.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RepetitionRule {
    /// A side that checked on every move of the cycle loses (the other did not).
    PerpetualCheck,
    /// Asian rules: perpetual check, then perpetual chase, are forbidden (check outranks chase).
    Axf,
}

/// The result of a repeated position (`n` = occurrences that end the game, counting this
/// one), or `None` if the position has not occurred `n` times. Only scans the history when
/// the current position repeats, so it is cheap at ordinary nodes.
pub fn repetition_outcome(pos: &Position, n: u32, rule: RepetitionRule) -> Option<Outcome> {
    let h = pos.history();
    let limit = (pos.st.halfmove as usize).min(h.len());
    if limit < 4 {
        return None;
    }
    let key = pos.st.key;
    let mut count = 1;
    let mut last = 0;
    let mut i = 2;
    while i <= limit {
        if h[h.len() - i].key == key {
            count += 1;
            if last == 0 {
                last = i;
            }
        }
        i += 2;
    }
    if count < n.max(2) || last == 0 {
        return None;
    }
    // Walk back over the cycle: does each move give check (or chase)?
    let mut p = pos.clone();
    // level[side]: 2 = every move checked, 1 = every move checked or chased, 0 = otherwise.
    let mut level = [2u8; 2];
    for _ in 0..last {
        let m = p.st.last;
        if m.is_none() {
            return None;
        }
        let mover = (p.side ^ 1) as usize;
        let check = p.in_check();
        let lvl = if check {
            2
        } else if rule == RepetitionRule::Axf && chases(&mut p, m) {
            1
        } else {
            0
        };
        level[mover] = level[mover].min(lvl);
        p.unmake(m);
    }
    if rule == RepetitionRule::PerpetualCheck {
        for l in level.iter_mut() {
            if *l == 1 {
                *l = 0;
            }
        }
    }
    let draw = Outcome {
        result: GameResult::Draw,
        reason: "repetition",
    };
    if level[0] == level[1] {
        return Some(draw);
    }
    let loser = if level[0] > level[1] { 0 } else { 1 };
    let reason = if level[loser] == 2 {
        "perpetual check"
    } else {
        "perpetual chase"
    };
    Some(Outcome {
        result: GameResult::Win(1 - loser as Player),
        reason,
    })
}

/// Did move `m` (just made in `p`) start a chase (Asian rules): the moved man, not a general
/// or soldier, now attacks an enemy man other than the general or an uncrossed soldier that it
/// did not attack before, and that man is unprotected, or is a chariot attacked by a horse or
/// cannon.
fn chases(p: &mut Position, m: Move) -> bool {
    if m.kind == MoveKind::Special || m.from == NO_CELL {
        return false;
    }
    let piece = p.at(m.to);
    if piece.is_empty() || matches!(piece.kind(), KING | SOLDIER) {
        return false;
    }
    let targets = |p: &Position, from: Cell| {
        let mut list = MoveList::new();
        piece_moves(p, from, &mut list);
        let mut s = CellSet::EMPTY;
        for mv in &list {
            if !p.at(mv.to).is_empty() {
                s.insert(mv.to);
            }
        }
        s
    };
    let after = targets(p, m.to);
    if after.is_empty() {
        return false;
    }
    let victim_owner = p.side;
    // Before the move: the man stood on m.from.
    p.unmake(m);
    let before = targets(p, m.from);
    p.make(m);
    for c in after.iter() {
        if before.contains(c) {
            continue;
        }
        let t = p.at(c);
        if t.kind() == KING {
            continue;
        }
        let (_, y, _) = p.v.geo.coords(c);
        let home = if t.army() == 0 { y <= 4 } else { y >= 5 };
        if t.kind() == SOLDIER && home {
            continue;
        }
        let protected = p.attacked_by(c, victim_owner);
        if !protected || (t.kind() == CHARIOT && matches!(piece.kind(), HORSE | CANNON)) {
            return true;
        }
    }
    false
}
