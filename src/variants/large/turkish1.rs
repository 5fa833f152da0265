//! Turkish Great Chess, Variation I (10x10): modern movers plus Zurafa (QN), Vizir (BN) and
//! Dabbabah (RN); shatranj pawns promoting to the Firzan (queen).

use super::super::{Entry, Opts, common};
use super::{TURKISH_OPTIONS, turkish_end};
use crate::geometry::Geometry;
use crate::piece::PieceDef;
use crate::variant::{Variant, VariantBuilder};

pub const ENTRY: Entry = Entry {
    id: "turkish1",
    name: "Turkish Great Chess I",
    options: TURKISH_OPTIONS,
    build,
};

fn build(o: &Opts) -> Result<Variant, String> {
    let mut b = VariantBuilder::new("turkish1", "Turkish Great Chess I", Geometry::rect(10, 10));
    let g = b.geo().clone();
    let p = b.piece(common::pawn(&g, "mfWcfF", vec![]));
    b.piece(PieceDef::new("ghora", "N", "N").value(300));
    b.piece(PieceDef::new("fil", "B", "B").value(330));
    b.piece(PieceDef::new("rukh", "R", "R").value(500));
    b.piece(PieceDef::new("vizir", "A", "BN").value(800));
    b.piece(PieceDef::new("dabbabah", "C", "RN").value(900));
    let q = b.piece(PieceDef::new("firzan", "Q", "Q").value(950));
    b.piece(PieceDef::new("zurafa", "G", "QN").value(1250));
    b.piece(PieceDef::new("shah", "K", "K").royal());
    b.piece_mut(p).promotion = common::pawn(&g, "", vec![q]).promotion;
    b.start("rnbqkgabnr/ppppccpppp/4pp4/10/10/10/10/4PP4/PPPPCCPPPP/RNBAGKQBNR w - - 0 1");
    turkish_end(&mut b, o);
    b.build()
}
