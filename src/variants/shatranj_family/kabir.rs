//! Shatranj al-Kabir (Gollon, ch. 10): 13x13 Shatranj with Ahu (camel), Karkaddan (bishop +
//! knight) and the Great Ferz, a bent rider (one diagonal step, then at least three cells
//! straight on, away from the start).

use super::frame;
use crate::geometry::Geometry;
use crate::piece::PieceDef;
use crate::variant::{Variant, VariantBuilder};
use crate::variants::{Entry, OptionDef, Opts};

pub const START: &str =
    "rneacfkgcaenr/13/13/ppppppppppppp/13/13/13/13/13/PPPPPPPPPPPPP/13/13/RNEACGKFCAENR w - - 0 1";

pub const ENTRY: Entry = Entry {
    id: "kabir",
    name: "Shatranj al-Kabir",
    options: &[
        OptionDef {
            key: "giraffe",
            values: &["min3", "min2"],
        },
        OptionDef {
            key: "stalemate",
            values: &["loss", "draw"],
        },
        OptionDef {
            key: "bareking",
            values: &["shatranj", "off"],
        },
    ],
    build,
};

fn build(o: &Opts) -> Result<Variant, String> {
    let mut b = VariantBuilder::new("kabir", "Shatranj al-Kabir", Geometry::rect(13, 13));
    let g = b.geo().clone();
    let p = b.piece(frame::baidaq(&g, vec![]));
    b.piece(frame::faras());
    b.piece(frame::fil("E"));
    b.piece(PieceDef::new("ahu", "C", "C").value(250));
    b.piece(PieceDef::new("karkaddan", "A", "BN").value(750));
    b.piece(frame::rukh());
    let f = b.piece(frame::firzan("F"));
    // Diagonal step onto an empty cell (not a destination), then 3 (min2: 2) or more cells
    // straight on in either orthogonal direction leading away from the start.
    let great = if o.is("giraffe", "min2") {
        "F>R2-"
    } else {
        "F>R3-"
    };
    b.piece(PieceDef::new("great ferz", "G", great).value(450));
    b.piece(frame::shah());
    b.piece_mut(p).promotion = frame::baidaq(&g, vec![f]).promotion;
    b.start(START);
    let e = b.end();
    e.stalemated = frame::stalemate(o.get("stalemate"));
    e.bare_king = frame::bare_king(o.get("bareking"));
    e.repetition = 3;
    b.build()
}
