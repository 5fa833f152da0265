//! Medieval chess (Gollon, ch. 3): Shatranj with European names, a choice of King file and of
//! the stalemate rule.

use super::{frame, shatranj};
use crate::variant::{BareKing, Variant};
use crate::variants::{Entry, OptionDef, Opts};

pub const ENTRY: Entry = Entry {
    id: "medieval",
    name: "Medieval Chess",
    options: &[
        OptionDef {
            key: "arrangement",
            values: &["kingd", "kinge"],
        },
        OptionDef {
            key: "stalemate",
            values: &["loss", "draw", "win"],
        },
    ],
    build,
};

fn build(o: &Opts) -> Result<Variant, String> {
    let start = if o.is("arrangement", "kinge") {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
    } else {
        shatranj::START
    };
    shatranj::build_8x8(
        "medieval",
        "Medieval Chess",
        start,
        frame::stalemate(o.get("stalemate")),
        BareKing::Shatranj,
        0,
    )
}
