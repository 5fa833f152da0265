//! Capablanca's Chess on 10x10: the 10x8 armies on ranks 1/10, pawns on ranks 2/9 that may step
//! one, two or three squares from there; en passant onto any square a pawn passed.
//!
//! En-passant FEN field: after a triple step every passed square an enemy pawn could take on is
//! recorded, written together in square order (`e7e8`), as Fairy-Stockfish does.

use super::super::{Entry, OptionDef, Opts};
use super::capablanca::{BACK_BIRD, BACK_CAPABLANCA, build_capa, start_fen};
use crate::geometry::Geometry;
use crate::variant::Variant;

pub const ENTRY: Entry = Entry {
    id: "capablanca10",
    name: "Capablanca's Chess on 10x10",
    options: &[
        OptionDef {
            key: "arrangement",
            values: &["capablanca", "bird"],
        },
        OptionDef {
            key: "castling",
            values: &["two", "three"],
        },
    ],
    build,
};

fn build(o: &Opts) -> Result<Variant, String> {
    let back = if o.is("arrangement", "bird") {
        BACK_BIRD
    } else {
        BACK_CAPABLANCA
    };
    build_capa(
        "capablanca10",
        "Capablanca's Chess on 10x10",
        Geometry::rect(10, 10),
        &start_fen(back, 6),
        "fmW fcF ifmnD ifmnH",
        true,
        o.is("castling", "three"),
    )
}
