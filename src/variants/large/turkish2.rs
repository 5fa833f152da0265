//! Turkish Great Chess, Variation II (10x10), with the Urdabeqini: a man that steps to a
//! neighbouring square only if that brings it closer to the enemy Padshah.
//!
//! The Urdabeqini's table moves are the king's eight steps (`K`), which are also its attacks: that
//! is exactly its power against the enemy Padshah in every mode (adjacent = check, and a Padshah
//! may never end next to it), so check and legality stay table-driven. The `filter_legal` hook
//! then keeps only the steps toward the enemy Padshah, measured with the `urdabeqini` option's
//! metric against the Padshah's current square.

use super::super::{Entry, OptionDef, Opts, common};
use super::{BAREKING_SHATRANJ, STALEMATE_LOSS, turkish_end};
use crate::geometry::{Cell, Geometry, NO_CELL};
use crate::movegen::MoveList;
use crate::piece::{PieceDef, PieceType};
use crate::position::Position;
use crate::variant::{HookFlags, Rules, Variant, VariantBuilder};

pub const ENTRY: Entry = Entry {
    id: "turkish2",
    name: "Turkish Great Chess II",
    options: &[
        OptionDef {
            key: "urdabeqini",
            values: &["king_distance", "euclid", "direct"],
        },
        STALEMATE_LOSS,
        BAREKING_SHATRANJ,
    ],
    build,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metric {
    /// Chebyshev (king-step) distance must drop by one.
    KingDistance,
    /// Euclidean distance must drop.
    Euclid,
    /// Only the single step (sign dfile, sign drank) toward the Padshah.
    Direct,
}

pub struct Urdabeqini {
    pub kind: PieceType,
    pub metric: Metric,
}

impl Urdabeqini {
    /// May a man on `(ux, uy)` step to `(tx, ty)` toward a Padshah on `(ex, ey)`?
    pub fn closer(&self, u: (i32, i32), t: (i32, i32), e: (i32, i32)) -> bool {
        let (dux, duy) = (e.0 - u.0, e.1 - u.1);
        let (dtx, dty) = (e.0 - t.0, e.1 - t.1);
        match self.metric {
            Metric::KingDistance => dtx.abs().max(dty.abs()) < dux.abs().max(duy.abs()),
            Metric::Euclid => dtx * dtx + dty * dty < dux * dux + duy * duy,
            Metric::Direct => (t.0 - u.0, t.1 - u.1) == (dux.signum(), duy.signum()),
        }
    }
}

impl Rules for Urdabeqini {
    fn filter_legal(&self, pos: &Position, out: &mut MoveList) {
        let us = pos.side;
        if pos.count(us, self.kind) == 0 {
            return;
        }
        let them = pos.v.next_player(us);
        let enemy: Cell = pos.royals(them).next().unwrap_or(NO_CELL);
        let geo = &pos.v.geo;
        let xy = |c: Cell| {
            let (x, y, _) = geo.coords(c);
            (x as i32, y as i32)
        };
        out.retain(|m| {
            if m.from == NO_CELL || pos.at(m.from).kind() != self.kind {
                return true;
            }
            // No enemy Padshah: nothing to step toward.
            enemy != NO_CELL && self.closer(xy(m.from), xy(m.to), xy(enemy))
        });
    }
}

fn build(o: &Opts) -> Result<Variant, String> {
    let mut b = VariantBuilder::new("turkish2", "Turkish Great Chess II", Geometry::rect(10, 10));
    let g = b.geo().clone();
    let p = b.piece(common::pawn(&g, "mfWcfF", vec![]));
    b.piece(PieceDef::new("ghora", "N", "N").value(300));
    b.piece(PieceDef::new("fil", "B", "B").value(330));
    b.piece(PieceDef::new("rukh", "R", "R").value(500));
    b.piece(PieceDef::new("kotwal", "A", "BN").value(800));
    let q = b.piece(PieceDef::new("wazir", "Q", "Q").value(950));
    b.piece(PieceDef::new("shahzada", "S", "QN").value(1250));
    let u = b.piece(PieceDef::new("urdabeqini", "U", "K").value(150));
    b.piece(PieceDef::new("padshah", "K", "K").royal());
    b.piece_mut(p).promotion = common::pawn(&g, "", vec![q]).promotion;
    b.start("rnbaksqbnr/ppppuupppp/10/10/10/10/10/10/PPPPUUPPPP/RNBQSKABNR w - - 0 1");
    turkish_end(&mut b, o);
    let metric = match o.get("urdabeqini") {
        "euclid" => Metric::Euclid,
        "direct" => Metric::Direct,
        _ => Metric::KingDistance,
    };
    b.rules(
        Box::new(Urdabeqini { kind: u, metric }),
        HookFlags {
            filter_legal: true,
            ..Default::default()
        },
    );
    b.build()
}
