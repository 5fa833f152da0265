//! Shatranj Kamil I (Gollon, ch. 6): 10x10 Shatranj with two Jamals (the (2,0) leaper);
//! Shatranj rules for stalemate and the bare Shah.

use super::frame;
use crate::geometry::Geometry;
use crate::piece::PieceDef;
use crate::variant::{Variant, VariantBuilder, Verdict};
use crate::variants::{Entry, OptionDef, Opts};

pub const START: &str = "rnedkfdenr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNEDKFDENR w - - 0 1";
/// Conjectural Position B (not from the book): Rukhs and Jamals exchanged.
pub const START_B: &str = "dnerkfrend/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/DNERKFREND w - - 0 1";

pub const ENTRY: Entry = Entry {
    id: "kamil",
    name: "Shatranj Kamil I",
    options: &[
        OptionDef {
            key: "arrangement",
            values: &["A", "B-conjecture"],
        },
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

fn build(o: &Opts) -> Result<Variant, String> {
    let mut b = VariantBuilder::new("kamil", "Shatranj Kamil I", Geometry::rect(10, 10));
    let g = b.geo().clone();
    let p = b.piece(frame::baidaq(&g, vec![]));
    b.piece(frame::faras());
    b.piece(frame::fil("E"));
    b.piece(PieceDef::new("jamal", "D", "D").value(150));
    b.piece(frame::rukh());
    let f = b.piece(frame::firzan("F"));
    b.piece(frame::shah());
    b.piece_mut(p).promotion = frame::baidaq(&g, vec![f]).promotion;
    b.start(if o.is("arrangement", "B-conjecture") {
        START_B
    } else {
        START
    });
    let e = b.end();
    e.stalemated = Verdict::Loss;
    e.bare_king = frame::bare_king(o.get("bareking"));
    e.nmove = o.num("nmove", 0);
    e.repetition = 3;
    b.build()
}
