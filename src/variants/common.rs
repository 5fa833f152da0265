//! Building blocks shared by many games: ranks as regions, the FIDE army, pawns, castling.

use crate::cellset::CellSet;
use crate::geometry::{Cell, Geometry};
use crate::piece::{Initial, PieceDef, PieceType, Player, Promotion};
use crate::variant::{CastleRule, RightDef, VariantBuilder};

/// Cells of a rank counted from `army`'s own side (0 = its first rank), for two armies.
pub fn rank(geo: &Geometry, army: Player, r: u8) -> CellSet {
    let y = if army == 0 { r } else { geo.height - 1 - r };
    CellSet::from_iter((0..geo.width).filter_map(|x| geo.cell_at(x as i32, y as i32, 0)))
}

/// The same rank for both armies, as used by `Initial::Cells` and promotion zones.
pub fn ranks_both(geo: &Geometry, r: u8) -> Vec<CellSet> {
    vec![rank(geo, 0, r), rank(geo, 1, r)]
}

/// Union of ranks `from..=to` counted from each army's side.
pub fn ranks_range(geo: &Geometry, from: u8, to: u8) -> Vec<CellSet> {
    (0..2)
        .map(|a| {
            let mut s = CellSet::EMPTY;
            for r in from..=to {
                for c in rank(geo, a, r).iter() {
                    s.insert(c);
                }
            }
            s
        })
        .collect()
}

/// A pawn: `betza` for its moves; promotes on the far rank to `to` (if any).
pub fn pawn(geo: &Geometry, betza: &str, to: Vec<PieceType>) -> PieceDef {
    let mut p = PieceDef::new("pawn", "P", betza);
    p.resets_clock = true;
    p.value = 100;
    if !to.is_empty() {
        p.promotion = Some(Promotion {
            zone: ranks_both(geo, geo.height - 1),
            to,
            optional: false,
        });
    }
    p
}

/// The FIDE pawn: single step, initial double step from its second rank, en passant.
pub fn fide_pawn(geo: &Geometry, to: Vec<PieceType>) -> PieceDef {
    let mut p = pawn(geo, "fmW fcF ifmnD", to);
    p.en_passant = true;
    p.initial = Initial::Cells(ranks_both(geo, 1));
    p
}

pub fn cell(geo: &Geometry, name: &str) -> Cell {
    geo.parse_cell(name)
        .unwrap_or_else(|| panic!("no cell {name}"))
}

/// Adds one castling: king and rook cells, destinations, and the FEN token of its right.
#[allow(clippy::too_many_arguments)]
pub fn castle(
    b: &mut VariantBuilder,
    player: Player,
    token: &str,
    king: &str,
    king_to: &str,
    rook: &str,
    rook_to: &str,
) {
    let g = b.geo().clone();
    let (k, kt, r, rt) = (
        cell(&g, king),
        cell(&g, king_to),
        cell(&g, rook),
        cell(&g, rook_to),
    );
    let right = b.right(RightDef {
        token: token.to_string(),
        player,
        cell: Some(r),
        lost_on_touch: vec![k, r],
        lost_on_check: false,
        field: 2,
    });
    b.castle(CastleRule {
        player,
        right,
        king_from: k,
        king_to: kt,
        rook_from: r,
        rook_to: rt,
    });
}

/// Standard K/Q castling for both sides on the first/last rank: the king on file `kf` moves to
/// `kg`/`kc`, the rooks on the corner files to `rf`/`rd` (file letters).
pub fn castle_both_sides(
    b: &mut VariantBuilder,
    kf: char,
    kside: (char, char),
    qside: (char, char),
) {
    let h = b.geo().height;
    let w = b.geo().width;
    let last_file = (b'a' + w - 1) as char;
    for (player, r) in [(0u8, 1u8), (1, h)] {
        let (tk, tq) = if player == 0 { ("K", "Q") } else { ("k", "q") };
        let sq = |f: char| format!("{f}{r}");
        castle(
            b,
            player,
            tk,
            &sq(kf),
            &sq(kside.0),
            &sq(last_file),
            &sq(kside.1),
        );
        castle(b, player, tq, &sq(kf), &sq(qside.0), &sq('a'), &sq(qside.1));
    }
}
