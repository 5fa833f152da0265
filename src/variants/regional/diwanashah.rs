//! Shatranj Diwana Shah (Maharajah and the Sepoys): White's lone Maharaja (queen + knight, royal)
//! against the full modern army. Black castles (`kq`); Black pawns never promote (a pawn on rank 1
//! stays there, immobile). `setup=free`: White first places the Maharaja on ranks 1-3 (a drop from
//! the hand, `M@e1`), then makes move 1.

use super::super::{Entry, OptionDef, Opts, common};
use crate::cellset::CellSet;
use crate::geometry::Geometry;
use crate::movegen::MoveList;
use crate::moves::{Move, MoveKind};
use crate::piece::PieceDef;
use crate::position::Position;
use crate::variant::{HookFlags, Rules, Variant, VariantBuilder, Verdict};

pub const ENTRY: Entry = Entry {
    id: "diwanashah",
    name: "Shatranj Diwana Shah",
    options: &[
        OptionDef {
            key: "castling",
            values: &["on", "off"],
        },
        OptionDef {
            key: "stalemate",
            values: &["draw", "loss"],
        },
        OptionDef {
            key: "setup",
            values: &["fixed", "free"],
        },
    ],
    build,
};

/// `setup=free`: the placement is move 0, after which White moves again; it may not be made
/// onto an attacked cell.
struct FreeSetup;

impl Rules for FreeSetup {
    fn filter_legal(&self, pos: &Position, out: &mut MoveList) {
        if out.iter().any(|m| m.kind == MoveKind::Drop) {
            out.retain(|m| m.kind != MoveKind::Drop || !pos.attacked_by_enemy(m.to, pos.side));
        }
    }

    fn after_make(&self, pos: &mut Position, m: Move) {
        if m.kind == MoveKind::Drop {
            pos.set_side(0);
        }
    }

    fn undo_after_make(&self, pos: &mut Position, m: Move) {
        if m.kind == MoveKind::Drop {
            // So that unmake sees White as the player who moved.
            pos.set_side(1);
        }
    }
}

fn build(o: &Opts) -> Result<Variant, String> {
    let mut b = VariantBuilder::new("diwanashah", "Shatranj Diwana Shah", Geometry::rect(8, 8));
    let g = b.geo().clone();
    // Black's pawns: modern moves, no promotion.
    b.piece(common::fide_pawn(&g, vec![]));
    b.piece(PieceDef::new("knight", "N", "N").value(300));
    b.piece(PieceDef::new("bishop", "B", "B").value(320));
    b.piece(PieceDef::new("rook", "R", "R").value(500));
    b.piece(PieceDef::new("queen", "Q", "Q").value(900));
    b.piece(PieceDef::new("king", "K", "K").royal());
    let maharaja = b.piece(PieceDef::new("maharaja", "M", "QN").royal().value(1200));
    let castling = o.is("castling", "on");
    if castling {
        common::castle(&mut b, 1, "k", "e8", "g8", "h8", "f8");
        common::castle(&mut b, 1, "q", "e8", "c8", "a8", "d8");
    }
    let rights = if castling { "kq" } else { "-" };
    let free = o.is("setup", "free");
    if free {
        b.drops(vec![maharaja]);
        let mut far = CellSet::EMPTY;
        for r in 3..8 {
            for c in common::rank(&g, 0, r).iter() {
                far.insert(c);
            }
        }
        b.forbid_drops(maharaja, 0, far);
        b.start(&format!(
            "rnbqkbnr/pppppppp/8/8/8/8/8/8[M] w {rights} - 0 1"
        ));
        b.rules(
            Box::new(FreeSetup),
            HookFlags {
                filter_legal: true,
                after_make: true,
                ..Default::default()
            },
        );
    } else {
        b.start(&format!("rnbqkbnr/pppppppp/8/8/8/8/8/4M3 w {rights} - 0 1"));
    }
    let e = b.end();
    e.nmove = 50;
    if o.is("stalemate", "loss") {
        e.stalemated = Verdict::Loss;
    }
    b.build()
}
