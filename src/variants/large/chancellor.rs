//! Chancellor Chess (Foster, 9x9): the FIDE army plus a Chancellor (RN) and a ninth pawn.
//! Default arrangement = the book's chart; `arrangement=foster` = Fairy-Stockfish `chancellor`.

use super::super::chess::fide_draws;
use super::super::{Entry, OptionDef, Opts, common};
use crate::geometry::Geometry;
use crate::piece::PieceDef;
use crate::variant::{Variant, VariantBuilder};

pub const ENTRY: Entry = Entry {
    id: "chancellor",
    name: "Chancellor Chess",
    options: &[
        OptionDef {
            key: "arrangement",
            values: &["book", "foster"],
        },
        OptionDef {
            key: "promotion",
            values: &["all", "standard"],
        },
    ],
    build,
};

fn build(o: &Opts) -> Result<Variant, String> {
    let mut b = VariantBuilder::new("chancellor", "Chancellor Chess", Geometry::rect(9, 9));
    let g = b.geo().clone();
    let p = b.piece(common::fide_pawn(&g, vec![]));
    let n = b.piece(PieceDef::new("knight", "N", "N").value(300));
    let bi = b.piece(PieceDef::new("bishop", "B", "B").value(330));
    let r = b.piece(PieceDef::new("rook", "R", "R").value(500));
    let c = b.piece(PieceDef::new("chancellor", "C", "RN").value(900));
    let q = b.piece(PieceDef::new("queen", "Q", "Q").value(950));
    b.piece(PieceDef::new("king", "K", "K").royal());
    let to = if o.is("promotion", "standard") {
        vec![q, r, bi, n]
    } else {
        vec![q, c, r, bi, n]
    };
    b.piece_mut(p).promotion = common::pawn(&g, "", to).promotion;
    common::castle_both_sides(&mut b, 'e', ('g', 'f'), ('c', 'd'));
    b.start(if o.is("arrangement", "foster") {
        "rnbqkcnbr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKCNBR w KQkq - 0 1"
    } else {
        "rnbqkcbnr/ppppppppp/9/9/9/9/9/PPPPPPPPP/RNBQKCBNR w KQkq - 0 1"
    });
    fide_draws(&mut b, n, bi);
    b.build()
}
