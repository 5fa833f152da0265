//! Orthodox chess (FIDE rules), the default game and the base of several others.

use super::{Entry, Opts, common};
use crate::geometry::Geometry;
use crate::piece::PieceDef;
use crate::variant::{Variant, VariantBuilder};

pub const ENTRY: Entry = Entry {
    id: "chess",
    name: "Orthodox chess",
    options: &[],
    build,
};

pub fn build_with(start: &str) -> Result<Variant, String> {
    let mut b = VariantBuilder::new("chess", "Orthodox chess", Geometry::rect(8, 8));
    let g = b.geo().clone();
    let p = b.piece(common::fide_pawn(&g, vec![]));
    let n = b.piece(PieceDef::new("knight", "N", "N").value(300));
    let bi = b.piece(PieceDef::new("bishop", "B", "B").value(320));
    let r = b.piece(PieceDef::new("rook", "R", "R").value(500));
    let q = b.piece(PieceDef::new("queen", "Q", "Q").value(900));
    b.piece(PieceDef::new("king", "K", "K").royal());
    b.piece_mut(p).promotion = common::pawn(&g, "", vec![q, r, bi, n]).promotion;
    common::castle_both_sides(&mut b, 'e', ('g', 'f'), ('c', 'd'));
    b.start(start);
    let e = b.end();
    e.nmove = 50;
    e.insufficient_material = true;
    b.build()
}

fn build(_o: &Opts) -> Result<Variant, String> {
    build_with("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
}
