//! Helpers shared by the games of this family: attack tests on a hypothetical board, checkers,
//! rank and file arithmetic.

use crate::geometry::Cell;
use crate::piece::{PieceType, Player};
use crate::position::Position;
use crate::tables::{CANNON, CAPTURE, GRASSHOPPER, cond_holds};

/// Would a man of `kind` and `army` standing on `src` attack `target`, on the board as it is
/// except that the cells in `vacated` are seen as empty and those in `filled` as occupied?
pub fn attacks_with(
    pos: &Position,
    army: Player,
    kind: PieceType,
    src: Cell,
    target: Cell,
    vacated: &[Cell],
    filled: &[Cell],
) -> bool {
    let t = &pos.v.tables;
    let occupied =
        |c: Cell| filled.contains(&c) || (!vacated.contains(&c) && !pos.at(c).is_empty());
    for a in t.atoms(army, kind, src) {
        if a.flags & CAPTURE == 0 || !cond_holds(a.cond, a.flags, pos.st.rights) {
            continue;
        }
        let cells = t.cells(a);
        let prefix = a.prefix as usize;
        if cells[..prefix].iter().any(|&c| occupied(c)) {
            continue;
        }
        let rest = &cells[prefix..];
        if a.flags & (CANNON | GRASSHOPPER) == 0 {
            for (i, &c) in rest.iter().enumerate() {
                if c == target && i >= a.min as usize {
                    return true;
                }
                if occupied(c) {
                    break;
                }
            }
        } else {
            let mut screened = false;
            for &c in rest {
                if screened {
                    if c == target {
                        return true;
                    }
                    if occupied(c) || a.flags & GRASSHOPPER != 0 {
                        break;
                    }
                } else if occupied(c) {
                    screened = true;
                }
            }
        }
    }
    false
}

/// Does the man on `src` attack `target` on the current board?
pub fn piece_attacks(pos: &Position, src: Cell, target: Cell) -> bool {
    let p = pos.at(src);
    !p.is_empty() && attacks_with(pos, p.army(), p.kind(), src, target, &[], &[])
}

/// Calls `f` with the cell of every man of `by` that attacks `target`.
pub fn for_each_attacker(pos: &Position, target: Cell, by: Player, mut f: impl FnMut(Cell)) {
    for t in 0..pos.v.pieces.len() as PieceType {
        for &c in pos.cells_of(by, t) {
            if piece_attacks(pos, c, target) {
                f(c);
            }
        }
    }
}

/// File index (0 = a) and rank index (0 = 1) of a cell.
#[inline]
pub fn file_rank(pos: &Position, c: Cell) -> (u8, u8) {
    let (x, y, _) = pos.v.geo.coords(c);
    (x, y)
}

/// Non-royal men of `p` on the board.
pub fn men(pos: &Position, p: Player) -> usize {
    crate::outcome::non_royal_count(pos, p)
}
