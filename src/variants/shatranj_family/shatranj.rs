//! Shatranj (Gollon, ch. 3): Shah d1/d8, Firzan, Fil (alfil), Faras, Rukh, Baidaq; stalemate
//! and a bare Shah lose (the bared side may draw by baring the opponent at once).

use super::frame;
use crate::geometry::Geometry;
use crate::variant::{BareKing, Variant, VariantBuilder, Verdict};
use crate::variants::{Entry, OptionDef, Opts};

pub const START: &str = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1";

pub const ENTRY: Entry = Entry {
    id: "shatranj",
    name: "Shatranj",
    options: &[
        OptionDef {
            key: "bareking",
            values: &["shatranj", "immediate"],
        },
        OptionDef {
            key: "nmove",
            values: &["0", "70"],
        },
    ],
    build,
};

/// The 8x8 Shatranj game with Fairy-Stockfish's letters (q = Firzan, b = Fil), from `start`.
pub fn build_8x8(
    id: &str,
    name: &str,
    start: &str,
    stalemated: Verdict,
    bare: BareKing,
    nmove: u32,
) -> Result<Variant, String> {
    let mut b = VariantBuilder::new(id, name, Geometry::rect(8, 8));
    let g = b.geo().clone();
    let p = b.piece(frame::baidaq(&g, vec![]));
    b.piece(frame::faras());
    b.piece(frame::fil("B"));
    b.piece(frame::rukh());
    let q = b.piece(frame::firzan("Q"));
    b.piece(frame::shah());
    b.piece_mut(p).promotion = frame::baidaq(&g, vec![q]).promotion;
    b.start(start);
    let e = b.end();
    e.stalemated = stalemated;
    e.bare_king = bare;
    e.nmove = nmove;
    e.repetition = 3;
    b.build()
}

fn build(o: &Opts) -> Result<Variant, String> {
    build_8x8(
        "shatranj",
        "Shatranj",
        START,
        Verdict::Loss,
        frame::bare_king(o.get("bareking")),
        o.num("nmove", 0),
    )
}
