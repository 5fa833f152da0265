//! Turkish Great Chess, Variation IV (14x14): the Raja is royal; the Rani steps like a king but
//! is an ordinary (capturable, non-royal) man. Identical movers keep the book's letters.

use super::super::{Entry, Opts, common};
use super::{TURKISH_OPTIONS, turkish_end};
use crate::geometry::Geometry;
use crate::piece::PieceDef;
use crate::variant::{Variant, VariantBuilder};

pub const ENTRY: Entry = Entry {
    id: "turkish4",
    name: "Turkish Great Chess IV",
    options: TURKISH_OPTIONS,
    build,
};

fn build(o: &Opts) -> Result<Variant, String> {
    let mut b = VariantBuilder::new("turkish4", "Turkish Great Chess IV", Geometry::rect(14, 14));
    let g = b.geo().clone();
    let p = b.piece(common::pawn(&g, "mfWcfF", vec![]));
    b.piece(PieceDef::new("ghora", "N", "N").value(300));
    b.piece(PieceDef::new("fil", "B", "B").value(330));
    b.piece(PieceDef::new("dahja", "D", "B").value(330));
    b.piece(PieceDef::new("rukh", "R", "R").value(500));
    b.piece(PieceDef::new("ratha", "T", "R").value(500));
    b.piece(PieceDef::new("rani", "M", "K").value(250));
    let q = b.piece(PieceDef::new("wazir", "Q", "Q").value(950));
    b.piece(PieceDef::new("shahzada", "S", "Q").value(950));
    b.piece(PieceDef::new("raja", "K", "K").royal());
    b.piece_mut(p).promotion = common::pawn(&g, "", vec![q]).promotion;
    b.start(
        "rndtbmkqsbtdnr/pppppppppppppp/14/14/14/14/14/14/14/14/14/14/PPPPPPPPPPPPPP/RNDTBSQKMBTDNR w - - 0 1",
    );
    turkish_end(&mut b, o);
    b.build()
}
