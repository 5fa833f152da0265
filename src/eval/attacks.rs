//! What each man attacks and where it can go, read from the compiled move tables: the raw
//! material of the evaluation's threat, mobility and king-attack terms (docs/eval.md).

use super::lines::ManLines;
use super::{BITS_WORDS, Bits};
use crate::geometry::Cell;
use crate::masks::{CellMask, Wide};
use crate::piece::{Piece, PieceType, Player};
use crate::position::Position;
use crate::tables::{CANNON, CAPTURE, GRASSHOPPER, LEAPS, MOVE};

/// The man could capture on the cell (an own man there is defended).
pub const ATTACK: u8 = 1;
/// The man could move to the cell now (empty, or an enemy man to take).
pub const REACH: u8 = 2;

/// Calls `f(cell, ATTACK | REACH bits)` for the cells the man on `c` attacks or can reach.
/// Privileged moves (double steps, castling) are left out; hoppers attack past their screen.
#[inline]
pub fn scan(pos: &Position, c: Cell, f: impl FnMut(Cell, u8)) {
    scan_as(pos, c, pos.at(c), f)
}

/// `scan` for man `p` as if it stood on `c` (the rest of the board as it is).
#[inline]
pub fn scan_as(pos: &Position, c: Cell, p: Piece, mut f: impl FnMut(Cell, u8)) {
    let tb = &pos.v.tables;
    let us = p.owner();
    let def = &pos.v.pieces[p.kind() as usize];
    for a in tb.atoms(p.army(), p.kind(), c) {
        if a.cond != 0 {
            continue;
        }
        let cells = tb.cells(a);
        let can_take = a.flags & CAPTURE != 0;
        // Flags for an empty cell, and for an occupied one (if the atom captures at all).
        let on_empty = (can_take as u8 * ATTACK) | ((a.flags & MOVE != 0) as u8 * REACH);
        let on_man = |q: Piece| ATTACK | ((q.owner() != us) as u8 * REACH);
        if a.flags & LEAPS != 0 {
            for &x in cells {
                let q = pos.at_table(x);
                if q.is_empty() {
                    f(x, on_empty);
                } else if can_take {
                    f(x, on_man(q));
                }
            }
            continue;
        }
        let prefix = a.prefix as usize;
        if cells[..prefix].iter().any(|&x| !pos.at_table(x).is_empty()) {
            continue;
        }
        let min = a.min as usize;
        if a.flags & (CANNON | GRASSHOPPER) == 0 {
            for (i, &x) in cells[prefix..].iter().enumerate() {
                let q = pos.at_table(x);
                if i < min {
                    if !q.is_empty() {
                        break;
                    }
                    continue;
                }
                if q.is_empty() {
                    f(x, on_empty);
                } else {
                    if can_take {
                        f(x, on_man(q));
                    }
                    break;
                }
            }
        } else {
            let mut it = cells[prefix..].iter();
            let Some(&screen) = it.by_ref().find(|&&x| !pos.at_table(x).is_empty()) else {
                continue;
            };
            if def.hop_exclude >> pos.at_table(screen).kind() & 1 != 0 {
                continue;
            }
            for &x in it {
                let q = pos.at_table(x);
                if q.is_empty() {
                    f(x, on_empty);
                } else {
                    if can_take && def.hop_spare >> q.kind() & 1 == 0 {
                        f(x, on_man(q));
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

/// The cells man `p` on `c` attacks and the cells it can move to now, as sets of `N` words:
/// from `lines` on boards of up to 256 cells, else (or for a man that must be walked) from a
/// walk (`scan_as`). `occ` holds every man, `enemy` the men of the other side.
#[inline(always)]
pub fn man_sets<const N: usize>(
    pos: &Position,
    lines: Option<&ManLines>,
    occ: &[u64; N],
    enemy: &[u64; N],
    c: Cell,
    p: Piece,
) -> ([u64; N], [u64; N]) {
    if let Some(l) = lines
        && let Some(s) = l.sets(p, c, occ, enemy)
    {
        return s;
    }
    let (mut a, mut r) = ([0; N], [0; N]);
    scan_as(pos, c, p, |x, fl| {
        if fl & ATTACK != 0 {
            set(&mut a, x);
        }
        if fl & REACH != 0 {
            set(&mut r, x);
        }
    });
    (a, r)
}

/// The cells man `p` would attack from `c` (`man_sets`' first set).
#[inline(always)]
pub fn man_attacks<const N: usize>(
    pos: &Position,
    lines: Option<&ManLines>,
    occ: &[u64; N],
    c: Cell,
    p: Piece,
) -> [u64; N] {
    if let Some(l) = lines
        && let Some(a) = l.attacks(p, c, occ)
    {
        return a;
    }
    // What it attacks does not depend on which men are the enemy's.
    man_sets(pos, None, occ, occ, c, p).0
}

/// Player `pl`'s men of type `t` as a set of `N` words: the position's mask when `N` is at most
/// 4 (the evaluation takes one word up to 64 cells, two up to 128 and four up to 256, where the
/// position keeps masks), else from the man list.
#[inline(always)]
pub fn type_set<const N: usize>(pos: &Position, pl: Player, t: PieceType) -> [u64; N] {
    if N <= 4 {
        return pos.men_mask::<Wide>(pl, t).to_words();
    }
    let mut s = [0; N];
    for &c in pos.cells_of(pl, t) {
        set(&mut s, c);
    }
    s
}

/// Player `pl`'s men of the types in bit set `types` as a set of `N` words.
#[inline(always)]
pub fn types_set<const N: usize>(pos: &Position, pl: Player, mut types: u64) -> [u64; N] {
    if N <= 4 {
        return pos.men_of_types::<Wide>(pl, types).to_words();
    }
    let mut s = [0; N];
    while types != 0 {
        or(
            &mut s,
            &type_set(pos, pl, types.trailing_zeros() as PieceType),
        );
        types &= types - 1;
    }
    s
}

/// All of player `pl`'s men as a set of `N` words (`ntypes` types in the game): the position's
/// occupancy mask where it keeps one.
#[inline(always)]
pub fn player_set<const N: usize>(pos: &Position, pl: Player, ntypes: usize) -> [u64; N] {
    if N <= 4 {
        return pos.occupied_by::<Wide>(pl).to_words();
    }
    types_set(pos, pl, u64::MAX >> (64 - ntypes.clamp(1, 64)))
}

#[inline]
pub fn set<const N: usize>(b: &mut [u64; N], c: Cell) {
    b[c as usize >> 6] |= 1 << (c & 63);
}

#[inline]
pub fn has<const N: usize>(b: &[u64; N], c: Cell) -> bool {
    b[c as usize >> 6] >> (c & 63) & 1 != 0
}

#[inline]
pub fn or<const N: usize>(a: &mut [u64; N], b: &[u64; N]) {
    for (x, y) in a.iter_mut().zip(b) {
        *x |= y;
    }
}

/// Adds one man's attacks `a` to a side's map `att`, and those the side already had to its map
/// of cells attacked twice, `att2`.
#[inline]
pub fn add<const N: usize>(att: &mut [u64; N], att2: &mut [u64; N], a: &[u64; N]) {
    for i in 0..N {
        att2[i] |= att[i] & a[i];
        att[i] |= a[i];
    }
}

#[inline]
pub fn and<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    std::array::from_fn(|i| a[i] & b[i])
}

/// Cells in `a` and in `b`.
#[inline]
pub fn count_and<const N: usize>(a: &[u64; N], b: &[u64; N]) -> i32 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x & y).count_ones() as i32)
        .sum()
}

/// Cells in `a` and not in `b`.
#[inline]
pub fn count_and_not<const N: usize>(a: &[u64; N], b: &[u64; N]) -> i32 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x & !y).count_ones() as i32)
        .sum()
}

/// The cells of a set, lowest first.
#[inline]
pub fn cells<const N: usize>(s: [u64; N]) -> impl Iterator<Item = Cell> {
    s.into_iter().enumerate().flat_map(|(i, mut w)| {
        std::iter::from_fn(move || {
            if w == 0 {
                return None;
            }
            let b = w.trailing_zeros() as usize;
            w &= w - 1;
            Some((i * 64 + b) as Cell)
        })
    })
}

pub const EMPTY: Bits = [0; BITS_WORDS];

#[cfg(test)]
mod tests {
    use super::*;

    fn scan_of(game: &str, fen: &str, cell: &str) -> (Vec<String>, Vec<String>) {
        let v = crate::variants::build(game, "").unwrap();
        let pos = crate::fen::parse(&v, fen).unwrap();
        let c = v.geo.parse_cell(cell).unwrap();
        let (mut att, mut reach) = (Vec::new(), Vec::new());
        scan(&pos, c, |x, fl| {
            if fl & ATTACK != 0 {
                att.push(v.geo.name(x));
            }
            if fl & REACH != 0 {
                reach.push(v.geo.name(x));
            }
        });
        att.sort();
        reach.sort();
        (att, reach)
    }

    /// A slider attacks up to and including the first man (own: defended), and reaches only
    /// empty cells and the enemy man.
    #[test]
    fn rider_attacks_stop_at_the_first_man() {
        let (att, reach) = scan_of("chess", "4k3/8/8/8/8/8/P7/R3K2r w - - 0 1", "a1");
        assert_eq!(att, ["a2", "b1", "c1", "d1", "e1"]);
        assert_eq!(reach, ["b1", "c1", "d1"]);
    }

    /// A pawn attacks its capture cells even when empty, and reaches its steps (the double step
    /// from its first rank too), which attack nothing.
    #[test]
    fn pawn_attacks_are_its_captures() {
        let (att, reach) = scan_of("chess", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2");
        assert_eq!(att, ["d3", "f3"]);
        assert_eq!(reach, ["e3", "e4"]);
    }

    /// A cannon attacks the first man past its screen, not the cells before it.
    #[test]
    fn cannon_attacks_past_the_screen() {
        let (att, reach) = scan_of("xiangqi", "4k4/9/9/9/4p4/9/9/4C4/9/3K5 b - - 0 1", "e3");
        let has = |l: &[String], c: &str| l.iter().any(|x| x == c);
        // e6 is the screen; e7..e9 would be taken if a man stood there; e10 holds the general.
        for c in ["e7", "e8", "e9", "e10"] {
            assert!(has(&att, c), "{c} {att:?}");
        }
        for c in ["e4", "e5", "e6"] {
            assert!(!has(&att, c), "{c} {att:?}");
        }
        assert!(
            has(&reach, "e5") && has(&reach, "e10") && !has(&reach, "e7"),
            "{reach:?}"
        );
    }
}
