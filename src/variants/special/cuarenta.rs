//! Cuarenta (J. Mark Thompson): the 40 light squares of a 9x9 board (a cell exists iff
//! file + rank is odd, a = 1; dark squares are holes, written `*`; the plain FEN form without
//! `*` is read too). King, Bishop, Camel, 2 Vaos, 2 Guards, 2 Frogs, 4 Pawns a side.
//!
//! - Frog: `D` steps from the tables; its jumps over a line of friendly men (8 directions:
//!   (0,+-2), (+-2,0), (+-1,+-1)) come from `extra_moves`, and their attacks from `extra_attack`.
//! - Pawns never capture Pawns (`filter_legal`); optional promotion: Camel on the last three
//!   ranks, Camel/Frog/Guard/Vao/Bishop on the last rank (`allow_promotion`).
//! - Castling: King and original Camel exchange places (`e2h1`, `e8b9`), a `Special` move; the
//!   King may castle out of check, not into it. `castleorder=` restricts White.
//! - Draws: stalemate, 40 moves (80 plies) without capture or promotion (pawn moves do not reset
//!   the clock), dead material (K and at most one Vao each), no repetition rule by default.

use super::super::{Entry, OptionDef, Opts, common};
use crate::cellset::CellSet;
use crate::geometry::{Cell, Geometry, NO_CELL};
use crate::movegen::MoveList;
use crate::moves::{Move, MoveKind};
use crate::piece::{PieceDef, PieceType, Player, Promotion};
use crate::position::Position;
use crate::variant::{GameResult, HookFlags, Outcome, RightDef, Rules, Variant, VariantBuilder};

/// The spec's start FEN with holes (`*` = dark square).
pub const START: &str = "*c*f*f*b*/v*g*k*g*v/*p*p*p*p*/1*1*1*1*1/*1*1*1*1*/1*1*1*1*1/*P*P*P*P*/V*G*K*G*V/*B*F*F*C* w Kk - 0 1";
/// The same position in the plain 9x9 form.
pub const START_PLAIN: &str =
    "1c1f1f1b1/v1g1k1g1v/1p1p1p1p1/9/9/9/1P1P1P1P1/V1G1K1G1V/1B1F1F1C1 w Kk - 0 1";

/// Rights written by this file, not by the core (`castleorder=both` bookkeeping).
const GAME_FIELD: u8 = 255;

pub const ENTRY: Entry = Entry {
    id: "cuarenta",
    name: "Cuarenta",
    options: &[
        OptionDef {
            key: "castleorder",
            values: &["blacklost", "both", "none"],
        },
        OptionDef {
            key: "repetition",
            values: &["none", "draw3"],
        },
        OptionDef {
            key: "nmove",
            values: &["40", "20"],
        },
        OptionDef {
            key: "material",
            values: &["dead", "bare"],
        },
    ],
    build,
};

/// The eight Frog directions in 9x9 vectors.
const FROG_DIRS: [(i32, i32); 8] = [
    (0, 2),
    (0, -2),
    (2, 0),
    (-2, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Order {
    BlackLost,
    Both,
    None,
}

struct Cuarenta {
    pawn: PieceType,
    king: PieceType,
    camel: PieceType,
    frog: PieceType,
    vao: PieceType,
    /// Per player: King cell, Camel cell, castling right index.
    castle: [(Cell, Cell, usize); 2],
    order: Order,
    /// `castleorder=both`: rights "Black King unmoved", "Black Camel unmoved".
    black_unmoved: Option<(usize, usize)>,
    /// Last-rank cells per army (every promotion piece allowed there).
    last_rank: [CellSet; 2],
    bare_only: bool,
}

impl Cuarenta {
    fn white_may_castle(&self, rights: u64) -> bool {
        match self.order {
            Order::None => true,
            Order::BlackLost => rights >> self.castle[1].2 & 1 == 0,
            Order::Both => match self.black_unmoved {
                Some((k, c)) => rights >> k & 1 == 0 && rights >> c & 1 == 0,
                None => true,
            },
        }
    }

    fn frog_jumps(&self, pos: &Position, from: Cell, out: &mut MoveList) {
        let geo = &pos.v.geo;
        let us = pos.side;
        for &(dx, dy) in &FROG_DIRS {
            let mut cur = from;
            let mut line = 0;
            while let Some(c) = geo.offset(cur, dx, dy, 0) {
                let p = pos.at(c);
                if !p.is_empty() && p.owner() == us {
                    line += 1;
                    cur = c;
                    continue;
                }
                if line > 0 {
                    let _ = out.try_push(Move::new(from, c));
                }
                break;
            }
        }
    }
}

impl Rules for Cuarenta {
    fn extra_moves(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.side;
        for &f in pos.cells_of(us, self.frog) {
            self.frog_jumps(pos, f, out);
        }
        let (k, c, r) = self.castle[us as usize];
        if pos.st.rights >> r & 1 != 0 && (us == 1 || self.white_may_castle(pos.st.rights)) {
            let (pk, pc) = (pos.at(k), pos.at(c));
            if !pk.is_empty()
                && pk.owner() == us
                && pk.kind() == self.king
                && !pc.is_empty()
                && pc.owner() == us
                && pc.kind() == self.camel
            {
                let _ = out.try_push(Move::with(k, c, MoveKind::Special, 0));
            }
        }
    }

    /// Pawns never capture Pawns.
    fn filter_legal(&self, pos: &Position, out: &mut MoveList) {
        out.retain(|m| {
            if m.kind == MoveKind::Special || m.from == NO_CELL {
                return true;
            }
            let (a, b) = (pos.at(m.from), pos.at(m.to));
            !(a.kind() == self.pawn && !b.is_empty() && b.kind() == self.pawn)
        });
    }

    /// Camel anywhere in the zone; the other four only on the last rank.
    fn allow_promotion(&self, pos: &Position, m: Move) -> bool {
        if m.kind != MoveKind::Promotion || m.piece == self.camel {
            return true;
        }
        let army = pos.at(m.from).army() as usize;
        self.last_rank[army & 1].contains(m.to)
    }

    fn after_make(&self, pos: &mut Position, m: Move) {
        // A promotion resets the 40-move count (a pawn move does not).
        if m.kind == MoveKind::Promotion {
            pos.st.halfmove = 0;
        }
    }

    fn make_special(&self, pos: &mut Position, m: Move) {
        let k = pos.remove(m.from);
        let c = pos.remove(m.to);
        pos.put(m.to, k);
        pos.put(m.from, c);
        pos.st.mover = k;
    }

    fn unmake_special(&self, pos: &mut Position, m: Move) {
        let k = pos.remove(m.to);
        let c = pos.remove(m.from);
        pos.put(m.from, k);
        pos.put(m.to, c);
    }

    fn outcome(&self, pos: &Position, nlegal: usize) -> Option<Outcome> {
        if nlegal == 0 {
            return None;
        }
        let v = &pos.v;
        for p in 0..2u8 {
            for t in 0..v.pieces.len() as PieceType {
                let n = pos.count(p, t);
                if n == 0 || t == self.king {
                    continue;
                }
                if self.bare_only || t != self.vao || n > 1 {
                    return None;
                }
            }
        }
        Some(Outcome {
            result: GameResult::Draw,
            reason: "insufficient material",
        })
    }

    fn extra_attack(&self, pos: &Position, x: Cell, by: Player, vacated: Cell) -> bool {
        let geo = &pos.v.geo;
        for &(dx, dy) in &FROG_DIRS {
            // Walk back from `x` over `by`'s line; a Frog behind at least one man attacks `x`.
            let mut cur = x;
            let mut line = 0;
            while let Some(c) = geo.offset(cur, -dx, -dy, 0) {
                if c == vacated {
                    break;
                }
                let p = pos.at(c);
                if p.is_empty() || p.owner() != by {
                    break;
                }
                if line > 0 && p.kind() == self.frog {
                    return true;
                }
                line += 1;
                cur = c;
            }
        }
        false
    }

    fn fen_parse_extra(&self, pos: &mut Position, fields: &[&str]) -> Result<(), String> {
        if !fields.is_empty() {
            return Err(format!("unexpected FEN fields: {}", fields.join(" ")));
        }
        // `castleorder=both`: whether Black's King and Camel moved, read from the placement.
        if let Some((ki, ci)) = self.black_unmoved {
            let (k, c, r) = self.castle[1];
            let held = pos.st.rights >> r & 1 != 0;
            let on = |cell: Cell, t: PieceType| {
                let p = pos.at(cell);
                !p.is_empty() && p.owner() == 1 && p.kind() == t
            };
            let mut bits = pos.st.rights & !(1 << ki | 1 << ci);
            if held || on(k, self.king) {
                bits |= 1 << ki;
            }
            if held || on(c, self.camel) {
                bits |= 1 << ci;
            }
            pos.set_rights(bits);
        }
        Ok(())
    }
}

fn build(o: &Opts) -> Result<Variant, String> {
    let geo = Geometry::rect(9, 9).with_mask(|x, y| (x + y) % 2 == 1);
    let mut b = VariantBuilder::new("cuarenta", "Cuarenta", geo);
    let g = b.geo().clone();
    let mut pawn = common::pawn(&g, "fFsD", vec![]);
    pawn.resets_clock = false;
    let pawn = b.piece(pawn);
    let king = b.piece(PieceDef::new("king", "K", "FmvD").royal());
    let bishop = b.piece(PieceDef::new("bishop", "B", "B").value(350));
    let vao = b.piece(PieceDef::new("vao", "V", "mBcpB").value(250));
    let guard = b.piece(PieceDef::new("guard", "G", "FA").value(250));
    let camel = b.piece(PieceDef::new("camel", "C", "C").value(250));
    let frog = b.piece(PieceDef::new("frog", "F", "D").value(250));
    b.piece_mut(pawn).promotion = Some(Promotion {
        zone: common::ranks_range(&g, 6, 8),
        to: vec![camel, frog, guard, vao, bishop],
        optional: true,
    });
    let last_rank = [common::rank(&g, 0, 8), common::rank(&g, 1, 8)];
    let mut castle = [(0, 0, 0); 2];
    for (p, (tok, k, c)) in [("K", "e2", "h1"), ("k", "e8", "b9")]
        .into_iter()
        .enumerate()
    {
        let (k, c) = (common::cell(&g, k), common::cell(&g, c));
        let r = b.right(RightDef {
            token: tok.into(),
            player: p as Player,
            cell: None,
            lost_on_touch: vec![k, c],
            lost_on_check: false,
            field: 2,
        });
        castle[p] = (k, c, r);
    }
    let order = match o.get("castleorder") {
        "both" => Order::Both,
        "none" => Order::None,
        _ => Order::BlackLost,
    };
    let black_unmoved = (order == Order::Both).then(|| {
        let mut hidden = |tok: &str, cell: Cell| {
            b.right(RightDef {
                token: tok.into(),
                player: 1,
                cell: Some(cell),
                lost_on_touch: vec![cell],
                lost_on_check: false,
                field: GAME_FIELD,
            })
        };
        (hidden("e8", castle[1].0), hidden("b9", castle[1].1))
    });
    b.start(START);
    let e = b.end();
    e.nmove = o.num("nmove", 40);
    e.repetition = if o.is("repetition", "draw3") { 3 } else { 0 };
    b.rules(
        Box::new(Cuarenta {
            pawn,
            king,
            camel,
            frog,
            vao,
            castle,
            order,
            black_unmoved,
            last_rank,
            bare_only: o.is("material", "bare"),
        }),
        HookFlags {
            extra_moves: true,
            filter_legal: true,
            allow_promotion: true,
            after_make: true,
            outcome: true,
            outcome_blind: false,
            extra_attacks: true,
            count_left: false,
        },
    );
    b.build()
}
