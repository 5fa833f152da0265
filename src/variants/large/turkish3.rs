//! Turkish Great Chess, Variation III (12x12): only modern movers; Fil/Dahja and Rukh/Ratha are
//! identical movers kept apart by their letters.

use super::super::{Entry, Opts, common};
use super::{TURKISH_OPTIONS, turkish_end};
use crate::geometry::Geometry;
use crate::piece::PieceDef;
use crate::variant::{Variant, VariantBuilder};

pub const ENTRY: Entry = Entry {
    id: "turkish3",
    name: "Turkish Great Chess III",
    options: TURKISH_OPTIONS,
    build,
};

fn build(o: &Opts) -> Result<Variant, String> {
    let mut b = VariantBuilder::new(
        "turkish3",
        "Turkish Great Chess III",
        Geometry::rect(12, 12),
    );
    let g = b.geo().clone();
    let p = b.piece(common::pawn(&g, "mfWcfF", vec![]));
    b.piece(PieceDef::new("ghora", "N", "N").value(300));
    b.piece(PieceDef::new("fil", "B", "B").value(330));
    b.piece(PieceDef::new("dahja", "D", "B").value(330));
    b.piece(PieceDef::new("rukh", "R", "R").value(500));
    b.piece(PieceDef::new("ratha", "T", "R").value(500));
    let q = b.piece(PieceDef::new("wazir", "Q", "Q").value(950));
    b.piece(PieceDef::new("padshah", "K", "K").royal());
    b.piece_mut(p).promotion = common::pawn(&g, "", vec![q]).promotion;
    b.start(
        "rndtbkqbtdnr/pppppppppppp/12/12/12/12/12/12/12/12/PPPPPPPPPPPP/RNDTBQKBTDNR w - - 0 1",
    );
    turkish_end(&mut b, o);
    b.build()
}
